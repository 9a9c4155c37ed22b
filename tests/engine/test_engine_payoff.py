"""Pay-Off Flix, one short game per rule paragraph of RULES.md §3 and §5, plus random games."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bitboard import popcount
from engine.errors import IllegalAction, IllegalPlacement, SettingError
from engine.game import Action
from engine.holes import parse
from engine.payoff import DEFAULT_TOKENS, SEALED, PayOffFlix, deal_tokens
from engine.variants import new_game, replay
from tests.engine.engine_helpers import types

DEAL = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]
ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
COLUMN = ["R-II-C", "R-III-C", "R-IV-C"]
ELSEWHERE = ["B-IV-S", "B-IV-H", "B-IV-D", "B-III-S", "B-III-H", "B-III-D"]


def payoff(players: int = 2, **options: object) -> PayOffFlix:
    if players == 2:
        options.setdefault("deal", DEAL)
    game = new_game("payoff", players=players, seed=5, options=options)
    assert isinstance(game, PayOffFlix)
    return game


def alternate(game: PayOffFlix, mine: list[tuple[str, int | None]], at: float = 0.0) -> None:
    """Team 0 places ``mine`` (hole, token); team 1 answers on ELSEWHERE; team 0 to move."""
    for (hole, token), theirs in zip(mine, ELSEWHERE, strict=False):
        game.place(hole, token=token, at=at)
        game.place(theirs, at=at)


def snapshot(game: PayOffFlix) -> str:
    return json.dumps(
        [
            game.to_json(reveal_pending=True, view_team=0),
            game.to_json(view_team=1),
            [e.to_json() for e in game.events],
            [a.to_json() for a in game.actions],
            sorted(game.tokens.items()),
            sorted(game.completers),
        ],
        sort_keys=True,
    )


# ---------------------------------------------------------------- §5 no dice, any empty hole


def test_no_dice_any_empty_hole() -> None:
    game = payoff()
    assert game.phase == "await_place" and popcount(game.allowed) == 64
    with pytest.raises(IllegalAction, match="no dice"):
        game.roll()
    game.place("G-III-D")
    assert popcount(game.allowed) == 63
    with pytest.raises(IllegalPlacement, match="G-III-D is occupied"):
        game.place("G-III-D")


# ---------------------------------------------------------------- §5 the token set and the deal


@pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 4), (4, 6), (6, 4)])
def test_tokens_shuffled_with_the_seed_and_divided_equally(players: int, each: int) -> None:
    game = new_game("payoff", players=players, seed=11)
    assert isinstance(game, PayOffFlix)
    assert [len(hand) for hand in game.dealt] == [each] * game.teams
    assert Counter(t for hand in game.dealt for t in hand) == Counter(DEFAULT_TOKENS)
    again = new_game("payoff", players=players, seed=11)
    assert isinstance(again, PayOffFlix) and again.dealt == game.dealt
    deals = {tuple(deal_tokens(DEFAULT_TOKENS, game.teams, seed)) for seed in range(20)}
    assert len(deals) > 1


def test_token_set_is_a_setting_and_the_deal_fixes_the_hands() -> None:
    game = payoff(tokens="9 8 7 6", deal=[[9, 6], [8, 7]])
    assert game.dealt == [(9, 6), (8, 7)] and game.to_json(view_team=1)["hand"] == [8, 7]
    with pytest.raises(SettingError, match="cannot be divided equally among 2 teams"):
        new_game("payoff", options={"tokens": [1, 2, 3]})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deal": [[100, 50, 50, 25, 25, 20]]}, "one token list per team"),
        ({"deal": [[100, 50, 50, 25, 25], [20, 20, 10, 10, 5, 2, 1]]}, "as many tokens"),
        ({"deal": [[100, 100, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]}, "not the token set"),
        ({"deal": "100 50"}, "one token list per team"),
        ({"tokens": [100, 0]}, "whole number 1..1000000: 0"),
        ({"tokens": "100 fifty"}, "whole numbers"),
        ({"token_mode": "paper"}, "digital or physical"),
        ({"ledger": [5, 0]}, "sums to zero"),
        ({"ledger": [0, 0, 0]}, "one balance per team"),
    ],
)
def test_bad_token_settings_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(SettingError, match=message):
        new_game("payoff", options=options)


# ---------------------------------------------------------------- §5 attaching tokens, hidden


def test_a_token_rides_on_a_man_and_is_hidden_from_other_teams() -> None:
    game = payoff()
    events = game.place("Y-II-H", token=50)
    assert types(events) == ["place", "token_attached", "turn"]
    assert "50" not in json.dumps([e.to_json() for e in events])
    assert game.hands[0] == (100, 50, 25, 25, 20) and game.tokens == {parse("Y-II-H"): 50}
    public = game.to_json()
    assert public["token_holes"] == {"Y-II-H": None} and "hand" not in public
    assert public["tokens_left"] == [5, 6]
    assert game.to_json(view_team=1)["token_holes"] == {"Y-II-H": None}
    mine = game.to_json(view_team=0)
    assert mine["token_holes"] == {"Y-II-H": 50} and mine["hand"] == [100, 50, 25, 25, 20]
    with pytest.raises(IllegalAction, match="no team 2"):
        game.to_json(view_team=2)


def test_only_an_unused_token_of_the_team() -> None:
    game = payoff()
    game.place("Y-II-H", token=100)
    with pytest.raises(IllegalPlacement, match=r"team 1 holds no such unused token") as refused:
        game.place("Y-II-S", token=100)
    assert "100" not in str(refused.value) and "20" not in str(refused.value)  # public text
    game.place("Y-II-S", token=1)
    with pytest.raises(IllegalPlacement, match="team 0 holds no such unused token"):
        game.place("Y-II-D", token=100)


def test_a_token_on_a_completing_placement_is_refused_and_nothing_changes() -> None:
    game = payoff()
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    before = snapshot(game)
    with pytest.raises(IllegalPlacement, match=r"no token on this placement") as refused:
        game.place("R-I-C", token=25, at=9.0)
    # The text names neither the token nor the hole that completes a line: it is a secret.
    assert "25" not in str(refused.value) and "R-I-C" not in str(refused.value)
    assert snapshot(game) == before
    game.place("R-I-C", at=9.0)
    assert game.pending_count() == 1


# ---------------------------------------------------------------- §5 values and the game's end


def test_the_205_point_line() -> None:
    game = payoff()
    alternate(game, [("R-I-S", 100), ("R-I-H", 50), ("R-I-D", 50)])
    game.place("R-I-C", at=20.0)
    events = game.call(0, at=21.0)
    assert types(events) == ["scored", "paid_off", "game_over"]
    paid = events[1].to_json()
    assert paid["value"] == 205 and paid["team"] == 0
    assert paid["line"] == ROW and paid["values"] == [100, 50, 50, 5]
    assert game.winner == 0 and game.game_value == 205 and game.ledger == [205, -205]
    state = game.to_json()
    assert state["game_value"]["value"] == 205 and state["ledger"] == [205, -205]
    assert state["token_holes"]["R-I-S"] == 100


def test_a_line_without_tokens_is_worth_20() -> None:
    game = payoff(auto_call=True)
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    events = game.place("R-I-C")
    assert types(events) == ["place", "scored", "paid_off", "game_over"]
    assert game.game_value == 20 and game.ledger == [20, -20]


def test_a_call_covering_two_lines_counts_the_highest() -> None:
    game = payoff()
    mine = [("R-I-S", 100), ("R-I-H", None), ("R-I-D", None)]
    mine += [("R-II-C", 50), ("R-III-C", 50), ("R-IV-C", None)]
    alternate(game, mine)
    game.place("R-I-C", at=30.0)
    events = game.call(0, at=30.5)
    assert len(events[0].data["lines"]) == 2
    assert game.game_value == 115 and game.ledger == [115, -115]
    assert events[1].to_json()["line"] == ROW


# ---------------------------------------------------------------- §5 the match ledger


def test_three_teams_each_other_team_pays_the_winner() -> None:
    game = new_game("payoff", players=3, seed=2, options={"auto_call": True})
    assert isinstance(game, PayOffFlix)
    for hole in ["R-I-S", "B-IV-S", "G-IV-S", "R-I-H", "B-IV-H", "G-IV-H", "R-I-D"]:
        game.place(hole)
    game.place("B-IV-D")
    game.place("G-IV-D")
    game.place("R-I-C")
    assert game.winner == 0 and game.ledger == [40, -20, -20] and sum(game.ledger) == 0


def test_the_ledger_carries_over_to_the_next_game_of_the_match() -> None:
    game = payoff(auto_call=True)
    alternate(game, [("R-I-S", 100), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C")
    options = game.next_game_options()
    assert options["ledger"] == [115, -115] and options["deal"] is None
    second = new_game("payoff", players=2, seed=6, options=json.loads(json.dumps(options)))
    assert isinstance(second, PayOffFlix)
    assert second.to_json()["ledger"] == [115, -115]
    second.place("R-I-S")
    for mine, theirs in zip(["Y-I-S", "Y-I-H", "Y-I-D"], ELSEWHERE, strict=False):
        second.place(mine)
        second.place(theirs)
    second.place("Y-I-C")
    assert second.winner == 1 and second.ledger == [95, -95]


# ---------------------------------------------------------------- §3 calls and penalties


def test_an_uncalled_line_is_pending_and_a_late_call_scores() -> None:
    game = payoff()
    alternate(game, [("R-I-S", 25), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=40.0)
    assert game.to_move == 1 and "pending_lines" not in game.to_json()
    game.place("G-I-S", at=50.0)
    assert game.penalty(0, at=50.5)[0].type == "penalty_nothing"
    events = game.call(0, at=60.0)
    assert events[0].data["how"] == "late call" and game.game_value == 40


def test_a_penalty_removes_the_men_and_their_tokens_go_back_to_the_hand() -> None:
    game = payoff()
    alternate(game, [("R-I-S", 100), ("R-I-H", 50), ("R-I-D", None)])
    game.place("R-I-C", at=40.0)
    game.place("G-I-S", at=50.0)
    events = game.penalty(1, at=51.0)
    assert types(events) == ["penalty"]
    assert events[0].to_json()["removed"] == ROW
    assert game.supply[0] == 18 and game.hands[0] == (100, 50, 50, 25, 25, 20)
    assert game.tokens == {} and not game.game_over and game.ledger == [0, 0]
    assert game.call(0, at=52.0)[0].type == "call_nothing"


def test_a_penalty_in_the_call_window_does_nothing() -> None:
    game = payoff()
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=40.0)
    assert game.penalty(1, at=41.0)[0].type == "penalty_nothing"
    assert game.call(0, at=42.0)[0].data["how"] == "call"


# ---------------------------------------------------------------- §5 physical tokens


def test_physical_tokens_are_entered_at_scoring_and_checked_against_the_deal() -> None:
    game = payoff(token_mode="physical")
    with pytest.raises(IllegalPlacement, match="physical token mode"):
        game.place("R-I-S", token=100)
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=20.0)
    events = game.call(0, at=20.5)
    assert types(events) == ["scored", "turn"] and game.phase == "await_tokens"
    assert game.to_json()["allowed"] == ROW and not game.game_over
    with pytest.raises(IllegalAction, match="completed the line and carries no token"):
        game.enter_token("R-I-C", 100)
    with pytest.raises(IllegalAction, match="dealt no further token 1 "):
        game.enter_token("R-I-S", 1)
    with pytest.raises(IllegalAction, match="one of: R-I-S"):
        game.enter_token("B-IV-S", 100)
    game.enter_token("R-I-S", 50)
    with pytest.raises(IllegalAction, match="enter the token of one of: R-I-H R-I-D R-I-C"):
        game.enter_token("R-I-S", 50)
    game.enter_token("R-I-H", 50)
    with pytest.raises(IllegalAction, match=r"dealt no further token 50 .*entered: \[50, 50\]"):
        game.enter_token("R-I-D", 50)
    game.enter_token("R-I-D", 100)
    events = game.enter_token("R-I-C", None)
    assert types(events) == ["token_entered", "paid_off", "game_over"]
    assert game.game_value == 205 and game.ledger == [205, -205]


def test_physical_mode_shows_a_team_its_dealt_tokens() -> None:
    game = payoff(token_mode="physical")
    view = game.to_json(view_team=0)
    assert view["dealt"] == DEAL[0] and view["token_mode"] == "physical"
    assert game.to_json()["token_holes"] == {}


# ---------------------------------------------------------------- random games: invariants

HOLES = st.one_of(st.integers(0, 15), st.integers(0, 15), st.integers(0, 63))
"""Mostly the red panel, so that lines complete (and get called or penalised) often."""
KINDS = st.sampled_from(["place"] * 5 + ["call", "penalty", "undo"])


def check_invariants(game: PayOffFlix) -> None:
    for team in range(game.teams):
        assert popcount(game.men[team]) + game.supply[team] == game.men_per_team
        riding = [t for h, t in game.tokens.items() if game.men[team] >> h & 1]
        assert Counter(game.hands[team]) + Counter(riding) == Counter(game.dealt[team])
    assert set(game.tokens) <= {h for h in range(64) if game.occupied >> h & 1}
    assert sum(game.ledger) == 0
    public = json.dumps(game.to_json())
    if game.game_value is None:
        assert all(value is None for value in game.to_json()["token_holes"].values())
        assert "hand" not in public


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 2**16),
    steps=st.lists(
        st.tuples(KINDS, HOLES, st.integers(0, 12)),
        min_size=20,
        max_size=100,
    ),
)
def test_random_games_keep_the_invariants(
    players: int, seed: int, steps: list[tuple[str, int, int]]
) -> None:
    game = new_game("payoff", players=players, seed=seed)
    assert isinstance(game, PayOffFlix)
    clock = 0.0
    for kind, hole, pick in steps:
        if game.game_over:
            break
        clock += pick / 3
        team = game.team_of_seat[game.to_move]
        hand = game.hands[team]
        token = hand[pick % len(hand)] if hand and pick < 6 else None
        before = snapshot(game)
        if kind == "undo":
            if game.actions:
                game.pop()
            continue
        action = {
            "place": Action("place", hole=hole, token=token, at=clock),
            "call": Action("call", seat=pick % players, at=clock),
            "penalty": Action("penalty", seat=pick % players, at=clock),
        }[kind]
        try:
            game.apply(action)
        except IllegalAction:
            assert snapshot(game) == before
            continue
        check_invariants(game)
        game.pop()
        assert snapshot(game) == before
        game.apply(action)
    again = replay("payoff", players, seed, None, game.actions)
    assert isinstance(again, PayOffFlix) and snapshot(again) == snapshot(game)


def test_physical_mode_a_scored_game_is_decided_while_its_tokens_are_entered() -> None:
    game = payoff(token_mode="physical")
    for mine, theirs in zip(ELSEWHERE[:3], ROW[:3], strict=True):
        game.place(mine, at=0.0)  # team 0 builds B-IV-S/H/D
        game.place(theirs, at=0.0)  # team 1 builds R-I-S/H/D
    game.place("G-II-S", at=0.0)
    game.place("R-I-C", at=1.0)  # team 1 completes its row and does not call
    game.place("B-IV-C", at=10.0)  # team 0 completes its row; team 1's line is pending
    game.call(0, at=10.5)
    assert game.phase == "await_tokens" and game.scoring_team == 0 and game.pending_count() == 1
    before = json.dumps(game.to_json(reveal_pending=True), sort_keys=True)
    with pytest.raises(IllegalAction, match="team 0 has scored"):
        game.call(1, at=11.0)
    with pytest.raises(IllegalAction, match="team 0 has scored"):
        game.penalty(0, at=11.0)
    with pytest.raises(IllegalAction, match="team 0 has scored"):
        game.resign(1)
    assert json.dumps(game.to_json(reveal_pending=True), sort_keys=True) == before
    for hole in ["B-IV-S", "B-IV-H", "B-IV-D", "B-IV-C"]:
        game.enter_token(hole, None)
    assert game.winner == 0 and game.game_value == 20 and game.ledger == [20, -20]


@pytest.mark.parametrize("token", [True, 1.0, "1"])
def test_a_token_is_a_whole_number(token: object) -> None:
    game = payoff()
    game.place("B-IV-S")
    with pytest.raises(IllegalPlacement, match="whole number"):
        game.place("R-I-S", token=token)  # type: ignore[arg-type]  # the refusal is the test
    assert game.hands[1] == tuple(DEAL[1]) and game.tokens == {} and game.to_move == 1


def test_a_wrong_token_entry_names_the_hole_and_why() -> None:
    game = payoff(token_mode="physical")
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=20.0)
    game.call(0, at=20.5)
    with pytest.raises(IllegalAction, match="B-IV-S is not in the scored line: enter the token"):
        game.enter_token("B-IV-S", 100)
    game.enter_token("R-I-S", 100)
    with pytest.raises(IllegalAction, match=r"R-I-S is already entered: .* R-I-H R-I-D R-I-C$"):
        game.enter_token("R-I-S", 50)
    with pytest.raises(IllegalAction, match=r"\(not True\)"):
        game.apply(Action("enter_token", hole=True, token=50))


def test_the_scoring_turn_asks_for_tokens_and_no_token_is_entered_before() -> None:
    game = payoff(token_mode="physical")
    with pytest.raises(IllegalAction, match=r"no tokens to enter now \(phase await_place\)"):
        game.enter_token("R-I-S", 100)
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=20.0)
    turn = game.call(0, at=20.5)[-1]
    assert turn.type == "turn"
    assert turn.data == {"seat": 0, "phase": "await_tokens", "free_throws": 0}


# ---------------------------------------------------------------- rule sentences, one by one


def test_each_hand_is_dealt_highest_token_first() -> None:
    """RULES.md §5: tokens "Shuffled with the game seed and divided equally among the teams";
    a hand is shown highest token first."""
    for seed in range(5):
        hands = deal_tokens(DEFAULT_TOKENS, 3, seed)
        assert all(list(hand) == sorted(hand, reverse=True) for hand in hands)
        assert Counter(t for hand in hands for t in hand) == Counter(DEFAULT_TOKENS)


def test_a_penalty_gives_back_only_the_tokens_of_the_penalised_men() -> None:
    """RULES.md §9: "Pay-Off: a penalised Man's token goes back to its team's hand" — a Man of
    the team outside the penalised line keeps its token."""
    game = payoff()
    alternate(game, [("G-IV-C", 25), ("R-I-S", 100), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=40.0)
    game.place("G-I-S", at=50.0)
    game.penalty(1, at=51.0)
    assert game.hands[0] == (100, 50, 50, 25, 20)
    assert game.tokens == {parse("G-IV-C"): 25}


def test_a_penalised_completer_may_carry_a_token_when_the_line_is_made_again() -> None:
    """RULES.md §5: "On any placement except one that completes a Flix-line, the player may
    attach one unused token" — the Man that completed a penalised line is gone; the Man placed in
    its hole later, not completing, may carry a token (entered at scoring in physical mode)."""
    game = payoff(token_mode="physical")
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=0.0)  # completes the row, uncalled
    game.place("G-I-S", at=10.0)
    game.penalty(1, at=10.5)
    for mine, theirs in zip(
        ["R-I-C", "R-I-H", "R-I-D"], ["G-I-H", "B-II-S", "B-II-H"], strict=True
    ):
        game.place(mine, at=11.0)
        game.place(theirs, at=11.0)
    game.place("R-I-S", at=20.0)  # completes it again
    game.call(0, at=20.5)
    events = game.enter_token("R-I-C", 100)
    assert events[0].data == {"team": 0, "hole": parse("R-I-C"), "token": 100}
    with pytest.raises(IllegalAction) as error:
        game.enter_token("R-I-S", 50)
    assert str(error.value) == (
        "the Man at R-I-S completed the line and carries no token: take the token out and enter "
        "none"
    )


def test_scoring_with_physical_tokens_hands_the_turn_to_the_scorer_to_enter_them() -> None:
    """RULES.md §5: "in `physical` token mode the players enter the tokens of the winning line's
    Men at scoring time (checked against what each team was dealt)"."""
    game = payoff(players=4, token_mode="physical", tokens="100 50 50 25 25 20 20 10")
    for mine, theirs in zip(ROW[:3], ELSEWHERE, strict=False):
        game.place(mine)
        game.place(theirs)
    game.place("R-I-C", at=20.0)  # seat 2, team 0
    events = game.call(0, at=20.5)
    assert events[-1].data == {"seat": 0, "phase": "await_tokens", "free_throws": 0}
    assert game.to_move == 0 and game.to_json()["allowed"] == ROW
    dealt = game.dealt[0]
    with pytest.raises(IllegalAction) as error:
        game.enter_token(parse("R-I-S"), True)
    assert str(error.value) == "a token is a whole number such as 50: True"
    assert type(error.value) is IllegalAction  # an entry, not a placement
    game.enter_token(parse("R-I-S"), dealt[0])
    game.enter_token("R-I-H", dealt[1])
    with pytest.raises(IllegalAction) as error:
        game.enter_token("R-I-D", dealt[0])
    entered = sorted(dealt[:2], reverse=True)
    assert str(error.value) == (
        f"team 0 was dealt no further token {dealt[0]} (entered: {entered})"
    )


def test_wrong_token_entries_name_the_holes_in_the_layout() -> None:
    """RULES.md §1: hole names follow the `panels` setting; an entry outside the scored line or
    out of turn is a clear error."""
    game = payoff(token_mode="physical", panels="BGYR")
    with pytest.raises(IllegalAction) as error:
        game.enter_token("B-I-S", None)
    assert str(error.value) == "no tokens to enter now (phase await_place)"
    for mine, theirs in zip(
        ["B-I-S", "B-I-H", "B-I-D"], ["R-IV-S", "R-IV-H", "R-IV-D"], strict=True
    ):
        game.place(mine)
        game.place(theirs)
    game.place("B-I-C", at=20.0)
    game.call(0, at=20.5)
    with pytest.raises(IllegalAction) as error:
        game.enter_token("R-IV-S", None)
    assert str(error.value) == (
        "R-IV-S is not in the scored line: enter the token of one of: B-I-S B-I-H B-I-D B-I-C"
    )
    with pytest.raises(IllegalAction) as error:
        game.enter_token(64, None)
    assert str(error.value) == "enter the token of one of: B-I-S B-I-H B-I-D B-I-C (not 64)"
    with pytest.raises(IllegalAction) as error:
        game.enter_token("B-I-C", 5)
    assert "the Man at B-I-C completed the line" in str(error.value)
    with pytest.raises(IllegalAction) as error:
        game.resign(1)
    assert str(error.value) == (
        "player 2 cannot resign: team 0 has scored and the game is decided; enter the tokens of "
        "the scored line"
    )


def test_the_highest_valued_line_of_a_call_is_paid_and_shown() -> None:
    """RULES.md §5: "If one scoring call covers several lines, the highest-valued line counts";
    "each other team pays the winner the game value"."""
    game = payoff()
    mine: list[tuple[str, int | None]] = [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)]
    mine += [("R-II-C", 50), ("R-III-C", 50), ("R-IV-C", None)]
    alternate(game, mine)
    game.place("R-I-C", at=30.0)
    events = game.call(0, at=30.5)
    column = ["R-I-C", "R-II-C", "R-III-C", "R-IV-C"]
    assert events[1].to_json() == {
        "type": "paid_off",
        "team": 0,
        "line": column,
        "values": [5, 50, 50, 5],
        "value": 110,
        "ledger": [110, -110],
    }
    assert events[2].data == {"winner": 0, "draw": False, "reason": "line"}
    paid = game.to_json()["game_value"]
    assert paid == {
        "team": 0,
        "value": 110,
        "line": column,
        "men": {"R-I-C": 5, "R-II-C": 50, "R-III-C": 50, "R-IV-C": 5},
    }


def test_a_team_that_resigns_drops_out_and_the_other_wins() -> None:
    """RULES.md §9: "`resign(seat)`: the seat's team drops out; its seats are skipped; the last
    team left wins"."""
    game = payoff()
    game.place("R-I-S", token=100)
    events = game.resign(0)
    assert types(events) == ["resign", "game_over"]
    assert game.winner == 1 and game.ledger == [0, 0] and game.game_value is None


def test_a_decided_game_refuses_flix_and_penalty_saying_why() -> None:
    """RULES.md §9: "once a line is scored (and, with physical tokens, while its tokens are
    entered) the game is decided: no further calls, penalties or resignations"."""
    game = payoff(token_mode="physical")
    alternate(game, [("R-I-S", None), ("R-I-H", None), ("R-I-D", None)])
    game.place("R-I-C", at=20.0)
    game.call(0, at=20.5)
    for act, doing in ((game.call, "call FLIX"), (game.penalty, "call PENALTY")):
        with pytest.raises(IllegalAction) as error:
            act(1, at=21.0)
        assert str(error.value) == (
            f"player 2 cannot {doing}: team 0 has scored and the game is decided; enter the "
            "tokens of the scored line"
        )


def test_a_teams_view_shows_its_own_tokens_in_the_layout_and_no_pending_lines() -> None:
    """RULES.md §5: a token is "hidden from other teams"; §3: "The board must not reveal a
    pending line to anyone" — only the view that asks for it counts pending lines."""
    game = payoff(panels="BGYR")
    game.place("B-I-S", token=100)
    game.place("R-IV-C", token=1)
    view = game.to_json(view_team=1)
    assert view["view_team"] == 1 and view["token_holes"] == {"B-I-S": None, "R-IV-C": 1}
    assert "pending_lines" not in view and "pending_lines" not in game.to_json(view_team=0)
    assert game.to_json(reveal_pending=True, view_team=1)["pending_lines"] == 0
    for team in (2, -1):
        with pytest.raises(IllegalAction) as error:
            game.to_json(view_team=team)
        assert str(error.value) == f"no team {team}: teams are 0..1"


def test_token_settings_are_refused_by_name_with_their_bounds() -> None:
    """RULES.md §5: "Tokens: 12 values, default `100 50 50 25 25 20 20 10 10 5 2 1`
    (**assumption** ...; setting)" — a token set, a deal and a ledger are whole numbers within
    bounds (tokens 1..1000000, at most one per hole), written as a list or as text."""
    cases: list[tuple[dict[str, object], str]] = [
        ({"tokens": 5}, "tokens must be a list of whole numbers: 5"),
        ({"tokens": [1] * 65}, "tokens has 65 numbers: at most 64"),
        ({"tokens": [0, 1]}, "tokens must be a whole number 1..1000000: 0"),
        ({"tokens": "x" * 100}, f"tokens must be whole numbers: {'x' * 80!r}"),
        ({"deal": [[1000001], [1]]}, "deal must be a whole number 1..1000000: 1000001"),
        ({"deal": [[1]] * 65}, "deal has 65 hands: one per team"),
        ({"ledger": "10 - 10"}, "ledger must be whole numbers: '10 - 10'"),
        ({"ledger": "10 10-"}, "ledger must be whole numbers: '10 10-'"),
    ]
    for options, message in cases:
        with pytest.raises(SettingError) as error:
            new_game("payoff", options=options)
        assert str(error.value) == message
    one_each = new_game("payoff", options={"tokens": [1] * 64})
    assert isinstance(one_each, PayOffFlix) and one_each.dealt[0] == (1,) * 32
    with pytest.raises(SettingError, match=r"^deal needs one token list per team \(2\)"):
        new_game("payoff", options={"deal": [[1]] * 64, "tokens": [1] * 64})
    big = new_game("payoff", options={"tokens": [1000000, 1], "deal": [[1000000], [1]]})
    assert isinstance(big, PayOffFlix) and big.pay_options.deal == ((1000000,), (1,))
    assert payoff(ledger="10 -10").ledger == [10, -10]
    limit = 10**12
    assert payoff(ledger=[limit, -limit]).pay_options.ledger == (limit, -limit)
    with pytest.raises(SettingError) as error:
        payoff(ledger=[limit + 1, -limit - 1])
    assert str(error.value) == f"ledger must be a whole number {-limit}..{limit}: {limit + 1}"


def test_attaching_a_token_is_announced_without_its_value() -> None:
    """RULES.md §5: the player "may attach one unused token of the team to the Man (hidden from
    other teams)": the event names seat, team and hole, never the value; a token with physical
    tokens, or on a completing placement, is refused naming the hole in the layout."""
    game = payoff(players=4, tokens="100 50 50 25 25 20 20 10")
    game.place("B-IV-S")
    events = game.place("R-I-S", token=game.hands[1][0])
    assert events[1].to_json() == {"type": "token_attached", "seat": 1, "team": 1, "hole": "R-I-S"}
    physical = payoff(token_mode="physical")
    with pytest.raises(IllegalPlacement) as error:
        physical.place("R-I-S", token=100)
    assert str(error.value) == (
        "physical token mode: the token rides in the Man itself; its value is entered when a "
        "line scores"
    )
    game = payoff(panels="BGYR")
    alternate(game, [("B-I-S", None), ("B-I-H", None), ("B-I-D", None)])
    with pytest.raises(IllegalPlacement) as error:
        game.place("B-I-C", token=100)
    assert str(error.value) == "no token on this placement: place the Man bare"


def test_before_any_line_is_paid_the_state_has_no_game_value() -> None:
    """RULES.md §5: "The game ends when a line is scored; the game value is the sum of that
    line's four Men": before that there is none; after it the paid Men are named in the
    layout."""
    game = payoff(panels="BGYR", auto_call=True)
    assert game.to_json()["game_value"] is None and game.game_value is None
    alternate(game, [("B-I-S", 100), ("B-I-H", None), ("B-I-D", None)])
    assert game.to_json()["game_value"] is None
    game.place("B-I-C")
    assert game.to_json()["game_value"]["men"] == {"B-I-S": 100, "B-I-H": 5, "B-I-D": 5, "B-I-C": 5}


def test_a_line_scored_by_its_placement_waits_for_its_tokens_in_physical_mode() -> None:
    """With ``auto_call`` the completing placement scores at once; in physical mode the scorer
    then enters the tokens (the turn does not pass to the next seat first)."""
    game = payoff(token_mode="physical", auto_call=True)
    for mine, theirs in zip(ROW[:3], ELSEWHERE, strict=False):
        game.place(mine)
        game.place(theirs)
    assert [e.type for e in game.place("R-I-C")] == ["place", "scored", "turn"]
    assert (game.phase, game.to_move, game.to_json()["allowed"]) == ("await_tokens", 0, ROW)
    for hole, token in zip(ROW, (*game.dealt[0][:2], None, None), strict=True):
        game.enter_token(hole, token)
    assert game.game_over and game.game_value == sum(game.dealt[0][:2]) + 10


# ---------------------------------------------------------------- §5 sealed tokens (remote play)


def test_a_sealed_token_hides_its_value_until_opened_and_the_line_waits_for_it() -> None:
    game = payoff()
    alternate(game, [("R-I-S", SEALED), ("R-I-H", SEALED), ("R-I-D", None)])
    assert game.hands[0] == tuple(DEAL[0]) and game.to_json()["tokens_left"] == [4, 6]
    assert game.to_json(view_team=0)["token_holes"] == {"R-I-S": None, "R-I-H": None}
    game.place("R-I-C", at=30.0)
    events = game.call(0, at=30.5)
    assert types(events) == ["scored", "turn"] and game.phase == "await_tokens"
    assert game.game_value is None and game.allowed == (1 << parse("R-I-S") | 1 << parse("R-I-H"))
    with pytest.raises(
        IllegalAction,
        match=r"^team 0 holds no further unused token 1 for R-I-S: the opening is refused$",
    ):
        game.open_token("R-I-S", 1)
    with pytest.raises(IllegalAction, match="no token to open there now"):
        game.open_token("R-I-D", 100)
    assert types(game.open_token("R-I-S", 100)) == ["token_opened"]
    assert types(game.open_token("R-I-H", 50)) == ["token_opened", "paid_off", "game_over"]
    assert game.game_value == 100 + 50 + 5 + 5 and game.ledger == [160, -160]
    assert game.to_json()["token_holes"] == {"R-I-S": 100, "R-I-H": 50}


def test_sealed_tokens_replay_and_agree_with_the_owners_game() -> None:
    owner, other = payoff(), payoff()
    alternate(owner, [("R-I-S", 25), ("R-I-H", None), ("R-I-D", 50)])
    alternate(other, [("R-I-S", SEALED), ("R-I-H", None), ("R-I-D", SEALED)])
    for game in (owner, other):
        game.place("R-I-C", at=30.0)
        game.call(0, at=30.5)
    other.open_token("R-I-S", 25)
    other.open_token("R-I-D", 50)
    assert owner.ledger == other.ledger == [85, -85]
    assert owner.to_json()["game_value"] == other.to_json()["game_value"]
    again = replay("payoff", 2, other.seed, {"deal": DEAL}, list(other.actions))
    assert isinstance(again, PayOffFlix)
    assert snapshot(again) == snapshot(other)


def test_sealed_tokens_count_against_the_hand_and_never_ride_a_physical_game() -> None:
    game = payoff(deal=[[100, 1], [50, 2]], tokens=[100, 50, 2, 1])
    game.place("Y-II-H", token=SEALED)
    game.place("B-IV-S")
    game.place("Y-II-S", token=SEALED)
    game.place("B-IV-H")
    with pytest.raises(IllegalPlacement, match="team 0 holds no such unused token"):
        game.place("Y-II-D", token=SEALED)
    assert game.to_json()["tokens_left"] == [0, 2]
    physical = payoff(token_mode="physical")
    with pytest.raises(IllegalPlacement, match="physical token mode"):
        physical.place("Y-II-H", token=SEALED)


def test_with_openings_both_boards_wait_for_every_token_and_end_alike() -> None:
    """The owner's board (values known) and the other board (sealed) run the same actions: the
    scored line waits for its openings, the game's end for every other token's."""
    owner, other = payoff(openings=True), payoff(openings=True)
    alternate(owner, [("R-I-S", 25), ("R-I-H", None), ("R-I-D", 50)])
    alternate(other, [("R-I-S", SEALED), ("R-I-H", None), ("R-I-D", SEALED)])
    for game, theirs in ((owner, 10), (other, SEALED)):
        game.place("Y-I-S", token=100)
        game.place("B-I-S", token=theirs)
        game.place("R-I-C", at=30.0)
        game.call(0, at=30.5)
        assert game.phase == "await_tokens" and game.game_value is None
        assert game.tokens_to_open == 1 << parse("R-I-S") | 1 << parse("R-I-D")
    with pytest.raises(IllegalAction, match="no further unused token 50 for R-I-S"):
        owner.open_token("R-I-S", 50)
    for game in (owner, other):
        game.open_token("R-I-S", 25)
        events = game.open_token("R-I-D", 50)
        assert types(events) == ["token_opened", "paid_off", "turn"] and game.ledger == [85, -85]
        assert game.phase == "await_tokens" and game.winner is None
        assert game.tokens_to_open == 1 << parse("Y-I-S") | 1 << parse("B-I-S")
        game.open_token("Y-I-S", 100)
        assert types(game.open_token("B-I-S", 10)) == ["token_opened", "game_over"]
    assert owner.winner == other.winner == 0
    assert owner.to_json() == other.to_json()


def test_openings_are_a_digital_mode_setting() -> None:
    with pytest.raises(SettingError, match="openings need digital token mode"):
        payoff(token_mode="physical", openings=True)
    with pytest.raises(SettingError, match="openings must be true or false"):
        payoff(openings="yes")


def test_with_openings_a_resignation_ends_the_game_once_every_token_is_opened() -> None:
    game = payoff(openings=True)
    alternate(game, [("R-I-S", SEALED), ("R-I-H", None)])
    events = game.resign(1)
    assert types(events) == ["resign", "turn"] and game.phase == "await_tokens"
    assert game.winner is None and game.tokens_to_open == 1 << parse("R-I-S")
    with pytest.raises(IllegalAction, match="no token to open there now"):
        game.open_token("R-I-H", 5)
    assert types(game.open_token("R-I-S", 20))[-1] == "game_over" and game.winner == 0
    assert game.game_value is None and game.hands[0] == (100, 50, 50, 25, 25)
