"""Home Assistant discovery against a real mosquitto: a client reads the discovery topics as
Home Assistant does, finds one device and its entities, checks every config against the schema
of its component, presses Roll and New game, and sees the board go offline when the service is
stopped or killed (its last will)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from broker_support import PASSWORD, USERNAME, Mosquitto
from homeassistant_support import DiscoveryClient, config_errors, wait_until
from web_support import REPO, Service, kill_service, start_service, stop_service

NODE = "board_a"
CONFIG = (
    "[board]\nsettle_ms = 20\n"
    "[homeassistant]\ndiscovery = true\n"
    f'node_id = "{NODE}"\ndevice_name = "Games table"\nstate_every_s = 0.1\n'
)
ENTITIES = {
    "sensor": {"game", "turn", "last_move", "score", "throw"},
    "binary_sensor": {"board"},
    "button": {"roll", "new_game"},
}
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


def expected_names() -> set[str]:
    return {f"{c}/{o}" for c, objects in ENTITIES.items() for o in objects}


def test_the_board_is_one_device_whose_buttons_play(
    tmp_path: Path, mosquitto: Mosquitto, ha: DiscoveryClient
) -> None:
    service = start(tmp_path / "board", mosquitto)
    try:
        # seed 7: the first throw lights holes (a free throw would leave the roll to Red)
        lucky = {"variant": "lucky", "players": 2, "seed": 7}
        assert service.post("/api/new_game", lucky).status_code == 200
        wait_until(lambda: set(entities(ha)) == expected_names(), "every entity announced")
        wait_until(lambda: ha.get(AVAILABILITY) == b"online", "the board online")
        configs = entities(ha)
        for name, config in configs.items():
            assert config_errors(name.split("/")[0], config) == [], name
        devices = {json.dumps(config["device"], sort_keys=True) for config in configs.values()}
        assert len(devices) == 1 and configs["button/roll"]["device"]["name"] == "Games table"
        assert len({config["unique_id"] for config in configs.values()}) == len(configs)
        assert {config["availability"][0]["topic"] for config in configs.values()} == {AVAILABILITY}
        assert {config["state_topic"] for n, config in configs.items() if "button" not in n} == {
            STATE_TOPIC
        }

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

        ha.press(configs["button/roll"]["command_topic"], configs["button/roll"]["payload_press"])
        wait_until(lambda: service.state()["throw"] is not None, "the dice thrown on the board")
        thrown = service.state()
        assert thrown["phase"] == "await_place"
        wait_until(lambda: shown(ha).get("throw") == thrown["throw"], "the throw shown")

        ha.press(configs["button/roll"]["command_topic"])  # not now: a Man is to be placed
        wait_until(lambda: "roll refused" in service.output(), "the refusal logged")
        assert service.state()["throw"] == thrown["throw"]

        ha.press(configs["button/new_game"]["command_topic"])
        wait_until(lambda: service.state()["throw"] is None, "a new game started")
        started = [e for e in service.state()["events"] if e["type"] == "game_started"]
        assert started and started[-1]["at"] > thrown["events"][-1]["at"]
        wait_until(lambda: shown(ha).get("throw") == "none", "the new game shown")

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


def test_another_broker_with_its_own_login(tmp_path: Path) -> None:
    """``ha_broker`` names a broker of its own (Home Assistant's), with its login; there is no
    remote play broker at all."""
    folder = tmp_path / "broker"
    folder.mkdir()
    locked = Mosquitto(folder, locked=True)
    locked.start()
    ha = DiscoveryClient(locked.port, login=(USERNAME, PASSWORD))
    extra = f'ha_broker = "{locked.url}"\nha_username = "{USERNAME}"\nha_password = "{PASSWORD}"\n'
    (tmp_path / "board").mkdir()
    service = start_service(tmp_path / "board", config=CONFIG + extra)
    try:
        wait_until(lambda: set(entities(ha)) == expected_names(), "every entity announced")
        wait_until(lambda: shown(ha).get("game") == "Lucky Flix", "the game shown")
    finally:
        stop_service(service)
        ha.close()
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
        wait_until(lambda: set(entities(first)) == expected_names(), "every entity announced")
        first.close()
        mosquitto.kill()
        thrown = service.post("/api/roll").json()["throw"]
        mosquitto.start()
        ha = DiscoveryClient(mosquitto.port)
        try:
            wait_until(lambda: set(entities(ha)) == expected_names(), "announced again")
            wait_until(lambda: ha.get(AVAILABILITY) == b"online", "online again")
            wait_until(lambda: shown(ha).get("throw") == thrown, "the throw made meanwhile")
        finally:
            ha.close()
    finally:
        stop_service(service)
