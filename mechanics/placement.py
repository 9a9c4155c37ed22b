"""Where every part sits, from the parameters alone: the model's solids and the fit test use
these functions, so a dimension changed in one place moves every part that depends on it.

The spaceboard's frame: x across the board (sections, left to right), y from the front edge to
the back (the grooves), z up with the base's top at 0. A Man goes into its hole along +y; the
sensor sits behind the hole's bottom. A flat board's frame: x along a row, y towards row 1, z up
with the plate's top at 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from mechanics.parameters import PANEL_PINS, FlatBoard, Spaceboard

Vec = tuple[float, float, float]


@dataclass(frozen=True)
class Box:
    """An axis-aligned box by its two corners."""

    low: Vec
    high: Vec

    def contains(self, other: Box) -> bool:
        """Whether ``other`` lies wholly inside this box."""
        return all(
            lo <= olo and ohi <= hi
            for lo, hi, olo, ohi in zip(self.low, self.high, other.low, other.high, strict=True)
        )

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share any volume."""
        return all(
            olo < hi and lo < ohi
            for lo, hi, olo, ohi in zip(self.low, self.high, other.low, other.high, strict=True)
        )


@dataclass(frozen=True)
class Axial:
    """A part on an axis: the centre of its sensing point or face and the axis's direction."""

    at: Vec
    axis: Vec


def panel_width(board: Spaceboard) -> float:
    """A panel's width across its four sections."""
    return 3 * board.hole_pitch + 2 * board.panel_margin


def panel_top(board: Spaceboard) -> float:
    """The height of a panel's top edge over the base."""
    return board.floor_height + 3 * board.hole_pitch + board.panel_margin


def groove_y(board: Spaceboard, panel: int) -> float:
    """The middle of groove ``panel`` (0 = front), where the acrylic's mid-plane stands."""
    return board.front_strip + panel * board.groove_pitch


def base_box(board: Spaceboard) -> Box:
    """The base's outline."""
    half = panel_width(board) / 2 + board.side_margin
    back = groove_y(board, 3) + board.panel_thickness / 2 + board.carrier_thickness
    return Box((-half, 0.0, -board.base_top), (half, back + board.back_strip, 0.0))


def hole_axis(board: Spaceboard, panel: int, floor: int, section: int) -> Axial:
    """A hole's bottom (the acrylic's back face) on its axis, which runs along +y."""
    x = (section - 1.5) * board.hole_pitch
    z = board.floor_height + floor * board.hole_pitch
    return Axial((x, groove_y(board, panel) + board.panel_thickness / 2, z), (0.0, 1.0, 0.0))


def hole_magnet(board: Spaceboard, panel: int, floor: int, section: int) -> Axial:
    """The magnet of a Man seated in the hole: the centre of its face towards the sensor."""
    x, y, z = hole_axis(board, panel, floor, section).at
    return Axial((x, y - board.foot_cap, z), (0.0, 1.0, 0.0))


def hole_sensor(board: Spaceboard, panel: int, floor: int, section: int) -> Axial:
    """The Hall element of the hole's sensor, its branded face towards the hole."""
    x, y, z = hole_axis(board, panel, floor, section).at
    return Axial((x, y + board.skin + board.sensor.element_depth, z), (0.0, 1.0, 0.0))


def sensor_pocket(board: Spaceboard, panel: int, floor: int, section: int) -> Box:
    """The sensor's pocket in the carrier, open to the carrier's back for the legs."""
    x, y, z = hole_axis(board, panel, floor, section).at
    pkg = board.sensor
    half_w = pkg.width / 2 + pkg.pocket_clearance
    half_h = pkg.height / 2 + pkg.pocket_clearance
    back = groove_y(board, panel) + board.panel_thickness / 2 + board.carrier_thickness
    return Box((x - half_w, y + board.skin, z - half_h), (x + half_w, back, z + half_h))


def sensor_body(board: Spaceboard, panel: int, floor: int, section: int) -> Box:
    """The sensor's TO-92 body in its pocket, its branded face against the skin."""
    x, y, z = hole_axis(board, panel, floor, section).at
    pkg = board.sensor
    front = y + board.skin
    return Box(
        (x - pkg.width / 2, front, z - pkg.height / 2),
        (x + pkg.width / 2, front + pkg.thickness, z + pkg.height / 2),
    )


def pixel_axis(board: Spaceboard, panel: int, floor: int, section: int) -> Axial:
    """The pixel's dome at the acrylic's back face; it shines along -y into the panel."""
    x, y, z = hole_axis(board, panel, floor, section).at
    return Axial((x, y, z + board.pixel_offset), (0.0, -1.0, 0.0))


def carrier_box(board: Spaceboard, panel: int) -> Box:
    """A panel's carrier behind the acrylic, above the base's top by ``carrier_lift``."""
    half = panel_width(board) / 2
    front = groove_y(board, panel) + board.panel_thickness / 2
    return Box(
        (-half, front, board.carrier_lift),
        (half, front + board.carrier_thickness, panel_top(board)),
    )


def acrylic_box(board: Spaceboard, panel: int) -> Box:
    """A panel's acrylic sheet, its tongue resting on the groove's bottom."""
    half = panel_width(board) / 2
    mid = groove_y(board, panel)
    t = board.panel_thickness / 2
    return Box((-half, mid - t, -board.groove_depth), (half, mid + t, panel_top(board)))


def groove_box(board: Spaceboard, panel: int) -> Box:
    """Groove ``panel`` in the base's top."""
    c = board.groove_clearance
    half = panel_width(board) / 2 + c
    mid = groove_y(board, panel)
    t = board.panel_thickness / 2 + c
    return Box((-half, mid - t, -board.groove_depth), (half, mid + t, 0.0))


def _pin_grid(board: Spaceboard, x0: float, y0: float, z: float) -> dict[str, Vec]:
    """The header's 2 x 12 positions around (x0, y0) at height z, by signal, the key left out."""
    h = board.header
    grid: dict[str, Vec] = {}
    for number, name in enumerate(PANEL_PINS, start=1):
        if number == h.key_pin:
            continue
        column, row = divmod(number - 1, h.rows)
        x = x0 + (column - (h.columns - 1) / 2) * h.pitch
        y = y0 + (row - (h.rows - 1) / 2) * h.pitch
        grid[name] = (x, y, z)
    return grid


def connector_pins(board: Spaceboard, panel: int) -> dict[str, Vec]:
    """The header's pin tips under the middle of the carrier, by signal."""
    carrier = carrier_box(board, panel)
    mid_y = (carrier.low[1] + carrier.high[1]) / 2
    return _pin_grid(board, 0.0, mid_y, board.carrier_lift - board.header.pin_length)


def socket_pocket(board: Spaceboard, panel: int) -> Box:
    """The socket's pocket in the base's top, behind groove ``panel`` by half a carrier."""
    h = board.header
    groove = groove_box(board, panel)
    y0 = groove.high[1] - board.groove_clearance + board.carrier_thickness / 2
    half_x = (h.columns - 1) * h.pitch / 2 + h.pitch / 2 + h.socket_clearance
    half_y = (h.rows - 1) * h.pitch / 2 + h.pitch / 2 + h.socket_clearance
    depth = h.socket_height
    return Box((-half_x, y0 - half_y, -depth), (half_x, y0 + half_y, 0.0))


def socket_holes(board: Spaceboard, panel: int) -> dict[str, Vec]:
    """The socket's contacts in the middle of its pocket, by signal: where each pin must land."""
    pocket = socket_pocket(board, panel)
    mid_y = (pocket.low[1] + pocket.high[1]) / 2
    return _pin_grid(board, 0.0, mid_y, board.carrier_lift - board.header.pin_length)


def pin_field(board: Spaceboard, panel: int) -> Box:
    """The header's pins under the carrier, as the box they fill."""
    tips = connector_pins(board, panel).values()
    r = board.header.pitch / 4
    xs = [t[0] for t in tips]
    ys = [t[1] for t in tips]
    low_z = min(t[2] for t in tips)
    return Box((min(xs) - r, min(ys) - r, low_z), (max(xs) + r, max(ys) + r, board.carrier_lift))


def foot_magnets(board: Spaceboard, panel: int) -> tuple[Axial, Axial]:
    """The panel foot's two magnets (left, right seen from the front): their lower faces."""
    x = panel_width(board) / 2 - board.foot_magnet_inset
    y = groove_y(board, panel) + board.panel_thickness / 2 + board.carrier_thickness / 2
    z = board.carrier_lift + board.foot_magnet_wall
    return Axial((-x, y, z), (0.0, 0.0, -1.0)), Axial((x, y, z), (0.0, 0.0, -1.0))


def groove_sensors(board: Spaceboard, panel: int) -> tuple[Axial, Axial]:
    """The two Hall elements under the base's top below the foot magnets, branded face up."""
    depth = board.base_skin + board.sensor.element_depth
    left, right = foot_magnets(board, panel)
    return (
        Axial((left.at[0], left.at[1], -depth), (0.0, 0.0, -1.0)),
        Axial((right.at[0], right.at[1], -depth), (0.0, 0.0, -1.0)),
    )


def holes() -> list[tuple[int, int, int]]:
    """Every hole as (panel, floor, section), in the index order 16p + 4f + s."""
    return [(p, f, s) for p in range(4) for f in range(4) for s in range(4)]


def cell_centre(board: FlatBoard, row: int, col: int) -> Vec:
    """A flat board's cell centre on the plate's top (row 0 is row 1, the far one)."""
    x = (col - (board.cols - 1) / 2) * board.cell_pitch
    y = ((board.rows - 1) / 2 - row) * board.cell_pitch
    return (x, y, 0.0)


def cell_magnet(board: FlatBoard, row: int, col: int) -> Axial:
    """A piece's magnet standing on the cell: the centre of its lower face."""
    x, y, _ = cell_centre(board, row, col)
    return Axial((x, y, board.piece_cap), (0.0, 0.0, -1.0))


def cell_reed(board: FlatBoard, row: int, col: int) -> Axial:
    """The reed's contact gap, halfway down the reed standing under the cell."""
    x, y, _ = cell_centre(board, row, col)
    z = -(board.plate_thickness + board.skin + board.reed.length / 2)
    return Axial((x, y, z), (0.0, 0.0, -1.0))


def cell_pixel(board: FlatBoard, row: int, col: int) -> Axial:
    """The cell's pixel under the plate, beside the reed along the row; it shines up."""
    x, y, _ = cell_centre(board, row, col)
    return Axial((x + board.pixel_offset, y, -board.plate_thickness), (0.0, 0.0, 1.0))


def plate_size(board: FlatBoard) -> tuple[float, float]:
    """A flat board's plate (and carrier): width along a row, depth along a column."""
    return (
        (board.cols - 1) * board.cell_pitch + 2 * board.margin,
        (board.rows - 1) * board.cell_pitch + 2 * board.margin,
    )


def cells(board: FlatBoard) -> list[tuple[int, int]]:
    """Every cell as (row, column), in the index order row * cols + column."""
    return [(r, c) for r in range(board.rows) for c in range(board.cols)]
