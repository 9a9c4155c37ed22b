"""The journal: SQLite in WAL mode, written before effects, replayed on start."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from controller.config import Config
from controller.core.board_controller import BoardController
from controller.core.game_log import replay
from controller.core.session import game_entry
from controller.game_data import NewGameData
from controller.records.journal import ActionEntry, Journal, JournalError, default_data_dir
from controller.tools.sim_run import SimRun
from hal.base import empty_reading
from sim.clock import SimClock

QUBIC: NewGameData = {"variant": "qubic", "players": 2, "seed": 1, "options": {}}


def test_wal_mode_and_entries(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("new_game", {"variant": "qubic", "players": 2, "seed": 1, "options": {}})
    journal.append("action", {"kind": "place", "hole": "Y-II-H"})
    mode = sqlite3.connect(tmp_path / Journal.FILE_NAME).execute("PRAGMA journal_mode").fetchone()
    assert mode[0] == "wal"
    entries = journal.current_game()
    assert [e.kind for e in entries] == ["new_game", "action"]
    game, latest = replay(entries)
    assert game.piece_at(21) == (0, "man") and latest == 0.0


def test_current_game_starts_at_the_last_new_game(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    assert journal.current_game() == []
    journal.append("new_game", {"variant": "qubic", "players": 2, "seed": 1, "options": {}})
    journal.append("action", {"kind": "place", "hole": "Y-II-H"})
    journal.append("new_game", {"variant": "lucky", "players": 3, "seed": 2, "options": {}})
    entries = journal.current_game()
    assert [e.kind for e in entries] == ["new_game"]
    assert replay(entries)[0].players == 3


def test_bad_journal_is_a_clear_error(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    journal.append("new_game", {"variant": "qubic", "players": 2, "seed": 1, "options": {}})
    journal.append("action", {"kind": "place", "hole": "Y-II-H"})
    journal.append("action", {"kind": "place", "hole": "Y-II-H"})
    with pytest.raises(JournalError, match="entry 3 does not replay: Y-II-H is occupied"):
        replay(journal.current_game())


def test_default_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_data_dir() == tmp_path / "flixboard"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_data_dir() == Path.home() / ".local" / "state" / "flixboard"


def test_every_action_is_journalled_before_its_events(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    run = SimRun(Config(), journal=journal, seed=5)
    seen: list[tuple[str, int]] = []

    def count() -> int:
        return len(journal.current_game())

    run.controller.session.subscribe(lambda _, data: seen.append((data["type"], count())))
    run.board.press("roll")
    run.advance(0.05)
    hole = run.controller.state()["allowed"][0]
    run.board.place(hole)
    run.settle()
    run.controller.undo(run.clock.now())
    roll = next(n for kind, n in seen if kind == "roll")
    place = next(n for kind, n in seen if kind == "place")
    undo = next(n for kind, n in seen if kind == "undo")
    assert (roll, place, undo) == (2, 3, 4)  # new_game, roll, place, undo already written


def test_resume_replays_the_journal_then_reconciles(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    run = SimRun(Config(), journal=journal, seed=5)
    for _ in range(6):
        game = run.controller.game
        if game.phase == "await_roll":
            run.board.press("roll")
            run.advance(0.05)
        else:
            run.board.place(run.controller.state()["allowed"][0])
            run.settle()
    run.board.press("roll")  # a drawn roll: replays from the seeded RNG to the same faces
    run.advance(0.05)
    before = run.controller.game.to_json()
    journal.close()

    reopened = Journal(tmp_path)
    clock = SimClock(100.0)
    resumed = BoardController(
        Config(), clock, sensing="analog", initial=empty_reading(100.0), journal=reopened
    )
    assert resumed.game.to_json() == before
    assert resumed.game_time(100.0) >= 0
    # the physical board here is empty: every committed Man is missing
    assert resumed.phase == "await_fix"
    assert resumed.mismatch.missing == resumed.expected().occupied
    assert resumed.fix_words  # start-up guidance is given at once


def test_a_journal_that_cannot_be_written_changes_nothing(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    run = SimRun(Config(), journal=journal, seed=5)
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.advance(0.05)
    journal.close()  # the disk is gone
    run.board.place("Y-II-H")
    run.settle()
    refused = [e for e in run.controller.session.events if e["type"] == "placement_refused"]
    assert refused and "cannot write to the journal" in refused[-1]["reason"]
    assert run.controller.game.placements == 0 and run.controller.phase == "await_fix"
    run.board.lift("Y-II-H")
    run.settle()
    with pytest.raises(JournalError):
        run.controller.new_game(game_entry(run.config, "qubic", 2, 1, None), run.clock.now())
    assert run.controller.game.variant == "lucky"


def test_entries_keep_their_sequence_and_game_time(tmp_path: Path) -> None:
    """controller/records/journal.py: "An entry is ``(seq, kind, data, at)``"; "``at`` is the game
    time (seconds on the game's own time line) when the entry was written" — a data directory
    that does not exist yet is made, parents and all."""
    journal = Journal(tmp_path / "state" / "flixboard")
    assert journal.append("new_game", QUBIC) == 1
    assert journal.append("action", {"kind": "place", "hole": "R-I-S"}, at=3) == 2
    entries = journal.current_game()
    assert [(e.seq, e.kind, e.at) for e in entries] == [(1, "new_game", 0.0), (2, "action", 3.0)]
    action = entries[1]
    assert isinstance(action, ActionEntry) and isinstance(action.at, float)
    assert action.data["hole"] == "R-I-S"
    journal.close()


def test_an_entry_with_a_damaged_time_is_refused_naming_it(tmp_path: Path) -> None:
    """controller/records/journal.py: a journal is "refused rather than misread" — an entry whose
    data is no object, or whose time is no number, is named as damaged."""
    journal = Journal(tmp_path)
    journal.append("new_game", QUBIC)
    journal.close()
    db = sqlite3.connect(tmp_path / Journal.FILE_NAME)
    db.execute("INSERT INTO journal (kind, data, at) VALUES ('action', '{}', 'soon')")
    db.commit()
    db.close()
    journal = Journal(tmp_path)
    with pytest.raises(JournalError) as error:
        journal.current_game()
    assert str(error.value) == (
        f"journal entry 2 of {tmp_path / Journal.FILE_NAME} is damaged: '{{}}'"
    )
    journal.close()


def raw_journal(path: Path, schema: str, version: int) -> None:
    db = sqlite3.connect(path / Journal.FILE_NAME)
    db.execute(schema)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()


def test_a_journal_of_the_first_format_is_upgraded_in_place(tmp_path: Path) -> None:
    """controller/records/journal.py: "a journal written by a newer format is refused rather than
    misread; an older one is upgraded in place" (format 1 had no ``at``: every entry at 0)."""
    raw_journal(tmp_path, "CREATE TABLE journal (seq INTEGER PRIMARY KEY, kind TEXT, data TEXT)", 1)
    db = sqlite3.connect(tmp_path / Journal.FILE_NAME)
    db.execute("INSERT INTO journal (kind, data) VALUES ('new_game', ?)", (json.dumps(QUBIC),))
    db.commit()
    db.close()
    journal = Journal(tmp_path)
    journal.append("action", {"kind": "place", "hole": "R-I-S"}, at=1.5)
    assert [(e.kind, e.at) for e in journal.current_game()] == [("new_game", 0.0), ("action", 1.5)]
    journal.close()
    db = sqlite3.connect(tmp_path / Journal.FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    db.close()


def test_a_newer_or_foreign_journal_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    """controller/records/journal.py: "a journal written by a newer format is refused rather than
    misread"; a file whose journal table this version cannot read is refused too."""
    newer, foreign = tmp_path / "newer", tmp_path / "foreign"
    newer.mkdir()
    foreign.mkdir()
    raw_journal(newer, "CREATE TABLE journal (seq INTEGER, kind TEXT, data TEXT, at REAL)", 3)
    raw_journal(foreign, "CREATE TABLE journal (id INTEGER, text TEXT)", 0)
    with pytest.raises(JournalError) as error:
        Journal(newer)
    assert str(error.value) == (
        f"journal {newer / Journal.FILE_NAME} was written by a newer flixboard (format 3, this "
        "one reads up to 2): upgrade flixboard or move the file away"
    )
    with pytest.raises(JournalError) as error:
        Journal(foreign)
    assert str(error.value) == (
        f"journal {foreign / Journal.FILE_NAME} has no journal table this version can read"
    )


def test_a_journal_without_a_data_directory_lives_in_memory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """controller/records/journal.py: "(``None``: in memory)" — nothing is written to disk."""
    monkeypatch.chdir(tmp_path)
    journal = Journal(None)
    journal.append("new_game", {**QUBIC, "variant": "lucky"})
    assert journal.path is None and [e.kind for e in journal.current_game()] == ["new_game"]
    journal.close()
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_no_journal_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    """controller/records/journal.py: a journal is "refused rather than misread" — the message says
    the file was not touched and how to start a new one."""
    path = tmp_path / Journal.FILE_NAME
    path.write_bytes(b"not a database, just bytes " * 40)
    with pytest.raises(JournalError) as error:
        Journal(tmp_path)
    assert str(error.value).startswith(f"cannot open journal {path}: ")
    assert str(error.value).endswith(
        "(the file is left as it is: move it away to start a new journal)"
    )
    assert path.read_bytes() == b"not a database, just bytes " * 40
