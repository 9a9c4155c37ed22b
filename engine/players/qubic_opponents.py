"""Reference opponents for measuring the Qubic player: random, one-ply, forcing-search defender,
and a forcing attacker (the shortest forcing win it finds, else the top level's move).

Each follows the :class:`~engine.players.base.Player` protocol and breaks ties between equally
good holes with a generator seeded by its seed and the position, so different seeds play
different games and the same seed always the same one.

>>> from engine.variants import new_game
>>> from engine.players.base import Budget
>>> game = new_game("qubic")
>>> OnePlyPlayer(seed=0).decide(game, Budget(clock=lambda: 0.0)).reason
'most open lines'
"""

from __future__ import annotations

import random

from engine.bitboard import Bitboard, popcount, scan_forward
from engine.errors import IllegalAction
from engine.game import Action, Game
from engine.lines import LINES_THROUGH
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, SearchInfo
from engine.players.qubic import QubicPlayer
from engine.players.qubic_threats import (
    ForcingSearch,
    completing,
    forcing_win,
    shortest_forcing_win,
)


def _allowed(game: Game) -> Bitboard:
    allowed = game.allowed
    if not allowed:
        raise IllegalAction(
            why(
                "no placement is due for seat {seat} (phase {phase})",
                seat=game.to_move,
                phase=game.phase,
            )
        )
    return allowed


def _rng(seed: int, game: Game) -> random.Random:
    return random.Random(f"{seed}:{game.occupied}:{game.to_move}")


def _decision(hole: int, reason: str, budget: Budget, nodes: int = 1) -> Decision:
    action = Action("place", hole=hole)
    return Decision(action, reason, SearchInfo(1, 0, nodes, budget.elapsed(), (action,)))


def most_open(game: Game, holes: Bitboard, rng: random.Random) -> list[int]:
    """``holes`` by the one-ply rule (most lines free of other teams, then most own pieces on
    them), equally good holes in a seeded random order."""
    own = game.pieces(game.team_of_seat[game.to_move])
    theirs = game.occupied & ~own

    def openness(hole: int) -> tuple[int, int]:
        free = [line for line in LINES_THROUGH[hole] if not line & theirs]
        return len(free), sum(popcount(line & own) for line in free)

    ordered = list(scan_forward(holes))
    rng.shuffle(ordered)
    ordered.sort(key=openness, reverse=True)
    return ordered


def _win_or_block(game: Game, allowed: Bitboard) -> tuple[int, str] | None:
    own = game.pieces(game.team_of_seat[game.to_move])
    others = game.occupied & ~own
    wins = completing(own, others) & allowed
    if wins:
        return (wins & -wins).bit_length() - 1, why("wins")
    seat = game.next_seat(game.to_move)
    for _ in range(game.players):
        team = game.team_of_seat[seat]
        seat = game.next_seat(seat)
        theirs = game.pieces(team)
        if theirs & own:
            continue
        threats = completing(theirs, game.occupied & ~theirs) & allowed
        if threats:
            return (threats & -threats).bit_length() - 1, why("blocks")
    return None


class RandomPlayer:
    """Any allowed hole, uniformly at random (seeded)."""

    level = 1

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """A random allowed hole."""
        holes = list(scan_forward(_allowed(game)))
        return _decision(_rng(self.seed, game).choice(holes), why("at random"), budget)

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """No calls."""
        return []


class OnePlyPlayer:
    """The one-ply rule of :func:`engine.ai.choose_hole`: win, else block, else the most open
    hole, with ties broken by the seed instead of the lowest index."""

    level = 1

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Win, block, or the most open hole."""
        allowed = _allowed(game)
        urgent = _win_or_block(game, allowed)
        if urgent is not None:
            return _decision(urgent[0], urgent[1], budget)
        return _decision(
            most_open(game, allowed, _rng(self.seed, game))[0], why("most open lines"), budget
        )

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """No calls."""
        return []


class ForcingDefender:
    """The one-ply rule plus forcing searches: plays its own forcing win when it finds one, and
    otherwise the most open hole after which the other team has no forcing win (two teams).

    ``nodes`` bounds the forcing-search nodes of one decision.
    """

    level = 2

    def __init__(self, seed: int = 0, nodes: int = 20_000, forcing_moves: int = 12) -> None:
        self.seed = seed
        self.nodes = nodes
        self.forcing_moves = forcing_moves

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Win, block, own forcing win, a refutation of the other's forcing win, or most open."""
        allowed = _allowed(game)
        urgent = _win_or_block(game, allowed)
        if urgent is not None:
            return _decision(urgent[0], urgent[1], budget)
        rng = _rng(self.seed, game)
        ordered = most_open(game, allowed, rng)
        if game.teams != 2:
            return _decision(ordered[0], why("most open lines"), budget)
        own = game.pieces(game.team_of_seat[game.to_move])
        other = game.occupied & ~own
        state = ForcingSearch(self.nodes)
        win = forcing_win(own, other, state, self.forcing_moves)
        if win.moves:
            return _decision(
                win.first, why("forces a win in {moves}", moves=win.moves), budget, state.nodes
            )
        if not forcing_win(other, own, state, self.forcing_moves).moves:
            return _decision(ordered[0], why("most open lines"), budget, state.nodes)
        for hole in ordered:
            if state.spent() or budget.exhausted():
                break
            mine = own | 1 << hole
            if not forcing_win(other, mine, state, self.forcing_moves).moves and not state.spent():
                return _decision(hole, why("stops a forcing win"), budget, state.nodes)
        return _decision(ordered[0], why("most open lines"), budget, state.nodes)

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """No calls."""
        return []


class ForcingAttacker:
    """A first player for measuring how long the second player resists: wins or blocks at once,
    else plays the first move of the shortest forcing win it finds (threat sequences of up to
    ``forcing_moves`` moves within ``nodes`` nodes, two teams), else the top level's move
    (the proof book where it holds the position, its search elsewhere)."""

    level = 5

    def __init__(self, seed: int = 0, nodes: int = 200_000, forcing_moves: int = 32) -> None:
        self.seed = seed
        self.nodes = nodes
        self.forcing_moves = forcing_moves
        self.fallback = QubicPlayer(5, seed)

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Win, block, the shortest forcing win found, or the top level's move."""
        allowed = _allowed(game)
        urgent = _win_or_block(game, allowed)
        if urgent is not None:
            return _decision(urgent[0], urgent[1], budget)
        if game.teams == 2:
            own = game.pieces(game.team_of_seat[game.to_move])
            state = ForcingSearch(self.nodes, budget.exhausted)
            win = shortest_forcing_win(own, game.occupied & ~own, state, self.forcing_moves)
            if win.moves:
                reason = why("forces a win in {moves}", moves=win.moves)
                return _decision(win.first, reason, budget, state.nodes)
        return self.fallback.decide(game, budget, on_info)

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """No calls."""
        return []
