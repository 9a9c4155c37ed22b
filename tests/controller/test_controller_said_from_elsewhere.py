"""A message read from elsewhere (the host's refusal as ``{"id", "args"}``) is checked before it
is formatted: a placeholder that reaches further than a plain name (attribute or index access,
a conversion, a format spec that would pad to gigabytes), one without its value, a message
nested too deep or too long is refused with ``ValueError``, and the guest's refusal then keeps
only its plain ``reason`` (docs/THREATS.md, docs/REMOTE.md). Good messages read as before."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from controller.i18n import SAID_CHARS, SAID_DEPTH, Said, language, plain_fields
from controller.remote import messages
from engine.phrase import why

GERMAN = language("de")

HOSTILE: dict[str, dict[str, Any]] = {
    "attribute": {"id": "{a.__class__.__mro__}", "args": {"a": "x"}},
    "globals": {"id": "{a.__init__.__globals__}", "args": {"a": "x"}},
    "index": {"id": "{a[0]}", "args": {"a": "x"}},
    "positional": {"id": "{0}", "args": {"a": "x"}},
    "empty_field": {"id": "{}", "args": {"a": "x"}},
    "conversion": {"id": "{a!r}", "args": {"a": "x"}},
    "huge_width": {"id": "{a:>99999999}", "args": {"a": "x"}},
    "nested_spec": {"id": "{a:{a}}", "args": {"a": "9"}},
    "missing_value": {"id": "the {place} is not lit", "args": {"other": "x"}},
    "unpaired_brace": {"id": "the {place is not lit", "args": {"place": "x"}},
    "stray_closing": {"id": "the } place", "args": {"place": "x"}},
    "nested_hostile": {"id": "refused: {why}", "args": {"why": {"id": "{0}", "args": {"a": "x"}}}},
}


def nested(depth: int) -> dict[str, Any]:
    said: dict[str, Any] = {"id": "hole", "args": {}}
    for _ in range(depth - 1):
        said = {"id": "a {v}", "args": {"v": said}}
    return said


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_message_that_is_not_plain_is_refused_before_it_is_formatted(name: str) -> None:
    with pytest.raises(ValueError):
        Said.from_json(HOSTILE[name])


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_guest_keeps_only_the_plain_reason_of_a_hostile_refusal(name: str) -> None:
    body = {"type": "refused", "nonce": "n", "reason": "refused", "said": HOSTILE[name]}
    refused = messages.expect(messages.decode(msgspec.json.encode(body)), messages.Refused)
    assert refused.said is not None and refused.said.said() is None
    assert refused.reason == "refused"


def test_a_message_deeper_or_longer_than_its_bounds_is_refused() -> None:
    assert Said.from_json(nested(SAID_DEPTH)).english().endswith("hole")
    with pytest.raises(ValueError, match="deeper"):
        Said.from_json(nested(SAID_DEPTH + 1))
    with pytest.raises(ValueError, match="deeper"):
        Said.from_json(nested(5000))  # never a RecursionError
    wide = {"id": "{a}", "args": {"a": "x" * SAID_CHARS}}
    with pytest.raises(ValueError, match="longer"):
        Said.from_json(wide)
    many = {"id": "x", "args": {f"k{n}": "y" * 100 for n in range(10_000)}}
    with pytest.raises(ValueError, match="longer"):
        Said.from_json(many)


def test_markup_in_a_value_stays_text() -> None:
    said = Said.from_json({"id": "{a}", "args": {"a": "<img src=x onerror=alert(1)>"}})
    assert said.in_language(GERMAN) == "<img src=x onerror=alert(1)>"  # the page sets it as text


def test_an_id_the_catalog_lacks_is_said_as_its_english() -> None:
    said = Said.from_json({"id": "no such {thing} here", "args": {"thing": "hole"}})
    assert said.in_language(GERMAN) == "no such Loch here"


def test_good_messages_read_as_before() -> None:
    reason = why("that {place} is not lit", place=why("hole"))
    said = Said.of(reason)
    again = Said.from_json(said.to_json())
    assert again == said and again.english() == "that hole is not lit"
    assert again.in_language(GERMAN) == said.in_language(GERMAN)
    words = messages.Words.of(said)
    assert words is not None and words.said() == said
    assert plain_fields("seat {number} plays on the {board}") == {"number", "board"}
    assert plain_fields("{{literal}} braces") == set()
