"""``python -m controller.cli``: the same as the ``flixboard`` command."""

from controller.cli import main

raise SystemExit(main())
