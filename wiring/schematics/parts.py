"""The boards' parts as SKiDL templates, each pin's number, name and electrical type from the
part's datasheet (no KiCad library needed).

A :class:`PartSpec` is the datasheet's pin table; :func:`template` turns it into a SKiDL
template part, which :class:`wiring.schematics.circuit.Board` copies into a board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from wiring import panel_connector
from wiring.schematics.skidl_quiet import SKIDL, TEMPLATE, Part, Pin

IN, OUT, BIDIR, TRI = "INPUT", "OUTPUT", "BIDIR", "TRISTATE"
PASSIVE, OPEN_DRAIN, PWR_IN, PWR_OUT = "PASSIVE", "OPENCOLL", "PWRIN", "PWROUT"


@dataclass(frozen=True)
class PartSpec:
    """One part: its name, reference prefix, what it is, and its pins (number, name, type)."""

    name: str
    prefix: str
    description: str
    pins: tuple[tuple[int, str, str], ...]

    def number(self, name: str) -> int:
        """The pin called ``name`` (the first, if the name repeats, as GND does)."""
        for number, pin_name, _ in self.pins:
            if pin_name == name:
                return number
        raise KeyError(f"{self.name} has no pin {name}")

    def numbers(self, name: str) -> list[int]:
        """Every pin called ``name``."""
        return [number for number, pin_name, _ in self.pins if pin_name == name]

    def name_of(self, number: int) -> str:
        return next(pin_name for n, pin_name, _ in self.pins if n == number)


def _numbered(
    names: list[str], kind: dict[str, str], default: str
) -> tuple[tuple[int, str, str], ...]:
    return tuple((i, name, kind.get(name, default)) for i, name in enumerate(names, start=1))


_PICO_NAMES = [
    "GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
    "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15",
    "GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
    "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3", "3V3_EN", "GND", "VSYS", "VBUS",
]  # fmt: skip
PICO = PartSpec(
    "RPi_Pico",
    "MCU",
    "Raspberry Pi Pico (RP2040) module, 40 castellated pins (Pico datasheet, pinout)",
    _numbered(
        _PICO_NAMES,
        {
            "GND": PWR_IN, "AGND": PWR_IN, "3V3": PWR_OUT, "VBUS": PWR_OUT, "VSYS": PWR_OUT,
            "ADC_VREF": PWR_OUT, "RUN": IN, "3V3_EN": IN,
        },
        BIDIR,
    ),
)  # fmt: skip
"""Powered by the Pi over USB: VBUS and VSYS carry the USB's 5 V, 3V3 the module's regulator."""

_PI_NAMES = [
    "3V3", "5V", "GPIO2", "5V", "GPIO3", "GND", "GPIO4", "GPIO14", "GND", "GPIO15",
    "GPIO17", "GPIO18", "GPIO27", "GND", "GPIO22", "GPIO23", "3V3", "GPIO24", "GPIO10", "GND",
    "GPIO9", "GPIO25", "GPIO11", "GPIO8", "GND", "GPIO7", "GPIO0", "GPIO1", "GPIO5", "GND",
    "GPIO6", "GPIO12", "GPIO13", "GND", "GPIO19", "GPIO16", "GPIO26", "GPIO20", "GND", "GPIO21",
]  # fmt: skip
PI_HEADER = PartSpec(
    "RPi_GPIO_40",
    "J",
    "Raspberry Pi 40-pin GPIO header (BCM numbering; Raspberry Pi pinout)",
    _numbered(_PI_NAMES, {"3V3": PWR_OUT, "5V": PWR_OUT, "GND": PWR_IN}, BIDIR),
)
"""The Pi has its own supply: its 5 V pins stay unconnected, its 3V3 pins feed 3.3 V logic."""

_MUX_NAMES = [
    "COM", "I7", "I6", "I5", "I4", "I3", "I2", "I1", "I0", "S0", "S1", "GND",
    "S3", "S2", "~E", "I15", "I14", "I13", "I12", "I11", "I10", "I9", "I8", "VCC",
]  # fmt: skip
MUX = PartSpec(
    "74HC4067",
    "U",
    "16:1 analog multiplexer, DIP-24 (TI CD74HC4067 datasheet)",
    _numbered(
        _MUX_NAMES,
        {"S0": IN, "S1": IN, "S2": IN, "S3": IN, "~E": IN, "GND": PWR_IN, "VCC": PWR_IN},
        PASSIVE,
    ),
)

_DECODER_NAMES = [
    "Y0", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y10", "GND",
    "Y11", "Y12", "Y13", "Y14", "Y15", "~E1", "~E2", "A3", "A2", "A1", "A0", "VCC",
]  # fmt: skip
DECODER = PartSpec(
    "74HC154",
    "U",
    "4-to-16 decoder, active-low outputs, DIP-24 (TI CD74HC154 datasheet)",
    tuple(
        (i, name, OUT if name.startswith("Y") else PWR_IN if name in ("GND", "VCC") else IN)
        for i, name in enumerate(_DECODER_NAMES, start=1)
    ),
)

_BUFFER_NAMES = [
    "~1OE",
    "1A",
    "1Y",
    "~2OE",
    "2A",
    "2Y",
    "GND",
    "3Y",
    "3A",
    "~3OE",
    "4Y",
    "4A",
    "~4OE",
    "VCC",
]
LEVEL_SHIFTER = PartSpec(
    "74AHCT125",
    "U",
    "quad buffer, 3-state outputs, TTL inputs (3.3 V in, 5 V out), DIP-14 (TI SN74AHCT125)",
    tuple(
        (i, name, TRI if name.endswith("Y") else PWR_IN if name in ("GND", "VCC") else IN)
        for i, name in enumerate(_BUFFER_NAMES, start=1)
    ),
)

REGULATOR = PartSpec(
    "LD1117V33",
    "U",
    "3.3 V 800 mA low-dropout regulator, TO-220 (ST LD1117 datasheet; tab = VOUT)",
    ((1, "GND", PWR_IN), (2, "VOUT", PWR_OUT), (3, "VIN", PWR_IN)),
)

_HALL_PINS: tuple[tuple[int, str, str], ...] = ((1, "VCC", PWR_IN), (2, "GND", PWR_IN))
HALL_LINEAR = PartSpec(
    "DRV5055A1QLPG",
    "H",
    "ratiometric linear Hall sensor, 60 mV/mT at 3.3 V, TO-92 (TI DRV5055, LPG package)",
    (*_HALL_PINS, (3, "OUT", OUT)),
)
HALL_OMNIPOLAR = PartSpec(
    "DRV5033AJQLPG",
    "H",
    "omnipolar Hall switch, open-drain output, TO-92 (TI DRV5033, LPG package)",
    (*_HALL_PINS, (3, "OUT", OPEN_DRAIN)),
)
HALL_UNIPOLAR = PartSpec(
    "DRV5023AJQLPG",
    "H",
    "unipolar Hall switch (south pole at the branded face), open-drain output, TO-92 (TI DRV5023)",
    (*_HALL_PINS, (3, "OUT", OPEN_DRAIN)),
)

PIXEL_5MM = PartSpec(
    "WS2812B_5mm",
    "LED",
    "NeoPixel, 5 mm through-hole (Adafruit 1938): data in, +5 V, GND, data out",
    ((1, "DIN", IN), (2, "VDD", PWR_IN), (3, "GND", PWR_IN), (4, "DOUT", OUT)),
)
PIXEL_STRIP = PartSpec(
    "WS2812B_5050",
    "LED",
    "NeoPixel on a strip, 5050 package (WS2812B datasheet); the strip carries its own capacitor",
    ((1, "VDD", PWR_IN), (2, "DOUT", OUT), (3, "VSS", PWR_IN), (4, "DIN", IN)),
)

P_MOSFET = PartSpec(
    "AO3401A",
    "Q",
    "P-channel MOSFET, -30 V, SOT-23 (AOS AO3401A datasheet): gate, source, drain",
    ((1, "G", IN), (2, "S", PASSIVE), (3, "D", PASSIVE)),
)
DIODE = PartSpec(
    "1N4148",
    "D",
    "small-signal diode, DO-35 (cathode band = pin 1)",
    ((1, "K", PASSIVE), (2, "A", PASSIVE)),
)
REED = PartSpec(
    "Reed_NO",
    "S",
    "normally open (Form A) glass reed switch, e.g. Littelfuse MDSR-7",
    ((1, "1", PASSIVE), (2, "2", PASSIVE)),
)
BUTTON = PartSpec(
    "B3F-4055",
    "SW",
    "12 x 12 mm tactile push button (Omron B3F): pins 1-2 and 3-4 joined inside",
    ((1, "1", PASSIVE), (2, "2", PASSIVE), (3, "3", PASSIVE), (4, "4", PASSIVE)),
)
RESISTOR = PartSpec("R", "R", "resistor", ((1, "1", PASSIVE), (2, "2", PASSIVE)))
CAPACITOR = PartSpec("C", "C", "ceramic capacitor", ((1, "1", PASSIVE), (2, "2", PASSIVE)))
ELECTROLYTIC = PartSpec(
    "CP", "C", "electrolytic capacitor (pin 1 = +)", ((1, "+", PASSIVE), (2, "-", PASSIVE))
)
DC_JACK = PartSpec(
    "PJ-002A",
    "J",
    "2.1 mm panel DC jack (CUI PJ-002A): centre pin +5 V, sleeve GND, sleeve switch",
    ((1, "TIP", PASSIVE), (2, "SLEEVE", PASSIVE), (3, "SWITCH", PASSIVE)),
)

PANEL_SENSORS = PartSpec(
    "Panel_2x12",
    "JP",
    "a removable panel's connector (2 x 12, 2.54 mm, position 24 the key), the Pico spaceboard: "
    "the sensor rail, the 16 sensor outputs, the LEDs' 5 V and ground, the chain's data in and out",
    _numbered(list(panel_connector.PICO_PANEL), {}, PASSIVE),
)
PANEL_MATRIX = PartSpec(
    "Panel_2x12",
    "JP",
    "a removable panel's connector (2 x 12, 2.54 mm, position 24 the key), the GPIO spaceboard: "
    "the panel's two row rails, the eight columns, the LEDs' 5 V and ground, the chain's data",
    _numbered(list(panel_connector.GPIO_PANEL), {}, PASSIVE),
)


@cache
def template(spec: PartSpec) -> Part:
    """The SKiDL template part of ``spec``."""
    pins = [
        Pin(num=number, name=name, func=getattr(Pin.types, kind))
        for number, name, kind in spec.pins
    ]
    return Part(
        tool=SKIDL,
        name=spec.name,
        ref_prefix=spec.prefix,
        description=spec.description,
        dest=TEMPLATE,
        pins=pins,
    )


SPECS = {
    spec.name: spec
    for spec in (
        PICO, PI_HEADER, MUX, DECODER, LEVEL_SHIFTER, REGULATOR, HALL_LINEAR, HALL_OMNIPOLAR,
        HALL_UNIPOLAR, PIXEL_5MM, PIXEL_STRIP, P_MOSFET, DIODE, REED, BUTTON, RESISTOR, CAPACITOR,
        ELECTROLYTIC, DC_JACK, PANEL_SENSORS, PANEL_MATRIX,
    )
}  # fmt: skip
"""Every part of the library by name."""
