"""The engine's text protocol (like UCI), as a pure class: one input line in, answer lines out.

Commands: ``variant qubic|lucky`` · ``players 2|3|4|6`` · ``position startpos [moves ...]`` ·
``roll [colour/floor/suit]`` · ``go [movetime MS] [depth N]`` · ``perft N`` · ``isready`` ·
``quit``. A move is a hole name (a placement) or, in Lucky, a throw such as ``yellow/II/hearts``
(a roll); in Tac-T-Flix a hole name also names the Man to replace by a Burocrat or to withdraw
when the game is in that phase. ``roll`` without faces draws from the seeded RNG and answers
``throw <faces>``. The protocol has no FLIX button, so games that need calls are played with
``auto_call`` (a completed line scores at once). Any bad line answers ``error <reason>`` and
changes nothing.

>>> engine = EngineProtocol()
>>> engine.handle("position startpos moves R-I-S y1s")
[]
>>> engine.handle("perft 1")
['perft 1 62']
>>> engine.handle("go depth 1")
['bestmove R-I-C']
>>> engine.handle("position sideways")
["error position: expected 'position startpos [moves ...]', got 'position sideways'"]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.ai import choose_hole
from engine.dice import parse_throw
from engine.errors import FlixError
from engine.game import Action, Game
from engine.holes import name, parse
from engine.qubic import perft
from engine.tactflix import SUBSTITUTE, WITHDRAW
from engine.variants import VARIANTS, find_variant, new_game

_NUMBER = re.compile(r"[0-9]+")
"""A whole number as the protocol writes it: ASCII digits only."""

MAX_PERFT_DEPTH = 6
"""Deeper perft runs would block the protocol for hours."""
HOLE_ACTIONS: dict[str, str] = {SUBSTITUTE: "substitute", WITHDRAW: "withdraw"}
"""Phases in which a hole move is not a placement, and the action it is then."""


class ProtocolError(FlixError, ValueError):
    """A command line the protocol cannot carry out."""


class EngineProtocol:
    """State of one protocol session: the variant, the player count and the current game."""

    def __init__(self, variant: str = "qubic", players: int = 2, seed: int = 0) -> None:
        self.variant: str = find_variant(variant).variant
        self.players: int = players
        self.seed: int = seed
        self.game: Game = self._new_game(self.variant, players)
        self.finished: bool = False
        self._commands: dict[str, Callable[[list[str]], list[str]]] = {
            "variant": self._variant,
            "players": self._players,
            "position": self._position,
            "roll": self._roll,
            "go": self._go,
            "perft": self._perft,
            "isready": self._isready,
            "quit": self._quit,
        }

    def handle(self, line: str) -> list[str]:
        """Carry out one command line; return the lines to answer (maybe none)."""
        words = line.split()
        if not words:
            return []
        command = self._commands.get(words[0].lower())
        if command is None:
            known = " ".join(self._commands)
            return [f"error unknown command {words[0]!r} (commands: {known})"]
        try:
            return command(words[1:])
        except FlixError as error:
            return [f"error {words[0].lower()}: {error}"]

    def _variant(self, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise ProtocolError(f"expected 'variant {'|'.join(sorted(VARIANTS))}'")
        variant = find_variant(args[0]).variant
        self.game = self._new_game(variant, self.players)
        self.variant = variant
        return []

    def _players(self, args: list[str]) -> list[str]:
        if len(args) != 1 or not _NUMBER.fullmatch(args[0]):
            raise ProtocolError(f"expected 'players 2|3|4|6', got {' '.join(['players', *args])!r}")
        game = self._new_game(self.variant, int(args[0]))
        self.players, self.game = int(args[0]), game
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
        for move in args[2:]:
            try:
                if "/" in move:
                    game.roll(parse_throw(move))
                else:
                    hole = parse(move, game.layout)
                    kind = HOLE_ACTIONS.get(str(game.phase), "place")
                    game.apply(Action(kind, hole=hole))
            except FlixError as error:
                raise ProtocolError(f"move {move!r}: {error}") from None
        self.game = game
        return []

    def _roll(self, args: list[str]) -> list[str]:
        if len(args) > 1:
            raise ProtocolError("expected 'roll [colour/floor/suit]'")
        if args:
            self.game.roll(parse_throw(args[0]))
            return []
        self.game.roll()
        return [f"throw {self.game.last_throw}"]

    def _go(self, args: list[str]) -> list[str]:
        if len(args) % 2 or any(key not in ("movetime", "depth") for key in args[::2]):
            raise ProtocolError(f"expected 'go [movetime MS] [depth N]', got {' '.join(args)!r}")
        for key, value in zip(args[::2], args[1::2], strict=True):
            if not _NUMBER.fullmatch(value):
                raise ProtocolError(f"{key} must be a whole number: {value!r}")
        if self.game.game_over:
            raise ProtocolError("the game is over")
        return [f"bestmove {name(choose_hole(self.game), self.game.layout)}"]

    def _perft(self, args: list[str]) -> list[str]:
        if len(args) != 1 or not _NUMBER.fullmatch(args[0]):
            raise ProtocolError(f"expected 'perft N', got {' '.join(['perft', *args])!r}")
        depth = int(args[0])
        if depth > MAX_PERFT_DEPTH:
            raise ProtocolError(f"depth {depth} is too deep (at most {MAX_PERFT_DEPTH})")
        if self.game.variant != "qubic":
            raise ProtocolError(f"perft counts placements of qubic, not {self.variant}")
        return [f"perft {depth} {perft(self.game, depth)}"]

    def _new_game(self, variant: str, players: int) -> Game:
        """A fresh game; with ``auto_call`` where the variant has calls (no FLIX button here)."""
        options = {"auto_call": True} if find_variant(variant).uses_calls else None
        return new_game(variant, players, self.seed, options)

    def _isready(self, args: list[str]) -> list[str]:
        return ["readyok"]

    def _quit(self, args: list[str]) -> list[str]:
        self.finished = True
        return []
