"""How far each listed sensor sees a piece's magnet, and what the model gives it (magpylib).

The field is the magnet's (a uniformly magnetised cylinder, magpylib's closed form) along the
sensor's axis. A sensor's reach is the largest distance from the magnet's face at which that
field still reaches the sensor's operate threshold, taken at its least sensitive (the datasheet's
maximum, or the project's calibration threshold). The model's distance comes from
mechanics.placement. Crosstalk is the field that every other magnet of a full board can add at
an empty sensor, each magnet's pole picked against it (the worst case).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

import magpylib
import numpy as np

from mechanics import placement
from mechanics.parameters import WIRING, FlatBoard, Magnet, Spaceboard

MARGIN = 0.20
"""The reach must exceed the model's distance by this fraction; crosstalk must stay under the
release threshold by the same fraction."""
MT_PER_AT_ONE_POLE = 0.2
"""A reed's pull-in in ampere-turns as a field: Littelfuse application note AN102A gives about
0.1 mT per AT between both poles of a magnet and about twice that from one pole's end, as an
upright reed under a disc magnet is; an order of magnitude, so the margin matters."""


@dataclass(frozen=True)
class Sensor:
    """A listed sensor: where it sits, what field switches it and where that figure comes from."""

    part: str
    place: str
    operate_mt: float
    source: str
    release_mt: float | None
    """The field an empty sensor must stay under (None: no bound the model relies on)."""


@dataclass(frozen=True)
class ReachRow:
    """One line of the reach table."""

    sensor: Sensor
    reach_mm: float
    distance_mm: float
    crosstalk_mt: float | None

    @property
    def margin(self) -> float:
        """How much farther the sensor reaches than the model asks, as a fraction."""
        return self.reach_mm / self.distance_mm - 1


def _hall() -> dict[str, float]:
    hall = tomllib.loads((WIRING / "pico.toml").read_text(encoding="utf-8"))["hall"]
    return {key: float(hall[key]) for key in ("supply_v", "sensitivity_mv_per_mt")} | {
        "on": float(hall["on_counts"]),
        "off": float(hall["off_counts"]),
    }


def counts_to_mt(counts: float) -> float:
    """A field of ``counts`` of the Pico's 12-bit ADC through the DRV5055A1, in mT."""
    hall = _hall()
    return counts * hall["supply_v"] * 1000 / 4096 / hall["sensitivity_mv_per_mt"]


def sensors() -> tuple[Sensor, ...]:
    """The listed sensors (BOM.md, docs/hardware/) with their operate thresholds."""
    hall = _hall()
    drv5055 = (
        f"pico.toml [hall] on_counts {hall['on']:.0f} of 4096 at {hall['supply_v']} V; "
        f"DRV5055A1 {hall['sensitivity_mv_per_mt']:.0f} mV/mT at 3.3 V (TI SBAS640)"
    )
    return (
        Sensor("DRV5055A1", "hole", counts_to_mt(hall["on"]), drv5055, counts_to_mt(hall["off"])),
        Sensor("DRV5055A1", "groove", counts_to_mt(hall["on"]), drv5055, counts_to_mt(hall["off"])),
        Sensor("DRV5033AJ", "hole", 12.0, "BOP max, AJ version (TI SLIS152G, 6.7)", None),
        Sensor("DRV5023AJ", "groove", 12.0, "BOP max, AJ version (TI SLIS151G, 6.7)", None),
        Sensor(
            "DRV5023AJ",
            "groove, turned round",
            12.0,
            "BOP max, AJ version (TI SLIS151G, 6.7); under the first, read through its back",
            None,
        ),
        Sensor(
            "MDSR-7 reed",
            "cell",
            25 * MT_PER_AT_ONE_POLE,
            "pull-in max 25 AT (Littelfuse MDSR-7) x 0.2 mT/AT (AN102A, one pole)",
            10 * MT_PER_AT_ONE_POLE,
        ),
    )


def _magnet(
    magnet: Magnet, face: tuple[float, float, float], axis: tuple[float, float, float]
) -> magpylib.magnet.Cylinder:
    """The magnet whose face towards the sensor is centred on ``face`` (mm), pointing ``axis``,
    north pole towards the sensor; magpylib works in metres and tesla."""
    direction = np.array(axis)
    centre = np.array(face) - direction * magnet.height / 2
    # magpylib's methods carry no annotations: the project types the ones it uses (typings/).
    cylinder = magpylib.magnet.Cylinder(
        polarization=(0.0, 0.0, magnet.remanence_mt / 1000),
        dimension=(magnet.diameter / 1000, magnet.height / 1000),
        position=centre / 1000,
    )
    z = np.array([0.0, 0.0, 1.0])
    if not np.allclose(direction, z):
        rotvec = np.cross(z, direction)
        angle = np.arccos(np.clip(np.dot(z, direction), -1.0, 1.0))
        if np.linalg.norm(rotvec) < 1e-9:
            rotvec = np.array([1.0, 0.0, 0.0])
        cylinder.rotate_from_rotvec(
            rotvec / np.linalg.norm(rotvec) * angle, anchor=centre / 1000, degrees=False
        )
    return cylinder


def axial_field_mt(magnet: Magnet, distance_mm: float) -> float:
    """The field on the magnet's axis ``distance_mm`` from its face, in mT."""
    cylinder = _magnet(magnet, (0.0, 0.0, 0.0), (0.0, 0.0, 1.0))
    field = cylinder.getB((0.0, 0.0, distance_mm / 1000))
    return float(field[2] * 1000)


@cache
def reach_mm(magnet: Magnet, threshold_mt: float) -> float:
    """The largest distance from the magnet's face at which its axial field reaches
    ``threshold_mt`` (bisection to 0.01 mm; the field falls monotonically along the axis)."""
    near, far = 0.0, 200.0
    while far - near > 0.01:
        mid = (near + far) / 2
        near, far = (mid, far) if axial_field_mt(magnet, mid) >= threshold_mt else (near, mid)
    return near


def _distance(a: placement.Axial, b: placement.Axial) -> float:
    return float(np.linalg.norm(np.subtract(a.at, b.at)))


def _worst_crosstalk(
    magnet: Magnet,
    magnets: list[placement.Axial],
    sensors_at: list[placement.Axial],
) -> float:
    """The most field along its axis that the other magnets can add at any one sensor (each
    magnet's pole against the sensor: the magnitudes add), in mT."""
    sources = [_magnet(magnet, m.at, m.axis) for m in magnets]
    points = np.array([s.at for s in sensors_at]) / 1000
    # By magnet, sensor and coordinate, in mT.
    fields = np.array([source.getB(points) for source in sources]) * 1000
    axes = np.array([s.axis for s in sensors_at])
    along = np.abs(np.einsum("msk,sk->ms", fields, axes))
    worst = 0.0
    for index, sensor in enumerate(sensors_at):
        mine = min(range(len(magnets)), key=lambda m: _distance(magnets[m], sensor))
        worst = max(worst, float(along[:, index].sum() - along[mine, index]))
    return worst


def spaceboard_magnets(board: Spaceboard) -> tuple[list[placement.Axial], list[placement.Axial]]:
    """Every magnet of a full spaceboard (64 Men, 8 foot magnets) and every Hall element."""
    holes = placement.holes()
    magnets = [placement.hole_magnet(board, *h) for h in holes]
    sensors_at = [placement.hole_sensor(board, *h) for h in holes]
    for panel in range(4):
        magnets.extend(placement.foot_magnets(board, panel))
        sensors_at.extend(placement.groove_sensors(board, panel))
    return magnets, sensors_at


def spaceboard_distances(
    acrylic: Spaceboard, carrier: Spaceboard | None = None, base: Spaceboard | None = None
) -> dict[str, float]:
    """The largest magnet-face-to-element distance at each place of a sensor: the holes (the
    Men's magnets stop at the acrylic's holes, the sensors sit in the carrier), the grooves (the
    foot magnets in the carrier, the sensors in the base) and, on the direct-GPIO path, the
    second DRV5023 of each groove position turned round under the first. Each part may come from
    its own parameters (mechanics.fit plants a misfit that way)."""
    carrier = carrier or acrylic
    base = base or acrylic
    hole = max(
        _distance(placement.hole_magnet(acrylic, *h), placement.hole_sensor(carrier, *h))
        for h in placement.holes()
    )
    groove = max(
        _distance(m, s)
        for p in range(4)
        for m, s in zip(
            placement.foot_magnets(carrier, p), placement.groove_sensors(base, p), strict=True
        )
    )
    return {"hole": hole, "groove": groove, "groove, turned round": groove + base.sensor.thickness}


def flat_distance(board: FlatBoard) -> float:
    """The largest magnet-face-to-reed-gap distance of a flat board."""
    return max(
        _distance(placement.cell_magnet(board, *c), placement.cell_reed(board, *c))
        for c in placement.cells(board)
    )


@cache
def spaceboard_crosstalk(board: Spaceboard) -> float:
    """The worst crosstalk at any hole or groove sensor of a full spaceboard, in mT."""
    magnets, sensors_at = spaceboard_magnets(board)
    return _worst_crosstalk(board.magnet, magnets, sensors_at)


@cache
def flat_crosstalk(board: FlatBoard) -> float:
    """The worst crosstalk at any reed of a full flat board, in mT."""
    every = placement.cells(board)
    magnets = [placement.cell_magnet(board, *c) for c in every]
    reeds = [placement.cell_reed(board, *c) for c in every]
    return _worst_crosstalk(board.magnet, magnets, reeds)


def table(board: Spaceboard, flats: tuple[FlatBoard, ...]) -> list[ReachRow]:
    """The reach table: each listed sensor where it sits, on the boards as modelled."""
    distances = spaceboard_distances(board)
    board_crosstalk = spaceboard_crosstalk(board)
    rows: list[ReachRow] = []
    for sensor in sensors():
        reach = reach_mm(board.magnet, sensor.operate_mt)
        crosstalk = board_crosstalk if sensor.release_mt is not None else None
        if sensor.place == "cell":
            rows.extend(
                ReachRow(
                    Sensor(
                        sensor.part,
                        f"cell ({flat.name})",
                        sensor.operate_mt,
                        sensor.source,
                        sensor.release_mt,
                    ),
                    reach_mm(flat.magnet, sensor.operate_mt),
                    flat_distance(flat),
                    flat_crosstalk(flat),
                )
                for flat in flats
            )
        else:
            rows.append(ReachRow(sensor, reach, distances[sensor.place], crosstalk))
    return rows


def markdown(rows: list[ReachRow]) -> str:
    """The table as the docs page shows it."""
    lines = [
        "| Sensor | Where | Operate threshold (mT) | Source | Reach (mm) | Distance in the model"
        " (mm) | Margin | Crosstalk at an empty sensor (mT) | Release threshold (mT) |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        s = row.sensor
        crosstalk = "—" if row.crosstalk_mt is None else f"{row.crosstalk_mt:.2f}"
        release = "—" if s.release_mt is None else f"{s.release_mt:.2f}"
        lines.append(
            f"| {s.part} | {s.place} | {s.operate_mt:.2f} | {s.source} | {row.reach_mm:.1f} |"
            f" {row.distance_mm:.2f} | {row.margin:.0%} | {crosstalk} | {release} |"
        )
    return "\n".join(lines) + "\n"
