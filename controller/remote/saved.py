"""What remote play keeps in the data directory (``remote.json``, readable by this user only),
so a service killed and started again takes its place in the game again: the role, the codes,
the remote seats and the game's keys. The game itself is in the journal."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from controller.remote.link_history import KEPT_FILE

FILE_NAME = "remote.json"
INTS = ("seats", "codes", "failures", "watched", "missed")


@dataclass(frozen=True)
class Saved:
    role: str
    """``host``, ``joining`` (the exchange not done yet), ``guest`` or ``spectator``."""
    code: str
    spectator_code: str = ""
    seats: tuple[int, ...] = ()
    """The host's remote seats."""
    game_id: str = ""
    log_key: str = ""
    """The key of the host's messages (hex)."""
    host_key: str = ""
    """The host's signing key (the host's private one, a joined board's public one; hex)."""
    guest_key: str = ""
    """The key of the guest's messages (hex; none before a board joined, none for a spectator)."""
    to_guest: str = ""
    """The key of the host's MAC for the guest (hex; as ``guest_key``)."""
    codes: int = 1
    failures: int = 0
    """The join code's count of codes drawn and of wrong attempts (the host's)."""
    watched: int = 0
    """1 once a spectator joined (the host signs its messages; the host's)."""
    missed: int = 0
    """The join code's count of wrong gate proofs (the host's)."""


def load(data_dir: Path | None) -> Saved | None:
    """The saved link, or ``None`` (none saved, or a file this version cannot read)."""
    if data_dir is None:
        return None
    try:
        data = json.loads((data_dir / FILE_NAME).read_text(encoding="utf-8"))
        texts = {key: str(value) for key, value in data.items() if key not in INTS}
        return Saved(
            **texts,
            seats=tuple(int(seat) for seat in data.get("seats", [])),
            codes=int(data.get("codes", 1)),
            failures=int(data.get("failures", 0)),
            watched=int(data.get("watched", 0)),
            missed=int(data.get("missed", 0)),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def save(data_dir: Path | None, saved: Saved | None) -> None:
    """Write (atomically, for this user only) or, for ``None``, forget the saved link (and the
    drops of its link's history)."""
    if data_dir is None:
        return
    path = data_dir / FILE_NAME
    if saved is None:
        for gone in (path, data_dir / KEPT_FILE):
            with contextlib.suppress(FileNotFoundError):
                gone.unlink()
        return
    temporary = path.with_suffix(".tmp")
    data = {**asdict(saved), "seats": list(saved.seats)}
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(data, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
