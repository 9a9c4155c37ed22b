"""A pending (uncalled) line is never revealed: by the LEDs, the public state or public events.

Random Lucky and Pay-Off games are played on the simulated board; after every step each LED
frame sent since the last placement must equal the frame the controller would show with the
uncalled lines' Men counted as ordinary Men (i.e. without any pending line at all), checked
when each frame is rendered.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.config import Config
from controller.core.session import game_entry
from controller.tools.sim_run import SimRun
from engine.bitboard import popcount
from engine.holes import name

PENDING_SEEN: list[bool] = []
"""Whether each example reached a pending line (the property is not vacuous)."""
SECRET_WORDS = ("pending", "uncalled", "line_completed", "pending_lost")


def plain_frame(run: SimRun, now: float) -> tuple[Any, ...]:
    """The frame at ``now`` with every uncalled line forgotten (its Men ordinary Men)."""
    game = run.controller.game
    saved = game.uncalled
    game.uncalled = []
    try:
        return run.frame(now)
    finally:
        game.uncalled = saved


class WatchedRun(SimRun):
    """A run whose frames, once ``watch_frames`` is called, are checked when they are rendered."""

    leaks: list[float] | None = None

    def render(self, now: float) -> None:
        super().render(now)
        if self.leaks is not None and self.controller.game.uncalled:
            plain = plain_frame(self, now)
            if self.frame(now) != plain or self.renderer.sent != plain:
                self.leaks.append(now)


def watch_frames(run: WatchedRun) -> list[float]:
    """Check every frame when it is rendered, against the state that produced it: the times of
    frames that single out a pending line."""
    run.leaks = []
    return run.leaks


def check_secrecy(run: SimRun, leaks: list[float]) -> None:
    assert not leaks, f"frames at {leaks} single out a pending line"
    ctl = run.controller
    state = ctl.state()
    text = json.dumps(state)
    for word in SECRET_WORDS:
        assert word not in text, f"the public state mentions {word!r}"
    assert all(not e.get("secret") for e in state["events"])
    assert all(e["type"] not in SECRET_WORDS for e in ctl.session.public_events)


def lift_extra(run: SimRun) -> None:
    """A hand takes off the Men the game no longer has (penalised or taken back)."""
    extra = run.controller.mismatch.extra
    for hole in range(64):
        if extra >> hole & 1 and run.board.piece_at(hole).name != "EMPTY":
            run.board.lift(hole)
    run.settle()


def play(variant: str, data: st.DataObject) -> None:
    config = Config.of(variant=variant)
    seed = data.draw(st.integers(0, 50), label="seed")
    run = WatchedRun(config, first_game=game_entry(config, variant, 2, seed, {}))
    ctl = run.controller
    leaks = watch_frames(run)
    pending_seen = False
    for _ in range(data.draw(st.integers(10, 30), label="steps")):
        game = ctl.game
        if game.game_over:
            break
        move = data.draw(st.sampled_from(["act", "act", "act", "call", "penalty", "undo", "wait"]))
        now = run.clock.now()
        if move == "wait":
            run.advance(data.draw(st.sampled_from([0.5, 2.0, 4.0])))
        elif move == "call":
            run.board.press("flix", data.draw(st.integers(0, 1)))
            run.advance(0.05)
        elif move == "penalty":
            run.board.press("penalty", data.draw(st.integers(0, 1)))
            run.settle()  # the penalised Men blink: lift them
            lift_extra(run)
        elif move == "undo" and game.placements:
            ctl.undo(now)
            lift_extra(run)
        elif game.phase == "await_roll":
            run.board.press("roll")
            run.advance(0.05)
        elif game.phase == "await_place" and ctl.mismatch.clean:
            holes = [h for h in range(64) if game.allowed >> h & 1]
            if holes:
                if data.draw(st.booleans(), label="towards a line"):
                    team = game.team_of_seat[game.to_move]
                    own = game.men[team]
                    others = sum(game.men) & ~own
                    holes.sort(
                        key=lambda h: (
                            others >> (h & ~3) & 0xF != 0,
                            -popcount(own >> (h & ~3) & 0xF),
                        )
                    )
                    holes = holes[:1]
                run.board.place(data.draw(st.sampled_from(holes), label="hole"))
                run.settle()
        elif game.phase == "await_tokens":
            hole = next(h for h in range(64) if game.allowed >> h & 1)
            ctl.set_token(None, None, name(hole, game.layout), now)
        pending_seen = pending_seen or bool(ctl.game.uncalled)
        check_secrecy(run, leaks)
    PENDING_SEEN.append(pending_seen)


@settings(
    derandomize=True,
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(variant=st.sampled_from(["lucky", "payoff"]), data=st.data())
def test_no_frame_state_or_event_reveals_a_pending_line(variant: str, data: st.DataObject) -> None:
    play(variant, data)


def test_the_random_games_reach_pending_lines() -> None:
    PENDING_SEEN.clear()
    test_no_frame_state_or_event_reveals_a_pending_line()
    assert sum(PENDING_SEEN) >= 3
