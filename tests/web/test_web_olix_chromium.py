"""The Olix board view in Chromium: olix.js, served with the page, draws an engine state with the
page's style sheet: the grid in its order, the highlights visible, a click names its cell."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page
from test_web_olix_view import page_state, played
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]


def draw(page: Page, state: dict[str, Any]) -> None:
    page.evaluate(
        """async (state) => {
            const { olixHtml } = await import("/olix.js");
            const box = document.createElement("section");
            box.id = "olix-view";
            box.innerHTML = olixHtml(state);
            box.addEventListener("click", (event) => {
                window.clickedCell = event.target.closest("[data-cell]")?.dataset.cell ?? null;
            });
            document.body.prepend(box);
        }""",
        state,
    )


def test_the_view_draws_and_answers_clicks(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    game = played("a2", "k11", "a3", "k9", "b1", "k7", "c1", "k5", "d1", "k3", "a1")
    draw(page, page_state(game))
    cells = page.locator("#olix-view [data-cell]")
    assert cells.count() == 121
    boxes = {
        name: page.locator(f'#olix-view [data-cell="{name}"]').bounding_box()
        for name in ("a1", "k1", "a11")
    }
    a1, k1, a11 = boxes["a1"], boxes["k1"], boxes["a11"]
    assert a1 is not None and k1 is not None and a11 is not None
    assert k1["x"] > a1["x"] and abs(k1["y"] - a1["y"]) < 1  # columns left to right
    assert a11["y"] > a1["y"] and abs(a11["x"] - a1["x"]) < 1  # row 1 on top
    shadow = page.locator('#olix-view [data-cell="d1"]').evaluate(
        "(cell) => getComputedStyle(cell).boxShadow"
    )
    plain = page.locator('#olix-view [data-cell="f6"]').evaluate(
        "(cell) => getComputedStyle(cell).boxShadow"
    )
    assert shadow != "none" and plain == "none"  # the pattern just scored glows
    assert page.locator('#olix-view .olix-line[data-pattern="L"] .top').inner_text().startswith("6")
    page.locator('#olix-view [data-cell="f6"]').click()
    assert page.evaluate("window.clickedCell") == "f6"
