"""The commands for the Pico and the sensors in German (docs/languages.md): ``pico-update``,
``pico-setup`` and ``calibrate`` speak the terminal's language (``LANG=de_DE.UTF-8``),
``selftest`` the board's when it reads a configuration; each run against the simulated Pico on a
pty prints its steps, questions, results and errors (the hardware's included) as the German
catalog says them, and none of their English."""

from __future__ import annotations

import builtins
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.cli import main as cli
from controller.i18n import language
from controller.tools import selftest
from controller.tools.pico_update import BOOTSEL, CarriedFirmware, dotted
from hal.base import Button
from hal.geometry import load_geometry
from hal.serial_backend import SerialBackend
from sim.board import SimBoard
from sim.bootloader import IMAGE_NAME, SimBootloader
from sim.mcu import SimPico
from sim.view import render
from tests.pico_rig import PicoRig
from tests.waiting import wait_until

GERMAN = language("de")


@pytest.fixture(autouse=True)
def german_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal set up for German, as ``LANG=de_DE.UTF-8 flixboard ...`` runs."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")


def german(message: str, **values: object) -> str:
    """``message`` as the German catalog says it with ``values``; never its English."""
    said = GERMAN.gettext(message)
    assert said != message, f"no German for {message!r}"
    return said.format(**values)


def english(message: str, **values: object) -> str:
    return message.format(**values)


def opening(message: str, cut: str, **values: object) -> str:
    """The German of ``message`` up to the value ``cut`` names (a value the test cannot know,
    or one that is itself a message)."""
    return german(message, **{**values, cut: "\0"}).split("\0")[0]


def says(text: str, message: str, **values: object) -> None:
    """``text`` holds ``message`` in German and not in English."""
    assert german(message, **values) in text, text
    assert english(message, **values) not in text, text


@pytest.fixture
def fresh_pico(tmp_path: Path) -> Iterator[SimPico]:
    """A Pico just flashed (no profile in its flash) in a Flip 4 board."""
    board = SimBoard(geometry=load_geometry("flip4"), sensing="presence")
    pico = SimPico(board, link=tmp_path / "flixboard", storage_dir=tmp_path, set_up=False)
    pico.start()
    yield pico
    pico.close()
    board.close()


def test_pico_update_says_its_steps_and_failures_in_german(
    pico_factory: Callable[..., SimPico],
    drive: Path,
    carried: CarriedFirmware,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bootloader = SimBootloader(drive, version=carried.version)
    pico = pico_factory(bootloader)
    argv = ["pico-update", "--port", pico.port, "--drive", str(drive), "--drive-wait", "20"]
    assert cli([*argv, "--back-wait", "20"]) == 0
    out = capsys.readouterr().out
    version = dotted(carried.version)
    restarting = (
        "the Pico on {port} runs firmware {version}, this release carries {carried}:"
        " restarting it into its bootloader"
    )
    says(out, restarting, port=pico.port, version="1.0", carried=version)
    copying = "copying {file} ({size} bytes) to {drive}"
    says(out, copying, file=IMAGE_NAME, size=len(carried.image), drive=drive)
    says(out, "waiting for the Pico to restart with its new firmware")
    runs = "the Pico on {port} runs firmware {version}, the {board} board"
    says(out, runs, port=pico.port, version=version, board="flix")
    assert bootloader.flashed == 1
    # again: nothing to do
    assert cli([*argv, "--back-wait", "20"]) == 0
    nothing = "nothing to do: the Pico already runs firmware {version}"
    says(capsys.readouterr().out, nothing, version=version)
    # no Pico and no drive: the way back in German, the hardware's own words too
    nowhere = tmp_path / "ttyACM9"
    silent = ["--answer-wait", "1"]  # nothing answers there: not the Pico's 5 s
    assert cli(["pico-update", "--port", str(nowhere), "--drive", str(drive), *silent]) == 2
    err = capsys.readouterr().err
    no_pico = (
        "no Pico answers on {port} ({error}) and no RPI-RP2 drive is mounted: check the cable"
        " and --port; a Pico that runs no firmware: {bootsel}"
    )
    head = opening(no_pico, "error", port=nowhere, bootsel="")
    assert err.startswith(f"flixboard pico-update: {head}")
    assert err.rstrip().endswith(german(BOOTSEL)) and BOOTSEL not in err
    assert "no Pico answers" not in err
    no_answer = "no flixboard answered on {port} within {seconds} s ({reason})"
    assert opening(no_answer, "reason", port=nowhere, seconds=1) in err
    assert "no flixboard answered" not in err


def test_pico_setup_says_the_board_it_set_up_and_its_errors_in_german(
    fresh_pico: SimPico, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["pico-setup", "--geometry", "flip4", "--port", fresh_pico.port]) == 0
    lines = capsys.readouterr().out.splitlines()
    flip4 = german("{key} ({rows}x{cols}, {cells} cells)", key="flip4", rows=5, cols=5, cells=25)
    reads = "the Pico on {port} reads the {board} board (it was set up for {was})"
    assert lines == [
        german(reads, port=fresh_pico.port, board=flip4, was="flix"),
        german(
            "start the service with: {command}",
            command=f"flixboard run --board serial:{fresh_pico.port} --geometry flip4",
        ),
    ]
    assert (fresh_pico.storage_dir / "profile.txt").read_text() == "flip4"
    assert cli(["pico-setup", "--geometry", "chess", "--port", fresh_pico.port]) == 2
    known = "no board geometry {name}: known {known} or the path of a wiring file"
    err = capsys.readouterr().err
    says(err, known, name="'chess'", known="flix, flip4, olix")


def test_calibrate_says_its_steps_results_and_refusals_in_german(
    rig: PicoRig, capsys: pytest.CaptureFixture[str]
) -> None:
    rig.backend.close()  # the command opens the port itself (exclusively)
    port = ["--port", rig.pico.port]
    assert cli(["calibrate", *port]) == 1  # the panels stand in their grooves
    says(
        capsys.readouterr().err,
        "the board is not empty. Take every piece out and lift the four panels out of their"
        " grooves, then run it again.",
    )
    for groove in range(4):
        rig.board.remove_panel(groove)
    with SerialBackend(rig.pico.port) as link:  # until the Pico reads the grooves empty
        wait_until(lambda: link.read().grooves == (None,) * 4)
    assert cli(["calibrate", *port]) == 0
    out = capsys.readouterr().out
    says(out, "measuring every sensor's baseline (keep magnets away from the board) ...")
    calibrated = "calibrated: 72 baselines stored on the board; largest field now {field}"
    assert opening(calibrated, "field") in out and "calibrated" not in out
    says(out, "seat the panels and place a Man in each hole to check: flixboard calibrate --show")
    assert (
        len(json.loads((rig.pico.storage_dir / "calibration.json").read_text())["baseline"]) == 72
    )
    assert cli(["calibrate", *port, "--show"]) == 0
    shown = capsys.readouterr().out
    assert "Nut 3: links" in shown and "groove" not in shown
    assert cli(["calibrate", *port, "--thresholds", "100", "150"]) == 2
    refused = "thresholds need 0 < off <= on: on={on} off={off}"
    says(capsys.readouterr().err, refused, on=100, off=150)
    assert cli(["calibrate", *port, "--thresholds", "300", "150"]) == 0
    set_ = "thresholds stored on the board: on {on}, off {off} counts"
    says(capsys.readouterr().out, set_, on=300, off=150)


def test_selftest_speaks_the_boards_language_from_its_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "flixboard.toml"
    config.write_text('[board]\nlanguage = "de"\n')
    monkeypatch.setenv("LANG", "C.UTF-8")  # the board's language wins over the terminal's
    assert cli(["selftest", "--board", "sim", "--config", str(config)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [
        [german("PASS"), german("LED walk").split()[0]],
        [german("PASS"), german("sensors")],
        [german("PASS"), german("buttons")],
        [german("PASS"), german("grooves")],
        [german("PASS"), german("wires")],
    ]
    assert german("{count} holes", count=64) in lines[1]
    assert german("R Y G B seated and sensed") in lines[3]
    assert german("{count} sensors within a connected sensor's range", count=72) in lines[4]
    config.write_text('[board]\nlanguage = "en"\n')
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert cli(["selftest", "--board", "sim", "--config", str(config)]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("PASS  LED walk")
    # without a configuration: the terminal's German, a wiring file's error too
    wiring = tmp_path / "mine.toml"
    wiring.write_text('key = "flip4"\n')
    assert cli(["selftest", "--board", "sim", "--geometry", str(wiring)]) == 2
    err = capsys.readouterr().err
    no_wiring = (
        "no wiring file at {where} (a regular TOML file of at most {limit} KiB with a "
        "[board] table)"
    )
    assert err == f"flixboard selftest: {german(no_wiring, where=wiring, limit=64)}\n", err
    assert "wiring file at" not in err
    monkeypatch.delenv("FLIXBOARD_BOARD", raising=False)
    assert cli(["selftest"]) == 2  # no board named: refused, in the terminal's German
    assert capsys.readouterr().err.startswith("flixboard selftest: Welches Brett?")


def test_selftest_on_the_simulated_pico_asks_and_answers_in_the_terminals_german(
    rig: PicoRig, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real board's selftest (the simulated Pico on its pty) with a person at it: the questions
    come in German with its yes letter, a "j" confirms, each button is pressed when asked for."""
    rig.backend.close()  # the command opens the port itself (exclusively)
    asked: list[str] = []
    buttons = iter(Button)
    press = opening("Press {button} (within {seconds} s) ...", "button", seconds=30)
    view = render

    def person(prompt: str) -> str:
        asked.append(prompt)
        return "j"

    def hears(line: str) -> None:
        print(line)
        if line.startswith(press):
            rig.board.press(next(buttons))

    looks: list[str] = []

    def watches(*args: Any, **options: Any) -> str:  # one look at the view, then Ctrl+C
        if looks:
            raise KeyboardInterrupt
        looks.append(view(*args, **options))
        return looks[0]

    monkeypatch.setattr(builtins, "input", person)
    monkeypatch.setattr(selftest, "_say", hears)
    monkeypatch.setattr(selftest, "render", watches)
    monkeypatch.setattr(selftest, "WALK_S", 0.0)
    assert cli(["selftest", "--board", f"serial:{rig.pico.port}"]) == 0
    out = capsys.readouterr().out
    yes_no = german("[y/n]")
    assert asked == [
        f"{german('Did every LED light red, then green, then blue, one at a time, in order?')} "
        f"{yes_no} ",
        f"{german('Did each piece show in the right hole (o Man, x Burocrat)?')} {yes_no} ",
    ]
    walk = "LED walk: each hole's LED, then the 8 status pixels, lights red, green, blue in turn."
    says(out, walk)
    says(out, "Press Ctrl+C when done.")
    says(out, "grooves front {sensed} back", sensed="R Y G B")  # the live sensor view's labels
    assert f"\n{german('status')}  - - -" in out
    says(out, "Press {button} (within {seconds} s) ...", button="ROLL", seconds=30)
    results = out.splitlines()[-5:]
    assert results[0].split()[:2] == [german("PASS"), german("LED walk").split()[0]]
    assert german("confirmed") in results[0]
    says(results[2], "all four pressed")
    assert results[4].split()[:2] == [german("PASS"), german("wires")]  # from a RAW frame


def test_run_names_a_pico_of_another_board_and_the_fix_in_the_boards_german(
    fresh_pico: SimPico, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``flixboard run`` speaks the board's language: the hardware's refusal of a Pico set up
    for another board, and its fix, in German."""
    args = ["run", "--board", f"serial:{fresh_pico.port}", "--geometry", "flip4"]
    args += ["--set", "board.language=de", "--http", "127.0.0.1:0", "--data-dir", str(tmp_path)]
    assert cli(args) == 2
    err = capsys.readouterr().err
    mismatch = (
        "the Pico on {port} is set up for the {board} board, not {expected}: if it sits in the"
        " {key} board, set it up once with `flixboard pico-setup --geometry {key} --port {port}`;"
        " else start with --geometry {now}"
    )
    flix = german("{key} ({holes} holes on {panels} panels)", key="flix", holes=64, panels=4)
    flip4 = german("{key} ({rows}x{cols}, {cells} cells)", key="flip4", rows=5, cols=5, cells=25)
    port = fresh_pico.port
    said = german(mismatch, port=port, board=flix, expected=flip4, key="flip4", now="flix")
    cannot = "flixboard run: cannot open the board {board}: {error}"
    assert err.strip() == german(cannot, board=repr(f"serial:{port}"), error=said)
