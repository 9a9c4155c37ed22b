"""What ``pip install .`` installs: the wheel carries the product (the service, its board backends,
the simulator, the firmware and the wiring files) and nothing of the workshop: no bench, fuzz or
test rig, no mechanics or prover, nothing that reaches into the checkout's ``tests/``."""

from __future__ import annotations

import ast
import functools
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = {
    "engine",
    "engine/notation",
    "engine/players",
    "hal",
    "sim",
    "firmware",
    "wiring",
    "controller",
    "controller/cli",
    "controller/computer",
    "controller/core",
    "controller/games",
    "controller/flows",
    "controller/homeassistant",
    "controller/records",
    "controller/remote",
    "controller/server",
    "controller/server/routes",
    "controller/tools",
    "controller/voice",
}
"""Every folder of Python modules the wheel ships: a new one is added here on purpose."""
WORKSHOP_IMPORTS = {"tests", "bench", "mechanics", "prover", "pytest", "hypothesis", "schemathesis"}
"""What no shipped module may import: the checkout's tools and the test tools."""
WORKSHOP_NAME = re.compile(r"bench|fuzz|rig\b|emulat|harness|conftest|^test_")
"""A module name that says it belongs to the workshop."""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout's files (tracked and new, not ignored), as
    ``pip install .`` builds it; the copy keeps the checkout's own build/ and egg-info out."""
    source = tmp_path_factory.mktemp("source")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    build = ["wheel", str(source), "--no-deps", "--no-build-isolation", "--wheel-dir", str(out)]
    subprocess.run([sys.executable, "-m", "pip", *build], check=True, capture_output=True)
    (built,) = out.glob("*.whl")
    return built


def modules(wheel: Path) -> dict[str, str]:
    """Each Python module the wheel carries, by its path, with its source."""
    archive = zipfile.ZipFile(wheel)
    return {n: archive.read(n).decode() for n in archive.namelist() if n.endswith(".py")}


def workshop_in(wheel: Path) -> list[str]:
    """What of the workshop the wheel carries, in words (empty: the product only)."""
    found = modules(wheel)
    folders = {path.rpartition("/")[0] for path in found}
    problems = [f"{folder}/ is no product folder" for folder in sorted(folders - PRODUCT)]
    problems += [f"{folder}/ is missing" for folder in sorted(PRODUCT - folders)]
    for path, source in sorted(found.items()):
        problems += module_problems(path, source)
    return problems


@functools.cache
def module_problems(path: str, source: str) -> list[str]:
    """What ties the module at ``path`` to the workshop: its name, its imports, a path into the
    checkout's tests/."""
    problems = []
    if WORKSHOP_NAME.search(path.rpartition("/")[2].removesuffix(".py")):
        problems.append(f"{path} is named as a workshop module")
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value == "tests" or node.value.startswith("tests/"):
                problems.append(f"{path} names the checkout's tests/ ({node.value!r})")
            continue
        else:
            continue
        problems += [
            f"{path} imports {name}" for name in names if name.split(".")[0] in WORKSHOP_IMPORTS
        ]
    return problems


def test_the_wheel_ships_the_product_and_nothing_of_the_workshop(wheel: Path) -> None:
    assert workshop_in(wheel) == []
    names = zipfile.ZipFile(wheel).namelist()
    assert {"controller/server/service.py", "sim/board.py", "engine/variants.py"} <= set(names)
    compiled = [n for n in names if n.startswith("prover/") or n.endswith(".c")]
    assert compiled == []  # the Qubic prover's C core is a development tool


def test_the_check_finds_a_planted_rig(wheel: Path, tmp_path: Path) -> None:
    """The old layout, in which sim/ carried the emulated Pico's rig, fails the check."""
    planted = tmp_path / wheel.name
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(planted, "w") as new:
        for item in old.infolist():
            new.writestr(item, old.read(item))
        new.writestr("sim/emulated_pico.py", 'HARNESS = "tests/firmware/pico/harness.mjs"\n')
        new.writestr("bench/__init__.py", "")
        new.writestr("hal/probe.py", "from tests.pico_rig import pico_rig\n")
    assert workshop_in(planted) == [
        "bench/ is no product folder",
        "hal/probe.py imports tests.pico_rig",
        "sim/emulated_pico.py is named as a workshop module",
        "sim/emulated_pico.py names the checkout's tests/ ('tests/firmware/pico/harness.mjs')",
    ]


def test_the_wheel_carries_the_wiring_files_but_not_the_schematics(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {"wiring/pico.toml", "wiring/diagram.py"} <= set(names)
    assert [name for name in names if name.startswith("wiring/schematics/")] == []
