"""Start the speech engine's process without holding the interpreter.

``os.posix_spawn`` keeps Python's interpreter lock while the C library's ``posix_spawn`` waits
for the new process to start its program (a vfork: the caller sleeps until the child's
``exec``). On a busy machine the child may wait tens of milliseconds for a CPU, and every
thread of the service, its loop among them, waits with it. The C library's own
``posix_spawn``, called through ``ctypes`` (which lets go of the lock around a foreign call),
starts the same process while the loop runs on.
"""

from __future__ import annotations

import ctypes
import os

_LIBC = ctypes.CDLL(None, use_errno=True)
_FILE_ACTIONS = ctypes.c_char * 256
"""Room for a ``posix_spawn_file_actions_t`` (80 bytes in glibc and musl)."""
_LIBC.posix_spawn.restype = ctypes.c_int
_LIBC.posix_spawn.argtypes = [
    ctypes.POINTER(ctypes.c_int),
    ctypes.c_char_p,
    ctypes.c_void_p,
    ctypes.c_void_p,
    ctypes.POINTER(ctypes.c_char_p),
    ctypes.POINTER(ctypes.c_char_p),
]


def _strings(items: list[bytes]) -> ctypes.Array[ctypes.c_char_p]:
    """A ``NULL``-terminated ``char *[]``."""
    return (ctypes.c_char_p * (len(items) + 1))(*items, None)


def spawn(argv: list[str], stdin: int, stdout: int, errors: str = os.devnull) -> int:
    """Start ``argv`` (``argv[0]`` a path) with ``stdin`` and ``stdout`` as its standard input
    and output and its errors written to the file ``errors``, in this process's environment;
    its pid. ``OSError`` when it cannot start."""
    actions = _FILE_ACTIONS()
    check = _LIBC.posix_spawn_file_actions_init(actions)
    if check != 0:
        raise OSError(check, os.strerror(check))
    try:
        for fd, target in ((stdin, 0), (stdout, 1)):
            _LIBC.posix_spawn_file_actions_adddup2(actions, fd, target)
        _LIBC.posix_spawn_file_actions_addopen(actions, 2, os.fsencode(os.devnull), os.O_WRONLY, 0)
        pid = ctypes.c_int()
        environment = [b"%s=%s" % item for item in os.environb.items()]
        error = _LIBC.posix_spawn(
            ctypes.byref(pid),
            os.fsencode(argv[0]),
            actions,
            None,
            _strings([os.fsencode(word) for word in argv]),
            _strings(environment),
        )
    finally:
        _LIBC.posix_spawn_file_actions_destroy(actions)
    if error != 0:
        raise OSError(error, f"cannot start {argv[0]}: {os.strerror(error)}")
    return pid.value
