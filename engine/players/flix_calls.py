"""Calls a computer seat makes out of turn in the FLIX games: its own FLIX, and PENALTY.

Its own team's completed lines are its own knowledge: it calls them at once, at every level,
with the ``at`` of the last placement (inside the call window). Another team's uncalled line it
may only deduce from what a person at the board sees: the board and the public events. A line of
another team that is full on the board, with no ``scored`` event since the placement that filled
it, is one nobody has called; once a later placement has closed its window, PENALTY takes it.
Whether the seat notices it is a seeded draw per line and per placement since (``ALERTNESS``):
level 5 always sees it, level 1 often misses it for a while.

>>> from engine.variants import new_game
>>> game = new_game("lucky")
>>> own_call(game, 0) is None
True
"""

from __future__ import annotations

import random

from engine.bitboard import Bitboard
from engine.events import Placed, Scored
from engine.game import Action, Game, Phase
from engine.lines import LINES

ALERTNESS: dict[int, float] = {1: 0.3, 2: 0.5, 3: 0.7, 4: 0.9, 5: 1.0}
"""Chance per placement that a seat of this level notices another team's uncalled line."""
WINDOW_MARGIN = 0.001
"""Waiting for calls, a PENALTY is timed this many seconds after the line's window closed."""
DECIDED_PHASES = frozenset({Phase.GAME_OVER, "await_tokens"})
"""Phases in which nobody may call any more."""


def _last_place_at(game: Game) -> float:
    for action in reversed(game.actions):
        if action.kind == "place":
            return action.at
    return 0.0


def _may_call(game: Game, team: int) -> bool:
    """Whether a FLIX call of ``team`` is allowed now (Tac-T-Flix: not during another team's
    scoring turn; public state)."""
    if game.phase in DECIDED_PHASES:
        return False
    scoring = getattr(game, "seq_team", None)
    return scoring is None or scoring == team


def own_call(game: Game, seat: int) -> Action | None:
    """The FLIX call of ``seat`` when its team has a completed line not yet called."""
    team = game.team_of_seat[seat]
    if not any(entry.team == team for entry in game.uncalled) or not _may_call(game, team):
        return None
    return Action("call", seat=seat, at=_last_place_at(game))


def unannounced_lines(game: Game, team: int) -> list[tuple[Bitboard, int, float]]:
    """Lines of other teams full on the board and not scored since they filled, from public
    facts only: ``(line, placements when it filled, at of that placement)``."""
    candidates = [
        (line, other)
        for other in range(game.teams)
        if other != team
        for line in LINES
        if game.pieces(other) & line == line
    ]
    if not candidates:
        return []
    found: list[tuple[Bitboard, int, float]] = []
    place_actions = [action for action in game.actions if action.kind == "place"]
    for line, other in candidates:
        filled_at, serial, when, scored = -1, 0, 0.0, False
        placements = 0
        for position, event in enumerate(game.events):
            match event:
                case Placed(team=placer, hole=hole):
                    placements += 1
                    if placer == other and line >> hole & 1:
                        filled_at, serial, scored = position, placements, False
                        when = place_actions[placements - 1].at
                case Scored(team=scorer, lines=lines) if scorer == other and filled_at >= 0:
                    scored = scored or line in lines
        if filled_at >= 0 and not scored:
            found.append((line, serial, when))
    return found


def noticed(level: int, seed: int, seat: int, line: Bitboard, placements: int) -> bool:
    """Whether a seat of ``level`` notices ``line`` now (seeded, the same on every machine)."""
    chance = ALERTNESS[level]
    if chance >= 1.0:
        return True
    draw = random.Random(f"penalty:{seed}:{seat}:{line}:{placements}").random()
    return draw < chance


def penalty_call(game: Game, seat: int, level: int, seed: int) -> Action | None:
    """PENALTY by ``seat`` when it has noticed an uncalled line of another team whose call
    window is closed by a later placement (or, waiting for calls, by its time running out)."""
    if game.phase in DECIDED_PHASES:
        return None
    team = game.team_of_seat[seat]
    for line, serial, when in unannounced_lines(game, team):
        if game.placements > serial:
            at = _last_place_at(game)
        elif game.phase == Phase.AWAIT_CALLS:
            at = when + game.options.call_window + WINDOW_MARGIN
        else:
            continue
        if noticed(level, seed, seat, line, game.placements):
            return Action("penalty", seat=seat, at=at)
    return None


def call_reactions(game: Game, seat: int, level: int, seed: int) -> list[Action]:
    """Every call ``seat`` makes now: its own FLIX first, then a PENALTY it has seen."""
    result = []
    call = own_call(game, seat)
    if call is not None:
        result.append(call)
    penalty = penalty_call(game, seat, level, seed)
    if penalty is not None:
        result.append(penalty)
    return result
