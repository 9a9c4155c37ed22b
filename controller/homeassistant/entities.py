"""The device and its entities, as Home Assistant's MQTT discovery describes them.

Each entity has a retained config at ``<prefix>/<component>/<node_id>/<object_id>/config``.
The sensors read one JSON state (``value_template``), the buttons (only where the bridge takes
presses: ``bridge.buttons_of``) send ``PRESS`` to a command topic of their own, and every
entity is available while the board's availability topic says ``online`` (the service's last
will says ``offline``).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

import msgspec

from controller.config import Config
from controller.wire import encode

ONLINE = "online"
OFFLINE = "offline"
PRESS = "PRESS"


@dataclass(frozen=True)
class Topics:
    """Where this board's discovery, state, availability and commands live."""

    prefix: str
    node_id: str

    @property
    def base(self) -> str:
        return f"flixboard/{self.node_id}"

    @property
    def state(self) -> str:
        return f"{self.base}/state"

    @property
    def availability(self) -> str:
        return f"{self.base}/availability"

    def command(self, object_id: str) -> str:
        return f"{self.base}/{object_id}/press"

    def config(self, component: str, object_id: str) -> str:
        return f"{self.prefix}/{component}/{self.node_id}/{object_id}/config"

    @classmethod
    def from_config(cls, config: Config) -> Topics:
        return cls(config.homeassistant.discovery_prefix, config.homeassistant.node_id)


@dataclass(frozen=True)
class Entity:
    """One entity of the device: a sensor of the state, the board's connection, or a button."""

    component: str
    """``sensor``, ``binary_sensor`` or ``button``."""
    object_id: str
    name: str
    icon: str
    field: str = ""
    """The key of the JSON state a sensor shows (empty for a button)."""


SENSORS = (
    Entity("sensor", "game", "Game", "mdi:gamepad-variant", "game"),
    Entity("sensor", "turn", "Turn", "mdi:account-arrow-right", "turn"),
    Entity("sensor", "last_move", "Last move", "mdi:checkerboard", "last_move"),
    Entity("sensor", "score", "Score", "mdi:scoreboard", "score"),
    Entity("sensor", "throw", "Throw", "mdi:dice-multiple", "throw"),
    Entity("binary_sensor", "board", "Board", "mdi:lan-connect", "board"),
)
BUTTONS = (
    Entity("button", "roll", "Roll", "mdi:dice-5"),
    Entity("button", "new_game", "New game", "mdi:restart"),
)
ENTITIES = (*SENSORS, *BUTTONS)


def _software() -> str:
    try:
        return version("flixboard")
    except PackageNotFoundError:
        return "unknown"


class Device(msgspec.Struct, frozen=True):
    """The device every entity belongs to (one per ``node_id``)."""

    identifiers: list[str]
    name: str
    manufacturer: str
    model: str
    sw_version: str


class Origin(msgspec.Struct, frozen=True):
    """The software that sent the discovery."""

    name: str
    sw_version: str


class Availability(msgspec.Struct, frozen=True):
    topic: str
    payload_available: str
    payload_not_available: str


class Discovery(msgspec.Struct, frozen=True, omit_defaults=True):
    """An entity's config payload (Home Assistant's MQTT discovery schema): a button's command
    topic, a sensor's state topic and template, the board's connectivity sensor's payloads."""

    name: str
    unique_id: str
    icon: str
    device: Device
    origin: Origin
    availability: list[Availability]
    qos: int = 1
    command_topic: str | None = None
    payload_press: str | None = None
    state_topic: str | None = None
    value_template: str | None = None
    payload_on: str | None = None
    payload_off: str | None = None
    device_class: str | None = None
    entity_category: str | None = None


def device(config: Config) -> Device:
    """The device every entity belongs to (one per ``node_id``)."""
    return Device(
        identifiers=[f"flixboard_{config.homeassistant.node_id}"],
        name=config.homeassistant.device_name,
        manufacturer="flixboard",
        model="FLIX board",
        sw_version=_software(),
    )


def discovery_config(entity: Entity, config: Config) -> Discovery:
    """The config payload of ``entity``."""
    topics = Topics.from_config(config)
    common = Discovery(
        name=entity.name,
        unique_id=f"flixboard_{config.homeassistant.node_id}_{entity.object_id}",
        icon=entity.icon,
        device=device(config),
        origin=Origin("flixboard", _software()),
        availability=[Availability(topics.availability, ONLINE, OFFLINE)],
    )
    if entity.component == "button":
        return msgspec.structs.replace(
            common, command_topic=topics.command(entity.object_id), payload_press=PRESS
        )
    template = f"{{{{ value_json.{entity.field} }}}}"
    sensor = msgspec.structs.replace(common, state_topic=topics.state, value_template=template)
    if entity.component == "binary_sensor":
        return msgspec.structs.replace(
            sensor,
            payload_on="ON",
            payload_off="OFF",
            device_class="connectivity",
            entity_category="diagnostic",
        )
    return sensor


def discovery_messages(config: Config, buttons: bool) -> list[tuple[str, bytes]]:
    """Every entity's config topic and payload (sent retained); without ``buttons`` the
    buttons' configs are empty, which removes buttons announced before."""
    topics = Topics.from_config(config)
    return [
        (
            topics.config(entity.component, entity.object_id),
            encode(discovery_config(entity, config))
            if buttons or entity.component != "button"
            else b"",
        )
        for entity in ENTITIES
    ]
