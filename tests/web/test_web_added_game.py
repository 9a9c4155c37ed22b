"""A game added by a package of its own: Ground Four (``tests/gamepack``), a spec, its rules, a
page module and its style sheet declared in the ``flixboard.games`` entry-point group of its
distribution. With the package on the service's path, the board plays it through the HTTP API on
the simulated board, and the page names it, offers it and loads its module and its style."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import REPO, Service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

GAMEPACK = REPO / "tests" / "gamepack"
GAME = "groundfour"
RED_WINS = ("R-I-S", "R-I-H", "Y-I-S", "Y-I-H", "G-I-S", "G-I-H", "B-I-S")
"""Red down the spades of the ground floor, Blue beside it: Red's fourth wins."""


@pytest.fixture
def service(launch_service: Callable[..., Service]) -> Service:
    """The service with Ground Four's distribution on its path."""
    path = os.pathsep.join(filter(None, [str(GAMEPACK), os.environ.get("PYTHONPATH")]))
    return launch_service(config="[board]\nfix_after_s = 0.0\n", env={"PYTHONPATH": path})


def place(service: Service, hole: str) -> None:
    """Put a Man into ``hole`` of the simulated board; wait until the game holds it."""
    assert service.post("/api/sim/place", {"hole": hole}).status_code == 200
    wait_until(lambda: hole in service.state()["board"], f"{hole} in the game")


def test_the_service_plays_a_game_of_another_package(service: Service) -> None:
    info = service.client.get("/api/info").json()
    assert GAME in info["variants"]  # played on the spaceboard
    assert info["games"][GAME] == {
        "title": "Ground Four",
        "choice": "Ground Four (the ground floor only)",
        "page": f"/{GAME}.js",
    }
    assert info["variant_facts"][GAME]["players"] == [2]
    module = service.client.get(f"/{GAME}.js")
    assert module.headers["content-type"].startswith("text/javascript")
    assert 'registerPanel({\n  id: "groundfour"' in module.text
    style = service.client.get(f"/{GAME}.css")  # from its package, beside its module
    assert style.headers["content-type"].startswith("text/css")
    assert "#groundfour-filled {" in style.text

    assert service.post("/api/new_game", {"variant": GAME, "players": 2}).status_code == 200
    state = service.state()
    assert state["variant"] == GAME
    assert sorted(state["allowed"]) == sorted(
        f"{panel}-I-{suit}" for panel in "RYGB" for suit in "SHDC"
    )
    for hole in RED_WINS:
        place(service, hole)
    state = service.state()
    assert (state["phase"], state["winner"]) == ("game_over", 0)
    kept = service.client.get("/api/games").json()["games"][0]
    assert kept["variant"] == GAME


def test_the_page_names_the_game_and_loads_its_module(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    offered = page.locator(f'#variant option[value="{GAME}"]')
    expect(offered).to_have_text("Ground Four (the ground floor only)")
    expect(page.locator(f'#history-variant option[value="{GAME}"]')).to_have_text("Ground Four")
    assert service.post("/api/new_game", {"variant": GAME, "players": 2}).status_code == 200
    expect(page.locator("#turn")).to_contain_text("Ground Four: ")
    for number, hole in enumerate(RED_WINS[:3]):  # taps on the simulated board's holes
        page.click(f'[data-hole="{hole}"]')
        tapped = page.locator(f'[data-hole="{hole}"]')
        expect(tapped).to_have_attribute("data-team", str(number % 2))
    expect(page.locator("#groundfour-filled")).to_have_text("3 of 16 filled")
    expect(page.locator("#groundfour-filled")).to_have_css("font-variant-numeric", "tabular-nums")
