"""``flixboard script run FILE [--json]``: a scenario script through the real controller.

JSON Lines, one action per line, on a ``SimBoard`` with a ``SimClock`` (DESIGN §4). Blank lines
and ``#`` comments (whole-line or after the JSON object) are ignored.

Timing rule: hand actions (``place``, ``lift``, ``hover``, ``slide``, ``remove_panel``,
``seat_panel``) on consecutive lines happen at the same instant. After such a run of hand lines
the simulated clock advances until any hover or slide has ended, then by ``settle_ms`` + 20 ms, so
the board has settled and the LEDs show the outcome before the next line. ``wait`` advances the
clock further, stepping every deadline of the controller and the board in time order.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.config import Config
from controller.core.session import game_entry
from controller.core.state import State
from controller.errors import ControllerError
from controller.game_data import NewGameData
from controller.tools.sim_run import FRAME_MARGIN_S, SimRun, board_for
from engine.errors import FlixError
from hal.errors import HalError

HAND_ACTIONS = ("place", "lift", "hover", "slide", "remove_panel", "seat_panel")
ACTIONS: dict[str, tuple[str, ...]] = {
    "new_game": (),
    "roll": (),
    "press": ("seat",),
    "place": ("piece",),
    "lift": (),
    "token": ("seat", "hole"),
    "wait": (),
    "undo": (),
    "hover": ("seconds", "piece"),
    "slide": ("step", "piece"),
    "remove_panel": (),
    "seat_panel": ("panel",),
}
"""Each action and the extra keys its line may carry."""


class ScriptError(ValueError):
    """A script line that cannot run; the message names the file and line."""


@dataclass(frozen=True)
class Line:
    number: int
    action: str
    value: Any  # the action's value, as the script line's JSON has it
    extra: dict[str, Any]  # the line's other keys, as read: each action checks its own


def parse_lines(text: str, source: str = "<script>") -> list[Line]:
    """The script's actions, checked for shape (names and keys), not yet run."""
    result = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            result.append(_parse_line(stripped, number))
        except ScriptError as error:
            raise ScriptError(f"{source} line {number}: {error}") from None
    return result


def _parse_line(text: str, number: int) -> Line:
    try:
        body, end = json.JSONDecoder().raw_decode(text)
    except json.JSONDecodeError as error:
        raise ScriptError(f"not JSON: {error.msg} (column {error.colno})") from None
    except RecursionError:
        raise ScriptError("not a script line: the JSON is nested too deeply") from None
    rest = text[end:].strip()
    if rest and not rest.startswith("#"):
        raise ScriptError(f"unexpected text after the JSON object: {rest!r}")
    if not isinstance(body, dict):
        raise ScriptError('expected an object like {"place": "Y-II-H"}')
    actions = [key for key in body if key in ACTIONS]
    if len(actions) != 1:
        unknown = [key for key in body if key not in ACTIONS]
        hint = f"unknown action {unknown[0]!r}" if unknown else "no action"
        if len(actions) > 1:
            hint = f"several actions {actions}"
        raise ScriptError(f"{hint} (actions: {', '.join(ACTIONS)})")
    action = actions[0]
    extra = {key: value for key, value in body.items() if key != action}
    bad = sorted(set(extra) - set(ACTIONS[action]))
    if bad:
        allowed = ", ".join(ACTIONS[action]) or "none"
        raise ScriptError(f"{action} takes no key {bad[0]!r} (extra keys: {allowed})")
    return Line(number, action, body[action], extra)


class ScriptRunner:
    """Runs parsed lines against a ``SimRun``."""

    def __init__(self, config: Config, source: str = "<script>") -> None:
        self.config = config
        self.source = source
        self._busy_until = 0.0

    def execute(self, lines: list[Line]) -> State:
        """Run every line; the final state (test view).

        A first ``new_game`` line is the game the board starts with; otherwise the configured
        variant starts with seed 0.
        """
        first = lines[0] if lines and lines[0].action == "new_game" else None
        try:
            entry = None if first is None else self._game_entry(first)
        except (ControllerError, FlixError, ValueError, TypeError) as error:
            raise ScriptError(f"{self.source} line {lines[0].number}: {error}") from None
        variant = self.config.game.variant if entry is None else entry["variant"]
        self.run = SimRun(self.config, seed=0, first_game=entry, geometry=board_for(variant))
        for index, line in enumerate(lines):
            if line is first:
                continue
            try:
                self._one(line)
            except (ControllerError, FlixError, HalError, ValueError, TypeError) as error:
                raise ScriptError(f"{self.source} line {line.number}: {error}") from None
            following = lines[index + 1].action if index + 1 < len(lines) else None
            if line.action in HAND_ACTIONS and following not in HAND_ACTIONS:
                self._settle_hands()
        return self.run.controller.public_state(test_view=True)

    def _settle_hands(self) -> None:
        pending = max(0.0, self._busy_until - self.run.clock.now())
        self.run.advance(pending + self.config.settle_s + FRAME_MARGIN_S)

    def _game_entry(self, line: Line) -> NewGameData:
        value = line.value
        if not isinstance(value, dict) or "variant" not in value:
            raise ScriptError(f"new_game needs an object with a variant: {value!r}")
        unknown = sorted(set(value) - {"variant", "players", "seed", "options"})
        if unknown:
            raise ScriptError(f"new_game takes no key {unknown[0]!r}")
        return game_entry(
            self.config,
            value["variant"],
            value.get("players", 2),
            value.get("seed", 0),
            value.get("options"),
        )

    def _hole(self, value: Any) -> int:
        if not isinstance(value, str):
            raise ScriptError(f"not a hole name: {value!r} (expected text like 'Y-II-H')")
        return self.run.board.naming.parse(value)

    @staticmethod
    def _seconds(value: Any, what: str, default: float) -> float:
        """A finite number of seconds from the script (``default`` when not given)."""
        if value is None:
            return default
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise ScriptError(f"{what} must be a number of seconds: {value!r}")
        return float(value)

    def _one(self, line: Line) -> None:
        ctl, board, value, extra = self.run.controller, self.run.board, line.value, line.extra
        now = self.run.clock.now()
        if line.action == "new_game":
            ctl.new_game(self._game_entry(line), now)
            self.run.step()
        elif line.action == "roll":
            ctl.set_next_faces(value)
        elif line.action == "press":
            seat = extra.get("seat")
            players = ctl.game.players
            if seat is not None and (
                not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players
            ):
                raise ScriptError(f"seat must be a seat number 0..{players - 1}: {seat!r}")
            board.press(value, seat)
        elif line.action == "place":
            board.place(self._hole(value), extra.get("piece", "man"))
        elif line.action == "lift":
            board.lift(self._hole(value))
        elif line.action == "hover":
            seconds = self._seconds(extra.get("seconds"), "hover seconds", 0.5)
            board.hover(self._hole(value), seconds, piece=extra.get("piece", "man"))
            self._busy_until = max(self._busy_until, now + seconds)
        elif line.action == "slide":
            if not isinstance(value, list) or not value:
                raise ScriptError("slide needs a list of hole names")
            step = self._seconds(extra.get("step"), "slide step", 0.05)
            board.slide([self._hole(v) for v in value], extra.get("piece", "man"), step)
            self._busy_until = max(self._busy_until, now + step * len(value))
        elif line.action == "remove_panel":
            board.remove_panel(value)
        elif line.action == "seat_panel":
            board.seat_panel(value, extra.get("panel", ""))
        elif line.action == "token":
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise ScriptError(f"token must be a number or null: {value!r}")
            ctl.set_token(extra.get("seat"), value, extra.get("hole"), now)
            self.run.step()
        elif line.action == "undo":
            ctl.undo(now)
            self.run.step()
        elif line.action == "wait":
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not math.isfinite(value)
                or value < 0
            ):
                raise ScriptError(f"wait needs seconds >= 0: {value!r}")
            self.run.advance(float(value))


def run_file(path: str | Path, config: Config) -> tuple[State, SimRun]:
    """Run the script in ``path``; the final state and the simulation (for its board)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScriptError(f"cannot read script {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ScriptError(
            f"cannot read script {path}: not UTF-8 text (byte {error.start})"
        ) from None
    runner = ScriptRunner(config, str(path))
    state = runner.execute(parse_lines(text, str(path)))
    return state, runner.run
