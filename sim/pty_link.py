"""The stable name of a simulated board's pty: a symlink the host opens, swapped atomically."""

from __future__ import annotations

import contextlib
from pathlib import Path


def point_link(link: Path, target: str) -> None:
    """Make ``link`` a symlink to ``target`` (a pty), replacing any old one in one step."""
    temporary = link.with_name(link.name + ".new")
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()
    temporary.symlink_to(target)
    temporary.replace(link)


def drop_link(link: Path) -> None:
    """Remove ``link`` (the cable is pulled); a link already gone is fine."""
    with contextlib.suppress(FileNotFoundError):
        link.unlink()
