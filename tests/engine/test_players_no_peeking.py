"""No peeking: two hidden worlds a seat cannot tell apart give it the same view, the same decision
and the same hint (the player's own seed being the same).

Lucky Flix worlds differ in the game's seed (the dice still to come); Pay-Off worlds also in the
token values of the other teams (which tokens ride on their Men, and with three teams who was
dealt what). Every game's hint is asked through the controller's hint path
(:class:`controller.computer.think_worker.Thinker`), with the game's seed changed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from controller.computer.think_worker import Answer, GameStart, Job, Thinker
from controller.seats import player_seed
from engine.bitboard import scan_forward
from engine.dice import throw_dice
from engine.game import Action, Game, Phase
from engine.lucky import LuckyFlix
from engine.payoff import PayOffFlix
from engine.players import make_player
from engine.players.base import Budget, Decision
from engine.players.view import seat_view
from engine.variants import new_game
from tests.engine.hidden_worlds import payoff_worlds, same_decision


def lucky_worlds(seed: int, actions: int) -> tuple[Game, Game]:
    """Two Lucky games with other seeds and the same throws and placements."""
    rng = random.Random(seed)
    a = new_game("lucky", seed=2 * seed + 1)
    b = new_game("lucky", seed=2 * seed + 2)
    assert isinstance(a, LuckyFlix)
    while len(a.actions) < actions and a.phase in (Phase.AWAIT_ROLL, Phase.AWAIT_PLACE):
        if a.phase == Phase.AWAIT_ROLL:
            action = Action("roll", throw=str(throw_dice(rng, a.dice)))
        else:
            empty = a.allowed & ~a.completing(a.team_of_seat[a.to_move])
            if not empty:
                break
            action = Action("place", hole=rng.choice(list(scan_forward(empty))))
        a.apply(action)
        b.apply(action)
    return a, b


def decide(game: Game, level: int, seed: int) -> Decision:
    player = make_player(game.variant, level, seed)
    return player.decide(seat_view(game, game.to_move), Budget(clock=lambda: 0.0, nodes=600))


LUCKY_POSITIONS = [(seed, actions) for seed in range(12) for actions in (3, 14, 31)]
PAYOFF_POSITIONS = [(seed, placements) for seed in range(8) for placements in (4, 11, 20)]


@pytest.mark.parametrize(("seed", "actions"), LUCKY_POSITIONS)
def test_lucky_dice_to_come_are_hidden(seed: int, actions: int) -> None:
    a, b = lucky_worlds(seed, actions)
    seat = a.to_move
    view_a, view_b = seat_view(a, seat), seat_view(b, seat)
    assert view_a.to_json(view_team=0) == view_b.to_json(view_team=0)
    drawn = [view.roll() if view.phase == Phase.AWAIT_ROLL else [] for view in (view_a, view_b)]
    assert [str(e) for e in drawn[0]] == [str(e) for e in drawn[1]]
    level = 1 + seed % 5
    assert same_decision(decide(a, level, seed), decide(b, level, seed))


def test_lucky_worlds_really_differ_in_the_dice_to_come() -> None:
    """The worlds above are two: the games themselves draw other throws."""
    differ = 0
    for seed, actions in LUCKY_POSITIONS:
        a, b = lucky_worlds(seed, actions)
        if a.phase == Phase.AWAIT_ROLL:
            differ += a.roll()[0].data["throw"] != b.roll()[0].data["throw"]
    assert differ >= 5


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize(("seed", "placements"), PAYOFF_POSITIONS)
def test_payoff_other_teams_tokens_are_hidden(seed: int, placements: int, players: int) -> None:
    a, b = payoff_worlds(seed, placements, players)
    seat = a.to_move
    assert a.team_of_seat[seat] == 0
    view_a, view_b = seat_view(a, seat), seat_view(b, seat)
    assert isinstance(view_a, PayOffFlix) and isinstance(view_b, PayOffFlix)
    assert view_a.to_json(view_team=0) == view_b.to_json(view_team=0)
    assert (view_a.tokens, view_a.hands, view_a.dealt) == (
        view_b.tokens,
        view_b.hands,
        view_b.dealt,
    )
    assert view_a.actions == view_b.actions and view_a.options == view_b.options
    assert isinstance(a, PayOffFlix) and view_a.hands[0] == a.hands[0]
    level = 1 + seed % 5
    assert same_decision(decide(a, level, seed), decide(b, level, seed))
    reactions = [
        make_player("payoff", level, seed).reactions(seat_view(g, seat), seat) for g in (a, b)
    ]
    assert reactions[0] == reactions[1]


def test_payoff_worlds_really_differ_in_the_other_teams_tokens() -> None:
    differ = 0
    for players in (2, 3):
        for seed, placements in PAYOFF_POSITIONS:
            a, b = payoff_worlds(seed, placements, players)
            assert isinstance(a, PayOffFlix) and isinstance(b, PayOffFlix)
            assert a.hands[0] == b.hands[0]
            differ += (a.tokens, a.hands) != (b.tokens, b.hands)
    assert differ >= len(PAYOFF_POSITIONS)


def hint(game: Game, seed: int) -> Answer:
    """The hint for the seat to move through the controller's hint path."""
    job = Job(
        generation=1,
        purpose="hint",
        start=GameStart(game.variant, game.players, game.seed, game.options.to_dict()),
        actions=tuple(game.actions),
        levels={},
        seeds={seat: seed for seat in range(game.players)},
        movetime=None,
    )
    return Thinker().answer(job, lambda: False)


def played(variant: str, seed: int, moves: int) -> Callable[[int], Game]:
    """A game of ``variant`` after ``moves`` moves of level-1 players (throws written out), for
    any game seed (Pay-Off: with the tokens dealt as in the game played, since the seat's own
    hand is its to know)."""
    record = new_game(variant, seed=seed)
    deal = {"deal": record.dealt} if isinstance(record, PayOffFlix) else None
    actions: list[Action] = []
    for _ in range(moves):
        view = seat_view(record, record.to_move)
        action = make_player(variant, 1, seed).decide(view, Budget(clock=lambda: 0.0)).action
        record.apply(action)
        if action.kind == "roll" and action.throw is None:
            action = Action("roll", seat=action.seat, throw=record.thrown())
        actions.append(action)

    def world(game_seed: int) -> Game:
        game = new_game(variant, seed=game_seed, options=deal)
        for action in actions:
            game.apply(action)
        return game

    return world


@pytest.mark.parametrize("variant", ["qubic", "tactflix", "flip4", "olix", "payoff"])
def test_every_games_hint_ignores_the_seed(variant: str) -> None:
    world = played(variant, 5, 6)
    assert hint(world(101), 9) == hint(world(202), 9)


@pytest.mark.parametrize("seed", [0, 1])
def test_lucky_hint_ignores_the_dice_to_come(seed: int) -> None:
    a, b = lucky_worlds(seed + 40, 12)
    if a.phase != Phase.AWAIT_PLACE:
        a.apply(Action("roll", throw="win/II/flix"))
        b.apply(Action("roll", throw="win/II/flix"))
    assert hint(a, 3) == hint(b, 3)


def test_payoff_hint_ignores_the_other_teams_tokens() -> None:
    a, b = payoff_worlds(7, 9, 3)
    assert hint(a, 4) == hint(b, 4)


@pytest.mark.parametrize("players", [2, 3])
def test_todays_payoff_player_reads_no_hidden_token(players: int) -> None:
    """Handed the whole game instead of its view, the Pay-Off player decides alike: its search
    never read another team's tokens."""
    for seed, placements in PAYOFF_POSITIONS:
        game = payoff_worlds(seed, placements, players)[1]
        level = 1 + seed % 5
        player = make_player("payoff", level, seed)
        whole = player.decide(game, Budget(clock=lambda: 0.0, nodes=600))
        assert same_decision(whole, decide(game, level, seed))


def test_the_computers_own_seed_does_not_give_the_games_seed_away() -> None:
    """A seed made as ``game_seed * 7919 + 104729 * (seat + 1)`` modulo 2**31 (as it once was)
    could be turned back into the game's seed, and so into the dice to come."""
    inverse = pow(7919, -1, 2**31)
    seeds = {}
    for game_seed in (1, 7, 123_456, 2**30 + 5):
        for seat in range(4):
            own = player_seed(game_seed, seat)
            assert own == player_seed(game_seed, seat) and 0 <= own < 2**31
            assert (own - 104_729 * (seat + 1)) * inverse % 2**31 != game_seed
            seeds[game_seed, seat] = own
    assert len(set(seeds.values())) == len(seeds)
