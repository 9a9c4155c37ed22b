"""The computer's searches, in a process of their own (``controller.computer.thinker`` starts it).

A search would hold the interpreter's lock for a second at a time and cost the board its
latency, so it runs in a separate process. A job names the game as its journal does (the
``new_game`` entry and the actions) and what to find out:

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
from multiprocessing.queues import Queue
from multiprocessing.sharedctypes import Synchronized
from typing import Any

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
Job = dict[str, Any]
"""``{"generation", "purpose": "move"|"hint", "entry", "actions", "levels": {seat: level},
"seeds": {seat: seed}, "movetime"}`` (holes as names, as in the journal)."""
Answer = dict[str, Any]
"""``{"generation", "purpose", "seat", "action" (JSON or None), "reason", "said" (the reason as
a message), "error"?}``."""


def replay(job: Job) -> Game:
    """The game the job describes."""
    entry = job["entry"]
    game = new_game(entry["variant"], entry["players"], entry["seed"], entry["options"])
    for data in job["actions"]:
        game.apply(Action.from_json(data, game.naming))
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

    def answer(self, job: Job, stop: Any) -> Answer:
        """The answer to ``job``; ``stop()`` true asks for the best move so far."""
        game = replay(job)
        base: Answer = {
            "generation": job["generation"],
            "purpose": job["purpose"],
            "seat": game.to_move,
            "action": None,
            "reason": "",
        }
        variant = game.variant
        seeds = {int(seat): seed for seat, seed in job["seeds"].items()}
        budget = Budget(clock=time.monotonic, movetime=job["movetime"], stop=stop)
        if job["purpose"] == "hint":
            player = self.player(variant, HINT_LEVEL, seeds[game.to_move])
            return {**base, **_decided(player.decide(seat_view(game, game.to_move), budget), game)}
        if game.phase == Phase.GAME_OVER:
            return base
        levels = {int(seat): level for seat, level in job["levels"].items()}
        for seat in sorted(levels):
            player = self.player(variant, levels[seat], seeds[seat])
            for action in player.reactions(seat_view(game, seat), seat):
                return {**base, "seat": seat, **_reaction(action, game)}
        if game.to_move in levels:
            player = self.player(variant, levels[game.to_move], seeds[game.to_move])
            return {**base, **_decided(player.decide(seat_view(game, game.to_move), budget), game)}
        return base


def _decided(decision: Decision, game: Game) -> Answer:
    """The decision's action and its reason, in English and as a message (``said``) that each
    page and the voice say in their own language."""
    reason = decision.reason
    said = Said.of(reason).to_json()
    return {"action": decision.action.to_json(game.naming), "reason": str(reason), "said": said}


def _reaction(action: Action, game: Game) -> Answer:
    words = {"call": "calls FLIX", "penalty": "calls PENALTY", "request_block": "asks for a block"}
    reason = words.get(action.kind, action.kind)
    return {"action": action.to_json(game.naming), "reason": reason, "said": Said(reason).to_json()}


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
        generation = job["generation"]
        if generation != current.value:
            answers.put({"generation": generation, "purpose": job["purpose"], "stale": True})
            continue
        try:
            answer = thinker.answer(job, _stop_check(current, generation))
        except Exception as error:  # the process boundary: any failure is reported, not fatal
            answer = {
                "generation": generation,
                "purpose": job["purpose"],
                "error": f"{type(error).__name__}: {error}",
            }
        answers.put(answer)
