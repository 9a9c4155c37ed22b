"""Home Assistant's side of the discovery tests: a client that reads the discovery and state
topics of a real broker and presses buttons, and a small JSON Schema checker (the keywords
``homeassistant_discovery_schema.json`` uses: type, required, properties,
additionalProperties, items, minItems, minLength, pattern, enum, anyOf, $ref)."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mqtt_loop
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

SCHEMA_FILE = Path(__file__).with_name("homeassistant_discovery_schema.json")
TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
}


def schema_errors(
    value: object, schema: dict[str, Any], root: dict[str, Any], at: str
) -> list[str]:
    """What in ``value`` breaks ``schema`` (empty: valid)."""
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return schema_errors(value, target, root, at)
    errors: list[str] = []
    kind = schema.get("type")
    if kind is not None and not TYPES[kind](value):
        return [f"{at}: not a {kind}: {value!r}"]
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{at}: {value!r} is not one of {schema['enum']}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            errors.append(f"{at}: shorter than {schema['minLength']}")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errors.append(f"{at}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            errors.append(f"{at}: fewer than {schema['minItems']} items")
        for index, item in enumerate(value):
            errors += schema_errors(item, schema.get("items", {}), root, f"{at}[{index}]")
    if isinstance(value, dict):
        properties: dict[str, Any] = schema.get("properties", {})
        errors += [
            f"{at}: missing {key!r}" for key in schema.get("required", ()) if key not in value
        ]
        for key, item in value.items():
            if key in properties:
                errors += schema_errors(item, properties[key], root, f"{at}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{at}: unknown key {key!r}")
    if "anyOf" in schema and all(schema_errors(value, s, root, at) for s in schema["anyOf"]):
        errors.append(f"{at}: matches none of {schema['anyOf']}")
    return errors


def config_errors(component: str, config: dict[str, Any]) -> list[str]:
    """What in a discovery config breaks Home Assistant's schema of ``component``."""
    root: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    if component not in root["components"]:
        return [f"{component}: not a component this schema knows"]
    own = root["components"][component]
    schema = {**own, "properties": {**root["definitions"]["common"], **own["properties"]}}
    return schema_errors(config, schema, root, component)


class DiscoveryClient:
    """Home Assistant's view of the broker: every message under the discovery prefix and the
    board's topics, the latest per topic (retained ones too)."""

    def __init__(
        self,
        port: int,
        topics: tuple[str, ...] = ("homeassistant/#", "flixboard/+/#"),
        login: tuple[str, str] | None = None,
    ):
        self.lock = threading.Lock()
        self.latest: dict[str, bytes] = {}
        self.seen: list[tuple[str, bytes]] = []
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        if login is not None:
            self.client.username_pw_set(*login)
        self.client.on_message = lambda c, u, m: self._keep(m)

        def subscribe(client: mqtt.Client, *_: Any) -> None:
            for topic in topics:
                client.subscribe(topic, qos=1)

        self.client.on_connect = subscribe
        self.client.connect("127.0.0.1", port)
        self.thread = mqtt_loop.start(self.client)

    def _keep(self, message: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.latest[message.topic] = bytes(message.payload)
            self.seen.append((message.topic, bytes(message.payload)))

    def get(self, topic: str) -> bytes | None:
        with self.lock:
            return self.latest.get(topic)

    def configs(self, prefix: str = "homeassistant") -> dict[str, dict[str, Any]]:
        """Each discovery config topic and its (non-empty) payload."""
        with self.lock:
            return {
                topic: json.loads(payload)
                for topic, payload in self.latest.items()
                if topic.startswith(f"{prefix}/") and topic.endswith("/config") and payload
            }

    def everything(self) -> list[tuple[str, bytes]]:
        with self.lock:
            return list(self.seen)

    def press(self, command_topic: str, payload: str = "PRESS", *, retain: bool = False) -> None:
        """Publish ``payload`` (QoS 1) and wait until the broker has it."""
        self.client.publish(command_topic, payload, qos=1, retain=retain).wait_for_publish(10)

    def flood(self, topic: str, payload: str, count: int, *, retain: bool = False) -> None:
        """Publish ``payload`` ``count`` times at once (QoS 1), then wait until the broker has
        them all."""
        sent = [self.client.publish(topic, payload, qos=1, retain=retain) for _ in range(count)]
        for message in sent:
            message.wait_for_publish(10)

    def close(self) -> None:
        mqtt_loop.stop(self.client, self.thread)
