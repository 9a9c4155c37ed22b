"""A tap's way through the service: the simulator's hand, the placement, its LED frame, the
journal's fsync, the live stream's messages and the answer, in that order
(``controller/core/journal.py``, the sim routes, ``Service._after_step``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import httpx

from controller.config import Config
from controller.core.state import Event, Speech, StateMessage
from controller.records.journal import Journal, Kind
from controller.records.model import StoredGame
from controller.records.store import GameStore
from controller.server.app import create_app
from controller.server.fanout import Fanout
from controller.server.service import Service
from engine.bitboard import scan_forward
from engine.holes import parse
from engine.lines import LINES
from sim.board import SimBoard
from sim.clock import SimClock


class WatchedJournal(Journal):
    """A journal that notes, at each fsync it is asked for, how many LED frames the board had
    sent and whether the board's state file held the Man yet."""

    board: SimBoard
    hole = "R-I-S"

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.appended: list[tuple[str, bool]] = []
        self.synced: list[tuple[int, bool]] = []

    def append(
        self, kind: Kind, data: Mapping[str, object], at: float = 0.0, *, sync: bool = True
    ) -> int:
        self.appended.append((kind, sync))
        return super().append(kind, data, at, sync=sync)

    def sync(self) -> None:
        if self._unsynced:
            self.synced.append((len(self.board.frames), man_in_file(self.board)))
        super().sync()


class WatchedFanout(Fanout):
    """A live stream that notes, at each message, how many LED frames the board had sent."""

    def __init__(self, board: SimBoard) -> None:
        super().__init__()
        self.board = board
        self.sent: list[tuple[StateMessage | Speech | Event, int]] = []

    def send(self, message: StateMessage | Speech | Event, *, state: bool) -> None:
        self.sent.append((message, len(self.board.frames)))
        super().send(message, state=state)


class WatchedStore(GameStore):
    """The game records, noting at each game kept how many LED frames the board had sent."""

    board: SimBoard

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.kept: list[int] = []

    def keep(self, game: StoredGame) -> int:
        self.kept.append(len(self.board.frames))
        return super().keep(game)


def man_in_file(board: SimBoard) -> bool:
    """Whether the simulator's state file holds a Man (no file: none)."""
    assert board.state_file is not None
    if not board.state_file.exists():
        return False
    panels = json.loads(board.state_file.read_text())["panels"]
    return any("o" in panel for panel in panels.values())


def service_on(tmp_path: Path) -> tuple[Service, WatchedJournal, SimBoard]:
    journal = WatchedJournal(tmp_path)
    board = SimBoard(clock=SimClock(), state_file=tmp_path / "sim.json")
    journal.board = board
    service = Service(
        board, Config.of(variant="qubic", settle_ms=0), journal, host="127.0.0.1", port=0, token=""
    )
    return service, journal, board


async def test_a_tap_shows_its_frame_before_the_fsync_and_answers_the_placement(
    tmp_path: Path,
) -> None:
    service, journal, board = service_on(tmp_path)
    hole = parse(WatchedJournal.hole)
    assert isinstance(board.clock, SimClock)
    board.clock.advance(1.0)  # past the frame rate's limit
    before = len(board.frames)
    lit = board.frames[-1].color(hole)
    transport = httpx.ASGITransport(app=create_app(service))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8640") as client:
        answer = await client.post("/api/sim/place", json={"hole": WatchedJournal.hole})
    assert answer.status_code == 200
    # the answer shows the placement committed (not the board before the service read it)
    assert answer.json()["board"][WatchedJournal.hole]["team"] == 0
    assert answer.json()["to_move"] == 1
    # the placement was written without waiting for the disk, then fsynced once ...
    assert journal.appended[-1] == ("action", False)
    assert len(journal.synced) == 1
    frames_at_sync, file_at_sync = journal.synced[0]
    # ... after the frame that shows the Man had been sent ...
    assert [frame for frame in board.frames[before:frames_at_sync] if frame.color(hole) != lit]
    # ... and before the simulator's state file took the Man (written as the order ends)
    assert not file_at_sync and man_in_file(board)
    # the entry is durable and replays: a second reader sees it
    reader = Journal(tmp_path)
    assert [entry.kind for entry in reader.current_game()] == ["new_game", "action"]
    reader.close()


async def test_an_order_stays_durable_before_it_is_shown(tmp_path: Path) -> None:
    """Only a move the board sensed goes to the LEDs before its fsync: an order (a new game, a
    roll, an undo) is written durably as before."""
    service, journal, _ = service_on(tmp_path)
    transport = httpx.ASGITransport(app=create_app(service))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8640") as client:
        answer = await client.post("/api/new_game", json={"variant": "qubic", "players": 2})
    assert answer.status_code == 200
    assert journal.appended[-1] == ("new_game", True)
    assert journal.synced == []


async def test_a_tap_sends_its_frame_before_its_events_and_state_go_to_the_live_stream(
    tmp_path: Path,
) -> None:
    """The events of a placement and the new state are encoded and queued for the pages only
    after the frame that shows the Man."""
    service, _, board = service_on(tmp_path)
    fanout = WatchedFanout(board)
    service.fanout = fanout
    service.subscribe()  # a page listens
    hole = parse(WatchedJournal.hole)
    assert isinstance(board.clock, SimClock)
    board.clock.advance(1.0)  # past the frame rate's limit
    before = len(board.frames)
    lit = board.frames[-1].color(hole)
    transport = httpx.ASGITransport(app=create_app(service))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8640") as client:
        answer = await client.post("/api/sim/place", json={"hole": WatchedJournal.hole})
    assert answer.status_code == 200
    events = [message for message, _ in fanout.sent if isinstance(message, dict)]
    assert [event["type"] for event in events] == ["place", "turn"]
    assert isinstance(fanout.sent[-1][0], StateMessage)
    for message, frames in fanout.sent:
        shown = [frame for frame in board.frames[before:frames] if frame.color(hole) != lit]
        assert shown, f"{message!r} went out before the frame that shows the Man"


async def test_a_tap_that_ends_the_game_shows_its_frame_before_the_game_is_kept(
    tmp_path: Path,
) -> None:
    """Keeping a finished game (its record written, read back through the rules and stored)
    comes after the frame of the placement that ended it."""
    service, _, board = service_on(tmp_path)
    store = WatchedStore(tmp_path)
    store.board = board
    service.controller.session.records = store
    assert isinstance(board.clock, SimClock)
    naming = service.controller.game.naming
    line = [naming.name(hole) for hole in scan_forward(LINES[0])]
    others = [naming.name(hole) for hole in scan_forward(LINES[-1] & ~LINES[0])][:3]
    transport = httpx.ASGITransport(app=create_app(service))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8640") as client:
        for ours, theirs in zip(line, [*others, None], strict=True):
            for hole in (ours, theirs):
                if hole is None:
                    break
                board.clock.advance(1.0)  # past the frame rate's limit
                before, last = len(board.frames), board.frames[-1].color(parse(hole))
                answer = await client.post("/api/sim/place", json={"hole": hole})
                assert answer.status_code == 200, answer.text
    assert answer.json()["phase"] == "game_over"
    assert len(store.kept) == 1
    ending = parse(line[-1])
    assert [f for f in board.frames[before : store.kept[0]] if f.color(ending) != last]
