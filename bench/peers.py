"""Issue 13's peers for ``make bench``: the same posts opened in VisiData and in ``less``, in the
same pty harness and the same run as Bulletin, so the report can print ratios.

First rows and first frames are the arrival of the output that shows the first post's title (the
peers draw while they load, as Bulletin does, so "settled" would time the first pause).

* **VisiData** (PyPI ``visidata``, pinned below, installed into the git-ignored ``bench/.venv``
  on first use) is fed the posts as JSON Lines (``posts-N.jsonl`` beside the db.json, made once
  from it: one ``{"id", "userId", "title", "body"}`` object per line). Figures: **first rows**
  (from start until the first post's title shows; VisiData keeps loading while you scroll),
  **loaded** (until its row count stops changing: output quiet for 1 s), a **one-row move**
  (``j``), **sort by title** (``l l`` to the title column, unmeasured, then ``[`` until the
  sorted page settles for 0.6 s, ``sort-asc`` in it), and **peak RSS** (``ru_maxrss``).
* **less** (``less -S``) gets the same JSON Lines file, one line per post: **first frame** and a
  **one-row move** (``j``).

Python 3 standard library only (VisiData itself runs in its venv).
"""

import json
import os
import subprocess
import sys
import time

import harness
import report
import steps
import run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "bench", ".venv")
VISIDATA = "visidata==3.4"
LESS = "/usr/bin/less"
MOVES = 20


def jsonl_for(db_path):
    """The posts of `db_path` as JSON Lines (made once, beside it); returns its path."""
    path = db_path[:-len(".json")] + ".jsonl"
    if os.path.exists(path) and os.path.getmtime(path) >= os.path.getmtime(db_path):
        return path
    print(f"writing {path}…", file=sys.stderr, flush=True)
    with open(db_path, encoding="utf-8") as source:
        posts = json.load(source)["posts"]
    partial = path + ".partial"
    with open(partial, "w", encoding="utf-8") as out:
        for post in posts:
            record = {key: post[key] for key in ("id", "userId", "title", "body")}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    os.replace(partial, path)
    return path


def first_title(jsonl):
    """The first post's title, cut to its first 12 characters (a marker both peers show whole)."""
    with open(jsonl, encoding="utf-8") as file:
        return json.loads(file.readline())["title"][:12].encode()


def ensure_visidata(venv=VENV, spec=VISIDATA):
    """The `vd` of `venv` (default bench/.venv), installing `spec` there when missing; (path, None) or (None, why)."""
    vd = os.path.join(venv, "bin", "vd")
    if os.path.exists(vd):
        return vd, None
    where = os.path.relpath(venv, ROOT)
    try:
        steps.command([sys.executable, "-m", "venv", venv], timeout=300)
        steps.command([os.path.join(venv, "bin", "pip"), "install", "-q", spec], timeout=600)
    except (subprocess.SubprocessError, OSError) as error:
        return None, f"could not install {spec} into {where}: {error}"
    return (vd, None) if os.path.exists(vd) else (None, f"{spec} installed no vd")


def measure_less(jsonl, runs):
    """{first_frame_s, down_s}: `less -S` on the JSON Lines file."""
    marker = first_title(jsonl)
    samples = {"first_frame_s": [], "down_s": []}
    for _ in range(runs):
        with harness.Session(LESS, ["-S", jsonl]) as app:
            samples["first_frame_s"].append(run.marker_arrival(app, marker, 10) - app.started)
            for _ in range(MOVES):
                latency, _ = app.key_until_idle(b"j", harness.QUIET, limit=10)
                samples["down_s"].append(latency)
            app.quit()
    return {name: report.summarize(values) for name, values in samples.items()}


def measure_visidata(vd, jsonl, runs, limit):
    """{first_rows_s, loaded_s, down_s, sort_title_s, peak_rss_bytes}: VisiData on the JSON Lines file."""
    marker = first_title(jsonl)
    samples = {"first_rows_s": [], "loaded_s": [], "down_s": [], "sort_title_s": [], "peak_rss_bytes": []}
    for _ in range(runs):
        with harness.Session(vd, [jsonl]) as app:
            samples["first_rows_s"].append(run.marker_arrival(app, marker, limit) - app.started)
            samples["loaded_s"].append(loaded(app, limit) - app.started)
            for _ in range(MOVES):
                latency, _ = app.key_until_idle(b"j", harness.QUIET, limit=10)
                samples["down_s"].append(latency)
            app.key_until_idle(b"l", harness.QUIET)
            app.key_until_idle(b"l", harness.QUIET)
            latency, got = app.key_until_idle(b"[", 0.6, limit=limit)
            if b"sort-asc" not in got:
                raise RuntimeError("VisiData did not show sort-asc after [")
            samples["sort_title_s"].append(latency)
            samples["peak_rss_bytes"].append(app.close())
    return {name: report.summarize(values) for name, values in samples.items()}


def loaded(app, limit, idle_share=0.1, window=0.5):
    """When VisiData has finished loading: its output quiet for 1 s *and* its CPU use over the next
    `window` s below `idle_share` of a core (repeated until both hold). Quiet output alone is not
    enough: VisiData's loader thread goes on holding the GIL for seconds without drawing, and the
    moves timed meanwhile waited for it (the p95 of 481 ms at 1M, where a loaded VisiData answers
    `j` in 17 ms). Returns the arrival time of the last output before that (perf_counter)."""
    start = time.perf_counter()
    last = start
    while time.perf_counter() - start < limit:
        while time.perf_counter() - start < limit:     # output quiet for 1 s
            chunk, at = app._read(1.0)
            if not chunk:
                break
            last = at
        if app.idle_cpu(window) < idle_share * window:
            return last
    raise TimeoutError(f"VisiData still busy after {limit:g} s")


def measure(db_path, runs, limit):
    """Both peers on the posts of `db_path`: {"less": …, "visidata": … or {"missing": why}}."""
    jsonl = jsonl_for(db_path)
    peers = {"jsonl": os.path.relpath(jsonl, ROOT), "jsonl_bytes": os.path.getsize(jsonl),
             "less": measure_less(jsonl, runs)}
    vd, why = ensure_visidata()
    peers["visidata"] = measure_visidata(vd, jsonl, runs, limit) if vd else {"missing": why}
    return peers
