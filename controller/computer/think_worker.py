"""The computer's searches, in a process of their own (``controller.computer.thinker`` starts it).

A search would hold the interpreter's lock for a second at a time and cost the board its
latency, so it runs in a separate process. A :class:`Job` names the game as its journal does
(the ``new_game`` entry and the actions) and what to find out:

- ``move``: the first call (FLIX, PENALTY, block request) a computer seat makes now, else the
  decision of the seat to move when that seat is a computer, else nothing;
- ``hint``: the decision of the seat to move, found by the strongest level.

A player sees the game only through :func:`~engine.players.view.seat_view` of its seat: no seed,
no dice to come, no other team's tokens.

Every job carries a generation; the controller raises the shared ``current`` generation to
cancel a job (its budget's stop check sees it at once) and drops an answer of an older one.
This module imports only the engine.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from multiprocessing.queues import Queue
from multiprocessing.sharedctypes import Synchronized
from typing import Literal

from controller.i18n import Said
from engine.game import Action, Game, Phase
from engine.players import make_player
from engine.players.base import LEVELS, Budget, Decision, Player
from engine.players.view import seat_view
from engine.variants import new_game

NICENESS = 10
"""How much lower the worker's scheduling priority is than the service's."""
PARENT_CHECK_S = 1.0
"""How often an idle worker checks that the service that started it still runs."""
HINT_LEVEL = LEVELS[-1]
"""Hints come from the strongest level."""
Purpose = Literal["move", "hint"]


@dataclass(frozen=True)
class GameStart:
    """The engine's game of a ``new_game`` entry."""

    variant: str
    players: int
    seed: int
    options: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Job:
    """A search to make: the game (its start and actions), the computer's seats with their
    levels and every seat's player seed, the time a move may take (``None``: the level's own)."""

    generation: int
    purpose: Purpose
    start: GameStart
    actions: tuple[Action, ...]
    levels: dict[int, int]
    seeds: dict[int, int]
    movetime: float | None


@dataclass(frozen=True)
class Answer:
    """What a job found: the seat and its action with the reason, in English and as a message
    (``said``) that each page and the voice say in their own language (``action`` ``None``:
    nothing to do), or the ``error`` that stopped the search; ``stale``: cancelled before it
    started."""

    generation: int
    purpose: Purpose
    seat: int = 0
    action: Action | None = None
    reason: str = ""
    said: Said | None = None
    error: str | None = None
    stale: bool = False


def replay(job: Job) -> Game:
    """The game the job describes."""
    start = job.start
    game = new_game(start.variant, start.players, start.seed, start.options)
    for action in job.actions:
        game.apply(action)
    return game


class Thinker:
    """The players of the jobs so far (a player may keep tables between moves)."""

    def __init__(self) -> None:
        self.players: dict[tuple[str, int, int], Player] = {}

    def player(self, variant: str, level: int, seed: int) -> Player:
        key = (variant, level, seed)
        if key not in self.players:
            self.players[key] = make_player(variant, level, seed)
        return self.players[key]

    def answer(self, job: Job, stop: Callable[[], bool]) -> Answer:
        """The answer to ``job``; ``stop()`` true asks for the best move so far."""
        game = replay(job)
        base = Answer(job.generation, job.purpose, seat=game.to_move)
        variant = game.variant
        budget = Budget(clock=time.monotonic, movetime=job.movetime, stop=stop)
        if job.purpose == "hint":
            player = self.player(variant, HINT_LEVEL, job.seeds[game.to_move])
            decision = player.decide(seat_view(game, game.to_move), budget)
            return _decided(base, decision)
        if game.phase == Phase.GAME_OVER:
            return base
        for seat in sorted(job.levels):
            player = self.player(variant, job.levels[seat], job.seeds[seat])
            for action in player.reactions(seat_view(game, seat), seat):
                reason = _reason(action)
                return replace(base, seat=seat, action=action, reason=reason, said=Said(reason))
        if game.to_move in job.levels:
            player = self.player(variant, job.levels[game.to_move], job.seeds[game.to_move])
            decision = player.decide(seat_view(game, game.to_move), budget)
            return _decided(base, decision)
        return base


def _decided(base: Answer, decision: Decision) -> Answer:
    """``base`` with the decision's action and its reason (its words kept as a message)."""
    reason = decision.reason
    return replace(base, action=decision.action, reason=str(reason), said=Said.of(reason))


def _reason(reaction: Action) -> str:
    words = {"call": "calls FLIX", "penalty": "calls PENALTY", "request_block": "asks for a block"}
    return words.get(reaction.kind, reaction.kind)


def _stop_check(current: Synchronized[int], generation: int) -> Callable[[], bool]:
    """True once ``generation`` is no longer the current one (cancelled)."""
    return lambda: current.value != generation


def serve(jobs: Queue[Job | None], answers: Queue[Answer], current: Synchronized[int]) -> None:
    """The worker process: answer jobs until ``None`` comes or the service is gone. A job
    cancelled before it starts is answered as stale at once."""
    os.nice(NICENESS)  # on a busy machine the board's loop goes first
    thinker = Thinker()
    parent = multiprocessing.parent_process()
    while True:
        try:
            job = jobs.get(timeout=PARENT_CHECK_S)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return  # the service was killed: end with it
            continue
        if job is None:
            return
        generation = job.generation
        if generation != current.value:
            answers.put(Answer(generation, job.purpose, stale=True))
            continue
        try:
            answer = thinker.answer(job, _stop_check(current, generation))
        except Exception as error:  # the process boundary: any failure is reported, not fatal
            answer = Answer(generation, job.purpose, error=f"{type(error).__name__}: {error}")
        answers.put(answer)
