"""The Pay-Off Flix computer player: where to place, which token rides on the Man, calls.

Placement: :mod:`engine.players.line_search` (the first called line ends the game). Tokens
(digital mode): a Man worth more than a plain one goes where the team's line is most likely to
form: the highest unused token above :data:`~engine.payoff.PLAIN_MAN_VALUE` is attached when the
hole lies on an open line holding at least ``TOKEN_LINE`` of the team's pieces with it; tokens
worth 5 or less are never attached (a plain Man is worth 5). Calls: the player never holds a
line back (RULES.md §9): it calls at once. Physical mode: the tokens it enters at scoring are the
ones the same rule would have put in its Men, worked out again from the public placements.

>>> from engine.players.base import Budget
>>> from engine.variants import new_game
>>> game = new_game("payoff", seed=1)
>>> made = PayOffPlayer(3, seed=0).decide(game, Budget(clock=lambda: 0.0))
>>> made.action.kind, made.action.token is None
('place', True)
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from engine.bitboard import Bitboard, scan_forward
from engine.errors import IllegalAction
from engine.events import Penalised, Placed
from engine.game import Action, Game, Phase
from engine.lines import LINES_THROUGH
from engine.payoff import AWAIT_TOKENS, PLAIN_MAN_VALUE, PayOffFlix
from engine.phrase import why
from engine.players.base import Budget, Decision, InfoSink, SearchInfo
from engine.players.flix_calls import call_reactions
from engine.players.flix_common import (
    await_calls_decision,
    decision,
    searched_placement,
)
from engine.players.line_search import SearchResult

DEPTH: dict[int, int] = {1: 1, 2: 2, 3: 3, 4: 3, 5: 4}
"""Search depth (placements) by level."""
WIDTH: dict[int, int] = {1: 6, 2: 8, 3: 10, 4: 12, 5: 16}
"""Moves searched at each node by level."""
NODES: dict[int, int] = {1: 60, 2: 400, 3: 3000, 4: 10000, 5: 30000}
"""Node budget per decision by level."""
TOKEN_LINE = 3
"""A token goes on a Man whose best open line holds at least this many of the team's pieces."""


def best_open_line(pieces: list[Bitboard], team: int, hole: int) -> int:
    """The most pieces of ``team`` (counting ``hole``) on a line through ``hole`` free of other
    teams' pieces; 0 when every line through it is spoilt."""
    own = pieces[team] | 1 << hole
    others = 0
    for other, other_pieces in enumerate(pieces):
        if other != team:
            others |= other_pieces
    return max(
        ((line & own).bit_count() for line in LINES_THROUGH[hole] if not line & others),
        default=0,
    )


def choose_token(
    pieces: list[Bitboard], team: int, hole: int, hand: tuple[int, ...], bar: int = TOKEN_LINE
) -> int | None:
    """The token to attach to a Man placed at ``hole`` (not completing a line), or ``None``: the
    highest worth more than a plain Man when the hole's best open line holds ``bar`` pieces."""
    worth = [token for token in hand if token > PLAIN_MAN_VALUE]
    if not worth or best_open_line(pieces, team, hole) < bar:
        return None
    return max(worth)


def planned_tokens(game: PayOffFlix, team: int, bar: int = TOKEN_LINE) -> dict[int, int]:
    """Physical mode: the token :func:`choose_token` (with ``bar``) would have put in each Man of
    ``team``, replayed from the public placements and penalties."""
    pieces = [0] * game.teams
    hand = list(game.dealt[team])
    planned: dict[int, int] = {}
    for event in game.events:
        if isinstance(event, Placed):
            placer, hole = event.team, event.hole
            if placer == team:
                own = pieces[team] | 1 << hole
                completes = any(own & line == line for line in LINES_THROUGH[hole])
                token = None if completes else choose_token(pieces, team, hole, tuple(hand), bar)
                if token is not None:
                    hand.remove(token)
                    planned[hole] = token
            pieces[placer] |= 1 << hole
        elif isinstance(event, Penalised):
            against, removed = event.against, event.removed
            pieces[against] &= ~removed
            if against == team:
                for hole in scan_forward(removed):
                    if hole in planned:
                        hand.append(planned.pop(hole))
    return planned


class PayOffPlayerBase(ABC):
    """What every Pay-Off player does alike at ``level`` for ``seed``: its calls, which method
    plays each phase, the token it attaches (:func:`choose_token` with ``token_line``) and the
    tokens it enters in physical mode; each player places in its own way."""

    token_line = TOKEN_LINE

    def __init__(self, level: int, seed: int = 0) -> None:
        self.level = level
        self.seed = seed

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Its own FLIX at once (never held back); PENALTY on a line it has noticed."""
        return call_reactions(game, seat, self.level, self.seed)

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """Place (with a token), enter a token, or call."""
        if not isinstance(game, PayOffFlix):
            raise IllegalAction(
                why("a Pay-Off Flix player cannot play {variant}", variant=game.variant)
            )
        if game.phase == Phase.AWAIT_PLACE:
            return self._place(game, budget, on_info)
        if game.phase == AWAIT_TOKENS:
            return self._enter(game, budget)
        if game.phase == Phase.AWAIT_CALLS:
            return await_calls_decision(game, self.level, self.seed, budget)
        raise IllegalAction(
            why("nothing for a Pay-Off Flix player to do in phase {phase}", phase=game.phase)
        )

    @abstractmethod
    def _place(self, game: PayOffFlix, budget: Budget, on_info: InfoSink | None) -> Decision:
        """The placement of the seat to move."""

    def token(self, game: PayOffFlix, hole: int) -> int | None:
        """The token the seat to move attaches to a Man placed at ``hole`` (not completing a
        line)."""
        team = game.team_of_seat[game.to_move]
        pieces = [game.pieces(t) for t in range(game.teams)]
        return choose_token(pieces, team, hole, game.hands[team], self.token_line)

    def _placing(
        self,
        game: PayOffFlix,
        budget: Budget,
        hole: int,
        completes: bool,
        reason: str,
        result: SearchResult,
    ) -> Decision:
        """The decision to place at ``hole`` (``completes``: a line of the mover's) found by the
        search ``result``, with its token unless it completes a line or the tokens are physical."""
        token = None
        if not completes and not game.physical_tokens:
            token = self.token(game, hole)
        action = Action("place", hole=hole, token=token)
        mate = 1 if completes else None
        info = SearchInfo(
            result.depth, result.score, budget.visited, budget.elapsed(), (action,), mate
        )
        return Decision(action, reason, info)

    def _enter(self, game: PayOffFlix, budget: Budget) -> Decision:
        team = game.scoring_team
        assert team is not None
        hole = next(scan_forward(game.tokens_to_enter))
        planned = planned_tokens(game, team, self.token_line)
        token = None if hole in game.completers else planned.get(hole)
        return decision(
            Action("enter_token", hole=hole, token=token), "enters the token of its Man", budget, 0
        )


class PayOffPlayer(PayOffPlayerBase):
    """Pay-Off Flix at ``level`` 1..5, deterministic for ``seed``: the line search places."""

    def _place(self, game: PayOffFlix, budget: Budget, on_info: InfoSink | None) -> Decision:
        limits = (NODES[self.level], DEPTH[self.level], WIDTH[self.level])
        placed = searched_placement(game, "payoff", self.seed, self.level, limits, budget, on_info)
        hole, completes = placed.hole, placed.completes
        return self._placing(game, budget, hole, completes, placed.reason(), placed.result)
