"""A game's engine parts found only through the entry points (``engine.registry``): a package
that declares its rules, player and notation in ``flixboard.rules``, ``flixboard.players`` and
``flixboard.notation`` is played, searched and written like the project's own games.

The package is a module and its ``*.dist-info`` in a folder on the path (what ``pip install``
leaves); each check runs in a fresh interpreter, as the groups are read once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MODULE = "flixboard_echo"
PACKAGE = """
from typing import ClassVar

from engine.notation import Dialect
from engine.notation.verbs import PLACE, RESIGN
from engine.players.qubic import QubicPlayer
from engine.qubic import Qubic


class Echo(Qubic):
    variant: ClassVar[str] = "echo"
    rank: ClassVar[int] = 7


class Misnamed(Qubic):
    variant: ClassVar[str] = "other"


def echo_player(level: int, seed: int) -> QubicPlayer:
    return QubicPlayer(level, seed)


ECHO = Dialect((PLACE, RESIGN))
"""
ENTRY_POINTS = f"""\
[flixboard.rules]
echo = {MODULE}:Echo
missing = {MODULE}:NoSuchRules
misnamed = {MODULE}:Misnamed

[flixboard.players]
echo = {MODULE}:echo_player

[flixboard.notation]
echo = {MODULE}:ECHO
"""
CHECK = f"""
import time

import {MODULE} as package
from engine.errors import BadEntryPoint
from engine.notation import SeatInfo, dialect_of, read_record, write_record
from engine.players import PLAYERS, make_player
from engine.players.base import Budget
from engine.variants import VARIANTS, find_variant, new_game

for name in ("missing", "misnamed"):
    try:
        find_variant(name)
    except BadEntryPoint as error:
        print(name, error)
try:
    list(VARIANTS)  # the order loads every game's rules: a broken one is named
except BadEntryPoint as error:
    print("listing", error)
del VARIANTS["missing"], VARIANTS["misnamed"]
names = list(VARIANTS)
print("listed", names)
print("rules", find_variant("Echo") is package.Echo)
print("player", PLAYERS["echo"] is package.echo_player)
game = new_game("echo")
decision = make_player("echo", 1, seed=3).decide(game, Budget(time.monotonic, depth=1))
game.apply(decision.action)
print("notation", dialect_of("echo") is package.ECHO)
text = write_record(game, [SeatInfo("Ann"), SeatInfo("Ben")])
print("record", text.splitlines()[1], read_record(text).game.to_json() == game.to_json())
"""


def test_a_game_declared_only_as_entry_points_is_found(tmp_path: Path) -> None:
    (tmp_path / f"{MODULE}.py").write_text(PACKAGE)
    info = tmp_path / f"{MODULE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {MODULE}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    answer = subprocess.run(
        [sys.executable, "-c", CHECK],
        env={**os.environ, "PYTHONPATH": path},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.stderr == ""
    assert answer.stdout.splitlines() == [
        f"missing flixboard.rules 'missing' ({MODULE}:NoSuchRules) cannot load: "
        f"module '{MODULE}' has no attribute 'NoSuchRules'",
        f"misnamed flixboard.rules 'misnamed' ({MODULE}:Misnamed) is not what the group holds",
        f"listing flixboard.rules 'missing' ({MODULE}:NoSuchRules) cannot load: "
        f"module '{MODULE}' has no attribute 'NoSuchRules'",
        "listed ['lucky', 'qubic', 'payoff', 'tactflix', 'flip4', 'olix', 'echo']",
        "rules True",
        "player True",
        "notation True",
        "record Variant echo True",
    ]
