"""The seed is a secret of the service: it predicts every virtual throw and deals the Pay-Off
hands, so no public or team view, event or option carries it (scripts, a test tool, may)."""

from __future__ import annotations

import json
from typing import Any

from controller.config import Config
from controller.core.session import game_entry
from engine.game import SEED_LIMIT
from tests.api_harness import Harness

SEED = 982_451_653
DEAL = [[100, 50, 25, 20, 10, 2], [50, 25, 20, 10, 5, 1]]


def keys(value: Any) -> set[str]:
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        return set(value).union(*(keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys(item) for item in value))
    return set()


async def test_no_view_event_or_info_carries_the_seed_or_a_fixed_deal() -> None:
    api = Harness()
    pushed = api.service.subscribe()  # what WS /api/events sends
    body = {"variant": "payoff", "players": 2, "seed": SEED, "options": {"deal": DEAL}}
    started = await api.post("/api/new_game", body)
    assert started.status_code == 200, started.text
    views = [
        started.json(),
        await api.state(),
        await api.state(team="0"),
        await api.state(team="1"),
        (await api.client.get("/api/info")).json(),
    ]
    views.extend(json.loads(text) for text in await pushed.take())
    assert any(view.get("type") == "game_started" for view in views)
    for view in views:
        assert not keys(view) & {"seed", "deal"}, view
        assert str(SEED) not in repr(view)


def test_a_seed_not_fixed_is_drawn_over_the_whole_range() -> None:
    seeds = [game_entry(Config(), "qubic", 2, None, None)["seed"] for _ in range(40)]
    assert all(0 <= seed < SEED_LIMIT for seed in seeds)
    assert len(set(seeds)) == len(seeds)
    assert max(seeds) >= 2**40  # a 31-bit seed can be found by trying them all


def test_scripts_still_see_the_seed_they_fixed() -> None:
    api = Harness()
    entry = game_entry(api.service.config, "lucky", 2, SEED, None)
    api.service.order(lambda now: api.service.controller.new_game(entry, now))
    assert api.service.controller.state(test_view=True)["seed"] == SEED
