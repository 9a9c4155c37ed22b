"""No loose ``dict[str, Any]`` crosses a module boundary in controller/ (DESIGN §4).

The state, the events the controller reads, the settings, the computer's jobs and the answers are
typed values; what is left of ``dict[str, Any]`` sits at an outer edge (a JSON body, a TOML file,
a database row or a script line as read, an event as the engine publishes it, plain JSON as
written out), each with a comment saying so on its line or the line before.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CONTROLLER = Path(__file__).resolve().parents[1] / "controller"
LOOSE = re.compile(r"dict\[str, Any\]")
MOST = 10
"""The most ``dict[str, Any]`` left in controller/ (issue 24: each one an outer edge)."""
EDGE = re.compile(r"#.*\bas (read|published|written)\b")
"""The comment that names the edge: ``# the TOML file as read``."""


def occurrences(root: Path) -> list[tuple[str, int, str, str]]:
    """Each ``dict[str, Any]`` under ``root``: the file, the line number, the line and the line
    before it."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            for _ in LOOSE.finditer(line):
                before = lines[number - 2] if number > 1 else ""
                found.append((str(path.relative_to(root.parent)), number, line, before))
    return found


def unexplained(found: list[tuple[str, int, str, str]]) -> list[str]:
    """The occurrences without an edge comment on their line or the line before."""
    return [
        f"{path}:{number}: {line.strip()}"
        for path, number, line, before in found
        if not EDGE.search(line) and not EDGE.search(before)
    ]


def test_at_most_ten_loose_dicts_are_left_in_the_controller() -> None:
    found = occurrences(CONTROLLER)
    assert len(found) <= MOST, "\n".join(f"{path}:{number}" for path, number, *_ in found)


def test_each_loose_dict_left_is_an_outer_edge_that_says_so() -> None:
    assert unexplained(occurrences(CONTROLLER)) == []


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("def f(state: dict[str, Any]) -> None: ...\n", 1),
        ("x: dict[str, Any] = {}  # the state\n", 1),
        ("x: dict[str, Any] = {}  # the TOML file as read\n", 0),
        ("# a JSON body as read\nBody = dict[str, Any]\n", 0),
        ("# an event as published\n\nEvent = dict[str, Any]\n", 1),
    ],
)
def test_the_check_sees_a_loose_dict_without_its_edge_comment(
    tmp_path: Path, source: str, bad: int
) -> None:
    package = tmp_path / "controller"
    package.mkdir()
    (package / "module.py").write_text(source, encoding="utf-8")
    assert len(unexplained(occurrences(package))) == bad
