"""Every repository path that README.md or a page of the site (any document under docs/, in
any folder) names exists: a path in backticks (``controller/config.py``,
``tests/web/test_web_remote_*.py``) and the target of a relative link or picture (Markdown's,
or an HTML ``<img src>``). Paths outside the repository are not named at all."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.docs.manual import DOCS, DOCUMENTS, README, REPO

CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)\s#]+)|\bsrc=\"([^\"#]+)\"")
PLACEHOLDER = re.compile(r"<[^>]+>|\b[A-Z]{3,}\b")
"""``<module>``, ``NAME``: any name (the path is looked up as a pattern)."""
NOT_REPOSITORY = ("/", "~", "build/", "flixboard/v2/")
"""Absolute paths (the Pi's, a device's), the home directory, what the build makes, MQTT topics."""


def named_paths(document: Path) -> list[str]:
    """The repository paths ``document`` names in code spans and relative links."""
    text = document.read_text(encoding="utf-8")
    paths = []
    for match in CODE.finditer(text):
        token = match.group(1).rstrip(".,:;")
        if (
            "/" in token
            and "://" not in token
            and not token.startswith(NOT_REPOSITORY)
            and re.search(r"\.[a-z0-9]{1,5}$|/$", token)
        ):
            paths.append(token)
    for match in LINK.finditer(text):
        target = match.group(1) or match.group(2)
        if not re.match(r"[a-z]+:", target):
            paths.append(os.path.relpath(document.parent / target, REPO))
    return paths


def exists(path: str) -> bool:
    pattern = PLACEHOLDER.sub("*", path).rstrip("/")
    if pattern.startswith("../"):
        return False  # outside the repository
    return any(REPO.glob(pattern)) if "*" in pattern else (REPO / pattern).exists()


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(REPO)))
def test_every_named_path_exists(document: Path) -> None:
    missing = [path for path in named_paths(document) if not exists(path)]
    assert missing == [], f"{document.name} names paths the repository does not have"


def test_the_check_finds_what_a_document_names() -> None:
    assert "docs/DESIGN.md" in named_paths(README)
    assert "controller/config.example.toml" in named_paths(DOCS / "configuration.md")
    # a page in a folder of the site: its links are read from that folder
    assert "docs/engine-api.md" in named_paths(DOCS / "api" / "python.md")
    assert "docs/screenshots/page-phone.png" in named_paths(DOCS / "web-page.md")
