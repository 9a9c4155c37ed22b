"""Every board's schematic (wiring/schematics): the electrical rules check passes, the netlist
read back agrees pin by pin with the wiring files, and the committed netlists and drawings
(docs/hardware/schematics/) are what the wiring files give now; each check fails on a planted
fault."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import msgspec
import pytest

from hal.geometry import load_grid_wiring
from hal.pi_grid import load_pi_grid
from hal.pi_wiring import load_pi
from hal.pinmap import load_leds, load_pico
from wiring.schematics.boards import BOARDS, _panel_connector, flat_board
from wiring.schematics.build import OUT, SVG_MARK, Made, main, make, stale, svg_digest
from wiring.schematics.check import check_grid, check_pi, check_pico
from wiring.schematics.circuit import Board, Schematic
from wiring.schematics.drawing import drawn_cells
from wiring.schematics.erc import check
from wiring.schematics.parts import (
    DECODER,
    HALL_LINEAR,
    HALL_OMNIPOLAR,
    HALL_UNIPOLAR,
    LEVEL_SHIFTER,
    MUX,
    P_MOSFET,
    PANEL_SENSORS,
    PI_HEADER,
    PICO,
    PIXEL_STRIP,
    REGULATOR,
)

made = cache(make)


@pytest.mark.parametrize("board", BOARDS)
def test_every_board_passes_the_electrical_rules_check(board: str) -> None:
    report = made(board).erc
    assert (report.errors, report.warnings) == ([], [])


@pytest.mark.parametrize("board", BOARDS)
def test_every_netlist_agrees_with_its_wiring_files(board: str) -> None:
    result = made(board)
    assert result.differences == []
    assert len(result.schematic.parts) > 100


@pytest.mark.parametrize("board", BOARDS)
def test_the_committed_netlists_and_drawings_are_current(board: str) -> None:
    assert stale(made(board), OUT) == [], "run `make schematics`"


def test_the_erc_finds_two_outputs_on_one_net_and_an_unpowered_part() -> None:
    board = flat_board(load_grid_wiring("flip4"), "Flip 4")
    pixel = board.add(PIXEL_STRIP, "planted", ref="LED99")
    board.connect("DIN3", board.pin(pixel, "DOUT"))  # DIN3 is driven by a pixel's DOUT already
    board.connect("FLOATING", board.pin(pixel, "VDD"), board.pin(pixel, "VSS"))
    board.no_connect(pixel, "DIN")
    report = check(board)
    assert len(report.errors) == 1, report.errors
    assert "DIN3" in report.errors[0] and "OUTPUT connected to OUTPUT" in report.errors[0]
    assert any("No drivers for net FLOATING" in warning for warning in report.warnings)


def test_the_erc_finds_a_sensor_left_unconnected() -> None:
    board = flat_board(load_grid_wiring("flip4"), "Flip 4")
    board.add(HALL_LINEAR, "planted", ref="H99")
    report = check(board)
    assert report.errors == []
    assert sum("H99" in warning for warning in report.warnings) == 3, report.warnings


def _moved(schematic: Schematic, node: str, to: str) -> Schematic:
    """``schematic`` with ``node`` moved onto the net ``to``."""
    nets = {name: [n for n in nodes if n != node] for name, nodes in schematic.nets.items()}
    nets[to].append(node)
    return msgspec.structs.replace(schematic, nets=nets)


def test_a_planted_difference_in_the_netlist_fails_the_comparison() -> None:
    schematic = made("pico").schematic
    pin = schematic.node("H5", "OUT")
    planted = _moved(schematic, pin, "HALL6")
    problems = check_pico(planted, load_pico(), load_leds())
    assert any("H5.OUT" in problem for problem in problems), problems


def test_a_controller_pin_wired_but_not_in_the_wiring_files_fails_the_comparison() -> None:
    schematic = made("flip4-pi").schematic
    spare = schematic.node("J2", "GPIO22")
    assert schematic.net_of(spare) is None
    nets = {**schematic.nets, "COL0": [*schematic.nets["COL0"], spare]}
    problems = check_grid(msgspec.structs.replace(schematic, nets=nets), load_pi_grid("flip4"))
    assert problems == ["J2.GPIO22 is wired, the wiring files say otherwise"]


def test_a_planted_difference_in_a_wiring_file_fails_the_comparison() -> None:
    pico = load_pico()
    first = pico.muxes[0]
    swapped = (first.sensors[1], first.sensors[0], *first.sensors[2:])
    muxes = (dataclasses.replace(first, sensors=swapped), *pico.muxes[1:])
    planted = dataclasses.replace(pico, muxes=muxes)
    problems = check_pico(made("pico").schematic, planted, load_leds())
    assert len(problems) == 2 and all("channel" in p for p in problems), problems

    pi = load_pi()
    rows = (pi.rows[1], pi.rows[0], *pi.rows[2:])
    problems = check_pi(made("pi").schematic, dataclasses.replace(pi, rows=rows), load_leds())
    assert [p.split(":")[0] for p in problems] == ["row 0", "row 1"], problems

    leds = load_leds()
    chain = (leds.chain[1], leds.chain[0], *leds.chain[2:])
    problems = check_pi(made("pi").schematic, pi, dataclasses.replace(leds, chain=chain))
    assert problems and all(p.startswith(("first pixel", "chain")) for p in problems), problems

    for key, wiring in (("olix", load_grid_wiring("olix")), ("flip4-pi", load_pi_grid("flip4"))):
        pins = wiring.decoder_pins or wiring.col_pins
        swapped = (pins[1], pins[0], *pins[2:])
        crossed = (
            dataclasses.replace(wiring, decoder_pins=swapped)
            if wiring.decoder_pins
            else dataclasses.replace(wiring, col_pins=swapped)
        )
        assert check_grid(made(key).schematic, wiring) == []
        assert check_grid(made(key).schematic, crossed), key


def test_a_stale_file_is_found(tmp_path: Path) -> None:
    result: Made = made("flip4")
    for name, text in result.files().items():
        (tmp_path / name).write_text(text)
    drawing = result.files()["flip4.yosys.json"]
    (tmp_path / "flip4.svg").write_text(f"<svg><desc>{SVG_MARK}{svg_digest(drawing)}</desc></svg>")
    assert stale(result, tmp_path) == []
    netlist = tmp_path / "flip4.netlist.json"
    netlist.write_text(netlist.read_text().replace('"S3.1"', '"S4.1"', 1))
    (tmp_path / "flip4.svg").write_text("<svg/>")
    assert stale(result, tmp_path) == ["flip4.netlist.json", "flip4.svg"]


def test_the_drawings_show_every_chip_and_one_of_each_repeated_cell() -> None:
    schematic = made("pico").schematic
    drawn = drawn_cells(schematic)
    assert {"MCU", "U1", "U5", "U10", "U20", "J1", "H0", "H1", "H64", "SW_ROLL"} <= drawn
    assert "H2" not in drawn and "H65" not in drawn
    pixels = sorted(ref for ref in drawn if ref.startswith("LED"))
    leds = load_leds()
    assert pixels == sorted(f"LED{p}" for p in (leds.chain[0], leds.chain[1], leds.chain[64]))


def test_the_controller_pinouts_follow_their_datasheets() -> None:
    assert PICO.numbers("GND") == [3, 8, 13, 18, 23, 28, 38]
    assert (PICO.number("AGND"), PICO.number("GP26"), PICO.number("VBUS")) == (33, 31, 40)
    assert [PICO.name_of(n) for n in (1, 2, 4, 21, 29, 34)] == [
        "GP0", "GP1", "GP2", "GP16", "GP22", "GP28"
    ]  # fmt: skip
    assert PI_HEADER.numbers("GND") == [6, 9, 14, 20, 25, 30, 34, 39]
    assert PI_HEADER.numbers("3V3") == [1, 17] and PI_HEADER.numbers("5V") == [2, 4]
    assert (PI_HEADER.number("GPIO10"), PI_HEADER.number("GPIO18")) == (19, 12)
    assert PI_HEADER.number("GPIO21") == 40


def test_the_chip_pinouts_follow_their_datasheets() -> None:
    mux = [MUX.number(name) for name in ("COM", "I0", "I8", "S0", "S3", "~E", "GND", "VCC")]
    assert mux == [1, 9, 23, 10, 13, 15, 12, 24]
    decoder = [DECODER.number(name) for name in ("Y0", "Y10", "Y11", "~E1", "A0", "A3", "VCC")]
    assert decoder == [1, 11, 13, 18, 23, 20, 24]
    assert [LEVEL_SHIFTER.number(n) for n in ("~1OE", "1A", "1Y", "GND", "VCC")] == [1, 2, 3, 7, 14]
    assert [REGULATOR.number(n) for n in ("GND", "VOUT", "VIN")] == [1, 2, 3]
    for hall in (HALL_LINEAR, HALL_OMNIPOLAR, HALL_UNIPOLAR):
        assert [hall.number(n) for n in ("VCC", "GND", "OUT")] == [1, 2, 3]
    assert [P_MOSFET.number(n) for n in ("G", "S", "D")] == [1, 2, 3]
    assert [PIXEL_STRIP.number(n) for n in ("VDD", "DOUT", "VSS", "DIN")] == [1, 2, 3, 4]


def test_a_panel_whose_pixels_are_not_one_run_of_the_chain_is_refused() -> None:
    leds = load_leds()
    chain = list(leds.chain)
    chain[5], chain[20] = chain[20], chain[5]
    board = Board("planted", "a chain that leaves panel 0 in the middle", ())
    with pytest.raises(ValueError, match="panel 0's pixels are not one run of the chain"):
        _panel_connector(board, PANEL_SENSORS, 0, tuple(chain))
    assert _panel_connector(board, PANEL_SENSORS, 1, leds.chain).ref == "JP1"


def test_the_check_command_passes_on_the_committed_files_and_names_a_stale_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--check", "flip4"]) == 0
    for name, text in made("flip4").files().items():
        (tmp_path / name).write_text(text)
    assert main(["--check", "--out", str(tmp_path), "flip4"]) == 1
    stale_svg = f"flip4: {tmp_path / 'flip4.svg'} is stale: run `make schematics`"
    assert stale_svg in capsys.readouterr().err
