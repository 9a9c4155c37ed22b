"""Hidden worlds a seat cannot tell apart, and what "the same decision" means, for the
no-peeking tests."""

from __future__ import annotations

import random

from engine.bitboard import scan_forward
from engine.game import Action, Game
from engine.payoff import PayOffFlix
from engine.players.base import Decision
from engine.variants import new_game

PAYOFF_3_TOKENS = [100, 50, 50, 25, 25, 20, 20, 10, 10]
PAYOFF_3_DEAL = [[100, 10, 10], [50, 50, 25], [25, 20, 20]]


def payoff_worlds(seed: int, placements: int, players: int) -> tuple[Game, Game]:
    """Two Pay-Off games alike for team 0 to move: the other teams attach other tokens (with
    three teams, teams 1 and 2 were also dealt each other's hands) and the seeds differ. Which
    Men carry a token is public: alike in both."""
    if players == 3:
        swapped = [PAYOFF_3_DEAL[0], PAYOFF_3_DEAL[2], PAYOFF_3_DEAL[1]]
        deals = [PAYOFF_3_DEAL, swapped]
        options = [{"tokens": PAYOFF_3_TOKENS, "deal": deal} for deal in deals]
    else:
        first = new_game("payoff", seed=seed)
        assert isinstance(first, PayOffFlix)
        dealt = first.dealt
        options = [{"deal": dealt}, {"deal": dealt}]
    a = new_game("payoff", players=players, seed=3 * seed + 1, options=options[0])
    b = new_game("payoff", players=players, seed=3 * seed + 2, options=options[1])
    assert isinstance(a, PayOffFlix) and isinstance(b, PayOffFlix)
    shared, own_a, own_b = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    while a.placements < placements or a.team_of_seat[a.to_move] != 0:
        team = a.team_of_seat[a.to_move]
        empty = a.allowed & ~a.completing(team)
        if not empty or a.placements > placements + players:
            break
        hole = shared.choice(list(scan_forward(empty)))
        if team == 0:
            token = shared.choice([None, *a.hands[0]])
            a.apply(Action("place", hole=hole, token=token))
            b.apply(Action("place", hole=hole, token=token))
        else:
            attach = shared.random() < 0.6 and bool(a.hands[team])
            for game, own in ((a, own_a), (b, own_b)):
                token = own.choice(game.hands[team]) if attach else None
                game.apply(Action("place", hole=hole, token=token))
    return a, b


def same_decision(one: Decision, other: Decision) -> bool:
    return (one.action, one.reason, one.info.score, one.info.depth, one.info.pv) == (
        other.action,
        other.reason,
        other.info.score,
        other.info.depth,
        other.info.pv,
    )
