"""Nobody can place but a completed line is uncalled: phase ``await_calls`` (RULES.md §2-3).

The owner may still call the line (it scores) and another team may still penalise it (its Men go
back to supply and play goes on); only when nothing is left uncalled is the game a draw.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.bitboard import BB_ALL
from engine.errors import IllegalAction, IllegalPlacement, IllegalRoll
from engine.game import Game, Phase
from engine.payoff import PayOffFlix
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix
from engine.variants import new_game, replay
from tests.engine.engine_helpers import play, types

ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
ELSEWHERE = ["B-IV-S", "B-IV-D", "B-III-H", "G-II-C"]
DEAL = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]


def options_for(variant: str, **extra: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"men_per_team": 4, **extra}
    if variant == "payoff":
        options["deal"] = DEAL
    return options


def last_man_completes(variant: str, **extra: Any) -> Game:
    """Four Men per team: seat 0 places elsewhere, seat 1 fills ``ROW`` with its last Man (at
    t=10), so after that placement nobody has a Man left and the row is uncalled."""
    game = new_game(variant, players=2, seed=5, options=options_for(variant, **extra))
    for theirs, mine in zip(ELSEWHERE, ROW, strict=True):
        put(game, theirs)
        put(game, mine, at=10.0 if mine == ROW[-1] else 0.0)
    return game


def put(game: Game, hole: str, at: float = 0.0) -> list[Any]:
    return play(game, hole, at=at) if game.uses_dice else game.place(hole, at=at)


def state(game: Game) -> tuple[object, ...]:
    return (
        json.dumps(game.to_json(reveal_pending=True), sort_keys=True),
        list(game.events),
        list(game.uncalled),
        game.due_seat,
    )


def assert_waiting(game: Game, reason: str = "nobody can place") -> None:
    assert game.phase == Phase.AWAIT_CALLS and game.phase == "await_calls"
    assert not game.game_over and not game.draw and game.winner is None
    assert game.allowed == 0 and game.to_json()["allowed"] == []
    assert game.free_throws == 0 and game.to_json()["free_throws"] == 0  # nobody throws
    assert game.pending_count() == 1 or reason == "board full"
    waiting = [e for e in game.events if e.type == "awaiting_calls"][-1]
    assert not waiting.secret and waiting.data == {"reason": reason}
    assert waiting.to_json() == {"type": "awaiting_calls", "reason": reason}


# ---------------------------------------------------------------- Lucky


def test_lucky_last_man_completing_a_line_waits_for_calls_instead_of_a_draw() -> None:
    game = last_man_completes("lucky")
    last = game.events[-5:]
    assert types(last) == ["place", "line_completed", "turn_lost", "turn_lost", "awaiting_calls"]
    assert game.supply == [0, 0] and game.to_move == 1
    assert_waiting(game)
    assert game.to_json()["phase"] == "await_calls"


@pytest.mark.parametrize(
    ("act", "error"),
    [
        (lambda g: g.roll("red/I/spades"), IllegalRoll),
        (lambda g: g.roll(), IllegalRoll),
        (lambda g: g.place("Y-II-H"), IllegalPlacement),
    ],
)
def test_lucky_no_roll_or_place_while_waiting_for_calls(act: Any, error: type) -> None:
    game = last_man_completes("lucky")
    before = state(game)
    with pytest.raises(error, match="await_calls") as raised:
        act(game)
    assert "call FLIX or PENALTY" in str(raised.value)
    assert state(game) == before


def test_lucky_a_call_while_waiting_wins() -> None:
    game = last_man_completes("lucky")
    events = game.call(1, at=11.0)
    assert types(events) == ["scored", "game_over"]
    assert events[0].data["how"] == "call"
    assert game.winner == 1 and not game.draw and game.phase == Phase.GAME_OVER


def test_lucky_a_late_call_while_waiting_still_wins() -> None:
    game = last_man_completes("lucky")
    events = game.call(1, at=99.0)
    assert events[0].data["how"] == "late call" and game.winner == 1


def test_lucky_nothing_to_call_or_penalise_changes_nothing() -> None:
    game = last_man_completes("lucky")
    assert types(game.call(0, at=11.0)) == ["call_nothing"]
    assert types(game.penalty(0, at=12.0)) == ["penalty_nothing"]  # the window is still open
    assert types(game.penalty(1, at=20.0)) == ["penalty_nothing"]  # its own line
    assert_waiting(game)


def test_lucky_a_penalty_while_waiting_returns_men_and_play_goes_on() -> None:
    game = last_man_completes("lucky")
    events = game.penalty(0, at=20.0)
    assert types(events) == ["penalty", "turn_lost", "turn"]
    assert events[-1].data == {"seat": 1, "phase": "await_roll", "free_throws": 0}
    assert game.supply == [0, 4] and game.pending_count() == 0
    assert game.phase == Phase.AWAIT_ROLL and game.to_move == 1
    # Team 1 places its four Men again, completing nothing: now it is a draw.
    for hole in ["Y-I-S", "Y-II-H", "G-III-D", "B-I-C"]:
        events = play(game, hole)
    assert types(events)[-3:] == ["turn_lost", "turn_lost", "game_over"]
    assert events[-1].data == {"winner": None, "draw": True, "reason": "nobody can place"}


def test_lucky_resign_while_waiting_ends_the_game() -> None:
    game = last_man_completes("lucky")
    assert types(game.resign(1)) == ["resign", "game_over"]
    assert game.winner == 0


def test_lucky_an_earlier_pending_line_also_waits() -> None:
    """The line was completed before the last placement and never called."""
    game = new_game("lucky", players=2, seed=5, options={"men_per_team": 5})
    for theirs, mine in zip(ELSEWHERE, ROW, strict=True):
        play(game, theirs)
        play(game, mine)
    play(game, "Y-III-S")
    assert game.phase == Phase.AWAIT_ROLL and game.to_move == 1
    events = play(game, "Y-IV-H")
    assert types(events)[-3:] == ["turn_lost", "turn_lost", "awaiting_calls"]
    assert_waiting(game)
    assert types(game.call(1, at=50.0)) == ["scored", "game_over"]


def test_lucky_auto_call_scores_the_last_man_at_once() -> None:
    game = last_man_completes("lucky", auto_call=True)
    assert game.winner == 1 and game.phase == Phase.GAME_OVER
    assert "awaiting_calls" not in types(game.events)


def test_lucky_undo_and_replay_through_the_waiting_phase() -> None:
    game = last_man_completes("lucky")
    waiting = state(game)
    game.penalty(0, at=20.0)
    play(game, "Y-I-S")
    after = state(game)
    again = replay("lucky", 2, 5, options_for("lucky"), game.actions)
    assert state(again) == after
    game.pop()
    game.pop()
    game.pop()
    assert state(game) == waiting
    game.call(1, at=11.0)
    assert game.winner == 1
    assert game.pop().kind == "call"
    assert state(game) == waiting
    game.pop()  # the last placement
    assert game.phase == Phase.AWAIT_PLACE and game.to_move == 1 and game.supply == [0, 1]


# ---------------------------------------------------------------- Pay-Off


def test_payoff_last_man_completing_a_line_waits_and_a_call_pays() -> None:
    game = last_man_completes("payoff")
    assert isinstance(game, PayOffFlix)
    assert types(game.events[-4:]) == ["line_completed", "turn_lost", "turn_lost", "awaiting_calls"]
    assert_waiting(game)
    with pytest.raises(IllegalPlacement, match="await_calls"):
        game.place("Y-II-H")
    events = game.call(1, at=11.0)
    assert types(events) == ["scored", "paid_off", "game_over"]
    assert game.winner == 1 and game.game_value == 20 and game.ledger == [-20, 20]


def test_payoff_physical_tokens_call_while_waiting_asks_for_the_tokens() -> None:
    game = last_man_completes("payoff", token_mode="physical")
    assert isinstance(game, PayOffFlix)
    assert_waiting(game)
    game.call(1, at=11.0)
    assert game.phase == "await_tokens" and game.to_move == 1
    for hole in ROW:
        game.enter_token(hole, None)
    assert game.winner == 1 and game.game_value == 20


def test_payoff_a_penalty_while_waiting_returns_men_and_play_goes_on() -> None:
    game = last_man_completes("payoff")
    events = game.penalty(0, at=20.0)
    assert types(events) == ["penalty", "turn_lost", "turn"]
    assert game.phase == Phase.AWAIT_PLACE and game.to_move == 1 and game.supply == [0, 4]
    assert game.allowed == BB_ALL & ~game.occupied
    game.place("Y-I-S", token=20)
    assert game.tokens


def test_payoff_board_full_with_an_uncalled_line_waits_for_calls() -> None:
    """Enough Men to fill the board: the 64th placement completes lines of team 1."""
    game = new_game("payoff", players=2, seed=1, options={"men_per_team": 40, "deal": DEAL})
    for hole in range(64):
        game.place(hole, at=float(hole))
    assert game.occupied == BB_ALL and game.supply == [8, 8]
    assert types(game.events[-3:]) == ["place", "line_completed", "awaiting_calls"]
    assert_waiting(game, "board full")
    with pytest.raises(IllegalPlacement, match="await_calls"):
        game.place(0)
    penalised = game.penalty(0, at=100.0)
    assert "penalty" in types(penalised) and types(penalised)[-1] == "turn"
    assert game.phase == Phase.AWAIT_PLACE and game.to_move == 0  # the seat that was due
    assert game.occupied != BB_ALL
    again = replay("payoff", 2, 1, {"men_per_team": 40, "deal": DEAL}, game.actions)
    assert state(again) == state(game)


def test_payoff_board_full_call_wins() -> None:
    game = new_game("payoff", players=2, seed=1, options={"men_per_team": 40, "deal": DEAL})
    for hole in range(64):
        game.place(hole, at=float(hole))
    events = game.call(1, at=64.0)
    assert types(events)[-3:] == ["scored", "paid_off", "game_over"]
    assert game.winner == 1


# ---------------------------------------------------------------- Tac-T-Flix


def test_tactflix_call_while_waiting_runs_its_scoring_turn_then_play_goes_on() -> None:
    game = last_man_completes("tactflix")
    assert isinstance(game, TacTFlix)
    assert_waiting(game)
    events = game.call(1, at=11.0)
    assert types(events) == ["scored", "burocrats_won", "free_plays_lost", "turn"]
    assert events[2].data["reason"] == "no Men in supply"
    assert game.phase == SUBSTITUTE and game.to_move == 1
    game.substitute("R-I-S")
    assert game.phase == WITHDRAW
    for hole in ROW[1:]:
        events = game.withdraw(hole)
    assert types(events)[-3:] == ["withdraw", "turn_lost", "turn"]
    assert game.phase == Phase.AWAIT_PLACE and game.to_move == 1 and game.supply == [0, 4]
    again = replay("tactflix", 2, 5, options_for("tactflix"), game.actions)
    assert state(again) == state(game)


def test_tactflix_penalty_while_waiting_keeps_burocrats_and_play_goes_on() -> None:
    game = last_man_completes("tactflix")
    events = game.penalty(0, at=20.0)
    assert types(events) == ["penalty", "turn_lost", "turn"]
    assert game.phase == Phase.AWAIT_PLACE and game.to_move == 1


def test_waiting_is_refused_for_other_actions() -> None:
    game = last_man_completes("tactflix")
    assert isinstance(game, TacTFlix)
    with pytest.raises(IllegalAction, match="await_calls"):
        game.substitute("R-I-S")


# ---------------------------------------------------------------- Qubic


def test_qubic_never_waits_for_calls() -> None:
    game = new_game("qubic", players=2, options={"men_per_team": 4})
    for theirs, mine in zip(ELSEWHERE, ROW, strict=True):
        game.place(theirs)
        game.place(mine)
    assert game.winner == 1 and "awaiting_calls" not in types(game.events)
