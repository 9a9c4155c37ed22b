"""Every refusal the rules raise is the rules' words (``why(...)``, ``engine.phrase``), so that
the controller can say it in the player's language: a refusal raised with plain text (a string,
an f-string, a ``%`` or ``.format`` text) anywhere in engine/ fails here, with its place.

A refusal is any error the engine raises except the ones that are not a player's: a setting
(``SettingError``), the text protocol (``ProtocolError``), a record in the notation
(``NotationError``), a variant's name (``UnknownVariant``), an installed game's declaration
(``BadEntryPoint``) and faults (``ValueError`` and the
other builtins)."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.errors

ENGINE = Path(engine.errors.__file__).resolve().parent
NOT_A_PLAYERS = frozenset(
    {
        "SettingError",
        "ProtocolError",
        "NotationError",
        "NoNotation",
        "UnknownVariant",
        "BadEntryPoint",
        "ValueError",
        "TypeError",
        "KeyError",
        "LookupError",
        "RuntimeError",
        "AssertionError",
        "NotImplementedError",
    }
)
"""The errors whose text is for a developer or an owner, not a player at the board."""
REFUSALS = frozenset(
    name
    for name, kind in vars(engine.errors).items()
    if isinstance(kind, type) and issubclass(kind, engine.errors.FlixError)
) - NOT_A_PLAYERS


def raised(node: ast.Raise) -> tuple[str, ast.expr | None] | None:
    """The name of the error a ``raise`` makes and its first argument (``None``: none)."""
    call = node.exc
    if not isinstance(call, ast.Call):
        return None
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name, call.args[0] if call.args else None


def is_marked(argument: ast.expr | None) -> bool:
    """A ``why(...)`` call: the rules' words with their message id."""
    return (
        isinstance(argument, ast.Call)
        and isinstance(argument.func, ast.Name)
        and argument.func.id == "why"
    )


def unmarked_refusals(source: str, where: str) -> list[str]:
    """``where:line`` of each refusal in ``source`` whose text is not marked."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Raise) or (made := raised(node)) is None:
            continue
        name, argument = made
        if name in NOT_A_PLAYERS or argument is None or is_marked(argument):
            continue
        found.append(f"{where}:{node.lineno} {name}({ast.unparse(argument)[:60]})")
    return found


def test_the_refusals_are_the_engines_errors_a_player_meets() -> None:
    assert {"IllegalAction", "IllegalPlacement", "IllegalRoll", "HoleNameError"} <= REFUSALS
    assert not REFUSALS & NOT_A_PLAYERS


def test_the_scan_finds_an_unmarked_refusal() -> None:
    """Plain text, an f-string, a text built with ``+`` or ``.format``, or an error passed in
    (``raise error(...)``) are found; ``why(...)`` and the errors not a player's are not."""
    source = "\n".join(
        [
            "raise IllegalAction('nothing to undo')",
            "raise IllegalPlacement(f'{where} is occupied')",
            "raise IllegalRoll('not a throw: ' + text)",
            "raise error('a token is {}'.format(token))",
            "raise IllegalAction(why('nothing to undo'))",
            "raise SettingError(f'bad {key}')",
            "raise",
        ]
    )
    assert [line.split()[0] for line in unmarked_refusals(source, "x.py")] == [
        "x.py:1",
        "x.py:2",
        "x.py:3",
        "x.py:4",
    ]


def test_every_refusal_in_the_engine_is_the_rules_words() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 20
    found = [
        refusal
        for path in files
        for refusal in unmarked_refusals(path.read_text(), str(path.relative_to(ENGINE)))
    ]
    assert found == []
