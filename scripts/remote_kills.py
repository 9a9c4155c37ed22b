"""Either service of a remote game killed with SIGKILL in the middle of a throw, many times
(docs/REMOTE.md, Faults): a measurement, not part of the suite.

``.venv/bin/python scripts/remote_kills.py [--kills 20]``: a real mosquitto and two
``flixboard run --board sim --remote ...`` services (the suite's helpers, ``tests/web``) play
Lucky Flix, the computer at a seat of each board and the people's hands copying each move. Each
time a throw has just been made (the host's state: the dice thrown, the Man not yet placed,
so its log entry, or the guest's order that asked for it, is on its way), the host's and the
guest's services are killed in turn (SIGKILL) and started again on their data. Each game is
played to its end; then the guest's journal is compared with the host's log entry by entry
(a missing entry is a lost move, one more a phantom) and a new game is opened on the host, until
``--kills`` kills are made and the game of the last one has ended. Prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "web")]

from broker_support import Mosquitto  # noqa: E402
from remote_support import Side, both_over, game_of, open_game, play  # noqa: E402
from test_web_remote_faults import logs  # noqa: E402
from test_web_remote_link_history import mid_throw  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--kills", type=int, default=20)
    args = parser.parse_args()
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "broker").mkdir()
        broker = Mosquitto(folder / "broker")
        broker.start()
        host = Side(folder / "host", ["--remote", broker.url]).start()
        guest = Side(folder / "guest", ["--remote", broker.url, "--computer", "2:1"]).start()
        kills = {"host": 0, "guest": 0}
        games: list[dict[str, Any]] = []

        def kill(step: int) -> None:
            if sum(kills.values()) >= args.kills or not mid_throw(host.state()):
                return
            which = "host" if sum(kills.values()) % 2 == 0 else "guest"
            side = host if which == "host" else guest
            side.kill()
            side.start()
            kills[which] += 1

        try:
            open_game(host, guest, "lucky")
            while True:
                ours, theirs = play(host, guest, until=both_over, between=kill)
                hosted, applied = logs(host, guest)
                games.append(
                    {
                        "entries": len(hosted),
                        "lost": max(0, len(hosted) - len(applied)),
                        "phantom": max(0, len(applied) - len(hosted)),
                        "same": applied == hosted and game_of(ours) == game_of(theirs),
                        "resigned": sum(
                            1 for e in hosted if e.get("data", {}).get("kind") == "resign"
                        ),
                    }
                )
                if sum(kills.values()) >= args.kills:
                    break
                host.post(
                    "/api/new_game",
                    {"variant": "lucky", "players": 2, "seats": [{"kind": "computer", "level": 1}]},
                )
        finally:
            host.stop()
            guest.stop()
            broker.kill()
    figures = {
        "kills_host": kills["host"],
        "kills_guest": kills["guest"],
        "games": len(games),
        "entries": sum(g["entries"] for g in games),
        "lost": sum(g["lost"] for g in games),
        "phantom": sum(g["phantom"] for g in games),
        "games_identical": sum(g["same"] for g in games),
        "resignations": sum(g["resigned"] for g in games),
        "wall_s": round(time.monotonic() - began, 1),
    }
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
