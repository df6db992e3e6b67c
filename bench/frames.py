"""Writes per frame (issue 14, item 5): how many ``write(2)`` calls one keystroke's frame takes
to reach the terminal, beside the bytes per key that ``bench/run.py`` already reports.

One extra run per data set starts the app under ``strace -f -ttt -y -e trace=write`` in the
same pty harness (``harness.Session``, 120x40, ``TERM=xterm-256color``), opens the Posts list
and presses ↓, PgDn, Enter and Esc as the timed runs do. Every write to the terminal (a
``/dev/pts`` descriptor in strace's ``-y`` form; ncurses' writes into the app's frame buffer
are a memfd and do not count) is filed under the last key written before it, by time
(strace's ``-ttt`` and the harness's ``time.time()`` are both the system clock). Each of these
keys is answered by one frame (↓, PgDn, Esc) or two (Enter: "Loading post…", then the post), so
writes per key is writes per frame, times that. The app's frames are counted too, where it
gathers them (a ``dup2(2)`` of its ``memfd:bulletin-frame`` onto ncurses' descriptor per
frame; an app without it shows none), so the table gives writes per frame as such.
The run is separate because strace slows every write it traces: its latencies are not used.
Python 3 standard library only; without a working strace the figures are absent, and named so.
"""

import os
import re
import shutil
import subprocess
import tempfile
import time

import harness
import report

STEPS = [("down", "down"), ("page_down", "page_down"), ("open", "enter"), ("back", "escape")]
FIGURES = [f"posts_{step}_writes" for step, _ in STEPS]
FRAME_FIGURES = [f"posts_{step}_frames" for step, _ in STEPS]
# `1234 1764590000.123456 write(1</dev/pts/3>, "...", 852) = 852` (pid, time, call), or without the pid.
WRITE_LINE = re.compile(r"^(?:\d+\s+)?(\d+\.\d+)\s+write\(\d+<([^>]*)>,")
# `1234 1764590000.123456 dup2(9</memfd:bulletin-frame (deleted)>, 3</dev/pts/3>) = 3`: a frame begins.
FRAME_LINE = re.compile(r"^(?:\d+\s+)?(\d+\.\d+)\s+dup2\(\d+</memfd:bulletin-frame")


def available():
    """Whether strace runs here (it needs ptrace, which some containers forbid)."""
    if shutil.which("strace") is None:
        return False
    return subprocess.run(["strace", "-o", os.devnull, "true"], capture_output=True).returncode == 0


def terminal_writes(trace):
    """The times (seconds since the epoch) of the writes to a terminal in strace output `trace`."""
    times = []
    for line in trace.splitlines():
        match = WRITE_LINE.match(line)
        if match and match.group(2).startswith("/dev/pts/"):
            times.append(float(match.group(1)))
    return times


def frame_starts(trace):
    """The times of the frames the app gathered in its frame buffer, in strace output `trace`."""
    return [float(match.group(1)) for match in map(FRAME_LINE.match, trace.splitlines()) if match]


def per_key(write_times, key_times):
    """How many of `write_times` fall after each of `key_times` (sorted) and before the next:
    one count per key; writes before the first key (start-up) are not counted."""
    counts = [0] * len(key_times)
    index = 0
    for at in sorted(write_times):
        while index + 1 < len(key_times) and at >= key_times[index + 1]:
            index += 1
        if key_times and at >= key_times[index]:
            counts[index] += 1
    return counts


def measure(binary, path, embedded, config, first_row_marker, rows):
    """One traced run on `path`: {figure: [writes per key]} and {figure: [frames per key]} for ↓
    (config "moves" times), PgDn, Enter on a post and Esc back on the Posts list of `rows` posts
    (Home, not counted, where the selection reached the last row: a key that moves nothing draws
    nothing); {} when strace is unavailable. The writes of quitting (leaving full-screen mode)
    and of the Home presses are filed under marks of their own, not counted."""
    if not available():
        return {}
    with tempfile.TemporaryDirectory(prefix="bulletin-frames-") as directory:
        trace_path = os.path.join(directory, "trace")
        prefix = ["strace", "-f", "--seccomp-bpf", "-ttt", "-y", "-e", "trace=write,dup2", "-o", trace_path]
        keys = []
        with harness.Session(binary, [] if embedded else ["--data", path], prefix=prefix) as app:
            app.settle(until=b"Welcome to Bulletin")
            app.key("down")                                          # Home: Users → Posts
            app.key_until_idle("enter", config["idle_quiet"], limit=config["load_limit"], until=first_row_marker)
            steps = [("down", "down")] * config["moves"] + [("page_down", "page_down")] * config["pages"]
            steps += [("open", "enter"), ("back", "escape")] * config["opens"]
            for step, key in harness.rewinding(steps, rows, harness.ROWS - 3):
                keys.append((step, time.time()))
                app.key(key)
            keys.append(("quit", time.time()))
            app.quit()
        with open(trace_path, encoding="utf-8", errors="replace") as file:
            trace = file.read()
        key_times = [at for _, at in keys]
        writes, gathered = per_key(terminal_writes(trace), key_times), per_key(frame_starts(trace), key_times)
    samples = {figure: [] for figure in FIGURES + FRAME_FIGURES}
    for (step, _), count, frames in zip(keys[:-1], writes, gathered):
        if step == "rewind":
            continue
        samples[f"posts_{step}_writes"].append(count)
        samples[f"posts_{step}_frames"].append(frames)
    return samples


def table(results):
    """Writes per frame for each data set that has them, as Markdown lines (none: a note)."""
    sets = {name: r for name, r in results["sets"].items() if FIGURES[0] in r["figures"]}
    if not sets:
        return ["", "Writes per frame: not measured (strace unavailable)"]
    lines = ["", "Writes per frame on the Posts list: write(2) calls to the terminal per key, the frames drawn for "
             "it (– where the app does not gather frames) and the writes per frame (strace, a separate run; "
             "median / p95), beside the bytes per key of the timed runs", "",
             "| data set | ↓ writes | ↓ frames | ↓ writes/frame | ↓ bytes | PgDn writes | PgDn frames | PgDn bytes "
             "| open writes | open frames | open bytes | Esc writes | Esc frames | Esc bytes |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in sets.items():
        cells = []
        for step, _ in STEPS:
            cells += [_mp(r, f"posts_{step}_writes"), _mp(r, f"posts_{step}_frames")]
            if step == "down":
                cells.append(_per_frame(r))
            cells.append(_mp(r, f"posts_{step}_bytes"))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def _per_frame(result):
    """↓'s median writes over its median frames, `1.0`; – when the app gathers no frames."""
    writes = result["figures"].get("posts_down_writes", {}).get("median")
    frames = result["figures"].get("posts_down_frames", {}).get("median")
    return "–" if not writes or not frames else f"{writes / frames:.1f}"


def problems(results):
    """A missing writes-per-frame figure, when strace works here (else it cannot be measured)."""
    if not available():
        return []
    return [f"{name}: no {figure} (writes per frame)" for name, r in results["sets"].items()
            for figure in FIGURES if not r["figures"].get(figure, {}).get("n")]


def _mp(result, name):
    figure = result["figures"].get(name, {"median": None})
    if name.endswith("_frames") and not figure["median"]:
        return "–"
    return "–" if figure["median"] is None else f"{figure['median']:.0f} / {figure['p95']:.0f}"


def summarize(samples):
    """{figure: {median, p95, n}} of measure()'s samples."""
    return {figure: report.summarize(values) for figure, values in samples.items()}
