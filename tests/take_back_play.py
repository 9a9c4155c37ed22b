"""A person against the computer on the simulated board, through the HTTP API: the person's moves
made by hand (``/api/sim/...``), the computer's by the board's own hands, each waited for; and the
take-back's guidance followed hole by hole (docs/computer-players.md, "Undo against the
computer")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from controller.config import Config
from controller.tools.sim_run import board_for
from engine.flip4 import CORNERS, GRID
from engine.holes import Naming
from tests.api_harness import Harness
from tests.flat_hands import Hand, landing_hands, step_hands

HAND_S = 0.4
"""A hand's pause between two moves (longer than settling)."""
BLINK_WINDOW_S = 1.0
"""Four half periods of the fix blink: a blinking hole is seen lit and dark."""
GAME_KEYS = ("board", "to_move", "phase", "allowed", "throw", "placements", "free_throws")
"""The state's keys that say where the game stands."""
PERSON = 0
"""The person's seat; seat 1 is the computer's."""

VARIANT_SEEDS = {"lucky": 3, "qubic": 7, "payoff": 7, "tactflix": 7, "flip4": 7, "olix": 7}
"""Each game with computer seats, and a seed under which the computer answers each of the
person's first moves with a move of its own."""


def service_for(variant: str) -> Harness:
    """A harness on the board ``variant`` is played on, the computer quick."""
    config = Config.of(variant=variant, computer_movetime_ms=50)
    return Harness(config=config, geometry=board_for(variant))


def game_part(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state.get(key) for key in GAME_KEYS}


async def new_game(api: Harness, variant: str) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "computer", "level": 1}]
    body = {"variant": variant, "players": 2, "seed": VARIANT_SEEDS[variant], "seats": seats}
    response = await api.post("/api/new_game", body)
    assert response.status_code == 200, response.text
    await settle_computer(api)
    return await api.state()


async def settle_computer(api: Harness) -> None:
    """Let the computer carry out every answer it is asked for (each one waited for in real
    time, the board in simulated time), until it has nothing under way."""
    computer = api.service.computer
    idle = 0
    while idle < 2:  # an answer carried out by the hands settles in the next round
        api.advance(HAND_S)
        idle = 0 if computer.wait(60) else idle + 1
        if computer.holding():  # a Man waiting out the call window
            api.advance(HAND_S)
            idle = 0


async def hands(api: Harness, moves: list[Hand]) -> None:
    for doing, cell in moves:
        response = await api.post(f"/api/sim/{doing}", {"hole": cell})
        assert response.status_code == 200, response.text
        api.advance(HAND_S)


@dataclass(frozen=True)
class PersonMove:
    """One move of the person: the state just before the pieces moved (the dice thrown), and
    the holes whose pieces changed."""

    before: dict[str, Any]
    holes: frozenset[str]


def is_corner(cell: str) -> bool:
    return bool(CORNERS >> GRID.parse(cell) & 1)


def changed(before: dict[str, Any], after: dict[str, Any]) -> frozenset[str]:
    """The holes whose piece came or went between two states."""
    return frozenset(set(before["board"]) ^ set(after["board"]))


async def person_moves(api: Harness) -> PersonMove:
    """The person throws (when the game has dice) and makes one move: a placement, a Flip 4 step
    (with its corner landing); then the computer answers."""
    while True:
        state = await api.state()
        assert state["to_move"] == PERSON, state["message"]
        if state["phase"] == "await_roll":
            response = await api.post("/api/roll", {})
            assert response.status_code == 200, response.text
            await settle_computer(api)
            continue
        break
    before = state
    while True:
        phase = state["phase"]
        if phase == "await_place":
            await hands(api, [("place", state["allowed"][0])])
        elif phase == "await_move":
            steps = sorted(
                (not is_corner(target), source, target)
                for source, targets in state["moves"].items()
                for target in targets
            )
            _, source, target = steps[-1]  # a step off the corners when there is one
            await hands(api, step_hands(state, source, target))
        else:
            assert phase == "await_jump", phase
            corner = next(c for c in state["board"] if is_corner(c) and c not in before["board"])
            await hands(api, landing_hands(state, corner, state["allowed"][0]))
        state = await api.state()
        if state["phase"] != "await_jump":
            break
    holes = changed(before, state)
    await settle_computer(api)
    return PersonMove(before, holes)


async def fix_in_order(api: Harness, naming: Naming) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Follow the take-back's guidance: each time, the holes the state says to fix now, and the
    holes seen blinking on the LEDs meanwhile; then fix those holes by hand. Until the board
    matches the game. (The simulator's hands take back the computer's moves first, as they
    made them: the person waits a hand's pause for that.)"""
    api.advance(HAND_S)
    seen: list[tuple[frozenset[str], frozenset[str]]] = []
    while (state := await api.state())["fix_order"] is not None:
        now = frozenset(state["fix_order"]["now"])
        start = api.clock.now()
        api.advance(BLINK_WINDOW_S)
        blinking = api.board.blinking_holes(start, api.clock.now())
        seen.append((now, frozenset(naming.name(hole) for hole in blinking)))
        mismatch = state["mismatch"]
        swap = [hole for hole in sorted(now) if hole in mismatch["wrong_kind"]]  # for a Man
        await hands(
            api,
            [("lift", hole) for hole in sorted(now) if hole in mismatch["extra"]]
            + [("place", hole) for hole in sorted(now) if hole in mismatch["missing"]]
            + [(doing, hole) for hole in swap for doing in ("lift", "place")],
        )
    assert state["mismatch"] == {"missing": [], "extra": [], "wrong_kind": [], "grooves": []}
    return seen
