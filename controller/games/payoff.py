"""Pay-Off Flix: hidden tokens on the placements, paid when a line scores."""

from __future__ import annotations

from importlib.resources import files

from controller.flows.payoff import PayOffFlow
from controller.games.spec import GameSpec, rung
from controller.i18n import N_
from engine.payoff import PayOffFlix

SPEC = GameSpec(
    PayOffFlix,
    title=N_("Pay-Off Flix"),
    choice=N_("Pay-Off Flix (tokens)"),
    levels=(
        (N_("One placement ahead; misses a block 1 time in 4"), []),
        (N_("Two placements ahead; misses a block 1 time in 10"), [rung(71.8, 65, 78, 200)]),
        (N_("Three placements ahead (the default)"), [rung(79.2, 73, 84, 200)]),
        (
            N_("Weighs the hidden tokens it cannot see; three placements ahead"),
            [rung(56.0, 51.1, 60.8, 400)],
        ),
        (
            N_("Weighs the hidden tokens it cannot see; four placements ahead"),
            [rung(58.2, 51, 65, 200)],
        ),
    ),
    flow=PayOffFlow,
    page=files("controller") / "server" / "web" / "payoff.js",
    carried=True,
    hidden=True,
)
