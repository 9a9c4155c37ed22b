"""Watch a page for layout movement: the Layout Instability API's shifts and every hole's box.

    watch = LayoutWatch(page)       # after the page shows its board (selector=: what to watch;
                                    # from_load=True: count the shifts since the page's load)
    ... an action ...
    watch.snap("after the roll")    # every hole's/cell's box, compared with the first snap
    assert watch.moves() == []      # (label, hole, first box, this box) of each box that moved
    assert watch.shift() <= 0.01    # the sum of every layout shift since the watch began

``shift()`` counts every ``layout-shift`` entry, also those within 500 ms of a tap
(``hadRecentInput``), which the browsers' cumulative layout shift leaves out: a board that moves
just after a tap is the one a quick second tap misses. ``cls()`` leaves them out, as the browsers
do. Boxes are in document pixels, so a scroll moves no hole; the action bar's buttons are fixed to
the screen, so a watch of them should not scroll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

TARGETS = "[data-hole], [data-cell]"
"""What a finger taps on every board: the spaceboard's holes, Flip 4's squares, Olix's cells."""

BAR = "#roll, #flix, #penalty, #undo"
"""The action bar's buttons (named by their ids): add them with ``f"{TARGETS}, {BAR}"``."""

TOLERANCE_PX = 0.5

_INSTALL = """(fromLoad) => {
  const entries = [];
  const since = fromLoad ? 0 : performance.now();
  window.__layoutWatch = entries;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime < since || window.__layoutWatch !== entries) continue;
      entries.push({
        value: entry.value,
        recent: entry.hadRecentInput,
        at: entry.startTime,
        sources: (entry.sources ?? []).map((source) => {
          const node = source.node;
          const name = node instanceof Element
            ? node.tagName.toLowerCase() + (node.id ? "#" + node.id : "")
              + (node.className && typeof node.className === "string"
                ? "." + node.className.trim().split(/\\s+/).join(".") : "")
            : String(node?.nodeName ?? "?");
          return {node: name, before: source.previousRect.toJSON(),
                  after: source.currentRect.toJSON()};
        }),
      });
    }
  }).observe({type: "layout-shift", buffered: true});
}"""

_SETTLED = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
  () => setTimeout(() => done(window.__layoutWatch), 0))))"""
"""The shifts once two more frames are drawn: a shift is reported after its frame."""

_BOXES = """(selector) => Object.fromEntries([...document.querySelectorAll(selector)].map((e) => {
  const r = e.getBoundingClientRect();
  return [e.dataset.hole ?? e.dataset.cell ?? e.id,
          [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height]];
}))"""


@dataclass(frozen=True)
class Move:
    """A hole or cell whose box at ``label`` differs from its first box ([x, y, width, height])."""

    label: str
    target: str
    first: tuple[float, ...]
    now: tuple[float, ...]


@dataclass(frozen=True)
class Shift:
    """One ``layout-shift`` entry: its score, whether it followed a tap, what moved."""

    value: float
    recent: bool
    sources: tuple[dict[str, Any], ...]


@dataclass
class LayoutWatch:
    """Layout shifts of ``page`` from now on (``from_load``: from its load on) and its target
    boxes from now on (see the module's docstring)."""

    page: Page
    selector: str = TARGETS
    from_load: bool = False
    first: dict[str, tuple[float, ...]] = field(init=False)
    _moves: list[Move] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.page.evaluate(_INSTALL, self.from_load)
        self.first = self._boxes()
        assert self.first, f"no {self.selector} on the page to watch"

    def _boxes(self) -> dict[str, tuple[float, ...]]:
        boxes: dict[str, list[float]] = self.page.evaluate(_BOXES, self.selector)
        return {name: tuple(box) for name, box in boxes.items()}

    def snap(self, label: str) -> list[Move]:
        """Compare every box with its first; the moves found now (also kept for ``moves()``).
        A target that appeared or vanished counts as moved."""
        now = self._boxes()
        found = [
            Move(label, name, self.first.get(name, ()), now.get(name, ()))
            for name in sorted(self.first.keys() | now.keys())
            if name not in now
            or name not in self.first
            or any(
                abs(a - b) > TOLERANCE_PX for a, b in zip(self.first[name], now[name], strict=True)
            )
        ]
        self._moves += found
        return found

    def moves(self) -> list[Move]:
        """Every move ``snap`` found so far."""
        return list(self._moves)

    def shifts(self) -> list[Shift]:
        """Every layout shift since the watch began."""
        entries: list[dict[str, Any]] = self.page.evaluate(_SETTLED)
        return [Shift(e["value"], e["recent"], tuple(e["sources"])) for e in entries]

    def shift(self) -> float:
        """The sum of every layout shift, those after a tap included."""
        return sum(entry.value for entry in self.shifts())

    def cls(self) -> float:
        """Cumulative layout shift as the browsers count it (shifts after a tap left out)."""
        return sum(entry.value for entry in self.shifts() if not entry.recent)
