"""The Backend contract (hal/base.py), checked on every backend of ``FACTORIES`` and, but for
the panels, on every flat board's backend of ``FLAT_FACTORIES``."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from hal.base import (
    Backend,
    Button,
    ButtonPress,
    Piece,
)
from hal.errors import BackendClosed, PixelError, UnsupportedFeature
from sim.board import SimBoard
from tests.waiting import wait_until

Rig = tuple[Backend, SimBoard]
YIIH = 21  # Y-II-H with the default layout; on a flat board the cell of that index


def expected(backend: Backend, piece: Piece) -> Piece:
    """What the backend reports for ``piece``: its kind only where the sensing tells kinds."""
    return piece if backend.sensing == "analog" else Piece.PRESENT


def test_sensing_mode_is_known(pair: Rig) -> None:
    backend, _ = pair
    assert backend.sensing in ("analog", "presence")


def test_empty_start_reading(pair: Rig) -> None:
    backend, driver = pair
    assert backend.geometry == driver.geometry, "the backend's shape is the board's"
    reading = backend.read()
    assert reading.holes == (Piece.EMPTY,) * backend.geometry.cells
    assert reading.grooves == (() if backend.geometry.flat else ("R", "Y", "G", "B"))
    assert reading.occupied() == 0
    assert backend.connected


@pytest.mark.parametrize("piece", [Piece.MAN, Piece.BUROCRAT])
def test_place_and_lift(pair: Rig, piece: Piece) -> None:
    backend, driver = pair
    driver.place(YIIH, piece)
    wait_until(lambda: backend.read().holes[YIIH] is expected(backend, piece))
    assert backend.read().occupied() == 1 << YIIH
    driver.lift(YIIH)
    wait_until(lambda: backend.read().holes[YIIH] is Piece.EMPTY)
    assert backend.read().occupied() == 0


def test_man_and_burocrat_side_by_side(pair: Rig) -> None:
    backend, driver = pair
    last = backend.geometry.cells - 1  # B-IV-C on the spaceboard
    driver.place(0, Piece.MAN)
    driver.place(last, Piece.BUROCRAT)
    wait_until(lambda: backend.read().occupied() == (1 << 0) | (1 << last))
    holes = backend.read().holes
    assert (holes[0], holes[last]) == (
        expected(backend, Piece.MAN),
        expected(backend, Piece.BUROCRAT),
    )


def test_raw_fields_follow_the_pieces(pair: Rig) -> None:
    backend, driver = pair
    try:
        fields = backend.raw_fields()
    except UnsupportedFeature:
        assert backend.sensing == "presence", "an analog backend must offer raw fields"
        return
    assert len(fields) == backend.geometry.cells + 2 * backend.geometry.grooves
    driver.place(YIIH, Piece.MAN)
    driver.place(0, Piece.BUROCRAT)
    wait_until(lambda: backend.raw_fields()[YIIH] > abs(backend.raw_fields()[1]))
    if backend.sensing == "analog":
        wait_until(lambda: backend.raw_fields()[0] < -abs(backend.raw_fields()[1]))


def test_panel_removed_and_seated_in_the_wrong_groove(spaceboard_pair: Rig) -> None:
    backend, driver = spaceboard_pair
    assert driver.remove_panel(1) == "Y"
    wait_until(lambda: backend.read().grooves == ("R", None, "G", "B"))
    driver.seat_panel(1, "G")
    wait_until(lambda: backend.read().grooves == ("R", "G", None, "B"))
    driver.seat_panel(2, "Y")
    wait_until(lambda: backend.read().grooves == ("R", "G", "Y", "B"))


def test_a_panel_takes_its_pieces_along(spaceboard_pair: Rig) -> None:
    backend, driver = spaceboard_pair
    driver.place("Y-II-H")
    wait_until(lambda: backend.read().occupied() == 1 << YIIH)
    driver.remove_panel(1)
    wait_until(lambda: backend.read().occupied() == 0)
    driver.seat_panel(1, "Y")
    wait_until(lambda: backend.read().occupied() == 1 << YIIH)


def test_a_press_is_delivered_once(pair: Rig) -> None:
    backend, driver = pair
    assert backend.take_presses() == []
    driver.press(Button.ROLL)
    driver.press(Button.FLIX, seat=1)
    presses: list[ButtonPress] = []

    def both_arrived() -> bool:
        presses.extend(backend.take_presses())
        return len(presses) >= 2

    wait_until(both_arrived)
    seat = 1 if backend.button_seats else None
    assert [(p.button, p.seat) for p in presses] == [(Button.ROLL, None), (Button.FLIX, seat)]
    assert presses[0].at <= presses[1].at
    assert backend.take_presses() == []


def test_pixels_set_slice_fill(pair: Rig) -> None:
    backend, _ = pair
    pixels, status = backend.pixels, backend.geometry.cells
    assert len(pixels) == backend.geometry.pixel_count == status + 8
    pixels.fill((1, 2, 3))
    pixels[5] = (255, 0, 0)
    pixels[status : status + 2] = [(0, 255, 0), (0, 0, 255)]
    assert pixels[5] == (255, 0, 0)
    assert pixels[-1] == (1, 2, 3)
    assert pixels[status - 1 : status + 3] == [(1, 2, 3), (0, 255, 0), (0, 0, 255), (1, 2, 3)]
    with pytest.raises(PixelError):
        pixels[len(pixels)] = (0, 0, 0)
    with pytest.raises(PixelError):
        pixels[0] = (256, 0, 0)
    with pytest.raises(PixelError):
        pixels[0:2] = [(0, 0, 0)]


def test_show_sends_one_frame(pair: Rig) -> None:
    backend, driver = pair
    before = len(driver.frames)
    backend.pixels.fill((0, 0, 0))
    backend.pixels[YIIH] = (255, 128, 0)
    status = backend.geometry.cells
    backend.pixels[status] = (0, 0, 255)
    assert len(driver.frames) == before, "nothing is sent before show()"
    backend.pixels.show()
    wait_until(lambda: len(driver.frames) == before + 1)
    frame = driver.frames[-1]
    assert len(frame.colors) == backend.geometry.pixel_count
    assert frame.colors[YIIH] == (255, 128, 0)
    assert frame.colors[status] == (0, 0, 255)
    assert frame.lit_holes() == {YIIH}
    backend.pixels.show()
    wait_until(lambda: len(driver.frames) == before + 2)


def test_brightness_is_capped(pair: Rig) -> None:
    backend, driver = pair
    pixels = backend.pixels
    pixels.max_brightness = 0.25
    pixels.brightness = 0.9
    assert pixels.brightness == 0.25
    pixels.brightness = 0.1
    assert pixels.brightness == pytest.approx(0.1)
    pixels.brightness = 0.9
    pixels.fill((10, 20, 30))
    before = len(driver.frames)
    pixels.show()
    wait_until(lambda: len(driver.frames) == before + 1)
    assert driver.frames[-1].brightness == pytest.approx(0.25, abs=1 / 255)


def test_when_changed_is_called_on_changes(pair: Rig) -> None:
    backend, driver = pair
    changed = threading.Event()
    backend.when_changed = changed.set
    acts: list[Callable[[], object]] = [
        lambda: driver.place(YIIH),
        lambda: driver.lift(YIIH),
        lambda: driver.press(Button.MENU),
    ]
    if not backend.geometry.flat:
        acts += [lambda: driver.remove_panel(3), lambda: driver.seat_panel(3, "B")]
    for act in acts:
        changed.clear()
        act()
        wait_until(changed.is_set)


def test_close_and_use_after_close(pair: Rig) -> None:
    backend, _ = pair
    with backend as entered:
        assert entered is backend
    assert backend.closed
    backend.close()  # a second close is harmless
    with pytest.raises(BackendClosed):
        backend.read()
    with pytest.raises(BackendClosed):
        backend.take_presses()
    with pytest.raises(BackendClosed):
        backend.pixels.show()
    assert not backend.connected


def test_repr_shows_live_state(pair: Rig) -> None:
    backend, driver = pair
    empty = repr(backend)
    assert type(backend).__name__ in empty
    driver.place(YIIH)
    wait_until(lambda: repr(backend) != empty)
    backend.close()
    assert "closed" in repr(backend)
