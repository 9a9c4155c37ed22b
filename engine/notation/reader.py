"""Reading a record in the text notation (docs/NOTATION.md) and replaying it through the
engine: a record that does not read, or whose moves the rules refuse, is a
:class:`~engine.errors.NotationError` naming the line and the token.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, NoReturn

from engine.errors import FlixError, NotationError
from engine.game import Action, Game
from engine.notation.lexer import Token, strip_comment, tokens
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
from engine.notation.verbs import Dialect, Verb, dialect_of, number_of
from engine.notation.writer import MAGIC, VERSION, result_line
from engine.variants import VARIANTS, new_game

MAX_TEXT = 1_000_000
"""The longest record read (characters): a long game of Lucky Flix is about 10 KB."""
MAX_MOVES = 20_000
"""The most move lines a record may have."""
MAX_NAME = 40
"""The longest player name."""
MAX_NESTING = 8
"""The deepest an option's JSON value may nest (lists and objects in one another): the
variants' options nest at most two deep."""
LEVELS = range(1, 6)
_STAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?Z")
_SECONDS = re.compile(r"@([0-9]{1,10})(\.[0-9]{1,20})?")
_OPTION = re.compile(r"\s*\S+\s+(\S+)\s*(.*?)\s*")


@dataclass(frozen=True)
class _Line:
    number: int
    text: str
    tokens: list[Token]

    @property
    def word(self) -> str:
        return self.tokens[0].text


class _Lines:
    """The non-blank lines of a record, read in order."""

    def __init__(self, text: str) -> None:
        self.items: list[_Line] = []
        for number, raw in enumerate(text.splitlines(), 1):
            found = tokens(raw, number)
            if found:
                self.items.append(_Line(number, raw, found))
        self.index = 0
        self.last = len(text.splitlines())

    def peek(self) -> _Line | None:
        return self.items[self.index] if self.index < len(self.items) else None

    def take(self, word: str, usage: str) -> _Line:
        """The next line, which must start with ``word``."""
        line = self.peek()
        if line is None:
            raise NotationError(self.last + 1, "", f"the record ends here: expected '{usage}'")
        if line.word.lower() != word.lower():
            raise NotationError(line.number, line.word, f"expected '{usage}' here")
        self.index += 1
        return line

    def take_all(self, word: str) -> list[_Line]:
        """The next lines starting with ``word`` (perhaps none)."""
        taken = []
        while (line := self.peek()) is not None and line.word.lower() == word.lower():
            taken.append(line)
            self.index += 1
        return taken


def _fail(token: Token, reason: str) -> NoReturn:
    raise NotationError(token.line, token.text, reason)


def _arguments(line: _Line, count: int, usage: str) -> list[Token]:
    args = line.tokens[1:]
    if len(args) < count:
        _fail(line.tokens[-1], f"too short: '{usage}'")
    if len(args) > count:
        _fail(args[count], f"unexpected after '{usage}'")
    return args


def read_record(text: str) -> GameRecord:
    """The record written in ``text``, replayed: every move checked by the rules, the result
    checked against the position the moves reach."""
    if len(text) > MAX_TEXT:
        raise NotationError(1, text[:20], f"the record is longer than {MAX_TEXT} characters")
    lines = _Lines(text)
    first = _arguments(lines.take(MAGIC, f"{MAGIC} {VERSION}"), 1, f"{MAGIC} {VERSION}")[0]
    if first.text != str(VERSION):
        _fail(first, f"this flixboard reads notation version {VERSION}")
    variant_token = _arguments(lines.take("Variant", "Variant NAME"), 1, "Variant NAME")[0]
    variant = variant_token.text.lower()
    if variant not in VARIANTS:
        _fail(variant_token, f"no variant {variant_token.text!r}; known: {', '.join(VARIANTS)}")
    dialect = dialect_of(variant)
    players_line = lines.take("Players", "Players N")
    players_token = _arguments(players_line, 1, "Players N")[0]
    players = number_of(players_token, "the number of players")
    seat_teams = VARIANTS[variant].seat_teams
    if players not in seat_teams:
        _fail(players_token, f"players must be {VARIANTS[variant].player_counts()}")
    teams = max(seat_teams[players]) + 1
    seats = tuple(
        _seat(lines.take("Seat", f"Seat {seat + 1} KIND NAME"), seat) for seat in range(players)
    )
    options, setting = _options(lines, variant)
    for tag in dialect.tags:
        rows = lines.take_all(tag.word)
        for row in rows:
            if len(row.tokens) < 2:
                _fail(row.tokens[0], f"too short: '{tag.usage}'")
        if rows:
            options[tag.option] = tag.read([row.tokens[1:] for row in rows], teams)
            setting.append(rows[-1])
    start = _stamp(lines, "Start")
    end = _stamp(lines, "End")
    if start is not None and end is not None and _when(end.text) < _when(start.text):
        _fail(end, f"the game ends before it starts ({start.text})")
    result_at = lines.take("Result", "Result TEAM|draw|abandoned [REASON]")
    declared = _result(result_at, teams)
    try:
        game = new_game(variant, players, 0, options)
    except (FlixError, TypeError) as error:
        blamed = setting[-1].tokens[0] if setting else players_token
        _fail(blamed, f"the game cannot start: {error}")
    moves = _moves(lines, game, dialect)
    replayed = result_of(game)
    if (declared.outcome, declared.team) != (replayed.outcome, replayed.team) or (
        declared.reason and declared.reason != replayed.reason
    ):
        shown = " ".join(token.text for token in result_at.tokens[1:])
        raise NotationError(
            result_at.number,
            shown,
            f"the moves end otherwise: '{result_line(replayed)}' (phase {game.phase})",
        )
    return GameRecord(
        variant,
        players,
        seats,
        options,
        replayed,
        game,
        moves,
        None if start is None else start.text,
        None if end is None else end.text,
    )


def _seat(line: _Line, seat: int) -> SeatInfo:
    args = line.tokens[1:]
    usage = f'Seat {seat + 1} human|computer LEVEL|remote "NAME"'
    if len(args) < 3:
        _fail(line.tokens[-1], f"too short: '{usage}'")
    if args[0].text != str(seat + 1):
        _fail(args[0], f"expected seat {seat + 1}: one Seat line per seat, in order")
    kind = args[1].text.lower()
    if kind not in SEAT_KINDS:
        _fail(args[1], f"a seat is played by one of: {', '.join(SEAT_KINDS)}")
    rest = args[2:]
    level: int | None = None
    if kind == "computer" and not rest[0].quoted:
        level = number_of(rest[0], "the computer's level")
        if level not in LEVELS:
            _fail(rest[0], "the computer's level is 1..5")
        rest = rest[1:]
    if len(rest) != 1 or not rest[0].quoted:
        _fail((rest or args)[-1], f"the player's name comes last, in quotes: '{usage}'")
    player = rest[0].text
    if not player.strip() or len(player) > MAX_NAME or not player.isprintable():
        _fail(rest[0], f"a name is 1..{MAX_NAME} printable characters")
    return SeatInfo(player, kind, level)


def _options(lines: _Lines, variant: str) -> tuple[dict[str, Any], list[_Line]]:
    """The ``Option`` lines' options, and the lines."""
    options_class = VARIANTS[variant].options_class
    known = {item.name for item in fields(options_class)}
    options: dict[str, Any] = {}
    taken = lines.take_all("Option")
    for line in taken:
        match = _OPTION.fullmatch(strip_comment(line.text))
        if match is None or not match.group(2):
            _fail(line.tokens[-1], "expected 'Option KEY VALUE' (VALUE in JSON)")
        key, raw = match.group(1), match.group(2)
        key_token = line.tokens[1]
        if key not in known:
            _fail(
                key_token, f"{variant} has no option {key!r}; options: {', '.join(sorted(known))}"
            )
        if key in options:
            _fail(key_token, f"option {key} is given twice")
        if nesting(raw) > MAX_NESTING:
            _fail(key_token, f"its value nests deeper than {MAX_NESTING} levels")
        try:
            value = json.loads(raw, parse_constant=_no_constant)
            options_class.from_dict({key: value})
        except (ValueError, TypeError) as error:
            _fail(Token(raw, line.number), f"not a value of {key}: {error}")
        options[key] = value
    return options, taken


def nesting(raw: str) -> int:
    """How deep the lists and objects of a JSON text nest (brackets inside strings aside).

    >>> nesting('{"a": [[1], "]]"]}')
    3
    """
    deepest = depth = 0
    quoted = escaped = False
    for char in raw:
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _no_constant(text: str) -> NoReturn:
    raise ValueError(f"{text} is not a number")


def _stamp(lines: _Lines, word: str) -> Token | None:
    line = lines.peek()
    if line is None or line.word.lower() != word.lower():
        return None
    token = _arguments(lines.take(word, f"{word} TIME"), 1, f"{word} YYYY-MM-DDTHH:MM:SSZ")[0]
    if not _STAMP.fullmatch(token.text):
        _fail(token, "a time is UTC, written 2026-11-24T20:15:00Z")
    try:
        _when(token.text)
    except ValueError:
        _fail(token, "no such date or time of day")
    return token


def _when(stamp: str) -> datetime:
    """The moment a time stamp of the right form names (``ValueError``: none, e.g. month 13)."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def _result(line: _Line, teams: int) -> Result:
    args = line.tokens[1:]
    if not args:
        _fail(line.tokens[0], "the result is a team number, draw or abandoned")
    who, reason = args[0], " ".join(token.text for token in args[1:])
    if who.text.lower() == ABANDONED:
        if reason:
            _fail(args[1], "an abandoned game has no reason")
        return Result(ABANDONED)
    if who.text.lower() == DRAW:
        return Result(DRAW, None, reason)
    team = number_of(who, "the winning team")
    if not 1 <= team <= teams:
        _fail(who, f"teams are 1..{teams}")
    return Result(WIN, team - 1, reason)


def _moves(lines: _Lines, game: Game, dialect: Dialect) -> tuple[Move, ...]:
    moves: list[Move] = []
    while (line := lines.peek()) is not None:
        lines.index += 1
        if len(moves) >= MAX_MOVES:
            _fail(line.tokens[0], f"more than {MAX_MOVES} moves")
        moves.append(_move(line, game, dialect))
    return tuple(moves)


def _move(line: _Line, game: Game, dialect: Dialect) -> Move:
    seat_token, *rest = line.tokens
    if seat_token.text.isascii() and seat_token.text.isalpha():
        _fail(seat_token, "a header line here? The header ends with Result; moves follow it")
    seat = number_of(seat_token, "the seat that moves") - 1
    if not 0 <= seat < game.players:
        _fail(seat_token, f"seats are 1..{game.players}")
    if not rest:
        _fail(seat_token, "a move is 'SEAT VERB ...', e.g. '1 place R-I-S'")
    verb_token, *args = rest
    verb = dialect.verb(verb_token.text)
    if verb is None:
        words = ", ".join(verb.word for verb in dialect.verbs)
        _fail(verb_token, f"{game.variant} has no move {verb_token.text!r} (its moves: {words})")
    at = 0.0
    if args and args[-1].text.startswith("@"):
        at = _seconds(args.pop(), verb, game)
    if game.game_over:
        _fail(verb_token, f"the game is over ({result_line(result_of(game))}): no more moves")
    if verb.mover and seat != game.to_move:
        _fail(
            seat_token,
            f"seat {seat + 1} cannot {verb.word}: seat {game.to_move + 1} is to move "
            f"(phase {game.phase})",
        )
    action = Action(
        verb.kind, seat=None if verb.mover else seat, at=at, **verb.read(verb_token, args, game)
    )
    try:
        game.apply(action)
    except (FlixError, TypeError) as error:
        _fail(args[0] if args else verb_token, str(error))
    text = " ".join(token.text for token in line.tokens)
    return Move(line.number, text, seat, action)


def _seconds(token: Token, verb: Verb, game: Game) -> float:
    if not (verb.timed and game.uses_calls):
        _fail(token, f"a {verb.word} in {game.variant} carries no time")
    if not _SECONDS.fullmatch(token.text):
        _fail(token, "a time is @SECONDS since the game began, e.g. @12.5")
    return float(token.text[1:])


def replay_steps(record: GameRecord) -> Iterator[dict[str, Any]]:
    """The public state before the first move and after each move of ``record``: what a
    replay shows, step by step, with the move's text, seat (from 0) and hole (where a Flip 4
    step went: its ``to``). One at a time, so a long game is never all in memory."""
    game = new_game(record.variant, record.players, 0, record.options)
    yield {"step": 0, "text": None, "seat": None, "hole": None, "state": game.to_json()}
    for index, move in enumerate(record.moves, 1):
        game.apply(move.action)
        landed = move.action.hole if move.action.to is None else move.action.to
        hole = None if landed is None else game.naming.name(landed)
        yield {
            "step": index,
            "text": move.text,
            "seat": move.seat,
            "hole": hole,
            "state": game.to_json(),
        }
