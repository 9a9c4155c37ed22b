"""``python -m wiring.schematics``: see :mod:`wiring.schematics.build`."""

import sys

from wiring.schematics.build import main

sys.exit(main())
