"""The simulated sensors agree with the wiring's Hall sensor settings (wiring/pico.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from sim.board import (
    FIELD_LIMIT,
    FIELD_PIECE,
    FIELD_RELEASE,
    FIELD_THRESHOLD,
    PANEL_POLARITY,
    SimBoard,
)
from sim.clock import SimClock

WIRING = tomllib.loads((Path(__file__).parents[2] / "wiring" / "pico.toml").read_text())


def test_thresholds_are_the_wirings() -> None:
    hall = WIRING["hall"]
    assert (hall["on_counts"], hall["off_counts"]) == (FIELD_THRESHOLD, FIELD_RELEASE)
    assert 2 ** (WIRING["adc"]["bits"] - 1) - 1 == FIELD_LIMIT
    assert FIELD_THRESHOLD < FIELD_PIECE < FIELD_LIMIT


def test_panel_colours_are_the_wirings_magnet_pairs() -> None:
    north = {"man": 1, "burocrat": -1}[WIRING["pieces"]["north"]]
    wired = {
        letter: tuple(north if pole == "north" else -north for pole in poles)
        for letter, poles in WIRING["grooves"].items()
    }
    assert wired == PANEL_POLARITY


def test_hovering_hands_stay_below_the_release_threshold() -> None:
    board = SimBoard(clock=SimClock())
    for hole in range(64):
        board.hover(hole, 1.0, piece="man" if hole % 2 else "burocrat", crossing_s=0)
    assert max(abs(f) for f in board.raw_fields()[:64]) < FIELD_RELEASE


def test_a_noisy_field_jumps_across_both_thresholds() -> None:
    clock = SimClock()
    board = SimBoard(clock=clock)
    board.fault_noisy(5, rate_hz=50, seed=9)
    for _ in range(200):
        field = abs(board.raw_fields()[5])
        assert field < FIELD_RELEASE or field >= FIELD_THRESHOLD
        clock.advance(0.01)
