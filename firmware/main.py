"""Pico entry point: wires the pins of the board's profile (``/profile.txt``, the spaceboard
without it) to the firmware's logic and loops on ``time.ticks_ms()``.

Deployed as ``/main.py`` beside the ``/firmware`` package (``make firmware-deploy PORT=...``).
Safe mode: hold MENU while the Pico powers up and nothing starts, so ``mpremote`` finds the REPL
(the running firmware ignores Ctrl-C: the link carries raw bytes). A PROFILE frame from the host
stores another board and resets the Pico into it; a BOOTLOADER frame resets it into the RP2040's
USB bootloader (the RPI-RP2 drive), where ``flixboard pico-update`` copies a new UF2.
"""

# ruff: noqa: E402  (Ctrl-C is switched off before the imports, see below)

import micropython

# First of all: a host greeting the Pico while it boots sends bytes such as 0x03 (Ctrl-C), which
# must not interrupt the imports below and leave the board at the REPL.
micropython.kbd_intr(-1)

import machine
import neopixel

from firmware import pins, profiles
from firmware.board import Board
from firmware.buttons import Buttons
from firmware.leds import LedOutput, byte_order
from firmware.matrix import MatrixScanner, PresenceClassifier
from firmware.parts import sensing_parts
from firmware.usb import UsbSerial

TYPE_CHECKING = False
if TYPE_CHECKING:  # MicroPython's time, typed in typings/ (the host's is CPython's)
    import utime as time

    from firmware.scan import Scanner
    from firmware.sensing import Classifier
else:
    import time

CALIBRATION_PATH = "/calibration.json"
PROFILE_PATH = "/profile.txt"
WATCHDOG_MS = 2000


def main() -> None:
    Pin = machine.Pin
    profile = profiles.load(PROFILE_PATH)
    menu = Pin(profile.buttons[3], Pin.IN, Pin.PULL_UP)
    if menu.value() == 0:
        micropython.kbd_intr(3)
        return  # safe mode: Ctrl-C works again for mpremote
    scanner: MatrixScanner | Scanner
    classifier: Classifier
    if profile.flat:
        scanner = MatrixScanner(
            profile.rows,
            [Pin(pin, Pin.OUT, value=1) for pin in profile.row_pins],
            [Pin(pin, Pin.OUT, value=1) for pin in profile.decoder_pins],
            [Pin(pin, Pin.IN, Pin.PULL_UP) for pin in profile.col_pins],
            time.sleep_us,
            profile.settle_us,
        )
        classifier = PresenceClassifier(profile.cells)
    else:
        adc = [machine.ADC(Pin(pin)) for pin in pins.ADC_PINS]
        select = [Pin(pin, Pin.OUT, value=0) for pin in pins.MUX_SELECT_PINS]
        enable = [None if pin < 0 else Pin(pin, Pin.OUT, value=1) for pin in pins.MUX_ENABLE_PINS]
        scanner, classifier = sensing_parts(adc, select, enable, time.sleep_us)
    buttons = Buttons([Pin(pin, Pin.IN, Pin.PULL_UP) for pin in profile.buttons])
    strip = neopixel.NeoPixel(Pin(profile.neopixel_pin), profile.pixels)
    strip.ORDER = byte_order(pins.PIXEL_ORDER)
    status_led = Pin(pins.STATUS_LED_PIN, Pin.OUT)
    board = Board(
        scanner,
        LedOutput(strip, profile.chain, profile.cells),
        buttons,
        UsbSerial(),
        CALIBRATION_PATH,
        time.ticks_ms(),
        classifier,
        profile,
        PROFILE_PATH,
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
        if board.restart_due(now):
            if board.into_bootloader:
                machine.bootloader()  # the RPI-RP2 drive, waiting for a UF2
            machine.reset()  # into the profile just stored
        status_led.value((now >> (9 if board.host_present else 7)) & 1)


main()
