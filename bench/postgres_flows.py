"""Issue 26's figures through the pty (``make bench SIZES=pg10M``; ``pg100k`` the same on 100,000
posts): the Posts list of a PostgreSQL database, driven as ``sqlite_flows`` drives a SQLite file
(spawn → first rows, ↓, PgDn, End, a jump by id, the ``/`` filter a key at a time, Search, peak
RSS, one save checked in the row), with ``bulletin --db postgres://… open posts``; then, with the
triggers ``bulletin db install-notify`` puts in, ``--live``: psql's change → the frame showing it.

The server is started for the run (``postgres_load.Server``: a temporary directory, 127.0.0.1 and
a port the OS picked, removed at the end). Users, posts and comments are the records
``generate_sqlite.rows`` makes (the SQLite sets' own), streamed into ``COPY``; the posts' titles
get a ``pg_trgm`` GIN index (the filter's), then ``ANALYZE``. Beside the app, **psql's floor**:
``psql -c`` of the first page's query (40 posts by id with their authors), spawn to exit, the
least a separate process can take for the same rows.
"""

import csv
import io
import json
import os
import subprocess
import sys
import time

import generate_data
import generate_sqlite
import harness
import postgres_load
import report
import sqlite_flows
import steps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = {"pg100k": 100_000, "pg10M": 10_000_000}
RUNS = {"pg100k": 3, "pg10M": 3}
SCHEMA = """
CREATE EXTENSION pg_trgm;
CREATE TABLE users (id integer PRIMARY KEY, name text NOT NULL, username text, email text, phone text, website text,
                    address jsonb, company jsonb);
CREATE TABLE posts (id integer PRIMARY KEY, "userId" integer, title text, body text);
CREATE TABLE comments (id integer PRIMARY KEY, "postId" integer, name text, email text, body text);
"""
INDEXES = """
CREATE INDEX posts_user ON posts ("userId");
CREATE INDEX comments_post ON comments ("postId");
CREATE INDEX posts_title_trgm ON posts USING gin (title gin_trgm_ops);
ANALYZE;
"""
COLUMNS = {"users": ["id", "name", "username", "email", "phone", "website", "address", "company"],
           "posts": ["id", "userId", "title", "body"], "comments": ["id", "postId", "name", "email", "body"]}


class PostgresTarget:
    """The database as the flows open it (``--db URL``) and read rows back from it (psql)."""

    def __init__(self, server):
        self.server = server
        self.url = server.url("bench")

    def args(self, route):
        return ["--db", self.url, "open", route]

    def title(self, post_id):
        return self.server.psql(f"SELECT title FROM posts WHERE id = {int(post_id)}").rstrip("\n")

    def row(self, post_id):
        out = self.server.psql(f"SELECT json_build_array(title, body) FROM posts WHERE id = {int(post_id)}")
        return tuple(json.loads(out))


def copy(server, kind, records):
    """Streams `records` into `kind`'s table with one ``COPY … FROM STDIN (FORMAT csv)``."""
    columns = COLUMNS[kind]
    command = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(server.port), "-U", "postgres",
               "-d", "bench", "-c", f"COPY {kind} ({', '.join(chr(34) + c + chr(34) for c in columns)}) FROM STDIN (FORMAT csv)"]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
    text = io.TextIOWrapper(process.stdin, encoding="utf-8", newline="")
    writer = csv.writer(text)
    for record in records:
        writer.writerow([json.dumps(record[c]) if isinstance(record.get(c), (dict, list)) else record.get(c) for c in columns])
    text.close()
    if process.wait() != 0:
        raise RuntimeError(f"COPY {kind} failed: {process.stderr.read().decode()}")


def load(server, posts):
    """The set's users, posts and comments in database `bench` of `server`; seconds taken."""
    started = time.monotonic()
    server.psql("CREATE DATABASE bench", database="postgres")
    server.psql(SCHEMA)
    for kind in ["users", "posts", "comments"]:
        copy(server, kind, generate_sqlite.rows(kind, posts, generate_data.DEFAULT_SEED))
    server.psql(INDEXES)
    # Vacuumed once loaded, as a database in use is: otherwise autovacuum takes a core for
    # minutes after a load of 10M rows, beside the app being measured.
    server.psql("VACUUM (ANALYZE)")
    return time.monotonic() - started


def psql_floor(server, runs=5):
    """psql's spawn → exit for the first page's query, `runs` times (seconds)."""
    query = ('SELECT p.id, p."userId", p.title, u.name FROM posts p LEFT JOIN users u ON u.id = p."userId" '
             "ORDER BY p.id LIMIT 40")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        server.psql(query)
        times.append(time.perf_counter() - started)
    return times


LIVE_CHANGES = 10


def live_run(binary, server, target, samples, quiet, limit):
    """``--live``: a psql session, connected once, renames post 2 `LIVE_CHANGES` times while
    Bulletin shows the Posts list; each figure is from the statement written to psql to the
    frame that shows the new title (the COMMIT, the NOTIFY, Bulletin's gathering of 100 ms, the
    window read again, the frame)."""
    with harness.Session(binary, ["--live"] + target.args("posts")) as app:
        sqlite_flows.wait_shown(app, "[live]", "--live: the header's [live]", limit, app.started)
        app.wait_quiet(quiet, limit=limit)
        session = subprocess.Popen(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(server.port),
                                    "-U", "postgres", "-d", "bench"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        try:
            for number in range(LIVE_CHANGES):
                title = f"live change {number} from psql"
                written = time.perf_counter()
                session.stdin.write(f"UPDATE posts SET title = '{title}' WHERE id = 2;\n")
                session.stdin.flush()
                samples["live_change_s"].append(sqlite_flows.wait_shown(app, title, "--live: psql's new title of post 2", limit, written))
                app.wait_quiet(harness.QUIET, limit=limit)
        finally:
            session.stdin.close()
            session.wait()
        app.quit()


def measure_set(binary, name, runs, config, failures):
    """Every figure of one PostgreSQL set: {posts, runs, load_s, figures: {name: {median, p95, n}}}."""
    posts = SETS[name]
    server = postgres_load.Server()
    try:
        print(f"  {name}: loading {posts:,} posts and comments into PostgreSQL…", file=sys.stderr, flush=True)
        load_seconds = load(server, posts)
        target = PostgresTarget(server)
        samples = {figure: [] for figure in sqlite_flows.FIGURES + ["filter_status", "search_results", "psql_floor_s", "live_change_s"]
                   + [f"peak_rss_after_{stage}_bytes" for stage in sqlite_flows.STAGES]}
        limit, quiet = config["load_limit"], config["idle_quiet"]
        samples["psql_floor_s"] = psql_floor(server)
        for number in range(runs):
            print(f"  {name}: run {number + 1}/{runs}", file=sys.stderr, flush=True)
            with steps.step(f"{name}: Posts list run {number + 1}", config["step_limit"], failures):
                sqlite_flows.list_run(binary, target, posts, samples, quiet, limit)
            with steps.step(f"{name}: save one edited post, run {number + 1}", config["step_limit"], failures):
                sqlite_flows.save_run(binary, target, posts - 10 - number, samples, quiet, limit)
        # --live last: its triggers are on the tables from here on.
        installed = subprocess.run([binary, "db", "install-notify", target.url], capture_output=True, text=True)
        if installed.returncode != 0:
            failures.append({"step": f"{name}: bulletin db install-notify", "error": installed.stdout + installed.stderr})
        else:
            with steps.step(f"{name}: --live, psql renames post 2", config["step_limit"], failures):
                live_run(binary, server, target, samples, quiet, limit)
        result = {"posts": posts, "runs": runs, "load_s": round(load_seconds, 1),
                  "server": server.psql("SHOW server_version", database="postgres").strip()}
        result["filter_status"], result["search_results"] = samples.pop("filter_status"), samples.pop("search_results")
        result["figures"] = {figure: report.summarize(values) for figure, values in samples.items() if values}
        return result
    finally:
        server.stop()


def run_sets(binary, names, quick, config, failures):
    """{name: measure_set's result} for each PostgreSQL set of `names`; quick mode: one run each."""
    return {name: measure_set(binary, name, 1 if quick else RUNS[name], config, failures) for name in names}


def table(sets):
    """The figures as a Markdown table: medians / p95 in ms (RSS in MB)."""
    def cell(figures, key, scale):
        figure = figures.get(key) or {}
        return "–" if figure.get("median") is None else f"{figure['median'] * scale:.3g} / {figure['p95'] * scale:.3g}"

    lines = ["", "PostgreSQL (issue 26; bulletin --db postgres://… open posts, release build, through the pty): median / p95", "",
             "| data set | load s | psql floor ms | spawn → first rows ms | ↓ ms | PgDn ms | End ms | jump ms | filter key → rows ms "
             "| filter key → count ms | Search stops → first results ms | save ms | peak RSS MB | live: psql's change → frame ms |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in sets.items():
        f = r["figures"]
        lines.append(f"| {name} | {r['load_s']} | " + " | ".join([
            cell(f, "psql_floor_s", 1e3), cell(f, "spawn_first_rows_s", 1e3), cell(f, "down_s", 1e3), cell(f, "page_down_s", 1e3),
            cell(f, "end_s", 1e3), cell(f, "jump_s", 1e3), cell(f, "filter_rows_s", 1e3), cell(f, "filter_key_s", 1e3),
            cell(f, "search_first_results_s", 1e3), cell(f, "save_s", 1e3), cell(f, "peak_rss_bytes", 1e-6),
            cell(f, "live_change_s", 1e3)]) + " |")
    return lines
