"""The flat boards' gpio backend (Flip 4 with a pin per row, Olix through a 74HC154) on the
stand-in ``RPi.GPIO``: pins, the scan through rows or decoder, many pieces at once without ghosts,
debouncing, buttons, LED frames on the real NeoPixel library, and errors.

Scans are stepped by hand on a simulated clock, 5 ms apart as at 200 Hz.
"""

from __future__ import annotations

import importlib
import random
import sys
from unittest.mock import MagicMock

import pytest
from pytest_mock import MockerFixture

from controller.cli.run import open_board
from controller.config import Config
from hal import open_backend
from hal.base import Button, ButtonPress, Piece
from hal.errors import BackendNotFound, BackendUnavailable
from hal.geometry import GridWiring
from hal.gpio_grid import GridGpioBackend
from hal.registry import available_backends, backend_class
from hal.serial_backend import SerialBackend
from sim.board import SimBoard
from sim.clock import SimClock
from tests.pi.gpio_standin import MOCK_NEOPIXEL_PIN, StandInGPIO, failing_setup, step


def cells_of(grid: GridWiring, *names: str) -> int:
    """The bitboard of cells named like ``c3`` (column letter, row number from the top)."""
    mask = 0
    for name in names:
        column, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
        mask |= 1 << (row * grid.geometry.cols + column)
    return mask


def test_pins_are_set_up_as_wired(
    flat_backend: GridGpioBackend, flat_gpio: StandInGPIO, grid: GridWiring
) -> None:
    outputs = grid.row_pins or grid.decoder_pins
    assert outputs and not (grid.row_pins and grid.decoder_pins)
    for pin in outputs:
        assert (flat_gpio.directions[pin], flat_gpio.levels[pin]) == (flat_gpio.OUT, flat_gpio.HIGH)
    for pin in (*grid.col_pins, *grid.buttons.values()):
        assert (flat_gpio.directions[pin], flat_gpio.pulls[pin]) == (flat_gpio.IN, flat_gpio.PUD_UP)
    assert {pin: (edge, bounce) for pin, (edge, _, bounce) in flat_gpio.detects.items()} == {
        pin: (flat_gpio.FALLING, 50) for pin in grid.buttons.values()
    }
    assert flat_gpio.rows_selected() == (), "no row is selected while idle"


def test_a_scan_selects_each_row_once_in_order_and_ends_idle(
    flat_backend: GridGpioBackend, flat_gpio: StandInGPIO, grid: GridWiring
) -> None:
    before = len(flat_gpio.selections)
    flat_backend.scan()
    rows = grid.geometry.rows
    assert flat_gpio.selections[before:] == [(r,) for r in range(rows)]
    assert flat_gpio.rows_selected() == ()


def test_the_reading_is_the_flat_boards(
    flat_backend: GridGpioBackend, flat_board: SimBoard, grid: GridWiring, clock: SimClock
) -> None:
    flat_board.place("c3")
    step(flat_backend, clock, 0.03)
    reading = flat_backend.read()
    assert flat_backend.geometry == grid.geometry and flat_backend.geometry.flat
    assert len(reading.holes) == grid.geometry.cells and reading.grooves == ()
    assert reading.holes[2 * grid.geometry.cols + 2] is Piece.PRESENT
    assert reading.occupied() == cells_of(grid, "c3")
    assert flat_backend.sensing == "presence" and flat_backend.name == "gpio"
    assert len(flat_backend.pixels) == grid.geometry.pixel_count


def test_every_cell_has_its_own_switch(
    flat_backend: GridGpioBackend, flat_board: SimBoard, grid: GridWiring, clock: SimClock
) -> None:
    """Pieces put on one cell after another, in a shuffled order, each read where it stands,
    then taken off in the reverse order."""
    order = random.Random(3).sample(range(grid.geometry.cells), grid.geometry.cells)
    expected = 0
    for cell in order:
        flat_board.place(cell)
        expected |= 1 << cell
        step(flat_backend, clock, 0.025)
        assert flat_backend.read().occupied() == expected, f"after cell {cell}"
    for cell in reversed(order):
        flat_board.lift(cell)
        expected &= ~(1 << cell)
        step(flat_backend, clock, 0.025)
        assert flat_backend.read().occupied() == expected, f"after lifting cell {cell}"


@pytest.mark.parametrize(
    "cells",
    [
        ("a1", "b1", "c1", "d1", "e1"),  # a whole row: every column low in one row's read
        ("b1", "b2", "b3", "b4", "b5"),  # a whole column: the same column in every row
        ("a1", "c1", "a4"),  # three corners of a rectangle: no ghost on c4
        ("b2", "d2", "b5", "d5", "c3"),
    ],
)
def test_many_pieces_at_once_read_exactly_without_ghosts(
    flat_backend: GridGpioBackend,
    flat_board: SimBoard,
    grid: GridWiring,
    clock: SimClock,
    cells: tuple[str, ...],
) -> None:
    for cell in cells:
        flat_board.place(cell)
    step(flat_backend, clock, 0.03)
    assert flat_backend.read().occupied() == cells_of(grid, *cells)


def test_a_full_board_then_an_empty_one(
    flat_backend: GridGpioBackend, flat_board: SimBoard, grid: GridWiring, clock: SimClock
) -> None:
    every = (1 << grid.geometry.cells) - 1
    for cell in range(grid.geometry.cells):
        flat_board.place(cell)
    step(flat_backend, clock, 0.03)
    assert flat_backend.read().occupied() == every
    flat_board.lift(0)
    step(flat_backend, clock, 0.03)
    assert flat_backend.read().occupied() == every & ~1
    flat_board.clear()
    step(flat_backend, clock, 0.03)
    assert flat_backend.read().occupied() == 0


def test_a_hovering_magnet_never_counts(
    flat_backend: GridGpioBackend, flat_board: SimBoard, clock: SimClock
) -> None:
    """A hand carrying a piece over the board: its field crosses the switch's threshold for
    15 ms over one cell, and a piece dragged across others shows 12 ms on each."""
    calls: list[float] = []
    flat_backend.when_changed = lambda: calls.append(clock.now())
    flat_board.hover("c3", 0.5, crossing_s=0.015)
    flat_board.slide(["a1", "b1", "c1", "c2"], step_s=0.012)
    assert step(flat_backend, clock, 0.6) == []
    assert flat_backend.read().occupied() == 0 and calls == []


def test_a_wobbling_piece_settles_to_one_change(
    flat_backend: GridGpioBackend, flat_board: SimBoard, grid: GridWiring, clock: SimClock
) -> None:
    for _ in range(3):
        flat_board.place("e5")
        step(flat_backend, clock, 0.010)
        flat_board.lift("e5")
        step(flat_backend, clock, 0.010)
    flat_board.place("e5")
    assert len(step(flat_backend, clock, 0.1)) == 1
    assert flat_backend.read().occupied() == cells_of(grid, "e5")


def test_buttons_are_falling_edges_and_menu_held_is_long(
    flat_backend: GridGpioBackend,
    flat_board: SimBoard,
    flat_gpio: StandInGPIO,
    grid: GridWiring,
    clock: SimClock,
) -> None:
    clock.advance(1.0)
    flat_board.press(Button.ROLL)
    for ms in (3, 20, 40):  # contact bounce within the 50 ms bouncetime
        flat_gpio.edge(grid.buttons["roll"], 1.0 + ms / 1000)
    assert flat_backend.take_presses() == [ButtonPress(Button.ROLL, 1.0, None)]
    flat_board.press("menu", long=True)
    step(flat_backend, clock, 1.05)
    assert [(p.button, p.long) for p in flat_backend.take_presses()] == [(Button.MENU, True)]
    step(flat_backend, clock, 1.0)
    flat_board.press("flix")
    assert [p.button for p in flat_backend.take_presses()] == [Button.FLIX]


def test_frames_reach_the_wire_in_chain_order(
    flat_backend: GridGpioBackend, flat_board: SimBoard, grid: GridWiring
) -> None:
    """The real NeoPixel library writes the bytes; decoded back through the wiring's chain, the
    frame is the one shown: cells and status pixels where the controller put them."""
    cells = grid.geometry.cells
    last_row_first = (grid.geometry.rows - 1) * grid.geometry.cols  # a serpentine's turn
    pixels = flat_backend.pixels
    pixels.fill((0, 0, 0))
    pixels[1] = (255, 0, 0)
    pixels[last_row_first] = (0, 255, 0)
    pixels[cells] = (0, 0, 255)  # the first status pixel
    pixels[cells + 7] = (9, 8, 7)
    pixels.show()
    frame = flat_board.last_frame
    assert frame is not None and len(frame.colors) == grid.geometry.pixel_count
    assert frame.lit_holes() == {1, last_row_first}
    assert (frame.colors[1], frame.colors[last_row_first]) == ((255, 0, 0), (0, 255, 0))
    assert frame.status[0] == (0, 0, 255) and frame.status[7] == (9, 8, 7)


def test_the_brightness_cap_holds_on_the_wire(
    flat_gpio: StandInGPIO,
    flat_board: SimBoard,
    grid: GridWiring,
    neopixel: object,
    clock: SimClock,
) -> None:
    written: list[bytes] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(neopixel, "neopixel_write", lambda pin, buf: written.append(bytes(buf)))
        with GridGpioBackend(
            wiring=grid,
            clock=clock,
            led_pin=MOCK_NEOPIXEL_PIN,
            scan_thread=False,
            max_brightness=0.5,
        ) as backend:
            backend.pixels.brightness = 1.0
            backend.pixels.fill((200, 200, 200))
            backend.pixels.show()
    assert written[0] == bytes(3 * grid.geometry.pixel_count), "opening writes a dark frame"
    assert set(written[1]) == {100}
    assert written[-1] == bytes(3 * grid.geometry.pixel_count), "closing blanks the strip"


def test_close_releases_every_pin(
    flat_backend: GridGpioBackend, flat_gpio: StandInGPIO, grid: GridWiring
) -> None:
    flat_backend.close()
    assert flat_gpio.directions == {} and flat_gpio.detects == {}
    outputs = grid.row_pins or grid.decoder_pins
    assert set(flat_gpio.cleaned) == {*outputs, *grid.col_pins, *grid.buttons.values()}


def test_repr_shows_the_matrix(
    flat_backend: GridGpioBackend, flat_board: SimBoard, grid: GridWiring, clock: SimClock
) -> None:
    flat_board.place("a1")
    step(flat_backend, clock, 0.03)
    n = grid.geometry.rows
    assert repr(flat_backend) == (
        f"<GridGpioBackend pieces=1 grooves= connected=True rows={n} columns={n}>"
    )


def test_the_service_opens_the_pis_wiring_of_its_board(
    flat_gpio: StandInGPIO, grid: GridWiring, wire: MagicMock, mocker: MockerFixture
) -> None:
    """``flixboard run --board gpio --geometry flip4`` (or ``olix``) opens the flat board's gpio
    backend on ``wiring/<board>-pi.toml``, its NeoPixels on that file's data pin."""
    blinka = importlib.import_module("board")  # the mock board's data pin stands for GPIO10
    mocker.patch.object(blinka, f"D{grid.neopixel_pin}", blinka.NEOPIXEL, create=True)
    config = Config()
    with open_board("gpio", config, None, grid.geometry, grid.geometry.key) as backend:
        assert isinstance(backend, GridGpioBackend) and backend.wiring == grid
        assert backend.pixels.max_brightness == config.leds.brightness_cap
        assert set(flat_gpio.directions) == {
            *(grid.row_pins or grid.decoder_pins),
            *grid.col_pins,
            *grid.buttons.values(),
        }
    assert wire.frames[0] == bytes(3 * grid.geometry.pixel_count)


def test_off_a_pi_the_error_says_what_to_install(grid: GridWiring, mocker: MockerFixture) -> None:
    mocker.patch.dict(sys.modules, {"RPi": None, "RPi.GPIO": None})
    with pytest.raises(BackendUnavailable) as caught:
        open_backend("gpio", shape="flat", wiring=grid)
    message = str(caught.value)
    assert "the gpio board needs a Raspberry Pi" in message and "pip install '.[pi]'" in message


@pytest.mark.parametrize(
    ("failure", "hint"),
    [
        (RuntimeError("No access to /dev/mem."), "'gpio' group"),
        (RuntimeError("'GPIO busy'"), "claimed by another program or driver"),
    ],
)
def test_a_pin_that_cannot_be_claimed_is_a_clear_error(
    flat_gpio: StandInGPIO,
    grid: GridWiring,
    mocker: MockerFixture,
    failure: Exception,
    hint: str,
) -> None:
    mocker.patch.object(flat_gpio, "setup", failing_setup(flat_gpio, 6, failure))
    with pytest.raises(BackendUnavailable, match=hint) as caught:
        GridGpioBackend(wiring=grid, led_pin=MOCK_NEOPIXEL_PIN, scan_thread=False)
    assert flat_gpio.directions == {}, "GPIO.cleanup() released the pins claimed before"
    if "busy" in hint:
        assert grid.source in str(caught.value), "the busy hint names the wiring file"


def test_the_registry_opens_a_flat_boards_own_backends() -> None:
    assert available_backends("flat") == ["gpio", "serial", "sim"]
    assert backend_class("gpio", "flat") is GridGpioBackend
    assert backend_class("sim", "flat") is SimBoard
    assert backend_class("serial", "flat") is SerialBackend  # a Pico tells its board
    with pytest.raises(BackendNotFound, match="no flat board backend named 'usb'; choose one"):
        open_backend("usb", shape="flat")
