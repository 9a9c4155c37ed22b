"""The HTTP API page's route table (docs/api/http.md) names every route of the app
(``controller.server.app``), and the app has every route of the table."""

from __future__ import annotations

import re

from starlette.routing import Route, WebSocketRoute

from controller.server.app import CATCH_ALL
from tests.api_harness import Harness
from tests.docs.manual import first_table, page

REQUEST = re.compile(r"`(GET|POST|WS) (/[^`?\s]*)(\?[^`]*)?`")


def documented() -> set[str]:
    """``METHOD /path`` of each row of the table (a query shown in a row is left out)."""
    found = set()
    for row in first_table(page("api/http.md"), "| request | body | does |"):
        match = REQUEST.fullmatch(row[0])
        assert match is not None, f"not a request `METHOD /path`: {row[0]}"
        found.add(f"{match.group(1)} {match.group(2)}")
    return found


def served() -> set[str]:
    """``METHOD /path`` of each route the app serves under ``/api/``."""
    found = set()
    for route in Harness().app.routes:
        if isinstance(route, WebSocketRoute):
            found.add(f"WS {route.path}")
        elif isinstance(route, Route) and route.path != CATCH_ALL:
            methods = set(route.methods or ()) - {"HEAD"}
            found |= {f"{method} {route.path}" for method in methods}
    return found


def test_the_table_names_every_route_and_only_routes() -> None:
    assert documented() == served()
