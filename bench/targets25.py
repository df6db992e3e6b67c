"""Issue 25's targets, judged on the SQLite figures of a run (``sqlite_flows``): each met or MISSED,
with the measured figure (medians unless the row says p95; release build, through the pty). A
figure that was not measured (its data set not run, a step that failed: an app bug) is MISSED and
says why, naming the failed step. The VisiData peer's figures are shown beside them, not judged.
Python 3 standard library only.
"""

import targets23

SET = "sqlite10M"
# (what, figure, statistic, op, goal, scale to the unit, unit, the steps whose failure explains a missing figure)
TARGETS = [
    ("spawn → first rows of the Posts list", "spawn_first_rows_s", "median", "<=", 50, 1e3, "ms", "Posts list"),
    ("↓ median", "down_s", "median", "<=", 1, 1e3, "ms", "Posts list"),
    ("↓ p95", "down_s", "p95", "<=", 2, 1e3, "ms", "Posts list"),
    ("PgDn", "page_down_s", "median", "<=", 20, 1e3, "ms", "Posts list"),
    ("End", "end_s", "median", "<=", 20, 1e3, "ms", "Posts list"),
    ("jump :5000000 (the digits, then Enter)", "jump_s", "median", "<=", 20, 1e3, "ms", "Posts list"),
    ("filter keystroke on Title (FTS5), key → filtered rows", "filter_rows_s", "median", "<=", 100, 1e3, "ms", "Posts list"),
    ("Search: typing stops → first results", "search_first_results_s", "median", "<=", 100, 1e3, "ms", "Posts list"),
    ("save one edited post (with fsync)", "save_s", "median", "<=", 20, 1e3, "ms", "save one edited post"),
    ("peak RSS (VmHWM after the list, End, jump, filter; before Search)", "peak_rss_bytes", "median", "<=", 100, 1e-6, "MB", "Posts list"),
    ("import of the 1M-post db.json", "import_mb_per_s", "median", ">=", 100, 1, "MB/s", "import"),
]

# Figures shown beside the targets, not judged: (what, figure, statistic, scale, unit). The issue's
# floor for the exact count of a title prefix alone (FTS5's MATCH 'ferr*' counted, 105 ms) is above
# the keystroke's 100 ms, so the keystroke is judged on its rows; the count follows (`… of N` until then).
REPORTED = [
    ("filter keystroke, key → exact count (`… of N` until it comes)", "filter_key_s", "median", 1e3, "ms"),
]


def reported_rows(results, set_name=SET):
    """The REPORTED figures of `set_name`: [(what, text)]."""
    figures = (((results.get("sqlite") or {}).get(set_name) or {}).get("figures")) or {}
    out = []
    for what, figure, statistic, scale, unit in REPORTED:
        value = (figures.get(figure) or {}).get(statistic)
        out.append((what, "–" if value is None else f"{value * scale:.3g} {unit}"))
    return out


def _failed(failures, set_name, part):
    """The first failure of a step of `set_name` naming `part`, as text; None when none failed."""
    for failure in failures or []:
        if failure["step"].startswith(f"{set_name}:") and part in failure["step"]:
            return f"{failure['step']}: {failure['error']}"
    return None


def targets(results, set_name=SET):
    """[{target, goal, measured, unit, met, verdict}] for every row of TARGETS on `set_name`'s figures."""
    data = (results.get("sqlite") or {}).get(set_name)
    rows = []
    for what, figure, statistic, op, goal, scale, unit, part in TARGETS:
        value, why = None, None
        if data is None:
            why = f"data set {set_name} not run (make bench SIZES={set_name})"
        else:
            value = (data["figures"].get(figure) or {}).get(statistic)
            if value is None:
                why = _failed(results.get("failures"), set_name, part) or f"no {figure} (see the failed steps)"
        measured = None if value is None else value * scale
        met = False if measured is None else targets23.judge(measured, op, goal)
        verdict = f"MISSED: not measured: {why}" if measured is None else "met" if met else "MISSED"
        rows.append({"target": f"{what}, {set_name}", "goal": f"{op} {goal:g} {unit}", "measured": measured,
                     "unit": unit, "met": met, "verdict": verdict})
    return rows


def peer_rows(results, set_name=SET):
    """The VisiData peer on the same file, shown beside the targets: [(what, text)]."""
    peer = ((results.get("sqlite") or {}).get(set_name) or {}).get("visidata")
    if peer is None:
        return [("VisiData on the same file", "not run")]
    if "missing" in peer:
        return [("VisiData on the same file", f"not measured: {peer['missing']}")]
    out = []
    for label, figure, scale, unit in (
            ("VisiData: Enter on the posts table → its first rows", "first_rows_s", 1e3, "ms"),
            ("VisiData: spawn → its list of tables (it counts every table's rows)", "index_sheet_s", 1e3, "ms"),
            ("VisiData: spawn → first rows of posts (with the keys to reach it)", "spawn_first_rows_s", 1e3, "ms"),
            ("VisiData: RSS 30 s after the posts sheet opened (still loading it whole)", "rss_after_s_bytes", 1e-6, "MB")):
        value = (peer.get(figure) or {}).get("median")
        out.append((label, "–" if value is None else f"{value * scale:.3g} {unit}"))
    return out


def table(results, set_name=SET):
    """The judged targets and the peer as Markdown lines (quick mode: a line saying they are not judged)."""
    if results.get("mode") == "quick":
        return ["", "Issue 25 targets: not judged in quick mode (sqlite100k, one run); see the results JSON"]
    lines = ["", f"Issue 25 targets on {set_name} (medians unless p95 is named; release build, through the pty)", "",
             "| target | goal | measured | verdict |", "|---|---|---|---|"]
    for row in results.get("targets_25") or targets(results, set_name):
        measured = "–" if row["measured"] is None else f"{row['measured']:.3g} {row['unit']}"
        lines.append(f"| {row['target']} | {row['goal']} | {measured} | {row['verdict']} |")
    for what, text in reported_rows(results, set_name):
        lines.append(f"| {what} | (shown, not judged) | {text} | – |")
    for what, text in peer_rows(results, set_name):
        lines.append(f"| {what} | (peer, not judged) | {text} | – |")
    return lines
