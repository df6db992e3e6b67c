#!/usr/bin/env python3
"""Key latency of two builds side by side, in the same run: ``make bench``'s ↓ on the Posts list
(``harness.Session.key``: key written → last byte before 50 ms of quiet), alternating the
binaries session by session so that both see the same load on a shared machine.

    python3 bench/compare.py BASELINE_BIN NEW_BIN [--data FILE] [--rounds 2] [--moves 40]

Prints the median and p95 of ↓ (and PgDn) for each binary, the ratio of the medians, the app's
own CPU time per ↓ (the sum over its threads of the change in /proc/PID/task/*/schedstat's time on a
CPU, in ns, over all the moves: what a busy machine changes least), and the load average at the start and the end. Python 3 standard library only.
"""

import argparse
import os
import sys
import time

import harness
import report
import run


def thread_cpu(pid):
    """Nanoseconds each thread of `pid` has run on a CPU (schedstat's first field), by thread id."""
    times = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                times[task] = int(stat.read().split()[0])
        except (OSError, ValueError, IndexError):   # a thread that just ended
            pass
    return times


def cpu_between(before, after):
    """Seconds on a CPU between two `thread_cpu` snapshots: each thread's own difference, a new
    thread's whole time. A thread that ended in between is left out (its time since `before` is
    lost with it); summing all threads instead went negative when a loader thread ended."""
    return sum(ns - before.get(task, 0) for task, ns in after.items()) / 1e9


def process_cpu(pid):
    """Seconds of utime + stime in /proc/PID/stat: the whole process, ended threads included, in
    clock ticks (10 ms), so only a sum over many moves says anything."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def settle_cpu(app, limit=60.0):
    """Waits until the app has used under 10 ms of CPU in 0.3 s: the list's background work after
    its rows show (the finder's index) is done, so the moves measure the moves alone. On a loaded
    machine that work outlasted the 0.6 s of quiet output and once put 7 ms of it on each ↓."""
    end = time.perf_counter() + limit
    while app.idle_cpu(0.3) >= 0.01 and time.perf_counter() < end:
        pass


def keys(binary, path, moves, pages, samples):
    """One session on `path`: opens the Posts list, then `moves` ↓ and `pages` PgDn (Home first
    when the selection would pass the last row), appending latencies in seconds to `samples`."""
    args = [] if path == run.EMBEDDED else ["--data", path]
    with harness.Session(binary, args) as app:
        app.settle(until=run.HOME_MARKER, limit=300)
        app.key("down")
        app.key_until_idle("enter", 0.6, limit=600, until=run.FIRST_ROW_MARKER)
        settle_cpu(app)
        before, ticks = thread_cpu(app.pid), process_cpu(app.pid)
        for _ in range(moves):
            samples["down"].append(app.key("down")[0])
        samples["cpu_per_down"].append(cpu_between(before, thread_cpu(app.pid)) / moves)
        samples["stat_cpu"].append(process_cpu(app.pid) - ticks)
        for _ in range(pages):
            samples["page_down"].append(app.key("page_down")[0])
        app.quit()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline")
    parser.add_argument("new")
    parser.add_argument("--data", default=os.path.join(run.DATA_DIR, "posts-1m.json"))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--pages", type=int, default=5)
    args = parser.parse_args(argv)
    start = os.getloadavg()
    samples = {name: {"down": [], "page_down": [], "cpu_per_down": [], "stat_cpu": []} for name in ("baseline", "new")}
    for round_ in range(args.rounds):
        for name in ("baseline", "new") if round_ % 2 == 0 else ("new", "baseline"):
            print(f"round {round_ + 1}/{args.rounds}: {name}", file=sys.stderr, flush=True)
            keys(getattr(args, name), args.data, args.moves, args.pages, samples[name])
    end = os.getloadavg()
    print(f"data {os.path.basename(args.data)}, load average {' '.join(f'{v:.2f}' for v in start)} at the start, "
          f"{' '.join(f'{v:.2f}' for v in end)} at the end")
    for key in ("down", "page_down"):
        figures = {name: report.summarize(samples[name][key]) for name in samples}
        base, new = figures["baseline"]["median"], figures["new"]["median"]
        print(f"{key}: baseline {base * 1e3:.3f} / {figures['baseline']['p95'] * 1e3:.3f} ms, "
              f"new {new * 1e3:.3f} / {figures['new']['p95'] * 1e3:.3f} ms (median / p95, n={figures['new']['n']}), "
              f"new / baseline {new / base:.2f}")
    for name in samples:
        print(f"CPU per ↓ by session, {name}: " + ", ".join(f"{v * 1e3:.3f}" for v in samples[name]["cpu_per_down"]) + " ms")
    cpu = {name: sum(samples[name]["cpu_per_down"]) / len(samples[name]["cpu_per_down"]) for name in samples}
    print("CPU per ↓ (mean over sessions, all threads): "
          f"baseline {cpu['baseline'] * 1e3:.3f} ms, new {cpu['new'] * 1e3:.3f} ms, new / baseline {cpu['new'] / cpu['baseline']:.2f}")
    moves = {name: len(samples[name]["stat_cpu"]) * args.moves for name in samples}
    stat = {name: sum(samples[name]["stat_cpu"]) / moves[name] for name in samples}
    print(f"utime+stime per ↓ (/proc/PID/stat, summed over {moves['new']} moves, 10 ms ticks): "
          f"baseline {stat['baseline'] * 1e3:.3f} ms, new {stat['new'] * 1e3:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
