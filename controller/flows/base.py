"""Board flows of Pay-Off Flix and Tac-T-Flix, on top of the board controller.

Pay-Off: the mover picks a token before placing (``token_order``; digital token mode) or, in
physical token mode, the players enter the tokens of the scored line's Men after the call. The
state shows the ledger and, for one team's view, that team's tokens.

Tac-T-Flix: free plays are placements like any other (the message says "free play"). In the
``substitute`` phase the lines scored this turn light and the Men that may take a Burocrat blink;
the player lifts such a Man and seats a Burocrat in its hole. Analog sensing sees the Burocrat
(south pole down) and the substitution is committed; presence-only sensing cannot tell the
pieces apart, so a hole seen empty and then filled again counts as a substitution. In the
``withdraw`` phase the Men to withdraw blink until lifted; each lift commits a withdrawal.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from controller.core.leds import Layer, holes_layer, scale
from controller.core.reconcile import Mismatch
from engine.bitboard import Bitboard, bit, popcount, scan_forward
from engine.game import Action, Phase
from engine.holes import name, parse
from engine.payoff import AWAIT_TOKENS, PayOffFlix
from engine.tactflix import SUBSTITUTE, WITHDRAW, TacTFlix
from hal.base import HOLE_COUNT, Color, Piece

if TYPE_CHECKING:
    from controller.core.board_controller import BoardController

BLINK_S = 0.25
"""Half period of the substitution / withdrawal blink (the same as an error blink)."""
WHITE: Color = (255, 255, 255)
FREE_PLAY_PIXELS = (HOLE_COUNT + 6, HOLE_COUNT + 7)
"""The indicator pixels: one white pixel per free play left (like free throws in Lucky Flix)."""


class FlowError(ValueError):
    """A token order that does not fit the game; ``not_now`` when only the moment is wrong."""

    def __init__(self, message: str, *, not_now: bool = False) -> None:
        super().__init__(message)
        self.not_now = not_now


def _on(now: float) -> bool:
    return math.floor(now / BLINK_S + 1e-9) % 2 == 0


class VariantFlow:
    """Per-controller state of the flows: the holes seen lifted during a substitution, and for
    which placement (seat to move, placements made) the Pay-Off token was chosen."""

    def __init__(self) -> None:
        self.lifted: Bitboard = 0
        self.token_for: tuple[int, int] | None = None

    def reset(self) -> None:
        """A new game, a resumed game or an undo: forget what was seen lifted, and the token
        chosen for a placement that is no longer the next one."""
        self.lifted = 0
        self.token_for = None

    def drop_stale_token(self, ctl: BoardController) -> None:
        """A chosen token holds only for the placement it was chosen for: after an undo the
        seat to move may be another team's, which must neither see nor place that choice."""
        game = ctl.game
        if ctl.token is not None and self.token_for != (game.to_move, game.placements):
            ctl.token = None

    # ------------------------------------------------------------------ the board

    def adjust(self, ctl: BoardController, mismatch: Mismatch) -> Mismatch:
        """A Man lifted to make room for a Burocrat, or lifted to be withdrawn, is no error."""
        game = ctl.game
        if isinstance(game, TacTFlix) and game.phase in (SUBSTITUTE, WITHDRAW):
            return replace(mismatch, missing=mismatch.missing & ~game.allowed)
        return mismatch

    def settled(self, ctl: BoardController) -> Action | None:
        """The substitution or withdrawal the settled board shows, if any (one at a time)."""
        game = ctl.game
        self.drop_stale_token(ctl)  # before a placement on this board is committed
        if not isinstance(game, TacTFlix) or game.game_over or game.phase != SUBSTITUTE:
            # A hole seen lifted counts only within the substitution it was lifted in: a stale
            # mark would turn a Man standing there in a later turn into a Burocrat.
            self.lifted = 0
        if not isinstance(game, TacTFlix) or game.game_over:
            return None
        holes = ctl.sensed.holes
        if game.phase == WITHDRAW:
            for hole in scan_forward(game.allowed):
                if holes[hole] is Piece.EMPTY:
                    return Action("withdraw", hole=hole)
        if game.phase != SUBSTITUTE:
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

    # ------------------------------------------------------------------ tokens

    def token_order(
        self, ctl: BoardController, seat: int | None, token: int | None, hole: str | None
    ) -> Action | None:
        """Pay-Off token input: in physical token mode after a call, the action entering the
        token of the Man in ``hole``; otherwise the mover's token for the next placement is
        set on the controller (``None`` clears it) and nothing is returned."""
        game = ctl.game
        if not isinstance(game, PayOffFlix):
            raise FlowError(f"{game.variant} uses no tokens")
        if token is not None and (isinstance(token, bool) or not isinstance(token, int)):
            raise FlowError(f"a token is a whole number or null, not {token!r}")
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players
        ):
            raise FlowError(f"no seat {seat!r}: seats are 0..{game.players - 1}")
        if game.phase == AWAIT_TOKENS:
            if hole is None:
                todo = " ".join(_names(ctl, game.allowed))
                raise FlowError(f"name the Man whose token this is: one of {todo}")
            return Action("enter_token", hole=parse(hole, game.layout), token=token)
        if hole is not None:
            raise FlowError("a hole is named only when entering the tokens of a scored line")
        if game.physical_tokens:
            raise FlowError("physical token mode: fold the token into the Man itself", not_now=True)
        if game.phase != Phase.AWAIT_PLACE:
            raise FlowError(f"no placement is due (phase {game.phase})", not_now=True)
        if seat is not None and seat != game.to_move:
            raise FlowError(f"seat {seat} is not to move: seat {game.to_move} is", not_now=True)
        team = game.team_of_seat[game.to_move]
        if token is not None and token not in game.hands[team]:
            left = " ".join(str(t) for t in game.hands[team]) or "none"
            raise FlowError(f"team {team} has no unused token {token} (unused: {left})")
        ctl.token = token
        self.token_for = (game.to_move, game.placements)
        return None

    # ------------------------------------------------------------------ what people see

    def add_state(self, ctl: BoardController, state: dict[str, Any], view_team: int | None) -> None:
        """Variant keys of the controller's state JSON (the engine's own keys are there)."""
        game = ctl.game
        self.drop_stale_token(ctl)
        if isinstance(game, PayOffFlix):
            if isinstance(state.get("options"), dict):  # a fixed deal shows every team's tokens
                state["options"] = {k: v for k, v in state["options"].items() if k != "deal"}
            state["token_chosen"] = ctl.token is not None
            mover = game.team_of_seat[game.to_move]
            if view_team is not None and view_team == mover and ctl.token is not None:
                state["token"] = ctl.token
        if isinstance(game, TacTFlix):
            state["to_substitute"] = (
                game.burocrat_supply[game.seq_team]
                if game.phase == SUBSTITUTE and game.seq_team is not None
                else 0
            )

    def message(self, ctl: BoardController) -> str | None:
        """The line for people in a variant phase, or ``None`` for the controller's own."""
        game = ctl.game
        self.drop_stale_token(ctl)
        names = ctl.config.team_names
        mover = f"{names[game.team_of_seat[game.to_move]]} (player {game.to_move + 1})"
        if isinstance(game, PayOffFlix):
            if game.game_over and game.game_value is not None and game.winner is not None:
                ledger = ", ".join(
                    f"{names[team]} {value:+d}" for team, value in enumerate(game.ledger)
                )
                words = f"{names[game.winner]} wins {game.game_value} points. Ledger: {ledger}."
                return f"{words} Clear the board for a new game." if ctl.clearing else words
            if game.phase == AWAIT_TOKENS:
                todo = " ".join(_names(ctl, game.allowed))
                return (
                    f"{mover}: enter the token of each Man in the scored line "
                    f"(none for a Man without one); still to enter: {todo}."
                )
            if game.phase == Phase.AWAIT_PLACE and ctl.token is not None:
                return f"{mover}: place a Man with the chosen token in any empty hole."
        if isinstance(game, TacTFlix) and game.game_over and game.winner is not None:
            if game.buroline:
                words = f"{names[game.winner]} wins with a Buroline!"
            else:
                words = (
                    f"{names[game.winner]} wins: Flix-line number {game.lines_to_win} "
                    "brings every Burocrat back!"
                )
            return f"{words} Clear the board for a new game." if ctl.clearing else words
        if isinstance(game, TacTFlix) and not game.game_over:
            if game.phase == Phase.AWAIT_PLACE and game.seq_team is not None:
                return (
                    f"{mover}: free play! Place a Man in any empty hole ({game.free_plays} left)."
                )
            if game.phase == SUBSTITUTE and game.seq_team is not None:
                count = game.burocrat_supply[game.seq_team]
                lifted = self.lifted & game.allowed & ~ctl.sensed.occupied()
                if lifted:
                    where = " or ".join(_names(ctl, lifted))
                    return (
                        f"{mover}: put a Burocrat (not a Man) in {where} "
                        f"({count} Burocrat{'s' if count != 1 else ''} to seat)."
                    )
                return (
                    f"{mover}: lift one of your blinking Men and put a Burocrat in its hole "
                    f"({count} Burocrat{'s' if count != 1 else ''} to seat)."
                )
            if game.phase == WITHDRAW:
                return (
                    f"{mover}: lift your blinking Men from the completed lines "
                    f"({popcount(game.allowed)} left)."
                )
        return None

    def not_placing(self, ctl: BoardController) -> str | None:
        """Why a new piece is refused in a variant phase without placements, or ``None``."""
        phase = ctl.game.phase
        if phase == SUBSTITUTE:
            return "seat each Burocrat in place of a blinking Man, not in an empty hole"
        if phase == WITHDRAW:
            return "lift the blinking Men first: no placement is due"
        if phase == AWAIT_TOKENS:
            return "enter the tokens of the scored line: no placement is due"
        return None

    def lit_lines(self, ctl: BoardController) -> list[tuple[int, Bitboard]]:
        """The scored lines the LEDs show: Tac-T-Flix only this turn's (the rest are withdrawn).
        While the board is being fixed the holes to fix are left out, so that their error blink
        (a missing piece blinks in its team's colour) is not lost in a line lit in that colour."""
        game = ctl.game
        if isinstance(game, TacTFlix):
            if game.buroline and game.winner is not None:
                return [(game.winner, game.buroline)]
            if game.seq_team is None:
                return []
            lines = [(game.seq_team, line) for line in game.turn_lines]
        else:
            lines = list(game.scored_lines)
        if not game.game_over and not ctl.mismatch.clean:  # the board is being fixed
            fix = ctl.mismatch.missing | ctl.mismatch.extra | ctl.mismatch.wrong_kind
            lines = [(team, line & ~fix) for team, line in lines]
        return lines

    def win_line(self, ctl: BoardController) -> Bitboard:
        """The line the win animation flashes: the Buroline, the paid line, or the last one."""
        game = ctl.game
        if isinstance(game, TacTFlix) and game.buroline:
            return game.buroline
        if isinstance(game, PayOffFlix) and game.paid_line:
            return game.paid_line
        lines = [line for team, line in game.scored_lines if team == game.winner]
        return lines[-1] if lines else 0

    def layers(self, ctl: BoardController, now: float) -> list[Layer]:
        """LED layers of the variant phases (drawn under the error blink): the Men to substitute,
        to withdraw, or (Pay-Off, real tokens) whose token is still to be entered blink."""
        game = ctl.game
        if game.game_over or ctl.phase != game.phase:
            return []
        colour = ctl.config.team_colours[game.team_of_seat[game.to_move]]
        if isinstance(game, PayOffFlix) and game.phase == AWAIT_TOKENS:
            return [holes_layer(game.allowed, WHITE if _on(now) else colour)]
        if not isinstance(game, TacTFlix):
            return []
        if game.phase == Phase.AWAIT_PLACE and game.free_plays:
            pixels = FREE_PLAY_PIXELS[: min(game.free_plays, len(FREE_PLAY_PIXELS))]
            return [dict.fromkeys(pixels, WHITE)]
        if game.phase == SUBSTITUTE:
            return [holes_layer(game.allowed, WHITE if _on(now) else colour)]
        if game.phase == WITHDRAW:
            return [holes_layer(game.allowed, colour if _on(now) else scale(colour, 0.1))]
        return []

    def blinking(self, ctl: BoardController) -> bool:
        """Whether ``layers`` changes by itself (so the scene must be redrawn on blink steps)."""
        game = ctl.game
        return (
            not game.game_over
            and game.phase in (SUBSTITUTE, WITHDRAW, AWAIT_TOKENS)
            and ctl.phase == game.phase
        )


def _names(ctl: BoardController, mask: Bitboard) -> list[str]:
    return [name(hole, ctl.game.layout) for hole in scan_forward(mask)]
