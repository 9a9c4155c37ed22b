"""The import layers of DESIGN §1, checked on the source: arrows point down only.

engine imports nothing of the project; hal only engine; sim hal, engine and firmware (whose
logic the simulated Pico runs); wiring engine and hal; firmware nothing of the host; only bench
(the checkout's probes and fuzzes, which the wheel does not carry) imports controller or the
test rigs (tests/), and nothing imports bench; mechanics (the boards' CAD, not in the wheel
either) only itself, and nothing imports it. controller imports sim at module level only in
``controller/tools/`` (the runtime path of a real board never loads the simulator). The
project's modules form no import circle: imports inside functions and
``importlib.import_module("name")`` calls count for the arrows and the circles alike (in
controller, imports under ``TYPE_CHECKING`` too).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "hal", "sim", "controller", "firmware", "wiring", "bench", "mechanics")
ALLOWED: dict[str, set[str]] = {
    "engine": {"engine"},
    "hal": {"hal", "engine"},
    "sim": {"sim", "hal", "engine", "firmware"},
    "wiring": {"wiring", "hal", "engine"},
    "firmware": {"firmware"},
    "controller": {"controller", "engine", "hal", "sim", "wiring"},
    "bench": {"bench", "controller", "engine", "hal", "sim", "wiring", "firmware", "tests"},
    "mechanics": {"mechanics", "wiring"},
}
"""The project packages each package may import (``tests``: the test rigs, for bench only)."""
SIM_AT_MODULE_LEVEL = ("controller.tools",)
"""Where controller may import the simulator when the module loads."""
CONTROLLER_LAYERS: tuple[tuple[str, ...], ...] = (
    ("cli",),
    ("server",),
    ("tools", "homeassistant", "voice"),
    ("events",),
    ("remote",),
    ("driver",),
    ("computer",),
    ("core",),
    ("games",),
    ("flows", "records", "config_file"),
    ("words",),
    ("config",),
    ("config_checks",),
    ("seats",),
    ("leds", "reconcile", "errors", "wire", "game_data", "settings_spec"),
    ("i18n",),
)
"""controller's parts (sub-packages and top-level modules) from the top down, as DESIGN §1 lists
them: a part imports only parts of lower layers, at module level, inside a function or under
``TYPE_CHECKING`` alike."""
LAYER_OF = {part: rank for rank, layer in enumerate(CONTROLLER_LAYERS) for part in layer}


class Import(NamedTuple):
    """One import of a project module by another."""

    target: str
    top: bool
    """Made when the importing module loads (not inside a function)."""
    typing: bool = False
    """Made only for the type checker (under ``if TYPE_CHECKING:``)."""


def modules(root: Path) -> dict[str, Path]:
    """Every module of the project packages under ``root``, by dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imports(path: Path, module: str, known: set[str]) -> Iterator[Import]:
    """Each project module ``module`` imports: with ``import``, ``from ... import`` or
    ``importlib.import_module("literal")``, at load time, inside a function or for the type
    checker."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def walk(node: ast.AST, top: bool, typing: bool) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                yield from (Import(alias.name, top, typing) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                yield Import(base, top, typing)
                for alias in child.names:
                    if f"{base}.{alias.name}" in known:  # a module, not a name in one
                        yield Import(f"{base}.{alias.name}", top, typing)
            else:
                if (name := _imported_by_call(child)) is not None:
                    yield Import(name, top, typing)
                inner = top and not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                yield from walk(child, inner, typing or _under_type_checking(child))

    tree = ast.parse(path.read_text(), str(path))
    for found in walk(tree, True, False):
        if found.target.split(".")[0] in (*PACKAGES, "tests"):
            yield found


def _imported_by_call(node: ast.AST) -> str | None:
    """The module of ``importlib.import_module("name")`` (a literal name), else ``None``."""
    if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
        return None
    called = node.func
    name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
    value = node.args[0].value
    return value if name == "import_module" and isinstance(value, str) else None


def _under_type_checking(node: ast.AST) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (its body runs only for the type checker)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", "")
    return name == "TYPE_CHECKING"


def import_graph(root: Path) -> dict[str, list[Import]]:
    """For each project module, the project modules it imports."""
    known = modules(root)
    return {name: list(_imports(path, name, set(known))) for name, path in known.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph``, or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def violations(root: Path) -> list[str]:
    """Every broken arrow under ``root``, in words (empty: the layers hold)."""
    graph = import_graph(root)
    problems = []
    for module, edges in graph.items():
        package = module.split(".")[0]
        for target, top, _typing in edges:
            other = target.split(".")[0]
            if other not in ALLOWED[package]:
                problems.append(f"{module} imports {target}: {package} may not import {other}")
            elif (
                package == "controller"
                and other == "sim"
                and top
                and not module.startswith(SIM_AT_MODULE_LEVEL)
            ):
                problems.append(
                    f"{module} imports {target} at module level: only controller.tools may"
                )
    problems += _part_arrows(graph)
    if circle := _cycle(_circle_graph(graph)):
        problems.append("import circle: " + " -> ".join(circle))
    return problems


def _circle_graph(graph: dict[str, list[Import]]) -> dict[str, set[str]]:
    """The arrows an import circle may run along: every import made at run time (when a module
    loads or when a function runs), and in controller those for the type checker too."""
    return {
        module: {
            edge.target
            for edge in edges
            if edge.target in graph and (not edge.typing or module.startswith("controller."))
        }
        for module, edges in graph.items()
    }


def _part(module: str) -> str:
    """The part of controller ``module`` belongs to (empty: the package itself, or no part)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "controller" and len(parts) > 1 else ""


def _part_arrows(graph: dict[str, list[Import]]) -> list[str]:
    """Every arrow between controller's parts that does not point to a lower layer."""
    parts = {_part(module) for module in graph} - {""}
    problems = [f"controller.{part} is in no layer" for part in sorted(parts - set(LAYER_OF))]
    for module, edges in graph.items():
        source = _part(module)
        for target, *_ in edges:
            other = _part(target)
            if other == source or not {source, other} <= LAYER_OF.keys():
                continue
            if LAYER_OF[other] <= LAYER_OF[source]:
                problems.append(
                    f"{module} imports {target}: controller.{source} may not import "
                    f"controller.{other}"
                )
    return problems


def test_the_project_keeps_its_layers() -> None:
    assert violations(ROOT) == []


def test_the_service_of_a_real_board_loads_no_simulator() -> None:
    """The same rule as it runs: ``flixboard run``, ``calibrate`` and ``engine`` load no sim."""
    code = (
        "import sys, controller.cli, controller.cli.run, controller.cli.calibrate, "
        "controller.cli.engine; print(sorted(m for m in sys.modules if m.split('.')[0] == 'sim'))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"


def _plant(root: Path, files: dict[str, str]) -> None:
    for package in PACKAGES:
        (root / package).mkdir(exist_ok=True)
        (root / package / "__init__.py").touch()
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"engine/rules.py": "import hal.base\n"}, "engine may not import hal"),
        ({"hal/base.py": "from controller import config\n"}, "hal may not import controller"),
        ({"sim/board.py": "def f():\n    import controller.config\n"}, "sim may not import"),
        ({"firmware/main.py": "from engine.game import Game\n"}, "firmware may not import"),
        ({"sim/board.py": "from tests.pico_rig import PicoRig\n"}, "sim may not import tests"),
        ({"controller/server.py": "from sim.board import SimBoard\n"}, "only controller.tools"),
        (
            {"controller/core.py": "if True:\n    import sim.board\n"},
            "controller.core imports sim.board at module level",
        ),
        (
            {
                "controller/core/a.py": "from controller.core.b import x\n",
                "controller/core/b.py": "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from controller.core.a import y\n",
            },
            "import circle: controller.core.a -> controller.core.b -> controller.core.a",
        ),
        (
            {"controller/core/session.py": "from controller.server import app\n"},
            "controller.core may not import controller.server",
        ),
        (
            {"controller/config.py": "def f():\n    from controller.core import seats\n"},
            "controller.config may not import controller.core",
        ),
        (
            {"controller/records/store.py": "from controller.flows.base import VariantFlow\n"},
            "controller.records may not import controller.flows",
        ),
        (
            {
                "controller/records/store.py": "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from controller.core.journal import Journal\n"
            },
            "controller.records may not import controller.core",
        ),
        ({"controller/extra/x.py": "import engine\n"}, "controller.extra is in no layer"),
        (
            {
                "controller/server/a.py": "def f():\n    from controller.server.b import x\n",
                "controller/server/b.py": "from controller.server import a\n",
            },
            "import circle: controller.server.a -> controller.server.b -> controller.server.a",
        ),
        (
            {"hal/a.py": "def f():\n    import hal.b\n", "hal/b.py": "import hal.a\n"},
            "import circle: hal.a -> hal.b -> hal.a",
        ),
        (
            {
                "controller/records/store.py": "import importlib\ndef f():\n"
                "    return importlib.import_module('controller.core.session')\n"
            },
            "controller.records may not import controller.core",
        ),
        (
            {
                "controller/tools/probe.py": "from importlib import import_module\n"
                "def f():\n    return import_module('bench')\n"
            },
            "controller may not import bench",
        ),
    ],
)
def test_a_broken_arrow_is_found(tmp_path: Path, files: dict[str, str], expected: str) -> None:
    _plant(tmp_path, files)
    found = violations(tmp_path)
    assert any(expected in problem for problem in found), found


def test_what_the_layers_allow_passes(tmp_path: Path) -> None:
    _plant(
        tmp_path,
        {
            "controller/tools/run.py": "import sim.board\n",
            "controller/server.py": "def draw():\n    import sim.view\n",
            "hal/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import hal.b\n",
            "hal/b.py": "def f():\n    from hal.a import y\n",
            "controller/server/app.py": "from controller.tools import board_view\n",
            "controller/tools/demo.py": "from controller.computer.player import Computer\n",
            "sim/board.py": "from hal.base import Backend\nfrom firmware import logic\n",
        },
    )
    assert violations(tmp_path) == []
