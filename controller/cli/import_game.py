"""``flixboard import FILE``: read a game record in the text notation, replay it through the
rules and keep it with the games of the data directory. A record that does not read or replay
is refused with its line and token, and nothing is stored."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from controller.cli.language import command_language
from controller.cli.status import FAILED, USER_FAULT
from controller.records.journal import default_data_dir
from controller.records.keeping import keep_imported
from controller.records.queries import GameResult, GameSeat
from controller.records.store import GameStore, RecordsError
from controller.records.words import players_text, result_text
from engine.errors import NotationError
from engine.notation import read_record
from engine.notation.reader import MAX_TEXT


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record in the text notation (docs/NOTATION.md)")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"the data directory of 'flixboard run' (default {default_data_dir()})",
    )


def main(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_TEXT * 4 + 1)
        text = raw.decode("utf-8")
    except OSError as error:
        print(f"flixboard import: cannot read {path}: {error.strerror}", file=sys.stderr)
        return USER_FAULT
    except UnicodeDecodeError as error:
        print(f"flixboard import: {path} is not UTF-8 text (byte {error.start})", file=sys.stderr)
        return USER_FAULT
    try:
        record = read_record(text)
    except NotationError as error:
        print(f"flixboard import: {path} {error}; nothing was stored", file=sys.stderr)
        return USER_FAULT
    try:
        store = GameStore(Path(args.data_dir) if args.data_dir else default_data_dir())
    except RecordsError as error:  # the data directory or its records given cannot be used
        print(f"flixboard import: {error}", file=sys.stderr)
        return USER_FAULT
    try:
        kept = keep_imported(store, record)
    except RecordsError as error:
        print(f"flixboard import: {error}", file=sys.stderr)
        return FAILED
    finally:
        store.close()
    say = command_language()
    if kept.already:
        already = say.gettext(
            "game {id} is this game, kept already (the same record); nothing was stored"
        )
        print(already.format(id=kept.id))
        return 0
    players = [
        GameSeat(index, seat.name, seat.kind, seat.level, team, 0)
        for index, (seat, team) in enumerate(
            zip(record.seats, record.game.team_of_seat, strict=True)
        )
    ]
    result = GameResult(record.result.outcome, record.result.team, record.result.reason)
    imported = say.gettext("imported game {id}: {variant}, {players}: {result}, {count} moves")
    print(
        imported.format(
            id=kept.id,
            variant=record.variant,
            players=players_text(players, say),
            result=result_text(players, result, say),
            count=len(record.moves),
        )
    )
    return 0
