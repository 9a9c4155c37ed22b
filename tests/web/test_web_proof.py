"""The proof viewer on the page (Qubic's page module, ``qubic.js``): who wins in how many
placements from the position on the board, the hole that does it, and the other side's replies
that hold out longest; on a phone, a landscape phone and a desktop, in view when scrolled to, in
German too, and gone in a game without a proof."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SIZES = {
    "phone": {"width": 390, "height": 844},
    "landscape": {"width": 844, "height": 390},
    "desktop": {"width": 1280, "height": 800},
}


def place(service: Service, hole: str) -> None:
    assert service.post("/api/sim/place", {"hole": hole}).status_code == 200
    wait_until(lambda: hole in service.state()["board"], f"{hole} on the board")


@pytest.mark.parametrize("size", SIZES)
def test_the_proof_says_who_wins_in_how_many_from_the_board_s_position(
    size: str, service: Service, open_page: Callable[..., Page]
) -> None:
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).status_code == 200
    says = service.client.get("/api/proof").json()["says"]
    page = open_page(service, viewport=SIZES[size])
    card, line = page.locator("#proof"), page.locator("#proof-line")
    card.scroll_into_view_if_needed()
    expect(line).to_be_in_viewport()
    expect(line).to_have_text(
        f"Red wins in {says['plies']} placements (both sides counted), "
        f"starting with {says['move']}."
    )
    place(service, says["move"])
    expect(line).to_have_text(
        f"Red wins in {says['plies'] - 1} placements (both sides counted), whatever Blue places."
    )
    expect(page.locator("#proof-longest")).to_have_text("The replies that hold out longest:")
    replies = page.locator("#proof-replies li")
    expect(replies).to_have_count(3)
    expect(replies.first).to_contain_text(f"Red wins in {says['plies'] - 1}")

    page.select_option("#page-language", "de")
    expect(line).to_have_text(
        f"Rot gewinnt in {says['plies'] - 1} Zügen (beide Seiten gezählt), was Blau auch setzt."
    )


def test_a_first_player_off_the_proof_and_a_game_without_one(
    service: Service, open_page: Callable[..., Page]
) -> None:
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).status_code == 200
    page = open_page(service, viewport=SIZES["desktop"])
    line = page.locator("#proof-line")
    expect(line).to_contain_text("starting with")
    place(service, "R-I-H")  # an edge hole: not the proof's first move
    place(service, "Y-II-C")
    expect(line).to_have_text(
        "This position has left the proof: the side that placed first played elsewhere."
    )
    assert service.post("/api/new_game", {"variant": "qubic", "players": 3}).status_code == 200
    expect(line).to_have_text("The proof is of a game of two sides: it says nothing of three.")
    assert service.post("/api/new_game", {"variant": "lucky", "players": 2}).status_code == 200
    expect(page.locator("#proof")).to_be_hidden()
