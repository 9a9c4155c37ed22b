"""A stranger on the broker Home Assistant shares with remote play (open to all), against a
board that asks for Home Assistant's buttons without a login: their presses (plain, retained,
flooded, on every command topic, 20 tries each) leave the game in progress unchanged, and what
they write over the board's retained state, availability and configs is restored."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import pytest
from broker_support import Mosquitto
from homeassistant_support import DiscoveryClient
from web_support import Service, start_service, stop_service

from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

NODE = "board_a"
CONFIG = (
    "[board]\nsettle_ms = 20\n"
    "[homeassistant]\ndiscovery = true\nbuttons = true\n"
    f'node_id = "{NODE}"\nstate_every_s = 0.1\n'
)
COMMANDS = (f"flixboard/{NODE}/roll/press", f"flixboard/{NODE}/new_game/press")
STATE = f"flixboard/{NODE}/state"
AVAILABILITY = f"flixboard/{NODE}/availability"
GAME_CONFIG = f"homeassistant/sensor/{NODE}/game/config"
TRIES = 20
FLOOD = 25
LOGGED = "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
"""mosquitto's usual log, and below each subscription (``log_type subscribe``)."""


def journal_rows(service: Service) -> int:
    path = service.log.parent / "data" / "journal.sqlite3"
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as journal:
        return int(journal.execute("SELECT count(*) FROM journal").fetchone()[0])


def game_of(service: Service) -> tuple[object, ...]:
    state = service.state()
    return state["board"], state["actions"], state["events"], state["phase"], state["throw"]


def restored(ha: DiscoveryClient, topic: str, spoof: bytes, own: bytes, since: int) -> bool:
    """Whether ``ha`` saw, after its ``since``-th message, ``spoof`` and then ``own`` on
    ``topic``."""
    on_topic = [payload for seen, payload in ha.everything()[since:] if seen == topic]
    return spoof in on_topic and own in on_topic[on_topic.index(spoof) + 1 :]


def wait_restored(ha: DiscoveryClient, topic: str, spoof: bytes, own: bytes, since: int) -> None:
    wait_until(lambda: restored(ha, topic, spoof, own, since), f"{topic} restored")


def wait_retained(client: DiscoveryClient, topic: str, payload: bytes) -> None:
    wait_until(lambda: client.get(topic) == payload, f"{topic} retained")


def test_a_stranger_neither_presses_nor_changes_what_the_board_shows(tmp_path: Path) -> None:
    (tmp_path / "broker").mkdir()
    broker = Mosquitto(tmp_path / "broker", settings=f"{LOGGED}log_type subscribe\n")
    broker.start()
    (tmp_path / "board").mkdir()
    service = start_service(
        tmp_path / "board", config=f'{CONFIG}[remote]\nbroker = "{broker.url}"\n'
    )
    ha = DiscoveryClient(broker.port)
    stranger = DiscoveryClient(broker.port, topics=())
    try:
        # a game in progress: seed 7's first throw lights holes, Red places a Man
        lucky = {"variant": "lucky", "players": 2, "seed": 7}
        assert service.post("/api/new_game", lucky).status_code == 200
        assert service.post("/api/roll").status_code == 200
        hole = service.state()["allowed"][0]
        assert service.post("/api/sim/place", {"hole": hole}).status_code == 200
        wait_until(lambda: service.state()["phase"] == "await_roll", "the Man placed")
        wait_until(lambda: b'"last_move":"' + hole.encode() in (ha.get(STATE) or b""), "shown")
        wait_until(lambda: ha.get(AVAILABILITY) == b"online", "online")
        before, rows = game_of(service), journal_rows(service)
        assert rows > 0

        changed = 0
        for _ in range(TRIES):
            for topic in COMMANDS:
                stranger.press(topic)
                stranger.press(topic, retain=True)
                stranger.flood(topic, "PRESS", FLOOD)
            changed += game_of(service) != before
        assert changed == 0

        took = {}
        own = {topic: ha.get(topic) or b"" for topic in (STATE, AVAILABILITY, GAME_CONFIG)}
        spoofs = (
            (STATE, b'{"game":"HACKED"}'),
            (AVAILABILITY, b"offline"),
            (GAME_CONFIG, b'{"name":"HACKED"}'),
            (STATE, b""),  # the retained state cleared
        )
        for topic, spoof in spoofs:
            since = len(ha.everything())
            began = time.monotonic()
            stranger.press(topic, spoof.decode(), retain=True)
            wait_restored(ha, topic, spoof, own[topic], since)
            took[f"{topic} {spoof[:8]!r}"] = time.monotonic() - began

        # one who keeps overwriting: the board answers at most once a second
        since = len(ha.everything())
        began = time.monotonic()
        stranger.flood(STATE, '{"game":"HACKED"}', 500, retain=True)
        wait_restored(ha, STATE, b'{"game":"HACKED"}', own[STATE], since)
        flooded = time.monotonic() - began
        answers = [p for t, p in ha.everything()[since:] if t == STATE and p == own[STATE]]
        assert len(answers) <= 2 + flooded  # not one per message

        fresh = DiscoveryClient(broker.port)  # what Home Assistant reads when it starts
        try:
            for topic, payload in own.items():
                wait_retained(fresh, topic, payload)
        finally:
            fresh.close()
        print(f"\nrestored in {', '.join(f'{k}: {v:.2f} s' for k, v in took.items())};")
        print(f"a flood of 500 restored after {flooded:.2f} s with {len(answers)} answers")

        assert game_of(service) == before and journal_rows(service) == rows
        output = service.output()
        assert "buttons = true is ignored: the broker takes no login" in output
        assert not re.search(r"Home Assistant: (roll|new_game|ignored|dropped)", output)
        subscribed = (tmp_path / "broker" / "mosquitto.log").read_text(errors="replace")
        assert f" 1 {STATE}" in subscribed and "/press" not in subscribed
    finally:
        stop_service(service)
        ha.close()
        stranger.close()
        broker.kill()
