"""The moves of each variant as words: one :class:`Verb` per engine action kind, and per
variant the verbs it uses (its dialect) and the header lines of its own (Pay-Off's ``Deal``).

A variant declares its dialect as an entry point of ``flixboard.notation`` (the project's own in
:mod:`engine.notation.dialects`): the verbs it takes (the shared ones below, or verbs of its own
for new action kinds) and any header tags.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from engine.dice import DICE, Dice, parse_throw
from engine.errors import FlixError, NoNotation, NotationError
from engine.game import BUROCRAT, Action, ActionKind, Game
from engine.notation.lexer import Token
from engine.registry import Registry

Fields = dict[str, Any]
"""The :class:`~engine.game.Action` fields a verb's arguments give (``hole``, ``throw``, ...)."""
MAX_NUMBER_DIGITS = 12
"""The most digits a number in a move (a token value) may have."""


@dataclass(frozen=True)
class Verb:
    """A move word: the engine action ``kind`` it writes, whether the seat to move makes it
    (``mover``; else the seat is the action's own), whether it carries a time (``timed``: the
    games with calls), and how its arguments are written and read."""

    word: str
    kind: ActionKind
    usage: str
    write: Callable[[Action, Game], list[str]]
    read: Callable[[Token, list[Token], Game], Fields]
    mover: bool = True
    timed: bool = False


@dataclass(frozen=True)
class Tag:
    """A header line of one variant, written once per row of ``write(game)``; ``read`` turns
    the rows (the tokens after the tag word) into the game option ``option``."""

    word: str
    option: str
    usage: str
    write: Callable[[Game], list[list[str]]]
    read: Callable[[list[list[Token]], int], Any]


@dataclass(frozen=True)
class Dialect:
    """The verbs and header tags of one variant."""

    verbs: tuple[Verb, ...]
    tags: tuple[Tag, ...] = ()

    def verb(self, word: str) -> Verb | None:
        """The verb written ``word`` (any case), or ``None``."""
        lowered = word.lower()
        return next((verb for verb in self.verbs if verb.word == lowered), None)

    def verb_of(self, kind: str, variant: str) -> Verb:
        """The verb that writes actions of ``kind`` (``NoNotation`` when none does)."""
        for verb in self.verbs:
            if verb.kind == kind:
                return verb
        raise NoNotation(
            f"the notation has no word for {kind!r} actions of {variant}: register its dialect "
            "(engine/notation/verbs.py)"
        )


def _no_arguments(word: str) -> Callable[[Token, list[Token], Game], Fields]:
    def read(verb: Token, args: list[Token], game: Game) -> Fields:
        if args:
            raise NotationError(args[0].line, args[0].text, f"{word} takes nothing after it")
        return {}

    return read


def _none(action: Action, game: Game) -> list[str]:
    return []


def hole_of(token: Token, game: Game) -> int:
    """The hole ``token`` names, under the game's naming (the panel and suit layout, or the
    cells of a flat board)."""
    return cell_of(token.text, token, game)


def cell_of(text: str, token: Token, game: Game) -> int:
    """The hole or cell ``text`` (part of ``token``) names in ``game``."""
    try:
        return game.naming.parse(text)
    except FlixError as error:
        raise NotationError(token.line, token.text, str(error)) from None


def number_of(token: Token, what: str) -> int:
    """A whole number written in ASCII digits."""
    text = token.text
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS):
        raise NotationError(token.line, text, f"{what} must be a whole number such as 50")
    return int(text)


def _one_argument(verb: Token, args: list[Token], what: str) -> Token:
    if not args:
        raise NotationError(verb.line, verb.text, f"{verb.text} needs {what}")
    if len(args) > 1:
        raise NotationError(args[1].line, args[1].text, f"{verb.text} takes only {what}")
    return args[0]


# ----------------------------------------------------------------- the shared verbs


def _write_roll(action: Action, game: Game) -> list[str]:
    return [str(game.last_throw)]


def _read_roll(verb: Token, args: list[Token], game: Game) -> Fields:
    token = _one_argument(verb, args, "the faces thrown, e.g. yellow/II/hearts")
    dice: Dice = getattr(game, "dice", DICE)
    try:
        return {"throw": str(parse_throw(token.text, dice))}
    except FlixError as error:
        raise NotationError(token.line, token.text, str(error)) from None


def _write_place(action: Action, game: Game) -> list[str]:
    words = [game.naming.name(action.hole or 0)]
    if action.piece == BUROCRAT:
        words.append(BUROCRAT)
    if action.token is not None:
        words += ["token", str(action.token)]
    return words


def _read_place(verb: Token, args: list[Token], game: Game) -> Fields:
    if not args:
        raise NotationError(verb.line, verb.text, "place needs a hole, e.g. place Y-II-H")
    fields: Fields = {"hole": hole_of(args[0], game)}
    rest = list(args[1:])
    if rest and rest[0].text.lower() == BUROCRAT:
        fields["piece"] = BUROCRAT
        rest.pop(0)
    if rest and rest[0].text.lower() == "token":
        if len(rest) < 2:
            raise NotationError(rest[0].line, rest[0].text, "token needs its value, e.g. token 50")
        fields["token"] = number_of(rest[1], "a token")
        rest = rest[2:]
    if rest:
        raise NotationError(
            rest[0].line, rest[0].text, "after the hole only 'burocrat' and 'token N' may follow"
        )
    return fields


def _write_hole(action: Action, game: Game) -> list[str]:
    return [game.naming.name(action.hole or 0)]


def _read_hole(verb: Token, args: list[Token], game: Game) -> Fields:
    token = _one_argument(verb, args, "a hole, e.g. R-I-S")
    return {"hole": hole_of(token, game)}


def _write_entered(action: Action, game: Game) -> list[str]:
    token = "none" if action.token is None else str(action.token)
    return [game.naming.name(action.hole or 0), token]


def _read_entered(verb: Token, args: list[Token], game: Game) -> Fields:
    if len(args) != 2:
        where = args[2] if len(args) > 2 else verb
        raise NotationError(where.line, where.text, "token takes a hole and a value (or none)")
    value = None if args[1].text.lower() == "none" else number_of(args[1], "a token")
    return {"hole": hole_of(args[0], game), "token": value}


def _read_opened(verb: Token, args: list[Token], game: Game) -> Fields:
    if len(args) != 2:
        where = args[2] if len(args) > 2 else verb
        raise NotationError(where.line, where.text, "open takes a hole and the token's value")
    return {"hole": hole_of(args[0], game), "token": number_of(args[1], "a token")}


def _write_dice(action: Action, game: Game) -> list[str]:
    pair: tuple[int, int] | None = getattr(game, "dice_pair", None)
    return [] if pair is None else [f"{pair[0]}/{pair[1]}"]


def _read_dice(verb: Token, args: list[Token], game: Game) -> Fields:
    token = _one_argument(verb, args, "the two dice thrown, e.g. 3/5")
    try:
        return {"throw": game.throw_text(token.text)}
    except FlixError as error:
        raise NotationError(token.line, token.text, str(error)) from None


def _write_step(action: Action, game: Game) -> list[str]:
    return [f"{game.naming.name(action.hole or 0)}-{game.naming.name(action.to or 0)}"]


def _read_step(verb: Token, args: list[Token], game: Game) -> Fields:
    token = _one_argument(verb, args, "the squares from and to, e.g. step c3-d2")
    source, dash, target = token.text.partition("-")
    if not dash:
        raise NotationError(token.line, token.text, "a step is FROM-TO, e.g. c3-d2")
    return {"hole": cell_of(source, token, game), "to": cell_of(target, token, game)}


ROLL = Verb("roll", "roll", "roll FACES", _write_roll, _read_roll)
DICE_ROLL = Verb("roll", "roll", "roll A/B", _write_dice, _read_dice)
"""Flip 4's roll: its two dice, e.g. ``roll 3/5``."""
STEP = Verb("step", "move", "step FROM-TO", _write_step, _read_step)
"""Flip 4's move of a piece to a neighbouring square (a step, a flip, or into a corner)."""
PLACE = Verb(
    "place", "place", "place HOLE [burocrat] [token N]", _write_place, _read_place, timed=True
)
FLIX = Verb("flix", "call", "flix", _none, _no_arguments("flix"), mover=False, timed=True)
PENALTY = Verb(
    "penalty", "penalty", "penalty", _none, _no_arguments("penalty"), mover=False, timed=True
)
BLOCK = Verb("block", "request_block", "block", _none, _no_arguments("block"), mover=False)
RESIGN = Verb("resign", "resign", "resign", _none, _no_arguments("resign"), mover=False)
BUROCRAT_VERB = Verb("burocrat", "substitute", "burocrat HOLE", _write_hole, _read_hole)
WITHDRAW = Verb("withdraw", "withdraw", "withdraw HOLE", _write_hole, _read_hole)
ENTER_TOKEN = Verb("token", "enter_token", "token HOLE N|none", _write_entered, _read_entered)
OPEN_TOKEN = Verb("open", "open_token", "open HOLE N", _write_entered, _read_opened)
"""Pay-Off between boards: a committed token opened (its value; ``place ... token 0``: sealed)."""


# ----------------------------------------------------------------- Pay-Off's deal


def _write_deal(game: Game) -> list[list[str]]:
    dealt: list[tuple[int, ...]] = getattr(game, "dealt", [])
    return [[str(team + 1), *map(str, hand)] for team, hand in enumerate(dealt)]


def _read_deal(rows: list[list[Token]], teams: int) -> list[list[int]]:
    hands: list[list[int]] = []
    for row in rows:
        team = number_of(row[0], "the team of a Deal line")
        if team != len(hands) + 1:
            raise NotationError(
                row[0].line, row[0].text, f"Deal lines go by team: expected team {len(hands) + 1}"
            )
        hands.append([number_of(token, "a token") for token in row[1:]])
    if len(hands) != teams:
        line = rows[-1][0].line
        raise NotationError(line, "Deal", f"one Deal line per team: {teams} teams, {len(hands)}")
    return hands


DEAL = Tag("Deal", "deal", "Deal TEAM TOKEN...", _write_deal, _read_deal)

NOTATION_GROUP = "flixboard.notation"


def _is_dialect(value: object, name: str) -> TypeGuard[Dialect]:
    return isinstance(value, Dialect)


DIALECTS: Registry[Dialect] = Registry(NOTATION_GROUP, _is_dialect)
"""Variant name -> its dialect, the entry points of ``flixboard.notation`` (``engine.registry``;
the project's own in :mod:`engine.notation.dialects`)."""
SHARED = Dialect((ROLL, PLACE, FLIX, PENALTY, BLOCK, RESIGN))
"""The dialect of a variant that declared none: the moves of the shared game object."""


def dialect_of(variant: str) -> Dialect:
    """The notation of ``variant``: its own dialect, else ``SHARED``."""
    return DIALECTS.get(variant, SHARED)
