"""Logins to a locked mosquitto: the plain listener asks for a user name and password (a
``password_file``), the TLS listener for a client certificate its CA signed
(``require_certificate``). The right login plays; a wrong password or a missing certificate is
refused, and the link says why."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from broker_support import PASSWORD, USERNAME, Mosquitto, find_mosquitto
from remote_support import Side, in_step
from test_web_remote_integrity import place, settle

from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Mosquitto]:
    if find_mosquitto() is None:
        pytest.fail("mosquitto is missing: install it with bash scripts/setup-system.sh")
    folder = tmp_path / "locked"
    folder.mkdir()
    broker = Mosquitto(folder, locked=True)
    broker.start()
    yield broker
    broker.kill()


def login(user: str, password: str) -> list[str]:
    return ["--set", f'remote.username="{user}"', "--set", f'remote.password="{password}"']


def refused_because(side: Side, why: str) -> bool:
    link = side.state()["remote"]["link"]
    return bool(link["state"] == "reconnecting" and why in str(link["error"]).lower())


def test_a_password_logs_in_and_a_wrong_one_is_refused(tmp_path: Path, locked: Mosquitto) -> None:
    host = Side(tmp_path / "host", ["--remote", locked.url, *login(USERNAME, PASSWORD)]).start()
    guest = Side(tmp_path / "guest", ["--remote", locked.url, *login(USERNAME, PASSWORD)]).start()
    stranger = Side(tmp_path / "stranger", ["--remote", locked.url, *login(USERNAME, "guess")])
    nobody = Side(tmp_path / "nobody", ["--remote", locked.url])
    stranger.start()
    nobody.start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        code = host.post("/api/remote/host", {})["code"]
        guest.post("/api/remote/join", {"code": code})
        wait_until(lambda: in_step(host, guest), "the guest with the password follows the host")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        for side in (stranger, nobody):
            side.post("/api/remote/join", {"code": code})
            wait_until(partial(refused_because, side, "not authorized"), "no login, no link")
            assert side.state()["board"] == {}, "a refused side never sees the game"
    finally:
        for side in (host, guest, stranger, nobody):
            side.stop()


def test_a_client_certificate_logs_in_and_none_is_refused(
    tmp_path: Path, locked: Mosquitto
) -> None:
    ca = ["--set", f'remote.ca_file="{locked.ca}"']
    certificate = [
        "--set",
        f'remote.cert_file="{locked.files["client"]}"',
        "--set",
        f'remote.key_file="{locked.files["client_key"]}"',
    ]
    host = Side(tmp_path / "host", ["--remote", locked.tls_url, *ca, *certificate]).start()
    guest = Side(tmp_path / "guest", ["--remote", locked.tls_url, *ca, *certificate]).start()
    stranger = Side(tmp_path / "stranger", ["--remote", locked.tls_url, *ca]).start()
    try:
        host.post("/api/new_game", {"variant": "qubic", "players": 2})
        code = host.post("/api/remote/host", {})["code"]
        guest.post("/api/remote/join", {"code": code})
        wait_until(lambda: in_step(host, guest), "the guest with a certificate follows the host")
        place(host, "R-I-S")
        settle(host, guest, "R-I-S")
        assert host.state()["remote"]["link"]["state"] == "connected"
        stranger.post("/api/remote/join", {"code": code})
        wait_until(lambda: refused_because(stranger, "certificate"), "no certificate, no link")
        assert stranger.state()["board"] == {}, "a refused side never sees the game"
    finally:
        for side in (host, guest, stranger):
            side.stop()
