"""The gpio backend on the stand-in ``RPi.GPIO``: pins, matrix, debouncing, buttons, errors.

Scans are stepped by hand on a simulated clock (``scan_thread=False``), 5 ms apart as at 200 Hz,
so every debounce decision is deterministic; one test runs the real scan thread.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import sys
import threading
from unittest.mock import MagicMock

import pytest
from pytest_mock import MockerFixture

from hal import open_backend
from hal.base import HOLE_COUNT, Button, ButtonPress, Piece
from hal.errors import BackendClosed, BackendUnavailable, BoardDisconnected
from hal.gpio_backend import GpioBackend
from hal.pi_wiring import PiWiring
from sim.board import SimBoard
from sim.clock import SimClock
from tests.pi.gpio_standin import MOCK_NEOPIXEL_PIN, StandInGPIO, failing_setup, step
from tests.waiting import wait_until

YIIH = 21


def test_pins_are_set_up_as_wired(
    backend: GpioBackend, gpio: StandInGPIO, wiring: PiWiring
) -> None:
    assert gpio.mode == gpio.BCM
    for row in wiring.rows:
        assert gpio.directions[row] == gpio.OUT
        assert gpio.levels[row] == gpio.HIGH, "rows idle high: no row selected"
    for pin in (*wiring.columns, *wiring.buttons.values()):
        assert (gpio.directions[pin], gpio.pulls[pin]) == (gpio.IN, gpio.PUD_UP)
    assert {pin: (edge, bounce) for pin, (edge, _, bounce) in gpio.detects.items()} == {
        pin: (gpio.FALLING, 50) for pin in wiring.buttons.values()
    }


def test_a_scan_drives_each_row_low_once(backend: GpioBackend, gpio: StandInGPIO) -> None:
    before = gpio.row_selects
    backend.scan()
    assert gpio.row_selects - before == 10
    assert all(gpio.levels[row] == gpio.HIGH for row in backend.wiring.rows)


def test_the_board_at_open_is_read_at_once(
    gpio: StandInGPIO, board: SimBoard, wire: MagicMock, clock: SimClock
) -> None:
    board.place("R-I-S")
    board.place("B-IV-C", "burocrat")
    board.remove_panel(2)
    with GpioBackend(clock=clock, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False) as backend:
        reading = backend.read()
        assert reading.occupied() == 1 | 1 << 63
        assert (reading.holes[0], reading.holes[63]) == (Piece.PRESENT, Piece.PRESENT)
        assert reading.grooves == ("R", "Y", None, "B")
        assert backend.sensing == "presence"


def test_every_hole_has_its_own_switch(
    backend: GpioBackend, board: SimBoard, clock: SimClock
) -> None:
    for hole in range(HOLE_COUNT):
        board.place(hole)
        step(backend, clock, 0.03)
        assert backend.read().occupied() == 1 << hole, f"hole {hole}"
        board.lift(hole)
        step(backend, clock, 0.03)
        assert backend.read().occupied() == 0


def test_a_change_counts_once_it_held_for_the_debounce_time(
    backend: GpioBackend, board: SimBoard, clock: SimClock
) -> None:
    calls: list[float] = []
    backend.when_changed = lambda: calls.append(clock.now())
    board.place(YIIH)  # at t = 0; scans at 5, 10, 15, 20 ms see it
    assert step(backend, clock, 0.015) == []
    assert backend.read().holes[YIIH] is Piece.EMPTY
    assert step(backend, clock, 0.010) == [0.025]
    assert backend.read().holes[YIIH] is Piece.PRESENT
    assert calls == [pytest.approx(0.025)]
    board.lift(YIIH)
    assert step(backend, clock, 0.050) == [0.05]
    assert backend.read().holes[YIIH] is Piece.EMPTY


def test_pulses_shorter_than_the_debounce_never_count(
    backend: GpioBackend, board: SimBoard, clock: SimClock
) -> None:
    calls: list[float] = []
    backend.when_changed = lambda: calls.append(clock.now())
    board.hover(YIIH, 0.5, crossing_s=0.015)  # the field crosses the threshold for 15 ms
    board.slide([0, 1, 2, 3, 7], step_s=0.012)  # a piece dragged across five holes
    assert step(backend, clock, 0.6) == []
    assert backend.read().occupied() == 0
    assert calls == []


def test_a_bouncing_switch_settles_to_its_final_state(
    backend: GpioBackend, board: SimBoard, clock: SimClock
) -> None:
    for _ in range(3):  # a magnet wobbling in and out, 10 ms each way
        board.place(YIIH)
        step(backend, clock, 0.010)
        board.lift(YIIH)
        step(backend, clock, 0.010)
    board.place(YIIH)
    assert backend.read().occupied() == 0
    changes = step(backend, clock, 0.1)
    assert len(changes) == 1
    assert backend.read().occupied() == 1 << YIIH


@pytest.mark.parametrize("order", ["RYGB", "BGYR", "GRBY"])
def test_grooves_tell_each_panel_colour(
    backend: GpioBackend, board: SimBoard, clock: SimClock, order: str
) -> None:
    for groove, letter in enumerate(order):
        board.seat_panel(groove, letter)
    step(backend, clock, 0.03)
    assert backend.read().grooves == tuple(order)
    board.remove_panel(0)
    board.remove_panel(3)
    step(backend, clock, 0.03)
    assert backend.read().grooves == (None, order[1], order[2], None)


def test_a_groove_sensor_needs_exactly_one_pole(
    backend: GpioBackend, gpio: StandInGPIO, clock: SimClock, mocker: MockerFixture
) -> None:
    north, south = backend.wiring.groove_switches[64]  # groove 0, left magnet position
    real_closed = gpio._closed
    mocker.patch.object(gpio, "_closed", lambda s: s in (north, south) or real_closed(s))
    step(backend, clock, 0.03)
    assert backend.read().grooves == (None, "Y", "G", "B"), "both poles at once is a fault"


def test_a_press_is_a_falling_edge(backend: GpioBackend, board: SimBoard, clock: SimClock) -> None:
    calls: list[float] = []
    backend.when_changed = lambda: calls.append(clock.now())
    clock.advance(1.0)
    board.press(Button.ROLL)
    clock.advance(0.2)
    board.press("menu")  # short or long is known at the next scan
    assert backend.take_presses() == [ButtonPress(Button.ROLL, 1.0, None)]
    backend.scan()
    assert backend.take_presses() == [ButtonPress(Button.MENU, 1.2, None)]
    assert calls == [1.0, 1.2]
    assert backend.take_presses() == []


def test_menu_held_down_is_a_long_press_once(
    backend: GpioBackend, board: SimBoard, clock: SimClock
) -> None:
    """A long press of MENU asks for a hint (docs/playing.md): held a second, it is reported as long
    while still held, and its release adds nothing."""
    board.press("menu", long=True)
    step(backend, clock, 0.5)
    assert backend.take_presses() == []
    step(backend, clock, 0.55)
    assert [(p.button, p.long) for p in backend.take_presses()] == [(Button.MENU, True)]
    step(backend, clock, 1.0)
    assert backend.take_presses() == []


def test_edges_within_the_bouncetime_are_one_press(
    backend: GpioBackend, gpio: StandInGPIO, clock: SimClock
) -> None:
    flix = backend.wiring.buttons["flix"]
    clock.advance(1.0)
    for ms in (0, 3, 11, 40):  # contact bounce: edges within the 50 ms bouncetime
        gpio.edge(flix, 1.0 + ms / 1000)
    gpio.edge(flix, 1.2)  # a second press
    presses = backend.take_presses()
    assert [p.button for p in presses] == [Button.FLIX, Button.FLIX]


def test_the_scan_thread_reports_changes_and_stops_on_close(
    gpio: StandInGPIO, board: SimBoard, wire: MagicMock
) -> None:
    backend = GpioBackend(led_pin=MOCK_NEOPIXEL_PIN, row_settle_s=0.0)  # real clock and thread
    changed = threading.Event()
    backend.when_changed = changed.set
    board.place(YIIH)
    wait_until(lambda: backend.read().holes[YIIH] is Piece.PRESENT)
    assert changed.is_set()
    assert any(t.name == "gpio-scan" and t.is_alive() for t in threading.enumerate())
    backend.close()
    assert not any(t.name == "gpio-scan" and t.is_alive() for t in threading.enumerate())
    assert set(gpio.cleaned) == {*backend.wiring.rows, *backend.wiring.columns, 2, 3, 7, 8}
    assert gpio.detects == {}


def test_a_failing_scan_shows_as_disconnected(
    gpio: StandInGPIO,
    board: SimBoard,
    wire: MagicMock,
    mocker: MockerFixture,
) -> None:
    with GpioBackend(led_pin=MOCK_NEOPIXEL_PIN, row_settle_s=0.0) as backend:
        changed = threading.Event()
        backend.when_changed = changed.set
        mocker.patch.object(gpio, "input", side_effect=RuntimeError("GPIO line vanished"))
        wait_until(lambda: not backend.connected)
        assert changed.is_set()
        with pytest.raises(BoardDisconnected, match="GPIO line vanished"):
            backend.read()


def test_close_releases_pins_blanks_the_pixels_and_refuses_use(
    backend: GpioBackend, gpio: StandInGPIO, wire: MagicMock
) -> None:
    backend.pixels.fill((255, 255, 255))
    backend.pixels.show()
    backend.close()
    backend.close()
    assert wire.frames[-1] == bytes(3 * 72), "close turns every pixel off"
    assert gpio.directions == {}
    with pytest.raises(BackendClosed):
        backend.read()
    with pytest.raises(BackendClosed):
        backend.take_presses()
    with pytest.raises(BackendClosed):
        backend.pixels.show()
    assert not backend.scan()
    assert "closed" in repr(backend)


def test_off_a_pi_the_error_says_what_to_install(mocker: MockerFixture) -> None:
    mocker.patch.dict(sys.modules, {"RPi": None, "RPi.GPIO": None})  # import RPi.GPIO fails
    with pytest.raises(BackendUnavailable) as caught:
        GpioBackend()
    message = str(caught.value)
    assert "pip install '.[pi]'" in message
    assert "pip uninstall RPi.GPIO && pip install --force-reinstall --no-deps rpi-lgpio" in message
    assert "Raspberry Pi 5" in message
    assert "/dev/gpiomem" in message, "no /dev/gpiomem* here: it says this is not a Pi"
    with pytest.raises(ImportError):  # BackendUnavailable is an ImportError too
        open_backend("gpio")


def test_without_gpio_permission_the_error_names_the_group(
    gpio: StandInGPIO, mocker: MockerFixture
) -> None:
    mocker.patch.object(gpio, "setup", side_effect=RuntimeError("No access to /dev/mem."))
    with pytest.raises(BackendUnavailable, match="'gpio' group"):
        GpioBackend()


def test_rpi_gpio_without_edge_detection_points_to_rpi_lgpio(
    gpio: StandInGPIO, wire: MagicMock, mocker: MockerFixture
) -> None:
    error = RuntimeError("Failed to add edge detection")  # RPi.GPIO 0.7 on Linux 6.6 and later
    mocker.patch.object(gpio, "add_event_detect", side_effect=error)
    fix = "pip install --force-reinstall --no-deps rpi-lgpio"  # RPi.GPIO's removal took its files
    with pytest.raises(BackendUnavailable, match=re.escape(fix)):
        GpioBackend(led_pin=MOCK_NEOPIXEL_PIN)
    assert gpio.directions == {}, "GPIO.cleanup() ran"
    assert wire.frames[-1] == bytes(3 * 72), "the pixels were released dark"


def test_without_the_neopixel_library_the_pins_are_released(
    gpio: StandInGPIO, mocker: MockerFixture
) -> None:
    mocker.patch.dict(sys.modules, {"neopixel": None})
    with pytest.raises(BackendUnavailable, match=r"pip install '\.\[pi\]'"):
        GpioBackend(led_pin=MOCK_NEOPIXEL_PIN)
    assert gpio.directions == {}, "GPIO.cleanup() ran"


def test_repr_shows_live_state(backend: GpioBackend, board: SimBoard, clock: SimClock) -> None:
    board.place(YIIH)
    step(backend, clock, 0.03)
    assert repr(backend) == ("<GpioBackend pieces=1 grooves=RYGB connected=True rows=10 columns=8>")


class LgpioError(Exception):
    """What ``lgpio`` raises (``lgpio.error`` subclasses ``Exception`` only)."""


@pytest.mark.parametrize(
    ("failure", "hint"),
    [
        (LgpioError("'can not open gpiochip'"), "'gpio' group"),
        (LgpioError("'GPIO busy'"), "claimed by another program or driver"),
    ],
)
def test_an_lgpio_error_while_claiming_pins_is_a_clear_error(
    gpio: StandInGPIO, mocker: MockerFixture, failure: Exception, hint: str
) -> None:
    mocker.patch.object(gpio, "setup", failing_setup(gpio, 12, failure))
    with pytest.raises(BackendUnavailable, match=hint):
        GpioBackend(led_pin=MOCK_NEOPIXEL_PIN)
    assert gpio.directions == {}, "GPIO.cleanup() released the pins claimed before the failure"


def test_an_lgpio_error_while_watching_buttons_releases_everything(
    gpio: StandInGPIO, wire: MagicMock, mocker: MockerFixture
) -> None:
    mocker.patch.object(gpio, "add_event_detect", side_effect=LgpioError("'GPIO busy'"))
    with pytest.raises(BackendUnavailable, match="cannot watch the buttons"):
        GpioBackend(led_pin=MOCK_NEOPIXEL_PIN)
    assert gpio.directions == {}
    assert wire.frames[-1] == bytes(3 * 72)


def test_a_bouncetime_of_zero_is_not_passed_to_the_gpio_library(
    gpio: StandInGPIO, wire: MagicMock, wiring: PiWiring, clock: SimClock, board: SimBoard
) -> None:
    no_bounce = dataclasses.replace(wiring, bouncetime_ms=0)  # RPi.GPIO refuses bouncetime=0
    with GpioBackend(
        clock=clock, wiring=no_bounce, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False
    ) as backend:
        assert {bounce for _, _, bounce in gpio.detects.values()} == {0}
        clock.advance(1.0)
        board.press("roll")
        assert [p.button for p in backend.take_presses()] == [Button.ROLL]


def test_edges_are_delivered_on_the_gpio_librarys_thread(
    backend: GpioBackend, board: SimBoard, clock: SimClock, gpio: StandInGPIO
) -> None:
    threads: list[str] = []
    backend.when_changed = lambda: threads.append(threading.current_thread().name)
    clock.advance(1.0)
    board.press("penalty")
    assert threads == ["gpio-standin-edge"]
    assert [p.button for p in backend.take_presses()] == [Button.PENALTY]
    assert gpio.callback_errors == []


def test_lgpio_without_a_writable_working_directory_is_a_clear_error(
    mocker: MockerFixture,
) -> None:
    """lgpio makes its notification pipe in the working directory when it is imported."""
    real_import = importlib.import_module

    def import_module(name: str, package: str | None = None) -> object:
        if name == "RPi.GPIO":
            raise FileNotFoundError(2, "No such file or directory", ".lgd-nfy-3")
        return real_import(name, package)

    mocker.patch.object(importlib, "import_module", import_module)
    with pytest.raises(BackendUnavailable, match="working directory") as caught:
        GpioBackend()
    assert "env -C /var/lib/flixboard" in str(caught.value)


def test_close_blanks_the_pixels_even_when_releasing_the_pins_fails(
    backend: GpioBackend, gpio: StandInGPIO, wire: MagicMock, mocker: MockerFixture
) -> None:
    backend.pixels.fill((255, 255, 255))
    backend.pixels.show()
    mocker.patch.object(gpio, "cleanup", side_effect=LgpioError("'bad handle'"))
    with pytest.raises(LgpioError):
        backend.close()
    assert wire.frames[-1] == bytes(3 * 72)


def test_a_matrix_that_cannot_be_read_at_open_releases_everything(
    gpio: StandInGPIO, wire: MagicMock, mocker: MockerFixture
) -> None:
    mocker.patch.object(gpio, "input", side_effect=LgpioError("'bad handle'"))
    with pytest.raises(BackendUnavailable, match="cannot scan the sensor matrix"):
        GpioBackend(led_pin=MOCK_NEOPIXEL_PIN, row_settle_s=0.0)
    assert gpio.directions == {}
    assert wire.frames[-1] == bytes(3 * 72), "the pixels were released dark"
    assert wire.call_count == 2, "the dark frame at open, the dark frame at close"
