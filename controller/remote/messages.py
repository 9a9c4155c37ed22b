"""The topic tree and the message bodies of remote play (schemas in docs/REMOTE.md).

Every topic is under ``flixboard/v2/games/<game-id>/`` (a random id the host draws); every
message is sealed (``controller.remote.sealing``). ``read_*`` check a body's shape and raise
``Malformed`` for anything else, so a message that is sealed but not of this version is dropped,
never half-used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from controller.variants import SPECS

BASE = "flixboard/v2"
"""Every topic of this protocol (games and join exchanges)."""
ROOT = f"{BASE}/games"
SNAPSHOT = "snapshot"
"""Host: the game from its start (retained)."""
LOG = "log"
"""Host: one entry of the game's log."""
REFUSED = "refused"
"""Host: an order it did not apply, and why."""
ORDERS = "orders"
"""Guest: an action it asks the host to apply."""
HELLO = "hello"
"""Guest: where it is; the host answers with a snapshot."""
PRESENCE = "presence"
"""``presence/host`` and ``presence/guest``: online or gone (retained; the will says gone)."""
SIDES = ("host", "guest")
ACTION_KEYS = ("kind", "seat", "hole", "throw", "piece", "to")
"""What a guest's order may say of an action: the host stamps the time."""
VARIANTS = tuple(name for name, spec in SPECS.items() if spec.carried)
"""The variants played remotely (``VariantSpec.carried``): their only hidden fact is the dice,
which the host throws (Olix has none). Pay-Off's dealt tokens are hidden information and never
travel; Tac-T-Flix is not carried yet."""
HIDDEN = tuple(name for name, spec in SPECS.items() if spec.hidden)
"""Variants with hidden information (dealt tokens): never started on a hosted link."""
ORDER_KINDS = ("roll", "place", "move", "call", "penalty", "request_block", "resign")


class Malformed(ValueError):
    """A signed body that is not a message of this version."""


def topic(game_id: str, leaf: str) -> str:
    return f"{ROOT}/{game_id}/{leaf}"


@dataclass(frozen=True)
class LogEntry:
    """One entry of a game's log: an engine action as JSON (a roll with its faces) or a
    take-back (``undo``, no data)."""

    kind: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data}


@dataclass(frozen=True)
class Snapshot:
    game: int
    new_game: dict[str, Any]
    log: tuple[LogEntry, ...]
    remote_seats: tuple[int, ...]


@dataclass(frozen=True)
class Presence:
    """A side online or gone: ``since`` names its connection (the number of the will set when
    it connected: only a later connection's presence, or the gone of the same one, is news);
    ``left`` when it left the game for good."""

    side: str
    online: bool
    since: int
    left: bool

    def rank(self) -> tuple[int, int]:
        """Presences of one side in the order they were true."""
        return self.since, 0 if self.online else 1


@dataclass(frozen=True)
class Entry:
    game: int
    n: int
    entry: LogEntry


@dataclass(frozen=True)
class Order:
    game: int
    base: int
    nonce: str
    action: dict[str, Any]


def snapshot_body(
    game: int,
    new_game: dict[str, Any],
    log: list[LogEntry],
    remote_seats: tuple[int, ...],
) -> dict[str, Any]:
    return {
        "type": SNAPSHOT,
        "game": game,
        "new_game": new_game,
        "log": [entry.to_json() for entry in log],
        "seats": list(remote_seats),
    }


def entry_body(game: int, n: int, entry: LogEntry) -> dict[str, Any]:
    return {"type": "entry", "game": game, "n": n, **entry.to_json()}


def order_body(game: int, base: int, nonce: str, action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "order", "game": game, "base": base, "nonce": nonce, "action": action}


def refused_body(nonce: str, reason: str) -> dict[str, Any]:
    return {"type": REFUSED, "nonce": nonce, "reason": reason}


def hello_body(game: int, have: int, nonce: str) -> dict[str, Any]:
    return {"type": HELLO, "game": game, "have": have, "nonce": nonce}


def presence_body(presence: Presence) -> dict[str, Any]:
    return {
        "type": PRESENCE,
        "side": presence.side,
        "online": presence.online,
        "since": presence.since,
        "left": presence.left,
    }


def welcome_body(role: str, game_id: str, log_key: bytes, host_key: bytes) -> dict[str, Any]:
    """What the host tells a board that joined (sealed under the join exchange's key)."""
    return {
        "type": "welcome",
        "role": role,
        "game_id": game_id,
        "log_key": log_key.hex(),
        "host_key": host_key.hex(),
    }


def _whole(body: dict[str, Any], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise Malformed(f"{key} must be a whole number, not {value!r}")
    return value


def _text(body: dict[str, Any], key: str, limit: int = 200) -> str:
    value = body.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise Malformed(f"{key} must be a short text, not {value!r}")
    return value


def _typed(body: dict[str, Any], kind: str) -> None:
    if body.get("type") != kind:
        raise Malformed(f"expected a {kind} message, not {body.get('type')!r}")


def _log_entry(value: object) -> LogEntry:
    if not isinstance(value, dict) or value.get("kind") not in ("action", "undo"):
        raise Malformed(f"not a log entry: {value!r}")
    data = value.get("data")
    if not isinstance(data, dict):
        raise Malformed(f"a log entry's data must be an object: {value!r}")
    return LogEntry(value["kind"], data)


def read_snapshot(body: dict[str, Any]) -> Snapshot:
    _typed(body, SNAPSHOT)
    new_game, log, seats = body.get("new_game"), body.get("log"), body.get("seats")
    if not isinstance(new_game, dict) or not isinstance(log, list) or not isinstance(seats, list):
        raise Malformed("a snapshot has new_game, log and seats")
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 6 for s in seats):
        raise Malformed(f"seats must be seat numbers: {seats!r}")
    entries = tuple(_log_entry(item) for item in log)
    return Snapshot(_whole(body, "game"), new_game, entries, tuple(seats))


def read_entry(body: dict[str, Any]) -> Entry:
    _typed(body, "entry")
    entry = _log_entry({"kind": body.get("kind"), "data": body.get("data")})
    return Entry(_whole(body, "game"), _whole(body, "n"), entry)


def read_order(body: dict[str, Any]) -> Order:
    _typed(body, "order")
    action = body.get("action")
    if not isinstance(action, dict) or set(action) - set(ACTION_KEYS):
        raise Malformed(f"an order's action has only {', '.join(ACTION_KEYS)}: {action!r}")
    if action.get("kind") not in ORDER_KINDS:
        raise Malformed(f"not an order a guest may give: {action.get('kind')!r}")
    return Order(_whole(body, "game"), _whole(body, "base"), _text(body, "nonce", 64), action)


def read_refused(body: dict[str, Any]) -> tuple[str, str]:
    _typed(body, REFUSED)
    return _text(body, "nonce", 64), _text(body, "reason")


def read_hello(body: dict[str, Any]) -> tuple[int, int]:
    _typed(body, HELLO)
    _text(body, "nonce", 64)
    return _whole(body, "game"), _whole(body, "have")


def read_presence(body: dict[str, Any]) -> Presence:
    _typed(body, PRESENCE)
    side, online, left = body.get("side"), body.get("online"), body.get("left")
    if side not in SIDES or not isinstance(online, bool) or not isinstance(left, bool):
        raise Malformed(f"not a presence: {body!r}")
    return Presence(side, online, _whole(body, "since"), left)
