# ruff: noqa: F821  (include, package and module are given by MicroPython's manifest tool)
"""What the UF2 freezes (MicroPython manifest, read by scripts/build_uf2.py): the rp2 port's own
modules, the ``firmware`` package and ``firmware/main.py`` as the ``main.py`` the Pico runs at
boot. Calibration and the board profile are not frozen: they stay ``/calibration.json`` and
``/profile.txt`` on the Pico's flash (one UF2 for every board)."""

import os

include("$(PORT_DIR)/boards/manifest.py")
package(
    "firmware",
    files=sorted(
        name
        for name in os.listdir("../firmware")
        if name.endswith(".py") and name != "main.py"
    ),
    base_path="..",
)
module("main.py", base_path="../firmware")
