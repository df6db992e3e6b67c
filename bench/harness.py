"""Drives the real ``bulletin`` binary in a pseudo-terminal and times what a person feels.

One ``Session`` is one run of the app: it starts the binary in a 120x40 pty with
``TERM=xterm-256color`` and ``LANG=C.UTF-8``, reads everything the app writes, and offers
the measurements ``bench/run.py`` strings together (first frame, load, keys, idle CPU,
peak memory). Python 3 standard library only (``pty``, ``select``, ``os``, ``fcntl``).

"Settled" means: no output for ``QUIET`` seconds. A keystroke's latency is the time from
writing the key to the arrival of the *last* byte before that quiet window; the window
itself is not counted, and nothing else is subtracted. Timings are wall-clock
(``time.perf_counter``) as seen from the harness, so they include pty transfer and the
harness's own reaction time (well under a millisecond).
"""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import threading
import time

import procmem

COLUMNS, ROWS = 120, 40
QUIET = 0.05            # seconds without output that count as "settled"
# Keys as xterm sends them in keypad-transmit mode (ncurses turns it on: kcud1=\EOB, kcuu1=\EOA, knp=\E[6~,
# khome=\EOH, kcub1=\EOD).
KEYS = {"down": b"\x1bOB", "up": b"\x1bOA", "page_down": b"\x1b[6~", "home": b"\x1bOH", "left": b"\x1bOD", "enter": b"\r", "escape": b"\x1b", "quit": b"q"}
# What the app shows while work is still running (ScreenHost's spinner frames, the `/` prompt's
# "filtering…", Search's "searching…"): a keystroke answered off the main thread has settled only
# once output arrives *after* the last of these.
SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
# Search's summary ends at the last column, where the app turns autowrap off around the "…"
# (`searching\e[?7l…\e[?7h`), so its marker is the word alone.
BUSY_MARKERS = ["filtering…".encode(), b"searching"] + [frame.encode() for frame in SPINNER]


def after_busy(got, done):
    """Whether `got` (output since a key) shows the work the key started as done: either no
    busy marker at all (the result came in the key's own frame), or the regular expression
    `done` (bytes) matches the output after the last busy marker (the frame that replaced it:
    bytes after the marker in its own frame, such as the rest of the status line, do not count)."""
    end = max((got.rfind(marker) + len(marker) for marker in BUSY_MARKERS if marker in got), default=None)
    if end is None:
        return len(got) > 0
    return re.search(done, bytes(got[end:])) is not None


def rewinding(steps, rows, page_rows):
    """`steps` ((step, key name) pairs) on a list of `rows` rows, the selection starting on the
    first: a ↓ or PgDn that could not move the selection (it is on the last row) draws nothing,
    and a harness waiting for its frame would wait forever, so before such a press a
    ("rewind", "home") step is yielded (press Home, do not measure it)."""
    position = 0
    for step, key in steps:
        if key in ("down", "page_down") and position >= rows - 1:
            yield "rewind", "home"
            position = 0
        yield step, key
        position = min(rows - 1, position + (1 if key == "down" else page_rows if key == "page_down" else 0))


class AppExited(Exception):
    """The app ended (or closed the pty) while the harness waited for output."""


class Session:
    """One run of the app in a pseudo-terminal; use as a context manager."""

    def __init__(self, binary, args=(), prefix=(), deadline=None):
        """`prefix`: a command the app runs under (e.g. strace and its options), found on PATH.
        `deadline`: seconds after which the whole process group is killed (SIGKILL), whatever
        the harness is waiting for; its reads then raise ``AppExited`` naming the deadline
        (default: ``steps.current_deadline()``, the running step's, or none)."""
        self.output = bytearray()   # everything the app wrote, for searching
        self.started = time.perf_counter()
        self.killed_by = None       # why the watchdog killed the group, when it did
        self.memory = procmem.Peaks()
        self._sampled = 0.0
        self.pid, self.fd = pty.fork()
        if self.pid == 0:   # the child: size the terminal, then become the app
            fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
            env.pop("NO_COLOR", None)
            if prefix:
                os.execvpe(prefix[0], [*prefix, binary, *args], env)
            os.execve(binary, [binary, *args], env)
        self.rusage = None
        if deadline is None:
            import steps
            deadline = steps.current_deadline()
        self._watchdog = None
        if deadline is not None:
            self._watchdog = threading.Timer(max(0.0, deadline), self.kill, args=(f"deadline of {deadline:.0f} s",))
            self._watchdog.daemon = True
            self._watchdog.start()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # MARK: reading

    def _read(self, timeout):
        """Reads what is available within `timeout` seconds: (bytes, arrival time) or (b"", None)."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return b"", None
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:        # EIO: the child closed the terminal
            chunk = b""
        if not chunk:
            raise AppExited(f"killed at the {self.killed_by}" if self.killed_by else "the app closed the terminal")
        arrival = time.perf_counter()
        self.output += chunk
        if arrival - self._sampled >= procmem.SAMPLE_INTERVAL:   # after the arrival time is taken
            self._sampled = arrival
            self.memory.sample(self.pid)
        return chunk, arrival

    def settle(self, limit=120.0, until=b"", ready=None, quiet=QUIET):
        """Waits for output containing `until` (b"" = any output) and, when given, for
        `ready(bytes so far)` to be true, then reads until output has been quiet for `quiet`
        seconds. Returns (bytes read, arrival time of the last byte).
        Raises TimeoutError when that has not happened within `limit` seconds."""
        start, got, last = time.perf_counter(), bytearray(), None
        while True:
            remaining = limit - (time.perf_counter() - start)
            if remaining <= 0:
                raise TimeoutError(f"no output showing {until!r} within {limit} s")
            seen = last is not None and until in got and (ready is None or ready(got))
            chunk, at = self._read(quiet if seen else min(1.0, remaining))
            if chunk:
                got += chunk
                last = at
            elif seen:
                return bytes(got), last

    # MARK: measurements

    def first_frame(self, marker):
        """Seconds from start until the first output that settles showing `marker`."""
        _, last = self.settle(until=marker)
        return last - self.started

    def key(self, name, until=b"", limit=10.0):
        """Writes one key and waits for the output to settle (showing `until`, when given).
        Returns (latency in seconds, bytes written to the terminal)."""
        written = time.perf_counter()
        os.write(self.fd, KEYS[name])
        got, last = self.settle(limit=limit, until=until)
        return last - written, len(got)

    def type(self, text, done, limit=60.0):
        """Writes `text` (one keystroke: a character, as bytes) and waits until the output shows
        its work done (``after_busy`` with the regular expression `done`, e.g. the filter's
        count replacing `filtering…`), then for QUIET seconds of quiet.
        Returns (latency in seconds, bytes written to the terminal)."""
        written = time.perf_counter()
        os.write(self.fd, text)
        got, last = self.settle(limit=limit, ready=lambda got: after_busy(got, done))
        return last - written, len(got)

    def key_until_idle(self, name, quiet, limit=120.0, until=b""):
        """Writes one key (a name in KEYS, or bytes) and waits until output (showing `until`) has
        been quiet for `quiet` seconds: longer than any gap between frames while the app works
        (the spinner redraws every 0.125 s once work has run 0.3 s), so the last byte is the
        frame that shows the work done. Returns (latency in seconds, bytes read)."""
        written = time.perf_counter()
        os.write(self.fd, KEYS.get(name, name) if isinstance(name, str) else name)
        got, last = self.settle(limit=limit, until=until, quiet=quiet)
        return last - written, got

    def wait_quiet(self, seconds, limit=120.0):
        """Reads until there has been no output for `seconds` (at most `limit` seconds)."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            chunk, _ = self._read(seconds)
            if not chunk:
                return
        raise TimeoutError(f"output never quiet for {seconds} s within {limit} s")

    def cpu_seconds(self):
        """User + system CPU time of the app so far, from /proc/PID/stat (fields 14 and 15)."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def idle_cpu(self, seconds):
        """CPU seconds the app uses over `seconds` of no input (its output is drained meanwhile)."""
        before, end = self.cpu_seconds(), time.perf_counter() + seconds
        while time.perf_counter() < end:
            self._read(end - time.perf_counter())
        return self.cpu_seconds() - before

    def quit(self):
        """Presses q and waits for exit; returns the peak resident memory in bytes (see ``close``)."""
        self.memory.sample(self.pid)
        os.write(self.fd, KEYS["quit"])
        deadline = time.perf_counter() + 10
        while time.perf_counter() < deadline:
            try:
                self._read(0.1)
            except AppExited:
                break
        return self.close()

    def kill(self, why="killed"):
        """SIGKILL to the app's whole process group (the pty made the child a session leader,
        so its pid is the group: the app, and strace with the app it traces). Safe to repeat."""
        if self.rusage is None and self.killed_by is None:
            self.killed_by = why
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def close(self, grace=2.0):
        """Ends the app and reaps it: SIGTERM to its process group if still running, SIGKILL
        to the group after `grace` seconds (strace -o FILE blocks fatal signals, -I3); never
        waits longer than that. Returns peak RSS in bytes: the app's VmHWM as last sampled (quit and
        the reads sample it), or ru_maxrss of the reaped child where no sample was taken (which
        Linux inflates with the harness's own RSS at the child's execve: see procmem.Peaks.peak_rss)."""
        if self.rusage is None:
            self.memory.sample(self.pid)
            if self._watchdog is not None:
                self._watchdog.cancel()
            self.rusage = reap(self.pid, grace)
            os.close(self.fd)
        return self.memory.peak_rss() or self.rusage.ru_maxrss * 1024   # ru_maxrss: kilobytes


def reap(pid, grace):
    """Waits for `pid` (a process-group leader): at once if it has exited, else after SIGTERM to
    its group, else after SIGKILL to the group once `grace` seconds have passed. Returns its rusage."""
    found, _, usage = os.wait4(pid, os.WNOHANG)
    if found:
        return usage
    for signal_number in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(pid, signal_number)
        except ProcessLookupError:
            pass
        deadline = time.perf_counter() + grace
        while time.perf_counter() < deadline:
            found, _, usage = os.wait4(pid, os.WNOHANG)
            if found:
                return usage
            time.sleep(0.01)
    _, _, usage = os.wait4(pid, 0)    # after SIGKILL: only a D-state wait is left
    return usage
