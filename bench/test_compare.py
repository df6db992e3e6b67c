"""Tests of bench/compare.py's CPU figures: run by `make test`."""

import os
import unittest

import compare


class CPUBetweenTests(unittest.TestCase):
    def test_each_thread_counts_its_own_difference(self):
        before = {"10": 1_000_000, "11": 5_000_000}
        after = {"10": 3_000_000, "11": 5_500_000}
        self.assertAlmostEqual(compare.cpu_between(before, after), 0.0025)

    def test_a_thread_that_ended_does_not_make_it_negative(self):
        # A loader thread with 9 ms ended between the snapshots: a sum of all threads went from
        # 10 ms to 2 ms (-8 ms); the main thread's own 1 ms is what is left.
        before = {"10": 1_000_000, "12": 9_000_000}
        after = {"10": 2_000_000}
        self.assertAlmostEqual(compare.cpu_between(before, after), 0.001)

    def test_a_new_thread_counts_whole(self):
        self.assertAlmostEqual(compare.cpu_between({"10": 0}, {"10": 0, "13": 4_000_000}), 0.004)

    def test_snapshots_of_this_process(self):
        pid = os.getpid()
        before, ticks = compare.thread_cpu(pid), compare.process_cpu(pid)
        sum(i * i for i in range(200_000))
        self.assertGreater(compare.cpu_between(before, compare.thread_cpu(pid)), 0)
        self.assertGreaterEqual(compare.process_cpu(pid), ticks)


if __name__ == "__main__":
    unittest.main()
