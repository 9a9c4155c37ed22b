"""A simulated board's end of its USB serial: a pty, and its stable name, a symlink the host
opens, swapped atomically."""

from __future__ import annotations

import contextlib
import os
import tty
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


class SerialPty:
    """The pty a simulated Pico's USB serial runs on, named by ``link`` (as udev names a real
    board) while plugged in; ``master`` is the board's end, -1 while unplugged."""

    def __init__(self, link: Path | None) -> None:
        self.link = link
        self.master = -1
        self._slave = -1
        self.path: str | None = None
        """The pty last plugged in (``None`` before the first)."""

    def plug(self) -> int:
        """A new pty (raw; its master non-blocking), the link pointed at it; the master."""
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self.master, self._slave = master, slave
        self.path = os.ttyname(slave)
        if self.link is not None:
            point_link(self.link, self.path)
        return master

    def unplug(self) -> None:
        """The cable pulled: the link removed, the pty closed (nothing when unplugged)."""
        if self.master < 0:
            return
        if self.link is not None:
            drop_link(self.link)
        os.close(self.master)
        os.close(self._slave)
        self.master = self._slave = -1
