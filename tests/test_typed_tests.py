"""The tests are type-checked as the program is (docs/development.md, "Typed tests"): no module
is excused from mypy, and each ``type: ignore`` comment in a test names its error code and says
why the wrong type is meant."""

from __future__ import annotations

import re
import tokenize
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IGNORE = re.compile(r"#\s*type:\s*ignore\b")
NARROW = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(, *[a-z-]+)*\]\s+#\s*\w")
"""A narrow ignore: its codes in brackets, then a comment of its own that says why."""


def excused(pyproject: str) -> list[str]:
    """The modules whose errors mypy's configuration ignores."""
    overrides = tomllib.loads(pyproject)["tool"]["mypy"].get("overrides", [])
    names: list[str] = []
    for override in overrides:
        if override.get("ignore_errors"):
            module = override["module"]
            names += [module] if isinstance(module, str) else module
    return names


def loose_ignores(path: Path) -> list[str]:
    """The ``type: ignore`` comments of a Python file that name no code or give no reason, as
    ``line: comment``."""
    with tokenize.open(path) as source:
        comments = [
            (token.start[0], token.string)
            for token in tokenize.generate_tokens(source.readline)
            if token.type == tokenize.COMMENT
        ]
    return [
        f"{line}: {text}"
        for line, text in comments
        if IGNORE.search(text) and not NARROW.search(text)
    ]


def test_mypy_checks_the_tests_and_excuses_no_module() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "tests" in tomllib.loads(pyproject)["tool"]["mypy"]["files"]
    assert excused(pyproject) == []
    planted = pyproject + '\n[[tool.mypy.overrides]]\nmodule = ["tests.x"]\nignore_errors = true\n'
    assert excused(planted) == ["tests.x"]


def test_every_ignore_in_the_tests_names_its_code_and_its_reason(tmp_path: Path) -> None:
    loose = [
        f"{path.relative_to(ROOT)}:{found}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if "node_modules" not in path.parts
        for found in loose_ignores(path)
    ]
    assert loose == []
    planted = tmp_path / "planted.py"
    planted.write_text(
        "a = 1  # type: ignore\n"
        "b = 2  # type: ignore[arg-type]\n"
        "c = 3  # type: ignore[arg-type]  # the refusal is the test\n"
        'd = "# type: ignore"\n',
        encoding="utf-8",
    )
    assert [found.split(":")[0] for found in loose_ignores(planted)] == ["1", "2"]
