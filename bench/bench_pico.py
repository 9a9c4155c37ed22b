"""Bench probe of the firmware as it runs on a Pico (``python -m bench``): the committed UF2 on the
emulated RP2040 (``tests.emulated_pico``), every time taken from emulated cycles at 125 MHz.

Scan rate, magnet-to-frame latency and LED write time are measured with the real
``SerialBackend`` as the host. Heap and garbage-collection figures come from a second run in
safe mode (MENU held at boot): a script at MicroPython's raw REPL builds the firmware's ``Board``
on the real pins as ``main.py`` does and polls it with recorded host traffic (HELLO, a PING every
25 passes, an LED frame every 10) while it measures ``gc.mem_free()`` and each pass."""

from __future__ import annotations

import statistics
import time
from typing import Any

from hal.base import Piece
from hal.geometry import load_geometry
from hal.serial_protocol import parse_state
from tests.emulated_pico import EmulatedPico, emulated_rig, run_in_safe_mode

SCAN_WINDOW_NS = 2_000_000_000  # emulated
LATENCY_ROUNDS = 40
LED_FRAMES = 12
HEAP_PASSES = 1000
HOLES = (0, 21, 42, 63, 5, 26, 47, 58)

HEAP_SCRIPT = """
import array, gc, json, time, machine, neopixel
from firmware.usb import UsbSerial
from firmware import pins, protocol
from firmware.board import Board
from firmware.buttons import Buttons
from firmware.leds import LedOutput
from firmware.parts import sensing_parts
Pin = machine.Pin
class Host:
    def __init__(self):
        self.hello = protocol.encode_frame(protocol.HELLO, 0, bytes([protocol.VERSION]))
        self.ping = protocol.encode_frame(protocol.PING, 1)
        self.leds = [protocol.encode_frame(protocol.LEDS, 2 + k, bytes([160, 40 * k]) * 108)
                     for k in range(6)]
        self.n = 0
    def read(self):
        self.n += 1
        if self.n == 1:
            return self.hello
        if self.n % 10 == 0:
            return self.leds[self.n // 10 % 6]
        if self.n % 25 == 0:
            return self.ping
        return None
    def write(self, data):
        pass
scanner, classifier = sensing_parts(
    [machine.ADC(Pin(p)) for p in pins.ADC_PINS],
    [Pin(p, Pin.OUT, value=0) for p in pins.MUX_SELECT_PINS],
    [None if p < 0 else Pin(p, Pin.OUT, value=1) for p in pins.MUX_ENABLE_PINS],
    time.sleep_us)
leds = LedOutput(neopixel.NeoPixel(Pin(pins.NEOPIXEL_PIN), pins.PIXEL_COUNT))
host = Host()
board = Board(scanner, leds, Buttons([Pin(p, Pin.IN, Pin.PULL_UP) for p in pins.BUTTON_PINS]),
              host, "/calibration.json", time.ticks_ms(), classifier)
usb = UsbSerial()
N = PASSES
passes = array.array("i", [0] * N)
collected = array.array("i", [0] * N)
gc.collect()
start_free = gc.mem_free()
previous = start_free
for i in range(N):
    t = time.ticks_us()
    board.poll(time.ticks_ms())
    passes[i] = time.ticks_diff(time.ticks_us(), t)
    free = gc.mem_free()
    collected[i] = 1 if free > previous else 0
    previous = free
gc.collect()
end_free = gc.mem_free()
pauses = []
for _ in range(5):
    t = time.ticks_us()
    gc.collect()
    pauses.append(time.ticks_diff(time.ticks_us(), t))
def each(work, times=10):
    t = time.ticks_us()
    for _ in range(times):
        work()
    return time.ticks_diff(time.ticks_us(), t) // times
parts = {
    "scan": each(lambda: scanner.scan(board.raw)),
    "classify": each(lambda: board.classifier.update(board.raw)),
    "led_show": each(lambda: leds.show(160, host.leds[3][3:-3]), 3),
    "deframe_led": each(lambda: board.deframer.feed(host.leds[3]), 3),
    "encode_state": each(lambda: protocol.encode_frame(protocol.STATE, 1, bytes(28))),
    "buttons": each(lambda: board.buttons.update(time.ticks_ms())),
    "usb_read": each(lambda: usb.read()),
}
print(json.dumps({"parts": parts, "passes": list(passes), "collected": list(collected),
                  "start": start_free, "end": end_free, "total": gc.mem_free() + gc.mem_alloc(),
                  "pauses": pauses}))
"""


def measure() -> dict[str, float]:
    """``pico_scan_hz`` (full scans per second with a host connected; target >= 500),
    ``pico_scan_hz_firmware`` (the rate the firmware reports itself), ``pico_latency_ms_p50`` /
    ``_p99`` (a magnet arriving or leaving -> the STATE frame leaving over USB; target p99 <= 10),
    ``pico_led_write_ms`` (an LED frame read from USB -> its 72 pixels latched),
    ``pico_led_wire_ms`` (the 72 pixels' bit stream alone), ``pico_heap_free_kb`` (after the
    play run and a collection; target > 40) of ``pico_heap_total_kb``, ``pico_heap_leak_bytes``
    (free before the run minus free after it), ``pico_gc_collections`` (automatic ones during
    the run), ``pico_gc_pause_ms_max`` (a full collection) and ``pico_pass_ms_p50`` / ``_max``
    (main-loop passes during the play run); and where a pass goes: ``pico_scan_ms`` (reading
    the 72 sensors), ``pico_classify_ms`` (hysteresis and debounce of 72 sensors),
    ``pico_led_show_ms`` (an LED frame scaled and written), ``pico_deframe_led_ms`` (an LED
    frame's COBS and CRC), ``pico_encode_state_ms`` (a STATE frame built),
    ``pico_buttons_ms`` (the buttons read and debounced) and ``pico_usb_read_ms`` (a look at the
    USB serial with nothing waiting). ``pico_olix_scan_hz`` (``_firmware``): full scans of the
    Olix board's 121-cell switch matrix, the UF2 set up for Olix."""
    figures: dict[str, float] = {}
    with emulated_rig() as rig:
        pico = rig.pico
        figures["pico_scan_hz"] = _scan_rate(pico)
        figures["pico_scan_hz_firmware"] = rig.backend.board_scan_hz
        pico.send(trace=True)
        figures.update(_latency(pico))
        figures.update(_led_write(rig.backend.pixels, pico))
    with emulated_rig(load_geometry("olix")) as rig:
        figures["pico_olix_scan_hz"] = _scan_rate(rig.pico)
        figures["pico_olix_scan_hz_firmware"] = rig.backend.board_scan_hz
    figures.update(_heap())
    return figures


def _scan_rate(pico: EmulatedPico) -> float:
    """Full scans per emulated second, as the harness counts them, over ``SCAN_WINDOW_NS``."""
    first = pico.report()
    last = first
    while last["t"] - first["t"] < SCAN_WINDOW_NS:
        time.sleep(0.5)
        last = pico.report()
    seconds: float = (last["t"] - first["t"]) / 1e9
    scans: int = last["scans"] - first["scans"]
    return round(scans / seconds, 1)


def _latency(pico: EmulatedPico) -> dict[str, float]:
    """Place and lift a Man on the board's pins; the emulated time until the STATE that shows it."""
    delays = []
    for round_ in range(LATENCY_ROUNDS):
        hole = HOLES[round_ // 2 % len(HOLES)]
        placing = round_ % 2 == 0
        if placing:
            pico.board.place(hole)
        else:
            pico.board.lift(hole)
        want = Piece.MAN if placing else Piece.EMPTY
        delays.append(_delay(pico, f"move-{round_}", hole, want))
    delays.sort()
    return {
        "pico_latency_ms_p50": round(statistics.median(delays), 2),
        "pico_latency_ms_p99": round(delays[int(0.99 * (len(delays) - 1))], 2),
    }


def _delay(pico: EmulatedPico, token: str, hole: int, want: Piece) -> float:
    """Milliseconds from the board's pins changing (now) to the STATE showing ``want``."""
    since = pico.sync(token)
    mark = pico.wait_for(lambda e: e["ev"] == "mark" and e["id"] == token, since=since)
    state = pico.wait_for(
        lambda e: (
            e["ev"] == "state"
            and e["t"] >= mark["t"]
            and parse_state(bytes.fromhex(e["body"])).holes[hole] is want
        ),
        since=since,
    )
    return float(state["t"] - mark["t"]) / 1e6


def _led_write(pixels: Any, pico: EmulatedPico) -> dict[str, float]:
    """Send LED frames; from the USB read that completed each one to its pixels latched."""
    writes, wires = [], []
    for frame in range(LED_FRAMES):
        since = len(pico.events)
        pixels[:] = [((frame * 20 + i) % 256, i * 3 % 256, 255 - i) for i in range(72)]
        pixels.show()
        shown = pico.wait_for(lambda e: e["ev"] == "leds", since=since)
        reads = [e for e in pico.events[since:] if e["ev"] == "read" and e["t"] <= shown["start"]]
        if reads:
            writes.append((shown["end"] - reads[-1]["t"]) / 1e6)
        wires.append((shown["end"] - shown["start"]) / 1e6)
    return {
        "pico_led_write_ms": round(statistics.median(writes), 2),
        "pico_led_wire_ms": round(statistics.median(wires), 3),
    }


def _heap() -> dict[str, float]:
    """The play run in safe mode, at the raw REPL."""
    result = run_in_safe_mode(HEAP_SCRIPT.replace("PASSES", str(HEAP_PASSES)))
    passes = sorted(result["passes"])
    return {
        "pico_heap_free_kb": round(result["end"] / 1024, 1),
        "pico_heap_total_kb": round(result["total"] / 1024, 1),
        "pico_heap_leak_bytes": result["start"] - result["end"],
        "pico_gc_collections": sum(result["collected"]),
        "pico_gc_pause_ms_max": round(max(result["pauses"]) / 1000, 2),
        "pico_pass_ms_p50": round(statistics.median(passes) / 1000, 2),
        "pico_pass_ms_max": round(passes[-1] / 1000, 2),
        **{f"pico_{part}_ms": round(us / 1000, 2) for part, us in result["parts"].items()},
    }
