"""A holder of the join code answers the guest's orders in place of the host (the host's board
is gone; the holder seals with the keys a board that joined holds), through a real mosquitto:
refusals whose ``said`` nests too deep, is too large, or is no plain message (attribute and
index access through the placeholders, a format spec that pads to 100 MB, a placeholder without
its value, an id of no catalog with markup in its value). Each refusal reaches the guest with
its plain reason, a hostile ``said`` is left out, nothing fails in the guest's handler, the link
stays up, the guest's game is unchanged and its page, in Chromium, shows markup as text
(docs/THREATS.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from hostile_support import Outsider, as_host, dropped, joined_keys, link, seal_any, topic
from playwright.sync_api import Page, expect
from remote_support import FAST, Side, game_of, in_step

from controller.i18n import Said, language
from controller.remote import messages
from controller.remote.sealing import Opener
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

HOSTILE: list[dict[str, Any]] = [
    {"id": "{a.__class__.__mro__}", "args": {"a": "x"}},
    {"id": "{a.__init__.__globals__}", "args": {"a": "x"}},
    {"id": "{a[0]}{0}", "args": {"a": "x"}},
    {"id": "{a:>99999999}", "args": {"a": "x"}},
    {"id": "the {place} is not lit", "args": {"other": "x"}},
    {"id": "{v}", "args": {"v": {"id": "{v}", "args": {"v": {"id": "{0}", "args": {"v": "x"}}}}}},
]
PLAIN: list[dict[str, Any]] = [
    {"id": "physical dice: the order names the faces thrown"},
    {"id": "no catalog has {this}", "args": {"this": "<img src=x onerror=alert(1)>"}},
]


def nested(depth: int) -> dict[str, Any]:
    said: dict[str, Any] = {"id": "hole"}
    for _ in range(depth):
        said = {"id": "{v}", "args": {"v": said}}
    return said


def refused(nonce: str, reason: str, said: dict[str, Any]) -> dict[str, Any]:
    return {"type": "refused", "nonce": nonce, "reason": reason, "said": said}


def test_a_code_holder_s_refusals_change_nothing_and_say_only_plain_words(
    tmp_path: Path, mosquitto: Mosquitto, open_page: Callable[..., Page]
) -> None:
    physical = FAST.replace("[game]\n", '[game]\ndice = "physical"\n')
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], config=physical).start()
    guest = Side(tmp_path / "guest", ["--remote", mosquitto.url]).start()
    holder = Outsider(mosquitto.port)
    try:
        host.post("/api/new_game", {"variant": "lucky", "players": 2})
        opened = host.post("/api/remote/host", {})
        guest.post("/api/remote/join", {"code": opened["code"]})
        wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
        host.post("/api/roll", {"faces": "red/I/spades"})
        hole = host.state()["allowed"][0]
        host.up.post("/api/sim/place", {"hole": hole})
        wait_until(
            lambda: in_step(host, guest) and guest.state()["to_move"] == 1, "the guest's turn"
        )
        guest.up.post("/api/sim/place", {"hole": hole})
        wait_until(lambda: not guest.state()["mismatch"]["missing"], "the guest's board matches")
        game_id = opened["game_id"]
        orders, answers = topic(game_id, messages.ORDERS), topic(game_id, messages.REFUSED)
        holder.listen(orders)
        host.kill()  # only the holder answers the guest's orders now
        keys = joined_keys(guest)
        opener, sealer = Opener(keys.guest_key), as_host(keys)
        before = game_of(guest.state())

        def order() -> str:
            """The guest's next order (a throw), read as the host would read it."""
            sent = len(holder.recorded(messages.ORDERS))
            assert guest.up.post("/api/roll", {}).status_code == 200
            wait_until(lambda: len(holder.recorded(messages.ORDERS)) > sent, "the guest's order")
            text = opener.open(orders, holder.recorded(messages.ORDERS)[-1][1]).text
            return messages.expect(messages.decode(text), messages.Order).nonce

        def answered(reason: str) -> dict[str, Any]:
            def found() -> list[dict[str, Any]]:
                wanted = ("remote_refused", reason)
                events = guest.state()["events"]
                return [e for e in events if (e["type"], e.get("reason")) == wanted]

            wait_until(lambda: bool(found()), f"the guest reads the refusal {reason!r}")
            return found()[-1]

        nonce = order()
        lost = dropped(guest)
        for said in (nested(30), {"id": "x", "args": {"a": "y" * 100_000}}):  # too deep, too large
            holder.publish(answers, seal_any(sealer, answers, refused(nonce, "lost", said)))
        wait_until(lambda: dropped(guest) >= lost + 2, "both are dropped where they arrive")
        for n, said in enumerate(HOSTILE):
            reason = f"hostile {n}"
            holder.publish(answers, seal_any(sealer, answers, refused(nonce, reason, said)))
            assert "said" not in answered(reason), said
            nonce = order()
        for n, said in enumerate(PLAIN):
            reason = f"plain {n}"
            holder.publish(answers, seal_any(sealer, answers, refused(nonce, reason, said)))
            kept = answered(reason)["said"]
            assert Said.from_json(kept) == Said.from_json(said)
            nonce = order()
        german = Said.from_json(answered("plain 0")["said"]).in_language(language("de"))
        assert german == "echte Würfel: der Zug nennt die geworfenen Würfelseiten"
        assert answered("plain 1")["said"]["args"]["this"] == "<img src=x onerror=alert(1)>"
        shown = link(guest)
        assert shown["state"] == "connected" and shown["restarts"] == 0
        assert shown["dropped"]["failed"] == 0, "no refusal failed in the guest's handler"
        assert game_of(guest.state()) == before
        page = open_page(guest.up)  # the guest's page says the refusals as text, never markup
        refusals = page.locator("#log li[data-type=remote_refused]")
        expect(refusals.last).to_contain_text("no catalog has <img src=x onerror=alert(1)>")
        expect(refusals.first).to_contain_text("hostile 0")
        assert page.locator("#log img").count() == 0
    finally:
        holder.close()
        host.stop()
        guest.stop()
