"""Home Assistant discovery against a real mosquitto: a client reads the discovery topics as
Home Assistant does, finds one device and its entities, checks every config against the schema
of its component, presses Roll and New game, and sees the board go offline when the service is
stopped or killed (its last will)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from broker_support import Mosquitto
from homeassistant_support import DiscoveryClient, config_errors
from web_support import REPO, Service, kill_service, start_service, stop_service, throws

from controller.homeassistant.guard import PRESS_GAP_S
from tests.waiting import wait_until

pytestmark = [pytest.mark.broker, pytest.mark.live]

NODE = "board_a"
CONFIG = (
    "[board]\nsettle_ms = 20\n"
    "[homeassistant]\ndiscovery = true\n"
    f'node_id = "{NODE}"\ndevice_name = "Games table"\nstate_every_s = 0.1\n'
)
SENSORS = {
    "sensor": {"game", "turn", "last_move", "score", "throw"},
    "binary_sensor": {"board"},
}
ENTITIES = {**SENSORS, "button": {"roll", "new_game"}}
STATE_TOPIC = f"flixboard/{NODE}/state"
AVAILABILITY = f"flixboard/{NODE}/availability"


@pytest.fixture
def ha(mosquitto: Mosquitto) -> Iterator[DiscoveryClient]:
    client = DiscoveryClient(mosquitto.port)
    yield client
    client.close()


def start(folder: Path, mosquitto: Mosquitto, extra: str = "") -> Service:
    folder.mkdir(exist_ok=True)
    config = f'{CONFIG}{extra}[remote]\nbroker = "{mosquitto.url}"\n'
    return start_service(folder, config=config)


def entities(ha: DiscoveryClient) -> dict[str, dict[str, Any]]:
    """The board's discovery configs by ``component/object_id``."""
    found = {}
    for topic, config in ha.configs().items():
        _, component, node, object_id, _ = topic.split("/")
        if node == NODE:
            found[f"{component}/{object_id}"] = config
    return found


def shown(ha: DiscoveryClient) -> dict[str, Any]:
    payload = ha.get(STATE_TOPIC)
    return {} if payload is None else dict(json.loads(payload))


def expected_names(announced: dict[str, set[str]] = ENTITIES) -> set[str]:
    return {f"{c}/{o}" for c, objects in announced.items() for o in objects}


def test_the_board_is_one_device_of_sensors(
    tmp_path: Path, mosquitto: Mosquitto, ha: DiscoveryClient
) -> None:
    """On a broker open to all the device has no buttons: a button config left retained by
    an earlier start is cleared, and the sensors show the game."""
    stale = f"homeassistant/button/{NODE}/roll/config"
    ha.press(stale, json.dumps({"command_topic": f"flixboard/{NODE}/roll/press"}), retain=True)
    wait_until(lambda: ha.get(stale) is not None, "the stale button config")
    service = start(tmp_path / "board", mosquitto)
    try:
        # seed 7: the first throw lights holes (a free throw would leave the roll to Red)
        lucky = {"variant": "lucky", "players": 2, "seed": 7}
        assert service.post("/api/new_game", lucky).status_code == 200
        wait_until(lambda: set(entities(ha)) == expected_names(SENSORS), "the sensors announced")
        wait_until(lambda: ha.get(stale) == b"", "the stale button config cleared")
        wait_until(lambda: ha.get(AVAILABILITY) == b"online", "the board online")
        configs = entities(ha)
        for name, config in configs.items():
            assert config_errors(name.split("/")[0], config) == [], name
        devices = {json.dumps(config["device"], sort_keys=True) for config in configs.values()}
        assert len(devices) == 1 and configs["sensor/game"]["device"]["name"] == "Games table"
        assert len({config["unique_id"] for config in configs.values()}) == len(configs)
        assert {config["availability"][0]["topic"] for config in configs.values()} == {AVAILABILITY}
        assert {config["state_topic"] for config in configs.values()} == {STATE_TOPIC}

        wait_until(lambda: shown(ha).get("game") == "Lucky Flix", "the game shown")
        before = service.state()
        assert before["phase"] == "await_roll" and before["throw"] is None
        assert shown(ha) == {
            "game": "Lucky Flix",
            "turn": before["seat_labels"][0],
            "last_move": "none",
            "score": "Red 0, Blue 0",
            "throw": "none",
            "board": "ON",
        }
        thrown = service.post("/api/roll").json()["throw"]
        wait_until(lambda: shown(ha).get("throw") == thrown, "the throw shown")

        stop_service(service)  # a clean stop says offline itself
        wait_until(lambda: ha.get(AVAILABILITY) == b"offline", "offline after a clean stop")
        service = start(tmp_path / "board", mosquitto)
        wait_until(lambda: ha.get(AVAILABILITY) == b"online", "online again")
    finally:
        kill_service(service)  # SIGKILL: only the broker's last will can say so
    wait_until(lambda: ha.get(AVAILABILITY) == b"offline", "offline by the last will")


def test_no_hidden_token_nor_seed_reaches_the_broker(
    tmp_path: Path, mosquitto: Mosquitto, ha: DiscoveryClient
) -> None:
    seed = 987654321987
    service = start(tmp_path / "board", mosquitto)
    try:
        answer = service.post("/api/new_game", {"variant": "payoff", "players": 2, "seed": seed})
        assert answer.status_code == 200, answer.text
        wait_until(lambda: shown(ha).get("game") == "Pay-Off Flix", "the Pay-Off game shown")
        assert set(shown(ha)) == {"game", "turn", "last_move", "score", "throw", "board"}
        for _, payload in ha.everything():
            assert str(seed).encode() not in payload
            assert b"token" not in payload and b"hand" not in payload
    finally:
        stop_service(service)


def test_a_config_that_breaks_the_schema_is_found() -> None:
    """The checker can fail: a button without its command topic, a device without an
    identifier, a sensor with a key Home Assistant does not know."""
    assert "button: missing 'command_topic'" in config_errors(
        "button", {"unique_id": "x", "device": {"identifiers": ["x"]}}
    )
    assert config_errors(
        "sensor", {"state_topic": "a/b", "unique_id": "x", "device": {"name": "no id"}}
    )
    assert "sensor: unknown key 'payload_press'" in config_errors(
        "sensor",
        {
            "state_topic": "a",
            "unique_id": "x",
            "device": {"identifiers": ["x"]},
            "payload_press": "P",
        },
    )


def started_at(service: Service) -> float:
    """When the game being played started."""
    started = [e for e in service.state()["events"] if e["type"] == "game_started"]
    return float(started[-1]["at"])


def acl_of_the_docs() -> str:
    """The mosquitto ACL that docs/home-assistant.md gives as its example."""
    text = (REPO / "docs" / "home-assistant.md").read_text(encoding="utf-8")
    return text.split('```text title="acl"\n', 1)[1].split("```", 1)[0]


def test_home_assistant_s_own_user_presses_on_a_locked_broker(tmp_path: Path) -> None:
    """``ha_broker`` names a broker of its own with a login and the ACL of the docs; with
    ``buttons = true`` Home Assistant's user presses Roll and New game, with the page's rules,
    never a retained press nor more than one a second, never a New game during a game; a
    stranger with a login of their own can neither press nor overwrite the state."""
    folder = tmp_path / "broker"
    folder.mkdir()
    logins = (("flixboard", "board secret"), ("homeassistant", "ha secret"), ("stranger", "x"))
    locked = Mosquitto(folder, locked=True, logins=logins, acl=acl_of_the_docs())
    locked.start()
    ha = DiscoveryClient(locked.port, login=logins[1])
    stranger = DiscoveryClient(locked.port, topics=(), login=logins[2])
    extra = (
        f'buttons = true\nha_broker = "{locked.url}"\n'
        'ha_username = "flixboard"\nha_password = "board secret"\n'
    )
    (tmp_path / "board").mkdir()
    service = start_service(tmp_path / "board", config=CONFIG + extra)
    try:
        wait_until(lambda: set(entities(ha)) == expected_names(), "every entity announced")
        configs = entities(ha)
        for name, config in configs.items():
            assert config_errors(name.split("/")[0], config) == [], name
        roll, new_game = (configs[f"button/{b}"]["command_topic"] for b in ("roll", "new_game"))
        assert configs["button/roll"]["payload_press"] == "PRESS"
        lucky = {"variant": "lucky", "players": 2, "seed": 7}  # the first throw lights holes
        assert service.post("/api/new_game", lucky).status_code == 200
        wait_until(lambda: shown(ha).get("game") == "Lucky Flix", "the game shown")
        posted = started_at(service)

        ha.press(new_game)  # no Man placed yet: a new game
        wait_until(lambda: started_at(service) > posted, "a new game")
        pressed = time.monotonic()  # the board took that press before this
        ha.press(roll)
        wait_until(lambda: throws(service) >= 1, lambda: f"the dice thrown:\n{service.output()}")
        # the new game's seed is new: a throw that lights no hole (free throws) is followed by
        # the page's Roll until one does; FFF lights every empty hole for the other seat (the
        # throw is then no longer the thrower's: ``state["throw"]`` is None)
        for _ in range(20):
            allowed = service.state()["allowed"]
            if allowed:
                break
            assert service.post("/api/roll", {}).status_code == 200
        hole = allowed[0]
        assert service.post("/api/sim/place", {"hole": hole}).status_code == 200
        wait_until(lambda: service.state()["phase"] == "await_roll", "the Man placed")
        before = service.state()

        ha.press(roll, retain=True)
        wait_until(lambda: "ignored a retained message" in service.output(), "retained ignored")
        ha.press(roll, "", retain=True)  # cleared again
        for _ in range(3):
            stranger.press(roll)
            stranger.press(new_game)
            stranger.press(STATE_TOPIC, '{"game":"HACKED"}', retain=True)
        # the flood's first press comes a press gap after the last New game, so it is taken
        wait_until(lambda: time.monotonic() > pressed + PRESS_GAP_S, "a press gap")
        ha.flood(new_game, "PRESS", 30)
        wait_until(lambda: "new_game refused: a game is under way" in service.output(), "refused")
        wait_until(lambda: "(1 too soon so far)" in service.output(), "the flood dropped")
        after = service.state()
        assert (after["board"], after["actions"]) == (before["board"], before["actions"])
        assert after["events"] == before["events"]
        assert shown(ha).get("game") == "Lucky Flix"
    finally:
        stop_service(service)
        ha.close()
        stranger.close()
        locked.kill()


def test_discovery_without_a_broker_is_a_clear_error(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[homeassistant]\ndiscovery = true\n", encoding="utf-8")
    command = [sys.executable, "-m", "controller.cli", "run", "--board", "sim", "--http"]
    command += ["127.0.0.1:0", "--data-dir", str(tmp_path / "data"), "--config", str(config)]
    ran = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert ran.returncode == 2
    assert "Home Assistant discovery needs a broker: set [homeassistant] ha_broker" in ran.stderr


def test_a_restarted_broker_gets_the_device_and_the_latest_state_again(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """A broker that lost its retained messages (restarted without persistence) learns the
    device again at the reconnect, with the state of then, not the one before it went away."""
    service = start(tmp_path / "board", mosquitto)
    try:
        # seed 7: the throw stays on the board (three FLIX would clear it at once)
        lucky = {"variant": "lucky", "players": 2, "seed": 7}
        assert service.post("/api/new_game", lucky).status_code == 200
        first = DiscoveryClient(mosquitto.port)
        wait_until(lambda: set(entities(first)) == expected_names(SENSORS), "announced")
        first.close()
        mosquitto.kill()
        thrown = service.post("/api/roll").json()["throw"]
        mosquitto.start()
        ha = DiscoveryClient(mosquitto.port)
        try:
            wait_until(lambda: set(entities(ha)) == expected_names(SENSORS), "announced again")
            wait_until(lambda: ha.get(AVAILABILITY) == b"online", "online again")
            wait_until(lambda: shown(ha).get("throw") == thrown, "the throw made meanwhile")
        finally:
            ha.close()
    finally:
        stop_service(service)
