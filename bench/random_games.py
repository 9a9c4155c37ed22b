"""Seeded random games of every variant, through the engine, with every kind of move: rolls,
placements (with Pay-Off tokens), calls in time and late, penalties, block requests, Burocrat
substitutions, withdrawals, entered tokens and resignations; Flip 4's steps, flips and corner
landings; Olix's placements. The records tests and the games bench store them.
"""

from __future__ import annotations

import random

from engine.bitboard import scan_forward
from engine.errors import IllegalAction
from engine.flip4 import Flip4
from engine.game import Action, Game, Phase
from engine.variants import VARIANTS as VARIANT_CLASSES
from engine.variants import new_game

VARIANTS = tuple(VARIANT_CLASSES)
"""The registered games, in the order they are listed."""
MAX_ACTIONS = 600
"""A game longer than this is left unfinished (abandoned)."""


def random_game(variant: str, seed: int, *, players: int | None = None) -> Game:
    """A game of ``variant`` played at random from ``seed`` (one second of game time per
    action); some end by resignation, some stop unfinished."""
    rng = random.Random(seed)
    count = players or rng.choice(list(VARIANT_CLASSES[variant].seat_teams))
    options: dict[str, object] = {}
    if variant == "payoff" and rng.random() < 0.25:
        options["token_mode"] = "physical"
    if variant == "tactflix":
        options["burocrats_per_team"] = rng.choice((2, 3, 8))
    game = new_game(variant, count, seed, options)
    stop = rng.randrange(20, MAX_ACTIONS) if rng.random() < 0.15 else MAX_ACTIONS
    resign_at = rng.randrange(4, 40) if rng.random() < 0.1 else -1
    clock = 0.0
    while not game.game_over and len(game.actions) < stop:
        clock += 1.0
        if len(game.actions) == resign_at:
            game.resign(rng.randrange(game.players))
            continue
        _step(game, rng, clock)
    return game


def _step(game: Game, rng: random.Random, clock: float) -> None:
    """One random legal action."""
    if game.uncalled and rng.random() < 0.5:
        try:
            _call_or_penalise(game, rng, clock)
            return
        except IllegalAction:
            pass  # no call now (a Tac-T-Flix scoring turn): play on
    phase = game.phase
    if phase == Phase.AWAIT_ROLL:
        game.roll()
    elif phase == Phase.AWAIT_PLACE:
        _place(game, rng, clock)
    elif phase == Phase.AWAIT_CALLS:
        _call_or_penalise(game, rng, clock + 10.0)
    elif phase == "await_tokens":
        hole = rng.choice(list(scan_forward(game.allowed)))
        game.apply(Action("enter_token", hole=hole, token=None))
    elif phase in ("substitute", "withdraw"):
        getattr(game, phase)(rng.choice(list(scan_forward(game.allowed))))
    elif phase == Phase.AWAIT_MOVE and isinstance(game, Flip4):
        game.move(*rng.choice(game.moves()))
    elif phase == Phase.AWAIT_JUMP:
        game.place(rng.choice(list(scan_forward(game.allowed))))


def _place(game: Game, rng: random.Random, clock: float) -> None:
    if game.variant == "qubic" and game.players == 3 and rng.random() < 0.3:
        try:
            game.request_block(game.next_seat(game.to_move))
            return
        except IllegalAction:
            pass
    hole = rng.choice(list(scan_forward(game.allowed)))
    hands: list[tuple[int, ...]] = getattr(game, "hands", [])
    if hands and rng.random() < 0.5:
        hand = hands[game.team_of_seat[game.to_move]]
        if hand:
            try:
                game.place(hole, at=clock, token=rng.choice(hand))
                return
            except IllegalAction:
                pass
    game.place(hole, at=clock)


def _call_or_penalise(game: Game, rng: random.Random, clock: float) -> None:
    entry = rng.choice(game.uncalled)
    owners = [seat for seat in range(game.players) if game.team_of_seat[seat] == entry.team]
    others = [seat for seat in range(game.players) if game.team_of_seat[seat] != entry.team]
    if rng.random() < 0.7:
        game.call(rng.choice(owners), at=clock + rng.choice((0.5, 5.0)))
    else:
        game.penalty(rng.choice(others), at=clock + 5.0)
