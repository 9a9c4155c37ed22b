"""The board's voice on the page, in Chromium against a real ``flixboard run --board sim``: this
device says the server's lines when asked to (off by default), and mutes or sets the board's
own voice."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Response, expect
from web_support import Service, shown_live

pytestmark = [pytest.mark.browser, pytest.mark.live]

SPEAKS = "[voice]\nenabled = true\n"
RECORD_SPEECH = """
window.saidHere = [];
// Chromium here has no voices (no speech-dispatcher): the page is given one, as a desktop has.
window.speechSynthesis.getVoices = () => [{ name: "Test voice", lang: "en-GB", default: true }];
const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
window.speechSynthesis.speak = (utterance) => {
  window.saidHere.push(utterance.text);
  speak(utterance);
};
"""
"""Records what the page hands to the browser's speech synthesis (which still says it), in a
browser that has a voice."""


def posted(response: Response) -> bool:
    return response.url.endswith("/api/voice") and response.request.method == "POST"


def said_here(page: Page) -> list[str]:
    return list(page.evaluate("window.saidHere"))


def test_this_device_says_the_board_s_lines_only_when_asked(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(config='[game]\nvariant = "qubic"\n[voice]\nenabled = false\n')
    page = open_page(service)
    page.add_init_script(RECORD_SPEECH)
    page.reload()
    shown_live(page)
    expect(page.locator("#speak")).to_have_text("Voice here off")
    assert service.post("/api/sim/place", {"hole": "R-I-S"}).status_code == 200
    expect(page.locator('[data-hole="R-I-S"]')).to_have_attribute("data-team", "0")
    assert said_here(page) == []  # off by default
    page.click("#speak")
    expect(page.locator("#speak")).to_have_attribute("aria-pressed", "true")
    assert service.post("/api/sim/place", {"hole": "Y-I-S"}).status_code == 200
    page.wait_for_function("window.saidHere.length > 0")
    assert said_here(page) == ["Red to play."]  # the server's own words
    # The board itself does not speak: its card says so, with nothing to mute.
    expect(page.locator("#voice-none")).to_be_visible()
    expect(page.locator("#voice-controls")).to_be_hidden()


def test_the_page_mutes_the_board_and_sets_its_volume(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service = launch_service(config=SPEAKS)
    page = open_page(service)
    expect(page.locator("#voice-controls")).to_be_visible()
    expect(page.locator("#voice-none")).to_be_hidden()
    assert service.client.get("/api/voice").json()["muted"] is False
    with page.expect_response(posted):
        page.check("#voice-mute")
    expect(page.locator("#voice-mute")).to_be_checked()
    with page.expect_response(posted):
        page.locator("#voice-volume").fill("35")
    voice = service.client.get("/api/voice").json()
    assert voice == {"speaks": True, "engine": "espeak-ng", "muted": True, "volume": 35}
