"""A flat board (Flip 4's 5x5, Olix's 11x11) wired straight to a Raspberry Pi's GPIO header
(``wiring/<board>-pi.toml``, ``hal.pi_grid``): a reed switch and a diode per cell in a row/column
matrix, its rows driven directly or through a decoder; the scan, debounce, buttons and strip are
``hal.gpio_matrix``'s. Switch ``row * cols + col`` is the cell of that index, and it reports
``Piece.PRESENT`` (presence only); a flat board has no grooves.
"""

from __future__ import annotations

from typing import Unpack

from hal.base import BoardReading, Piece
from hal.geometry import GridWiring
from hal.gpio_matrix import MatrixGpioBackend, ScanOptions
from hal.pi_grid import matrix_pins


class GridGpioBackend(MatrixGpioBackend):
    """A flat board wired to the Pi as ``wiring`` (checked by ``hal.pi_grid.load_pi_grid``).

    ``led_pin`` names a Blinka ``board`` pin instead of the wiring's data pin; the other options
    as in ``MatrixGpioBackend``.
    """

    name = "gpio"
    shapes = frozenset({"flat"})

    def __init__(
        self, *, wiring: GridWiring, led_pin: str | None = None, **options: Unpack[ScanOptions]
    ) -> None:
        self.wiring = wiring
        self.geometry = wiring.geometry
        super().__init__(matrix_pins(wiring), led_pin or f"D{wiring.neopixel_pin}", **options)

    def _decode(self, state: int) -> BoardReading:
        cells = tuple(
            Piece.PRESENT if state >> cell & 1 else Piece.EMPTY
            for cell in range(self.geometry.cells)
        )
        return BoardReading(cells, (), self.clock.now())
