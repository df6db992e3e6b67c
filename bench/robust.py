"""Issue 23's robustness cases for ``make bench``: files no one should have, opened as a person would.

* **A 100 MB title** (``robust-title-100MB.json``, quick: 1 MB): the generator's 20 posts with post
  11's title replaced by ``HUGE-TITLE-START`` and 100 MB of words. On the Posts list: ↓ from the
  first row to the last (every press timed; the median and the worst of the presses onto and off
  that row), then Home, ↓ to that post and Enter, timed until its start (the marker) shows.
* **A 2 GB zero-filled file** (``robust-zero-2GB.json``: sparse, ``truncate``; quick: 8 MB) and
  **a 2 GB invalid file** (``robust-invalid-2GB.json``, quick: 8 MB: a db.json cut off in its
  posts array, the error at the very end: the worst case for finding it). Home → Posts, Enter,
  timed until the error shows (``Could not load …``); peak RSS of the app (VmHWM).

The files are made into bench/data/ (git-ignored) when missing and reused. Python 3 standard
library only.
"""

import json
import os
import re
import sys
import time

import generate_data
import harness
import steps

HUGE_MARKER = b"HUGE-TITLE-START"
HUGE_POST = 11                     # of 20 posts: the 11th row of the Posts list
ERROR = re.compile(rb"Could not|Failed to|[Ee]rror|[Ii]nvalid|Unexpected")
SIZES = {False: {"title_mb": 100, "file_gb": 2.0, "runs": 3}, True: {"title_mb": 1, "file_gb": 0.008, "runs": 1}}
# Issue 23's targets for these cases (full mode only).
DOWN_LIMIT_S, OPEN_LIMIT_S, ERROR_LIMIT_S, ERROR_RSS_LIMIT = 0.005, 0.1, 0.5, 100e6


def title_file(directory, megabytes):
    """The 20-post db.json whose post HUGE_POST has a title of `megabytes` MB (made once)."""
    path = os.path.join(directory, f"robust-title-{megabytes}MB.json")
    if os.path.exists(path):
        return path
    print(f"generating {path}…", file=sys.stderr, flush=True)
    small = path + ".small"
    generate_data.generate_file(small, 20)
    with open(small, encoding="utf-8") as file:
        db = json.load(file)
    os.unlink(small)
    words = "lorem ipsum dolor sit amet "
    db["posts"][HUGE_POST - 1]["title"] = HUGE_MARKER.decode() + " " + words * (megabytes * 10**6 // len(words))
    with open(path + ".partial", "w", encoding="utf-8") as out:
        json.dump(db, out, indent=2, sort_keys=True, ensure_ascii=False)
    os.replace(path + ".partial", path)
    return path


def zero_file(directory, gigabytes):
    """A sparse file of `gigabytes` GB of zero bytes."""
    path = os.path.join(directory, f"robust-zero-{_gb(gigabytes)}.json")
    if not os.path.exists(path):
        with open(path, "wb") as file:
            file.truncate(int(gigabytes * 1e9))
    return path


def invalid_file(directory, gigabytes):
    """A db.json of `gigabytes` GB cut off inside its posts array (no closing brackets), made once."""
    path = os.path.join(directory, f"robust-invalid-{_gb(gigabytes)}.json")
    if os.path.exists(path):
        return path
    print(f"generating {path}…", file=sys.stderr, flush=True)
    size, post_id = int(gigabytes * 1e9), 0
    with open(path + ".partial", "w", encoding="utf-8") as out:
        out.write('{\n  "comments": [],\n  "posts": [\n')
        while out.tell() < size:
            block = []
            for _ in range(10_000):
                post_id += 1
                block.append(f'    {{\n      "body": "A body of post {post_id}, cut off further on.",\n'
                             f'      "id": {post_id},\n      "title": "Post {post_id}",\n      "userId": 1\n    }},\n')
            out.write("".join(block))
        out.truncate(size)
    os.replace(path + ".partial", path)
    return path


def _gb(gigabytes):
    return f"{gigabytes:g}GB" if gigabytes >= 1 else f"{gigabytes * 1e3:g}MB"


def measure_title(binary, path, limit):
    """{huge_down_s (every ↓), huge_down_worst_s (onto and off the row), huge_open_s, peak_rss_bytes}."""
    with harness.Session(binary, ["--data", path]) as app:
        app.settle(limit=limit, until=b"Welcome to Bulletin")
        app.key("down")
        app.key_until_idle("enter", 0.6, limit=limit, until=b"Okafor")
        downs = [app.key("down", limit=limit)[0] for _ in range(19)]
        app.key("home", limit=limit)
        for _ in range(HUGE_POST - 1):
            app.key("down", limit=limit)
        written = time.perf_counter()
        os.write(app.fd, harness.KEYS["enter"])
        start, got = time.perf_counter(), bytearray()
        while HUGE_MARKER not in got:
            if time.perf_counter() - start > limit:
                raise steps.StepFailed(f"Enter on the post with the huge title: {HUGE_MARKER!r} not shown within {limit:g} s")
            chunk, at = app._read(0.5)
            got += chunk
        opened = at - written
        rss = app.quit()
    return {"huge_down_s": downs, "huge_down_worst_s": [max(downs[HUGE_POST - 2:HUGE_POST])],
            "huge_open_s": [opened], "peak_rss_bytes": [rss]}


def measure_error(binary, path, limit):
    """{error_s: Enter on Posts → the error shown, error_from_start_s, peak_rss_bytes} for a bad file;
    when no error shows within `limit` s: {no_error_within_s: limit, peak_rss_bytes} (the app's peak
    until then), so the table says so instead of losing the memory figure."""
    with harness.Session(binary, ["--data", path]) as app:
        app.settle(limit=limit, until=b"Welcome to Bulletin")
        app.key("down")
        written = time.perf_counter()
        os.write(app.fd, harness.KEYS["enter"])
        got, shown = bytearray(), None
        while not ERROR.search(got):
            if time.perf_counter() - written > limit:
                break
            chunk, at = app._read(0.5)
            got += chunk
        else:
            shown = at
        if shown is None:
            return {"no_error_within_s": [limit], "peak_rss_bytes": [app.close()]}
        rss = app.quit()
    return {"error_s": [shown - written], "error_from_start_s": [shown - app.started], "peak_rss_bytes": [rss]}


def run(binary, quick, directory, limit, failures):
    """Every case, 3 times each (quick: once): {case: {file, bytes, figures: {name: summary}}}."""
    import report
    sizes, results = SIZES[quick], {}
    cases = [("title", title_file, sizes["title_mb"], measure_title),
             ("zero", zero_file, sizes["file_gb"], measure_error),
             ("invalid", invalid_file, sizes["file_gb"], measure_error)]
    for case, make, size, measure in cases:
        print(f"  robustness: {case}", file=sys.stderr, flush=True)
        samples = {}
        with steps.step(f"robustness: {case} file", limit, failures):
            path = make(directory, size)
            results[case] = {"file": os.path.basename(path), "bytes": os.path.getsize(path)}
            for _ in range(sizes["runs"]):
                for name, values in measure(binary, path, min(limit, 60.0)).items():
                    samples.setdefault(name, []).extend(values)
        if case in results:
            results[case]["figures"] = {name: report.summarize(values) for name, values in samples.items()}
    return results


def table(robust):
    """The cases as text lines; nothing when they did not run."""
    if not robust:
        return []
    lines = ["", "Robustness (median / p95 over the runs; ↓: every press down the 20-post list, worst: onto and off the "
             "huge row)", "", "| case | file | figure | median | p95 |", "|---|---|---|---|---|"]
    for case, r in robust.items():
        for name, f in r.get("figures", {}).items():
            scale, unit = (1e-6, "MB") if name.endswith("_bytes") else (1e3, "ms")
            if f["median"] is not None:
                lines.append(f"| {case} | {r['file']} ({r['bytes'] / 1e6:.0f} MB) | {name} | "
                             f"{f['median'] * scale:.2f} {unit} | {f['p95'] * scale:.2f} {unit} |")
    return lines


def problems(robust, skipped=False):
    """Missing robustness figures (the quick check); none when the cases were skipped on purpose."""
    if skipped:
        return []
    expected = {"title": ["huge_down_s", "huge_open_s"], "zero": ["error_s|no_error_within_s", "peak_rss_bytes"],
                "invalid": ["error_s|no_error_within_s", "peak_rss_bytes"]}
    figures = {case: (robust or {}).get(case, {}).get("figures", {}) for case in expected}
    return [f"robustness {case}: no {names.replace('|', ' or ')}" for case, wanted in expected.items() for names in wanted
            if not any(figures[case].get(name, {}).get("n") for name in names.split("|"))]
