"""The Qubic computer player: forcing searches under an alpha-beta search, levels 1..5.

Two teams: it wins at once when it can, blocks a single open three, plays a forcing win
(threat sequence ending in a double threat) when it finds one, else searches
(:mod:`engine.players.qubic_search`) within its level's node budget. As first player, the top
level plays X's move from the proof book (:mod:`engine.players.qubic_proof`) in every position
the book holds, and the forcing search finds the win between book moves. When every move of
level 4 or 5 loses to a forcing win, it plays the one after which that win takes the most moves
(:meth:`QubicPlayer._resist`); the top level as second player also searches deeper. Three
teams: immediate wins and blocks, double threats, then the most open hole (no deep search).
Levels 1 and 2 overlook a win or a needed block now and then (seeded, reproducible).

>>> from engine.variants import new_game
>>> from engine.players.base import Budget
>>> game = new_game("qubic")
>>> for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D"):
...     _ = game.place(hole)
>>> decision = QubicPlayer(3, seed=1).decide(game, Budget(clock=lambda: 0.0))
>>> decision.reason
'wins: completes R-I-S..R-I-C'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.bitboard import BB_ALL, Bitboard
from engine.errors import IllegalAction
from engine.game import Action, Game, Phase
from engine.holes import Layout, name
from engine.lines import LINES_THROUGH
from engine.phrase import why
from engine.players.base import DEFAULT_LEVEL, LEVELS, Budget, Decision, InfoSink, SearchInfo
from engine.players.qubic_proof import committed_book
from engine.players.qubic_search import Iteration, Limits, Search, mate_moves, ordered_moves
from engine.players.qubic_threats import (
    ForcingSearch,
    completing,
    forcing_win,
    shortest_forcing_win,
    threes_made,
)
from engine.qubic import Qubic


@dataclass(frozen=True)
class LevelSettings:
    """What a level may do: node budget, forcing-search reach, and how often it overlooks."""

    nodes: int
    forcing_moves: int
    overlook: float
    """Chance to miss a win or a needed block (levels 1 and 2)."""
    max_depth: int = 64
    """Deepest alpha-beta iteration (iterations go 1, 3, 5, ...)."""
    leaf_nodes: int = 200
    """Node cap of each forcing search at a leaf."""
    second_depth: int | None = None
    """Deepest iteration as second player, when it differs from ``max_depth``."""
    resists: bool = False
    """When every move loses to a forcing win, play the one whose win takes longest
    (:meth:`QubicPlayer._resist`), and keep the search's move when it sees a loss."""


LEVEL_SETTINGS: dict[int, LevelSettings] = {
    1: LevelSettings(nodes=150, forcing_moves=2, overlook=0.35, max_depth=1),
    2: LevelSettings(nodes=2_000, forcing_moves=8, overlook=0.1, max_depth=3),
    3: LevelSettings(nodes=10_000, forcing_moves=16, overlook=0.0, max_depth=3),
    4: LevelSettings(nodes=25_000, forcing_moves=20, overlook=0.0, max_depth=3, resists=True),
    5: LevelSettings(
        nodes=60_000,
        forcing_moves=24,
        overlook=0.0,
        max_depth=3,
        leaf_nodes=400,
        second_depth=5,
        resists=True,
    ),
}
"""Depth 3 (odd: the leaves are the other side's turn, where its forcing wins count as losses
and ours as threats) played stronger in matches than deeper or even depths. Level 4 holds out
longest when lost (``resists``). The top level as second player, which loses against a perfect
first player, also searches to depth 5 (within the same node budget): it sees the first
player's wins a move earlier and puts them off longer; as level 4 with depth 5, it plays as
level 5 in most games (tried: 57 % of 30 pairs for 5 against 4 as second player), so level 4
keeps depth 3."""


def line_text(line: Bitboard, layout: Layout) -> str:
    """A line written as its first..last hole names."""
    low = (line & -line).bit_length() - 1
    return f"{name(low, layout)}..{name(line.bit_length() - 1, layout)}"


def _line_through(hole: int, own: Bitboard, other: Bitboard, pieces: int) -> Bitboard:
    """A line through ``hole`` with ``pieces`` of ``own`` and none of ``other`` (or 0)."""
    for line in LINES_THROUGH[hole]:
        if not line & other and (line & own).bit_count() == pieces:
            return line
    return 0


def _spoiler(me: Bitboard, other: Bitboard, holes: Bitboard, rng: random.Random) -> int:
    """Against a proven loss: the hole that spoils most of the other side's lines (those with
    more of its pieces count more), for an opponent that may not find the win."""
    ordered = ordered_moves(me, other, holes, rng)
    return max(ordered, key=lambda hole: _spoils(hole, me, other))


def _spoils(hole: int, me: Bitboard, other: Bitboard) -> int:
    """How much of the other side's lines ``hole`` spoils: its pieces on each line through the
    hole free of ``me``, squared and summed."""
    return sum((line & other).bit_count() ** 2 for line in LINES_THROUGH[hole] if not line & me)


def _lowest(board: Bitboard) -> int:
    return (board & -board).bit_length() - 1


class QubicPlayer:
    """A Qubic player at ``level`` (1..5), deterministic for ``seed``."""

    def __init__(self, level: int = DEFAULT_LEVEL, seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be 1..5: {level!r}")
        self.level = level
        self.seed = seed
        self.settings = LEVEL_SETTINGS[level]

    def _rng(self, game: Game) -> random.Random:
        return random.Random(f"{self.seed}:{game.occupied}:{game.to_move}")

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """The hole ``game.to_move`` fills now, and why."""
        allowed = game.allowed
        if game.phase != Phase.AWAIT_PLACE or not allowed:
            raise IllegalAction(
                why(
                    "no placement is due for seat {seat} (phase {phase})",
                    seat=game.to_move,
                    phase=game.phase,
                )
            )
        team = game.team_of_seat[game.to_move]
        me = game.pieces(team)
        rng = self._rng(game)
        if game.teams != 2 or allowed != ~game.occupied & BB_ALL:
            return self._decide_simple(game, team, me, allowed, rng, budget)
        other = game.occupied & ~me
        colour = 0 if game.team_of_seat[0] == team else 1
        return self._decide_two(game, me, other, colour, rng, budget, on_info)

    def _place(self, hole: int, reason: str, info: SearchInfo) -> Decision:
        return Decision(Action("place", hole=hole), reason, info)

    def _overlooks(self, rng: random.Random) -> bool:
        return rng.random() < self.settings.overlook

    def _decide_two(
        self,
        game: Game,
        me: Bitboard,
        other: Bitboard,
        colour: int,
        rng: random.Random,
        budget: Budget,
        on_info: InfoSink | None,
    ) -> Decision:
        layout = game.layout
        empty = ~game.occupied & BB_ALL
        wins = completing(me, other)
        if wins and not self._overlooks(rng):
            hole = _lowest(wins)
            line = _line_through(hole, me, other, 3)
            info = SearchInfo(0, 0, 1, budget.elapsed(), (Action("place", hole=hole),), 1)
            return self._place(
                hole, why("wins: completes {line}", line=line_text(line, layout)), info
            )
        threats = completing(other, me)
        if threats and not self._overlooks(rng):
            hole = _lowest(threats)
            line = _line_through(hole, other, me, 3)
            mate = -1 if threats & (threats - 1) else None
            info = SearchInfo(0, 0, 1, budget.elapsed(), (Action("place", hole=hole),), mate)
            return self._place(hole, why("blocks {line}", line=line_text(line, layout)), info)
        if threats or wins:
            hole = ordered_moves(me, other, empty & ~threats & ~wins or empty)[0]
            info = SearchInfo(0, 0, 1, budget.elapsed(), (Action("place", hole=hole),))
            return self._place(hole, why("most open lines"), info)
        if self.level == max(LEVELS) and colour == 0:
            move = committed_book().move(me, other)
            if move is not None:
                info = SearchInfo(0, 0, 1, budget.elapsed(), (Action("place", hole=move),))
                return self._place(move, why("plays the proven book"), info)
        settings = self.settings
        nodes = settings.nodes if budget.nodes is None else min(settings.nodes, budget.nodes)
        forcing = ForcingSearch(max(nodes // 4, 1), budget.exhausted)
        win = shortest_forcing_win(me, other, forcing, settings.forcing_moves)
        if win.moves:
            budget.count(forcing.nodes)
            pv = tuple(Action("place", hole=h) for h in win.line)
            score = 100_000 - 2 * (win.moves - 1)
            info = SearchInfo(win.moves, score, forcing.nodes, budget.elapsed(), pv, win.moves)
            if on_info is not None:
                on_info(info)
            reason = (
                why("makes two threes")
                if win.moves == 2
                else why("forces a win in {moves}", moves=win.moves)
            )
            return self._place(win.first, reason, info)
        defence = ForcingSearch(max(nodes // 2, 1), budget.exhausted, failed=forcing.failed)
        refutations = self._refutations(me, other, empty, defence)
        if not refutations and not defence.spent() and settings.resists:
            spent = budget.count(forcing.nodes + defence.nodes)
            return self._resist(me, other, empty, rng, budget, nodes - spent, defence.failed)
        fallback = ordered_moves(me, other, refutations or empty, rng)[0]
        spent = budget.count(forcing.nodes + defence.nodes)
        max_depth = settings.max_depth
        if colour == 1 and settings.second_depth is not None:
            max_depth = settings.second_depth
        search = Search(
            me,
            other,
            colour,
            Limits(
                nodes=max(nodes - spent, 1),
                max_depth=max_depth if budget.depth is None else min(budget.depth, max_depth),
                forcing_moves=settings.forcing_moves,
                leaf_nodes=settings.leaf_nodes,
            ),
            budget.exhausted,
            rng,
            refutations or empty,
        )

        def report(done: Iteration) -> None:
            if on_info is not None:
                on_info(self._info(done, spent, budget))

        done = search.iterate(report)
        budget.count(search.nodes)
        if done is None:
            info = SearchInfo(
                0, 0, spent + search.nodes, budget.elapsed(), (Action("place", hole=fallback),)
            )
            return self._place(fallback, why("most open lines"), info)
        info = replace(self._info(done, spent, budget), nodes=spent + search.nodes)
        hole = done.pv[0]
        mate = info.mate
        if mate is not None and mate > 0:
            reason = why("forces a win in {moves}", moves=mate)
        elif mate is not None and settings.resists:
            reason = why("holds out longest against a forcing win")
        elif mate is not None:
            hole = _spoiler(me, other, refutations or empty, rng)
            reason = why("cuts the most lines of the other side")
        elif refutations != empty and refutations >> hole & 1:
            reason = why("stops a forcing win")
        elif threes_made(me | 1 << hole, other, hole):
            reason = why("makes a three")
        elif done.depth <= 1:
            reason = why("most open lines")
        else:
            reason = why("best of a search {depth} placements ahead", depth=done.depth)
        return self._place(hole, reason, info)

    def _resist(
        self,
        me: Bitboard,
        other: Bitboard,
        empty: Bitboard,
        rng: random.Random,
        budget: Budget,
        nodes: int,
        failed: dict[tuple[Bitboard, Bitboard], int],
    ) -> Decision:
        """Every hole loses to a forcing win: the hole after which the other side's forcing win
        takes the most moves, ties to the hole that spoils most of its lines. Move counts 2, 3,
        4, ... are tried in turn over the holes still in the running, each search sharing out
        the rest of the node budget; a hole whose search runs out (no win found) beats the holes
        whose win of as many moves is found."""
        depth = self.settings.forcing_moves
        running = ordered_moves(me, other, empty, rng)
        # hole -> (the move count its win takes or its search ran out at, 1 if it ran out)
        rank: dict[int, tuple[int, int]] = {}
        used, moves = 0, 2
        while running and moves <= depth and used < nodes:
            kept: list[int] = []
            for index, hole in enumerate(running):
                share = max((nodes - used) // (len(running) - index), 1)
                state = ForcingSearch(share, budget.exhausted, failed=failed)
                found = forcing_win(other, me | 1 << hole, state, moves).moves
                used += state.nodes
                if found or state.spent():
                    rank[hole] = (moves, 0 if found else 1)
                else:
                    kept.append(hole)
            running = kept
            moves += 1
        rank.update((hole, (moves, 1)) for hole in running)
        best = max(rank, key=lambda hole: (rank[hole], _spoils(hole, me, other)))
        lost_in = rank[best][0] if not rank[best][1] else 0
        budget.count(used)
        info = SearchInfo(
            0,
            -(100_000 - 2 * (lost_in - 1)) if lost_in else 0,
            budget.visited,
            budget.elapsed(),
            (Action("place", hole=best),),
            -lost_in if lost_in else None,
        )
        return self._place(best, why("holds out longest against a forcing win"), info)

    def _refutations(
        self, me: Bitboard, other: Bitboard, empty: Bitboard, forcing: ForcingSearch
    ) -> Bitboard:
        """The empty holes after which the other side has no forcing win (all of them when it
        has none now; none found when every hole loses or the budget ran out)."""
        depth = self.settings.forcing_moves
        if not shortest_forcing_win(other, me, forcing, depth).moves:
            return empty
        found = 0
        for hole in ordered_moves(me, other, empty):
            if forcing.spent():
                break
            if not forcing_win(other, me | 1 << hole, forcing, depth).moves and not forcing.spent():
                found |= 1 << hole
        return found

    def _info(self, done: Iteration, spent: int, budget: Budget) -> SearchInfo:
        return SearchInfo(
            depth=done.depth,
            score=done.score,
            nodes=spent + done.nodes,
            seconds=budget.elapsed(),
            pv=tuple(Action("place", hole=h) for h in done.pv),
            mate=mate_moves(done.score),
        )

    def _decide_simple(
        self,
        game: Game,
        team: int,
        me: Bitboard,
        allowed: Bitboard,
        rng: random.Random,
        budget: Budget,
    ) -> Decision:
        """Three teams (or a block request): win, block the next seats in order, two threes,
        else the most open hole."""
        layout = game.layout
        others = game.occupied & ~me
        info = SearchInfo(1, 0, 1, budget.elapsed())
        wins = completing(me, others) & allowed
        if wins and not self._overlooks(rng):
            hole = _lowest(wins)
            line = _line_through(hole, me, others, 3)
            return self._place(
                hole, why("wins: completes {line}", line=line_text(line, layout)), info
            )
        seat = game.next_seat(game.to_move)
        for _ in range(game.players):
            rival = game.team_of_seat[seat]
            seat = game.next_seat(seat)
            if rival == team:
                continue
            theirs = game.pieces(rival)
            threats = completing(theirs, game.occupied & ~theirs) & allowed
            if threats and not self._overlooks(rng):
                hole = _lowest(threats)
                line = _line_through(hole, theirs, game.occupied & ~theirs, 3)
                return self._place(hole, why("blocks {line}", line=line_text(line, layout)), info)
        holes = ordered_moves(me, others, allowed, rng)
        for hole in holes:
            made = threes_made(me | 1 << hole, others, hole)
            if made & (made - 1):
                return self._place(hole, why("makes two threes"), info)
        return self._place(holes[0], why("most open lines"), info)

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """A block request when the rule applies and the hole to block is another seat's."""
        if not isinstance(game, Qubic) or not game.block_rule or seat == game.to_move:
            return []
        request = Action("request_block", seat=seat)
        try:
            game.apply(request)
        except IllegalAction:
            return []
        game.pop()
        first = game.first_open_three(game.team_of_seat[game.to_move])
        if first is None or first[1] == game.team_of_seat[seat]:
            return []
        return [request]
