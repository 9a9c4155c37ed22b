"""The topic tree and the messages of remote play (schemas in docs/REMOTE.md).

Every topic is under ``flixboard/v2/games/<game-id>/`` (a random id the host draws); every
message is sealed (``controller.remote.sealing``). Each message is a ``msgspec.Struct`` tagged
by its ``type``; ``decode`` reads an opened text strictly (no unknown field, kind or type, every
number and text within its bounds) and raises ``Malformed`` for anything else, so a message that
is sealed but not of this version is dropped, never half-used. ``schema`` is their JSON Schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, TypeVar, get_args

import msgspec

from controller.games import games
from controller.i18n import Said
from engine.game import MAX_TOKEN, ActionKind

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
DICE = "dice"
"""Guest: its share of the next throw (``DiceShare``, docs/REMOTE.md#dice-neither-board-chooses)."""
DEAL = "deal"
"""Guest: its share of the next Pay-Off game's deal (``DealShare``,
docs/REMOTE.md#a-deal-neither-board-chooses)."""
PRESENCE = "presence"
"""``presence/host`` and ``presence/guest``: online or gone (retained; the will says gone)."""
Side = Literal["host", "guest"]
SIDES: tuple[Side, ...] = ("host", "guest")
ACTION_KEYS = ("kind", "seat", "hole", "throw", "piece", "to", "token")
"""What a guest's order may say of an action: the host stamps the time."""
VARIANTS = tuple(name for name, spec in games().items() if spec.carried)
"""The variants played remotely (``GameSpec.carried``): the dice come from both boards' shares
(``controller.remote.fair_dice``; Olix and Tac-T-Flix have none); Pay-Off's tokens stay with
their owner (``controller.remote.tokens``)."""
HIDDEN = tuple(name for name, spec in games().items() if spec.hidden)
"""Variants with hidden tokens: committed and opened, or entered at the reveal
(``remote.tokens``)."""
OrderKind = ActionKind
"""The kinds of action a guest's order may carry: every kind there is (``engine.game``)."""
ORDER_KINDS: tuple[str, ...] = get_args(OrderKind)

Whole = Annotated[int, msgspec.Meta(ge=0, lt=2**53)]
"""A count or a number that JSON carries exactly."""
Nonce = Annotated[str, msgspec.Meta(max_length=64)]
Short = Annotated[str, msgspec.Meta(max_length=200)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, lt=6)]
Name = Annotated[str, msgspec.Meta(max_length=64)]
"""A hole's name, a kind, a variant, a throw's faces."""
OptionValue = Annotated[
    object, msgspec.Meta(extra_json_schema={"description": "an engine option's value (JSON)"})
]
"""A game option's value: the engine checks it when the game starts."""
Token = Annotated[int, msgspec.Meta(ge=1, le=MAX_TOKEN)]
"""A hidden token's value (Pay-Off's): every game with tokens takes ``engine.game.MAX_TOKEN`` at
most."""
Hex = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
"""32 bytes in hexadecimal."""
Opening = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{32}$")]
"""A token commitment's nonce (``controller.remote.commitments``): 16 bytes in hexadecimal."""


class Malformed(ValueError):
    """A signed body that is not a message of this version."""


def topic(game_id: str, leaf: str) -> str:
    return f"{ROOT}/{game_id}/{leaf}"


class _Part(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A part of a message: every field known, defaults left out on the wire."""


class ActionData(_Part, frozen=True):
    """An engine action as JSON (``engine.game.Action.to_json``: holes by name)."""

    kind: Name
    seat: SeatNumber | None = None
    hole: Name | None = None
    throw: Name | None = None
    at: float = 0.0
    piece: Name = "man"
    token: int | None = None
    to: Name | None = None

    @classmethod
    def of(cls, data: Mapping[str, object]) -> ActionData:
        """The action data of ``Action.to_json`` (or of a journal entry)."""
        return msgspec.convert(data, cls)

    def to_json(self) -> dict[str, object]:
        """The set fields as ``Action.from_json`` reads them."""
        data: dict[str, object] = msgspec.to_builtins(self)
        return data


# ---------------------------------------------------------------- dice neither board chooses
# (controller.remote.fair_dice: commitments, shares and proofs of the throws)

DICE_THROWS = 4096
"""Throws a side's chain has room for (a game of Lucky Flix throws a few hundred times)."""
ThrowNumber = Annotated[int, msgspec.Meta(ge=1, le=DICE_THROWS)]


class DiceRoots(_Part, frozen=True):
    """Host: the roots its snapshot commits to, its own and the guest's once it has it."""

    host: Hex
    guest: Hex | None = None
    since: ThrowNumber = 1
    """The first throw of the host's chain: every roll from it on carries a proof (the ones
    before were thrown at one board, before the game was hosted)."""


class DiceProof(_Part, frozen=True):
    """A throw's log entry: its number (from 1), both sides' shares and the guest's root (none
    for a throw of the host alone: no board joined yet, or it left)."""

    n: ThrowNumber
    host: Hex
    guest: Hex | None = None
    guest_root: Hex | None = None


# ---------------------------------------------------------------- a deal neither board chooses
# (controller.remote.fair_deal: the Pay-Off hands from both boards' shares)


class DealProof(_Part, frozen=True):
    """A Pay-Off game's start: the shares its hands were shuffled from, each side's share of
    the game after game ``after`` (no guest's: the host dealt alone, no board had joined)."""

    after: Whole
    host: Hex
    guest: Hex | None = None


# ----------------------------------------------------------------


class LogEntry(_Part, frozen=True):
    """One entry of a game's log: an engine action (a roll with its faces) or a take-back
    (``undo``, no data)."""

    kind: Literal["action", "undo"]
    data: ActionData | None = None
    dice: DiceProof | None = None
    """A virtual throw's proof (``fair_dice``)."""
    seal: Hex | None = None
    """Digital Pay-Off: a placement's token commitment (its token is ``SEALED``, 0)."""
    nonce: Opening | None = None
    """Digital Pay-Off: an ``open_token``'s nonce, which with its token opens the seal."""

    def __post_init__(self) -> None:
        _check_entry(self.kind, self.data)


def _check_entry(kind: str, data: ActionData | None) -> None:
    """An action entry has its action's data, a take-back none (raised as a ``ValueError``,
    which decoding turns into a validation error)."""
    if (kind == "action") != (data is not None):
        raise ValueError("an action entry has its action's data, a take-back none")


class NewGame(_Part, frozen=True):
    """What the other side learns of a game's start: never the seed nor a fixed deal. The
    options are the engine's (a variant's own among them), checked when the game starts."""

    variant: Name
    players: Annotated[int, msgspec.Meta(ge=1, le=6)]
    options: dict[Name, OptionValue] = {}
    dealt: DealProof | None = None
    """A Pay-Off game: the shares its deal (``options["deal"]``) follows from."""


class _Message(_Part, tag_field="type", frozen=True):
    """A message on a game's topic, tagged by its ``type``."""


class Snapshot(_Message, tag=SNAPSHOT, frozen=True):
    """Host: the game from its start."""

    game: Whole
    new_game: NewGame
    log: tuple[LogEntry, ...]
    seats: tuple[SeatNumber, ...]
    """The seats the joined board plays."""
    dice: DiceRoots | None = None
    """The dice's commitments (a game with virtual dice)."""
    deal_next: Hex | None = None
    """The host's commitment to its share of the deal of the game after this one."""


class Entry(_Message, tag="entry", frozen=True):
    """Host: entry ``n`` (from 1) of the log of game ``game``."""

    game: Whole
    n: Whole
    kind: Literal["action", "undo"]
    data: ActionData | None = None
    dice: DiceProof | None = None
    """A virtual throw's proof (``fair_dice``)."""
    seal: Hex | None = None
    """As in ``LogEntry``."""
    nonce: Opening | None = None
    """As in ``LogEntry``."""

    @classmethod
    def of(cls, game: int, n: int, entry: LogEntry) -> Entry:
        return cls(game, n, entry.kind, entry.data, entry.dice, entry.seal, entry.nonce)

    @property
    def entry(self) -> LogEntry:
        return LogEntry(self.kind, self.data, self.dice, self.seal, self.nonce)

    def __post_init__(self) -> None:
        _check_entry(self.kind, self.data)


class OrderAction(_Part, frozen=True):
    """What a guest's order says of an action (the host stamps its time)."""

    kind: OrderKind
    seat: SeatNumber | None = None
    hole: Name | None = None
    throw: Name | None = None
    piece: Literal["man", "burocrat"] = "man"
    to: Name | None = None
    token: Token | None = None
    """Pay-Off: the token entered for a Man of the scored line (physical token mode), or the
    value of an ``open_token`` (digital)."""
    seal: Hex | None = None
    """Digital Pay-Off: a placement's token commitment (the token itself stays here)."""
    nonce: Opening | None = None
    """Digital Pay-Off: an ``open_token``'s nonce."""


class Order(_Message, tag="order", frozen=True):
    """Guest: an action made at the host's position ``base`` (the log's length) of ``game``."""

    game: Whole
    base: Whole
    nonce: Nonce
    action: OrderAction


class Words(_Part, frozen=True):
    """A refusal as a message id with its values (``controller.i18n.Said.to_json``; a value
    that is itself a message nests), so that the guest's page says it in its own language."""

    id: Short
    args: Annotated[dict[Name, Short | Words], msgspec.Meta(max_length=8)] = msgspec.field(
        default_factory=dict
    )

    @classmethod
    def of(cls, said: Said) -> Words | None:
        """``said`` as it travels; ``None`` when it does not fit the bounds."""
        try:
            return msgspec.convert(said.to_json(), cls)
        except msgspec.ValidationError:
            return None

    def said(self) -> Said | None:
        """The message again; ``None`` when it is no plain message (``Said.from_json``): the
        refusal's ``reason`` then says it as plain text."""
        try:
            return Said.from_json(msgspec.to_builtins(self))
        except ValueError:
            return None


class Refused(_Message, tag=REFUSED, frozen=True):
    """Host: the order ``nonce`` was not carried out, and why (``said``: the reason as a
    message, when it is one)."""

    nonce: Nonce
    reason: Short
    said: Words | None = None


class Hello(_Message, tag=HELLO, frozen=True):
    """Guest: where it is (``have`` entries of ``game``); the host answers with a snapshot."""

    game: Whole
    have: Whole
    nonce: Nonce


class Presence(_Message, tag=PRESENCE, frozen=True):
    """A side online or gone: ``since`` names its connection (the number of the will set when
    it connected: only a later connection's presence, or the gone of the same one, is news);
    ``left`` when it left the game for good."""

    side: Side
    online: bool
    since: Whole
    left: bool

    def rank(self) -> tuple[int, int]:
        """Presences of one side in the order they were true."""
        return self.since, 0 if self.online else 1


class Welcome(_Message, tag="welcome", frozen=True):
    """What the host tells a board that joined (sealed under the join exchange's key): its role,
    the game and the keys (hexadecimal: the key of the host's messages, its public signing
    key)."""

    role: Literal["guest", "spectator"]
    game_id: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{16}$")]
    log_key: Hex
    host_key: Hex


class DiceShare(_Message, tag="dice_share", frozen=True):
    """Guest: its share of throw ``n`` of ``game``, sent when that throw is due (or with the order
    of its move that makes it due), and the root of its chain (the commitment the host keeps
    from the first share on)."""

    game: Whole
    n: ThrowNumber
    share: Hex
    root: Hex


class DealShare(_Message, tag="deal_share", frozen=True):
    """Guest: its share of the deal of the game after game ``after``, sent once it saw the
    host's commitment to its own share of that deal."""

    after: Whole
    share: Hex


Message = Snapshot | Entry | Order | Refused | Hello | Presence | Welcome | DiceShare | DealShare
"""Every message of remote play."""
M = TypeVar("M", bound=_Message)

_DECODER = msgspec.json.Decoder(Message)


def decode(text: bytes) -> Message:
    """The message an opened text holds; ``Malformed`` for anything else (not JSON, another
    shape, a field of another type or out of its bounds, a field or kind unknown here)."""
    try:
        message: Message = _DECODER.decode(text)
    except (msgspec.DecodeError, RecursionError) as error:
        raise Malformed(str(error)) from None
    return message


def expect(message: Message, kind: type[M]) -> M:
    """``message`` when it is of ``kind`` (what its topic carries), else ``Malformed``."""
    if not isinstance(message, kind):
        raise Malformed(f"expected a {kind.__name__} on this topic, not a {type(message).__name__}")
    return message


def schema() -> dict[str, object]:
    """The JSON Schema of every message (``$defs`` by name, the union as ``anyOf``)."""
    document: dict[str, object] = msgspec.json.schema(Message)
    return document


def schema_components(
    ref_template: str = "#/components/schemas/{name}",
) -> tuple[dict[str, object], dict[str, object]]:
    """The union's schema and every kind's by name, referring to each other through
    ``ref_template`` (by default where an OpenAPI document keeps them)."""
    (union,), components = msgspec.json.schema_components([Message], ref_template=ref_template)
    return union, components
