"""The files written from the settings' declarations (``controller.config``): the commented
example ``controller/config.example.toml`` and the settings table of docs/configuration.md.

``python -m controller.tools.settings_docs`` (``make settings-docs``) writes them in a checkout;
``--check`` only says whether they are current (``tests/docs/test_docs_config.py`` does too).
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from pathlib import Path

import msgspec

from controller.config import Config, settings_specs
from controller.settings_spec import NEXT_GAME, NOW, SettingSpec, toml_value

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "controller" / "config.example.toml"
PAGE = ROOT / "docs" / "configuration.md"
BEGIN = "<!-- settings table: written by python -m controller.tools.settings_docs -->"
END = "<!-- end of the settings table -->"
WIDTH = 100
HEADER = """\
# flixboard configuration. Every key is optional: the values shown are the defaults.
# Installed on a Raspberry Pi as /etc/flixboard/config.toml; pass another file with --config FILE
# (without it: DATA_DIR/config.toml, written by the settings page, docs/configuration.md).
# Any key can also be set for one run: flixboard run --set board.settle_ms=80
# Written by python -m controller.tools.settings_docs from controller/config.py: change a
# setting's description there.
"""
ON_PAGE = {NOW: "now", NEXT_GAME: "from the next game"}
_LINK = re.compile(r"\[([^\]]+)\]\(([^)#]+)(#[^)]*)?\)")


def _plain(text: str) -> str:
    """Markdown as a comment says it: a link's text with its page (``docs/PAGE.md``)."""
    return _LINK.sub(lambda m: f"{m.group(1)} (docs/{m.group(2)})", text).replace("**", "")


def _comment(text: str) -> list[str]:
    return textwrap.wrap(_plain(text), WIDTH - 2, initial_indent="# ", subsequent_indent="# ")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _table_title(table: type[msgspec.Struct]) -> str:
    """A table's docstring after its name: ``[board]``: *the board ...*."""
    return (table.__doc__ or "").partition(": ")[2].rstrip(".")


def _tables_of(spec: SettingSpec) -> list[str]:
    """The examples of a list of tables (``[[game.seats]]``), commented out."""
    lines = []
    for example in spec.examples or []:
        for item in example if isinstance(example, list) else []:
            lines.append(f"# [[{spec.name}]]")
            lines += [f"# {key} = {toml_value(value)}" for key, value in dict(item).items()]
    return lines


def example_file() -> str:
    """``config.example.toml``: every table, every key with its description and default."""
    tables = {info.name: info.type for info in msgspec.structs.fields(Config)}
    lines = HEADER.splitlines()
    table = ""
    for spec in settings_specs():
        if spec.table != table:
            table = spec.table
            lines += ["", f"[{table}]", *_comment(_sentence(_table_title(tables[table])))]
        page = f" The settings page changes it ({_when(spec)})." if spec.page else ""
        lines += _comment(f"{_sentence(spec.description)} Values: {spec.allowed}.{page}")
        if spec.examples:
            lines += _tables_of(spec)
        else:
            lines.append(f"{spec.key} = {toml_value(spec.default)}")
    return "\n".join(lines) + "\n"


def _when(spec: SettingSpec) -> str:
    """When a change on the settings page takes effect, in words."""
    return ON_PAGE.get(spec.when, "after a restart")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def settings_table() -> str:
    """The settings table of docs/configuration.md, between its markers."""
    rows = [
        BEGIN,
        "| key | default | values | settings page | meaning |",
        "|---|---|---|---|---|",
    ]
    for spec in settings_specs():
        page = f"**{spec.label}**, {_when(spec)}" if spec.page else ""
        rows.append(
            f"| `{spec.name}` | `{toml_value(spec.default)}` | {_cell(spec.values)} | {page} "
            f"| {_cell(spec.description)} |"
        )
    return "\n".join([*rows, END])


def with_table(page: str) -> str:
    """``page`` with its settings table written anew."""
    start, end = page.index(BEGIN), page.index(END) + len(END)
    return page[:start] + settings_table() + page[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only say whether they are current")
    args = parser.parse_args(argv)
    wanted = {EXAMPLE: example_file(), PAGE: with_table(PAGE.read_text(encoding="utf-8"))}
    stale = [path for path, text in wanted.items() if path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is not current: python -m {__spec__.name}")
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
