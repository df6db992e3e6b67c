#!/usr/bin/env python3
"""A small JSONPlaceholder-compatible API on 127.0.0.1 (or ``--host 127.0.0.2``), for Bulletin's tests.

Serves the arrays of a json-server ``db.json`` (``--db FILE``) or of every ``*.json`` file
holding a top-level array in a directory (``--dir DIR``, collection name = file stem):

    GET /users              all users          GET /users/{id}      one user
    GET /posts?userId=N     filtered (any field=value pairs, compared as text)
    GET /posts/{id}         one post           GET /comments?postId=N, /comments

Unknown paths and ids answer 404 with the body ``{}`` (as JSONPlaceholder does).

Writes are kept in memory, as json-server keeps them (until the server stops):

    POST   /posts           JSON body; the record gets id = largest numeric id + 1, or keeps the
                            body's id (409 when taken, as a client-chosen id); 201 with the record
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
    GET  /__control/db        every collection exactly as stored now: {"posts": [...], ...}

A rule applies to requests whose path (without the query) equals ``path`` (``"*"`` for
any) and, when it has ``method``, whose method is that one, for its first ``times`` matches
(default: every one); a rule with nothing else lets its matches through unchanged. Its other
fields, all optional: ``status`` (int), ``headers`` (object), ``body`` (text sent instead of the JSON),
``delay`` (seconds before answering), and ``mode``:

    "html"      an HTML error page as the body          "truncate"  half the body, then close
    "drop"      close the connection without answering  "slow"      the body one byte at a time,
    "hang"      never answer (until the client gives up)            ``byte_delay`` s apart

A write (POST, PUT, PATCH, DELETE) takes ``status`` (answered instead with ``body``, as JSON or, when it is not JSON, as an error page; nothing written),
``mode: "drop"`` (the write is carried out, then the connection closes: its answer is lost) or
``mode: "error-after-write"`` (the write is carried out, then answered 500, as a handler that
stored the record and then failed does).

``--style dummyjson`` answers in DummyJSON's envelopes instead (see ``api_styles.py``);
``--style mealdb`` replays TheMealDB recordings (see ``mealdb_style.py``).

Behaviours of other json-server-like servers met in the wild (issue 12), switched on with
``--behave NAME[,NAME...]`` (repeatable); each mimics a real server's habit. The handler sees
them as the set ``behaviours``. Names are listed in ``BEHAVIOURS`` below with one line each.
The transport ones live in ``transport_behaviours.py``, the reading ones (paging without ``Link``,
``Link`` loops, bad bytes in one record, a trickle, huge headers) in ``read_behaviours.py``; ``redirect-elsewhere`` sends every request
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
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

from api_styles import dummyjson_route, github_route, load_github_recordings
import read_behaviours
import transport_behaviours
from mealdb_style import load_mealdb_recordings, mealdb_route


def load_collections(args):
    """Returns {name: [record, ...]} from --db or --dir (and, in dummyjson style, --fixtures too)."""
    if args.db:
        with open(args.db, encoding="utf-8") as f:
            db = json.load(f)
        return {name: value for name, value in db.items() if isinstance(value, list)}
    collections = {}
    extra = [args.fixtures] if args.fixtures and args.style == "dummyjson" else []
    for directory in [args.dir] + extra:
        for entry in sorted(os.listdir(directory)):
            if not entry.endswith(".json"):
                continue
            with open(os.path.join(directory, entry), encoding="utf-8") as f:
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

    def take(self, path, method=None):
        """The first rule for ``path`` (and ``method``, when the rule names one) with uses left, counting this use; or None."""
        with self.lock:
            for rule in self.rules:
                times = rule.get("times")
                if rule.get("method") not in (None, method):
                    continue
                if rule.get("path") in ("*", path) and (times is None or rule["used"] < times):
                    rule["used"] += 1
                    return rule
        return None


# name -> what it mimics; every name accepted by --behave is listed here (issue 12).
BEHAVIOURS = {
    "ignores-filters": "GET /posts?userId=N (any field filter) answers the whole collection, filter ignored",
    "string-filters": "filters compare the query text with the typed value: ?userId=1 never matches 1 (answers [])",
    "paginates": "lists answer 10 records a page unless _limit, with X-Total-Count and Link as json-server 0.x",
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

# Writes and ids (issue 12, part 2): each mimics a habit of a real json-server-like API.
BEHAVIOURS.update({
    "created-empty": "POST answers 201 with an empty body (many hand-written Express/Flask APIs)",
    "created-message": 'POST answers 201 with {"message": "success"} instead of the record',
    "location": "POST answers 201 with a Location header naming the new record (/posts/101), as REST guides advise",
    "no-get-by-id": "GET /{collection}/{id} answers 405: only whole collections can be read",
    "no-put": "PUT answers 405 (servers that only merge with PATCH)",
    "no-patch": "PATCH answers 405 (servers that only replace with PUT, such as older Rails scaffolds)",
    "null-missing": "GET of a missing record answers 200 with the body null (some serverless mocks)",
    "delete-204": "DELETE answers 204 No Content with no body",
    "see-other": "POST answers 303 See Other to /posts/{id} with no body (the post/redirect/get habit of Rails-style apps)",
    "string-ids": 'ids and foreign keys stored as strings ("id": "1", "userId": "1"), new ids too (json-server 1.0)',
    "uuid-ids": "ids are UUIDs (foreign keys too); new records get a random UUID (MockAPI, Supabase)",
})

# Issue 22: habits of servers that store what they are sent.
BEHAVIOURS.update({
    "duplicate-ids": "the store starts with posts[1].id = posts[0].id; GET /posts/{id} answers the first with the id, "
                     "PATCH/PUT/DELETE change or remove every record with it, POST keeps a body's id even when taken",
    "redirect-writes-elsewhere-307": "writes (POST, PUT, PATCH, DELETE) answer 307 to the same path on --redirect-base; GETs are served",
    "redirect-writes-elsewhere-308": "writes answer 308 to the same path on --redirect-base; GETs are served",
})


def seed_duplicates(collections, behaviours):
    """duplicate-ids: gives the second post the first post's id, as a server that stores what it is sent can hold them."""
    posts = collections.get("posts") or []
    if "duplicate-ids" in behaviours and len(posts) > 1 and isinstance(posts[0], dict) and isinstance(posts[1], dict):
        posts[1]["id"] = posts[0].get("id")


# Reading (issue 22): paging without Link, Link loops, bad bytes in one record, trickles, huge headers.
BEHAVIOURS.update(read_behaviours.BEHAVIOURS)

FOREIGN_KEYS = {"posts": ("userId", "users"), "comments": ("postId", "posts")}


def uuid_for(collection, key):
    """The UUID the uuid-ids behaviour gives record ``key`` of ``collection`` (stable, so foreign keys agree)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "bulletin:%s/%s" % (collection, as_text(key))))


def shape_ids(collections, behaviours):
    """Rewrites ids and foreign keys as the string-ids or uuid-ids behaviour stores them."""
    if "string-ids" in behaviours:
        convert = lambda collection, key: as_text(key)
    elif "uuid-ids" in behaviours:
        convert = uuid_for
    else:
        return
    for name, records in collections.items():
        link = FOREIGN_KEYS.get(name)
        for record in records:
            if not isinstance(record, dict):
                continue
            if record.get("id") is not None:
                record["id"] = convert(name, record["id"])
            if link and record.get(link[0]) is not None:
                record[link[0]] = convert(link[1], record[link[0]])


def new_id(records, behaviours):
    """The id a POST without one gets: json-server's largest numeric id + 1, as text or a UUID when asked."""
    if "uuid-ids" in behaviours:
        return str(uuid.uuid4())
    number = next_id(records)
    return str(number) if "string-ids" in behaviours else number


def behave_write(behaviours, method, parts, status, answer):
    """How a write's answer looks under the behaviours: (status, body or None for no body, extra headers)."""
    headers = {}
    if method == "POST" and status == 201:
        if "location" in behaviours or "see-other" in behaviours:
            headers["Location"] = "/%s/%s" % (parts[0], as_text(answer.get("id")))
        if "see-other" in behaviours:
            return 303, None, headers
        if "created-empty" in behaviours:
            return 201, None, headers
        if "created-message" in behaviours:
            return 201, {"message": "success"}, headers
    if method == "DELETE" and status == 200 and "delete-204" in behaviours:
        return 204, None, headers
    return status, answer, headers


def refused_method(behaviours, method, parts):
    """Whether the behaviours refuse this request with 405."""
    if method == "PUT" and "no-put" in behaviours:
        return True
    if method == "PATCH" and "no-patch" in behaviours:
        return True
    return method == "GET" and len(parts) == 2 and "no-get-by-id" in behaviours


HTML_PAGE = b"<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>Bad gateway</body></html>"


def next_id(records):
    """The largest numeric id + 1 (json-server's rule for new records)."""
    numbers = [int(as_text(r.get("id"))) for r in records if as_text(r.get("id")).lstrip("-").isdigit()]
    return max(numbers, default=0) + 1


def apply_write(collections, method, parts, body, persist, behaviours=frozenset()):
    """Answers a write to /collection or /collection/id: (status, body); changes ``collections`` if ``persist``.

    A POST whose body has an id keeps it (as json-server 0.17 does) unless a record has it: 409.
    """
    if not parts or parts[0] not in collections or len(parts) > 2 or (len(parts) == 1) != (method == "POST"):
        return 404, {}
    records = collections[parts[0]]
    if method == "POST":
        if not isinstance(body, dict):
            return 400, {"error": "expected a JSON object"}
        chosen = body.get("id")
        if persist and chosen is not None and "duplicate-ids" not in behaviours and any(as_text(r.get("id")) == as_text(chosen) for r in records):
            return 409, {"error": "a record with id %s exists" % as_text(chosen)}
        if not persist:
            chosen = len(records) + 1
        record = dict(body, id=chosen if chosen is not None else new_id(records, behaviours))
        if persist:
            records.append(record)
        return 201, record
    match = [i for i, r in enumerate(records) if as_text(r.get("id")) == parts[1]]
    if not match:
        if persist:
            return 404, {}
        return (200, {}) if method == "DELETE" else (500, {})
    if "duplicate-ids" not in behaviours:
        match = match[:1]
    if method == "DELETE":
        if persist:
            for index in reversed(match):
                del records[index]
        return 200, {}
    if not isinstance(body, dict):
        return 400, {"error": "expected a JSON object"}
    answer = None
    for index in match:
        old = records[index]
        record = dict(old, **body) if method == "PATCH" or not persist else dict(body)
        record["id"] = old.get("id")
        if persist:
            records[index] = record
        answer = answer or record
    return 200, answer


# --- Child-list behaviours (issue 12: filters and pagination of other servers) ---

def filter_records(records, query, behaviours):
    """The records a list request answers with, after its field filters (``key=value``, keys not
    starting with ``_``): compared as text (json-server), as the raw query string against the typed
    value (``string-filters``: ``?userId=1`` never matches the number 1), or not at all
    (``ignores-filters``)."""
    if "ignores-filters" in behaviours:
        return records
    for key, value in query:
        if key.startswith("_"):
            continue
        if "string-filters" in behaviours:
            records = [r for r in records if r.get(key) == value]
        else:
            records = [r for r in records if as_text(r.get(key)) == value]
    return records


def paginate(records, query, behaviours, path, base):
    """(page of records, headers) for a list answer. Without ``paginates``: every record, no headers.
    With it: ``_limit`` records (10 by default) of page ``_page`` (1 by default), and the headers
    json-server 0.x sends for ``_page``: ``X-Total-Count`` and ``Link`` with first, prev, next
    and last (absolute URLs keeping the other query parameters)."""
    habit = read_behaviours.paginate(records, query, behaviours, path, base)
    if habit is not None:
        return habit
    if "paginates" not in behaviours:
        return records, {}
    params = dict(query)
    try:
        limit = max(1, int(params.get("_limit", "10")))
        page = max(1, int(params.get("_page", "1")))
    except ValueError:
        limit, page = 10, 1
    last = max(1, (len(records) + limit - 1) // limit)
    kept = [(k, v) for k, v in query if k not in ("_page", "_limit")]

    def link(number):
        return "%s%s?%s" % (base, path, urlencode(kept + [("_page", str(number)), ("_limit", str(limit))]))

    links = [(link(1), "first")]
    if page > 1:
        links.append((link(min(page - 1, last)), "prev"))
    if page < last:
        links.append((link(page + 1), "next"))
    links.append((link(last), "last"))
    headers = {"X-Total-Count": str(len(records)), "Access-Control-Expose-Headers": "X-Total-Count, Link",
               "Link": ", ".join('<%s>; rel="%s"' % pair for pair in links)}
    return records[(page - 1) * limit : page * limit], headers


def make_handler(collections, faults, style="jsonplaceholder", recordings=None, fixtures=None, persist=True,
                 behaviours=frozenset(), redirect_base=None):
    store_lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = transport_behaviours.protocol(behaviours)
        # Headers and body go out as separate writes: without this, Nagle's algorithm holds the
        # body until the client's delayed ACK (40 ms a request, 20 s for 500 pages of photos).
        disable_nagle_algorithm = True
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
            rule = faults.take(url.path, "GET") or {}
            time.sleep(rule.get("delay", 0))
            mode = rule.get("mode")
            trickle = read_behaviours.body_mode(behaviours)
            if trickle and mode is None:
                mode, rule = trickle[0], dict(rule, byte_delay=trickle[1])
            if mode == "hang":
                time.sleep(3600)
            if mode == "drop":
                self.close_connection = True
                return
            extra_headers = {}
            self.list_headers = {}
            if style == "github":
                base = "http://%s" % self.headers.get("Host", "127.0.0.1")
                status, data, extra_headers = github_route(recordings, fixtures, self.path, base)
            elif style == "mealdb":
                status, data, extra_headers = mealdb_route(recordings, self.path)
            else:
                with store_lock:
                    status, body = self.behaved_route()
                    data = json.dumps(body, indent=2, ensure_ascii=False).encode("utf-8")
                    data = read_behaviours.spoil_bytes(data, behaviours)
                extra_headers = self.list_headers
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
            for name, value in kept + list(rule.get("headers", {}).items()) + read_behaviours.extra_headers(behaviours):
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
            rule = faults.take(url.path, self.command) or {}
            if "status" in rule:
                try:
                    answer = json.loads(rule.get("body") or "{}")
                except ValueError:
                    # Not JSON: an error page as the server's framework sends it (HTML, text).
                    return self.send_page(rule["status"], rule["body"], rule.get("headers") or {})
                return self.send_json(rule["status"], answer)
            if style != "jsonplaceholder":
                return self.send_json(405, {"error": "read-only test server"})
            try:
                body = json.loads(payload) if payload else None
            except ValueError:
                return self.send_json(400, {"error": "malformed JSON"})
            parts = [unquote(p) for p in url.path.split("/") if p]
            if refused_method(behaviours, self.command, parts):
                return self.send_json(405, {"error": "method not allowed"})
            with store_lock:
                status, answer = apply_write(collections, self.command, parts, body, persist, behaviours)
            if rule.get("mode") == "drop":  # the write is done, its answer lost (a dropped connection)
                self.close_connection = True
                return
            if rule.get("mode") == "error-after-write":  # the write is done, then the handler fails
                return self.send_json(500, {"error": "internal server error"})
            status, answer, headers = behave_write(behaviours, self.command, parts, status, answer)
            self.send_json(status, answer, headers)

        def behaved_route(self):
            """``route()`` under the read behaviours (no GET by id, 200 null for a missing record)."""
            parts = [unquote(p) for p in urlsplit(self.path).path.split("/") if p]
            if style == "jsonplaceholder" and refused_method(behaviours, "GET", parts):
                return 405, {"error": "method not allowed"}
            status, body = self.route()
            if style == "jsonplaceholder" and status == 404 and len(parts) == 2 and "null-missing" in behaviours:
                return 200, None
            return status, body

        def control(self, path):
            if path == "/__control/requests" and self.command == "GET":
                with faults.lock:
                    return self.send_json(200, list(faults.requests))
            if path == "/__control/db" and self.command == "GET":
                with store_lock:  # the collections exactly as stored, for tests to compare member by member
                    return self.send_json(200, collections)
            length = int(self.headers.get("Content-Length") or 0)
            payload = self.rfile.read(length) if length else b""
            if path == "/__control/faults" and self.command == "POST":
                faults.add(json.loads(payload or b"[]"))
                return self.send_json(200, {"ok": True})
            if path == "/__control/reset" and self.command == "POST":
                faults.reset()
                return self.send_json(200, {"ok": True})
            self.send_json(404, {})

        def send_page(self, status, text, headers):
            """Answers ``text`` as it is, ``text/html`` unless ``headers`` name another Content-Type."""
            data = text.encode("utf-8")
            self.send_response(status)
            if not any(name.lower() == "content-type" for name in headers):
                self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def send_json(self, status, body, headers=None):
            """Answers ``body`` as JSON; ``None`` sends no body at all (and no Content-Type)."""
            data = b"" if body is None else json.dumps(body).encode("utf-8")
            self.send_response(status)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            if status != 204:
                self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
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
            query = parse_qsl(url.query, keep_blank_values=True)
            records = read_behaviours.spoil(url.path, filter_records(records, query, behaviours), behaviours)
            records, self.list_headers = paginate(records, query, behaviours, url.path,
                                                  "http://%s" % self.headers.get("Host", "127.0.0.1"))
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
    parser.add_argument("--host", default="127.0.0.1", choices=["127.0.0.1", "127.0.0.2"],
                        help="the loopback address to listen on (127.0.0.2: a second origin for tests)")
    parser.add_argument("--style", choices=["jsonplaceholder", "dummyjson", "github", "mealdb"], default="jsonplaceholder",
                        help="the API shape: JSONPlaceholder (default) or DummyJSON envelopes (see api_styles.py)")
    parser.add_argument("--fixtures", help="github style: a directory of extra answers by path; mealdb style: "
                        "categories.json; dummyjson style: more <collection>.json arrays (comments.json)")
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

    collections = {} if args.style in ("github", "mealdb") else load_collections(args)
    shape_ids(collections, behaviours)
    seed_duplicates(collections, behaviours)
    server = ThreadingHTTPServer((args.host, args.port), make_handler(
            collections, Faults(), args.style,
            load_github_recordings(args.dir) if args.style == "github"
            else load_mealdb_recordings(args.dir, args.fixtures) if args.style == "mealdb" else None, args.fixtures,
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
