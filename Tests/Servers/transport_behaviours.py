"""Transport habits of other servers for ``jsonplaceholder_server.py --behave`` (issue 12, part 1).

Each is a name in ``BEHAVIOURS`` there; ``answer(handler, behaviours, redirect_base)`` runs
before the normal routing (after the request, and its body for writes, was read and logged)
and returns True when it answered the request itself. ``protocol(behaviours)`` and
``idle_timeout(behaviours)`` set the handler's HTTP version and idle keep-alive timeout.

Python 3 standard library only.
"""

import time
from urllib.parse import urlsplit

COLLECTIONS = ("/users", "/posts", "/comments")
REDIRECT_STATUSES = {"redirect-301": 301, "redirect-302": 302, "redirect-307": 307, "redirect-308": 308}
CHUNK = b'{"id": 1, "name": "Leanne Graham", "username": "Bret"},\n' * 1024


def protocol(behaviours):
    """``HTTP/1.0`` (close-delimited bodies, no Content-Length) with ``http10``, else ``HTTP/1.1``."""
    return "HTTP/1.0" if "http10" in behaviours else "HTTP/1.1"


def idle_timeout(behaviours):
    """Seconds an idle keep-alive connection is kept: 1 with ``idle-close``, else forever (None)."""
    return 1 if "idle-close" in behaviours else None


def drops_content_length(behaviours):
    """Whether answers leave out Content-Length (``http10``: the body ends when the connection closes)."""
    return "http10" in behaviours


def answer(handler, behaviours, redirect_base=None):
    """Answers the request when a behaviour takes it: a redirect, silence or an endless body."""
    url = urlsplit(handler.path)
    query = "?" + url.query if url.query else ""
    if "silent" in behaviours:
        time.sleep(3600)
        return True
    for name, status in REDIRECT_STATUSES.items():
        if name in behaviours and url.path in COLLECTIONS:
            return redirect(handler, status, url.path + "/" + query)
    if "trailing-slash-308" in behaviours and not url.path.endswith("/"):
        return redirect(handler, 308, url.path + "/" + query)
    if "redirect-elsewhere" in behaviours and redirect_base:
        return redirect(handler, 302, redirect_base.rstrip("/") + url.path + query)
    for status in (307, 308):
        if "redirect-writes-elsewhere-%d" % status in behaviours and redirect_base and handler.command != "GET":
            return redirect(handler, status, redirect_base.rstrip("/") + url.path + query)
    if handler.command == "GET" and url.path in COLLECTIONS:
        if "endless-body" in behaviours:
            return endless(handler, declared=None)
        if "endless-body-declared" in behaviours:
            return endless(handler, declared=1 << 40)
    return False


def redirect(handler, status, location):
    """A ``status`` redirect to ``location`` (relative or absolute), with a small body."""
    data = b'{"moved": true}'
    handler.send_response(status)
    handler.send_header("Location", location)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)
    return True


def endless(handler, declared):
    """``[`` then records forever (until the client hangs up); Content-Length ``declared`` if given."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/json")
    if declared is not None:
        handler.send_header("Content-Length", str(declared))
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.close_connection = True
    try:
        handler.wfile.write(b"[\n")
        while True:
            handler.wfile.write(CHUNK)
    except OSError:
        pass
    return True
