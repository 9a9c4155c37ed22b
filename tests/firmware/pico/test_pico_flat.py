"""The committed UF2 on the emulated Pico in a flat board: set up as a Flip 4 or Olix board by a
PROFILE frame (stored on its emulated flash, then a reset), it scans the switch matrix the
harness models, and the controller plays moves on it; its LED frames (Olix's in two parts) come
back out of the NeoPixel pin."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.records.journal import Journal
from hal.base import Piece
from hal.geometry import load_geometry
from tests.emulated_pico import EmulatedRig, emulated_rig
from tests.firmware.pico.full_white import assert_within_supply
from tests.serial.game_helpers import Hands, Pump
from tests.waiting import wait_until

RED = Config().leds.team_colours[0]
TIMEOUT = 120.0


@pytest.fixture
def flip4() -> Iterator[EmulatedRig]:
    with emulated_rig(load_geometry("flip4")) as opened:
        yield opened


@pytest.fixture
def olix() -> Iterator[EmulatedRig]:
    with emulated_rig(load_geometry("olix")) as opened:
        yield opened


def test_flip4_part_one_is_played_on_the_emulated_pico(flip4: EmulatedRig) -> None:
    """The Pico restarted into its Flip 4 profile; two players throw and place their four pieces
    each by hand, every placement read through the matrix scan of the real firmware."""
    assert [e["n"] for e in flip4.pico.events if e["ev"] == "boot"] == [1, 2]
    assert [e["reason"] for e in flip4.pico.events if e["ev"] == "reset"] == ["software"]
    assert flip4.backend.info is not None and flip4.backend.info.profile == 1
    config = Config.of(settle_ms=60)
    pump = Pump(
        Driver(
            flip4.backend,
            config,
            Journal(None),
            first_game=game_entry(config, "flip4", 2, 12, None),
        )
    )
    hands = Hands(flip4.board, pump, TIMEOUT)
    rng = random.Random(2)
    try:
        for _ in range(8):
            wait_until(lambda: hands.state()["phase"] == "await_roll", timeout=TIMEOUT)
            hands.press_roll()
            state = hands.state()
            if state["phase"] == "await_place":
                hands.do("place", rng.choice(state["allowed"]))
        state = hands.state()
    finally:
        pump.stop()
    assert state["phase"] in ("await_roll", "await_move") and len(state["board"]) >= 6
    assert set(state["sensed"]) == set(state["board"])
    assert {p for p in flip4.backend.read().holes} <= {Piece.EMPTY, Piece.PRESENT}
    assert len(flip4.board.frames) > 5  # decoded from the emulated NeoPixel pin
    assert_within_supply(flip4, "flip4")  # 2.01 A at full white, within the 3 A supply


def test_olix_counters_and_a_frame_in_two_parts_on_the_emulated_pico(olix: EmulatedRig) -> None:
    """Counters on the 11x11 matrix (rows through the 74HC154) reach the host; an LED frame of
    129 pixels, sent in two parts, comes out of the NeoPixel pin whole; a stuck and a missing
    reed reach the host as they are, through the real firmware's scan."""
    board, backend = olix.board, olix.backend
    cells = {0, 12, 60, 120}
    for cell in cells:
        board.place(cell)
    wait_until(lambda: backend.read().occupied() == sum(1 << c for c in cells), timeout=TIMEOUT)
    colors = [(0, 0, 0)] * 129
    for cell in cells:
        colors[cell] = RED
    backend.pixels[:] = colors
    backend.pixels.show()
    wait_until(
        lambda: board.last_frame is not None and board.last_frame.colors == tuple(colors),
        timeout=TIMEOUT,
    )
    # counted over an emulated second
    wait_until(lambda: backend.board_scan_hz > 0, timeout=TIMEOUT)
    assert_within_supply(olix, "olix")  # 7.87 A uncapped, scaled within the 6 A supply
    board.fault_stuck(30)  # a reed welded shut: a piece on a cell nobody filled
    board.fault_dead(12)  # a reed missing: its piece is never seen
    seen = (cells - {12}) | {30}
    wait_until(lambda: backend.read().occupied() == sum(1 << c for c in seen), timeout=TIMEOUT)
