"""The identity of a game record (``controller.records.model.record_digest``): the same record
imported twice is kept once and named as the game kept already; files written before the
digest existed get one for each kept game (real SQLite files, the real command line)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from controller.cli import main
from controller.records.store import FORMAT, GameStore
from tests.records.notation_cases import valid_record


def kept(data_dir: Path) -> list[tuple[int, str]]:
    db = sqlite3.connect(data_dir / GameStore.FILE_NAME)
    try:
        return [(int(i), str(d)) for i, d in db.execute("SELECT id, digest FROM games")]
    finally:
        db.close()


def test_the_same_record_imported_twice_is_kept_once_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = valid_record("lucky")
    first, second = tmp_path / "first.flix", tmp_path / "second.flix"
    first.write_text(text)
    # the same game written otherwise: a comment, blank lines, blanks at the line ends
    second.write_text("# sent by Ben\n\n" + text.replace("\n", "  \n"))
    assert main(["import", str(first), "--data-dir", str(tmp_path)]) == 0
    assert "imported game 1:" in capsys.readouterr().out
    for path in (first, second):
        assert main(["import", str(path), "--data-dir", str(tmp_path)]) == 0
        said = capsys.readouterr().out
        assert said == "game 1 is this game, kept already (the same record); nothing was stored\n"
    assert len(kept(tmp_path)) == 1


def test_another_player_or_time_is_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = valid_record("qubic")
    variants = (
        text,
        text.replace('"Ann"', '"Cid"'),
        text.replace("End 2026-11-24T01:20:00Z", "End 2026-11-24T01:21:00Z"),
    )
    for index, variant in enumerate(variants):
        path = tmp_path / f"{index}.flix"
        path.write_text(variant)
        assert main(["import", str(path), "--data-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    digests = [digest for _, digest in kept(tmp_path)]
    assert len(digests) == 3 == len(set(digests))


def test_records_kept_before_digests_get_theirs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.flix"
    record.write_text(valid_record("payoff"))
    assert main(["import", str(record), "--data-dir", str(tmp_path)]) == 0
    path = tmp_path / GameStore.FILE_NAME
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("DROP INDEX games_by_digest")
    db.execute("ALTER TABLE games DROP COLUMN digest")
    db.execute("ALTER TABLE games DROP COLUMN dice")
    db.execute("PRAGMA user_version = 1")  # as the first format wrote it
    db.close()
    capsys.readouterr()
    assert main(["import", str(record), "--data-dir", str(tmp_path)]) == 0
    assert "game 1 is this game, kept already" in capsys.readouterr().out
    assert [game_id for game_id, _ in kept(tmp_path)] == [1]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == FORMAT == 3
    db.close()
