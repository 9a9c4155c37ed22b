"""The board's health on the page, in Chromium against a real ``flixboard run --board sim``: a
sensor whose wire breaks (``POST /api/sim/wire``) turns the status beside the title to "sensor
fault", the health line under the board names its hole, so does the fix box (the hole reads a
piece that never leaves), and all go when the wire is mended."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

BROKEN = "The sensor under R-I-S reads 0.0 V: its wire is broken or the sensor is missing."


def test_a_broken_sensor_wire_is_named_on_the_health_line_until_it_is_mended(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    health = page.locator("#board-health")
    expect(health).to_be_hidden()
    assert service.post("/api/sim/wire", {"hole": "R-I-S", "broken": True}).status_code == 200
    expect(health).to_have_text(BROKEN)
    expect(page.locator("#connection")).to_have_text("sensor fault")
    expect(page.locator("#connection")).to_have_attribute("data-board", "fault")
    expect(page.locator("#fix")).to_have_text(BROKEN)  # not "Lift the Man from R-I-S"
    assert service.post("/api/sim/wire", {"hole": "R-I-S", "broken": False}).status_code == 200
    expect(health).to_be_hidden()
    expect(page.locator("#connection")).to_have_text("live")
