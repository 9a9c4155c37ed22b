"""What one seat may know: the game as that seat sees it, for its player and its hints.

:func:`seat_view` copies a game and keeps only what a person in that seat knows: the board and
every public event, the team's own hand and its own uncalled lines. Gone are:

- the seed and the dice generator (which throws are still to come): the view draws its throws
  from a generator seeded by public facts;
- the secret events of other teams and their uncalled lines (the Men of such a line stand on the
  board for everybody to see; which of them the team has noticed is its own affair);
- Pay-Off: the other teams' token values: their hands, the tokens on their Men, the ``deal``
  option and the values in their placements. In their stead the view holds one world that fits
  what the seat saw (the tokens it was not dealt, shared out in a fixed order; the largest of a
  team's share on its Men that carry a token, in the order of the holes); the values shown at
  scoring stay as shown.
- the undo history (snapshots hold the hidden state): a player may still push and pop its own
  actions on the view.

Two hidden worlds that the seat cannot tell apart give equal views, so a player that decides from
the view decides alike in both.

>>> from engine.variants import new_game
>>> a, b = new_game("lucky", seed=1), new_game("lucky", seed=2)
>>> seat_view(a, 0).roll()[0] == seat_view(b, 0).roll()[0]
True
"""

from __future__ import annotations

import copy
import dataclasses
import random

from engine.bitboard import scan_forward
from engine.events import LineCompleted, PendingLost
from engine.game import Action, Game
from engine.payoff import PayOffFlix


def seat_view(game: Game, seat: int) -> Game:
    """A copy of ``game`` holding only what ``seat`` may know (``game`` is left as it was)."""
    team = game.team_of_seat[seat]
    view = copy.copy(game)
    for name in game._state_fields:
        setattr(view, name, copy.deepcopy(getattr(game, name)))
    view._history = []
    view.seed = 0
    view._rng = random.Random(f"view:{game.placements}:{len(game.actions)}")
    view.events = [
        event
        for event in game.events
        if not isinstance(event, LineCompleted | PendingLost) or event.team == team
    ]
    view.uncalled = [entry for entry in view.uncalled if entry.team == team]
    view.actions = list(game.actions)
    if isinstance(game, PayOffFlix) and isinstance(view, PayOffFlix):
        _hide_tokens(game, view, team)
    return view


def _hide_tokens(game: PayOffFlix, view: PayOffFlix, team: int) -> None:
    """Replace the other teams' token values in ``view`` with the world described above."""
    view.options = dataclasses.replace(game.pay_options, deal=None)
    unseen = list(game.pay_options.tokens)
    for token in game.dealt[team]:
        unseen.remove(token)
    unseen.sort(reverse=True)
    others = [other for other in range(game.teams) if other != team]
    dealt = list(game.dealt)
    for index, other in enumerate(others):
        dealt[other] = tuple(unseen[index :: len(others)])
    shown = set(game._shown_values())
    tokens = {hole: value for hole, value in game.tokens.items() if game._team_of(hole) == team}
    hands = list(game.hands)
    for other in others:
        hand = list(dealt[other])
        for hole in scan_forward(game.men[other]):
            if hole in game.tokens:
                value = game.tokens[hole] if hole in shown else hand[0]
                if value in hand:
                    hand.remove(value)
                tokens[hole] = value
        hands[other] = tuple(hand)
    view.dealt, view.hands, view.tokens = dealt, hands, tokens
    view.actions = [_public(game, index, team) for index in range(len(game.actions))]


def _public(game: PayOffFlix, index: int, team: int) -> Action:
    """Action ``index`` of ``game`` without the token value of another team's placement."""
    action = game.actions[index]
    if action.kind != "place" or action.token is None:
        return action
    if game.team_of_seat[game.before(index)[1]] == team:
        return action
    return dataclasses.replace(action, token=None)
