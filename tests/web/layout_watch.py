"""Watch the page hold still: the browser's layout shifts and where the board's holes and cells
are.

``start(page)`` begins recording layout shifts (the Layout Instability API, buffered, so shifts
before the call count too); ``cls(page)`` is their sum since then, shifts right after an input
excluded as the API defines; ``boxes(page)`` is where every hole or cell of the live board is.
"""

from __future__ import annotations

from playwright.sync_api import Page

Box = tuple[float, float, float, float]
"""x, y, width, height in CSS pixels, relative to the document (scrolling does not move it)."""

_START = """() => {
  if (window.__layoutShifts !== undefined) return;
  window.__layoutShifts = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__layoutShifts.push(entry.value);
    }
  }).observe({type: "layout-shift", buffered: true});
}"""

_BOXES = """() => Object.fromEntries(
  [...document.querySelectorAll("#board [data-hole], #board [data-cell]")].map(e => {
    const r = e.getBoundingClientRect();
    return [e.dataset.hole || e.dataset.cell,
            [r.x + window.scrollX, r.y + window.scrollY, r.width, r.height]];
  }))"""


def start(page: Page) -> None:
    """Record the page's layout shifts from its load on (once per page)."""
    page.evaluate(_START)


def cls(page: Page) -> float:
    """The cumulative layout shift recorded since ``start``."""
    total: float = page.evaluate("() => (window.__layoutShifts || []).reduce((a, b) => a + b, 0)")
    return total


def boxes(page: Page) -> dict[str, Box]:
    """The box of every hole (spaceboard, Flip 4) or cell (Olix) of the live board, by name."""
    found: dict[str, list[float]] = page.evaluate(_BOXES)
    return {name: (box[0], box[1], box[2], box[3]) for name, box in found.items()}
