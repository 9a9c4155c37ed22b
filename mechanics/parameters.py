"""Every chosen dimension of the boards' mechanics, once, with its reason (millimetres, mT).

The parts' own figures (the magnet, the sensors' packages, the 5 mm pixel, the reed, the header)
come from wiring/BOM.md and the parts' datasheets; the rest are choices this module states.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from wiring import panel_connector

WIRING = Path(__file__).resolve().parents[1] / "wiring"


@dataclass(frozen=True)
class Magnet:
    """The disc magnet in every piece and panel foot (BOM.md: supermagnete S-06-03-N)."""

    diameter: float = 6.0
    height: float = 3.0
    remanence_mt: float = 1290.0
    """N42's lowest remanence, 1.29 T (N42 spans 1.29-1.32 T): the weakest magnet a maker gets."""


@dataclass(frozen=True)
class Pixel:
    """The 5 mm through-hole WS2812B (Adafruit 1938): its body and flange."""

    body_diameter: float = 5.0
    flange_diameter: float = 5.8
    body_length: float = 8.6
    window_diameter: float = 5.4
    """The bore it sits in: the flange-less body plus 0.2 mm a side for a printed hole."""


@dataclass(frozen=True)
class HallPackage:
    """The TO-92 (TI LPG) package of the DRV5055, DRV5033 and DRV5023 alike."""

    width: float = 4.0
    height: float = 3.15
    thickness: float = 1.52
    element_depth: float = 0.76
    """The Hall element behind the branded face: taken as half the body's thickness."""
    pocket_clearance: float = 0.15
    """Each side of the pocket around the body, for a printed pocket."""


@dataclass(frozen=True)
class Reed:
    """Littelfuse MDSR-7 glass reed switch: 12.7 mm long, 1.8 mm across, 10-25 AT."""

    length: float = 12.7
    diameter: float = 1.8
    bore_diameter: float = 2.2
    """The upright bore it stands in, 0.2 mm a side."""


@dataclass(frozen=True)
class Header:
    """The panel connector: a 2 x 12 pin header, 2.54 mm pitch, into a 2 x 12 socket."""

    rows: int = panel_connector.ROWS
    columns: int = panel_connector.COLUMNS
    pitch: float = 2.54
    pin_length: float = 6.0
    """The pins' length below the carrier: they reach into the socket in the base."""
    pin_width: float = 0.64
    """A square pin's side (drawn as a round pin of that diameter)."""
    body_height: float = 2.5
    """The header's plastic body, seated in the carrier's foot."""
    socket_height: float = 8.5
    """A 2.54 mm female header's body: its pocket's depth, the socket's top flush with the
    base's top; its legs go on through a drilled hole to the wiring beneath."""
    socket_contact_depth: float = 6.0
    """How far a pin may enter the socket: its contacts' length."""
    socket_clearance: float = 0.5
    """Each side of the socket's pocket in the base around the pin field."""
    key_pin: int = panel_connector.KEY
    """The pin pulled from the header (and the socket's hole plugged): the key, so that a panel
    seats only the right way round."""


PANEL_PINS: tuple[str, ...] = (*panel_connector.PICO_PANEL, "KEY")
"""The panel connector's 24 positions (``wiring.panel_connector``): the 16 sensor outputs to the
panel's multiplexer, the sensor rail, the grounds, the LEDs' 5 V, the chain's data in and out (the
chain runs down into the base and back up into the next panel through this connector, so a lifted
panel breaks no wire), one spare and the key."""


@dataclass(frozen=True)
class Spaceboard:
    """The FLIX spaceboard: four panels of 4 x 4 holes standing in four grooves of the base."""

    magnet: Magnet = Magnet()
    pixel: Pixel = Pixel()
    sensor: HallPackage = HallPackage()
    header: Header = Header()
    hole_pitch: float = 42.0
    """Every other magnet of a full board, each pole picked against it (the worst case), adds
    less than the DRV5055's release threshold (pico.toml off_counts, 1.48 mT) with 20 % to spare
    at any empty sensor: a magnet's sideways field falls as the cube of the distance, and a 25 mm
    pitch would add 3.9 mT, more than a Man's operate threshold (mechanics.reach computes it)."""
    hole_diameter: float = 8.0
    """The Man's 7.5 mm foot with 0.25 mm a side."""
    foot_diameter: float = 7.5
    """The Man's foot: the 6 mm magnet with a 0.75 mm wall."""
    foot_cap: float = 0.5
    """The wall of the foot's tip in front of the magnet."""
    panel_thickness: float = 6.0
    """Clear acrylic sheet, laser cut: the hole's depth, so the foot holds the Man upright."""
    panel_margin: float = 20.0
    """From the outer holes' centres to the panel's sides and top."""
    floor_height: float = 40.0
    """Floor I's hole centres above the base's top: room for the connector, and floor I's magnets
    far enough from the groove sensors."""
    carrier_thickness: float = 8.0
    """The printed carrier behind the acrylic: the sensor pocket, the 5.4 mm pixel bore, the
    2 x 12 header (5.1 mm wide) and the foot magnets' 6 mm pockets fit its depth."""
    skin: float = 1.2
    """The carrier's wall between a hole's bottom and the sensor: three printed layers of 0.4 mm."""
    pixel_offset: float = 10.0
    """The pixel's axis above its hole's axis: its light reaches the hole through the acrylic,
    clear of the sensor pocket and of the hole above."""
    groove_depth: float = 12.0
    """The acrylic's tongue below the base's top: two panel thicknesses hold it upright."""
    groove_clearance: float = 0.25
    """Each side of the tongue in the groove: a panel lifts out and drops in by hand."""
    groove_pitch: float = 72.0
    """Panel to panel: the carrier (8 mm), a Man's head standing out of the next panel (about
    25 mm), room for fingers, and the next panel's magnets far enough from this panel's sensors
    (the crosstalk bound of ``hole_pitch``)."""
    front_strip: float = 40.0
    """The base in front of the first groove: the 8 status pixels and the four buttons."""
    back_strip: float = 25.0
    """The base behind the last groove's carrier."""
    side_margin: float = 15.0
    """The base beside the panels."""
    base_top: float = 18.0
    """The base's top board (wood or plywood): a 12 mm groove leaves 6 mm under it; the box
    beneath (the Pico, the multiplexers, the wiring) is any box of the top's outline."""
    carrier_lift: float = 0.5
    """The gap between a seated carrier's bottom and the base's top."""
    foot_magnet_inset: float = 12.0
    """The panel foot magnets' centres from the panel's sides, clear of the connector."""
    foot_magnet_wall: float = 0.5
    """The carrier's floor under each foot magnet."""
    magnet_pocket_clearance: float = 0.1
    """Each side of a foot magnet in its pocket."""
    base_skin: float = 1.2
    """The base's top over each groove sensor, which faces up with its branded face."""
    fit_tolerance: float = 0.05
    """How far a part may stand from where another part expects it and still fit."""


@dataclass(frozen=True)
class FlatBoard:
    """A flat board (Flip 4, Olix): a plate of cells over a carrier with an upright reed and a
    pixel under each cell; the grid comes from the board's wiring file."""

    name: str
    rows: int
    cols: int
    magnet: Magnet = Magnet()
    pixel: Pixel = Pixel()
    reed: Reed = Reed()
    cell_pitch: float = 35.0
    """A reed closes on about 2 mT (10 AT, its most sensitive part): the board's other magnets
    stay under that with 20 % to spare at any empty cell, on Olix's 11 x 11 too (30 mm would
    not; mechanics.reach computes it)."""
    plate_thickness: float = 2.0
    """Opal acrylic over the cells: thin, because the reed's contact gap already sits half its
    12.7 mm below its top and every millimetre of plate costs reach."""
    piece_cap: float = 0.5
    """The piece's floor under its magnet."""
    skin: float = 1.0
    """The carrier's top over each reed's bore."""
    carrier_thickness: float = 16.0
    """The reed (12.7 mm) standing in its bore, its leads bent out below."""
    pixel_offset: float = 9.0
    """The pixel's axis from its cell's centre, along the row: clear of the reed's bore."""
    margin: float = 20.0
    """From the outer cells' centres to the plate's edges."""
    min_wall: float = 1.0
    """The least material between two bores of the carrier."""
    fit_tolerance: float = 0.05


def flat_board(name: str) -> FlatBoard:
    """The flat board ``name`` (flip4, olix) with its grid read from ``wiring/<name>.toml``."""
    board = tomllib.loads((WIRING / f"{name}.toml").read_text(encoding="utf-8"))["board"]
    return FlatBoard(name=name, rows=int(board["rows"]), cols=int(board["cols"]))


SPACEBOARD = Spaceboard()
