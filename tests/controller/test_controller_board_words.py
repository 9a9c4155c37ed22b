"""Each board speaks its own words: holes and Men on the spaceboard, squares and pieces on the
Flip 4 board, cells and counters on the Olix board, in the messages, the guidance to fix the
board, the refusals, the state and ``GET /api/info``."""

from __future__ import annotations

import pytest

from controller import words
from controller.config import Config
from controller.core.session import game_entry
from controller.reconcile import Mismatch
from controller.tools.sim_run import SimRun
from engine.bitboard import bit
from engine.game import Phase
from engine.variants import new_game
from hal.base import BoardReading, Piece
from hal.geometry import load_geometry
from tests.api_harness import Harness

SETTLE = 0.2
"""More than the settle time: each hand action stands long enough to be read."""


@pytest.mark.parametrize(
    ("geometry", "place", "piece"),
    [("flix", "hole", "Man"), ("flip4", "square", "piece"), ("olix", "cell", "counter")],
)
def test_each_board_names_its_places_and_pieces(geometry: str, place: str, piece: str) -> None:
    said = words.board_words(geometry)
    assert (said.place, said.piece) == (place, piece)
    assert said.where(1, every_empty=False) == f"the lit {place}"
    assert said.where(3, every_empty=False) == f"one of the 3 lit {place}s"
    assert said.where(9, every_empty=True) == f"any empty {place}"


def test_only_the_spaceboard_tallies_lines() -> None:
    """Flip 4's first line of four ends the game; Olix scores patterns, not lines."""
    assert words.board_words("flix").tally == "Lines scored"
    assert words.board_words("flip4").tally is None and words.board_words("olix").tally is None


def test_the_fix_sentences_of_a_flip4_board_speak_of_pieces() -> None:
    game = new_game("flip4", 2, seed=1, options={"position": "c3 b1 c1 d1 / a3 a4 b5 c5"})
    holes = [Piece.EMPTY] * 25
    holes[game.naming.parse("e5")] = Piece.PRESENT
    sensed = BoardReading(tuple(holes), ())
    c3 = game.naming.parse("c3")
    mismatch = Mismatch(missing=bit(c3), extra=bit(game.naming.parse("e5")), wrong_kind=0)
    said = words.fix_sentences(mismatch, game, sensed, ("Red", "Blue"))
    assert said == ["Lift the piece from e5", "Put the Red piece back on c3"]


def test_the_fix_sentences_of_the_spaceboard_speak_of_men() -> None:
    game = new_game("qubic", 2, seed=1, options={})
    hole = game.naming.parse("R-I-S")
    game.place(hole)
    holes = [Piece.EMPTY] * 64
    holes[game.naming.parse("Y-I-S")] = Piece.MAN
    sensed = BoardReading(tuple(holes), ("R", "Y", "G", "B"))
    mismatch = Mismatch(missing=bit(hole), extra=bit(game.naming.parse("Y-I-S")), wrong_kind=0)
    said = words.fix_sentences(mismatch, game, sensed, ("Red", "Blue"))
    assert said == ["Lift the Man from Y-I-S", "Put the Red Man back on R-I-S"]


def test_the_flip4_placement_line_speaks_of_squares() -> None:
    game = new_game("flip4", 2, seed=1, options={})
    game.roll("2/1")  # 3, 1 and 2: three open squares
    line = words.message(
        game,
        Config(),
        phase=Phase(game.phase),
        connected=True,
        clearing=False,
        fix=[],
        variant_words=None,
    )
    assert line == "Red (player 1): place a piece on one of the 3 lit squares."


async def hand(api: Harness, doing: str, cell: str) -> None:
    response = await api.post(f"/api/sim/{doing}", {"hole": cell})
    assert response.status_code == 200, response.text
    api.advance(SETTLE)


async def test_a_flip4_board_publishes_its_words_and_its_player_counts() -> None:
    api = Harness(geometry=load_geometry("flip4"))
    info = (await api.client.get("/api/info")).json()
    assert info["words"]["place"] == "square" and info["words"]["piece"] == "piece"
    facts = info["variant_facts"]["flip4"]
    assert facts["players"] == [2, 3, 4]
    assert facts["team_of_seat"]["4"] == [0, 1, 2, 3]  # four players, each alone
    state = await api.state()
    assert state["words"] == info["words"]


async def test_an_olix_board_publishes_its_words_and_its_player_counts() -> None:
    api = Harness(geometry=load_geometry("olix"))
    info = (await api.client.get("/api/info")).json()
    assert (info["words"]["place"], info["words"]["piece"]) == ("cell", "counter")
    assert info["variant_facts"]["olix"]["players"] == [2]


async def test_the_spaceboard_offers_partners_for_four_and_six() -> None:
    info = (await Harness().client.get("/api/info")).json()
    assert info["words"]["place"] == "hole" and info["words"]["pieces"] == "Men"
    assert info["variant_facts"]["lucky"]["team_of_seat"]["4"] == [0, 1, 0, 1]
    assert info["variant_facts"]["lucky"]["players"] == [2, 3, 4, 6]


async def test_a_flip4_board_to_fix_speaks_of_squares_and_pieces() -> None:
    api = Harness(geometry=load_geometry("flip4"))
    assert (await api.post("/api/roll", {"faces": "2/1"})).status_code == 200
    api.advance(SETTLE)
    await hand(api, "place", "b2")  # 7: not a result
    state = await api.state()
    refused = [e for e in state["events"] if e["type"] == "placement_refused"]
    assert refused[-1]["reason"] == "that square is not lit"
    assert state["fix"] == ["Lift the piece from b2"]
    api.advance(10.0)  # long enough for the guidance to show on the turn line
    state = await api.state()
    assert "hole" not in state["message"] and "Man" not in state["message"]


async def test_a_corner_landing_without_the_corner_piece_names_the_corner() -> None:
    """Issue: the refusal blamed the landing square when the corner piece was not lifted."""
    api = Harness(geometry=load_geometry("flip4"))
    position = "b2 c3 b1 d1 / a3 a4 b5 c5"
    response = await api.post(
        "/api/new_game",
        {"variant": "flip4", "players": 2, "seed": 3, "options": {"position": position}},
    )
    assert response.status_code == 200, response.text
    for cell in position.replace("/", " ").split():
        await hand(api, "place", cell)
    assert (await api.post("/api/roll", {"faces": "4/3"})).status_code == 200  # 7 on b2
    api.advance(SETTLE)
    await hand(api, "lift", "b2")
    await hand(api, "place", "a1")
    state = await api.state()
    assert state["phase"] == "await_jump"
    landing = next(cell for cell in state["allowed"] if cell not in state["board"])
    await hand(api, "place", landing)  # a new piece: the corner piece is still on a1
    state = await api.state()
    refused = [e for e in state["events"] if e["type"] == "placement_refused"]
    assert refused[-1]["hole"] == landing
    assert refused[-1]["reason"] == (
        "lift the piece from the corner a1 and land that piece: no new piece is placed"
    )


def test_the_computers_move_on_an_olix_board_without_hands_speaks_of_counters() -> None:
    """On a real board a person makes the computer's move: the page says which piece."""
    config = Config.of(variant="olix", sim_autoplace=False)
    seats = [{"kind": "computer", "level": 1}]
    entry = game_entry(config, "olix", 2, 7, None, seats, True)
    run = SimRun(config, first_game=entry, geometry=load_geometry("olix"))
    try:
        run.think()
        state = run.controller.state()
        move = state["computer_move"]
        assert move is not None and move["action"] == "place"
        assert state["message"] == (
            f"Red (Computer, level 1) plays {move['hole']}: put its counter there."
        )
    finally:
        run.close()
