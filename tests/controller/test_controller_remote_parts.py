"""Remote play's parts without a broker: join codes, signatures, message shapes, the order in
which a follower applies the host's log, the broker address and the saved link."""

from __future__ import annotations

import doctest
import importlib
import json
from pathlib import Path

import pytest

from controller.config import Config, ConfigError, from_tables
from controller.core.journal import Journal
from controller.errors import BadOrder
from controller.remote import codes, messages, resync, saved, signing
from controller.remote.link import Broker, parse_broker
from controller.remote.messages import Entry, LogEntry, Malformed, Snapshot
from controller.remote.resync import Follower


def test_docstring_examples() -> None:
    attempted = 0
    for name in ("codes", "signing", "inbox"):
        result = doctest.testmod(importlib.import_module(f"controller.remote.{name}"))
        assert result.failed == 0
        attempted += result.attempted
    assert attempted >= 7


def test_codes_are_six_letters_without_look_alikes() -> None:
    drawn = {codes.new_code() for _ in range(200)}
    assert len(drawn) == 200
    for code in drawn:
        assert len(code) == 6 and set(code) <= set(codes.ALPHABET)
    assert not set("ILOUV01") & set(codes.ALPHABET)
    for bad in ("ABCDE", "ABCDEFG", "ABCDE1", "ABCDEI", 123456, None):
        with pytest.raises(BadOrder):
            codes.normalise(bad)


def test_a_code_gives_one_game_id_and_key_and_other_codes_others() -> None:
    one, again, other = codes.derive("ABCDEF"), codes.derive("ab-cd ef"), codes.derive("ABCDEG")
    assert (one.game_id, one.mac_key) == (again.game_id, again.mac_key)
    assert one.game_id != other.game_id and one.mac_key != other.mac_key
    assert "ABCDEF" not in one.game_id  # the topics never carry the code


def test_a_signature_covers_the_body_and_the_topic() -> None:
    key = codes.derive("ABCDEF").mac_key
    wire = signing.seal(key, "t/orders", {"n": 1, "hole": "R-I-S"})
    assert signing.opened(key, "t/orders", wire) == {"n": 1, "hole": "R-I-S"}
    tampered = wire.replace(b"R-I-S", b"R-I-H")
    assert signing.opened(key, "t/orders", tampered) is None
    assert signing.opened(key, "t/log", wire) is None
    assert signing.opened(codes.derive("ABCDEG").mac_key, "t/orders", wire) is None
    for junk in (b"", b"not json", b"[]", b'{"msg": 1, "mac": "00"}', b'{"msg": {"x": NaN}}'):
        assert signing.opened(key, "t/orders", junk) is None
    assert signing.opened(key, "t", b" " * (signing.MAX_MESSAGE + 1)) is None


def test_messages_of_another_shape_are_malformed() -> None:
    good = messages.order_body(3, 2, "ab", {"kind": "place", "hole": "R-I-S"})
    assert messages.read_order(good).base == 2
    for bad in (
        {**good, "type": "entry"},
        {**good, "base": -1},
        {**good, "base": True},
        {**good, "action": {"kind": "undo"}},
        {**good, "action": {"kind": "place", "at": 5}},
        {**good, "nonce": "x" * 65},
    ):
        with pytest.raises(Malformed):
            messages.read_order(bad)
    with pytest.raises(Malformed):
        messages.read_snapshot(
            {
                "type": "snapshot",
                "game": 1,
                "new_game": {},
                "log": [{}],
                "seats": [1],
                "spectator": False,
            }
        )
    with pytest.raises(Malformed):
        messages.read_presence({"type": "presence", "side": "spy", "online": True})


def _entry(game: int, n: int) -> Entry:
    return Entry(game, n, LogEntry("action", {"kind": "roll", "throw": f"red/I/{n}"}))


def test_a_follower_applies_in_order_once_whatever_the_arrival_order() -> None:
    follower = Follower(game=7, applied=2)
    assert follower.offer(_entry(7, 2)) == ("duplicate", [])
    assert follower.offer(_entry(6, 9)) == ("stale", [])
    assert follower.offer(_entry(7, 5)) == ("gap", [])
    assert follower.offer(_entry(7, 4)) == ("gap", [])
    verdict, run = follower.offer(_entry(7, 3))
    assert verdict == "apply"
    assert [entry.data["throw"] for entry in run] == ["red/I/3", "red/I/4", "red/I/5"]
    assert follower.applied == 5 and not follower.waiting
    assert follower.offer(_entry(7, 4)) == ("duplicate", [])
    assert follower.offer(_entry(8, 1)) == ("gap", [])  # a newer game starts from its snapshot


def test_a_snapshot_fills_a_gap_starts_a_new_game_and_an_old_one_is_stale() -> None:
    log = tuple(_entry(7, n).entry for n in range(1, 5))
    follower = Follower(game=7, applied=1)
    follower.offer(_entry(7, 6))
    verdict, run = follower.take_snapshot(Snapshot(7, {}, log, (1,), False))
    assert verdict == "apply" and len(run) == 3 and follower.applied == 4  # 2..4
    assert list(follower.waiting) == [6]  # 5 is still missing
    assert follower.take_snapshot(Snapshot(7, {}, log[:2], (1,), False)) == ("stale", [])
    assert follower.take_snapshot(Snapshot(6, {}, log, (1,), False)) == ("stale", [])
    verdict, run = follower.take_snapshot(Snapshot(9, {}, log[:1], (1,), False))
    assert verdict == "new" and len(run) == 1 and (follower.game, follower.applied) == (9, 1)


def test_the_hosts_log_carries_the_faces_and_never_the_seed(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    entry = {"variant": "lucky", "players": 2, "seed": 99, "options": {"auto_call": False}}
    seq = journal.append("new_game", entry)
    journal.append("action", {"kind": "roll"})
    game, log = resync.host_log(journal.current_game())
    assert game == seq and len(log) == 1
    assert log[0].data["throw"].count("/") == 2
    public = resync.public_new_game({**entry, "options": {"deal": [1], "seed": 5}})
    assert "seed" not in json.dumps(public) and "deal" not in json.dumps(public)
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
    kept = saved.Saved("host", "ABCDEF", "GHJKMN", (1, 2))
    saved.save(tmp_path, kept)
    assert saved.load(tmp_path) == kept
    saved.save(tmp_path, None)
    assert saved.load(tmp_path) is None
    (tmp_path / saved.FILE_NAME).write_text("{not json", encoding="utf-8")
    assert saved.load(tmp_path) is None
