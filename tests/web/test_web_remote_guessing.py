"""A stranger on the broker against the join doors, through a real mosquitto (docs/REMOTE.md
"Joining", docs/THREATS.md "Joining a remote game"): asking every nameplate finds no door;
guessing slows joining while it lasts and moves the codes, never closes joining, and the host's
page says so; once the guessing stops, the board with the code the host shows then joins; a
flood of requests after the guest joined gets a few answers.

The guessing lasts ``FLIXBOARD_GUESSING_S`` seconds (6 by default; the figure in docs/REMOTE.md
is of 90 s: ``FLIXBOARD_GUESSING_S=90 .venv/bin/pytest -s -p no:randomly -n 0
tests/web/test_web_remote_guessing.py``, which prints how long the guest took)."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Page, expect
from remote_support import Side, in_step
from rogue_support import Rogue

from controller.remote import pake
from controller.remote.codes import ALPHABET
from controller.remote.pake import ANSWER, BURST, REFUSED, TRY_EVERY_S, Joiner
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

GUESSING_S = float(os.environ.get("FLIXBOARD_GUESSING_S", "6"))
ALL_PLATES = [a + b for a in ALPHABET for b in ALPHABET]
JOIN = f"{pake.ROOT}/#"
FLOOD_S = 5.0
HANG_S = 120.0
"""A hang guard only."""


def remote(side: Side) -> dict[str, Any]:
    shown: dict[str, Any] = side.state()["remote"]
    return shown


def other_letters(than: str) -> str:
    """Letters drawn at random, not ``than``."""
    while True:
        letters = "".join(secrets.choice(ALPHABET) for _ in range(len(than)))
        if letters != than:
            return letters


def sprayed(code: str) -> tuple[str, bytes]:
    """A join request with ``code``'s gate proof and a random SPAKE2 message: a stranger's
    spray (the host reads the proof before the message; a real one costs 10 ms to make)."""
    attempt, message = secrets.token_bytes(pake.ATTEMPT), secrets.token_bytes(pake.SPAKE_MESSAGE)
    proof = pake.gate_proof(code, attempt, message)
    return pake.request_topic(pake.nameplate(code)), attempt + message + proof


def answers(rogue: Rogue, since: int = 0) -> list[tuple[str, int]]:
    """The host's answers (topic, kind) among what the stranger saw from ``since`` on."""
    with rogue.lock:
        seen = rogue.seen[since:]
    return [
        (s.topic, s.payload[0])
        for s in seen
        if s.topic.count("/") == 4 and s.payload[:1] in (bytes([ANSWER]), bytes([REFUSED]))
    ]


class Guesser:
    """The stranger at its worst: it knows where each door is and its gate (as if it had found
    them), and sends wrong codes as fast as the doors answer, and wrong gates besides."""

    def __init__(self, rogue: Rogue) -> None:
        self.rogue = rogue
        self.joiners: dict[str, Joiner] = {}
        self.read = 0

    def guess(self, code: str) -> None:
        joiner = Joiner(code[:4] + other_letters(code[4:]))  # past the gate, a wrong code
        self.joiners[joiner.topic] = joiner
        self.rogue.publish(*joiner.request())
        self.rogue.publish(*sprayed(code[:2] + other_letters(code[2:4]) + code[4:]))

    def confirm(self) -> None:
        """A wrong confirmation to every door that answered."""
        with self.rogue.lock:
            seen = self.rogue.seen[self.read :]
            self.read += len(seen)
        for arrived in seen:
            joiner = self.joiners.get(arrived.topic)
            if joiner is not None and arrived.payload[:1] == bytes([ANSWER]):
                step, value = joiner.take(arrived.payload)
                if step == "confirm" and isinstance(value, bytes):
                    self.rogue.publish(joiner.topic, value)


def test_a_stranger_finds_no_door_and_guessing_never_keeps_the_guest_out(
    tmp_path: Path, mosquitto: Mosquitto, open_page: Callable[..., Page]
) -> None:
    host = Side(tmp_path / "host", ["--remote", mosquitto.url]).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    rogue = Rogue(mosquitto.port, subscribe=(JOIN,))
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        codes = host.post("/api/remote/host", {})
        wait_until(
            lambda: remote(host)["link"]["state"] == "connected", "the host is on the broker"
        )

        # one request on every nameplate (the host's two with a wrong gate): no answer
        doors = {code[:2]: code for code in (codes["code"], codes["spectator_code"])}
        for plate in ALL_PLATES:
            gate = doors[plate][2:4] if plate in doors else ""
            code = plate + other_letters(gate or "AA") + "AAAA"
            rogue.client.publish(*sprayed(code), qos=1)  # not waited for
        wait_until(lambda: remote(host)["join"]["guessed"] == 2, "the host read both requests")
        assert answers(rogue) == []
        assert remote(host)["code"] == codes["code"]  # one wrong gate does not move the door
        page = open_page(host.up)
        expect(page.locator("#remote-problem")).to_contain_text(
            "someone is guessing this game's codes (2 wrong tries)"
        )
        assert answers(rogue) == []  # nor later

        # the stranger guesses on both doors for GUESSING_S, and at least until the join code
        # moved (a loaded machine reads fewer guesses in a given time)
        guesser = Guesser(rogue)
        started = time.monotonic()
        shown = remote(host)
        while time.monotonic() - started < GUESSING_S or shown["join"]["codes"] < 2:
            assert time.monotonic() - started < GUESSING_S + HANG_S, "the code never moved"
            guesser.guess(shown["code"])
            guesser.guess(shown["spectator_code"])
            guesser.confirm()
            time.sleep(0.2)
            shown = remote(host)
        stopped = time.monotonic()
        assert shown["code"] != codes["code"] and shown["join"]["guessed"] > 2
        expect(page.locator("#remote-problem")).to_contain_text("someone is guessing")

        # the guessing stopped: the guest joins with the code the host shows now
        guest.post("/api/remote/join", {"code": remote(host)["code"]})
        wait_until(lambda: in_step(host, guest), "the guest joins once the guessing stopped")
        joined_s = time.monotonic() - stopped
        tries = remote(host)["join"]
        print(
            f"\nafter {GUESSING_S:.0f} s of guessing ({tries['guessed']} wrong tries read, "
            f"{tries['codes']} join codes): the guest joined {joined_s:.1f} s after it stopped"
        )

        # a flood of requests with the used code and with wrong gates, for FLOOD_S and until
        # the door answered (its tries may be spent when the flood begins): a few answers
        used = remote(host)["code"]
        before = len(rogue.seen)
        flood_started = time.monotonic()
        while time.monotonic() - flood_started < FLOOD_S or not answers(rogue, before):
            assert time.monotonic() - flood_started < HANG_S, "the used code was never refused"
            for n in range(50):
                code = used if n % 2 else used[:2] + other_letters(used[2:4]) + used[4:]
                rogue.client.publish(*sprayed(code), qos=1)  # not waited for
            time.sleep(0.25)
        flooded = answers(rogue, before)
        window_s = time.monotonic() - flood_started
        assert len(flooded) <= BURST + window_s / TRY_EVERY_S + 1, (len(flooded), window_s)
        assert all(kind == REFUSED for _, kind in flooded)
        assert remote(guest)["role"] == "guest" and remote(host)["joined"] is True
    finally:
        rogue.close()
        host.stop()
        guest.stop()
