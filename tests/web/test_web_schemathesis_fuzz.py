"""schemathesis (``bench.bench_schemathesis``) over every operation of the OpenAPI document, in
process against the service on the spaceboard: every check, with schemathesis' own expectations
(a request the document allows is never refused with 400, one it does not allow is refused, no
server error, every answer as the document says), 200 examples an operation, the same requests
every run. The operations run in three groups (by their tags), which the suite's workers run
side by side. The stateful sequences and the flat boards run in ``flixboard bench --only
bench_schemathesis``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.bench_schemathesis import EXAMPLES, run
from tests.api_schema import DOCUMENT

pytestmark = pytest.mark.fuzz

GROUPS = {
    "orders": ("orders",),
    "settings": ("settings", "voice"),
    "the rest": ("state", "records", "simulated board", "remote play"),
}


def operations(tags: tuple[str, ...]) -> set[str]:
    paths = json.loads(DOCUMENT.read_text())["paths"]
    return {
        f"{method.upper()} {path}"
        for path, methods in paths.items()
        for method, operation in methods.items()
        if operation["tags"][0] in tags
    }


def test_the_groups_hold_every_operation() -> None:
    grouped = operations(tuple(tag for tags in GROUPS.values() for tag in tags))
    paths = json.loads(DOCUMENT.read_text())["paths"]
    assert len(grouped) == sum(len(methods) for methods in paths.values())


@pytest.mark.timeout(1800)  # about 30 s of processor time a group; minutes on a loaded machine
@pytest.mark.parametrize("group", list(GROUPS))
def test_schemathesis_finds_no_disagreement_between_the_document_and_the_service(
    group: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert EXAMPLES >= 200
    found = run("flix", EXAMPLES, tmp_path, stateful=False, tags=GROUPS[group])
    with capsys.disabled():
        print(f"\n{group}: {found.summary()}")
    assert found.errors == [], found.errors[:3]
    assert found.failures == [], "\n\n".join(found.failures[:10])
    assert found.operations == operations(GROUPS[group])
    assert found.requests >= 1000  # the operations with room for them drew their 200 examples
