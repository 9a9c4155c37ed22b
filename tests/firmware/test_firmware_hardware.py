"""``main.py`` and ``usb.py``, the modules that touch the Pico's hardware, on CPython with
stand-ins that follow MicroPython's rp2 API (``machine``, ``neopixel``, ``micropython``,
``select.poll().ipoll``, ``sys.stdin.buffer.readinto``)."""

from __future__ import annotations

import contextlib
import runpy
import sys
import time
import types
from collections.abc import Iterator
from typing import Any

import pytest

from firmware import pins, protocol, usb
from tests.firmware.firmware_paths import FIRMWARE

WDT_MAX_MS = 8388  # the RP2040 watchdog's longest timeout


class Stream:
    """``sys.stdin.buffer`` / ``sys.stdout.buffer`` of the rp2 port: ``readinto`` blocks until
    the buffer is full, so a caller must poll before every byte."""

    def __init__(self, data: bytes = b"") -> None:
        self.data = bytearray(data)
        self.written = bytearray()
        self.reads = 0

    def readinto(self, buffer: bytearray) -> int:
        assert len(self.data) >= len(buffer), "readinto would block"
        self.reads += 1
        buffer[:] = self.data[: len(buffer)]
        del self.data[: len(buffer)]
        return len(buffer)

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)


class Stdio:
    def __init__(self, data: bytes = b"") -> None:
        self.buffer = Stream(data)


class Poll:
    """``select.poll()`` with only the allocation-free ``ipoll``."""

    def __init__(self) -> None:
        self.stream: Stdio | None = None

    def register(self, stream: Stdio, events: int) -> None:
        self.stream = stream

    def ipoll(self, timeout: int = -1, flags: int = 0) -> Iterator[tuple[Stdio, int]]:
        assert timeout == 0, "the main loop must never wait for the host"
        assert self.stream is not None
        return iter([(self.stream, 1)] if self.stream.buffer.data else [])


def fake_stdio(monkeypatch: pytest.MonkeyPatch, data: bytes = b"") -> types.SimpleNamespace:
    io = types.SimpleNamespace(stdin=Stdio(data), stdout=Stdio())
    monkeypatch.setattr(usb, "sys", io)
    monkeypatch.setattr(usb, "select", types.SimpleNamespace(poll=Poll, POLLIN=1))
    return io


def test_usb_reads_what_waits_bounded_and_none_when_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    io = fake_stdio(monkeypatch, bytes(range(256)) * 2)
    serial = usb.UsbSerial()
    first = serial.read()
    assert first is not None and bytes(first) == bytes(range(256))  # at most 256 a pass
    second = serial.read()
    assert second is not None and bytes(second) == bytes(range(256))
    assert serial.read() is None
    assert io.stdin.buffer.reads == 512
    serial.write(b"\x01\x00")
    assert io.stdout.buffer.written == b"\x01\x00"


class StopLoop(BaseException):
    """Ends ``main.py``'s endless loop after a number of watchdog feeds."""


class Hardware:
    """Fake ``machine``, ``neopixel`` and ``micropython`` modules recording what main.py does."""

    def __init__(self, menu_held: bool = False, passes: int = 60) -> None:
        self.levels: dict[int, int] = {pins.BUTTON_PINS[3]: 0 if menu_held else 1}
        self.events: list[str] = []
        self.feeds = 0
        self.passes = passes
        self.strip: Any = None
        self.wdt_timeout: int | None = None
        hardware = self

        class Pin:
            IN, OUT, PULL_UP = 0, 1, 1

            def __init__(
                self, pin: int, mode: int = -1, pull: int = -1, *, value: int | None = None
            ) -> None:
                self.pin = pin
                if value is not None:
                    hardware.levels[pin] = value

            def value(self, level: int | None = None) -> int:
                if level is not None:
                    hardware.levels[self.pin] = 1 if level else 0
                return hardware.levels.get(self.pin, 1)

        class ADC:
            def __init__(self, pin: Pin) -> None:
                assert pin.pin in (26, 27, 28, 29), "an RP2040 ADC pin"

            def read_u16(self) -> int:
                return pins.ADC_MID << 4

        class WDT:
            def __init__(self, id: int = 0, timeout: int = 5000) -> None:
                if not 1 <= timeout <= WDT_MAX_MS:
                    raise ValueError("timeout exceeds the RP2040 maximum")
                hardware.wdt_timeout = timeout
                hardware.events.append("wdt")

            def feed(self) -> None:
                hardware.feeds += 1
                if hardware.feeds >= hardware.passes:
                    raise StopLoop

        class NeoPixel:
            ORDER = (1, 0, 2, 3)

            def __init__(self, pin: Pin, n: int, bpp: int = 3, timing: int = 1) -> None:
                self.pixels = [(0, 0, 0)] * n
                self.writes = 0
                hardware.strip = self

            def __setitem__(self, index: int, color: tuple[int, int, int]) -> None:
                self.pixels[index] = color

            def write(self) -> None:
                self.writes += 1

        def kbd_intr(char: int) -> None:
            hardware.events.append(f"kbd_intr({char})")

        self.machine = types.SimpleNamespace(Pin=Pin, ADC=ADC, WDT=WDT)
        self.neopixel = types.SimpleNamespace(NeoPixel=NeoPixel)
        self.micropython = types.SimpleNamespace(kbd_intr=kbd_intr, const=lambda value: value)


def run_main(monkeypatch: pytest.MonkeyPatch, hardware: Hardware, data: bytes = b"") -> Any:
    io = fake_stdio(monkeypatch, data)
    for name in ("machine", "neopixel", "micropython"):
        monkeypatch.setitem(sys.modules, name, getattr(hardware, name))
    clock = iter(range(0, 10**6, 3))
    monkeypatch.setattr(time, "ticks_ms", lambda: next(clock), raising=False)
    monkeypatch.setattr(time, "sleep_us", lambda us: None, raising=False)
    with contextlib.suppress(StopLoop):
        runpy.run_path(str(FIRMWARE / "main.py"))
    return io


def test_main_serves_the_host_with_ctrl_c_off_and_a_watchdog(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hardware = Hardware()
    hello = protocol.encode_frame(protocol.HELLO, 0, bytes([protocol.VERSION]))
    io = run_main(monkeypatch, hardware, hello)
    assert hardware.events == ["kbd_intr(-1)", "wdt"]  # raw bytes before anything is read
    assert hardware.wdt_timeout is not None and hardware.wdt_timeout <= WDT_MAX_MS
    assert hardware.feeds == hardware.passes
    frames = protocol.Deframer().feed(bytes(io.stdout.buffer.written))
    assert [kind for kind, _, _ in frames[:2]] == [protocol.INFO, protocol.STATE]
    assert hardware.strip.ORDER == (1, 0, 2, 3)  # GRB


def test_main_does_nothing_in_safe_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    hardware = Hardware(menu_held=True)
    io = run_main(monkeypatch, hardware)
    # Ctrl-C is off while the modules import (a host's greeting must not interrupt them), then
    # on again so that mpremote can stop whatever runs at the REPL.
    assert hardware.events == ["kbd_intr(-1)", "kbd_intr(3)"] and hardware.feeds == 0
    assert io.stdout.buffer.written == b""
