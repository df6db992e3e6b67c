"""Unit tests of bench/save_export.py's judging and table (no binary, no data files)."""

import unittest

import save_export


def figures(ratio=2.0, seconds=1.0, rss=1.0, dbjson=300.0, csv=300.0):
    return {"file_bytes": 611_000_000, "cp_sync_s": seconds / ratio, "save_first_s": seconds, "save_again_s": 0.6, "save_prepared_s": 0.6,
            "save_ratio_to_cp": ratio, "rss_load_bytes": 2 << 30, "rss_save_bytes": int((2 << 30) * rss),
            "rss_save_ratio": rss, "resident_after_load_bytes": 1 << 30, "resident_after_saves_bytes": 1 << 30,
            "export_dbjson_mbps": dbjson, "export_csv_mbps": csv}


class SaveExportTargetsTest(unittest.TestCase):
    def test_all_met(self):
        checks = save_export.targets({"1M": figures()})
        self.assertEqual(len(checks), 7)
        self.assertTrue(all(met for _, met in checks))

    def test_each_limit_is_judged(self):
        missed = lambda f: [what for what, met in save_export.targets({"1M": f}) if not met]
        self.assertEqual(missed(figures(ratio=3.5, seconds=1.0)), ["1M: Ctrl-S with no head start ≤ 3x cp+sync"])
        self.assertEqual(missed(figures(seconds=1.3)), ["1M: Ctrl-S with no head start ≤ 1.2 s"])
        prepared_slow = figures()
        prepared_slow["save_prepared_s"] = 1.6
        self.assertEqual(missed(prepared_slow), ["1M: Ctrl-S ≤ 3x cp+sync", "1M: Ctrl-S ≤ 1.2 s"])
        self.assertEqual(missed(figures(rss=1.3)), ["1M: RSS during the save ≤ 1.2x after the load"])
        self.assertEqual(missed(figures(dbjson=150.0, csv=199.0)),
                         ["1M: export db.json ≥ 200 MB/s", "1M: export CSV ≥ 200 MB/s"])

    def test_seconds_limit_only_where_the_issue_sets_one(self):
        whats = [what for what, _ in save_export.targets({"5k": figures()})]
        self.assertFalse(any("≤ 1.2 s" in what or "≤ 0.15 s" in what for what in whats))

    def test_table_judges_only_when_asked(self):
        self.assertIn("MISSED 1M: Ctrl-S with no head start ≤ 1.2 s", save_export.table({"1M": figures(seconds=1.3)}))
        quick = save_export.table({"5k": figures(seconds=1.3)}, judged=False)
        self.assertNotIn("MISSED", quick)
        self.assertIn("not judged", quick)


if __name__ == "__main__":
    unittest.main()
