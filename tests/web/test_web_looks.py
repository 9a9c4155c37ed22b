"""What a player sees and reaches, in both themes and at both sizes: text and board labels
readable (WCAG contrast), text boxes finger-sized, Qubic's board not glowing all over, the threat
diamond inside its hole, a hinted hole in sight, FLIX and PENALTY only once there is something
to call, and no stale dice."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from layout_watch import BAR, TARGETS, LayoutWatch
from playwright.sync_api import Locator, Page, expect
from test_web_cube import CUBE
from test_web_phone import FINGER_PX, PHONE, in_first_screen, place
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
THEMES = ["dark", "light"]
TEXT_CONTRAST = 4.5
LABEL_CONTRAST = 3.0

CONTRAST = """(element) => {
  const rgb = (text) => (text.match(/[\\d.]+/g) ?? []).map(Number);
  const background = (node) => {
    for (let at = node; at; at = at.parentElement) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(at).backgroundColor);
      if (a > 0) return [r, g, b];
    }
    return [255, 255, 255];
  };
  const luminance = ([r, g, b]) => {
    const linear = (c) => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const fore = luminance(rgb(getComputedStyle(element).color));
  const back = luminance(background(element));
  return (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
}"""
"""The contrast ratio of an element's text against the first background behind it."""


def contrast(locator: Locator) -> float:
    ratio: float = locator.evaluate(CONTRAST)
    return ratio


def in_viewport(locator: Locator) -> bool:
    box: dict[str, Any] = locator.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }"
    )
    height: int = locator.page.evaluate("window.innerHeight")
    return bool(box["top"] >= 0 and box["bottom"] <= height)


@pytest.mark.parametrize("theme", THEMES)
def test_olix_labels_and_text_boxes_are_readable_and_reachable(
    theme: str, launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    """Defects: Olix's column letters and row numbers were 1.4:1; the Game-history Player box was
    dark on dark in the light theme; the Name and Join-code boxes were 21 px tall."""
    service = launch_service(geometry="olix")
    page = open_page(service, **PHONE, color_scheme=theme)
    labels = page.locator(".olix-column, .olix-row")
    expect(labels).to_have_count(22)
    low = [round(contrast(label), 2) for label in labels.all() if contrast(label) < LABEL_CONTRAST]
    assert low == [], f"{theme}: board labels below {LABEL_CONTRAST}:1: {low}"
    boxes = ["#history-player", "#remote-join-code", ".setup-seat-player"]
    for selector in boxes:
        box = page.locator(selector).first
        assert contrast(box) >= TEXT_CONTRAST, (theme, selector, contrast(box))
        height = box.evaluate("e => e.getBoundingClientRect().height")
        assert height >= FINGER_PX, (selector, height)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_hinted_hole_is_in_sight(
    size: str, service: Service, open_page: Callable[..., Page]
) -> None:
    """Defect: the Hint button stood below the 3-D view, so pressing it scrolled the blinking
    hole of the flat board out of sight."""
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).is_success
    page = open_page(service, **(PHONE if size == "phone" else LAPTOP))
    page.click("#hint")
    hinted = page.locator(".hole.hint")
    expect(hinted).to_have_count(1)
    assert in_viewport(hinted), page.evaluate("window.scrollY")


def test_qubic_does_not_glow_all_over_and_threats_sit_in_their_hole(
    service: Service, open_page: Callable[..., Page]
) -> None:
    """Defects: in Qubic every empty hole glowed in the mover's colour; the threat diamond was
    a third of a hole, half outside it on the panel's edge."""
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).is_success
    page = open_page(service, **LAPTOP)
    for red, blue in zip(["R-I-S", "R-I-H", "R-I-D"], ["Y-II-S", "Y-II-H", "Y-III-D"], strict=True):
        place(service, page, red, 0)
        place(service, page, blue, 1)
    allowed = page.locator(".hole.allowed")
    expect(allowed).to_have_count(64 - 6)
    shadows = set(allowed.evaluate_all("es => es.map(e => getComputedStyle(e).boxShadow)"))
    assert all(shadow.startswith("rgba(0, 0, 0, 0)") for shadow in shadows), shadows
    glows = page.locator("#cube .cube-lit .cube-glow")  # the 3-D view's lit holes: rings only
    expect(glows).to_have_count(64 - 6)
    assert glows.evaluate_all("es => es.filter(e => e.style.display !== 'none').length") == 0
    page.click("#threats-toggle")
    threat = page.locator('[data-hole="R-I-C"]')
    expect(threat).to_have_attribute("data-threat", "0")
    hole: dict[str, float] = threat.evaluate(
        """e => { const s = getComputedStyle(e, '::before'); const r = e.getBoundingClientRect();
        return {top: parseFloat(s.top), right: parseFloat(s.right),
                width: parseFloat(s.width), size: r.width}; }"""
    )
    assert hole["top"] >= 0 and hole["right"] >= 0, hole
    assert hole["width"] >= 0.38 * hole["size"], hole  # was 0.29


def test_flix_waits_for_a_man_and_the_dice_do_not_go_stale(
    service: Service, open_page: Callable[..., Page]
) -> None:
    """Defects: FLIX and PENALTY were enabled before any Man was placed; the dice said "Not
    rolled yet." after the game."""
    page = open_page(service, **PHONE)
    expect(page.locator("#dice")).to_have_text("Not rolled yet.")
    expect(page.locator("#flix")).to_be_disabled()
    expect(page.locator("#penalty")).to_be_disabled()
    assert service.post("/api/roll", {"faces": "red/I/spades"}).is_success
    expect(page.locator("#dice .die")).to_have_count(3)
    expect(page.locator("#flix")).to_be_disabled()
    place(service, page, "R-I-S", 0)
    expect(page.locator("#flix")).to_be_enabled()
    expect(page.locator("#penalty")).to_be_enabled()
    assert service.post("/api/resign", {"seat": 1}).is_success
    expect(page.locator("#turn")).to_contain_text("Red wins")
    expect(page.locator("#dice")).to_have_text("")


def test_flip4_shows_no_throw_of_the_player_before(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(geometry="flip4")
    page = open_page(service, **PHONE)
    page.click("#roll")
    expect(page.locator("#dice .die")).to_have_count(2)
    state = service.state()
    assert state["to_move"] == 0 and state["allowed"], state["phase"]
    assert service.post("/api/sim/place", {"hole": state["allowed"][0]}).is_success
    expect(page.locator("#turn")).to_contain_text(re.compile(r"\(player 2\)"))
    expect(page.locator("#dice .die")).to_have_count(0)
    expect(page.locator("#dice")).not_to_contain_text("sum")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_turned_cube_is_never_cut_off(
    size: str, service: Service, open_page: Callable[..., Page]
) -> None:
    """Defect: the 3-D view's box fitted only the first view: a cube dragged to look from
    above, or from behind, lost its end panels past the box's edge."""
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).is_success
    page = open_page(service, **(PHONE if size == "phone" else LAPTOP))
    svg = page.locator("#cube svg")
    svg.scroll_into_view_if_needed()
    height_before = svg.evaluate("e => e.getBoundingClientRect().height")
    for dx, dy in [(0, 120), (200, 0), (150, 0)]:  # from above, then round to the back
        box = svg.bounding_box()
        assert box is not None
        x, y = box["x"] + 8, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + dx, y + dy, steps=6)
        page.mouse.up()
        box = svg.bounding_box()
        assert box is not None
        spots = page.evaluate(
            f"""async () => {{ const cube = {CUBE};
            return [...document.querySelectorAll('#cube [data-cube-hole]')]
              .map((h) => cube.screenPosition(h.dataset.cubeHole)); }}"""
        )
        view = page.evaluate(f"async () => {CUBE}.view()")
        outside = [
            spot
            for spot in spots
            if not (
                box["x"] <= spot["x"] <= box["x"] + box["width"]
                and box["y"] <= spot["y"] <= box["y"] + box["height"]
            )
        ]
        assert outside == [], (view, len(outside))
    assert view["pitch"] > 75
    # The box keeps its size while the cube turns: nothing around it moves.
    assert svg.evaluate("e => e.getBoundingClientRect().height") == height_before


def test_what_to_fix_is_in_the_first_screen_and_moves_nothing(
    service: Service, open_page: Callable[..., Page]
) -> None:
    """Defect: on a phone the words of what to fix stood below the 3-D view, out of sight, and
    pushed the page down when they came."""
    page = open_page(service, **PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    watch = LayoutWatch(page, f"{TARGETS}, {BAR}")
    assert service.post("/api/sim/place", {"hole": "G-II-H"}).is_success  # before the roll
    fix = page.locator("#fix")
    expect(fix).to_contain_text("Lift the Man from G-II-H")
    assert in_first_screen(fix)
    assert watch.snap("what to fix") == []
    assert service.post("/api/sim/lift", {"hole": "G-II-H"}).is_success
    expect(fix).to_be_hidden()
    assert watch.snap("fixed") == []
    assert watch.shift() <= 0.01
