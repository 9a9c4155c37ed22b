"""The configuration file written from the settings page: comments and layout kept, checked
before anything is written, replaced atomically; the token stored with mode 0600."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from controller.config import ConfigError, load_config
from controller.config_file import (
    EXAMPLE,
    TOKEN_FILE,
    SettingsTables,
    store_token,
    stored_token,
    write_atomically,
    write_settings,
)
from controller.game_data import SeatData

COMMENTED = Path(__file__).parents[1] / "web" / "settings_fixture.toml"


def comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


def test_a_change_keeps_every_comment_and_every_other_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(COMMENTED.read_text(encoding="utf-8"), encoding="utf-8")
    path.chmod(0o640)
    before = path.read_text(encoding="utf-8").splitlines()

    settings = write_settings(
        path, {"leds": {"brightness_cap": 0.25}, "game": {"team_names": ["Ann", "Bo", "Cy"]}}
    )

    after = path.read_text(encoding="utf-8").splitlines()
    assert settings.leds.brightness_cap == 0.25
    assert settings.game.team_names == ("Ann", "Bo", "Cy", "Yellow")
    assert comments("\n".join(after)) == comments("\n".join(before))
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [
        (
            'team_names = ["Red", "Blue", "Green"]  # three teams on this board',
            'team_names = ["Ann", "Bo", "Cy"]  # three teams on this board',
        ),
        ("brightness_cap = 0.4", "brightness_cap = 0.25"),
    ]
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert load_config(path) == settings
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]  # no temporary file left


def test_seats_are_written_as_tables_of_the_game(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    seats: list[SeatData] = [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": 4}]
    write_settings(path, {"game": {"seats": seats}})
    text = path.read_text(encoding="utf-8")
    assert '[[game.seats]]\nkind = "human"\nname = "Ann"' in text
    assert [seat.to_json() for seat in load_config(path).game.seats] == seats
    level_two: list[SeatData] = [{"kind": "computer", "level": 2}]
    write_settings(path, {"game": {"seats": level_two}})
    assert [seat.to_json() for seat in load_config(path).game.seats] == [
        {"kind": "computer", "level": 2}
    ]


def test_a_first_setting_starts_from_the_commented_example_readable_by_the_owner_only(
    tmp_path: Path,
) -> None:
    path = tmp_path / "config.toml"
    write_settings(path, {"remote": {"broker": "mqtt://127.0.0.1:1883", "password": "pw"}})
    text = path.read_text(encoding="utf-8")
    assert comments(text) == comments(EXAMPLE.read_text(encoding="utf-8"))
    assert 'broker = "mqtt://127.0.0.1:1883"' in text
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"leds": {"brightness_cap": 1.5}}, "a number 0..1"),
        ({"board": {"panels": "RRGB"}}, "panels"),
        ({"game": {"call_window": -1}}, "a number 0..600"),
        ({"game": {"hints": "yes"}}, "true or false"),
        ({"game": {"seats": [{"kind": "computer", "level": 9}]}}, "level"),
        ({"remote": {"broker": "http://x"}}, "mqtt://host:port"),
        ({"game": {"team_names": ["Solo"]}}, "three or four names"),
        ({"game": {"nope": 1}}, "unknown key game.nope"),
    ],
)
def test_a_bad_value_writes_nothing(
    tmp_path: Path, changes: SettingsTables, words: str
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(COMMENTED.read_text(encoding="utf-8"), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(ConfigError, match=words):
        write_settings(path, changes)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_a_replacement_that_fails_leaves_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "config.toml").mkdir()  # the rename over it fails after the text was written
    with pytest.raises(IsADirectoryError):
        write_atomically(tmp_path / "config.toml", "[game]\n", 0o600)
    assert [p.name for p in tmp_path.iterdir()] == ["config.toml"]


def test_the_token_is_stored_for_the_owner_only(tmp_path: Path) -> None:
    assert stored_token(tmp_path) is None
    store_token(tmp_path / "data", "abcdefghijklmnop_-12")
    assert stored_token(tmp_path / "data") == "abcdefghijklmnop_-12"
    assert stat.S_IMODE((tmp_path / "data" / TOKEN_FILE).stat().st_mode) == 0o600
    (tmp_path / "data" / TOKEN_FILE).write_text("\n", encoding="ascii")
    assert stored_token(tmp_path / "data") is None  # an emptied file keeps no token
