"""A game is named only in its own modules: the core of the controller and of the page names none,
nor do the engine's and hal's registries (entry-point groups, ``engine.registry``).

The code is read, not its prose: Python's names, imports and strings (docstrings aside) and the
page's scripts and markup without their comments. A game's own modules are its spec
(``controller/games/<game>.py``), its flow (``controller/flows/<game>.py``), its page module
(``controller/server/web/<game>.js``) and the style sheet that module loads
(``controller/server/web/<game>.css``). No other file names a game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTROLLER = ROOT / "controller"
WEB = CONTROLLER / "server" / "web"
GAMES = ("lucky", "qubic", "payoff", "tactflix", "flip4", "olix")
NAMED = re.compile(r"lucky|qubic|pay-?off|tac-?t-?flix|flip ?4|olix", re.IGNORECASE)

OWN = {"controller/games": ".py", "controller/flows": ".py", "controller/server/web": ".js .css"}
"""Where a game's own files are, and their kinds: its spec, its flow, its page module and the
style sheet its page module loads."""


def _own(path: Path) -> bool:
    """A file of one game's own: its spec, its flow, its page module or that module's style
    sheet (``controller/server/web/<game>.css``, loaded by ``<game>.js``)."""
    folder = path.parent.relative_to(ROOT).as_posix()
    return path.stem in GAMES and path.suffix in OWN.get(folder, "").split()


def _python_words(path: Path) -> list[str]:
    """The names, imported modules and non-docstring strings of a Python module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {  # a string standing alone: a module's, class's, function's or name's docstring
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, ast.alias):
            words.append(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module:
            words.append(node.module)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words.append(node.name)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            words.append(node.value)
    return words


_JS_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'\\])//[^\n]*", re.DOTALL)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def _page_words(path: Path) -> list[str]:
    """A page file's lines without their comments."""
    text = path.read_text(encoding="utf-8")
    text = _HTML_COMMENT.sub("", text) if path.suffix == ".html" else _JS_COMMENT.sub("", text)
    return text.splitlines()


def naming(root: Path = ROOT) -> dict[str, list[str]]:
    """Every file of ``controller/`` (the page included) that names a game outside its own
    modules, with what it names."""
    found: dict[str, list[str]] = {}
    controller = root / "controller"
    files = [*controller.rglob("*.py"), *(controller / "server" / "web").glob("*.[jhc]*")]
    for path in sorted(files):
        relative = path.relative_to(root).as_posix()
        if _own(path):
            continue
        words = _python_words(path) if path.suffix == ".py" else _page_words(path)
        named = sorted({match.group(0) for word in words for match in NAMED.finditer(word)})
        if named:
            found[relative] = named
    return found


def test_the_controller_and_the_page_name_no_game() -> None:
    assert naming() == {}


def test_a_game_s_style_sheet_is_loaded_by_its_page_module() -> None:
    """A game's own style sheet is its because its page module loads it (and only then)."""
    sheets = sorted(path for path in WEB.glob("*.css") if path.stem in GAMES)
    assert sheets
    for sheet in sheets:
        module = (WEB / f"{sheet.stem}.js").read_text(encoding="utf-8")
        loads = f'await registerStyle(new URL("./{sheet.name}", import.meta.url));'
        assert loads in module, sheet.name


REGISTRIES = (
    "engine/registry.py",
    "engine/variants.py",
    "engine/players/__init__.py",
    "engine/notation/verbs.py",
    "hal/registry.py",
    "engine/grid.py",
)
"""The engine's and hal's registries: each lists what its entry-point group declares; and the
engine's flat board, whose games declare their own grids."""


def test_the_engines_and_hals_registries_name_no_game() -> None:
    named = {
        relative: sorted({word for word in _python_words(ROOT / relative) if NAMED.search(word)})
        for relative in REGISTRIES
    }
    assert named == {relative: [] for relative in REGISTRIES}


def test_the_engine_protocol_reads_each_game_s_moves_through_its_rules() -> None:
    """``engine/protocol.py`` imports no game: a game's own move words (a Flip 4 step, a Tac-T-Flix
    substitution) are read by its rules (``Game.read_move``). Its default variant, the game a
    session starts in, is the one name it keeps."""
    tree = ast.parse((ROOT / "engine" / "protocol.py").read_text(encoding="utf-8"))
    imported = [
        name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in [getattr(node, "module", None) or "", *(alias.name for alias in node.names)]
    ]
    assert imported and not [name for name in imported if NAMED.search(name)]
    named = {word for word in _python_words(ROOT / "engine" / "protocol.py") if NAMED.search(word)}
    assert named == {"qubic"}
