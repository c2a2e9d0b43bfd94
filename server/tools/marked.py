"""A generated block between two markers in a document (docs/bots.md's tables)."""

from __future__ import annotations


def replace_between(text: str, block: str, start_mark: str, end_mark: str) -> str:
    """``text`` with ``block`` between the markers (they and the block appended if
    absent); the rest of the document is kept as it is."""
    framed = f"{start_mark}\n{block}\n{end_mark}"
    start, end = text.find(start_mark), text.find(end_mark)
    if start < 0 or end < start:
        return text.rstrip("\n") + "\n\n" + framed + "\n"
    return text[:start] + framed + text[end + len(end_mark):]
