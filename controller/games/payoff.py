"""Pay-Off Flix: hidden tokens on the placements, paid when a line scores."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files

from controller.flows.payoff import PayOffFlow
from controller.games.spec import GameSpec, HiddenTokens, rung
from controller.i18n import N_
from engine.game import Game
from engine.payoff import PayOffFlix
from engine.phrase import Phrase, why


class PayOffTokens(HiddenTokens):
    """Pay-Off's tokens in remote play: digital token mode needs the option ``openings`` (every
    token committed and opened); physical token mode enters them at the reveal."""

    def refusal(self, options: Mapping[str, object]) -> Phrase | None:
        if options.get("token_mode") != "physical" and options.get("openings") is not True:
            return why(
                "remote Pay-Off in digital token mode commits each token and opens it at its "
                "reveal: start it with openings true (or with token_mode physical)"
            )
        return None

    def attached(self, game: Game) -> Phrase | None:
        if isinstance(game, PayOffFlix) and not game.physical_tokens and game.tokens:
            return why(
                "tokens are attached to Men at this board already: host a new Pay-Off game, so "
                "that each board keeps its own team's tokens"
            )
        return None

    def sealing(self, game: Game) -> bool:
        return isinstance(game, PayOffFlix) and game.pay_options.openings

    def token_set(self, game: Game) -> tuple[int, ...]:
        assert isinstance(game, PayOffFlix)
        return game.pay_options.tokens

    def dealt(self, game: Game) -> list[list[int]]:
        assert isinstance(game, PayOffFlix)
        return [list(hand) for hand in game.dealt]


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
    hidden=PayOffTokens(),
)
