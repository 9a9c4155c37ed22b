"""The direct-GPIO path's wiring: ``wiring/pi.toml``, with the NeoPixel chain of
``wiring/leds.toml`` (``hal.pinmap.load_leds``) and the panel colour code of ``wiring/pico.toml``
(its ``[grooves]``), both shared with the Pico path.

>>> pi = load_pi()
>>> pi.rows[0], pi.columns[0], pi.buttons["roll"], pi.led_pin("spi"), pi.led_pin("pwm")
(4, 22, 2, 10, 18)
>>> pi.hole_switch[21], pi.groove_switches[64], pi.colour_of[("north", "south")]
(21, (64, 65), 'Y')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hal.base import GROOVE_COUNT, HOLE_COUNT
from hal.pinmap import PinmapError, load_leds, read_toml
from hal.power import PowerBudget, PowerError, load_power

GROOVE_SENSORS = range(HOLE_COUNT, HOLE_COUNT + 2 * GROOVE_COUNT)
"""Groove sensor indices: ``64 + 2*groove + side``."""

BUTTON_NAMES = ("roll", "flix", "penalty", "menu")
LED_DRIVERS = ("spi", "pwm")
POLES = ("north", "south")


@dataclass(frozen=True)
class PiWiring:
    """Every pin of the direct-GPIO path and the tables that decode the sensor matrix.

    Switch ``s`` of the matrix sits on row ``s // len(columns)``, column ``s % len(columns)``.
    """

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    row_settle_s: float
    scan_hz: float
    debounce_s: float
    hole_switch: tuple[int, ...]
    """Switch index of each hole 0..63."""
    groove_switches: dict[int, tuple[int, int]]
    """Groove sensor 64..71 -> (its north switch, its south switch)."""
    colour_of: dict[tuple[str, str], str]
    """(left pole, right pole) -> panel letter."""
    buttons: dict[str, int]
    bouncetime_ms: int
    led_driver: str
    led_pins: dict[str, int]
    chain: tuple[int, ...]
    """``chain[k]``: the logical pixel at position ``k`` of the wire."""
    pixel_order: str
    power: PowerBudget
    """The LEDs' supply and budget (``[power]``)."""
    orders: tuple[str, ...]
    """Each wire position's colour order (``wiring/leds.toml``)."""

    def led_pin(self, driver: str) -> int:
        """The GPIO of the NeoPixel data line for ``driver`` (``spi`` or ``pwm``)."""
        if driver not in self.led_pins:
            raise PinmapError(f"no NeoPixel driver {driver!r}: choose one of {LED_DRIVERS}")
        return self.led_pins[driver]

    @property
    def switch_count(self) -> int:
        return len(self.rows) * len(self.columns)


def load_pi(path: Path | str | None = None) -> PiWiring:
    """``wiring/pi.toml`` (or the file at ``path``), checked: every pin used once, every hole and
    groove switch wired exactly once; with the shared LED chain and panel colour code."""
    if path is None:
        where, pi = "wiring/pi.toml", read_toml("pi.toml")
    else:
        where, pi = str(path), _read(Path(path))
    leds = load_leds()
    matrix = _table(pi, "matrix", where)
    rows = _pins(matrix.get("rows"), f"{where}: matrix.rows")
    columns = _pins(matrix.get("columns"), f"{where}: matrix.columns")
    holes_at = _grid(_table(matrix, "holes", where).get("at"), f"{where}: matrix.holes.at")
    grooves = _table(matrix, "grooves", where)
    grooves_at = _grid(grooves.get("at"), f"{where}: matrix.grooves.at")
    poles = grooves.get("poles")
    if len(holes_at) + len(grooves_at) != len(rows) or any(
        len(r) != len(columns) for r in holes_at + grooves_at
    ):
        raise PinmapError(
            f"{where}: matrix.holes.at and matrix.grooves.at must fill {len(rows)} rows "
            f"of {len(columns)} columns"
        )
    if not isinstance(poles, list) or len(poles) != len(columns) or not set(poles) <= set(POLES):
        raise PinmapError(f"{where}: matrix.grooves.poles must give north or south per column")
    hole_switch = _hole_switches(holes_at, len(columns), where)
    groove_switches = _groove_switches(grooves_at, poles, len(holes_at), len(columns), where)
    buttons_table = _table(pi, "buttons", where)
    button_pins = _pins([buttons_table.get(name) for name in BUTTON_NAMES], f"{where}: buttons")
    buttons = dict(zip(BUTTON_NAMES, button_pins, strict=True))
    neopixel = _table(pi, "neopixel", where)
    led_pins = dict(
        zip(
            LED_DRIVERS,
            _pins([neopixel.get(f"{d}_pin") for d in LED_DRIVERS], f"{where}: neopixel"),
            strict=True,
        )
    )
    _pins([*rows, *columns, *button_pins], f"{where}: matrix and buttons")
    used = {*rows, *columns, *buttons.values()}
    if used & {led_pins["spi"], led_pins["pwm"]}:
        raise PinmapError(f"{where}: the NeoPixel pins are also used by the matrix or buttons")
    driver = neopixel.get("driver")
    if driver not in LED_DRIVERS:
        raise PinmapError(f"{where}: neopixel.driver must be one of {LED_DRIVERS}: {driver!r}")
    return PiWiring(
        rows=tuple(rows),
        columns=tuple(columns),
        row_settle_s=_number(matrix, "row_settle_us", where) / 1e6,
        scan_hz=_number(matrix, "scan_hz", where, positive=True),
        debounce_s=_number(matrix, "debounce_ms", where) / 1e3,
        hole_switch=hole_switch,
        groove_switches=groove_switches,
        colour_of=_colour_code(read_toml("pico.toml"), "wiring/pico.toml"),
        buttons=buttons,
        bouncetime_ms=int(_number(buttons_table, "bouncetime_ms", where)),
        led_driver=driver,
        led_pins=led_pins,
        chain=leds.chain,
        pixel_order=leds.order,
        power=_power(pi, where),
        orders=leds.orders,
    )


def _power(data: dict[str, Any], where: str) -> PowerBudget:
    try:
        return load_power(data.get("power"), where)
    except PowerError as error:
        raise PinmapError(str(error)) from None


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except OSError as error:
        raise PinmapError(f"cannot read wiring file {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise PinmapError(f"wiring file {path} is not valid TOML: {error}") from None


def _table(parent: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    table = parent.get(key)
    if not isinstance(table, dict):
        raise PinmapError(f"{where}: missing table [{key}]")
    return table


def _number(table: dict[str, Any], key: str, where: str, *, positive: bool = False) -> float:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise PinmapError(f"{where}: {key} must be a number >= 0, not {value!r}")
    if positive and value == 0:
        raise PinmapError(f"{where}: {key} must be above 0")
    return float(value)


def _pins(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 27 for p in value
    ):
        raise PinmapError(f"{where}: pins must be BCM GPIO numbers 0..27: {value!r}")
    if len(set(value)) != len(value):
        raise PinmapError(f"{where}: a GPIO is used twice: {value!r}")
    return value


def _grid(value: Any, where: str) -> list[list[int]]:
    if not isinstance(value, list) or not all(
        isinstance(row, list) and all(isinstance(v, int) for v in row) for row in value
    ):
        raise PinmapError(f"{where}: must be a list of rows of sensor indices")
    return value


def _hole_switches(grid: list[list[int]], width: int, where: str) -> tuple[int, ...]:
    switch_of: dict[int, int] = {}
    for r, row in enumerate(grid):
        for c, hole in enumerate(row):
            if not 0 <= hole < HOLE_COUNT or hole in switch_of:
                raise PinmapError(f"{where}: matrix.holes.at has a bad or repeated hole {hole}")
            switch_of[hole] = r * width + c
    if len(switch_of) != HOLE_COUNT:
        raise PinmapError(f"{where}: matrix.holes.at must name each hole 0..63 once")
    return tuple(switch_of[h] for h in range(HOLE_COUNT))


def _groove_switches(
    grid: list[list[int]], poles: list[str], first_row: int, width: int, where: str
) -> dict[int, tuple[int, int]]:
    found: dict[tuple[int, str], int] = {}
    for r, row in enumerate(grid):
        for c, sensor in enumerate(row):
            key = (sensor, poles[c])
            if sensor not in GROOVE_SENSORS or key in found:
                raise PinmapError(
                    f"{where}: matrix.grooves.at has a bad or repeated switch {sensor} {poles[c]}"
                )
            found[key] = (first_row + r) * width + c
    if len(found) != 2 * len(GROOVE_SENSORS):
        raise PinmapError(
            f"{where}: each groove sensor 64..71 needs one north and one south switch"
        )
    return {s: (found[(s, "north")], found[(s, "south")]) for s in GROOVE_SENSORS}


def _colour_code(pico: dict[str, Any], where: str) -> dict[tuple[str, str], str]:
    grooves = _table(pico, "grooves", where)
    code: dict[tuple[str, str], str] = {}
    for letter, pair in grooves.items():
        if not (isinstance(pair, list) and len(pair) == 2 and set(pair) <= set(POLES)):
            raise PinmapError(f"{where}: grooves.{letter} must be a pair of north/south")
        code[(pair[0], pair[1])] = letter
    if len(code) != len(grooves):
        raise PinmapError(f"{where}: two panels share a polarity pair in [grooves]")
    return code
