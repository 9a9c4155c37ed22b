"""Every string the JSON grammar allows, in every field of every body the API reads (the
OpenAPI document's), and in the settings' own fields: never a server error. A string that is no
Unicode text (a lone or reversed surrogate, written with JSON's ``\\u`` escape) is a 400 (the
real app in process, with the token and a settings file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.api_schema import document
from tests.controller.test_controller_settings_api import AUTH, harness

STRINGS = [
    "\ud800",
    "\udfff",
    "\udc00\ud800",
    "a\ud83d",
    "\ud83d\ude00",
    "\u0000",
    "\u001b[31m\r\n",
    "\ufeff",
    "\uffff\ufffe",
    "\u202e",
    "",
    " ",
    "\\",
    "../../etc/passwd",
    "/dev/zero",
    "%s%n{0}",
    "١٢",
    "x" * 20_000,
]
NO_TEXT = ("\ud800", "\udfff", "\udc00\ud800", "a\ud83d")
"""The strings that are no Unicode text."""


def bodies() -> list[tuple[str, Any]]:
    """``(path, body)``: each string in each field alone and in all fields at once, for every
    body of the document, and in the nested fields of the settings and a new game."""
    doc = document()
    sent: list[tuple[str, Any]] = []
    for path, item in doc["paths"].items():
        body = item.get("post", {}).get("requestBody")
        if body is None:
            continue
        schema = body["content"]["application/json"]["schema"]
        if "$ref" in schema:
            schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
        keys = list(schema.get("properties", {})) or ["key"]
        for text in STRINGS:
            sent.append((path, {key: text for key in keys}))
            sent.extend((path, {key: text}) for key in keys)
            sent.append((path, {text: 1}))
    for text in STRINGS:
        for table, key in (
            ("board", "geometry"),
            ("board", "backend"),
            ("board", "language"),
            ("remote", "broker"),
            ("remote", "username"),
            ("remote", "password"),
            ("http", "address"),
            ("voice", "engine"),
        ):
            sent.append(("/api/settings", {table: {key: text}}))
        sent.append(("/api/settings", {"game": {"team_names": [text, "B", "C"]}}))
        sent.append(("/api/settings", {"game": {"seats": [{"kind": text}]}}))
        sent.append(("/api/new_game", {"variant": "lucky", "names": [text, text]}))
        sent.append(("/api/new_game", {"variant": "payoff", "options": {"deal": text}}))
        sent.append(("/api/new_game", {"variant": "lucky", "options": {text: text}}))
    return sent


async def test_no_string_the_json_grammar_allows_is_a_server_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = harness(tmp_path)
    monkeypatch.setattr(h.service, "restart", lambda: None)  # a restart asked is noted
    statuses: dict[int, int] = {}
    for path, body in bodies():
        raw = json.dumps(body).encode()  # ASCII: a lone surrogate as JSON writes it, "\ud800"
        answer = await h.client.post(
            path, content=raw, headers={**AUTH, "content-type": "application/json"}
        )
        statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
        assert answer.status_code < 500, (path, body, answer.text[:300])
        text = raw.decode()
        if any(json.dumps(bad)[1:-1] in text for bad in NO_TEXT):
            assert answer.status_code == 400, (path, body, answer.text[:300])
    assert statuses[400] > 1000 and statuses.get(200, 0) > 10, statuses
