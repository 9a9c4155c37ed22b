"""Bench probe of remote play through a local mosquitto (docs/REMOTE.md).

One process simulates both sides of every game: each side is a real ``BoardController`` with its
``Driver`` on a simulated board, a ``Host`` or a ``Guest`` and its own MQTT connection. The round
trip is a placement committed on one board to the LED frame of the other board that shows it
(the frame the other board's driver renders after applying the host's log entry), both ways:
host to guest (the host's log) and guest to host (the guest's order, carried out by the host).
With one game the moves follow each other; with N games each game moves every ``PACE_S`` at a
random phase, and the p99 of all round trips is reported for each N (the curve), with the
machine's load average as each run ended; the N of ``SPLIT_COUNTS`` again with the games shared
out over ``PROCESSES`` forked processes, each playing both boards of its games. Every message
is sealed (ChaCha20-Poly1305; the host's with the MAC that proves them to the guest; nobody
watches, so nothing is signed) as in play. The join exchange
(SPAKE2, once per join) is timed on its own; the games start from keys drawn at random, as
a welcome gives them, so that setting up 500 games does not take minutes.
The same figures for Pay-Off in digital token mode with openings (``_PayOffGame``): every
placement carries a token, committed in the owner's token book (appended and synced) before
the host's log entry or the guest's order leaves, each board with a data directory of its own.
Under a flood, one game moves every ``FLOOD_PACE_S`` while
an outsider (a client without the key, in a thread of its own) publishes ``FLOOD_PER_S``
hostile messages a second on the game's topics: junk, forged bodies, nesting 977 and 10,000
deep, messages just under the snapshot's limit and of 1 MB.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import multiprocessing
import os
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from bench.bench_scale import scaled
from controller.config import Config
from controller.core.session import game_entry
from controller.driver import Driver
from controller.errors import NotNow
from controller.records.journal import Journal
from controller.records.model import GameOptions
from controller.remote import fair_dice, messages
from controller.remote.codes import new_code
from controller.remote.guest import Guest
from controller.remote.host import Host, HostKeys
from controller.remote.inbox import SNAPSHOT_BYTES
from controller.remote.link import Broker
from controller.remote.pake import Door, Joiner, Welcome
from engine.bitboard import scan_forward
from engine.dice import DICE
from engine.game import Action, Phase
from engine.payoff import SEALED, PayOffFlix
from sim.board import SimBoard

SINGLE_MOVES = 200
THROWS = 200
"""Throws of the fair-dice figure (``remote_throw_ms_p50``/``_p99``)."""
GAME_COUNTS = (1, 50, 100, 250, 500)
PACE_S = 5.0
"""Each game moves every this many seconds in the concurrent runs (a brisk game: a move is a
throw, a placement and often a call)."""
MOVES_PER_GAME = 4
SPLIT_COUNTS = (500,)
"""The counts of games also measured split over ``PROCESSES`` processes."""
PROCESSES = 10
"""The processes a split run plays its games in (each both boards of its share of the games): a
real board's process plays one game and waits on its own disk's syncs; one process playing a
thousand boards waits on all their syncs one after the other."""
PAYOFF_OPTIONS: GameOptions = {
    "token_mode": "digital",
    "openings": True,
    "tokens": list(range(1, 65)),
}
"""Pay-Off with every token committed at its placement and opened when revealed: 64 tokens, a
hand of 32 a team, so that every placement of a game can carry one."""
TARGET_P99_MS = 250.0
FLOOD_MOVES = 200
FLOOD_PACE_S = 0.05
FLOOD_PER_S = 100
FLOOD_TOPICS = (
    messages.ORDERS,
    messages.HELLO,
    f"{messages.PRESENCE}/guest",
    messages.SNAPSHOT,
    messages.LOG,
    messages.REFUSED,
    f"{messages.PRESENCE}/host",
)


class _Side:
    """One board of one game: a controller on a simulated board, driven as the service does
    (``folder``: its data directory, the journal and token book on disk; ``None``: in memory)."""

    def __init__(self, variant: str = "qubic", folder: Path | None = None) -> None:
        self.config = Config.of(settle_ms=0, variant=variant)
        self.backend = SimBoard(frame_limit=4)
        self.journal = Journal(folder)
        self.driver = Driver(self.backend, self.config, self.journal)
        self.ctl = self.driver.controller
        self.arrived: Callable[[], None] | None = None

    def order(self, act: Callable[[float], None]) -> None:
        now = self.backend.clock.now()
        act(now)
        self.driver.follow(now)
        if self.arrived is not None:
            self.arrived()


class _Game:
    """A host and a guest; ``move`` places a Man for the seat to move and times the trip."""

    def __init__(
        self,
        broker: Broker,
        keys: HostKeys,
        welcome: Welcome,
        times: list[float],
        sides: tuple[_Side, _Side] | None = None,
    ) -> None:
        self.a, self.b = sides or (_Side(), _Side())
        self.times = times
        doors = (Door(new_code(), False, used=True), Door(new_code(), True))
        self.host = Host(self.a.ctl, broker, keys, doors, (1,), self.a.order, lambda: None)
        self.guest = Guest(self.b.ctl, broker, welcome, doors[0].code, (), self.b.order)
        self.a.ctl.remote, self.b.ctl.remote = self.host, self.guest
        self._waiting: tuple[_Side, int, float] | None = None
        self.a.arrived = lambda: self._check(self.a)
        self.b.arrived = lambda: self._check(self.b)
        self.done = asyncio.Event()

    def start(self) -> None:
        self.host.start()
        self.guest.start()

    async def stop(self) -> None:
        await self.host.stop()
        await self.guest.stop()

    def ready(self) -> bool:
        return self.guest.follower.game == self.host.game

    def move(self) -> None:
        """The seat to move places a Man in a random empty hole (a new game when over)."""
        a = self.a
        if a.ctl.game.game_over or a.ctl.game.placements > 40:
            entry = game_entry(a.config, "qubic", 2, None, None)
            a.order(lambda now: a.ctl.follow_new_game(entry, now))
            return
        mover = a if a.ctl.game.to_move == 0 else self.b
        other = self.b if mover is a else a
        game = mover.ctl.game
        hole = random.choice([h for h in range(64) if game.allowed >> h & 1])
        self.done.clear()
        self._waiting = (other, hole, time.perf_counter())
        action = Action("place", hole=hole, at=mover.ctl.game_time(mover.backend.clock.now()))
        self._play(mover, action)

    def _play(self, mover: _Side, action: Action) -> None:
        """``action`` made on ``mover``'s board: the host's carries it out, the guest's relays
        it to the host."""
        if mover is self.a:
            mover.order(lambda now: mover.ctl.follow_action(action, now))
        else:
            mover.order(partial(self._relay, action))

    def _relay(self, action: Action, now: float) -> None:
        self.guest.relays(action, now)

    def settled(self) -> bool:
        """Whether the next move may follow, once the last one reached the other board."""
        return True

    def _check(self, side: _Side) -> None:
        waiting = self._waiting
        if waiting is not None and waiting[0] is side:
            other, hole, started = waiting
            if other.ctl.game.men[0] >> hole & 1 or other.ctl.game.men[1] >> hole & 1:
                deferred = other.driver.renderer.next_deadline()
                extra = 0.0 if deferred is None else max(0.0, deferred - other.backend.clock.now())
                self.times.append(time.perf_counter() - started + extra)
                self._waiting = None
        if self._waiting is None and self.settled():
            self.done.set()


class _PayOffGame(_Game):
    """A game of Pay-Off in digital token mode with openings, each board with its data
    directory (``boards``): every placement carries a token of the mover's hand, so every move
    carries its commitment (the owner's token book appended and synced before the host's log
    entry or the guest's order is sent). With no hole left where a token may go (one that
    completes a line takes none), the host's seat resigns (every token is opened) and a new game
    is dealt."""

    def __init__(
        self,
        sides: tuple[_Side, _Side],
        broker: Broker,
        keys: HostKeys,
        welcome: Welcome,
        times: list[float],
    ) -> None:
        super().__init__(broker, keys, welcome, times, sides)
        self.placed = 0
        """The placements made (each timed unless lost)."""
        self.unsealed = 0
        """The placements that reached the other board without a commitment in the host's log
        (or with their token's value there)."""

    @staticmethod
    def _new_game(side: _Side, now: float) -> None:
        side.ctl.follow_new_game(game_entry(side.config, "payoff", 2, None, PAYOFF_OPTIONS), now)

    @classmethod
    def boards(cls, folder: Path) -> tuple[_Side, _Side]:
        """A game's host and guest, each with its data directory in ``folder``, the host's game
        started (no link yet: a thread may make them)."""
        here = Path(tempfile.mkdtemp(dir=folder))
        host, guest = _Side("payoff", here / "host"), _Side("payoff", here / "guest")
        host.order(partial(cls._new_game, host))
        return host, guest

    async def stop(self) -> None:
        await super().stop()
        self.a.journal.close()
        self.b.journal.close()

    def ready(self) -> bool:
        return self.settled()

    def settled(self) -> bool:
        """The guest applied the host's whole log (its board shows its own last placement too,
        its hand without that token)."""
        follower = self.guest.follower
        return follower.game == self.host.game and follower.applied == len(self.host.log)

    def _check(self, side: _Side) -> None:
        waiting = self._waiting
        super()._check(side)
        if waiting is not None and self._waiting is None:  # this placement arrived
            data, seal = self.host.log[-1].data, self.host.log[-1].seal
            placed = data is not None and data.kind == "place" and data.token == SEALED
            self.unsealed += not placed or seal is None

    def move(self) -> None:
        """The seat to move places a Man with the first token of its hand in a random hole
        that takes one (nothing while the guest is not in step or tokens are being opened)."""
        a = self.a
        if not self.settled():
            return
        if a.ctl.game.game_over:
            with contextlib.suppress(NotNow):  # the guest's share of the deal is still coming
                a.order(partial(self._new_game, a))
            return
        if a.ctl.game.phase != Phase.AWAIT_PLACE:
            return
        mover = a if a.ctl.game.to_move == 0 else self.b
        game = mover.ctl.game
        assert isinstance(game, PayOffFlix)
        team = game.team_of_seat[game.to_move]
        free = game.allowed & ~game.completing(team)
        if not free or not game.hands[team]:
            self._play(a, Action("resign", seat=0))
            return
        other = self.b if mover is a else a
        hole = random.choice(list(scan_forward(free)))
        self.done.clear()
        self._waiting = (other, hole, time.perf_counter())
        self.placed += 1
        at = mover.ctl.game_time(mover.backend.clock.now())
        action = Action("place", hole=hole, token=game.hands[team][0], at=at)
        self._play(mover, action)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _mosquitto(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    port = _free_port()
    config = folder / "mosquitto.conf"
    config.write_text(
        f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
        "max_connections -1\nmax_queued_messages 10000\nset_tcp_nodelay true\n",
        encoding="utf-8",
    )
    process = subprocess.Popen([binary, "-c", str(config)], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return process, port
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("mosquitto did not start")
        time.sleep(0.05)


def _keys() -> tuple[HostKeys, Welcome]:
    """A hosting's keys and the welcome its guest got (as after a join exchange)."""
    keys = HostKeys(
        secrets.token_hex(8),
        secrets.token_bytes(32),
        Ed25519PrivateKey.generate(),
        secrets.token_bytes(32),
        secrets.token_bytes(32),
    )
    assert keys.guest_key is not None and keys.to_guest is not None
    welcome = Welcome(
        "guest", keys.game_id, keys.log_key, keys.public(), keys.guest_key, keys.to_guest
    )
    return keys, welcome


def _join_exchange() -> float:
    """One whole join exchange in process (both sides' SPAKE2 and the welcome), in seconds."""
    started = time.perf_counter()
    code = new_code()
    door, joiner = Door(code, False), Joiner(code)
    answer = door.request(joiner.request()[1], 0.0)
    assert answer is not None
    step, confirmation = joiner.take(answer[1])
    assert step == "confirm" and isinstance(confirmation, bytes)
    welcome = messages.Welcome("guest", "0" * 16, bytes(32).hex(), bytes(32).hex())
    reply, secret = door.confirm(joiner.attempt, confirmation, welcome, 0.0)
    assert reply is not None and secret is not None
    assert joiner.take(reply[1])[0] == "welcome"
    return time.perf_counter() - started


NewGame = Callable[[Broker, HostKeys, Welcome, list[float]], _Game]
"""Makes one game of a probe (``_Game``: Qubic; ``_PayOffGame``: Pay-Off with commitments)."""


async def _games(
    broker: Broker, count: int, times: list[float], make: NewGame = _Game
) -> list[_Game]:
    """``count`` games, connected and in step. The boards' objects are then left out of the
    garbage collector's scans: a real board's process holds one board, this one a thousand, and
    the full scans of a heap that size were the tail of the figure, not the link."""
    gc.unfreeze()
    games = [make(broker, *_keys(), times) for _ in range(count)]
    for game in games:
        game.start()
    deadline = time.monotonic() + 60 + count * 0.2
    while not all(game.ready() for game in games):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{count} games did not connect in time")
        await asyncio.sleep(0.05)
    gc.collect()
    gc.freeze()
    return games


async def _single(broker: Broker, moves: int, make: NewGame = _Game) -> list[float]:
    times: list[float] = []
    (game,) = await _games(broker, 1, times, make)
    for _ in range(moves):
        game.move()
        await asyncio.wait_for(game.done.wait(), 10)
        await asyncio.sleep(0.005)
    await game.stop()
    return times


async def _concurrent(broker: Broker, count: int, make: NewGame = _Game) -> tuple[list[float], int]:
    times: list[float] = []
    games = await _games(broker, count, times, make)
    lost = 0

    async def play(game: _Game) -> None:
        nonlocal lost
        await asyncio.sleep(random.uniform(0, PACE_S))
        for _ in range(MOVES_PER_GAME):
            game.move()
            try:
                await asyncio.wait_for(game.done.wait(), 30)
            except TimeoutError:
                lost += 1
            await asyncio.sleep(PACE_S)

    await asyncio.gather(*(play(game) for game in games))
    await asyncio.gather(*(game.stop() for game in games))
    return times, lost


Tally = Callable[[], tuple[int, int]]
"""The placements made and those unsealed, in all the games made so far in this process."""


Prepare = Callable[[int], None]
"""Made ready for a run of N games in this process (the Pay-Off boards, opened in threads)."""


def _no_tally() -> tuple[int, int]:
    return 0, 0


def _no_preparing(count: int) -> None:
    pass


def _split(
    broker: Broker, count: int, make: NewGame, tally: Tally, prepare: Prepare
) -> tuple[list[float], int, tuple[int, int]]:
    """``_concurrent`` with the ``count`` games shared out over ``PROCESSES`` forked processes;
    the placements and unsealed ones of their games (``tally``) summed."""
    context = multiprocessing.get_context("fork")
    results: multiprocessing.SimpleQueue[tuple[list[float], int, tuple[int, int]]]
    results = context.SimpleQueue()

    def play(share: int) -> None:
        prepare(share)
        before = tally()
        times, lost = asyncio.run(_concurrent(broker, share, make))
        after = tally()
        results.put((times, lost, (after[0] - before[0], after[1] - before[1])))

    shares = [count // PROCESSES + (i < count % PROCESSES) for i in range(PROCESSES)]
    gc.unfreeze()  # the last run's boards and links gone here, not finalized in every child
    gc.collect()
    workers = [context.Process(target=play, args=(share,)) for share in shares]
    for worker in workers:
        worker.start()
    gathered = [results.get() for _ in workers]
    for worker in workers:
        worker.join()
    times = [time for part in gathered for time in part[0]]
    placed = sum(part[2][0] for part in gathered), sum(part[2][1] for part in gathered)
    return times, sum(part[1] for part in gathered), placed


def _load() -> float:
    """The machine's load average over the last minute (others' work moves every figure)."""
    return round(os.getloadavg()[0], 1)


def _curve(
    broker: Broker,
    prefix: str,
    make: NewGame = _Game,
    tally: Tally = _no_tally,
    prepare: Prepare = _no_preparing,
    counts: tuple[int, ...] | None = None,
) -> tuple[dict[str, float], tuple[int, int]]:
    """N games at once for each N of ``counts`` (``GAME_COUNTS`` but the first):
    ``{prefix}_N_rtt_ms_p50`` /
    ``_p99``, ``{prefix}_N_lost`` and ``{prefix}_N_load`` (the load average as it ended);
    ``{prefix}_max_p99_le_250ms``, the most within the target; the same with N of
    ``SPLIT_COUNTS`` in ``PROCESSES`` (P) processes (``{prefix}_N_in_P_processes_...``,
    ``{prefix}_in_P_processes_max_p99_le_250ms``). Also the split runs' placements
    (``tally``)."""
    figures: dict[str, float] = {}
    placed = (0, 0)
    runs = [(count, "") for count in map(scaled, GAME_COUNTS[1:] if counts is None else counts)]
    runs += [(count, f"_in_{PROCESSES}_processes") for count in map(scaled, SPLIT_COUNTS)]
    best = dict.fromkeys((split for _, split in runs), 0)
    for count, split in runs:
        if split:
            times, lost, made = _split(broker, count, make, tally, prepare)
            placed = placed[0] + made[0], placed[1] + made[1]
        else:
            prepare(count)
            times, lost = asyncio.run(_concurrent(broker, count, make))
        p99 = _ms(times, 0.99)
        name = f"{prefix}_{count}{split}"
        figures[f"{name}_rtt_ms_p50"] = _ms(times, 0.5)
        figures[f"{name}_rtt_ms_p99"] = p99
        figures[f"{name}_lost"] = lost
        figures[f"{name}_load"] = _load()
        if p99 <= TARGET_P99_MS and not lost:
            best[split] = max(best[split], count)
    for split, most in best.items():
        figures[f"{prefix}{split}_max_p99_le_250ms"] = most
    return figures, placed


def _payoff(broker: Broker, folder: Path) -> dict[str, float]:
    """The figures of Pay-Off with commitments (``measure``), the boards' data in ``folder``."""
    made: list[_PayOffGame] = []

    ready: list[tuple[_Side, _Side]] = []

    def prepare(count: int) -> None:
        """The boards of ``count`` games made in threads: opening their journals and records
        waits on the disk's syncs, which threads overlap (the setup, not the figures)."""
        with ThreadPoolExecutor(8) as pool:
            ready[:] = pool.map(_PayOffGame.boards, [folder] * count)

    def make(broker: Broker, keys: HostKeys, welcome: Welcome, times: list[float]) -> _Game:
        sides = ready.pop() if ready else _PayOffGame.boards(folder)
        made.append(_PayOffGame(sides, broker, keys, welcome, times))
        return made[-1]

    def tally() -> tuple[int, int]:
        return sum(game.placed for game in made), sum(game.unsealed for game in made)

    single = asyncio.run(_single(broker, scaled(SINGLE_MOVES), make))
    figures = {
        "remote_payoff_rtt_ms_p50": _ms(single, 0.5),
        "remote_payoff_rtt_ms_p99": _ms(single, 0.99),
        "remote_payoff_load": _load(),
    }
    curve, (split_placed, split_unsealed) = _curve(
        broker, "remote_payoff_games", make, tally, prepare
    )
    figures.update(curve)
    placed, unsealed = tally()
    figures["remote_payoff_moves"] = placed + split_placed
    figures["remote_payoff_unsealed"] = unsealed + split_unsealed
    return figures


def _hostile(i: int) -> bytes:
    """The ``i``-th message of the flood: every kind in turn, the big ones rarer."""
    if i % 100 == 0:
        return secrets.token_bytes(2**20)
    if i % 100 == 50:
        return b'{"msg": {"a": "' + b"x" * (SNAPSHOT_BYTES - 40) + b'"}, "mac": "00"}'
    depth = (977, 10_000)[i % 2]
    kinds = (
        secrets.token_bytes(64),
        b'{"msg": {"type": "order", "game": 1}, "mac": "' + secrets.token_hex(32).encode() + b'"}',
        b'{"msg": {"a": ' + b"[" * depth + b"]" * depth + b'}, "mac": "00"}',
        b"[]",
    )
    return kinds[i % len(kinds)]


def _flood(port: int, game_id: str, stop: threading.Event, sent: list[int]) -> None:
    """Publish ``FLOOD_PER_S`` hostile messages a second on the game's topics until ``stop``."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    began = time.monotonic()
    i = 0
    while not stop.is_set():
        leaf = FLOOD_TOPICS[i % len(FLOOD_TOPICS)]
        client.publish(messages.topic(game_id, leaf), _hostile(i), qos=1)
        i += 1
        time.sleep(max(0.0, began + i / FLOOD_PER_S - time.monotonic()))
    sent.append(i)
    client.loop_stop()
    client.disconnect()


async def _flooded(broker: Broker, moves: int) -> tuple[list[float], int]:
    """One game's round trips while an outsider floods its topics; the messages sent."""
    times: list[float] = []
    (game,) = await _games(broker, 1, times)
    stop, sent = threading.Event(), list[int]()
    flood = threading.Thread(target=_flood, args=(broker.port, game.host.keys.game_id, stop, sent))
    flood.start()
    try:
        await asyncio.sleep(1.0)  # the flood is on before the first move
        for _ in range(moves):
            game.move()
            await asyncio.wait_for(game.done.wait(), 30)
            await asyncio.sleep(FLOOD_PACE_S)
    finally:
        stop.set()
        await asyncio.to_thread(flood.join)
    await game.stop()
    return times, sent[0]


class _DiceGame:
    """A game of Lucky Flix between a host and a guest: every throw from both boards' shares
    (``fair_dice``)."""

    def __init__(self, broker: Broker, keys: HostKeys, welcome: Welcome) -> None:
        self.a, self.b = _Side(), _Side()
        a = self.a
        entry = game_entry(a.config, "lucky", 2, None, None)
        a.order(lambda now: a.ctl.follow_new_game(entry, now))
        doors = (Door(new_code(), False, used=True), Door(new_code(), True))
        self.host = Host(a.ctl, broker, keys, doors, (1,), a.order, lambda: None)
        self.guest = Guest(self.b.ctl, broker, welcome, doors[0].code, (), self.b.order)
        a.ctl.remote, self.b.ctl.remote = self.host, self.guest

    def start(self) -> None:
        self.host.start()
        self.guest.start()

    async def stop(self) -> None:
        await self.host.stop()
        await self.guest.stop()

    def in_step(self) -> bool:
        return self.guest.follower.applied == len(self.host.log) and self.guest.fair is not None

    def act(self) -> bool:
        """The seat to move throws (``True``) or places a Man in an allowed hole."""
        game = self.a.ctl.game
        if game.phase == Phase.AWAIT_ROLL:
            action = Action("roll")
        else:
            holes = [h for h in range(64) if game.allowed >> h & 1]
            at = self.a.ctl.game_time(self.a.backend.clock.now())
            action = Action("place", hole=random.choice(holes), at=at)
        if game.to_move == 0:
            self.a.order(partial(self._here, action))
        else:
            self.b.order(partial(self._relay, action))
        return action.kind == "roll"

    def _here(self, action: Action, now: float) -> None:
        self.a.ctl._act(action, now)

    def _relay(self, action: Action, now: float) -> None:
        self.guest.relays(action, now)

    def next_game(self, now: float) -> None:
        self.a.ctl.follow_new_game(game_entry(self.a.config, "lucky", 2, None, None), now)


async def _throws(broker: Broker, count: int) -> list[float]:
    """Each throw's time, from the roll asked for on the mover's board (the host's seat or the
    guest's, in turn as the game goes) to the other board having applied it, every throw made
    from both boards' shares and checked by the guest."""
    game = _DiceGame(broker, *_keys())
    game.start()
    times: list[float] = []
    deadline = time.monotonic() + 60
    try:
        while len(times) < count:
            while not game.in_step():
                if time.monotonic() > deadline:
                    raise RuntimeError("the guest did not follow the host's Lucky Flix")
                await asyncio.sleep(0.001)
            ctl = game.a.ctl
            if ctl.game.game_over or ctl.game.phase not in (Phase.AWAIT_ROLL, Phase.AWAIT_PLACE):
                game.a.order(game.next_game)
                continue
            await asyncio.sleep(0.005)
            before, started = len(game.host.log), time.perf_counter()
            rolled = game.act()
            while len(game.host.log) == before or not game.in_step():
                await asyncio.sleep(0.0005)
            if rolled:
                times.append(time.perf_counter() - started)
            deadline = time.monotonic() + 60
        assert game.guest.dice_problem is None and game.host.dice_problem is None
    finally:
        await game.stop()
    return times


async def _rolls_at_once(broker: Broker, count: int) -> tuple[list[float], int, float]:
    """A roll of the host's seat made the moment the host has the guest's placement, as its
    computer makes it: each time from the guest's placement sent to the host's roll applied on
    the guest's board (the placement's trip included); how many of those rolls waited for the
    guest's share of the throw; the process's CPU time per throw in ms (both sides, the
    placement's work included: what no load on the machine changes)."""
    game = _DiceGame(broker, *_keys())
    game.start()
    times: list[float] = []
    waited, cpu = 0, 0.0
    host, ctl = game.host, game.a.ctl

    async def until(done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 60
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError("the guest did not follow the host's Lucky Flix")
            await asyncio.sleep(0.0005)

    def logged(past: int, in_step: bool = False) -> Callable[[], bool]:
        """The host's log is longer than ``past`` (and the guest applied it)."""
        return lambda: len(host.log) > past and (not in_step or game.in_step())

    try:
        while len(times) < count:
            await until(game.in_step)
            if ctl.game.game_over or ctl.game.phase not in (Phase.AWAIT_ROLL, Phase.AWAIT_PLACE):
                game.a.order(game.next_game)
                continue
            if ctl.game.to_move == 0 or ctl.game.phase == Phase.AWAIT_ROLL:
                before = len(host.log)
                game.act()  # on to the guest's placement
                await until(logged(before, in_step=True))
                continue
            await asyncio.sleep(0.005)
            started, used, before = time.perf_counter(), time.process_time(), len(host.log)
            game.act()  # the guest's placement, an order to the host
            await until(logged(before))
            if ctl.game.game_over or ctl.game.phase != Phase.AWAIT_ROLL or ctl.game.to_move:
                continue
            before = len(host.log)
            game.act()  # the host's seat rolls at once
            held = False
            while len(host.log) == before or not game.in_step():
                held = held or host._fair_held is not None
                await asyncio.sleep(0.0005)
            times.append(time.perf_counter() - started)
            cpu += time.process_time() - used
            waited += held
        assert game.guest.dice_problem is None and host.dice_problem is None
    finally:
        await game.stop()
    return times, waited, round(1000 * cpu / len(times), 3)


def _throw_work_us() -> float:
    """The work of one throw on both sides, without the link: the host's faces from both
    shares, the guest's check of the proof (both chains, the faces), in microseconds (a chain
    of 4,096 shares is drawn once a game: ``remote_throw_chain_ms``)."""
    host, guest = fair_dice.Chain(secrets.token_bytes(32)), fair_dice.Chain(secrets.token_bytes(32))
    verifier = fair_dice.Verifier(DICE, "0" * 16, 1, fair_dice.Shares(host.root))
    started = time.perf_counter()
    rounds = 200
    for n in range(1, rounds + 1):
        faces = fair_dice.combine(DICE, "0" * 16, 1, n, host.share(n), guest.share(n))
        proof = messages.DiceProof(n, host.share(n).hex(), guest.share(n).hex(), guest.root.hex())
        verifier.check(proof, n, faces)
    return round(1e6 * (time.perf_counter() - started) / rounds, 1)


def _ms(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def measure() -> dict[str, float | str]:
    """``remote_rtt_ms_p50``/``_p99`` (one game) and ``remote_load`` (the load average then);
    per N of ``GAME_COUNTS`` ``remote_games_N_rtt_ms_p50``/``_p99``, ``remote_games_N_lost`` and
    ``remote_games_N_load``; ``remote_games_max_p99_le_250ms`` (the largest N measured within the
    target); the same for the N of ``SPLIT_COUNTS`` in ``PROCESSES`` processes
    (``remote_games_N_in_P_processes_...``, ``remote_games_in_P_processes_max_p99_le_250ms``);
    ``remote_flood_rtt_ms_p50``/``_p99`` and ``remote_flood_messages`` (one game under a
    flood of hostile messages); ``remote_join_exchange_ms`` (the median of 20 whole join
    exchanges); ``remote_throw_ms_p50``/``_p99`` (a game of Lucky Flix, every throw from both
    boards' shares), ``remote_throw_work_us`` and ``remote_throw_chain_ms`` (its work, without
    the link); the same round trips for Pay-Off in digital token mode with openings, every
    placement carrying a token and so its commitment, each board with its journal and token
    book on disk: ``remote_payoff_rtt_ms_p50``/``_p99`` and ``remote_payoff_load`` (one game),
    per N ``remote_payoff_games_N_rtt_ms_p50``/``_p99``, ``_lost`` and ``_load`` (and split),
    ``remote_payoff_games_max_p99_le_250ms`` (and split), ``remote_payoff_moves`` (the
    placements timed) and ``remote_payoff_unsealed`` (those the host's log showed without a
    commitment: 0)."""
    if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
        return {"remote": "mosquitto is missing (bash scripts/setup-system.sh)"}
    figures: dict[str, float | str] = {}
    exchanges = [_join_exchange() for _ in range(20)]
    figures["remote_join_exchange_ms"] = round(1000 * statistics.median(exchanges), 1)
    figures["remote_throw_work_us"] = _throw_work_us()
    started = time.perf_counter()
    fair_dice.Chain(secrets.token_bytes(32))
    figures["remote_throw_chain_ms"] = round(1000 * (time.perf_counter() - started), 2)
    with tempfile.TemporaryDirectory() as folder:
        process, port = _mosquitto(Path(folder))
        broker = Broker("127.0.0.1", port, False)
        try:
            single = asyncio.run(_single(broker, scaled(SINGLE_MOVES)))
            figures["remote_rtt_ms_p50"] = round(1000 * statistics.median(single), 2)
            figures["remote_rtt_ms_p99"] = _ms(single, 0.99)
            figures["remote_load"] = _load()
            throws = asyncio.run(_throws(broker, scaled(THROWS)))
            figures["remote_throw_ms_p50"] = _ms(throws, 0.5)
            figures["remote_throw_ms_p99"] = _ms(throws, 0.99)
            at_once, waited, cpu_ms = asyncio.run(_rolls_at_once(broker, scaled(THROWS)))
            figures["remote_roll_at_once_ms_p50"] = _ms(at_once, 0.5)
            figures["remote_roll_at_once_ms_p99"] = _ms(at_once, 0.99)
            figures["remote_roll_at_once_waited"] = waited
            figures["remote_throw_cpu_ms"] = cpu_ms
            flooded, sent = asyncio.run(_flooded(broker, scaled(FLOOD_MOVES)))
            figures["remote_flood_rtt_ms_p50"] = _ms(flooded, 0.5)
            figures["remote_flood_rtt_ms_p99"] = _ms(flooded, 0.99)
            figures["remote_flood_messages"] = sent
            figures.update(_curve(broker, "remote_games")[0])
            payoff = Path(folder) / "payoff"
            payoff.mkdir()
            figures.update(_payoff(broker, payoff))
        finally:
            process.terminate()
            process.wait()
    return figures
