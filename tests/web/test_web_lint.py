"""ESLint (pinned in tests/web/node) passes on the page's modules; a missing ESLint fails."""

from __future__ import annotations

import subprocess

import pytest
from web_support import REPO

NODE_DIR = REPO / "tests" / "web" / "node"
ESLINT = NODE_DIR / "node_modules" / ".bin" / "eslint"
CONFIG = NODE_DIR / "eslint.config.js"
WEB = REPO / "controller" / "server" / "web"


def test_page_modules_pass_eslint() -> None:
    if not ESLINT.exists():
        pytest.fail(f"{ESLINT} is missing: install it with bash scripts/setup-system.sh")
    lint = subprocess.run(
        [str(ESLINT), "--max-warnings", "0", "-c", str(CONFIG), str(WEB.relative_to(REPO))],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert lint.returncode == 0, f"eslint found problems:\n{lint.stdout}{lint.stderr}"


def test_eslint_sees_every_module_of_the_page() -> None:
    """The config's ``files`` reach the page: a module-level ``let`` (state outside the store) is
    reported, so the lint above is not passing on an empty file set."""
    if not ESLINT.exists():
        pytest.fail(f"{ESLINT} is missing: install it with bash scripts/setup-system.sh")
    lint = subprocess.run(
        [
            str(ESLINT),
            "-c",
            str(CONFIG),
            "--stdin",
            "--stdin-filename",
            "controller/server/web/probe.js",
        ],
        cwd=REPO,
        input="let kept = 1;\nexport function bump() {\n  kept += 1;\n  return kept;\n}\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert lint.returncode == 1, lint.stdout + lint.stderr
    assert "keep page state in store.js" in lint.stdout
