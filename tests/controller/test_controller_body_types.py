"""Every POST route, each of its keys given a value of every wrong JSON type: the answer is a
refusal (4xx) naming what is wrong, never a server error, and the state does not change."""

from __future__ import annotations

from typing import Any

import pytest

from controller.config import Config
from tests.api_harness import Harness

KEYS = {
    "/api/new_game": ("variant", "players", "seed", "options", "seats", "hints", "names"),
    "/api/roll": ("faces",),
    "/api/call": ("seat",),
    "/api/penalty": ("seat",),
    "/api/resign": ("seat",),
    "/api/token": ("seat", "token", "hole"),
    "/api/seats": ("seat", "kind", "level"),
    "/api/sim/place": ("hole", "piece"),
    "/api/sim/lift": ("hole",),
    "/api/remote/host": ("seats",),
    "/api/remote/join": ("code",),
}
"""The keys each POST route takes (``/api/undo``, ``/api/sim/clear`` and
``/api/remote/leave`` take none)."""
WRONG: tuple[Any, ...] = (
    [[1]],
    [{}],
    [[{"kind": "human"}]],
    [{"kind": "computer", "level": [1]}],
    [None],
    ["1"],
    [1.5],
    {"a": [1]},
    {"auto_call": [1]},
    "x",
    1.5,
    -1,
    2**70,
    True,
    [],
)
BASE = {"/api/new_game": {"variant": "lucky", "players": 2}}
"""What a route needs beside the key tried."""


@pytest.fixture
def api() -> Harness:
    return Harness(config=Config.of(broker="mqtt://127.0.0.1:1"))  # remote routes check bodies


@pytest.mark.parametrize(("path", "key"), [(p, k) for p, keys in KEYS.items() for k in keys])
async def test_a_wrong_type_is_refused_not_a_server_error(
    api: Harness, path: str, key: str
) -> None:
    before = await api.state()
    for value in WRONG:
        response = await api.post(path, {**BASE.get(path, {}), key: value})
        assert response.status_code < 500, (value, response.text)
        if response.status_code >= 400:
            assert response.json()["error"]
    if path != "/api/new_game":  # a well-typed new game may start
        await api.unchanged(before)


async def test_remote_host_names_the_seats_that_are_not_numbers(api: Harness) -> None:
    response = await api.post("/api/remote/host", {"seats": [[1]]})
    assert response.status_code == 400
    assert "seats[0]: a seat 0..7" in response.json()["error"]
