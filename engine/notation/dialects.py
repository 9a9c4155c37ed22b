"""The project's own games' dialects: the verbs each takes and its header tags, declared as
entry points of ``flixboard.notation`` (``pyproject.toml``)."""

from __future__ import annotations

from engine.notation.verbs import (
    BLOCK,
    BUROCRAT_VERB,
    DEAL,
    DICE_ROLL,
    ENTER_TOKEN,
    FLIX,
    OPEN_TOKEN,
    PENALTY,
    PLACE,
    RESIGN,
    ROLL,
    STEP,
    WITHDRAW,
    Dialect,
)

LUCKY = Dialect((ROLL, PLACE, FLIX, PENALTY, RESIGN))
QUBIC = Dialect((PLACE, BLOCK, RESIGN))
PAYOFF = Dialect((PLACE, FLIX, PENALTY, RESIGN, ENTER_TOKEN, OPEN_TOKEN), (DEAL,))
TACTFLIX = Dialect((PLACE, FLIX, PENALTY, RESIGN, BUROCRAT_VERB, WITHDRAW))
FLIP4 = Dialect((DICE_ROLL, PLACE, STEP, RESIGN))
OLIX = Dialect((PLACE, RESIGN))
