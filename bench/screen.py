"""A small model of the terminal screen the app draws on (issue 25's filter figure): the text of each
row after the app's output, as xterm would show it, so a flow can wait for what a row *says* (the
filter prompt's `1690 of 10000000`) rather than for bytes in the stream. ncurses sends only the cells
that changed (a count that did not change is not written again; one that did may be written as a few
digits over the old ones), so the bytes alone cannot tell when the count has arrived.

Understood: printable text (UTF-8; East Asian wide characters take two cells), CR, LF, BS, TAB, and
the CSI sequences ncurses uses with TERM=xterm-256color: cursor position and moves (H f d G ` A B C
D), erase (K J X), insert and delete (@ P L M), scroll (S T, and LF / ESC D / ESC M at the margins of
the scroll region set by r), repeat (b), autowrap (?7h / ?7l); ESC 7 / ESC 8 save and restore the
cursor. Colours, other modes, charset selection and OSC strings are read and ignored.
Python 3 standard library only.
"""

import codecs
import re
import unicodedata

CSI = re.compile(rb"\x1b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])")


class Screen:
    """`rows` x `columns` cells of text, fed the app's output with ``feed``."""

    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.cells = [[" "] * columns for _ in range(rows)]
        self.row = self.column = 0
        self.top, self.bottom = 0, rows - 1
        self.autowrap = True
        self.saved = (0, 0)
        self.last = " "
        self._pending = b""
        self._text = codecs.getincrementaldecoder("utf-8")("replace")

    def line(self, row):
        """The text of `row` (0-based; negative from the bottom), trailing blanks removed."""
        return "".join(cell for cell in self.cells[row] if cell is not None).rstrip()

    def feed(self, data):
        """Takes more of the output (bytes; a sequence cut at the end is kept for the next call)."""
        data = self._pending + bytes(data)
        self._pending = b""
        at = 0
        while at < len(data):
            byte = data[at]
            if byte == 0x1b:
                used = self._escape(data, at)
                if used is None:
                    self._pending = data[at:]
                    return
                at = used
                continue
            end = at
            while end < len(data) and data[end] >= 0x20 and data[end] != 0x7f:
                end += 1
            if end > at:
                for character in self._text.decode(data[at:end]):
                    self._put(character)
                at = end
                continue
            self._control(byte)
            at += 1

    # MARK: the parts

    def _control(self, byte):
        if byte == 0x0d:
            self.column = 0
        elif byte == 0x0a:
            self._line_feed()
        elif byte == 0x08:
            self.column = max(0, min(self.column, self.columns - 1) - 1)
        elif byte == 0x09:
            self.column = min(self.columns - 1, (self.column // 8 + 1) * 8)

    def _escape(self, data, at):
        """Handles the escape sequence at `at`; returns the index after it, or None when it is cut off."""
        if at + 1 >= len(data):
            return None
        kind = data[at + 1]
        if kind == ord("["):
            match = CSI.match(data, at)
            if match is None:
                return None if len(data) - at < 32 else at + 2
            self._csi(match.group(1), match.group(2), match.group(4))
            return match.end()
        if kind == ord("]"):                       # OSC … BEL or ST
            for end, terminator in ((data.find(b"\x07", at), 1), (data.find(b"\x1b\\", at), 2)):
                if end != -1:
                    return end + terminator
            return None
        if kind in b"()*+":
            return at + 3 if at + 2 < len(data) else None
        if kind == ord("M"):
            if self.row == self.top:
                self._scroll(-1)
            else:
                self.row = max(0, self.row - 1)
        elif kind == ord("D"):
            self._line_feed()
        elif kind == ord("E"):
            self.column = 0
            self._line_feed()
        elif kind == ord("7"):
            self.saved = (self.row, self.column)
        elif kind == ord("8"):
            self.row, self.column = self.saved
        return at + 2

    def _csi(self, private, params, final):
        numbers = [int(p) if p else 0 for p in params.decode().split(";")] if params else []

        def arg(index=0, default=1):
            return numbers[index] if len(numbers) > index and numbers[index] else default

        final = chr(final[0])
        if private == b"?":
            if final in "hl" and 7 in numbers:
                self.autowrap = final == "h"
            return
        if private:
            return
        if final in "Hf":
            self.row, self.column = self._clamp_row(arg(0) - 1), min(self.columns - 1, arg(1) - 1)
        elif final == "d":
            self.row = self._clamp_row(arg() - 1)
        elif final in "G`":
            self.column = min(self.columns - 1, arg() - 1)
        elif final == "A":
            self.row = max(0, self.row - arg())
        elif final == "B":
            self.row = self._clamp_row(self.row + arg())
        elif final == "C":
            self.column = min(self.columns - 1, self.column + arg())
        elif final == "D":
            self.column = max(0, min(self.column, self.columns - 1) - arg())
        elif final == "K":
            mode, row = arg(0, 0), self.cells[self.row]
            start, end = {0: (self.column, self.columns), 1: (0, self.column + 1), 2: (0, self.columns)}.get(mode, (0, 0))
            row[start:end] = [" "] * (end - start)
        elif final == "J":
            mode = arg(0, 0)
            rows = {0: range(self.row + 1, self.rows), 1: range(0, self.row), 2: range(self.rows)}.get(mode, range(0))
            for row in rows:
                self.cells[row] = [" "] * self.columns
            if mode in (0, 1):
                self._csi(b"", str(mode).encode(), b"K")
        elif final == "X":
            count = min(arg(), self.columns - self.column)
            self.cells[self.row][self.column:self.column + count] = [" "] * count
        elif final == "@":
            row = self.cells[self.row]
            row[self.column:self.column] = [" "] * arg()
            del row[self.columns:]
        elif final == "P":
            row = self.cells[self.row]
            del row[self.column:self.column + arg()]
            row.extend([" "] * (self.columns - len(row)))
        elif final in "LM" and self.top <= self.row <= self.bottom:
            saved = self.top
            self.top = self.row
            self._scroll(-arg() if final == "L" else arg())
            self.top = saved
        elif final in "ST":
            self._scroll(arg() if final == "S" else -arg())
        elif final == "r":
            self.top, self.bottom = arg(0) - 1, min(self.rows, arg(1, self.rows)) - 1
            self.row = self.column = 0
        elif final == "b":
            for _ in range(arg()):
                self._put(self.last)

    def _clamp_row(self, row):
        return max(0, min(self.rows - 1, row))

    def _line_feed(self):
        if self.row == self.bottom:
            self._scroll(1)
        else:
            self.row = self._clamp_row(self.row + 1)

    def _scroll(self, count):
        """Scrolls the region [top, bottom] up by `count` lines (down when negative)."""
        region = self.cells[self.top:self.bottom + 1]
        blank = [[" "] * self.columns for _ in range(min(abs(count), len(region)))]
        region = region[count:] + blank if count > 0 else blank + region[:len(region) + count]
        self.cells[self.top:self.bottom + 1] = region

    def _put(self, character):
        width = 0 if unicodedata.combining(character) else 2 if unicodedata.east_asian_width(character) in "WF" else 1
        if width == 0:
            return
        if self.column + width > self.columns:
            if not self.autowrap:
                self.column = self.columns - width
            else:
                self.column = 0
                self._line_feed()
        row = self.cells[self.row]
        row[self.column] = character
        if width == 2 and self.column + 1 < self.columns:
            row[self.column + 1] = None       # the wide character's second cell
        self.column += width
        self.last = character
        if self.column >= self.columns and not self.autowrap:
            self.column = self.columns - 1
