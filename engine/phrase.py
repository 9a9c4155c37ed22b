"""Words the rules say to a player (a refusal, a lost turn, the computer's reason), kept with
their message id so that the controller can say them in the player's language.

A :class:`Phrase` is the English text, a plain ``str`` to every caller, that also carries its
message id (the English with ``{placeholders}``) and the values. ``why(...)`` marks the id for
the catalogs (``pybabel extract -k why``, docs/languages.md); the engine itself translates
nothing.

>>> said = why("forces a win in {moves}", moves=3)
>>> said, said.id, said.args
('forces a win in 3', 'forces a win in {moves}', {'moves': '3'})
"""

from __future__ import annotations

from typing import Any


class Phrase(str):
    """English text with its message ``id`` and the ``args`` it was filled with (their values
    text, a value that is itself a ``Phrase`` kept as one)."""

    id: str
    args: dict[str, str]

    def __new__(cls, id: str, args: dict[str, str]) -> Phrase:
        text = super().__new__(cls, id.format(**args) if args else id)
        text.id = id
        text.args = args
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return Phrase, (self.id, self.args)


def why(id: str, /, **args: object) -> Phrase:
    """The message ``id`` filled with ``args`` (each value as text)."""
    return Phrase(
        id, {key: value if isinstance(value, str) else str(value) for key, value in args.items()}
    )


def N_(message: str) -> str:
    """Mark a fixed ``message`` for the catalogs where it is written (a lost turn's reason):
    it stays a plain ``str``, said in the player's language where it is shown."""
    return message
