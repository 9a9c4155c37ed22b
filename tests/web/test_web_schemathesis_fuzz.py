"""schemathesis (``bench.bench_schemathesis``) over every operation of the OpenAPI document, in
process against the service on the spaceboard: every check, with schemathesis' own expectations
(a request the document allows is never refused with 400, one it does not allow is refused, no
server error, every answer as the document says), the same requests every run.

Here ``SUITE_EXAMPLES`` an operation keep it cheap; the full run (200 examples an operation,
with the stateful sequences) is ``python -m bench.bench_schemathesis --examples 200
--stateful``, its figures in docs/api/http.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.bench_schemathesis import run
from tests.api_schema import DOCUMENT

pytestmark = pytest.mark.fuzz

GROUPS = {
    "orders": ("orders",),
    "settings": ("settings", "voice"),
    "the rest": ("state", "records", "simulated board", "remote play"),
}

SUITE_EXAMPLES = 20
"""Examples an operation in the suite (about 14 s of processor time, 1,900 requests)."""


def operations() -> set[str]:
    paths = json.loads(DOCUMENT.read_text())["paths"]
    return {f"{method.upper()} {path}" for path, methods in paths.items() for method in methods}


@pytest.mark.timeout(900)  # about 14 s of processor time; minutes on a loaded machine
def test_schemathesis_finds_no_disagreement_between_the_document_and_the_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = run("flix", SUITE_EXAMPLES, tmp_path, stateful=False)
    with capsys.disabled():
        print(f"\n{found.summary()}")
    assert found.errors == [], found.errors[:3]
    assert found.failures == [], "\n\n".join(found.failures[:10])
    assert found.operations == operations()
    assert found.requests >= 1500  # the coverage phase's edges and the examples of each
