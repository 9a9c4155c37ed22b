"""``flixboard import`` and ``flixboard games``: every stored game exported and imported back
replays to the same final position; every malformed record is refused with its line and token
and stores nothing (real SQLite files, the real command line)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bench.random_games import VARIANTS, random_game
from controller.cli import main
from controller.records.journal import Journal
from controller.records.keeping import keep_played
from controller.records.store import GameStore
from engine.notation import read_record
from tests.api_harness import Harness
from tests.records.notation_cases import SEATS, malformed_cases, valid_record


def count(data_dir: Path) -> int:
    path = data_dir / GameStore.FILE_NAME
    if not path.exists():
        return 0
    return int(sqlite3.connect(path).execute("SELECT COUNT(*) FROM games").fetchone()[0])


GAMES = 48
"""Random games of the four spaceboard variants, twelve each (resignations among them)."""


async def test_every_stored_game_exported_and_imported_replays_the_same(tmp_path: Path) -> None:
    played = tmp_path / "played"
    harness = Harness(journal=Journal(played))
    store = harness.service.controller.session.records
    originals = {}
    for seed in range(GAMES):
        game = random_game(VARIANTS[seed % 4], seed)
        key = f"test-{seed}"
        originals[
            keep_played(store, game, SEATS[:1] * game.players, key=key, started=None, ended=None)
        ] = game
    assert count(played) == GAMES
    imported = tmp_path / "imported"
    for game_id in originals:
        exported = await harness.client.get(f"/api/games/{game_id}/notation")
        assert exported.status_code == 200
        path = tmp_path / f"game-{game_id}.flix"
        path.write_text(exported.text)
        assert main(["import", str(path), "--data-dir", str(imported)]) == 0
    assert count(imported) == GAMES
    again = sqlite3.connect(imported / GameStore.FILE_NAME).execute(
        "SELECT notation FROM games ORDER BY id"
    )
    for (notation,), game in zip(again, originals.values(), strict=True):
        final = read_record(notation).game
        assert final.to_json(reveal_pending=True) == game.to_json(reveal_pending=True)


def test_each_malformed_record_is_refused_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    good = tmp_path / "good.flix"
    good.write_text(valid_record("payoff"))
    assert main(["import", str(good), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    cases = malformed_cases()
    assert len(cases) >= 100
    for case in cases:
        path = tmp_path / f"{case.name}.flix"
        path.write_text(case.text)
        assert main(["import", str(path), "--data-dir", str(data)]) == 2, case.name
        said = capsys.readouterr().err
        assert f"{path} line {case.line} at {case.token!r}: " in said, (case.name, said)
        assert said.rstrip().endswith("nothing was stored")
        assert count(data) == 1, case.name


def test_import_from_a_process_exits_non_zero_on_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.flix"
    bad.write_text(valid_record("qubic").replace("Players 2", "Players 5"))
    flixboard = [sys.executable, "-m", "controller.cli"]
    refused = subprocess.run(
        [*flixboard, "import", str(bad), "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 2 and "line 3 at '5': players must be" in refused.stderr
    assert count(tmp_path) == 0
    missing = subprocess.run(
        [*flixboard, "import", str(tmp_path / "none.flix"), "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 2 and "cannot read" in missing.stderr


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal's language is English, whatever the machine running the tests says."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


def test_games_lists_shows_and_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], english: None
) -> None:
    for variant in ("lucky", "qubic"):
        path = tmp_path / f"{variant}.flix"
        path.write_text(valid_record(variant))
        assert main(["import", str(path), "--data-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert "imported game 2: qubic, Ann, Ben (computer 2):" in said
    assert main(["games", "--data-dir", str(tmp_path)]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[0].split()[0] == "2" and "qubic" in listing[0] and "lucky" in listing[1]
    assert listing[-1] == "2 of 2 games"
    assert main(["games", "--data-dir", str(tmp_path), "--variant", "lucky", "--show", "1"]) == 0
    assert capsys.readouterr().out == valid_record("lucky")
    assert main(["games", "--data-dir", str(tmp_path), "--stats"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].split()[:2] == ["Ann", "2"] and table[2].split()[:2] == ["Ben", "2"]
    assert main(["games", "--data-dir", str(tmp_path), "--show", "9"]) == 2
    capsys.readouterr()
    assert main(["games", "--data-dir", str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out == f"no games kept in {tmp_path / 'none'} yet\n"
    assert not (tmp_path / "none").exists()


def test_games_and_import_speak_the_terminals_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal set to German (LANG) reads the command line's words in German."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["games", "--data-dir", str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out == f"noch keine Spiele gespeichert in {tmp_path / 'none'}\n"
    path = tmp_path / "qubic.flix"
    path.write_text(valid_record("qubic"))
    assert main(["import", str(path), "--data-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Spiel 1 importiert: qubic, Ann, Ben (computer 2): ")
    assert said.rstrip().endswith("Züge") and " won" not in said
    assert main(["import", str(path), "--data-dir", str(tmp_path)]) == 0
    assert "schon gespeichert" in capsys.readouterr().out
    assert main(["games", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 von 1 Spielen"
    assert main(["games", "--data-dir", str(tmp_path), "--stats"]) == 0
    assert capsys.readouterr().out.split()[:4] == ["Spieler", "Spiele", "Siege", "Remis"]
    assert main(["games", "--data-dir", str(tmp_path), "--limit", "0"]) == 2
    assert "muss 1 oder mehr sein" in capsys.readouterr().err
