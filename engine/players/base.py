"""What every computer player shares: the search budget, what it reports, what it decides.

The engine has no clock of its own: the caller hands a :class:`Budget` its clock (for example
``time.monotonic``) and a stop check (for example ``threading.Event.is_set``). A search polls
:meth:`Budget.exhausted` and, once it is, returns the best move found so far (anytime).

A player's strength comes from its level's node budget, not from the time it is given, so a
level plays the same moves for the same seed on any machine; ``movetime`` is a cap on top.

>>> budget = Budget(clock=lambda: 0.0, nodes=2)
>>> budget.count(), budget.exhausted(), budget.count(), budget.exhausted()
(1, False, 2, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from engine.game import Action, Game

Clock = Callable[[], float]
"""Seconds from any fixed origin, increasing (``time.monotonic``)."""
StopCheck = Callable[[], bool]
"""True once the caller wants the best move so far (``threading.Event.is_set``)."""

LEVELS = range(1, 6)
"""Levels 1 (a beginner that misses threats now and then) to 5 (the strongest)."""
DEFAULT_LEVEL = 3


def _never() -> bool:
    return False


@dataclass
class Budget:
    """How long a search may run: a movetime cap (seconds), a depth, a node count, a stop check.

    ``None`` means no limit of that kind. The search counts its nodes with :meth:`count`.
    """

    clock: Clock
    movetime: float | None = None
    depth: int | None = None
    nodes: int | None = None
    stop: StopCheck = _never
    started: float = field(init=False)
    visited: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def count(self, nodes: int = 1) -> int:
        """Add ``nodes`` visited nodes; the total so far."""
        self.visited += nodes
        return self.visited

    def elapsed(self) -> float:
        """Seconds since the budget was made."""
        return self.clock() - self.started

    def exhausted(self) -> bool:
        """Whether the search must stop now (nodes spent, time up or stop asked)."""
        if self.nodes is not None and self.visited >= self.nodes:
            return True
        if self.movetime is not None and self.elapsed() >= self.movetime:
            return True
        return self.stop()


def capped(budget: Budget, nodes: int) -> Budget:
    """A budget for one search of at most ``nodes`` more nodes within ``budget`` (the same clock,
    time left and stop check); add its ``visited`` back to ``budget`` afterwards."""
    movetime = None if budget.movetime is None else max(0.0, budget.movetime - budget.elapsed())
    if budget.nodes is not None:
        nodes = max(0, min(nodes, budget.nodes - budget.visited))
    return Budget(clock=budget.clock, movetime=movetime, nodes=nodes, stop=budget.stop)


@dataclass(frozen=True)
class SearchInfo:
    """One progress report: like a chess engine's ``info`` line.

    ``score`` is from the mover's side (positive is good: hundredths of a line's worth, or
    expected score in percent for dice games); ``mate`` is set when a forced result is proven:
    ``+N`` wins in ``N`` of the mover's own moves, ``-N`` loses in ``N``.
    """

    depth: int
    score: int
    nodes: int
    seconds: float
    pv: tuple[Action, ...] = ()
    mate: int | None = None


InfoSink = Callable[[SearchInfo], None]


@dataclass(frozen=True)
class Decision:
    """What a player does now and why, in words a player at the board understands.

    ``reason`` is public: it never names an uncalled line of another team or a hidden token.
    """

    action: Action
    reason: str
    info: SearchInfo


class Player(Protocol):
    """A computer player for one variant at one level, deterministic for its seed."""

    level: int

    def decide(self, game: Game, budget: Budget, on_info: InfoSink | None = None) -> Decision:
        """The action for ``game.to_move`` now (a roll, a placement, a substitution, ...).

        Never changes ``game`` (it may push and pop actions, restoring it exactly).
        """
        ...

    def reactions(self, game: Game, seat: int) -> list[Action]:
        """Calls (FLIX, PENALTY, block requests) ``seat`` makes now, out of turn; may be none."""
        ...
