"""The Backend contract: what the controller may ask of a board, simulated or real.

A backend must override ``read()`` and provide ``pixels`` (a ``PixelStrip`` whose ``_transmit``
sends a frame). It may override ``take_presses()``, ``raw_fields()``, ``connected``,
``sensor_faults`` and ``close()``; the defaults say plainly what is missing. Time comes from
``backend.clock`` so that debouncing and timers can be tested on a simulated clock.

Logical indices, shared by every backend of the spaceboard (``FLIX_GEOMETRY``):
- sensors and pixels ``0..63`` are holes (index ``16*panel + 4*floor + section``);
- pixels ``64..71`` are the 8 status pixels;
- grooves ``0..3`` front to back.
A flat board (``backend.geometry`` from a wiring file, ``hal.geometry``) has cells
``0..cells-1`` (``row * cols + col``), then its 8 status pixels, and no grooves.
A backend maps these to its physical wiring (see ``wiring/``).
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, ClassVar, Literal, Self, overload

from engine.phrase import why
from hal.errors import BackendClosed, PixelError, UnsupportedFeature

if TYPE_CHECKING:
    from hal.sensor_health import SensorFault

HOLE_COUNT = 64
STATUS_PIXELS = 8
PIXEL_COUNT = HOLE_COUNT + STATUS_PIXELS
GROOVE_COUNT = 4

Shape = Literal["spaceboard", "flat"]
"""A board's shape as backends serve it: the spaceboard (panels in grooves) or a flat grid."""
ANY_SHAPE: frozenset[Shape] = frozenset({"spaceboard", "flat"})


@dataclass(frozen=True)
class BoardGeometry:
    """A board's shape: ``key`` (``flix`` or a grid of :data:`engine.variants.GRIDS`), its cells,
    its panel grooves (0 on a flat board) and, for a grid, its rows and columns."""

    key: str
    cells: int
    grooves: int
    rows: int = 0
    cols: int = 0

    @property
    def pixel_count(self) -> int:
        """Cell pixels, then the status pixels."""
        return self.cells + STATUS_PIXELS

    @property
    def flat(self) -> bool:
        """Whether the board is one flat grid (no panels, no grooves)."""
        return self.grooves == 0

    @property
    def shape(self) -> Shape:
        """Which backends may serve it (``Backend.shapes``)."""
        return "flat" if self.flat else "spaceboard"

    def describe(self) -> str:
        """The shape in words, e.g. ``flip4 (5x5, 25 cells)``."""
        if self.flat:
            return why(
                "{key} ({rows}x{cols}, {cells} cells)",
                key=self.key,
                rows=self.rows,
                cols=self.cols,
                cells=self.cells,
            )
        return why(
            "{key} ({holes} holes on {panels} panels)",
            key=self.key,
            holes=self.cells,
            panels=self.grooves,
        )


FLIX_GEOMETRY = BoardGeometry("flix", HOLE_COUNT, GROOVE_COUNT)
"""The FLIX spaceboard: 64 holes on four panels standing in grooves."""

Color = tuple[int, int, int]
"""An ``(r, g, b)`` colour, each 0..255."""


class Piece(enum.IntEnum):
    """What a hole's sensor says is in it."""

    EMPTY = 0
    MAN = 1  # magnet north pole down
    BUROCRAT = 2  # magnet south pole down
    PRESENT = 3  # presence-only sensing: a piece of unknown kind


class Button(enum.Enum):
    """The four buttons on the base."""

    ROLL = "roll"
    FLIX = "flix"
    PENALTY = "penalty"
    MENU = "menu"


@dataclass(frozen=True)
class ButtonPress:
    """One press of a button, at ``at`` seconds on the backend's clock; ``long`` when it was held
    down (a long press of MENU asks for a hint)."""

    button: Button
    at: float
    seat: int | None = None
    long: bool = False


@dataclass(frozen=True)
class BoardReading:
    """One full snapshot of the sensors.

    ``holes`` has one entry per cell of the board's geometry (64 on the spaceboard); ``grooves``
    has one per groove (4 on the spaceboard, none on a flat board), each the letter of the panel
    seated in that groove (``"R"``, ``"Y"``, ``"G"``, ``"B"``) or ``None`` when it is empty.
    """

    holes: tuple[Piece, ...]
    grooves: tuple[str | None, ...]
    at: float = 0.0

    def occupied(self) -> int:
        """Bitboard of the holes where a piece is sensed."""
        mask = 0
        for hole, piece in enumerate(self.holes):
            if piece is not Piece.EMPTY:
                mask |= 1 << hole
        return mask


def empty_reading(
    at: float = 0.0,
    grooves: Sequence[str | None] = ("R", "Y", "G", "B"),
    cells: int = HOLE_COUNT,
) -> BoardReading:
    """A reading of an empty board of ``cells`` cells with the given panels seated."""
    return BoardReading((Piece.EMPTY,) * cells, tuple(grooves), at)


class Clock:
    """Monotonic seconds. Backends of real boards use this; the simulator has its own."""

    def now(self) -> float:
        """Seconds since an arbitrary, fixed origin."""
        return time.monotonic()


class PixelStrip:
    """A strip of 72 RGB pixels in the Adafruit PixelBuf shape, in logical order.

    ``strip[i] = (r, g, b)``, slices, ``fill()``, ``brightness`` and ``show()``. Nothing is sent
    until ``show()``, which passes the frame to ``_transmit``: the only method a backend must
    override. ``max_brightness`` caps ``brightness`` (power budget, config ``brightness_cap``).
    """

    def __init__(
        self, n: int = PIXEL_COUNT, *, brightness: float = 1.0, max_brightness: float = 1.0
    ) -> None:
        self._colors: list[Color] = [(0, 0, 0)] * n
        self.max_brightness = max(0.0, min(1.0, max_brightness))
        self._brightness = 0.0
        self.brightness = brightness

    @property
    def brightness(self) -> float:
        """Overall brightness 0..1, never above ``max_brightness``."""
        return self._brightness

    @brightness.setter
    def brightness(self, value: float) -> None:
        self._brightness = max(0.0, min(float(value), self.max_brightness))

    def __len__(self) -> int:
        return len(self._colors)

    @overload
    def __getitem__(self, index: int) -> Color: ...
    @overload
    def __getitem__(self, index: slice) -> list[Color]: ...
    def __getitem__(self, index: int | slice) -> Color | list[Color]:
        if isinstance(index, slice):
            return self._colors[index]
        return self._colors[self._index(index)]

    @overload
    def __setitem__(self, index: int, value: Color) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[Color]) -> None: ...
    def __setitem__(self, index: int | slice, value: Color | Iterable[Color]) -> None:
        if isinstance(index, slice):
            targets = range(*index.indices(len(self._colors)))
            colors = [_color(c) for c in value]
            if len(colors) != len(targets):
                raise PixelError(f"slice of {len(targets)} pixels given {len(colors)} colours")
            for i, c in zip(targets, colors, strict=True):
                self._colors[i] = c
        else:
            self._colors[self._index(index)] = _color(value)

    def fill(self, color: Color) -> None:
        """Set every pixel to ``color``."""
        self._colors = [_color(color)] * len(self._colors)

    def show(self) -> None:
        """Send the current frame."""
        self._transmit(tuple(self._colors), self._brightness)

    def _transmit(self, colors: tuple[Color, ...], brightness: float) -> None:
        """Send one frame: colours in logical order, unscaled, and the brightness to apply."""
        raise UnsupportedFeature(f"{type(self).__name__} cannot send frames: override _transmit")

    def _index(self, index: int) -> int:
        n = len(self._colors)
        if not -n <= index < n:
            raise PixelError(f"pixel index {index} out of range 0..{n - 1}")
        return index % n


def _color(value: object) -> Color:
    if (
        isinstance(value, tuple | list)
        and len(value) == 3
        and all(isinstance(c, int) and 0 <= c <= 255 for c in value)
    ):
        return (value[0], value[1], value[2])
    raise PixelError(f"not an (r, g, b) colour with 0..255 components: {value!r}")


class Backend:
    """A board: sensors, pixels, buttons and a clock.

    Must override: ``read()``; set ``self.pixels``. May override: ``take_presses()`` (default: no
    buttons), ``raw_fields()`` (default: ``UnsupportedFeature``), ``connected`` (default ``True``),
    ``close()`` (call ``super().close()``).

    ``when_changed`` is called, possibly from another thread, whenever a reading, a button or the
    connection may have changed; the controller then calls ``read()`` and ``take_presses()``.
    """

    name: ClassVar[str] = "abstract"
    shapes: ClassVar[frozenset[Shape]] = frozenset({"spaceboard"})
    """The board shapes the backend serves (``hal.registry`` opens it for those)."""
    sensing: str = "analog"
    """``analog`` tells Man from Burocrat by the field's sign; ``presence`` only sees a piece.
    A class default that a backend may set per instance (the simulator offers both)."""
    geometry: BoardGeometry = FLIX_GEOMETRY
    """The board's shape; a backend of a flat board sets it per instance."""
    button_seats: ClassVar[bool] = False
    """Whether presses say which seat pressed (a physical button cannot; the simulator can)."""

    def __init__(self, *, clock: Clock | None = None) -> None:
        self.clock: Clock = clock or Clock()
        self.pixels: PixelStrip = PixelStrip()
        self.when_changed: Callable[[], None] | None = None
        self._closed = False

    def read(self) -> BoardReading:
        """The sensors now: every hole and every groove."""
        raise UnsupportedFeature(f"{type(self).__name__} does not read sensors: override read()")

    def take_presses(self) -> list[ButtonPress]:
        """Button presses since the last call, oldest first."""
        return []

    def raw_fields(self) -> tuple[int, ...]:
        """Raw field values (signed ADC counts around the baseline) of the 64 holes, then the 8
        groove sensors, for calibration and the self-test."""
        raise UnsupportedFeature(f"{type(self).__name__} has no raw field values")

    @property
    def connected(self) -> bool:
        """Whether the board is answering now."""
        return not self._closed

    @property
    def sensor_faults(self) -> tuple[SensorFault, ...]:
        """The analog sensors that read what no connected sensor gives (a broken wire:
        ``hal.sensor_health``), as last checked; none on a board that cannot tell."""
        return ()

    @property
    def closed(self) -> bool:
        return self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise BackendClosed(f"{self.name} backend is closed")

    def _notify(self) -> None:
        callback = self.when_changed
        if callback is not None:
            callback()

    def close(self) -> None:
        """Release the hardware. Safe to call twice."""
        self._closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        if self._closed:
            return f"<{type(self).__name__} closed>"
        try:
            reading = self.read()
        except Exception as error:  # repr must never raise
            return f"<{type(self).__name__} unreadable: {error}>"
        pieces = sum(p is not Piece.EMPTY for p in reading.holes)
        grooves = "".join(g or "-" for g in reading.grooves)
        return (
            f"<{type(self).__name__} pieces={pieces} grooves={grooves} connected={self.connected}>"
        )
