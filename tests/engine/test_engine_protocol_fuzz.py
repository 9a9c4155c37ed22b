"""Engine protocol fuzz (:mod:`bench.fuzz_engine`): 5,000 random, garbled and valid
lines in random order through EngineProtocol, with a stand-in player; not one may raise or
answer badly. Prints its counts (lines, errors answered, searches, failures)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.fuzz_engine import LINES, fuzz_protocol
from engine.variants import VARIANTS
from tests.engine.protocol_doubles import LowestHolePlayer

pytestmark = pytest.mark.fuzz


@pytest.fixture
def doubles(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr("engine.players.PLAYERS", {v: LowestHolePlayer for v in VARIANTS})
    yield


def test_five_thousand_garbled_lines_raise_nothing(doubles: None) -> None:
    result = fuzz_protocol()
    print(
        f"engine protocol fuzz: {result.lines} lines, {result.errors} errors answered, "
        f"{result.searches} searches, {len(result.crashes)} crashes, "
        f"{len(result.broken)} broken answers"
    )
    assert result.lines == LINES
    assert result.crashes == [] and result.broken == [], (result.crashes + result.broken)[:3]
    # the fuzz reached both kinds of answers
    assert result.errors > LINES // 4 and result.searches > 100
