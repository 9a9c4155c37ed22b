"""Whether the parts fit, on the placement level: each part placed from its own parameter set,
as a maker cuts the acrylic, prints the carrier and routes the base perhaps from different
copies of the numbers. Every check returns what does not fit, in words (empty: it fits).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from mechanics import placement, reach
from mechanics.parameters import FlatBoard, Spaceboard


@dataclass(frozen=True)
class Assembly:
    """The spaceboard's parts, each cut from its own parameters."""

    acrylic: Spaceboard
    carrier: Spaceboard
    base: Spaceboard

    @classmethod
    def of(cls, board: Spaceboard) -> Assembly:
        """Every part from the same parameters, as `make cad` cuts them."""
        return cls(board, board, board)


def _off(a: placement.Vec, b: placement.Vec, axes: tuple[int, ...]) -> float:
    return math.dist([a[i] for i in axes], [b[i] for i in axes])


def sensors_under_holes(parts: Assembly) -> list[str]:
    """Every sensor pocket on its hole's axis, its skin against the hole's bottom."""
    faults = []
    tolerance = parts.carrier.fit_tolerance
    for panel in range(4):
        face = placement.acrylic_box(parts.acrylic, panel).high[1]
        carrier_front = placement.carrier_box(parts.carrier, panel).low[1]
        if abs(face - carrier_front) > tolerance:
            faults.append(f"panel {panel}: carrier {carrier_front - face:+.2f} mm off the acrylic")
    for hole in placement.holes():
        axis = placement.hole_axis(parts.acrylic, *hole).at
        pocket = placement.sensor_pocket(parts.carrier, *hole)
        centre = ((pocket.low[0] + pocket.high[0]) / 2, 0.0, (pocket.low[2] + pocket.high[2]) / 2)
        off = _off(axis, centre, (0, 2))
        if off > tolerance:
            faults.append(f"hole {hole}: sensor pocket {off:.2f} mm off the hole's axis")
    return faults


def magnets_within_reach(parts: Assembly) -> list[str]:
    """Every magnet within each listed sensor's reach with the margin, and every empty sensor's
    crosstalk under its release threshold with the same margin."""
    faults = []
    distances = reach.spaceboard_distances(parts.acrylic, parts.carrier, parts.base)
    crosstalk = reach.spaceboard_crosstalk(parts.carrier)
    for sensor in reach.sensors():
        if sensor.place not in distances:
            continue
        distance = distances[sensor.place]
        limit = reach.reach_mm(parts.carrier.magnet, sensor.operate_mt) / (1 + reach.MARGIN)
        if distance > limit:
            faults.append(
                f"{sensor.part} at a {sensor.place}: magnet {distance:.2f} mm away, "
                f"more than its reach with {reach.MARGIN:.0%} margin ({limit:.2f} mm)"
            )
        if sensor.release_mt is not None and crosstalk > sensor.release_mt / (1 + reach.MARGIN):
            faults.append(
                f"{sensor.part}: the other magnets add {crosstalk:.2f} mT at an empty sensor, "
                f"over {sensor.release_mt:.2f} mT / {1 + reach.MARGIN:.1f}"
            )
    return faults


def light_paths_clear(parts: Assembly) -> list[str]:
    """Every pixel's bore clear of its sensor's pocket, its hole and the hole above it."""
    faults = []
    board = parts.carrier
    radius = board.pixel.window_diameter / 2
    for hole in placement.holes():
        pixel = placement.pixel_axis(board, *hole).at
        pocket = placement.sensor_pocket(board, *hole)
        if pixel[2] - radius < pocket.high[2]:
            faults.append(f"hole {hole}: the pixel's bore cuts the sensor's pocket")
        panel, floor, section = hole
        axes = [placement.hole_axis(parts.acrylic, panel, floor, section).at]
        if floor < 3:
            axes.append(placement.hole_axis(parts.acrylic, panel, floor + 1, section).at)
        for axis in axes:
            if _off(pixel, axis, (0, 2)) < radius + parts.acrylic.hole_diameter / 2:
                faults.append(f"hole {hole}: a Man's foot stands in the pixel's light")
    return faults


def panels_fit_grooves(parts: Assembly) -> list[str]:
    """Every panel's tongue in its groove with clearance on each side, resting on its bottom."""
    faults = []
    for panel in range(4):
        tongue = placement.acrylic_box(parts.acrylic, panel)
        groove = placement.groove_box(parts.base, panel)
        gaps = (tongue.low[1] - groove.low[1], groove.high[1] - tongue.high[1])
        if min(gaps) < parts.base.groove_clearance / 2:
            faults.append(f"panel {panel}: {min(gaps):.2f} mm beside its tongue in the groove")
        if groove.low[0] > tongue.low[0] or groove.high[0] < tongue.high[0]:
            faults.append(f"panel {panel}: wider than its groove")
        if abs(tongue.low[2] - groove.low[2]) > parts.base.fit_tolerance:
            faults.append(f"panel {panel}: its tongue does not rest on the groove's bottom")
        carrier = placement.carrier_box(parts.carrier, panel)
        if carrier.low[2] <= 0.0:
            faults.append(f"panel {panel}: the carrier stands on the base, not the tongue")
    return faults


def connectors_line_up(parts: Assembly) -> list[str]:
    """Every header pin over its socket contact, the pin field inside the socket's pocket."""
    faults = []
    for panel in range(4):
        pins = placement.connector_pins(parts.carrier, panel)
        holes = placement.socket_holes(parts.base, panel)
        if pins.keys() != holes.keys():
            faults.append(f"panel {panel}: header and socket carry different signals")
            continue
        worst = max(_off(pins[name], holes[name], (0, 1)) for name in pins)
        if worst > parts.base.fit_tolerance:
            faults.append(f"panel {panel}: a pin lands {worst:.2f} mm off its contact")
        pocket = placement.socket_pocket(parts.base, panel)
        field = placement.pin_field(parts.carrier, panel)
        inside = placement.Box(pocket.low, (pocket.high[0], pocket.high[1], field.high[2]))
        if not inside.contains(field):
            faults.append(f"panel {panel}: the header's pins hit the socket pocket's wall")
        if -field.low[2] > parts.base.header.socket_contact_depth:
            faults.append(f"panel {panel}: the header's pins run past the socket's contacts")
    return faults


def spaceboard_faults(parts: Assembly) -> list[str]:
    """Everything that does not fit on the spaceboard."""
    return [
        *sensors_under_holes(parts),
        *magnets_within_reach(parts),
        *light_paths_clear(parts),
        *panels_fit_grooves(parts),
        *connectors_line_up(parts),
    ]


def flat_faults(board: FlatBoard) -> list[str]:
    """Everything that does not fit on a flat board: the reeds within reach with margin, the
    crosstalk under a reed's least pull-in, and every pixel's bore clear of its reed's bore."""
    faults = []
    (reed,) = [s for s in reach.sensors() if s.place == "cell"]
    distance = reach.flat_distance(board)
    limit = reach.reach_mm(board.magnet, reed.operate_mt) / (1 + reach.MARGIN)
    if distance > limit:
        faults.append(f"{board.name}: reed {distance:.2f} mm from the magnet, limit {limit:.2f} mm")
    crosstalk = reach.flat_crosstalk(board)
    if reed.release_mt is not None and crosstalk > reed.release_mt / (1 + reach.MARGIN):
        faults.append(f"{board.name}: the other magnets add {crosstalk:.2f} mT at an empty reed")
    gap = board.pixel_offset - (board.pixel.window_diameter + board.reed.bore_diameter) / 2
    if gap < board.min_wall:
        faults.append(f"{board.name}: {gap:.2f} mm between a pixel's bore and its reed's")
    reach_over = board.pixel_offset + (board.pixel.window_diameter + board.reed.bore_diameter) / 2
    if board.cell_pitch - reach_over < board.min_wall:
        faults.append(f"{board.name}: a pixel's bore runs into the next cell's reed")
    return faults
