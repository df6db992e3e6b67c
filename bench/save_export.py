"""Issue 13's save and export figures for ``make bench`` (``run.py --only save,export`` alone).

For each data set: ``cp FILE COPY && sync`` timed ``runs`` times (the limit a save is held
to), then ``bulletin-bench --save COPY --runs N`` on that scratch copy (the data file itself is
never written): Ctrl-S on one post (the first save after loading, which maps the file's
records, and later saves, which reuse the map), export db.json and posts CSV (MB/s of output),
and peak RSS (``ru_maxrss``) after the load and after the saves. Scratch copies live in a
temporary directory on the same file system as /tmp and are removed afterwards.
Python 3 standard library only.
"""

import json
import os
import shutil
import tempfile
import time

import steps

# Issue 13's targets (see targets()): a save within 3x cp + sync and within these seconds; RSS during the save
# within 1.2x the figure after the load; exports at 200 MB/s of output or more.
SAVE_RATIO_LIMIT = 3.0
SAVE_SECONDS_LIMIT = {"100k": 0.15, "1M": 1.2}
SAVE_RSS_LIMIT = 1.2
EXPORT_MBPS_MIN = 200.0


def _median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def copy_and_sync(path, copy, runs):
    """Seconds of ``cp path copy && sync``, `runs` times (the copy is left in place)."""
    seconds = []
    for _ in range(runs):
        if os.path.exists(copy):
            os.unlink(copy)
        start = time.perf_counter()
        steps.command(["sh", "-c", 'cp "$0" "$1" && sync', path, copy])
        seconds.append(time.perf_counter() - start)
    return seconds


def measure(bin_dir, name, path, runs):
    """The save and export figures of one data file."""
    scratch = tempfile.mkdtemp(prefix="bulletin-bench-save-")
    try:
        copy = os.path.join(scratch, "db.json")
        cp_seconds = copy_and_sync(path, copy, runs)
        # Through a shell that forks it: bulletin-bench's ru_maxrss is then its own, not this Python's
        # RSS at the fork (Linux carries the parent's into a forked child's ru_maxrss at execve; after
        # peers.py read the 1M file this process held 5.2 GB, and every figure said 5255 MiB).
        command = ["sh", "-c", '"$@"; exit $?', "sh",
                   os.path.join(bin_dir, "bulletin-bench"), "--save", copy, "--runs", str(runs)]
        out = json.loads(steps.command(command).stdout)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    figures = {b["name"]: b for b in out["benchmarks"]}
    cp = _median(cp_seconds)
    first = figures["save (first after load)"]["median_s"]
    result = {"file_bytes": out["file_bytes"], "runs": runs, "cp_sync_s": cp, "cp_sync_samples_s": cp_seconds,
              "load_s": out["load_s"], "save_first_s": first, "save_again_s": figures["save (again)"]["median_s"],
              "save_prepared_s": figures["save (form open first)"]["median_s"],
              "save_ratio_to_cp": first / cp if cp else None,
              "rss_load_bytes": out["rss_load_bytes"], "rss_save_bytes": out["rss_save_bytes"],
              "rss_save_ratio": out["rss_save_bytes"] / out["rss_load_bytes"] if out["rss_load_bytes"] else None,
              "resident_after_load_bytes": out["resident_after_load_bytes"],
              "resident_after_saves_bytes": out["resident_after_saves_bytes"],
              "benchmarks": out["benchmarks"]}
    for key, label in (("export_dbjson", "export db.json"), ("export_csv", "export posts CSV")):
        figure = figures[label]
        size = int(figure["note"].split("(")[1].split()[0])
        result[key + "_s"] = figure["median_s"]
        result[key + "_mbps"] = size / figure["median_s"] / 1e6 if figure["median_s"] else None
        result[key + "_bytes"] = size
    return result


def run(bin_dir, sets, data_file):
    """Figures for each (name, posts, runs) in `sets`; `data_file(name, posts)` gives the file."""
    return {name: measure(bin_dir, name, data_file(name, posts), runs) for name, posts, runs in sets}


def targets(figures):
    """Each target of issue 13 on these figures: (what, met?). Ctrl-S is judged twice: as in the
    app (the edit form open first, which maps the file's records while the person types) and
    with no head start (the first save after loading makes the map itself)."""
    checks = []
    for name, f in figures.items():
        cp = f["cp_sync_s"]
        for label, key in (("Ctrl-S", "save_prepared_s"), ("Ctrl-S with no head start", "save_first_s")):
            checks.append((f"{name}: {label} ≤ {SAVE_RATIO_LIMIT:g}x cp+sync", f[key] <= SAVE_RATIO_LIMIT * cp))
            if name in SAVE_SECONDS_LIMIT:
                limit = SAVE_SECONDS_LIMIT[name]
                checks.append((f"{name}: {label} ≤ {limit:g} s", f[key] <= limit))
        checks.append((f"{name}: RSS during the save ≤ {SAVE_RSS_LIMIT:g}x after the load", f["rss_save_ratio"] <= SAVE_RSS_LIMIT))
        checks.append((f"{name}: export db.json ≥ {EXPORT_MBPS_MIN:g} MB/s", f["export_dbjson_mbps"] >= EXPORT_MBPS_MIN))
        checks.append((f"{name}: export CSV ≥ {EXPORT_MBPS_MIN:g} MB/s", f["export_csv_mbps"] >= EXPORT_MBPS_MIN))
    return checks


def table(figures, judged=True):
    """The figures as a text table, with the cp+sync limit beside each save; the targets
    are listed as met or missed when `judged` (full mode: quick mode's tiny file and debug
    build say nothing about them)."""
    lines = ["save and export (issue 13)   file      cp+sync   Ctrl-S first  ratio  form open first  Ctrl-S again  "
             "RSS load → save        resident load → saves  export db.json   export CSV"]
    for name, f in figures.items():
        lines.append(
            f"  {name:<26} {f['file_bytes'] / 1e6:6.0f} MB {f['cp_sync_s']:7.3f} s {f['save_first_s']:9.3f} s "
            f"{f['save_ratio_to_cp']:5.2f}x {f['save_prepared_s']:12.3f} s {f['save_again_s']:9.3f} s   "
            f"{f['rss_load_bytes'] / 2**20:6.0f} → {f['rss_save_bytes'] / 2**20:6.0f} MiB ({f['rss_save_ratio']:.2f}x)  "
            f"{f['resident_after_load_bytes'] / 2**20:6.0f} → {f['resident_after_saves_bytes'] / 2**20:6.0f} MiB  "
            f"{f['export_dbjson_mbps']:6.0f} MB/s      {f['export_csv_mbps']:6.0f} MB/s")
    if not judged:
        lines.append("  (quick mode: not judged against issue 13's targets)")
        return "\n".join(lines)
    for what, met in targets(figures):
        lines.append(f"  {'met   ' if met else 'MISSED'} {what}")
    return "\n".join(lines)
