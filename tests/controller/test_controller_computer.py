"""Computer seats on the simulated board in simulated time, with the real search process.

The computer's answers come from a real worker process, in real time; the board runs in
simulated time. ``run.think()`` waits for the answer under way, so every test is deterministic:
what the computer plays depends only on the seeds, never on how fast the machine is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.computer.player import BLINK_S, HINT_S
from controller.computer.think_worker import Answer
from controller.computer.thinker import ProcessThinker
from controller.config import Config
from controller.core.combination import TOGETHER_S
from controller.core.session import game_entry
from controller.errors import NotNow
from controller.records.journal import Journal
from controller.seats import Seat
from controller.tools.sim_run import SimRun
from engine.holes import name, parse
from engine.players.qubic_threats import completing, three_makers
from tests.sim_hands import put, take

QUBIC = Config.of(variant="qubic")


def start(
    config: Config, seats: list[dict[str, Any]], *, hints: bool = True, **options: Any
) -> SimRun:
    entry = game_entry(config, config.game.variant, 2, 7, options or None, seats, hints)
    return SimRun(config, first_game=entry)


@pytest.fixture
def runs() -> Iterator[Callable[..., SimRun]]:
    """``runs(config, seats, ...)``: a SimRun whose search process is ended after the test."""
    started: list[SimRun] = []

    def make(config: Config, seats: list[dict[str, Any]], **kwargs: Any) -> SimRun:
        run = start(config, seats, **kwargs)
        started.append(run)
        return run

    yield make
    for run in started:
        run.close()


def places(run: SimRun) -> list[tuple[int, str]]:
    """``(seat, hole)`` of every placement made, in order."""
    layout = run.controller.game.layout
    return [
        (e.data["seat"], name(e.data["hole"], layout))
        for e in run.controller.game.events
        if e.type == "place"
    ]


def events(run: SimRun, kind: str) -> list[dict[str, Any]]:
    return [e for e in run.controller.session.events if e["type"] == kind]


COMPUTER_2 = [{"kind": "human"}, {"kind": "computer", "level": 1}]


def test_the_computer_answers_a_placement_with_its_own_made_by_the_hands(
    runs: Callable[..., SimRun],
) -> None:
    run = runs(QUBIC, COMPUTER_2)
    put(run, "R-I-S")
    run.think()
    made = places(run)
    assert made[0] == (0, "R-I-S") and made[1][0] == 1 and len(made) == 2
    hole = parse(made[1][1])
    assert run.board.piece_at(hole).name == "MAN"  # the hands put it, the board committed it
    assert run.controller.mismatch.clean and run.controller.game.to_move == 0
    said = events(run, "computer")
    assert said[-1]["words"] == f"Blue plays {made[1][1]}"


class LateAnswers(ProcessThinker):
    """The real search process, its answers handed over only once ``late`` is cleared: the
    answer of a question arrives after the test has changed the game."""

    late = True

    def take(self) -> list[Answer]:
        return [] if self.late else super().take()


def test_a_take_back_while_the_computer_thinks_cancels_its_move(
    runs: Callable[..., SimRun],
) -> None:
    run = runs(QUBIC, COMPUTER_2)
    run.computer.close()  # the next question starts the process anew, with late answers
    run.computer.make_thinker = LateAnswers
    put(run, "R-I-S")
    computer = run.computer
    asked = computer.generation
    assert computer.thinking and run.controller.state()["seats"][1]["thinking"] is True
    run.controller.undo(run.clock.now())
    run.follow(run.clock.now())
    take(run, "R-I-S")
    assert computer.thinker is not None
    assert computer.thinker.wait(asked, 60)  # the cancelled search answered all the same
    assert isinstance(computer.thinker, LateAnswers)
    computer.thinker.late = False
    run.step()
    run.think()  # the question asked after the take-back: seat 0, a person, is to move
    assert places(run) == [] and run.controller.game.to_move == 0
    assert not run.controller.sensed.occupied() and computer.dropped >= 1
    assert run.controller.state()["computer_move"] is None


def test_the_hands_make_the_computers_move_again_once_a_lifted_one_is_put_back(
    runs: Callable[..., SimRun],
) -> None:
    """A person lifts their own Man (a double tap on the simulated board) just as the hands
    put the computer's Man in: the board asks for the computer's Man out and theirs back, and
    once it is so, the hands make the computer's move again instead of leaving the game to
    wait for a move nobody makes."""
    run = runs(QUBIC, COMPUTER_2)
    run.computer.close()  # the next question starts the process anew, with late answers
    run.computer.make_thinker = LateAnswers
    put(run, "R-I-S")
    computer = run.computer
    assert computer.thinking and computer.thinker is not None
    assert computer.thinker.wait(computer.generation, 60)
    assert isinstance(computer.thinker, LateAnswers)
    computer.thinker.late = False
    run.step()  # the hands put the computer's Man in
    chosen = [h for h in range(64) if run.board.piece_at(h).name == "MAN" and name(h) != "R-I-S"]
    assert len(chosen) == 1
    take(run, "R-I-S")  # in the same moment, the person's second tap lifts their own Man
    assert run.controller.state()["phase"] == "await_fix"
    take(run, name(chosen[0]))
    put(run, "R-I-S")
    run.think()
    made = places(run)
    assert [seat for seat, _ in made] == [0, 1], made
    assert run.controller.mismatch.clean and run.controller.game.to_move == 0


def test_a_seat_switches_to_the_computer_and_back_mid_game(runs: Callable[..., SimRun]) -> None:
    run = runs(QUBIC, [])
    put(run, "R-I-S")
    assert run.controller.state()["seats"] == [
        {"kind": "human", "level": None, "name": None, "thinking": False},
        {"kind": "human", "level": None, "name": None, "thinking": False},
    ]
    run.computer.switch(1, Seat.computer(2), run.clock.now())  # its turn: it takes over at once
    run.think()
    assert [seat for seat, _ in places(run)] == [0, 1]
    run.computer.switch(0, Seat.computer(1), run.clock.now())  # the mover's seat too
    run.think()
    assert [seat for seat, _ in places(run)] == [0, 1, 0]
    run.computer.switch(1, Seat(), run.clock.now())  # hands back: a person plays seat 1 again
    run.step()
    assert len(places(run)) == 3 and not run.computer.thinking
    free = next(h for h in ("Y-II-H", "G-III-D", "B-IV-C") if h not in dict(places(run)).values())
    put(run, free)
    assert places(run)[3] == (1, free)
    assert [e["kind"] for e in events(run, "seat")] == ["computer", "computer", "human"]


def test_a_resumed_game_keeps_its_computer_seats(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    board = tmp_path / "board.json"
    entry = game_entry(QUBIC, "qubic", 2, 3, None, COMPUTER_2, None)
    run = SimRun(QUBIC, journal=journal, first_game=entry, board_state=board)
    run.computer.switch(0, Seat.computer(4), run.clock.now())
    run.computer.switch(1, Seat(), run.clock.now())
    run.close()
    journal.close()
    again = SimRun(QUBIC, journal=Journal(tmp_path), board_state=board)
    try:
        assert again.controller.session.seats == (Seat.computer(4), Seat())
        assert again.controller.state()["seats"][0] == {
            "kind": "computer",
            "level": 4,
            "name": None,
            "thinking": True,
        }
    finally:
        again.close()


PHYSICAL = QUBIC.but(sim_autoplace=False)


def test_on_a_physical_board_the_chosen_hole_blinks_and_waits_for_a_person(
    runs: Callable[..., SimRun],
) -> None:
    run = runs(PHYSICAL, [{"kind": "computer", "level": 1}])
    run.think()
    state = run.controller.state()
    move = state["computer_move"]
    assert move is not None and move["seat"] == 0 and move["action"] == "place"
    assert state["message"] == f"Red (Computer, level 1) plays {move['hole']}: put its Man there."
    hole = parse(move["hole"])
    red = QUBIC.leds.team_colours[0]
    start_at = run.clock.now()
    run.advance(4 * BLINK_S)
    frames = run.board.frames_during(start_at, run.clock.now())
    colours = {frame.color(hole) for frame in frames}
    assert red in colours and len(colours) > 1  # blinking in Red's colour
    wrong = "B-IV-C" if move["hole"] != "B-IV-C" else "B-IV-D"
    put(run, wrong)
    refused = events(run, "placement_refused")[-1]
    assert refused["hole"] == wrong and move["hole"] in refused["reason"]
    assert places(run) == [] and run.controller.mismatch.extra == 1 << parse(wrong)
    take(run, wrong)
    put(run, move["hole"])
    assert places(run) == [(0, move["hole"])]
    assert run.controller.state()["computer_move"] is None


def hint(run: SimRun) -> tuple[Answer | None, str]:
    """Ask for a hint and wait for it."""
    got: list[tuple[Answer | None, str]] = []
    run.computer.ask_hint(run.clock.now(), lambda answer, why: got.append((answer, why)))
    assert run.computer.thinker is not None
    assert run.computer.thinker.wait(run.computer.generation, 60)
    run.step()
    assert len(got) == 1
    return got[0]


def test_a_hint_names_a_move_and_its_hole_blinks(runs: Callable[..., SimRun]) -> None:
    run = runs(QUBIC, [])
    for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"):
        put(run, hole)
    answer, _ = hint(run)  # Blue to move must block Red's line at R-I-C
    assert answer is not None and answer.seat == 1
    assert answer.action is not None
    assert answer.action.to_json(run.controller.game.naming) == {"kind": "place", "hole": "R-I-C"}
    assert answer.reason
    shown = events(run, "hint")[-1]
    assert shown["hole"] == "R-I-C" and shown["reason"] == answer.reason
    start_at = run.clock.now()
    run.advance(1.0)
    frames = run.board.frames_during(start_at, run.clock.now())
    blue = QUBIC.leds.team_colours[1]
    assert {frame.color(parse("R-I-C")) for frame in frames} == {(255, 255, 255), blue}
    run.advance(HINT_S)
    assert run.computer.hint is None
    assert run.controller.state()["threats"] == [{"team": 0, "holes": ["R-I-C"]}]


def test_no_hint_when_hints_are_off_the_game_is_over_or_the_board_is_wrong(
    runs: Callable[..., SimRun],
) -> None:
    off = runs(QUBIC, [], hints=False)
    for hole in ("R-I-S", "Y-I-S", "R-I-H"):
        put(off, hole)
    state = off.controller.state()
    assert state["hints"] is False and state["threats"] == []
    with pytest.raises(NotNow, match="hints are off"):
        off.computer.ask_hint(off.clock.now(), lambda answer, why: None)
    assert not off.computer.under()
    run = runs(QUBIC, [])
    put(run, "R-I-S")
    run.board.place(parse("Y-I-S"))  # a Man where the board waits: seen, settled, committed
    run.board.place(parse("Y-I-H"))  # and a second one at once: the board disagrees
    run.settle()
    with pytest.raises(NotNow, match="fix the board"):
        run.computer.ask_hint(run.clock.now(), lambda answer, why: None)
    for hole in ("Y-I-S", "Y-I-H"):
        take(run, hole)
    for hole in ("Y-I-S", "R-I-H", "Y-I-H", "R-I-D", "Y-I-D", "R-I-C"):
        put(run, hole)
    assert run.controller.game.game_over
    with pytest.raises(NotNow, match="over"):
        run.computer.ask_hint(run.clock.now(), lambda answer, why: None)


def test_the_computer_seat_gets_no_hint(runs: Callable[..., SimRun]) -> None:
    run = runs(PHYSICAL, [{"kind": "computer", "level": 1}])
    with pytest.raises(NotNow, match="computer"):
        run.computer.ask_hint(run.clock.now(), lambda answer, why: None)


LUCKY = Config.of(variant="lucky")


def roll_place(run: SimRun, hole: str) -> None:
    run.controller.set_next_faces(
        {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}[hole[0]]
        + "/"
        + hole.split("-")[1]
        + "/"
        + {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[hole[-1]]
    )
    run.controller.roll(None, run.clock.now())
    run.follow(run.clock.now())
    put(run, hole)


def test_threats_and_hints_never_name_an_uncalled_line_of_another_team(
    runs: Callable[..., SimRun],
) -> None:
    run = runs(LUCKY, [])
    red_line = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
    blue = ["B-IV-S", "B-IV-H", "B-IV-D", "G-II-S"]
    for red, other in zip(red_line, blue, strict=True):
        roll_place(run, red)
        if red != red_line[-1]:
            roll_place(run, other)
    game = run.controller.game
    assert game.uncalled and game.to_move == 1  # Red's line is complete and nobody has called
    state = run.controller.state()
    named = {hole for threat in state["threats"] for hole in threat["holes"]}
    assert state["threats"] == [{"team": 1, "holes": ["B-IV-C"]}]
    saved, game.uncalled = game.uncalled, []
    assert run.controller.state()["threats"] == state["threats"]  # the same without the secret
    game.uncalled = saved
    answer, _ = hint(run)
    assert answer is not None and answer.action is not None
    said = f"{answer.action.to_json(game.naming)} {answer.reason}"
    assert not any(hole in said for hole in red_line), said
    assert not named & set(red_line)


def test_a_long_press_of_menu_shows_a_hint_a_short_one_takes_back(
    runs: Callable[..., SimRun],
) -> None:
    run = runs(QUBIC, [])
    for hole in ("R-I-S", "Y-I-S", "R-I-H", "Y-I-H", "R-I-D"):
        put(run, hole)
    run.board.press("menu", long=True)
    run.step()
    assert run.computer.thinker is not None
    assert run.computer.thinker.wait(run.computer.generation, 60)
    run.step()
    assert events(run, "hint")[-1]["hole"] == "R-I-C"
    assert len(places(run)) == 5
    run.board.press("menu")
    run.advance(TOGETHER_S)  # no ROLL followed: it takes back
    assert len(places(run)) == 4


TACTFLIX = Config.of(variant="tactflix")


def test_the_hands_wait_out_the_call_window_so_a_person_can_call_flix(
    runs: Callable[..., SimRun],
) -> None:
    """The hands place the computer's Man only once the window of the person's placement has
    closed (every placement opens one, a line or not), so the person's FLIX in it scores."""
    run = runs(TACTFLIX, COMPUTER_2)
    window = run.controller.game.options.call_window
    game = run.controller.game
    for _ in range(40):  # the person completes a line of theirs, else makes a three, else plays
        if game.to_move != 0:  # the computer's free play, after its own line
            run.advance(window)
            run.think()
            continue
        red = game.men[0] | game.burocrats[0]
        blue = game.occupied & ~red
        choice = completing(red, blue) or three_makers(red, blue) & game.allowed or game.allowed
        hole = name((choice & -choice).bit_length() - 1)
        put(run, hole)
        run.think()
        if game.uncalled:
            break
        assert places(run)[-1] == (0, hole)  # the computer's Man waits
        run.advance(window)
        run.think()
        assert places(run)[-1][0] == 1  # and goes in once the window closed
    assert game.uncalled and places(run)[-1] == (0, hole)  # Red's line, Blue's Man waiting
    run.controller.call(0, run.clock.now())
    assert [team for team, _ in game.scored_lines].count(0) == 1  # it scored: no PENALTY
    assert not events(run, "penalty")
