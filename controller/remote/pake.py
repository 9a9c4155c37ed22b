"""Joining by a join code: one live SPAKE2 exchange with the host per attempt (docs/REMOTE.md).

The code's first two letters name a meeting place on the broker (its *nameplate*, public like
magic-wormhole's number); the next two are its *gate*: a request carries a proof of the first
four letters, and the host answers only a request with the right proof, so a door cannot be found
by asking every nameplate. The whole code is the password of a SPAKE2 exchange, which gives both
sides the same secret only when both used the same code; nothing that travels lets anyone test a
guess of the rest without asking the host. Each wrong try (a wrong proof, a wrong confirmation)
costs one of the host's few tries (``BURST``, then one every ``TRY_EVERY_S``), and a code takes
``MAX_MISSES`` wrong proofs and ``MAX_FAILURES`` wrong codes before the host draws a fresh one
with another nameplate: guessing slows joining while it lasts and never closes it.

On the wire (topics under ``flixboard/v2/join/<nameplate>``, never retained)::

    join/<np>            joiner -> host   attempt (16) | SPAKE2 message (33) | gate proof (16)
    join/<np>/<attempt>  host -> joiner   0x01 | host id (8) | SPAKE2 message (33)
                         joiner -> host   0x02 | host id (8) | confirmation (32)
                         host -> joiner   0x03 | host id (8) | nonce (12) | welcome, sealed
                         host -> joiner   0x04 | host id (8) | reason (text)

The joiner proves it knows the code (the confirmation, an HMAC under a key of the shared
secret); only then the host sends the welcome, sealed under another key of the secret: the
game's id, the key of the host's messages and the host's public signing key. Two more keys of
the secret are the host's and this guest's alone: one seals the guest's messages, the other
proves to the guest that a message of the host's is the host's (a MAC).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from controller.remote import messages
from controller.remote.codes import new_code
from controller.wire import encode
from engine.phrase import N_

ROOT = "flixboard/v2/join"
WRONG = N_("wrong code")
USED = N_("this code has been used: the game has its guest")
"""Why the host refuses a joiner (the words travel as they are; the joiner's page says them
in its language)."""
NAMEPLATE = 2
"""Letters of a code that name its meeting place (public: the topic)."""
GATE = 4
"""Letters a request proves before the host answers (the nameplate and the next two)."""
MAX_MISSES = 10
"""Requests with a wrong proof of the gate a code takes; then the host draws a fresh code."""
MAX_FAILURES = 3
"""Wrong codes (exchanges whose confirmation is wrong) a code takes; then a fresh code."""
BURST = 4
TRY_EVERY_S = 4.0
"""Fresh requests a door checks: ``BURST`` at once, then one every ``TRY_EVERY_S``; the rest
are dropped unread. While someone guesses, joining is that slow; when the guessing stops, the
next request within ``TRY_EVERY_S`` is checked."""
RESEND_S = 1.0
"""The same answer (to a joiner asking again) goes out at most this often."""
ATTEMPT_S = 30.0
"""How long the host keeps an exchange that has not been confirmed."""
MAX_PENDING = 8
"""Unconfirmed exchanges a host keeps at once (the oldest goes first)."""
ANSWER, CONFIRM, WELCOME, REFUSED = 1, 2, 3, 4
ATTEMPT = 16
SPAKE_MESSAGE = 33
PROOF = 16
HOST_ID = 8
ID_GUEST, ID_HOST = b"flixboard guest", b"flixboard host"


def nameplate(code: str) -> str:
    return code[:NAMEPLATE]


def gate_proof(code: str, attempt: bytes, message: bytes) -> bytes:
    """What a request shows of the code's first ``GATE`` letters (bound to the request)."""
    key = hashlib.sha256(f"flixboard/v2 gate {code[:GATE]}".encode()).digest()
    return hmac.new(key, attempt + message, hashlib.sha256).digest()[:PROOF]


def fresh_code(*taken: str) -> str:
    """A new code whose nameplate is none of ``taken``."""
    code = new_code()
    while nameplate(code) in taken:
        code = new_code()
    return code


def request_topic(plate: str) -> str:
    return f"{ROOT}/{plate}"


def attempt_topic(plate: str, attempt: bytes) -> str:
    return f"{ROOT}/{plate}/{attempt.hex()}"


@dataclass(frozen=True)
class Secret:
    """The keys of one exchange's shared secret."""

    confirm: bytes
    welcome: bytes
    guest: bytes
    """The key of the guest's messages (its orders, hellos and presence)."""
    to_guest: bytes
    """The key of the host's MAC on its messages, which proves them the host's to the guest."""

    @classmethod
    def of(cls, shared: bytes, attempt: bytes, host_id: bytes) -> Secret:
        def key(label: str) -> bytes:
            kdf = HKDF(hashes.SHA256(), 32, attempt + host_id, f"flixboard/v2 {label}".encode())
            return kdf.derive(shared)

        return cls(key("confirm"), key("welcome"), key("guest to host"), key("host to guest"))

    def confirmation(self) -> bytes:
        return hmac.new(self.confirm, b"the guest knows the code", hashlib.sha256).digest()


def seal_welcome(secret: Secret, topic: str, head: bytes, welcome: messages.Welcome) -> bytes:
    nonce = secrets.token_bytes(12)
    text = encode(welcome)
    return head + nonce + ChaCha20Poly1305(secret.welcome).encrypt(nonce, text, topic.encode())


def _finish(side: SPAKE2_A | SPAKE2_B, message: bytes) -> bytes | None:
    try:
        shared: bytes = side.finish(message)
    except Exception:  # spake2 raises plain Exceptions (NotOnCurve, ...) for a bad point
        return None
    return shared


# ---------------------------------------------------------------- the host's side


@dataclass
class _Pending:
    secret: Secret
    answer: bytes
    until: float
    sent: float
    welcome: bytes | None = None


@dataclass
class Door:
    """One code of a host (the join code or the spectator code) and the exchanges made with it.
    ``used``: a board joined with it (the join code is then used up)."""

    code: str
    reusable: bool
    """A spectator's code lets any number of boards in; a join code only one."""
    host_id: bytes = field(default_factory=lambda: secrets.token_bytes(HOST_ID))
    failures: int = 0
    """Wrong codes with this code's gate (wrong confirmations)."""
    misses: int = 0
    """Requests with a wrong proof of this code's gate."""
    codes: int = 1
    """Codes drawn so far in this hosting (this one included)."""
    guessed: int = 0
    """Wrong tries in this hosting (misses and failures, every code)."""
    used: bool = False
    avoid: str = ""
    """The other door's nameplate, which a fresh code does not take."""
    _pending: dict[bytes, _Pending] = field(default_factory=dict)
    _tokens: float = BURST
    _refilled: float = 0.0

    @property
    def plate(self) -> str:
        return nameplate(self.code)

    @property
    def spent(self) -> bool:
        """A join code a board joined with: it lets nobody else in."""
        return self.used and not self.reusable

    def _reply(self, attempt: bytes, kind: int, rest: bytes) -> tuple[str, bytes]:
        return attempt_topic(self.plate, attempt), bytes([kind]) + self.host_id + rest

    def _refusal(self, attempt: bytes, reason: str) -> tuple[str, bytes]:
        return self._reply(attempt, REFUSED, reason.encode())

    def _allowed(self, now: float) -> bool:
        self._tokens = min(BURST, self._tokens + (now - self._refilled) / TRY_EVERY_S)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def request(self, payload: bytes, now: float) -> tuple[str, bytes] | None:
        """A join request: the answer to publish, or ``None`` (dropped: no answer at all)."""
        if len(payload) != ATTEMPT + SPAKE_MESSAGE + PROOF:
            return None
        attempt, message = payload[:ATTEMPT], payload[ATTEMPT : ATTEMPT + SPAKE_MESSAGE]
        known = self._pending.get(attempt)
        if known is not None:  # the joiner asks again: the same answer, not too often
            if now - known.sent < RESEND_S:
                return None
            known.sent = now
            return attempt_topic(self.plate, attempt), known.answer
        if not self._allowed(now):
            return None
        if not hmac.compare_digest(payload[-PROOF:], gate_proof(self.code, attempt, message)):
            self._wrong(miss=True)
            return None
        if self.spent:
            return self._refusal(attempt, USED)
        side = SPAKE2_B(self.code.encode(), idA=ID_GUEST, idB=ID_HOST)
        ours = side.start()
        shared = _finish(side, message)
        if shared is None:
            return None
        self._pending = {a: p for a, p in self._pending.items() if p.until > now}
        while len(self._pending) >= MAX_PENDING:
            del self._pending[next(iter(self._pending))]
        topic, answer = self._reply(attempt, ANSWER, ours)
        self._pending[attempt] = _Pending(
            Secret.of(shared, attempt, self.host_id), answer, now + ATTEMPT_S, now
        )
        return topic, answer

    def confirm(
        self, attempt: bytes, payload: bytes, welcome: messages.Welcome, now: float
    ) -> tuple[tuple[str, bytes] | None, Secret | None]:
        """A joiner's confirmation on its attempt's topic: what to publish, and the secret of a
        joiner that knows the code (``None`` otherwise). A wrong one counts as a failed attempt;
        the last one allowed draws a fresh code."""
        pending = self._pending.get(attempt)
        if (
            pending is None
            or len(payload) != 1 + HOST_ID + 32
            or payload[1 : 1 + HOST_ID] != self.host_id
        ):
            return None, None
        topic = attempt_topic(self.plate, attempt)
        if pending.welcome is not None:  # asked again: the same welcome, nothing new
            if now - pending.sent < RESEND_S:
                return None, None
            pending.sent = now
            return (topic, pending.welcome), None
        if not hmac.compare_digest(payload[1 + HOST_ID :], pending.secret.confirmation()):
            del self._pending[attempt]
            refusal = self._refusal(attempt, WRONG)  # where the joiner waits, before a move
            self._wrong(miss=False)
            return refusal, None
        if self.spent:
            return self._refusal(attempt, USED), None
        self.used = True
        head = bytes([WELCOME]) + self.host_id
        pending.welcome = seal_welcome(pending.secret, topic, head, welcome)
        pending.sent = now
        return (topic, pending.welcome), pending.secret

    def _wrong(self, *, miss: bool) -> None:
        """A wrong try: counted; the last one a code takes draws a fresh code (another
        nameplate), which the host shows. A used join code changes no more."""
        self.guessed += 1
        if miss:
            self.misses += 1
        else:
            self.failures += 1
        if self.spent or (self.misses < MAX_MISSES and self.failures < MAX_FAILURES):
            return
        self.code = fresh_code(self.plate, self.avoid)
        self.codes += 1
        self.failures = self.misses = 0
        self._pending.clear()


# ---------------------------------------------------------------- the joiner's side


@dataclass(frozen=True)
class Welcome:
    """What a joiner learns from the host: its role, the game's topics and keys."""

    role: str
    """``guest`` or ``spectator``."""
    game_id: str
    log_key: bytes
    host_key: bytes
    """The host's public signing key (raw Ed25519)."""
    guest_key: bytes
    """The key of the guest's messages (a spectator sends none)."""
    to_guest: bytes
    """The key of the host's MAC for the guest (a spectator checks the signature instead)."""


class Joiner:
    """One join attempt with a code: ``request`` starts it; ``take`` reads what comes back on
    its attempt's topic."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.plate = nameplate(code)
        self.attempt = secrets.token_bytes(ATTEMPT)
        side = SPAKE2_A(code.encode(), idA=ID_GUEST, idB=ID_HOST)
        self._message = side.start()
        self._saved = side.serialize()
        self._secrets: dict[bytes, Secret] = {}
        self.topic = attempt_topic(self.plate, self.attempt)
        self.answered = False
        self.confirmations: list[bytes] = []
        """The confirmations sent (one per host that answered)."""

    def request(self) -> tuple[str, bytes]:
        proof = gate_proof(self.code, self.attempt, self._message)
        return request_topic(self.plate), self.attempt + self._message + proof

    def take(self, payload: bytes) -> tuple[str, bytes | Welcome | str | None]:
        """``("confirm", payload to publish)``, ``("welcome", Welcome)``, ``("refused",
        reason)`` or ``("", None)`` for anything else."""
        if len(payload) < 1 + HOST_ID:
            return "", None
        kind, host_id, rest = payload[0], payload[1 : 1 + HOST_ID], payload[1 + HOST_ID :]
        if kind == ANSWER and len(rest) == SPAKE_MESSAGE and host_id not in self._secrets:
            shared = _finish(SPAKE2_A.from_serialized(self._saved), rest)
            if shared is None:
                return "", None
            secret = Secret.of(shared, self.attempt, host_id)
            self._secrets[host_id] = secret
            self.answered = True
            confirmation = bytes([CONFIRM]) + host_id + secret.confirmation()
            self.confirmations.append(confirmation)
            return "confirm", confirmation
        if kind == WELCOME and host_id in self._secrets and len(rest) > 12:
            welcome = self._open(self._secrets[host_id], rest)
            return ("welcome", welcome) if welcome is not None else ("", None)
        if kind == REFUSED:
            return "refused", rest[:200].decode("utf-8", "replace")
        return "", None

    def _open(self, secret: Secret, rest: bytes) -> Welcome | None:
        try:
            aead = ChaCha20Poly1305(secret.welcome)
            text = aead.decrypt(rest[:12], rest[12:], self.topic.encode())
            body = messages.expect(messages.decode(text), messages.Welcome)
        except (InvalidTag, messages.Malformed):
            return None
        return Welcome(
            body.role,
            body.game_id,
            bytes.fromhex(body.log_key),
            bytes.fromhex(body.host_key),
            secret.guest,
            secret.to_guest,
        )
