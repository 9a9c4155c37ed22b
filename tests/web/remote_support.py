"""Two ``flixboard run --board sim --remote ...`` services in one game through a real broker,
and the hands of the people at both boards: a Man the other side placed, missing here, is put
where it blinks."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from web_support import Service, kill_service, start_service, stop_service

from tests.waiting import wait_until

"""The remote tests' name for the one wait (tests/waiting.py)."""

FAST = (
    "[board]\nsettle_ms = 20\nfix_after_s = 0.0\n"
    "[game]\ncomputer_movetime_ms = 10\ncall_window = 0.2\n"
    "[leds]\nwin_animation_s = 0.2\n"
)
"""Settings that keep a played-out game short: quick settling, a quick computer, short call
windows (the simulator's hands wait each one out before the computer's Man)."""
GAME_KEYS = (
    "variant",
    "board",
    "scored_lines",
    "winner",
    "draw",
    "ledger",
    "supply",
    "last_throw",
    "to_move",
    "free_throws",
)
"""What both boards must agree on."""
STRAY_S = 2.0
"""A Man extra for this long is a stray (seated by hands killed before it settled, and then
not the computer's choice): the person lifts it."""
PLAY_LIMIT_S = 300.0
"""A hang guard only: a game that stops moving fails instead of blocking the suite."""


@dataclass
class Side:
    """One service: started, killed and started again on the same data directory."""

    folder: Path
    args: list[str]
    config: str = FAST
    geometry: str = "flix"
    service: Service | None = field(default=None, init=False)
    extra_since: dict[str, float] = field(default_factory=dict, init=False)
    placed: set[str] = field(default_factory=set, init=False)
    """The holes the game had pieces in when last looked at."""

    def start(self) -> Side:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.service = start_service(
            self.folder, config=self.config, args=self.args, geometry=self.geometry
        )
        return self

    @property
    def up(self) -> Service:
        assert self.service is not None, "the service is not running"
        return self.service

    def state(self) -> dict[str, Any]:
        return self.up.state()

    def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        response = self.up.post(path, body)
        assert response.status_code == 200, f"{path}: {response.status_code} {response.text}"
        answer: dict[str, Any] = response.json()
        return answer

    def kill(self) -> None:
        kill_service(self.up)
        self.service = None

    def stop(self) -> None:
        if self.service is not None:
            stop_service(self.service)
            self.service = None


def game_of(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state.get(key) for key in GAME_KEYS}


def open_game(
    host: Side,
    guest: Side,
    variant: str,
    *,
    seats: list[int] | None = None,
    options: dict[str, Any] | None = None,
) -> str:
    """A new game (with ``options``) on the host, the computer at seat 1 there; the guest joins
    (its own seats as its command line says). The join code."""
    host.post(
        "/api/new_game",
        {
            "variant": variant,
            "players": 2,
            "seats": [{"kind": "computer", "level": 1}],
            **({} if options is None else {"options": options}),
        },
    )
    code = str(host.post("/api/remote/host", {} if seats is None else {"seats": seats})["code"])
    guest.post("/api/remote/join", {"code": code})
    wait_until(lambda: in_step(host, guest), "the guest follows the host's game")
    return code


def in_step(host: Side, guest: Side) -> bool:
    """The other board has joined the host's game (the join exchange is done) and both boards
    show the same game."""
    ours, theirs = host.state(), guest.state()
    joined = (
        theirs["remote"] is not None
        and theirs["remote"]["role"] in ("guest", "spectator")
        and theirs["remote"]["game_id"] == ours["remote"]["game_id"]
    )
    return joined and game_of(ours) == game_of(theirs)


def mirror(side: Side, state: dict[str, Any]) -> None:
    """The person at ``side`` puts each missing piece where it blinks, changes a piece of the
    wrong kind (a Man the other board's Burocrat took the place of), lifts a piece the game
    just took off (a Tac-T-Flix withdrawal or penalty) at once and a stray after a while."""
    for hole in state["mismatch"]["wrong_kind"]:
        side.up.post("/api/sim/lift", {"hole": hole})
    for hole in [*state["mismatch"]["missing"], *state["mismatch"]["wrong_kind"]]:
        piece = state["board"].get(hole, {}).get("piece", "man")
        side.up.post("/api/sim/place", {"hole": hole, "piece": piece})
    now = time.monotonic()
    waiting = bool(state["remote"] and state["remote"].get("waiting"))
    extra = set(state["mismatch"]["extra"])
    taken_off = extra & side.placed
    side.placed = set(state["board"])
    for hole in taken_off:
        side.up.post("/api/sim/lift", {"hole": hole})
    extra -= taken_off
    side.extra_since = {h: side.extra_since.get(h, now) for h in extra}
    for hole, since in list(side.extra_since.items()):
        if not waiting and now - since > STRAY_S:
            side.up.post("/api/sim/lift", {"hole": hole})
            side.extra_since[hole] = now  # a Man seen there next is a new one: give it time


def play(
    host: Side,
    guest: Side,
    *,
    until: Callable[[dict[str, Any], dict[str, Any]], bool],
    between: Callable[[int], None] | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Let the computers play and the people mirror the moves until ``until(host, guest)``;
    ``between(step)`` runs after every step that moved the game (faults are made there)."""
    deadline = time.monotonic() + PLAY_LIMIT_S
    step = 0
    seen: tuple[int, int] = (-1, -1)
    while True:
        ours, theirs = host.state(), guest.state()
        if until(ours, theirs):
            return ours, theirs
        mirror(host, ours)
        mirror(guest, theirs)
        moved = (len(ours["board"]), ours["remote"]["log"] if ours["remote"] else 0)
        if moved != seen:
            seen = moved
            step += 1
            if between is not None:
                between(step)
        if time.monotonic() > deadline:
            raise AssertionError(f"the game stopped moving:\nhost {ours}\nguest {theirs}")
        time.sleep(0.02)


def both_over(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    return ours["phase"] == "game_over" and game_of(ours) == game_of(theirs)


def kept_games(side: Side) -> list[dict[str, Any]]:
    """The games ``side`` keeps in its records, the latest first."""
    games: list[dict[str, Any]] = side.up.client.get("/api/games").json()["games"]
    return games


def record_moves(side: Side) -> list[dict[str, Any]]:
    """The moves of ``side``'s record of the game it kept last."""
    latest = kept_games(side)[0]["id"]
    record = side.up.client.get(f"/api/games/{latest}.json").json()
    moves: list[dict[str, Any]] = record["moves"]
    return moves
