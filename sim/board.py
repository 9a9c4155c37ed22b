"""The simulated board: an ordinary backend, plus hands, faults and recorders for tests.

The model is physical. Each groove holds a panel (or nothing); each panel carries its pieces, so
a panel taken out takes its pieces along and a panel seated in another groove brings them there.
A hole argument names a position on the board (groove, floor, section): where a hand reaches,
whatever panel stands there. Every sensor has a signed field in ADC counts around its baseline;
``read()`` classifies those fields with ``FIELD_THRESHOLD`` exactly as the firmware does, so hands,
slides and faults show in readings the way they would on the real board.

Hovering hands are modelled as a brief crossing: the field is above the threshold for
``HOVER_CROSSING_S`` (far shorter than any sane settle time), then below it until the hand leaves.
Fields never linger between ``FIELD_RELEASE`` and ``FIELD_THRESHOLD`` (a noisy sensor jumps across
both), so a reading through the firmware's hysteresis and debounce (a simulated Pico) agrees with
``read()``'s plain threshold. The numbers agree with ``wiring/pico.toml`` (checked by a test).
"""

from __future__ import annotations

import bisect
import contextlib
import json
import math
import os
import random
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.holes import DEFAULT_LAYOUT, Layout, Naming
from engine.variants import GRIDS
from hal.base import (
    ANY_SHAPE,
    FLIX_GEOMETRY,
    STATUS_PIXELS,
    Backend,
    BoardGeometry,
    BoardReading,
    Button,
    ButtonPress,
    Clock,
    Color,
    Piece,
    PixelStrip,
)
from hal.sensor_health import SensorFault, sensor_faults
from sim.clock import ScheduledCall, SimClock
from sim.errors import SimActionError, SimSettingError, SimStateError

FIELD_PIECE = 900
"""Field of a seated magnet at its hole's sensor (Man ``+``, Burocrat ``-``)."""
FIELD_THRESHOLD = 220
"""A field at least this strong (either sign) reads as a piece (``on_counts`` of the wiring)."""
FIELD_RAIL = 2048
"""A sensor input pulled down to 0 V: mid-rail (2048 of 12 bits) away from its rest, the sign
of a north pole on the Pico's wiring (``north_sign = -1``: a lower voltage is a north pole)."""
FIELD_SATURATED = 2048 - 248
"""A magnet strong enough to drive its sensor to the end of its output range, 0.2 V (248
counts) from the rail (``hal.sensor_health``): still a connected sensor's reading."""
FIELD_RELEASE = 110
"""The firmware's hysteresis: a piece seen stays seen until its field is below this."""
FIELD_HOVER = 80
"""Field of a magnet held in fingers above a hole: below ``FIELD_RELEASE``, so no path reads it."""
FIELD_PANEL = 700
"""Field of one of a panel foot's two magnets at its groove sensor."""
FIELD_LIMIT = 2047
"""The ADC's signed range around the baseline."""
HOVER_CROSSING_S = 0.04
"""How long a hovering hand's field is above the threshold as it comes in."""

PANEL_POLARITY: dict[str, tuple[int, int]] = {
    "R": (1, 1),
    "Y": (1, -1),
    "G": (-1, 1),
    "B": (-1, -1),
}
"""The polarity pair of each panel's two foot magnets, which tells its colour."""

_PIECE_SIGN = {Piece.MAN: 1, Piece.BUROCRAT: -1}
_PIECE_CHAR = {Piece.EMPTY: ".", Piece.MAN: "o", Piece.BUROCRAT: "x"}
_STATE_FORMAT = "flixboard-sim-board"

HoleLike = int | str
"""A hole index 0..63 or a hole name such as ``Y-II-H`` (on a flat board: a cell, ``c2``)."""
FLAT = "flat"
"""The one panel of a flat board: always seated, no groove."""


@dataclass(frozen=True)
class Frame:
    """One frame sent to the pixels: 72 unscaled colours and the brightness to apply."""

    at: float
    colors: tuple[Color, ...]
    brightness: float

    def color(self, hole: int) -> Color:
        """The colour of one pixel."""
        return self.colors[hole]

    @property
    def cells(self) -> int:
        """How many hole (cell) pixels the frame has before the status pixels."""
        return len(self.colors) - STATUS_PIXELS

    def lit_holes(self) -> frozenset[int]:
        """The holes whose pixel gives light in this frame."""
        if self.brightness <= 0:
            return frozenset()
        return frozenset(h for h in range(self.cells) if self.colors[h] != (0, 0, 0))

    @property
    def status(self) -> tuple[Color, ...]:
        """The 8 status pixels."""
        return self.colors[self.cells :]


@dataclass(frozen=True)
class _Transient:
    """A field that a hand adds to a hole's sensor during ``[start, end)``."""

    hole: int
    start: float
    end: float
    field: int


@dataclass(frozen=True)
class _Fault:
    """A broken sensor: ``stuck`` at a piece, ``dead``, ``noisy`` around the threshold, or
    ``disconnected`` (its output on the pull-down: 0 V)."""

    kind: str
    piece: Piece = Piece.EMPTY
    rate_hz: float = 0.0
    seed: int = 0
    start: float = 0.0


class SimPixelStrip(PixelStrip):
    """The board's pixels: ``show()`` records a ``Frame`` on the board."""

    def __init__(self, board: SimBoard, *, max_brightness: float) -> None:
        super().__init__(board.geometry.pixel_count, max_brightness=max_brightness)
        self._board = board

    def _transmit(self, colors: tuple[Color, ...], brightness: float) -> None:
        self._board._record_frame(colors, brightness)


class SimBoard(Backend):
    """A board in software: see the module docstring and ``docs/sim-api.md``."""

    name = "sim"
    shapes = ANY_SHAPE
    button_seats = True

    def __init__(
        self,
        *,
        clock: Clock | None = None,
        sensing: str = "analog",
        state_file: Path | str | None = None,
        layout: Layout = DEFAULT_LAYOUT,
        max_brightness: float = 1.0,
        frame_limit: int | None = None,
        geometry: BoardGeometry = FLIX_GEOMETRY,
    ) -> None:
        super().__init__(clock=clock)
        self.geometry = geometry
        self.naming: Naming = GRIDS[geometry.key] if geometry.flat else layout
        if sensing not in ("analog", "presence"):
            raise SimSettingError(f"sensing must be 'analog' or 'presence', not {sensing!r}")
        self.sensing = sensing
        self.layout = layout
        self.pixels = SimPixelStrip(self, max_brightness=max_brightness)
        self.frames: list[Frame] = []
        self.frame_limit = frame_limit
        self.state_file = Path(state_file) if state_file is not None else None
        self._lock = threading.RLock()
        self._grooves: list[str | None] = [] if geometry.flat else list(layout.panels)
        self._panels: dict[str, list[Piece]] = (
            {FLAT: [Piece.EMPTY] * geometry.cells}
            if geometry.flat
            else {p: [Piece.EMPTY] * 16 for p in layout.panels}
        )
        self._transients: list[_Transient] = []
        self._faults: dict[int, _Fault] = {}
        self._strong: set[tuple[int, int]] = set()
        """The (panel's piece list, slot) of every strong magnet placed (``place``)."""
        self._presses: list[ButtonPress] = []
        self._calls: list[ScheduledCall] = []
        self._timers: set[threading.Timer] = set()
        self._notify_times: set[float] = set()
        self._moving = 0
        """Open ``moving`` blocks: the state file is written when the last one ends."""
        self._unsaved = False
        if self.state_file is not None and self.state_file.exists():
            self._load(self.state_file)

    # -- the Backend contract -------------------------------------------------------------------

    def read(self) -> BoardReading:
        with self._lock:
            self._check_open()
            now = self.clock.now()
            fields = self._fields(now)
        cells = self.geometry.cells
        holes = tuple(self._classify(f) for f in fields[:cells])
        grooves = tuple(
            _panel_of(fields[cells + 2 * g], fields[cells + 2 * g + 1])
            for g in range(self.geometry.grooves)
        )
        return BoardReading(holes, grooves, now)

    def take_presses(self) -> list[ButtonPress]:
        with self._lock:
            self._check_open()
            presses, self._presses = self._presses, []
        return presses

    def raw_fields(self) -> tuple[int, ...]:
        with self._lock:
            self._check_open()
            return self._fields(self.clock.now())

    @property
    def sensor_faults(self) -> tuple[SensorFault, ...]:
        """The sensors reading what no connected one gives (a ``fault_disconnected``), judged
        from the fields as the serial backend judges a RAW frame; none when sensing presence."""
        if self.sensing != "analog" or self.closed:
            return ()
        return sensor_faults(self.raw_fields())

    def unwired(self) -> frozenset[int]:
        """The sensors whose wire is broken (``fault_disconnected``): their input reads 0 V."""
        with self._lock:
            return frozenset(h for h, f in self._faults.items() if f.kind == "disconnected")

    def close(self) -> None:
        with self._lock:
            for call in self._calls:
                call.cancel()
            for timer in self._timers:
                timer.cancel()
            self._calls.clear()
            self._timers.clear()
            self._notify_times.clear()
            super().close()

    # -- hands ----------------------------------------------------------------------------------

    def place(
        self, hole: HoleLike, piece: Piece | str = Piece.MAN, *, strong: bool = False
    ) -> None:
        """A hand seats a Man or a Burocrat in an empty hole; ``strong``: its magnet drives the
        sensor to the end of its output range (``FIELD_SATURATED``)."""
        index, kind = self._hole(hole), _piece(piece)
        with self._lock:
            self._check_open()
            pieces, slot = self._slot(index, "place a piece in")
            if pieces[slot] is not Piece.EMPTY:
                raise SimActionError(
                    f"cannot place a {kind.name.lower()} in {self._name(index)}: "
                    f"it holds a {pieces[slot].name.lower()}"
                )
            pieces[slot] = kind
            if strong:
                self._strong.add((id(pieces), slot))
            self._save()
        self._notify()

    def lift(self, hole: HoleLike) -> Piece:
        """A hand takes the piece out of a hole; returns what it was."""
        index = self._hole(hole)
        with self._lock:
            self._check_open()
            pieces, slot = self._slot(index, "lift a piece from")
            taken = pieces[slot]
            if taken is Piece.EMPTY:
                raise SimActionError(f"cannot lift from {self._name(index)}: the hole is empty")
            pieces[slot] = Piece.EMPTY
            self._strong.discard((id(pieces), slot))
            self._save()
        self._notify()
        return taken

    @contextlib.contextmanager
    def moving(self) -> Iterator[None]:
        """Hands' moves inside are written to the state file once, when the block ends (the
        service reads the board and shows the move first; a killed process still leaves the
        file whole, holding the board as it was before the block)."""
        with self._lock:
            self._moving += 1
        try:
            yield
        finally:
            with self._lock:
                self._moving -= 1
                if not self._moving and self._unsaved:
                    self._save()

    def clear(self) -> None:
        """Take every piece off every panel, seated or not."""
        with self._lock:
            self._check_open()
            for pieces in self._panels.values():
                pieces[:] = [Piece.EMPTY] * len(pieces)
            self._strong.clear()
            self._save()
        self._notify()

    def hover(
        self,
        hole: HoleLike,
        seconds: float,
        *,
        piece: Piece | str = Piece.MAN,
        crossing_s: float = HOVER_CROSSING_S,
    ) -> None:
        """A magnet in fingers over a hole for ``seconds``: above the threshold only for the first
        ``crossing_s``, then below it until the hand leaves (``crossing_s=0``: never above)."""
        index, sign = self._hole(hole), _PIECE_SIGN[_piece(piece)]
        if seconds <= 0 or crossing_s < 0:
            raise SimActionError(f"a hover needs seconds > 0 and crossing_s >= 0: {seconds!r}")
        with self._lock:
            self._check_open()
            now = self.clock.now()
            crossing_end = now + min(crossing_s, seconds)
            if crossing_end > now:
                self._add_transient(_Transient(index, now, crossing_end, sign * FIELD_PIECE))
            if crossing_end < now + seconds:
                self._add_transient(
                    _Transient(index, crossing_end, now + seconds, sign * FIELD_HOVER)
                )
        self._notify()

    def slide(
        self, holes: Sequence[HoleLike], piece: Piece | str = Piece.MAN, step_s: float = 0.05
    ) -> None:
        """A piece dragged across ``holes``: hole ``i`` reads it during
        ``[now + i*step_s, now + (i+1)*step_s)``. Nothing stays placed."""
        indices, sign = [self._hole(h) for h in holes], _PIECE_SIGN[_piece(piece)]
        if step_s <= 0:
            raise SimActionError(f"a slide needs step_s > 0: {step_s!r}")
        with self._lock:
            self._check_open()
            now = self.clock.now()
            for i, index in enumerate(indices):
                start, end = now + i * step_s, now + (i + 1) * step_s
                self._add_transient(_Transient(index, start, end, sign * FIELD_PIECE))
        self._notify()

    def seat_panel(self, groove: int, letter: str) -> None:
        """Seat the panel ``letter`` (with its pieces) in ``groove``. It leaves any other groove;
        a panel already standing in ``groove`` is taken out."""
        g, panel = self._groove(groove), str(letter).upper()
        if panel not in self._panels:
            raise SimActionError(f"no panel {letter!r}: panels are {self.layout.panels}")
        with self._lock:
            self._check_open()
            self._grooves = [None if p == panel else p for p in self._grooves]
            self._grooves[g] = panel
            self._save()
        self._notify()

    def remove_panel(self, groove: int) -> str:
        """Take the panel out of ``groove`` (its pieces stay in it); returns its letter."""
        g = self._groove(groove)
        with self._lock:
            self._check_open()
            panel = self._grooves[g]
            if panel is None:
                raise SimActionError(f"groove {g} holds no panel to remove")
            self._grooves[g] = None
            self._save()
        self._notify()
        return panel

    def press(self, button: Button | str, seat: int | None = None, *, long: bool = False) -> None:
        """Press a button (on behalf of ``seat``, when the press names one); ``long``: held
        down."""
        which = _button(button)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
            raise SimActionError(f"a seat is a number 0 or more, not {seat!r}")
        with self._lock:
            self._check_open()
            self._presses.append(ButtonPress(which, self.clock.now(), seat, long))
        self._notify()

    # -- faults ---------------------------------------------------------------------------------

    def fault_stuck(self, hole: HoleLike, piece: Piece | str = Piece.MAN) -> None:
        """The sensor of ``hole`` always reads ``piece`` (a flat board's reed welded shut)."""
        self._set_fault(hole, _Fault("stuck", piece=_piece(piece)))

    def fault_dead(self, hole: HoleLike) -> None:
        """The sensor of ``hole`` always reads empty (a flat board's reed missing or broken)."""
        self._set_fault(hole, _Fault("dead"))

    def fault_disconnected(self, hole: HoleLike) -> None:
        """The sensor of ``hole`` lost its wire: its multiplexer input sits on its pull-down at
        0 V, half the ADC's range from mid-rail (``FIELD_RAIL``), beyond any magnet."""
        self._set_fault(hole, _Fault("disconnected"))

    def fault_noisy(self, hole: HoleLike, rate_hz: float = 20.0, *, seed: int = 0) -> None:
        """The field of ``hole`` flickers around the threshold: a new level every ``1/rate_hz``
        seconds, drawn from ``seed``, the hole and the period (the same run every time)."""
        if not rate_hz > 0:
            raise SimActionError(f"a noisy sensor needs rate_hz > 0: {rate_hz!r}")
        fault = _Fault("noisy", rate_hz=float(rate_hz), seed=seed, start=self.clock.now())
        self._set_fault(hole, fault)
        self._schedule_flip(self._hole(hole), fault)

    def clear_fault(self, hole: HoleLike | None = None) -> None:
        """Repair the sensor of ``hole``, or every sensor."""
        with self._lock:
            self._check_open()
            if hole is None:
                self._faults.clear()
            else:
                self._faults.pop(self._hole(hole), None)
        self._notify()

    # -- physical truth and recorders -----------------------------------------------------------

    def piece_at(self, hole: HoleLike) -> Piece:
        """What really is in the hole (no faults, no hands); empty where no panel stands."""
        index = self._hole(hole)
        with self._lock:
            if self.geometry.flat:
                return self._panels[FLAT][index]
            panel = self._grooves[index >> 4]
            return Piece.EMPTY if panel is None else self._panels[panel][index & 15]

    def grooves(self) -> tuple[str | None, ...]:
        """Which panel really stands in each groove."""
        with self._lock:
            return tuple(self._grooves)

    @property
    def last_frame(self) -> Frame | None:
        """The frame the pixels show now, or ``None`` before the first ``show()``."""
        return self.frames[-1] if self.frames else None

    def frames_during(self, start: float, end: float) -> list[Frame]:
        """The frames in effect during ``[start, end]``: the one shown at ``start`` and every one
        sent until ``end``."""
        first = bisect.bisect_right(self.frames, start, key=lambda f: f.at)
        last = bisect.bisect_right(self.frames, end, key=lambda f: f.at)
        return self.frames[max(first - 1, 0) : last]

    def lit_holes(self, start: float | None = None, end: float | None = None) -> frozenset[int]:
        """Holes lit in every frame of the window (no window: in the last frame)."""
        if start is None and end is None:
            frames = self.frames[-1:]
        else:
            now = self.clock.now()
            frames = self.frames_during(
                now if start is None else start, now if end is None else end
            )
        if not frames:
            return frozenset()
        return frozenset.intersection(*(f.lit_holes() for f in frames))

    def blinking_holes(self, start: float, end: float) -> frozenset[int]:
        """Holes lit in some frames and dark in others during the window."""
        frames = self.frames_during(start, end)
        if not frames:
            return frozenset()
        lit = [f.lit_holes() for f in frames]
        return frozenset.union(*lit) - frozenset.intersection(*lit)

    def __repr__(self) -> str:
        base = super().__repr__()
        if self.closed:
            return base
        return f"{base[:-1]} sensing={self.sensing} t={self.clock.now():g}>"

    # -- internals ------------------------------------------------------------------------------

    def _record_frame(self, colors: tuple[Color, ...], brightness: float) -> None:
        with self._lock:
            self._check_open()
            self.frames.append(Frame(self.clock.now(), colors, brightness))
            if self.frame_limit is not None and len(self.frames) > 2 * self.frame_limit:
                del self.frames[: -self.frame_limit]

    def _hole(self, hole: HoleLike) -> int:
        if isinstance(hole, str):
            return self.naming.parse(hole)
        last = self.geometry.cells - 1
        if isinstance(hole, bool) or not isinstance(hole, int) or not 0 <= hole <= last:
            example = "c2" if self.geometry.flat else "Y-II-H"
            raise SimActionError(
                f"not a hole: {hole!r} (an index 0..{last} or a name like {example!r})"
            )
        return hole

    def _name(self, index: int) -> str:
        return self.naming.name(index)

    def _groove(self, value: int) -> int:
        count = self.geometry.grooves
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
            if not count:
                raise SimActionError(f"a flat {self.geometry.key} board has no grooves")
            raise SimActionError(f"not a groove: {value!r} (0..{count - 1}, front to back)")
        return value

    def _slot(self, index: int, doing: str) -> tuple[list[Piece], int]:
        if self.geometry.flat:
            return self._panels[FLAT], index
        panel = self._grooves[index >> 4]
        if panel is None:
            raise SimActionError(
                f"cannot {doing} {self._name(index)}: groove {index >> 4} holds no panel"
            )
        return self._panels[panel], index & 15

    def _classify(self, field: int) -> Piece:
        if abs(field) < FIELD_THRESHOLD:
            return Piece.EMPTY
        if self.sensing == "presence":
            return Piece.PRESENT
        return Piece.MAN if field > 0 else Piece.BUROCRAT

    def _fields(self, now: float) -> tuple[int, ...]:
        self._transients = [t for t in self._transients if t.end > now]
        fields = [0] * self.geometry.cells
        if self.geometry.flat:
            for cell in range(self.geometry.cells):
                fields[cell] = self._magnet(self._panels[FLAT], cell)
        for g, panel in enumerate(self._grooves):
            if panel is not None:
                for slot in range(16):
                    fields[16 * g + slot] = self._magnet(self._panels[panel], slot)
        for t in self._transients:
            if t.start <= now:
                fields[t.hole] += t.field
        for hole, fault in self._faults.items():
            fields[hole] = _fault_field(hole, fault, fields[hole], now)
        grooves: list[int] = []
        for panel in self._grooves:
            polarity = PANEL_POLARITY[panel] if panel is not None else (0, 0)
            grooves.extend(sign * FIELD_PANEL for sign in polarity)
        return tuple(
            max(-FIELD_LIMIT, min(FIELD_LIMIT, f + _baseline(i)))
            for i, f in enumerate(fields + grooves)
        )

    def _magnet(self, pieces: list[Piece], slot: int) -> int:
        """The field of the piece in ``slot`` of a panel's ``pieces`` at its sensor."""
        strength = FIELD_SATURATED if (id(pieces), slot) in self._strong else FIELD_PIECE
        return _PIECE_SIGN.get(pieces[slot], 0) * strength

    def _set_fault(self, hole: HoleLike, fault: _Fault) -> None:
        index = self._hole(hole)
        with self._lock:
            self._check_open()
            self._faults[index] = fault
        self._notify()

    def _add_transient(self, transient: _Transient) -> None:
        self._transients.append(transient)
        if transient.start > self.clock.now():
            self._notify_at(transient.start)
        self._notify_at(transient.end)

    def _notify_at(self, t: float) -> None:
        """Notify at ``t``, once however many changes fall at that time."""
        if t in self._notify_times:
            return
        self._notify_times.add(t)

        def notify() -> None:
            with self._lock:
                self._notify_times.discard(t)
            self._notify()

        self._schedule(t, notify)

    def _schedule_flip(self, hole: int, fault: _Fault) -> None:
        """Notify at the next time the noisy sensor's reading changes, then again, while the
        fault lasts."""
        period = _noise_period(fault, self.clock.now())
        level = _noise_level(hole, fault, period)
        k = period + 1
        while _noise_level(hole, fault, k) == level:
            k += 1

        def flip() -> None:
            with self._lock:
                if self._faults.get(hole) is not fault or self.closed:
                    return
            self._schedule_flip(hole, fault)
            self._notify()

        self._schedule(fault.start + k / fault.rate_hz, flip)

    def _schedule(self, t: float, fn: Callable[[], None]) -> None:
        with self._lock:
            if self.closed:
                return
            if isinstance(self.clock, SimClock):
                now = self.clock.now()
                self._calls = [c for c in self._calls if c.when >= now and not c.cancelled]
                self._calls.append(self.clock.call_at(t, fn))
                return
            timer: threading.Timer

            def fire() -> None:
                with self._lock:
                    self._timers.discard(timer)
                    if self.closed:
                        return
                fn()

            timer = threading.Timer(max(0.0, t - self.clock.now()), fire)
            timer.daemon = True
            self._timers.add(timer)
            timer.start()

    def _notify(self) -> None:
        if not self.closed:
            super()._notify()

    # -- persistence ----------------------------------------------------------------------------

    def _save(self) -> None:
        path = self.state_file
        if path is None:
            return
        self._unsaved = bool(self._moving)
        if self._unsaved:
            return
        state = {
            "format": _STATE_FORMAT,
            "version": 1,
            "grooves": self._grooves,
            "panels": {
                p: "".join(_PIECE_CHAR[piece] for piece in pieces)
                for p, pieces in self._panels.items()
            },
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(state, out, indent=1)
                out.write("\n")
            # No fsync: the rename keeps the file whole when the process is killed, and a
            # simulated board's pieces need not outlive a power cut; an fsync here cost each hand
            # 5 ms before the placement could count.
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    def _load(self, path: Path) -> None:
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise SimStateError(f"cannot read the simulated board state {path}: {error}") from None
        letters = set(self._panels)
        chars = {c: p for p, c in _PIECE_CHAR.items()}
        if not isinstance(state, dict) or state.get("format") != _STATE_FORMAT:
            raise SimStateError(f"{path} is not a simulated board state")
        grooves, panels = state.get("grooves"), state.get("panels")
        placed = [g for g in grooves if g is not None] if isinstance(grooves, list) else []
        if (
            not isinstance(grooves, list)
            or len(grooves) != self.geometry.grooves
            or not set(placed) <= letters
            or len(set(placed)) != len(placed)
        ):
            raise SimStateError(
                f"{path}: grooves must list {self.geometry.grooves} distinct panel letters or null"
            )
        if (
            not isinstance(panels, dict)
            or set(panels) != letters
            or not all(
                isinstance(v, str) and len(v) == len(self._panels[p]) and set(v) <= set(chars)
                for p, v in panels.items()
            )
        ):
            raise SimStateError(
                f"{path}: panels must give each of {''.join(sorted(letters))} 16 of '.ox'"
            )
        self._grooves = list(grooves)
        self._panels = {p: [chars[c] for c in panels[p]] for p in self._panels}
        self._strong.clear()


def _piece(value: Piece | str) -> Piece:
    if isinstance(value, str):
        try:
            value = Piece[value.upper()]
        except KeyError:
            raise SimActionError(f"not a piece: {value!r} (man or burocrat)") from None
    if value not in (Piece.MAN, Piece.BUROCRAT):
        raise SimActionError(f"a hand places a man or a burocrat, not {value!r}")
    return value


def _button(value: Button | str) -> Button:
    if isinstance(value, Button):
        return value
    try:
        return Button(str(value).lower())
    except ValueError:
        names = ", ".join(b.value for b in Button)
        raise SimActionError(f"not a button: {value!r} (one of {names})") from None


def _panel_of(first: int, second: int) -> str | None:
    if abs(first) < FIELD_THRESHOLD or abs(second) < FIELD_THRESHOLD:
        return None
    pair = (1 if first > 0 else -1, 1 if second > 0 else -1)
    return next(p for p, polarity in PANEL_POLARITY.items() if polarity == pair)


def _baseline(sensor: int) -> int:
    """A small fixed offset per sensor, as real sensors have after calibration."""
    return (sensor * 37) % 17 - 8


def _noise_period(fault: _Fault, now: float) -> int:
    return math.floor((now - fault.start) * fault.rate_hz + 1e-9)


def _noise_level(hole: int, fault: _Fault, period: int) -> bool:
    """Whether the noisy field is above the threshold during ``period``."""
    return random.Random(f"{fault.seed}:{hole}:{period}").random() < 0.5


def _fault_field(hole: int, fault: _Fault, field: int, now: float) -> int:
    if fault.kind == "stuck":
        return _PIECE_SIGN[fault.piece] * FIELD_PIECE
    if fault.kind == "dead":
        return 0
    if fault.kind == "disconnected":
        return FIELD_RAIL
    period = _noise_period(fault, now)
    rng = random.Random(f"{fault.seed}:{hole}:{period}:field")
    if _noise_level(hole, fault, period):
        level = FIELD_THRESHOLD * rng.uniform(1.1, 1.5)
    else:
        level = FIELD_RELEASE * rng.uniform(0.2, 0.85)
    return (-1 if field < 0 else 1) * round(level)
