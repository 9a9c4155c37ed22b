"""A whole Lucky Flix game played by the controller against the UF2 on the emulated Pico: the
buttons, placements and FLIX call go through MicroPython's USB serial, the controller's LED
frames come back out of the NeoPixel pin."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.records.journal import Journal
from tests.emulated_pico import EmulatedRig, emulated_rig
from tests.serial.game_helpers import Pump, play_lucky_game


@pytest.fixture
def rig() -> Iterator[EmulatedRig]:
    with emulated_rig() as opened:
        yield opened


def test_a_lucky_flix_game_against_the_emulated_pico(rig: EmulatedRig) -> None:
    config = Config.of(settle_ms=60)
    entry = game_entry(config, "lucky", 2, 1949, None)
    pump = Pump(Driver(rig.backend, config, Journal(None), first_game=entry))
    try:
        game = play_lucky_game(rig.board, pump, timeout=120.0)
        assert game.game_over and game.winner is not None
        kinds = [e.type for e in game.events]
        assert "line_completed" in kinds and "scored" in kinds
        assert [a.kind for a in game.actions].count("call") == 1  # FLIX, through the firmware
        assert pump.read(lambda d: d.controller.sensed.occupied()) == game.occupied
    finally:
        pump.stop()
    assert rig.backend.read().occupied() == rig.board.read().occupied()
    assert len(rig.board.frames) > 10  # decoded from the emulated NeoPixel pin
    assert rig.backend.counters["rx_crc"] == rig.backend.counters["handler_errors"] == 0
