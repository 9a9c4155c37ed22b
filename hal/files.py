"""Reading a file that a setting names: a regular file only, and never more than a bound.

A setting may name any path (a wiring file, a broker's certificate, a voice): ``/dev/zero`` or
a FIFO must not hang nor fill the memory, so the file is opened without blocking, looked at
through its open descriptor (no race with a rename), refused unless it is a regular file, and
read to at most ``limit`` bytes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class SettingFileError(OSError):
    """A file a setting names that cannot be used: missing, unreadable, not a regular file, or
    larger than its bound. Its ``reason`` says which (for the service's own log)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason


def read_setting_file(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; a
    ``SettingFileError`` otherwise."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise SettingFileError(path, error.strerror or "cannot open it") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise SettingFileError(path, "not a regular file")
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(descriptor, min(65536, limit + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise SettingFileError(path, f"larger than {limit} bytes")
        return b"".join(chunks)
    except SettingFileError:
        raise
    except OSError as error:
        raise SettingFileError(path, error.strerror or "cannot read it") from None
    finally:
        os.close(descriptor)


def check_setting_file(path: str | Path, limit: int) -> None:
    """A ``SettingFileError`` unless ``path`` is a regular file of at most ``limit`` bytes that
    this process may open (for a file another program reads: a voice, a certificate)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as error:
        raise SettingFileError(path, error.strerror or "cannot open it") from None
    try:
        status = os.fstat(descriptor)
    finally:
        os.close(descriptor)
    if not stat.S_ISREG(status.st_mode):
        raise SettingFileError(path, "not a regular file")
    if status.st_size > limit:
        raise SettingFileError(path, f"larger than {limit} bytes")
