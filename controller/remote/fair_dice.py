"""Dice that neither board chooses: each throw of a remote game from both boards' randomness.

A coin-flipping protocol of hash chains (S/KEY style). At a game's start each side draws a
secret seed ``s`` and commits to the root ``h^N(s)`` of its chain (the host in its snapshot,
the guest with its first share); throw ``n`` (from 1) takes each side's ``n``-th share
``h^(N-n)(s)``, which hashes to the share before it (``h(share_n) == share_(n-1)``, the root
being share 0), so a share cannot be chosen after the commitment, and no share tells the next.
The faces are drawn from ``HMAC-SHA256(host share || guest share, game and throw)``, a byte a
die, rejection-sampled so that every face keeps its chance exactly.

The guest sends its share when a throw is due (the game waits for a roll), or with the order of
its own move that makes it due (``BEFORE_A_THROW``), never earlier; the host then throws with
both shares and its log entry carries them (``DiceProof``); the guest and every spectator check
the entry: both shares against their roots and the faces against the shares. A throw is
numbered by the rolls in the game's history (``throw_number``): a take-back of a roll gives the
same throw again, so taking back never buys a new one. Before a board joined and after it left
the host throws alone, from its own share (committed before the game's first throw: it cannot
choose the throw, only know it), and that proof too is checked: a roll without one is refused.
A game with physical dice uses none of this.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from controller.games import games
from controller.games.spec import Faces
from controller.remote.messages import DICE_THROWS, DiceProof, DiceRoots, DiceShare, LogEntry
from engine.game import Game

CHAIN_LENGTH = DICE_THROWS
LABEL = b"flixboard/v2 dice"
BOOKS = "dice"
"""The folder of the data directory that holds the dice books."""
BEFORE_A_THROW = ("place", "move")
"""The actions after which the mover's turn ends (or, with free throws, goes on) with a roll:
a guest sends its share of that roll with the order of such an action."""


class DiceRefused(ValueError):
    """A share, a proof or a throw that the commitments do not allow."""


def step(value: bytes) -> bytes:
    """One link of a chain: the share before ``value``."""
    return hashlib.sha256(LABEL + b" chain " + value).digest()


def dice_of(game: Game) -> Faces | None:
    """The virtual dice a remote game throws, as its spec declares them (``GameSpec.dice``;
    ``None``: a game without dice)."""
    spec = games().get(game.variant)
    return None if spec is None or spec.dice is None else spec.dice(game)


def throw_number(game: Game) -> int:
    """The number (from 1) of the game's next throw: one more than the rolls in its history, so
    a roll taken back is thrown again with the same shares."""
    return 1 + sum(action.kind == "roll" for action in game.actions)


@dataclass
class Chain:
    """One side's chain: ``share(0)`` is the root it commits to."""

    seed: bytes
    _values: list[bytes] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        value = self.seed
        values = [value]
        for _ in range(CHAIN_LENGTH):
            value = step(value)
            values.append(value)
        values.reverse()  # values[n] = h^(N-n)(seed): the root first
        self._values = values

    def share(self, n: int) -> bytes:
        if not 0 <= n <= CHAIN_LENGTH:
            raise DiceRefused(f"throw {n}: a chain has room for {CHAIN_LENGTH} throws")
        return self._values[n]

    @property
    def root(self) -> bytes:
        return self._values[0]


def side_seed(secret: bytes, game_id: str, game: int, side: str) -> bytes:
    """A chain's seed derived from a side's own lasting secret (the host's signing key), so a
    restarted side draws the same chain again."""
    return hmac.new(secret, LABEL + f" seed {side} {game_id} {game}".encode(), "sha256").digest()


@dataclass
class Shares:
    """The shares of one side's chain checked so far against its root (``known[0]``)."""

    root: bytes
    known: dict[int, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.known[0] = self.root

    def check(self, n: int, share: bytes, whose: str) -> None:
        """``share`` is share ``n`` of this chain; ``DiceRefused`` says why not."""
        if not 1 <= n <= CHAIN_LENGTH:
            raise DiceRefused(f"{whose}'s share of throw {n}: no such throw")
        if n in self.known:
            if not hmac.compare_digest(self.known[n], share):
                raise DiceRefused(f"{whose}'s share of throw {n} differs from the one it gave")
            return
        below = max(k for k in self.known if k < n)
        value = share
        for _ in range(n - below):
            value = step(value)
        if not hmac.compare_digest(value, self.known[below]):
            raise DiceRefused(f"{whose}'s share of throw {n} is not in the chain it committed to")
        self.known[n] = share


def combine(dice: Faces, game_id: str, game: int, n: int, host: bytes, guest: bytes) -> str:
    """The faces of throw ``n`` from both shares: each die takes the next byte of an HMAC-SHA256
    stream under both shares that falls below the largest multiple of its face count (rejection
    sampling: no face is favoured), and shows that byte modulo its face count."""
    key = host + guest
    stream: list[int] = []
    block = 0
    faces: list[str] = []
    for die in dice:
        limit = 256 - 256 % len(die)
        while True:
            if not stream:
                text = LABEL + f" throw {game_id} {game} {n} {block}".encode()
                stream = list(hmac.new(key, text, "sha256").digest())
                block += 1
            byte = stream.pop(0)
            if byte < limit:
                faces.append(die[byte % len(die)])
                break
    return "/".join(faces)


@dataclass
class Verifier:
    """A board that checks throws (the guest, a spectator, a book's reader): the host's root
    committed before any throw, the guest's root as its first share named it."""

    dice: Faces
    game_id: str
    game: int
    host: Shares
    guest: Shares | None = None

    def check(self, proof: DiceProof, n: int, faces: str) -> None:
        """A roll of throw number ``n`` showing ``faces`` with ``proof`` (without the guest's
        share: a throw of the host alone); ``DiceRefused``."""
        if proof.n != n:
            raise DiceRefused(f"the host numbers throw {n} as {proof.n}")
        if (proof.guest is None) != (proof.guest_root is None):
            raise DiceRefused(f"the proof of throw {n} names a guest's share without its root")
        host, guest = bytes.fromhex(proof.host), b""
        self.host.check(n, host, "the host")
        if proof.guest is not None and proof.guest_root is not None:
            root = bytes.fromhex(proof.guest_root)
            if self.guest is None:
                self.guest = Shares(root)
            elif not hmac.compare_digest(self.guest.root, root):
                raise DiceRefused("the guest's commitment changed during the game")
            guest = bytes.fromhex(proof.guest)
            self.guest.check(n, guest, "the guest")
        fair = combine(self.dice, self.game_id, self.game, n, host, guest)
        if faces != fair:
            raise DiceRefused(f"throw {n} shows {faces}: its shares throw {fair}")


class BookThrow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One throw as a dice book keeps it: where it is in the host's log, its faces, its proof."""

    at: int
    faces: str
    proof: DiceProof


class DiceBook(msgspec.Struct, forbid_unknown_fields=True):
    """The record of a remote game's dice: the commitments and every throw's shares, enough to
    check every throw without the boards (``verify_book``). Each side keeps one in its data
    directory (``dice/<game id>-<game>.json``); a side's own seed stays out of it."""

    game_id: str
    game: int
    variant: str
    dice: Faces
    host_root: str
    throws: list[BookThrow] = msgspec.field(default_factory=list)
    since: int = 1
    """The first throw of the host's chain (``DiceRoots.since``)."""

    def verifier(self) -> Verifier:
        return Verifier(self.dice, self.game_id, self.game, Shares(bytes.fromhex(self.host_root)))


def verify_book(text: bytes) -> int:
    """Check every throw of a dice book (its JSON); the throws checked. ``DiceRefused`` names
    the first that fails (or why the text is no dice book)."""
    try:
        book = msgspec.json.decode(text, type=DiceBook)
        verifier = book.verifier()
        for throw in book.throws:
            verifier.check(throw.proof, throw.proof.n, throw.faces)
    except (msgspec.DecodeError, ValueError) as error:
        if isinstance(error, DiceRefused):
            raise
        raise DiceRefused(f"not a dice book: {error}") from None
    return len(book.throws)


def record_of(dice: HostDice | GuestDice | None) -> str | None:
    """A game's dice as its record keeps them (``StoredGame.dice``: the book's JSON; ``None``:
    no throw checked)."""
    if dice is None or not dice.book.throws:
        return None
    return msgspec.json.encode(dice.book).decode()


def book_path(data_dir: Path | None, game_id: str, game: int) -> Path | None:
    """Where a side keeps a game's dice book (``None``: a service without a data directory)."""
    return None if data_dir is None else data_dir / BOOKS / f"{game_id}-{game}.json"


def _keep(path: Path | None, book: DiceBook) -> None:
    """Write the book whole (a new file moved into place: never half written)."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_suffix(".new")
    fresh.write_bytes(msgspec.json.encode(book))
    fresh.replace(path)


def _kept(path: Path | None) -> DiceBook | None:
    if path is None or not path.exists():
        return None
    try:
        return msgspec.json.decode(path.read_bytes(), type=DiceBook)
    except (OSError, msgspec.DecodeError):
        return None


class HostDice:
    """The host's side of one game's dice: its chain (from its lasting ``secret``, so a restart
    draws it again), the guest's shares as they come, the book of the throws."""

    def __init__(
        self, game: Game, dice: Faces, game_id: str, number: int, secret: bytes, folder: Path | None
    ) -> None:
        self.dice, self.game_id, self.number = dice, game_id, number
        self.chain = Chain(side_seed(secret, game_id, number, "host"))
        self.path = book_path(folder, game_id, number)
        root = self.chain.root.hex()
        kept = _kept(self.path)
        self.book = (
            kept
            if kept is not None and kept.host_root == root
            else DiceBook(game_id, number, game.variant, dice, root, since=throw_number(game))
        )
        self.guest: Shares | None = None
        for throw in self.book.throws:  # a restart: the guest's shares again
            proof = throw.proof
            if proof.guest is None or proof.guest_root is None:
                continue  # thrown alone
            if self.guest is None:
                self.guest = Shares(bytes.fromhex(proof.guest_root))
            self.guest.known[proof.n] = bytes.fromhex(proof.guest)

    def roots(self) -> DiceRoots:
        guest = None if self.guest is None else self.guest.root.hex()
        return DiceRoots(self.chain.root.hex(), guest, self.book.since)

    def take(self, share: DiceShare) -> None:
        """The guest's share of throw ``share.n``; ``DiceRefused`` when its chain disowns it."""
        root = bytes.fromhex(share.root)
        if self.guest is None:
            self.guest = Shares(root)
        elif not hmac.compare_digest(self.guest.root, root):
            raise DiceRefused("the other board's commitment changed during the game")
        self.guest.check(share.n, bytes.fromhex(share.share), "the other board")

    def throw(self, n: int) -> tuple[str, DiceProof] | None:
        """Throw ``n``'s faces and proof; ``None`` while the guest's share is missing."""
        guest = None if self.guest is None else self.guest.known.get(n)
        if self.guest is None or guest is None:
            return None
        host = self.chain.share(n)
        faces = combine(self.dice, self.game_id, self.number, n, host, guest)
        return faces, DiceProof(n, host.hex(), guest.hex(), self.guest.root.hex())

    def alone(self, n: int) -> tuple[str, DiceProof]:
        """Throw ``n`` of the host alone (no board joined, or it left): from its own share."""
        host = self.chain.share(n)
        return combine(self.dice, self.game_id, self.number, n, host, b""), DiceProof(n, host.hex())

    def thrown(self, at: int, faces: str, proof: DiceProof) -> None:
        """A throw about to enter the host's log at position ``at``: into the book first (a
        throw kept there that never reached the journal, the service killed between the two,
        is replaced)."""
        self.book.throws = [throw for throw in self.book.throws if throw.at < at]
        self.book.throws.append(BookThrow(at, faces, proof))
        _keep(self.path, self.book)

    def proofs(self) -> dict[int, BookThrow]:
        """Each throw of the book by its position in the log (a restart attaches the proofs
        again, to the rolls that show the same faces)."""
        return {throw.at: throw for throw in self.book.throws}


class GuestDice:
    """A joined board's side of one game's dice: its own chain (``seed`` is ``None`` for a
    spectator, which only checks), the host's commitment, and the book of checked throws."""

    def __init__(
        self,
        game: Game,
        dice: Faces,
        game_id: str,
        number: int,
        roots: DiceRoots,
        seed: bytes | None,
        folder: Path | None,
    ) -> None:
        host_root = bytes.fromhex(roots.host)
        self.chain = None if seed is None else Chain(seed)
        self.verifier = Verifier(dice, game_id, number, Shares(host_root))
        self.path = book_path(folder, game_id, number)
        self.book = DiceBook(game_id, number, game.variant, dice, roots.host, since=roots.since)
        kept = _kept(self.path)
        if kept is not None and kept.host_root == self.book.host_root:
            for throw in kept.throws:  # a restart: what was checked before
                self.verifier.check(throw.proof, throw.proof.n, throw.faces)
            self.book = kept
        self.sent: int | None = None
        """The throw whose share was sent last."""
        self.first = min(
            (throw.proof.n for throw in self.book.throws if throw.proof.guest is not None),
            default=None,
        )
        """The first throw this board gave its share of (a guest) or saw one of: the host
        threw the ones before alone (a proof of its own share), before a guest joined."""

    def share(self, game: int, n: int) -> DiceShare | None:
        """This board's share of throw ``n`` (``None`` for a spectator)."""
        if self.chain is None:
            return None
        self.sent = n
        self.first = n if self.first is None else min(self.first, n)
        return DiceShare(game, n, self.chain.share(n).hex(), self.chain.root.hex())

    def check(self, at: int, entry: LogEntry, game: Game) -> None:
        """A roll entry at log position ``at``, about to be applied to ``game``: its proof
        must hold, this board's share in it be its own (``DiceRefused``)."""
        proof, data = entry.dice, entry.data
        if any(throw.at == at for throw in self.book.throws):
            return  # checked before a restart
        n = throw_number(game)
        if proof is None and n < self.book.since:
            return  # thrown at one board, before the game was hosted
        if proof is None or data is None or data.throw is None:
            raise DiceRefused(f"the host's throw {n} carries no proof of its dice")
        if proof.guest is None:
            if self.first is not None and n >= self.first:
                raise DiceRefused(f"the host threw {n} alone, after a board gave its shares")
        else:
            self.first = n if self.first is None else min(self.first, n)
            if self.chain is not None and proof.guest != self.chain.share(n).hex():
                raise DiceRefused(f"the host's throw {n} does not use this board's share")
        self.verifier.check(proof, n, data.throw)
        self.book.throws.append(BookThrow(at, data.throw, proof))
        _keep(self.path, self.book)
