"""What the controller says to people: the line of what happens now, and what to fix."""

from __future__ import annotations

from typing import Any

from controller.config import Config
from controller.core.reconcile import Mismatch
from engine.bitboard import BB_ALL, popcount, scan_forward
from engine.game import Game, Phase
from engine.holes import Naming
from hal.base import BoardReading, Piece


def fix_sentences(
    mismatch: Mismatch, game: Game, sensed: BoardReading, team_names: tuple[str, ...]
) -> list[str]:
    """What a hand must do, one sentence per hole or groove."""
    naming = game.naming
    words = [problem.words() for problem in mismatch.grooves]
    for hole in scan_forward(mismatch.extra):
        kind = {Piece.MAN: "Man", Piece.BUROCRAT: "Burocrat"}.get(sensed.holes[hole], "piece")
        words.append(f"Lift the {kind} from {naming.name(hole)}")
    for hole in scan_forward(mismatch.missing):
        team, piece = game.piece_at(hole) or (0, "man")
        words.append(f"Put the {team_names[team]} {piece.capitalize()} back on {naming.name(hole)}")
    for hole in scan_forward(mismatch.wrong_kind):
        team, piece = game.piece_at(hole) or (0, "man")
        words.append(
            f"Swap the piece on {naming.name(hole)} for the {team_names[team]} {piece.capitalize()}"
        )
    return words


def mismatch_json(mismatch: Mismatch, naming: Naming) -> dict[str, Any]:
    """The mismatch as the state and the events show it: hole names and groove problems."""
    return {
        "missing": [naming.name(h) for h in scan_forward(mismatch.missing)],
        "extra": [naming.name(h) for h in scan_forward(mismatch.extra)],
        "wrong_kind": [naming.name(h) for h in scan_forward(mismatch.wrong_kind)],
        "grooves": [
            {"groove": p.groove, "expected": p.expected, "found": p.found} for p in mismatch.grooves
        ],
    }


def message(
    game: Game,
    config: Config,
    *,
    phase: Phase,
    connected: bool,
    clearing: bool,
    fix: list[str],
    variant_words: str | None,
) -> str:
    """One line for people: what happens now (``variant_words``: the flow's line, if any)."""
    names = config.team_names
    mover = f"{names[game.team_of_seat[game.to_move]]} (player {game.to_move + 1})"
    if not connected:
        return "Board disconnected — searching for the board. The game waits where it was."
    if variant_words is not None and phase != Phase.AWAIT_FIX:
        return variant_words
    if game.game_over:
        result = "Draw." if game.winner is None else f"{names[game.winner]} wins!"
        return f"{result} Clear the board for a new game." if clearing else result
    if phase == Phase.AWAIT_FIX:
        if fix:
            return "Fix the board: " + "; ".join(fix) + "."
        return "The board does not match the game: see the blinking holes."
    if game.phase == Phase.AWAIT_CALLS:
        return "Nobody can place a Man: call FLIX for a line of yours, or PENALTY."
    if game.phase == Phase.AWAIT_ROLL:
        extra = f" ({game.free_throws} free throws left)" if game.free_throws else ""
        if config.dice == "physical":
            return f"{mover}: throw the dice and enter the faces{extra}."
        return f"{mover}: press ROLL{extra}."
    return f"{mover}: place a Man in {where_to_place(game)}."


def where_to_place(game: Game) -> str:
    """The holes a Man may go in, in words: every empty hole only when all are allowed."""
    lit = popcount(game.allowed)
    if game.allowed == BB_ALL & ~game.occupied:
        return "any empty hole"
    return "the lit hole" if lit == 1 else f"one of the {lit} lit holes"
