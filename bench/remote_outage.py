"""A long broker outage in the middle of many remote games (docs/REMOTE.md, Faults).

``python -m bench.remote_outage [--games 20] [--outage-s 600]``: one local mosquitto and
``--games`` games, each a host and a guest simulated in this process as in ``bench_remote``
(a real ``BoardController`` on a simulated board a side, its own MQTT connection, every message
sealed). Each game plays ``MOVES`` moves; the broker is killed (SIGKILL, as in a crash) and,
while it is gone, every game makes one more move (the host's placement waits in its outbox, a
guest's order in the guest's); after ``--outage-s`` the broker starts again on the same port.
Then every game plays ``MOVES`` more moves. Reported: the games whose outage move arrived (none
lost), the games where the guest's journal holds the host's log entry by entry (no move lost, no
phantom), the games still going (no forfeit: nobody resigned, no game ended by the outage),
each side's link history (one broker drop, its length), and how long after the broker came
back the last game was in step again. Not part of the suite: it takes the outage's length.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import msgspec

from bench.bench_remote import _free_port, _Game, _keys
from controller.remote.link import Broker
from controller.remote.resync import host_log

MOVES = 6
"""Moves each game plays before the outage and after it."""
MOVE_LIMIT_S = 60.0
BACK_LIMIT_S = 120.0
"""How long after the broker came back every outage move must have arrived."""


def _broker(folder: Path, port: int) -> subprocess.Popen[bytes]:
    binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    config = folder / "mosquitto.conf"
    config.write_text(
        f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
        "max_connections -1\nmax_queued_messages 10000\nset_tcp_nodelay true\n",
        encoding="utf-8",
    )
    return subprocess.Popen([binary, "-c", str(config)], stderr=subprocess.DEVNULL)


def _same_log(game: _Game) -> bool:
    """The guest's journal holds the host's log, entry by entry."""
    _, hosted = host_log(game.a.journal.current_game())
    applied = [
        {"kind": "action", "data": dict(entry.data)} if entry.kind == "action" else {"kind": "undo"}
        for entry in game.b.journal.current_game()
        if entry.kind in ("action", "undo")
    ]
    return applied == [msgspec.to_builtins(entry) for entry in hosted]


async def _moves(games: list[_Game], count: int) -> int:
    """Each game plays ``count`` moves, all games at once; the moves that did not arrive."""
    lost = 0

    async def play(game: _Game) -> None:
        nonlocal lost
        for _ in range(count):
            game.move()
            try:
                await asyncio.wait_for(game.done.wait(), MOVE_LIMIT_S)
            except TimeoutError:
                lost += 1

    await asyncio.gather(*(play(game) for game in games))
    return lost


async def run(count: int, outage_s: float) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as name:
        folder, port = Path(name), _free_port()
        process = _broker(folder, port)
        broker = Broker("127.0.0.1", port, False)
        times: list[float] = []
        try:
            games = [_Game(broker, *_keys(), times) for _ in range(count)]
            for game in games:
                game.start()
            while not all(game.ready() for game in games):
                await asyncio.sleep(0.1)
            lost_before = await _moves(games, MOVES)
            process.send_signal(signal.SIGKILL)
            process.wait()
            for game in games:  # one move each while the broker is gone
                game.move()
            await asyncio.sleep(outage_s)
            process = _broker(folder, port)
            back = time.monotonic()
            arrived = await asyncio.gather(
                *(asyncio.wait_for(game.done.wait(), BACK_LIMIT_S) for game in games),
                return_exceptions=True,
            )
            in_step_s = time.monotonic() - back
            lost_outage = sum(1 for result in arrived if isinstance(result, BaseException))
            lost_after = await _moves(games, MOVES)
            await asyncio.sleep(1.0)  # the last entries settle
            histories = [side.link.history.shown() for g in games for side in (g.host, g.guest)]
            drops = [d.lasted_s for h in histories for d in h.drops if d.side == "broker"]
            figures: dict[str, object] = {
                "games": count,
                "outage_s": outage_s,
                "moves_lost_before": lost_before,
                "outage_moves_lost": lost_outage,
                "moves_lost_after": lost_after,
                "games_same_log": sum(_same_log(game) for game in games),
                "games_going_or_ended_by_rules": sum(
                    not g.guest.problem and g.guest.link.state == "connected" for g in games
                ),
                "resignations": sum(
                    entry.data.get("kind") == "resign"
                    for g in games
                    for entry in g.a.journal.current_game()
                    if entry.kind == "action"
                ),
                "broker_drops_per_side": sorted({h.drop_count for h in histories}),
                "broker_drop_s_min_max": [min(drops), max(drops)] if drops else [],
                "back_in_step_s": round(in_step_s, 1),
                "rtt_p95_ms_max": max(h.rtt_p95_ms or 0.0 for h in histories),
            }
            await asyncio.gather(*(game.stop() for game in games))
            return figures
        finally:
            process.terminate()
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--outage-s", type=float, default=600.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.games, args.outage_s)), indent=1))


if __name__ == "__main__":
    main()
