"""The Olix board view (controller/server/web/olix.js, drawn by the page on an Olix board): its
pure functions run under Node on states the engine itself writes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.olix import Olix
from engine.variants import new_game

WEB = Path(__file__).resolve().parents[2] / "controller" / "server" / "web"
NODE = shutil.which("node")


def page_state(game: Olix) -> dict[str, Any]:
    """The state as the service would publish it: the engine's JSON and its events."""
    return {**game.to_json(), "events": [event.to_json(game.naming) for event in game.events]}


def run_view(state: dict[str, Any]) -> dict[str, Any]:
    """``olixView(state)`` and ``olixHtml(state)`` computed by Node."""
    assert NODE is not None, "node is installed by scripts/setup-system.sh"
    script = (
        f"import {{ olixView, olixHtml }} from {json.dumps((WEB / 'olix.js').as_uri())};\n"
        "const state = JSON.parse(await new Promise((done) => {\n"
        "  let text = ''; process.stdin.on('data', (c) => { text += c; });\n"
        "  process.stdin.on('end', () => done(text)); }));\n"
        "console.log(JSON.stringify({ view: olixView(state), html: olixHtml(state) }));\n"
    )
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        input=json.dumps(state),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def played(*cells: str) -> Olix:
    game = new_game("olix")
    assert isinstance(game, Olix)
    for cell in cells:
        game.place(cell)
    return game


@pytest.fixture(scope="module")
def scored() -> dict[str, Any]:
    """The first player has just placed a1, scoring L-6 and I-4 (the rule book's example)."""
    game = played("a2", "k11", "a3", "k9", "b1", "k7", "c1", "k5", "d1", "k3", "a1")
    return run_view(page_state(game))


def test_the_grid_has_row_1_on_top_and_column_a_on_the_left(scored: dict[str, Any]) -> None:
    """Every flat board is drawn alike (RULES.md §8): a1 is the top left corner."""
    rows = scored["view"]["rows"]
    assert len(rows) == 11 and all(len(row) == 11 for row in rows)
    assert [rows[0][0]["name"], rows[0][10]["name"], rows[10][0]["name"]] == ["a1", "k1", "a11"]
    assert rows[10][10]["name"] == "k11" and rows[10][10]["team"] == 1
    assert rows[0][0]["team"] == 0 and rows[5][5]["team"] is None


def test_the_patterns_just_scored_are_highlighted(scored: dict[str, Any]) -> None:
    cells = {cell["name"]: cell for row in scored["view"]["rows"] for cell in row}
    marks = {name: [(m["pattern"], m["value"]) for m in c["patterns"]] for name, c in cells.items()}
    assert marks["a1"] == [("L", 6), ("I", 4)] and marks["d1"] == [("L", 6), ("I", 4)]
    assert marks["a3"] == [("L", 6)] and marks["k11"] == [] and cells["a1"]["placed"]
    assert sum(1 for name in marks if marks[name]) == 6
    assert 'data-cell="a1"' in scored["html"] and 'data-patterns="L-6 I-4"' in scored["html"]
    assert "in an L-6 and an I-4 just scored" in scored["html"]


def test_the_scoring_lines_show_only_the_top_counters(scored: dict[str, Any]) -> None:
    lines = {line["pattern"]: line for line in scored["view"]["lines"]}
    assert [space["value"] for space in lines["L"]["spaces"]] == [5, 6, 7, 8]
    assert [space["teams"] for space in lines["L"]["spaces"]] == [[], [0], [], []]
    assert lines["I"]["top"] == 4 and lines["O"]["top"] is None and lines["X"]["beyond"] == 8
    assert scored["view"]["counters"] == [2, 0] and scored["view"]["result"] == ""
    assert '<li class="olix-space beyond" data-value="9">9+ wins</li>' in scored["html"]


def test_the_result_in_words_and_allowed_cells() -> None:
    game = played("f6")
    game.resign(0)
    over = run_view(page_state(game))["view"]
    assert over["result"] == "Blue wins."
    assert not any(cell["allowed"] for row in over["rows"] for cell in row)
    fresh = run_view(page_state(played()))["view"]
    assert all(cell["allowed"] for row in fresh["rows"] for cell in row)
