"""The journal: SQLite in WAL mode, written before effects, replayed on start."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from controller.config import Config
from controller.core.board_controller import BoardController
from controller.core.game_log import replay
from controller.core.journal import Journal, JournalError, default_data_dir
from controller.core.session import game_entry
from controller.tools.sim_run import SimRun
from hal.base import empty_reading
from sim.clock import SimClock


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
    count = lambda: len(journal.current_game())  # noqa: E731
    run.controller.session.subscribe(lambda event: seen.append((event["type"], count())))
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
    """controller/core/journal.py: "An entry is ``(seq, kind, data, at)``"; "``at`` is the game
    time (seconds on the game's own time line) when the entry was written" — a data directory
    that does not exist yet is made, parents and all."""
    journal = Journal(tmp_path / "state" / "flixboard")
    assert journal.append("new_game", {"variant": "qubic"}) == 1
    assert journal.append("action", {"kind": "place", "hole": "R-I-S"}, at=3) == 2
    entries = journal.current_game()
    assert [(e.seq, e.kind, e.at) for e in entries] == [(1, "new_game", 0.0), (2, "action", 3.0)]
    assert isinstance(entries[1].at, float) and entries[1].data["hole"] == "R-I-S"
    journal.close()


def test_an_entry_with_a_damaged_time_is_refused_naming_it(tmp_path: Path) -> None:
    """controller/core/journal.py: a journal is "refused rather than misread" — an entry whose
    data is no object, or whose time is no number, is named as damaged."""
    journal = Journal(tmp_path)
    journal.append("new_game", {"variant": "qubic"})
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
