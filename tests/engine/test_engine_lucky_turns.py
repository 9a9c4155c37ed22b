"""Lucky Flix turns told exactly: what each roll says and where the dice go (RULES.md §2, §4, §9).

Each test names the rule sentence it checks; the events are compared field by field, since the
board and the web page show the players what these fields say."""

from __future__ import annotations

import pytest

from engine.bitboard import popcount
from engine.errors import IllegalRoll
from engine.events import Event
from engine.game import Phase
from engine.lucky import LuckyFlix, LuckyOptions
from engine.variants import new_game
from tests.engine.engine_helpers import exact, play, types


def lucky(players: int = 2, **options: object) -> LuckyFlix:
    game = new_game("lucky", players=players, seed=3, options=options)
    assert isinstance(game, LuckyFlix)
    return game


def of_type(events: list[Event], kind: str) -> list[dict[str, object]]:
    return [event.data for event in events if event.type == kind]


def test_a_throw_entered_by_hand_is_not_drawn_and_one_rolled_by_the_controller_is() -> None:
    """§4: "Dice are rolled by the controller (seeded RNG ...) or, in physical-dice mode, the
    players throw real dice and enter the faces through the UI."""
    game = lucky()
    entered = game.roll(exact("R-I-S"))[0].data
    assert entered["drawn"] is False and entered["free"] is False
    assert entered["throw"] == "red/I/spades" and entered["seat"] == 0
    game.place("R-I-S")
    rolled = game.roll()[0].data
    assert rolled["drawn"] is True and rolled["seat"] == 1


def test_two_free_throws_are_announced_and_counted_down() -> None:
    """§4: "two `win` + one `flix` ...: two free throws — the player throws twice more at once,
    and each throw is read and played as a normal throw."""
    game = lucky()
    events = game.roll("win/win/flix")
    assert events[0].data["reading"] == "free_throws" and events[0].data["free"] is False
    assert of_type(events, "free_throws") == [{"seat": 0, "added": 2, "left": 2}]
    assert of_type(events, "turn") == [{"seat": 0, "phase": "await_roll", "free_throws": 2}]
    events = play(game, "R-I-S")
    assert events[0].data["free"] is True
    assert of_type(events, "turn") == [{"seat": 0, "phase": "await_roll", "free_throws": 1}]
    events = play(game, "R-I-H")
    assert events[0].data["free"] is True
    assert of_type(events, "turn")[-1]["seat"] == 1 and game.free_throws == 0


def test_a_free_throw_that_grants_more_reports_the_new_count() -> None:
    """§4: "A free throw that grants more throws adds them"."""
    game = lucky()
    game.roll("flix/flix/win")
    events = game.roll("win/flix/win")
    assert events[0].data["free"] is True
    assert of_type(events, "free_throws") == [{"seat": 0, "added": 2, "left": 3}]
    assert of_type(events, "turn") == [{"seat": 0, "phase": "await_roll", "free_throws": 3}]


def test_free_throws_end_when_the_team_has_no_man_left() -> None:
    """§2: "A player whose team has no Man left in supply loses each turn": free throws left
    over when the team's last Man is placed are not thrown; the dice pass on."""
    game = lucky(men_per_team=1)
    game.roll("win/win/flix")
    events = play(game, "R-I-S")
    assert game.supply[0] == 0 and game.to_move == 1 and game.phase == Phase.AWAIT_ROLL
    assert of_type(events, "turn")[-1]["seat"] == 1


def test_free_throws_go_on_while_the_team_has_men() -> None:
    """§4: "the player throws twice more at once": with Men left, every free throw is thrown."""
    game = lucky(men_per_team=2)
    game.roll("win/win/flix")
    play(game, "R-I-S")
    assert game.to_move == 0 and game.supply[0] == 1 and game.phase == Phase.AWAIT_ROLL


def test_fff_to_an_opponent_without_men_passes_the_dice_to_the_seat_after_it() -> None:
    """§9: "FFF when the opponent on the left has no Man in supply: that opponent loses the
    placement and the dice pass to the seat after it." With 2 players that is the thrower."""
    game = lucky(men_per_team=2)
    for hole in ["B-IV-C", "B-IV-D"]:  # seat 1 places both its Men on seat 0's FFF
        game.roll("flix/flix/flix")
        game.place(hole)
    events = game.roll("flix/flix/flix")
    assert of_type(events, "opponent_anywhere") == [{"seat": 0, "opponent": 1}]
    assert of_type(events, "turn_lost")[0] == {"seat": 1, "reason": "no Men in supply"}
    assert game.supply == [2, 0] and "place" not in types(events)
    assert game.to_move == 0 and game.phase == Phase.AWAIT_ROLL


def test_fff_to_an_opponent_with_men_gives_it_one_man_anywhere() -> None:
    """§4: "`flix flix flix`: the opponent on the player's left places one of their Men
    anywhere"; the turn event names that opponent and no free throw."""
    game = lucky(3, men_per_team=1)
    events = game.roll("flix/flix/flix")
    assert of_type(events, "turn") == [{"seat": 1, "phase": "await_place", "free_throws": 0}]
    assert "turn_lost" not in types(events)


def test_fff_skipping_an_empty_opponent_in_three() -> None:
    """§9: "that opponent loses the placement and the dice pass to the seat after it"."""
    game = lucky(3, men_per_team=1)
    play(game, "R-I-S")  # seat 0's only Man
    play(game, "G-II-D")  # seat 1's only Man
    events = game.roll("flix/flix/flix")  # seat 2: its left is seat 0, which has none
    assert of_type(events, "turn_lost")[0] == {"seat": 0, "reason": "no Men in supply"}
    assert game.to_move == 2 and game.phase == Phase.AWAIT_ROLL


def test_the_dice_faces_option_keeps_all_three_dice_spelled_canonically() -> None:
    """§9: "The dice faces (`dice_faces`) ... are game options"; §4 leaves the faces an
    assumption. A die left out keeps its six faces."""
    game = lucky(dice_faces={"colour": ["Red", "win", "win"]})
    assert isinstance(game.options, LuckyOptions)
    assert game.options.dice_faces == {
        "colour": ("red", "win", "win"),
        "floor": ("I", "II", "III", "IV", "win", "flix"),
        "suit": ("spades", "hearts", "diamonds", "clubs", "win", "flix"),
    }
    assert game.dice[0] == ("red", "win", "win")


def test_the_controller_rolls_only_faces_of_the_games_dice() -> None:
    """§4: "Dice are rolled by the controller (seeded RNG ...)": the dice of the game, so with
    a colour die of `red win win` no other colour comes up, and no other face may be entered."""
    game = lucky(dice_faces={"colour": ["red", "win", "win"], "floor": ["I"], "suit": ["spades"]})
    for _ in range(6):
        throw = game.roll()[0].data["throw"]
        assert isinstance(throw, str) and throw.split("/")[0] in {"red", "win"}
        assert throw.split("/")[1:] == ["I", "spades"]
        if game.phase == Phase.AWAIT_PLACE:
            break
    with pytest.raises(IllegalRoll, match="not a face of the colour die"):
        lucky(dice_faces={"colour": ["red", "win", "win"]}).roll("yellow/I/spades")


def test_a_throw_is_read_on_the_games_panel_order() -> None:
    """§1: "Groove order, front to back, by default: Red, Yellow, Green, Blue ... (setting
    `panels`)"; "A hole = (panel p, floor f, section s) ... Index `16*p + 4*f + s`"."""
    game = lucky(panels="BGYR")
    events = game.roll("red/I/spades")
    assert game.allowed == 1 << 48 == events[0].data["holes"]
    assert game.to_json()["last_throw"] == "red/I/spades"


def test_the_roll_event_names_the_holes_it_allows() -> None:
    """§4: "The allowed holes are the product: 1, 4, 16 or 64 holes"."""
    game = lucky()
    data = game.roll("yellow/win/hearts")[0].data
    assert data["reading"] == "holes" and data["holes"] == game.allowed
    assert popcount(game.allowed) == 4


def test_a_turn_lost_to_occupied_holes_says_who_and_why() -> None:
    """§4: "If every allowed hole is occupied the player loses the turn (the dice pass on)"."""
    game = lucky()
    play(game, "R-I-S")
    play(game, "B-IV-C")
    events = game.roll(exact("R-I-S"))
    assert of_type(events, "turn_lost") == [{"seat": 0, "reason": "every allowed hole is occupied"}]
    assert game.to_move == 1 and game.allowed == 0


def test_fff_during_free_throws_reports_the_throws_dropped() -> None:
    """§4: a free throw "that shows `flix flix flix` ends the player's remaining throws"."""
    game = lucky()
    game.roll("win/flix/flix")
    events = game.roll("flix/flix/flix")
    assert of_type(events, "free_throws_ended") == [{"seat": 0, "dropped": 1}]


def test_nothing_may_be_placed_while_a_free_throw_is_due() -> None:
    """§4: "each throw is read and played as a normal throw": between two free throws the
    player throws first, so no hole is allowed."""
    game = lucky()
    game.roll("win/win/flix")
    play(game, "R-I-S")
    assert game.phase == Phase.AWAIT_ROLL and game.allowed == 0 and game.reach == 0
