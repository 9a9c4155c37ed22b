"""Random games of every variant and player count, checking the invariants after each action."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.ai import completing_holes
from engine.bitboard import popcount, scan_forward
from engine.dice import all_throws
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import Action, ActionKind, Game, Phase
from engine.lines import LINES
from engine.tactflix import SUBSTITUTE, WITHDRAW
from engine.variants import new_game, replay

THROWS = [str(t) for t in all_throws()]


def snapshot(game: Game) -> tuple[object, ...]:
    return (
        json.dumps(game.to_json(reveal_pending=True), sort_keys=True),
        list(game.events),
        list(game.actions),
        list(game.uncalled),
        game.placements,
        game._rng.getstate(),
    )


def check_invariants(game: Game) -> None:
    boards = [*game.men, *game.burocrats]
    seen = 0
    for board in boards:
        assert board & seen == 0, "two pieces in one hole"
        seen |= board
    assert seen == game.occupied
    for team in range(game.teams):
        assert game.supply[team] >= 0
        assert game.supply[team] + popcount(game.men[team]) == game.men_per_team
    if game.winner is not None:
        assert game.phase == Phase.GAME_OVER and not game.draw
        assert any(team == game.winner for team, _ in game.scored_lines)
    for team, line in game.scored_lines:  # Tac-T-Flix withdraws the Men of scored lines
        assert line in LINES and (game.variant == "tactflix" or game.pieces(team) & line == line)
    for entry in game.uncalled:
        assert game.pieces(entry.team) & entry.line == entry.line
    if str(game.phase) in (SUBSTITUTE, WITHDRAW):  # Tac-T-Flix: ``allowed`` = Men to act on
        assert game.allowed & ~game.men[game.team_of_seat[game.to_move]] == 0
    else:
        assert game.allowed & game.occupied == 0
    if game.phase == Phase.AWAIT_PLACE:
        assert game.allowed, "a placement is due but no hole is allowed"
    if game.phase == Phase.AWAIT_CALLS:
        assert game.uncalled and not game.allowed, "waiting for calls with nothing to call"


def check_uncalled_lines_stay_secret(game: Game, events: list[Event]) -> None:
    """No public state or public event of this action names a line that is still uncalled."""
    uncalled = {entry.line for entry in game.uncalled}
    assert "pending_lines" not in game.to_json()
    for item in events:
        if not item.secret:
            named = set(item.data.get("lines", ())) | {item.data.get("line")}
            assert not named & uncalled, f"{item.type} names an uncalled line"


def next_action(game: Game, data: st.DataObject, clock: float) -> Action:
    choice = data.draw(st.integers(0, 9), label="kind")
    seat = data.draw(st.integers(0, game.players - 1), label="seat")
    at = clock + data.draw(st.sampled_from([0.0, 1.0, 5.0]), label="delay")
    if game.uses_calls and choice == 0:
        return Action("call", seat=seat, at=at)
    if game.uses_calls and (choice == 1 or (game.phase == Phase.AWAIT_CALLS and choice > 5)):
        return Action("penalty", seat=seat, at=at)
    if game.phase == Phase.AWAIT_CALLS:
        return Action("call", seat=seat, at=at)
    if game.variant == "qubic" and choice == 2:
        return Action("request_block", seat=seat)
    if game.phase == Phase.AWAIT_ROLL:
        drawn = data.draw(st.booleans(), label="drawn")
        faces = st.one_of(st.just("win/win/win"), st.sampled_from(THROWS))
        return Action("roll", throw=None if drawn else data.draw(faces, label="faces"))
    holes = list(scan_forward(game.allowed))
    if str(game.phase) in (SUBSTITUTE, WITHDRAW):  # Tac-T-Flix: the Man to replace or lift
        kind: ActionKind = "substitute" if str(game.phase) == SUBSTITUTE else "withdraw"
        return Action(kind, hole=data.draw(st.sampled_from(holes), label="man"))
    own = game.pieces(game.team_of_seat[game.to_move])
    winning = completing_holes(own, game.allowed)
    if len(winning) > 0 and data.draw(st.booleans(), label="take the line"):
        holes = winning
    return Action("place", hole=data.draw(st.sampled_from(holes), label="hole"), at=at)


@pytest.mark.fuzz  # hundreds of random games: outside `make check`
@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    variant=st.sampled_from(["lucky", "qubic", "payoff", "tactflix"]),
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 2**32),
    auto_call=st.booleans(),
    men=st.sampled_from([None, None, 3, 9]),
    data=st.data(),
)
def test_random_games_keep_the_invariants(
    variant: str, players: int, seed: int, auto_call: bool, men: int | None, data: st.DataObject
) -> None:
    options = {"auto_call": auto_call, "men_per_team": men}
    game = new_game(variant, players, seed, options)
    check_invariants(game)
    clock = 0.0
    for _ in range(200):
        if game.game_over:
            break
        action = next_action(game, data, clock)
        clock += 1.0
        before = snapshot(game)
        try:
            events = game.apply(action)
        except IllegalAction:
            assert snapshot(game) == before
            continue
        check_invariants(game)
        after = snapshot(game)
        assert game.pop() == action
        assert snapshot(game) == before
        assert game.apply(action) == events
        assert snapshot(game) == after
        public = [e for e in events if not e.secret]
        assert all(e.type != "line_completed" for e in public)
        check_uncalled_lines_stay_secret(game, events)
    kinds = {e.type for e in game.events}
    shown = {"scored", "penalty", "block_requested", "awaiting_calls"}
    event(f"{variant}: " + " ".join(sorted(kinds & shown)))
    event("winner" if game.winner is not None else "draw" if game.draw else "unfinished")
    again = replay(variant, players, seed, options, game.actions)
    assert snapshot(again) == snapshot(game)
