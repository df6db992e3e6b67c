"""Tests of issue 25's bench parts: the SQLite generator (its schema is ``bulletin import``'s, its rows
the db.json generator's, its FTS5 index answers) and the targets' judging. Python 3 standard library only.

The schema comparison runs ``bulletin import`` on a tiny db.json: the binary is $BULLETIN_BIN, or the
debug or release build under .build/ (``make test`` builds the debug one first)."""

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import generate_data  # noqa: E402
import generate_sqlite  # noqa: E402
import screen  # noqa: E402
import sqlite_flows  # noqa: E402
import targets25  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TINY = 250      # posts: 2 users, 250 comments


def bulletin_binary():
    """The bulletin binary to import with, or None."""
    candidates = [os.environ.get("BULLETIN_BIN", "")] + [os.path.join(ROOT, ".build", config, "bulletin")
                                                          for config in ("debug", "release")]
    return next((path for path in candidates if path and os.access(path, os.X_OK)), None)


def catalogue(path):
    """Every sqlite_schema row (type, name, tbl_name, sql) in storage order, and the journal mode."""
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_schema").fetchall()
        return rows, connection.execute("PRAGMA journal_mode").fetchone()[0]


def table_rows(path, table):
    with sqlite3.connect(path) as connection:
        return connection.execute(f'SELECT * FROM "{table}" ORDER BY id').fetchall()


class GeneratorTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory(prefix="bench-sqlite-test-")
        self.generated = os.path.join(self.directory.name, "generated.sqlite")
        generate_sqlite.generate_file(self.generated, TINY)

    def tearDown(self):
        self.directory.cleanup()

    def test_schema_and_rows_equal_bulletin_import(self):
        binary = bulletin_binary()
        if binary is None:
            self.skipTest("no bulletin binary under .build/ (swift build) and no $BULLETIN_BIN")
        json_path = os.path.join(self.directory.name, "db.json")
        imported = os.path.join(self.directory.name, "imported.sqlite")
        generate_data.generate_file(json_path, TINY)
        subprocess.run([binary, "import", json_path, imported], check=True, capture_output=True, timeout=60)
        schema, journal = catalogue(self.generated)
        expected_schema, expected_journal = catalogue(imported)
        self.assertEqual(schema, expected_schema)
        self.assertEqual(journal, expected_journal)
        for table in ("users", "posts", "comments"):
            self.assertEqual(table_rows(self.generated, table), table_rows(imported, table), table)
        for index in ("posts_fts", "comments_fts"):   # FTS5's settings too (the hashsize set back)
            configs = [sqlite3.connect(path).execute(f"SELECT k, v FROM {index}_config ORDER BY k").fetchall()
                       for path in (self.generated, imported)]
            self.assertEqual(configs[0], configs[1], index)
            self.assertIn(("hashsize", 1048576), configs[0])

    def test_counts_proportions_and_first_user(self):
        with sqlite3.connect(self.generated) as connection:
            counts = [connection.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("users", "posts", "comments")]
            self.assertEqual(counts, list(generate_data.sizes(TINY)))
            self.assertEqual(connection.execute("SELECT name FROM users WHERE id = 1").fetchone()[0], "Margaret Okafor")
            address = json.loads(connection.execute("SELECT address FROM users WHERE id = 1").fetchone()[0])
            self.assertIn("city", address)
        self.assertFalse(os.path.exists(self.generated + ".partial"))

    def test_rows_past_the_pool_have_their_own_ids_parents_and_are_indexed(self):
        path = os.path.join(self.directory.name, "pooled.sqlite")
        with mock.patch.object(generate_sqlite, "POOL", 40):
            generate_sqlite.generate_file(path, TINY)
        with sqlite3.connect(path) as connection:
            self.assertEqual(connection.execute("SELECT min(id), max(id), count(DISTINCT id) FROM posts").fetchone(),
                             (1, TINY, TINY))
            self.assertEqual(connection.execute("SELECT userId FROM posts WHERE id = 201").fetchone()[0],
                             200 // generate_data.POSTS_PER_USER % 2 + 1)   # index 200, 2 users
            self.assertEqual(connection.execute("SELECT postId FROM comments WHERE id = 250").fetchone()[0], 250)
            title, body = connection.execute("SELECT title, body FROM posts WHERE id = 241").fetchone()
            pool_titles = [r[0] for r in connection.execute("SELECT title FROM posts WHERE id <= 40")]
            self.assertIn(title, pool_titles)
            word = body.split()[0].strip(".,").lower()
            found = [r[0] for r in connection.execute("SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?", (word,))]
            self.assertIn(241, found, f"the FTS index holds the derived row (word {word!r})")

    def test_fts_answers_the_bench_queries_and_is_consistent(self):
        with sqlite3.connect(self.generated) as connection:
            connection.execute("INSERT INTO posts_fts(posts_fts) VALUES('integrity-check')")
            connection.execute("INSERT INTO comments_fts(comments_fts) VALUES('integrity-check')")
            matched = {r[0] for r in connection.execute("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'ferry'")}
            contains = {r[0] for r in connection.execute(
                "SELECT id FROM posts WHERE lower(title) LIKE '%ferry%' OR lower(body) LIKE '%ferry%'")}
            self.assertTrue(matched, "some post mentions a ferry")
            self.assertTrue(matched <= contains)
            titled = connection.execute("SELECT count(*) FROM posts WHERE title LIKE '%week of rest%'").fetchone()[0]
            self.assertGreater(titled, 0, "the db.json filter query matches titles here too")

    def test_an_existing_file_is_kept(self):
        with mock.patch.object(generate_sqlite, "path_for", return_value=self.generated), \
                mock.patch.object(generate_sqlite, "generate_file") as generate:
            self.assertEqual(generate_sqlite.ensure("sqlite100k"), self.generated)
        generate.assert_not_called()


class TargetTests(unittest.TestCase):
    @staticmethod
    def results(figures, failures=()):
        summary = {name: {"median": value, "p95": value * 1.5, "n": 3} for name, value in figures.items()}
        return {"mode": "full", "failures": list(failures),
                "sqlite": {"sqlite10M": {"bytes": 7e9, "figures": summary}}}

    def test_met_and_missed_with_the_figure(self):
        rows = {row["target"]: row for row in targets25.targets(self.results(
            {"spawn_first_rows_s": 0.040, "down_s": 0.0015, "peak_rss_bytes": 150e6, "import_mb_per_s": 120}))}
        self.assertEqual(rows["spawn → first rows of the Posts list, sqlite10M"]["verdict"], "met")
        self.assertEqual(rows["↓ median, sqlite10M"]["verdict"], "MISSED")
        self.assertAlmostEqual(rows["↓ median, sqlite10M"]["measured"], 1.5)
        self.assertEqual(rows["↓ p95, sqlite10M"]["verdict"], "MISSED")          # 2.25 ms
        self.assertEqual(rows["peak RSS (VmHWM after the list, End, jump, filter; before Search), sqlite10M"]["verdict"], "MISSED")
        self.assertEqual(rows["import of the 1M-post db.json, sqlite10M"]["verdict"], "met")

    def test_a_failed_step_is_the_reason_of_a_missing_figure(self):
        failure = {"step": "sqlite10M: Posts list run 1", "error": "StepFailed: filter 'ferry': no count", "seconds": 300}
        rows = {row["target"]: row for row in targets25.targets(self.results({"spawn_first_rows_s": 0.04}, [failure]))}
        verdict = rows["filter keystroke on Title (FTS5), key → filtered rows, sqlite10M"]["verdict"]
        self.assertTrue(verdict.startswith("MISSED: not measured: sqlite10M: Posts list run 1: StepFailed: filter"), verdict)
        self.assertIs(rows["filter keystroke on Title (FTS5), key → filtered rows, sqlite10M"]["met"], False)

    def test_a_set_not_run_is_missed_and_says_how_to_run_it(self):
        rows = targets25.targets({"mode": "full", "failures": []})
        self.assertTrue(all(row["verdict"].startswith("MISSED: not measured: data set sqlite10M not run") for row in rows))
        self.assertEqual(len(rows), len(targets25.TARGETS))

    def test_tables_show_figures_peer_and_missing_cells(self):
        results = self.results({"spawn_first_rows_s": 0.040, "import_mb_per_s": 120})
        results["sqlite"]["sqlite10M"]["visidata"] = {"missing": "could not install visidata"}
        lines = sqlite_flows.table(results["sqlite"])
        self.assertIn("| sqlite10M | 7.00 | 40 / 60 | – |", lines[-1])
        judged = "\n".join(targets25.table(results))
        self.assertIn("| spawn → first rows of the Posts list, sqlite10M | <= 50 ms | 40 ms | met |", judged)
        self.assertIn("not measured: could not install visidata", judged)
        self.assertIn("not judged in quick mode", targets25.table(dict(results, mode="quick"))[-1])


class FilterKeyTests(unittest.TestCase):
    def test_rows_are_timed_when_filtering_goes_and_the_count_when_it_comes(self):
        bottom = f"\x1b[{sqlite_flows.harness.ROWS};1H".encode()

        class Frames:
            """A stand-in session: the key's echo with `filtering…`, then the rows with `… of N`, then the count."""
            def __init__(self):
                self.fd = os.open(os.devnull, os.O_WRONLY)
                self.output = b""
                self.frames = [(bottom + "/fe▏ filtering…\x1b[K".encode(), 1.0),
                               (bottom + "/fe▏ … of 10000000\x1b[K".encode(), 2.0),
                               (bottom + "/fe▏ 1690 of 10000000\x1b[K".encode(), 5.0)]

            def _read(self, timeout):
                if not self.frames:
                    return b"", None
                chunk, at = self.frames.pop(0)
                self.output += chunk
                return chunk, at

        app = Frames()
        with mock.patch.object(sqlite_flows.time, "perf_counter", side_effect=[0.5, 0.5] + [0.6] * 10):
            first, rows, count = sqlite_flows.filter_key(app, "fe", 30)
        os.close(app.fd)
        self.assertEqual((first, rows, count), (0.5, 1.5, 4.5))
        self.assertIn("1690 of 10000000", app.filter_status)


class SizesTests(unittest.TestCase):
    def test_the_sqlite_sets_are_sizes_of_run(self):
        import run
        known = ["10k", "100k", "1M", "3M"] + list(generate_sqlite.SETS)
        self.assertEqual(run.parse_sizes("SQLITE10m", known), ["sqlite10M"])
        self.assertEqual(run.parse_sizes("sqlite100k, 1m", known), ["1M", "sqlite100k"])
        self.assertEqual(generate_sqlite.path_for("sqlite10M"), os.path.join(generate_sqlite.DATA_DIR, "sqlite-10m.sqlite"))


class ScreenTests(unittest.TestCase):
    def test_a_count_rewritten_in_place_reads_whole(self):
        model = screen.Screen(4, 50)
        model.feed(b"\x1b[H\x1b[2J\x1b[4;1H/fer\xe2\x96\x8f\x1b[4;20H\xe2\x80\xa6 of 100000 filtering\xe2\x80\xa6")
        self.assertEqual(model.line(-1), "/fer▏".ljust(19) + "… of 100000 filtering…")
        model.feed(b"\x1b[4;5Hr\xe2\x96\x8f\x1b[4;20H16\x1b[4;")        # a sequence cut at the end of a read
        model.feed(b"22H90 of 100000\x1b[K")
        self.assertEqual(model.line(-1), "/ferr▏".ljust(19) + "1690 of 100000")

    def test_scroll_region_wrap_and_wide_characters(self):
        model = screen.Screen(3, 10)
        model.feed(b"\x1b[1;2rone\r\ntwo\r\nthree\x1b[3;1Hstatus")
        self.assertEqual([model.line(r) for r in range(3)], ["two", "three", "status"])
        model.feed(b"\x1b[r\x1b[1;1H\x1b[2K\xe6\x9d\xb1\xe4\xba\xac!\x1b[?7l\x1b[2;1H0123456789AB")
        self.assertEqual(model.line(0), "東京!")
        self.assertEqual(model.line(1), "012345678B")


if __name__ == "__main__":
    unittest.main()
