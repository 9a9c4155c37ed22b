"""Flat boards over the serial link: a Pico set up for the Flip 4 or Olix board (the firmware's
logic on a simulated switch matrix, over a real pty and pyserial) reports its cells, the host
decodes them, sends LED frames (in parts on Olix), refuses a Pico set up for another board, and
``flixboard pico-setup`` sets one up."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.cli import main as cli
from hal.base import Piece
from hal.errors import UnsupportedFeature
from hal.geometry import load_geometry
from hal.serial_backend import SerialBackend
from hal.serial_errors import BoardCommandFailed, ProfileMismatch
from sim.board import SimBoard
from sim.mcu import SimPico
from tests.pico_rig import PicoRig, pico_rig
from tests.serial.searching_service import searching_service
from tests.waiting import wait_until

pytestmark = pytest.mark.live

FLIP4 = load_geometry("flip4")
OLIX = load_geometry("olix")


@pytest.fixture(params=["flip4", "olix"])
def flat_rig(request: pytest.FixtureRequest) -> Iterator[PicoRig]:
    geometry = load_geometry(request.param)
    with pico_rig(geometry) as opened:
        yield opened


@pytest.fixture
def fresh_pico() -> Iterator[SimPico]:
    """A Pico just flashed (no profile in its flash) in a Flip 4 board."""
    folder = Path(tempfile.mkdtemp(prefix="flixboard-fresh-"))
    board = SimBoard(geometry=FLIP4, sensing="presence")
    pico = SimPico(board, link=folder / "flixboard", storage_dir=folder, set_up=False)
    pico.start()
    yield pico
    pico.close()
    board.close()
    shutil.rmtree(folder, ignore_errors=True)


def test_info_gives_the_board_and_its_counts(flat_rig: PicoRig) -> None:
    backend, geometry = flat_rig.backend, flat_rig.board.geometry
    assert backend.geometry == geometry and backend.sensing == "presence"
    assert backend.info is not None
    cells, pixels = geometry.cells, geometry.pixel_count
    assert (backend.info.holes, backend.info.groove_sensors, backend.info.pixels) == (
        cells,
        0,
        pixels,
    )
    assert backend.read().holes == (Piece.EMPTY,) * cells and backend.read().grooves == ()
    assert len(backend.pixels) == pixels


def test_a_piece_on_the_matrix_reaches_the_host_as_present(flat_rig: PicoRig) -> None:
    board, backend = flat_rig.board, flat_rig.backend
    last = board.geometry.cells - 1
    for cell in (0, 7, last):
        board.place(cell)
    wait_until(lambda: backend.read().occupied() == (1 | 1 << 7 | 1 << last))
    assert {backend.read().holes[c] for c in (0, 7, last)} == {Piece.PRESENT}
    board.lift(7)
    wait_until(lambda: backend.read().occupied() == (1 | 1 << last))


def test_a_stuck_and_a_missing_switch_reach_the_host_as_they_are(flat_rig: PicoRig) -> None:
    """A welded reed reads a piece on an empty cell; a missing one never reads its piece (the
    firmware's matrix scan over the simulated switches)."""
    board, backend = flat_rig.board, flat_rig.backend
    board.fault_stuck(3)
    board.fault_dead(9)
    board.place(9)
    board.place(10)
    wait_until(lambda: backend.read().occupied() == (1 << 3 | 1 << 10))


def test_an_led_frame_reaches_every_pixel_in_chain_order(flat_rig: PicoRig) -> None:
    """On Olix (129 pixels) the frame travels in two parts, shown together. (Colours within
    the LED budget: the pixels show them unscaled.)"""
    backend, board = flat_rig.backend, flat_rig.board
    count = board.geometry.pixel_count
    colors = [(i % 64, (3 * i) % 64, 63 - i % 64) for i in range(count)]
    backend.pixels[:] = colors
    backend.pixels.show()
    assert backend.flush(5.0)
    wait_until(lambda: list(board.pixels[:]) == colors)
    wiring = flat_rig.pico.hardware.grid
    assert wiring is not None
    strip = flat_rig.pico.strip
    assert [strip[k] for k in range(count)] == [colors[pixel] for pixel in wiring.chain]
    assert backend.counters["rx_malformed"] == 0


def test_a_flat_board_has_no_raw_fields_and_no_calibration(flat_rig: PicoRig) -> None:
    with pytest.raises(UnsupportedFeature, match="switches give no raw fields"):
        flat_rig.backend.raw_fields()
    with pytest.raises(BoardCommandFailed, match="switches need no calibration"):
        flat_rig.backend.capture_baseline()


def test_a_pico_set_up_for_another_board_is_refused_naming_the_fix(fresh_pico: SimPico) -> None:
    with pytest.raises(ProfileMismatch) as refused:
        SerialBackend(fresh_pico.port, geometry=FLIP4, open_timeout=3.0)
    assert str(refused.value) == (
        f"the Pico on {fresh_pico.port} is set up for the flix (64 holes on 4 panels) board, not "
        "flip4 (5x5, 25 cells): if it sits in the flip4 board, set it up once with "
        f"`flixboard pico-setup --geometry flip4 --port {fresh_pico.port}`; else start "
        "with --geometry flix"
    )


def test_pico_setup_stores_the_board_and_the_pico_restarts_as_it(
    fresh_pico: SimPico, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["pico-setup", "--geometry", "flip4", "--port", fresh_pico.port]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        f"the Pico on {fresh_pico.port} reads the flip4 (5x5, 25 cells) board (it was set up "
        "for flix)",
        f"start the service with: flixboard run --board serial:{fresh_pico.port} --geometry flip4",
    ]
    assert fresh_pico.boots == 2  # it restarted into the new profile
    assert (fresh_pico.storage_dir / "profile.txt").read_text() == "flip4"
    with SerialBackend(fresh_pico.port, geometry=FLIP4) as backend:
        fresh_pico.board.place("e5")
        wait_until(lambda: backend.read().occupied() == 1 << 24)
    with pytest.raises(ProfileMismatch, match=r"set up for the flip4 .* not olix"):
        SerialBackend(fresh_pico.port, geometry=OLIX, open_timeout=3.0)
    assert cli(["pico-setup", "--geometry", "flip4", "--port", fresh_pico.port]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        f"the Pico on {fresh_pico.port} reads the flip4 (5x5, 25 cells) board"
    )
    assert fresh_pico.boots == 2  # already set up: no restart


def test_pico_setup_of_an_unknown_board_is_refused(
    fresh_pico: SimPico, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(["pico-setup", "--geometry", "chess", "--port", fresh_pico.port]) == 2
    assert "no board geometry 'chess'" in capsys.readouterr().err
    assert fresh_pico.boots == 1 and not (fresh_pico.storage_dir / "profile.txt").exists()


def test_the_service_refuses_a_pico_of_another_board_and_names_the_fix(
    fresh_pico: SimPico, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["run", "--board", f"serial:{fresh_pico.port}", "--geometry", "flip4"]
    assert cli([*args, "--http", "127.0.0.1:0", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is set up for the flix (64 holes on 4 panels) board, not flip4" in err
    assert f"flixboard pico-setup --geometry flip4 --port {fresh_pico.port}" in err


def test_sim_mcu_serves_a_flat_board(tmp_path: Path) -> None:
    """``flixboard sim-mcu --geometry olix``: a Pico set up for Olix on its switch matrix."""
    link = tmp_path / "flixboard"
    command = [sys.executable, "-m", "controller.cli", "sim-mcu", "--geometry", "olix"]
    with subprocess.Popen(
        [*command, "--link", str(link), "--storage", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        try:
            assert process.stdout.readline().startswith("simulated Pico on /dev/pts/")
            process.stdout.readline()  # linked as ...
            assert (
                process.stdout.readline().strip().endswith(f"--board serial:{link} --geometry olix")
            )
            process.stdout.readline()  # the list of commands
            with SerialBackend(str(link), geometry=OLIX, open_timeout=10) as backend:
                process.stdin.write("place k11\n")
                process.stdin.flush()
                assert process.stdout.readline().strip() == "ok"
                wait_until(lambda: backend.read().holes[120] is Piece.PRESENT)
            process.stdin.close()
            assert process.wait(timeout=20) == 0
        finally:
            process.kill()


def test_the_service_plays_olix_on_a_pico_it_searched_for(tmp_path: Path) -> None:
    """``flixboard run --board serial:PORT --geometry olix`` comes up before the Pico, searches,
    finds a Pico set up for Olix (``sim-mcu --geometry olix``) and commits a counter set on it."""
    with searching_service(tmp_path, "--geometry", "olix") as service:
        searching = service.state()
        assert searching["board_status"] == "searching" and searching["variant"] == "olix"
        service.plug_in("--geometry", "olix")
        wait_until(
            lambda: service.state().get("board_status") == "connected", "the board to be found"
        )
        service.hand("place f6")
        wait_until(lambda: "f6" in service.state().get("board", {}), "the counter to count")
        state = service.state()
        assert state["board"]["f6"]["team"] == 0 and state["sensing"] == "presence"
