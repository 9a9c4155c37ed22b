"""The board flow of Olix: a counter placed on a lit cell is committed like any placement; the
LEDs light the patterns the last placement scored, each in its player's colour, and the win
animation flashes the super-pattern (or the winner's last pattern when the grid filled)."""

from __future__ import annotations

from typing import cast

from controller.flows.base import FlowHost, VariantFlow, mover_words, without_fix
from controller.i18n import Language
from engine.bitboard import Bitboard
from engine.game import Phase
from engine.olix import Olix


def _game(host: FlowHost) -> Olix:
    return cast(Olix, host.game)  # the registry gives this flow Olix games only


class OlixFlow(VariantFlow):
    """Olix adds no board steps of its own, only what the LEDs show."""

    def message(self, host: FlowHost, say: Language) -> str | None:
        if host.game.phase == Phase.AWAIT_PLACE:
            return say.gettext("{mover}: place a counter on any empty cell.").format(
                mover=mover_words(host, say)
            )
        return None

    def lit_lines(self, host: FlowHost) -> list[tuple[int, Bitboard]]:
        """The patterns just scored (by the last placement), the cells to fix left out."""
        game = _game(host)
        fresh = [(e.team, e.pattern.cells) for e in game.scored if e.serial == game.placements]
        return without_fix(host, fresh)

    def win_line(self, host: FlowHost) -> Bitboard:
        game = _game(host)
        won = [entry.pattern.cells for entry in game.scored if entry.team == game.winner]
        return won[-1] if won else 0
