"""Setting a board up from its page, in Chromium against a real ``flixboard run --board sim``:
the first-run screen, every setting of the page changed, in use at once where it can be, the
service restarted from the page (the same process, started again), every value kept, the owner's
comments kept in the TOML file; the QR code is of the page's address with the token, and a phone
opening that address is allowed to play without typing the token. axe finds nothing serious on
the settings page in either theme, on a phone or a desktop."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal

import msgspec
import pytest
import segno
from axe_support import run_axe, serious
from msgspec import Meta, Struct
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect
from web_support import REPO, Service, shown_live

from controller.config import Table
from controller.settings_spec import NEXT_GAME, NOW, RESTART, OnPage, specs
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.live]

FIXTURE = Path(__file__).with_name("settings_fixture.toml")
SHOTS = REPO / "build" / "screenshots"
TOKEN_KEY = "flixboard.token"
PHONE = ViewportSize(width=390, height=844)
LANDSCAPE = ViewportSize(width=844, height=390)
DESKTOP = ViewportSize(width=1280, height=800)


def first_token(service: Service) -> str:
    """The token a board not yet set up prints at its start."""
    found = re.search(r"give it the token ([A-Za-z0-9_-]+)", service.output())
    assert found, service.output()
    return found.group(1)


def comments(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.lstrip().startswith("#")]


def qr_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of segno's SVG path (``M x y`` and ``m dx dy`` moves, ``h n`` runs on
    the line through the modules' middles)."""
    path = ET.fromstring(svg).find("{http://www.w3.org/2000/svg}path")
    if path is None:
        path = ET.fromstring(svg).find("path")
    assert path is not None, svg
    x = y = 0.0
    dark: set[tuple[int, int]] = set()
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", path.attrib["d"]):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark.update((int(x) + i, int(y - 0.5)) for i in range(int(float(a))))
            x += float(a)
    return dark


def expected_modules(text: str) -> set[tuple[int, int]]:
    """The dark modules of ``text``'s QR code as segno computes it (a quiet zone of four)."""
    matrix = segno.make(text, error="m").matrix
    return {(x + 4, y + 4) for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark}


def open_settings(
    browser: Browser, service: Service, token: str, viewport: ViewportSize, has_touch: bool = False
) -> Page:
    page = browser.new_context(viewport=viewport, has_touch=has_touch).new_page()
    page.goto(service.url + "/settings.html")
    expect(page.locator("#token-dialog")).to_be_visible()  # the settings need the token
    page.fill("#token-input", token)
    page.click("#token-ok")
    expect(page.locator("#set-board-panels")).to_have_value(re.compile(r"^[RYGB]{4}$"))
    return page


def test_the_board_is_set_up_on_its_page_and_keeps_it_after_a_restart(
    launch_service: Callable[..., Service], browser: Browser, tmp_path: Path
) -> None:
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    token = first_token(service)
    config_file = service.log.parent / "config.toml"
    board = browser.new_context(viewport=DESKTOP).new_page()
    board.goto(service.url + "/")
    expect(board.locator("#settings-link")).to_have_text("Set up this board")

    page = open_settings(browser, service, token, viewport=DESKTOP)
    expect(page.locator("#first-run")).to_be_visible()
    expect(page.locator("#board-kind")).to_have_text("the simulated board, the FLIX spaceboard")
    expect(page.locator("#set-brightness")).to_have_value("40")
    expect(page.locator("#set-team-4")).to_have_value("Yellow")
    # the number fields' bounds are the settings' declared ranges (the page names none itself)
    expect(page.locator("#set-game-computer-movetime-ms")).to_have_attribute("max", "600000")
    expect(page.locator("#set-brightness")).to_have_attribute("max", "100")
    expect(page.locator("#set-voice-rate")).to_have_attribute("min", "80")

    # every setting of the page changed
    page.fill("#set-board-panels", "YRGB")
    page.fill("#set-board-suits", "HSDC")
    for i, name in enumerate(["Ann's", "Bo's", "Cy's", "Di's"], 1):
        page.fill(f"#set-team-{i}", name)
    page.fill("#set-brightness", "25")
    page.fill("#set-game-call-window", "2.5")
    page.uncheck("#set-game-hints")
    page.fill("#set-seat-1-name", "Ann")
    page.select_option("#set-seat-2-kind", "computer:4")
    page.fill("#set-seat-2-name", "Robo")
    page.fill("#set-game-computer-movetime-ms", "300")
    page.fill("#set-remote-broker", "mqtt://127.0.0.1:1883")
    page.fill("#set-remote-username", "board")
    page.fill("#set-remote-password", "s3cret-pass")
    expect(page.locator("#set-language")).to_have_value("en")
    page.select_option("#set-language", "de")
    page.click("#save")
    # the settings page, which chose no language of its own, speaks the board's new one
    expect(page.locator("#settings-message")).to_have_text(
        "Gespeichert. Einige Einstellungen brauchen einen Neustart (unten)."
    )
    expect(page.locator("#first-run")).to_be_hidden()
    expect(page.locator("#restart-what")).to_have_text(
        "Gespeichert, gilt nach einem Neustart: Platten von vorn nach hinten, "
        "Kartenfarben von links nach rechts."
    )
    expect(page.locator("#save")).to_have_text("Speichern")
    # names apply at once: the board's page says so without a restart
    expect(board.locator("#turn")).to_contain_text("Ann's")
    assert service.state()["team_names"][:2] == ["Ann's", "Bo's"]
    # and so does the language: the board's page, which chose none, follows it
    expect(board.locator("#turn")).to_contain_text("Ann's (Spieler 1): würfle.")
    expect(board.locator("#roll")).to_have_text("Würfeln")

    # the owner's comments are all still there, in their order
    written = config_file.read_text(encoding="utf-8")
    assert comments(written) == comments(FIXTURE.read_text(encoding="utf-8"))
    assert 'suits = "HSDC"   # left to right as seen from the front' in written

    # a wrong value is refused with its reason, and nothing is written
    page.fill("#set-game-call-window", "-3")
    page.click("#save")
    expect(page.locator("#settings-message")).to_contain_text("Nicht gespeichert:")
    expect(page.locator("#settings-message")).to_contain_text("call_window")
    assert config_file.read_text(encoding="utf-8") == written

    # restarted from the page: the same process starts again and keeps everything
    pid = service.process.pid
    page.click("#restart")
    page.click("#confirm-yes")
    expect(page.locator("#settings-message")).to_have_text(
        "Neu gestartet: alle Einstellungen gelten.", timeout=120_000
    )
    assert service.process.poll() is None and service.process.pid == pid
    assert "restarting with the new settings" in service.output()
    expect(page.locator("#restart-card")).to_be_hidden()
    page.reload()  # the token is kept: no question
    expect(page.locator("#set-board-panels")).to_have_value("YRGB")
    expect(page.locator("#token-dialog")).to_be_hidden()
    expect(page.locator("#set-board-suits")).to_have_value("HSDC")
    for i, name in enumerate(["Ann's", "Bo's", "Cy's", "Di's"], 1):
        expect(page.locator(f"#set-team-{i}")).to_have_value(name)
    expect(page.locator("#set-brightness")).to_have_value("25")
    expect(page.locator("#set-game-call-window")).to_have_value("2.5")
    expect(page.locator("#set-game-hints")).not_to_be_checked()
    expect(page.locator("#set-seat-1-kind")).to_have_value("human")
    expect(page.locator("#set-seat-1-name")).to_have_value("Ann")
    expect(page.locator("#set-seat-2-kind")).to_have_value("computer:4")
    expect(page.locator("#set-seat-2-name")).to_have_value("Robo")
    expect(page.locator("#set-game-computer-movetime-ms")).to_have_value("300")
    expect(page.locator("#set-remote-broker")).to_have_value("mqtt://127.0.0.1:1883")
    expect(page.locator("#set-remote-username")).to_have_value("board")
    password = page.locator("#set-remote-password")
    expect(password).to_have_attribute("placeholder", "(gesetzt: bleibt)")
    expect(page.locator("#first-run")).to_be_hidden()
    assert token not in service.output().rpartition("restarting with the new settings")[2]
    # in use: the next game is played as set (the game in play kept its own)
    game = {"variant": "lucky", "players": 2}
    auth = {"Authorization": f"Bearer {token}"}
    assert service.client.post("/api/new_game", json=game, headers=auth).status_code == 200
    state = service.state()
    assert state["options"]["panels"] == "YRGB" and state["options"]["suits"] == "HSDC"
    assert state["options"]["call_window"] == 2.5 and state["hints"] is False
    assert [(s["kind"], s["level"], s["name"]) for s in state["seats"]] == [
        ("human", None, "Ann"),
        ("computer", 4, "Robo"),
    ]
    assert state["team_names"] == ["Ann's", "Bo's"]


def test_a_phone_opening_the_qr_code_s_address_is_allowed_to_play(
    launch_service: Callable[..., Service], browser: Browser, open_page: Callable[..., Page]
) -> None:
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    token = first_token(service)
    page = open_settings(browser, service, token, viewport=DESKTOP)
    page.click("#save")  # set up as it is: the token is kept from now on
    expect(page.locator("#first-run")).to_be_hidden()

    link = page.locator("#page-link").get_attribute("data-link")
    assert link is not None and link.endswith(f"/#token={token}")
    assert "127.0.0.1" not in link  # a phone on the network can reach it
    svg = page.locator("#qr").inner_html()
    assert qr_modules(svg) == expected_modules(link)  # the code drawn is of that very address

    # a new phone without the token: opening the address is enough
    phone = open_page_at(browser, link)  # the board's network address, as a phone opens it
    assert phone.evaluate(f"localStorage.getItem('{TOKEN_KEY}')") == token
    assert "token" not in phone.url  # out of the address bar and the history
    phone.click("#roll")  # taken: a throw (a random one may pass the turn at once, dice unshown)
    wait_until(lambda: service.state()["last_throw"] is not None, "the phone's throw")
    expect(phone.locator("#token-dialog")).to_be_hidden()
    phone.goto(link.partition("#")[0] + "settings.html")  # the same site, so the same storage
    expect(phone.locator("#set-board-panels")).to_have_value("RYGB")
    expect(phone.locator("#token-dialog")).to_be_hidden()

    # a phone that did not scan is asked for the token
    stranger = open_page(service, viewport=PHONE)
    stranger.goto(service.url + "/settings.html")
    expect(stranger.locator("#token-dialog")).to_be_visible()
    assert stranger.evaluate(f"localStorage.getItem('{TOKEN_KEY}')") is None


def open_page_at(browser: Browser, address: str) -> Page:
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    phone.goto(address)
    shown_live(phone)
    return phone


def test_the_settings_page_reads_well_on_a_phone_and_a_desktop_in_both_themes(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    token = first_token(service)
    SHOTS.mkdir(parents=True, exist_ok=True)
    found = []
    for size, viewport in (("phone", PHONE), ("landscape", LANDSCAPE), ("desktop", DESKTOP)):
        page = open_settings(browser, service, token, viewport=viewport)
        page.fill("#set-board-panels", "YRGB")
        page.click("#save")
        expect(page.locator("#restart-card")).to_be_visible()
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            page.screenshot(path=str(SHOTS / f"settings-{size}-{theme}.png"), full_page=True)
            found += run_axe(page, f"settings {size} ({theme})")
        page.click("#new-token")
        expect(page.locator("#confirm-dialog")).to_be_visible()
        found += run_axe(page, f"settings {size}: a new token?")
        page.click("#confirm-no")
        expect(page.locator("#confirm-dialog")).to_be_hidden()
    assert serious(found) == [], "\n".join(str(v) for v in serious(found))


def test_the_board_s_shape_voice_and_token_are_set_on_the_page_and_kept_after_a_restart(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """No ``--board`` nor ``--geometry`` on the command line: the file's ``[board]`` chooses,
    and the page writes it; the voice's volume and a new token apply at once, the shape and the
    voice's engine after a restart, and the restarted service keeps them all."""
    service = launch_service(
        host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"), board=None, geometry=None
    )
    token = first_token(service)
    config_file = service.log.parent / "config.toml"
    auth = {"Authorization": f"Bearer {token}"}
    assert service.state()["geometry"]["key"] == "flix"

    page = open_settings(browser, service, token, viewport=DESKTOP)
    expect(page.locator("#set-backend")).to_have_value("sim")
    expect(page.locator("#set-geometry")).to_have_value("flix")
    expect(page.locator("#set-voice")).to_have_value("auto")
    expect(page.locator("#set-voice-engine")).to_have_value("espeak-ng")
    expect(page.locator("#set-voice-volume")).to_have_value("80")
    expect(page.locator("#set-voice-rate")).to_have_value("160")
    page.select_option("#set-geometry", "flip4")
    page.select_option("#set-voice", "off")
    page.select_option("#set-voice-engine", "piper")
    page.fill("#set-voice-volume", "55")
    page.fill("#set-voice-rate", "200")
    page.click("#save")
    expect(page.locator("#restart-what")).to_have_text(
        "Saved, and in use after a restart: Shape, The board speaks, Speech engine."
    )
    # the volume is in use at once; the shape only after the restart
    assert service.client.get("/api/voice", headers=auth).json()["volume"] == 55
    assert service.state()["geometry"]["key"] == "flix"
    written = config_file.read_text(encoding="utf-8")
    assert comments(written) == comments(FIXTURE.read_text(encoding="utf-8"))
    assert 'geometry = "flip4"' in written and "backend" not in written

    # a shape the page cannot offer is refused by the API with its reason, nothing written
    refused = service.client.post(
        "/api/settings", json={"board": {"geometry": "chess"}}, headers=auth
    )
    assert refused.status_code == 409 and "no board geometry 'chess'" in refused.text
    assert config_file.read_text(encoding="utf-8") == written

    # a new token, in use at once: the old one no longer opens the settings
    page.click("#new-token")
    page.click("#confirm-yes")
    expect(page.locator("#settings-message")).to_have_text(
        "A new token is in use: scan the new code with your phones."
    )
    new_token = page.locator("#token-text").text_content()
    assert new_token and new_token != token
    assert service.client.get("/api/settings", headers=auth).status_code == 401
    auth = {"Authorization": f"Bearer {new_token}"}
    assert service.client.get("/api/settings", headers=auth).status_code == 200

    page.click("#restart")
    page.click("#confirm-yes")
    expect(page.locator("#settings-message")).to_have_text(
        "Restarted: every setting is in use.", timeout=120_000
    )
    expect(page.locator("#board-kind")).to_have_text("the simulated board, Flip 4 (5x5)")
    assert service.client.get("/api/settings", headers=auth).status_code == 200  # kept
    expect(page.locator("#restart-card")).to_be_hidden()
    state = service.state()
    assert state["geometry"] == {"key": "flip4", "cells": 25, "rows": 5, "cols": 5}
    assert state["variant"] == "flip4"
    voice = service.client.get("/api/voice", headers=auth).json()
    assert voice["speaks"] is False and voice["volume"] == 55
    page.reload()
    expect(page.locator("#set-geometry")).to_have_value("flip4")
    expect(page.locator("#set-voice")).to_have_value("off")
    expect(page.locator("#set-voice-engine")).to_have_value("piper")
    expect(page.locator("#set-voice-volume")).to_have_value("55")
    expect(page.locator("#set-voice-rate")).to_have_value("200")
    # the board's page draws the flat board it now runs
    board = browser.new_context(viewport=DESKTOP).new_page()
    board.goto(service.url + "/")
    expect(board.locator(".flip4-board .square")).to_have_count(25)
    assert comments(config_file.read_text(encoding="utf-8")) == comments(written)


def test_a_setting_the_command_line_holds_says_so_beside_it_and_after_a_save(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """``make run`` starts ``flixboard run --board sim``: a board chosen on the page is written
    to the file but not used while the command line names its own, and the page says so where
    the choice is made and when it is saved, instead of jumping back to the simulated board
    with "Saved and in use"."""
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    token = first_token(service)
    config_file = service.log.parent / "config.toml"
    page = open_settings(browser, service, token, viewport=PHONE)
    held = page.locator("#set-backend-held")
    expect(held).to_have_text(
        "Set by the service's command line (--board sim): a choice here is saved in the file "
        "and used once the service starts without it."
    )
    board = page.locator("#set-backend").bounding_box()
    note = held.bounding_box()
    assert board and note and note["y"] >= board["y"] + board["height"]  # right under the choice
    expect(page.locator("#set-geometry-held")).to_contain_text("(--geometry flix)")
    expect(page.locator("#set-board-panels-held")).to_have_count(0)  # the rest is the file's
    page.select_option("#set-backend", "serial")
    page.click("#save")
    message = page.locator("#settings-message")
    expect(message).to_have_text(
        "Saved, but the service's command line keeps its own: Board (--board sim)."
    )
    expect(message).to_be_in_viewport()  # read where Save was pressed
    assert 'backend = "serial"' in config_file.read_text(encoding="utf-8")
    page.fill("#set-team-1", "Reds")  # a new change: the note of the last Save no longer covers
    expect(message).to_be_hidden()  # the bottom of the screen


def test_every_control_of_the_settings_page_is_big_enough_to_tap_on_a_phone(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """44 by 44 CSS pixels at least (a checkbox counts with the label that wraps it: a tap on
    its words ticks it), the header's link and the page's address included; and the board
    page's link to the settings (Set up this board) too."""
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    board = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    board.goto(service.url + "/")
    expect(board.locator("#settings-link")).to_have_text("Set up this board")
    link = board.locator("#settings-link").bounding_box()
    assert link and link["height"] >= 44 and link["width"] >= 44, link
    page = open_settings(browser, service, first_token(service), viewport=PHONE, has_touch=True)
    small = page.evaluate(
        """() => [...document.querySelectorAll('a, button, input, select')]
          .filter((e) => e.checkVisibility())
          .map((e) => [e.id || e.textContent.trim(),
                       (e.type === 'checkbox' ? e.closest('label') : e).getBoundingClientRect()])
          .filter(([, box]) => box.width < 44 || box.height < 44)
          .map(([name, box]) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`)"""
    )
    assert small == []


def test_a_board_on_this_machine_only_is_opened_to_phones_on_the_page(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """``make run`` serves 127.0.0.1 only, so the QR code's address is of no use to a phone:
    the page says so and offers the setting (``[http] address``) instead of sending the owner
    to the file; after the restart the board listens on every interface, on the same port, and
    the code is of its network address."""
    service = launch_service(config=FIXTURE.read_text(encoding="utf-8"), address_in_config=True)
    token = first_token(service)
    config_file = service.log.parent / "config.toml"
    page = open_settings(browser, service, token, viewport=PHONE)
    note = page.locator("#link-note")
    expect(note).to_have_text(
        "This board listens on this computer only, so a phone cannot reach it: tick "
        "“Phones on the network may open this board” above, press Save and restart."
    )
    said, code = note.bounding_box(), page.locator("#qr").bounding_box()
    assert said and code and said["y"] + said["height"] <= code["y"]  # read before scanning
    expect(page.locator("#set-lan")).not_to_be_checked()
    page.check("#set-lan")
    page.click("#save")
    expect(page.locator("#restart-what")).to_have_text(
        "Saved, and in use after a restart: Phones on the network may open this board."
    )
    port = service.url.rpartition(":")[2]
    assert f'address = "0.0.0.0:{port}"' in config_file.read_text(encoding="utf-8")
    page.click("#restart")
    page.click("#confirm-yes")
    expect(page.locator("#settings-message")).to_have_text(
        "Restarted: every setting is in use.", timeout=120_000
    )
    expect(note).to_be_hidden()
    expect(page.locator("#set-lan")).to_be_checked()
    link = page.locator("#page-link").get_attribute("data-link")
    assert link and "127.0.0.1" not in link and link.endswith(f":{port}/#token={token}")


def test_the_spaceboard_s_layout_is_asked_for_only_when_the_board_is_a_spaceboard(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """Panels and suits mean nothing to a flat board (Flip 4, Olix): the page does not offer
    them for one, and offers them again when the spaceboard is chosen."""
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    page = open_settings(browser, service, first_token(service), viewport=PHONE)
    expect(page.get_by_label("Panels front to back")).to_be_visible()
    page.select_option("#set-geometry", "flip4")
    for field in ("Panels front to back", "Suits left to right"):
        expect(page.get_by_label(field)).to_be_hidden()
    expect(page.get_by_text("How the spaceboard is laid out.")).to_be_hidden()
    page.select_option("#set-geometry", "olix")
    expect(page.get_by_label("Suits left to right")).to_be_hidden()
    page.select_option("#set-geometry", "flix")
    expect(page.get_by_label("Suits left to right")).to_be_visible()


def test_a_person_who_cancels_the_token_is_offered_it_again_and_no_empty_form(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    service = launch_service(host="0.0.0.0", config=FIXTURE.read_text(encoding="utf-8"))
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(service.url + "/settings.html")
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#settings-message")).to_have_text(
        "Cannot read the settings: the board needs its token for this"
    )
    expect(page.locator("#settings-form")).to_be_hidden()  # no empty fields to fill in vain
    page.get_by_role("button", name="Enter token").click()
    page.fill("#token-input", first_token(service))
    page.click("#token-ok")
    expect(page.locator("#set-board-panels")).to_have_value("RYGB")
    expect(page.get_by_role("button", name="Enter token")).to_be_hidden()
    expect(page.locator("#settings-message")).to_be_hidden()


def test_the_voice_card_says_whether_the_board_speaks_now(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """A voice set to speak where the board has a speaker says nothing where it has none: the
    card says what the board does now, beside the choice."""
    service = launch_service(
        host="0.0.0.0",
        config=FIXTURE.read_text(encoding="utf-8"),
        args=["--set", "voice.enabled=false"],
    )
    page = open_settings(browser, service, first_token(service), viewport=PHONE)
    expect(page.locator("#voice-now")).to_have_text(
        "Now: the board is silent (set to Never, or it has no speaker or speech engine)."
    )
    choice = page.locator("#set-voice").bounding_box()
    now = page.locator("#voice-now").bounding_box()
    assert choice and now and now["y"] < choice["y"]  # read before choosing
    page.select_option("#set-language", "de")
    page.click("#save")
    expect(page.locator("#voice-now")).to_have_text(
        "Jetzt: Das Brett schweigt (auf Nie gestellt, oder es hat keinen Lautsprecher oder "
        "keine Sprachausgabe)."
    )


class PlantedGame(Table, frozen=True):
    """A setting planted in a table the page has a card for."""

    pace: Annotated[
        Literal["slow", "brisk"], Meta(description="a planted choice"), OnPage(NOW, "Planted pace")
    ] = "brisk"


class Planted(Table, frozen=True):
    """A table of planted settings the page has no card for."""

    depth: Annotated[
        int,
        Meta(ge=2, le=9, description="a planted number"),
        OnPage(NEXT_GAME, "Planted depth", "How deep it plants."),
    ] = 3
    lit: Annotated[bool, Meta(description="a planted tick"), OnPage(RESTART, "Planted light")] = (
        True
    )


class PlantedRoot(Struct, frozen=True):
    game: PlantedGame = msgspec.field(default_factory=PlantedGame)
    planted: Planted = msgspec.field(default_factory=Planted)


def test_a_setting_declared_for_the_page_is_on_it_with_its_label_bounds_and_note(
    launch_service: Callable[..., Service], browser: Browser
) -> None:
    """The real answer of ``GET /api/settings`` with planted declarations added (as
    ``controller.settings_spec`` serves them): the page builds each one's field, in its table's
    card or a card of its own, with its label, input, bounds, help and note, and neither
    settings.html nor settings.js names them."""
    service = launch_service(config=FIXTURE.read_text(encoding="utf-8"))
    token = first_token(service)
    planted = msgspec.to_builtins(specs(PlantedRoot))

    def plant(route: Route) -> None:
        if route.request.method != "GET":
            route.continue_()
            return
        answer = route.fetch()
        if answer.status != 200:  # the token not given yet
            route.fulfill(response=answer)
            return
        body = answer.json()
        body["schema"] += planted
        for spec in planted:
            body["settings"].setdefault(spec["table"], {})[spec["key"]] = spec["default"]
        route.fulfill(response=answer, json=body)

    page = browser.new_context(viewport=PHONE).new_page()
    page.route("**/api/settings", plant)
    page.goto(service.url + "/settings.html")
    page.fill("#token-input", token)
    page.click("#token-ok")
    depth = page.get_by_label("Planted depth")
    expect(depth).to_have_value("3")
    expect(depth).to_have_attribute("type", "number")
    expect(depth).to_have_attribute("min", "2")
    expect(depth).to_have_attribute("max", "9")
    expect(page.locator("#set-planted-depth-help")).to_have_text(
        "How deep it plants. From the next game."
    )
    expect(page.locator('[data-table="planted"] h2')).to_have_text("planted")
    expect(page.locator('[data-table="planted"]').get_by_label("Planted light")).to_be_checked()
    expect(page.locator("#set-planted-lit-help")).to_have_text("Applies after a restart.")
    pace = page.locator('[data-table="game"]').get_by_label("Planted pace")
    expect(pace).to_have_value("brisk")
    expect(pace.locator("option")).to_have_text(["slow", "brisk"])
    expect(page.locator("#set-game-pace-help")).to_have_text("Applies now.")
    web = REPO / "controller" / "server" / "web"
    for name in ("settings.html", "settings.js"):
        assert "planted" not in (web / name).read_text(encoding="utf-8").lower()
    assert serious(run_axe(page, "settings with planted settings")) == []
