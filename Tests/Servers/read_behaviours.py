"""Reading habits of other servers for ``jsonplaceholder_server.py --behave`` (issue 22, items 4-6, 11, 12).

Each name is in ``BEHAVIOURS`` below (and so in the server's list). The server calls:

``paginate(records, query, behaviours, path, base)``  (page, headers) for a list answer, or None
    when none of these paging habits is on;
``spoil(path, records, behaviours)``  the records with one of them marked for bad bytes;
``spoil_bytes(data, behaviours)``     the answer's bytes with the mark replaced by those bytes;
``body_mode(behaviours)``             ("slow", seconds between bytes) for a trickle, or None;
``extra_headers(behaviours)``         headers added to every GET answer (huge ones).

Python 3 standard library only.
"""

from urllib.parse import urlencode

BEHAVIOURS = {
    "pages-no-link": "lists answer 10 records (page _page of _limit) with X-Total-Count but no Link",
    "pages-no-link-no-total": "lists answer 10 records (page _page of _limit), with neither Link nor X-Total-Count",
    "self-link": "lists answer every record with Link: rel=next naming the same list with _page=1 (which links to itself)",
    "link-loop": "lists answer half their records a page; page 1 links next to _page=2, page 2 back to _page=1",
    "bad-utf8-record": "in /users, user 3's name holds bytes that are not UTF-8; in /comments, comment 2's body",
    "lone-surrogate-record": "as bad-utf8-record with a lone surrogate (\\ud800) instead",
    "nul-record": "as bad-utf8-record with a raw NUL byte inside the string instead",
    "trickle": "every GET sends its headers, then the body one byte a second",
    "huge-header": "every GET answer carries one header line of 200 KB",
    "huge-headers": "every GET answer carries 2,000 header lines of 100 bytes (200 KB)",
}

MARK = "@@SPOILED@@"
BAD_BYTES = {"bad-utf8-record": b"\xff\xfe bad", "lone-surrogate-record": b"\\ud800 lone", "nul-record": b"\x00 nul"}
SPOILED = {"/users": (3, "name"), "/comments": (2, "body")}


def paginate(records, query, behaviours, path, base):
    """(page, headers) under a paging habit, else None."""
    params = dict(query)
    kept = [(k, v) for k, v in query if k not in ("_page", "_limit")]
    try:
        page = max(1, int(params.get("_page", "1")))
        limit = max(1, int(params.get("_limit", "10")))
    except ValueError:
        page, limit = 1, 10
    if "pages-no-link" in behaviours or "pages-no-link-no-total" in behaviours:
        headers = {} if "pages-no-link-no-total" in behaviours else {"X-Total-Count": str(len(records))}
        return records[(page - 1) * limit : page * limit], headers
    if "self-link" in behaviours:
        return records, {"Link": '<%s%s?%s>; rel="next"' % (base, path, urlencode(kept + [("_page", "1")]))}
    if "link-loop" in behaviours:
        half = max(1, (len(records) + 1) // 2)
        other = 1 if page == 2 else 2
        link = '<%s%s?%s>; rel="next"' % (base, path, urlencode(kept + [("_page", str(other))]))
        return (records[half:] if page == 2 else records[:half]), {"Link": link}
    return None


def spoil(path, records, behaviours):
    """A copy of the list with the chosen record's field replaced by the mark (when a bad-bytes habit is on)."""
    if not any(name in behaviours for name in BAD_BYTES) or path not in SPOILED:
        return records
    record_id, field = SPOILED[path]
    return [dict(r, **{field: MARK}) if r.get("id") == record_id else r for r in records]


def spoil_bytes(data, behaviours):
    """The answer with the mark replaced by the habit's bad bytes."""
    for name, bad in BAD_BYTES.items():
        if name in behaviours:
            return data.replace(MARK.encode("utf-8"), bad)
    return data


def body_mode(behaviours):
    """("slow", 1.0) when the body trickles a byte a second, else None."""
    return ("slow", 1.0) if "trickle" in behaviours else None


def extra_headers(behaviours):
    """[(name, value)] added to every GET answer."""
    if "huge-header" in behaviours:
        return [("X-Padding", "a" * (200 * 1024))]
    if "huge-headers" in behaviours:
        return [("X-Padding-%d" % n, "b" * 84) for n in range(2000)]
    return []
