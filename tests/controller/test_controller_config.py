"""Configuration: defaults, the TOML file, overrides, and errors naming the key."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from controller.config import Config, ConfigError, apply_overrides, load_config, parse_address

EXAMPLE = Path(__file__).parents[2] / "controller" / "config.example.toml"


def test_example_file_states_the_defaults() -> None:
    assert load_config(EXAMPLE) == Config()
    assert tomllib.loads(EXAMPLE.read_text())["board"]["settle_ms"] == 120


def test_no_file_gives_defaults() -> None:
    config = load_config(None)
    assert (config.board.settle_ms, config.board.fix_after_s, config.game.call_window) == (
        120,
        5.0,
        3.0,
    )
    assert config.http.address == "127.0.0.1:8640" and config.game.dice == "virtual"


def test_file_values(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        '[board]\nsettle_ms = 80\npanels = "bgyr"\n[game]\ndice = "physical"\n'
        '[leds]\nteam_colours = ["#010203", [4, 5, 6], "070809"]\n'
    )
    config = load_config(path)
    assert config.board.settle_ms == 80 and config.settle_s == 0.08
    assert config.board.panels == "BGYR" and config.layout.panels == "BGYR"
    assert config.game.dice == "physical"
    assert config.leds.team_colours == (
        (1, 2, 3),
        (4, 5, 6),
        (7, 8, 9),
        (255, 190, 0),
    )  # 4th: default


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[board]\nsettle_ms = 'fast'\n", "board.settle_ms: bad value for settle_ms: 'fast'"),
        ("[board]\nsettel_ms = 100\n", "unknown key board.settel_ms"),
        ("[boards]\n", "unknown table [boards]"),
        ("[game]\nvariant = 'chess'\n", "bad value for variant: 'chess'"),
        ("[board]\npanels = 'RRGB'\n", "panels must order"),
        ("[leds]\nbrightness_cap = 2\n", "a number 0..1"),
        ("[leds]\nteam_colours = ['red', 'blue', 'green']\n", "not a colour: 'red'"),
        ("[http]\naddress = 'nowhere'\n", "not an address HOST:PORT"),
        ("[board\n", "not valid TOML"),
        ("[game]\nplayers = 2.0\n", "game.players: bad value for players: 2.0"),
        ("[game]\nplayers = true\n", "bad value for players: True"),
        ("[board]\npanels = 5\n", "board.panels: bad value for panels: 5"),
        ("settle_ms = 80\n", "settle_ms = 80 must be in its table: [board] settle_ms"),
    ],
)
def test_bad_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        load_config(path)
    assert message in str(error.value)
    assert str(path) in str(error.value)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read config file"):
        load_config(tmp_path / "missing.toml")


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b"\xff[board]\n")
    with pytest.raises(ConfigError, match="not UTF-8") as error:
        load_config(path)
    assert str(path) in str(error.value)


def test_a_whole_number_of_players_only(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"--set game\.players=4\.0"):
        apply_overrides(Config(), ["game.players=4.0"])
    assert type(apply_overrides(Config(), ["game.players=4"]).game.players) is int


def test_overrides() -> None:
    config = apply_overrides(Config(), ["board.settle_ms=60", "game.dice=physical"])
    assert config.board.settle_ms == 60 and config.game.dice == "physical"
    with pytest.raises(ConfigError, match=r"expected table\.key=value"):
        apply_overrides(Config(), ["settle_ms=60"])
    with pytest.raises(ConfigError, match=r"--set board\.settle_ms=-5"):
        apply_overrides(Config(), ["board.settle_ms=-5"])


def test_addresses() -> None:
    assert parse_address("0.0.0.0:80") == ("0.0.0.0", 80)
    assert parse_address("[::1]:8640") == ("::1", 8640)
    with pytest.raises(ConfigError):
        parse_address("host:99999")


@pytest.mark.parametrize(
    "override",
    [
        "game.call_window=nan",
        "game.call_window=inf",
        "game.call_window=1e999",
        "game.call_window=-0.5",
        "board.fix_after_s=-inf",
        "leds.brightness_cap=nan",
        "board.settle_ms=9223372036854775807",
        "game.players=9223372036854775807",
    ],
)
def test_a_number_that_is_not_finite_or_out_of_bounds_is_a_config_error(override: str) -> None:
    with pytest.raises(ConfigError, match="bad value"):
        apply_overrides(Config(), [override])
