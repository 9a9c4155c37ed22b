"""The bill of materials' datasheet check (``wiring/BOM.md``, "Ratings checked against
datasheets"): every part that carries power or sets a limit has a row with a datasheet value or
an honest "not confirmed" and a source, and the worst cases it states for the supplies are the
wiring files' own (their ``[power]`` tables, the Pico's fixed LED budget, full white on every
pixel)."""

from __future__ import annotations

import re
import tomllib

from hal.geometry import load_geometry
from hal.power import PowerBudget, load_power
from tests.docs.manual import REPO, first_table

BOM = REPO / "wiring" / "BOM.md"
WIRING = REPO / "wiring"
CHECKED = (
    "GST25A05",
    "GST18A05",
    "GST60A05",
    "DC jack",
    "LD1117V33",
    "DRV5055",
    "CD74HC4067",
    "74AHCT125",
    "WS2812B",
    "DRV5033",
    "DRV5023",
    "DRV5032",
    "AO3401A",
    "1N4148",
    "Reed switch",
    "1000 µF",
    "18 AWG",
)
"""The parts whose ratings matter: the supplies, the jack, the regulator, the chips, the sensors,
the pixels, the row switch, the diodes, the capacitors and the wire."""


def rows() -> list[list[str]]:
    return first_table(BOM.read_text(encoding="utf-8"), "| Part | Rating that matters")


def row_of(part: str) -> list[str]:
    return next(row for row in rows() if part in row[0])


def pico_budget_ma() -> float:
    """``LED_BUDGET_MA`` of the firmware, fixed in the UF2."""
    pins = (REPO / "firmware" / "pins.py").read_text(encoding="utf-8")
    match = re.search(r"^LED_BUDGET_MA = const\((\d+)\)", pins, flags=re.MULTILINE)
    assert match is not None
    return float(match.group(1))


def power(name: str) -> PowerBudget:
    table = tomllib.loads((WIRING / name).read_text(encoding="utf-8"))["power"]
    return load_power(table, name)


def worst_a(supply: PowerBudget, pixels: int, led_budget_ma: float) -> str:
    """What the board draws at most from ``supply``: full white on every pixel, held to
    ``led_budget_ma``, plus the rest of the board; as the table writes it."""
    white = supply.current_ma([(255, 255, 255)] * pixels, 1.0)
    return f"{(min(white, led_budget_ma) + supply.other_ma) / 1000:.3g} A"


def test_every_rating_that_matters_has_a_row_a_value_and_a_source() -> None:
    table = rows()
    assert [part for part in CHECKED if not any(part in row[0] for row in table)] == []
    for row in table:
        assert len(row) == 6 and all(row), row
        value = row[2].lower()
        assert re.search(r"\d", value) or "not confirmed" in value, row


def test_the_supplies_worst_cases_are_the_wiring_files() -> None:
    spaceboard = power("leds.toml")
    flip4, olix = load_geometry("flip4").pixel_count, load_geometry("olix").pixel_count
    firmware = pico_budget_ma()
    assert worst_a(spaceboard, 72, firmware) == "3.2 A"  # the firmware's budget is the file's
    assert spaceboard.budget_ma == firmware
    assert worst_a(spaceboard, 72, firmware) in row_of("GST25A05")[3]
    assert worst_a(power("flip4.toml"), flip4, firmware) in row_of("GST18A05")[3]
    assert worst_a(power("flip4-pi.toml"), flip4, power("flip4-pi.toml").budget_ma) == "2.11 A"
    olix_pico = worst_a(power("olix.toml"), olix, firmware)
    olix_pi = worst_a(power("olix-pi.toml"), olix, power("olix-pi.toml").budget_ma)
    assert (olix_pico, olix_pi) == ("2.8 A", "4.8 A")
    assert olix_pico in row_of("GST60A05")[3] and olix_pi in row_of("GST60A05")[3]
    assert olix_pi in row_of("18 AWG")[3] and olix_pi in row_of("DC jack")[3]
