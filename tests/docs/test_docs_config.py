"""The configuration page's table (docs/configuration.md) and the commented example
``controller/config.example.toml`` are written from the settings' declarations
(``controller/config.py``) and current; the table's defaults and values are what the loader
takes; and the example sets every key but the seats to its default."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from controller.config import SECTIONS, Config, ConfigError, from_tables
from controller.tools import settings_docs
from tests.docs.manual import REPO, code, first_table, page

NUMBER_RANGE = re.compile(r"`(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)`")
Row = tuple[str, str, str, str, str]


def table() -> dict[str, Row]:
    """``table.key`` -> (default, values, settings page, meaning, key) of each row."""
    header = "| key | default | values | settings page | meaning |"
    found: dict[str, Row] = {}
    for key_cell, default, values, on_page, meaning in first_table(
        page("configuration.md"), header
    ):
        key = code(key_cell)
        assert key is not None and key.count(".") == 1, f"one `table.key` per row: {key_cell}"
        assert key not in found, f"{key} is in the table twice"
        found[key] = (default, values, on_page, meaning, key)
    return found


def load(key: str, value: Any) -> Any:
    """``key`` (``table.key``) set to ``value`` through the loader: the setting it makes."""
    table_name, name = key.split(".")
    return getattr(getattr(from_tables({table_name: {name: value}}, "test"), table_name), name)


def default(key: str) -> Any:
    """The default of ``key`` (``table.key``)."""
    table_name, name = key.split(".")
    return getattr(getattr(Config(), table_name), name)


def toml_value(text: str) -> Any:
    return tomllib.loads(f"v = {text}")["v"]


def loader_keys() -> set[str]:
    return {f"{table_name}.{key}" for table_name, keys in SECTIONS.items() for key in keys}


def test_the_written_files_are_current() -> None:
    """``python -m controller.tools.settings_docs`` has nothing to write."""
    example = (REPO / "controller" / "config.example.toml").read_text(encoding="utf-8")
    assert example == settings_docs.example_file(), "python -m controller.tools.settings_docs"
    text = page("configuration.md")
    assert text == settings_docs.with_table(text), "python -m controller.tools.settings_docs"
    assert settings_docs.main(["--check"]) == 0


def test_the_table_has_every_key_of_the_loader_and_no_other() -> None:
    assert set(table()) == loader_keys()


@pytest.mark.parametrize("key", sorted(loader_keys()))
def test_the_documented_default_is_the_loader_s(key: str) -> None:
    written = code(table()[key][0])
    assert written is not None, f"{key}: the default is one code span in TOML"
    assert load(key, toml_value(written)) == default(key)


@pytest.mark.parametrize("key", sorted(loader_keys()))
def test_the_documented_values_are_the_loader_s(key: str) -> None:
    values = table()[key][1]
    before = default(key)
    if (bounds := NUMBER_RANGE.fullmatch(values)) is not None:
        low, high = (toml_value(bound) for bound in bounds.groups())
        step = 1 if isinstance(before, int) else 0.01
        assert load(key, low) == low and load(key, high) == high, key
        for outside in (low - step, high + step):
            with pytest.raises(ConfigError):
                load(key, outside)
    elif values.startswith("`"):
        listed = [toml_value(text) for text in re.findall(r"`([^`]*)`", values)]
        assert [load(key, value) for value in listed] == listed, key
        for outside in ("none of these", *(n for n in range(10) if n not in listed)):
            if not (isinstance(outside, int) and isinstance(before, bool)):
                with pytest.raises(ConfigError):
                    load(key, outside)
    else:  # a form in words: the default must fit the words' kind (a list, text)
        assert values and not values[0].isdigit(), f"{key}: {values!r}"


def test_numeric_settings_have_a_documented_range() -> None:
    """Every number the loader bounds shows its bounds (or the numbers it takes) in the table."""
    for key, (_, values, _, _, _) in table().items():
        value = default(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            assert NUMBER_RANGE.fullmatch(values) or values.startswith("`"), f"{key}: {values!r}"


def test_the_example_file_sets_every_key_to_its_default() -> None:
    example = tomllib.loads((REPO / "controller" / "config.example.toml").read_text())
    assert set(example) == set(SECTIONS)
    for table_name, body in example.items():
        assert set(body) == set(SECTIONS[table_name]) - {"seats"}, table_name
    assert from_tables(example, "config.example.toml") == Config()
