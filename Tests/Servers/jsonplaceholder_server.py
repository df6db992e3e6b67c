#!/usr/bin/env python3
"""A small JSONPlaceholder-compatible API on 127.0.0.1, for Bulletin's tests.

Serves the arrays of a json-server ``db.json`` (``--db FILE``) or of every ``*.json`` file
holding a top-level array in a directory (``--dir DIR``, collection name = file stem):

    GET /users              all users          GET /users/{id}      one user
    GET /posts?userId=N     filtered (any field=value pairs, compared as text)
    GET /posts/{id}         one post           GET /comments?postId=N, /comments

Unknown paths and ids answer 404 with the body ``{}`` (as JSONPlaceholder does).

Once listening it prints exactly one line, ``PORT <n>``, to stdout and flushes it. It exits
when its stdin closes (the launching test died or closed the pipe) or on SIGTERM; pass
``--keep-running`` to ignore stdin when starting it by hand in the background.

    python3 jsonplaceholder_server.py --dir ../shared/data/jsonplaceholder --port 0

Python 3 standard library only. Fault injection (delays, status codes) is to come.
"""

import argparse
import json
import os
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlsplit


def load_collections(args):
    """Returns {name: [record, ...]} from --db or --dir."""
    if args.db:
        with open(args.db, encoding="utf-8") as f:
            db = json.load(f)
        return {name: value for name, value in db.items() if isinstance(value, list)}
    collections = {}
    for entry in sorted(os.listdir(args.dir)):
        if not entry.endswith(".json"):
            continue
        with open(os.path.join(args.dir, entry), encoding="utf-8") as f:
            value = json.load(f)
        if isinstance(value, list):
            collections[entry[: -len(".json")]] = value
    return collections


def as_text(value):
    """The text json-server compares filters and ids by."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


def make_handler(collections):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            status, body = self.route()
            data = json.dumps(body, indent=2, ensure_ascii=False).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def route(self):
            url = urlsplit(self.path)
            parts = [unquote(p) for p in url.path.split("/") if p]
            if not parts or parts[0] not in collections or len(parts) > 2:
                return 404, {}
            records = collections[parts[0]]
            if len(parts) == 2:
                match = [r for r in records if as_text(r.get("id")) == parts[1]]
                return (200, match[0]) if match else (404, {})
            for key, value in parse_qsl(url.query, keep_blank_values=True):
                if not key.startswith("_"):
                    records = [r for r in records if as_text(r.get(key)) == value]
            return 200, records

        def log_message(self, format, *args):  # keep test output quiet
            pass

    return Handler


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--db", help="a json-server db.json file")
    source.add_argument("--dir", help="a directory of <collection>.json array files")
    parser.add_argument("--port", type=int, default=0, help="0 lets the OS pick a free port")
    parser.add_argument("--keep-running", action="store_true", help="do not exit when stdin closes")
    args = parser.parse_args(argv)

    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(load_collections(args)))
    server.daemon_threads = True
    # A launcher on a libdispatch worker thread hands down its blocked signals; unblock
    # them so SIGTERM really stops the server.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    if not args.keep_running:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv[1:])
