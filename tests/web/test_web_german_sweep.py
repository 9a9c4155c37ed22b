"""No English left on a German page: in Chromium at a phone's size (390x844) and a desktop's
(1280x800), a page set to German walks the main screens (the game with the computer's reasons
in the log, the New-game form, the 3-D view, a refused order, the remote panel hosting a game,
the history card with a kept game's replay, and the settings page) and its visible text holds
none of the English words these screens showed before they were translated. Screenshots of
each screen go to the test's folder (and to ``FLIXBOARD_SHOTS`` when set) to be looked at."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from broker_support import Mosquitto
from playwright.sync_api import Page, ViewportSize, expect
from web_support import Service, shown_live

from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.broker, pytest.mark.live]

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1280, height=800)
ENGLISH = re.compile(
    r"\b(the|and|of|to|is|with|for|your|this|cannot|Roll|Hint|Undo|Show|Hide|Save|Restart|"
    r"Settings|Board|Game|Games|Players?|Seat|Team|Token|Sound|Voice|Volume|Colour|Floor|Suit|"
    r"Older|Newer|Step|Drag|Tap|hole|holes|Men|Man|placed|rolled|rolls|plays|blocks|odds|"
    r"expected|waiting|connected|host|Host|Join|Leave|Remote|Lights|Language|Password|Login|"
    r"Cancel|Yes|abandoned|won|draw|moves|Simulated|Front|panel|level|Level|Plays|seconds|optional|"
    r"partners|Everyone|alone|dice|tokens|own|live)\b"
)
"""English words the screens showed before they were translated (none is German)."""


def assert_german(page: Page) -> None:
    """No English word in the page's visible text (each shown with what stands around it)."""
    text = re.sub(r"\S+://\S+", "", page.locator("body").inner_text())  # addresses stay as they are
    found = [text[max(0, m.start() - 30) : m.end() + 30] for m in ENGLISH.finditer(text)]
    assert not found, "English on the German page:\n" + "\n---\n".join(found)


def shoot(page: Page, folder: Path, name: str) -> None:
    """A full-page screenshot in the test's folder, and in ``FLIXBOARD_SHOTS`` when set."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    folders = [
        folder,
        *([Path(os.environ["FLIXBOARD_SHOTS"])] if "FLIXBOARD_SHOTS" in os.environ else []),
    ]
    for where in folders:
        where.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(where / f"{name}-{width}.png"), full_page=True)


def my_throw(service: Service) -> bool:
    """The person (seat 0) is to throw: the computer has answered (the state, when not)."""
    state = service.state()
    if state["phase"] == "await_roll" and state["to_move"] == 0:
        return True
    my_throw.__doc__ = (
        f"seat 0 to throw; now {state['phase']}, seat {state['to_move']} to move, "
        f"computer move {state['computer_move']}, seats {state['seats']}, "
        f"last events {state['events'][-4:]}"
    )
    return False


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_german_page_shows_no_english_on_its_main_screens(
    viewport: ViewportSize,
    tmp_path: Path,
    mosquitto: Mosquitto,
    launch_service: Callable[..., Service],
    open_page: Callable[..., Page],
) -> None:
    config = f'[board]\nfix_after_s = 0.0\n[remote]\nbroker = "{mosquitto.url}"\n'
    service = launch_service(config=config, args=["--computer", "2:1"])
    # seed 7: the computer's throw (the seed's first) lights one empty hole, away from R-IV-S;
    # three FLIX faces would hand its placement to the person, whose throw is waited for
    lucky = {"variant": "lucky", "players": 2, "seed": 7}
    assert service.post("/api/new_game", lucky).status_code == 200
    page = open_page(service, viewport=viewport)
    page.select_option("#page-language", "de")
    expect(page.locator("#roll")).to_have_text("Würfeln")

    # the game: a throw, a Man placed, the computer's answer; a hint with the computer's reason
    assert service.post("/api/roll", {"faces": "red/I/spades"}).status_code == 200
    wait_until(lambda: service.state()["phase"] == "await_place", timeout=30.0)
    page.click(f'[data-hole="{service.state()["allowed"][0]}"]')
    wait_until(
        lambda: any(e["type"] == "computer" for e in service.state()["events"]), timeout=60.0
    )
    expect(page.locator("#log")).to_contain_text("Computer")
    # a refused order (a second throw), as the page shows the board's refusal
    wait_until(partial(my_throw, service), timeout=120.0)
    assert service.post("/api/roll", {"faces": "red/IV/spades"}).status_code == 200
    wait_until(lambda: service.state()["phase"] == "await_place", timeout=30.0)
    page.click("#hint")  # the computer's best move and its reason
    expect(page.locator("#hint-text")).to_contain_text("Tipp für Rot (Spieler 1)")
    expect(page.locator("#hint-text")).to_contain_text("(")
    page.evaluate("import('./orders.js').then((orders) => orders.command('/api/roll', {}))")
    expect(page.locator("#message")).to_contain_text("kann jetzt nicht würfeln")
    shoot(page, tmp_path, "game")
    assert_german(page)

    # the remote panel, hosting this game
    hosted = service.post("/api/remote/host", {})
    assert hosted.status_code == 200, hosted.text
    page.reload()  # the page reads the hosted game at its start, in the language it chose
    shown_live(page)
    expect(page.locator("#remote-role")).to_have_text("Dieses Brett ist Gastgeber des Spiels.")
    shoot(page, tmp_path, "remote")
    assert_german(page)
    page.click("#remote-leave")
    expect(page.locator("#remote-off")).to_be_visible()

    # a kept game in the history, replayed
    assert service.post("/api/resign", {"seat": 0}).status_code == 200
    page.locator("#history-title").scroll_into_view_if_needed()
    page.locator("#history-list button").first.click()
    expect(page.locator("#replay-title")).to_contain_text("Spiel #1")
    page.click("#replay-forward")
    expect(page.locator("#replay-move")).to_contain_text("Schritt 1 von")
    shoot(page, tmp_path, "history")
    assert_german(page)

    # the settings page follows the page's language, its question for the token too
    page.goto(service.url + "/settings.html")
    expect(page.locator("#token-reason")).to_contain_text("Dieses Brett verlangt seinen Schlüssel")
    assert_german(page)
    token = re.search(r"give it the token ([A-Za-z0-9_-]+)", service.output())
    assert token is not None
    page.fill("#token-input", token[1])
    page.click("#token-ok")
    expect(page.locator("#save")).to_have_text("Speichern")
    expect(page.locator("#board-kind")).to_have_text("das simulierte Brett, das FLIX-Raumbrett")
    shoot(page, tmp_path, "settings")
    assert_german(page)
