"""The computer's level guide (the page's New game form) has every level of every game, each in
both languages, and its figures are the README's ladder table."""

from __future__ import annotations

import re
from pathlib import Path

from controller.computer.level_guide import guide
from controller.games.spec import Measured
from controller.i18n import language
from engine.players import PLAYERS
from engine.players.base import LEVELS

README = Path(__file__).parents[2] / "README.md"
ROWS = {
    "Qubic, the higher level first": ("qubic", "first"),
    "Qubic, the higher level second, in pairs": ("qubic", "second"),
    "Lucky Flix": ("lucky", "alternate"),
    "Pay-Off Flix": ("payoff", "alternate"),
    "Tac-T-Flix": ("tactflix", "alternate"),
    "Flip 4": ("flip4", "alternate"),
    "Olix": ("olix", "alternate"),
}
CELL = re.compile(r"^\**(\d+(?:\.\d)?) % \[(\d+(?:\.\d)?), (\d+(?:\.\d)?)\]\**, (\d+)$")


def readme_ladder() -> dict[tuple[str, str], list[tuple[float, float, float, int]]]:
    """The README's ladder table: each row's rungs 2 vs 1 .. 5 vs 4 as (score, low, high,
    games)."""
    table: dict[tuple[str, str], list[tuple[float, float, float, int]]] = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[0] in ROWS:
            found = [CELL.match(cell) for cell in cells[1:]]
            assert all(found), line
            table[ROWS[cells[0]]] = [
                (float(m[1]), float(m[2]), float(m[3]), int(m[4])) for m in found if m
            ]
    return table


def test_every_game_with_a_computer_player_has_its_five_levels_in_both_languages() -> None:
    german = language("de")
    for variant in PLAYERS:
        levels = guide(variant)
        assert [level.level for level in levels] == list(LEVELS), variant
        assert levels[0].measured == []
        for level in levels:
            assert level.does and german.gettext(level.does) != level.does, level.does
    assert guide("no such game") == []


def test_the_figures_are_the_readmes_ladder() -> None:
    table = readme_ladder()
    assert set(table) == set(ROWS.values())
    for (variant, seating), rungs in table.items():
        measured = [
            rung
            for level in guide(variant)[1:]
            for rung in level.measured
            if rung.seating == seating
        ]
        assert measured == [Measured(seating, *rung) for rung in rungs], (variant, seating)
