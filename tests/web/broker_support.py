"""A real mosquitto for the remote-play tests: a generated config on free loopback ports, a
plain listener and a TLS listener whose certificate a throwaway CA signed, open to all or
locked (a password file, a client certificate); it can be killed and started again on the same
ports."""

from __future__ import annotations

import datetime
import getpass
import ipaddress
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.live_service import free_port

MOSQUITTO_PATHS = ("/usr/sbin/mosquitto", "/usr/bin/mosquitto")
START_TIMEOUT_S = 20.0
PORT_TRIES = 3
"""Starts with fresh ports when another process took one of the broker's first."""


USERNAME = "board1"
PASSWORD = "correct horse"
"""The login of a ``locked`` broker's password file."""


def find_mosquitto() -> str | None:
    for path in MOSQUITTO_PATHS:
        if Path(path).exists():
            return path
    return shutil.which("mosquitto")


def _tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if found is None:
        raise RuntimeError(f"{name} is missing: bash scripts/setup-system.sh installs mosquitto")
    return found


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _certificate(
    subject: str,
    key: ec.EllipticCurvePrivateKey,
    issuer: x509.Certificate | None,
    issuer_key: ec.EllipticCurvePrivateKey,
) -> x509.Certificate:
    """A day's certificate: a CA's own when ``issuer`` is None, else one it signs (a server's
    for 127.0.0.1 / localhost, which a client's may carry too)."""
    now = datetime.datetime.now(datetime.UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(_name(subject) if issuer is None else issuer.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
    )
    if issuer is None:
        builder = builder.add_extension(
            x509.BasicConstraints(ca=True, path_length=0), critical=True
        ).add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
    else:
        builder = builder.add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        ).add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
    return builder.sign(issuer_key, hashes.SHA256())


def make_certificates(folder: Path) -> dict[str, Path]:
    """A throwaway CA, a broker certificate for 127.0.0.1 / localhost and a client certificate
    (common name ``board1``) it signed: PEM files named ``ca``, ``broker``, ``broker_key``,
    ``client``, ``client_key``."""
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = _certificate("flixboard test CA", ca_key, None, ca_key)
    paths = {name: folder / f"{name}.pem" for name in ("ca", "broker", "broker_key")}
    paths |= {name: folder / f"{name}.pem" for name in ("client", "client_key")}
    paths["ca"].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    for name, common in (("broker", "localhost"), ("client", "board1")):
        key = ec.generate_private_key(ec.SECP256R1())
        cert = _certificate(common, key, ca, ca_key)
        paths[name].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        paths[f"{name}_key"].write_bytes(_pem_key(key))
    return paths


@dataclass
class Mosquitto:
    """One broker process; ``kill`` and ``start`` again keep its ports and certificates.

    ``locked``: no anonymous client; the plain listener asks for ``USERNAME`` / ``PASSWORD``
    (a ``password_file`` made by ``mosquitto_passwd``), the TLS one for a client certificate
    the CA signed (``require_certificate``; its common name is the user)."""

    folder: Path
    locked: bool = False
    settings: str = ""
    """More lines of the broker's configuration."""
    logins: tuple[tuple[str, str], ...] = ()
    """``locked``: more users and passwords of the password file."""
    acl: str = ""
    """``locked``: the plain listener's ACL file (mosquitto's ``acl_file`` lines), if any."""
    port: int = field(default_factory=free_port)
    tls_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def __post_init__(self) -> None:
        self.files = make_certificates(self.folder)
        self.ca = self.files["ca"]
        self._configure()

    def _configure(self) -> None:
        """Write the broker's configuration for its ports (and logins)."""
        tls = (
            f"cafile {self.ca}\ncertfile {self.files['broker']}\n"
            f"keyfile {self.files['broker_key']}\n"
        )
        common = (
            f"user {getpass.getuser()}\n"  # as root it would switch to a user who cannot read
            "persistence false\n"
            "set_tcp_nodelay true\n"
            "log_dest stderr\n"
            f"{self.settings}"
        )
        if self.locked:
            passwords = self.folder / "passwd"
            subprocess.run(
                [_tool("mosquitto_passwd"), "-c", "-b", str(passwords), USERNAME, PASSWORD],
                check=True,
                capture_output=True,
            )
            for user, password in self.logins:
                subprocess.run(
                    [_tool("mosquitto_passwd"), "-b", str(passwords), user, password],
                    check=True,
                    capture_output=True,
                )
            acl = ""
            if self.acl:
                acl_file = self.folder / "acl"
                acl_file.write_text(self.acl, encoding="utf-8")
                acl = f"acl_file {acl_file}\n"
            text = (
                f"{common}per_listener_settings true\n"
                f"listener {self.port} 127.0.0.1\n"
                f"allow_anonymous false\npassword_file {passwords}\n{acl}"
                f"listener {self.tls_port} 127.0.0.1\n{tls}"
                "allow_anonymous false\nrequire_certificate true\nuse_identity_as_username true\n"
            )
        else:
            text = (
                f"{common}per_listener_settings false\nallow_anonymous true\n"
                f"listener {self.port} 127.0.0.1\nlistener {self.tls_port} 127.0.0.1\n{tls}"
            )
        self.config = self.folder / "mosquitto.conf"
        self.config.write_text(text, encoding="utf-8")

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def tls_url(self) -> str:
        return f"mqtts://127.0.0.1:{self.tls_port}"

    def start(self) -> None:
        """Start the broker and wait until both listeners take connections."""
        binary = find_mosquitto()
        if binary is None:
            raise RuntimeError(
                "mosquitto is missing: install Debian's mosquitto (bash scripts/setup-system.sh)"
            )
        for _ in range(PORT_TRIES):
            if self._started(binary):
                return
            # Another test's process took a port between its choice and the broker's start:
            # a broker that never ran may take two others.
            self.port, self.tls_port = free_port(), free_port()
            self._configure()
        output = (self.folder / "mosquitto.log").read_text(errors="replace")
        raise RuntimeError(f"mosquitto did not start:\n{output}")

    def _started(self, binary: str) -> bool:
        """Start the process and wait until both listeners take connections; ``False`` when
        a port was taken already; ``RuntimeError`` when it fails otherwise."""
        logged = self.folder / "mosquitto.log"
        log = logged.open("ab")
        start = log.tell()
        self.process = subprocess.Popen(
            [binary, "-c", str(self.config)], stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        for port in (self.port, self.tls_port):
            while not _listening(port):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    output = logged.read_bytes()[start:].decode(errors="replace")
                    if self.process.poll() is not None and "Address already in use" in output:
                        self.process = None
                        return False
                    raise RuntimeError(f"mosquitto did not start:\n{output}")
                time.sleep(0.02)
        return True

    def kill(self) -> None:
        """SIGKILL: the broker is gone at once, as after a crash."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()


def _listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0
