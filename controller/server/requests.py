"""Reading requests: who may send an order, and its JSON body, checked.

A body is taken only as JSON (or what ``curl -d`` sends), at most ``MAX_BODY`` bytes, and must
be an object with the endpoint's keys and types, its strings Unicode text (JSON's ``\\ud800``
escape writes a lone surrogate, which no text holds); anything else raises a ``BadOrder``.

A token is compared only for a client that has not sent too many wrong ones
(``controller.server.limits.Logins``): past them, a 429 answers before any comparison.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import TYPE_CHECKING, TypeVar

import msgspec
from starlette.requests import HTTPConnection, Request

from controller.errors import (
    BadOrder,
    BodyTooLarge,
    Forbidden,
    NotJson,
    TooMany,
    Unauthorized,
)
from controller.server.bodies import refusal
from controller.server.numbers import MAX_DIGITS, loads_json

if TYPE_CHECKING:
    from controller.server.web_service import WebService

MAX_BODY = 64 * 1024
"""The largest request body taken; every order fits in a few hundred bytes."""
B = TypeVar("B", bound=msgspec.Struct)
_SURROGATE = re.compile(r"[\ud800-\udfff]")
BODY_TYPES = ("application/json", "application/x-www-form-urlencoded")
"""Content types a JSON body may come with: JSON, or what ``curl -d`` sends by default."""


def has_token(connection: HTTPConnection, service: WebService, *, refuse: bool = True) -> bool:
    """Whether the request carries ``Authorization: Bearer <token>`` (compared in constant
    time). A client that sent too many wrong tokens is refused first, whatever it sends now
    (``TooMany``; with ``refuse=False``, for a read, it counts as without the token); a wrong
    one counts against its client, a request without one does not."""
    given = connection.headers.get("authorization")
    if given is None:
        return False
    address = client_address(connection)
    try:
        service.logins.check(address)
    except TooMany:
        if refuse:
            raise
        return False
    if secrets.compare_digest(given.encode(), f"Bearer {service.token}".encode()):
        return True
    service.logins.wrong(address)
    return False


def check_sender(request: Request, service: WebService) -> None:
    """Refuse an order without the token (where one is needed) or from a page of another
    site."""
    if service.token_required and not has_token(request, service):
        raise Unauthorized(
            "this board needs 'Authorization: Bearer <token>' on every order (POST, hints)"
        )
    if cross_site(request):
        origin = request.headers.get("origin")
        raise Forbidden(f"refused: a page of another site ({origin}) may not drive the board")


def check_order(request: Request, service: WebService) -> None:
    """A request with effects (a POST, a hint): from a sender that may drive the board
    (``check_sender``), within its client's rate (``controller.server.limits``)."""
    check_sender(request, service)
    service.limits.take(client_address(request))


def check_owner(request: Request, service: WebService) -> None:
    """A request of the board's owner (the settings, the Pico's update): the token, on this
    machine too, from this site, within the client's rate."""
    if not has_token(request, service):
        raise Unauthorized(
            "the settings need 'Authorization: Bearer <token>' (the board's token: printed "
            "when it was first started, shown on the settings page)"
        )
    if cross_site(request):
        raise Forbidden("refused: a page of another site may not change the settings")
    service.limits.take(client_address(request))


def client_address(connection: HTTPConnection) -> str:
    """The address of the client that sent the request (``""`` when the server knows none)."""
    return connection.client.host if connection.client is not None else ""


def cross_site(request: HTTPConnection) -> bool:
    """Whether a browser sent this request (or opened this WebSocket) from a page of another
    site (``Origin`` names another host than the one asked): such a page must not drive the
    board nor watch it."""
    if request.headers.get("sec-fetch-site", "").lower() == "cross-site":
        return True  # a browser says so even where it sends no Origin (a GET from an <img>)
    origin = request.headers.get("origin")
    if origin is None:
        return False
    host = request.headers.get("host", "")
    scheme, sep, rest = origin.partition("://")
    return not sep or scheme not in ("http", "https") or rest.rstrip("/").lower() != host.lower()


def _check_content_type(request: Request) -> None:
    given = request.headers.get("content-type")
    if given is None:
        return
    kind = given.partition(";")[0].strip().lower()
    if kind in BODY_TYPES or (kind.startswith("application/") and kind.endswith("+json")):
        return
    raise NotJson(f"the body must be JSON (Content-Type: application/json), not {given!r}")


async def _read_body(request: Request) -> bytes:
    """The raw body, refused beyond ``MAX_BODY`` bytes without reading the rest."""
    declared = request.headers.get("content-length", "")
    if (
        declared.isascii()
        and declared.isdigit()
        and (len(declared) > MAX_DIGITS or int(declared) > MAX_BODY)
    ):
        raise BodyTooLarge(f"the body is too large: {declared} bytes (at most {MAX_BODY})")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BodyTooLarge(f"the body is too large (at most {MAX_BODY} bytes)")
        chunks.append(chunk)
    return b"".join(chunks)


def _check_texts(data: object) -> None:
    """Refuse a body with a string (a value or a key, at any depth) that is no Unicode text:
    a lone surrogate (``"\\ud800"``) cannot be encoded, nor stored, nor said."""
    waiting = [data]
    while waiting:
        item = waiting.pop()
        if isinstance(item, dict):
            waiting.extend(item.keys())
            waiting.extend(item.values())
        elif isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, str) and _SURROGATE.search(item):
            raise BadOrder(
                "the body is not JSON this API takes: a string holds a lone surrogate "
                "(\\ud800-\\udfff), which is no Unicode text"
            )


async def read_body(request: Request, kind: type[B]) -> B:
    """The JSON object of the request as ``kind`` (``controller.server.bodies``), checked: known
    keys only, required keys present, types."""
    _check_content_type(request)
    raw = await _read_body(request)
    if not raw:  # no body: no keys (whitespace alone is no JSON value)
        data: object = {}
    else:
        try:
            data = loads_json(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise BadOrder(f"the body is not JSON: {error}") from None
        except RecursionError:
            raise BadOrder("the body is not JSON this API takes: nested too deeply") from None
    if not isinstance(data, dict):
        raise BadOrder("the body must be a JSON object")
    _check_texts(data)
    fields = msgspec.structs.fields(kind)
    known = [field.name for field in fields]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise BadOrder(
            f"unknown key {unknown[0]!r}; this endpoint takes {', '.join(known) or 'no keys'}"
        )
    for field in fields:
        if field.required and field.name not in data:
            raise BadOrder(f"missing key {field.name!r}")
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as error:
        raise BadOrder(refusal(kind, data, str(error))) from None
