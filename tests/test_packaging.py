"""What ``pip install .`` installs: the wheel carries the service and none of the checkout's bench
and fuzz code (``bench/``); ``flixboard bench`` from such an install says where the probes are."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (
    "pyproject.toml",
    "README.md",
    "LICENSE",
    "engine",
    "hal",
    "sim",
    "controller",
    "firmware",
    "wiring",
    "bench",
)
"""What the build reads: a copy, so the checkout's own build/ and egg-info stay untouched."""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout, as ``pip install .`` builds it."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "node_modules")
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    build = ["wheel", str(source), "--no-deps", "--no-build-isolation", "--wheel-dir", str(out)]
    subprocess.run(
        [sys.executable, "-m", "pip", *build],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_carries_no_bench_or_fuzz_module(wheel: Path) -> None:
    modules = [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(".py")]
    assert {"controller/server/service.py", "sim/board.py", "engine/variants.py"} <= set(modules)
    carried = [
        name
        for name in modules
        if name.startswith("bench/")
        or (re.search("bench|fuzz", name.rpartition("/")[2]) and name != "controller/cli/bench.py")
    ]
    assert carried == []
    compiled = [
        n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("prover/") or n.endswith(".c")
    ]
    assert compiled == []  # the Qubic prover's C core is a development tool


def test_the_wheel_carries_the_wiring_files_but_not_the_schematics(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {"wiring/pico.toml", "wiring/diagram.py"} <= set(names)
    assert [name for name in names if name.startswith("wiring/schematics/")] == []


def test_bench_from_an_install_says_the_probes_live_in_a_checkout(
    wheel: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site)
    code = "import controller.cli, sys; sys.exit(controller.cli.main(['bench']))"
    ran = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 2, ran.stderr
    assert f"no bench/ beside {site / 'controller'}" in ran.stderr
    assert "run the command from a checkout" in ran.stderr
