"""Issue 26's load (``make bench SIZES=pgload``, or ``python3 bench/postgres_load.py``): 20 editors
(``bulletin-bench --pg-load``: Bulletin's SQL layer, each its own connection) save titles of
random posts of a 1,000,000-post PostgreSQL database for 60 s, four saves in five on a hot set of
100 posts so that editors meet.

The server is started here as the tests start theirs: ``initdb`` as the ``postgres`` system user
into a temporary directory, a Unix socket there and a free port on 127.0.0.1, stopped and removed
at the end. The posts are made by ``generate_series``; a trigger writes every committed change of
a title to ``title_log`` (the server's own record of what happened), which is the proof:

* every accepted save is in the log exactly once (none lost, none applied twice);
* each logged change was made on the title it replaced (the save's ``from`` is the log's
  ``old_title``): no save wrote over a change it had not seen, so none was lost to another;
* nothing is in the log that no editor had accepted;
* each post's title now is the last logged change of it.

Prints the figures (saves a second, p50/p95 save latency, conflicts asked) and the checks, and
writes them to bench/results-pgload.json.
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = "/usr/lib/postgresql/15/bin"


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A PostgreSQL cluster in a temporary directory, trusting local logins."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="bulletin-pgload-")
        os.chmod(self.directory, 0o755)
        shutil.chown(self.directory, "postgres", "postgres")
        self.data = os.path.join(self.directory, "data")
        run(["runuser", "-u", "postgres", "--", BIN + "/initdb", "-D", self.data, "-U", "postgres", "-A", "trust",
             "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
        self.port = free_port()
        options = (f"-k {self.directory} -p {self.port} -c listen_addresses=127.0.0.1 -c max_connections=60 "
                   "-c shared_buffers=256MB -c fsync=off -c synchronous_commit=off")
        run(["runuser", "-u", "postgres", "--", BIN + "/pg_ctl", "-D", self.data, "-o", options,
             "-l", os.path.join(self.directory, "log"), "-w", "start"])

    def url(self, database="postgres"):
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def psql(self, sql, database="bench"):
        """`sql`'s output (`-At`); the SQL goes on stdin, as one argument may hold at most 128 KiB
        (a check's `IN (…)` of every changed post's id is longer)."""
        return run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(self.port),
                    "-U", "postgres", "-d", database, "-f", "-"], input=sql).stdout

    def stop(self):
        subprocess.run(["runuser", "-u", "postgres", "--", BIN + "/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)


SCHEMA = """
CREATE TABLE users (id integer PRIMARY KEY, name text NOT NULL, username text, email text);
CREATE TABLE posts (id integer PRIMARY KEY, user_id integer REFERENCES users(id), title text, body text);
CREATE TABLE title_log (n bigserial PRIMARY KEY, post integer, old_title text, new_title text);
INSERT INTO users SELECT g, 'User ' || g, 'u' || g, 'u' || g || '@example.org' FROM generate_series(1, 10000) g;
INSERT INTO posts SELECT g, (g % 10000) + 1, 'title ' || g, 'body of post ' || g FROM generate_series(1, {posts}) g;
CREATE FUNCTION log_title() RETURNS trigger AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title THEN
    INSERT INTO title_log (post, old_title, new_title) VALUES (NEW.id, OLD.title, NEW.title);
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER posts_title_log AFTER UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION log_title();
ANALYZE;
"""


def check(server, accepted_path):
    """The proof against the server's log; returns (checks, problems)."""
    accepted = [json.loads(line) for line in open(accepted_path) if line.strip()]
    log = [line.split("|", 3) for line in server.psql("SELECT n, post, old_title, new_title FROM title_log ORDER BY n").splitlines()]
    logged = {}
    for n, post, old, new in log:
        logged.setdefault(new, []).append((int(post), old))
    problems = []
    for save in accepted:
        entries = logged.get(save["to"], [])
        if len(entries) != 1:
            problems.append(f"accepted save {save} is in the log {len(entries)} times")
        elif entries[0] != (save["post"], save["from"]):
            problems.append(f"accepted save {save} was logged as {entries[0]}: it wrote over a change it had not seen")
    accepted_titles = {save["to"] for save in accepted}
    phantom = [new for new in logged if new not in accepted_titles]
    if phantom:
        problems.append(f"{len(phantom)} changes in the log that no editor accepted, such as {phantom[:3]}")
    last = {}
    for n, post, old, new in log:
        last[int(post)] = new
    if last:
        ids = ",".join(str(post) for post in last)
        now = dict(line.split("|", 1) for line in server.psql(f"SELECT id, title FROM posts WHERE id IN ({ids})").splitlines())
        wrong = [post for post, title in last.items() if now.get(str(post)) != title]
        if wrong:
            problems.append(f"{len(wrong)} posts whose title is not their last logged change, such as {wrong[:3]}")
    checks = {"accepted": len(accepted), "logged": len(log), "posts_changed": len(last), "problems": len(problems)}
    return checks, problems


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--posts", type=int, default=1_000_000)
    parser.add_argument("--hot", type=int, default=100)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "bulletin-bench"))
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "results-pgload.json"))
    args = parser.parse_args(argv)
    server = Server()
    try:
        started = time.monotonic()
        server.psql("CREATE DATABASE bench", database="postgres")
        server.psql(SCHEMA.replace("{posts}", str(args.posts)))
        load_seconds = time.monotonic() - started
        accepted = os.path.join(server.directory, "accepted.jsonl")
        output = run([args.binary, "--pg-load", server.url("bench"), accepted, "--clients", str(args.clients),
                      "--seconds", str(args.seconds), "--posts", str(args.posts), "--hot", str(args.hot)]).stdout
        report = json.loads(output)
        checks, problems = check(server, accepted)
        result = {"load": report, "checks": checks, "problems": problems[:20], "posts": args.posts, "hot": args.hot,
                  "database_seconds": round(load_seconds, 1)}
        with open(args.out, "w") as f:
            json.dump(result, f, indent=2, sort_keys=True)
        print(f"{args.posts:,} posts made in {load_seconds:.1f} s; {report['clients']} editors for {report['seconds']:.1f} s")
        print(f"saves: {report['saves']:,} ({report['savesPerSecond']:.0f}/s), p50 {report['p50Milliseconds']:.2f} ms, "
              f"p95 {report['p95Milliseconds']:.2f} ms, conflicts asked {report['conflicts']:,}, failures {len(report['failures'])}")
        print(f"checks: {checks['accepted']:,} accepted, {checks['logged']:,} in the server's log, "
              f"{checks['posts_changed']:,} posts changed, problems: {len(problems)}")
        for problem in problems[:20]:
            print("  " + problem)
        for failure in report["failures"][:5]:
            print("  failure: " + failure)
        return 1 if problems or report["failures"] else 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
