"""A simple deterministic player: win if possible, else block, else the most open hole.

>>> from engine.holes import name
>>> from engine.variants import new_game
>>> game = new_game("qubic")
>>> for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D"):
...     _ = game.place(hole)
>>> name(choose_hole(game))
'R-I-C'
"""

from __future__ import annotations

from engine.bitboard import Bitboard, popcount, scan_forward
from engine.errors import IllegalAction
from engine.game import Game, player
from engine.holes import Hole
from engine.lines import LINES_THROUGH, completing
from engine.phrase import why


def completing_holes(pieces: Bitboard, candidates: Bitboard) -> list[Hole]:
    """The holes of ``candidates`` that would complete a line of ``pieces``."""
    return list(scan_forward(completing(pieces, candidates)))


def choose_hole(game: Game) -> Hole:
    """The hole ``game.to_move`` should fill now.

    A hole that completes a line of the mover's team; else one that stops a line of another team
    (teams in seat order from the mover's left); else the allowed hole on the most lines free of
    other teams' pieces, then with most own pieces on them, then the lowest index.
    """
    allowed = game.allowed
    if not allowed:
        raise IllegalAction(
            why(
                "no placement is due for {player} (phase {phase})",
                player=player(game.to_move),
                phase=game.phase,
            )
        )
    team = game.team_of_seat[game.to_move]
    own = game.pieces(team)
    wins = completing_holes(own, allowed)
    if wins:
        return wins[0]
    seat = game.next_seat(game.to_move)
    others: list[int] = []
    for _ in range(game.players):
        other = game.team_of_seat[seat]
        if other != team and other not in others:
            others.append(other)
        seat = (seat + 1) % game.players
    for other in others:
        blocks = completing_holes(game.pieces(other), allowed)
        if blocks:
            return blocks[0]
    theirs = game.occupied & ~own

    def openness(hole: Hole) -> tuple[int, int, int]:
        free = [line for line in LINES_THROUGH[hole] if not line & theirs]
        return len(free), sum(popcount(line & own) for line in free), -hole

    return max(scan_forward(allowed), key=openness)
