"""The paths the journeys did not take, on every screen a person holds: a portrait phone
(390x844), landscape phones (844x390, 667x375, and 568x320, whose board is taller than the room
above the action bar) and a laptop (1280x800), against one ``flixboard run --board sim``.

- A new game over a board full of Men: what to fix covers (almost) none of the holes on the
  screen, says what to do first and how many more, and Clear the board takes a real mouse click
  (no force); started again from the New-game form over 20 Men, the page offers to lift them.
- Play on a landscape phone: the four panels and the action bar in the first screen, the holes
  a throw lights brought above the bar, and none under the banner or the computer's move.
- Every hole a target of 24 px at least in every view (44 px where the layout allows).
- axe-core on the landscape screens.

What a person sees is asserted in the viewport: ``document.elementFromPoint`` at each hole's
centre must be the hole itself. The new game's figures go to build/journeys/offpath.json.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_support import run_axe, serious
from playwright.sync_api import Browser, Page, expect
from web_support import REPO, Screen, Service, shown_live, start_service, stop_service

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

SIZES: dict[str, Screen] = {
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "844x390": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
    "667x375": {"viewport": {"width": 667, "height": 375}, "is_mobile": True, "has_touch": True},
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
}
LANDSCAPE = ["844x390", "667x375"]
SMALL_LANDSCAPE: Screen = {
    "viewport": {"width": 568, "height": 320},
    "is_mobile": True,
    "has_touch": True,
}
MEN = [
    f"{panel}-{floor}-{suit}"
    for panel in "RY"
    for floor in ("I", "II", "III", "IV")
    for suit in "SHDC"
][:20]
"""20 Men: every hole of the red panel and floor I of the yellow one."""
UNCOVERED_MIN = 0.9
FIGURES = REPO / "build" / "journeys" / "offpath.json"
"""What the new game over 20 Men measured at each size (docs/web-page.md quotes it)."""
TARGET_MIN_PX = 24
CONFIG = "[board]\nfix_after_s = 0.0\nsim_autoplace = false\n[game]\ncomputer_movetime_ms = 50\n"
"""Fixes at once; the computer's Man waits for a hand (its move shows until then)."""
FINGER_PX = 44

SEEN = """(selector) => {
  const bar = document.getElementById('action-bar').getBoundingClientRect().top;
  const rows = [];
  for (const element of document.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width === 0 || x < 0 || x > innerWidth || y < 0 || y > innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    const free = top === element || element.contains(top);
    rows.push({name: element.dataset.hole ?? element.id, free,
               by: free || top === null ? '' : top.id || top.className || top.tagName,
               inside: box.top >= 0 && box.bottom <= bar
                 && box.left >= 0 && box.right <= innerWidth});
  }
  return rows;
}"""
"""Each element of ``selector`` whose centre is on the screen: whether nothing covers its centre,
what covers it (its id, else its class), and whether it lies wholly in the screen above the
action bar."""


TURN_SEEN = {"name": "turn", "free": True, "by": "", "inside": True}

UNDER_FLOAT = """() => {
  const shown = [...document.querySelectorAll('.bar-float > *')]
    .filter((box) => !box.hidden).map((box) => [box.id, box.getBoundingClientRect()]);
  const under = [];
  for (const hole of document.querySelectorAll('#board [data-hole]')) {
    const r = hole.getBoundingClientRect();
    for (const [id, b] of shown) {
      if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) {
        under.push([hole.dataset.hole, id]);
      }
    }
  }
  return under;
}"""
"""Each hole (its whole box) that a shown box floating over the page (.bar-float) overlaps."""


SPOTS = """async () => {
  const cube = (await import('./cube3d.js')).cubeOf(document.getElementById('cube'));
  const names = [...document.querySelectorAll('#cube [data-cube-hole]')]
    .map((hole) => hole.dataset.cubeHole);
  return Object.fromEntries(names.map((name) => [name, cube.screenPosition(name)]));
}"""
"""Each 3-D hole's centre on the screen and its tap radius (the cube's test hook)."""


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    folder: Path = tmp_path_factory.mktemp("offpath")
    started = start_service(folder, config=CONFIG)
    yield started
    stop_service(started)


def new_game(service: Service, **options: Any) -> None:
    body = {"variant": "lucky", "players": 2, **options}
    answer = service.post("/api/new_game", body)
    assert answer.status_code == 200, answer.text


def put_men(service: Service) -> None:
    for hole in MEN:
        assert service.post("/api/sim/place", {"hole": hole}).status_code == 200


def open_at(browser: Browser, service: Service, size: Screen) -> Page:
    page = browser.new_context(**size).new_page()
    page.goto(service.url + "/")
    shown_live(page)
    return page


def board_empty(service: Service, page: Page) -> None:
    expect(page.locator("#board .hole[data-piece]")).to_have_count(0)
    assert service.state()["sensed"] == {}


@pytest.mark.parametrize("size", SIZES)
def test_a_new_game_over_a_board_full_of_men(size: str, service: Service, browser: Browser) -> None:
    """Defect: a box of 20 lines fixed over the page hid the panels and Clear the board (the
    action bar took its clicks); 68 Tabs were the only way to it."""
    service.post("/api/sim/clear")
    new_game(service)
    put_men(service)
    page = open_at(browser, service, SIZES[size])
    try:
        turn = page.locator("#turn")
        expect(turn).to_contain_text("Lift 20 Men: start with R-I-S, R-I-H, R-I-D …")
        expect(page.locator("#board .hole.fix")).to_have_count(20)
        page.evaluate("window.scrollTo(0, 0)")
        # Once the page has settled (a loaded machine draws late): what covers it is said.
        wait_until(
            lambda: page.evaluate(SEEN, "#turn") == [TURN_SEEN],
            lambda: f"the turn line in sight and uncovered: {page.evaluate(SEEN, '#turn')}",
        )
        holes = page.evaluate(SEEN, "#board [data-hole]")
        free = sum(row["free"] for row in holes) / len(holes)
        assert len(holes) == 64, f"{len(holes)} of the 64 holes on the screen"
        FIGURES.parent.mkdir(parents=True, exist_ok=True)
        figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
        figures[size] = {"holes_on_screen": len(holes), "uncovered": round(free, 3)}
        FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True))
        assert free >= UNCOVERED_MIN, [row["name"] for row in holes if not row["free"]]
        # The whole list opens and closes again under the board.
        more = page.locator("#fix-more")
        expect(more).to_have_text("20 steps")
        more.click()
        expect(page.locator("#fix-list li")).to_have_count(20)
        more.click()
        expect(page.locator("#fix-list")).to_be_hidden()
        page.click("#clear-board", timeout=5_000)  # a real click: nothing may take it
        board_empty(service, page)

        # Over 20 Men again, a new game from the New-game form offers to lift them first.
        put_men(service)
        expect(page.locator("#board .hole.fix")).to_have_count(20)
        page.click("#new-game", timeout=5_000)
        expect(page.locator("#confirm-question")).to_have_text(
            "Pieces on the simulated board: 20. Lift them off and start the new game?"
        )
        page.click("#confirm-yes")
        board_empty(service, page)
        expect(turn).to_contain_text("roll the dice")
    finally:
        page.context.close()


@pytest.mark.parametrize("size", [*LANDSCAPE, "568x320"])
def test_playing_on_a_landscape_phone(size: str, service: Service, browser: Browser) -> None:
    """Defect: at 844x390 floors II and I stood under the translucent action bar, and the holes
    a throw lit there were not brought into view. Each panel and each of the bar's buttons is
    on the screen; the lit holes are brought above the bar, uncovered."""
    service.post("/api/sim/clear")
    new_game(service, seed=7)
    page = open_at(browser, service, SIZES.get(size, SMALL_LANDSCAPE))
    try:
        expect(page.locator("#turn")).to_contain_text("roll the dice")
        page.evaluate("window.scrollTo(0, 0)")
        if size in LANDSCAPE:
            panels = page.evaluate(SEEN, ".panel")
            assert [row["inside"] for row in panels] == [True] * 4, panels
        for button in ("#roll", "#flix", "#penalty", "#undo"):
            box = page.locator(button).bounding_box()
            viewport = page.viewport_size
            assert box is not None and viewport is not None
            assert box["y"] + box["height"] <= viewport["height"]
        # Green, floor "win" (any), hearts: G-I-H to G-IV-H, floor I lowest on the board.
        assert service.post("/api/roll", {"faces": "green/win/hearts"}).status_code == 200
        expect(page.locator("#board .hole.allowed")).to_have_count(4)
        lit = page.evaluate(SEEN, "#board .hole.allowed")
        assert [row["name"] for row in lit if row["free"] and row["inside"]] == [
            "G-IV-H",
            "G-III-H",
            "G-II-H",
            "G-I-H",
        ], lit
        if size in LANDSCAPE:
            assert page.evaluate("window.scrollY") == 0  # the board fits: nothing scrolled
            found = serious(run_axe(page, f"landscape {size}"))
            assert found == [], found

        # Defect: the banner and the computer's move floated over floor I. Red throws FLIX FLIX
        # FLIX: the computer places anywhere and waits for a hand to put its Man there.
        service.post("/api/sim/clear")
        computer = [{"kind": "human"}, {"kind": "computer", "level": 1}]
        new_game(service, seed=7, seats=computer)
        expect(page.locator("#turn")).to_contain_text("roll the dice")
        assert service.post("/api/roll", {"faces": "flix/flix/flix"}).status_code == 200
        expect(page.locator("#banner")).to_contain_text("FLIX FLIX FLIX")
        expect(page.locator("#computer-move")).to_contain_text(": put its Man there")
        expect(page.locator("#board .hole.computer-move")).to_have_count(1)
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate(UNDER_FLOAT) == []
        for shown in ("banner", "computer-move"):
            seen = page.evaluate(SEEN, f"#{shown}")
            assert seen == [{"name": shown, "free": True, "by": "", "inside": True}]
        if size in LANDSCAPE:
            holes = page.evaluate(SEEN, "#board [data-hole]")
            assert [row["name"] for row in holes if not (row["free"] and row["inside"])] == []
            assert len(holes) == 64
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_every_hole_is_a_target_in_every_view(
    size: str, service: Service, browser: Browser
) -> None:
    """The flat panels: each hole 24 px at least, 44 px where the screen is 390 px or more wide
    and tall. The 3-D view (defect: 21x29 px targets at 390 px, the closest centres 13.8 px
    apart): a tap goes to the hole whose centre is nearest, within 12.5 px at least, so a hole's
    target is a disc as wide as 25 px or as the distance to its nearest neighbour; every one of
    the 64 is 24 px or more at each size (narrower than 650 px the cube is drawn taller)."""
    service.post("/api/sim/clear")
    new_game(service, variant="qubic")  # every empty hole lit: any tap seats a Man
    page = open_at(browser, service, SIZES[size])
    try:
        boxes = page.locator("#board [data-hole]").evaluate_all(
            "holes => holes.map((h) => { const r = h.getBoundingClientRect();"
            " return Math.min(r.width, r.height); })"
        )
        assert len(boxes) == 64
        wanted = TARGET_MIN_PX if size == "667x375" else FINGER_PX
        assert min(boxes) >= wanted - 0.5, min(boxes)
        page.locator("#cube").evaluate("e => e.scrollIntoView({block: 'center'})")
        spots: dict[str, dict[str, float]] = page.evaluate(SPOTS)
        targets = {
            name: min(
                2 * spot["radius"],
                min(
                    math.dist((spot["x"], spot["y"]), (other["x"], other["y"]))
                    for other_name, other in spots.items()
                    if other_name != name
                ),
            )
            for name, spot in spots.items()
        }
        assert len(targets) == 64
        assert min(2 * spot["radius"] for spot in spots.values()) >= TARGET_MIN_PX
        small = {name: round(size, 1) for name, size in targets.items() if size < TARGET_MIN_PX}
        assert small == {}, f"{len(small)} of the 64 holes under {TARGET_MIN_PX} px: {small}"
        FIGURES.parent.mkdir(parents=True, exist_ok=True)
        figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
        figures[f"cube {size}"] = {"smallest_target_px": round(min(targets.values()), 1)}
        FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True))
        # The two holes that stand closest: a tap at each one's centre seats a Man there.
        name = min(targets, key=lambda hole: targets[hole])
        neighbour = min(
            (other for other in spots if other != name),
            key=lambda other: math.dist(
                (spots[name]["x"], spots[name]["y"]), (spots[other]["x"], spots[other]["y"])
            ),
        )
        page.evaluate("y => window.scrollBy(0, y - innerHeight / 2)", spots[name]["y"])
        spots = page.evaluate(SPOTS)
        for number, hole in enumerate((name, neighbour), start=1):
            if SIZES[size].get("has_touch"):
                page.touchscreen.tap(spots[hole]["x"], spots[hole]["y"])
            else:
                page.mouse.click(spots[hole]["x"], spots[hole]["y"])
            expect(page.locator(f'#board [data-hole="{hole}"]')).to_have_attribute(
                "data-piece", "man"
            )
            assert len(service.state()["sensed"]) == number
    finally:
        page.context.close()
