"""Games as journal entries: starting, acting, taking back, and replaying them.

Entries: ``new_game`` ``{"variant", "players", "seed", "options"}``; ``action`` (an engine
``Action`` as JSON: a roll without faces replays from the seeded RNG to the same faces); ``undo``
``{}`` (take back the last placement and every action after it); ``seats`` ``{"seat", "kind",
"level"?}`` (a seat switched between a person and the computer; the game does not change). A
``new_game`` entry also carries ``seats`` and ``hints`` (``controller.seats``).
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.game_data import NewGameData
from controller.records.journal import Entry, JournalError
from engine.errors import FlixError
from engine.game import Action, Game
from engine.variants import new_game


def new_game_entry(
    variant: str, players: int, seed: int, options: dict[str, object]
) -> NewGameData:
    return {"variant": variant, "players": players, "seed": seed, "options": options}


def start(data: NewGameData) -> Game:
    """The game a ``new_game`` entry starts."""
    return new_game(data["variant"], data["players"], data["seed"], data["options"])


BOARD_ACTIONS = frozenset({"place", "move"})
"""What a take-back undoes with the rolls and calls after it: a placement, or a Flip 4 step."""


def take_back(game: Game) -> list[Action]:
    """Pop the last placement (or Flip 4 step) and every action after it; the popped actions,
    oldest first.

    Nothing changes (and the list is empty) when the game has nothing of the kind to take back.
    """
    if not any(action.kind in BOARD_ACTIONS for action in game.actions):
        return []
    popped: list[Action] = []
    while True:
        action = game.pop()
        popped.insert(0, action)
        if action.kind in BOARD_ACTIONS:
            return popped


def replay(entries: Iterable[Entry]) -> tuple[Game, float]:
    """The game the entries describe, and the latest game time in it (0 when none): the time of
    the last entry written, or of the last timed action (journals written before entries had
    times)."""
    game: Game | None = None
    latest = 0.0
    for entry in entries:
        if entry.kind == "new_game":
            try:
                game = start(entry.data)
            except (FlixError, KeyError, TypeError, ValueError) as error:
                raise JournalError(
                    f"journal entry {entry.seq} does not start a game: {error}"
                ) from None
            latest = entry.at
            continue
        if game is None:
            raise JournalError(f"journal entry {entry.seq} ({entry.kind}) comes before any game")
        latest = max(latest, entry.at)
        try:
            if entry.kind == "action":
                action = Action.from_json(entry.data, game.naming)
                game.apply(action)
                latest = max(latest, action.at)
            elif entry.kind == "undo":
                take_back(game)
            elif entry.kind == "seats":
                pass  # who plays a seat: the session reads it, the game does not change
            else:
                raise JournalError(f"journal entry {entry.seq} has unknown kind {entry.kind!r}")
        except (FlixError, TypeError, ValueError) as error:
            raise JournalError(f"journal entry {entry.seq} does not replay: {error}") from error
    if game is None:
        raise JournalError("the journal holds no game")
    return game, latest
