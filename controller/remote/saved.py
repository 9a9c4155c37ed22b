"""What remote play keeps in the data directory (``remote.json``), so a service killed and
started again takes its place in the game again: the role, the codes and the remote seats.
The game itself is in the journal."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

FILE_NAME = "remote.json"


@dataclass(frozen=True)
class Saved:
    role: str
    """``host`` or ``guest`` (a guest learns from the host's snapshot whether it only watches)."""
    code: str
    spectator_code: str = ""
    seats: tuple[int, ...] = ()
    """The host's remote seats."""


def load(data_dir: Path | None) -> Saved | None:
    """The saved link, or ``None`` (none saved, or a file this version cannot read)."""
    if data_dir is None:
        return None
    try:
        data = json.loads((data_dir / FILE_NAME).read_text(encoding="utf-8"))
        return Saved(
            str(data["role"]),
            str(data["code"]),
            str(data.get("spectator_code", "")),
            tuple(int(seat) for seat in data.get("seats", [])),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save(data_dir: Path | None, saved: Saved | None) -> None:
    """Write (atomically) or, for ``None``, forget the saved link."""
    if data_dir is None:
        return
    path = data_dir / FILE_NAME
    if saved is None:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        return
    temporary = path.with_suffix(".tmp")
    data = {**asdict(saved), "seats": list(saved.seats)}
    with temporary.open("w", encoding="utf-8") as out:
        json.dump(data, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
