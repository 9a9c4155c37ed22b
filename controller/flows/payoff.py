"""The board flow of Pay-Off Flix.

The mover picks a token before placing (``token_order``; digital token mode) or, in physical
token mode, the players enter the tokens of the scored line's Men after the call. The state
shows the ledger and, for one team's view, that team's tokens.
"""

from __future__ import annotations

from typing import cast

from msgspec import UNSET

from controller.errors import BadOrder, NotNow
from controller.flows.base import (
    WHITE,
    FlowHost,
    FlowView,
    VariantFlow,
    blink_on,
    hole_names,
    mover_words,
)
from controller.i18n import Language
from controller.leds import Layer, holes_layer
from controller.words import after_game
from engine.bitboard import Bitboard
from engine.game import Action, Phase, player, seat_range
from engine.payoff import PayOffFlix
from engine.phrase import why


def _game(host: FlowHost) -> PayOffFlix:
    return cast(PayOffFlix, host.game)  # the registry gives this flow Pay-Off games only


class PayOffFlow(VariantFlow):
    """Remembers for which placement (seat to move, placements made) the token was chosen."""

    def __init__(self) -> None:
        self.token_for: tuple[int, int] | None = None

    def drop_stale_token(self, host: FlowHost) -> None:
        """A chosen token holds only for the placement it was chosen for: after an undo the
        seat to move may be another team's, which must neither see nor place that choice."""
        game = host.game
        if host.token is not None and self.token_for != (game.to_move, game.placements):
            host.token = None

    def settled(self, host: FlowHost) -> Action | None:
        self.drop_stale_token(host)  # before a placement on this board is committed
        return None

    def token_order(
        self, host: FlowHost, seat: int | None, token: int | None, hole: str | None
    ) -> Action | None:
        """In physical token mode after a call, the action entering the token of the Man in
        ``hole``; otherwise the mover's token for the next placement is set on the controller
        (``None`` clears it) and nothing is returned."""
        game = _game(host)
        if token is not None and (isinstance(token, bool) or not isinstance(token, int)):
            raise BadOrder(why("a token is a whole number or null, not {token}", token=repr(token)))
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players
        ):
            raise BadOrder(
                why("no seat {seat}: {seats}", seat=repr(seat), seats=seat_range(game.players))
            )
        if game.phase == Phase.AWAIT_TOKENS:
            if hole is None:
                todo = " ".join(hole_names(host, game.allowed))
                raise BadOrder(why("name the Man whose token this is: one of {todo}", todo=todo))
            return Action("enter_token", hole=game.naming.parse(hole), token=token)
        if hole is not None:
            raise BadOrder(why("a hole is named only when entering the tokens of a scored line"))
        if game.physical_tokens:
            raise NotNow(why("physical token mode: fold the token into the Man itself"))
        if game.phase != Phase.AWAIT_PLACE:
            raise NotNow(why("no placement is due (phase {phase})", phase=game.phase))
        if seat is not None and seat != game.to_move:
            raise NotNow(
                why(
                    "{player} is not to move: {mover} is",
                    player=player(seat),
                    mover=player(game.to_move),
                )
            )
        team = game.team_of_seat[game.to_move]
        if token is not None and token not in game.hands[team]:
            raise BadOrder(
                why("team {team} holds no such unused token: choose one of its own", team=team)
            )
        host.token = token
        self.token_for = (game.to_move, game.placements)
        return None

    def view(self, host: FlowHost, view_team: int | None) -> FlowView:
        game = _game(host)
        self.drop_stale_token(host)
        mover = game.team_of_seat[game.to_move]
        own = view_team is not None and view_team == mover and host.token is not None
        return FlowView(
            token_chosen=host.token is not None,
            token=host.token if own and host.token is not None else UNSET,
        )

    def message(self, host: FlowHost, say: Language) -> str | None:
        game = _game(host)
        self.drop_stale_token(host)
        names = [say.gettext(name) for name in host.config.game.team_names]
        if game.game_over and game.game_value is not None and game.winner is not None:
            ledger = ", ".join(
                f"{names[team]} {value:+d}" for team, value in enumerate(game.ledger)
            )
            words = say.gettext("{team} wins {value} points. Ledger: {ledger}.").format(
                team=names[game.winner], value=game.game_value, ledger=ledger
            )
            return after_game(words, game, clearing=host.clearing, ready=host.ready, say=say)
        if game.phase == Phase.AWAIT_TOKENS and not game.physical_tokens:
            todo = " ".join(hole_names(host, game.allowed))
            return say.gettext(
                "Each board opens the tokens it committed to; still to open: {todo}."
            ).format(todo=todo)
        if game.phase == Phase.AWAIT_TOKENS:
            todo = " ".join(hole_names(host, game.allowed))
            return say.gettext(
                "{mover}: enter the token of each Man in the scored line "
                "(none for a Man without one); still to enter: {todo}."
            ).format(mover=mover_words(host, say), todo=todo)
        if game.phase == Phase.AWAIT_PLACE and host.token is not None:
            return say.gettext(
                "{mover}: place a Man with the chosen token in any empty hole."
            ).format(mover=mover_words(host, say))
        return None

    def not_placing(self, host: FlowHost) -> str | None:
        if host.game.phase == Phase.AWAIT_TOKENS:
            return why("enter the tokens of the scored line: no placement is due")
        return None

    def win_line(self, host: FlowHost) -> Bitboard:
        """The paid line, else the winner's last scored line."""
        return _game(host).paid_line or super().win_line(host)

    def layers(self, host: FlowHost, now: float) -> list[Layer]:
        """With real tokens, the Men whose token is still to be entered blink."""
        if not self.blinking(host):
            return []
        game = host.game
        colour = host.config.leds.team_colours[game.team_of_seat[game.to_move]]
        return [holes_layer(game.allowed, WHITE if blink_on(now) else colour)]

    def blinking(self, host: FlowHost) -> bool:
        game = host.game
        return not game.game_over and game.phase == Phase.AWAIT_TOKENS == host.phase
