"""Issue 25's figures: a SQLite database of 10,000,000 posts driven through the pty (``make bench
SIZES=sqlite10M``; ``sqlite100k`` is the same flow on 100,000 posts, in seconds).

The databases are written by ``generate_sqlite.py`` (the schema ``bulletin import`` makes, FTS5
included) and cached under bench/data/. Each run of the app (``harness.Session``, release build,
``bulletin --data FILE open posts``) measures, in order:

* **spawn → first rows**: from the start of the process until the output holding post 1's title
  arrives (the windowed list draws its first window; the count comes later, shown as "…").
* **↓** (``DOWNS`` presses, each until its frame settles), **PgDn** (``PAGES`` presses), **End**
  (until the last post's title shows), **jump** (Home, the digits of ``JUMP_ID`` typed unmeasured,
  then Enter until the title of that post shows: the row was found by key).
* **filter keystroke on Title**: ``/`` then ``FILTER_QUERY`` one character at a time, each timed
  until the prompt's count (``12 of 10000000``; FTS5 answers it) replaces ``filtering…``; the
  first frame after each key is kept too. Esc clears it.
* **peak RSS**: VmHWM after all of the above, back on Home (``procmem``); the whole run's peak,
  Search included, is kept beside it (``run_peak_rss_bytes``).
* **Search**: Esc to Home, ``s`` until its corpus is loaded (no ``Loading posts and comments…``
  on the screen; stopped, and the step failed, when its VmRSS passes ``SEARCH_RSS_CAP``), then
  ``SEARCH_QUERY`` typed at a person's pace (``flows.search_typed``): typing stops → first results.

Rows are read off a model of the screen (``screen.Screen``) where a figure waits for text: ncurses
writes only the cells that changed, so a title or a count need not be in the bytes whole.

Then, in a session of its own per run, **save one edited post**: ``open posts/ID``, ``e``, Ctrl-U,
a new title typed, Ctrl-S timed until ``Saved post ID`` shows; the row is then read back with
``sqlite3`` (the title must be the typed one, the body as it was). And **import MB/s**: ``bulletin
import`` of the 1M-post db.json (``generate_data.py``; MB of JSON / wall seconds).

A step that cannot finish (a marker never shows: an app bug) is recorded by ``steps.step`` with
its reason, and its figures are missing, so the targets table says MISSED with that reason.
Python 3 standard library only.
"""

import os
import re
import sqlite3
import sys
import tempfile
import time

import flows
import generate_data
import generate_sqlite
import harness
import peers
import report
import run
import screen
import steps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
END_KEY = b"\x1bOF"             # End in keypad-transmit mode (kend=\EOF)
CTRL_U, CTRL_S = b"\x15", b"\x13"
DOWNS, PAGES, ENDS, JUMPS = 30, 5, 3, 3
FILTER_QUERY = "ferry"
SEARCH_QUERY = "ferry"
FILTER_COUNT = re.compile(r"[0-9] of [0-9]|no matches")   # the prompt's `12 of 10000000`, not `… of 10000000`
IMPORT_SETS = {"full": ("1M", 1_000_000), "quick": ("5k", 5_000)}   # the db.json imported for the MB/s figure
# Runs per data set (medians over them) and of the VisiData peer (sqlite10M only); quick mode: one run.
RUNS = {"sqlite100k": 3, "sqlite10M": 3}
PEER_RUNS = {"sqlite10M": 1}
SEARCH_RSS_CAP = 4e9            # bytes of VmRSS at which a Search still loading its corpus is stopped
FIGURES = ["spawn_first_rows_s", "run_peak_rss_bytes", "search_open_s", "down_s", "page_down_s", "end_s", "jump_s", "filter_key_s",
           "filter_rows_s", "filter_first_frame_s", "search_first_results_s", "search_final_s", "save_s", "peak_rss_bytes",
           "import_mb_per_s", "import_s"]


def title_of(path, post_id):
    """The title of post `post_id` in the database at `path`, read-only."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        return connection.execute("SELECT title FROM posts WHERE id = ?", (post_id,)).fetchone()[0]


class SQLiteTarget:
    """A SQLite database as the flows open it (``--data FILE``) and read rows back from it."""

    def __init__(self, path):
        self.path = path

    def args(self, route):
        return ["--data", self.path, "open", route]

    def title(self, post_id):
        return title_of(self.path, post_id)

    def row(self, post_id):
        """(title, body) of post `post_id`."""
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True) as connection:
            return connection.execute("SELECT title, body FROM posts WHERE id = ?", (post_id,)).fetchone()


def marker(title):
    """A title's first 12 characters as bytes: a marker any column width shows whole."""
    return title[:12].encode()


def shown_title(title):
    """The part of a title the Posts list shows whole at 120 columns (its first 40 characters)."""
    return title[:40]


def press(app, key, what, until=b"", limit=30.0):
    """One key (KEYS name or bytes) until its output settles showing `until`; its latency in seconds.
    Raises StepFailed naming `what` when that does not show within `limit` seconds."""
    written = time.perf_counter()
    os.write(app.fd, harness.KEYS.get(key, key) if isinstance(key, str) else key)
    try:
        _, last = app.settle(limit=limit, until=until)
    except TimeoutError:
        tail = bytes(app.output[-600:])
        raise steps.StepFailed(f"{what}: {until!r} not shown within {limit:g} s (last output {tail!r})") from None
    return last - written


def list_run(binary, target, rows, samples, quiet, limit):
    """One run of the Posts list flow (see the module's doc) on `target` (``SQLiteTarget``, or
    ``postgres_flows.PostgresTarget``); figures appended to `samples`."""
    first = shown_title(target.title(1))
    last = shown_title(target.title(rows))
    jump_id = rows // 2
    jumped = shown_title(target.title(jump_id))
    with harness.Session(binary, target.args("posts")) as app:
        samples["spawn_first_rows_s"].append(wait_shown(app, first, "open posts: post 1's title", limit, app.started))
        app.wait_quiet(quiet, limit=limit)                  # the count, the rest of the first frame
        stage_peak(app, samples, "open")
        for _ in range(DOWNS):
            samples["down_s"].append(press(app, "down", "↓"))
        for _ in range(PAGES):
            samples["page_down_s"].append(press(app, "page_down", "PgDn"))
        stage_peak(app, samples, "moves")
        for number in range(ENDS):
            if number:
                flows.press(app, "home", quiet, limit)
            samples["end_s"].append(key_until_shown(app, END_KEY, last, "End: the last post's title", limit))
            app.wait_quiet(harness.QUIET, limit=limit)
        stage_peak(app, samples, "end")
        for _ in range(JUMPS):
            flows.press(app, "home", quiet, limit)
            for digit in str(jump_id).encode():
                flows.press(app, bytes([digit]), harness.QUIET, limit)
            samples["jump_s"].append(key_until_shown(app, "enter", jumped, f"jump to {jump_id}: its title", limit))
            app.wait_quiet(harness.QUIET, limit=limit)
        stage_peak(app, samples, "jump")
        flows.press(app, "home", quiet, limit)
        flows.press(app, b"/", quiet, limit)
        for typed in range(1, len(FILTER_QUERY) + 1):
            first_frame, rows_in, arrived = filter_key(app, FILTER_QUERY[:typed], limit)
            samples["filter_first_frame_s"].append(first_frame)
            samples["filter_rows_s"].append(rows_in)
            samples["filter_key_s"].append(arrived)
            app.wait_quiet(harness.QUIET, limit=limit)
        samples["filter_status"].append(app.filter_status.split("▏", 1)[-1].split("⏎")[0].strip())
        stage_peak(app, samples, "filter")
        flows.press(app, "escape", quiet, limit)            # clears the filter, closes the prompt
        flows.press(app, "escape", quiet, limit)            # Posts → Home
        samples["peak_rss_bytes"].append(app.memory.snapshot(app.pid)["peak_rss_bytes"])
        samples["search_open_s"].append(open_search(app, limit))
        typed = flows.search_typed(app, SEARCH_QUERY, quiet, limit)
        samples["search_first_results_s"].append(typed["search_first_results_s"])
        samples["search_final_s"].append(typed["search_final_s"])
        samples["search_results"].append(typed["search_results"])
        flows.press(app, "escape", quiet, limit)
        samples["run_peak_rss_bytes"].append(app.quit())


STAGES = ["open", "moves", "end", "jump", "filter"]


def stage_peak(app, samples, stage):
    """VmHWM so far, after `stage` of the list flow (which part of the flow raised the peak)."""
    samples[f"peak_rss_after_{stage}_bytes"].append(app.memory.snapshot(app.pid)["peak_rss_bytes"])


def open_search(app, limit):
    """From Home: `s`, then waits until Search has its corpus (the status line no longer says
    `Loading posts and comments…`). A Search that reads every post and comment into memory
    would take the machine's memory at 10M: past SEARCH_RSS_CAP (VmRSS) the step fails, saying so."""
    os.write(app.fd, b"s")
    start = time.perf_counter()
    while True:
        chunk, _ = app._read(0.3)            # the spinner redraws every 0.125 s while it loads
        lines = screen_lines(app)
        line = lines[-1]
        if not chunk and "Search" in lines[0] and not any("Loading" in row for row in lines):
            return time.perf_counter() - start
        rss = harness.procmem.read_status(app.pid).get("VmRSS", 0)
        spent = time.perf_counter() - start
        if rss > SEARCH_RSS_CAP or spent > limit:
            app.kill("Search's memory cap")
            raise steps.StepFailed(f"Search: still {line.split('  ')[-1].strip()!r} after {spent:.0f} s with VmRSS "
                                   f"{rss / 1e9:.1f} GB (cap {SEARCH_RSS_CAP / 1e9:g} GB): it reads every post and "
                                   "comment into memory instead of querying the FTS5 indexes")


def screen_lines(app):
    """The rows of the screen as the app's output so far draws it (``screen.Screen``)."""
    model = getattr(app, "screen_model", None)
    if model is None:
        model = app.screen_model = screen.Screen(harness.ROWS, harness.COLUMNS)
        app.screen_fed = 0
    model.feed(app.output[app.screen_fed:])
    app.screen_fed = len(app.output)
    return [model.line(row) for row in range(harness.ROWS)]


def status_line(app):
    """The bottom row of the screen (the footer, the `/` prompt and its count)."""
    return screen_lines(app)[-1]


def key_until_shown(app, key, text, what, limit):
    """Writes `key` and waits until a row of the screen shows `text` (ncurses may write only the
    cells that changed, so the bytes need not hold it whole); returns the seconds to the arrival
    of the output that completed it. Raises StepFailed naming `what` after `limit` seconds."""
    screen_lines(app)
    written = time.perf_counter()
    os.write(app.fd, harness.KEYS.get(key, key) if isinstance(key, str) else key)
    return wait_shown(app, text, what, limit, written)


def wait_shown(app, text, what, limit, since):
    """The arrival time (minus `since`) of the output after which a row shows `text`; StepFailed after `limit` s."""
    start = time.perf_counter()
    while True:
        chunk, at = app._read(min(0.5, max(0.0, limit - (time.perf_counter() - start))))
        if chunk and any(text in line for line in screen_lines(app)):
            return at - since
        if time.perf_counter() - start > limit:
            shown = "\n".join(screen_lines(app))
            raise steps.StepFailed(f"{what}: {text!r} not on the screen within {limit:g} s; the screen shows:\n{shown}")


def filter_key(app, prefix, limit):
    """Types the last character of `prefix` in the open `/` prompt; returns (seconds to the first
    frame after it; seconds until the filtered rows are shown: the status line holds the prompt
    with `prefix` and no longer says `filtering…`, which it says from the key until the first rows
    of the new filter are drawn, in the same frame; seconds until it shows a count (`1690 of
    10000000`, or `no matches`), not `… of 10000000`). Raises StepFailed after `limit` s."""
    status_line(app)
    written = time.perf_counter()
    os.write(app.fd, prefix[-1].encode())
    first, rows, start, at = None, None, time.perf_counter(), None
    while True:
        line = status_line(app)
        if first is not None and f"/{prefix}" in line and "filtering" not in line:
            rows = rows if rows is not None else at
            if FILTER_COUNT.search(line):
                app.filter_status = line
                return first - written, rows - written, at - written
        if time.perf_counter() - start > limit:
            raise steps.StepFailed(f"filter {prefix!r}: the status line never showed a count within {limit:g} s; "
                                   f"it shows {line!r}")
        chunk, at = app._read(0.5)
        if chunk and first is None:
            first = at


def save_run(binary, target, post_id, samples, quiet, limit):
    """`open posts/ID`, `e`, a new title, Ctrl-S until `Saved post ID`; then the row is checked where it lives."""
    title, body = target.row(post_id)
    new = f"bench edit {post_id} {int(time.time())}"
    with harness.Session(binary, target.args(f"posts/{post_id}")) as app:
        try:
            app.settle(limit=limit, until=marker(title), quiet=quiet)
        except TimeoutError:
            raise steps.StepFailed(f"open posts/{post_id}: its title {marker(title)!r} not shown") from None
        press(app, b"e", "e on the post: the edit form", until=f"Edit post {post_id}".encode(), limit=limit)
        flows.press(app, CTRL_U, quiet, limit)
        for character in new.encode():
            os.write(app.fd, bytes([character]))
            app._read(0.005)
        app.wait_quiet(quiet, limit=limit)
        samples["save_s"].append(press(app, CTRL_S, "Ctrl-S: the saved note", until=f"Saved post {post_id}".encode(),
                                       limit=limit))
        app.quit()
    row = target.row(post_id)
    if row != (new, body):
        raise steps.StepFailed(f"save post {post_id}: the row holds {row[0]!r} (body kept: {row[1] == body}), "
                               f"not the typed title {new!r}")


def import_runs(binary, runs, samples, mode="full"):
    """`bulletin import` of the 1M-post db.json (quick: 5k; generated when missing) `runs` times: MB of JSON / wall s."""
    name, posts = IMPORT_SETS[mode]
    source = os.path.join(generate_sqlite.DATA_DIR, f"posts-{name.lower()}.json")
    if not os.path.exists(source):
        print(f"generating {source} ({posts} posts)…", file=sys.stderr, flush=True)
        generate_data.generate_file(source, posts)
    size = os.path.getsize(source)
    with tempfile.TemporaryDirectory(prefix="bulletin-import-", dir=generate_sqlite.DATA_DIR) as directory:
        out = os.path.join(directory, "import.sqlite")
        for _ in range(runs):
            started = time.perf_counter()
            steps.command([binary, "import", source, out, "--force"])
            seconds = time.perf_counter() - started
            samples["import_s"].append(seconds)
            samples["import_mb_per_s"].append(size / 1e6 / seconds)
    return {"file": os.path.relpath(source, ROOT), "bytes": size}


def measure_set(binary, name, runs, config, failures, mode="full"):
    """Every figure of one SQLite data set: {file, bytes, posts, runs, figures: {name: {median, p95, n}}}."""
    path = generate_sqlite.ensure(name)
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        rows = connection.execute("SELECT max(id) FROM posts").fetchone()[0]
    samples = {figure: [] for figure in FIGURES + ["filter_status", "search_results"]
               + [f"peak_rss_after_{stage}_bytes" for stage in STAGES]}
    limit, quiet = config["load_limit"], config["idle_quiet"]
    for number in range(runs):
        print(f"  {name}: run {number + 1}/{runs}", file=sys.stderr, flush=True)
        with steps.step(f"{name}: Posts list run {number + 1}", config["step_limit"], failures):
            list_run(binary, SQLiteTarget(path), rows, samples, quiet, limit)
        with steps.step(f"{name}: save one edited post, run {number + 1}", config["step_limit"], failures):
            save_run(binary, SQLiteTarget(path), rows - 10 - number, samples, quiet, limit)
    result = {"file": os.path.relpath(path, ROOT), "bytes": os.path.getsize(path), "posts": rows, "runs": runs}
    with steps.step(f"{name}: import of the {IMPORT_SETS[mode][0]}-post db.json", config["step_limit"], failures):
        result["import"] = import_runs(binary, runs, samples, mode)
    result["filter_status"], result["search_results"] = samples.pop("filter_status"), samples.pop("search_results")
    result["filter_per_character"] = run.per_character(samples["filter_key_s"], FILTER_QUERY)
    result["filter_rows_per_character"] = run.per_character(samples["filter_rows_s"], FILTER_QUERY)
    result["figures"] = {figure: report.summarize(values) for figure, values in samples.items()}
    result["startup_baseline_s"] = run.startup_baseline(binary, 5)
    return result


def table(sets):
    """The SQLite figures as a Markdown table: medians / p95 in ms (RSS in MB, import in MB/s)."""
    def cell(figures, name, scale):
        figure = figures.get(name) or {}
        if figure.get("median") is None:
            return "–"
        return f"{figure['median'] * scale:.3g} / {figure['p95'] * scale:.3g}"

    lines = ["", "SQLite (issue 25; bulletin --data FILE open posts, release build, through the pty): median / p95", "",
             "| data set | file GB | spawn → first rows ms | ↓ ms | PgDn ms | End ms | jump ms | filter key → rows ms "
             "| filter key → count ms | filter key → first frame ms | Search stops → first results ms | save ms | peak RSS MB | import MB/s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in sets.items():
        f = r["figures"]
        lines.append(f"| {name} | {r['bytes'] / 1e9:.2f} | " + " | ".join([
            cell(f, "spawn_first_rows_s", 1e3), cell(f, "down_s", 1e3), cell(f, "page_down_s", 1e3),
            cell(f, "end_s", 1e3), cell(f, "jump_s", 1e3), cell(f, "filter_rows_s", 1e3), cell(f, "filter_key_s", 1e3),
            cell(f, "filter_first_frame_s", 1e3), cell(f, "search_first_results_s", 1e3), cell(f, "save_s", 1e3),
            cell(f, "peak_rss_bytes", 1e-6), cell(f, "import_mb_per_s", 1)]) + " |")
    return lines


VD_VENV = os.path.join(ROOT, "bench", ".venv-vd")
VISIDATA = "visidata>=3.4,<4"
VD_RSS_AFTER_S = 30.0


def visidata_run(vd, path, samples, limit):
    """VisiData on the database: spawn → its table list (the sheet naming `posts`), then `/^posts$`
    Enter (the cursor on the posts table, unmeasured) and Enter timed until post 1's title shows;
    then its RSS `VD_RSS_AFTER_S` seconds later (it goes on loading the table whole meanwhile)."""
    first = marker(title_of(path, 1))
    with harness.Session(vd, [path]) as app:
        app.settle(limit=limit, until=b"posts_fts", quiet=0.3)
        samples["index_sheet_s"].append(time.perf_counter() - app.started)
        flows.press(app, b"/", 0.2, limit)
        for character in b"^posts$":
            flows.press(app, bytes([character]), 0.05, limit)
        flows.press(app, "enter", 0.3, limit)
        written = time.perf_counter()
        os.write(app.fd, harness.KEYS["enter"])
        try:
            arrived = run.marker_arrival(app, first, limit)
        except TimeoutError:
            raise steps.StepFailed(f"VisiData: post 1's title {first!r} not shown within {limit:g} s") from None
        samples["first_rows_s"].append(arrived - written)
        samples["spawn_first_rows_s"].append(arrived - app.started)
        end = arrived + VD_RSS_AFTER_S
        while time.perf_counter() < end:
            app._read(end - time.perf_counter())
        samples["rss_after_s_bytes"].append(harness.procmem.read_status(app.pid).get("VmRSS"))
        samples["peak_rss_bytes"].append(app.close())


def visidata_peer(path, runs, limit, failures, name):
    """{first_rows_s, spawn_first_rows_s, index_sheet_s, rss_after_s_bytes, peak_rss_bytes} of VisiData on
    `path`, or {"missing": why} when it cannot be installed."""
    vd, why = peers.ensure_visidata(VD_VENV, VISIDATA)
    if vd is None:
        return {"missing": why}
    samples = {key: [] for key in ("first_rows_s", "spawn_first_rows_s", "index_sheet_s", "rss_after_s_bytes",
                                   "peak_rss_bytes")}
    for number in range(runs):
        with steps.step(f"{name}: VisiData peer run {number + 1}", limit + VD_RSS_AFTER_S + 60, failures):
            visidata_run(vd, path, samples, limit)
    summary = {key: report.summarize([v for v in values if v is not None]) for key, values in samples.items()}
    summary["version"] = VISIDATA
    return summary


def run_sets(binary, names, quick, config, failures):
    """Every SQLite data set of `names` ({name: measure_set's result}, with VisiData beside sqlite10M
    in full mode); quick mode: one run each, no peer."""
    results = {}
    for name in names:
        runs = 1 if quick else RUNS[name]
        results[name] = measure_set(binary, name, runs, config, failures, "quick" if quick else "full")
        if not quick and name in PEER_RUNS:
            print(f"  {name}: VisiData peer", file=sys.stderr, flush=True)
            results[name]["visidata"] = visidata_peer(generate_sqlite.ensure(name), PEER_RUNS[name],
                                                      config["load_limit"], failures, name)
    return results
