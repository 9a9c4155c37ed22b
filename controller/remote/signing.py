"""Signed messages: a JSON body and an HMAC-SHA256 over its topic and its canonical text.

A message on the wire is ``{"msg": {...}, "mac": "<hex>"}``. The MAC covers the topic too, so a
message cannot be replayed on another game's or another role's topic.

>>> key = b"k" * 32
>>> wire = seal(key, "t/a", {"n": 1})
>>> opened(key, "t/a", wire)
{'n': 1}
>>> opened(key, "t/b", wire) is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

MAX_MESSAGE = 256 * 1024
"""The largest message read; a snapshot of the longest game is far smaller."""


def canonical(body: dict[str, Any]) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def mac(key: bytes, topic: str, body: dict[str, Any]) -> str:
    return hmac.new(key, topic.encode() + b"\n" + canonical(body), hashlib.sha256).hexdigest()


def seal(key: bytes, topic: str, body: dict[str, Any]) -> bytes:
    """The wire form of ``body`` on ``topic``."""
    return json.dumps({"msg": body, "mac": mac(key, topic, body)}, separators=(",", ":")).encode()


def opened(key: bytes, topic: str, payload: bytes) -> dict[str, Any] | None:
    """The body of a message whose MAC is right; ``None`` for anything else (forged, damaged,
    not JSON, too large)."""
    if len(payload) > MAX_MESSAGE:
        return None
    try:
        wire = json.loads(payload)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(wire, dict) or set(wire) != {"msg", "mac"}:
        return None
    body, given = wire["msg"], wire["mac"]
    if not isinstance(body, dict) or not isinstance(given, str):
        return None
    try:
        wanted = mac(key, topic, body)
    except (TypeError, ValueError):
        return None
    return body if hmac.compare_digest(wanted, given) else None
