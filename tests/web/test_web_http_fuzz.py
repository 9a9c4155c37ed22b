"""The HTTP fuzz (``bench.http_fuzz``): at least 2,000 requests outside any document
(raw bytes, huge numbers, deep JSON, odd headers and paths) among well-formed orders, over every
route, in process, on the spaceboard and on each flat board, and not one server error (5xx).
The requests the OpenAPI document describes are schemathesis' (test_web_schemathesis_fuzz.py)."""

from __future__ import annotations

import pytest

from bench.http_fuzz import routes_of, run
from tests.api_harness import Harness

pytestmark = pytest.mark.fuzz

REQUESTS = 2000


@pytest.mark.timeout(600)  # about a minute on a loaded machine
@pytest.mark.parametrize("geometry", ["flix", "flip4", "olix"])
def test_two_thousand_hostile_requests_over_every_route_get_no_server_error(
    geometry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # some drawn requests cannot be sent at all
    counts = run(requests=REQUESTS + 400, seed=12, geometry=geometry)
    with capsys.disabled():
        print(f"\n{geometry}: {counts.summary()}")
    assert counts.requests >= REQUESTS
    assert counts.server_errors == [], "\n".join(counts.server_errors[:5])
    assert counts.statuses[200] > 200 and counts.statuses[400] > 100  # orders went through
    paths = {path for _, path in routes_of(Harness().app)}
    assert {"/api/new_game", "/api/sim/place", "/api/events", "/"} <= paths
    assert paths <= set(counts.paths), paths - set(counts.paths)
