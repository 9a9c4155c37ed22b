"""Dice that neither board chooses (``controller.remote.fair_dice``), through a real mosquitto:
a host, a guest and a spectator in one process, each a controller on a simulated board with its
own connection. Every virtual throw comes from both boards' shares, the guest and the spectator
check each one, every throw verifies from a side's dice book, and a board that tries to choose
a throw (a planted biased side) is refused."""

from __future__ import annotations

import random
import secrets
import sqlite3
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from functools import partial
from itertools import product
from pathlib import Path

import msgspec
import pytest
from broker_support import Mosquitto
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from controller.cli import command_parser
from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.records.journal import Journal
from controller.records.store import GameStore
from controller.remote import fair_dice, messages
from controller.remote.codes import new_code
from controller.remote.guest import Guest
from controller.remote.host import Host, HostKeys
from controller.remote.link import Broker
from controller.remote.messages import DiceProof, DiceShare, LogEntry
from controller.remote.pake import Door, Welcome
from controller.remote.sealing import Sealer
from engine.game import Action, Phase
from engine.variants import find_variant
from hal.geometry import geometry_for
from sim.board import SimBoard
from tests.waiting import wait_until_async

pytestmark = pytest.mark.broker


class Board:
    """One board: a controller on a simulated board, driven as the service drives it."""

    def __init__(self, folder: Path, variant: str) -> None:
        self.config = Config.of(settle_ms=0, variant=variant)
        geometry = geometry_for(find_variant(variant).geometry)
        self.backend = SimBoard(frame_limit=4, geometry=geometry)
        self.driver = Driver(self.backend, self.config, Journal(folder))
        self.ctl = self.driver.controller

    def order(self, act: Callable[[float], None]) -> None:
        now = self.backend.clock.now()
        act(now)
        self.driver.follow(now)


class Game:
    """A hosted game: the host plays seat 0, the guest seat 1, a spectator watches."""

    def __init__(self, folder: Path, broker: Broker, variant: str = "lucky") -> None:
        self.a, self.b, self.c = (Board(folder / n, variant) for n in ("host", "guest", "watch"))
        entry = game_entry(self.a.config, variant, 2, None, None)
        self.a.order(lambda now: self.a.ctl.follow_new_game(entry, now))
        keys = HostKeys(
            secrets.token_hex(8),
            secrets.token_bytes(32),
            Ed25519PrivateKey.generate(),
            secrets.token_bytes(32),
            secrets.token_bytes(32),
            watched=True,
        )
        assert keys.guest_key is not None and keys.to_guest is not None
        welcome = Welcome(
            "guest", keys.game_id, keys.log_key, keys.public(), keys.guest_key, keys.to_guest
        )
        doors = (Door(new_code(), False, used=True), Door(new_code(), True))
        self.host = Host(self.a.ctl, broker, keys, doors, (1,), self.a.order, lambda: None)
        self.guest = Guest(self.b.ctl, broker, welcome, doors[0].code, (), self.b.order)
        watching = replace(welcome, role="spectator", guest_key=b"", to_guest=b"")
        self.watcher = Guest(self.c.ctl, broker, watching, doors[1].code, (), self.c.order)
        self.a.ctl.remote, self.b.ctl.remote = self.host, self.guest
        self.c.ctl.remote = self.watcher
        for role in (self.host, self.guest, self.watcher):
            role.start()

    async def stop(self) -> None:
        for role in (self.host, self.guest, self.watcher):
            await role.stop()

    def here(self, action: Action, now: float) -> None:
        """The host's seat acts on the host's board (a roll goes by the dice's shares)."""
        self.a.ctl._act(action, now)

    def relay(self, action: Action, now: float) -> None:
        """The guest's seat acts: an order to the host."""
        self.guest.relays(action, now)

    def in_step(self) -> bool:
        n = len(self.host.log)
        return self.guest.follower.applied == n and self.watcher.follower.applied == n

    async def act(self, *, follow: bool = True) -> None:
        """The seat to move throws or places a Man in an allowed hole (the host's seat on the
        host's board, the guest's as an order); then (``follow``) all three boards are in
        step."""
        game = self.a.ctl.game
        mover = self.a if game.to_move == 0 else self.b
        if game.phase == Phase.AWAIT_ROLL:
            action = Action("roll")
        else:
            holes = [h for h in range(game.allowed.bit_length()) if game.allowed >> h & 1]
            at = mover.ctl.game_time(mover.backend.clock.now())
            action = Action("place", hole=random.choice(holes), at=at)
        before = len(self.host.log)
        if mover is self.a:
            self.a.order(lambda now: self.here(action, now))
        else:
            self.b.order(lambda now: self.relay(action, now))
        await wait_until_async(
            lambda: len(self.host.log) > before, f"the host's log takes a {action}"
        )
        if follow:
            await wait_until_async(self.in_step, "the guest and the spectator follow the host")


@pytest.fixture
async def game(tmp_path: Path, mosquitto: Mosquitto) -> AsyncIterator[Game]:
    played = Game(tmp_path, Broker("127.0.0.1", mosquitto.port, False))
    await wait_until_async(
        lambda: played.guest.fair is not None and played.watcher.fair is not None,
        "the guest and the spectator hold the host's commitment",
    )
    yield played
    await played.stop()


async def _throws(game: Game, count: int) -> None:
    while sum(e.dice is not None for e in game.host.log) < count:
        assert game.a.ctl.game.phase in (Phase.AWAIT_ROLL, Phase.AWAIT_PLACE)
        await game.act()


async def test_every_throw_comes_from_both_shares_and_verifies_from_each_book(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await _throws(game, 6)
    rolls = [e for e in game.host.log if e.data is not None and e.data.kind == "roll"]
    assert rolls and all(e.dice is not None for e in rolls)
    assert game.b.ctl.game.thrown() == game.a.ctl.game.thrown() == game.c.ctl.game.thrown()
    assert game.guest.dice_problem is None and game.watcher.dice_problem is None
    # every throw of the guest's and the spectator's books verifies; so does the host's
    for side in ("host", "guest", "watch"):
        (book,) = (tmp_path / side / fair_dice.BOOKS).iterdir()
        assert fair_dice.verify_book(book.read_bytes()) == len(rolls)
    # a throw tampered in a book fails, naming it
    path = next((tmp_path / "guest" / fair_dice.BOOKS).iterdir())
    kept = msgspec.json.decode(path.read_bytes(), type=fair_dice.DiceBook)
    first = kept.throws[0]
    other = next(t for t in map("/".join, product(*kept.dice)) if t != first.faces)
    kept.throws[0] = msgspec.structs.replace(first, faces=other)
    with pytest.raises(fair_dice.DiceRefused, match=f"throw 1 shows {other}"):
        fair_dice.verify_book(msgspec.json.encode(kept))
    # the same through the command line: the book as kept verifies, the tampered one fails
    parser, games = command_parser("games")
    assert games.main(parser.parse_args(["--verify-dice", str(path)])) == 0
    assert f"every throw verifies ({len(rolls)})" in capsys.readouterr().out
    tampered = tmp_path / "tampered.json"
    tampered.write_bytes(msgspec.json.encode(kept))
    assert games.main(parser.parse_args(["--verify-dice", str(tampered)])) == 1
    assert f"throw 1 shows {other}: its shares throw {first.faces}" in capsys.readouterr().out


def _late(game: Game, tmp_path: Path) -> tuple[Board, Guest]:
    """A spectator that joins now, from the host's snapshot (published again: retained)."""
    game.a.order(lambda now: game.host.publish_snapshot())  # as on the guest's hello
    late = Board(tmp_path / "late", "lucky")
    watching = replace(game.guest.welcome, role="spectator", guest_key=b"", to_guest=b"")
    spectator = Guest(late.ctl, game.host.link.broker, watching, "", (), late.order)
    late.ctl.remote = spectator
    spectator.start()
    return late, spectator


async def test_every_throw_of_a_finished_game_verifies_from_its_record(
    game: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each board keeps the finished game with its dice (``StoredGame.dice``): ``flixboard
    games --verify-dice ID`` checks every throw from the record; a throw tampered in the stored
    row is named."""
    await _throws(game, 4)
    while game.a.ctl.game.to_move != 0:
        await game.act()
    game.a.order(lambda now: game.here(Action("resign", seat=0), now))  # the game ends
    await wait_until_async(lambda: game.a.ctl.game.game_over and game.in_step(), "all see the end")
    rolls = sum(e.dice is not None for e in game.host.log)
    parser, games = command_parser("games")

    def verify(side: str) -> int:
        folder = str(tmp_path / side)
        status: int = games.main(parser.parse_args(["--verify-dice", "1", "--data-dir", folder]))
        return status

    for side in ("host", "guest", "watch"):
        assert verify(side) == 0, side
        assert f"1: every throw verifies ({rolls})" in capsys.readouterr().out
    path = tmp_path / "guest" / GameStore.FILE_NAME
    with sqlite3.connect(path) as db:
        (text,) = db.execute("SELECT dice FROM games WHERE id = 1").fetchone()
        kept = msgspec.json.decode(text, type=fair_dice.DiceBook)
        first = kept.throws[0]
        other = next(t for t in map("/".join, product(*kept.dice)) if t != first.faces)
        kept.throws[0] = msgspec.structs.replace(first, faces=other)
        db.execute("UPDATE games SET dice = ? WHERE id = 1", (msgspec.json.encode(kept).decode(),))
    assert verify("guest") == 1
    assert f"throw 1 shows {other}: its shares throw {first.faces}" in capsys.readouterr().out


async def test_a_late_spectator_checks_every_throw_from_the_snapshot(
    game: Game, tmp_path: Path
) -> None:
    await _throws(game, 3)
    late, spectator = _late(game, tmp_path)
    try:
        await wait_until_async(
            lambda: spectator.follower.applied == len(game.host.log), "it catches up"
        )
        assert spectator.dice_problem is None and spectator.fair is not None
        assert len(spectator.fair.book.throws) == 3  # each checked as the snapshot brought it
        assert late.ctl.game.thrown() == game.a.ctl.game.thrown()
    finally:
        await spectator.stop()


async def test_a_late_spectator_refuses_a_roll_whose_proof_was_stripped(
    game: Game, tmp_path: Path
) -> None:
    """The snapshot commits to the host's root from the game's first throw on (``since``): a
    host that strips a proof from a late spectator's snapshot is refused at that roll."""
    await _throws(game, 3)
    log = game.host.log
    at = next(i for i, e in enumerate(log) if e.dice is not None)
    log[at] = LogEntry(log[at].kind, log[at].data)  # a host that strips the first proof
    _, spectator = _late(game, tmp_path)
    try:
        await wait_until_async(lambda: spectator.dice_problem is not None, "it refuses the roll")
        assert spectator.dice_problem == "the host's throw 1 carries no proof of its dice"
        assert spectator.follower.applied == at  # nothing from the stripped roll on
    finally:
        await spectator.stop()


async def test_the_host_alone_throws_from_its_committed_share_and_the_guest_refuses_it(
    game: Game, tmp_path: Path
) -> None:
    """After the guest left (here: the host takes it so) the host throws alone, from its own
    share: a spectator checks it against the host's root; a guest that gave its share of that
    throw refuses it (a host cannot pick between its own throw and the shared one)."""
    fair = game.guest.fair
    assert fair is not None
    await wait_until_async(lambda: fair.sent == 1, "the guest's share of throw 1 went out")
    game.host.peer_left = True
    while game.a.ctl.game.to_move != 0 or game.a.ctl.game.phase != Phase.AWAIT_ROLL:
        await game.act()
    await game.act(follow=False)
    (roll,) = [e for e in game.host.log if e.dice is not None]
    assert roll.dice is not None and (roll.dice.guest, roll.dice.guest_root) == (None, None)
    n = len(game.host.log)
    await wait_until_async(lambda: game.watcher.follower.applied == n, "the spectator follows")
    await wait_until_async(lambda: game.guest.dice_problem is not None, "the guest refuses it")
    assert game.watcher.dice_problem is None
    assert game.guest.dice_problem == "the host threw 1 alone, after a board gave its shares"
    (book,) = (tmp_path / "watch" / fair_dice.BOOKS).iterdir()
    assert fair_dice.verify_book(book.read_bytes()) == 1


async def test_flip_4s_two_dice_come_from_both_shares(tmp_path: Path, mosquitto: Mosquitto) -> None:
    played = Game(tmp_path, Broker("127.0.0.1", mosquitto.port, False), "flip4")
    try:
        await wait_until_async(
            lambda: played.guest.fair is not None, "the guest holds the commitment"
        )
        await _throws(played, 4)
        rolls = [e for e in played.host.log if e.dice is not None]
        assert all(e.data is not None and e.data.throw is not None for e in rolls)
        assert {len(e.data.throw.split("/")) for e in rolls if e.data and e.data.throw} == {2}
        (book,) = (tmp_path / "guest" / fair_dice.BOOKS).iterdir()
        assert fair_dice.verify_book(book.read_bytes()) == len(rolls) == 4
    finally:
        await played.stop()


async def test_a_host_that_substitutes_a_throw_is_refused(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _throws(game, 2)
    fair = game.host.fair
    assert fair is not None
    honest = fair.throw

    def chosen(n: int) -> tuple[str, DiceProof] | None:
        thrown = honest(n)
        if thrown is None:
            return None
        faces, proof = thrown
        return ("flix/flix/flix" if faces == "win/win/win" else "win/win/win"), proof

    monkeypatch.setattr(fair, "throw", chosen)
    await _refused(game, ": its shares throw")


async def test_a_host_share_outside_its_chain_is_refused(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _throws(game, 1)
    fair = game.host.fair
    assert fair is not None
    honest = fair.throw

    def grinding(n: int) -> tuple[str, DiceProof] | None:
        thrown = honest(n)
        if thrown is None:
            return None
        _, proof = thrown
        assert proof.guest is not None
        share = secrets.token_bytes(32)  # a share drawn until it throws what the host wants
        faces = fair_dice.combine(
            fair.dice, fair.game_id, fair.number, n, share, bytes.fromhex(proof.guest)
        )
        return faces, msgspec.structs.replace(proof, host=share.hex())

    monkeypatch.setattr(fair, "throw", grinding)
    await _refused(game, "the host's share of throw 2 is not in the chain it committed to")


def refused(watcher: Guest) -> bool:
    return watcher.dice_problem is not None


async def _refused(game: Game, reason: str) -> None:
    """The next throw is refused by the guest and the spectator: not applied, said on the
    page; the game there goes no further."""
    while game.guest.dice_problem is None:
        await game.act(follow=False)
        await wait_until_async(
            lambda: game.in_step() or game.guest.dice_problem is not None,
            "the guest follows the host or refuses its throw",
        )
    for watcher in (game.guest, game.watcher):
        await wait_until_async(partial(refused, watcher), "the throw is refused")
        assert reason in (watcher.dice_problem or "")
        shown = watcher.shown().problem or ""
        assert "a throw of the host was refused" in shown and reason in shown
    host_rolls = sum(e.data is not None and e.data.kind == "roll" for e in game.host.log)
    guest_rolls = sum(a.kind == "roll" for a in game.b.ctl.game.actions)
    assert guest_rolls == host_rolls - 1  # the substituted throw is not in the guest's game


async def test_a_guest_share_outside_its_chain_is_refused_and_the_throw_waits(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    fair = game.guest.fair
    assert fair is not None
    honest = fair.share

    def wrong(game: int, n: int) -> DiceShare | None:  # from the second throw on
        assert fair.chain is not None
        if n == 1:
            return honest(game, n)
        fair.sent = n
        return DiceShare(game, n, secrets.token_hex(32), fair.chain.root.hex())

    monkeypatch.setattr(fair, "share", wrong)
    await _throws(game, 1)
    rolls = len(game.host.log)
    while game.a.ctl.game.phase != Phase.AWAIT_ROLL:
        await game.act()
    await wait_until_async(lambda: game.host.dice_problem is not None, "the host refuses the share")
    problem = game.host.shown().problem or ""
    assert "the other board's share of the dice was refused" in problem
    assert "not in the chain it committed to" in problem
    mover = game.a if game.a.ctl.game.to_move == 0 else game.b
    if mover is game.a:
        game.a.order(lambda now: game.here(Action("roll"), now))
    else:
        game.b.order(lambda now: game.relay(Action("roll"), now))
    await wait_until_async(lambda: game.host._fair_held is not None, "the host holds the roll")
    assert game.a.ctl.game.phase == Phase.AWAIT_ROLL
    assert not any(e.data is not None and e.data.kind == "roll" for e in game.host.log[rolls:])


async def test_a_strangers_share_is_dropped_as_forged_and_changes_nothing(game: Game) -> None:
    await _throws(game, 1)
    topic = game.host.topic(messages.DICE)
    fair = game.guest.fair
    assert fair is not None and fair.chain is not None
    forged = DiceShare(game.host.game, 2, secrets.token_hex(32), secrets.token_hex(32))
    before = game.host.dropped["forged"]
    game.guest.link.publish(topic, Sealer(secrets.token_bytes(32)).seal(topic, forged))
    await wait_until_async(lambda: game.host.dropped["forged"] > before, "the host drops it")
    assert game.host.dice_problem is None
    await _throws(game, 2)  # the next throw is made from the guest's own share
    assert game.guest.dice_problem is None


async def test_a_roll_taken_back_is_thrown_again_with_the_same_faces(game: Game) -> None:
    def last_two() -> tuple[str | None, str | None]:
        kinds = [e.data.kind if e.data is not None else None for e in game.host.log[-2:]]
        return (kinds[0], kinds[1]) if len(kinds) == 2 else (None, None)

    while not (last_two() == ("place", "roll") and game.a.ctl.game.to_move == 1):
        assert game.a.ctl.game.phase in (Phase.AWAIT_ROLL, Phase.AWAIT_PLACE)
        await game.act()
    thrown = game.host.log[-1]
    assert thrown.dice is not None and thrown.data is not None
    game.a.order(game.a.ctl.follow_undo)  # the host takes back its Man and the throw after it
    await wait_until_async(game.in_step, "the guest and the spectator take it back too")
    while game.host.log[-1].data is None or game.host.log[-1].data.kind != "roll":
        await game.act()
    again = game.host.log[-1]
    assert again.dice == thrown.dice and again.data is not None
    assert again.data.throw == thrown.data.throw  # the same shares, the same faces
    assert game.guest.dice_problem is None and game.watcher.dice_problem is None


async def test_the_guest_s_share_goes_with_its_move_and_the_next_roll_waits_for_nothing(
    game: Game,
) -> None:
    """The guest's placement makes the next throw due once the host carries it out: its share
    of that throw goes with the order. With the guest reading none of the host's log meanwhile
    (its log and snapshots held back), the host holds the share once it carried out the
    placement, and its seat's roll at once is thrown, not held (before, the share went out only
    when the guest applied the placement's entry: a roll at once waited for that round trip)."""
    guest, host = game.guest, game.host
    reads = {topic: guest.handlers[topic] for topic in (messages.LOG, messages.SNAPSHOT)}
    for _ in range(20):  # until a placement of the guest passes the turn to the host's seat
        while not (game.a.ctl.game.to_move == 1 and game.a.ctl.game.phase == Phase.AWAIT_PLACE):
            await game.act()
        n = fair_dice.throw_number(game.a.ctl.game)
        held_back: list[tuple[str, messages.Message, float]] = []
        for topic in reads:
            guest.handlers[topic] = partial(hold_back, held_back, topic)
        await game.act(follow=False)
        fair = host.fair
        assert fair is not None
        await wait_until_async(
            partial(holds_share, fair, n), f"the guest's share of throw {n}, with its move"
        )
        assert guest.follower.applied < len(host.log)  # the guest has not read the placement
        ours = game.a.ctl.game
        passed = ours.to_move == 0 and ours.phase == Phase.AWAIT_ROLL and not ours.game_over
        if passed:
            before = len(host.log)
            game.a.order(lambda now: game.here(Action("roll"), now))
            assert len(host.log) == before + 1 and host.shown().problem is None  # thrown
        guest.handlers.update(reads)
        for topic, message, now in held_back:
            reads[topic](message, now)
        await wait_until_async(game.in_step, "the guest reads the held-back log")
        if passed:
            break
    else:
        raise AssertionError("no placement of the guest passed the turn in 20 tries")
    assert guest.dice_problem is None and game.watcher.dice_problem is None
    assert game.b.ctl.game.thrown() == game.a.ctl.game.thrown()


def hold_back(
    held: list[tuple[str, messages.Message, float]],
    topic: str,
    message: messages.Message,
    now: float,
) -> None:
    held.append((topic, message, now))


def holds_share(fair: fair_dice.HostDice, n: int) -> bool:
    """Whether the host holds the guest's share of throw ``n``."""
    return fair.guest is not None and n in fair.guest.known
