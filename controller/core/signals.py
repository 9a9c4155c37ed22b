"""What the board signals beyond the game itself: dice notices, the win animation, the banner.

The first two are timed: a notice shows for ``NOTICE_S`` on the status pixels, the winning line
flashes for ``win_animation_s``; ``expire`` ends them, ``next_deadline`` says when. The banner
(the page's) is the last notice or result: it stays until the next action, across the start of
the next game, so a lost turn or a win is read in full.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from controller.core.state import Event
from engine.bitboard import Bitboard
from engine.events import Event as GameEvent
from engine.events import FreeThrows, FreeThrowsEnded, GameOver, OpponentAnywhere, Rolled, TurnLost
from engine.holes import Naming

NOTICE_S = 2.0
"""How long a dice notice (turn lost, free throws, FLIX FLIX FLIX) shows on the status pixels."""


@dataclass(frozen=True)
class Notice:
    """A dice notice shown on the status pixels until ``until``."""

    kind: str
    seat: int
    until: float


class Signals:
    """The notice showing (if any) and the win animation (``win_until``: until when the
    ``win_line`` flashes; ``None``: not flashing)."""

    def __init__(self) -> None:
        self.notice: Notice | None = None
        self.win_line: Bitboard = 0
        self.win_until: float | None = None
        self.banner: Event | None = None
        """The event the page shows as a banner (as published, without its empty keys)."""

    def clear(self) -> None:
        """A new game or an undo: nothing flashes (the banner is the controller's to drop)."""
        self.notice = None
        self.win_line = 0
        self.win_until = None

    def note(self, published: Iterable[GameEvent], naming: Naming, now: float) -> None:
        """Show the dice notices (turn lost, free throws, FLIX FLIX FLIX) among the game's
        published events; the last notice or result becomes the banner (a lost turn with the
        throw that lost it)."""
        thrown = None
        for event in published:
            match event:
                case Rolled(throw=throw):
                    thrown = throw
                case TurnLost(seat=seat):
                    self._notice(event, seat, now)
                    self._banner({**event.to_json(naming), "throw": thrown})
                case FreeThrows(seat=seat) | FreeThrowsEnded(seat=seat):
                    self._notice(event, seat, now)
                    self._banner(event.to_json(naming))
                case OpponentAnywhere(opponent=opponent):
                    self._notice(event, opponent, now)
                    self._banner(event.to_json(naming))
                case GameOver():
                    self._banner(event.to_json(naming))

    def _notice(self, event: GameEvent, seat: int, now: float) -> None:
        self.notice = Notice(event.type, seat, now + NOTICE_S)

    def _banner(self, data: Event) -> None:
        self.banner = {key: value for key, value in data.items() if value is not None}

    def start_win(self, line: Bitboard, now: float, seconds: float) -> None:
        """Flash ``line`` for ``seconds`` (no animation without a line)."""
        self.win_line = line
        self.win_until = now + seconds if line else None

    def expire(self, now: float) -> tuple[bool, bool]:
        """End what is due by ``now``: whether a notice ended, whether the animation did."""
        notice_ended = self.notice is not None and now >= self.notice.until
        if notice_ended:
            self.notice = None
        win_ended = self.win_until is not None and now >= self.win_until
        if win_ended:
            self.win_until = None
        return notice_ended, win_ended

    def next_deadline(self) -> float | None:
        """When ``expire`` must run next, or ``None``."""
        times = [self.win_until, None if self.notice is None else self.notice.until]
        return min((t for t in times if t is not None), default=None)
