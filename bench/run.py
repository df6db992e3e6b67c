#!/usr/bin/env python3
"""``make bench``: generates the data, drives the app, runs the micro-benchmarks, reports.

    python3 bench/run.py [--quick] [--sizes 100k,1M,3M] [--bin-dir DIR] [--out FILE] [--check] [--no-robust]

Full mode uses the embedded data set and files of 10k, 100k and 1M posts, or those ``--sizes``
names (``make bench SIZES=…``; 3M is 3,000,000 posts, 1.84 GB) (generated into
``bench/data/`` by ``bench/generate_data.py`` when missing, reused when present). Quick mode
(``make bench QUICK=1``, and once in ``make test``) runs the same steps on the embedded data
and a 5,000-post file with fewer repetitions and a 1-second idle window, in seconds.
``--check`` fails (exit 1) unless every figure was produced; it never judges speed.
``--sizes sqlite10M`` (or ``sqlite100k``; ``make bench SIZES=sqlite10M``) runs issue 25's SQLite
figures (``sqlite_flows.py`` on a database written by ``generate_sqlite.py``, judged by
``targets25.py``): named alone, only they run, into bench/results-sqlite.json; beside db.json sets
(``--sizes 1M,sqlite10M``) they are added to the whole run's results. ``--sizes pgload`` (``make
bench SIZES=pgload``) runs issue 26's load alone (``postgres_load.py``: 20 editors on a
1,000,000-post PostgreSQL database for 60 s, every accepted save checked in the server's log),
into bench/results-pgload.json (quick: 20 s on 100,000 posts). ``--sizes pg10M`` (or ``pg100k``) runs
issue 26's pty figures alone (``postgres_flows.py``), into bench/results-pg.json.

Each run of the app (a ``harness.Session``) measures, in order: the first frame (Home);
loading (↓ to Home's *Posts* entry, unmeasured, then Enter until the first post's row shows:
the time to a browsable Posts list, which reads and decodes the whole file and lists every
post with its author; the wait is capped at ``load_limit`` seconds, and a run that hits the cap ends
there and is reported as capped); key latencies and bytes on the Posts list (↓, PgDn, Enter
on a post, back with Esc and with ←; Home, unmeasured, when the selection reaches the last
row); back to Home and up to *Users* (the data is already decoded), opening it and the same
keys on the Users list; memory while browsing (``flows.browsing_memory``); idle CPU on the Users
list and the Admin panel's exports (first run of each data set only); Search, per keystroke and
typed at a person's pace (``flows.search_typed``); and peak RSS at exit. Every run and every
other part is a step with a deadline (``steps.step``): one that fails is killed, named, and skipped.
After the sets: the robustness cases (``robust.py``) and issue 23's targets (``targets23.py``).
Figures are medians and 95th percentiles (nearest rank) over all runs' samples. The micro-benchmarks
include the list filter and sort on 100,000 and 1,000,000 rows made in process (2,000 and
20,000 in quick mode).
Python 3 standard library only.
"""

import argparse
import json
import os
import platform
import sys
import tempfile
import time

import flows
import frames
import generate_data
import generate_sqlite
import harness
import peers
import postgres_flows
import postgres_load
import report
import robust
import save_export
import sqlite_flows
import steps
import targets23
import targets25

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA_DIR = os.path.join(ROOT, "bench", "data")
EMBEDDED = os.path.join(ROOT, "Sources", "BulletinData", "Resources", "embedded.json")
HOME_MARKER = b"Welcome to Bulletin"
FIRST_ROW_MARKER = b"Okafor"   # user 1, Margaret Okafor, in every data set: first row of Users, author of post 1
# Every data set a mode knows (name, posts, runs); "sizes" are the generated ones run unless --sizes
# (make bench SIZES=…) says otherwise. The embedded set always runs.
FULL = {"sets": [("embedded", 0, 10), ("10k", 10_000, 5), ("100k", 100_000, 5), ("1M", 1_000_000, 3),
                 ("3M", 3_000_000, 2)], "sizes": ["10k", "100k", "1M"], "step_limit": 1200.0,
        "moves": 20, "pages": 5, "opens": 5, "idle": 5.0, "micro_set": "10k", "micro_iterations": 20,
        "load_limit": 300.0, "find_rows": "100000,1000000", "search_max_posts": 10**9,
        "idle_quiet": 0.6, "peer_sets": {"100k": 3, "1M": 2}}
QUICK = {"sets": [("embedded", 0, 2), ("5k", 5_000, 2)], "sizes": ["5k"], "step_limit": 120.0,
         "moves": 12, "pages": 2, "opens": 2, "idle": 1.0, "micro_set": "5k", "micro_iterations": 3,
         "load_limit": 60.0, "find_rows": "2000,20000", "search_max_posts": 100_000,
         "idle_quiet": 0.3, "peer_sets": {}}
KEY_STEPS = ["down", "page_down", "open", "back", "back_left"]
# "idle_quiet": seconds of no output that mean "idle", longer than any gap between frames while
# the app works (the spinner shows after 0.3 s of work and redraws every 0.125 s); quick mode's
# lists (5,000 rows and fewer) filter and sort synchronously, with no such gaps.
# Issue 7 in the app: the `/` filter typed on the Posts list one character at a time, `s` until
# the list is sorted by title, and Search from Home (`s`) typed one character at a time. The
# filter query is the start of a title of the generated data ("A week of restoring in …") that
# still matches rows when complete (1,025 of 100,000 posts): the in-process benchmark's queries,
# made from its own rows, match nothing in these files after a few characters.
FILTER_QUERIES = {}     # per set; every other set: DEFAULT_FILTER_QUERY
DEFAULT_FILTER_QUERY = "week of rest"
SEARCH_QUERY = "ferry"
FILTER_DONE = rb"of [0-9]|no matches"   # the `/` prompt's count (`37 of 100`) replacing `filtering…`
SEARCH_DONE = rb"comment"                # Search's `3 posts · 12 comments` replacing `searching…`
FIND_FIGURES = report.APP_FIND_FIGURES
SEARCH_FIGURES = ["search_open_s", "search_key_s", "search_key_bytes"]
LISTS = ["posts", "users"]         # the lists whose keys are measured, in the order visited
PAGE_ROWS = harness.ROWS - 3       # header line, status line and the table's column titles


def parse_sizes(text, known):
    """The data sets `text` names (`100k,1M,3M`, any case, spaces allowed), spelled as in `known`
    (the mode's set names), in `known`'s order; raises ValueError naming an unknown one."""
    by_lower = {name.lower(): name for name in known}
    wanted = [part.strip().lower() for part in text.split(",") if part.strip()]
    unknown = [part for part in wanted if part not in by_lower]
    if unknown or not wanted:
        raise ValueError(f"no data set {', '.join(unknown) or repr(text)} (known: {', '.join(known)})")
    return [name for name in known if name.lower() in wanted]


def data_file(name, posts):
    """The db.json for a data set: the embedded resource, or a generated file (made if missing)."""
    if posts == 0:
        return EMBEDDED
    path = os.path.join(DATA_DIR, f"posts-{name.lower()}.json")
    if not os.path.exists(path):
        print(f"generating {path} ({posts} posts)…", file=sys.stderr, flush=True)
        generate_data.generate_file(path, posts)
    return path


def list_keys(app, rows, config, samples, prefix):
    """Presses ↓, PgDn, Enter and Esc on a list of `rows` rows, appending each key's latency and
    bytes to `samples` under `prefix` (`posts_down_s`, `users_down_bytes`, …).

    A key that could not move the selection (the last row) draws nothing, so before such a
    press the selection goes back to the top with Home (not measured)."""
    steps = [("down", "down")] * config["moves"] + [("page_down", "page_down")] * config["pages"]
    steps += [("open", "enter"), ("back", "escape"), ("open", "enter"), ("back_left", "left")] * config["opens"]
    for step, key in harness.rewinding(steps, rows, PAGE_ROWS):
        latency, written = app.key(key)
        if step != "rewind":
            samples[f"{prefix}_{step}_s"].append(latency)
            samples[f"{prefix}_{step}_bytes"].append(written)


def wait_until_idle(app, quiet):
    """Waits until the list has no work running (the index built: no spinner, and the `/` prompt
    shows without `filtering…`); leaves the prompt open. Raises TimeoutError after 20 tries."""
    for _ in range(20):
        app.wait_quiet(quiet)
        _, got = app.key_until_idle(b"/", quiet)
        if harness.BUSY_MARKERS[0] not in got:
            return
        app.key_until_idle("escape", quiet)
    raise TimeoutError("the list never became idle")


def find_keys(app, query, samples, quiet):
    """On an open Posts list: waits until it is indexed, opens `/`, types `query` one character
    at a time (each keystroke until the new count is shown: output after the last
    `filtering…`, then settled), Esc; then `s` three times (Id, Author, Title), timing the last
    until the re-sorted page is shown, and `s` back to the source order."""
    wait_until_idle(app, quiet)
    for number, character in enumerate(query.encode()):
        latency, written = app.type(bytes([character]), FILTER_DONE)
        samples["posts_filter_key_s"].append(latency)
        samples["posts_filter_key_bytes"].append(written)
        if number == 0:
            samples["posts_filter_first_key_s"].append(latency)
    app.key_until_idle("escape", quiet)      # clears the filter, closes the prompt
    app.key_until_idle(b"s", quiet)          # Id ▲ (the source order already)
    app.key_until_idle(b"s", quiet)          # Author ▲
    latency, got = app.key_until_idle(b"s", quiet)   # Title ▲
    if "▲".encode() not in got:
        raise RuntimeError("s did not show a sorted column (no ▲ in the header)")
    samples["posts_sort_title_s"].append(latency)
    app.key_until_idle(b"s", quiet)          # back to the source order


def search_keys(app, config, samples):
    """From Home: `s` to Search until its corpus is loaded (settled for "idle_quiet"), then
    SEARCH_QUERY one character at a time, each until its results are shown; then cleared and
    typed again at a person's pace (``flows.search_typed``: typing stops → first results, final
    count), with the memory Search took beside browsing's; Esc back to Home (in Search's field
    `q` is typed, not quit)."""
    quiet = config["idle_quiet"]
    app.memory.restart(app.pid)
    latency, _ = app.key_until_idle(b"s", quiet, limit=config["load_limit"])
    samples["search_open_s"].append(latency)
    for character in SEARCH_QUERY.encode():
        latency, written = app.type(bytes([character]), SEARCH_DONE)
        samples["search_key_s"].append(latency)
        samples["search_key_bytes"].append(written)
    typed = flows.search_typed(app, SEARCH_QUERY, quiet, config["load_limit"])
    samples["search_first_results_s"].append(typed["search_first_results_s"])
    samples["search_final_s"].append(typed["search_final_s"])
    flows.search_memory(app, samples)
    app.key("escape")


def one_run(binary, path, embedded, rows, config, samples, first, name, failures):
    """Runs the app once on `path` and appends its figures to `samples`; on the `first` run also
    idle CPU and the exports (``flows.exports``, files checked after the app has quit).

    Returns False when the Posts list did not show within the load limit (the run ends there:
    the app is stopped and its peak RSS recorded), True otherwise. A step that fails (a marker
    never shows) is recorded in `failures` by ``steps.step`` and ends the run, keeping its figures."""
    with tempfile.TemporaryDirectory(prefix="bulletin-export-") as directory, \
            harness.Session(binary, [] if embedded else ["--data", path]) as app:
        samples["first_frame_s"].append(app.first_frame(HOME_MARKER))
        app.key("down")                                   # Home: Users → Posts
        if not open_posts(app, config, samples):
            samples["peak_rss_bytes"].append(app.close())
            return False
        list_keys(app, rows["posts"], config, samples, "posts")
        find_keys(app, FILTER_QUERIES.get(name, DEFAULT_FILTER_QUERY), samples, config["idle_quiet"])
        app.key("escape")                                 # Posts → Home (Posts still selected)
        app.key("up")                                     # Posts → Users
        users_open, _ = app.key("enter", until=FIRST_ROW_MARKER, limit=config["load_limit"])
        samples["users_list_s"].append(users_open)
        list_keys(app, rows["users"], config, samples, "users")
        flows.browsing_memory(app, samples)
        if first:
            samples["idle_cpu_s"].append(app.idle_cpu(config["idle"]))
        app.key("escape")                                 # Users → Home
        written = []
        if first:
            written = flows.exports(app, config["idle_quiet"], config["load_limit"], samples, directory)
        if rows["posts"] <= config["search_max_posts"]:
            search_keys(app, config, samples)
        samples["peak_rss_bytes"].append(app.quit())
        for kind, exported in written:
            with steps.step(f"{name}: check the {kind} export", config["load_limit"], failures):
                flows.check_export(kind, exported, rows["posts"], rows["users"])
        return True


def marker_arrival(app, marker, limit):
    """Reads until the output (from now on) holds `marker`; returns the arrival time of the chunk
    that completed it. A list filling in keeps drawing (batches, the spinner), so waiting for
    the output to settle would time the first pause, not the first rows. Raises TimeoutError."""
    start, got = time.perf_counter(), bytearray()
    while marker not in got:
        remaining = limit - (time.perf_counter() - start)
        if remaining <= 0:
            raise TimeoutError(f"no output showing {marker!r} within {limit} s")
        chunk, at = app._read(min(1.0, remaining))
        if chunk:
            got += chunk
    return at


def open_posts(app, config, samples):
    """Enter on Home's Posts (issue 13): `load_s` until the first post's row arrives (a file source
    shows batches of posts while it indexes the rest), then `posts_ready_s` until the last output
    before "idle_quiet" of quiet (the whole list indexed and the finder's index built: browsable,
    filterable and sortable; the spinner redraws every 0.125 s until then). False when the first
    rows did not show within the load limit."""
    written = time.perf_counter()
    os.write(app.fd, harness.KEYS["enter"])
    try:
        first = marker_arrival(app, FIRST_ROW_MARKER, config["load_limit"])
    except TimeoutError:
        return False
    samples["load_s"].append(first - written)
    last = first
    while True:
        chunk, at = app._read(config["idle_quiet"])
        if not chunk:
            break
        last = at
        if at - written > config["load_limit"]:
            return False
    samples["posts_ready_s"].append(last - written)
    return True


def counts(path, posts):
    """(users, posts): read from the embedded file (small), the generator's proportions otherwise."""
    if posts == 0:
        with open(path, encoding="utf-8") as file:
            db = json.load(file)
        return len(db["users"]), len(db["posts"])
    return generate_data.sizes(posts)[0], posts


def sample_names(search=True):
    """Every figure a run records samples of (names must not collide: `users_open_s` is
    Enter on a user, `users_list_s` opening the Users list); Search's only when it runs."""
    names = ["first_frame_s", "load_s", "posts_ready_s", "users_list_s", "idle_cpu_s", "peak_rss_bytes"]
    names += [f"{prefix}_{step}_{unit}" for prefix in LISTS for step in KEY_STEPS for unit in ("s", "bytes")]
    names += flows.BROWSE_FIGURES + flows.EXPORT_FIGURES
    return names + FIND_FIGURES + (SEARCH_FIGURES + flows.SEARCH_TYPED_FIGURES if search else [])


def measure_set(binary, name, posts, runs, config, failures):
    """All runs on one data set: {figure: {median, p95, samples}} plus the file's facts.

    When a run hits the load limit, the remaining runs are skipped and the set is marked
    `load_capped_s` (the limit): its load and key figures are then missing, not guessed.
    Each run, the traced run and the peers are steps (``steps.step``, deadline "step_limit"): one
    that fails or hangs is killed, named in `failures`, and the next goes on."""
    path = data_file(name, posts)
    users, posts = counts(path, posts)
    samples = {key: [] for key in sample_names(search=posts <= config["search_max_posts"])}
    capped = None
    for run in range(runs):
        print(f"  {name}: run {run + 1}/{runs}", file=sys.stderr, flush=True)
        loaded = True
        with steps.step(f"{name}: run {run + 1}", config["step_limit"], failures):
            loaded = one_run(binary, path, path == EMBEDDED, {"posts": posts, "users": users}, config, samples,
                             first=run == 0, name=name, failures=failures)
        if not loaded:
            capped = config["load_limit"]
            print(f"  {name}: the Posts list did not show within {capped:g} s; skipping the other runs",
                  file=sys.stderr, flush=True)
            break
    size = os.path.getsize(path)
    figures = {key: report.summarize(values) for key, values in samples.items()}
    figures["load_mb_per_s"] = report.summarize([size / 1e6 / s for s in samples["posts_ready_s"]])
    figures["rss_to_file"] = report.summarize([rss / size for rss in samples["peak_rss_bytes"]])
    for figure in ("browse_peak_rss_bytes", "browse_rss_anon_bytes", "browse_rss_file_bytes"):
        figures[figure.replace("_bytes", "_to_file")] = report.summarize([v / size for v in samples[figure] if v])
    if not capped:
        with steps.step(f"{name}: writes per frame (strace)", config["step_limit"], failures):
            figures.update(frame_writes(binary, name, path, config, posts))
    query = FILTER_QUERIES.get(name, DEFAULT_FILTER_QUERY)
    by_position = {"filter": (query, "posts_filter_key_s"), "search": (SEARCH_QUERY, "search_key_s")}
    keystrokes = {kind: {"query": text, "per_character_s": per_character(samples.get(figure, []), text)}
                  for kind, (text, figure) in by_position.items() if samples.get(figure)}
    result = {"file": os.path.relpath(path, ROOT), "bytes": size, "keystrokes": keystrokes, "posts": posts, "users": users,
              "list_rows": {"posts": posts, "users": users}, "runs": runs, "load_capped_s": capped,
              "figures": figures}
    if name in config["peer_sets"]:
        print(f"  {name}: peers (less, VisiData)", file=sys.stderr, flush=True)
        with steps.step(f"{name}: peers (less, VisiData)", config["step_limit"], failures):
            result["peers"] = peers.measure(path, config["peer_sets"][name], config["load_limit"])
    return result


def frame_writes(binary, name, path, config, posts):
    """Writes per frame on the Posts list of `posts` rows (``bench/frames.py``): one traced run, or {}
    when strace is unavailable."""
    print(f"  {name}: writes per frame (strace)", file=sys.stderr, flush=True)
    return frames.summarize(frames.measure(binary, path, path == EMBEDDED, config, FIRST_ROW_MARKER, posts))


def per_character(latencies, query):
    """Keystroke latencies (each run types `query` once, in order) summarized per character
    typed: [{character, median, p95, n}], so the first keystroke (no narrowing) shows apart."""
    return [dict(report.summarize(latencies[number::len(query)]), character=character)
            for number, character in enumerate(query)]


def startup_baseline(binary, runs):
    """Seconds for `bulletin --version` to start and exit: the process and runtime start-up
    that every first frame includes (no terminal, no data)."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        steps.command([binary, "--version"], timeout=30)
        seconds.append(time.perf_counter() - start)
    return report.summarize(seconds)


def micro(bin_dir, path, iterations, find_rows):
    """Runs the in-process micro-benchmarks (the filter and sort ones on lists of `find_rows`
    rows, comma-separated); returns their JSON."""
    command = [os.path.join(bin_dir, "bulletin-bench"), "--data", path, "--iterations", str(iterations),
               "--find-rows", find_rows]
    return json.loads(steps.command(command).stdout)


def machine():
    """What the figures were taken on; the load average says how busy the shared machine was."""
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    memory = next((int(line.split()[1]) * 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0)
    return {"nproc": os.cpu_count(), "cpu": cpu, "memory_bytes": memory, "load_average": os.getloadavg(),
            "kernel": platform.release(), "python": platform.python_version()}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, few repetitions")
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--out", help="results file (default bench/results.json, quick: bench/results-quick.json)")
    parser.add_argument("--check", action="store_true", help="exit 1 unless every figure was produced")
    parser.add_argument("--only", help="only these parts, comma-separated: save,export (issue 13's save and "
                                       "export figures, on the 100k and 1M files; quick: 5k); nothing else runs")
    parser.add_argument("--sets", help="only these data sets, comma-separated (e.g. 100k,1M): re-measure a few "
                                       "figures without the whole run; the targets then cover only those sets")
    parser.add_argument("--sizes", help="the generated data sets of a whole run, comma-separated (make bench "
                                        "SIZES=100k,1M,3M; default 10k,100k,1M; quick: 5k); embedded always runs")
    parser.add_argument("--no-robust", action="store_true", help="skip the robustness cases (robust.py)")
    args = parser.parse_args(argv)
    config = dict(QUICK if args.quick else FULL)
    if args.sizes == "pgload":
        quick = ["--seconds", "20", "--posts", "100000", "--out", os.path.join(ROOT, "bench", "results-pgload-quick.json")]
        return postgres_load.main(["--binary", os.path.join(args.bin_dir, "bulletin-bench")] + (quick if args.quick else []))
    if args.sizes in postgres_flows.SETS:
        return only_postgres(args, config, [args.sizes])
    known = [entry[0] for entry in config["sets"] if entry[0] != "embedded"] + list(generate_sqlite.SETS)
    try:
        chosen = parse_sizes(args.sizes, known) if args.sizes else config["sizes"]
    except ValueError as error:
        parser.error(f"--sizes: {error}")
    sqlite_sets = [name for name in chosen if name in generate_sqlite.SETS]
    if sqlite_sets and len(sqlite_sets) == len(chosen):
        return only_sqlite(args, config, sqlite_sets)
    config["sets"] = [entry for entry in config["sets"] if entry[0] == "embedded" or entry[0] in chosen]
    if args.sets:
        wanted = args.sets.split(",")
        unknown = set(wanted) - {entry[0] for entry in config["sets"]}
        if unknown:
            parser.error(f"--sets: no data set {', '.join(sorted(unknown))} in this mode")
        config["sets"] = [entry for entry in config["sets"] if entry[0] in wanted]
    if args.only:
        return only_save_export(args, config)
    out = args.out or os.path.join(ROOT, "bench", "results-quick.json" if args.quick else "results.json")
    binary = os.path.join(args.bin_dir, "bulletin")
    started = time.time()
    results = {"mode": "quick" if args.quick else "full", "binary": os.path.relpath(binary, ROOT),
               "machine": machine(), "terminal": f"{harness.COLUMNS}x{harness.ROWS} xterm-256color",
               "quiet_window_s": harness.QUIET, "idle_window_s": config["idle"], "sets": {}, "failures": []}
    failures = results["failures"]
    for name, posts, runs in config["sets"]:
        results["sets"][name] = measure_set(binary, name, posts, runs, config, failures)
    results["startup_baseline_s"] = startup_baseline(binary, 10)
    if args.sets:       # a partial run: the harness figures of those sets only
        results["micro"] = {"benchmarks": [], "skipped": "--sets: micro-benchmarks not run"}
    else:
        micro_posts = dict((name, posts) for name, posts, _ in (QUICK if args.quick else FULL)["sets"])[config["micro_set"]]
        results["micro"] = {"benchmarks": []}
        with steps.step("micro-benchmarks", config["step_limit"], failures):
            results["micro"] = micro(args.bin_dir, data_file(config["micro_set"], micro_posts),
                                     config["micro_iterations"], config["find_rows"])
    results["save_export"] = {}
    for entry in save_export_sets(config):
        with steps.step(f"{entry[0]}: save and export (bulletin-bench --save)", config["step_limit"], failures):
            results["save_export"].update(save_export.run(args.bin_dir, [entry], data_file))
    if not args.no_robust and not args.sets:
        results["robust"] = robust.run(binary, args.quick, DATA_DIR, config["step_limit"], failures)
    if sqlite_sets:
        results["sqlite"] = sqlite_flows.run_sets(binary, sqlite_sets, args.quick, config, failures)
        results["targets_25"] = targets25.targets(results)
    results["machine"]["load_average_end"] = os.getloadavg()
    results["missing"] = report.MISSING
    results["targets"] = report.targets(results)
    results["targets_23"] = targets23.targets(results)
    results["seconds"] = round(time.time() - started, 1)
    with open(out, "w") as file:
        json.dump(results, file, indent=2)
    print(report.table(results))
    print("\n".join(frames.table(results)))
    print()
    print(save_export.table(results["save_export"], judged=not args.quick))
    print("\n".join(flows.table(results) + robust.table(results.get("robust")) + targets23.table(results)))
    if sqlite_sets:
        print("\n".join(sqlite_flows.table(results["sqlite"]) + targets25.table(results)))
    print("\n".join(steps.table(failures)))
    print(f"\nwrote {os.path.relpath(out, ROOT)} in {results['seconds']} s")
    if args.check:
        problems = report.problems(results) + frames.problems(results) + steps.problems(failures)
        problems += robust.problems(results.get("robust"), skipped=args.no_robust or bool(args.sets))
        for problem in problems:
            print(f"bench check: {problem}", file=sys.stderr)
        return 1 if problems else 0
    return 0


def only_postgres(args, config, names):
    """``--sizes pg10M`` (or ``pg100k``): issue 26's figures through the pty (``postgres_flows``), written
    to bench/results-pg.json (quick: results-pg-quick.json) unless ``--out`` says otherwise."""
    binary = os.path.join(args.bin_dir, "bulletin")
    started = time.time()
    results = {"mode": "quick" if args.quick else "full", "binary": os.path.relpath(binary, ROOT), "machine": machine(),
               "terminal": f"{harness.COLUMNS}x{harness.ROWS} xterm-256color", "failures": []}
    results["postgres"] = postgres_flows.run_sets(binary, names, args.quick, config, results["failures"])
    results["machine"]["load_average_end"] = os.getloadavg()
    results["seconds"] = round(time.time() - started, 1)
    out = args.out or os.path.join(ROOT, "bench", "results-pg-quick.json" if args.quick else "results-pg.json")
    with open(out, "w") as file:
        json.dump(results, file, indent=2)
    print("\n".join(postgres_flows.table(results["postgres"]) + steps.table(results["failures"])))
    print(f"\nwrote {os.path.relpath(out, ROOT)} in {results['seconds']} s")
    return 1 if args.check and steps.problems(results["failures"]) else 0


def only_sqlite(args, config, names):
    """``--sizes sqlite10M`` (only SQLite sets): issue 25's figures alone (``sqlite_flows``), with their
    targets (``targets25``), written to bench/results-sqlite.json (quick: results-sqlite-quick.json)
    unless ``--out`` says otherwise. ``--check`` fails when a step failed."""
    binary = os.path.join(args.bin_dir, "bulletin")
    started = time.time()
    results = {"mode": "quick" if args.quick else "full", "binary": os.path.relpath(binary, ROOT),
               "machine": machine(), "terminal": f"{harness.COLUMNS}x{harness.ROWS} xterm-256color",
               "quiet_window_s": harness.QUIET, "failures": []}
    results["sqlite"] = sqlite_flows.run_sets(binary, names, args.quick, config, results["failures"])
    results["targets_25"] = targets25.targets(results)
    results["machine"]["load_average_end"] = os.getloadavg()
    results["seconds"] = round(time.time() - started, 1)
    out = args.out or os.path.join(ROOT, "bench", "results-sqlite-quick.json" if args.quick else "results-sqlite.json")
    with open(out, "w") as file:
        json.dump(results, file, indent=2)
    print("\n".join(sqlite_flows.table(results["sqlite"]) + targets25.table(results) + steps.table(results["failures"])))
    print(f"\nwrote {os.path.relpath(out, ROOT)} in {results['seconds']} s")
    if args.check:
        for problem in steps.problems(results["failures"]):
            print(f"bench check: {problem}", file=sys.stderr)
        return 1 if results["failures"] else 0
    return 0


def save_export_sets(config):
    """The data sets of the save and export figures: 100k and 1M (quick: the 5k file), 5 and 3 runs."""
    runs = {"100k": 5, "1M": 3, "3M": 2, "5k": 2}
    return [(name, posts, runs[name]) for name, posts, _ in config["sets"] if name in runs]


def only_save_export(args, config):
    """``--only save,export``: the save and export figures alone, written to bench/results-save.json
    (quick: results-save-quick.json) unless ``--out`` says otherwise."""
    unknown = set(args.only.split(",")) - {"save", "export"}
    if unknown:
        print(f"--only: no part {', '.join(sorted(unknown))} (parts: save, export)", file=sys.stderr)
        return 2
    sets = save_export_sets(config)
    if args.sets:
        sets = [entry for entry in sets if entry[0] in args.sets.split(",")]
    started = time.time()
    results = {"mode": "quick" if args.quick else "full", "machine": machine(),
               "save_export": save_export.run(args.bin_dir, sets, data_file)}
    results["machine"]["load_average_end"] = os.getloadavg()
    results["seconds"] = round(time.time() - started, 1)
    out = args.out or os.path.join(ROOT, "bench", "results-save-quick.json" if args.quick else "results-save.json")
    with open(out, "w") as file:
        json.dump(results, file, indent=2)
    print(save_export.table(results["save_export"], judged=not args.quick))
    print(f"\nwrote {os.path.relpath(out, ROOT)} in {results['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
