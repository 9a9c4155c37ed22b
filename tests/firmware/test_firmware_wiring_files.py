"""The wiring folder: the committed diagram is current, the udev rule names the Pico of the pin
map, the bill of materials lists the parts the pin map names."""

from __future__ import annotations

from pathlib import Path

from hal.pinmap import load_pico
from hal.serial_backend import DEFAULT_PORT
from wiring import diagram

WIRING = Path(diagram.__file__).parent


def test_committed_diagram_is_up_to_date() -> None:
    assert diagram.SVG_PATH.read_text() == diagram.render(), "run: make wiring-diagram"
    assert diagram.main(["--check"]) == 0


def test_diagram_names_every_hole_and_multiplexer() -> None:
    svg = diagram.render()
    assert svg.count("LED ") >= 72
    for label in ("Y-II-H", "B-IV-C", "U1.0", "U5.7", "GP26  ADC0"):
        assert label in svg


def test_udev_rule_matches_the_pin_map() -> None:
    pico = load_pico()
    rule = (WIRING / "udev" / "99-flixboard.rules").read_text()
    vid, pid = pico.usb_ids
    line = next(row for row in rule.splitlines() if row and not row.startswith("#"))
    assert f'ATTRS{{idVendor}}=="{vid}"' in line and f'ATTRS{{idProduct}}=="{pid}"' in line
    assert f'SYMLINK+="{pico.udev_name}"' in line
    assert f"/dev/{pico.udev_name}" == DEFAULT_PORT


def test_bill_of_materials_lists_the_wired_parts() -> None:
    bom = (WIRING / "BOM.md").read_text()
    for part in ("74HC4067", "DRV5055A1QLPGM", "WS2812B", "GST25A05", "74AHCT125", "Pico"):
        assert part in bom, part
