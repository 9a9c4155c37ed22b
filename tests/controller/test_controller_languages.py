"""Two languages: every message marked in the source (Python, the rules' words and the page's
JavaScript, as ``pybabel extract -F babel.cfg -k t -k why`` finds them) has a German
translation, none fuzzy, none left over from a message that is gone, with the same
placeholders; and a board set to German speaks German in its state, its guidance and its
refusals, while each page may ask for either language (a refused order in the language the
request asks for, the computer's reasons with their message)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from controller import words
from controller.config import Config, ConfigError, from_tables
from controller.i18n import LANGUAGES, Said, catalog_path, language
from engine.phrase import why
from hal.geometry import load_geometry
from tests.api_harness import Harness

ROOT = Path(__file__).resolve().parents[2]
SETTLE = 0.2
"""More than the settle time: each hand action stands long enough to be read."""
PLACEHOLDER = re.compile(r"\{(\w*)\}")
MappingConfig = tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]
read_mapping = cast(Callable[[TextIO], MappingConfig], parse_mapping_cfg)
"""babel's ``parse_mapping_cfg`` (it has no annotations): a babel.cfg's methods and options."""


def extracted() -> set[str]:
    """The message ids the source marks, as ``pybabel extract -F babel.cfg -k t -k why``
    finds them."""
    with (ROOT / "babel.cfg").open() as mapping:
        method_map, options_map = read_mapping(mapping)
    keywords = {**DEFAULT_KEYWORDS, "t": None, "why": None}
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords=keywords)
    return {message for _, _, message, _, _ in found if isinstance(message, str)}


def catalog(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as file:
        return read_po(file, locale=lang)


@pytest.fixture(scope="module")
def source_ids() -> set[str]:
    return extracted()


def test_the_source_marks_the_players_messages(source_ids: set[str]) -> None:
    """The extraction finds the Python messages and the page's: an empty set passes nothing."""
    assert {"hole", "Fix the board: {fix}.", "that {place} is not lit"} <= source_ids
    # the rules' words (engine/), the settings page and the 3-D view's
    assert {"forces a win in {moves}", "no Men in supply", "{where} is occupied"} <= source_ids
    assert {"Board settings", "Restart needed", "The spaceboard in 3-D"} <= source_ids


def test_every_name_a_page_gives_a_screen_reader_is_a_message(source_ids: set[str]) -> None:
    """Each ``aria-label`` written in the pages' HTML is marked ``data-t-label`` with the same
    id (``translatePage`` says it again in the page's language) and extracted."""
    for page in sorted((ROOT / "controller/server/web").glob("*.html")):
        html = page.read_text()
        names = re.findall(r'aria-label="([^"]*)"', html)
        marked = re.findall(r'aria-label="([^"]*)" data-t-label="([^"]*)"', html)
        assert [name for name, _ in marked] == names, page.name
        assert all(name == id for name, id in marked), page.name
        assert set(names) <= source_ids, page.name


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_message_is_translated_and_none_is_stale(lang: str, source_ids: set[str]) -> None:
    messages = {str(m.id): m for m in catalog(lang) if m.id}
    missing = sorted(source_ids - messages.keys())
    stale = sorted(messages.keys() - source_ids)
    untranslated = sorted(i for i, m in messages.items() if not m.string)
    fuzzy = sorted(i for i, m in messages.items() if m.fuzzy)
    assert (missing, stale, untranslated, fuzzy) == ([], [], [], [])
    for message_id, message in messages.items():
        assert set(PLACEHOLDER.findall(str(message.string))) == set(
            PLACEHOLDER.findall(message_id)
        ), message_id


def test_the_language_is_a_setting_of_the_board() -> None:
    assert Config().board.language == "en"
    assert from_tables({"board": {"language": "de"}}, "test").board.language == "de"
    with pytest.raises(ConfigError, match="language"):
        from_tables({"board": {"language": "fr"}}, "test")


def test_the_german_board_words_decline_their_pieces() -> None:
    said = words.board_words("flix", language("de"))
    assert (said.place, said.places, said.piece, said.a_piece) == (
        "Loch",
        "Löcher",
        "Männchen",
        "ein Männchen",
    )
    assert said.where(1, every_empty=False) == "das leuchtende Loch"
    flip4 = words.board_words("flip4", language("de"))
    assert (flip4.place, flip4.a_piece, flip4.the_piece) == ("Feld", "einen Stein", "den Stein")


def test_a_said_message_is_said_in_each_language() -> None:
    said = Said("that {place} is not lit", {"place": "square"})
    assert said.english() == "that square is not lit"
    assert said.in_language(language("de")) == "das Feld leuchtet nicht"


async def hand(api: Harness, doing: str, cell: str) -> None:
    response = await api.post(f"/api/sim/{doing}", {"hole": cell})
    assert response.status_code == 200, response.text
    api.advance(SETTLE)


async def test_a_german_board_speaks_german_and_keeps_english_for_an_english_page() -> None:
    """The message line, the guidance (fix words) and the board's words follow the board's
    language; the state carries each language's, so a page set to another language has them."""
    api = Harness(config=Config.of(language="de"), geometry=load_geometry("flip4"))
    state = await api.state()
    assert state["language"] == "de"
    assert state["message"] == "Rot (Spieler 1): drücke ROLL."
    assert state["words"]["place"] == "Feld"
    assert state["languages"]["en"]["message"] == "Red (player 1): press ROLL."
    assert (await api.post("/api/roll", {"faces": "2/1"})).status_code == 200
    api.advance(SETTLE)
    await hand(api, "place", "b2")  # 7: not a result
    state = await api.state()
    refused = [e for e in state["events"] if e["type"] == "placement_refused"][-1]
    assert refused["reason"] == "that square is not lit"
    assert refused["said"] == {"id": "that {place} is not lit", "args": {"place": "square"}}
    assert state["fix"] == ["Von b2 den Stein nehmen"]
    assert state["languages"]["de"]["fix"] == state["fix"]
    assert state["languages"]["en"]["fix"] == ["Lift the piece from b2"]
    api.advance(10.0)  # the guidance shows on the message line
    state = await api.state()
    assert state["message"] == "Brett richten: Von b2 den Stein nehmen."
    assert state["languages"]["en"]["message"] == "Fix the board: Lift the piece from b2."


async def test_the_api_answers_each_languages_words() -> None:
    api = Harness(config=Config.of(language="de"))
    info = (await api.client.get("/api/info")).json()
    assert (info["language"], info["languages"]) == ("de", ["en", "de"])
    assert info["words"]["place"] == "Loch" and info["words"]["pieces"] == "Männchen"
    german = (await api.client.get("/api/words")).json()
    assert german["language"] == "de"
    assert german["messages"]["Fix the board: {fix}."] == "Brett richten: {fix}."
    english = (await api.client.get("/api/words", params={"lang": "en"})).json()
    assert english == {"language": "en", "messages": {}}
    refused = await api.client.get("/api/words", params={"lang": "fr"})
    assert refused.status_code == 400 and "fr" in refused.json()["error"]


async def test_a_variants_own_line_is_said_in_each_language() -> None:
    """A flow's line (Olix's placement) follows the board's language too."""
    api = Harness(config=Config.of(language="de", variant="olix"), geometry=load_geometry("olix"))
    state = await api.state()
    assert (
        state["message"] == "Rot (Spieler 1): setze einen Zählstein auf ein beliebiges leeres Feld."
    )
    assert state["languages"]["en"]["message"] == (
        "Red (player 1): place a counter on any empty cell."
    )


async def test_a_refused_order_is_said_in_the_language_the_request_asks_for() -> None:
    """The rules' words (engine.phrase) cross the HTTP boundary in the page's language."""
    api = Harness()
    assert (await api.post("/api/roll", {"faces": "red/I/spades"})).status_code == 200
    german = await api.client.post(
        "/api/roll", json={}, headers={"Accept-Language": "de-DE,de;q=0.9"}
    )
    assert german.status_code == 409
    assert german.json()["error"] == "Spieler 1 kann jetzt nicht würfeln (Phase Setzen)"
    english = await api.client.post("/api/roll", json={})
    assert english.json()["error"] == "player 1 cannot roll now (phase await_place)"


def test_the_computers_reason_keeps_its_message_in_each_language() -> None:
    """A reason with values (a Phrase) says itself in German, nested ones too."""
    said = Said.of(why("{reason} (free play)", reason=why("forces a win in {moves}", moves=3)))
    assert said.english() == "forces a win in 3 (free play)"
    assert said.in_language(language("de")) == "erzwingt den Sieg in 3 Zügen (Freizug)"
    sent = said.to_json()  # as the events and the think worker carry it
    assert sent == {
        "id": "{reason} (free play)",
        "args": {"reason": {"id": "forces a win in {moves}", "args": {"moves": "3"}}},
    }
    assert Said.from_json(sent).in_language(language("de")) == said.in_language(language("de"))
