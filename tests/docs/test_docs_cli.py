"""The documents agree with ``flixboard --help``: every command is named in the manual (the
README or a page of the site), and every ``flixboard COMMAND ... --option`` a document writes is
an option of that command."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from controller.cli import COMMANDS, command_parser
from tests.docs.manual import DOCS, DOCUMENTS, README, REPO

COMMAND_LINE = re.compile(
    r"flixboard ([a-z][a-z0-9-]*)((?:[ \t]+(?:\[?--?[a-z][\w-]*[^ \t`]*\]?|[^\s`-][^\s`]*))*)"
)
"""``flixboard`` and a command, then its words up to the end of the code span or line."""


def options(parser: argparse.ArgumentParser) -> set[str]:
    """The option strings of ``parser`` and of its sub-commands."""
    found = set(parser._option_string_actions)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found |= options(sub)
    return found


def written_options(document: Path) -> list[tuple[str, str]]:
    """(command, option) of each option written after ``flixboard COMMAND`` in ``document``."""
    found = []
    for match in COMMAND_LINE.finditer(document.read_text(encoding="utf-8")):
        if match.group(1) in COMMANDS:
            found += [(match.group(1), o) for o in re.findall(r"--[a-z][\w-]*", match.group(2))]
    return found


def test_every_command_is_in_the_manual() -> None:
    text = "\n".join(document.read_text(encoding="utf-8") for document in DOCUMENTS)
    assert [name for name in COMMANDS if f"flixboard {name}" not in text] == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(REPO)))
def test_every_written_option_exists(document: Path) -> None:
    known = {name: options(command_parser(name)[0]) for name in COMMANDS}
    unknown = [f"{name} {o}" for name, o in written_options(document) if o not in known[name]]
    assert unknown == []


def test_the_check_reads_the_command_lines() -> None:
    assert ("run", "--computer") in written_options(README)
    assert ("demo", "--level") in written_options(README)
    assert ("run", "--geometry") in written_options(DOCS / "index.md")
