"""schemathesis (``bench.bench_schemathesis``) over every operation of the OpenAPI document, in
process against the service on the spaceboard: every check, with schemathesis' own expectations
(a request the document allows is never refused with 400, one it does not allow is refused, no
server error, every answer as the document says), 200 examples an operation, the same requests
every run. The stateful sequences and the flat boards run in ``flixboard bench --only
bench_schemathesis``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from api_schema import DOCUMENT

from bench.bench_schemathesis import EXAMPLES, run


@pytest.mark.timeout(1800)  # about 2 minutes of processor time; several on a loaded machine
def test_schemathesis_finds_no_disagreement_between_the_document_and_the_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert EXAMPLES >= 200
    found = run("flix", EXAMPLES, tmp_path, stateful=False)
    with capsys.disabled():
        print(f"\n{found.summary()}")
    assert found.errors == [], found.errors[:3]
    assert found.failures == [], "\n\n".join(found.failures[:10])
    paths = json.loads(DOCUMENT.read_text())["paths"]
    every = {f"{method.upper()} {path}" for path, methods in paths.items() for method in methods}
    assert found.operations == every
    assert found.requests >= 5000  # the operations with room for them drew their 200 examples
