"""Tests of bench/frames.py (writes per frame): run by `make test`."""

import unittest

import frames

TRACE = """\
4242  1764590000.100000 write(3</dev/pts/0>, "\\33[?1049h", 8) = 8
4242  1764590000.200000 write(1</dev/pts/0>, "\\33[H frame", 600) = 600
4250  1764590001.000050 dup2(7</memfd:bulletin-frame (deleted)>, 3</dev/pts/0>) = 3
4250  1764590001.000100 write(7</memfd:bulletin-frame (deleted)>, "\\33[5;1H row", 300) = 300
4250  1764590001.000200 write(1</dev/pts/0>, "\\33[5;1H row", 300) = 300
4250  1764590002.000100 write(1</dev/pts/0>, "\\33[6;1H", 4096) = 4096
4250  1764590002.000300 write(1</dev/pts/0>, "\\33[7;1H", 96) = 96
4250  1764590002.500000 write(2</tmp/stderr>, "warning", 7) = 7
1764590003.000400 write(1</dev/pts/0>, "\\33[8;1H", 50) = 50
4250  1764590003.500000 --- SIGWINCH {si_signo=SIGWINCH} ---
"""


class WritesPerFrameTests(unittest.TestCase):
    def test_only_writes_to_a_terminal_count_not_the_frame_buffer_or_stderr(self):
        times = frames.terminal_writes(TRACE)
        self.assertEqual(times, [1764590000.1, 1764590000.2, 1764590001.0002, 1764590002.0001,
                                 1764590002.0003, 1764590003.0004])

    def test_writes_are_filed_under_the_last_key_before_them_and_start_up_is_left_out(self):
        times = frames.terminal_writes(TRACE)
        keys = [1764590001.0, 1764590002.0, 1764590003.0]
        # One whole frame for the first key, a frame split in two for the second, one for the third.
        self.assertEqual(frames.per_key(times, keys), [1, 2, 1])
        self.assertEqual(frames.per_key(times, []), [])
        self.assertEqual(frames.per_key(frames.frame_starts(TRACE), keys), [1, 0, 0])

    def test_the_table_shows_writes_beside_bytes_and_the_check_names_a_missing_figure(self):
        figure = {"median": 1, "p95": 1, "n": 20}
        figures = {name: figure for name in frames.FIGURES + frames.FRAME_FIGURES}
        figures.update({f"posts_{step}_bytes": {"median": 210, "p95": 250, "n": 20} for step, _ in frames.STEPS})
        results = {"sets": {"embedded": {"figures": figures}, "1M": {"figures": {}}}}
        lines = frames.table(results)
        self.assertIn("| embedded | 1 / 1 | 1 / 1 | 1.0 | 210 / 250 | 1 / 1 | 1 / 1 | 210 / 250 |", "\n".join(lines))
        self.assertFalse(any(line.startswith("| 1M") for line in lines))
        if frames.available():
            self.assertIn("1M: no posts_down_writes (writes per frame)", frames.problems(results))
            self.assertFalse(any(p.startswith("embedded") for p in frames.problems(results)))

    def test_an_app_that_gathers_no_frames_shows_dashes_for_frames(self):
        figures = {name: {"median": 3, "p95": 5, "n": 4} for name in frames.FIGURES}
        figures.update({name: {"median": 0, "p95": 0, "n": 4} for name in frames.FRAME_FIGURES})
        lines = frames.table({"sets": {"old": {"figures": figures}}})
        self.assertTrue(lines[-1].startswith("| old | 3 / 5 | – | – | – |"), lines[-1])

    def test_without_any_figure_the_table_says_so(self):
        self.assertEqual(frames.table({"sets": {"5k": {"figures": {}}}}),
                         ["", "Writes per frame: not measured (strace unavailable)"])


if __name__ == "__main__":
    unittest.main()
