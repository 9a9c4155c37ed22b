"""The one place where errors become HTTP statuses: every route answers through ``answer``.

An error answers ``{"error": message}`` with the status of its kind; nothing was changed. The
rules' words (an ``engine.phrase.Phrase``) are said in the language the request asks for
(``Accept-Language``, as the page sends its own), else in English.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from starlette.requests import Request
from starlette.responses import Response

from controller.errors import (
    BadOrder,
    BodyTooLarge,
    Forbidden,
    NotFound,
    NotJson,
    NotNow,
    TooMany,
    Unauthorized,
)
from controller.i18n import DEFAULT_LANGUAGE, LANGUAGES, language, refusal_said
from controller.records.journal import JournalError
from controller.server.bodies import Answer, Error
from engine.errors import FlixError, IllegalAction
from hal.errors import HalError

R = TypeVar("R", bound=Response)

STATUSES: tuple[tuple[type[Exception], int], ...] = (
    (BodyTooLarge, 413),
    (NotJson, 415),
    (BadOrder, 400),
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (NotNow, 409),
    (TooMany, 429),  # a client over its rate (``controller.server.limits``)
    (IllegalAction, 409),  # a legal order at the wrong moment of the game
    (HalError, 409),  # the board (or the simulator's hands) cannot do it now
    (FlixError, 400),  # any other rules error: the order does not fit the game
    (JournalError, 503),  # the journal cannot store the order: it was not carried out
)
"""First match wins: a subclass comes before its base."""
LANGUAGE_RANGES = 32
"""The ranges of an ``Accept-Language`` read (a browser sends a handful)."""
WEIGHT = re.compile(r"0(\.[0-9]{0,3})?|1(\.0{0,3})?")
"""A range's weight as RFC 9110 writes it (``q=0.8``)."""


@contextmanager
def in_this_game() -> Iterator[None]:
    """Around carrying out an order whose request the document allows (its body read into its
    class, its bounds checked): what the game or the board refuses then (a seat beyond this
    game's players, a hole not on this board, tokens in a game without) is a 409, in the rules'
    words; 400 stays for what the document refuses."""
    try:
        yield
    except (BadOrder, FlixError) as error:
        if isinstance(error, IllegalAction):
            raise
        raise NotNow(*error.args) from error


def error_response(status: int, message: str) -> Answer:
    return Answer(Error(message), status_code=status)


def asked_language(request: Request) -> str:
    """The language the board speaks that the request's ``Accept-Language`` weighs highest
    (the first of equal weight; ``q=0`` or a malformed weight refuses it), else English. Only
    the first ``LANGUAGE_RANGES`` ranges are read."""
    chosen, best = DEFAULT_LANGUAGE, 0.0
    header = request.headers.get("accept-language", "")
    for part in header.split(",", LANGUAGE_RANGES)[:LANGUAGE_RANGES]:
        tag, _, parameters = part.partition(";")
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and (weight := _weight(parameters)) > best:
            chosen, best = code, weight
    return chosen


def _weight(parameters: str) -> float:
    """The ``q`` of a language range's parameters (1 without one, 0 when malformed)."""
    for parameter in parameters.split(";"):
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            return float(value) if WEIGHT.fullmatch(value.strip()) else 0.0
    return 1.0


def refusal_words(error: Exception, request: Request) -> str:
    """What ``error`` says, in the request's language when it is the rules' words."""
    said = refusal_said(error)
    if said is not None:
        return said.in_language(language(asked_language(request)))
    return str(error)


def status_of(error: Exception) -> int | None:
    """The HTTP status of a refused order, or ``None`` for an error that is a fault (500)."""
    for kind, status in STATUSES:
        if isinstance(error, kind):
            return status
    return None


def answer(
    handler: Callable[[Request], Awaitable[R]],
) -> Callable[[Request], Awaitable[R | Answer]]:
    """``handler`` (answering JSON, or text) with its refusals answered by their status."""

    async def endpoint(request: Request) -> R | Answer:
        try:
            return await handler(request)
        except Exception as error:
            status = status_of(error)
            if status is None:
                raise
            response = error_response(status, refusal_words(error, request))
            if isinstance(error, TooMany):
                response.headers["retry-after"] = str(max(1, math.ceil(error.retry_after)))
            return response

    return endpoint
