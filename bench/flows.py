"""Search and export through the pty, from the keys a person presses (issue 23).

* **Search typed as a person types** (``search_typed``): on Search (Home's ``s``), the query is
  typed one character every ``TYPING_GAP`` seconds without waiting for results; from the last key
  it times **first results** (the first output since that key showing a count, ``3 posts ·
  12 comments``: the frame that replaced ``searching…``, or a count shown beside it while it
  searches on) and the **final count** (that count after the last busy marker, then quiet for
  "idle_quiet"). Peak memory over the whole of Search (opening it loads its corpus) is the
  kernel's VmHWM restarted when ``s`` is pressed (``procmem``).
* **Export** (``export``): Home → *Admin panel* (Home key, ↓ three times, Enter), ``e`` (db.json)
  or ``c`` (posts CSV), the path typed a character at a time, Enter; timed from Enter until the
  output after the last busy marker (``Exporting…``, the spinner) names the exported file; MB/s
  of the file written and the peak RSS during it (VmHWM restarted at Enter). The file must exist
  and parse (db.json: every record of every array, streamed) or have one row per post (CSV).

A marker that never shows fails the step with its name (``steps.StepFailed``).
Python 3 standard library only.
"""

import codecs
import csv
import json
import os
import re
import time

import harness
import steps

TYPING_GAP = 0.12                      # seconds between keystrokes: about 8 characters a second
CLEAR = b"\x15"                        # Ctrl-U: Search clears its query
COUNT = re.compile(rb"([0-9][0-9,]*) posts?\b")     # Search's `3 posts · 12 comments`
NO_RESULTS = re.compile(rb"No [a-z]+ contains")
EXPORT_BUSY = [b"xporting\xe2\x80\xa6"]             # `Exporting…` under the field, `exporting…` on the status line
EXPORT_DONE = re.compile(rb"(?i)export(ed)?\b[^\r\n\x1b]*\bto\b|\bwrote\b|\bwritten\b")
ERROR_MARK = "✗".encode()
OVERWRITE = b"Overwrite?"


def _after(got, busy):
    """The bytes of `got` after the last busy marker (harness.BUSY_MARKERS and `busy`), all of it without one."""
    ends = [got.rfind(marker) + len(marker) for marker in harness.BUSY_MARKERS + busy if marker in got]
    return bytes(got[max(ends):]) if ends else bytes(got)


def _read_until(app, check, limit, what):
    """Reads chunks until check(bytes since now) is true; returns (bytes, arrival time of that chunk).
    Raises StepFailed naming `what` after `limit` seconds."""
    start, got = time.perf_counter(), bytearray()
    while True:
        remaining = limit - (time.perf_counter() - start)
        if remaining <= 0:
            raise steps.StepFailed(f"{what}: not shown within {limit:g} s")
        chunk, at = app._read(min(0.5, remaining))
        if chunk:
            got += chunk
            if check(got):
                return got, at


def press(app, key, quiet, limit=60.0):
    """Writes `key` (a KEYS name or bytes) and reads until output has been quiet for `quiet` s, drawn
    or not (a key that changes nothing, such as Home on the first entry, draws nothing)."""
    os.write(app.fd, harness.KEYS.get(key, key) if isinstance(key, str) else key)
    app.wait_quiet(quiet, limit=limit)


def search_typed(app, query, quiet, limit):
    """On an open Search whose corpus is loaded: Ctrl-U (the query emptied), then `query` typed a
    character every TYPING_GAP s. Returns {search_first_results_s, search_final_s, search_results}:
    seconds from the last key to the first count shown and to the final count settled, and that
    count (posts)."""
    press(app, CLEAR, quiet, limit)
    for character in query[:-1].encode():
        os.write(app.fd, bytes([character]))
        end = time.perf_counter() + TYPING_GAP
        while time.perf_counter() < end:
            app._read(end - time.perf_counter())
    last = time.perf_counter()
    os.write(app.fd, query[-1].encode())
    got, first = _read_until(app, lambda got: COUNT.search(got) or NO_RESULTS.search(got), limit,
                             f"Search for {query!r}: a result count after the last key")
    final = first
    if not COUNT.search(_after(got, [])):      # still searching: the final count comes later
        more, final = _read_until(app, lambda more: COUNT.search(_after(got + more, [])), limit,
                                  f"Search for {query!r}: the final count after searching…")
        got += more
    while True:                                # later frames (more results) until quiet
        chunk, at = app._read(quiet)
        if not chunk:
            break
        got, final = got + chunk, at
    counts = COUNT.findall(_after(got, []))
    if not counts:
        raise steps.StepFailed(f"Search for {query!r}: no results (the final frame shows no count)")
    return {"search_first_results_s": first - last, "search_final_s": final - last,
            "search_results": int(counts[-1].replace(b",", b""))}


def open_admin(app, quiet, limit):
    """From Home: its first entry (Home key), ↓ three times to *Admin panel*, Enter until the panel
    is drawn and quiet (it shows its export keys)."""
    press(app, "home", harness.QUIET * 4)
    for _ in range(3):
        app.key("down")
    _, got = app.key_until_idle("enter", quiet, limit=limit)
    if b"xport" not in got:
        raise steps.StepFailed("Admin panel: no export key (e export db.json) shown after Enter on Home's Admin panel")


def export(app, kind, path, quiet, limit):
    """On the Admin panel: `e` (kind "json") or `c` ("csv"), `path` typed, Enter; returns
    {seconds, bytes, mb_per_s, peak_rss_bytes, rss_anon_bytes} once the panel says the export is done."""
    key = b"e" if kind == "json" else b"c"
    app.key_until_idle(key, quiet, limit=10)
    for character in path.encode():
        os.write(app.fd, bytes([character]))
        app._read(0.005)
    app.wait_quiet(harness.QUIET * 2, limit=10)
    if os.path.basename(path).encode() not in bytes(app.output[-4096:]):
        raise steps.StepFailed(f"export {kind}: the typed path {path} is not shown in the field after `{key.decode()}`")
    app.memory.restart(app.pid)
    written = time.perf_counter()
    os.write(app.fd, harness.KEYS["enter"])

    def finished(got):
        after = _after(got, EXPORT_BUSY)
        return bool(EXPORT_DONE.search(after)) or ERROR_MARK in after or OVERWRITE in got

    got, done = _read_until(app, finished, limit, f"export {kind}: the panel saying it is done")
    after = _after(got, EXPORT_BUSY)
    if OVERWRITE in got:
        raise steps.StepFailed(f"export {kind}: the panel asks Overwrite? for a fresh path {path}")
    if ERROR_MARK in after:
        raise steps.StepFailed(f"export {kind}: the panel shows an error: {after[after.find(ERROR_MARK):][:200]!r}")
    memory = app.memory.snapshot(app.pid)
    app.wait_quiet(quiet, limit=limit)
    if not os.path.exists(path):
        raise steps.StepFailed(f"export {kind}: the panel says done but {path} does not exist")
    size = os.path.getsize(path)
    seconds = done - written
    return {"seconds": seconds, "bytes": size, "mb_per_s": size / 1e6 / seconds if seconds > 0 else None, **memory}


def json_counts(path, chunk=1 << 22):
    """Parses the db.json at `path` record by record (bounded memory: one chunk and one record at a
    time) and returns {array name: records}. Raises ValueError naming the character offset where it
    is not JSON of the shape `{"name": [record, …], …}`."""
    decoder, counts, space = json.JSONDecoder(), {}, re.compile(r"[ \t\n\r]*")
    text = codecs.getincrementaldecoder("utf-8")("strict")
    state = {"buffer": "", "pos": 0, "base": 0, "eof": False}   # base: characters dropped before buffer
    with open(path, "rb") as file:
        def fill():
            if state["eof"]:
                return False
            data = file.read(chunk)
            state["eof"] = not data
            state["base"] += state["pos"]
            state["buffer"] = state["buffer"][state["pos"]:] + text.decode(data, final=not data)
            state["pos"] = 0
            return bool(data)

        def skip(expected=None):
            """Skips whitespace; returns the next character (consumed when it is in `expected`)."""
            while True:
                state["pos"] = space.match(state["buffer"], state["pos"]).end()
                if state["pos"] < len(state["buffer"]) or not fill():
                    break
            char = state["buffer"][state["pos"]:state["pos"] + 1]
            if expected is not None:
                if char not in expected or not char:
                    raise ValueError(f"{path}: expected one of {expected!r} at character "
                                     f"{state['base'] + state['pos']}, found {char!r}")
                state["pos"] += 1
            return char

        def value():
            skip()
            while True:
                try:
                    _, end = decoder.raw_decode(state["buffer"], state["pos"])
                    if end == len(state["buffer"]) and fill():   # a number may go on in the next chunk
                        continue
                    state["pos"] = end
                    return
                except json.JSONDecodeError as error:
                    where = state["base"] + error.pos
                    if not fill():
                        raise ValueError(f"{path}: not JSON at character {where}: {error.msg}") from None

        def name():
            skip()
            while True:
                try:
                    found, end = decoder.raw_decode(state["buffer"], state["pos"])
                    state["pos"] = end
                    return found
                except json.JSONDecodeError as error:
                    where = state["base"] + error.pos
                    if not fill():
                        raise ValueError(f"{path}: not JSON at character {where}: {error.msg}") from None

        skip("{")
        if skip() == "}":
            skip("}")
        else:
            while True:
                key = name()
                skip(":")
                skip("[")
                counts[key] = 0
                if skip() == "]":
                    skip("]")
                else:
                    while True:
                        value()
                        counts[key] += 1
                        if skip(",]") == "]":
                            break
                if skip(",}") == "}":
                    break
        if skip():
            raise ValueError(f"{path}: content after the end of the object at character {state['base'] + state['pos']}")
    return counts


def csv_rows(path):
    """(header, data rows) of the CSV at `path`, read as RFC 4180 (quoted fields may hold newlines)."""
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = next(reader, None)
        return header, sum(1 for _ in reader)


def check_export(kind, path, posts, users):
    """Raises StepFailed unless the export at `path` parses with `posts` posts (and `users` users for
    db.json); returns what was found."""
    if kind == "json":
        try:
            found = json_counts(path)
        except (ValueError, UnicodeDecodeError) as error:
            raise steps.StepFailed(f"export json: {error}") from None
        if found.get("posts") != posts or found.get("users") != users:
            raise steps.StepFailed(f"export json: {path} holds {found}, not {posts} posts and {users} users")
        return found
    header, rows = csv_rows(path)
    if header != ["id", "userId", "title", "body"] or rows != posts:
        raise steps.StepFailed(f"export csv: {path} has header {header} and {rows} rows, not {posts} posts")
    return {"rows": rows}


# The figures of one run that come from here (each a list of samples in run.py's `samples`).
BROWSE_FIGURES = ["browse_peak_rss_bytes", "browse_rss_anon_bytes", "browse_rss_file_bytes"]
SEARCH_TYPED_FIGURES = ["search_first_results_s", "search_final_s", "search_peak_rss_bytes", "search_rss_ratio"]
EXPORT_FIGURES = [f"export_{kind}_{unit}" for kind in ("json", "csv")
                  for unit in ("s", "mb_per_s", "peak_rss_bytes", "rss_ratio")]


def browsing_memory(app, samples):
    """After browsing: the peak RSS since start, and the sampled peaks of RssAnon and RssFile."""
    memory = app.memory.snapshot(app.pid)
    samples["browse_peak_rss_bytes"].append(app.memory.peak_rss())
    samples["browse_rss_anon_bytes"].append(memory["rss_anon_bytes"])
    samples["browse_rss_file_bytes"].append(memory["rss_file_bytes"])


def exports(app, quiet, limit, samples, directory):
    """From Home: the Admin panel, then export db.json and posts CSV into `directory`; each one's
    figures into `samples`. Returns [(kind, path)] of the files written (checked later, with the
    app closed: ``check_export``). Back on Home afterwards (Esc)."""
    open_admin(app, quiet, limit)
    written = []
    browse = samples["browse_peak_rss_bytes"][-1]
    for kind in ("json", "csv"):
        path = os.path.join(directory, f"export.{kind}")
        figures = export(app, kind, path, quiet, limit)
        written.append((kind, path))
        samples[f"export_{kind}_s"].append(figures["seconds"])
        samples[f"export_{kind}_mb_per_s"].append(figures["mb_per_s"])
        samples[f"export_{kind}_peak_rss_bytes"].append(figures["peak_rss_bytes"])
        samples[f"export_{kind}_rss_ratio"].append(figures["peak_rss_bytes"] / browse)
    app.key("escape")
    return written


def search_memory(app, samples):
    """Closes Search's memory window (opened by ``app.memory.restart`` before `s`): its peak and its
    ratio to the browsing peak."""
    peak = app.memory.snapshot(app.pid)["peak_rss_bytes"]
    samples["search_peak_rss_bytes"].append(peak)
    samples["search_rss_ratio"].append(peak / samples["browse_peak_rss_bytes"][-1])


def table(results):
    """Issue 23's tables: memory while browsing (peak RSS, RssAnon, RssFile, each / file), and Search
    typed and the exports through the pty. Medians / p95 over the runs; – where not measured."""
    def cell(r, name, scale=1.0, digits=1):
        figure = r["figures"].get(name, {"median": None})
        if figure["median"] is None:
            return "–"
        return f"{figure['median'] * scale:.{digits}f} / {figure['p95'] * scale:.{digits}f}"

    sets = results["sets"]
    lines = ["", "Memory while browsing (after the Posts and Users lists; /proc/PID/status: peak = VmHWM, RssAnon = "
             "the app's own allocations, RssFile = mapped files: the db.json, the binary), MB and / file size", "",
             "| data set | file MB | peak RSS MB | peak / file | RssAnon MB | RssAnon / file | RssFile MB | RssFile / file |",
             "|---|---|---|---|---|---|---|---|"]
    for name, r in sets.items():
        lines.append(f"| {name} | {r['bytes'] / 1e6:.1f} | {cell(r, 'browse_peak_rss_bytes', 1e-6, 0)} "
                     f"| {cell(r, 'browse_peak_rss_to_file', 1, 2)} | {cell(r, 'browse_rss_anon_bytes', 1e-6, 0)} "
                     f"| {cell(r, 'browse_rss_anon_to_file', 1, 2)} | {cell(r, 'browse_rss_file_bytes', 1e-6, 0)} "
                     f"| {cell(r, 'browse_rss_file_to_file', 1, 2)} |")
    lines += ["", f"Search typed at a person's pace ({1 / TYPING_GAP:.0f} characters a second; last key → first count "
              "shown, → final count settled) and the Admin panel's exports (Enter → the panel saying done; MB/s of the "
              "file written), with peak RSS during each as a multiple of browsing's", "",
              "| data set | typing stops → first results ms | → final count ms | Search peak RSS MB | × browsing "
              "| export db.json s | MB/s | peak RSS MB | × browsing | export CSV s | MB/s | peak RSS MB | × browsing |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in sets.items():
        cells = [cell(r, "search_first_results_s", 1e3), cell(r, "search_final_s", 1e3),
                 cell(r, "search_peak_rss_bytes", 1e-6, 0), cell(r, "search_rss_ratio", 1, 2)]
        for kind in ("json", "csv"):
            cells += [cell(r, f"export_{kind}_s", 1, 2), cell(r, f"export_{kind}_mb_per_s", 1, 0),
                      cell(r, f"export_{kind}_peak_rss_bytes", 1e-6, 0), cell(r, f"export_{kind}_rss_ratio", 1, 2)]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines
