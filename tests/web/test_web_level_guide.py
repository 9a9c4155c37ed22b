"""The New game form says what each computer level does and how it scored against the level
below, for the chosen game, in the page's language, on a phone and on a desktop, with no serious
accessibility fault (axe-core) while it is open."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe_support import run_axe, serious
from playwright.sync_api import Page, expect
from web_support import Service

from controller.computer.level_guide import guide
from controller.i18n import language

pytestmark = [pytest.mark.browser, pytest.mark.live]

DASH = "\u2013"
"""Between an interval's ends, as the page writes it."""
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def guide_rows(page: Page) -> list[list[str]]:
    rows = page.locator("#level-rows tr")
    return [rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())]


@pytest.mark.parametrize("size", SIZES)
def test_the_levels_of_the_chosen_game_are_told_in_the_form(
    size: str, service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, viewport=SIZES[size])
    page.select_option("#variant", "qubic")
    guide_box = page.locator("#level-guide")
    guide_box.locator("summary").click()
    expect(page.locator("#level-rows tr")).to_have_count(5)
    rows = guide_rows(page)
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5"]
    assert rows[0][1:] == [
        "Wins and blocks, but overlooks either a third of the time",
        "the lowest level",
    ]
    assert rows[2][1] == "Finds forcing wins of up to 16 threats (the default)"
    first, second = guide("qubic")[2].measured
    assert rows[2][2].split("\n") == [
        f"as first player: {first.score_pct:g}\u00a0% of {first.games} games"
        f" ({first.low_pct:g}{DASH}{first.high_pct:g})",
        f"as second player: {second.score_pct:g}\u00a0% of {second.games} games"
        f" ({second.low_pct:g}{DASH}{second.high_pct:g})",
    ]
    expect(page.locator("#level-guide-second")).to_contain_text("did better")
    box = guide_box.bounding_box()
    assert box is not None and box["x"] >= 0
    assert box["x"] + box["width"] <= SIZES[size]["width"], "the table runs off the screen"
    assert serious(run_axe(page, f"the level guide, {size}")) == []

    page.select_option("#variant", "tactflix")  # another game of the board: its own levels
    expect(page.locator("#level-rows tr").nth(4).locator("td").first).to_have_text(
        "Four placements ahead, twice as wide; notices every line"
    )
    expect(page.locator("#level-guide-second")).to_be_hidden()  # Qubic's note alone


def test_the_levels_are_told_again_in_german(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, viewport=SIZES["phone"])
    page.select_option("#variant", "payoff")
    page.select_option("#page-language", "de")
    german = language("de").gettext
    expect(page.locator("#level-guide summary")).to_have_text(
        german("What the computer's levels do")
    )
    page.locator("#level-guide summary").click()
    level = guide("payoff")[3]
    rung = level.measured[0]
    score, low, high = (
        f"{value:g}".replace(".", ",") for value in (rung.score_pct, rung.low_pct, rung.high_pct)
    )
    expect(page.locator("#level-rows tr").nth(3).locator("td")).to_have_text(
        [
            german(level.does),
            f"{score}\u00a0% von {rung.games} Partien ({low}{DASH}{high})",
        ]
    )
