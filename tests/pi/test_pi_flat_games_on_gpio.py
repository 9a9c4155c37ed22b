"""Whole games on the flat boards wired to a Pi: the real controller reads the flat board's gpio
backend (the stand-in ``RPi.GPIO`` for the switches and buttons, the real NeoPixel library for the
LEDs, decoded back onto the board), while hands place and lift pieces and press ROLL on the
simulated board behind it. Scans are stepped on the simulated clock as at 200 Hz."""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.game_data import NewGameData
from controller.records.journal import Journal
from engine.variants import GRIDS
from hal.gpio_grid import GridGpioBackend
from sim.board import SimBoard
from sim.clock import SimClock
from tests.flat_hands import Hand, random_flip4_turn
from tests.pi.gpio_standin import SCAN_S

SETTLE = 0.2
"""More than the settle time (120 ms) and the debounce (20 ms): each hand action is read."""
RED, BLUE = Config().leds.team_colours[:2]


def near(seen: tuple[int, int, int], colour: tuple[int, int, int]) -> bool:
    """Whether a colour read back off the wire is ``colour``: at the brightness cap of 0.5 the
    bytes carry half the value, so a channel may come back one step of 2 short."""
    return all(0 <= want - got <= 2 for got, want in zip(seen, colour, strict=True))


class Table:
    """The controller on the gpio backend, and the hands at the board behind the stand-in."""

    def __init__(
        self, backend: GridGpioBackend, board: SimBoard, clock: SimClock, first: NewGameData
    ) -> None:
        self.backend, self.board, self.clock = backend, board, clock
        self.driver = Driver(backend, Config(), Journal(None), first_game=first)

    def run(self, seconds: float) -> None:
        """The scan thread's and the service loop's work, in order, for ``seconds``."""
        for _ in range(round(seconds / SCAN_S)):
            self.clock.advance(SCAN_S)
            self.backend.scan()
            self.driver.step()

    def do(self, hands: list[Hand]) -> dict[str, Any]:
        """Each hand action, then a pause long enough for it to count; the state after."""
        for doing, cell in hands:
            if doing == "roll":
                self.board.press("roll")
            elif doing == "lift":
                self.board.lift(cell)
            else:
                self.board.place(cell)
            self.run(SETTLE)
        return self.state()

    def state(self) -> dict[str, Any]:
        return self.driver.controller.state()

    def lit(self) -> set[str]:
        """The cells lit on the last frame the NeoPixel wire carried."""
        naming = GRIDS[self.backend.geometry.key]
        return {naming.name(cell) for cell in self.board.lit_holes()}


@pytest.mark.slow
@pytest.mark.parametrize("grid", ["flip4"], indirect=True)
def test_a_whole_four_player_flip4_game_on_the_gpio_board(
    flat_backend: GridGpioBackend, flat_board: SimBoard, clock: SimClock
) -> None:
    """Every roll a press of ROLL, every placement, step, flip and corner jump made by hand,
    choices seeded; the LEDs light the empty squares the dice allow (and no other empty one);
    ends with a line of four (or the turn limit), the board sensed as the game has it."""
    table = Table(flat_backend, flat_board, clock, game_entry(Config(), "flip4", 4, 21, None))
    rng = random.Random(4)
    state = table.state()
    turns = set()
    for _ in range(3000):
        assert state["phase"] != "await_fix", state["mismatch"]
        if state["phase"] == "game_over":
            break
        if state["phase"] == "await_place":
            empty_lit = table.lit() - set(state["board"])
            assert empty_lit == set(state["allowed"]), "the empty squares allowed are lit"
        turns.add(state["to_move"])
        state = table.do(random_flip4_turn(state, rng))
    assert state["phase"] == "game_over" and (state["winner"] is not None or state["draw"])
    assert turns == {0, 1, 2, 3} and state["players"] == 4
    assert set(state["sensed"]) == set(state["board"])
    kinds = {e["type"] for e in table.driver.controller.session.recent_events(test_view=True)}
    assert {"roll", "place", "move"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("grid", ["olix"], indirect=True)
def test_a_whole_olix_game_on_the_gpio_board(
    flat_backend: GridGpioBackend, flat_board: SimBoard, clock: SimClock
) -> None:
    """Seeded random counters set by hand until the game ends: each committed where it was set,
    each pattern scored lit in its scorer's colour on the wire; the end is a super-pattern or a
    full grid."""
    table = Table(flat_backend, flat_board, clock, game_entry(Config(), "olix", 2, 5, None))
    rng = random.Random(5)
    state = table.state()
    placed: dict[str, int] = {}
    naming = GRIDS["olix"]
    while state["phase"] != "game_over":
        assert state["phase"] == "await_place", state.get("mismatch")
        cell, team = rng.choice(state["allowed"]), state["to_move"]
        state = table.do([("place", cell)])
        placed[cell] = team
        assert {name: c["team"] for name, c in state["board"].items()} == placed
        frame = flat_board.last_frame
        assert frame is not None
        if state["phase"] != "game_over":
            for found in state["last_patterns"]:
                want = (RED, BLUE)[found["team"]]
                for name in found["holes"]:
                    assert near(frame.colors[naming.parse(name)], want), name
    over = state["events"][-1]
    assert over["type"] == "game_over" and over["reason"] in ("super-pattern", "board full")
    assert any(e["type"] == "pattern" for e in state["events"])
    assert set(state["sensed"]) == set(placed)
