"""The page's 3-D view in Chromium against a real ``flixboard run --board sim``: a Qubic game played
by tapping holes in the cube only, turning it by mouse, touch and keys, and its picture compared
with a reference.

The pointer lands where the cube says a hole's centre is on the screen (``screenPosition``, the
module's test hook); the game's answer is read from the HTTP API.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Locator, Page, expect
from web_support import REPO, Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

SCREENSHOTS = REPO / "build" / "screenshots"
REFERENCE = Path(__file__).parent / "reference" / "cube3d.png"
# `make reference-screenshots` sets it: the picture test then writes its picture as the reference.
UPDATE_REFERENCE = os.environ.get("FLIXBOARD_UPDATE_REFERENCE") == "1"
# A picture matches its reference when at most 0.05 % of its pixels (about 80) differ by more
# than 32 (of 255) in a colour channel and the mean difference is at most 0.2: room for another
# Chromium's anti-aliasing, none for a missing Man or ring (each changes about 0.2 % of the
# pixels, a mean difference of about 0.38) or rod (1.1 %, 2.1).
CHANGED_LEVEL = 32
CHANGED_SHARE_MAX = 0.0005
MEAN_DIFFERENCE_MAX = 0.2

CUBE = "(await import('./cube3d.js')).cubeOf(document.getElementById('cube'))"
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1}

# Red completes the line through the cube's centre, R-I-S to B-IV-C; Blue never blocks it.
RED = ["R-I-S", "Y-II-H", "G-III-D", "B-IV-C"]
BLUE = ["R-IV-C", "Y-I-S", "G-I-S"]


def cube_hole(page: Page, name: str) -> Locator:
    return page.locator(f'#cube [data-cube-hole="{name}"]')


def flat_hole(page: Page, name: str) -> Locator:
    return page.locator(f'#board [data-hole="{name}"]')


def spots(page: Page) -> dict[str, dict[str, float]]:
    """Every hole's centre in the window, the radius a tap must fall within, its distance from
    the eye and its place in the painting order. The cube is scrolled to the window's middle, as
    a player would scroll it (clear of what floats above the action bar)."""
    page.locator("#cube").evaluate("e => e.scrollIntoView({ block: 'center' })")
    result: dict[str, dict[str, float]] = page.evaluate(
        f"""async () => {{
            const cube = {CUBE};
            const names = [...document.querySelectorAll('#cube [data-cube-hole]')]
                .map((hole) => hole.dataset.cubeHole);
            return Object.fromEntries(names.map((name) => [name, cube.screenPosition(name)]));
        }}"""
    )
    return result


def view(page: Page) -> dict[str, float]:
    result: dict[str, float] = page.evaluate(f"async () => {CUBE}.view()")
    return result


def tap(page: Page, name: str) -> None:
    """A real mouse click where the cube draws the hole."""
    spot = spots(page)[name]
    page.mouse.click(spot["x"], spot["y"])


def in_sight(positions: dict[str, dict[str, float]]) -> list[str]:
    """Holes whose centre no hole drawn over it covers (worked out here, not by the page)."""
    clear = []
    for name, spot in positions.items():
        covered = any(
            other["paintIndex"] > spot["paintIndex"]
            and math.dist((spot["x"], spot["y"]), (other["x"], other["y"])) < other["radius"] + 2
            for other_name, other in positions.items()
            if other_name != name
        )
        if not covered:
            clear.append(name)
    return clear


def assert_nearer_drawn_over(positions: dict[str, dict[str, float]]) -> None:
    """Where two holes overlap on the screen, the one nearer the eye is drawn over the other."""
    names = sorted(positions)
    overlaps = 0
    for index, name in enumerate(names):
        for other in names[index + 1 :]:
            a, b = positions[name], positions[other]
            if math.dist((a["x"], a["y"]), (b["x"], b["y"])) < a["radius"] + b["radius"]:
                overlaps += 1
                nearer, farther = (a, b) if a["distance"] < b["distance"] else (b, a)
                assert nearer["paintIndex"] > farther["paintIndex"], (name, other)
    assert overlaps > 0


def assert_no_panel_edge_on(positions: dict[str, dict[str, float]]) -> None:
    """Every panel faces the eye enough to read: neighbouring holes of a panel (in a floor or a
    section) stand at least 2.5 Man radii apart on the screen (face-on they are about 4.3
    apart; a panel seen edge-on squeezes its sections together)."""
    floors, suits = ["I", "II", "III", "IV"], ["S", "H", "D", "C"]
    for panel in "RYGB":
        for f, floor in enumerate(floors):
            for s, suit in enumerate(suits):
                spot = positions[f"{panel}-{floor}-{suit}"]
                neighbours = [f"{panel}-{floor}-{suits[s + 1]}"] if s < 3 else []
                neighbours += [f"{panel}-{floors[f + 1]}-{suit}"] if f < 3 else []
                for name in neighbours:
                    other = positions[name]
                    apart = math.dist((spot["x"], spot["y"]), (other["x"], other["y"]))
                    radius = max(spot["radius"], other["radius"])
                    assert apart >= 2.5 * radius, (panel, floor, suit, name, apart / radius)


def assert_whole_cube_shown(page: Page) -> None:
    """Nothing of the cube is cut off: every hole's Man fits inside the drawing, the drawing in
    the window's width, and a tap at each hole in sight reaches the cube."""
    positions = spots(page)
    box = page.locator("#cube svg").bounding_box()
    assert box is not None
    width = page.evaluate("document.documentElement.clientWidth")
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    for name, spot in positions.items():
        assert box["x"] <= spot["x"] - spot["radius"], name
        assert spot["x"] + spot["radius"] <= box["x"] + box["width"], name
        assert box["y"] <= spot["y"] - spot["radius"], name
        assert spot["y"] + spot["radius"] <= box["y"] + box["height"], name
    reached = page.evaluate(
        """(points) => points.map(([x, y]) =>
            Boolean(document.elementFromPoint(x, y)?.closest('#cube')))""",
        [[spot["x"], spot["y"]] for name, spot in positions.items() if name in in_sight(positions)],
    )
    assert all(reached)


def start_qubic(service: Service) -> None:
    response = service.post("/api/new_game", {"variant": "qubic", "players": 2})
    assert response.status_code == 200, response.text


def test_full_qubic_game_by_tapping_the_cube(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, **DESKTOP)
    start_qubic(service)
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    # Every hole is in sight from the first view: none needs turning the cube to be tapped; and
    # the four panels face the eye (defect: the front panel was seen edge-on).
    assert sorted(in_sight(spots(page))) == sorted(spots(page))
    assert_no_panel_edge_on(spots(page))
    assert_whole_cube_shown(page)
    moves = [hole for pair in zip(RED, [*BLUE, None], strict=True) for hole in pair if hole]
    for number, name in enumerate(moves):
        team = number % 2
        # In Qubic every empty hole is lit in the mover's colour.
        expect(cube_hole(page, name)).to_have_class(re.compile(r"\bcube-lit\b"))
        tap(page, name)
        expect(cube_hole(page, name)).to_have_attribute("data-team", str(team))
        expect(flat_hole(page, name)).to_have_attribute("data-team", str(team))
        expect(page.locator("#cube .cube-last")).to_have_count(1)
        expect(cube_hole(page, name)).to_have_class(re.compile(r"\bcube-last\b"))
        if name != moves[-1]:
            expect(page.locator("#turn")).to_contain_text(f"player {2 - team}): place a Man")

    expect(page.locator("#turn")).to_contain_text("Red wins!")
    state = service.state()
    assert state["phase"] == "game_over"
    assert state["winner"] == 0
    assert {hole: man["team"] for hole, man in state["board"].items()} == {
        **{hole: 0 for hole in RED},
        **{hole: 1 for hole in BLUE},
    }
    assert [(team, sorted(line)) for team, line in state["scored_lines"]] == [(0, sorted(RED))]
    # The line is a rod through its four holes, in Red's colour, end to end.
    rods = page.locator("#cube [data-cube-line]")
    expect(rods.first).to_be_attached()
    assert set(rods.evaluate_all("rods => rods.map((rod) => rod.dataset.cubeLine)")) == {
        " ".join(RED)
    }
    assert set(rods.evaluate_all("rods => rods.map((rod) => rod.dataset.team)")) == {"0"}
    expect(page.locator("#cube .cube-lit")).to_have_count(0)

    # Clearing the board for the next game: tapping a Man in the cube lifts it off the board
    # (the finished game still holds it, drawn as a ghost); Next game begins the next one.
    for name in moves:
        tap(page, name)
        expect(cube_hole(page, name)).to_have_class(re.compile(r"\bcube-missing\b"))
    expect(page.locator("#after-game")).to_contain_text("The board is ready")
    page.click("#after-next")
    expect(page.locator("#turn")).to_contain_text("place a Man")
    state = service.state()
    assert state["phase"] == "await_place"
    assert state["board"] == {}


def test_turning_the_cube_by_drag_keeps_taps_on_their_holes(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, **DESKTOP)
    start_qubic(service)
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    before = spots(page)
    first_view = view(page)

    # A drag that starts on a hole turns the cube and places nothing.
    start = before["G-II-H"]
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(start["x"] + 160, start["y"] + 50, steps=8)
    page.mouse.up()
    turned = view(page)
    assert turned["yaw"] == pytest.approx(first_view["yaw"] + 80, abs=1)
    assert turned["pitch"] == pytest.approx(first_view["pitch"] + 25, abs=1)
    assert service.state()["board"] == {}
    assert_whole_cube_shown(page)  # defect: a dragged cube was cut off

    after = spots(page)
    assert_nearer_drawn_over(before)
    assert_nearer_drawn_over(after)
    # Holes now in sight that have moved by more than their own size since the first view:
    # a tap at their old place would miss them.
    moved = [
        name
        for name in in_sight(after)
        if math.dist((before[name]["x"], before[name]["y"]), (after[name]["x"], after[name]["y"]))
        > 2 * after[name]["radius"]
    ]
    panels = {name[0] for name in moved}
    assert panels == {"R", "Y", "G", "B"}, moved
    targets = [next(name for name in moved if name[0] == panel) for panel in "RYGB"]
    for number, name in enumerate(targets):
        tap(page, name)
        expect(cube_hole(page, name)).to_have_attribute("data-team", str(number % 2))
        expect(flat_hole(page, name)).to_have_attribute("data-team", str(number % 2))
    assert sorted(service.state()["board"]) == sorted(targets)


def test_turning_the_cube_by_touch(service: Service, open_page: Callable[..., Page]) -> None:
    page = open_page(service, viewport={"width": 390, "height": 844}, has_touch=True)
    start_qubic(service)
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    first_view = view(page)
    start = spots(page)["Y-III-D"]
    touch = page.context.new_cdp_session(page)
    point = {"x": start["x"], "y": start["y"]}
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    for step in range(1, 9):
        moved = {"x": start["x"] - 10 * step, "y": start["y"] + 3 * step}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [moved]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    turned = view(page)
    assert turned["yaw"] < first_view["yaw"] - 20
    assert turned["pitch"] > first_view["pitch"]
    assert service.state()["board"] == {}

    target = next(name for name in in_sight(spots(page)) if name.startswith("G-"))
    spot = spots(page)[target]
    page.touchscreen.tap(spot["x"], spot["y"])
    expect(cube_hole(page, target)).to_have_attribute("data-team", "0")
    assert list(service.state()["board"]) == [target]


def test_keys_move_between_holes_turn_the_cube_and_place(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, **DESKTOP)
    start_qubic(service)
    expect(page.locator("#turn")).to_contain_text("Red (player 1): place a Man")
    expect(cube_hole(page, "R-I-S")).to_have_attribute("tabindex", "0")
    expect(page.locator('#cube [data-cube-hole][tabindex="0"]')).to_have_count(1)
    expect(cube_hole(page, "Y-II-H")).to_have_attribute(
        "aria-label", "Y-II-H: yellow panel, floor II, hearts; empty; lit: you may place here"
    )
    cube_hole(page, "R-I-S").focus()
    for key in ["ArrowRight", "PageUp", "ArrowUp"]:
        page.keyboard.press(key)
    expect(cube_hole(page, "Y-II-H")).to_be_focused()
    first_view = view(page)
    page.keyboard.press("Shift+ArrowRight")
    assert view(page)["yaw"] == pytest.approx(first_view["yaw"] + 15)
    expect(cube_hole(page, "Y-II-H")).to_be_focused()
    page.keyboard.press("Enter")
    expect(cube_hole(page, "Y-II-H")).to_have_attribute("data-team", "0")
    assert list(service.state()["board"]) == ["Y-II-H"]
    expect(cube_hole(page, "Y-II-H")).to_have_attribute(
        "aria-label", "Y-II-H: yellow panel, floor II, hearts; Red man; the last move"
    )
    page.keyboard.press("Home")
    assert view(page) == first_view
    expect(page.locator('#cube [data-cube-hole][tabindex="0"]')).to_have_count(1)

    # Blue's Man taken back: it is to be lifted (ringed), and Red's is the last move again.
    for key in ["ArrowRight", "Enter"]:
        page.keyboard.press(key)
    expect(cube_hole(page, "Y-II-D")).to_have_attribute("data-team", "1")
    expect(cube_hole(page, "Y-II-D")).to_have_class(re.compile(r"\bcube-last\b"))
    page.click("#undo")
    expect(cube_hole(page, "Y-II-H")).to_have_class(re.compile(r"\bcube-last\b"))
    expect(page.locator("#cube .cube-last")).to_have_count(1)
    expect(cube_hole(page, "Y-II-D")).to_have_attribute(
        "aria-label",
        "Y-II-D: yellow panel, floor II, diamonds; a man the game does not know; fix this hole",
    )
    cube_hole(page, "Y-II-D").focus()
    page.keyboard.press("Space")
    expect(cube_hole(page, "Y-II-D")).to_have_attribute(
        "aria-label", "Y-II-D: yellow panel, floor II, diamonds; empty; lit: you may place here"
    )
    assert list(service.state()["sensed"]) == ["Y-II-H"]


def differences(actual: Image.Image, reference: Image.Image) -> tuple[float, float, Image.Image]:
    """The share of pixels changed beyond CHANGED_LEVEL, the mean difference, and the difference
    image (each pixel its largest channel difference)."""
    difference = ImageChops.difference(actual.convert("RGB"), reference.convert("RGB"))
    largest = ImageChops.lighter(
        ImageChops.lighter(difference.getchannel("R"), difference.getchannel("G")),
        difference.getchannel("B"),
    )
    histogram = largest.histogram()
    pixels = actual.width * actual.height
    changed = sum(histogram[CHANGED_LEVEL + 1 :]) / pixels
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    return changed, mean, largest


def test_cube_picture_matches_its_reference(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service, **DESKTOP, color_scheme="dark", reduced_motion="reduce")
    start_qubic(service)
    for red, blue in zip(RED, [*BLUE, None], strict=True):
        assert service.post("/api/sim/place", {"hole": red}).status_code == 200
        expect(flat_hole(page, red)).to_have_attribute("data-team", "0")
        if blue:
            assert service.post("/api/sim/place", {"hole": blue}).status_code == 200
            expect(flat_hole(page, blue)).to_have_attribute("data-team", "1")
    expect(page.locator("#turn")).to_contain_text("Red wins!")
    state = service.state()
    # The past game's state drawn in a cube of a fixed size at the first view, as a replay would.
    page.evaluate(
        """async (state) => {
            const { createCube } = await import('./cube3d.js');
            const box = document.createElement('div');
            box.id = 'cube-picture';
            box.style.cssText = 'position: fixed; left: 0; top: 0; width: 448px; z-index: 9;' +
                'background: #101418';
            document.body.append(box);
            createCube(box).render(state);
        }""",
        state,
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    actual_path = SCREENSHOTS / "cube3d.png"
    page.locator("#cube-picture svg").screenshot(path=str(actual_path), animations="disabled")
    if UPDATE_REFERENCE:
        REFERENCE.parent.mkdir(exist_ok=True)
        REFERENCE.write_bytes(actual_path.read_bytes())
    actual = Image.open(actual_path)
    reference = Image.open(REFERENCE)
    assert actual.size == reference.size
    changed, mean, largest = differences(actual, reference)
    if changed > CHANGED_SHARE_MAX or mean > MEAN_DIFFERENCE_MAX:
        largest.point(lambda level: 255 if level > CHANGED_LEVEL else 0).save(
            SCREENSHOTS / "cube3d-difference.png"
        )
    assert changed <= CHANGED_SHARE_MAX, (
        f"{changed:.2%} of the pixels changed; see {SCREENSHOTS}/cube3d-difference.png"
    )
    assert mean <= MEAN_DIFFERENCE_MAX
    # The picture shows the game: the rod in Red's colour crosses the cube.
    data = actual.convert("RGB").tobytes()
    pixels = list(zip(data[0::3], data[1::3], data[2::3], strict=True))
    reds = sum(1 for r, g, b in pixels if r > 230 and g < 60 and b < 40)
    blues = sum(1 for r, g, b in pixels if b > 230 and r < 40 and g < 110)
    assert reds > 2 * blues > 0, json.dumps({"red": reds, "blue": blues})
