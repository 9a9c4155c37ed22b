"""Pay-Off Flix's information-set player: it searches what the seat knows, not one guessed deal.

A seat knows the board, which Men carry a token (a token is attached in public; only its value
is hidden), its own team's tokens and how many tokens each team still holds; it does not know
which values the other teams hold or put on their Men. Each decision samples ``WORLDS``
determinizations of those hidden values consistent with what the seat has seen
(:func:`hidden_worlds`: the tokens it was not dealt, shared out equally among the other teams at
random, and each team's token-carrying Men given values from its share at random). The tree is
searched once over the seat's information sets: a node is a sequence of public placements, and
the placements a team may make never depend on token values; what the hidden values change is
only what a line pays. A line's value is the sum of its Men's values, so the average over the
sampled worlds of every leaf's score equals the score with each hidden Man worth its average
over those worlds (:func:`man_values`): one tree serves every world at the cost of one, with no
strategy fusion (a move chosen in one world that would be wrong in another). The search is
the paranoid alpha-beta of :mod:`engine.players.line_search` valued in money
(:class:`engine.players.payoff_valuation.LineMoney`), anytime, bounded by the level's node budget
and by ``movetime``. With two teams a forcing search goes first (threes the
other team must block, one after another, to a double threat: the Qubic player's
:func:`~engine.players.qubic_threats.shortest_forcing_win`), with ``FORCING_SHARE`` of the budget.

Its tokens go where its lines form: the highest unused token above a plain Man's worth rides on a
Man whose hole lies on an open line holding at least ``TOKEN_LINE`` of the team's pieces with it
(:func:`engine.players.payoff.choose_token` with a lower bar than the plain player's).

:func:`payoff_player` is where Pay-Off's levels are wired: ``INFOSET_LEVELS`` play this player,
the others :class:`engine.players.payoff.PayOffPlayer`.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("payoff", seed=1)
>>> made = InfoSetPayOffPlayer(5, seed=0).decide(game, Budget(clock=lambda: 0.0, nodes=200))
>>> made.action.kind, made.action.token is None
('place', True)
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

from engine.errors import IllegalAction
from engine.game import Action
from engine.lines import LINES_THROUGH
from engine.payoff import PLAIN_MAN_VALUE, PayOffFlix
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, Player, SearchInfo, capped
from engine.players.flix_common import depth_reporter, other_teams, rng_for
from engine.players.line_search import search, team_order, threats
from engine.players.payoff import PayOffPlayer, PayOffPlayerBase
from engine.players.payoff_valuation import WIN, LineMoney
from engine.players.qubic_threats import ForcingSearch, completing, shortest_forcing_win

INFOSET_LEVELS = (4, 5)
"""The Pay-Off levels this player plays (the others: the plain line search)."""
DEPTH: dict[int, int] = {4: 3, 5: 4}
"""Search depth (placements) by level."""
WIDTH: dict[int, int] = {4: 12, 5: 16}
"""Moves searched at each node by level."""
NODES: dict[int, int] = {4: 10000, 5: 30000}
"""Node budget per decision by level."""
WORLDS = 32
"""Determinizations of the hidden token values sampled per decision."""
TOKEN_LINE = 2
"""A token goes on a Man whose best open line holds at least this many of the team's pieces."""
FORCING_SHARE = 0.25
"""The share of the node budget and of the time the forcing search may take first."""
FORCING_MOVES = 16
"""The longest forcing win looked for, in the team's own placements."""

World = dict[int, int]
"""One determinization: the value of each token-carrying Man of the other teams, by hole."""


def hidden_worlds(game: PayOffFlix, team: int, rng: random.Random, count: int) -> list[World]:
    """``count`` deals of the values ``team`` has not seen, each consistent with what it saw:
    the tokens it was not dealt, shared equally among the other teams, and each other team's
    token-carrying Men given values from its share."""
    unseen = Counter(game.pay_options.tokens) - Counter(game.dealt[team])
    pool = sorted(unseen.elements(), reverse=True)
    others = [other for other in range(game.teams) if other != team]
    carriers = {
        other: [hole for hole in sorted(game.tokens) if game.piece_at(hole) == (other, "man")]
        for other in others
    }
    worlds: list[World] = []
    for _ in range(count):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        world: World = {}
        for index, other in enumerate(others):
            share = shuffled[index :: len(others)]
            holes = carriers[other]
            drawn = rng.sample(share, min(len(holes), len(share)))
            world.update(zip(holes, drawn, strict=False))
        worlds.append(world)
    return worlds


def man_values(game: PayOffFlix, team: int, worlds: list[World]) -> list[float]:
    """Each hole's Man value for ``team``'s search: its own Men as they are, another team's
    token-carrying Man its average over ``worlds``, any other Man or empty hole a plain Man."""
    values = [float(PLAIN_MAN_VALUE)] * 64
    for hole in sorted(game.tokens):
        owner = game.piece_at(hole)
        if owner is None:
            continue
        if owner[0] == team:
            values[hole] = float(game.tokens[hole])
        elif worlds:
            values[hole] = statistics.fmean(world.get(hole, PLAIN_MAN_VALUE) for world in worlds)
    return values


class InfoSetPayOffPlayer(PayOffPlayerBase):
    """Pay-Off Flix's information-set player at ``level`` (one of ``INFOSET_LEVELS``),
    deterministic for ``seed`` under a node budget."""

    token_line = TOKEN_LINE

    def __init__(self, level: int, seed: int = 0) -> None:
        if level not in INFOSET_LEVELS:
            raise IllegalAction(
                why("the information-set player plays levels {levels}", levels=INFOSET_LEVELS)
            )
        super().__init__(level, seed)

    def hole_values(self, game: PayOffFlix, team: int) -> list[float]:
        """Each hole's Man value for the search of the seat to move (:func:`man_values` over
        ``WORLDS`` worlds drawn from public facts and the player's seed)."""
        rng = rng_for("payoff-worlds", self.seed, game.placements, game.to_move, game.occupied)
        return man_values(game, team, hidden_worlds(game, team, rng, WORLDS))

    def _place(self, game: PayOffFlix, budget: Budget, on_info: InfoSink | None) -> Decision:
        seat = game.to_move
        team = game.team_of_seat[seat]
        occupied = game.occupied
        values = self.hole_values(game, team)
        pieces = [game.pieces(t) for t in range(game.teams)]
        supply = [0 if t in game.resigned else game.supply[t] for t in range(game.teams)]
        nexts = [game.next_seat(s) for s in range(game.players)]
        order = team_order(game.team_of_seat, nexts, seat)
        forced = self._forcing(game, team, budget)
        if forced is not None:
            return forced
        inner = capped(budget, NODES[self.level])
        report = depth_reporter(on_info, budget, inner)
        result = search(
            pieces,
            order,
            supply,
            inner,
            DEPTH[self.level],
            WIDTH[self.level],
            valuation=LineMoney(values),
            report=report,
        )
        budget.count(inner.visited)
        hole = result.hole
        own = pieces[team] | 1 << hole
        completes = any(own & line == line for line in LINES_THROUGH[hole])
        if completes:
            reason = why("completes a line")
        elif any(threats(pieces[o], occupied) >> hole & 1 for o in other_teams(game, team)):
            reason = why("blocks an opponent's line")
        else:
            reason = why("builds its lines (searched {depth} placements ahead)", depth=result.depth)
        return self._placing(game, budget, hole, completes, reason, result)

    def _forcing(self, game: PayOffFlix, team: int, budget: Budget) -> Decision | None:
        """Two teams: a forcing win (threats the other team must block, one after another, to a
        double threat; :func:`engine.players.qubic_threats.shortest_forcing_win`) within
        ``FORCING_SHARE`` of the node budget and of the time, or ``None``."""
        if game.teams != 2 or team in game.resigned or (1 - team) in game.resigned:
            return None
        own, other = game.pieces(team), game.pieces(1 - team)
        if completing(own, other):
            return None
        share = Budget(
            clock=budget.clock,
            movetime=None if budget.movetime is None else budget.movetime * FORCING_SHARE,
            stop=budget.stop,
        )
        nodes = max(1, round(NODES[self.level] * FORCING_SHARE))
        if budget.nodes is not None:
            nodes = max(1, min(nodes, round((budget.nodes - budget.visited) * FORCING_SHARE)))
        state = ForcingSearch(nodes, share.exhausted)
        win = shortest_forcing_win(own, other, state, min(FORCING_MOVES, game.supply[team]))
        budget.count(state.nodes)
        if not win.moves:
            return None
        action = Action("place", hole=win.first, token=None)
        if not game.physical_tokens:
            action = Action("place", hole=win.first, token=self.token(game, win.first))
        pv = tuple(Action("place", hole=hole) for hole in win.line)
        info = SearchInfo(len(win.line), WIN, budget.visited, budget.elapsed(), pv, win.moves)
        return Decision(action, why("forces a line in {moves} placements", moves=win.moves), info)


def payoff_player(level: int, seed: int = 0) -> Player:
    """Pay-Off's computer player at ``level``: the information-set player at
    ``INFOSET_LEVELS``, the plain line-search player below."""
    if level in INFOSET_LEVELS:
        return InfoSetPayOffPlayer(level, seed)
    return PayOffPlayer(level, seed)
