"""Tests of issue 23's bench pieces: SIZES, /proc memory, deadlines that KILL, the export checks,
Search typed, the robustness checks and the targets table.

    python3 -m unittest discover -s bench -p 'test_*.py'
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

import flows
import harness
import procmem
import robust
import run
import steps
import targets23

# A child that ignores SIGTERM (as strace -o FILE does) and says so, then waits for ever.
STUBBORN = [sys.executable, "-c", "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
            "print('ready', flush=True); time.sleep(600)"]


class SizesTests(unittest.TestCase):
    def test_sizes_are_matched_in_any_case_and_kept_in_the_modes_order(self):
        self.assertEqual(run.parse_sizes("3m, 100K,1M", ["10k", "100k", "1M", "3M"]), ["100k", "1M", "3M"])

    def test_an_unknown_or_empty_size_is_named(self):
        with self.assertRaisesRegex(ValueError, "no data set 2m"):
            run.parse_sizes("1M,2m", ["100k", "1M"])
        with self.assertRaises(ValueError):
            run.parse_sizes(" , ", ["100k"])

    def test_the_full_mode_knows_3M_but_does_not_run_it_by_default(self):
        self.assertIn("3M", [name for name, _, _ in run.FULL["sets"]])
        self.assertNotIn("3M", run.FULL["sizes"])


STATUS = """Name:\tbulletin
VmHWM:\t  901232 kB
VmRSS:\t  880000 kB
RssAnon:\t  120000 kB
RssFile:\t  760000 kB
RssShmem:\t       0 kB
Threads:\t4
"""


class MemoryTests(unittest.TestCase):
    def test_status_fields_are_read_in_bytes(self):
        found = procmem.parse_status(STATUS)
        self.assertEqual(found, {"VmHWM": 901232 * 1024, "VmRSS": 880000 * 1024, "RssAnon": 120000 * 1024,
                                 "RssFile": 760000 * 1024, "RssShmem": 0})

    def test_peaks_keep_the_largest_of_each_and_restart_per_step_but_not_overall(self):
        peaks = procmem.Peaks()
        peaks.add({"RssAnon": 10, "RssFile": 50, "VmHWM": 60})
        peaks.add({"RssAnon": 30, "RssFile": 20, "VmHWM": 60})
        self.assertEqual(peaks.peak, {"RssAnon": 30, "RssFile": 50, "VmHWM": 60})
        peaks.restart(-1)            # no such process: only the samples restart
        peaks.add({"RssAnon": 5, "VmHWM": 40})
        self.assertEqual(peaks.peak, {"RssAnon": 5, "VmHWM": 40})
        self.assertEqual(peaks.peak_rss(), 60)

    def test_this_process_has_anonymous_and_file_memory(self):
        found = procmem.read_status(os.getpid())
        self.assertGreater(found["RssAnon"], 0)
        self.assertGreater(found["RssFile"], 0)
        self.assertEqual(procmem.read_status(-1), {})

    def test_a_session_reports_the_apps_own_peak_not_the_harness_rss(self):
        ballast = bytearray(300 * 2**20)          # the harness holds 300 MB when it forks the app
        for index in range(0, len(ballast), 4096):
            ballast[index] = 1
        with harness.Session("/bin/sh", ["-c", "echo ready; sleep 5"]) as app:
            app.settle(limit=5, until=b"ready")
            peak = app.close()
        self.assertLess(peak, 100 * 2**20)
        del ballast


class DeadlineTests(unittest.TestCase):
    def test_close_kills_a_child_that_ignores_term(self):
        app = harness.Session(STUBBORN[0], STUBBORN[1:])
        app.settle(limit=10, until=b"ready")
        started = time.perf_counter()
        app.close(grace=0.5)
        self.assertLess(time.perf_counter() - started, 5)
        self.assertIsNotNone(app.rusage)

    def test_a_step_past_its_deadline_is_killed_recorded_and_the_run_goes_on(self):
        failures, started = [], time.perf_counter()
        with steps.step("stubborn step", 1.0, failures):
            with harness.Session(STUBBORN[0], STUBBORN[1:]) as app:
                app.settle(limit=10, until=b"ready")
                app.settle(limit=60, until=b"never shown")      # would wait 60 s
        self.assertLess(time.perf_counter() - started, 10)
        self.assertEqual(len(failures), 1)
        self.assertEqual(failures[0]["step"], "stubborn step")
        self.assertIn("AppExited", failures[0]["error"])
        self.assertIn("deadline", failures[0]["error"])
        self.assertEqual(steps.problems(failures), [f"step failed: stubborn step: {failures[0]['error']}"])
        self.assertIn("- stubborn step after", "\n".join(steps.table(failures)))

    def test_a_command_past_its_deadline_is_killed_with_its_children(self):
        with tempfile.TemporaryDirectory() as folder:
            marker = os.path.join(folder, "late")
            script = f"sleep 30 & sleep 2; touch {marker}"
            started = time.perf_counter()
            with self.assertRaises(subprocess.TimeoutExpired):
                steps.command(["sh", "-c", script], timeout=0.5)
            self.assertLess(time.perf_counter() - started, 5)
            time.sleep(2.5)
            self.assertFalse(os.path.exists(marker))     # the group died, not only sh

    def test_a_step_that_finishes_records_nothing_and_no_deadline_outside_steps(self):
        failures = []
        with steps.step("fine", 5, failures):
            self.assertLessEqual(steps.current_deadline(), 5)
        self.assertEqual(failures, [])
        self.assertIsNone(steps.current_deadline())


class RewindTests(unittest.TestCase):
    def test_home_comes_before_a_move_that_could_not_move(self):
        plan = list(harness.rewinding([("down", "down")] * 3 + [("page_down", "page_down")] * 2, 3, 37))
        self.assertEqual(plan, [("down", "down"), ("down", "down"), ("rewind", "home"), ("down", "down"),
                                ("page_down", "page_down"), ("rewind", "home"), ("page_down", "page_down")])


class ExportCheckTests(unittest.TestCase):
    def write(self, name, text):
        path = os.path.join(self.folder.name, name)
        with open(path, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        return path

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.folder.cleanup()

    def test_a_db_json_is_counted_record_by_record_across_chunks(self):
        db = {"comments": [], "posts": [{"id": n, "title": "é \"q\" ] }"} for n in range(7)], "users": [{"id": 1}]}
        path = self.write("db.json", json.dumps(db, indent=2, ensure_ascii=False))
        for chunk in (5, 1 << 20):
            self.assertEqual(flows.json_counts(path, chunk=chunk), {"comments": 0, "posts": 7, "users": 1})
        self.assertEqual(flows.check_export("json", path, 7, 1), {"comments": 0, "posts": 7, "users": 1})

    def test_a_cut_off_or_wrong_db_json_fails_naming_where(self):
        with self.assertRaisesRegex(ValueError, "at character 27"):
            flows.json_counts(self.write("cut.json", '{"posts": [{"id": 1}, {"id"'))
        with self.assertRaisesRegex(steps.StepFailed, "not 3 posts"):
            flows.check_export("json", self.write("short.json", '{"posts": [1, 2], "users": []}'), 3, 0)
        with self.assertRaisesRegex(ValueError, "content after the end"):
            flows.json_counts(self.write("two.json", '{"posts": []} {}'))

    def test_a_csv_needs_its_header_and_one_row_per_post_quoted_newlines_included(self):
        path = self.write("posts.csv", 'id,userId,title,body\r\n1,1,a,"two\r\nlines"\r\n2,1,"b, c",d\r\n')
        self.assertEqual(flows.check_export("csv", path, 2, 0), {"rows": 2})
        with self.assertRaisesRegex(steps.StepFailed, "2 rows, not 3 posts"):
            flows.check_export("csv", path, 3, 0)


class SearchTypedTests(unittest.TestCase):
    def test_first_results_and_the_final_count_are_timed_from_the_last_key(self):
        # A stand-in Search: eats Ctrl-U and the five keys, then answers the last with searching…, a
        # partial count beside it, and the final count after it.
        script = ("stty raw -echo; printf ready; head -c 6 >/dev/null; printf 'searching\\342\\200\\246'; sleep 0.2; "
                  "printf ' 3 posts'; sleep 0.15; printf 'x 12 posts \\302\\267 4 comments'; sleep 5")
        with harness.Session("/bin/sh", ["-c", script]) as app:
            app.settle(limit=5, until=b"ready")
            typed = flows.search_typed(app, "ferry", 0.3, 5)
        self.assertGreaterEqual(typed["search_first_results_s"], 0.2)
        self.assertLess(typed["search_first_results_s"], typed["search_final_s"])
        self.assertGreaterEqual(typed["search_final_s"], 0.35)
        self.assertEqual(typed["search_results"], 12)

    def test_no_count_ever_fails_naming_the_step(self):
        script = "stty raw -echo; printf ready; head -c 5 >/dev/null; printf 'searching'; sleep 5"
        with harness.Session("/bin/sh", ["-c", script]) as app:
            app.settle(limit=5, until=b"ready")
            with self.assertRaisesRegex(steps.StepFailed, "Search for 'ferry': a result count"):
                flows.search_typed(app, "ferry", 0.3, 1.5)


def results(**figures):
    """Fake results: each keyword is set_figure=median (set 1M, 3M or 100k), p95 the same."""
    sets = {}
    for key, value in figures.items():
        name, figure = key.split("_", 1)
        sets.setdefault({"m1": "1M", "m3": "3M", "k100": "100k"}[name], {"figures": {}})["figures"][figure] = \
            {"median": value, "p95": value * 3, "n": 1}
    return {"sets": sets, "save_export": {"3M": {"cp_sync_s": 2.0, "save_prepared_s": 3.0, "save_first_s": 5.0}},
            "robust": {"zero": {"figures": {"error_s": {"median": 0.2, "p95": 0.3, "n": 3}}},
                       "invalid": {"figures": {"no_error_within_s": {"median": 60.0, "p95": 60.0, "n": 3},
                                               "peak_rss_bytes": {"median": 2.5e9, "p95": 2.6e9, "n": 3}}}}}


class Targets23Tests(unittest.TestCase):
    def rows(self, data):
        return {row["target"]: row for row in targets23.targets(data)}

    def test_each_target_is_met_or_missed_with_its_figure(self):
        rows = self.rows(results(m3_posts_down_s=0.0004, m1_posts_filter_key_s=0.020, m1_export_json_mb_per_s=350.0))
        self.assertEqual(rows["↓ on the Posts list, 3M, median"]["verdict"], "met")
        self.assertAlmostEqual(rows["↓ on the Posts list, 3M, median"]["measured"], 0.4)
        self.assertEqual(rows["↓ on the Posts list, 3M, p95"]["verdict"], "MISSED")     # 1.2 ms
        self.assertEqual(rows["filter keystroke, 1M"]["verdict"], "MISSED")
        self.assertEqual(rows["export json through the Admin panel, 1M"]["verdict"], "met")
        self.assertEqual(rows["save one post (Ctrl-S, form open first) / cp+sync, 3M"]["measured"], 1.5)
        self.assertEqual(rows["save one post (no head start) / cp+sync, 3M"]["verdict"], "MISSED")
        self.assertEqual(rows["2 GB zero file: Enter on Posts → error shown"]["verdict"], "met")

    def test_what_was_not_measured_is_missed_and_says_why(self):
        rows = self.rows(results(m1_load_s=0.01, m3_load_s=0.05))
        self.assertEqual(rows["Enter on Posts → first rows, 1M"]["verdict"], "met")
        self.assertIn("data set 100k not run", rows["Enter on Posts → first rows, 100k"]["verdict"])
        self.assertTrue(rows["filter keystroke, 3M"]["verdict"].startswith("MISSED: not measured: no posts_filter_key_s"))
        self.assertIn("no error shown within 60 s", rows["2 GB invalid file: Enter on Posts → error shown"]["verdict"])
        self.assertEqual(rows["2 GB invalid file: peak RSS"]["verdict"], "MISSED")      # 2,500 MB
        self.assertIn("robustness cases not run", self.rows({"sets": {}})["2 GB zero file: peak RSS"]["verdict"])
        self.assertIsNone(rows["RssAnon browsing / file, 3M (shown beside the peak)"]["met"])

    def test_the_table_has_a_row_per_target(self):
        text = "\n".join(targets23.table(results(m1_load_s=0.04)))
        self.assertIn("| Enter on Posts → first rows, 1M | <= 30 ms | 40 ms | MISSED |", text)
        self.assertEqual(text.count("\n| ") - 1, len(targets23.TARGETS))
        quick = dict(results(m1_load_s=0.04), mode="quick")
        self.assertIn("not judged in quick mode", "\n".join(targets23.table(quick)))


class RobustTests(unittest.TestCase):
    def test_the_files_are_made_once_with_the_huge_title_and_the_cut_off_array(self):
        with tempfile.TemporaryDirectory() as folder:
            title = robust.title_file(folder, 1)
            with open(title, encoding="utf-8") as file:
                posts = json.load(file)["posts"]
            self.assertTrue(posts[robust.HUGE_POST - 1]["title"].startswith("HUGE-TITLE-START"))
            self.assertGreaterEqual(len(posts[robust.HUGE_POST - 1]["title"]), 999_000)
            zero = robust.zero_file(folder, 0.001)
            with open(zero, "rb") as file:
                self.assertEqual(file.read(), bytes(1_000_000))
            invalid = robust.invalid_file(folder, 0.002)
            self.assertEqual(os.path.getsize(invalid), 2_000_000)
            with self.assertRaises(ValueError):
                flows.json_counts(invalid)

    def test_missing_figures_are_problems_unless_skipped(self):
        self.assertIn("robustness zero: no error_s or no_error_within_s", robust.problems({}))
        capped = {"figures": {"no_error_within_s": {"n": 1}, "peak_rss_bytes": {"n": 1}}}
        self.assertNotIn("robustness invalid: no error_s or no_error_within_s", robust.problems({"invalid": capped}))
        self.assertEqual(robust.problems({}, skipped=True), [])



class BrowsingMemoryTargetTests(unittest.TestCase):
    def test_issue_13s_browsing_target_uses_the_memory_after_browsing_not_the_whole_run(self):
        import report
        data = {"sets": {"1M": {"figures": {"browse_peak_rss_to_file": {"median": 0.9, "p95": 0.9, "n": 1},
                                            "rss_to_file": {"median": 5.0, "p95": 5.0, "n": 1}}}}}
        rows = {row[0]: row[1] for row in report.open_targets(data)}
        self.assertEqual(rows["peak RSS while browsing / file size, 1,000,000 posts (goal 0.5x)"], 0.9)


if __name__ == "__main__":
    unittest.main()
