"""``flixboard games``: the kept games of a data directory on the terminal, newest first; one
game's notation (``--show ID``) or each player's statistics (``--stats``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import msgspec

from controller.cli.language import command_language
from controller.cli.status import USER_FAULT
from controller.games import game_names
from controller.i18n import N_, Language
from controller.records.journal import JournalError, check_data_dir, default_data_dir
from controller.records.queries import (
    Filter,
    GameItem,
    Record,
    get_game,
    list_games,
    player_stats,
)
from controller.records.store import GameStore, RecordsError
from controller.records.words import players_text, result_text
from controller.remote.fair_dice import DiceRefused, verify_book

STATS_HEADS = (N_("Player"), N_("Games"), N_("Wins"), N_("Draws"), N_("Men/game"), N_("Lines"))
"""The columns of ``--stats`` (the page's players' table), as wide as ``STATS_WIDTHS`` or their
words."""
STATS_WIDTHS = (20, 5, 5, 5, 8, 5)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"the data directory of 'flixboard run' (default {default_data_dir()})",
    )
    parser.add_argument("--player", metavar="NAME", help="only games this player played")
    parser.add_argument("--variant", choices=game_names(), help="only games of this variant")
    parser.add_argument(
        "--limit", type=int, default=50, metavar="N", help="list at most N games (default 50)"
    )
    parser.add_argument("--show", type=int, metavar="ID", help="print the notation of game ID")
    parser.add_argument("--stats", action="store_true", help="each player's statistics")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--verify-dice",
        metavar="ID|FILE",
        help="check every throw of a kept remote game from its record: game ID of the records, "
        "or a FILE exported from them (GET /api/games/ID.json) or a dice book",
    )


def main(args: argparse.Namespace) -> int:
    say = command_language()
    if args.verify_dice is not None:
        return _verify_dice(args.verify_dice, args.data_dir, say)
    if args.limit < 1:
        print(say.gettext("flixboard games: --limit must be 1 or more"), file=sys.stderr)
        return USER_FAULT
    try:
        data_dir = check_data_dir(args.data_dir or default_data_dir())
        if not (data_dir / GameStore.FILE_NAME).exists():
            if args.show is not None:
                none = say.gettext("flixboard games: no game {id}: no games kept in {folder} yet")
                print(none.format(id=args.show, folder=data_dir), file=sys.stderr)
                return USER_FAULT
            print(say.gettext("no games kept in {folder} yet").format(folder=data_dir))
            return 0
        store = GameStore(data_dir)
        try:
            return _show(store, args, say)
        finally:
            store.close()
    except (RecordsError, JournalError) as error:  # the records given cannot be read
        print(f"flixboard games: {error}", file=sys.stderr)
        return USER_FAULT


def _verify_dice(file: str, data_dir: str | None, say: Language) -> int:
    """``--verify-dice``: every throw of a kept remote game follows from both boards' committed
    shares (``controller.remote.fair_dice``), read from its record (a game id of the records,
    or an exported record), or from a dice book."""
    try:
        text = _dice_of(file, data_dir)
    except (OSError, RecordsError, JournalError) as error:
        print(f"flixboard games: {error}", file=sys.stderr)
        return USER_FAULT
    try:
        checked = verify_book(text)
    except DiceRefused as error:
        print(say.gettext("flixboard games: {file}: {reason}").format(file=file, reason=error))
        return 1
    print(say.gettext("{file}: every throw verifies ({count})").format(file=file, count=checked))
    return 0


def _dice_of(what: str, data_dir: str | None) -> bytes:
    """The dice (a dice book's JSON) of game ``what`` of the records, or of a file: an exported
    record (its ``dice``) or a dice book itself."""
    if what.isdigit():
        store = GameStore(check_data_dir(data_dir or default_data_dir()))
        try:
            found = get_game(store, int(what))
        finally:
            store.close()
        if found is None:
            raise RecordsError(f"no game {what} in the records of {store.path}")
        if found.dice is None:
            raise RecordsError(f"game {what} of the records threw no dice of a remote game")
        return found.dice.encode()
    text = Path(what).read_bytes()
    try:
        exported = msgspec.json.decode(text)
    except msgspec.DecodeError:
        return text
    if isinstance(exported, dict) and "notation" in exported:
        if exported.get("dice") is None:
            raise RecordsError(f"{what}: the game threw no dice of a remote game")
        return msgspec.json.encode(exported["dice"])
    return text


def _show(store: GameStore, args: argparse.Namespace, say: Language) -> int:
    chosen = Filter(args.player, args.variant)
    if args.show is not None:
        found = get_game(store, args.show)
        if found is None:
            none = say.gettext("flixboard games: no game {id} in {file}")
            print(none.format(id=args.show, file=store.path), file=sys.stderr)
            return USER_FAULT
        print(pretty(found) if args.json else found.notation.rstrip("\n"))
        return 0
    if args.stats:
        stats = player_stats(store, chosen)
        if args.json:
            print(pretty(stats))
            return 0
        heads = [say.gettext(head) for head in STATS_HEADS]
        widths = [max(len(head), width) for head, width in zip(heads, STATS_WIDTHS, strict=True)]
        print(_columns(heads, widths))
        for row in stats:
            cells = [row.name[:20], row.games, row.wins, row.draws, f"{row.average_length:.1f}"]
            print(_columns([*cells, row.lines], widths))
        return 0
    items, total = list_games(store, chosen, offset=0, limit=args.limit)
    if args.json:
        print(pretty(GameList(items, total)))
        return 0
    for item in items:
        when = (item.ended or item.started or "")[:16].replace("T", " ")
        print(
            f"{item.id:5}  {when:16}  {item.variant:8}  "
            + say.gettext("{count} moves").format(count=f"{item.moves:4}")
            + f"  {players_text(item.players, say)}: {result_text(item.players, item.result, say)}"
        )
    shown = say.gettext("{count} of {total} games").format(count=len(items), total=total)
    print(shown if total else say.gettext("{shown} in {file}").format(shown=shown, file=store.path))
    return 0


def _columns(cells: Sequence[object], widths: Sequence[int]) -> str:
    """One row of the statistics: the name left-aligned, the figures right-aligned."""
    first, *rest = zip(cells, widths, strict=True)
    return " ".join([f"{first[0]!s:{first[1]}}", *(f"{cell!s:>{width}}" for cell, width in rest)])


class GameList(Record):
    """``--json``: the games listed and how many the filter keeps."""

    games: list[GameItem]
    total: int


def pretty(value: object) -> str:
    """A typed value as indented JSON."""
    return msgspec.json.format(msgspec.json.encode(value), indent=2).decode()
