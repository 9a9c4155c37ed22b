"""The build guide agrees with the program: every ``flixboard`` command it writes in code parses
with that command's real argument parser, and every message its failure tables quote is one the
code prints (``…`` standing for what the message fills in)."""

from __future__ import annotations

import ast
import contextlib
import io
import re
import shlex

from controller.cli import COMMANDS, command_parser
from tests.docs.manual import DOCS, REPO, cells

GUIDE = DOCS / "hardware" / "build-guide.md"
SOURCES = ("controller", "hal", "sim", "firmware")
"""The packages whose string literals are the messages a maker can see."""
COMMAND = re.compile(r"(?<!-u )\bflixboard ([a-z][\w-]*)([^\n`]*)")
"""``flixboard`` and a word in code (not the user name of ``sudo -u flixboard``), then the rest
of the code span or line."""
SHELL_END = re.compile(r"\s(?:&&|\|\||[|;#>])")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
GAP = "…"


def code_texts(text: str) -> list[str]:
    """The fenced code blocks and the inline code spans of a Markdown ``text``."""
    blocks = re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL)
    prose = re.sub(r"^```[^\n]*\n.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)
    return blocks + re.findall(r"`([^`\n]+)`", prose)


def commands(text: str) -> list[tuple[str, list[str]]]:
    """Each ``flixboard COMMAND args`` written in code in ``text`` (not in the messages the
    failure tables quote, which may name the program): the command and its args."""
    found = []
    for code in code_texts(without_quoted_messages(text)):
        for match in COMMAND.finditer(code):
            rest = SHELL_END.split(match.group(2))[0]
            found.append((match.group(1), shlex.split(rest)))
    return found


def parse_errors(text: str) -> list[str]:
    """Why each command of ``text`` that the real parser refuses is refused."""
    errors = []
    for name, args in commands(text):
        if name not in COMMANDS:
            errors.append(f"flixboard {name}: no such command")
            continue
        parser, _ = command_parser(name)
        parser.allow_abbrev = False  # a document writes each option whole
        said = io.StringIO()
        try:
            with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
                parser.parse_args(args)
        except SystemExit as refused:
            if refused.code != 0:  # --help exits 0
                lines = said.getvalue().strip().splitlines()
                errors.append(f"flixboard {name} {' '.join(args)}: {lines[-1] if lines else ''}")
    return errors


def failure_rows(text: str) -> list[tuple[int, list[str]]]:
    """The rows of the failure tables (header "| What you see") in ``text``: line index, cells."""
    rows, in_table = [], False
    for index, line in enumerate(text.splitlines()):
        if line.startswith("| What you see"):
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and not line.startswith("|---"):
            rows.append((index, cells(line)))
    return rows


def quoted_messages(text: str) -> list[str]:
    """The code spans of the first column ("What you see") of the failure tables in ``text``."""
    return [q for _, row in failure_rows(text) for q in re.findall(r"`([^`]+)`", row[0])]


def without_quoted_messages(text: str) -> str:
    """``text`` with the first cell of each failure table's rows emptied."""
    lines = text.splitlines()
    for index, row in failure_rows(text):
        lines[index] = "| | " + " | ".join(row[1:]) + " |"
    return "\n".join(lines)


def _literal(node: ast.AST) -> str | None:
    """A string literal's text with each filled-in part as ``…``, else ``None``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return PLACEHOLDER.sub(GAP, node.value)
    if isinstance(node, ast.JoinedStr):
        return "".join(
            PLACEHOLDER.sub(GAP, part.value)
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
            else GAP
            for part in node.values
        )
    return None


def code_messages(roots: tuple[str, ...] = SOURCES) -> list[str]:
    """Every string literal of the program's packages, filled-in parts as ``…``."""
    found = []
    for root in roots:
        for path in sorted((REPO / root).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [t for node in ast.walk(tree) if (t := _literal(node)) is not None]
    return found


def said_by_code(message: str, literals: list[str]) -> bool:
    """Whether one literal holds every piece of ``message`` between its ``…``, in order."""
    pieces = [piece for piece in message.split(GAP) if piece.strip()]
    pattern = re.compile(".*".join(re.escape(piece) for piece in pieces), re.DOTALL)
    return any(pattern.search(literal) for literal in literals)


def test_every_command_of_the_guide_parses() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert parse_errors(text) == []


def test_the_guide_tests_the_stages_with_the_board_named() -> None:
    written = [[name, *args] for name, args in commands(GUIDE.read_text(encoding="utf-8"))]
    assert {line[0] for line in written} >= {"selftest", "calibrate", "pico-setup", "run"}
    assert ["selftest", "--board", "serial:/dev/ttyACM0"] in written
    assert ["calibrate", "--port", "/dev/ttyACM0"] in written


def test_a_wrong_flag_or_command_is_caught() -> None:
    assert parse_errors("`flixboard selftest --board serial`") == []
    assert len(parse_errors("`flixboard selftest --bord serial`")) == 1
    assert len(parse_errors("`flixboard calibrate --threshold 180 90`")) == 1  # abbreviated
    assert len(parse_errors("`flixboard calibrate --thresholds 180`")) == 1  # one value short
    assert len(parse_errors("`flixboard calibrate --show --forget`")) == 1  # exclusive
    assert len(parse_errors("```sh\nflixboard calibrat --show\n```")) == 1
    assert parse_errors("`sudo -u flixboard env -C /var/lib/flixboard`") == []


def test_every_quoted_failure_message_is_in_the_code() -> None:
    quoted = quoted_messages(GUIDE.read_text(encoding="utf-8"))
    literals = code_messages()
    assert len(quoted) >= 15
    assert [message for message in quoted if not said_by_code(message, literals)] == []


def test_a_message_the_code_does_not_print_is_caught() -> None:
    literals = code_messages(("controller",))
    assert said_by_code("no press from: …", literals)
    assert not said_by_code("no press form: …", literals)
    assert not said_by_code("no press from: roll", literals)
    table = "| What you see | cause | fix |\n|---|---|---|\n| `a planted message` | x | y |\n"
    assert quoted_messages(table) == ["a planted message"]


def test_the_guide_is_linked_from_the_hardware_pages_and_the_readme() -> None:
    assert "build-guide.md" in (DOCS / "hardware" / "index.md").read_text(encoding="utf-8")
    assert "build-guide.md" in (REPO / "README.md").read_text(encoding="utf-8")
    assert "hardware/build-guide.md" in (REPO / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_install_page_leaves_the_self_test_to_the_guide() -> None:
    install = (DOCS / "install-pi.md").read_text(encoding="utf-8")
    assert "hardware/build-guide.md#stage-7-the-whole-board-and-a-first-game" in install
    assert "selftest --board" not in install
