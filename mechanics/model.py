"""The solids a maker cuts or prints, built with build123d from mechanics.placement.

Each part is built at its place in its board's frame (panel 0 for the panel's parts), so the
parts stand where the placement functions say and the fit test can intersect them.
"""

from __future__ import annotations

from build123d import Align, Box, Cylinder, Location, Part, Plane, Sketch, Solid, section

from mechanics import placement
from mechanics.parameters import FlatBoard, Spaceboard

CENTRE = (Align.CENTER, Align.CENTER, Align.CENTER)
"""Every primitive is placed by its centre."""
OVERSHOOT = 1.0
"""How far a through cut runs past the faces it opens, so that no sliver of skin is left."""


def box(extent: placement.Box) -> Part:
    """A solid box filling ``extent``."""
    (x0, y0, z0), (x1, y1, z1) = extent.low, extent.high
    centre = Location(((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2))
    return centre * Box(x1 - x0, y1 - y0, z1 - z0, align=CENTRE)


def rod(start: placement.Vec, axis: placement.Vec, length: float, diameter: float) -> Part:
    """A cylinder of ``diameter`` from ``start`` along the unit vector ``axis`` for ``length``."""
    centre = tuple(s + a * length / 2 for s, a in zip(start, axis, strict=True))
    plane = Plane(origin=centre, z_dir=axis)
    return plane.location * Cylinder(diameter / 2, length, align=CENTRE)


def _cut(body: Part, cuts: list[Part]) -> Solid:
    """``body`` less every cut, in one boolean operation."""
    return body.cut(*cuts).solid()


def acrylic(board: Spaceboard) -> Solid:
    """Panel 0's clear acrylic sheet with its 16 holes."""
    cuts = []
    for _, floor, section_ in placement.holes()[:16]:
        bottom = placement.hole_axis(board, 0, floor, section_).at
        start = (bottom[0], bottom[1] + OVERSHOOT, bottom[2])
        length = board.panel_thickness + 2 * OVERSHOOT
        cuts.append(rod(start, (0.0, -1.0, 0.0), length, board.hole_diameter))
    return _cut(box(placement.acrylic_box(board, 0)), cuts)


def _header_seat(board: Spaceboard) -> placement.Box:
    """The header's body: under the carrier's middle, in a seat cut up into the carrier."""
    field = placement.pin_field(board, 0)
    return placement.Box(
        (field.low[0], field.low[1], board.carrier_lift),
        (field.high[0], field.high[1], board.carrier_lift + board.header.body_height),
    )


def carrier(board: Spaceboard) -> Solid:
    """Panel 0's printed carrier: a sensor pocket behind each hole, the pixel's bore above it,
    the foot magnets' closed pockets (a print pause drops them in) and the header's seat."""
    back = placement.carrier_box(board, 0).high[1]
    cuts = [box(_header_seat(board))]
    for _, floor, section_ in placement.holes()[:16]:
        cuts.append(box(placement.sensor_pocket(board, 0, floor, section_)))
        pixel = placement.pixel_axis(board, 0, floor, section_).at
        cuts.append(rod(pixel, (0.0, 1.0, 0.0), back - pixel[1], board.pixel.window_diameter))
    for magnet in placement.foot_magnets(board, 0):
        cuts.append(
            rod(
                magnet.at,
                (0.0, 0.0, 1.0),
                board.magnet.height,
                board.magnet.diameter + 2 * board.magnet_pocket_clearance,
            )
        )
    return _cut(box(placement.carrier_box(board, 0)), cuts)


def header(board: Spaceboard) -> Solid:
    """Panel 0's pin header: its body in the carrier's seat and its 23 pins below."""
    part = box(_header_seat(board))
    pins = [
        rod(tip, (0.0, 0.0, 1.0), board.header.pin_length, board.header.pin_width)
        for tip in placement.connector_pins(board, 0).values()
    ]
    return part.fuse(*pins).solid()


def base(board: Spaceboard) -> Solid:
    """The base's top board: four grooves, a socket pocket behind each and the groove sensors'
    pockets from below, leaving ``base_skin`` under the foot magnets."""
    pkg = board.sensor
    half_w = pkg.width / 2 + pkg.pocket_clearance
    half_d = pkg.thickness / 2 + pkg.pocket_clearance
    cuts = []
    for panel in range(4):
        cuts.append(box(placement.groove_box(board, panel)))
        cuts.append(box(placement.socket_pocket(board, panel)))
        for sensor in placement.groove_sensors(board, panel):
            x, y, _ = sensor.at
            pocket = placement.Box(
                (x - half_w, y - half_d, -board.base_top),
                (x + half_w, y + half_d, -board.base_skin),
            )
            cuts.append(box(pocket))
    return _cut(box(placement.base_box(board)), cuts)


def man(board: Spaceboard, panel: int, floor: int, section_: int) -> Part:
    """A Man's foot seated in the hole (its head, outside the panel, is the maker's choice)."""
    tip = placement.hole_axis(board, panel, floor, section_).at
    return rod(tip, (0.0, -1.0, 0.0), board.panel_thickness, board.foot_diameter)


def light_path(board: Spaceboard, panel: int, floor: int, section_: int) -> Part:
    """The pixel's body in its bore, from its dome at the acrylic back along its axis."""
    dome = placement.pixel_axis(board, panel, floor, section_).at
    return rod(dome, (0.0, 1.0, 0.0), board.pixel.body_length, board.pixel.body_diameter)


def flat_plate(board: FlatBoard) -> Solid:
    """A flat board's top plate of opal acrylic."""
    width, depth = placement.plate_size(board)
    low = (-width / 2, -depth / 2, -board.plate_thickness)
    return box(placement.Box(low, (width / 2, depth / 2, 0.0))).solid()


def flat_carrier(board: FlatBoard) -> Solid:
    """A flat board's carrier under the plate: an upright reed bore under each cell's centre,
    ``skin`` below the plate, and the pixel's bore beside it, open to the plate."""
    width, depth = placement.plate_size(board)
    top = -board.plate_thickness
    bottom = top - board.carrier_thickness
    cuts = []
    for cell in placement.cells(board):
        reed = placement.cell_reed(board, *cell).at
        reed_top = reed[2] + board.reed.length / 2
        start = (reed[0], reed[1], bottom - OVERSHOOT)
        cuts.append(rod(start, (0.0, 0.0, 1.0), reed_top - start[2], board.reed.bore_diameter))
        pixel = placement.cell_pixel(board, *cell).at
        start = (pixel[0], pixel[1], bottom - OVERSHOOT)
        length = top - start[2] + OVERSHOOT
        cuts.append(rod(start, (0.0, 0.0, 1.0), length, board.pixel.window_diameter))
    body = box(placement.Box((-width / 2, -depth / 2, bottom), (width / 2, depth / 2, top)))
    return _cut(body, cuts)


def outline(part: Solid | Part, plane: Plane) -> Sketch:
    """The part's section on ``plane``, drawn in the plane's own coordinates (a flat drawing
    at z = 0): the cutting outline for a laser or a router."""
    flat = plane.to_local_coords(section(part, plane))
    return flat if isinstance(flat, Sketch) else Sketch(flat.wrapped)
