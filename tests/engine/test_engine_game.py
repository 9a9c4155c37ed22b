"""The shared game object: options, registry, events, actions, undo, replay, errors."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable

import pytest

from engine.bitboard import scan_forward
from engine.dice import Throw
from engine.errors import IllegalAction, IllegalPlacement, SettingError, UnknownVariant
from engine.events import BlockRequested, LineCompleted, Scored
from engine.game import Action, ActionKind, Game, Options
from engine.holes import name, parse
from engine.lucky import LuckyFlix, LuckyOptions
from engine.phrase import why
from engine.qubic import Qubic
from engine.variants import VARIANTS, find_variant, new_game, register, replay
from tests.engine.engine_helpers import play, types


def state(game: Game) -> tuple[object, ...]:
    return (
        json.dumps(game.to_json(reveal_pending=True), sort_keys=True),
        list(game.events),
        list(game.actions),
        list(game.uncalled),
        dict(game.tokens),
        game.placements,
        game._rng.getstate(),
    )


def test_registry_finds_variants_by_name() -> None:
    assert find_variant("lucky") is LuckyFlix and find_variant(" QUBIC ") is Qubic
    assert {"lucky", "qubic"} <= set(VARIANTS)
    with pytest.raises(UnknownVariant, match=r"'chess'; known: flip4, lucky, .*qubic"):
        find_variant("chess")
    assert isinstance(new_game("qubic", 3), Qubic)


def test_register_needs_a_name() -> None:
    with pytest.raises(ValueError, match="Game"):
        register(Game)


def test_options_from_dict_and_errors() -> None:
    options = Options.from_dict({"auto_call": True, "call_window": 1.5, "men_per_team": 10})
    assert options.auto_call and options.call_window == 1.5 and options.men_per_team == 10
    assert options.to_dict()["panels"] == "RYGB"
    with pytest.raises(SettingError, match=r"unknown option.*colour"):
        Options.from_dict({"colour": "red"})
    bad: list[dict[str, object]] = [
        {"auto_call": "yes"},
        {"call_window": -1},
        {"call_window": True},
        {"men_per_team": 0.5},
        {"men_per_team": 65},
        {"burocrats_per_team": -1},
        {"panels": "RRGB"},
        {"suits": "SHD"},
    ]
    for values in bad:
        with pytest.raises(SettingError):
            Options.from_dict(values)
    messages: dict[str, dict[str, object]] = {
        "auto_call must be true or false: 1": {"auto_call": 1},
        "call_window must be seconds 0..3600: -1": {"call_window": -1},
        "men_per_team must be a whole number 0..64: 65": {"men_per_team": 65},
        "burocrats_per_team must be a whole number 0..64: -1": {"burocrats_per_team": -1},
        "panels must be letters such as RYGB: 5": {"panels": 5},
        "suits must be letters such as RYGB: None": {"suits": None},
        "unknown option(s) colour, size; known: auto_call, burocrats_per_team, call_window, "
        "men_per_team, panels, suits": {"size": 1, "colour": "red"},
    }
    for message, values in messages.items():
        with pytest.raises(SettingError) as error:
            Options.from_dict(values)
        assert str(error.value) == message


def test_layout_options_rename_holes() -> None:
    game = new_game("qubic", options={"panels": "BGYR"})
    game.place("B-I-S")
    assert game.piece_at(0) == (0, "man")
    assert list(game.to_json()["board"]) == ["B-I-S"]
    assert game.events[-2].to_json(game.layout)["hole"] == "B-I-S"


def test_state_json_has_the_design_keys() -> None:
    game = new_game("lucky", players=4, seed=9)
    game.roll("yellow/II/hearts")
    data = game.to_json()
    for key in (
        "variant",
        "phase",
        "to_move",
        "team_of_seat",
        "board",
        "allowed",
        "scored_lines",
        "winner",
        "draw",
        "ledger",
        "free_throws",
        "last_throw",
        "supply",
    ):
        assert key in data
    assert data["phase"] == "await_place" and data["allowed"] == ["Y-II-H"]
    assert data["last_throw"] == "yellow/II/hearts" and data["team_of_seat"] == [0, 1, 0, 1]
    assert "pending_lines" not in data
    json.dumps(data)


def test_events_are_json_able_with_hole_names() -> None:
    game = new_game("lucky", seed=1)
    play(game, "R-I-S")
    for event in game.events:
        json.dumps(event.to_json())
    roll = next(e for e in game.events if e.type == "roll").to_json()
    assert roll["holes"] == ["R-I-S"] and roll["throw"] == "red/I/spades"
    scored = Scored(seat=0, team=0, lines=[1 | 2], how="call")
    assert scored.to_json() == {
        "type": "scored",
        "seat": 0,
        "team": 0,
        "lines": [["R-I-S", "R-I-H"]],
        "how": "call",
    }


def test_actions_round_trip_through_json() -> None:
    actions = [
        Action("roll"),
        Action("roll", throw="yellow/II/hearts"),
        Action("place", hole=parse("Y-II-H"), at=2.5),
        Action("call", seat=1, at=3.0),
        Action("place", hole=5, piece="burocrat", token=50),
        Action("resign", seat=0),
    ]
    for action in actions:
        text = json.dumps(action.to_json())
        assert Action.from_json(json.loads(text)) == action
    assert Action("place", hole=parse("Y-II-H")).to_json() == {"kind": "place", "hole": "Y-II-H"}
    with pytest.raises(IllegalAction, match="unknown keys"):
        Action.from_json({"kind": "place", "square": 3})


def test_undo_restores_exactly_events_and_rng_too() -> None:
    game = new_game("lucky", seed=4)
    before = state(game)
    first = game.roll()[0].data["throw"]
    after_roll = state(game)
    game.place(game._names(game.allowed)[0], at=1.0)
    game.pop()
    assert state(game) == after_roll
    game.pop()
    assert state(game) == before
    assert game.roll()[0].data["throw"] == first  # the RNG was rewound too
    with pytest.raises(IllegalAction, match="nothing to undo"):
        new_game("qubic").pop()


def test_a_long_dice_game_keeps_a_small_history() -> None:
    """Each action keeps what undo needs, the dice's state packed and shared while no die is
    thrown: a record of thousands of moves fits a Pi's memory (it took 26 KB an action)."""
    game = new_game("lucky", seed=7)
    tracemalloc.start()
    try:
        taken = tracemalloc.get_traced_memory()[0]
        while not game.game_over:
            if game.phase == "await_roll":
                game.roll()
            else:
                game.place(game._names(game.allowed)[0])
        per_action = (tracemalloc.get_traced_memory()[0] - taken) / len(game.actions)
    finally:
        tracemalloc.stop()
    assert len(game.actions) > 40
    assert per_action < 8_000, f"{per_action:.0f} bytes an action"
    kept = [rng_state for _, _, rng_state in game._history]  # before each action
    placed = [i for i, action in enumerate(game.actions[:-1], 1) if action.kind == "place"]
    assert placed and all(kept[i] is kept[i - 1] for i in placed)  # one object, not a copy
    while game.actions:  # and undo still rewinds every throw exactly
        game.pop()
    assert game.roll()[0].data["throw"] == new_game("lucky", seed=7).roll()[0].data["throw"]


def test_undo_of_a_penalty_restores_the_men() -> None:
    game = new_game("lucky")
    for mine, theirs in zip(
        ["R-I-S", "R-I-H", "R-I-D"], ["B-IV-S", "B-IV-D", "B-III-H"], strict=True
    ):
        play(game, mine)
        play(game, theirs)
    play(game, "R-I-C", at=0.0)
    before = state(game)
    game.penalty(1, at=10.0)
    assert game.pending_count() == 0
    game.pop()
    assert state(game) == before and game.pending_count() == 1


def test_illegal_actions_change_nothing_and_name_the_problem() -> None:
    game = new_game("lucky")
    game.roll("red/I/win")
    before = state(game)
    attempts: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: game.place("B-IV-C"), IllegalPlacement, "B-IV-C"),
        (lambda: game.place(99), IllegalPlacement, "99"),
        (lambda: game.place("R-I-S", piece="burocrat"), IllegalPlacement, "Burocrat"),
        (lambda: game.place("R-I-S", piece="king"), IllegalPlacement, "king"),
        (lambda: game.place("R-I-S", token=50), IllegalPlacement, "token"),
        (lambda: game.call(7), IllegalAction, "seat 7"),
        (lambda: game.roll(), IllegalAction, "await_place"),
        (lambda: game.apply(Action.from_json({"kind": "dance"})), IllegalAction, "dance"),
    ]
    for attempt, error, text in attempts:
        with pytest.raises(error, match=text):
            attempt()
        assert state(game) == before


def test_roll_accepts_a_throw_object() -> None:
    game = new_game("lucky")
    game.roll(Throw("yellow", "II", "hearts"))
    assert game.actions[-1] == Action("roll", throw="yellow/II/hearts")


def test_resign_hands_the_game_to_the_last_team() -> None:
    game = new_game("qubic", players=3)
    game.place("R-I-S")
    assert types(game.resign(1)) == ["resign", "turn"]
    assert game.to_move == 2
    game.place("Y-I-S")
    assert game.to_move == 0
    events = game.resign(2)
    assert events[-1].data == {"winner": 0, "draw": False, "reason": "resign"}
    with pytest.raises(IllegalAction, match="over"):
        game.resign(0)


def test_replay_reproduces_the_game() -> None:
    game = new_game("lucky", players=3, seed=12, options={"call_window": 1.0})
    t = 0.0
    while not game.game_over and len(game.actions) < 200:
        t += 1.0
        if game.phase == "await_roll":
            game.roll()
        else:
            game.place(game._names(game.allowed)[-1], at=t)
            game.call(game.to_move, at=t + 0.5)
    copy = replay("lucky", 3, 12, {"call_window": 1.0}, game.actions)
    assert state(copy) == state(game)


def test_repr_shows_live_state() -> None:
    assert "phase=await_place" in repr(new_game("qubic"))


def test_a_new_game_starts_without_free_throws_and_names_its_players() -> None:
    state = new_game("qubic", players=3).to_json()
    assert state["free_throws"] == 0 and state["players"] == 3


def test_penalty_with_nothing_to_penalise_names_the_callers_team() -> None:
    game = new_game("lucky", players=4)
    events = game.penalty(1)
    assert [(e.type, e.data) for e in events] == [("penalty_nothing", {"seat": 1, "team": 1})]


def test_a_call_without_a_time_is_made_at_the_start_of_the_window() -> None:
    """``call(seat)`` defaults to time 0: inside a window of 0.5 s opened at 0."""
    game = new_game("payoff", seed=1, options={"call_window": 0.5})
    for red, blue in zip("SHD", "SHD", strict=True):
        game.place(f"R-I-{red}")
        game.place(f"Y-IV-{blue}")
    game.place("R-I-C")
    scored = [e for e in game.call(0) if e.type == "scored"]
    assert [e.data["how"] for e in scored] == ["call"]


def test_unknown_options_are_named_with_every_known_one() -> None:
    known = ", ".join(sorted(Options().to_dict()))
    with pytest.raises(SettingError) as refused:
        Options.from_dict({"colour": "red"})
    assert str(refused.value) == f"unknown option(s) colour; known: {known}"


ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
ELSEWHERE = ["B-IV-S", "B-IV-D", "B-III-H"]
ROW_MASK = sum(1 << parse(hole) for hole in ROW)


def row_completed_by_seat_0(at: float = 10.0, **options: object) -> Game:
    """A Pay-Off game (no dice) where seat 0 has just filled ``ROW``, uncalled, at ``at``."""
    game = new_game("payoff", options=options)
    for mine, theirs in zip(ROW, ELSEWHERE, strict=False):
        game.place(mine)
        game.place(theirs)
    game.place(ROW[-1], at=at)
    return game


def test_the_call_window_runs_from_the_placement_until_call_window_seconds_later() -> None:
    """RULES.md §3: "The call window runs from the placement being registered until
    `call_window` seconds later": a PENALTY at the last instant of the window does nothing, a
    FLIX then is a call in the window; just after it the line is pending."""
    game = row_completed_by_seat_0(at=10.0)
    assert types(game.penalty(1, at=13.0)) == ["penalty_nothing"]
    assert game.call(0, at=13.0)[0].data["how"] == "call"
    game = row_completed_by_seat_0(at=10.0)
    assert game.penalised_teams(13.0) == frozenset() and game.penalised_teams(13.001) == {0}
    assert game.call(0, at=13.001)[0].data["how"] == "late call"


def test_actions_without_a_time_happen_at_time_zero() -> None:
    """docs/engine-api.md: `place(hole, *, at=0.0)`, `call(seat, *, at=0.0)`,
    `penalty(seat, *, at=0.0)`: with a window of 0.5 s a placement and a call without times
    are in the window, a call at 0.75 s is late, and a PENALTY without a time is inside it."""
    game = new_game("payoff", options={"call_window": 0.5})
    for mine, theirs in zip(ROW, ELSEWHERE, strict=False):
        game.place(mine)
        game.place(theirs)
    game.place(ROW[-1])
    assert types(game.penalty(1)) == ["penalty_nothing"]
    assert game.call(0)[0].data["how"] == "call"
    game.pop()
    assert game.call(0, at=0.75)[0].data["how"] == "late call"


def test_call_and_penalty_events_name_who_acted_and_what() -> None:
    """RULES.md §3: "A FLIX call with nothing pending for that team, or a PENALTY with nothing
    pending against others, does nothing"; "Any other team may call PENALTY while it is pending:
    the Men of that line are removed and go back to supply" — each event names the seat and team
    that acted (docs/engine-api.md: `call_nothing {seat, team}`, `penalty {seat, team, against,
    line, removed}`, `penalty_nothing {seat, team}`, `scored {seat, team, lines, how}`)."""
    game = row_completed_by_seat_0(at=10.0)
    assert game.call(1, at=10.5)[0].data == {"seat": 1, "team": 1}
    assert game.penalty(0, at=20.0)[0].data == {"seat": 0, "team": 0}
    penalty = game.penalty(1, at=20.0)
    assert [event.data for event in penalty] == [
        {"seat": 1, "team": 1, "against": 0, "line": ROW_MASK, "removed": ROW_MASK}
    ]
    game = row_completed_by_seat_0(at=10.0)
    scored = game.call(0, at=11.0)[0]
    assert scored.data == {"seat": 0, "team": 0, "lines": [ROW_MASK], "how": "call"}
    assert game.events[-1].data == {"winner": 0, "draw": False, "reason": "line"}
    assert game.to_json()["free_throws"] == 0


def test_a_pending_line_that_loses_a_man_is_no_longer_pending() -> None:
    """RULES.md §3: PENALTY removes the Men of the pending line; a line completed later that
    shares one of those Men, still in its window, is broken and no longer pending
    (docs/engine-api.md: `pending_lost {team, line}`, secret)."""
    game = new_game("payoff")
    row = ["R-I-H", "R-I-D", "R-I-C", "R-I-S"]
    column = ["R-II-S", "R-III-S", "R-IV-S"]
    theirs = ["B-IV-S", "B-IV-D", "B-III-H", "G-II-C", "G-III-H", "G-IV-D"]
    for mine, other in zip(row + column[:2], theirs, strict=False):
        game.place(mine)
        game.place(other)
    game.place(column[2], at=10.0)  # completes the column through R-I-S, in its window
    assert game.pending_count() == 2
    events = game.penalty(1, at=10.5)  # only the row is out of its window
    column_mask = sum(1 << parse(h) for h in ["R-I-S", *column])
    row_mask = sum(1 << parse(h) for h in row)
    assert types(events) == ["penalty", "pending_lost"]
    assert events[0].data["line"] == row_mask and events[0].data["removed"] == row_mask
    assert events[1].secret and events[1].data == {"team": 0, "line": column_mask}
    assert game.pending_count() == 0
    assert types(game.call(0, at=11.0)) == ["call_nothing"]


def test_seats_are_the_whole_numbers_below_the_player_count() -> None:
    """RULES.md §2: "2 or 3 players play individually. 4 players = 2 teams": the seats of a
    2-player game are 0 and 1; seat 2, or ``True``, is no seat."""
    game = row_completed_by_seat_0()
    for seat in (2, -1, True, None, "0"):
        with pytest.raises(IllegalAction) as error:
            game.call(seat)  # type: ignore[arg-type]  # the refusal of a non-seat is the test
        assert str(error.value) == f"no seat {seat!r}: seats are 0..1 (players 1..2)"


def test_refusals_name_the_variant_and_the_team() -> None:
    """docs/engine-api.md: an illegal action raises an error whose message names the problem."""
    qubic = new_game("qubic")
    with pytest.raises(IllegalAction, match=r"^qubic has no calls$"):
        qubic.penalty(1)
    with pytest.raises(IllegalAction, match=r"^qubic has no calls$"):
        qubic.call(1)
    with pytest.raises(IllegalAction, match=r"^lucky has no block requests$"):
        new_game("lucky", players=3).request_block(1)
    game = new_game("qubic", players=6)
    assert game.resign(1)[0].data == {"seat": 1, "team": 1}
    with pytest.raises(IllegalAction, match=r"^team 1 has already resigned$"):
        game.resign(4)
    with pytest.raises(IllegalAction, match=r"^nothing to undo$"):
        new_game("qubic").pop()
    with pytest.raises(IllegalAction, match=r"^unknown action 'dance' in qubic$"):
        qubic.apply(Action.from_json({"kind": "dance"}))
    others: tuple[ActionKind, ...] = ("withdraw", "substitute", "enter_token", "open_token")
    for kind in others:  # other games' actions
        with pytest.raises(IllegalAction, match=rf"^unknown action '{kind}' in qubic$"):
            qubic.apply(Action(kind, seat=0))


def test_a_refusal_after_a_throw_rewinds_the_dice_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/engine-api.md: "illegal -> an `IllegalAction` ... and the state is unchanged" holds
    for a registered variant whose rule refuses a roll after the dice were thrown: the dice's
    generator is rewound too, so the next roll throws what the refused one did."""
    import engine.variants

    class Stumble(LuckyFlix):
        variant = "stumble"

        def _act_roll(self, action: Action) -> None:
            super()._act_roll(action)
            raise IllegalAction(why("{variant} refuses every throw", variant=self.variant))

    monkeypatch.setattr(engine.variants, "VARIANTS", dict(VARIANTS))
    register(Stumble)
    game = new_game("stumble", seed=4)
    before = state(game)
    with pytest.raises(IllegalAction, match=r"^stumble refuses every throw$"):
        game.roll()
    assert state(game) == before  # the generator's state among the rest


def test_hole_names_in_events_and_actions_follow_the_layout_setting() -> None:
    """RULES.md §1: the groove order is a setting (`panels`) and the canonical hole name is
    `<panel letter>-<Roman floor>-<suit letter>`: with panels BGYR hole 0 is B-I-S in every
    set and line an event names, and G-I-S written in an action reads back as hole 16."""
    layout = new_game("qubic", options={"panels": "BGYR"}).layout
    requested = BlockRequested(seat=2, mover=0, against=1, line=1 | 2, hole=0)
    assert requested.to_json(layout) == {
        "type": "block_requested",
        "seat": 2,
        "mover": 0,
        "against": 1,
        "line": ["B-I-S", "B-I-H"],
        "hole": "B-I-S",
    }
    completed = LineCompleted(seat=0, team=0, lines=[1 | 1 << 16]).to_json(layout)
    assert completed["lines"] == [["B-I-S", "G-I-S"]] and completed["secret"] is True
    assert Action.from_json({"kind": "place", "hole": "G-I-S"}, layout).hole == 16
    assert Action.from_json({"kind": "place", "hole": "G-I-S"}).hole == 32


def test_the_state_names_players_scored_lines_and_an_empty_ledger() -> None:
    """docs/DESIGN.md §4 state keys: `players`, `scored_lines` as [team, hole names], `ledger`
    (all zero outside Pay-Off), `last_throw` null before any throw."""
    game = new_game("qubic", players=3)
    data = game.to_json()
    assert data["players"] == 3 and data["ledger"] == [0, 0, 0]
    assert data["last_throw"] is None and data["scored_lines"] == []
    row = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
    for hole in row[:3]:
        game.place(hole)
        game.place("B-IV-" + hole[-1])
        game.place("G-IV-" + hole[-1])
    game.place(row[3])
    assert game.to_json()["scored_lines"] == [[0, row]]
    assert game.events[-1].data == {"winner": 0, "draw": False, "reason": "line"}
    assert repr(game) == "<Qubic players=3 seed=0 phase=game_over to_move=0 placements=10>"


def test_a_placement_names_one_of_the_64_holes() -> None:
    """RULES.md §1: "A hole = (panel p, floor f, section s), each 0..3. Index `16*p + 4*f + s`":
    64 holes, 0..63; 64, -1 or ``True`` is no hole; an occupied hole is named in the layout."""
    game = new_game("qubic", options={"panels": "BGYR"})
    for hole in (64, 65, -1, True):
        with pytest.raises(IllegalPlacement) as error:
            game.place(hole)
        assert str(error.value) == f"not a hole: {hole!r}"
    game.place(63)
    with pytest.raises(IllegalPlacement, match=r"^R-IV-C is occupied$"):
        game.place(63)


def test_a_completed_line_names_its_placer_team_and_lines() -> None:
    """RULES.md §3: "When a placement completes one or more Flix-lines of the placer's team, the
    team must call" (docs/engine-api.md: `line_completed {seat, team, lines}`, secret); with
    `auto_call` "completed lines score at once" (`scored` names the placer, `how` = `auto`)."""
    game = new_game("payoff", players=4)
    for mine, theirs in zip(ROW, ELSEWHERE, strict=False):
        game.place(mine)
        game.place(theirs)
    events = game.place(ROW[-1])
    completed = next(event for event in events if event.type == "line_completed")
    assert completed.secret and completed.data == {"seat": 2, "team": 0, "lines": [ROW_MASK]}
    game = new_game("payoff", players=4, options={"auto_call": True})
    for mine, theirs in zip(ROW, ELSEWHERE, strict=False):
        game.place(mine)
        game.place(theirs)
    scored = next(event for event in game.place(ROW[-1]) if event.type == "scored")
    assert scored.data == {"seat": 2, "team": 0, "lines": [ROW_MASK], "how": "auto"}


def test_a_placement_outside_the_throw_names_the_allowed_holes() -> None:
    """RULES.md §4: "The allowed holes are the product: 1, 4, 16 or 64 holes"; a placement
    elsewhere is refused naming them, and the placement event names seat, team, hole and piece."""
    game = new_game("lucky", players=4)
    game.roll("win/II/hearts")
    with pytest.raises(IllegalPlacement) as error:
        game.place("R-I-S")
    assert str(error.value) == (
        "player 1 may not place at R-I-S now; allowed: R-II-H Y-II-H G-II-H B-II-H"
    )
    place = game.place("G-II-H")[0]
    assert place.data == {"seat": 0, "team": 0, "hole": parse("G-II-H"), "piece": "man"}


def test_a_seat_without_men_loses_its_turn_saying_why() -> None:
    """RULES.md §2: "A player whose team has no Man left in supply loses each turn; when nobody
    can place (no supply ...) the game is a **draw**"."""
    game = new_game("qubic", players=3, options={"men_per_team": 1})
    game.place("R-I-S")
    game.place("R-I-H")
    events = game.place("R-I-D")
    assert [event.data for event in events if event.type == "turn_lost"] == [
        {"seat": 0, "reason": "no Men in supply"},
        {"seat": 1, "reason": "no Men in supply"},
        {"seat": 2, "reason": "no Men in supply"},
    ]
    assert events[-1].data == {"winner": None, "draw": True, "reason": "nobody can place"}


def test_a_game_takes_its_options_as_settings_or_as_options() -> None:
    """docs/engine-api.md: `Game(players=2, seed=0, options=None)` (options: `Options` or a
    mapping); RULES.md §1: groove and strip orders are settings (`panels`, `suits`)."""
    options = Options(call_window=1.0, suits="CDHS")
    game = new_game("qubic", options=options)
    assert game.options is options and game.layout.suits == "CDHS"
    assert name(0, game.layout) == "R-I-C"
    lucky = new_game("lucky", options=options)
    assert isinstance(lucky.options, LuckyOptions)
    assert lucky.options.call_window == 1.0 and lucky.options.suits == "CDHS"
    assert Qubic().seed == 0 and Qubic().players == 2


def test_the_first_event_names_the_variant_and_the_players_but_never_the_seed() -> None:
    """docs/engine-api.md: `game_started {variant, players}` (first event; never the seed, which
    predicts the deal and the dice)."""
    for variant in ("lucky", "payoff", "tactflix", "qubic"):
        first = new_game(variant, players=3, seed=123).events[0]
        assert first.to_json() == {"type": "game_started", "variant": variant, "players": 3}


def test_bad_player_counts_and_seeds_are_named() -> None:
    """RULES.md §2: "2 or 3 players play individually. 4 players = 2 teams, 6 players = 3
    teams"; a seed is a whole number below 2**63."""
    for players in (2.0, True, 5, 1):
        with pytest.raises(SettingError) as error:
            new_game("qubic", players)  # type: ignore[arg-type]  # the refusal is the test
        assert str(error.value) == (
            f"players must be 2, 3, 4 (2 teams) or 6 (3 teams), not {players!r}"
        )
    with pytest.raises(SettingError) as error:
        new_game("olix", 3)  # a game of one player count names just that one
    assert str(error.value) == "players must be 2, not 3"
    with pytest.raises(SettingError) as error:
        new_game("qubic", 2, -1)
    assert str(error.value) == f"seed must be a whole number 0..{2**63 - 1}: -1"


def test_a_game_where_nobody_has_a_man_is_a_draw_at_once() -> None:
    """RULES.md §2: "when nobody can place (no supply ...) the game is a **draw**"; a game not
    over is no draw, and only Tac-T-Flix has Burocrats to place."""
    game = new_game("qubic", options={"men_per_team": 0})
    assert game.draw is True and game.game_over and game.to_move == 0
    assert game.events[-1].data == {"winner": None, "draw": True, "reason": "nobody can place"}
    playing = new_game("lucky")
    assert playing.draw is False and playing.to_json()["draw"] is False
    assert playing.burocrat_supply == [0, 0]


def test_variants_are_found_by_name_in_any_case_and_nothing_else() -> None:
    """RULES.md names four games: Lucky Flix, Pay-Off Flix, Tac-T-Flix and Parker Brothers'
    3-D Tic Tac Toe (Qubic); a game is started by its name with its players, seed and options,
    and anything that is not a name is a clear error listing the known ones."""
    for text in ("lucky", " Payoff\n", "TACTFLIX", "qubic"):
        assert find_variant(text).variant == text.strip().lower()
    for bad in (["lucky"], None, 3, "lucky flix"):
        with pytest.raises(UnknownVariant) as error:
            find_variant(bad)  # type: ignore[arg-type]  # the refusal of a non-name is the test
        assert str(error.value).startswith(f"no variant {bad!r}; known: ")
        assert "lucky, " in str(error.value) and "payoff, " in str(error.value)
    game = new_game("payoff", 3, 7, {"call_window": 2.0})
    assert (game.variant, game.players, game.seed, game.options.call_window) == (
        "payoff",
        3,
        7,
        2.0,
    )
    with pytest.raises(ValueError) as value_error:
        register(Game)
    assert str(value_error.value) == "Game has no variant name"


def test_a_registered_variant_is_found_and_replayed_with_its_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """engine/variants.py: "The variant registry: find a game class by name, start or replay a
    game" — replaying the recorded actions with the recorded options gives the same game."""
    import engine.variants

    class Sprint(Qubic):
        variant = "sprint"

    monkeypatch.setattr(engine.variants, "VARIANTS", dict(VARIANTS))
    assert register(Sprint) is Sprint and find_variant("Sprint") is Sprint
    game = new_game("sprint", options={"call_window": 1.5, "men_per_team": 5})
    game.place("R-I-S")
    again = replay("sprint", 2, 0, {"call_window": 1.5, "men_per_team": 5}, game.actions)
    assert isinstance(again, Sprint) and again.options == game.options
    assert again.supply == [4, 5]


@pytest.mark.parametrize(
    ("variant", "throw"),
    [("lucky", "yellow/II/hearts"), ("flip4", "3/5"), ("qubic", None), ("olix", None)],
)
def test_thrown_gives_the_faces_a_roll_replays(variant: str, throw: str | None) -> None:
    """``thrown()``: the last throw as a roll's ``throw`` text (remote play logs it so), and a
    game replayed from it throws the same."""
    game = new_game(variant, seed=3)
    assert game.thrown() is None
    if throw is None:
        return
    game.roll(throw)
    assert game.thrown() == throw
    drawn = new_game(variant, seed=11)
    drawn.roll()
    again = new_game(variant, seed=99)
    again.roll(drawn.thrown())
    assert again.thrown() == drawn.thrown()
    assert again.to_json()["allowed"] == drawn.to_json()["allowed"]


def test_completing_is_where_one_more_piece_makes_four_in_a_line() -> None:
    """The threats everyone sees: Qubic's and Flip 4's lines of four; Olix has none."""
    game = new_game("qubic")
    for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D"):
        game.place(hole)
    assert game.completing(0) == 1 << parse("R-I-C")
    assert game.completing(1) == 1 << parse("Y-I-C")
    game.place("R-I-C")  # Red's line is complete: a full line is no threat
    assert game.completing(0) == 0
    flip4 = new_game("flip4", options={"position": "b2 c2 d2 b4 / a2 e4 b3 c4"})
    assert [flip4.naming.name(cell) for cell in scan_forward(flip4.completing(0))] == ["e2"]
    olix = new_game("olix")
    for cell in ("a1", "k1", "b1", "k3", "c1"):
        olix.place(cell)
    assert olix.completing(0) == olix.completing(1) == 0
