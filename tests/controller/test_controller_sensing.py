"""The state says which sensing path is in use; a presence-only board plays by the game's kinds."""

from __future__ import annotations

import pytest

from controller.config import Config
from controller.tools.sim_run import SimRun


@pytest.mark.parametrize("sensing", ["analog", "presence"])
def test_the_state_names_the_sensing_path(sensing: str) -> None:
    run = SimRun(Config(), seed=3, sensing=sensing)
    assert run.controller.state()["sensing"] == sensing
    run.controller.roll("red/I/spades", run.clock.now())
    run.board.place("R-I-S")
    run.settle()
    state = run.controller.state()
    assert state["board"] == {"R-I-S": {"team": 0, "piece": "man"}}
    expected = "man" if sensing == "analog" else "present"
    assert state["sensed"] == {"R-I-S": {"piece": expected}}
    assert state["to_move"] == 1 and state["connected"] is True
