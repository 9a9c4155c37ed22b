"""The board against the game: the settled reading, the mismatch, and when to say what to fix.

``BoardSync`` knows nothing of orders or the journal: the board controller feeds it readings
and the mismatch it reconciles, and publishes the events it answers (``board_mismatch``,
``board_matched``, ``fix_hint``).
"""

from __future__ import annotations

from collections.abc import Callable

from controller import words
from controller.core.settle import Settler
from controller.core.state import BoardMatched, BoardMismatch, FixHint, Happened
from controller.reconcile import Mismatch
from engine.bitboard import Bitboard, popcount, scan_forward
from engine.holes import Naming
from hal.base import BoardReading

Describe = Callable[[Mismatch], list[str]]
"""The fix sentences of a mismatch."""


class BoardSync:
    """The settled board, its mismatch with the game, and the fix words once they are due: at
    once while ``guided`` (after a start, an undo or a penalty), else after ``fix_after_s``."""

    def __init__(self, settle_s: float, fix_after_s: float, initial: BoardReading) -> None:
        self.settler = Settler(settle_s, initial)
        self.fix_after_s = fix_after_s
        self.mismatch = Mismatch()
        self.fix_words: list[str] = []
        self.guided = True
        self.connected = True
        self.revision = 0
        """Grows whenever the settled board, the mismatch or the fix words change."""
        self._last_settled = initial.holes
        self._fix_due: float | None = None

    @property
    def sensed(self) -> BoardReading:
        """The settled board."""
        return self.settler.stable

    def next_deadline(self) -> float | None:
        """When ``advance`` or ``due_words`` must run even if nothing else happens."""
        times = [self.settler.next_deadline()]
        if self._fix_due is not None and not self.fix_words:
            times.append(self._fix_due)
        return min((t for t in times if t is not None), default=None)

    def advance(self, reading: BoardReading | None, now: float) -> Bitboard | None:
        """Take a raw reading; when the board has settled anew, the holes whose piece changed
        since the last settled board (else ``None``)."""
        if reading is not None:
            self.settler.observe(reading, now)
        if not self.settler.advance(now):
            return None
        return self._settled()

    def take(self, reading: BoardReading, holes: Bitboard, now: float) -> Bitboard | None:
        """Take a raw reading in which the board's own hands have moved the pieces of ``holes``:
        those are settled at once; the holes whose piece changed, as ``advance``."""
        self.settler.observe(reading, now)
        if not self.settler.accept(holes, now):
            return None
        return self._settled()

    def _settled(self) -> Bitboard:
        self.revision += 1
        before, self._last_settled = self._last_settled, self.sensed.holes
        return sum(
            1 << hole
            for hole, (was, now_is) in enumerate(zip(before, self.sensed.holes, strict=True))
            if was != now_is
        )

    def new_piece(self, mismatch: Mismatch, changed: Bitboard) -> int | None:
        """The one hole a new piece may be committed in: a piece newly extra, or an extra piece
        swapped for another kind (a Burocrat taken out and a Man put in within ``settle_ms``
        never reads as empty); ``None`` when the board shows anything else."""
        if mismatch.grooves or mismatch.missing or mismatch.wrong_kind:
            return None
        new = mismatch.extra & (~self.mismatch.extra | changed)
        if popcount(mismatch.extra) == 1 and new:
            return next(scan_forward(new))
        return None

    def refresh(
        self, mismatch: Mismatch, now: float, naming: Naming, describe: Describe
    ) -> list[Happened]:
        """Take the board's new mismatch with the game; the events to publish."""
        if mismatch.clean:
            self.guided = False
        if mismatch == self.mismatch:
            return []
        self.revision += 1
        was_clean = self.mismatch.clean
        self.mismatch = mismatch
        if mismatch.clean:
            self._fix_due = None
            self.fix_words = []
            return [] if was_clean else [BoardMatched()]
        view = words.mismatch_view(mismatch, naming)
        events: list[Happened] = [
            BoardMismatch(
                missing=view.missing,
                extra=view.extra,
                wrong_kind=view.wrong_kind,
                grooves=view.grooves,
            )
        ]
        due = now if self.guided else now + self.fix_after_s
        self._fix_due = due if was_clean or self._fix_due is None else min(self._fix_due, due)
        if self.fix_words or now >= self._fix_due:
            events.extend(self._show_fix_words(describe))
        return events

    def due_words(self, now: float, describe: Describe) -> list[Happened]:
        """The fix words, once their time has come; the events to publish."""
        if self._fix_due is not None and not self.fix_words and now >= self._fix_due:
            return self._show_fix_words(describe)
        return []

    def _show_fix_words(self, describe: Describe) -> list[Happened]:
        fix = describe(self.mismatch)
        if fix == self.fix_words:
            return []
        self.fix_words = fix
        self.revision += 1
        return [FixHint(words=fix)]
