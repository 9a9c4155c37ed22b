"""``flixboard games``: the kept games of a data directory on the terminal, newest first; one
game's notation (``--show ID``) or each player's statistics (``--stats``)."""

from __future__ import annotations

import argparse
import sys

import msgspec

from controller.cli.status import USER_FAULT
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
from engine.variants import VARIANTS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"the data directory of 'flixboard run' (default {default_data_dir()})",
    )
    parser.add_argument("--player", metavar="NAME", help="only games this player played")
    parser.add_argument("--variant", choices=list(VARIANTS), help="only games of this variant")
    parser.add_argument(
        "--limit", type=int, default=50, metavar="N", help="list at most N games (default 50)"
    )
    parser.add_argument("--show", type=int, metavar="ID", help="print the notation of game ID")
    parser.add_argument("--stats", action="store_true", help="each player's statistics")
    parser.add_argument("--json", action="store_true", help="print JSON")


def main(args: argparse.Namespace) -> int:
    if args.limit < 1:
        print("flixboard games: --limit must be 1 or more", file=sys.stderr)
        return USER_FAULT
    try:
        data_dir = check_data_dir(args.data_dir or default_data_dir())
        if not (data_dir / GameStore.FILE_NAME).exists():
            if args.show is not None:
                print(f"flixboard games: no game {args.show}: no games kept in {data_dir} yet",
                      file=sys.stderr)
                return USER_FAULT
            print(f"no games kept in {data_dir} yet")
            return 0
        store = GameStore(data_dir)
        try:
            return _show(store, args)
        finally:
            store.close()
    except (RecordsError, JournalError) as error:  # the records given cannot be read
        print(f"flixboard games: {error}", file=sys.stderr)
        return USER_FAULT


def _show(store: GameStore, args: argparse.Namespace) -> int:
    chosen = Filter(args.player, args.variant)
    if args.show is not None:
        found = get_game(store, args.show)
        if found is None:
            print(f"flixboard games: no game {args.show} in {store.path}", file=sys.stderr)
            return USER_FAULT
        print(pretty(found) if args.json else found.notation.rstrip("\n"))
        return 0
    if args.stats:
        stats = player_stats(store, chosen)
        if args.json:
            print(pretty(stats))
            return 0
        print(f"{'player':20} {'games':>5} {'wins':>5} {'draws':>5} {'length':>6} {'lines':>5}")
        for row in stats:
            print(
                f"{row.name[:20]:20} {row.games:5} {row.wins:5} {row.draws:5} "
                f"{row.average_length:6.1f} {row.lines:5}"
            )
        return 0
    items, total = list_games(store, chosen, offset=0, limit=args.limit)
    if args.json:
        print(pretty(GameList(items, total)))
        return 0
    for item in items:
        when = (item.ended or item.started or "")[:16].replace("T", " ")
        print(
            f"{item.id:5}  {when:16}  {item.variant:8}  {item.moves:4} moves  "
            f"{players_text(item.players)}: {result_text(item.players, item.result)}"
        )
    print(f"{len(items)} of {total} games" + ("" if total else f" in {store.path}"))
    return 0


class GameList(Record):
    """``--json``: the games listed and how many the filter keeps."""

    games: list[GameItem]
    total: int


def pretty(value: object) -> str:
    """A typed value as indented JSON."""
    return msgspec.json.format(msgspec.json.encode(value), indent=2).decode()
