"""Deadlines for the bench's steps (issue 23): a step that hangs is killed, named and skipped.

``step(name, seconds, failures)`` is a context manager around one step of ``make bench``. Every
``harness.Session`` started inside it gets the step's deadline (its whole process group is
SIGKILLed when the deadline passes, which ends the harness's wait with ``AppExited``), and
``command`` runs a subprocess in its own process group with the same deadline. When the step
raises, the failure is appended to `failures` as {"step", "error"} and printed, and the run goes on.
Python 3 standard library only.
"""

import contextlib
import os
import signal
import subprocess
import sys
import time

_deadlines = []     # the running steps' ends (perf_counter), innermost last


class StepFailed(Exception):
    """A step could not produce its figures (a marker never showed, the deadline passed, …)."""


def current_deadline():
    """Seconds left of the innermost running step (never below 0), or None outside any step."""
    if not _deadlines:
        return None
    return max(0.0, min(_deadlines) - time.perf_counter())


@contextlib.contextmanager
def step(name, seconds, failures):
    """Runs the body as the step `name` with a deadline of `seconds`; an exception in it is
    recorded in `failures` (and printed), not raised. KeyboardInterrupt still ends the run."""
    _deadlines.append(time.perf_counter() + seconds)
    started = time.perf_counter()
    try:
        yield
    except Exception as error:   # noqa: BLE001 — every failure of a step is reported, then the run goes on
        spent = time.perf_counter() - started
        reason = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        if spent >= seconds:
            reason += f" (deadline of {seconds:g} s passed)"
        failures.append({"step": name, "error": reason, "seconds": round(spent, 1)})
        print(f"  step failed: {name}: {reason}", file=sys.stderr, flush=True)
    finally:
        _deadlines.pop()


def command(argv, timeout=None, **kwargs):
    """subprocess.run(argv, capture_output=True, text=True, check=True) in a new process group,
    which is SIGKILLed whole when `timeout` (default: the running step's time left) passes;
    raises subprocess.TimeoutExpired then, CalledProcessError on a failure exit."""
    timeout = current_deadline() if timeout is None else timeout
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, **kwargs)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    if process.returncode:
        raise subprocess.CalledProcessError(process.returncode, argv, out, err)
    return subprocess.CompletedProcess(argv, 0, out, err)


def table(failures):
    """The failed steps as text lines (none: a line saying every step finished)."""
    if not failures:
        return ["", "Steps: every step finished within its deadline"]
    return ["", "Steps that failed (killed at their deadline or stopped by a missing marker; the run went on):"] + \
        [f"- {f['step']} after {f['seconds']:g} s: {f['error']}" for f in failures]


def problems(failures):
    """The quick check's findings: one per failed step."""
    return [f"step failed: {f['step']}: {f['error']}" for f in failures]
