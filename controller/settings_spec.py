"""What a setting is, read from its declaration in ``controller.config``.

A setting is a field of one table's struct, declared once as
``Annotated[type, Meta(ge=..., le=..., description=...), *markers] = default``. The markers say
what msgspec's ``Meta`` cannot: when a change takes effect and whether the settings page offers
it (``OnPage``), how the page draws it where its kind's field would not do (``Widget``: a choice
of named values, a field per name, a scale), the values in words where no range or list says
them (``Words``), a check that only this program can make (``Check``: a backend that exists, a
file of its kind, ...), and whether it is a secret never shown (``Secret``).

``specs`` turns the declarations into ``SettingSpec`` messages: the settings page builds its
form from them (each field's label, kind, bounds and note; ``GET /api/settings``), and
``controller.tools.settings_docs`` writes ``config.example.toml`` and the tables of
docs/configuration.md from them.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

NOW = "now"
NEXT_GAME = "next game"
RESTART = "restart"
"""When a change takes effect: at once, from the next game, after a restart."""
JsonValue = bool | int | float | str | list[Any] | dict[str, Any]  # a value as read or written
"""A setting's value as JSON and TOML write it."""
Tables = dict[str, Any]  # the TOML file's tables as read, or as written
"""TOML tables (or one table) before they are checked against the declarations."""


class Refused(Exception):
    """A value a ``Check`` refuses, with what the setting takes (``whole``: the text is the
    whole message, not an explanation of the value)."""

    def __init__(self, text: str, *, whole: bool = False) -> None:
        super().__init__(text)
        self.text = text
        self.whole = whole


@dataclass(frozen=True)
class OnPage:
    """Marker: the settings page offers this setting under ``label`` (a message id, marked
    ``N_``), with ``help`` below it when given, and a change there takes effect ``when``
    (``NOW``, ``NEXT_GAME`` or ``RESTART``). A setting without it is read at the start."""

    when: str
    label: str
    help: str = ""


class Option(Struct, frozen=True):
    """One value a setting's choice offers on the page, with its name there (a message id, said
    in the page's language; a language's own name is no message and stays as it is)."""

    value: JsonValue
    label: str


@dataclass(frozen=True)
class Widget:
    """Marker: how the settings page draws this setting where a field of its kind would not do.

    ``kind``: ``choice`` (a choice of ``options``, named; a value set in the file that it does
    not offer is shown and kept), ``names`` (a text field for each of ``count`` names, each
    labelled ``item``, a message id with ``{number}``), ``seats`` (a row for each seat: who plays
    it, and a name), ``network`` (a tick: whether phones on the network may open the board,
    keeping the address's port), or empty (its kind's field). ``id``: the field's id (else
    ``set-TABLE-KEY``); ``scale``: a number shown times this (a fraction in per cent: 100);
    ``boards``: the choice offers the flat boards of the installed games after ``options``,
    each named as its game names it (the server adds them: ``GameSpec.board``)."""

    kind: str = ""
    id: str = ""
    options: tuple[Option, ...] = ()
    count: int = 0
    item: str = ""
    scale: float = 1
    boards: bool = False


@dataclass(frozen=True)
class Secret:
    """Marker: a password or token, never shown (the page is told only whether one is set)."""


@dataclass(frozen=True)
class Words:
    """Marker: the values a setting takes, in words (Markdown), where no range or list of
    values says them."""

    text: str


@dataclass(frozen=True)
class Check:
    """Marker: the value checked and made canonical (``Refused`` when it cannot be used);
    ``form``: whether a refusal is of the value's form alone, which the API's document cannot
    state (the settings page answers 400 then, else 409)."""

    check: Callable[[Any], Any]
    form: bool = False


class SettingSpec(Struct, frozen=True, kw_only=True):
    """One setting as the page and the documents show it."""

    table: str
    key: str
    kind: str
    """``integer``, ``number``, ``boolean``, ``choice``, ``text`` or ``list``."""
    default: JsonValue
    description: str
    values: str
    """The values it takes, in Markdown (``0..5000``, a list of values, or words)."""
    allowed: str
    """The same in plain words, as a refusal says them."""
    minimum: float | None = None
    maximum: float | None = None
    choices: list[JsonValue] | None = None
    examples: list[JsonValue] | None = None
    """Examples of a list of tables (``[[game.seats]]``), each a list of tables."""
    when: str = RESTART
    page: bool = False
    label: str = ""
    """Its field's label on the settings page (a message id), when it is offered there."""
    help: str = ""
    """A note under that field (a message id), or empty."""
    secret: bool = False
    widget: str = ""
    """How the page draws it where its kind's field would not do (``Widget.kind``), else empty."""
    field: str = ""
    """Its field's id on the page, when not ``set-TABLE-KEY``."""
    options: list[Option] | None = None
    """The values its choice offers on the page, named."""
    count: int = 0
    """How many names its ``names`` widget asks for."""
    item: str = ""
    """Each name's label there (a message id with ``{number}``)."""
    scale: float = 1
    """Its number shown on the page times this (a fraction in per cent: 100)."""
    boards: bool = False
    """Its choice offers the flat boards of the installed games too (the server adds them)."""

    @property
    def name(self) -> str:
        """``table.key``."""
        return f"{self.table}.{self.key}"


@dataclass(frozen=True)
class Declared:
    """A field's declaration taken apart: its type, its ``Meta`` and its markers."""

    base: Any
    metas: tuple[Meta, ...]
    markers: tuple[object, ...]

    def marker(self, kind: type[Any]) -> Any:
        """The marker of ``kind``, else ``None``."""
        return next((m for m in self.markers if isinstance(m, kind)), None)

    def bound(self, name: str) -> float | None:
        """The bound ``name`` (``ge``, ``le``) its ``Meta`` sets, else ``None``."""
        found: float | None = None
        for meta in self.metas:
            found = getattr(meta, name) if getattr(meta, name) is not None else found
        return found


def _field(hint: Any) -> Declared:
    """``Annotated[type, Meta(...), *markers]`` taken apart (nested ones too)."""
    metas: list[Meta] = []
    markers: list[object] = []
    while typing.get_origin(hint) is Annotated:
        hint, *extras = typing.get_args(hint)
        metas.extend(e for e in extras if isinstance(e, Meta))
        markers.extend(e for e in extras if not isinstance(e, Meta))
    return Declared(hint, tuple(metas), tuple(markers))


def fields(table: type[Struct]) -> Iterator[tuple[str, Declared, Any]]:
    """Each field of ``table``: its name, declaration and default."""
    hints = typing.get_type_hints(table, include_extras=True)
    for info in msgspec.structs.fields(table):
        default = info.default if info.default is not msgspec.NODEFAULT else info.default_factory()
        yield info.name, _field(hints[info.name]), default


def checks(table: type[Struct]) -> dict[str, Check]:
    """The ``Check`` of each field of ``table`` that has one."""
    return {
        name: found
        for name, declared, _ in fields(table)
        if (found := declared.marker(Check)) is not None
    }


def _literal(hint: Any) -> list[JsonValue] | None:
    """The values of a ``Literal`` (in a union: ``bool | Literal["auto"]``), else ``None``."""
    parts = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    values: list[JsonValue] = []
    for part in parts:
        if typing.get_origin(part) is Literal:
            values.extend(typing.get_args(part))
        elif part is bool:
            values.extend((True, False))
        else:
            return None
    return values


def toml_value(value: JsonValue) -> str:
    """A value as TOML (and JSON) writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return msgspec.json.encode(value).decode()
    if isinstance(value, list):
        return f"[{', '.join(toml_value(item) for item in value)}]"
    return repr(value)


def _spec(table: str, key: str, declared: Declared, default: Any) -> SettingSpec:
    page = declared.marker(OnPage)
    words = declared.marker(Words)
    description = next((m.description for m in declared.metas if m.description), "")
    low, high = declared.bound("ge"), declared.bound("le")
    choices = _literal(declared.base)
    widget = declared.marker(Widget) or Widget()  # none: its kind's field
    common = {
        "table": table,
        "key": key,
        "default": msgspec.json.decode(msgspec.json.encode(default)),
        "description": description,
        "examples": next((list(m.examples) for m in declared.metas if m.examples), None),
        "when": page.when if page else RESTART,
        "page": page is not None,
        "label": page.label if page else "",
        "help": page.help if page else "",
        "secret": declared.marker(Secret) is not None,
        "widget": widget.kind,
        "field": widget.id,
        "options": list(widget.options) or None,
        "count": widget.count,
        "item": widget.item,
        "scale": widget.scale,
        "boards": widget.boards,
    }
    if words is not None:
        kind = "list" if typing.get_origin(declared.base) in (tuple, list) else "text"
        plain = words.text.replace("`", "")
        return SettingSpec(kind=kind, values=words.text, allowed=plain, **common)
    if choices is not None:
        listed = ", ".join(f"`{toml_value(choice)}`" for choice in choices)
        *first, last = (toml_value(choice) for choice in choices)
        allowed = f"{', '.join(first)} or {last}"
        kind = "boolean" if choices == [True, False] else "choice"
        return SettingSpec(kind=kind, values=listed, allowed=allowed, choices=choices, **common)
    if declared.base in (int, float) and low is not None and high is not None:
        integer = declared.base is int
        kind, article = ("integer", "an integer") if integer else ("number", "a number")
        bounds = f"{low:g}..{high:g}" if not integer else f"{int(low)}..{int(high)}"
        return SettingSpec(
            kind=kind,
            values=f"`{bounds}`",
            allowed=f"{article} {bounds}",
            minimum=low,
            maximum=high,
            **common,
        )
    raise TypeError(f"{table}.{key}: no range, list of values or Words marker")


def specs(root: type[Struct]) -> list[SettingSpec]:
    """Every setting of ``root`` (a struct of one struct a table), table by table."""
    found = []
    for table, declared, _ in fields(root):
        for key, field_declared, default in fields(declared.base):
            found.append(_spec(table, key, field_declared, default))
    return found
