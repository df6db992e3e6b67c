"""Routes for the loopback server's DummyJSON and GitHub styles (``--style dummyjson|github``).

GitHub style replays the recorded ``/users`` pages of ``--dir`` (``X.json`` bodies with their
``X.headers.json``), ``Link`` URLs rewritten to the loopback host, and serves other paths from
``--fixtures DIR`` (``/users/mojombo`` → ``DIR/users/mojombo.json``).


DummyJSON (https://dummyjson.com/docs) wraps lists in envelopes,
``{"users": [...], "total": N, "skip": S, "limit": L}``, paged with ``?limit=`` (default 30,
0 for all) and ``?skip=``; one record is ``/users/{id}``; a user's posts are
``/posts/user/{id}`` and a post's comments ``/comments/post/{id}``, in the same envelopes.
A missing record is 404 ``{"message": "... with id '7' not found"}``.
"""

import json
import os
from urllib.parse import parse_qs, unquote, urlsplit


def as_text(value):
    return str(value)


def envelope(name, records, query):
    limit = int(query.get("limit", ["30"])[0])
    skip = int(query.get("skip", ["0"])[0])
    page = records[skip:] if limit == 0 else records[skip : skip + limit]
    return 200, {name: page, "total": len(records), "skip": skip, "limit": len(page) if limit == 0 else limit}


def dummyjson_route(collections, path):
    url = urlsplit(path)
    parts = [unquote(p) for p in url.path.split("/") if p]
    query = parse_qs(url.query)
    if not parts or parts[0] not in ("users", "posts", "comments"):
        return 404, {"message": "Not found"}
    name = parts[0]
    records = collections.get(name, [])
    if len(parts) == 1:
        return envelope(name, records, query)
    if len(parts) == 2:
        match = [r for r in records if as_text(r.get("id")) == parts[1]]
        if match:
            return 200, match[0]
        return 404, {"message": "%s with id '%s' not found" % (name[:-1].capitalize(), parts[1])}
    if len(parts) == 3 and (name, parts[1]) in (("posts", "user"), ("comments", "post")):
        key = "userId" if name == "posts" else "postId"
        return envelope(name, [r for r in records if as_text(r.get(key)) == parts[2]], query)
    return 404, {"message": "Not found"}


# --- GitHub ---------------------------------------------------------------------------------

SKIPPED_HEADERS = {"content-length", "connection", "status", "content-encoding", "transfer-encoding", "date", "vary"}


def load_github_recordings(directory):
    """{(path, since, per_page): (body bytes, headers)} from ``X.json`` + ``X.headers.json`` pairs."""
    recordings = {}
    for entry in sorted(os.listdir(directory)):
        if not entry.endswith(".headers.json"):
            continue
        with open(os.path.join(directory, entry), encoding="utf-8") as f:
            meta = json.load(f)
        with open(os.path.join(directory, entry[: -len(".headers.json")] + ".json"), "rb") as f:
            body = f.read()
        url = urlsplit(meta["request"]["url"])
        query = parse_qs(url.query)
        key = (url.path, query.get("since", [None])[0], query.get("per_page", [None])[0])
        headers = {k: v for k, v in meta["headers"].items() if k.lower() not in SKIPPED_HEADERS}
        recordings[key] = (meta.get("status", 200), body, headers)
    return recordings


def github_route(recordings, fixtures, path, base_url):
    """(status, body bytes, headers) replaying ``/users`` pages, else a fixture file, else 404."""
    url = urlsplit(path)
    query = parse_qs(url.query)
    since = query.get("since", [None])[0]
    per_page = query.get("per_page", [None])[0]
    found = recordings.get((url.path, since, per_page)) or recordings.get((url.path, since, None))
    if found:
        status, body, headers = found
        headers = {k: v.replace("https://api.github.com", base_url) for k, v in headers.items()}
        return status, body, headers
    if url.path == "/users" and since is not None:
        return 200, b"[]", {}  # past the end of the recording
    if fixtures:
        candidate = os.path.normpath(os.path.join(fixtures, unquote(url.path).lstrip("/") + ".json"))
        if candidate.startswith(os.path.normpath(fixtures) + os.sep) and os.path.isfile(candidate):
            with open(candidate, "rb") as f:
                return 200, f.read(), {}
    return 404, b'{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}', {}
