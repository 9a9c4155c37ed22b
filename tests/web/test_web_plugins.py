"""The page's plug points (registry.js, views.js) as a module of its own would use them: a panel,
an extra board view whose taps act as taps on the flat view, a variant's own main view, and a
replayed position shown on the board views."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service

pytestmark = [pytest.mark.browser, pytest.mark.live]

REGISTER = """async () => {
  const registry = await import("/registry.js");
  registry.registerPanel({
    id: "probe-panel",
    title: "Probe",
    mount(section, context) {
      const text = document.createElement("p");
      text.id = "probe-text";
      section.append(text);
      const show = (view) => { text.textContent = `${context.state.info.board} ${view.phase}`; };
      return { show };
    },
  });
  registry.registerBoardView({
    id: "probe-view",
    role: "extra",
    fits: (view) => view.variant === "qubic",
    key: () => "",
    mount(container, { onHole }) {
      const button = document.createElement("button");
      button.id = "probe-hole";
      button.addEventListener("click", () => onHole("G-II-H"));
      container.append(button);
      return { paint: (view) => { button.textContent = String(Object.keys(view.board).length); } };
    },
  });
}"""

MAIN_VIEW = """async () => {
  const registry = await import("/registry.js");
  registry.registerBoardView({
    id: "probe-main",
    role: "main",
    fits: (view) => view.variant === "qubic",
    key: () => "",
    mount(container) {
      container.textContent = "probe";
      return { paint: () => {} };
    },
  });
}"""


def test_modules_plug_in_panels_and_board_views(
    service: Service, open_page: Callable[..., Page]
) -> None:
    page = open_page(service)
    page.evaluate(REGISTER)
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).status_code == 200
    expect(page.locator("#probe-panel h2")).to_have_text("Probe")
    expect(page.locator("#probe-text")).to_have_text("sim await_place")
    extra = page.locator('#extra-views [data-view="probe-view"]')
    expect(extra).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("data-view", "flat")
    page.click("#probe-hole")  # a tap in the extra view acts as one on the flat view
    expect(page.locator('[data-hole="G-II-H"]')).to_have_attribute("data-team", "0")
    expect(page.locator("#probe-hole")).to_have_text("1")

    # A replayed position shows on every board view; taps then leave the live board alone.
    page.evaluate(
        """async () => (await import("/views.js")).showReplay({
             variant: "qubic", phase: "game_over", team_of_seat: [0, 1],
             board: {"R-I-S": {team: 1, piece: "man"}}, allowed: [], scored_lines: [] })"""
    )
    expect(page.locator('[data-hole="R-I-S"]')).to_have_attribute("data-team", "1")
    expect(page.locator('[data-hole="G-II-H"]')).not_to_have_attribute("data-team", "0")
    page.click('[data-hole="B-IV-C"]')
    page.evaluate("""async () => (await import("/views.js")).showReplay(null)""")
    expect(page.locator('[data-hole="G-II-H"]')).to_have_attribute("data-team", "0")
    assert "B-IV-C" not in service.state()["sensed"]

    # A variant's own main view, registered after the flat one, takes the board's place.
    page.evaluate(MAIN_VIEW)
    assert service.post("/api/new_game", {"variant": "qubic", "players": 2}).status_code == 200
    expect(page.locator("#board")).to_have_attribute("data-view", "probe-main")
    expect(page.locator("#board")).to_have_text("probe")
    assert service.post("/api/new_game", {"variant": "lucky", "players": 2}).status_code == 200
    expect(page.locator("#board")).to_have_attribute("data-view", "flat")
    expect(page.locator(".hole")).to_have_count(64)
