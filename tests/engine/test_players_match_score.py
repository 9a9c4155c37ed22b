"""A match's score, its 95 % intervals and its Elo difference (``engine.players.match_score``):
the arithmetic every match of the benches reports with."""

from __future__ import annotations

import math

import pytest

from engine.players.match_score import Z95, MatchScore, elo_difference
from engine.variants import new_game


def test_the_wilson_interval_holds_the_score_and_narrows_with_more_games() -> None:
    small, large = MatchScore(20, 12, 0, 8), MatchScore(2000, 1200, 0, 800)
    for tally in (small, large):
        low, high = tally.wilson()
        assert low < tally.score == 0.6 < high
    assert large.wilson()[0] > 0.5 > small.wilson()[0]
    assert MatchScore(100, 50, 0, 50).wilson() == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert MatchScore().wilson() == (0.0, 1.0)


def test_the_interval_is_the_normal_95_percent_interval_of_the_mean_score() -> None:
    assert MatchScore(10, 10, 0, 0).interval == 0.0
    assert MatchScore(10, 0, 10, 0).interval == 0.0  # ten draws: every game scored 1/2
    assert MatchScore(100, 50, 0, 50).interval == pytest.approx(100 * Z95 * 0.05)
    assert MatchScore(1000, 600, 0, 400).interval == pytest.approx(
        100 * Z95 * math.sqrt(0.24 / 1000)
    )
    assert MatchScore(4, 2, 0, 2).interval == pytest.approx(100 * Z95 / 4)
    assert MatchScore().interval == 0.0


def test_a_draw_counts_a_half_and_scores_add() -> None:
    tally = MatchScore(4, 1, 2, 1)
    tally.add(MatchScore(2, 2, 0, 0))
    assert (tally.games, tally.wins, tally.draws, tally.losses) == (6, 3, 2, 1)
    assert tally.score == pytest.approx(4 / 6) and tally.percent == pytest.approx(400 / 6)
    assert tally.summary() == "+3 =2 -1, 66.7 % ± 29.8"
    assert MatchScore().score == 0.5


def test_a_game_counts_from_the_seat_that_played_it() -> None:
    game = new_game("qubic", players=2)
    for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D"):
        game.place(hole)
    unfinished = MatchScore()
    unfinished.count(game, 0)
    game.place("R-I-C")
    won, lost = MatchScore(), MatchScore()
    won.count(game, 0)
    lost.count(game, 1)
    assert (unfinished.draws, won.wins, lost.losses) == (1, 1, 1)
    assert unfinished.games == won.games == lost.games == 1


def test_elo_is_zero_at_even_and_finite_for_a_sweep() -> None:
    assert elo_difference(0.5) == 0
    assert elo_difference(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo_difference(0.25) == pytest.approx(-190.85, abs=0.01)
    assert math.isfinite(elo_difference(1.0, games=200))
    with pytest.raises(ValueError, match="no finite Elo"):
        elo_difference(1.0)
