"""Every answer the suite receives, checked against the OpenAPI document (docs/api/openapi.json,
generated from the API's classes): the schema of its path, method and status, by a real JSON
Schema validator. The shared test clients (``tests/api_harness.py``,
``tests/controller/controller_live.py``, ``tests/web/web_support.py``) hook ``check_response``
into every HTTP answer; a WebSocket message is checked with ``check_message``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import httpx
from jsonschema import Draft202012Validator

DOCUMENT = Path(__file__).parents[1] / "docs" / "api" / "openapi.json"


class SchemaMismatch(AssertionError):
    """An answer the document does not allow."""


@cache
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DOCUMENT.read_text())
    return loaded


@cache
def _validator(pointer: str) -> Draft202012Validator:
    """A validator of the schema at ``pointer`` in the document (its refs resolved there)."""
    schema: Any = document()
    for part in pointer.strip("/").split("/"):
        schema = schema[part.replace("~1", "/")]
    return Draft202012Validator({**schema, "components": document()["components"]})


@cache
def _templates() -> list[tuple[re.Pattern[str], str]]:
    return [
        (re.compile("^" + re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(path)) + "$"), path)
        for path in document()["paths"]
    ]


def _template(path: str) -> str | None:
    # a literal path first (``/api/games/stats`` before ``/api/games/{id}``)
    if path in document()["paths"]:
        return path
    return next((template for pattern, template in _templates() if pattern.match(path)), None)


def check(method: str, path: str, status: int, content_type: str, body: bytes) -> None:
    """``SchemaMismatch`` unless the document allows this answer to ``method path``."""
    if not path.startswith("/api/"):
        return  # the page and its files
    template = _template(path)
    error = "/components/schemas/Error"
    if template is None or method.lower() not in document()["paths"][template]:
        if status not in (403, 404, 405, 429):
            raise SchemaMismatch(f"{method} {path}: {status} from a path the document lacks")
        _validate(error, body, f"{method} {path} {status}")
        return
    if method == "HEAD":
        return
    responses = document()["paths"][template][method.lower()]["responses"]
    if str(status) not in responses:
        raise SchemaMismatch(
            f"{method} {path}: status {status} is not in the document ({', '.join(responses)}): "
            f"{body[:300]!r}"
        )
    media = content_type.partition(";")[0].strip() or "application/json"
    content = responses[str(status)]["content"]
    if media not in content:
        raise SchemaMismatch(f"{method} {path} {status}: {media} is not in the document")
    if media != "application/json":
        return
    parts = ("paths", template, method.lower(), "responses", str(status), "content", media)
    pointer = "/" + "/".join(part.replace("/", "~1") for part in (*parts, "schema"))
    _validate(pointer, body, f"{method} {path} {status}")


def _validate(pointer: str, body: bytes, what: str) -> None:
    try:
        value = json.loads(body)
    except ValueError:
        raise SchemaMismatch(f"{what}: not JSON: {body[:300]!r}") from None
    errors = sorted(_validator(pointer).iter_errors(value), key=lambda e: list(e.path))
    if errors:
        first = errors[0]
        where = "/".join(str(part) for part in first.absolute_path)
        raise SchemaMismatch(f"{what}: breaks the schema at /{where}: {first.message[:500]}")


def check_response(response: httpx.Response) -> None:
    """Check a read HTTP answer (the synchronous clients' hook)."""
    response.read()
    check(
        response.request.method,
        response.request.url.path,
        response.status_code,
        response.headers.get("content-type", ""),
        response.content,
    )


async def acheck_response(response: httpx.Response) -> None:
    """Check an HTTP answer (the asynchronous clients' hook)."""
    await response.aread()
    check_response(response)


def check_message(text: str | bytes) -> None:
    """Check a message of ``WS /api/events``."""
    raw = text.encode() if isinstance(text, str) else text
    _validate("/components/schemas/EventsMessage", raw, "WS /api/events message")


def checked() -> httpx.Client:
    """The client of the tests' plain requests, each answer checked (``check_response``)."""
    return _CLIENT


def received(socket: Any, timeout: float = 30.0) -> str:
    """The next message of a ``websockets`` client on ``WS /api/events``, checked."""
    text = str(socket.recv(timeout=timeout))
    check_message(text)
    return text


HOOKS: dict[str, list[Any]] = {"response": [check_response]}
"""``event_hooks`` for an ``httpx.Client``."""
ASYNC_HOOKS: dict[str, list[Any]] = {"response": [acheck_response]}
"""``event_hooks`` for an ``httpx.AsyncClient``."""
_CLIENT = httpx.Client(timeout=10.0, event_hooks=HOOKS)
