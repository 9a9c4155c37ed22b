"""The manual as the documentation tests read it: README.md, the pages under docs/ (the site's
pages, navigation in mkdocs.yml) and the Markdown tables in them."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
DOCS = REPO / "docs"
DOCUMENTS = [README, *sorted(DOCS.rglob("*.md"))]
"""Every document of the manual: the README and every page of the site."""


def page(name: str) -> str:
    """The text of the site's page ``name`` (a path under docs/, e.g. ``api/http.md``)."""
    return (DOCS / name).read_text(encoding="utf-8")


def cells(row: str) -> list[str]:
    """The cells of one table row; a ``|`` inside backticks belongs to its cell."""
    parts, cell, quoted = [], "", False
    for char in row.strip().strip("|"):
        if char == "`":
            quoted = not quoted
        if char == "|" and not quoted:
            parts.append(cell.strip())
            cell = ""
        else:
            cell += char
    return [*parts, cell.strip()]


def first_table(text: str, header: str) -> list[list[str]]:
    """The rows (cells) of the table whose header row starts with ``header``, up to the first
    line that is not a table row."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(header)), None)
    if start is None:
        raise AssertionError(f"no table '{header}'")
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(cells(line))
    return rows


def code(cell: str) -> str | None:
    """The text of a cell that is one code span, else ``None``."""
    match = re.fullmatch(r"`([^`]*)`", cell)
    return None if match is None else match.group(1)
