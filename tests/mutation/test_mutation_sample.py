"""Mutation testing in the suite: the kept list of equivalent mutants is well formed, and a fixed
sample of the engine's mutants is killed by the engine's tests (docs/mutation.md)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_runner", ROOT / "scripts/mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_listed_equivalent_names_a_module_in_scope_its_change_and_a_reason() -> None:
    mutation = runner()
    listed = mutation.load_equivalents()
    assert listed, "the kept list is read"
    for entry in listed:
        assert entry.module in mutation.MODULES
        assert entry.mutant.startswith(mutation.slug(entry.module) + ".")
        assert entry.line.strip() and len(entry.reason) > 20
    assert len({entry.mutant for entry in listed}) == len(listed)


@pytest.mark.timeout(1800)  # 50 mutants, one worker at the lowest priority: 20 min loaded
def test_a_fixed_sample_of_the_engines_mutants_is_killed() -> None:
    """The runner exits 1 when fewer than its SAMPLE_FLOOR per cent of the sample are killed."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts/mutation.py"), "--sample", "engine/"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert f"sample of {runner().SAMPLE_SIZE}" in done.stdout
