"""The README is the manual's front page: at most 300 lines, the two set-up commands first, then
the prerequisites (the Python of ``pyproject.toml``, the system packages
``scripts/setup-system.sh`` installs), said alike on the site's home page; its links into the
site name pages of the site's navigation."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.docs.manual import DOCS, README, REPO

TOP = (
    "# flixboard — the electronic FLIX spaceboard\n\n```sh\n"
    "make run     # creates .venv, installs, starts the service on the simulated board, prints "
    "the address\n"
    "make test    # installs everything the suite needs, then lints, type-checks and runs every "
    "test\n```\n"
)
FRONT_PAGES = [README, DOCS / "index.md"]


def prerequisites(document: Path) -> str:
    text = document.read_text(encoding="utf-8")
    match = re.search(r"^\*\*Prerequisites\.\*\*(.*?)\n\n", text, re.M | re.S)
    assert match is not None, f"{document.name} states no **Prerequisites.**"
    assert "```\n\n" + match.group(0) in text, "the prerequisites follow the set-up commands"
    return " ".join(match.group(1).split())


def test_the_readme_starts_with_the_two_set_up_commands() -> None:
    assert README.read_text(encoding="utf-8").startswith(TOP)


def test_the_readme_is_at_most_300_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


@pytest.mark.parametrize("document", FRONT_PAGES, ids=lambda path: path.name)
def test_the_prerequisites_name_the_python_of_the_package(document: Path) -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    version = pyproject["project"]["requires-python"].removeprefix(">=")
    said = prerequisites(document)
    assert f"Python {version} or newer" in said and "`venv`" in said and "`make`" in said


@pytest.mark.parametrize("document", FRONT_PAGES, ids=lambda path: path.name)
def test_the_prerequisites_name_every_package_make_test_installs(document: Path) -> None:
    script = (REPO / "scripts" / "setup-system.sh").read_text()
    always = script.split("\nfi\n", 1)[1]  # after the UF2 toolchain's optional block
    packages = re.findall(r"missing\+=\(([\w.-]+)\)", always.split("if [ ${#missing")[0])
    assert packages, "no package found in setup-system.sh"
    said = prerequisites(document)
    assert [name for name in packages if f"`{name}`" not in said] == []


def test_the_front_pages_say_the_same_prerequisites() -> None:
    assert prerequisites(README) == prerequisites(DOCS / "index.md")
