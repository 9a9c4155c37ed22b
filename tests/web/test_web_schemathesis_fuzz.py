"""schemathesis (``bench.bench_schemathesis``) against a live service on the spaceboard
and on each flat board: requests generated from the OpenAPI document, stateful sequences among
them, and not one server error (5xx) or answer that breaks the document. The bench runs over
5,000 requests a board; here a smaller, deterministic count."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_schemathesis import run

EXAMPLES = 25
"""Examples per operation: about 1,400 requests and 30 stateful scenarios on a board."""


@pytest.mark.timeout(900)  # about a minute alone, several on a loaded machine
@pytest.mark.parametrize("board", ["flix", "flip4", "olix"])
def test_schemathesis_finds_no_server_error_and_no_answer_off_the_document(
    board: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = run(board, EXAMPLES, tmp_path)
    with capsys.disabled():
        print(f"\n{found.summary()}")
    assert found.errors == [], found.output[-3000:]
    assert found.failures == [], found.output[-6000:]
    assert found.requests >= 1000 and found.scenarios >= 10  # stateful sequences ran too
