"""Pay-Off's information-set player: it decides from what its seat may know, alike for one seed,
and plays legal moves through whole games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bench.payoff_ismcts import play_game
from engine.game import Game
from engine.holes import parse
from engine.payoff import PLAIN_MAN_VALUE, PayOffFlix
from engine.players import make_player
from engine.players.base import Budget, Decision, Player
from engine.players.flix_common import rng_for
from engine.players.payoff import PayOffPlayer
from engine.players.payoff_ismcts import (
    INFOSET_LEVELS,
    InfoSetPayOffPlayer,
    hidden_worlds,
    man_values,
)
from engine.players.view import seat_view
from engine.variants import new_game
from tests.engine.hidden_worlds import payoff_worlds, same_decision
from tests.engine.test_players_no_peeking import hint

POSITIONS = [(seed, placements) for seed in range(10) for placements in (5, 12, 21)]


class PeekingPlayer(InfoSetPayOffPlayer):
    """The same player, but it reads every Man's value from the game it is handed: the other
    teams' real tokens when handed the whole game."""

    def hole_values(self, game: PayOffFlix, team: int) -> list[float]:
        return [
            float(game.man_value(hole) if game.piece_at(hole) else PLAIN_MAN_VALUE)
            for hole in range(64)
        ]


def decide(player: Player, game: Game) -> Decision:
    return player.decide(game, Budget(clock=lambda: 0.0, nodes=600))


def worlds(players: int) -> list[tuple[int, PayOffFlix, PayOffFlix]]:
    """Per position: the seed, and two games team 0 cannot tell apart."""
    found = []
    for seed, placements in POSITIONS:
        a, b = payoff_worlds(seed, placements, players)
        assert isinstance(a, PayOffFlix) and isinstance(b, PayOffFlix)
        assert a.team_of_seat[a.to_move] == 0
        found.append((seed, a, b))
    return found


@pytest.mark.parametrize("level", INFOSET_LEVELS)
@pytest.mark.parametrize("players", [2, 3])
def test_worlds_the_seat_cannot_tell_apart_give_the_same_decision(level: int, players: int) -> None:
    """On its view and even handed the whole game, the decision is the same in both worlds (it
    reads no hidden token value), and so are its calls."""
    for seed, a, b in worlds(players):
        seat = a.to_move
        player = InfoSetPayOffPlayer(level, seed)
        on_views = [decide(player, seat_view(game, seat)) for game in (a, b)]
        assert same_decision(*on_views)
        on_games = [decide(player, game) for game in (a, b)]
        assert same_decision(*on_games) and same_decision(on_views[0], on_games[0])
        assert player.reactions(seat_view(a, seat), seat) == player.reactions(
            seat_view(b, seat), seat
        )


@pytest.mark.parametrize("players", [2, 3])
def test_a_player_that_peeks_is_caught(players: int) -> None:
    """The check above has teeth: the same player reading the real token values decides
    otherwise in many of the positions (its view still hides them: alike there)."""
    caught = 0
    for seed, a, b in worlds(players):
        player = PeekingPlayer(5, seed)
        caught += not same_decision(decide(player, a), decide(player, b))
        seat = a.to_move
        assert same_decision(decide(player, seat_view(a, seat)), decide(player, seat_view(b, seat)))
    assert caught >= len(POSITIONS) // 3


def test_the_hint_is_the_same_in_both_worlds() -> None:
    """Hints come from the strongest level, now this player: alike in both worlds."""
    for seed, placements in POSITIONS[::5]:
        a, b = payoff_worlds(seed, placements, 2 + seed % 2)
        assert hint(a, seed) == hint(b, seed)


def test_the_sampled_worlds_fit_what_the_seat_has_seen() -> None:
    """Every world gives values to exactly the other teams' token-carrying Men, drawn from the
    tokens the seat was not dealt; its own Men keep their real values."""
    for seed, a, _ in worlds(3):
        view = seat_view(a, a.to_move)
        assert isinstance(view, PayOffFlix)
        unseen = Counter(a.pay_options.tokens) - Counter(a.dealt[0])
        carriers = {hole for hole in a.tokens if a._team_of(hole) != 0}
        for world in hidden_worlds(view, 0, rng_for("test", seed), 20):
            assert set(world) == carriers
            assert not Counter(world.values()) - unseen
        values = man_values(view, 0, hidden_worlds(view, 0, rng_for("test", seed), 20))
        for hole in range(64):
            if a._team_of(hole) == 0:
                assert values[hole] == a.man_value(hole)
            elif hole not in a.tokens:
                assert values[hole] == PLAIN_MAN_VALUE


def test_same_seed_same_decision() -> None:
    for seed, a, _ in worlds(2)[:12]:
        view = seat_view(a, a.to_move)
        first = decide(InfoSetPayOffPlayer(5, seed), view)
        again = decide(InfoSetPayOffPlayer(5, seed), seat_view(a, a.to_move))
        assert same_decision(first, again)
        assert first.info.nodes == again.info.nodes


def test_the_top_levels_are_the_information_set_player() -> None:
    assert [type(make_player("payoff", level)).__name__ for level in range(1, 6)] == [
        "PayOffPlayer",
        "PayOffPlayer",
        "PayOffPlayer",
        "InfoSetPayOffPlayer",
        "InfoSetPayOffPlayer",
    ]


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (2, {"token_mode": "physical"})],
)
def test_whole_games_are_legal(players: int, options: dict[str, Any]) -> None:
    """Against the plain player, on views, to the end: every action it makes is accepted
    (digital and physical tokens, two and three teams, partners)."""
    for number in range(2):
        game = new_game("payoff", players=players, seed=40 + number, options=options)
        assert isinstance(game, PayOffFlix)
        seats: list[Player] = [
            InfoSetPayOffPlayer(4 + seat % 2, seat)
            if (seat + number) % 2 == 0
            else PayOffPlayer(3, seat)
            for seat in range(players)
        ]
        play_game(game, seats, lambda: 0.0, None, 300)
        assert game.game_over
        assert sum(game.ledger) == 0
        if game.winner is not None:
            assert game.game_value is not None
            assert game.ledger[game.winner] == game.game_value * (game.teams - 1)


def test_a_forcing_win_is_played_and_said() -> None:
    """Two teams: a placement that makes two threes at once wins by force; the player takes it
    (with a token, since it completes nothing yet) and says so."""
    game = new_game("payoff", seed=3)
    assert isinstance(game, PayOffFlix)
    ours = ["R-I-H", "R-I-D", "R-II-S", "R-III-S"]
    theirs = ["B-IV-C", "G-III-H", "Y-II-D", "B-I-H"]
    for own, other in zip(ours, theirs, strict=True):
        game.place(own)
        game.place(other)
    made = InfoSetPayOffPlayer(5, 0).decide(seat_view(game, 0), Budget(clock=lambda: 0.0))
    assert made.action.hole == parse("R-I-S")
    assert made.action.token == max(game.hands[0])
    assert made.reason == "forces a line in 2 placements" and made.info.mate == 2
