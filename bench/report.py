"""Statistics, the printed table, the issue's targets and the completeness check for ``bench/run.py``."""

import math

# Figures the issue asks for that the app cannot yet produce, and why. Reported, never hidden.
MISSING = [
    "the moment the progress bar first shows (loads over 0.3 s) is not timed; its presence is "
    "checked by BulletinUITests/PostsProgressBarTests",
]
TWO_ROWS_BYTES = 2 * 120   # "about two rows' worth": two 120-column rows of plain text


def summarize(values):
    """{median, p95, n} of a list of numbers (p95 by nearest rank); None figures when empty."""
    ordered = sorted(values)
    if not ordered:
        return {"median": None, "p95": None, "n": 0}
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    p95 = ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": median, "p95": p95, "n": len(ordered)}


def _fig(result, name, key="median"):
    return result["figures"][name][key]


def _largest(results):
    return list(results["sets"].values())[-1]


def targets(results):
    """The issue's targets, each with the measured median, whether it is met, and by how much.
    A figure that is missing (a capped load) is reported as not met, with no number."""
    sets, largest, last = results["sets"], _largest(results), list(results["sets"])[-1]
    rows_1m = largest["list_rows"]["posts"]
    rows = [] if "embedded" not in sets else [   # a partial run (--sets) may leave it out
        ("first frame, embedded", _fig(sets["embedded"], "first_frame_s"), 1e3, "<=", 50, "ms"),
        ("idle CPU over the idle window, embedded", _fig(sets["embedded"], "idle_cpu_s"), 1, "<=", 0, "s")]
    rows += [
        (f"first frame, {last} file", _fig(largest, "first_frame_s"), 1e3, "<=", 100, "ms"),
        (f"1-row move, Posts list, {rows_1m:,} rows", _fig(largest, "posts_down_s"), 1e3, "<=", 2, "ms"),
        (f"1-row move bytes, Posts list, {rows_1m:,} rows", _fig(largest, "posts_down_bytes"), 1, "<=", TWO_ROWS_BYTES, "B"),
        (f"loading to a browsable Posts list, {last} file", _fig(largest, "load_mb_per_s"), 1, ">=", 80, "MB/s"),
        (f"peak memory / file (whole run: browsing, exports, Search), {last} file", _fig(largest, "rss_to_file"), 1, "<=", 2, "x"),
        (f"idle CPU over the idle window, {last} file", _fig(largest, "idle_cpu_s"), 1, "<=", 0, "s"),
    ]
    rows += micro_targets(results)
    rows += app_find_targets(results)
    rows += open_targets(results)
    out = []
    for name, value, scale, op, goal, unit in rows:
        if value is None:
            out.append({"target": name, "measured": None, "goal": f"{op} {goal} {unit}", "met": False,
                        "verdict": f"not measured: the load hit the harness's cap of {largest.get('load_capped_s')} s"})
            continue
        value *= scale
        met = value <= goal if op == "<=" else value >= goal
        if met:
            verdict = "met"
        elif goal == 0:
            verdict = f"missed by {value:g} {unit}"
        else:
            verdict = f"missed by {abs(value - goal):.3g} {unit} ({value / goal:.2f}x the target)"
        out.append({"target": name, "measured": value, "goal": f"{op} {goal} {unit}", "met": met, "verdict": verdict})
    return out


# Issue 7's targets, on the in-process micro-benchmarks (full mode only: quick mode's lists are small).
MICRO_TARGETS = [
    ("filter keystroke, 100,000 rows (until applied)", "filter keystroke, 100,000 posts", 16),
    ("filter keystroke, 1,000,000 rows (until applied)", "filter keystroke, 1,000,000 posts", 100),
    ("sort key s by title, ListFinder, 1,000,000 rows (until applied)", "sort 1,000,000 posts by title", 1000),
]


# Issue 7's targets measured in the app, through the terminal (the pty harness: from writing the
# key until the settled output shows the new count or the sorted page), where those sets ran.
APP_FIND_TARGETS = [
    ("100k", "posts_filter_key_s", "filter keystroke in the app, through the terminal, 100,000 posts", 16),
    ("1M", "posts_filter_key_s", "filter keystroke in the app, through the terminal, 1,000,000 posts", 100),
    ("1M", "posts_sort_title_s", "s to the title sort in the app, through the terminal, 1,000,000 posts", 1000),
]


APP_FIND_FIGURES = ["posts_filter_key_s", "posts_filter_key_bytes", "posts_filter_first_key_s", "posts_sort_title_s"]


# Issue 13's open and memory targets: (set, figure, target, goal in the figure's unit × scale, scale, op, unit).
OPEN_TARGETS = [
    ("1M", "load_s", "Enter on Posts → first rows, 1,000,000 posts", 150, 1e3, "<=", "ms"),
    ("1M", "posts_ready_s", "Enter on Posts → whole list browsable, filterable, sortable, 1,000,000 posts", 1500, 1e3, "<=", "ms"),
    ("1M", "load_mb_per_s", "open speed to the whole list, 1,000,000 posts", 400, 1, ">=", "MB/s"),
    ("100k", "posts_ready_s", "Enter on Posts → whole list browsable, 100,000 posts", 150, 1e3, "<=", "ms"),
    # While browsing: VmHWM after the Posts and Users lists (flows.browsing_memory), before the exports and
    # Search, which now run at 1M too and take more (their own rows in flows.table and targets23).
    ("1M", "browse_peak_rss_to_file", "peak RSS while browsing / file size, 1,000,000 posts (goal 0.5x)", 1.0, 1, "<=", "x"),
]


def open_targets(results):
    """Target rows for issue 13's open figures of the sets that ran (none in quick mode)."""
    sets = results["sets"]
    return [(target, sets[name]["figures"][figure]["median"], scale, op, goal, unit)
            for name, figure, target, goal, scale, op, unit in OPEN_TARGETS if figure in sets.get(name, {}).get("figures", {})]


def open_table(results):
    """Issue 13: opening the Posts list beside VisiData and less on the same posts (sets with peers)."""
    rows = [(name, r) for name, r in results["sets"].items() if "peers" in r]
    if not rows:
        return []
    lines = ["", "Opening the posts, Bulletin beside its peers in the same run (median / p95; ratio = peer / Bulletin, "
             "above 1 means Bulletin is faster)", "",
             "| data set | Bulletin first rows ms | Bulletin whole list ms | VisiData first rows ms (ratio) | VisiData loaded s "
             "| less first frame ms (ratio) | Bulletin ↓ ms | VisiData ↓ ms (ratio) | less ↓ ms (ratio) "
             "| Bulletin s title ms | VisiData sort title ms (ratio) | Bulletin RSS MB | VisiData RSS MB (ratio) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in rows:
        p = r["peers"]
        vd, less = p["visidata"], p["less"]

        def peer(figures, key, mine, scale=1e3):
            if "missing" in figures or figures.get(key, {}).get("median") is None:
                return "–"
            value, base = figures[key]["median"], r["figures"].get(mine, {}).get("median")
            ratio = f" ({value / base:.2f}x)" if base else ""
            return f"{value * scale:.1f} / {figures[key]['p95'] * scale:.1f}{ratio}"

        loaded = "–" if "missing" in vd else f"{vd['loaded_s']['median']:.1f}"
        lines.append(
            f"| {name} | {_mp(r, 'load_s', 1e3)} | {_mp(r, 'posts_ready_s', 1e3)} | {peer(vd, 'first_rows_s', 'load_s')} | {loaded} "
            f"| {peer(less, 'first_frame_s', 'load_s')} | {_mp(r, 'posts_down_s', 1e3)} | {peer(vd, 'down_s', 'posts_down_s')} "
            f"| {peer(less, 'down_s', 'posts_down_s')} | {_mp(r, 'posts_sort_title_s', 1e3)} "
            f"| {peer(vd, 'sort_title_s', 'posts_sort_title_s')} | {_mp(r, 'peak_rss_bytes', 1e-6, 0)} "
            f"| {peer(vd, 'peak_rss_bytes', 'peak_rss_bytes', 1e-6)} |")
    if any("missing" in r["peers"]["visidata"] for _, r in rows):
        lines += ["", "VisiData: " + next(r["peers"]["visidata"]["missing"] for _, r in rows if "missing" in r["peers"]["visidata"])]
    return lines


def app_find_targets(results):
    """Target rows for the in-app filter and sort figures of the sets that ran (none in quick mode)."""
    sets = results["sets"]
    return [(target, sets[name]["figures"][figure]["median"], 1e3, "<=", goal, "ms")
            for name, figure, target, goal in APP_FIND_TARGETS if figure in sets.get(name, {}).get("figures", {})]


def micro_targets(results):
    """Target rows (name, value, scale, op, goal, unit) for the micro-benchmarks that ran."""
    medians = {entry["name"]: entry["median_s"] for entry in results.get("micro", {}).get("benchmarks", [])}
    return [(target, medians[name], 1e3, "<=", goal, "ms") for name, target, goal in MICRO_TARGETS if name in medians]


def table(results):
    """The whole report as text (Markdown tables, so docs/performance.md can show it as is)."""
    lines = [f"Bulletin bench ({results['mode']}, {results['binary']}): {results['terminal']}, settled = {results['quiet_window_s'] * 1e3:g} ms "
             f"quiet, idle window {results['idle_window_s']:g} s, load average {_loads(results)}", ""]
    lines += ["Load = Enter on Home's Posts until the first post's row shows (file read, decoded, every post listed with its author)", "",
              "| data set | file MB | posts | users | runs | first frame ms | load ms | load MB/s | Users list ms | peak RSS MB | RSS / file | idle CPU s |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in results["sets"].items():
        load = _mp(r, "load_s", 1e3)
        if r.get("load_capped_s"):
            load = f"> {r['load_capped_s'] * 1e3:.0f} (capped; {r['figures']['load_s']['n']} of {r['runs']} runs loaded)"
        idle = r["figures"]["idle_cpu_s"]["median"]
        lines.append(f"| {name} | {r['bytes'] / 1e6:.1f} | {r['posts']} | {r['users']} | {r['runs']} | {_mp(r, 'first_frame_s', 1e3)} "
                     f"| {load} | {_mp(r, 'load_mb_per_s')} | {_mp(r, 'users_list_s', 1e3)} | {_mp(r, 'peak_rss_bytes', 1e-6)} "
                     f"| {_mp(r, 'rss_to_file')} | {'–' if idle is None else f'{idle:.2f}'} |")
    lines += open_table(results)
    base = results["startup_baseline_s"]
    lines += ["", f"Start-up baseline, `bulletin --version` (no terminal, no data): {base['median'] * 1e3:.1f} / "
              f"{base['p95'] * 1e3:.1f} ms (median / p95 of {base['n']})"]
    for prefix, title, opened in (("posts", "Posts", "post"), ("users", "Users", "user")):
        lines += ["", f"Keys on the {title} list: latency ms (median / p95) and bytes written (median / p95)", "",
                  f"| data set | rows | ↓ ms | ↓ bytes | PgDn ms | PgDn bytes | open {opened} ms | open bytes | Esc back ms | Esc bytes | ← back ms | ← bytes |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for name, r in results["sets"].items():
            cells = [f"{_mp(r, f'{prefix}_{step}_s', 1e3)} | {_mp(r, f'{prefix}_{step}_bytes', 1, 0)}"
                     for step in ("down", "page_down", "open", "back", "back_left")]
            lines.append(f"| {name} | {r['list_rows'][prefix]} | " + " | ".join(cells) + " |")
    lines += find_table(results)
    lines += ["", "Micro-benchmarks (in process; median / p95 per operation)", "", "| benchmark | median | p95 | note |", "|---|---|---|---|"]
    for entry in results["micro"]["benchmarks"]:
        lines.append(f"| {entry['name']} | {_t(entry['median_s'])} | {_t(entry['p95_s'])} | {entry.get('note', '')} |")
    lines += ["", "Targets (medians)", "", "| target | goal | measured | verdict |", "|---|---|---|---|"]
    for t in results["targets"]:
        measured = "–" if t["measured"] is None else f"{t['measured']:.3g}"
        lines.append(f"| {t['target']} | {t['goal']} | {measured} | {t['verdict']} |")
    lines += ["", "Not measured yet:"] + [f"- {item}" for item in results["missing"]]
    return "\n".join(lines)


def find_table(results):
    """Issue 7 in the app, through the terminal: the `/` filter typed on the Posts list, `s` to
    the title sort, Search from Home; each median also as a multiple of ↓ on the same Posts
    list in the same runs (the baseline). Empty when no set has these figures."""
    sets = {name: r for name, r in results["sets"].items() if "posts_filter_key_s" in r["figures"]}
    if not sets:
        return []
    lines = ["", "Filter, sort and search in the app, through the terminal (pty, key written → settled output "
             "showing the new count / the sorted page / the results): ms median / p95, and the median "
             "as a multiple of ↓ on the same Posts list (baseline)", "",
             "| data set | rows | ↓ ms (baseline) | filter keystroke ms | × ↓ | first keystroke ms | keystroke bytes "
             "| s to title sort ms | × ↓ | Search open ms | Search keystroke ms | × ↓ |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, r in sets.items():
        cells = [_mp(r, "posts_down_s", 1e3), _mp(r, "posts_filter_key_s", 1e3), _ratio(r, "posts_filter_key_s"),
                 _mp(r, "posts_filter_first_key_s", 1e3), _mp(r, "posts_filter_key_bytes", 1, 0),
                 _mp(r, "posts_sort_title_s", 1e3), _ratio(r, "posts_sort_title_s"),
                 _mp(r, "search_open_s", 1e3), _mp(r, "search_key_s", 1e3), _ratio(r, "search_key_s")]
        lines.append(f"| {name} | {r['list_rows']['posts']} | " + " | ".join(cells) + " |")
    for name, r in sets.items():
        for kind, typed in r.get("keystrokes", {}).items():
            steps = "  ".join(f"{entry['character']!r} {entry['median'] * 1e3:.1f}" for entry in typed["per_character_s"])
            lines.append(f"\n{name}, {kind} `{typed['query']}`, ms median per character typed: {steps}")
    return lines


def _ratio(result, name):
    """`12.3x`: the median of `name` over the median of ↓ on the Posts list; – when either is missing."""
    figure, base = result["figures"].get(name, {}).get("median"), result["figures"]["posts_down_s"]["median"]
    return "–" if figure is None or not base else f"{figure / base:.1f}x"


def problems(results):
    """Every figure that is missing or not a finite number: the quick check's findings."""
    found = []
    for name, r in results["sets"].items():
        if r.get("load_capped_s"):
            found.append(f"{name}: the Posts list did not show within {r['load_capped_s']:g} s")
        for figure, value in r["figures"].items():
            for key in ("median", "p95"):
                if not isinstance(value[key], (int, float)) or not math.isfinite(value[key]):
                    found.append(f"{name}: {figure} {key} is {value[key]!r}")
    for name, r in results["sets"].items():
        for figure in APP_FIND_FIGURES:
            if figure not in r["figures"]:
                found.append(f"{name}: no {figure} (filter and sort in the app)")
    if results["sets"] and not any("search_key_s" in r["figures"] for r in results["sets"].values()):
        found.append("no search_key_s (Search from Home in the app) in any data set")
    if not isinstance(results.get("startup_baseline_s", {}).get("median"), float):
        found.append("no start-up baseline")
    for entry in results["micro"].get("benchmarks", []):
        if not all(isinstance(entry.get(k), (int, float)) and entry[k] > 0 for k in ("median_s", "p95_s")):
            found.append(f"micro {entry.get('name')}: no timing")
    names = {entry.get("name", "") for entry in results["micro"].get("benchmarks", [])}
    for prefix in ("table render", "surface diff", "decode JSONDecoder", "decode JSONSerialization", "wrap",
                   "find index build", "filter keystroke", "filter naive", "sort by title", "sort key s"):
        if not any(name.startswith(prefix) for name in names):
            found.append(f"micro: no '{prefix}' benchmark")
    return found


def _loads(results):
    """`2.47 4.61 3.60 at the start, 3.01 3.90 3.55 at the end` (1, 5 and 15 minutes)."""
    machine = results["machine"]
    text = " ".join(f"{value:.2f}" for value in machine["load_average"]) + " at the start"
    if "load_average_end" in machine:
        text += ", " + " ".join(f"{value:.2f}" for value in machine["load_average_end"]) + " at the end"
    return text


def _mp(result, name, scale=1.0, digits=1):
    figure = result["figures"].get(name, {"median": None})
    if figure["median"] is None:
        return "–"
    return f"{figure['median'] * scale:.{digits}f} / {figure['p95'] * scale:.{digits}f}"


def _t(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"
