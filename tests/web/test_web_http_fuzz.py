"""The HTTP fuzz (``bench.http_fuzz``): at least 5,000 random requests over every
route, in process, on the spaceboard and on each flat board, and not one server error (5xx)."""

from __future__ import annotations

import pytest
from api_harness import Harness

from bench.http_fuzz import routes_of, run

REQUESTS = 5000


@pytest.mark.timeout(600)  # 3 min on a loaded machine
@pytest.mark.parametrize("geometry", ["flix", "flip4", "olix"])
def test_five_thousand_random_requests_over_every_route_get_no_server_error(
    geometry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # some drawn requests cannot be sent at all
    counts = run(requests=REQUESTS + 1000, seed=12, geometry=geometry)
    with capsys.disabled():
        print(f"\n{geometry}: {counts.summary()}")
    assert counts.requests >= REQUESTS
    assert counts.server_errors == [], "\n".join(counts.server_errors[:5])
    assert counts.statuses[200] > 500 and counts.statuses[400] > 100  # orders went through
    paths = {path for _, path in routes_of(Harness().app)}
    assert {"/api/new_game", "/api/sim/place", "/api/events", "/"} <= paths
    assert paths <= set(counts.paths), paths - set(counts.paths)
