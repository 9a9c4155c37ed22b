"""Every option and game parameter is bounded: no NaN, infinity, huge numbers or bools as ints."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import SettingError
from engine.variants import new_game

HUGE = 10**4400
BAD_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("qubic", {"call_window": float("nan")}),
    ("lucky", {"call_window": float("inf")}),
    ("lucky", {"call_window": 1e999}),
    ("lucky", {"call_window": -0.5}),
    ("lucky", {"call_window": 3601}),
    ("lucky", {"call_window": HUGE}),
    ("lucky", {"call_window": True}),
    ("lucky", {"auto_call": 1}),
    ("lucky", {"men_per_team": HUGE}),
    ("lucky", {"men_per_team": 10.0}),
    ("tactflix", {"burocrats_per_team": True}),
    ("tactflix", {"burocrats_per_team": float("nan")}),
    ("tactflix", {"burocrat_handing": ["left"]}),
    ("lucky", {"panels": 5}),
    ("lucky", {"suits": None}),
    ("lucky", {"dice_faces": {"colour": ["win"] * 1000}}),
    ("lucky", {"dice_faces": {"colour": [float("nan")]}}),
    ("payoff", {"tokens": [HUGE, 1]}),
    ("payoff", {"tokens": [float("inf"), 1]}),
    ("payoff", {"tokens": [True, 1]}),
    ("payoff", {"tokens": "\u0661 2"}),  # ARABIC-INDIC DIGIT ONE
    ("payoff", {"tokens": "1 " + "9" * 5000}),
    ("payoff", {"tokens": list(range(1, 1000))}),
    ("payoff", {"ledger": [HUGE, -HUGE]}),
    ("payoff", {"ledger": [10**15, -(10**15)]}),
    ("payoff", {"ledger": [float("nan"), 0]}),
    ("payoff", {"ledger": [True, -1]}),
    ("payoff", {"deal": [[HUGE], [1]], "tokens": [HUGE, 1]}),
    ("payoff", {"token_mode": ["digital"]}),
]


@pytest.mark.parametrize(
    ("variant", "options"), BAD_OPTIONS, ids=[f"{v}-{i}" for i, (v, _) in enumerate(BAD_OPTIONS)]
)
def test_bad_options_are_a_setting_error(variant: str, options: dict[str, Any]) -> None:
    with pytest.raises(SettingError):
        new_game(variant, 2, 0, options)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("lucky", {"call_window": 0}),
        ("lucky", {"call_window": 3600.0}),
        ("payoff", {"ledger": [10**12, -(10**12)]}),
        ("payoff", {"tokens": "100 50 50 25 25 20 20 10 10 5 2 1"}),
        ("lucky", {"dice_faces": {"colour": ["win"] * 64}}),
    ],
)
def test_options_at_their_bounds_are_accepted(variant: str, options: dict[str, Any]) -> None:
    assert new_game(variant, 2, 0, options).options is not None


@pytest.mark.parametrize("seed", [-1, 2**63, HUGE, True, 1.5, float("nan"), "7"], ids=range(7))
def test_seed_out_of_range_is_a_setting_error(seed: Any) -> None:
    with pytest.raises(SettingError, match="seed"):
        new_game("qubic", 2, seed)


@pytest.mark.parametrize("players", [2.0, True, HUGE, "2", 5], ids=range(5))
def test_players_must_be_a_whole_count(players: Any) -> None:
    with pytest.raises(SettingError, match="players"):
        new_game("qubic", players, 0)


def test_largest_seed_is_accepted() -> None:
    assert new_game("payoff", 2, 2**63 - 1).seed == 2**63 - 1


def test_a_refusal_names_the_setting_its_range_and_the_value() -> None:
    """docs/engine-api.md: `Options.from_dict` "rejects unknown keys and bad values with a clear
    `SettingError`" — every number bounded (counts 0..64, `call_window` seconds 0..3600); a
    number too long to print is named by its size."""
    cases: list[tuple[dict[str, Any], str]] = [
        ({"men_per_team": 65}, "men_per_team must be a whole number 0..64: 65"),
        ({"men_per_team": -1}, "men_per_team must be a whole number 0..64: -1"),
        ({"men_per_team": True}, "men_per_team must be a whole number 0..64: True"),
        (
            {"men_per_team": HUGE},
            f"men_per_team must be a whole number 0..64: a {HUGE.bit_length()}-bit number",
        ),
        ({"call_window": 3600.5}, "call_window must be seconds 0..3600: 3600.5"),
        ({"call_window": -0.5}, "call_window must be seconds 0..3600: -0.5"),
        ({"call_window": float("inf")}, "call_window must be seconds 0..3600: inf"),
        ({"call_window": "3"}, "call_window must be seconds 0..3600: '3'"),
    ]
    for options, message in cases:
        with pytest.raises(SettingError) as error:
            new_game("lucky", 2, 0, options)
        assert str(error.value) == message


def test_whole_numbers_and_seconds_at_their_bounds() -> None:
    """engine/settings.py: a whole number `low <= value < high`, seconds `low <= value <= high`:
    64 Men per team and a 3600 s window are accepted, a number of exactly 64 bits is printed."""
    assert new_game("lucky", 2, 0, {"men_per_team": 64}).men_per_team == 64
    assert new_game("lucky", 2, 0, {"men_per_team": 0}).men_per_team == 0
    assert new_game("lucky", 2, 0, {"call_window": 3600}).options.call_window == 3600
    with pytest.raises(SettingError) as error:
        new_game("qubic", 2, 2**64 - 1)
    assert str(error.value).endswith(f": {2**64 - 1}")
    with pytest.raises(SettingError) as error:
        new_game("qubic", 2, 2**64)
    assert str(error.value).endswith(": a 65-bit number")
