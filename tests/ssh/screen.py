"""A tiny terminal screen for the tests: enough VT100 to read what Textual drew.

Textual draws with cursor positioning (CSI row;col H), SGR colours and plain text, so a
grid that honours those, CR/LF and erases shows the text a player would see.
"""

from __future__ import annotations

import re

_TOKEN = re.compile(
    rb"\x1b\[(?P<csi>[0-?]*)(?P<inter>[ -/]*)(?P<final>[@-~])"  # CSI
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    rb"|\x1bP[^\x1b]*\x1b\\"  # DCS
    rb"|\x1b[()][0-9A-Za-z]|\x1b[=>78MDEc]"  # charset, keypad, save/restore...
    rb"|(?P<text>[^\x1b]+)"
)


class Screen:
    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.row = self.col = 0
        self._tail = b""

    def resize(self, cols: int, rows: int) -> None:
        self.cols, self.rows = cols, rows
        self.grid = [[" "] * cols for _ in range(rows)]
        self.row = self.col = 0

    def feed(self, data: bytes) -> None:
        data = self._tail + data
        self._tail = b""
        pos = 0
        while pos < len(data):
            match = _TOKEN.match(data, pos)
            if match is None:
                if len(data) - pos < 64:
                    self._tail = data[pos:]  # an escape cut between two reads: wait
                    return
                pos += 1  # an escape this screen does not know: skip its ESC
                continue
            text = match.group("text")
            if text is not None and match.end() == len(data) and text[-1] & 0x80:
                cut = _utf8_cut(text)  # a character cut between two reads
                self._tail = text[len(text) - cut :] if cut else b""
                text = text[: len(text) - cut]
            pos = match.end()
            if text is not None:
                self._text(text.decode("utf-8", "replace"))
            elif match.group("final") is not None:
                self._csi(match.group("csi").decode(), match.group("final").decode())

    def line(self, row: int) -> str:
        return "".join(self.grid[row]).rstrip()

    def text(self) -> str:
        return "\n".join("".join(line).rstrip() for line in self.grid)

    def _text(self, text: str) -> None:
        for ch in text:
            if ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row = min(self.row + 1, self.rows - 1)
            elif ch in "\x07\x08\x00":
                continue
            else:
                if self.col < self.cols and 0 <= self.row < self.rows:
                    self.grid[self.row][self.col] = ch
                self.col += 1

    def _csi(self, params: str, final: str) -> None:
        nums = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        if final in "Hf":
            row = (nums[0] if nums and nums[0] else 1) - 1
            col = (nums[1] if len(nums) > 1 and nums[1] else 1) - 1
            self.row, self.col = min(row, self.rows - 1), min(col, self.cols - 1)
        elif final == "J" and params.lstrip("?") in ("2", "3"):
            self.grid = [[" "] * self.cols for _ in range(self.rows)]
        elif final == "K":
            line = self.grid[self.row]
            start = self.col if not nums or nums[0] == 0 else 0
            for i in range(start, self.cols):
                line[i] = " "
        elif final == "G":
            self.col = (nums[0] if nums and nums[0] else 1) - 1
        elif final == "C":
            self.col += nums[0] if nums and nums[0] else 1


def _utf8_cut(data: bytes) -> int:
    """How many bytes at the end of ``data`` start a UTF-8 character not yet complete."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 == 0xC0:  # a lead byte: complete if it has all its continuations
            need = 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
            return back if back < need else 0
        if byte & 0xC0 != 0x80:
            return 0
    return 0
