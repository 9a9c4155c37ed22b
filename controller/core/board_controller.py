"""The board controller: a synchronous state machine driven by readings, presses and time.

``update(now, reading, presses)`` feeds it; ``next_deadline()`` says when it next needs a call
even if nothing happens, so it runs the same under asyncio in real time and on a simulated clock.
The game is the truth: the settled board is compared with it (``reconcile``); a single new piece
in a lit hole is committed, anything else blinks until the board matches again. Every game action
is journalled before its effects are published.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from controller.config import Config
from controller.core.game_log import new_game_entry, replay, start, take_back
from controller.core.journal import Journal, JournalError
from controller.core.reconcile import Expected, Mismatch, reconcile
from controller.core.settle import Settler
from controller.errors import BadOrder, ControllerError, NotNow
from controller.flows import VariantFlow, flow_for
from engine.bitboard import Bitboard, popcount, scan_forward
from engine.dice import parse_throw
from engine.errors import FlixError, IllegalAction
from engine.game import Action, Event, Game, Phase
from engine.holes import name
from hal.base import BoardReading, Button, ButtonPress, Clock, Piece

NOTICE_S = 2.0
"""How long a dice notice (turn lost, free throws, FLIX FLIX FLIX) shows on the status pixels."""
NOTICE_EVENTS = ("turn_lost", "free_throws", "opponent_anywhere", "free_throws_ended")
RECENT_EVENTS = 50
"""Public events the HTTP state carries."""
EVENT_LOG_LIMIT = 20_000
"""Events kept for the test view (scripts); older ones are dropped so a service never grows."""


@dataclass(frozen=True)
class Notice:
    """A dice notice shown on the status pixels until ``until``."""

    kind: str
    seat: int
    until: float


def game_entry(
    config: Config, variant: str, players: int, seed: int | None, options: dict[str, Any] | None
) -> dict[str, Any]:
    """A checked ``new_game`` journal entry: options on top of the configured ones, a random
    seed when none is given. ``BadOrder`` names what is wrong."""
    if options is not None and not isinstance(options, dict):
        raise BadOrder(f"options must be an object, not {options!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadOrder(f"seed must be a whole number, not {seed!r}")
    for key in ("panels", "suits"):
        if options is not None and key in options and not isinstance(options[key], str):
            raise BadOrder(f"{key} must be a string of four letters, not {options[key]!r}")
    merged = {**config.game_options(), **(options or {})}
    chosen = random.SystemRandom().randrange(2**31) if seed is None else seed
    data = new_game_entry(variant, players, chosen, merged)
    try:
        start(data)
    except (FlixError, TypeError) as error:
        raise BadOrder(str(error)) from None
    return data


class BoardController:
    """See the module docstring. ``listeners`` receive every published event (JSON dicts)."""

    def __init__(
        self,
        config: Config,
        clock: Clock,
        *,
        sensing: str,
        initial: BoardReading,
        journal: Journal,
        seed: int | None = None,
        first_game: dict[str, Any] | None = None,
    ) -> None:
        self.config = config
        self.clock = clock
        self.sensing = sensing
        self.analog = sensing == "analog"
        self.journal = journal
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.events: deque[dict[str, Any]] = deque(maxlen=EVENT_LOG_LIMIT)
        self.public_events: deque[dict[str, Any]] = deque(maxlen=RECENT_EVENTS)
        self.revision = 0
        self.settler = Settler(config.settle_s, initial)
        self._last_settled = initial.holes
        self.mismatch = Mismatch()
        self.notice: Notice | None = None
        self.win_line: Bitboard = 0
        self.win_until: float | None = None
        self.next_faces: str | None = None
        self.token: int | None = None
        self.flow: VariantFlow
        self._fix_due: float | None = None
        self._fix_words: list[str] = []
        self._guided = True
        self.connected = True
        now = clock.now()
        self.game: Game
        entries = journal.current_game()
        if entries:
            self.game, latest = replay(entries)
            self.flow = flow_for(self.game.variant)
            self._offset = now - latest
            self._emit_json({"type": "resumed", "actions": len(self.game.actions)}, now)
            if self.game.game_over:
                self._start_win(now)
            elif self._reconcile().clean:
                # a substitution / withdrawal made before the stop, on an otherwise matching board
                self._flow_actions(now)
        else:
            self._offset = now
            if first_game is None:
                first_game = game_entry(config, config.variant, config.players, seed, None)
            self._begin(first_game, now)
        self._refresh(now)

    # ------------------------------------------------------------------ reading the state

    @property
    def sensed(self) -> BoardReading:
        """The settled board."""
        return self.settler.stable

    @property
    def phase(self) -> Phase:
        """The game's phase, or ``await_fix`` while the board disagrees with the game."""
        if not self.game.game_over and not self.mismatch.clean:
            return Phase.AWAIT_FIX
        return Phase(self.game.phase)

    @property
    def fix_words(self) -> list[str]:
        """What to fix, in words: shown once the board has disagreed for ``fix_after_s``."""
        return list(self._fix_words)

    @property
    def clearing(self) -> bool:
        """The game is over and its animation done: the board must be emptied."""
        return self.game.game_over and self.win_until is None

    def expected(self) -> Expected:
        men = burocrats = 0
        for team in range(self.game.teams):
            men |= self.game.men[team]
            burocrats |= self.game.burocrats[team]
        return Expected(men, burocrats)

    def game_time(self, now: float) -> float:
        """Seconds on the game's own time line (continues across restarts)."""
        return now - self._offset

    def next_deadline(self) -> float | None:
        """When ``update`` must run next even if nothing happens (``None``: not before input)."""
        times = [self.settler.next_deadline()]
        if self._fix_due is not None and not self._fix_words:
            times.append(self._fix_due)
        if self.notice is not None:
            times.append(self.notice.until)
        if self.win_until is not None:
            times.append(self.win_until)
        return min((t for t in times if t is not None), default=None)

    # ------------------------------------------------------------------ input

    def update(
        self, now: float, reading: BoardReading | None = None, presses: Iterable[ButtonPress] = ()
    ) -> None:
        """Take a raw reading and button presses made by ``now``, and act on due timers."""
        if reading is not None:
            self.settler.observe(reading, now)
        if self.settler.advance(now):
            self._on_settled(now)
        for press in presses:
            self._on_press(press, now)
        self._on_time(now)

    def set_connected(self, connected: bool, now: float) -> None:
        """Note whether the board answers; the game waits, unchanged, while it does not."""
        if connected != self.connected:
            self.connected = connected
            self._emit_json({"type": "board_connected" if connected else "board_lost"}, now)

    def _on_settled(self, now: float) -> None:
        self.revision += 1
        before, self._last_settled = self._last_settled, self.sensed.holes
        if self.game.game_over:
            return
        self._flow_actions(now)
        mismatch = self._reconcile()
        if not (mismatch.grooves or mismatch.missing or mismatch.wrong_kind):
            # A candidate: a piece newly extra, or an extra piece swapped for another kind
            # (a Burocrat taken out and a Man put in within settle_ms never read as empty).
            swapped = sum(
                1 << h
                for h, (a, b) in enumerate(zip(before, self.sensed.holes, strict=True))
                if a != b
            )
            new = mismatch.extra & (~self.mismatch.extra | swapped)
            if popcount(mismatch.extra) == 1 and new:
                self._try_commit(next(scan_forward(new)), now)
        self._refresh(now)

    def _try_commit(self, hole: int, now: float) -> None:
        where = name(hole, self.game.layout)
        if self.game.phase != Phase.AWAIT_PLACE:
            reason = self.flow.not_placing(self) or "press ROLL first: no hole is lit"
            self._refuse(where, reason, now)
            return
        if not self.game.allowed >> hole & 1:
            self._refuse(where, "that hole is not lit", now)
            return
        piece = "burocrat" if self.sensed.holes[hole] is Piece.BUROCRAT else "man"
        action = Action("place", hole=hole, at=self.game_time(now), piece=piece, token=self.token)
        try:
            self._act(action, now)
        except (IllegalAction, JournalError) as error:
            self.token = None  # a refused placement drops the chosen token: choose again
            self._refuse(where, str(error), now)
            return
        self.token = None

    def _flow_actions(self, now: float) -> None:
        """Commit the Tac-T-Flix substitutions / withdrawals the settled board shows."""
        while (action := self.flow.settled(self)) is not None:
            try:
                self._act(action, now)
            except (IllegalAction, JournalError) as error:
                self._refuse(name(action.hole or 0, self.game.layout), str(error), now)
                return

    def _refuse(self, where: str, reason: str, now: float) -> None:
        self._emit_json({"type": "placement_refused", "hole": where, "reason": reason}, now)

    def _on_press(self, press: ButtonPress, now: float) -> None:
        self._emit_json({"type": "button", "button": press.button.value, "seat": press.seat}, now)
        try:
            if press.button is Button.ROLL:
                self.roll(None, now)
            elif press.button is Button.FLIX:
                self.call(self._caller() if press.seat is None else press.seat, now)
            elif press.button is Button.PENALTY:
                self.penalty(self._penaliser() if press.seat is None else press.seat, now)
            elif press.button is Button.MENU:
                self.undo(now)
        except (ControllerError, FlixError, JournalError) as error:
            self._emit_json(
                {"type": "refused", "button": press.button.value, "reason": str(error)}, now
            )

    def _on_time(self, now: float) -> None:
        if self.notice is not None and now >= self.notice.until:
            self.notice = None
            self.revision += 1
        if self.win_until is not None and now >= self.win_until:
            self.win_until = None
            self._emit_json({"type": "clear_board"}, now)
        if (
            self.clearing
            and not self.sensed.occupied()
            and tuple(self.sensed.grooves) == tuple(self.game.layout.panels)
        ):
            try:
                self._next_game(now)
            except JournalError as error:  # the board stays cleared: the next input retries
                self._emit_json({"type": "refused", "reason": str(error)}, now)
        if self._fix_due is not None and not self._fix_words and now >= self._fix_due:
            self._show_fix_words(now)

    # ------------------------------------------------------------------ orders

    def new_game(self, entry: dict[str, Any], now: float) -> None:
        """Start the game of a checked ``new_game`` entry (see ``game_entry``)."""
        self._begin(entry, now)

    def roll(self, faces: str | None, now: float) -> None:
        """Throw the dice: the given faces, the faces set by ``next_faces``, or the seeded RNG."""
        if faces is not None:
            try:
                faces = str(parse_throw(faces))
            except FlixError as error:
                raise BadOrder(str(error)) from None
        self._check_board("roll")
        if not self.game.uses_dice:
            raise NotNow(f"{self.game.variant} uses no dice")
        if faces is None and self.next_faces is not None:
            faces, self.next_faces = self.next_faces, None
        if faces is None and self.config.dice == "physical":
            raise NotNow("physical dice: throw the dice and enter the faces they show")
        self._act(Action("roll", throw=faces), now)

    def call(self, seat: int, now: float) -> None:
        """``seat`` calls FLIX."""
        self._act(Action("call", seat=self._seat(seat), at=self.game_time(now)), now)

    def penalty(self, seat: int, now: float) -> None:
        """``seat`` calls PENALTY; the Men to lift then blink until lifted. In Qubic with three
        players the same button asks the mover to block the open three formed first."""
        if self.game.variant == "qubic":
            self._act(Action("request_block", seat=self._seat(seat)), now)
            return
        self._act(Action("penalty", seat=self._seat(seat), at=self.game_time(now)), now)

    def resign(self, seat: int, now: float) -> None:
        """``seat``'s team gives up; the last team left wins."""
        self._act(Action("resign", seat=self._seat(seat)), now)

    def undo(self, now: float) -> None:
        """Take back the last placement (and the rolls and calls after it)."""
        popped = take_back(self.game)
        if not popped:
            raise NotNow("nothing to take back: no Man has been placed")
        try:
            self.journal.append("undo", {}, at=self.game_time(now))
        except JournalError:
            for action in popped:
                self.game.apply(action)
            raise
        self.win_until = None
        self.win_line = 0
        self.notice = None
        self._guided = True
        self.flow = flow_for(self.game.variant)
        hole = popped[0].hole
        where = None if hole is None else name(hole, self.game.layout)
        self._emit_json({"type": "undo", "hole": where, "actions": len(popped)}, now)
        self._refresh(now)

    def set_token(self, seat: int | None, token: int | None, hole: str | None, now: float) -> None:
        """Pay-Off: the mover's token for the next placement (``None`` clears it), or in physical
        token mode after a call the token of the Man in ``hole`` (see ``controller.flows``)."""
        action = self.flow.token_order(self, seat, token, hole)
        if action is not None:
            self._act(action, now)
            return
        chosen = {"type": "token_chosen", "seat": self.game.to_move, "chosen": token is not None}
        self._emit_json(chosen, now)

    def set_next_faces(self, faces: str) -> None:
        """The next ROLL shows these faces (scripts and physical-dice entry)."""
        try:
            self.next_faces = str(parse_throw(faces))
        except FlixError as error:
            raise BadOrder(str(error)) from None

    # ------------------------------------------------------------------ internals

    def _seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.players:
            raise BadOrder(f"no seat {seat!r}: seats are 0..{self.game.players - 1}")
        return seat

    def _last_placer(self) -> int | None:
        for event in reversed(self.game.events):
            if event.type == "place":
                seat: int = event.data["seat"]
                return seat
        return None

    def _caller(self) -> int:
        """FLIX without a seat: the seat that placed last."""
        placer = self._last_placer()
        return self.game.to_move if placer is None else placer

    def _penaliser(self) -> int:
        """PENALTY without a seat: the first seat from the mover on of another team."""
        if self.game.variant == "qubic":
            return self.game.next_seat(self.game.to_move)  # a block request comes from another
        placer = self._last_placer()
        teams = self.game.team_of_seat
        for step in range(self.game.players):
            seat = (self.game.to_move + step) % self.game.players
            if placer is None or teams[seat] != teams[placer]:
                return seat
        return self.game.to_move

    def _check_board(self, doing: str) -> None:
        if not self.connected:
            raise NotNow(f"cannot {doing}: the board is disconnected (searching for it)")
        if not self.mismatch.clean:
            words = self._describe(self.mismatch)
            raise NotNow(f"cannot {doing}: fix the board first ({'; '.join(words)})")

    def _act(self, action: Action, now: float) -> None:
        """Apply to the game, journal, then publish: an illegal action changes nothing."""
        events = self.game.apply(action)
        try:
            self.journal.append("action", action.to_json(self.game.layout), at=self.game_time(now))
        except JournalError:
            self.game.pop()
            raise
        self._publish(events, now)
        if self.game.game_over:
            self._start_win(now)
        self._refresh(now)

    def _begin(self, data: dict[str, Any], now: float) -> None:
        game = start(data)
        self.journal.append("new_game", data)
        self.game = game
        self._offset = now
        self.notice = None
        self.win_until = None
        self.win_line = 0
        self.next_faces = None
        self.token = None
        self.flow = flow_for(game.variant)
        self._guided = True
        self._publish(game.events, now)
        self._refresh(now)

    def _next_game(self, now: float) -> None:
        game = self.game
        options = game.next_game_options()
        self._begin(new_game_entry(game.variant, game.players, game.seed + 1, options), now)

    def _start_win(self, now: float) -> None:
        self.win_line = self.flow.win_line(self)
        self.win_until = now + self.config.win_animation_s if self.win_line else None

    def _publish(self, events: Iterable[Event], now: float) -> None:
        for event in events:
            data = event.to_json(self.game.layout)
            if event.type == "penalty":
                self._guided = True
            if event.type in NOTICE_EVENTS:
                seat = data.get("opponent", data.get("seat", self.game.to_move))
                self.notice = Notice(event.type, seat, now + NOTICE_S)
            self._emit_json(data, now)

    def _emit_json(self, data: dict[str, Any], now: float) -> None:
        data = {**data, "at": round(now, 3)}
        self.events.append(data)
        if not data.get("secret"):
            self.public_events.append(data)
        self.revision += 1
        for listener in self.listeners:
            listener(data)

    def _reconcile(self) -> Mismatch:
        if self.game.game_over:
            return Mismatch()
        mismatch = reconcile(
            self.expected(), self.sensed, panels=self.game.layout.panels, analog=self.analog
        )
        return self.flow.adjust(self, mismatch)

    def _refresh(self, now: float) -> None:
        """Recompute the mismatch and the fix words after a change of board or game."""
        mismatch = self._reconcile()
        if mismatch.clean:
            self._guided = False
        if mismatch == self.mismatch:
            return
        self.revision += 1
        was_clean = self.mismatch.clean
        self.mismatch = mismatch
        if mismatch.clean:
            self._fix_due = None
            self._fix_words = []
            if not was_clean:
                self._emit_json({"type": "board_matched"}, now)
            return
        self._emit_json({"type": "board_mismatch", **self._mismatch_json(mismatch)}, now)
        due = now if self._guided else now + self.config.fix_after_s
        self._fix_due = due if was_clean or self._fix_due is None else min(self._fix_due, due)
        if self._fix_words or now >= self._fix_due:
            self._show_fix_words(now)

    def _show_fix_words(self, now: float) -> None:
        words = self._describe(self.mismatch)
        if words != self._fix_words:
            self._fix_words = words
            self.revision += 1
            self._emit_json({"type": "fix_hint", "words": words}, now)

    def _describe(self, mismatch: Mismatch) -> list[str]:
        """What a hand must do, one sentence per hole or groove."""
        layout = self.game.layout
        names = self.config.team_names
        words = [problem.words() for problem in mismatch.grooves]
        for hole in scan_forward(mismatch.extra):
            kind = {Piece.MAN: "Man", Piece.BUROCRAT: "Burocrat"}.get(
                self.sensed.holes[hole], "piece"
            )
            words.append(f"Lift the {kind} from {name(hole, layout)}")
        for hole in scan_forward(mismatch.missing):
            team, piece = self.game.piece_at(hole) or (0, "man")
            words.append(f"Put the {names[team]} {piece.capitalize()} back on {name(hole, layout)}")
        for hole in scan_forward(mismatch.wrong_kind):
            team, piece = self.game.piece_at(hole) or (0, "man")
            words.append(
                f"Swap the piece on {name(hole, layout)} for the {names[team]} {piece.capitalize()}"
            )
        return words

    def _mismatch_json(self, mismatch: Mismatch) -> dict[str, Any]:
        layout = self.game.layout
        return {
            "missing": [name(h, layout) for h in scan_forward(mismatch.missing)],
            "extra": [name(h, layout) for h in scan_forward(mismatch.extra)],
            "wrong_kind": [name(h, layout) for h in scan_forward(mismatch.wrong_kind)],
            "grooves": [
                {"groove": p.groove, "expected": p.expected, "found": p.found}
                for p in mismatch.grooves
            ],
        }

    def message(self) -> str:
        """One line for people: what happens now."""
        game = self.game
        names = self.config.team_names
        mover = f"{names[game.team_of_seat[game.to_move]]} (player {game.to_move + 1})"
        if not self.connected:
            return "Board disconnected — searching for it. The game waits where it was."
        variant_words = self.flow.message(self)
        if variant_words is not None and self.phase != Phase.AWAIT_FIX:
            return variant_words
        if game.game_over:
            result = "Draw." if game.winner is None else f"{names[game.winner]} wins!"
            return f"{result} Clear the board for a new game." if self.clearing else result
        if self.phase == Phase.AWAIT_FIX:
            if self._fix_words:
                return "Fix the board: " + "; ".join(self._fix_words) + "."
            return "The board does not match the game: see the blinking holes."
        if game.phase == Phase.AWAIT_CALLS:
            return "Nobody can place a Man: call FLIX for a line of yours, or PENALTY."
        if game.phase == Phase.AWAIT_ROLL:
            extra = f" ({game.free_throws} free throws left)" if game.free_throws else ""
            if self.config.dice == "physical":
                return f"{mover}: throw the dice and enter the faces{extra}."
            return f"{mover}: press ROLL{extra}."
        holes = popcount(game.allowed)
        where = "any empty hole" if holes > 4 else "a lit hole"
        return f"{mover}: place a Man in {where}."

    def state(self, *, test_view: bool = False, view_team: int | None = None) -> dict[str, Any]:
        """The state JSON of DESIGN §4. ``test_view`` (scripts only) adds ``pending_lines`` and
        every event, secret ones included; otherwise secret events are dropped."""
        layout = self.game.layout
        state = self.game.to_json(reveal_pending=test_view, view_team=view_team)
        state["phase"] = str(self.phase)
        state["options"] = self.game.options.to_dict()
        if test_view:  # the seed predicts the virtual dice (and deals Pay-Off tokens): tests only
            state["seed"] = self.game.seed
        state["sensed"] = {
            name(h, layout): {"piece": piece.name.lower()}
            for h, piece in enumerate(self.sensed.holes)
            if piece is not Piece.EMPTY
        }
        state["grooves"] = list(self.sensed.grooves)
        state["mismatch"] = self._mismatch_json(self.mismatch)
        state["fix"] = self.fix_words
        state["message"] = self.message()
        state["connected"] = self.connected
        state["sensing"] = self.sensing  # analog: kinds sensed; presence: kinds from the game
        state["dice"] = self.config.dice
        state["team_names"] = list(self.config.team_names[: self.game.teams])
        state["team_colours"] = [
            "#{:02x}{:02x}{:02x}".format(*c) for c in self.config.team_colours[: self.game.teams]
        ]
        state["notice"] = None if self.notice is None else self.notice.kind
        self.flow.add_state(self, state, view_team)
        if test_view:
            state["events"] = list(self.events)
        else:
            state["events"] = list(self.public_events)
        return state
