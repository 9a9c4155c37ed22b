"""A real mosquitto for the remote-play tests: a generated config on free loopback ports, a
plain listener and a TLS listener whose certificate a throwaway CA signed; it can be killed and
started again on the same ports."""

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
from web_support import free_port

MOSQUITTO_PATHS = ("/usr/sbin/mosquitto", "/usr/bin/mosquitto")
START_TIMEOUT_S = 20.0


def find_mosquitto() -> str | None:
    for path in MOSQUITTO_PATHS:
        if Path(path).exists():
            return path
    return shutil.which("mosquitto")


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _pem_key(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def make_ca_and_server(folder: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a broker certificate for 127.0.0.1 / localhost: (ca, cert, key)."""
    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("flixboard test CA"))
        .issuer_name(_name("flixboard test CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(_name("localhost"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    paths = folder / "ca.pem", folder / "broker.pem", folder / "broker.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(_pem_key(key))
    return paths


@dataclass
class Mosquitto:
    """One broker process; ``kill`` and ``start`` again keep its ports and certificates."""

    folder: Path
    port: int = field(default_factory=free_port)
    tls_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def __post_init__(self) -> None:
        self.ca, cert, key = make_ca_and_server(self.folder)
        self.config = self.folder / "mosquitto.conf"
        self.config.write_text(
            f"user {getpass.getuser()}\n"  # as root it would switch to a user who cannot read
            "per_listener_settings false\n"
            "allow_anonymous true\n"
            "persistence false\n"
            "set_tcp_nodelay true\n"
            "log_dest stderr\n"
            f"listener {self.port} 127.0.0.1\n"
            f"listener {self.tls_port} 127.0.0.1\n"
            f"cafile {self.ca}\ncertfile {cert}\nkeyfile {key}\n",
            encoding="utf-8",
        )

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
        log = (self.folder / "mosquitto.log").open("ab")
        self.process = subprocess.Popen(
            [binary, "-c", str(self.config)], stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        for port in (self.port, self.tls_port):
            while not _listening(port):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    output = (self.folder / "mosquitto.log").read_text(errors="replace")
                    raise RuntimeError(f"mosquitto did not start:\n{output}")
                time.sleep(0.02)

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
