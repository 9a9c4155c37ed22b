"""Every reason the computer players give, in every variant and at every level, is a message
of the catalogs: its id (and the id of every reason inside it) has a German translation, so a
German page or voice never says a computer's move in English."""

from __future__ import annotations

import itertools

import pytest
from babel.messages.pofile import read_po

from controller.i18n import Said, catalog_path
from engine.phrase import Phrase
from engine.players import PLAYERS
from engine.players.base import LEVELS, Budget
from engine.players.view import seat_view
from engine.variants import new_game

DECISIONS = 24
"""Decisions looked at per game: openings, searches, forced wins and calls alike."""
NODES = 400
"""Each decision's node budget: small, so that the test is quick; the reasons are the same."""
PLAYER_COUNTS = {"flip4": 2, "lucky": 2, "olix": 2, "payoff": 2, "qubic": 2, "tactflix": 2}


def german_ids() -> set[str]:
    with catalog_path("de").open("rb") as file:
        return {str(m.id) for m in read_po(file, locale="de") if m.id and m.string}


def message_ids(reason: str) -> list[str]:
    """The id of ``reason`` and of every reason inside it."""
    if not isinstance(reason, Phrase):
        return [reason]
    nested = [message_ids(value) for value in reason.args.values() if isinstance(value, Phrase)]
    return [reason.id, *itertools.chain.from_iterable(nested)]


def reasons(variant: str, level: int, seed: int) -> list[str]:
    """The reasons of up to ``DECISIONS`` decisions of a game the player at ``level`` plays
    for every seat, from a seeded start."""
    game = new_game(variant, players=PLAYER_COUNTS[variant], seed=seed)
    players = [PLAYERS[variant](level, seed + seat) for seat in range(game.players)]
    said: list[str] = []
    while not game.game_over and len(said) < DECISIONS:
        for seat, player in enumerate(players):
            if seat != game.to_move:
                for action in player.reactions(seat_view(game, seat), seat):
                    game.apply(action)
        if game.game_over:
            break
        view = seat_view(game, game.to_move)
        made = players[game.to_move].decide(view, Budget(clock=lambda: 0.0, nodes=NODES))
        said.append(made.reason)
        game.apply(made.action)
    return said


@pytest.fixture(scope="module")
def translated() -> set[str]:
    return german_ids()


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_every_reason_of_every_level_is_in_german(variant: str, translated: set[str]) -> None:
    said = [r for level in LEVELS for seed in (1, 2) for r in reasons(variant, level, seed)]
    assert said, variant
    missing = sorted({i for r in said for i in message_ids(r) if i not in translated})
    assert not missing, f"{variant}: reasons without German: {missing}"
    assert all(Said.of(r).english() == r for r in said)
