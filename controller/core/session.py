"""The game session: the engine game, its journal, its events and its seats.

``GameSession`` is the one way a game changes: ``start`` a game, ``act`` (apply an action),
``undo``. Each change is journalled before its events are published to ``subscribe``rs; an
action the engine refuses, or the journal cannot store, changes nothing. The board controller
(``controller.core.board_controller``) keeps the board in step with it. A game that ends, or is
given up for a new one after its first move, is kept in the game records
(``controller.records``).
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TypeVar

import msgspec

from controller.config import SECTIONS, Config, ConfigError, from_tables
from controller.core.game_log import new_game_entry, replay, start, take_back
from controller.core.state import (
    EngineState,
    Event,
    Happened,
    RecordsFailed,
    Resumed,
    SeatSwitched,
)
from controller.errors import BadOrder, NotNow
from controller.flows import VariantFlow
from controller.game_data import NewGameData
from controller.games import game_spec
from controller.records.journal import (
    ActionEntry,
    Entry,
    Journal,
    JournalError,
    NewGameEntry,
    UndoEntry,
    action_data,
)
from controller.records.keeping import keep_played, utc_now
from controller.records.model import GameOptions
from controller.records.store import GameStore, RecordsError
from controller.seats import Seat, entry_seats, with_seats
from engine.errors import FlixError
from engine.events import CalledNothing, PenaltyNothing, Placed
from engine.events import Event as GameEvent
from engine.game import SEED_LIMIT, Action, Game, seat_range
from engine.notation import SeatInfo
from engine.phrase import why

V = TypeVar("V")

RECENT_EVENTS = 50
"""Public events the HTTP state carries."""
EVENT_LOG_LIMIT = 20_000
"""Events kept for the test view (scripts); older ones are dropped so a service never grows."""

IDLE_CALLS: dict[type[GameEvent], str] = {
    PenaltyNothing: why("nothing to penalise: no other team has forgotten to call a line"),
    CalledNothing: why("nothing to call: no line of this team waits for its FLIX"),
}
"""A call that would change nothing, refused so that it is never journalled nor kept as a move
(a record of thousands of them would replay as a long game)."""

Listener = Callable[[Happened | GameEvent, Event], None]
Recorder = Callable[[Entry], None]
"""Told of every game entry journalled (``new_game``, ``action``, ``undo``)."""
"""Told of every game entry journalled: its kind (``new_game``, ``action``, ``undo``), its data
and its journal sequence number."""

TEST_ONLY_KEYS = ("seed", "deal")
"""Facts only the test view (scripts) shows: the seed predicts the virtual dice and deals the
Pay-Off hands, a fixed ``deal`` is the hands; no public or team view, event or option carries
them."""


def game_entry(
    config: Config,
    variant: str,
    players: int,
    seed: int | None,
    options: GameOptions | None,
    seats: object = None,
    hints: object = None,
    names: object = None,
) -> NewGameData:
    """A checked ``new_game`` journal entry: options on top of the configured ones (those that
    are settings too checked as settings are), a seed ``0 <= seed < SEED_LIMIT``, drawn from a
    cryptographic source when none is given, the seats and hints given or configured, the
    players' names given (``controller.seats``). ``BadOrder`` names what is wrong."""
    if options is not None and not isinstance(options, dict):
        raise BadOrder(f"options must be an object, not {options!r}")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT
    ):
        shown = repr(seed) if len(repr(seed)) <= 24 else f"{repr(seed)[:20]}..."
        raise BadOrder(f"seed must be a whole number 0..2**63-1, not {shown}")
    for key in ("panels", "suits"):
        if options is not None and key in options and not isinstance(options[key], str):
            raise BadOrder(f"{key} must be a string of four letters, not {options[key]!r}")
    _check_settings(options or {})
    merged = {**config.game_options(), **(options or {})}
    chosen = secrets.randbelow(SEED_LIMIT) if seed is None else seed
    data = new_game_entry(variant, players, chosen, merged)
    try:
        start(data)
    except (FlixError, TypeError) as error:
        raise BadOrder(str(error)) from None
    return with_seats(
        data,
        seats,
        hints,
        default_seats=config.game.seats,
        default_hints=config.game.hints,
        names=names,
    )


def _check_settings(options: GameOptions) -> None:
    """Options that are also settings (call window, panels, ...) within the settings' bounds."""
    settings = Config().game_options()
    for section, keys in SECTIONS.items():
        for key in keys:
            if key in options and key in settings:
                try:
                    from_tables({section: {key: options[key]}}, key)
                except ConfigError as error:
                    raise BadOrder(str(error)) from None


def _waits_after(entry: Entry, waiting: bool) -> bool:
    """Whether the computer seats wait for a person after ``entry`` (see ``waiting``)."""
    if entry.kind == "undo":
        return True
    if entry.kind in ("seats", "action"):
        return False
    return waiting


def everywhere(seat: int) -> bool:
    """Every seat is played at this board (no remote play)."""
    return True


def _without_test_only(data: Mapping[str, V]) -> dict[str, V]:
    return {key: value for key, value in data.items() if key not in TEST_ONLY_KEYS}


class GameSession:
    """One game at a time: ``resume`` the journal's game or ``start`` one before anything else."""

    def __init__(self, config: Config, journal: Journal) -> None:
        self.config = config
        self.journal = journal
        self.listeners: list[Listener] = []
        self.recorders: list[Recorder] = []
        """Told of every game entry journalled (remote play's host publishes them)."""
        self.events: deque[Event] = deque(maxlen=EVENT_LOG_LIMIT)
        self.public_events: deque[Event] = deque(maxlen=RECENT_EVENTS)
        self.revision = 0
        """Grows with every published event."""
        self.token: int | None = None
        """Pay-Off: the token chosen for the next placement."""
        self.next_faces: str | None = None
        """The faces the next roll shows (scripts, physical dice)."""
        self.changes = 0
        """Grows with every change of the game or of its seats (not with board events)."""
        self.seats: tuple[Seat, ...] = ()
        """Who plays each seat: a person or the computer (journalled)."""
        self.hints = True
        """Whether this game shows hints and threats."""
        self.waiting = False
        """A move was taken back and nobody has acted since: the computer seats wait for a
        person (``controller.core.take_back``); any action ends the wait (meanwhile only a
        person acts: a placement, a step, a call)."""
        self.entry: NewGameData
        """The ``new_game`` entry of the game being played (with its ``record`` key and the
        time it ``started``)."""
        self.records = GameStore.beside(journal)
        """The game records, beside the journal."""
        self.dice_record: Callable[[], str | None] | None = None
        """A remote game's dice for its record (``StoredGame.dice``), set by remote play."""
        self.dealer: Callable[[NewGameData], NewGameData] | None = None
        """What a game's start becomes before it is journalled (remote play's host deals a
        Pay-Off game from both boards' shares); ``NotNow`` when it cannot start now."""
        self.game: Game
        self.flow: VariantFlow
        self._offset = 0.0
        self._keep_at: float | None = None
        """When a move the board sensed ended the game: kept by ``settle``, after its frame."""

    def resume(self, now: float) -> bool:
        """Resume the journal's game, if it holds one (``False``: ``start`` one)."""
        entries = self.journal.current_game()
        if not entries:
            return False
        self.game, latest = replay(entries)
        self.flow = game_spec(self.game.variant).flow()
        first = entries[0]
        if first.kind != "new_game":
            raise JournalError(f"journal entry {first.seq} starts no game")
        self.entry = {"record": f"journal-{first.seq}", **first.data}
        self.seats, self.hints = entry_seats(self.entry)
        for entry in entries:
            if entry.kind == "seats":
                self._seat(entry.data["seat"], Seat(entry.data["kind"], entry.data.get("level")))
            self.waiting = _waits_after(entry, self.waiting)
        self.changes += 1
        self._offset = now - latest
        self.emit(Resumed(actions=len(self.game.actions)), now)
        if self.game.game_over:
            self._keep(now, again=False)  # ended just before a stop: kept unless it was
        return True

    # ------------------------------------------------------------------ views

    def game_time(self, now: float) -> float:
        """Seconds on the game's own time line (continues across restarts)."""
        return now - self._offset

    def catch_up(self, at: float, now: float) -> None:
        """Move the game's time line on to ``at`` when it is behind it (a joined board follows
        the host's clock: the times of the host's actions)."""
        if at > self.game_time(now):
            self._offset = now - at

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with every event published from now on: the typed event and the
        JSON dict published."""
        self.listeners.append(listener)

    def view(self, *, test_view: bool, view_team: int | None) -> EngineState:
        """The engine's state (``Game.to_json``, typed here); ``test_view`` (scripts) adds the
        pending lines."""
        shown = self.game.to_json(reveal_pending=test_view, view_team=view_team)
        return msgspec.convert(shown, EngineState)

    def options_view(self, *, test_view: bool) -> GameOptions:
        """The game's options; without ``test_view``, those only tests may see are left out."""
        options = self.game.options.to_dict()
        return options if test_view else _without_test_only(options)

    def recent_events(self, *, test_view: bool) -> list[Event]:
        """The public events the state carries; ``test_view``: every event, secret ones too."""
        return list(self.events if test_view else self.public_events)

    # ------------------------------------------------------------------ seats

    def seat(self, seat: object) -> int:
        """``seat`` checked: a seat of this game."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.players:
            raise BadOrder(
                why("no seat {seat}: {seats}", seat=repr(seat), seats=seat_range(self.game.players))
            )
        return seat

    def _last_placer(self) -> int | None:
        for event in reversed(self.game.events):
            if isinstance(event, Placed):
                return event.seat
        return None

    def _button_seats(self, here: Callable[[int], bool]) -> list[int]:
        """The seats that may press the board's own buttons, from the mover on: the people's
        at this board (``here``; the computer calls for itself), every seat when none."""
        game = self.game
        order = [(game.to_move + step) % game.players for step in range(game.players)]
        people = [seat for seat in order if not self.seats[seat].is_computer and here(seat)]
        return people or order

    def caller(self, here: Callable[[int], bool] = everywhere) -> int:
        """FLIX without a seat (the board's FLIX button): the seat that placed last when its
        team has a line to call, else the first person's seat whose team has one, else the
        seat that placed last (which is told that it has nothing to call). ``here``: whether
        a seat is played at this board (remote play)."""
        placer = self._last_placer()
        teams, calling = self.game.team_of_seat, self.game.calling_teams()
        if placer is not None and teams[placer] in calling:
            return placer
        for seat in self._button_seats(here):
            if teams[seat] in calling:
                return seat
        return self.game.to_move if placer is None else placer

    def penaliser(self, at: float, here: Callable[[int], bool] = everywhere) -> int:
        """PENALTY without a seat (the board's PENALTY button) at game time ``at``: the first
        person's seat from the mover on whose team would penalise another team's forgotten
        line; without one, of the seats played here (all, if none is), the first from the mover
        on of another team than the last placer's, else the first (told that there is nothing
        to penalise)."""
        game = self.game
        if game_spec(game.variant).penalty_asks_block:
            return game.next_seat(game.to_move)  # a block request comes from another
        teams, offenders = game.team_of_seat, game.penalised_teams(at)
        for seat in self._button_seats(here):
            if offenders - {teams[seat]}:
                return seat
        placer = self._last_placer()
        order = [(game.to_move + step) % game.players for step in range(game.players)]
        mine = [seat for seat in order if here(seat)] or order
        for seat in mine:
            if placer is None or teams[seat] != teams[placer]:
                return seat
        return mine[0]

    # ------------------------------------------------------------------ changes

    def start(self, entry: NewGameData, now: float) -> list[GameEvent]:
        """Start the game of a checked ``new_game`` entry (see ``game_entry``); the events
        published."""
        if self.dealer is not None:
            entry = self.dealer(entry)
        entry = {**entry, "record": secrets.token_hex(8), "started": utc_now()}
        game = start(entry)
        seats, hints = entry_seats(entry)
        seq = self.journal.append("new_game", entry)
        if getattr(self, "game", None) is not None and not self.game.game_over:
            self._keep(now)  # abandoned for the new game
        self.game = game
        self.entry = entry
        self.seats, self.hints = seats, hints
        self.changes += 1
        self._offset = now
        self.next_faces = None
        self.token = None
        self.waiting = False
        self.flow = game_spec(game.variant).flow()
        self._record(NewGameEntry(seq, "new_game", entry))
        return self._publish(game.events, now)

    def start_next(self, now: float) -> list[GameEvent]:
        """Start the next game of the same kind (next seed, the options the game passes on)."""
        game = self.game
        options = game.next_game_options()
        entry = new_game_entry(game.variant, game.players, (game.seed + 1) % SEED_LIMIT, options)
        seats = [seat.to_json() for seat in self.seats]
        return self.start(
            with_seats(entry, seats, self.hints, default_seats=(), default_hints=True), now
        )

    def switch_seat(self, seat: int, to: Seat, now: float) -> None:
        """``seat`` is played from now on by ``to`` (journalled, so a resumed game keeps it)."""
        seat = self.seat(seat)
        self.journal.append("seats", {"seat": seat, **to.to_json()}, at=self.game_time(now))
        self._seat(seat, to)
        self.waiting = False  # a seat handed over: the computer takes its turn at once
        self.changes += 1
        self.emit(SeatSwitched(seat=seat, **to.to_json()), now)

    def _seat(self, seat: int, to: Seat) -> None:
        """``seat`` is played by ``to``, under the name it had while the same kind of player
        plays it (a name belongs to a person, not to the seat), unless ``to`` brings one."""
        seats = list(self.seats)
        kept = seats[seat].name if seats[seat].kind == to.kind else None
        seats[seat] = to if to.name is not None else replace(to, name=kept)
        self.seats = tuple(seats)

    def act(self, action: Action, now: float, *, sync: bool = True) -> list[GameEvent]:
        """Apply to the game, journal, then publish: an illegal action, or a call that changes
        nothing (``IDLE_CALLS``), changes nothing. The events published. ``sync=False``: a move
        the board sensed, fsynced by the journal's ``sync`` after its LED frame
        (``controller.records.journal``)."""
        events = self.game.apply(action)
        if events and all(type(event) in IDLE_CALLS for event in events):
            self.game.pop()
            raise NotNow(IDLE_CALLS[type(events[0])])
        data = action.to_json(self.game.naming)
        try:
            seq = self.journal.append("action", data, at=self.game_time(now), sync=sync)
        except JournalError:
            self.game.pop()
            raise
        self.changes += 1
        self.waiting = False  # while waiting only a person acts: play goes on
        self._record(ActionEntry(seq, "action", action_data(data)))
        published = self._publish(events, now)
        if self.game.game_over and sync:
            self._keep(now)
        elif self.game.game_over:
            self._keep_at = now
        return published

    def settle(self) -> None:
        """After the LED frame of a move the board sensed: make it durable, then keep the game
        it ended (its record written, read back through the rules and stored: 2.5 ms of CPU and
        the store's fsync, 9-70 ms on a busy machine, which the frame no longer waits for)."""
        self.journal.sync()
        if self._keep_at is not None:
            now, self._keep_at = self._keep_at, None
            self._keep(now)

    def undo(self, now: float) -> list[Action]:
        """Take back the last placement (or Flip 4 step) and the actions after it: one journal
        ``undo`` entry; the actions taken back (none when no piece has been placed or moved:
        nothing changes). The computer seats then wait for a person's move (``waiting``)."""
        popped = take_back(self.game)
        if not popped:
            return []
        try:
            seq = self.journal.append("undo", {}, at=self.game_time(now))
        except JournalError:
            for action in popped:
                self.game.apply(action)
            raise
        self.changes += 1
        self.waiting = True
        self.flow = game_spec(self.game.variant).flow()
        self._record(UndoEntry(seq, "undo", {}))
        return popped

    # ------------------------------------------------------------------ records

    def seat_infos(self) -> list[SeatInfo]:
        """Who plays each seat, as the game records name them."""
        return [
            SeatInfo(seat.label(index), seat.kind, seat.level)
            for index, seat in enumerate(self.seats)
        ]

    def _keep(self, now: float, *, again: bool = True) -> None:
        """Keep the game in the records (a game without a move is not kept); ``again=False``
        leaves a game already kept as it is. A failure is an event: play goes on."""
        if not self.game.actions:
            return
        key = str(self.entry["record"])
        try:
            if again or not self.records.has(key):
                keep_played(
                    self.records,
                    self.game,
                    self.seat_infos(),
                    key=key,
                    started=self.entry.get("started"),
                    ended=utc_now(),
                    dice=None if self.dice_record is None else self.dice_record(),
                )
        except (RecordsError, FlixError) as error:
            self.emit(RecordsFailed(reason=str(error)), now)

    def _record(self, entry: Entry) -> None:
        for recorder in self.recorders:
            recorder(entry)

    def emit(self, event: Happened | GameEvent, now: float) -> None:
        """Publish one event (stamped ``at``; holes by name); a ``secret`` one stays out of the
        public views. Listeners get the event and, as the public views, its JSON without the
        test-only keys."""
        data: Event = (
            msgspec.to_builtins(event)
            if isinstance(event, Happened)
            else event.to_json(self.game.naming)
        )
        data = {**data, "at": round(now, 3)}
        self.events.append(data)
        published = _without_test_only(data)
        if not data.get("secret"):
            self.public_events.append(published)
        self.revision += 1
        for listener in self.listeners:
            listener(event, published)

    def _publish(self, events: list[GameEvent], now: float) -> list[GameEvent]:
        for event in events:
            self.emit(event, now)
        return events
