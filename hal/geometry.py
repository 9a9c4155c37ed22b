"""Board geometries: how many cells (sensors, hole LEDs) and panel grooves a board has.

The FLIX spaceboard (64 holes on four panels in grooves) is the default. A flat board (Flip 4's
5x5, Olix's 11x11) is described by a wiring file, ``wiring/<name>.toml`` or any path: its
``[board] geometry`` names a grid of :data:`engine.variants.GRIDS`, its sensor matrix and LED chain
give the pins. Cells and pixels are indexed as the engine's grid cells (``row * cols + col``);
the 8 status pixels follow the cells.

>>> wiring = load_grid_wiring("flip4")
>>> wiring.geometry.cells, wiring.geometry.grooves, wiring.geometry.pixel_count
(25, 0, 33)
>>> load_grid_wiring("olix").geometry.cells
121
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from engine.phrase import why
from engine.variants import GRIDS
from hal.base import FLIX_GEOMETRY, BoardGeometry
from hal.errors import HalError
from hal.files import SettingFileError, read_setting_file
from hal.pixel_order import orders_of
from hal.power import PowerBudget, PowerError, load_power

BUTTON_NAMES = ("roll", "flix", "penalty", "menu")
WIRE_ORDER = "GRB"
"""The byte order the drivers write (the Pico's firmware, the gpio backend)."""
TIMINGS = ("settle_us", "scan_hz", "debounce_ms", "bouncetime_ms")
"""Scan settings a wiring file may give in ``[matrix]`` or ``[buttons]``."""


class GeometryError(HalError, ValueError):
    """A board geometry or grid wiring file that is missing, malformed or inconsistent."""


@dataclass(frozen=True)
class GridWiring:
    """A flat board's wiring file: the sensor matrix (a reed switch and a diode per cell; rows
    driven low one at a time, directly or through a decoder; columns read with pull-ups), the
    LED chain, the buttons."""

    geometry: BoardGeometry
    row_pins: tuple[int, ...]
    """GPIOs driving the rows directly, row 0 first (empty with a decoder)."""
    decoder_pins: tuple[int, ...]
    """Select pins of the row decoder, bit 0 first (empty without one); output k drives row k."""
    col_pins: tuple[int, ...]
    chain: tuple[int, ...]
    """``chain[k]`` = the logical pixel on the k-th position of the wire."""
    neopixel_pin: int
    buttons: dict[str, int]
    source: str
    mcu: str = ""
    """What reads the board (``[board] mcu``): a Pico on USB, or a Raspberry Pi's own GPIO."""
    timing: dict[str, float] = field(default_factory=dict)
    """The :data:`TIMINGS` the file gives, as written (``hal.pi_grid`` checks a Pi's)."""
    power: PowerBudget | None = None
    """The LEDs' supply (``[power]``; ``hal.pi_grid`` requires it of a Pi's wiring)."""
    orders: tuple[str, ...] = ()
    """Each wire position's colour order (``[leds] segments``, else GRB throughout)."""

    def position_of(self, pixel: int) -> int:
        """Where logical ``pixel`` sits on the wire."""
        return self.chain.index(pixel)


def load_grid_wiring(name: str | Path) -> GridWiring:
    """``wiring/<name>.toml`` (a plain name) or the wiring file at a path, checked."""
    data, where = _read(name)
    try:
        board = data["board"]
        key = str(board["geometry"])
        rows, cols = int(board["rows"]), int(board["cols"])
        matrix = data["matrix"]
        wiring = GridWiring(
            geometry=BoardGeometry(key, rows * cols, 0, rows, cols),
            row_pins=tuple(int(p) for p in matrix.get("row_pins", ())),
            decoder_pins=tuple(int(p) for p in matrix.get("decoder_pins", ())),
            col_pins=tuple(int(p) for p in matrix["col_pins"]),
            chain=tuple(int(p) for p in data["leds"]["chain"]),
            neopixel_pin=int(data["leds"]["data_pin"]),
            buttons={button: int(data["buttons"][button]) for button in BUTTON_NAMES},
            source=where,
            mcu=str(board.get("mcu", "")),
            timing={
                key: float(table[key])
                for table in (matrix, data["buttons"])
                for key in TIMINGS
                if key in table
            },
            power=None if "power" not in data else load_power(data["power"], where),
            orders=orders_of(
                data["leds"].get("segments"), len(data["leds"]["chain"]), WIRE_ORDER, where
            ),
        )
    except PowerError as error:
        raise GeometryError(error.args[0]) from error
    except (KeyError, TypeError, ValueError) as error:
        raise GeometryError(
            why("{where}: missing or malformed entry: {error}", where=where, error=error)
        ) from error
    _check(wiring, where)
    return wiring


def geometry_for(key: str) -> BoardGeometry:
    """The shape of the board a variant names (``flix`` or a grid key), without its wiring."""
    if key == FLIX_GEOMETRY.key:
        return FLIX_GEOMETRY
    grid = GRIDS[key]
    return BoardGeometry(grid.key, grid.cells, 0, grid.rows, grid.cols)


def load_geometry(name: str | Path | None) -> BoardGeometry:
    """The geometry named (``flix``, a wiring file name or path); ``None`` is the spaceboard."""
    if name is None or name == FLIX_GEOMETRY.key:
        return FLIX_GEOMETRY
    return load_grid_wiring(name).geometry


MAX_WIRING_FILE = 64 * 1024
"""The largest wiring file read (the project's are a few kilobytes)."""


def _not_wiring(where: str) -> GeometryError:
    """The one refusal of a path that holds no wiring file, whatever the reason (missing,
    unreadable, not a regular file, too large, not TOML, no ``[board]`` table): a setting must
    not tell what other files exist or hold."""
    return GeometryError(
        why(
            "no wiring file at {where} (a regular TOML file of at most {limit} KiB with a "
            "[board] table)",
            where=where,
            limit=MAX_WIRING_FILE // 1024,
        )
    )


def _read(name: str | Path) -> tuple[dict[str, Any], str]:
    if isinstance(name, Path) or "/" in name or name.endswith(".toml"):
        where = str(name)
        try:
            data = tomllib.loads(read_setting_file(name, MAX_WIRING_FILE).decode("utf-8"))
        except (SettingFileError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            raise _not_wiring(where) from None
        if not isinstance(data.get("board"), dict) or "geometry" not in data["board"]:
            raise _not_wiring(where)
        return data, where
    where = f"wiring/{name}.toml"
    resource = files("wiring").joinpath(f"{name}.toml")
    try:
        found = resource.is_file()
    except OSError:  # a name too long for a file name: no such board either
        found = False
    if not found:
        known = sorted(
            item.name.removesuffix(".toml")
            for item in files("wiring").iterdir()
            if item.name.endswith(".toml") and item.name.removesuffix(".toml") in GRIDS
        )
        raise GeometryError(
            why(
                "no board geometry {name}: known {known} or the path of a wiring file",
                name=repr(name),
                known=", ".join([FLIX_GEOMETRY.key, *known]),
            )
        )
    text = resource.read_text(encoding="utf-8")
    try:
        return tomllib.loads(text), where
    except tomllib.TOMLDecodeError as error:
        cannot = why("cannot read {where}: {error}", where=where, error=error)
        raise GeometryError(cannot) from error


def _check(wiring: GridWiring, where: str) -> None:
    geometry = wiring.geometry
    grid = GRIDS.get(geometry.key)
    if grid is None:
        raise GeometryError(
            why(
                "{where}: geometry {key} is no grid game's board (known: {known})",
                where=where,
                key=repr(geometry.key),
                known=", ".join(sorted(GRIDS)),
            )
        )
    if (grid.rows, grid.cols) != (geometry.rows, geometry.cols):
        raise GeometryError(
            why(
                "{where}: the {key} board has {rows}x{cols} cells, not {given}",
                where=where,
                key=grid.key,
                rows=grid.rows,
                cols=grid.cols,
                given=f"{geometry.rows}x{geometry.cols}",
            )
        )
    if bool(wiring.row_pins) == bool(wiring.decoder_pins):
        raise GeometryError(why("{where}: rows need either row_pins or decoder_pins", where=where))
    if wiring.row_pins and len(wiring.row_pins) != geometry.rows:
        raise GeometryError(
            why("{where}: {rows} rows need {rows} row_pins", where=where, rows=geometry.rows)
        )
    if wiring.decoder_pins and 2 ** len(wiring.decoder_pins) < geometry.rows:
        raise GeometryError(
            why(
                "{where}: {count} select pins cannot reach every row",
                where=where,
                count=len(wiring.decoder_pins),
            )
        )
    if len(wiring.col_pins) != geometry.cols:
        raise GeometryError(
            why("{where}: {cols} columns need {cols} col_pins", where=where, cols=geometry.cols)
        )
    if sorted(wiring.chain) != list(range(geometry.pixel_count)):
        raise GeometryError(
            why(
                "{where}: the LED chain must order each pixel 0..{last} once",
                where=where,
                last=geometry.pixel_count - 1,
            )
        )
    pins = [
        *wiring.row_pins,
        *wiring.decoder_pins,
        *wiring.col_pins,
        wiring.neopixel_pin,
        *wiring.buttons.values(),
    ]
    if len(set(pins)) != len(pins):
        raise GeometryError(
            why("{where}: a GPIO is used twice: {pins}", where=where, pins=sorted(pins))
        )
