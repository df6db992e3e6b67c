"""Issue 23's targets, judged on a run's results: each met or MISSED, with the measured figure
(medians unless the row says p95; release build, through the pty). A figure that was not measured
(its data set not among the sizes, a failed step) is MISSED and says why.
Python 3 standard library only.
"""

import robust

# (what, where, figure, statistic, op, goal, scale to the unit, unit); where: a data set, "save", or a robust case.
TARGETS = [
    *[(f"Enter on Posts → first rows, {s}", s, "load_s", "median", "<=", 30, 1e3, "ms") for s in ("100k", "1M", "3M")],
    *[(f"whole list usable (file MB / s to browsable), {s}", s, "load_mb_per_s", "median", ">=", 1000, 1, "MB/s")
      for s in ("1M", "3M")],
    ("↓ on the Posts list, 3M, median", "3M", "posts_down_s", "median", "<=", 0.5, 1e3, "ms"),
    ("↓ on the Posts list, 3M, p95", "3M", "posts_down_s", "p95", "<=", 1, 1e3, "ms"),
    ("filter keystroke, 1M", "1M", "posts_filter_key_s", "median", "<=", 15, 1e3, "ms"),
    ("filter keystroke, 3M", "3M", "posts_filter_key_s", "median", "<=", 50, 1e3, "ms"),
    ("Search typing stops → first results, 1M", "1M", "search_first_results_s", "median", "<=", 300, 1e3, "ms"),
    ("Search typing stops → first results, 3M", "3M", "search_first_results_s", "median", "<=", 1000, 1e3, "ms"),
    *[(f"memory while searching / browsing, {s}", s, "search_rss_ratio", "median", "<=", 1.2, 1, "x") for s in ("1M", "3M")],
    *[(f"export {k} through the Admin panel, 1M", "1M", f"export_{k}_mb_per_s", "median", ">=", 300, 1, "MB/s")
      for k in ("json", "csv")],
    *[(f"peak RSS exporting {k} / browsing, 1M", "1M", f"export_{k}_rss_ratio", "median", "<=", 1.1, 1, "x")
      for k in ("json", "csv")],
    ("save one post (Ctrl-S, form open first) / cp+sync, 3M", "save", ("3M", "save_prepared_s"), None, "<=", 2, 1, "x"),
    ("save one post (no head start) / cp+sync, 3M", "save", ("3M", "save_first_s"), None, "<=", 2, 1, "x"),
    ("peak RSS browsing / file, 3M", "3M", "browse_peak_rss_to_file", "median", "<=", 0.6, 1, "x"),
    ("RssAnon browsing / file, 3M (shown beside the peak)", "3M", "browse_rss_anon_to_file", "median", None, None, 1, "x"),
    ("RssFile browsing / file, 3M (shown beside the peak)", "3M", "browse_rss_file_to_file", "median", None, None, 1, "x"),
    ("100 MB title: ↓ across that row, median", "title", "huge_down_s", "median", "<=", robust.DOWN_LIMIT_S * 1e3, 1e3, "ms"),
    ("100 MB title: ↓ onto and off that row, worst", "title", "huge_down_worst_s", "median", "<=",
     robust.DOWN_LIMIT_S * 1e3, 1e3, "ms"),
    ("100 MB title: Enter → its start shown ('at once')", "title", "huge_open_s", "median", "<=",
     robust.OPEN_LIMIT_S * 1e3, 1e3, "ms"),
    *[(f"2 GB {c} file: Enter on Posts → error shown", c, "error_s", "median", "<=", robust.ERROR_LIMIT_S * 1e3, 1e3, "ms")
      for c in ("zero", "invalid")],
    *[(f"2 GB {c} file: peak RSS", c, "peak_rss_bytes", "median", "<=", robust.ERROR_RSS_LIMIT / 1e6, 1e-6, "MB")
      for c in ("zero", "invalid")],
]


def _measured(results, where, figure, statistic):
    """(value in the figure's own unit, None) or (None, why it is missing)."""
    if where == "save":
        name, key = figure
        save = results.get("save_export", {}).get(name)
        if not save:
            return None, f"no save figures for {name} (not in the sizes, or its step failed)"
        return (save[key] / save["cp_sync_s"], None) if save.get("cp_sync_s") else (None, "no cp+sync time")
    if where in ("title", "zero", "invalid"):
        case = (results.get("robust") or {}).get(where)
        if not case:
            return None, "robustness cases not run (or their step failed)"
        value = case.get("figures", {}).get(figure, {}).get(statistic)
        capped = case.get("figures", {}).get("no_error_within_s", {}).get("median")
        if value is None and capped is not None and figure == "error_s":
            return None, f"no error shown within {capped:g} s of Enter on Posts"
        return (value, None) if value is not None else (None, f"no {figure} (see the failed steps)")
    data = results["sets"].get(where)
    if data is None:
        return None, f"data set {where} not run (make bench SIZES=…,{where})"
    value = data["figures"].get(figure, {}).get(statistic)
    return (value, None) if value is not None else (None, f"no {figure} (see the failed steps)")


def judge(value, op, goal):
    """Whether `value` meets `op goal` (`<=` or `>=`); None when there is no goal (shown only)."""
    if op is None:
        return None
    return value <= goal if op == "<=" else value >= goal


def targets(results):
    """[{target, goal, measured, unit, met, verdict}] for every row of TARGETS (measured in the unit)."""
    rows = []
    for what, where, figure, statistic, op, goal, scale, unit in TARGETS:
        value, why = _measured(results, where, figure, statistic)
        measured = None if value is None else value * scale
        met = None if op is None else (False if measured is None else judge(measured, op, goal))
        if measured is None:
            verdict = f"MISSED: not measured: {why}" if op else f"not measured: {why}"
        else:
            verdict = "shown" if met is None else "met" if met else "MISSED"
        rows.append({"target": what, "goal": "–" if op is None else f"{op} {goal:g} {unit}", "measured": measured,
                     "unit": unit, "met": met, "verdict": verdict})
    return rows


def table(results):
    """The judged targets as a Markdown table (quick mode: a line saying they are not judged)."""
    if results.get("mode") == "quick":
        return ["", "Issue 23 targets: not judged in quick mode (tiny files, the debug build); see results-quick.json"]
    lines = ["", "Issue 23 targets (medians unless p95 is named; release build, through the pty)", "",
             "| target | goal | measured | verdict |", "|---|---|---|---|"]
    for row in results.get("targets_23") or targets(results):
        measured = "–" if row["measured"] is None else f"{row['measured']:.3g} {row['unit']}"
        lines.append(f"| {row['target']} | {row['goal']} | {measured} | {row['verdict']} |")
    return lines
