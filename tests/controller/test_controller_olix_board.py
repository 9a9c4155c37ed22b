"""Olix needs its own 121-cell board: on the 64-hole FLIX board the service refuses it clearly
and lists only the variants the board plays; the engine's other variants are untouched."""

from __future__ import annotations

import pytest

from engine.variants import VARIANTS
from tests.api_harness import Harness


@pytest.fixture
def api() -> Harness:
    return Harness()


async def test_new_olix_game_is_refused_naming_its_board(api: Harness) -> None:
    before = await api.state()
    # a name the document does not allow: a 400 naming the variants
    response = await api.post("/api/new_game", {"variant": " OLIX ", "players": 2})
    assert response.status_code == 400
    assert response.json() == {
        "error": "variant: one of lucky, qubic, payoff, tactflix, flip4, olix"
    }
    # a variant of another board: a 409 naming the board it needs
    response = await api.post("/api/new_game", {"variant": "olix", "players": 2})
    assert response.status_code == 409
    assert response.json() == {
        "error": "olix is played on the olix (11x11, 121 cells) board; this board is flix "
        "(64 holes on 4 panels): start lucky, qubic, payoff, tactflix"
    }
    await api.unchanged(before)


async def test_info_lists_the_variants_of_this_board(api: Harness) -> None:
    response = await api.client.get("/api/info")
    assert response.status_code == 200
    listed = response.json()["variants"]
    assert {"olix", "flip4"} <= set(VARIANTS) and not {"olix", "flip4"} & set(listed)
    assert listed == [name for name, cls in VARIANTS.items() if cls.geometry == "flix"]
