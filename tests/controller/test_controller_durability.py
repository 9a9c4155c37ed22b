"""Durability: resume of every variant from the journal (with the pieces still on the board), the
call window across a restart, and journals that cannot be read or written."""

from __future__ import annotations

import argparse
import json
import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from controller.cli import run as run_command
from controller.config import Config
from controller.core.combination import TOGETHER_S
from controller.core.game_log import replay
from controller.core.session import game_entry
from controller.errors import NotNow
from controller.records.journal import FORMAT, Journal, JournalError, Kind
from controller.server.app import create_app
from controller.server.service import Service
from controller.tools.sim_run import SimRun
from engine.holes import parse
from engine.payoff import PayOffFlix
from sim.board import SimBoard
from sim.clock import SimClock
from tests.api_schema import ASYNC_HOOKS
from tests.sim_hands import put, take

RED_ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
BLUE = ["B-IV-S", "B-IV-H", "B-IV-D", "B-III-C"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]


def run_on(
    tmp_path: Path, variant: str = "lucky", sensing: str = "analog", **options: Any
) -> SimRun:
    """A run on the journal and board of ``tmp_path``: a second call restarts the service."""
    config = Config.of(variant=variant)
    entry = game_entry(config, variant, 2, 1, options)
    return SimRun(
        config,
        journal=Journal(tmp_path),
        first_game=entry,
        sensing=sensing,
        board_state=tmp_path / "board.json",
    )


def pay_off(run: SimRun) -> PayOffFlix:
    """The run's game, a Pay-Off Flix game."""
    game = run.controller.game
    assert isinstance(game, PayOffFlix)
    return game


def restart(run: SimRun, tmp_path: Path, sensing: str = "analog") -> SimRun:
    """Stop ``run`` without warning (nothing after its last journal entry is kept)."""
    return SimRun(
        run.config, journal=Journal(tmp_path), sensing=sensing, board_state=tmp_path / "board.json"
    )


def game_json(run: SimRun) -> str:
    return json.dumps(run.controller.game.to_json(reveal_pending=True), sort_keys=True)


def types(run: SimRun) -> list[str]:
    return [e["type"] for e in run.controller.session.events]


def lucky_place(run: SimRun, hole: str) -> None:
    panel, row, suit = hole.split("-")
    colour = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}[panel]
    run.controller.set_next_faces(f"{colour}/{row}/{SUITS['SHDC'.index(suit)]}")
    run.board.press("roll")
    run.advance(0.05)
    put(run, hole)


def red_line_uncalled(run: SimRun) -> None:
    """Red completes R-I-* with its fourth Man and does not call."""
    for mine, theirs in zip(RED_ROW[:3], BLUE, strict=False):
        lucky_place(run, mine)
        lucky_place(run, theirs)
    lucky_place(run, "R-I-C")
    assert run.controller.game.pending_count() == 1


# ---------------------------------------------------------------- the call window


def test_a_closed_call_window_stays_closed_after_a_restart(tmp_path: Path) -> None:
    run = run_on(tmp_path)
    red_line_uncalled(run)
    run.advance(5.0)  # the window (3 s) closes; Blue rolls: the line is penalisable
    run.controller.set_next_faces("blue/IV/clubs")
    run.board.press("roll")
    run.advance(0.05)
    resumed = restart(run, tmp_path)
    assert game_json(resumed) == game_json(run)
    resumed.controller.penalty(1, resumed.clock.now())
    assert "penalty" in types(resumed) and "penalty_nothing" not in types(resumed)
    assert resumed.controller.game.pending_count() == 0


def test_a_line_completed_just_before_a_restart_is_still_callable_in_its_window(
    tmp_path: Path,
) -> None:
    run = run_on(tmp_path)
    red_line_uncalled(run)
    resumed = restart(run, tmp_path)  # killed right after the placement: time down is not play
    with pytest.raises(NotNow, match="nothing to penalise"):  # still in the window
        resumed.controller.penalty(1, resumed.clock.now())
    resumed.advance(1.0)
    resumed.controller.call(0, resumed.clock.now())
    scored = [e for e in resumed.controller.session.events if e["type"] == "scored"]
    assert scored and scored[-1]["how"] == "call"


def test_a_late_call_after_a_restart_is_late(tmp_path: Path) -> None:
    run = run_on(tmp_path)
    red_line_uncalled(run)
    run.advance(4.0)
    run.controller.set_next_faces("blue/IV/clubs")
    run.board.press("roll")  # Blue rolls: journalled at 4 s, past the window (3 s)
    run.advance(0.05)
    resumed = restart(run, tmp_path)
    resumed.controller.call(0, resumed.clock.now())
    scored = [e for e in resumed.controller.session.events if e["type"] == "scored"]
    assert scored and scored[-1]["how"] == "late call"


def test_undo_after_a_restart(tmp_path: Path) -> None:
    run = run_on(tmp_path)
    red_line_uncalled(run)
    resumed = restart(run, tmp_path)
    assert resumed.controller.phase != "await_fix"  # the board kept its pieces
    resumed.controller.undo(resumed.clock.now())
    assert resumed.controller.game.pending_count() == 0
    assert resumed.controller.mismatch.extra == 1 << parse("R-I-C")
    again = restart(resumed, tmp_path)
    assert game_json(again) == game_json(resumed)


# ---------------------------------------------------------------- variants


def test_qubic_resumes_with_the_pieces_in_place(tmp_path: Path) -> None:
    run = run_on(tmp_path, "qubic")
    for hole in ["R-I-S", "Y-II-H", "R-I-H"]:
        put(run, hole)
    resumed = restart(run, tmp_path)
    assert game_json(resumed) == game_json(run) and resumed.controller.mismatch.clean
    put(resumed, "G-III-D")
    assert resumed.controller.game.placements == 4


def test_tactflix_withdrawal_made_before_a_restart_is_committed(tmp_path: Path) -> None:
    run = run_on(tmp_path, "tactflix", auto_call=True)
    for mine, theirs in zip(RED_ROW[:3], BLUE, strict=False):
        put(run, mine)
        put(run, theirs)
    put(run, "R-I-C")
    put(run, "G-IV-D")  # the free play
    take(run, "R-I-C")
    put(run, "R-I-C", "burocrat")
    assert run.controller.game.phase == "withdraw"
    run.board.lift(parse("R-I-S"))  # lifted, and the service stops before it settles
    resumed = restart(run, tmp_path)
    ctl = resumed.controller
    assert ctl.game.piece_at(parse("R-I-S")) is None, "the lift shown by the board is committed"
    take(resumed, "R-I-H")
    take(resumed, "R-I-D")
    assert ctl.game.phase == "await_place" and ctl.game.to_move == 1 and ctl.mismatch.clean


def test_tactflix_substitution_lifted_before_a_restart_presence_sensing(tmp_path: Path) -> None:
    run = run_on(tmp_path, "tactflix", "presence", auto_call=True)
    for mine, theirs in zip(RED_ROW[:3], BLUE, strict=False):
        put(run, mine)
        put(run, theirs)
    put(run, "R-I-C")
    put(run, "G-IV-D")
    assert run.controller.game.phase == "substitute"
    take(run, "R-I-H")  # the Man is out; the service stops before the Burocrat is seated
    resumed = restart(run, tmp_path, "presence")
    put(resumed, "R-I-H", "burocrat")
    assert resumed.controller.game.piece_at(parse("R-I-H")) == (0, "burocrat")
    assert resumed.controller.game.phase == "withdraw"


@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_payoff_resumes_and_carries_its_ledger_into_the_next_game(
    tmp_path: Path, mode: str
) -> None:
    run = run_on(tmp_path, "payoff", token_mode=mode)
    ctl = run.controller
    for mine, theirs in zip(RED_ROW[:3], BLUE, strict=False):
        if mode == "digital":
            ctl.set_token(0, pay_off(run).hands[0][0], None, run.clock.now())
        put(run, mine)
        put(run, theirs)
    put(run, "R-I-C")
    resumed = restart(run, tmp_path)
    assert game_json(resumed) == game_json(run)
    ctl = resumed.controller
    ctl.call(0, resumed.clock.now())
    if mode == "physical":
        assert ctl.game.phase == "await_tokens"
        ctl.set_token(None, pay_off(resumed).dealt[0][0], "R-I-S", resumed.clock.now())
        resumed = restart(resumed, tmp_path)  # mid-entry
        ctl = resumed.controller
        for hole in RED_ROW[1:]:
            ctl.set_token(None, None, hole, resumed.clock.now())
    assert ctl.game.game_over
    ledger = list(pay_off(resumed).ledger)
    assert ledger[0] > 0
    resumed = restart(resumed, tmp_path)  # game over, the board not yet cleared
    ctl = resumed.controller
    assert ctl.game.game_over and list(pay_off(resumed).ledger) == ledger
    resumed.advance(ctl.config.leds.win_animation_s + 0.1)
    assert ctl.clearing and "Lift every Man off the board" in ctl.message()
    resumed.board.clear()
    resumed.advance(1.0)
    assert ctl.ready and ctl.game.game_over  # the result stays until the next game is asked for
    resumed.board.press("menu")
    resumed.advance(TOGETHER_S + 0.1)  # MENU alone acts once ROLL can no longer follow
    assert not pay_off(resumed).game_over and list(pay_off(resumed).ledger) == ledger
    again = restart(resumed, tmp_path)
    assert list(pay_off(again).ledger) == ledger
    assert again.controller.game.placements == 0


def test_a_game_awaiting_calls_resumes_awaiting_calls(tmp_path: Path) -> None:
    run = run_on(tmp_path, "lucky", men_per_team=4)
    red_line_uncalled(run)
    ctl = run.controller
    assert ctl.game.supply[0] == 0  # Red has no Man left
    game = ctl.game
    # play Blue out: its last Man, then nobody can place
    lucky_place(run, "B-III-C")
    assert game.phase == "await_calls"
    resumed = restart(run, tmp_path)
    assert resumed.controller.game.phase == "await_calls" and game_json(resumed) == game_json(run)
    resumed.controller.call(0, resumed.clock.now())
    assert resumed.controller.game.game_over


# ---------------------------------------------------------------- journals that fail


def test_a_file_that_is_not_a_journal_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / Journal.FILE_NAME
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    before = path.read_bytes()
    with pytest.raises(JournalError, match="cannot open journal"):
        Journal(tmp_path)
    assert path.read_bytes() == before


def filled_journal(tmp_path: Path) -> Path:
    run = run_on(tmp_path)
    red_line_uncalled(run)
    run.controller.session.journal.close()
    return tmp_path / Journal.FILE_NAME


def test_a_truncated_journal_is_a_clear_error_and_kept(tmp_path: Path) -> None:
    path = filled_journal(tmp_path)
    with sqlite3.connect(path) as db:  # fold the WAL in, then lose the end of the file
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 100])
    damaged = path.read_bytes()
    with pytest.raises(JournalError):
        journal = Journal(tmp_path)
        replay(journal.current_game())
    assert path.read_bytes() == damaged


def test_a_damaged_entry_is_a_clear_error(tmp_path: Path) -> None:
    path = filled_journal(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE journal SET data = '{\"kind\": ' WHERE seq = 3")
    with pytest.raises(JournalError, match=r"entry 3 .* is damaged"):
        Journal(tmp_path).current_game()
    with sqlite3.connect(path) as db:  # data not of its kind's type: damaged when read
        db.execute("UPDATE journal SET data = '{\"variant\": 5}' WHERE seq = 1")
        db.execute("DELETE FROM journal WHERE seq = 3")
    with pytest.raises(JournalError, match=r"entry 1 .* is damaged"):
        Journal(tmp_path).current_game()
    nonesuch = '{"variant": "nonesuch", "players": 2, "seed": 1, "options": {}}'
    with sqlite3.connect(path) as db:
        db.execute("UPDATE journal SET data = ? WHERE seq = 1", (nonesuch,))
    with pytest.raises(JournalError, match="entry 1 does not start a game"):
        replay(Journal(tmp_path).current_game())


def test_a_journal_of_a_newer_format_is_refused_untouched(tmp_path: Path) -> None:
    path = filled_journal(tmp_path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {FORMAT + 1}")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    with pytest.raises(JournalError, match="newer flixboard"):
        Journal(tmp_path)
    assert path.read_bytes() == before


def test_a_journal_of_the_first_format_is_upgraded(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / Journal.FILE_NAME) as db:
        db.execute(
            "CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, "
            "data TEXT NOT NULL)"
        )
        db.execute(
            "INSERT INTO journal (kind, data) VALUES ('new_game', ?)",
            (json.dumps({"variant": "qubic", "players": 2, "seed": 1, "options": {}}),),
        )
        db.execute(
            "INSERT INTO journal (kind, data) VALUES ('action', ?)",
            (json.dumps({"kind": "place", "hole": "Y-II-H"}),),
        )
    journal = Journal(tmp_path)
    game, latest = replay(journal.current_game())
    assert game.placements == 1 and latest == 0.0
    journal.append("action", {"kind": "place", "hole": "R-I-S"}, at=2.5)
    assert replay(journal.current_game())[1] == 2.5


def run_main(tmp_path: Path, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    run_command.add_arguments(parser)
    args = parser.parse_args(["--data-dir", str(data_dir), "--http", "127.0.0.1:0"])
    code = run_command.main(args)
    return code, capsys.readouterr().err


def test_run_refuses_to_start_on_a_bad_journal_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / Journal.FILE_NAME).write_text("not sqlite at all " * 200)
    code, err = run_main(tmp_path, data, capsys)
    assert code == 2 and "cannot open journal" in err and "move it away" in err
    assert (data / Journal.FILE_NAME).read_text().startswith("not sqlite")


def test_run_on_a_data_dir_it_cannot_write_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.write_text("a file where the data directory should be\n")  # unwritable, even for root
    code, err = run_main(tmp_path, data, capsys)
    assert code == 2 and f"the data directory {data} is a file, not a directory" in err
    assert data.read_text() == "a file where the data directory should be\n"


class FullDisk(Journal):
    """A journal on a disk that fills up when told to."""

    full = False

    def append(
        self, kind: Kind, data: Mapping[str, object], at: float = 0.0, *, sync: bool = True
    ) -> int:
        if self.full:
            try:
                raise sqlite3.OperationalError("database or disk is full")
            except sqlite3.Error as error:
                raise JournalError(f"cannot write to the journal {self.path}: {error}") from None
        return super().append(kind, data, at, sync=sync)


async def test_a_full_disk_refuses_orders_with_503_and_changes_nothing(tmp_path: Path) -> None:
    journal = FullDisk(tmp_path)
    board = SimBoard(clock=SimClock())
    service = Service(board, Config(), journal, host="127.0.0.1", port=0, token="t")
    ctl = service.controller
    journal.full = True
    transport = httpx.ASGITransport(app=create_app(service))
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1:8640", event_hooks=ASYNC_HOOKS
    ) as client:
        before = json.dumps(ctl.game.to_json(reveal_pending=True), sort_keys=True)
        for path, body in (
            ("/api/roll", {}),
            ("/api/new_game", {"variant": "qubic", "players": 2}),
            ("/api/resign", {"seat": 0}),
        ):
            response = await client.post(path, json=body)
            assert response.status_code == 503, (path, response.text)
            assert "disk is full" in response.json()["error"]
        assert json.dumps(ctl.game.to_json(reveal_pending=True), sort_keys=True) == before
        assert not [e for e in ctl.session.events if e["type"] in ("roll", "resign")]
    journal.full = False
    assert [e.kind for e in Journal(tmp_path).current_game()] == ["new_game"]


def test_a_full_disk_during_a_withdrawal_or_a_new_game_does_not_stop_the_service(
    tmp_path: Path,
) -> None:
    config = Config.of(variant="tactflix")
    journal = FullDisk(tmp_path)
    run = SimRun(
        config,
        journal=journal,
        first_game=game_entry(config, "tactflix", 2, 1, {"auto_call": True}),
    )
    for mine, theirs in zip(RED_ROW[:3], BLUE, strict=False):
        put(run, mine)
        put(run, theirs)
    put(run, "R-I-C")
    put(run, "G-IV-D")
    take(run, "R-I-C")
    journal.full = True
    put(run, "R-I-C", "burocrat")  # the substitution cannot be written: refused, not a crash
    assert run.controller.game.phase == "substitute"
    assert (
        "cannot write"
        in [e for e in run.controller.session.events if e["type"] == "placement_refused"][-1][
            "reason"
        ]
    )
    journal.full = False
    take(run, "R-I-C")
    put(run, "R-I-C", "burocrat")
    assert run.controller.game.phase == "withdraw"
