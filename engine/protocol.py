"""The engine's text protocol (like UCI), as a pure class: one input line in, answer lines out.

Commands: ``variant qubic|lucky|payoff|tactflix|flip4|olix`` · ``players 2|3|4|6`` (Olix: 2) ·
``position startpos [moves ...]`` · ``roll [colour/floor/suit | 3/5]`` ·
``go [movetime MS] [depth N] [nodes N] [infinite]`` · ``stop`` · ``hint`` ·
``setoption name Level|Seed value N`` · ``perft N`` · ``isready`` · ``quit``.

A move is a hole name (a placement; in Olix a cell of the 11x11 grid such as ``F6``; in Pay-Off
``HOLE token N`` attaches a token) or, in Lucky,
a throw such as ``yellow/II/hearts`` (a roll); in Tac-T-Flix a hole name also names the Man to
replace by a Burocrat or to withdraw when the game is in that phase. In Flip 4 a move is a throw
(``3/5``), a square (a placement, or a corner jump's landing) or a step ``c3-d2``; ``perft``
counts its actions, a roll branching into the 21 different throws. ``roll`` without faces draws
from the seeded RNG and answers ``throw <faces>``. The protocol has no FLIX button, so games that
need calls are played with ``auto_call`` (a completed line scores at once). Any bad line answers
``error <reason>`` and changes nothing; no line, however garbled, raises.

``go`` and ``hint`` do not answer at once: they leave a :class:`Search` in :attr:`searching`
for the caller to run (on a worker thread, so that ``stop`` and ``isready`` are read meanwhile);
the search writes ``info`` lines and ends with ``bestmove ...`` or ``hint ...``. The class itself
does no I/O, starts no thread and reads no clock.

>>> engine = EngineProtocol()
>>> engine.handle("position startpos moves R-I-S y1s")
[]
>>> engine.handle("perft 1")
['perft 1 62']
>>> engine.handle("go nodes x")
["error go: nodes must be a whole number 1..1000000000: 'x'"]
>>> engine.handle("position sideways")
["error position: expected 'position startpos [moves ...]', got 'position sideways'"]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.errors import FlixError
from engine.game import SEED_LIMIT, Action, Game, Phase
from engine.players import make_player
from engine.players.base import (
    DEFAULT_LEVEL,
    LEVELS,
    Budget,
    Clock,
    Decision,
    SearchInfo,
    StopCheck,
)
from engine.players.view import seat_view
from engine.variants import VARIANTS, find_variant, new_game

_NUMBER = re.compile(r"[0-9]{1,20}")
"""A whole number as the protocol writes it: ASCII digits only, never more than 20 of them
(``int()`` of a longer text is never tried)."""

MAX_MOVETIME_MS = 3_600_000
MAX_DEPTH = 64
MAX_NODES = 1_000_000_000
IMMEDIATE = frozenset({"stop", "isready", "quit"})
"""The commands taken while a search runs."""
Emit = Callable[[str], None]


class ProtocolError(FlixError, ValueError):
    """A command line the protocol cannot carry out."""


def number(what: str, text: str, low: int, high: int) -> int:
    """``text`` as a whole number ``low..high`` (ASCII digits, short), else a ProtocolError."""
    if not _NUMBER.fullmatch(text) or not low <= int(text) <= high:
        shown = text if len(text) <= 24 else text[:20] + "..."
        raise ProtocolError(f"{what} must be a whole number {low}..{high}: {shown!r}")
    return int(text)


def move_text(action: Action, game: Game, *, token: bool = True) -> str:
    """An action as the protocol writes a move: ``roll``, a hole (``HOLE token N`` when a token
    rides on it and ``token`` is set), or the action's kind when it names no hole."""
    if action.kind == "roll":
        return "roll"
    if action.hole is None:
        return action.kind
    text = game.naming.name(action.hole)
    if action.to is not None:
        text += f"-{game.naming.name(action.to)}"
    if token and action.token is not None:
        text += f" token {action.token}"
    return text


def info_line(info: SearchInfo, game: Game) -> str:
    """``info depth D score cp S|mate M nodes N nps X time MS pv ...`` (pv without tokens)."""
    score = f"mate {info.mate}" if info.mate is not None else f"cp {info.score}"
    milliseconds = max(0, round(info.seconds * 1000))
    nps = round(info.nodes / info.seconds) if info.seconds > 0 else 0
    line = f"info depth {info.depth} score {score} nodes {info.nodes} nps {nps} time {milliseconds}"
    if info.pv:
        line += " pv " + " ".join(move_text(action, game, token=False) for action in info.pv)
    return line


class Search:
    """One ``go`` or ``hint`` to run: :meth:`run` searches (writing ``info`` lines for ``go``),
    :meth:`finish` writes the answer. ``go infinite`` answers only after :meth:`stop`.

    The caller runs it (on a worker thread), and calls :meth:`finish` once the search is over
    and, for ``infinite``, once ``stop`` came. ``when_stopped`` (if set) is called on ``stop``.
    """

    def __init__(
        self,
        game: Game,
        decide: Callable[[StopCheck], Decision],
        *,
        hint: bool = False,
        infinite: bool = False,
    ) -> None:
        """``decide(stop_check)`` searches ``game`` until its budget or ``stop_check`` ends it."""
        self.game = game
        self.hint = hint
        self.infinite = infinite
        self.stopped = False
        self.done = False
        self.when_stopped: Callable[[], None] | None = None
        self._decide = decide
        self._answer = ""

    def stop(self) -> None:
        """Ask for the best move so far (the search polls :attr:`stopped` through its budget)."""
        self.stopped = True
        if self.when_stopped is not None:
            self.when_stopped()

    def run(self) -> None:
        """Search now (blocking) and keep the answer for :meth:`finish`."""
        try:
            decision = self._decide(lambda: self.stopped)
        except Exception as error:  # a player's failure is answered, never raised
            self._answer = f"error {'hint' if self.hint else 'go'}: {_describe(error)}"
            return
        move = move_text(decision.action, self.game)
        if self.hint:
            reason = " ".join(decision.reason.split())  # one line, whatever the player wrote
            self._answer = f"hint {move} {reason}".rstrip()
        else:
            self._answer = f"bestmove {move}"

    def finish(self, emit: Emit) -> None:
        """Write the answer, then mark the search over (new commands are accepted after it)."""
        emit(self._answer)
        self.done = True


def _describe(error: Exception) -> str:
    if isinstance(error, FlixError):
        return str(error)
    return f"internal error {type(error).__name__}"


class EngineProtocol:
    """State of one protocol session: the variant, the player count, the current game, the
    computer player's level and seed, and the search in progress."""

    def __init__(
        self,
        variant: str = "qubic",
        players: int = 2,
        seed: int = 0,
        clock: Clock = lambda: 0.0,
        emit: Emit = lambda line: None,
    ) -> None:
        """``clock`` (seconds, e.g. ``time.monotonic``) times the searches; ``emit`` receives
        their ``info`` lines as they come (from the thread that runs the search)."""
        self.variant: str = find_variant(variant).variant
        self.players: int = players
        self.seed: int = seed
        self.level: int = DEFAULT_LEVEL
        self.player_seed: int = 0
        self.clock = clock
        self.emit = emit
        self.game: Game = self._new_game(self.variant, players)
        self.finished: bool = False
        self.searching: Search | None = None
        self._commands: dict[str, Callable[[list[str]], list[str]]] = {
            "variant": self._variant,
            "players": self._players,
            "position": self._position,
            "roll": self._roll,
            "go": self._go,
            "hint": self._hint,
            "stop": self._stop,
            "setoption": self._setoption,
            "perft": self._perft,
            "isready": self._isready,
            "quit": self._quit,
        }

    @property
    def busy(self) -> bool:
        """Whether a search is in progress (only ``stop``, ``isready`` and ``quit`` are taken)."""
        return self.searching is not None and not self.searching.done

    def waits(self, line: str) -> bool:
        """Whether ``line`` must wait for the running search to end: every command but
        ``stop``, ``isready`` and ``quit`` (which :meth:`handle` would refuse meanwhile)."""
        words = line.split()
        return self.busy and bool(words) and words[0].lower() not in IMMEDIATE

    def handle(self, line: str) -> list[str]:
        """Carry out one command line; return the lines to answer (maybe none)."""
        words = line.split()
        if not words:
            return []
        verb = words[0].lower()
        command = self._commands.get(verb)
        if command is None:
            known = " ".join(self._commands)
            shown = words[0] if len(words[0]) <= 40 else words[0][:40] + "..."
            return [f"error unknown command {shown!r} (commands: {known})"]
        if self.busy and verb not in IMMEDIATE:
            return [f"error {verb}: a search is running (send stop first)"]
        try:
            return command(words[1:])
        except Exception as error:  # any failure answers an error; the session goes on
            return [f"error {verb}: {_describe(error)}"]

    def _variant(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise ProtocolError(f"expected 'variant {'|'.join(sorted(VARIANTS))}'")
        variant = find_variant(args[0]).variant
        self.game = self._new_game(variant, self.players)
        self.variant = variant
        return []

    def _players(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise ProtocolError(f"expected 'players 2|3|4|6', got {' '.join(['players', *args])!r}")
        players = number("players", args[0], 2, 6)
        self.game = self._new_game(self.variant, players)
        self.players = players
        return []

    def _position(self, args: list[str]) -> list[str]:
        if (
            not args
            or args[0].lower() != "startpos"
            or (len(args) > 1 and args[1].lower() != "moves")
        ):
            raise ProtocolError(
                f"expected 'position startpos [moves ...]', got {' '.join(['position', *args])!r}"
            )
        game = self._new_game(self.variant, self.players)
        moves = args[2:]
        index = 0
        while index < len(moves):
            move = moves[index]
            token: int | None = None
            if index + 1 < len(moves) and moves[index + 1].lower() == "token":
                if index + 2 >= len(moves):
                    raise ProtocolError(f"move {move!r}: 'token' needs a value")
                token = number("token", moves[index + 2], 1, 10**6)
                index += 2
            index += 1
            try:
                if "/" in move:
                    game.roll(move)
                else:
                    action = game.read_move(move, token)
                    if action is None:
                        action = Action("place", hole=game.naming.parse(move), token=token)
                    game.apply(action)
            except FlixError as error:
                raise ProtocolError(f"move {move!r}: {error}") from None
        self.game = game
        return []

    def _roll(self, args: list[str]) -> list[str]:
        if len(args) > 1:
            raise ProtocolError("expected 'roll [colour/floor/suit | 3/5]'")
        if args:
            self.game.roll(args[0])
            return []
        self.game.roll()
        return [f"throw {self.game.thrown()}"]

    def _go(self, args: list[str]) -> list[str]:
        limits: dict[str, int] = {}
        infinite = False
        index = 0
        while index < len(args):
            key = args[index].lower()
            if key == "infinite":
                infinite = True
                index += 1
                continue
            bounds = {"movetime": MAX_MOVETIME_MS, "depth": MAX_DEPTH, "nodes": MAX_NODES}
            if key not in bounds or index + 1 >= len(args) or key in limits:
                raise ProtocolError(
                    "expected 'go [movetime MS] [depth N] [nodes N] [infinite]', got "
                    f"{' '.join(['go', *args])[:80]!r}"
                )
            limits[key] = number(key, args[index + 1], 1, bounds[key])
            index += 2
        self._check_to_move()
        game = self.game
        player = make_player(self.variant, self.level, self.player_seed)
        movetime = limits.get("movetime")

        def decide(stop: StopCheck) -> Decision:
            budget = Budget(
                clock=self.clock,
                movetime=None if infinite or movetime is None else movetime / 1000,
                depth=None if infinite else limits.get("depth"),
                nodes=None if infinite else limits.get("nodes"),
                stop=stop,
            )
            view = seat_view(game, game.to_move)
            return player.decide(view, budget, lambda info: self.emit(info_line(info, game)))

        self.searching = Search(game, decide, infinite=infinite)
        return []

    def _hint(self, args: list[str]) -> list[str]:
        if args:
            raise ProtocolError("expected 'hint'")
        self._check_to_move()
        game = self.game
        player = make_player(self.variant, self.level, self.player_seed)

        def decide(stop: StopCheck) -> Decision:
            return player.decide(seat_view(game, game.to_move), Budget(clock=self.clock, stop=stop))

        self.searching = Search(game, decide, hint=True)
        return []

    def _check_to_move(self) -> None:
        if self.game.game_over:
            raise ProtocolError("the game is over")
        if self.game.phase == Phase.AWAIT_CALLS:
            raise ProtocolError("nobody can move: the game waits for calls")

    def _stop(self, args: list[str]) -> list[str]:
        if args:
            raise ProtocolError("expected 'stop'")
        if not self.busy or self.searching is None:
            raise ProtocolError("no search is running")
        self.searching.stop()
        return []

    def _setoption(self, args: list[str]) -> list[str]:
        if len(args) != 4 or args[0].lower() != "name" or args[2].lower() != "value":
            raise ProtocolError("expected 'setoption name Level|Seed value N'")
        option = args[1].lower()
        if option == "level":
            self.level = number("Level", args[3], LEVELS[0], LEVELS[-1])
        elif option == "seed":
            self.player_seed = number("Seed", args[3], 0, SEED_LIMIT - 1)
        else:
            shown = args[1] if len(args[1]) <= 40 else args[1][:40] + "..."
            raise ProtocolError(f"no option {shown!r} (options: Level, Seed)")
        return []

    def _perft(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise ProtocolError(f"expected 'perft N', got {' '.join(['perft', *args])[:80]!r}")
        game = self.game
        if not game.perft_depth:
            counting = ", ".join(name for name, rules in VARIANTS.items() if rules.perft_depth)
            raise ProtocolError(f"perft counts actions of {counting}, not {self.variant}")
        depth = number("perft depth", args[0], 0, game.perft_depth)
        return [f"perft {depth} {game.perft(depth)}"]

    def _new_game(self, variant: str, players: int) -> Game:
        """A fresh game; with ``auto_call`` where the variant has calls (no FLIX button here)."""
        options = {"auto_call": True} if find_variant(variant).uses_calls else None
        return new_game(variant, players, self.seed, options)

    def _isready(self, args: list[str]) -> list[str]:
        return ["readyok"]

    def _quit(self, args: list[str]) -> list[str]:
        if self.busy and self.searching is not None:
            self.searching.stop()
        self.finished = True
        return []
