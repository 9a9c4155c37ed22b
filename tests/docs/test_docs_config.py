"""The configuration page's table (docs/configuration.md) equals the configuration loader
(``controller/config.py``): the same keys, each with its default and the values the loader
takes; and the commented example ``controller/config.example.toml`` sets every key but the seats
to its default."""

from __future__ import annotations

import re
import tomllib
from dataclasses import fields
from typing import Any

import pytest

from controller.config import SECTIONS, Config, ConfigError, from_tables
from tests.docs.manual import REPO, code, first_table, page

NUMBER_RANGE = re.compile(r"`(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)`")
Row = tuple[str, str, str, str]


def table() -> dict[str, Row]:
    """``table.key`` -> (default, values, meaning, key) of each row of the table."""
    rows = first_table(page("configuration.md"), "| key | default | values | meaning |")
    found: dict[str, Row] = {}
    for key_cell, default, values, meaning in rows:
        key = code(key_cell)
        assert key is not None and key.count(".") == 1, f"one `table.key` per row: {key_cell}"
        assert key not in found, f"{key} is in the table twice"
        found[key] = (default, values, meaning, key)
    return found


def load(key: str, value: Any) -> Any:
    """``key`` (``table.key``) set to ``value`` through the loader: the setting it makes."""
    table_name, name = key.split(".")
    return getattr(from_tables({table_name: {name: value}}, "test"), name)


def toml_value(text: str) -> Any:
    return tomllib.loads(f"v = {text}")["v"]


def loader_keys() -> set[str]:
    return {f"{table_name}.{key}" for table_name, keys in SECTIONS.items() for key in keys}


def test_the_table_has_every_key_of_the_loader_and_no_other() -> None:
    assert set(table()) == loader_keys()
    assert {key.split(".")[1] for key in loader_keys()} == {f.name for f in fields(Config)}


@pytest.mark.parametrize("key", sorted(loader_keys()))
def test_the_documented_default_is_the_loader_s(key: str) -> None:
    default = code(table()[key][0])
    assert default is not None, f"{key}: the default is one code span in TOML"
    assert load(key, toml_value(default)) == getattr(Config(), key.split(".")[1])


@pytest.mark.parametrize("key", sorted(loader_keys()))
def test_the_documented_values_are_the_loader_s(key: str) -> None:
    values = table()[key][1]
    default = getattr(Config(), key.split(".")[1])
    if (bounds := NUMBER_RANGE.fullmatch(values)) is not None:
        low, high = (toml_value(bound) for bound in bounds.groups())
        step = 1 if isinstance(default, int) else 0.01
        assert load(key, low) == low and load(key, high) == high, key
        for outside in (low - step, high + step):
            with pytest.raises(ConfigError):
                load(key, outside)
    elif values.startswith("`"):
        listed = [toml_value(text) for text in re.findall(r"`([^`]*)`", values)]
        assert [load(key, value) for value in listed] == listed, key
        for outside in ("none of these", *(n for n in range(10) if n not in listed)):
            if not (isinstance(outside, int) and isinstance(default, bool)):
                with pytest.raises(ConfigError):
                    load(key, outside)
    else:  # a form in words: the default must fit the words' kind (a list, text)
        assert values and not values[0].isdigit(), f"{key}: {values!r}"


def test_numeric_settings_have_a_documented_range() -> None:
    """Every number the loader bounds shows its bounds (or the numbers it takes) in the table."""
    for key, (_, values, _, _) in table().items():
        default = getattr(Config(), key.split(".")[1])
        if isinstance(default, int | float) and not isinstance(default, bool):
            assert NUMBER_RANGE.fullmatch(values) or values.startswith("`"), f"{key}: {values!r}"


def test_the_example_file_sets_every_key_to_its_default() -> None:
    example = tomllib.loads((REPO / "controller" / "config.example.toml").read_text())
    assert set(example) == set(SECTIONS)
    for table_name, body in example.items():
        assert set(body) == set(SECTIONS[table_name]) - {"seats"}, table_name
    assert from_tables(example, "config.example.toml") == Config()
