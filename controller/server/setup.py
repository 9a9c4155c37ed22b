"""What the settings page works on: the configuration file it writes, the data directory that
keeps the token, and the command line's own settings (which stay on top of the file's).

Which settings apply at once, which from the next game, and which need a restart, is said once,
in each setting's declaration (``controller.config``): the page shows it beside each, and
``POST /api/settings`` answers it.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from controller.config import Config, ConfigError, parse_address, settings_specs
from controller.config_file import CONFIG_FILE, stored_token

PAGE_SETTINGS: dict[str, dict[str, str]] = {}
"""The settings the page may change, by table, with when each takes effect (their
declarations' ``OnPage``)."""
for _spec in settings_specs():
    if _spec.page:
        PAGE_SETTINGS.setdefault(_spec.table, {})[_spec.key] = _spec.when
SECRETS = {spec.name for spec in settings_specs() if spec.secret}
"""The settings never shown (``table.key``): a password, the token."""


@dataclass
class Setup:
    """Where the page's settings go (``controller.config_file``)."""

    path: Path
    """The configuration file (``--config``, else ``DATA_DIR/config.toml``)."""
    data_dir: Path
    """Where the token is stored once the board is set up."""
    command_line: Callable[[Config], Config]
    """The command line's settings (``--set``, ``--http``, ``--remote``, ``--computer``) on top
    of a configuration."""
    file_token: bool = False
    """Whether the file sets ``[http] token`` (the page's new token then goes there too)."""
    held: dict[str, str] = field(default_factory=dict)
    """The page's settings that the command line sets (``"board.backend"``: ``"--board sim"``):
    the page still writes them to the file, but the service keeps the command line's."""
    notice: str = ""
    """Said when this start could not use the file and started with the last good copy
    (``controller.cli.run.start_settings``)."""

    def first_run(self) -> bool:
        """Not set up yet: no configuration file, or no token kept across restarts."""
        if not self.path.exists():
            return True
        return not self.file_token and stored_token(self.data_dir) is None


def held_settings(options: dict[str, str], overrides: list[str]) -> dict[str, str]:
    """The page's settings that the command line sets, each with its option as given:
    ``options`` the options that set one (``{"board.backend": "--board sim"}``, an empty one
    left out), ``overrides`` the ``--set TABLE.KEY=VALUE`` items (a secret's value left out)."""
    held = {key: given for key, given in options.items() if given}
    for item in overrides:
        dotted = item.partition("=")[0].strip()
        section, _, key = dotted.partition(".")
        if key in PAGE_SETTINGS.get(section, {}):
            held[dotted] = f"--set {dotted}=…" if dotted in SECRETS else f"--set {item}"
    return held


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


FIRST_FREE_PORT = 1024
"""The lowest port the page may choose (those below are the system's)."""


def check_listen_address(text: str, port_now: int) -> None:
    """A ``ConfigError`` unless this process could listen on ``HOST:PORT`` (the name resolves
    to an address of this machine, the port is 1024 or above and free), checked by
    binding a socket there; the port the service listens on now passes (it is ours: it is free
    once the service restarts)."""
    host, port = parse_address(text)
    if 0 < port < FIRST_FREE_PORT:
        raise ConfigError(
            f"http.address: {text}: ports below {FIRST_FREE_PORT} belong to the system's own "
            "services (or need root, which this service does not run as): choose 1024-65535"
        )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE and port == port_now:
                return
            reason = error.strerror or str(error)
            raise ConfigError(
                f"http.address: this board cannot listen on {text}: {reason} (an address of "
                "this machine, or 0.0.0.0, and a port no other program holds)"
            ) from None


def config_path(given: str | None, data_dir: Path) -> Path:
    """The configuration file: the one given, else ``DATA_DIR/config.toml``."""
    return Path(given) if given else data_dir / CONFIG_FILE


def lan_address() -> str:
    """This machine's address on its network (the interface of its default route), else its
    name."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet leaves: this only picks the route
            address: str = probe.getsockname()[0]
        except OSError:
            return socket.gethostname()
    return address


def page_link(asked_host: str, bound_host: str, port: int, token: str) -> tuple[str, bool]:
    """The page's address with the token in its fragment (a fragment never reaches a server's
    log nor a ``Referer``), and whether a phone on the network can open it: the address the page
    was opened at, or, opened on this machine, this machine's network address."""
    host = asked_host.rpartition(":")[0] if asked_host.rpartition(":")[2].isdigit() else asked_host
    if is_loopback(host.strip("[]")) or not host:
        if is_loopback(bound_host):
            host = bound_host
        else:
            host = lan_address() if bound_host in ("0.0.0.0", "::") else bound_host
            host = f"[{host}]" if ":" in host else host
    reachable = not is_loopback(host.strip("[]")) and not is_loopback(bound_host)
    return f"http://{host}:{port}/#token={token}", reachable
