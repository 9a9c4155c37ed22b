"""Wrong tokens are limited per client before any comparison: past ``WRONG_TOKENS`` wrong ones a
client gets 429 with ``Retry-After`` whatever it sends, the right token too, while another client
with the right token is let in; a body whose strings are no Unicode text (a lone surrogate) is a
400 on every route that reads one (the real app in process, clients "from the network" by their
address)."""

from __future__ import annotations

import json

import httpx
import pytest

from controller.server.limits import WRONG_TOKEN_EVERY_S, WRONG_TOKENS
from tests.api_harness import BASE_URL, TOKEN, Harness
from tests.api_schema import ASYNC_HOOKS

WRONG = {"Authorization": "Bearer not-the-token-0123456789"}
RIGHT = {"Authorization": f"Bearer {TOKEN}"}


def client_at(h: Harness, address: str) -> httpx.AsyncClient:
    """A client of the app that the service sees at ``address``."""
    transport = httpx.ASGITransport(app=h.app, client=(address, 40000))
    return httpx.AsyncClient(transport=transport, base_url=BASE_URL, event_hooks=ASYNC_HOOKS)


@pytest.mark.parametrize(("method", "path"), [("POST", "/api/roll"), ("GET", "/api/settings")])
async def test_a_client_past_its_wrong_tokens_is_refused_before_the_comparison(
    method: str, path: str
) -> None:
    h = Harness(host="0.0.0.0")
    guesser, other = client_at(h, "192.0.2.7"), client_at(h, "192.0.2.8")
    statuses = [(await guesser.request(method, path, headers=WRONG)).status_code for _ in range(40)]
    assert statuses == [401] * WRONG_TOKENS + [429] * (40 - WRONG_TOKENS)
    refused = await guesser.request(method, path, headers=RIGHT)  # the right one too
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) == WRONG_TOKEN_EVERY_S
    assert "too many wrong tokens" in refused.json()["error"]
    # another client is not held back; a request without any token is no guess
    assert (await other.request(method, path, headers=RIGHT)).status_code != 429
    assert (await client_at(h, "192.0.2.9").request(method, path)).status_code == 401
    # one more try once the wait is over
    h.clock.advance(WRONG_TOKEN_EVERY_S)
    assert (await guesser.request(method, path, headers=WRONG)).status_code == 401
    assert (await guesser.request(method, path, headers=WRONG)).status_code == 429


async def test_a_team_s_view_is_no_oracle_for_a_guesser() -> None:
    """A team's view (and the remote codes) show only with the token: a wrong one counts, and
    past them the right one shows nothing more (a read: without the token, no 429)."""
    h = Harness(host="0.0.0.0")
    guesser = client_at(h, "192.0.2.7")
    for _ in range(WRONG_TOKENS):
        assert (await guesser.get("/api/state?team=0", headers=WRONG)).status_code == 401
    assert (await guesser.get("/api/state?team=0", headers=RIGHT)).status_code == 401
    assert (await guesser.post("/api/roll", headers=RIGHT)).status_code == 429
    assert (await guesser.get("/api/state")).status_code == 200  # reading needs no token
    assert (await client_at(h, "192.0.2.8").get("/api/state?team=0", headers=RIGHT)).is_success


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/call", {"seat": "\ud800"}),
        ("/api/penalty", {"seat": "\udfff"}),
        ("/api/resign", {"seat": "\ud800"}),
        ("/api/new_game", {"variant": "lucky", "options": "\ud800"}),
        ("/api/new_game", {"variant": "lucky", "options": {"\ud800": 1}}),
        ("/api/sim/place", {"hole": ["a", ["\udc00x"]]}),
    ],
)
async def test_a_lone_surrogate_is_a_bad_order(path: str, body: dict[str, object]) -> None:
    h = Harness()
    # json.dumps writes a lone surrogate as the escape JSON allows: "\ud800"
    raw = json.dumps(body).encode()
    assert b"\\ud" in raw
    answer = await h.client.post(path, content=raw, headers={"content-type": "application/json"})
    assert answer.status_code == 400, answer.text
    assert "lone surrogate" in answer.json()["error"]
