"""Pay-Off keeps its secrets: nothing public (the public state, non-secret events, refusal
texts) and nothing another team sees changes when only hidden facts change.

Hidden facts are the deal (from the seed), which token value a team puts on a Man and the
seed itself. Two games get the same public moves (the same holes, a token or none, the same
calls at the same times) but different hidden facts; their views are compared after every
move until a line is paid (paying reveals the values of the paid line, by the rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import FlixError
from engine.game import Action, ActionKind, Game
from engine.lines import completed_lines
from engine.payoff import PayOffFlix
from engine.variants import new_game


@dataclass(frozen=True)
class Move:
    """One public move: ``kind`` place/call/penalty; which hole or seat (as an index into the
    choices), whether a token rides on the Man, and which of the hand (hidden: per game)."""

    kind: str
    pick: int
    token: str
    token_pick: int


MOVES = st.builds(
    Move,
    kind=st.sampled_from(["place"] * 6 + ["complete"] * 2 + ["call", "penalty"]),
    pick=st.integers(0, 63),
    token=st.sampled_from(["none", "hand", "hand", "not held"]),
    token_pick=st.integers(0, 11),
)
"""``complete`` places where the mover completes a line if there is such a hole (a choice
made from the public board), else like ``place``; ``not held`` tries a token value the team
does not hold."""


def public_view(game: Game, start: int) -> dict[str, Any]:
    """What anyone may see: the public state and the non-secret events from ``start`` on."""
    return {
        "state": game.to_json(),
        "events": [event.to_json(game.layout) for event in game.events[start:] if not event.secret],
    }


def team_view(game: Game, team: int, start: int) -> dict[str, Any]:
    """What ``team`` may see: its own state (its own hand and values) and the public events."""
    return {"state": game.to_json(view_team=team), "events": public_view(game, start)["events"]}


def act(game: PayOffFlix, move: Move, token_pick: int, step: int) -> str:
    """Carry out ``move`` (the token chosen by ``token_pick`` from the mover's hand); the
    refusal text, or ``""``. A refused token placement is made again without the token."""
    if move.kind in ("call", "penalty"):
        kind: ActionKind = "call" if move.kind == "call" else "penalty"
        return _try(game, Action(kind, seat=move.pick % game.players, at=float(step)))
    holes = [hole for hole in range(64) if game.allowed >> hole & 1]
    team = game.team_of_seat[game.to_move]
    completing = [h for h in holes if completed_lines(game.men[team] | 1 << h, h)]
    hole = (
        (completing or holes)[move.pick % len(completing or holes)]
        if move.kind == "complete"
        else holes[move.pick % len(holes)]
    )
    hand = game.hands[team]
    not_held = sorted(set(range(1, 200)) - set(hand))
    token = {
        "none": None,
        "hand": hand[token_pick % len(hand)] if hand else None,
        "not held": not_held[token_pick % len(not_held)],
    }[move.token]
    refusal = _try(game, Action("place", hole=hole, token=token, at=float(step)))
    if refusal and token is not None:
        _try(game, Action("place", hole=hole, at=float(step)))
    return refusal


def _try(game: Game, action: Action) -> str:
    try:
        game.apply(action)
    except FlixError as error:
        return str(error)
    return ""


def play_pair(
    first: PayOffFlix, second: PayOffFlix, moves: list[Move], hidden_team: int | None
) -> list[tuple[dict[str, Any], dict[str, Any], int | None]]:
    """Play ``moves`` on both games; ``second`` picks other tokens (only ``hidden_team``'s,
    or every team's when ``None``). The pairs of views to compare, with the team viewing."""
    pairs: list[tuple[dict[str, Any], dict[str, Any], int | None]] = [
        (public_view(first, 0), public_view(second, 0), None)
    ]
    for step, move in enumerate(moves):
        if first.game_over or (first.phase != "await_place" and move.kind in ("place", "complete")):
            break
        start = len(first.events)
        mover_team = first.team_of_seat[first.to_move]
        other_pick = move.token_pick
        if hidden_team is None or mover_team == hidden_team:
            other_pick += 1 + step
        refusals = (act(first, move, move.token_pick, step), act(second, move, other_pick, step))
        if first.game_value is not None:
            break  # the paid line's values are public now, by the rules
        pairs.append(({"refusal": refusals[0]}, {"refusal": refusals[1]}, None))
        pairs.append((public_view(first, start), public_view(second, start), None))
        for team in range(first.teams):
            if team != hidden_team and hidden_team is not None:
                pairs.append((team_view(first, team, start), team_view(second, team, start), team))
    return pairs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seeds=st.tuples(st.integers(0, 2**32), st.integers(0, 2**32)),
    moves=st.lists(MOVES, min_size=1, max_size=60),
)
def test_public_views_do_not_depend_on_the_deal(
    players: int, seeds: tuple[int, int], moves: list[Move]
) -> None:
    first = new_game("payoff", players, seeds[0])
    second = new_game("payoff", players, seeds[1])
    assert isinstance(first, PayOffFlix) and isinstance(second, PayOffFlix)
    assert first.to_json() == second.to_json()
    for mine, theirs, _ in play_pair(first, second, moves, hidden_team=None):
        assert mine == theirs


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 2**32),
    hidden=st.integers(0, 2),
    moves=st.lists(MOVES, min_size=1, max_size=60),
)
def test_other_teams_do_not_see_a_teams_token_values(
    players: int, seed: int, hidden: int, moves: list[Move]
) -> None:
    first = new_game("payoff", players, seed)
    second = new_game("payoff", players, seed)
    assert isinstance(first, PayOffFlix) and isinstance(second, PayOffFlix)
    hidden_team = hidden % first.teams
    for mine, theirs, team in play_pair(first, second, moves, hidden_team):
        assert mine == theirs, f"team {team} sees a difference"


def test_the_pair_really_differs_in_hidden_facts() -> None:
    """The comparison is not empty: the two games' hidden token values do differ."""
    first, second = new_game("payoff", 2, 1), new_game("payoff", 2, 2)
    assert isinstance(first, PayOffFlix) and isinstance(second, PayOffFlix)
    assert first.dealt != second.dealt
    move = Move("place", 0, "hand", 0)
    play_pair(first, second, [move, move], hidden_team=None)
    assert first.tokens and second.tokens and first.tokens != second.tokens
    assert first.to_json(view_team=0) != second.to_json(view_team=0)
