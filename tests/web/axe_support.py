"""axe-core (pinned in tests/web/node/package.json) run over the page in Chromium."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "node" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
"""The rule sets checked: WCAG 2.2 A and AA (contrast 1.4.3, target size 2.5.8, ...) and
axe's best practices."""


@dataclass(frozen=True)
class Violation:
    """One rule broken on one screen, with the elements that break it."""

    screen: str
    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.screen}: {self.rule} ({self.impact}) {self.help}: {', '.join(self.targets)}"


def run_axe(page: Page, screen: str) -> list[Violation]:
    """Every violation axe finds on the page as it is now (any impact)."""
    if not AXE.exists():
        raise RuntimeError(f"{AXE} is missing: run bash scripts/setup-system.sh")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate(
        "tags => axe.run(document,"
        " {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})",
        RULES,
    )
    return [
        Violation(
            screen,
            item["id"],
            item["impact"] or "",
            item["help"],
            tuple(" ".join(node["target"]) for node in item["nodes"]),
        )
        for item in result["violations"]
    ]


def serious(violations: list[Violation]) -> list[Violation]:
    """The serious and critical ones: the floor the page keeps."""
    return [item for item in violations if item.impact in SERIOUS]
