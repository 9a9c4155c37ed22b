"""Flip 4 on its own board: steps, flips and corner jumps read from the settled board.

The board senses presence only, so a move is recognised by what the hands did since the throw:

- a step: the piece leaves a lit square (a piece the dice allow to move) and appears on a
  neighbouring empty square;
- a flip: the mover's piece and an opponent's neighbouring piece are both lifted, then the board
  shows every square filled again: the two squares are the flip (only when exactly one legal
  flip fits the lifted squares);
- a corner jump: the piece rests on the corner (the step into it is committed, the landing
  squares light up), then leaves it for a landing square, flipping an opponent there back to the
  square it started from; a piece that only touches the corner on its way is read the same way.

While a move is under way the lifted pieces it may take are not called missing; a piece put on
a wrong square is (guidance as for a FLIX Man). Nothing is committed until the board shows a
legal move.
"""

from __future__ import annotations

from controller.flows.base import FlowHost, FlowView, VariantFlow, hole_names, mover_words
from controller.i18n import Language
from controller.leds import Layer, holes_layer
from controller.reconcile import Mismatch
from engine.bitboard import Bitboard, popcount, scan_forward
from engine.flip4 import CORNERS, GRID, Flip4, landing_squares
from engine.game import Action, Phase
from engine.phrase import why


class Flip4Flow(VariantFlow):
    """See the module docstring; ``lifted`` = the squares seen empty during this turn while the
    game had a piece on them."""

    def __init__(self) -> None:
        self.lifted: Bitboard = 0
        self._turn = -1

    def adjust(self, host: FlowHost, mismatch: Mismatch) -> Mismatch:
        game = host.game
        if not isinstance(game, Flip4):
            return mismatch
        self._track(game, host.sensed.occupied())
        movable = in_play(game)
        return Mismatch(
            missing=mismatch.missing & ~movable,
            extra=mismatch.extra,
            wrong_kind=mismatch.wrong_kind,
            grooves=mismatch.grooves,
        )

    def settled(self, host: FlowHost) -> Action | None:
        game = host.game
        if not isinstance(game, Flip4):
            return None
        sensed = host.sensed.occupied()
        self._track(game, sensed)
        missing, extra = game.occupied & ~sensed, sensed & ~game.occupied
        if game.phase == Phase.AWAIT_MOVE:
            return self._step(game, missing, extra)
        if game.phase == Phase.AWAIT_JUMP:
            return self._landing(game, missing, extra)
        return None

    def not_placing(self, host: FlowHost) -> str | None:
        game = host.game
        if game.phase == Phase.AWAIT_MOVE:
            return why("move a lit piece one square (that square is not one of its steps)")
        if game.phase == Phase.AWAIT_JUMP:
            corner = game.men[game.team_of_seat[game.to_move]] & CORNERS
            if corner & host.sensed.occupied():
                name = game.naming.name(first(corner))
                return why(
                    "lift the piece from the corner {corner} and land that piece: "
                    "no new piece is placed",
                    corner=name,
                )
            return why("the piece from the corner lands on a lit square")
        return None

    def message(self, host: FlowHost, say: Language) -> str | None:
        game = host.game
        mover = mover_words(host, say)
        if game.phase == Phase.AWAIT_MOVE:
            return say.gettext("{mover}: move a lit piece one square.").format(mover=mover)
        if game.phase == Phase.AWAIT_JUMP:
            return say.gettext("{mover}: move the piece from the corner to a lit square.").format(
                mover=mover
            )
        return None

    def view(self, host: FlowHost, view_team: int | None) -> FlowView:
        """``steps`` while the lit piece is lifted: the squares it may step to."""
        steps = lifted_steps(host)
        return FlowView() if steps is None else FlowView(steps=hole_names(host, steps))

    def layers(self, host: FlowHost, now: float) -> list[Layer]:
        """The lifted lit piece's steps, lit in the mover's colour (the piece's square stays
        dim, as every square the dice allow)."""
        steps = lifted_steps(host)
        if steps is None:
            return []
        game = host.game
        colours = host.config.leds.team_colours
        return [holes_layer(steps, colours[game.team_of_seat[game.to_move] % len(colours)])]

    def _track(self, game: Flip4, sensed: Bitboard) -> None:
        rolls = [i for i, action in enumerate(game.actions) if action.kind == "roll"]
        turn = rolls[-1] if rolls else -1
        if turn != self._turn:
            self._turn, self.lifted = turn, 0
        self.lifted |= game.occupied & ~sensed

    def _step(self, game: Flip4, missing: Bitboard, extra: Bitboard) -> Action | None:
        if popcount(missing) == 1 and popcount(extra) == 1:
            source, target = first(missing), first(extra)
            if not game.reach >> source & 1:
                return None
            if game.targets(source) >> target & 1:
                return Action("move", hole=source, to=target)
            return self._through_corner(game, source, target)
        if missing or extra:
            return None
        own = game.men[game.team_of_seat[game.to_move]]
        candidates = [
            Action("move", hole=source, to=target)
            for source in scan_forward(game.reach & self.lifted)
            for target in scan_forward(game.targets(source) & self.lifted & ~own)
            if not CORNERS >> target & 1
        ]
        for source in scan_forward(game.reach & self.lifted):
            far = self.lifted & game.occupied & ~own & ~GRID.neighbours[source]
            for target in scan_forward(far):
                jump = self._through_corner(game, source, target)
                if jump is not None:
                    candidates.append(jump)
        return candidates[0] if len(candidates) == 1 else None

    def _through_corner(self, game: Flip4, source: int, target: int) -> Action | None:
        corner = game.targets(source) & CORNERS
        own = game.men[game.team_of_seat[game.to_move]]
        if corner and landing_squares(own, source) >> target & 1:
            return Action("move", hole=source, to=first(corner))
        return None

    def _landing(self, game: Flip4, missing: Bitboard, extra: Bitboard) -> Action | None:
        corner = game.men[game.team_of_seat[game.to_move]] & CORNERS
        if missing != corner or popcount(extra) != 1:
            return None
        target = first(extra)
        if game.reach >> target & 1:
            return Action("place", hole=target)
        assert game.jump_from is not None
        flipped = self.lifted & game.reach & game.occupied
        if target == game.jump_from and popcount(flipped) == 1:
            return Action("place", hole=first(flipped))
        return None


def lifted_steps(host: FlowHost) -> Bitboard | None:
    """Where the piece may step while exactly one lit piece is off the board and none is put
    down elsewhere yet (``None`` otherwise): its neighbours without a piece of its own."""
    game = host.game
    if not isinstance(game, Flip4) or game.phase != Phase.AWAIT_MOVE:
        return None
    sensed = host.sensed.occupied()
    lifted = game.reach & game.occupied & ~sensed
    if popcount(lifted) != 1 or sensed & ~game.occupied:
        return None
    return game.targets(first(lifted))


def in_play(game: Flip4) -> Bitboard:
    """The pieces a move under way may have lifted: the movable ones and the opponents' ones
    they may flip with (in a jump: the piece in the corner and the opponents it may land on)."""
    if game.phase == Phase.AWAIT_MOVE:
        reach = game.reach
        for source in scan_forward(game.reach):
            reach |= game.targets(source) & game.occupied
        return reach
    if game.phase == Phase.AWAIT_JUMP:
        return game.occupied & (CORNERS | game.reach)
    return 0


def first(mask: Bitboard) -> int:
    """The lowest square of a non-empty mask."""
    return next(scan_forward(mask))
