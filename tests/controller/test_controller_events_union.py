"""The published events are one tagged union (``controller.events``): the service serves its
JSON Schema, every event a game publishes fits it, the page has words for every kind in both
languages (or names it silent), and a reader that forgets a kind fails mypy."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import jsonschema
import pytest
from babel.messages.pofile import read_po

from controller.events import PUBLISHED, event_kinds, events_schema
from controller.i18n import catalog_path
from engine.bitboard import scan_forward
from engine.events import Event
from engine.flip4 import Flip4, legal_actions
from engine.game import Action, Game, Phase
from engine.variants import new_game
from tests.api_harness import Harness

ROOT = Path(__file__).resolve().parents[2]
WORDS_JS = ROOT / "controller/server/web/words.js"


async def test_the_service_serves_the_schema_of_every_kind() -> None:
    answer = await Harness().client.get("/api/events/schema")
    assert answer.status_code == 200
    schema = answer.json()
    assert schema == events_schema()
    tags = {
        shape["properties"]["type"]["enum"][0]
        for shape in schema["$defs"].values()
        if "type" in shape.get("properties", {})
    }
    assert tags >= {"place", "scored", "game_over", "refused", "computer", "remote_order"}
    assert sorted(tags) == sorted(event_kinds())
    assert len(event_kinds()) == len(set(event_kinds())) == len(PUBLISHED)


async def test_the_events_the_service_publishes_fit_the_schema() -> None:
    """The game's and the controller's events as the state carries them (stamped ``at``,
    holes by name)."""
    api = Harness()
    assert (await api.post("/api/roll", {"faces": "yellow/II/hearts"})).status_code == 200
    assert (await api.post("/api/sim/place", {"hole": "Y-II-H"})).status_code == 200
    api.advance(0.2)
    assert (await api.post("/api/undo", {})).status_code == 200
    events = (await api.state())["events"]
    kinds = [event["type"] for event in events]
    assert {"game_started", "turn", "roll", "place", "undo"} <= set(kinds)
    validator = jsonschema.Draft202012Validator(events_schema())
    for event in events:
        assert [error.message for error in validator.iter_errors(event)] == [], event


def _random_events(variant: str, seed: int) -> list[dict[str, Any]]:
    """The published form of every event of a random game of ``variant``."""
    rng = random.Random(seed)
    game = new_game(variant, players=2, seed=seed, options={"auto_call": True})
    for _ in range(120):
        if game.game_over:
            break
        choices = legal_actions(game) if isinstance(game, Flip4) else _choices(game)
        if not choices:
            break
        game.apply(rng.choice(choices))
    return [{**event.to_json(game.naming), "at": 1.0} for event in game.events]


def _choices(game: Game) -> list[Action]:
    if game.phase == Phase.AWAIT_ROLL:
        return [Action("roll")]
    if game.phase == Phase.AWAIT_PLACE:
        return [Action("place", hole=hole) for hole in scan_forward(game.allowed)]
    return []


@pytest.mark.parametrize("variant", ["lucky", "qubic", "flip4", "olix"])
def test_every_event_of_a_game_fits_the_schema(variant: str) -> None:
    validator = jsonschema.Draft202012Validator(events_schema())
    events = _random_events(variant, 1)
    assert len(events) > 20
    kinds = {event["type"] for event in events}
    assert len(kinds) > 4
    for event in [next(event for event in events if event["type"] == kind) for kind in kinds]:
        errors = [error.message for error in validator.iter_errors(event)]
        assert errors == [], (event, errors)
    # holes by name: an index where the wire carries a name fails
    place = next(event for event in events if event["type"] == "place")
    assert list(validator.iter_errors({**place, "hole": 3}))


def page_kinds(source: str) -> tuple[dict[str, str], set[str]]:
    """The page's words for each kind (``describeEvent``'s cases: kind -> its code) and the
    kinds it names silent (``QUIET_EVENTS``)."""
    start = source.index("export function describeEvent")
    body = source[start : source.index("\n    default:", start)]
    parts = re.split(r'\n\s*case "(\w+)":', body)
    cases = dict(zip(parts[1::2], parts[2::2], strict=True))
    quiet_start = source.index("export const QUIET_EVENTS")
    quiet = set(re.findall(r'"(\w+)"', source[quiet_start : source.index("]);", quiet_start)]))
    return cases, quiet


def without_words(source: str, kinds: list[str]) -> list[str]:
    """The kinds that have no words on the page (a case of their own) in English and German
    (every message of the case translated), and are not silent."""
    cases, quiet = page_kinds(source)
    with catalog_path("de").open("rb") as file:
        german = {str(m.id) for m in read_po(file, locale="de") if m.id and m.string}
    missing = []
    for kind in kinds:
        if kind in quiet:
            continue
        code = cases.get(kind)
        said = re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', code or "")
        if code is None or "genericEvent" in code or not set(said) <= german:
            missing.append(kind)
    return missing


def test_every_kind_has_words_on_the_page_in_both_languages() -> None:
    source = WORDS_JS.read_text()
    assert without_words(source, event_kinds()) == []
    cases, quiet = page_kinds(source)
    assert set(cases) | quiet <= set(event_kinds())  # no words for a kind that is gone


def test_a_kind_without_words_is_named() -> None:
    """The planted mistake: words.js without the page's case for ``resign``, and a German
    catalog that lacks a message, each fail the check above."""
    source = WORDS_JS.read_text()
    planted = re.sub(r'\n\s*case "resign":\n[^\n]*\n', "\n", source)
    assert planted != source
    assert without_words(planted, event_kinds()) == ["resign"]
    untranslated = source.replace('t("{by} resigned."', 't("{by} resigned at last."')
    assert without_words(untranslated, event_kinds()) == ["resign"]


READER = """
from typing import assert_never

from engine.events import {names}, Event


def said(event: Event) -> str:
    match event:
{cases}
        case _:
            assert_never(event)
"""


def test_a_reader_that_forgets_a_kind_fails_mypy(tmp_path: Path) -> None:
    """Readers match on the union and end with ``assert_never``: drop one case from a complete
    reader and mypy names the kind it forgot."""
    kinds = [kind.__name__ for kind in get_args(Event)]
    forgotten = "Resigned"

    def reader(names: list[str]) -> str:
        cases = "".join(f"        case {name}():\n            return {name!r}\n" for name in names)
        return READER.format(names=", ".join(names), cases=cases)

    (tmp_path / "complete.py").write_text(reader(kinds))
    (tmp_path / "forgetful.py").write_text(reader([k for k in kinds if k != forgotten]))
    checked = subprocess.run(  # the project as mypy finds it (the editable install's finder it
        # does not follow)
        [sys.executable, "-m", "mypy", "--strict", "complete.py", "forgetful.py"],
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, checked.stdout + checked.stderr
    assert errors[0].startswith("forgetful.py:")
    assert f'"{forgotten}"' in errors[0] and "assert_never" in errors[0]
