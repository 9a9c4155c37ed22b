"""A journal written by an earlier flixboard resumes: ``journals/journal-format2.sqlite3`` was
written by the code of format 2 before journal entries were typed (two games of Lucky FLIX with
take-backs and seat switches); ``journal-format2.json`` is the game it showed then."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from controller.config import Config
from controller.core.board_controller import BoardController
from controller.records.journal import Journal, JournalError, Kind
from hal.base import empty_reading
from sim.clock import SimClock

JOURNALS = Path(__file__).parent / "journals"


def test_a_journal_of_format_2_resumes_to_the_game_it_held(tmp_path: Path) -> None:
    shutil.copy(JOURNALS / "journal-format2.sqlite3", tmp_path / Journal.FILE_NAME)
    expected = json.loads((JOURNALS / "journal-format2.json").read_text())
    clock = SimClock(50.0)
    resumed = BoardController(
        Config(), clock, sensing="analog", initial=empty_reading(50.0), journal=Journal(tmp_path)
    )
    assert resumed.game.to_json() == expected["game"]
    assert [seat.to_json() for seat in resumed.session.seats] == expected["seats"]
    assert resumed.game_time(50.0) == pytest.approx(expected["game_time"])
    assert resumed.phase == "await_fix"  # the empty board misses the three Men
    assert resumed.mismatch.missing == resumed.expected().occupied != 0


def test_entries_are_read_into_their_kinds_types(tmp_path: Path) -> None:
    """controller/records/journal.py: keys this version does not know are left out when read; data
    that is not of its kind's type is a damaged entry."""
    journal = Journal(tmp_path)
    entry = {"variant": "qubic", "players": 2, "seed": 1, "options": {}, "spare": [1, 2]}
    journal.append("new_game", entry)
    journal.append("seats", {"seat": 1, "kind": "computer", "level": 2})
    journal.append("action", {"kind": "place", "hole": "Y-II-H", "at": 1.5})
    journal.append("undo", {})
    first, seats, action, undo = journal.current_game()
    assert first.kind == "new_game" and first.data == {
        k: v for k, v in entry.items() if k != "spare"
    }
    assert seats.kind == "seats" and seats.data == {"seat": 1, "kind": "computer", "level": 2}
    assert action.kind == "action" and action.data == {"kind": "place", "hole": "Y-II-H", "at": 1.5}
    assert undo.kind == "undo" and undo.data == {}
    damaged: list[tuple[Kind, dict[str, object]]] = [
        ("seats", {"seat": "1", "kind": "human"}),
        ("action", {"hole": "Y-II-H"}),
    ]
    for kind, data in damaged:
        journal.append(kind, data)
        with pytest.raises(JournalError, match="is damaged"):
            journal.current_game()
        journal.append("new_game", entry)  # a next game: the damaged one is no longer read
    journal.close()
