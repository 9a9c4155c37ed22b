"""The controller's one error root: every refused order raises a ``ControllerError``.

Each kind says what went wrong, not how a caller shows it; the web server maps them to HTTP
statuses in one place (``controller.server.statuses``). Nothing changes when one is raised.
"""

from __future__ import annotations


class ControllerError(Exception):
    """An order the controller cannot carry out; nothing was changed."""


class BadOrder(ControllerError, ValueError):
    """The order itself is malformed: unknown variant, bad faces, bad seat, a body of the wrong
    shape."""


class Forbidden(ControllerError):
    """The order may not come from where it came from (a page of another site)."""


class NotFound(ControllerError):
    """The order names something this service does not have (hands on a real board)."""


class Unauthorized(ControllerError):
    """The order needs the service's token and came without it (or with a wrong one)."""


class NotNow(ControllerError):
    """The order is valid but not in the current state (the board needs fixing, wrong phase)."""


class BodyTooLarge(BadOrder):
    """A request body larger than any order."""


class NotJson(BadOrder):
    """A request body that says it is not JSON."""


class TooMany(ControllerError):
    """A client sent orders faster than the service takes them from one address; another may
    come in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after
