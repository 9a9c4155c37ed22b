"""Flip 4 and Olix played through the real controller on ``--board serial``: every hand on the
simulated Flip 4 or Olix board is read by the firmware's matrix scan on the simulated Pico, goes
over a pty and pyserial to the controller, and the controller's LED frames come back (in parts on
Olix) to the board's pixels."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.records.journal import Journal
from engine.flip4 import CORNERS
from engine.variants import GRIDS
from hal.geometry import load_geometry
from tests.pico_rig import PicoRig, pico_rig
from tests.serial.game_helpers import Hands, Pump
from tests.waiting import wait_until

RED = Config().leds.team_colours[0]
FLIP4, OLIX = GRIDS["flip4"], GRIDS["olix"]


def start(rig: PicoRig, variant: str, players: int, seed: int) -> Pump:
    config = Config.of(settle_ms=40)
    entry = game_entry(config, variant, players, seed, None)
    return Pump(Driver(rig.backend, config, Journal(None), first_game=entry))


@pytest.fixture
def flip4() -> Iterator[PicoRig]:
    with pico_rig(load_geometry("flip4")) as rig:
        yield rig


@pytest.fixture
def olix() -> Iterator[PicoRig]:
    with pico_rig(load_geometry("olix")) as rig:
        yield rig


def test_a_whole_four_player_flip4_game_over_serial(flip4: PicoRig) -> None:
    """Seeded: placements, steps, flips and a corner jump, each made by hand on the board, until
    a line of four wins."""
    pump = start(flip4, "flip4", 4, 12)
    hands = Hands(flip4.board, pump)
    rng = random.Random(4)
    try:
        wait_until(lambda: hands.state()["phase"] == "await_roll")
        for _ in range(3000):
            state = hands.state()
            assert state["phase"] != "await_fix", state["mismatch"]
            if state["phase"] == "game_over":
                break
            if state["phase"] == "await_roll":
                hands.press_roll()
            elif state["phase"] == "await_place":
                hands.do("place", rng.choice(state["allowed"]))
            elif state["phase"] == "await_move":
                source = rng.choice(sorted(state["moves"]))
                target = rng.choice(state["moves"][source])
                if target in state["board"]:  # a flip: both up, each on the other's square
                    for doing, cell in (("lift", source), ("lift", target)):
                        hands.do(doing, cell)
                    for cell in (source, target):
                        hands.do("place", cell)
                else:
                    hands.do("lift", source)
                    hands.do("place", target)
            else:  # a corner jump: land on a lit square
                corner = next(c for c in state["board"] if CORNERS >> FLIP4.parse(c) & 1)
                target = rng.choice(state["allowed"])
                hands.do("lift", corner)
                if target in state["board"]:  # the opponent there goes where the jump started
                    hands.do("lift", target)
                    hands.do("place", state["jump_from"])
                hands.do("place", target)
        game = pump.read(lambda d: d.controller.game)
        state = hands.state()
    finally:
        pump.stop()
    assert state["phase"] == "game_over" and state["winner"] is not None
    assert {e.type for e in game.events} >= {"move", "flip", "corner", "jump", "scored"}
    assert game.players == 4 and set(state["sensed"]) == set(state["board"])
    assert flip4.backend.read().occupied() == flip4.board.read().occupied()
    assert len(flip4.board.frames) > 10  # the controller's frames reached the board's pixels
    assert flip4.backend.counters["rx_crc"] == flip4.backend.counters["rx_malformed"] == 0


def test_olix_moves_and_the_patterns_scored_light_over_serial(olix: PicoRig) -> None:
    """Red sets a 2x2 O in the top left while Blue plays far away: each counter is committed where
    it was set, and the O Red scores lights in Red on the board's pixels (129 of them: each frame
    travels in two parts)."""
    pump = start(olix, "olix", 2, 5)
    hands = Hands(olix.board, pump)
    moves = [("a1", 0), ("k11", 1), ("b1", 0), ("i11", 1), ("a2", 0), ("k9", 1), ("b2", 0)]
    square = {OLIX.parse(cell) for cell in ("a1", "b1", "a2", "b2")}

    def lit_red() -> bool:
        frame = olix.board.last_frame
        return frame is not None and all(frame.colors[cell] == RED for cell in square)

    try:
        wait_until(lambda: hands.state()["phase"] == "await_place")
        placed: dict[str, int] = {}
        for cell, team in moves:
            before = pump.read(lambda d: len(d.controller.game.actions))
            hands.do("place", cell)
            wait_until(lambda b=before: pump.read(lambda d: len(d.controller.game.actions)) > b)
            placed[cell] = team
            state = hands.state()
            assert {n: c["team"] for n, c in state["board"].items()} == placed
        assert [(found["team"], set(found["holes"])) for found in state["last_patterns"]] == [
            (0, {"a1", "b1", "a2", "b2"})
        ]
        wait_until(lit_red)
    finally:
        pump.stop()
    assert olix.backend.counters["rx_crc"] == olix.backend.counters["rx_malformed"] == 0
    assert olix.pico.firmware is not None and olix.pico.firmware.leds.shown > 1
