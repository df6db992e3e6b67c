"""Tests of the bench tools themselves (run by ``make test``): the data generator, the
statistics and completeness check, and the pty harness against small stand-in programs.

    python3 -m unittest discover -s bench -p 'test_*.py'
"""

import json
import os
import tempfile
import unittest
from unittest import mock

import generate_data
import harness
import procmem
import report
import run


class GeneratorTests(unittest.TestCase):
    def generate(self, posts, seed=7):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "db.json")
            generate_data.generate_file(path, posts, seed)
            with open(path, "rb") as file:
                return file.read()

    def test_same_arguments_give_the_same_bytes_and_other_seeds_differ(self):
        self.assertEqual(self.generate(300), self.generate(300))
        self.assertNotEqual(self.generate(300), self.generate(300, seed=8))

    def test_counts_ids_and_links_follow_the_proportions(self):
        db = json.loads(self.generate(2_000))
        self.assertEqual(list(db), ["comments", "posts", "users"])
        self.assertEqual((len(db["users"]), len(db["posts"]), len(db["comments"])), (20, 2_000, 2_000))
        self.assertEqual([post["id"] for post in db["posts"]], list(range(1, 2_001)))
        user_ids = {user["id"] for user in db["users"]}
        self.assertTrue(all(post["userId"] in user_ids for post in db["posts"]))
        self.assertTrue(all(1 <= comment["postId"] <= 2_000 for comment in db["comments"]))
        self.assertEqual(db["users"][0]["name"], "Margaret Okafor")   # the harness waits for this row

    def test_lengths_are_realistic_and_about_five_percent_is_non_ascii(self):
        db = json.loads(self.generate(2_000))
        texts = [p["title"] + p["body"] for p in db["posts"]] + [c["name"] + c["body"] for c in db["comments"]]
        share = sum(any(ord(ch) > 127 for ch in text) for text in texts) / len(texts)
        self.assertTrue(0.03 <= share <= 0.08, share)
        titles = [len(post["title"]) for post in db["posts"]]
        bodies = [len(post["body"]) for post in db["posts"]]
        self.assertTrue(15 <= min(titles) and max(titles) <= 70, (min(titles), max(titles)))
        self.assertTrue(100 <= sum(bodies) / len(bodies) <= 350)


class ReportTests(unittest.TestCase):
    def test_summarize_gives_median_and_nearest_rank_p95(self):
        self.assertEqual(report.summarize([3, 1, 2]), {"median": 2, "p95": 3, "n": 3})
        self.assertEqual(report.summarize(list(range(1, 101)))["p95"], 95)
        self.assertEqual(report.summarize([4, 1])["median"], 2.5)
        self.assertEqual(report.summarize([]), {"median": None, "p95": None, "n": 0})

    def test_problems_names_every_missing_figure(self):
        results = {"sets": {"tiny": {"figures": {"load_s": report.summarize([]),
                                                 "first_frame_s": report.summarize([0.1])}}},
                   "micro": {"benchmarks": [{"name": "wrap, 100 columns", "median_s": 0.0, "p95_s": 1e-6}]}}
        found = report.problems(results)
        self.assertIn("tiny: load_s median is None", found)
        self.assertIn("micro wrap, 100 columns: no timing", found)
        self.assertIn("micro: no 'decode JSONDecoder' benchmark", found)
        self.assertIn("no start-up baseline", found)
        self.assertFalse(any("first_frame_s" in problem for problem in found))


def fake_results(capped=False):
    """A results dict shaped like run.py's, with two sets; the second capped when asked."""
    def figures(load):
        out = {name: report.summarize([value]) for name, value in [
            ("first_frame_s", 0.04), ("users_list_s", 0.01), ("idle_cpu_s", 0.0), ("peak_rss_bytes", 3e8),
            ("rss_to_file", 3.0)]}
        out["load_s"] = report.summarize([] if load is None else [load])
        out["load_mb_per_s"] = report.summarize([] if load is None else [60 / load])
        for prefix in ("posts", "users"):
            for step in ("down", "page_down", "open", "back", "back_left"):
                out[f"{prefix}_{step}_s"] = report.summarize([] if load is None else [0.003])
                out[f"{prefix}_{step}_bytes"] = report.summarize([] if load is None else [250])
        return out
    sets = {"embedded": {"bytes": 172_000, "posts": 100, "users": 10, "runs": 1, "load_capped_s": None,
                         "list_rows": {"posts": 100, "users": 10}, "figures": figures(0.02)},
            "1M": {"bytes": 60_000_000, "posts": 1_000_000, "users": 10_000, "runs": 3,
                   "load_capped_s": 300.0 if capped else None, "list_rows": {"posts": 1_000_000, "users": 10_000},
                   "figures": figures(None if capped else 1.0)}}
    results = {"mode": "full", "binary": "bulletin", "terminal": "120x40", "quiet_window_s": 0.05, "idle_window_s": 5,
               "machine": {"load_average": (1.0, 1.0, 1.0)}, "sets": sets, "startup_baseline_s": report.summarize([0.03]),
               "micro": {"benchmarks": []}, "missing": report.MISSING}
    results["targets"] = report.targets(results)
    return results


class TargetTests(unittest.TestCase):
    def test_targets_use_the_posts_list_of_the_largest_set_and_say_by_how_much(self):
        targets = {t["target"]: t for t in fake_results()["targets"]}
        move = targets["1-row move, Posts list, 1,000,000 rows"]
        self.assertAlmostEqual(move["measured"], 3.0)
        self.assertFalse(move["met"])
        self.assertEqual(move["verdict"], "missed by 1 ms (1.50x the target)")
        self.assertFalse(targets["1-row move bytes, Posts list, 1,000,000 rows"]["met"])
        self.assertAlmostEqual(targets["loading to a browsable Posts list, 1M file"]["measured"], 60.0)

    def test_a_capped_load_is_reported_as_not_measured_and_fails_the_check(self):
        results = fake_results(capped=True)
        move = next(t for t in results["targets"] if t["target"].startswith("1-row move, Posts"))
        self.assertEqual((move["measured"], move["met"]), (None, False))
        self.assertIn("cap of 300.0 s", move["verdict"])
        text = report.table(results)
        self.assertIn("> 300000 (capped; 0 of 3 runs loaded)", text)
        self.assertIn("Keys on the Posts list", text)
        self.assertIn("Keys on the Users list", text)
        self.assertIn("1M: the Posts list did not show within 300 s", report.problems(results))


class FindTargetTests(unittest.TestCase):
    def test_filter_and_sort_targets_come_from_the_micro_benchmarks_when_they_ran(self):
        results = fake_results()
        results["micro"]["benchmarks"] = [
            {"name": "filter keystroke, 100,000 rows (until applied)", "median_s": 0.004, "p95_s": 0.01},
            {"name": "filter keystroke, 1,000,000 rows (until applied)", "median_s": 0.15, "p95_s": 0.2},
            {"name": "filter keystroke, 2,000 rows (until applied)", "median_s": 0.001, "p95_s": 0.002},
        ]
        targets = {t["target"]: t for t in report.targets(results)}
        self.assertTrue(targets["filter keystroke, 100,000 posts"]["met"])
        self.assertAlmostEqual(targets["filter keystroke, 100,000 posts"]["measured"], 4.0)
        self.assertEqual(targets["filter keystroke, 1,000,000 posts"]["verdict"], "missed by 50 ms (1.50x the target)")
        self.assertNotIn("sort 1,000,000 posts by title", targets)   # not run: no row, not a guess
        found = report.problems(results)
        self.assertIn("micro: no 'sort by title' benchmark", found)
        self.assertNotIn("micro: no 'filter keystroke' benchmark", found)


class FakeApp:
    """Records the keys a run presses; every key takes 1 ms and writes 10 bytes."""
    def __init__(self):
        self.pressed = []

    def key(self, name, until=b"", limit=10.0):
        self.pressed.append(name)
        return 0.001, 10


class ListKeysTests(unittest.TestCase):
    def test_every_sample_name_is_distinct_and_covers_both_lists(self):
        names = run.sample_names()
        self.assertEqual(len(names), len(set(names)))
        self.assertIn("users_list_s", names)
        self.assertIn("posts_open_s", names)
        self.assertIn("users_open_bytes", names)

    def test_keys_are_filed_under_the_list_and_home_rewinds_at_the_last_row(self):
        config = {"moves": 3, "pages": 1, "opens": 1}
        samples = {f"posts_{step}_{unit}": [] for step in run.KEY_STEPS for unit in ("s", "bytes")}
        app = FakeApp()
        run.list_keys(app, 3, config, samples, "posts")
        self.assertEqual(app.pressed, ["down", "down", "home", "down", "page_down", "enter", "escape", "enter", "left"])
        self.assertEqual(len(samples["posts_down_s"]), 3)
        self.assertEqual(samples["posts_page_down_bytes"], [10])
        self.assertEqual(len(samples["posts_back_left_s"]), 1)


class FindApp(FakeApp):
    """Also answers the find steps: typed keys, waits for quiet, and `s` frames showing ▲;
    `busy_slashes` `/` presses show `filtering…` (the index still building) first."""
    def __init__(self, busy_slashes=0):
        super().__init__()
        self.busy_slashes = busy_slashes

    def type(self, text, done, limit=60.0):
        self.pressed.append(text)
        return 0.002, 100

    def wait_quiet(self, seconds, limit=120.0):
        self.pressed.append("quiet")

    def key_until_idle(self, name, quiet, limit=120.0, until=b""):
        self.pressed.append(name)
        if name == b"/" and self.busy_slashes:
            self.busy_slashes -= 1
            return 0.001, "/▏ filtering…".encode()
        return 0.3, "Title ▲".encode() if name == b"s" else b"x"


class FindKeysTests(unittest.TestCase):
    def samples(self, search=True):
        return {name: [] for name in run.sample_names(search)}

    def test_the_filter_waits_for_an_idle_list_then_types_each_character_and_sorts_by_title(self):
        app, samples = FindApp(busy_slashes=1), self.samples()
        run.find_keys(app, "ab", samples, 0.3)
        self.assertEqual(app.pressed, ["quiet", b"/", "escape", "quiet", b"/", b"a", b"b", "escape",
                                       b"s", b"s", b"s", b"s"])
        self.assertEqual(samples["posts_filter_key_s"], [0.002, 0.002])
        self.assertEqual(samples["posts_filter_first_key_s"], [0.002])
        self.assertEqual(samples["posts_filter_key_bytes"], [100, 100])
        self.assertEqual(samples["posts_sort_title_s"], [0.3])

    def test_search_opens_from_home_types_the_query_and_leaves_by_esc(self):
        app, samples = FindApp(), self.samples()
        app.pid, app.memory = -1, procmem.Peaks()
        samples["browse_peak_rss_bytes"].append(100)
        typed = {"search_first_results_s": 0.05, "search_final_s": 0.08, "search_results": 12}

        def search_typed_at_120(*_):                   # Search's peak, inside its memory window
            app.memory.add({"VmHWM": 120})
            return typed
        with mock.patch.object(run.flows, "search_typed", side_effect=search_typed_at_120) as search_typed:
            run.search_keys(app, {"idle_quiet": 0.3, "load_limit": 5}, samples)
        self.assertEqual(app.pressed, [b"s"] + [bytes([c]) for c in run.SEARCH_QUERY.encode()] + ["escape"])
        search_typed.assert_called_once_with(app, run.SEARCH_QUERY, 0.3, 5)
        self.assertEqual(len(samples["search_key_s"]), len(run.SEARCH_QUERY))
        self.assertEqual(samples["search_open_s"], [0.3])
        self.assertEqual(samples["search_first_results_s"], [0.05])
        self.assertEqual(samples["search_final_s"], [0.08])
        self.assertEqual(samples["search_rss_ratio"], [1.2])

    def test_search_figures_are_named_only_where_search_runs(self):
        self.assertIn("search_key_s", run.sample_names(search=True))
        self.assertNotIn("search_key_s", run.sample_names(search=False))
        self.assertIn("posts_sort_title_s", run.sample_names(search=False))

    def test_after_busy_needs_the_done_text_after_the_last_busy_marker(self):
        done = run.FILTER_DONE
        self.assertTrue(harness.after_busy(bytearray(b"/w 12 of 100"), done))       # no marker: any output
        self.assertFalse(harness.after_busy(bytearray(b""), done))
        self.assertFalse(harness.after_busy(bytearray("/w filtering…  ⏎ keep".encode()), done))
        self.assertTrue(harness.after_busy(bytearray("filtering… \x1b[40;90H12 of 100".encode()), done))
        self.assertFalse(harness.after_busy(bytearray("3 of 9 filtering… x".encode()), done))
        self.assertTrue(harness.after_busy(bytearray("filtering…  no matches".encode()), done))
        self.assertFalse(harness.after_busy(bytearray("searching\x1b[?7l…\x1b[?7h".encode()), run.SEARCH_DONE))
        self.assertTrue(harness.after_busy(bytearray(b"searching then 3 posts \xc2\xb7 1 comment"), run.SEARCH_DONE))
        self.assertFalse(harness.after_busy(bytearray("7 comments ⠋".encode()), run.SEARCH_DONE))


class AppFindReportTests(unittest.TestCase):
    def results(self):
        results = fake_results()
        for name in ("embedded", "1M"):
            figures = results["sets"][name]["figures"]
            figures["posts_filter_key_s"] = report.summarize([0.006, 0.012])
            figures["posts_filter_key_bytes"] = report.summarize([300])
            figures["posts_filter_first_key_s"] = report.summarize([0.05])
            figures["posts_sort_title_s"] = report.summarize([1.2])
        results["sets"]["embedded"]["figures"]["search_key_s"] = report.summarize([0.009])
        results["targets"] = report.targets(results)
        return results

    def test_in_app_targets_and_table_use_the_sets_that_ran(self):
        results = self.results()
        targets = {t["target"]: t for t in results["targets"]}
        keystroke = targets["filter keystroke in the app, through the terminal, 1,000,000 posts"]
        self.assertAlmostEqual(keystroke["measured"], 9.0)
        self.assertTrue(keystroke["met"])
        sort = targets["s to the title sort in the app, through the terminal, 1,000,000 posts"]
        self.assertEqual(sort["verdict"], "missed by 200 ms (1.20x the target)")
        self.assertNotIn("filter keystroke in the app, through the terminal, 100,000 posts", targets)  # no 100k set
        text = report.table(results)
        self.assertIn("in the app, through the terminal", text)
        self.assertIn("| 1M | 1000000 | 3.0 / 3.0 | 9.0 / 12.0 | 3.0x | 50.0 / 50.0 | 300 / 300 | 1200.0 / 1200.0 | 400.0x | – | – | – |", text)
        self.assertIn("| 9.0 / 9.0 | 3.0x |", text)   # Search on the embedded set

    def test_the_check_asks_for_the_in_app_figures(self):
        results = self.results()
        self.assertFalse([p for p in report.problems(results) if "in the app" in p or "search_key_s" in p])
        del results["sets"]["1M"]["figures"]["posts_sort_title_s"]
        del results["sets"]["embedded"]["figures"]["search_key_s"]
        found = report.problems(results)
        self.assertIn("1M: no posts_sort_title_s (filter and sort in the app)", found)
        self.assertIn("no search_key_s (Search from Home in the app) in any data set", found)


class HarnessTests(unittest.TestCase):
    def test_first_frame_waits_for_the_marker_and_the_quiet_window(self):
        script = "printf 'start '; sleep 0.3; printf 'Home shown'; sleep 5"
        with harness.Session("/bin/sh", ["-c", script]) as app:
            seconds = app.first_frame(b"Home shown")
        self.assertGreaterEqual(seconds, 0.3)
        self.assertLess(seconds, 3)

    def test_a_key_reports_latency_and_the_bytes_written_back(self):
        with harness.Session("/bin/cat") as app:
            latency, written = app.key("page_down")
            self.assertGreater(written, 0)
            self.assertGreaterEqual(latency, 0)
            self.assertGreaterEqual(app.idle_cpu(0.2), 0)
            self.assertGreater(app.close(), 0)

    def test_typing_waits_past_the_busy_frame_for_the_result(self):
        script = ("stty raw -echo; printf ready; head -c 1 >/dev/null; printf '/w filtering…  keep'; sleep 0.3; "
                  "printf ' 12 of 100'; sleep 5")
        with harness.Session("/bin/sh", ["-c", script]) as app:
            app.settle(limit=5, until=b"ready")    # no echo of the key from here on
            _, written = app.type(b"w", run.FILTER_DONE, limit=5)
        self.assertIn(b"12 of 100", bytes(app.output))
        self.assertEqual(written, len("/w filtering…  keep 12 of 100".encode()))

    def test_the_terminal_is_120_by_40(self):
        with harness.Session("/bin/sh", ["-c", "stty size; sleep 5"]) as app:
            app.settle(limit=5, until=b"\n")
        self.assertIn(b"40 120", bytes(app.output))


if __name__ == "__main__":
    unittest.main()


class OpenFigureTests(unittest.TestCase):
    """Issue 13: the open targets and the table beside the peers."""

    def results(self, visidata=True):
        results = fake_results()
        one = results["sets"]["1M"]
        one["figures"]["load_s"] = report.summarize([0.1])
        one["figures"]["posts_ready_s"] = report.summarize([2.0])
        one["figures"]["posts_sort_title_s"] = report.summarize([0.5])
        vd = {name: report.summarize([value]) for name, value in [
            ("first_rows_s", 0.3), ("loaded_s", 40.0), ("down_s", 0.006), ("sort_title_s", 5.0), ("peak_rss_bytes", 3e9)]}
        one["peers"] = {"less": {"first_frame_s": report.summarize([0.004]), "down_s": report.summarize([0.0015])},
                        "visidata": vd if visidata else {"missing": "could not install visidata==3.4 into bench/.venv: no network"}}
        results["targets"] = report.targets(results)
        return results

    def test_open_targets_say_by_how_much(self):
        targets = {t["target"]: t for t in self.results()["targets"]}
        self.assertTrue(targets["Enter on Posts → first rows, 1,000,000 posts"]["met"])
        ready = targets["Enter on Posts → whole list browsable, filterable, sortable, 1,000,000 posts"]
        self.assertEqual(ready["verdict"], "missed by 500 ms (1.33x the target)")
        self.assertNotIn("Enter on Posts → whole list browsable, 100,000 posts", targets)   # no 100k set

    def test_the_peer_table_gives_ratios_peer_over_bulletin(self):
        text = report.table(self.results())
        self.assertIn("| 1M | 100.0 / 100.0 | 2000.0 / 2000.0 | 300.0 / 300.0 (3.00x) | 40.0 | 4.0 / 4.0 (0.04x) "
                      "| 3.0 / 3.0 | 6.0 / 6.0 (2.00x) | 1.5 / 1.5 (0.50x) | 500.0 / 500.0 | 5000.0 / 5000.0 (10.00x) "
                      "| 300 / 300 | 3000.0 / 3000.0 (10.00x) |", text)

    def test_a_missing_visidata_is_said_not_guessed(self):
        text = report.table(self.results(visidata=False))
        self.assertIn("VisiData: could not install visidata==3.4 into bench/.venv: no network", text)
        self.assertIn("| – | – |", text)

    def test_open_posts_times_the_first_rows_then_the_quiet_list(self):
        class Chunks:
            """A stand-in session: the first rows at once, two more frames, then quiet."""
            def __init__(self):
                self.fd, self.frames = os.open(os.devnull, os.O_WRONLY), [b"...", b"...", b"for", b"Oka", b"Loading"]

            def _read(self, timeout):
                return (self.frames.pop(), run.time.perf_counter()) if self.frames else (b"", None)

        samples = {"load_s": [], "posts_ready_s": []}
        app = Chunks()
        self.assertTrue(run.open_posts(app, {"load_limit": 10, "idle_quiet": 0.6}, samples))
        os.close(app.fd)
        self.assertEqual(len(samples["load_s"]), 1)
        self.assertGreaterEqual(samples["posts_ready_s"][0], samples["load_s"][0])
