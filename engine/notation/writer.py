"""Writing a game as a record in the text notation (docs/NOTATION.md)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal

from engine.game import Game
from engine.notation.lexer import quote
from engine.notation.model import ABANDONED, WIN, Result, SeatInfo, result_of
from engine.notation.verbs import dialect_of
from engine.variants import new_game

MAGIC = "FLIX"
VERSION = 1
"""The first line of every record: ``FLIX 1``."""


def seconds_text(at: float) -> str:
    """A game time as the shortest decimal that reads back to the same number: ``3.25``.

    >>> seconds_text(1e-05), seconds_text(3.0)
    ('0.00001', '3.0')
    """
    return format(Decimal(repr(float(at))), "f")


def seat_line(seat: int, info: SeatInfo) -> str:
    """``Seat 2 computer 3 "Name"`` (seats from 1)."""
    level = f" {info.level}" if info.kind == "computer" and info.level is not None else ""
    return f"Seat {seat + 1} {info.kind}{level} {quote(info.name)}"


def result_line(result: Result) -> str:
    """``Result 1 line``, ``Result draw board full`` or ``Result abandoned`` (teams from 1)."""
    if result.outcome == ABANDONED:
        return "Result abandoned"
    who = str((result.team or 0) + 1) if result.outcome == WIN else result.outcome
    return f"Result {who} {result.reason}".rstrip()


def write_record(
    game: Game,
    seats: Sequence[SeatInfo],
    *,
    start: str | None = None,
    end: str | None = None,
) -> str:
    """The record of ``game`` (its actions so far, replayed from its seed and options), with
    the players of its seats and its start and end times (ISO 8601 text, when known).
    ``NoNotation`` for an action the variant's dialect has no word for."""
    dialect = dialect_of(game.variant)
    lines = [f"{MAGIC} {VERSION}", f"Variant {game.variant}", f"Players {game.players}"]
    lines += [seat_line(seat, info) for seat, info in enumerate(seats)]
    defaults = game.options_class().to_dict()
    owned = {tag.option for tag in dialect.tags}
    for key, value in game.options.to_dict().items():
        if key not in owned and value != defaults[key]:
            lines.append(f"Option {key} {json.dumps(value, ensure_ascii=True)}")
    for tag in dialect.tags:
        lines += [" ".join([tag.word, *row]) for row in tag.write(game)]
    if start is not None:
        lines.append(f"Start {start}")
    if end is not None:
        lines.append(f"End {end}")
    lines += [result_line(result_of(game)), ""]
    replayed = new_game(game.variant, game.players, game.seed, game.options)
    for action in game.actions:
        verb = dialect.verb_of(action.kind, game.variant)
        seat = replayed.to_move if verb.mover else action.seat or 0
        replayed.apply(action)
        words = [str(seat + 1), verb.word, *verb.write(action, replayed)]
        if verb.timed and game.uses_calls:
            words.append(f"@{seconds_text(action.at)}")
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"
