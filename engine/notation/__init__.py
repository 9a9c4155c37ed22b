"""The text notation of a game (docs/NOTATION.md): write a game as a record, read a record
back and replay it through the rules.

>>> from engine.variants import new_game
>>> game = new_game("qubic")
>>> for hole in ["R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D", "R-I-C"]:
...     _ = game.place(hole)
>>> text = write_record(game, [SeatInfo("Ann"), SeatInfo("Ben", "computer", 3)])
>>> print(text, end="")
FLIX 1
Variant qubic
Players 2
Seat 1 human "Ann"
Seat 2 computer 3 "Ben"
Result 1 line
<BLANKLINE>
1 place R-I-S
2 place Y-I-S
1 place R-I-H
2 place Y-I-H
1 place R-I-D
2 place Y-I-D
1 place R-I-C
>>> record = read_record(text)
>>> record.result, record.game.to_json() == game.to_json()
(Result(outcome='win', team=0, reason='line'), True)
>>> read_record(text.replace("2 place Y-I-D", "2 place Y-I-X"))
Traceback (most recent call last):
...
engine.errors.NotationError: line 13 at 'Y-I-X': not a hole name: 'Y-I-X' (suit letter must be \
one of SHDC)
"""

from engine.notation.model import (
    ABANDONED,
    DRAW,
    SEAT_KINDS,
    WIN,
    GameRecord,
    Move,
    Result,
    SeatInfo,
    result_of,
)
from engine.notation.reader import read_record, replay_steps
from engine.notation.verbs import DIALECTS, SHARED, Dialect, Tag, Verb, dialect_of
from engine.notation.writer import write_record

__all__ = [
    "ABANDONED",
    "DIALECTS",
    "DRAW",
    "SEAT_KINDS",
    "SHARED",
    "WIN",
    "Dialect",
    "GameRecord",
    "Move",
    "Result",
    "SeatInfo",
    "Tag",
    "Verb",
    "dialect_of",
    "read_record",
    "replay_steps",
    "result_of",
    "write_record",
]
