"""Faults on the link: garbage, truncated frames, CRC errors, a frozen Pico, unplug and replug.
No crash, no lost or phantom piece, and the board is found again (generous polled timeouts)."""

from __future__ import annotations

import random
import threading

from hal.base import Button, ButtonPress, Piece
from hal.serial_backend import BUTTON_ORDER, SerialBackend
from hal.serial_protocol import Kind, build_state, encode_frame
from tests.pico_rig import PicoRig
from tests.waiting import wait_until


class Watch:
    """Records every reading the backend announces, to catch a phantom or lost piece."""

    def __init__(self, rig: PicoRig) -> None:
        self.rig = rig
        self.masks: list[int] = []
        self.changes = threading.Event()
        self.disconnects = 0
        rig.backend.when_changed = self._changed

    def _changed(self) -> None:
        if not self.rig.backend.connected:
            self.disconnects += 1
        self.masks.append(self.rig.backend.read().occupied())
        self.changes.set()


def test_garbage_truncation_and_crc_errors_are_dropped(rig: PicoRig) -> None:
    watch = Watch(rig)
    rig.board.place("Y-II-H")
    wait_until(lambda: rig.backend.read().occupied() == 1 << 21)
    noise = random.Random(4)
    phantom = encode_frame(Kind.STATE, 0, build_state((Piece.MAN,) * 64, ("R", "Y", "G", "B")))
    for _ in range(40):
        rig.pico.inject(bytes(noise.randrange(256) for _ in range(noise.randrange(1, 90))))
        rig.pico.inject(phantom[: noise.randrange(2, len(phantom) - 1)] + b"\x00")  # truncated
        damaged = bytearray(phantom)
        damaged[noise.randrange(1, len(damaged) - 1)] ^= 1 << noise.randrange(8)
        rig.pico.inject(bytes(damaged))  # a bit flipped: the CRC catches it
    rig.board.place("R-I-S")
    wait_until(lambda: rig.backend.read().occupied() == (1 << 21) | 1)
    counters = rig.backend.counters
    wait_until(lambda: counters["rx_crc"] + counters["rx_cobs"] + counters["rx_short"] >= 40)
    assert all(mask & ~((1 << 21) | 1) == 0 for mask in watch.masks), "a phantom piece"
    assert rig.backend.connected
    assert counters["handler_errors"] == 0


def test_a_frozen_pico_is_noticed_and_found_again(rig: PicoRig) -> None:
    watch = Watch(rig)
    rig.board.place("B-IV-C", Piece.BUROCRAT)
    wait_until(lambda: rig.backend.read().holes[63] is Piece.BUROCRAT)
    rig.pico.freeze()
    wait_until(lambda: not rig.backend.connected)
    assert watch.disconnects >= 1
    assert rig.backend.read().holes[63] is Piece.BUROCRAT  # the last state is kept
    assert "no heartbeat" in (rig.backend.last_error or "")
    rig.board.place("G-I-S")
    rig.pico.thaw()
    wait_until(lambda: rig.backend.connected)
    wait_until(lambda: rig.backend.read().occupied() == (1 << 63) | (1 << 32))


def test_unplug_and_replug_keeps_every_piece(rig: PicoRig) -> None:
    watch = Watch(rig)
    for hole in (0, 21, 42):
        rig.board.place(hole)
    expected = (1 << 0) | (1 << 21) | (1 << 42)
    wait_until(lambda: rig.backend.read().occupied() == expected)
    rig.backend.pixels[21] = (255, 0, 0)
    rig.backend.pixels.show()
    assert rig.backend.flush(5)
    for cycle in range(3):
        rig.pico.unplug()
        wait_until(lambda: not rig.backend.connected)
        assert rig.backend.read().occupied() == expected
        rig.pico.plug()
        wait_until(lambda: rig.backend.connected)
        wait_until(lambda: rig.pico.strip[rig.pico.chain.position_of(21)] == (255, 0, 0))
        assert rig.pico.boots == cycle + 2
    assert watch.disconnects == 3
    assert all(mask == expected for mask in watch.masks), "a piece was lost or invented"
    assert rig.backend.counters["connects"] == 4


def test_pieces_moved_while_unplugged_show_after_replug(rig: PicoRig) -> None:
    rig.board.place(5)
    wait_until(lambda: rig.backend.read().occupied() == 1 << 5)
    rig.pico.unplug()
    wait_until(lambda: not rig.backend.connected)
    rig.board.lift(5)
    rig.board.place(6)
    rig.board.press("roll")  # nothing sees it: the Pico has no power
    rig.pico.plug()
    wait_until(lambda: rig.backend.connected)
    wait_until(lambda: rig.backend.read().occupied() == 1 << 6)
    assert rig.backend.take_presses() == []


def test_a_press_counted_before_the_handshake_is_not_replayed(rig: PicoRig) -> None:
    """The Pico counts presses from its boot; a host that connects later starts from the count
    it first reads, so a press made while no host listened is not played as new."""
    roll = BUTTON_ORDER.index(Button.ROLL)
    rig.backend.close()
    rig.board.place(3)
    rig.board.press("roll")
    wait_until(lambda: rig.pico.firmware is not None and rig.pico.firmware.buttons.presses[roll])
    late = SerialBackend(rig.pico.port)
    try:
        wait_until(lambda: late.read().occupied() == 1 << 3)  # its first state is read
        assert late.take_presses() == []
        rig.board.press("roll")  # a press made now is played
        seen: list[ButtonPress] = []

        def played() -> bool:
            seen.extend(late.take_presses())
            return bool(seen)

        wait_until(played)
        assert [press.button for press in seen] == [Button.ROLL]
    finally:
        late.close()


def test_leds_sent_while_unplugged_are_shown_after_replug(rig: PicoRig) -> None:
    rig.pico.unplug()
    wait_until(lambda: not rig.backend.connected)
    rig.backend.pixels.fill((0, 0, 9))
    rig.backend.pixels.show()  # no error: kept for the board's return
    rig.pico.plug()
    wait_until(
        lambda: rig.board.last_frame is not None and rig.board.last_frame.colors[0] == (0, 0, 9)
    )


def test_bad_frames_stay_counted_after_a_replug(rig: PicoRig) -> None:
    counters = rig.backend.counters
    rig.pico.inject(b"\x05ab\x00")  # a COBS block that runs past its packet
    wait_until(lambda: counters["rx_cobs"] == 1)
    rig.pico.unplug()
    wait_until(lambda: not rig.backend.connected)
    rig.pico.plug()
    wait_until(lambda: rig.backend.connected)
    frames = counters["rx_frames"]
    wait_until(lambda: counters["rx_frames"] > frames + 2)  # frames received after the replug
    assert counters["rx_cobs"] == 1
