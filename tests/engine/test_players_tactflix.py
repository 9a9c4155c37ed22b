"""The Tac-T-Flix computer player: placements, free plays, substitution, withdrawal, tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.game import Action, Phase
from engine.holes import parse
from engine.players import flix_common, make_player
from engine.players.base import Budget
from engine.players.dice_opponents import play_game
from engine.players.flix_common import searched_placement
from engine.players.line_search import SearchResult, search
from engine.players.payoff import PayOffPlayer
from engine.players.tactflix import NOISE, TacTFlixPlayer, buroline_worth
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix
from engine.variants import new_game


def budget() -> Budget:
    return Budget(clock=lambda: 0.0)


def tactflix(players: int = 2, seed: int = 0) -> TacTFlix:
    game = new_game("tactflix", players=players, seed=seed)
    assert isinstance(game, TacTFlix)
    return game


def test_completes_a_line_and_plays_the_whole_scoring_turn() -> None:
    game = tactflix()
    for hole in ("R-I-S", "B-IV-S", "R-I-H", "B-IV-H", "R-I-D", "G-II-C"):
        game.place(hole)
    player = TacTFlixPlayer(3, seed=0)
    made = player.decide(game, budget())
    assert made.action == Action("place", hole=parse("R-I-C"))
    game.apply(made.action)
    game.apply(player.reactions(game, 0)[0])
    assert game.seq_team == 0 and game.phase == Phase.AWAIT_PLACE
    made = player.decide(game, budget())
    assert made.reason.endswith("(free play)")
    game.apply(made.action)
    phases = []
    while game.seq_team == 0 and not game.game_over:
        for action in player.reactions(game, 0):
            game.apply(action)
        phases.append(game.phase)
        made = player.decide(game, budget())
        assert made.action.hole is not None and game.allowed >> made.action.hole & 1
        game.apply(made.action)
    assert SUBSTITUTE in phases and WITHDRAW in phases
    assert game.burocrats[0] & 0xF and not game.men[0] & 0xF


def test_substitution_prefers_the_buroline() -> None:
    line = [parse(h) for h in ("G-I-S", "G-I-H", "G-I-D", "G-I-C")]
    burocrats = (1 << line[0]) | (1 << line[1]) | (1 << line[2])
    assert buroline_worth(burocrats, 0, line[3])[0] == 4
    assert buroline_worth(burocrats, 1 << line[3], parse("G-II-C"))[0] < 4


def test_substitution_and_withdrawal_are_legal_in_long_games() -> None:
    seen = {SUBSTITUTE: 0, WITHDRAW: 0}
    for seed in range(3):
        game = tactflix(seed=seed)
        players = [TacTFlixPlayer(2, seed), TacTFlixPlayer(3, seed + 7)]
        while not game.game_over:
            for seat, player in enumerate(players):
                for action in player.reactions(game, seat):
                    game.apply(action)
            if game.game_over:
                break
            phase = game.phase
            made = players[game.to_move].decide(game, budget())
            if phase in seen:
                seen[phase] += 1
                assert made.action.hole is not None and game.allowed >> made.action.hole & 1
            if phase == SUBSTITUTE:
                team = game.team_of_seat[game.to_move]
                others = game.occupied & ~game.pieces(team)
                chosen = buroline_worth(game.burocrats[team], others, made.action.hole or 0)
                assert all(
                    buroline_worth(game.burocrats[team], others, hole) <= chosen
                    for hole in range(64)
                    if game.substitutable >> hole & 1
                )
            game.apply(made.action)
    assert seen[SUBSTITUTE] > 0 and seen[WITHDRAW] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_full_games_at_level_one(players: int) -> None:
    game = new_game("tactflix", players=players, seed=players)
    play_game(game, [make_player("tactflix", 1, s) for s in range(players)], lambda: 0.0, {})
    assert game.game_over


def test_same_seed_same_game_and_stop_at_once() -> None:
    def actions() -> list[Action]:
        game = new_game("tactflix", seed=4)
        play_game(game, [TacTFlixPlayer(1, 5), TacTFlixPlayer(2, 6)], lambda: 0.0, {})
        return game.actions

    assert actions() == actions()
    game = tactflix()
    made = TacTFlixPlayer(5, 0).decide(game, Budget(clock=lambda: 0.0, stop=lambda: True))
    game.apply(made.action)
    assert game.placements == 1


def positions() -> list[TacTFlix]:
    """Early positions of level-1 games."""
    found = []
    for seed in range(6):
        game = tactflix(seed=seed)
        players = [TacTFlixPlayer(1, seed), TacTFlixPlayer(1, seed + 1)]
        for _ in range(6 + seed):
            game.apply(players[game.to_move].decide(game, budget()).action)
        found.append(game)
    return found


def test_noise_is_seeded_and_only_level_four_errs_by_it() -> None:
    assert [level for level, noise in NOISE.items() if noise] == [4]
    changed = 0
    for game in positions():
        plain = searched_placement(game, "tactflix", 0, 4, (10000, 3, 10), budget(), None)
        for seed in range(4):
            noisy = [
                searched_placement(game, "tactflix", seed, 4, (10000, 3, 10), budget(), None, 40.0)
                for _ in range(2)
            ]
            assert noisy[0] == noisy[1]
            assert noisy[0].result.depth == plain.result.depth == 3
            assert noisy[0].result.score >= plain.result.score - 40
            changed += noisy[0].hole != plain.hole
    assert changed > 0


def test_no_noise_searches_alike_and_pay_off_gets_none(monkeypatch: pytest.MonkeyPatch) -> None:
    game = positions()[2]
    pieces = [game.pieces(team) for team in range(2)]
    plain, zero = budget(), budget()
    result = search(pieces, [0, 1], [18, 18], plain, 4, 10)
    assert search(pieces, [0, 1], [18, 18], zero, 4, 10, noise=(0.0,) * 64) == result
    assert plain.visited == zero.visited
    seen: list[Sequence[float]] = []

    def recording(*args: Any, noise: Sequence[float] = (), **kwargs: Any) -> SearchResult:
        seen.append(noise)
        return search(*args, noise=noise, **kwargs)

    monkeypatch.setattr(flix_common, "search", recording)
    for level in (1, 2, 3):
        PayOffPlayer(level, 0).decide(new_game("payoff", seed=1), budget())
    assert seen == [(), (), ()]
