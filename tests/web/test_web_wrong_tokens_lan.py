"""2,000 wrong tokens from one machine of the network (a client in a network namespace of the
test's own, against a real ``flixboard run`` bound to the board's side of it): refused with 429
and ``Retry-After`` after at most ``WRONG_TOKENS``, the right token too from that machine, while
another machine of the network gets in with the right one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from controller.server.limits import WRONG_TOKEN_EVERY_S, WRONG_TOKENS
from tests.live_service import START_TIMEOUT_S, run_command
from tests.netns_support import BOARD, CLIENT, OTHER, lan

TOKEN = "lan-board-token-0123456789"
PORT = 8640
GUESSES = 2000

CLIENT_SCRIPT = f"""
import json, sys, time
import httpx

url = "http://{BOARD}:{PORT}/api/settings"
def client(address):
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)
guesser, other = client("{CLIENT}"), client("{OTHER}")
deadline = time.monotonic() + {START_TIMEOUT_S}
while True:
    try:
        other.get("http://{BOARD}:{PORT}/api/state")
        break
    except httpx.TransportError:
        if time.monotonic() > deadline:
            raise
        time.sleep(0.05)
start = time.monotonic()
statuses, waits = [], set()
for _ in range({GUESSES}):
    answer = guesser.get(url, headers={{"Authorization": "Bearer wrong-{{_:04d}}".format(_=_)}})
    statuses.append(answer.status_code)
    if answer.status_code == 429:
        waits.add(answer.headers["retry-after"])
elapsed = time.monotonic() - start
right = {{"Authorization": "Bearer {TOKEN}"}}
json.dump({{
    "statuses": statuses,
    "waits": sorted(waits),
    "elapsed": elapsed,
    "guesser_right": guesser.get(url, headers=right).status_code,
    "other_right": other.get(url, headers=right).status_code,
}}, sys.stdout)
"""


@pytest.mark.live
@pytest.mark.timeout(300)
def test_two_thousand_wrong_tokens_from_the_network_get_429_after_at_most_20(
    tmp_path: Path,
) -> None:
    command = run_command(
        "sim",
        BOARD,
        PORT,
        tmp_path / "data",
        ["--set", f"http.token={TOKEN}", "--sim-state", str(tmp_path / "board.json")],
    )
    log = tmp_path / "service.log"
    with lan() as net, log.open("wb") as out:
        service = subprocess.Popen(net.on_board(command), stdout=out, stderr=subprocess.STDOUT)
        try:
            guessed = subprocess.run(
                net.on_lan([sys.executable, "-c", CLIENT_SCRIPT]),
                capture_output=True,
                text=True,
                timeout=240,
            )
        finally:
            service.terminate()
            service.wait(timeout=30)
    assert guessed.returncode == 0, guessed.stderr + log.read_text(encoding="utf-8")
    seen = json.loads(guessed.stdout)
    statuses = seen["statuses"]
    assert statuses[:WRONG_TOKENS] == [401] * WRONG_TOKENS
    assert statuses[WRONG_TOKENS] == 429
    # past the first ones, one more try every WRONG_TOKEN_EVERY_S seconds at most
    let_through = statuses.count(401) - WRONG_TOKENS
    assert let_through <= 1 + seen["elapsed"] / WRONG_TOKEN_EVERY_S
    assert set(statuses) == {401, 429}
    assert all(1 <= int(wait) <= WRONG_TOKEN_EVERY_S for wait in seen["waits"])
    assert seen["guesser_right"] == 429  # refused before any comparison
    assert seen["other_right"] == 200
