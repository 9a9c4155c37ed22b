"""Remote play's parts without a broker: join codes, sealed messages, message shapes, the order
in which a follower applies the host's log, the broker address and the saved link. The join
exchange is tested in tests/controller/test_controller_remote_join.py."""

from __future__ import annotations

import doctest
import importlib
import json
import time
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.config import Config, ConfigError, from_tables
from controller.errors import BadOrder
from controller.game_data import NewGameData
from controller.records.journal import Journal
from controller.remote import codes, messages, resync, saved, sealing
from controller.remote.link import Broker, parse_broker
from controller.remote.messages import ActionData, Entry, LogEntry, Malformed, NewGame, Snapshot
from controller.remote.resync import Follower
from controller.wire import encode
from engine.payoff import MAX_TOKEN


def test_docstring_examples() -> None:
    attempted = 0
    for name in ("remote.codes", "remote.sealing", "remote.inbox", "remote.tokens", "wire"):
        result = doctest.testmod(importlib.import_module(f"controller.{name}"))
        assert result.failed == 0
        attempted += result.attempted
    assert attempted >= 8


def test_codes_are_eight_letters_without_look_alikes() -> None:
    drawn = {codes.new_code() for _ in range(200)}
    assert len(drawn) == 200
    for code in drawn:
        assert len(code) == 8 and set(code) <= set(codes.ALPHABET)
    assert not set("ILOUV01") & set(codes.ALPHABET)
    for bad in ("ABCDEF", "ABCDEFGHJ", "ABCDEFG1", "ABCDEFGI", 12345678, None):
        with pytest.raises(BadOrder):
            codes.normalise(bad)


def _hello(n: int) -> messages.Hello:
    return messages.Hello(7, n, f"n{n}")


def test_a_sealed_message_covers_its_body_topic_and_number() -> None:
    key = bytes(range(32))
    order = messages.Order(3, 2, "ab", messages.OrderAction("place", hole="R-I-S"))
    wire = sealing.Sealer(key).seal("t/orders", order)
    assert b"R-I-S" not in wire and b"hole" not in wire  # encrypted, not only signed
    assert messages.decode(sealing.Opener(key).open("t/orders", wire).text) == order
    tampered = bytearray(wire)
    tampered[-1] ^= 1
    assert sealing.Opener(key).open("t/orders", bytes(tampered)).verdict == "forged"
    renumbered = wire[:1] + (int.from_bytes(wire[1:9], "big") + 1).to_bytes(8, "big") + wire[9:]
    assert sealing.Opener(key).open("t/orders", renumbered).verdict == "forged"
    assert sealing.Opener(key).open("t/log", wire).verdict == "forged"
    assert sealing.Opener(bytes(32)).open("t/orders", wire).verdict == "forged"
    for junk in (b"", b"not sealed", bytes(40), b"\x02" + bytes(60)):
        assert sealing.Opener(key).open("t/orders", junk).verdict == "forged"
    assert sealing.Opener(key).open("t", b"\x02" * (sealing.MAX_MESSAGE + 1)).verdict == "forged"


def test_a_reader_drops_replays_and_numbers_grow_across_restarts() -> None:
    key = bytes(32)
    first = sealing.Sealer(key)
    early = [first.seal("t", _hello(n)) for n in range(3)]
    time.sleep(0.002)  # a restart takes longer than this
    again = sealing.Sealer(key)  # the sender started again
    later = again.seal("t", _hello(3))
    opener = sealing.Opener(key)
    assert [opener.open("t", wire).verdict for wire in (early[2], early[0], later)] == ["ok"] * 3
    assert opener.open("t", early[2]).verdict == "duplicate"
    numbers = [int.from_bytes(wire[1:9], "big") for wire in [*early, later]]
    assert numbers == sorted(numbers) and len(set(numbers)) == 4
    for n in range(sealing.WINDOW + 1):  # a reader forgets, but never takes an old one again
        opener.open("t", first.seal("t", _hello(n)))
    assert opener.open("t", early[1]).verdict == "duplicate"


def test_the_hosts_messages_open_only_with_its_mac_or_its_signature() -> None:
    key, mac_key, host = bytes(32), bytes(range(32)), Ed25519PrivateKey.generate()
    spectator = sealing.Opener(key, verify=host.public_key())
    guest = sealing.Opener(key, mac_key=mac_key)
    hosts = sealing.Sealer(key, mac_key=mac_key, signer=host).seal("t/log", _hello(1))
    seen = {spectator.open("t/log", hosts).text, guest.open("t/log", hosts).text}
    assert [messages.decode(text) for text in seen] == [_hello(1)]
    # every reader holds ``key``: what one seals, even with a signature of its own, is refused
    plain = sealing.Sealer(key).seal("t/log", _hello(2))
    assert spectator.open("t/log", plain + bytes(64)).verdict == "forged"
    assert guest.open("t/log", plain + bytes(32)).verdict == "forged"
    other = sealing.Sealer(key, mac_key=bytes(32), signer=Ed25519PrivateKey.generate())
    forged = other.seal("t/log", _hello(2))
    assert spectator.open("t/log", forged).verdict == guest.open("t/log", forged).verdict
    assert guest.open("t/log", forged).verdict == "forged"
    unsigned = sealing.Sealer(key, mac_key=mac_key).seal("t/log", _hello(3))  # nobody watches
    assert messages.decode(guest.open("t/log", unsigned).text) == _hello(3)
    assert spectator.open("t/log", unsigned).verdict == "forged"


GOOD: dict[str, dict[str, object]] = {
    "snapshot": {
        "type": "snapshot",
        "game": 5,
        "new_game": {"variant": "qubic", "players": 2, "options": {"auto_call": False}},
        "log": [{"kind": "action", "data": {"kind": "place", "hole": "R-I-S"}}, {"kind": "undo"}],
        "seats": [1],
    },
    "entry": {"type": "entry", "game": 5, "n": 2, "kind": "action", "data": {"kind": "roll"}},
    "order": {
        "type": "order",
        "game": 3,
        "base": 2,
        "nonce": "ab",
        "action": {"kind": "place", "hole": "R-I-S"},
    },
    "refused": {"type": "refused", "nonce": "ab", "reason": "not now"},
    "hello": {"type": "hello", "game": 3, "have": 0, "nonce": "ab"},
    "presence": {"type": "presence", "side": "guest", "online": True, "since": 5, "left": False},
    "welcome": {
        "type": "welcome",
        "role": "guest",
        "game_id": "0123456789abcdef",
        "log_key": "ab" * 32,
        "host_key": "cd" * 32,
    },
    "dice_share": {"type": "dice_share", "game": 3, "n": 1, "share": "ab" * 32, "root": "cd" * 32},
    "deal_share": {"type": "deal_share", "after": 3, "share": "ab" * 32},
}
"""A message of each kind, as JSON values."""
WRONG_TYPES: dict[str, list[tuple[str, object]]] = {
    "snapshot": [("game", "5"), ("new_game", []), ("log", {}), ("seats", [True])],
    "entry": [("game", 5.5), ("n", None), ("kind", 1), ("data", "roll")],
    "order": [("game", True), ("base", "2"), ("nonce", 7), ("action", ["place"])],
    "refused": [("nonce", None), ("reason", 404)],
    "hello": [("game", [3]), ("have", False), ("nonce", {})],
    "presence": [("side", 0), ("online", "yes"), ("since", 5.0), ("left", None)],
    "welcome": [("role", True), ("game_id", 16), ("log_key", b"ab".hex()), ("host_key", None)],
    "dice_share": [("game", "3"), ("n", 0), ("share", "AB" * 32), ("root", "cd" * 31)],
    "deal_share": [("after", -1), ("share", "ab" * 31)],
}
"""Per kind, fields given a value of another type (or a text of another form)."""


def _text(value: object) -> bytes:
    return json.dumps(value).encode()


@pytest.mark.parametrize("kind", sorted(GOOD))
def test_each_kind_is_read_and_a_field_of_another_type_is_malformed(kind: str) -> None:
    message = messages.decode(_text(GOOD[kind]))
    assert type(message).__name__.lower() == kind.replace("_", "")
    assert messages.decode(encode(message)) == message  # written as it is read
    for field, wrong in WRONG_TYPES[kind]:
        with pytest.raises(Malformed):
            messages.decode(_text({**GOOD[kind], field: wrong}))
    with pytest.raises(Malformed):  # a field this version does not know
        messages.decode(_text({**GOOD[kind], "spare": 1}))
    missing = next(key for key in GOOD[kind] if key != "type")
    with pytest.raises(Malformed):
        messages.decode(_text({k: v for k, v in GOOD[kind].items() if k != missing}))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, small."""


@settings(max_examples=200, derandomize=True, deadline=None)
@given(
    kind=st.sampled_from(sorted(GOOD)),
    field=st.text(max_size=10),
    value=JSON,
    noise=st.binary(max_size=64),
)
def test_decoding_raises_nothing_but_malformed(
    kind: str, field: str, value: object, noise: bytes
) -> None:
    """Whatever an opened text holds, reading it gives a message or ``Malformed``."""
    for text in (
        _text({**GOOD[kind], field: value}),
        _text({**GOOD[kind], "data": value, "new_game": value, "action": value}),
        _text(value),
        noise,
        _text(GOOD[kind])[: len(noise)],
    ):
        try:
            message = messages.decode(text)
        except Malformed:
            continue
        assert messages.decode(encode(message)) == message


def test_messages_of_another_shape_are_malformed() -> None:
    order = GOOD["order"]
    assert messages.expect(messages.decode(_text(order)), messages.Order).base == 2
    for bad in (
        {**order, "type": "entry"},
        {**order, "type": "orders"},
        {**order, "base": -1},
        {**order, "base": 2**53},
        {**order, "action": {"kind": "undo"}},
        {**order, "action": {"kind": "place", "at": 5}},
        {**order, "action": {"kind": "place", "piece": "king"}},
        {**order, "nonce": "x" * 65},
        {k: v for k, v in order.items() if k != "type"},
    ):
        with pytest.raises(Malformed):
            messages.decode(_text(bad))
    for text in (b"", b"not json", b"[]", b'"order"', b"\xff", b'{"type": "order"', b"[" * 20):
        with pytest.raises(Malformed):
            messages.decode(text)
    with pytest.raises(Malformed):  # a log entry without its action, a take-back with one
        messages.decode(_text({**GOOD["entry"], "data": None}))
    with pytest.raises(Malformed):
        messages.decode(_text({**GOOD["entry"], "kind": "undo"}))
    snapshot = GOOD["snapshot"]
    for bad in (
        {**snapshot, "new_game": {}},
        {**snapshot, "log": [{}]},
        {**snapshot, "seats": [6]},
        {**snapshot, "new_game": {"variant": "qubic", "players": 9}},
    ):
        with pytest.raises(Malformed):
            messages.decode(_text(bad))
    with pytest.raises(Malformed):  # a message of another topic
        messages.expect(messages.decode(_text(order)), messages.Snapshot)
    presence = messages.expect(messages.decode(_text(GOOD["presence"])), messages.Presence)
    assert presence.rank() == (5, 0)
    for bad in ({**GOOD["presence"], "side": "spy"}, {**GOOD["presence"], "since": -1}):
        with pytest.raises(Malformed):
            messages.decode(_text(bad))


def test_the_json_schema_names_every_kind() -> None:
    document = messages.schema()
    definitions = document["$defs"]
    assert isinstance(definitions, dict)
    kinds = {
        definitions[name]["properties"]["type"]["enum"][0]
        for name in definitions
        if "type" in definitions[name].get("properties", {})
    }
    assert kinds == set(GOOD)
    assert definitions["Order"]["additionalProperties"] is False
    assert definitions["Hello"]["properties"]["nonce"]["maxLength"] == 64
    union, components = messages.schema_components()
    names = (
        "Snapshot",
        "Entry",
        "Order",
        "Refused",
        "Hello",
        "Presence",
        "Welcome",
        "DiceShare",
        "DealShare",
    )
    refs = union["anyOf"]
    assert isinstance(refs, list)
    assert [ref["$ref"] for ref in refs] == [
        f"#/components/schemas/{name}" for name in names
    ]
    assert components.keys() == definitions.keys()


def test_the_order_kinds_are_the_ones_docs_remote_names() -> None:
    """docs/REMOTE.md's order lists the kinds of action the schema takes (Tac-T-Flix's
    substitution and withdrawal among them)."""
    definitions = messages.schema()["$defs"]
    assert isinstance(definitions, dict)
    kinds = definitions["OrderAction"]["properties"]["kind"]["enum"]
    assert set(kinds) == set(messages.ORDER_KINDS)
    text = (Path(__file__).parents[2] / "docs" / "REMOTE.md").read_text(encoding="utf-8")
    said = text.split('"action": {"kind": "', 1)[1].split('"', 1)[0]
    assert set(said.split("|")) == set(kinds)


def test_an_order_s_token_is_bounded_as_docs_remote_says() -> None:
    """Pay-Off's ``enter_token`` order: the token's bounds in the schema are the engine's and
    the ones docs/REMOTE.md writes."""
    definitions = messages.schema()["$defs"]
    assert isinstance(definitions, dict)
    shapes = definitions["OrderAction"]["properties"]["token"]["anyOf"]
    token = next(shape for shape in shapes if shape.get("type") == "integer")
    assert (token["minimum"], token["maximum"]) == (1, MAX_TOKEN)
    text = (Path(__file__).parents[2] / "docs" / "REMOTE.md").read_text(encoding="utf-8")
    assert f'"token"?: 1..{MAX_TOKEN}' in text


def _entry(game: int, n: int) -> Entry:
    return Entry.of(game, n, LogEntry("action", ActionData("roll", throw=f"red/I/{n}")))


def test_a_follower_applies_in_order_once_whatever_the_arrival_order() -> None:
    follower = Follower(game=7, applied=2)
    assert follower.offer(_entry(7, 2)) == ("duplicate", [])
    assert follower.offer(_entry(6, 9)) == ("stale", [])
    assert follower.offer(_entry(7, 5)) == ("gap", [])
    assert follower.offer(_entry(7, 4)) == ("gap", [])
    verdict, run = follower.offer(_entry(7, 3))
    assert verdict == "apply"
    assert [entry.data and entry.data.throw for entry in run] == ["red/I/3", "red/I/4", "red/I/5"]
    assert follower.applied == 5 and not follower.waiting
    assert follower.offer(_entry(7, 4)) == ("duplicate", [])
    assert follower.offer(_entry(8, 1)) == ("gap", [])  # a newer game starts from its snapshot


def test_a_snapshot_fills_a_gap_starts_a_new_game_and_an_old_one_is_stale() -> None:
    log = tuple(_entry(7, n).entry for n in range(1, 5))
    qubic = NewGame("qubic", 2)
    follower = Follower(game=7, applied=1)
    follower.offer(_entry(7, 6))
    verdict, run = follower.take_snapshot(Snapshot(7, qubic, log, (1,)))
    assert verdict == "apply" and len(run) == 3 and follower.applied == 4  # 2..4
    assert list(follower.waiting) == [6]  # 5 is still missing
    assert follower.take_snapshot(Snapshot(7, qubic, log[:2], (1,))) == ("stale", [])
    assert follower.take_snapshot(Snapshot(6, qubic, log, (1,))) == ("stale", [])
    verdict, run = follower.take_snapshot(Snapshot(9, qubic, log[:1], (1,)))
    assert verdict == "new" and len(run) == 1 and (follower.game, follower.applied) == (9, 1)


def test_the_hosts_log_carries_the_faces_and_never_the_seed(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    entry: NewGameData = {
        "variant": "lucky",
        "players": 2,
        "seed": 99,
        "options": {"auto_call": False},
    }
    seq = journal.append("new_game", entry)
    journal.append("action", {"kind": "roll"})
    game, log = resync.host_log(journal.current_game())
    assert game == seq and len(log) == 1
    assert log[0].data is not None and log[0].data.throw is not None
    assert log[0].data.throw.count("/") == 2
    public = encode(resync.public_new_game({**entry, "options": {"deal": [1], "seed": 5}}))
    assert b"seed" not in public and b"deal" not in public and b"lucky" in public
    journal.close()


def test_broker_addresses() -> None:
    assert parse_broker("mqtt://127.0.0.1") == (False, "127.0.0.1", 1883)
    assert parse_broker("mqtts://broker.example") == (True, "broker.example", 8883)
    assert parse_broker("mqtts://[::1]:9000") == (True, "::1", 9000)
    for bad in ("http://x", "mqtt://", "mqtt://u:p@host", "mqtt://host/path"):
        with pytest.raises(ConfigError):
            parse_broker(bad)
    with pytest.raises(ConfigError):
        from_tables({"remote": {"broker": "tcp://x"}}, "test")
    with pytest.raises(ConfigError):
        from_tables({"remote": {"ca_file": "/no/such/ca.pem"}}, "test")
    with pytest.raises(ConfigError, match="no broker"):
        Broker.from_config(Config())
    config = from_tables({"remote": {"broker": "mqtts://h:8883", "username": "u"}}, "test")
    assert Broker.from_config(config) == Broker("h", 8883, True, "u")
    assert Broker.from_config(config).keepalive_s == 10
    for bad_keepalive in (0, 601, 1.5, True, "10"):
        with pytest.raises(ConfigError, match="keepalive_s"):
            from_tables({"remote": {"keepalive_s": bad_keepalive}}, "test")
    quick = from_tables({"remote": {"broker": "mqtt://h", "keepalive_s": 2}}, "test")
    assert Broker.from_config(quick).keepalive_s == 2


def test_the_saved_link_survives_and_can_be_forgotten(tmp_path: Path) -> None:
    kept = saved.Saved("host", "ABCDEFGH", "GHJKMNPQ", (1, 2), "0f" * 8, "ab" * 32, codes=2)
    saved.save(tmp_path, kept)
    assert saved.load(tmp_path) == kept
    assert (tmp_path / saved.FILE_NAME).stat().st_mode & 0o077 == 0  # its keys: this user's
    saved.save(tmp_path, None)
    assert saved.load(tmp_path) is None
    (tmp_path / saved.FILE_NAME).write_text("{not json", encoding="utf-8")
    assert saved.load(tmp_path) is None
