"""Every repository path that README.md or a document under docs/ names exists: a path in
backticks (``controller/config.py``, ``tests/web/test_web_remote_*.py``) and the target of a
relative link or picture. Paths outside the repository are not named at all."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from readme_tables import README, REPO

DOCUMENTS = [README, *sorted((REPO / "docs").glob("*.md"))]
CODE = re.compile(r"`([^`\s]+)`")
LINK = re.compile(r"\]\(([^)\s#]+)")
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
        target = match.group(1)
        if not re.match(r"[a-z]+:", target):
            paths.append(os.path.relpath(document.parent / target, REPO))
    return paths


def exists(path: str) -> bool:
    pattern = PLACEHOLDER.sub("*", path).rstrip("/")
    if pattern.startswith("../"):
        return False  # outside the repository
    return any(REPO.glob(pattern)) if "*" in pattern else (REPO / pattern).exists()


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_named_path_exists(document: Path) -> None:
    missing = [path for path in named_paths(document) if not exists(path)]
    assert missing == [], f"{document.name} names paths the repository does not have"


def test_the_check_finds_what_a_document_names() -> None:
    named = named_paths(README)
    assert "controller/config.example.toml" in named and "docs/DESIGN.md" in named
