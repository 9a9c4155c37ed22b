"""The settings API is a trust boundary: only with the token (on this machine too), only from
the board's own page, every value checked, a malformed or huge body refused, and nothing written
on a refusal. What applies without a restart does so at once (the real app in process on a
simulated board)."""

from __future__ import annotations

import json
import re
import stat
from pathlib import Path
from typing import Any

import msgspec
import pytest

from controller.config import load_config, settings_specs
from controller.config_checks import SHAPES
from controller.config_file import TOKEN_FILE
from controller.games import games
from controller.server.bodies import PAGE_TABLES, SettingsChange
from controller.server.requests import MAX_BODY
from controller.server.setup import PAGE_SETTINGS, Setup, held_settings
from tests.api_harness import TOKEN, Harness

FIXTURE = Path(__file__).parents[1] / "web" / "settings_fixture.toml"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def harness(tmp_path: Path, host: str = "127.0.0.1") -> Harness:
    """A service whose settings file is the commented fixture."""
    path = tmp_path / "config.toml"
    path.write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    h = Harness(host=host, config=load_config(path))
    h.service.setup = Setup(path, tmp_path / "data", lambda config: config)
    return h


def config_file(h: Harness) -> Path:
    """The configuration file the harness's settings routes write."""
    assert h.service.setup is not None
    return h.service.setup.path


async def post(h: Harness, path: str, body: Any, **headers: str) -> tuple[int, dict[str, Any]]:
    answer = await h.client.post(path, json=body, headers={**AUTH, **headers})
    return answer.status_code, answer.json()


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
async def test_settings_need_the_token_on_this_machine_too(tmp_path: Path, host: str) -> None:
    h = harness(tmp_path, host)
    before = config_file(h).read_bytes()
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        assert (await h.client.get("/api/settings", headers=headers)).status_code == 401
        answer = await h.client.post(
            "/api/settings", json={"leds": {"brightness_cap": 0.1}}, headers=headers
        )
        assert answer.status_code == 401
        assert "Authorization: Bearer <token>" in answer.json()["error"]
        for path in ("/api/settings/token", "/api/settings/restart"):
            assert (await h.client.post(path, json={}, headers=headers)).status_code == 401
    assert config_file(h).read_bytes() == before
    assert h.service.token == TOKEN and not h.service.restart_requested
    # whether the board is set up is no secret
    assert (await h.client.get("/api/setup")).json()["first_run"] is True


async def test_a_page_of_another_site_may_not_change_them(tmp_path: Path) -> None:
    h = harness(tmp_path)
    status, body = await post(
        h, "/api/settings", {"leds": {"brightness_cap": 0.1}}, Origin="http://evil.example"
    )
    assert status == 403 and "another site" in body["error"]
    assert load_config(config_file(h)).leds.brightness_cap == 0.4


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"leds": {"brightness_cap": 2}}, 400, "a number 0..1"),
        ({"leds": {"brightness_cap": "bright"}}, 400, "a number 0..1"),
        ({"board": {"panels": "RRGB"}}, 400, "panels"),
        ({"board": {"suits": 4}}, 400, "the letters S, H, D, C"),
        ({"game": {"call_window": 601}}, 400, "a number 0..600"),
        ({"game": {"hints": "no"}}, 400, "true or false"),
        ({"game": {"seats": [{"kind": "computer", "level": 0}]}}, 400, "level"),
        ({"game": {"seats": [{"kind": "robot"}]}}, 400, "seat 1"),
        ({"game": {"computer_movetime_ms": 5}}, 400, "10..600000"),
        ({"game": {"team_names": ["Red", "", "Green"]}}, 400, "three or four names"),
        ({"game": {"team_names": ["R" * 41, "B", "G"]}}, 400, "names of 1..40 characters"),
        ({"remote": {"username": "u" * 257}}, 400, "at most 256 characters"),
        ({"remote": {"broker": "http://broker:1883"}}, 400, "mqtt://HOST:PORT"),
        ({"remote": {"password": 1234}}, 400, "any text"),
        ({"game": {"variant": "lucky"}}, 400, "unknown key 'game.variant'"),
        ({"http": {"token": "x" * 20}}, 400, "unknown key 'http.token'; http takes address"),
        ({"http": {"address": "everywhere"}}, 400, "HOST:PORT"),
        ({"http": {"address": "127.0.0.1:65536"}}, 400, "HOST:PORT, the port"),
        # well-formed, as the document allows, but not a board this machine has: 409
        ({"board": {"geometry": "no-such-board"}}, 409, "no board geometry"),
        ({"leds": [1]}, 400, "wrong type"),
        ([1, 2], 400, "a JSON object"),
    ],
)
async def test_every_value_is_checked_and_a_refusal_writes_nothing(
    tmp_path: Path, body: Any, status: int, words: str
) -> None:
    h = harness(tmp_path)
    path = config_file(h)
    before = path.read_bytes()
    answer_status, answer = await post(h, "/api/settings", body)
    assert (answer_status, words in answer["error"]) == (status, True), answer
    assert path.read_bytes() == before
    assert h.service.config.leds.brightness_cap == 0.4
    assert not (tmp_path / "data" / TOKEN_FILE).exists()


async def test_a_malformed_or_huge_body_is_refused(tmp_path: Path) -> None:
    h = harness(tmp_path)
    path = config_file(h)
    before = path.read_bytes()
    json_type = {**AUTH, "Content-Type": "application/json"}
    answer = await h.client.post("/api/settings", content=b'{"leds": {', headers=json_type)
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]
    huge = json.dumps({"game": {"team_names": ["x" * MAX_BODY, "b", "c"]}}).encode()
    answer = await h.client.post("/api/settings", content=huge, headers=json_type)
    assert answer.status_code == 413
    answer = await h.client.post(
        "/api/settings", content=b"<settings/>", headers={**AUTH, "Content-Type": "text/xml"}
    )
    assert answer.status_code == 415
    assert path.read_bytes() == before


async def test_what_applies_now_is_in_use_at_once(tmp_path: Path) -> None:
    h = harness(tmp_path)
    status, body = await post(
        h,
        "/api/settings",
        {
            "leds": {"brightness_cap": 0.2},
            "game": {"team_names": ["Ann", "Bo", "Cy"], "computer_movetime_ms": 300},
            "board": {"panels": "YRGB", "language": "de"},
        },
    )
    assert status == 200, body
    state = await h.state()  # the language applies at once: the board speaks German
    assert state["language"] == "de" and state["message"] == "Ann (Spieler 1): drücke ROLL."
    assert body["settings"]["board"]["language"] == "de"
    assert h.board.pixels.max_brightness == 0.2
    h.advance(0.5)  # a frame follows the last one after the renderer's interval
    assert h.board.frames[-1].brightness == 0.2  # the LEDs shine at the new cap
    assert (await h.state())["team_names"][:2] == ["Ann", "Bo"]
    assert h.service.config.game.computer_movetime_ms == 300
    # the panels' order needs a restart: written, said so, not in use yet
    assert body["restart_needed"] == ["board.panels"]
    assert body["settings"]["board"]["panels"] == "YRGB"
    assert h.service.config.board.panels == "RYGB"
    assert load_config(config_file(h)).board.panels == "YRGB"
    # the first save keeps the token across restarts, for its owner only
    token_file = tmp_path / "data" / TOKEN_FILE
    assert token_file.read_text(encoding="ascii").strip() == TOKEN
    assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
    assert (await h.client.get("/api/setup")).json()["first_run"] is False


async def test_a_new_token_replaces_the_old_one_at_once(tmp_path: Path) -> None:
    h = harness(tmp_path, "0.0.0.0")
    status, body = await post(h, "/api/settings/token", {"token": "too-short"})
    assert status == 400 and "16 to 128" in body["error"]
    status, body = await post(h, "/api/settings/token", {"token": ""})  # not "a random one"
    assert status == 400 and "16 to 128" in body["error"]
    assert h.service.token == TOKEN
    status, body = await post(h, "/api/settings/token", {})
    assert status == 200
    new = body["token"]
    assert new != TOKEN and body["link"].endswith(f"/#token={new}")
    assert (tmp_path / "data" / TOKEN_FILE).read_text(encoding="ascii").strip() == new
    assert (await h.client.post("/api/roll", headers=AUTH)).status_code == 401
    fresh = {"Authorization": f"Bearer {new}"}
    assert (await h.client.post("/api/roll", headers=fresh)).status_code == 200


async def test_the_qr_code_is_of_the_page_s_address_with_the_token_in_its_fragment(
    tmp_path: Path,
) -> None:
    h = harness(tmp_path, "0.0.0.0")
    answer = await h.client.get("/api/settings", headers={**AUTH, "Host": "192.168.1.20:8640"})
    assert answer.headers["cache-control"] == "no-store"  # it carries the token
    body = answer.json()
    assert body["link"] == f"http://192.168.1.20:8640/#token={TOKEN}"
    assert body["reachable"] is True
    assert body["qr_svg"].startswith("<svg") and "<path" in body["qr_svg"]
    local = await h.client.get("/api/settings", headers=AUTH)  # opened on the board itself
    assert "127.0.0.1" not in local.json()["link"]


async def test_a_restart_is_asked_only_after_the_answer(tmp_path: Path) -> None:
    h = harness(tmp_path)
    answer = await h.client.post("/api/settings/restart", headers=AUTH)
    assert answer.status_code == 202 and answer.json() == {"restarting": True}
    assert h.service.restart_requested


async def test_a_token_the_file_sets_is_replaced_in_the_file(tmp_path: Path) -> None:
    h = harness(tmp_path, "0.0.0.0")
    path = config_file(h)
    text = path.read_text(encoding="utf-8") + '\n[http]\n# ours\ntoken = "s3cret-of-the-file-0"\n'
    path.write_text(text, encoding="utf-8")
    h.service.setup = Setup(path, tmp_path / "data", lambda config: config, file_token=True)
    new = "a-new-token-of-ours-123"
    status, body = await post(h, "/api/settings/token", {"token": new})
    assert status == 200 and body["token"] == new
    assert path.read_text(encoding="utf-8") == text.replace('"s3cret-of-the-file-0"', f'"{new}"')
    assert not (tmp_path / "data" / TOKEN_FILE).exists()
    assert load_config(path).http.token == new


async def test_the_settings_answer_names_every_setting_of_the_page_and_no_other(
    tmp_path: Path,
) -> None:
    """The answer's settings, their declarations and the body's tables are the page's settings
    (those declared ``OnPage``), a password only as whether one is set."""
    h = harness(tmp_path)
    shown = (await h.client.get("/api/settings", headers=AUTH)).json()
    wanted = {table: set(keys) for table, keys in PAGE_SETTINGS.items()}
    assert {table: set(keys) - {"password_set"} for table, keys in shown["settings"].items()} == (
        wanted
    )
    assert shown["settings"]["remote"]["password"] == ""
    assert {(s["table"], s["key"]) for s in shown["schema"]} == {
        (table, key) for table, keys in wanted.items() for key in keys
    }
    body = {f.name: f.type for f in msgspec.structs.fields(SettingsChange)}
    assert set(body) == set(wanted)
    for table, kind in PAGE_TABLES.items():
        assert {f.name for f in msgspec.structs.fields(kind)} == wanted[table], table


def test_every_setting_the_page_offers_is_drawn_from_its_declaration() -> None:
    """Each setting declared ``OnPage`` names its field's label, and the page draws each from
    its declaration: settings.html writes no field, and the widgets the settings declare
    (``Widget``) are those settings.js draws (``WIDGETS``), none more, each field's id once."""
    web = Path(__file__).parents[2] / "controller" / "server" / "web"
    script = (web / "settings.js").read_text(encoding="utf-8")
    page = (web / "settings.html").read_text(encoding="utf-8")
    offered = [spec for spec in settings_specs() if spec.page]
    assert all(spec.label for spec in offered)
    assert not re.findall(r"data-(?:setting|label-of|when-of)=", page)
    drawn = script[script.index("const WIDGETS = {") :].partition("\n};\n")[0]
    widgets = set(re.findall(r"^  (\w+): \{$", drawn, re.MULTILINE))
    assert widgets and widgets == {spec.widget for spec in offered if spec.widget}
    ids = [spec.field for spec in offered if spec.field]
    assert len(ids) == len(set(ids))
    assert "data-t>Applies" not in page and "HAND_MADE" not in script


async def test_the_board_s_shapes_are_offered_each_named_by_its_game(tmp_path: Path) -> None:
    """The shapes the page offers are those ``[board] geometry`` takes by name: the spaceboard
    and each flat board, named as the game played on it names it (``GameSpec.board``)."""
    h = harness(tmp_path)
    schema = (await h.client.get("/api/settings", headers=AUTH)).json()["schema"]
    shape = next(spec for spec in schema if spec["key"] == "geometry")
    boards = {game.geometry: game.board for game in games().values() if game.board}
    assert {option["value"] for option in shape["options"]} == set(SHAPES) == {"flix", *boards}
    names = {option["value"]: option["label"] for option in shape["options"]}
    assert names == {"flix": "the FLIX spaceboard", **boards}
    assert not shape["boards"]


def test_the_command_line_s_settings_are_named_with_their_option_a_password_hidden() -> None:
    options = {"board.backend": "--board sim", "board.geometry": "", "game.seats": "--computer 2"}
    overrides = ["remote.password=hunter2-hunter2", "board.settle_ms=80", "leds.brightness_cap=0.3"]
    assert held_settings(options, overrides) == {
        "board.backend": "--board sim",
        "game.seats": "--computer 2",
        "remote.password": "--set remote.password=…",
        "leds.brightness_cap": "--set leds.brightness_cap=0.3",
    }
