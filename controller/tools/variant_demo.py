"""The demo's hands for Pay-Off Flix and Tac-T-Flix (``flixboard demo --variant ...``).

``step(run)`` does what the variant asks of the computer player now, through the simulated
board and the real controller, and says what it did (``None``: not one of these variants).
Its players miss a block now and then, so that lines, tokens, Burocrats and withdrawals show.
"""

from __future__ import annotations

import random

from controller.tools.sim_run import SimRun
from engine.ai import completing_holes
from engine.bitboard import popcount, scan_forward
from engine.game import Game, Phase
from engine.holes import Hole, name
from engine.lines import LINES_THROUGH
from engine.payoff import PayOffFlix
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix

HAND_S = 1.0
"""Simulated seconds a hand takes to lift or seat a piece (a hole that changes four times
within a second is treated as a chattering sensor, so the demo's hands are not hastier)."""


def step(run: SimRun) -> str | None:
    """Place (with a token), call, substitute or withdraw for the player to move; what it did."""
    ctl, board = run.controller, run.board
    game = ctl.game
    team_name = ctl.config.team_names[game.team_of_seat[game.to_move]]
    if isinstance(game, TacTFlix) and game.phase == SUBSTITUTE:
        hole = next(scan_forward(game.allowed))
        board.lift(hole)
        run.advance(HAND_S)
        board.place(hole, "burocrat")
        run.advance(HAND_S)
        return f"{team_name} seats a Burocrat in place of its Man on {name(hole, game.layout)}"
    if isinstance(game, TacTFlix) and game.phase == WITHDRAW:
        holes = list(scan_forward(game.allowed))
        for hole in holes:
            board.lift(hole)
        run.advance(HAND_S)
        where = " ".join(name(hole, game.layout) for hole in holes)
        return f"{team_name} withdraws its Men from {where}"
    if isinstance(game, PayOffFlix | TacTFlix) and game.phase == Phase.AWAIT_PLACE:
        return _place(run, team_name)
    return None


def _place(run: SimRun, team_name: str) -> str:
    """A placement by a player who misses a block now and then (so that lines get made)."""
    ctl, board = run.controller, run.board
    game = ctl.game
    hole = pick_hole(game)
    words = f"{team_name} places a Man in {name(hole, game.layout)}"
    if isinstance(game, TacTFlix) and game.seq_team is not None:
        words = f"{team_name} takes a free play in {name(hole, game.layout)}"
    if isinstance(game, PayOffFlix):
        token = pick_token(game, hole)
        if token is not None:
            ctl.set_token(game.to_move, token, None, run.clock.now())
            words += " with a hidden token"
    seat = game.to_move
    board.place(hole)
    run.settle()
    if ctl.game.pending_count():
        board.press("flix", seat)
        run.advance(0.05)
        words += " and calls FLIX!"
    return words


def pick_hole(game: Game) -> Hole:
    """Win if possible; block two times in three; else the hole with most own pieces on lines
    free of other teams' pieces (ties broken by a generator seeded with the game seed)."""
    rng = random.Random(game.seed * 4099 + game.placements)
    allowed = game.allowed
    team = game.team_of_seat[game.to_move]
    own = game.pieces(team)
    wins = completing_holes(own, allowed)
    if wins:
        return wins[0]
    for other in range(game.teams):
        blocks = completing_holes(game.pieces(other), allowed) if other != team else []
        if blocks and rng.random() < 2 / 3:
            return blocks[0]
    theirs = game.occupied & ~own

    def promise(hole: Hole) -> tuple[int, float]:
        free = [line for line in LINES_THROUGH[hole] if not line & theirs]
        return sum(1 + popcount(line & own) for line in free), rng.random()

    return max(scan_forward(allowed), key=promise)


def pick_token(game: PayOffFlix, hole: Hole) -> int | None:
    """The highest unused token on a Man joining a line of the team's own with no other
    team's piece in it; never on a completing placement; otherwise none."""
    team = game.team_of_seat[game.to_move]
    hand = game.hands[team]
    own = game.pieces(team)
    if game.physical_tokens or not hand or completing_holes(own, 1 << hole):
        return None
    theirs = game.occupied & ~own
    promising = any(popcount(line & own) >= 2 and not line & theirs for line in LINES_THROUGH[hole])
    return max(hand) if promising else None
