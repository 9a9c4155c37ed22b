"""The Pico path's wiring, read from ``wiring/pico.toml`` and ``wiring/leds.toml`` through
``importlib.resources`` (so it works from the source tree and from an installed package).

>>> pico = load_pico()
>>> pico.sensor_at(0, 1), pico.channel_of(64), pico.buttons["roll"]
(4, (4, 0), 10)
>>> load_leds().chain[:5], load_leds().brightness_cap
((0, 1, 2, 3, 7), 0.6)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from hal.base import GROOVE_COUNT, HOLE_COUNT, PIXEL_COUNT
from hal.errors import HalError
from hal.pixel_order import orders_of

SENSOR_COUNT = HOLE_COUNT + 2 * GROOVE_COUNT
BUTTON_NAMES = ("roll", "flix", "penalty", "menu")


class PinmapError(HalError, ValueError):
    """A wiring file that is missing, malformed or inconsistent."""


@dataclass(frozen=True)
class Mux:
    """One 74HC4067: its name, ADC input, /E pin (-1: tied low), enable group, channel sensors."""

    name: str
    adc: int
    enable_pin: int
    group: int
    sensors: tuple[int, ...]


@dataclass(frozen=True)
class PicoWiring:
    """Every pin and channel of the Pico path (``wiring/pico.toml``)."""

    adc_pins: tuple[int, ...]
    adc_bits: int
    conversion_us: float
    select_pins: tuple[int, ...]
    settle_us: float
    muxes: tuple[Mux, ...]
    north_sign: int
    on_counts: int
    off_counts: int
    debounce_scans: int
    groove_poles: dict[str, tuple[int, int]]
    buttons: dict[str, int]
    button_debounce_ms: int
    neopixel_pin: int
    status_led_pin: int
    usb_ids: tuple[str, str]
    udev_name: str

    def sensor_at(self, mux: int, channel: int) -> int:
        """The sensor on ``channel`` of multiplexer ``mux`` (-1: not connected)."""
        return self.muxes[mux].sensors[channel]

    def channel_of(self, sensor: int) -> tuple[int, int]:
        """``(mux, channel)`` that reads ``sensor``."""
        for m, mux in enumerate(self.muxes):
            if sensor in mux.sensors:
                return m, mux.sensors.index(sensor)
        raise PinmapError(f"sensor {sensor} is on no multiplexer channel")


@dataclass(frozen=True)
class LedChain:
    """The NeoPixel chain and its power budget (``wiring/leds.toml``)."""

    chain: tuple[int, ...]
    order: str
    brightness_cap: float
    budget_ma: float
    pixel_ma_per_channel: float
    pixel_idle_ma: float
    injection: tuple[int, ...]
    orders: tuple[str, ...] = ()
    """Each wire position's colour order (``[chain] segments``, else ``order`` throughout)."""

    def position_of(self, pixel: int) -> int:
        """Where logical ``pixel`` sits on the wire."""
        return self.chain.index(pixel)


def read_toml(name: str) -> dict[str, Any]:
    """One wiring file, parsed."""
    resource = files("wiring").joinpath(name)
    try:
        return tomllib.loads(resource.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise PinmapError(f"cannot read wiring/{name}: {error}") from error


def load_pico() -> PicoWiring:
    """``wiring/pico.toml``, checked: every sensor 0..71 on exactly one channel, no pin twice."""
    data = read_toml("pico.toml")
    where = "wiring/pico.toml"
    try:
        muxes = tuple(
            Mux(
                m["name"], int(m["adc"]), int(m["enable_pin"]), int(m["group"]), tuple(m["sensors"])
            )
            for m in data["mux"]
        )
        hall = data["hall"]
        sign = {"man": 1, "burocrat": -1}[data["pieces"]["north"]]
        poles = {
            letter: (_pole(pair[0], sign), _pole(pair[1], sign))
            for letter, pair in data["grooves"].items()
        }
        wiring = PicoWiring(
            adc_pins=tuple(
                int(data["adc"]["pins"][str(i)]) for i in range(len(data["adc"]["pins"]))
            ),
            adc_bits=int(data["adc"]["bits"]),
            conversion_us=float(data["adc"]["conversion_us"]),
            select_pins=tuple(data["mux_select"]["pins"]),
            settle_us=float(data["mux_select"]["settle_us"]),
            muxes=muxes,
            north_sign=int(hall["north_sign"]),
            on_counts=int(hall["on_counts"]),
            off_counts=int(hall["off_counts"]),
            debounce_scans=int(hall["debounce_scans"]),
            groove_poles=poles,
            buttons={name: int(data["buttons"][name]) for name in BUTTON_NAMES},
            button_debounce_ms=int(data["buttons"]["debounce_ms"]),
            neopixel_pin=int(data["neopixel"]["data_pin"]),
            status_led_pin=int(data["neopixel"]["status_led_pin"]),
            usb_ids=(str(data["board"]["usb_vid"]), str(data["board"]["usb_pid"])),
            udev_name=str(data["serial"]["udev_name"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise PinmapError(f"{where}: missing or malformed entry: {error}") from error
    _check_pico(wiring, where)
    return wiring


def load_leds() -> LedChain:
    """``wiring/leds.toml``, checked: the chain orders each pixel 0..71 exactly once."""
    data = read_toml("leds.toml")
    where = "wiring/leds.toml"
    try:
        power = data["power"]
        budget = float(power["supply_a"]) * 1000 * float(power["margin"]) - float(power["other_ma"])
        chain = LedChain(
            chain=tuple(data["chain"]["chain"]),
            order=str(data["chain"]["order"]),
            brightness_cap=float(power["brightness_cap"]),
            budget_ma=budget,
            pixel_ma_per_channel=float(power["pixel_ma_per_channel"]),
            pixel_idle_ma=float(power["pixel_idle_ma"]),
            injection=tuple(power["injection"]),
            orders=orders_of(
                data["chain"].get("segments"),
                len(data["chain"]["chain"]),
                str(data["chain"]["order"]),
                where,
            ),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise PinmapError(f"{where}: missing or malformed entry: {error}") from error
    if sorted(chain.chain) != list(range(PIXEL_COUNT)):
        raise PinmapError(f"{where}: chain must order each pixel 0..{PIXEL_COUNT - 1} once")
    return chain


def _pole(name: str, man_sign: int) -> int:
    if name not in ("north", "south"):
        raise PinmapError(f"wiring/pico.toml: a pole is north or south, not {name!r}")
    return man_sign if name == "north" else -man_sign


def _check_pico(wiring: PicoWiring, where: str) -> None:
    sensors = [s for mux in wiring.muxes for s in mux.sensors if s >= 0]
    if sorted(sensors) != list(range(SENSOR_COUNT)):
        raise PinmapError(f"{where}: the multiplexers must read each sensor 0..71 exactly once")
    if any(len(mux.sensors) != 16 for mux in wiring.muxes):
        raise PinmapError(f"{where}: a 74HC4067 has 16 channels")
    pins = [
        *wiring.adc_pins,
        *wiring.select_pins,
        *(m.enable_pin for m in wiring.muxes if m.enable_pin >= 0),
        *wiring.buttons.values(),
        wiring.neopixel_pin,
        wiring.status_led_pin,
    ]
    if len(set(pins)) != len(pins):
        raise PinmapError(f"{where}: a GPIO is used twice: {sorted(pins)}")
    groups: dict[tuple[int, int], int] = {}
    for mux in wiring.muxes:
        key = (mux.adc, mux.group)
        if key in groups:
            raise PinmapError(
                f"{where}: {mux.name} drives ADC {mux.adc} in the same group as another"
            )
        groups[key] = 1
