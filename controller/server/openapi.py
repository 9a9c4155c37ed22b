"""``python -m controller.server.openapi [FILE]`` (``make openapi``): write the API's OpenAPI
document (``controller.server.api_document``) of a service on the simulated board to ``FILE``,
``docs/api/openapi.json`` by default.

It stands above the app and the service (it builds one to read its route table), so that
neither imports it: the document itself is made by ``api_document``, which the app serves.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from controller.config import Config
from controller.records.journal import Journal
from controller.server.api_document import text
from controller.server.app import create_app
from controller.server.service import Service

DOCUMENT = Path(__file__).parents[2] / "docs" / "api" / "openapi.json"
"""Where ``make openapi`` writes the document (in a checkout)."""


def main(argv: Sequence[str]) -> int:
    """Write the document; answers the exit status."""
    from sim.board import SimBoard  # the simulator only when the document is written

    service = Service(SimBoard(), Config(), Journal(None), host="127.0.0.1", port=0, token="-")
    target = Path(argv[0]) if argv else DOCUMENT
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text(create_app(service).routes))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
