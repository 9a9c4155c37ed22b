"""A full Lucky Flix game through the real controller over the serial link: buttons, placements
and the FLIX call travel from the simulated board through the simulated Pico's firmware and
pyserial to the controller, and its LED frames come back."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.errors import NotNow
from controller.records.journal import Journal
from tests.pico_rig import PicoRig
from tests.serial.game_helpers import Pump, play_lucky_game
from tests.waiting import wait_until


@pytest.fixture
def pump(rig: PicoRig) -> Iterator[Pump]:
    config = Config.of(settle_ms=60)
    entry = game_entry(config, "lucky", 2, 1949, None)
    driver = Driver(rig.backend, config, Journal(None), first_game=entry)
    running = Pump(driver)
    yield running
    running.stop()


def test_a_lucky_flix_game_over_serial(rig: PicoRig, pump: Pump) -> None:
    started = time.monotonic()
    game = play_lucky_game(rig.board, pump)
    assert game.game_over and game.winner is not None, (
        f"no winner after {time.monotonic() - started:.0f} s"
    )
    kinds = [e.type for e in game.events]
    assert "line_completed" in kinds and "scored" in kinds
    assert [a.kind for a in game.actions].count("call") == 1  # the FLIX button, over the wire
    assert pump.read(lambda d: d.controller.sensed.occupied()) == game.occupied  # nothing lost
    assert rig.backend.read().occupied() == rig.board.read().occupied()
    assert len(rig.board.frames) > 10  # the controller's frames reached the board's pixels
    assert rig.backend.counters["rx_crc"] == rig.backend.counters["handler_errors"] == 0


def test_an_unplugged_board_pauses_the_game_and_resumes_it(rig: PicoRig, pump: Pump) -> None:
    wait_until(lambda: pump.read(lambda d: d.controller.phase) == "await_roll")
    rig.board.press("roll")
    wait_until(lambda: pump.read(lambda d: d.controller.phase) == "await_place")
    before = pump.read(lambda d: d.controller.state())
    rig.pico.unplug()
    wait_until(lambda: not pump.read(lambda d: d.controller.connected))
    state = pump.read(lambda d: d.controller.state())
    assert state["connected"] is False
    assert state["message"].startswith("Board disconnected")
    assert any(e["type"] == "board_lost" for e in state["events"])
    with pytest.raises(NotNow, match="disconnected"):
        pump.read(lambda d: d.controller.roll(None, d.backend.clock.now()))
    rig.pico.replug()
    wait_until(lambda: pump.read(lambda d: d.controller.connected))
    after = pump.read(lambda d: d.controller.state())
    assert after["phase"] == "await_place"
    assert (after["board"], after["allowed"], after["last_throw"]) == (
        before["board"],
        before["allowed"],
        before["last_throw"],
    )
