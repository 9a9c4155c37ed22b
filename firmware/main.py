"""Pico entry point: wires the pins to the firmware's logic and loops on ``time.ticks_ms()``.

Deployed as ``/main.py`` beside the ``/firmware`` package (``make firmware-deploy PORT=...``).
Safe mode: hold MENU while the Pico powers up and nothing starts, so ``mpremote`` finds the REPL
(the running firmware ignores Ctrl-C: the link carries raw bytes).
"""

# ruff: noqa: E402  (Ctrl-C is switched off before the imports, see below)

import micropython

# First of all: a host greeting the Pico while it boots sends bytes such as 0x03 (Ctrl-C), which
# must not interrupt the imports below and leave the board at the REPL.
micropython.kbd_intr(-1)

import machine
import neopixel

from firmware import pins
from firmware.board import Board
from firmware.buttons import Buttons
from firmware.leds import LedOutput, byte_order
from firmware.parts import sensing_parts
from firmware.usb import UsbSerial

TYPE_CHECKING = False
if TYPE_CHECKING:  # MicroPython's time, typed in typings/ (the host's is CPython's)
    import utime as time
else:
    import time

CALIBRATION_PATH = "/calibration.json"
WATCHDOG_MS = 2000


def main() -> None:
    Pin = machine.Pin
    menu = Pin(pins.BUTTON_PINS[3], Pin.IN, Pin.PULL_UP)
    if menu.value() == 0:
        micropython.kbd_intr(3)
        return  # safe mode: Ctrl-C works again for mpremote
    adc = [machine.ADC(Pin(pin)) for pin in pins.ADC_PINS]
    select = [Pin(pin, Pin.OUT, value=0) for pin in pins.MUX_SELECT_PINS]
    enable = [None if pin < 0 else Pin(pin, Pin.OUT, value=1) for pin in pins.MUX_ENABLE_PINS]
    buttons = Buttons([Pin(pin, Pin.IN, Pin.PULL_UP) for pin in pins.BUTTON_PINS])
    strip = neopixel.NeoPixel(Pin(pins.NEOPIXEL_PIN), pins.PIXEL_COUNT)
    strip.ORDER = byte_order(pins.PIXEL_ORDER)
    status_led = Pin(pins.STATUS_LED_PIN, Pin.OUT)
    scanner, classifier = sensing_parts(adc, select, enable, time.sleep_us)
    board = Board(
        scanner,
        LedOutput(strip),
        buttons,
        UsbSerial(),
        CALIBRATION_PATH,
        time.ticks_ms(),
        classifier,
    )
    watchdog = machine.WDT(timeout=WATCHDOG_MS)
    while True:
        now = time.ticks_ms()
        try:
            board.poll(now)
        except Exception:
            board.counters["loop_errors"] += 1
            continue
        watchdog.feed()
        status_led.value((now >> (9 if board.host_present else 7)) & 1)


main()
