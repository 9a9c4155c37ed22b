"""The link's history in a remote game, as the page shows it at a glance: each drop (when, how
long, and whose: this board's connection to the broker, or the other board gone) and the round
trip now and its p95.

Everything here is measured by this board itself: a ``broker`` drop is this board's own
connection lost and found again; a ``peer`` drop is the other board's presence going from online
to gone and back (a presence sealed with the other board's key and newer than the last one
taken: a stranger can neither forge nor replay one); the round trip is the time from a
message published (QoS 1) to the broker's acknowledgement (PUBACK) on this board's own
connection, so it costs no message of its own. A guest also times its moves' round trip to
the other board: an order sent to the host until its outcome comes back (the host's log moved
on, or a refusal). The drops are kept with the remote game's state (``KEPT_FILE`` in the data
directory, for the game's id): a service started again shows the drops of its game so far; its
round trips start afresh.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import msgspec

from controller.core.state import LinkDropView, LinkHistoryView, LinkSide

DROPS_KEPT = 20
"""The latest drops kept (the count and the longest cover all of them)."""
RTT_WINDOW = 200
"""Round trips the p95 is taken over (the latest ones)."""
KEPT_FILE = "remote-link.json"
"""The file of the data directory that keeps a remote game's drops across a restart."""


class Kept(msgspec.Struct, forbid_unknown_fields=True):
    """The drops of a remote game as a service keeps them (the round trips are not kept)."""

    game_id: str
    drops: list[LinkDropView]
    drop_count: int
    longest_s: float


@dataclass
class _Drop:
    side: LinkSide
    at: float
    """Wall time (Unix seconds) the drop began."""
    began: float
    """Monotonic time it began."""
    ended: float | None = None


class LinkHistory:
    """The drops and round trips of one link (see the module docstring)."""

    def __init__(self, path: Path | None = None, game_id: str = "") -> None:
        """``path``: where the drops of game ``game_id`` are kept (``None``: nowhere); the
        drops kept there for that game come back (one going on when the service stopped
        ends at its start again: a new drop begins if the side is still gone)."""
        self._drops: deque[_Drop] = deque(maxlen=DROPS_KEPT)
        self._open: dict[LinkSide, _Drop] = {}
        self.count = 0
        self._longest_s = 0.0
        self._rtts: deque[float] = deque(maxlen=RTT_WINDOW)
        self._samples = 0
        self._moves: deque[float] = deque(maxlen=RTT_WINDOW)
        self._path, self._game_id = path, game_id
        kept = _kept(path)
        if kept is not None and kept.game_id == game_id:
            now, wall = time.monotonic(), time.time()
            for drop in kept.drops:
                lasted = max(wall - drop.at, drop.lasted_s) if drop.ongoing else drop.lasted_s
                self._drops.append(_Drop(drop.side, drop.at, now - lasted, now))
                self._longest_s = max(self._longest_s, lasted)
            self.count = max(kept.drop_count, len(self._drops))
            self._longest_s = max(self._longest_s, kept.longest_s)

    def lost(self, side: LinkSide) -> None:
        """``side`` is gone from now on (a second call before ``back`` changes nothing)."""
        if side in self._open:
            return
        drop = _Drop(side, time.time(), time.monotonic())
        self._open[side] = drop
        self._drops.append(drop)
        self.count += 1
        self._keep()

    def back(self, side: LinkSide) -> None:
        """``side`` is back: its drop ends."""
        drop = self._open.pop(side, None)
        if drop is not None:
            drop.ended = time.monotonic()
            self._longest_s = max(self._longest_s, drop.ended - drop.began)
            self._keep()

    def _keep(self) -> None:
        """Write the drops (a new file moved into place, for this user only)."""
        if self._path is None:
            return
        shown = self.shown()
        kept = Kept(self._game_id, shown.drops, shown.drop_count, shown.longest_s)
        fresh = self._path.with_suffix(".new")
        with contextlib.suppress(OSError):
            descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "wb") as out:
                out.write(msgspec.json.encode(kept))
            fresh.replace(self._path)

    def round_trip(self, seconds: float) -> None:
        """One round trip to the broker measured."""
        self._rtts.append(seconds * 1000)
        self._samples += 1

    def move_round_trip(self, seconds: float) -> None:
        """One move's round trip to the other board measured (an order to its outcome)."""
        self._moves.append(seconds * 1000)

    def shown(self) -> LinkHistoryView:
        """The history as ``/api/state`` shows it (a drop still going on counts to now)."""
        now = time.monotonic()
        drops = [
            LinkDropView(
                side=drop.side,
                at=round(drop.at, 1),
                lasted_s=round((drop.ended or now) - drop.began, 1),
                ongoing=drop.ended is None,
            )
            for drop in self._drops
        ]
        longest = max([self._longest_s, *(now - drop.began for drop in self._open.values())])
        return LinkHistoryView(
            drops=drops,
            drop_count=self.count,
            longest_s=round(longest, 1),
            rtt_ms=_latest(self._rtts),
            rtt_p95_ms=_p95(self._rtts),
            rtt_samples=self._samples,
            move_rtt_ms=_latest(self._moves),
            move_rtt_p95_ms=_p95(self._moves),
        )


def _kept(path: Path | None) -> Kept | None:
    if path is None or not path.exists():
        return None
    try:
        return msgspec.json.decode(path.read_bytes(), type=Kept)
    except (OSError, msgspec.DecodeError):
        return None


def _latest(times: deque[float]) -> float | None:
    return round(times[-1], 1) if times else None


def _p95(times: deque[float]) -> float | None:
    """The 95th percentile, nearest rank."""
    ordered = sorted(times)
    return round(ordered[math.ceil(0.95 * len(ordered)) - 1], 1) if ordered else None
