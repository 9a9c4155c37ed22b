"""The board flow of Tac-T-Flix.

Free plays are placements like any other (the message says "free play"). In the ``substitute``
phase the lines scored this turn light and the Men that may take a Burocrat blink; the player
lifts such a Man and seats a Burocrat in its hole. Analog sensing sees the Burocrat (south pole
down) and the substitution is committed; presence-only sensing cannot tell the pieces apart, so
a hole seen empty and then filled again counts as a substitution. In the ``withdraw`` phase the
Men to withdraw blink until lifted; each lift commits a withdrawal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from controller.flows.base import (
    WHITE,
    FlowHost,
    FlowView,
    VariantFlow,
    blink_on,
    hole_names,
    mover_words,
    without_fix,
)
from controller.i18n import Language
from controller.leds import Layer, holes_layer, scale
from controller.reconcile import Mismatch
from controller.words import after_game
from engine.bitboard import Bitboard, bit, popcount, scan_forward
from engine.game import Action, Phase
from engine.phrase import why
from engine.tactflix import TacTFlix
from hal.base import HOLE_COUNT, Piece

FREE_PLAY_PIXELS = (HOLE_COUNT + 6, HOLE_COUNT + 7)
"""The indicator pixels: one white pixel per free play left (like free throws in Lucky Flix)."""
BOARD_STEPS = (Phase.SUBSTITUTE, Phase.WITHDRAW)
"""The phases in which the players lift (and seat) pieces instead of placing."""


def _game(host: FlowHost) -> TacTFlix:
    return cast(TacTFlix, host.game)  # the registry gives this flow Tac-T-Flix games only


def _burocrats(count: int, say: Language) -> str:
    if count == 1:
        return say.gettext("1 Burocrat to seat")
    return say.gettext("{count} Burocrats to seat").format(count=count)


class TacTFlixFlow(VariantFlow):
    """Remembers the holes seen lifted during a substitution."""

    def __init__(self) -> None:
        self.lifted: Bitboard = 0

    def adjust(self, host: FlowHost, mismatch: Mismatch) -> Mismatch:
        """A Man lifted to make room for a Burocrat, or lifted to be withdrawn, is no error."""
        game = host.game
        if game.phase in BOARD_STEPS:
            return replace(mismatch, missing=mismatch.missing & ~game.allowed)
        return mismatch

    def settled(self, host: FlowHost) -> Action | None:
        """The substitution or withdrawal the settled board shows, if any (one at a time)."""
        game = host.game
        if game.game_over or game.phase != Phase.SUBSTITUTE:
            # A hole seen lifted counts only within the substitution it was lifted in: a stale
            # mark would turn a Man standing there in a later turn into a Burocrat.
            self.lifted = 0
        if game.game_over:
            return None
        holes = host.sensed.holes
        if game.phase == Phase.WITHDRAW:
            for hole in scan_forward(game.allowed):
                if holes[hole] is Piece.EMPTY:
                    return Action("withdraw", hole=hole)
        if game.phase != Phase.SUBSTITUTE:
            return None
        for hole in scan_forward(game.allowed):
            piece = holes[hole]
            if piece is Piece.EMPTY:
                self.lifted |= bit(hole)
            elif piece is Piece.BUROCRAT or (piece is Piece.PRESENT and self.lifted & bit(hole)):
                self.lifted &= ~bit(hole)
                return Action("substitute", hole=hole)
            elif piece is Piece.MAN:
                self.lifted &= ~bit(hole)
        return None

    def view(self, host: FlowHost, view_team: int | None) -> FlowView:
        game = _game(host)
        return FlowView(
            to_substitute=game.burocrat_supply[game.seq_team]
            if game.phase == Phase.SUBSTITUTE and game.seq_team is not None
            else 0
        )

    def message(self, host: FlowHost, say: Language) -> str | None:
        game = _game(host)
        gettext = say.gettext
        names = [gettext(name) for name in host.config.game.team_names]
        mover = mover_words(host, say)
        if game.game_over:
            if game.winner is None:
                return None
            if game.buroline:
                words = gettext("{team} wins with a Buroline!").format(team=names[game.winner])
            else:
                words = gettext(
                    "{team} wins: Flix-line number {number} brings every Burocrat back!"
                ).format(team=names[game.winner], number=game.lines_to_win)
            return after_game(words, game, clearing=host.clearing, ready=host.ready, say=say)
        if game.phase == Phase.AWAIT_PLACE and game.seq_team is not None:
            return gettext(
                "{mover}: free play! Place a Man in any empty hole ({left} left)."
            ).format(mover=mover, left=game.free_plays)
        if game.phase == Phase.SUBSTITUTE and game.seq_team is not None:
            count = _burocrats(game.burocrat_supply[game.seq_team], say)
            lifted = self.lifted & game.allowed & ~host.sensed.occupied()
            if lifted:
                where = gettext(" or ").join(hole_names(host, lifted))
                return gettext("{mover}: put a Burocrat (not a Man) in {where} ({count}).").format(
                    mover=mover, where=where, count=count
                )
            return gettext(
                "{mover}: lift one of your blinking Men and put a Burocrat in its hole ({count})."
            ).format(mover=mover, count=count)
        if game.phase == Phase.WITHDRAW:
            return gettext(
                "{mover}: lift your blinking Men from the completed lines ({left} left)."
            ).format(mover=mover, left=popcount(game.allowed))
        return None

    def not_placing(self, host: FlowHost) -> str | None:
        phase = host.game.phase
        if phase == Phase.SUBSTITUTE:
            return why("seat each Burocrat in place of a blinking Man, not in an empty hole")
        if phase == Phase.WITHDRAW:
            return why("lift the blinking Men first: no placement is due")
        return None

    def lit_lines(self, host: FlowHost) -> list[tuple[int, Bitboard]]:
        """Only this turn's scored lines (the rest are withdrawn), or the winning Buroline."""
        game = _game(host)
        if game.buroline and game.winner is not None:
            return [(game.winner, game.buroline)]
        if game.seq_team is None:
            return []
        return without_fix(host, [(game.seq_team, line) for line in game.turn_lines])

    def win_line(self, host: FlowHost) -> Bitboard:
        """The Buroline, else the winner's last scored line."""
        return _game(host).buroline or super().win_line(host)

    def layers(self, host: FlowHost, now: float) -> list[Layer]:
        """The free plays left on the indicator pixels; the Men to substitute or to withdraw
        blink."""
        game = host.game
        if game.game_over or host.phase != game.phase:
            return []
        colour = host.config.leds.team_colours[game.team_of_seat[game.to_move]]
        if game.phase == Phase.AWAIT_PLACE and _game(host).free_plays:
            pixels = FREE_PLAY_PIXELS[: min(_game(host).free_plays, len(FREE_PLAY_PIXELS))]
            return [dict.fromkeys(pixels, WHITE)]
        if game.phase == Phase.SUBSTITUTE:
            return [holes_layer(game.allowed, WHITE if blink_on(now) else colour)]
        if game.phase == Phase.WITHDRAW:
            return [holes_layer(game.allowed, colour if blink_on(now) else scale(colour, 0.1))]
        return []

    def blinking(self, host: FlowHost) -> bool:
        game = host.game
        return not game.game_over and game.phase in BOARD_STEPS and host.phase == game.phase
