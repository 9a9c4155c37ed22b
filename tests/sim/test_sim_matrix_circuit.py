"""The flat boards' matrix circuit in time (``sim.matrix_circuit``): as the wiring files give it
(a reed contact and a diode per cell, their settle time), 10,000 random placements read with 0
ghost and 0 missed pieces on every flat wiring; the old circuit (a Hall switch wired as if it were
a two-terminal contact: GND on the row for a 10 us settle against its power-on time, or GND to
ground) fails the same placements."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from sim.matrix_circuit import (
    DRV5032FB,
    DRV5033,
    REED,
    Circuit,
    SwitchPart,
    Wiring,
    random_placements,
)

WIRING = Path(__file__).resolve().parents[2] / "wiring"
PLACEMENTS = 10_000
FLAT = ["flip4.toml", "olix.toml", "flip4-pi.toml", "olix-pi.toml"]


def circuit_of(name: str, part: SwitchPart | None = None, wiring: Wiring = "contact") -> Circuit:
    """The matrix a wiring file describes (or ``part`` wired as ``wiring`` at its settle)."""
    data = tomllib.loads((WIRING / name).read_text(encoding="utf-8"))
    matrix = data["matrix"]
    chosen = part or SwitchPart(str(matrix["switch"]), float(matrix["switch_power_on_us"]))
    return Circuit(
        name,
        chosen,
        wiring,
        settle_us=float(matrix["settle_us"]),
        rows=int(data["board"]["rows"]),
        cols=int(data["board"]["cols"]),
    )


@pytest.mark.parametrize("name", FLAT)
def test_the_flat_boards_matrix_reads_every_placement_exactly(name: str) -> None:
    circuit = circuit_of(name)
    assert circuit.part.power_on_us == REED.power_on_us == 0.0
    assert circuit.settle_us >= circuit.part.power_on_us + circuit.recovery_us
    tally = random_placements(circuit, PLACEMENTS, seed=1)
    assert (tally.ghosts, tally.missed) == (0, 0)


@pytest.mark.parametrize("name", ["flip4.toml", "olix.toml"])
def test_the_old_circuit_fails_the_same_placements(name: str) -> None:
    """GND on the row: the DRV5032FB is powered 10 us, short of its power-on time, and no piece
    is ever seen. GND to ground: every piece shows in every row of its column."""
    on_row = random_placements(circuit_of(name, DRV5032FB, "gnd_on_row"), PLACEMENTS, seed=1)
    assert on_row.missed > 0 and on_row.ghosts == 0
    grounded = random_placements(circuit_of(name, DRV5032FB, "gnd_to_ground"), PLACEMENTS, seed=1)
    assert grounded.ghosts > 0 and grounded.missed == 0


def test_a_settle_shorter_than_the_columns_recovery_shows_ghosts() -> None:
    """The reed circuit at 2 us: a column a row pulled low has not risen when the next is read."""
    circuit = circuit_of("olix.toml")
    circuit.settle_us = 2.0
    assert circuit.recovery_us > 2.0
    assert random_placements(circuit, 200, seed=1).ghosts > 0


def test_the_spaceboards_switched_hall_rows_settle_past_the_power_on_time() -> None:
    """wiring/pi.toml: each row's DRV5033s powered through a P-MOSFET for row_settle_us (100 us,
    its t_on at most 50 us): exact; at 10 us every piece is missed."""
    pi = tomllib.loads((WIRING / "pi.toml").read_text(encoding="utf-8"))["matrix"]
    rows, cols = len(pi["rows"]), len(pi["columns"])
    settle = float(pi["row_settle_us"])
    switched = Circuit("pi", DRV5033, "vcc_switched", settle_us=settle, rows=rows, cols=cols)
    assert random_placements(switched, 1000, seed=2) == random_placements(switched, 1000, seed=2)
    tally = random_placements(switched, 1000, seed=2)
    assert (tally.ghosts, tally.missed) == (0, 0)
    switched.settle_us = 10.0
    assert random_placements(switched, 100, seed=2).missed > 0


def test_a_stuck_or_missing_switch_is_seen_as_one() -> None:
    circuit = circuit_of("flip4.toml")
    circuit.stuck, circuit.missing = {3}, {17}
    assert circuit.read(set()) == {3}
    assert circuit.read({17, 18}) == {3, 18}
    tally = random_placements(circuit, 1000, seed=3)
    assert tally.ghosts > 0 and tally.missed > 0
