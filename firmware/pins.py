"""The Pico's wiring as firmware constants; must agree with ``wiring/pico.toml`` and
``wiring/leds.toml`` (checked by tests/firmware/test_pinmap_agreement.py).

Sensor indices: 0..63 holes (``16*panel + 4*floor + section``), 64..71 groove sensors
(``64 + 2*groove + side``), -1 an unconnected channel.
"""

from firmware.compat import const

SENSOR_COUNT = const(72)
HOLE_COUNT = const(64)
GROOVE_COUNT = const(4)
PIXEL_COUNT = const(72)

ADC_PINS = (26, 27, 28)
ADC_GPIO_BASE = const(26)  # the RP2040's GPIO 26..29 are its ADC inputs 0..3
MUX_SELECT_PINS = (2, 3, 4, 5)
MUX_SETTLE_US = const(5)

# One entry per 74HC4067: its ADC input, its /E pin (-1: tied low), its enable group, and the
# sensor on each of its 16 channels.
MUX_ADC = (0, 0, 1, 1, 2)
MUX_ENABLE_PINS = (6, 7, 8, 9, -1)
MUX_GROUP = (0, 1, 0, 1, 0)
MUX_SENSORS = (
    (0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15),
    (16, 20, 24, 28, 17, 21, 25, 29, 18, 22, 26, 30, 19, 23, 27, 31),
    (32, 36, 40, 44, 33, 37, 41, 45, 34, 38, 42, 46, 35, 39, 43, 47),
    (48, 52, 56, 60, 49, 53, 57, 61, 50, 54, 58, 62, 51, 55, 59, 63),
    (64, 65, 66, 67, 68, 69, 70, 71, -1, -1, -1, -1, -1, -1, -1, -1),
)

# Hall sensors: field = (raw - baseline) * NORTH_SIGN is positive for a north pole (a Man).
NORTH_SIGN = const(-1)
ON_COUNTS = const(220)
OFF_COUNTS = const(110)
DEBOUNCE_SCANS = const(4)
ADC_MID = const(2048)

# Panel colours by the poles of their two foot magnets (+1 north, -1 south), in "RYGB" order.
GROOVE_LETTERS = "RYGB"
GROOVE_POLES = ((1, 1), (1, -1), (-1, 1), (-1, -1))

# Buttons to GND with pull-ups: ROLL, FLIX, PENALTY, MENU.
BUTTON_PINS = (10, 11, 12, 13)
BUTTON_DEBOUNCE_MS = const(20)

NEOPIXEL_PIN = const(16)
PIXEL_ORDER = "GRB"  # the byte order the pixels expect (WS2812B: GRB)
STATUS_LED_PIN = const(25)

# CHAIN[k] = the logical pixel at position k of the NeoPixel wire.
CHAIN = (
    0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12,
    16, 17, 18, 19, 23, 22, 21, 20, 24, 25, 26, 27, 31, 30, 29, 28,
    32, 33, 34, 35, 39, 38, 37, 36, 40, 41, 42, 43, 47, 46, 45, 44,
    48, 49, 50, 51, 55, 54, 53, 52, 56, 57, 58, 59, 63, 62, 61, 60,
    71, 70, 69, 68, 67, 66, 65, 64,
)  # fmt: skip

# Power: the LED budget in mA and the WS2812B current model.
LED_BUDGET_MA = const(2700)
PIXEL_MA_PER_CHANNEL = const(20)
PIXEL_IDLE_MA = const(1)
