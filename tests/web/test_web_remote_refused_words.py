"""A refused order of the other board says its reason in each page's language: through a real
mosquitto, the host refuses the guest's throw (the host plays with physical dice, and the
order names no faces) and the guest's event carries the reason as a message, which a German
page says in German (docs/REMOTE.md, docs/languages.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from broker_support import Mosquitto
from remote_support import FAST, Side, in_step

from controller.i18n import Said, language
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]


def test_the_hosts_refusal_of_an_order_reaches_the_guest_as_a_message(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    physical = FAST.replace("[game]\n", '[game]\ndice = "physical"\n')
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], config=physical).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    try:
        host.post("/api/new_game", {"variant": "lucky", "players": 2})
        guest.post("/api/remote/join", {"code": host.post("/api/remote/host", {})["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        host.post("/api/roll", {"faces": "red/I/spades"})
        hole = host.state()["allowed"][0]
        host.up.post("/api/sim/place", {"hole": hole})
        wait_until(lambda: host.state()["to_move"] == 1, "the host's Man is placed")
        wait_until(lambda: in_step(host, guest), "the guest sees the host's Man")
        guest.up.post("/api/sim/place", {"hole": hole})  # its person puts the Man there too
        wait_until(lambda: not guest.state()["mismatch"]["missing"], "the guest's board matches")

        assert guest.up.post("/api/roll", {}).status_code == 200  # sent to the host

        def refusals() -> list[dict[str, object]]:
            events = guest.state()["events"]
            return [event for event in events if event["type"] == "remote_refused"]

        wait_until(lambda: bool(refusals()), "the host's refusal reaches the guest")
        refused = refusals()[-1]
        assert refused["reason"] == "physical dice: the order names the faces thrown"
        said = refused["said"]
        assert isinstance(said, dict)
        assert Said.from_json(said).in_language(language("de")) == (
            "echte Würfel: der Zug nennt die geworfenen Würfelseiten"
        )
    finally:
        host.stop()
        guest.stop()
