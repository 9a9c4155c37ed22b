"""Backends found through the ``flixboard.backends`` entry points: a package that declares one adds
a board that ``flixboard run --board NAME`` opens, as gpiozero finds its pin factories.

The test package is a module and its ``*.dist-info`` (``METADATA``, ``entry_points.txt``) in a
folder on the path: what ``pip install`` of such a package leaves in site-packages.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.cli.run import open_board
from controller.config import Config
from hal.errors import BackendUnavailable
from hal.geometry import load_geometry
from hal.gpio_backend import GpioBackend
from hal.gpio_grid import GridGpioBackend
from hal.registry import available_backends, backend_class, open_backend
from sim.board import SimBoard
from tests.controller.controller_live import LiveService

pytestmark = pytest.mark.live

MODULE = "flixboard_testboard"
BACKEND = '''
import os
from pathlib import Path

from sim.board import SimBoard


class TestBoard(SimBoard):
    """The simulated board under a name of its own package; it notes that it was opened."""

    name = "testboard"
    shapes = frozenset({"spaceboard"})

    def __init__(self, **options):
        super().__init__(**options)
        Path(os.environ["TESTBOARD_OPENED"]).write_text(type(self).__name__)


class FlatTestBoard(TestBoard):
    """The same board's backend for a flat board, under the same ``--board`` name."""

    shapes = frozenset({"flat"})


class NotABoard:
    pass
'''


def plant(folder: Path, entry_points: str) -> Path:
    """A test package in ``folder``: its module and its distribution's entry points."""
    folder.mkdir(exist_ok=True)
    (folder / f"{MODULE}.py").write_text(BACKEND)
    info = folder / f"{MODULE}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {MODULE}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    return folder


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The test package on the path, declaring a good, a broken and a wrong backend."""
    folder = plant(
        tmp_path / "site",
        "[flixboard.backends]\n"
        f"testboard = {MODULE}:TestBoard\n"
        f"testboard.flat = {MODULE}:FlatTestBoard\n"
        f"missing = {MODULE}:NoSuchBoard\n"
        f"wrong = {MODULE}:NotABoard\n",
    )
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setenv("TESTBOARD_OPENED", str(tmp_path / "opened"))
    yield folder
    sys.modules.pop(MODULE, None)


def test_the_projects_own_backends_are_entry_points() -> None:
    assert {"sim", "serial", "gpio"} <= set(available_backends())
    assert backend_class("sim") is SimBoard
    assert backend_class("sim", "flat") is SimBoard
    assert backend_class("gpio") is GpioBackend
    assert backend_class("gpio", "flat") is GridGpioBackend  # one group, the shape decides


def test_a_declared_backend_is_found_and_opened(installed: Path) -> None:
    assert {"testboard", "sim"} <= set(available_backends())
    with open_board("testboard", Config(), None) as board:
        assert type(board).__name__ == "TestBoard"
        assert isinstance(board, SimBoard)
    assert (installed.parent / "opened").read_text() == "TestBoard"


def test_a_declared_flat_board_backend_is_found_like_any_other(installed: Path) -> None:
    assert {"testboard", "sim"} <= set(available_backends("flat"))
    assert backend_class("testboard", "flat").__name__ == "FlatTestBoard"
    with open_board("testboard", Config(), None, geometry=load_geometry("flip4")) as board:
        assert type(board).__name__ == "FlatTestBoard"
    assert (installed.parent / "opened").read_text() == "FlatTestBoard"


def test_a_broken_declaration_is_a_clear_error(installed: Path) -> None:
    with pytest.raises(BackendUnavailable, match="'missing' board backend cannot load here"):
        open_backend("missing")
    with pytest.raises(BackendUnavailable, match=f"{MODULE}:NotABoard is not a Backend"):
        open_backend("wrong")


def test_flixboard_run_opens_a_backend_of_another_package(tmp_path: Path) -> None:
    folder = plant(tmp_path / "site", f"[flixboard.backends]\ntestboard = {MODULE}:TestBoard\n")
    opened = tmp_path / "opened"
    path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
    service = LiveService(
        tmp_path,
        "--board",
        "testboard",
        env={"PYTHONPATH": path, "TESTBOARD_OPENED": str(opened)},
    )
    service.start()
    try:
        assert opened.read_text() == "TestBoard"
        assert service.state()["connected"] is True
    finally:
        assert service.stop() == 0
