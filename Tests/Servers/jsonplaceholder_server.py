#!/usr/bin/env python3
"""A small JSONPlaceholder-compatible API on 127.0.0.1, for Bulletin's tests.

Serves the arrays of a json-server ``db.json`` (``--db FILE``) or of every ``*.json`` file
holding a top-level array in a directory (``--dir DIR``, collection name = file stem):

    GET /users              all users          GET /users/{id}      one user
    GET /posts?userId=N     filtered (any field=value pairs, compared as text)
    GET /posts/{id}         one post           GET /comments?postId=N, /comments

Unknown paths and ids answer 404 with the body ``{}`` (as JSONPlaceholder does).

Writes are kept in memory, as json-server keeps them (until the server stops):

    POST   /posts           JSON body; the record gets id = largest numeric id + 1; 201 with the record
    PUT    /posts/{id}      replaces the record (id kept); 200 with it      404 {} when missing
    PATCH  /posts/{id}      merges the body into the record; 200 with it    404 {} when missing
    DELETE /posts/{id}      removes it; 200 {}                              404 {} when missing

With ``--no-persist`` it answers writes as the public JSONPlaceholder does but keeps nothing:
POST answers 201 with the body and id = count + 1 (101 for 100 posts), PUT/PATCH 200 with the
body merged over the record (500 when there is none), DELETE 200 ``{}``.

Once listening it prints exactly one line, ``PORT <n>``, to stdout and flushes it. It exits
when its stdin closes (the launching test died or closed the pipe) or on SIGTERM; pass
``--keep-running`` to ignore stdin when starting it by hand in the background.

    python3 jsonplaceholder_server.py --dir ../shared/data/jsonplaceholder --port 0

Fault injection and request log (control endpoints, never faulted or logged themselves):

    POST /__control/faults    body: one rule (JSON object) or a list; appended to the rules
    POST /__control/reset     forgets every rule and every logged request
    GET  /__control/requests  the logged requests: [{"method", "path", "headers": {...}}, ...]

A rule applies to requests whose path (without the query) equals ``path`` (``"*"`` for
any), for its first ``times`` matches (default: every one). Its fields, all optional:
``status`` (int), ``headers`` (object), ``body`` (text sent instead of the JSON),
``delay`` (seconds before answering), and ``mode``:

    "html"      an HTML error page as the body          "truncate"  half the body, then close
    "drop"      close the connection without answering  "slow"      the body one byte at a time,
    "hang"      never answer (until the client gives up)            ``byte_delay`` s apart

``--style dummyjson`` answers in DummyJSON's envelopes instead (see ``api_styles.py``).

Behaviours of other json-server-like servers met in the wild (issue 12), switched on with
``--behave NAME[,NAME...]`` (repeatable); each mimics a real server's habit. The handler sees
them as the set ``behaviours``. Names are listed in ``BEHAVIOURS`` below with one line each.
The transport ones live in ``transport_behaviours.py``; ``redirect-elsewhere`` sends every request
to ``--redirect-base URL`` (another server started by the test, on another port).

Every JSON answer carries an ``ETag``; a request whose ``If-None-Match`` matches gets 304.

Python 3 standard library only.
"""

import argparse
import hashlib
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlsplit

from api_styles import dummyjson_route, github_route, load_github_recordings
import transport_behaviours


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


class Faults:
    """The fault rules and the request log, shared by the handler threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rules = []
        self.requests = []

    def add(self, rules):
        with self.lock:
            for rule in rules if isinstance(rules, list) else [rules]:
                self.rules.append(dict(rule, used=0))

    def reset(self):
        with self.lock:
            self.rules, self.requests = [], []

    def log(self, handler, body=None):
        with self.lock:
            entry = {"method": handler.command, "path": handler.path,
                     "headers": {k: v for k, v in handler.headers.items()}}
            if body is not None:
                entry["body"] = body.decode("utf-8", "replace")
            self.requests.append(entry)

    def take(self, path):
        """The first rule for ``path`` with uses left, counting this use; or None."""
        with self.lock:
            for rule in self.rules:
                times = rule.get("times")
                if rule.get("path") in ("*", path) and (times is None or rule["used"] < times):
                    rule["used"] += 1
                    return rule
        return None


# name -> what it mimics; every name accepted by --behave is listed here (issue 12).
BEHAVIOURS = {
    # transport (transport_behaviours.py)
    "redirect-301": "GET/POST/... /users, /posts, /comments answer 301 with the relative Location /users/",
    "redirect-302": "the collections answer 302 with the relative Location /users/ (and so on)",
    "redirect-307": "the collections answer 307 with the relative Location /users/ (and so on)",
    "redirect-308": "the collections answer 308 with the relative Location /users/ (and so on)",
    "trailing-slash-308": "every path without a trailing slash answers 308 to the same path with one (FastAPI-like)",
    "redirect-elsewhere": "every request answers 302 to the same path on --redirect-base (another origin)",
    "idle-close": "idle keep-alive connections are closed after 1 s",
    "http10": "answers are HTTP/1.0 with no Content-Length: the body ends when the connection closes",
    "endless-body": "GET on a collection streams records forever, no Content-Length",
    "endless-body-declared": "GET on a collection declares Content-Length 1 TB and streams records forever",
    "silent": "accepts connections and reads requests but never answers",
}

HTML_PAGE = b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>Bad gateway</body></html>"


def next_id(records):
    """The largest numeric id + 1 (json-server's rule for new records)."""
    numbers = [int(as_text(r.get("id"))) for r in records if as_text(r.get("id")).lstrip("-").isdigit()]
    return max(numbers, default=0) + 1


def apply_write(collections, method, parts, body, persist):
    """Answers a write to /collection or /collection/id: (status, body); changes ``collections`` if ``persist``."""
    if not parts or parts[0] not in collections or len(parts) > 2 or (len(parts) == 1) != (method == "POST"):
        return 404, {}
    records = collections[parts[0]]
    if method == "POST":
        if not isinstance(body, dict):
            return 400, {"error": "expected a JSON object"}
        record = dict(body, id=next_id(records) if persist else len(records) + 1)
        if persist:
            records.append(record)
        return 201, record
    match = [i for i, r in enumerate(records) if as_text(r.get("id")) == parts[1]]
    if not match:
        if persist:
            return 404, {}
        return (200, {}) if method == "DELETE" else (500, {})
    if method == "DELETE":
        if persist:
            del records[match[0]]
        return 200, {}
    if not isinstance(body, dict):
        return 400, {"error": "expected a JSON object"}
    old = records[match[0]]
    record = dict(old, **body) if method == "PATCH" or not persist else dict(body)
    record["id"] = old.get("id")
    if persist:
        records[match[0]] = record
    return 200, record


def make_handler(collections, faults, style="jsonplaceholder", recordings=None, fixtures=None, persist=True,
                 behaviours=frozenset(), redirect_base=None):
    store_lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = transport_behaviours.protocol(behaviours)
        timeout = transport_behaviours.idle_timeout(behaviours)

        def send_header(self, keyword, value):
            if keyword.lower() == "content-length" and transport_behaviours.drops_content_length(behaviours):
                return
            super().send_header(keyword, value)

        def do_GET(self):
            url = urlsplit(self.path)
            if url.path.startswith("/__control/"):
                return self.control(url.path)
            faults.log(self)
            if transport_behaviours.answer(self, behaviours, redirect_base):
                return
            rule = faults.take(url.path) or {}
            time.sleep(rule.get("delay", 0))
            mode = rule.get("mode")
            if mode == "hang":
                time.sleep(3600)
            if mode == "drop":
                self.close_connection = True
                return
            extra_headers = {}
            if style == "github":
                base = "http://%s" % self.headers.get("Host", "127.0.0.1")
                status, data, extra_headers = github_route(recordings, fixtures, self.path, base)
            else:
                with store_lock:
                    status, body = self.route()
                    data = json.dumps(body, indent=2, ensure_ascii=False).encode("utf-8")
            content_type = "application/json; charset=utf-8"
            recorded_etag = next((v for k, v in extra_headers.items() if k.lower() == "etag"), None)
            extra_headers = {k: v for k, v in extra_headers.items() if k.lower() not in ("etag", "content-type")}
            if "body" in rule:
                data = rule["body"].encode("utf-8")
            if mode == "html":
                data, content_type = HTML_PAGE, "text/html; charset=utf-8"
            status = rule.get("status", status)
            etag = recorded_etag or '"%s"' % hashlib.sha1(data).hexdigest()[:16]
            if status == 200 and self.headers.get("If-None-Match") == etag:
                status, data = 304, b""
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("ETag", etag)
            overrides = {name.lower() for name in rule.get("headers", {})}
            kept = [(k, v) for k, v in extra_headers.items() if k.lower() not in overrides]
            for name, value in kept + list(rule.get("headers", {}).items()):
                self.send_header(name, str(value))
            self.end_headers()
            self.write_body(data, mode, rule.get("byte_delay", 0.01))

        def write_body(self, data, mode, byte_delay):
            if mode == "truncate":
                self.wfile.write(data[: len(data) // 2])
                self.wfile.flush()
                self.close_connection = True
            elif mode == "slow":
                for index in range(len(data)):
                    self.wfile.write(data[index : index + 1])
                    self.wfile.flush()
                    time.sleep(byte_delay)
            else:
                self.wfile.write(data)

        def do_POST(self):
            url = urlsplit(self.path)
            if url.path.startswith("/__control/"):
                return self.control(url.path)
            self.write()

        def do_PUT(self):
            self.write()

        def do_PATCH(self):
            self.write()

        def do_DELETE(self):
            self.write()

        def write(self):
            url = urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            payload = self.rfile.read(length) if length else b""
            faults.log(self, payload)
            if transport_behaviours.answer(self, behaviours, redirect_base):
                return
            rule = faults.take(url.path) or {}
            if "status" in rule:
                return self.send_json(rule["status"], json.loads(rule.get("body") or "{}"))
            if style != "jsonplaceholder":
                return self.send_json(405, {"error": "read-only test server"})
            try:
                body = json.loads(payload) if payload else None
            except ValueError:
                return self.send_json(400, {"error": "malformed JSON"})
            parts = [unquote(p) for p in url.path.split("/") if p]
            with store_lock:
                status, answer = apply_write(collections, self.command, parts, body, persist)
            self.send_json(status, answer)

        def control(self, path):
            if path == "/__control/requests" and self.command == "GET":
                with faults.lock:
                    return self.send_json(200, list(faults.requests))
            length = int(self.headers.get("Content-Length") or 0)
            payload = self.rfile.read(length) if length else b""
            if path == "/__control/faults" and self.command == "POST":
                faults.add(json.loads(payload or b"[]"))
                return self.send_json(200, {"ok": True})
            if path == "/__control/reset" and self.command == "POST":
                faults.reset()
                return self.send_json(200, {"ok": True})
            self.send_json(404, {})

        def send_json(self, status, body):
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def route(self):
            if style == "dummyjson":
                return dummyjson_route(collections, self.path)
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
    parser.add_argument("--style", choices=["jsonplaceholder", "dummyjson", "github"], default="jsonplaceholder",
                        help="the API shape: JSONPlaceholder (default) or DummyJSON envelopes (see api_styles.py)")
    parser.add_argument("--fixtures", help="github style: a directory of extra answers by path")
    parser.add_argument("--keep-running", action="store_true", help="do not exit when stdin closes")
    parser.add_argument("--no-persist", action="store_true",
                        help="answer writes as the public JSONPlaceholder does, but keep nothing")
    parser.add_argument("--behave", action="append", default=[], metavar="NAME[,NAME...]",
                        help="switch on behaviours of other servers: " + ", ".join(sorted(BEHAVIOURS)))
    parser.add_argument("--redirect-base", metavar="URL",
                        help="redirect-elsewhere: the origin redirects go to, such as http://127.0.0.1:8001")
    args = parser.parse_args(argv)
    behaviours = frozenset(name for group in args.behave for name in group.split(",") if name)
    unknown = behaviours - set(BEHAVIOURS)
    if unknown:
        parser.error("unknown behaviour(s): " + ", ".join(sorted(unknown)))

    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(
            {} if args.style == "github" else load_collections(args), Faults(), args.style,
            load_github_recordings(args.dir) if args.style == "github" else None, args.fixtures,
            persist=not args.no_persist, behaviours=behaviours, redirect_base=args.redirect_base))
    server.daemon_threads = True
    # A client that gives up mid-answer (timeouts, cancelled loads) is normal here: stay quiet.
    server.handle_error = lambda request, address: None
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
