"""docs/DESIGN.md holds the design and docs/benchmarks.md what was measured: no dated run, no
figure timed "here" or "on a busy machine" in the design; the design's figures keep their home
in the benchmarks."""

from __future__ import annotations

import re

from tests.docs.manual import page

MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
MEASUREMENT = re.compile(
    rf"\b\d{{1,2}} (?:{MONTHS})\b"  # a run's date: "29 November 2026"
    r"|\bmeasured (?:on|here|with)\b"
    r"|\d µs"  # timings of a machine, not settings of the design
    r"|\d[\d.,-]* ?(?:ms|s|µs)\b[^.;()]*?\b(?:here|on a busy)\b",
    re.IGNORECASE,
)


def measurements(text: str) -> list[str]:
    """The lines of ``text`` that report a measurement."""
    return [line.strip() for line in text.splitlines() if MEASUREMENT.search(line)]


def test_the_design_reports_no_measurement() -> None:
    assert measurements(page("DESIGN.md")) == []


def test_the_design_figures_are_kept_in_the_benchmarks() -> None:
    figures = page("benchmarks.md")
    assert "## The figures behind the design" in figures
    assert "## The API's fuzz" in figures
    assert "benchmarks.md#the-figures-behind-the-design" in page("DESIGN.md")


def test_the_check_finds_the_measurements_the_design_held() -> None:
    """Lines the design held before its figures moved (and settings it keeps) are told apart."""
    held = (
        "  Measured on 29 November 2026 with every check over all 35 operations\n"
        "  a new FLIX game, 1.6 kB): checking the state against `State` took about 21 µs (it is\n"
        "  through the rules took 9-70 ms on a busy machine, before the frame\n"
        "  17 ms per side per join here, once per join; writing a PAKE by hand is exactly what\n"
    )
    assert len(measurements(held)) == 4
    kept = (
        "  A change is accepted only after it is stable for `settle_ms` (default 120 ms)\n"
        "  (`Link`: a pause growing to 5 s, subscribe again, say online, resync)\n"
    )
    assert measurements(kept) == []
