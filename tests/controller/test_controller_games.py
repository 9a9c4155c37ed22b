"""One spec per game (``controller.games``), found as an entry point: every game of the engine
has one, the engine finds a spec's rules, player and notation by its name, and an entry point
that is not a game's spec stops the board with its name."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import controller.games
from controller.config import Config
from controller.flows import VariantFlow
from controller.games import GROUP, GameError, game_spec, games
from controller.games.spec import D6
from controller.remote import fair_dice, tokens
from controller.remote.messages import HIDDEN, VARIANTS
from engine.errors import UnknownVariant
from engine.lucky import LuckyFlix
from engine.players import PLAYERS
from engine.variants import VARIANTS as ENGINE_VARIANTS
from engine.variants import new_game

PACKAGE = "flixboard_wronggame"
REPO = Path(__file__).resolve().parents[2]
GAMEPACK = REPO / "tests" / "gamepack"
"""Ground Four's distribution (``tests/web/test_web_added_game.py`` plays it on the board)."""


def test_every_engine_variant_has_one_spec() -> None:
    assert list(games()) == list(ENGINE_VARIANTS)
    for name, spec in games().items():
        assert spec.name == name
        assert spec.rules is ENGINE_VARIANTS[name]
        assert spec.player is PLAYERS[name]
        assert len(spec.levels) == 5, name
        assert issubclass(spec.flow, VariantFlow)
        assert spec.carried or not spec.hidden, name  # hidden tokens travel committed


def test_a_spec_is_found_as_the_engine_finds_a_variant() -> None:
    assert game_spec(" Qubic ") is games()["qubic"]
    with pytest.raises(UnknownVariant):
        game_spec("chess")


def test_a_fresh_start_begins_the_first_game_registered() -> None:
    """``[game] variant``'s default is no game's name written in the settings: the registry's
    first game (the project's own first)."""
    assert Config().game.variant == next(iter(games())) == "lucky"


def test_remote_play_carries_what_the_specs_say() -> None:
    assert VARIANTS == ("lucky", "qubic", "payoff", "tactflix", "flip4", "olix")
    assert HIDDEN == ("payoff",)


def test_remote_play_asks_the_specs_for_dice_and_tokens() -> None:
    """Remote play names no game: the faces it throws and the tokens it hides are the specs'."""
    lucky = LuckyFlix(options={"dice_faces": {"colour": ["red"] * 5 + ["flix"]}})
    assert fair_dice.dice_of(lucky) == lucky.dice and lucky.dice[0][0] == "red"
    assert fair_dice.dice_of(new_game("flip4")) == (D6, D6)
    assert fair_dice.dice_of(new_game("qubic")) is None
    assert tokens.hidden("payoff") is games()["payoff"].hidden is not None
    assert tokens.hidden("olix") is None and tokens.hidden("chess") is None
    assert tokens.refusal("payoff", {}) is not None and tokens.refusal("qubic", {}) is None


def test_the_examples_hold() -> None:
    result = doctest.testmod(controller.games)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.fixture
def declared(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution on the path whose module holds what ``entry_points.txt`` will name; the
    loaded games are forgotten before and after, so each test loads them afresh."""
    (tmp_path / f"{PACKAGE}.py").write_text(
        "from engine.qubic import Qubic\n"
        "from controller.games import GameSpec\n"
        "class Impostor(Qubic):\n"
        "    pass\n"
        "NOT_A_SPEC = 3\n"
        "SAME_NAME = GameSpec(Impostor, title='Impostor', choice='Impostor')\n"
    )
    info = tmp_path / f"{PACKAGE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 1.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    games.cache_clear()
    yield info
    sys.modules.pop(PACKAGE, None)
    games.cache_clear()


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        (f"chess = {PACKAGE}:NOT_A_SPEC", "is not its GameSpec"),
        (f"chess = {PACKAGE}:MISSING", "the game 'chess' .* cannot load"),
        (f"chess = {PACKAGE}:SAME_NAME", "is not its GameSpec"),  # a spec of another name
        (f"qubic = {PACKAGE}:SAME_NAME", "plays Impostor, not the rules declared as 'qubic'"),
    ],
)
def test_an_entry_point_that_is_not_a_game_spec_is_named(
    declared: Path, entry: str, says: str
) -> None:
    (declared / "entry_points.txt").write_text(f"[{GROUP}]\n{entry}\n")
    with pytest.raises(GameError, match=says):
        games()


def test_the_engine_protocol_plays_an_installed_game() -> None:
    lines = (
        "variant groundfour\nposition startpos moves R-I-S Y-I-S\nposition startpos moves R-II-S\n"
    )
    answer = subprocess.run(
        [sys.executable, "-m", "controller.cli", "engine"],
        input=lines + "isready\nquit\n",
        env={**os.environ, "PYTHONPATH": str(GAMEPACK)},
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    said = answer.stdout.splitlines()
    assert said[0].startswith("error position: move 'R-II-S': player 1 may not place at R-II-S")
    assert said[1:] == ["readyok"]
