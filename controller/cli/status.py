"""The exit statuses of every ``flixboard`` command, one per kind of outcome."""

from __future__ import annotations

OK = 0
"""Done (for ``selftest``: every check passed)."""
FAILED = 1
"""The program's own failure, or the board's while it runs (for ``selftest``: a check failed)."""
USER_FAULT = 2
"""What the user gave cannot be used: an option or its value, a file (configuration, script,
record, journal, game records), a data directory, a game id, a board or port that does not
answer at start. The message says which."""
