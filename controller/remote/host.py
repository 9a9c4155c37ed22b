"""The hosting board: authoritative. It runs the engine, throws the dice and orders the actions;
it publishes its log and carries out the orders of the joined board's seats.

An order is carried out only when it is sealed with the guest's key (which only the host and
the board that joined with the join code hold) and was made at the host's current position
(``base`` is the length of the log the guest had seen): a copy of an order
already carried out is a duplicate, any other order of an older position is stale; both are
dropped and counted, and the guest hears why (``refused``). The host stamps an order's time
when it receives it, so the call window of a FLIX is judged by the host's clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

from controller.core.board_controller import BoardController
from controller.core.state import JoinDoors, RemoteView, SaidView
from controller.errors import ControllerError, NotNow
from controller.game_data import NewGameData
from controller.i18n import Said
from controller.records.journal import Entry as JournalEntry
from controller.records.journal import JournalError
from controller.remote import fair_deal, fair_dice, messages
from controller.remote.link import Broker
from controller.remote.messages import (
    VARIANTS,
    Entry,
    Hello,
    LogEntry,
    Malformed,
    Message,
    OrderAction,
    Refused,
    Snapshot,
    Words,
)
from controller.remote.pake import CONFIRM, Door, Secret, request_topic
from controller.remote.resync import host_log, logged, public_new_game
from controller.remote.role import Order, Role
from controller.remote.sealed_tokens import on_wire, own_openings, sealing
from controller.remote.sealing import Opener, Sealer
from controller.remote.token_book import TokenBook
from controller.remote.tokens import dealt, game_refusal, hidden, with_deal
from engine.errors import FlixError
from engine.game import SEALED, Action, Phase
from engine.phrase import N_, Phrase, why

SNAPSHOT_EVERY = 16
"""Log entries between two retained snapshots (a late joiner's starting point)."""
SNAPSHOT_GAP_S = 0.5
"""Hellos are answered with at most one snapshot in this time, however many come: one that
comes sooner is answered when the time is over (no echo storm)."""
NEVER_RETAINED = (messages.LOG, messages.REFUSED, messages.ORDERS, messages.HELLO)
"""Topics nobody retains a message on: what is retained there is poison, cleared on connect."""
SEAT_ACTIONS = ("call", "penalty", "request_block", "resign")
TOKEN_KINDS = ("enter_token", "open_token")
"""Actions whose order names a token's value."""
"""Actions that name their seat; a roll and a placement are the mover's."""
GUESSING = N_(
    "someone is guessing this game's codes ({count} wrong tries): joining is slower while it "
    "lasts and the codes change, so give the codes shown now"
)
"""What the host's page says once a wrong code or a wrong proof came (docs/REMOTE.md)."""

DICE_REFUSED = N_(
    "the other board's share of the dice was refused ({reason}): the game waits for a share "
    "that its commitment allows"
)
FACES_GIVEN = N_(
    "the dice of a remote game are thrown from both boards' shares: no faces can be given "
    '(real dice read by a person: set [game] dice = "physical")'
)
DEAL_WAITING = N_(
    "the deal of the tokens waits for the other board's share: it is sent as soon as that "
    "board sees this board's commitment (try again in a moment)"
)
DICE_WAITING = N_(
    "the dice wait for the other board's share of throw {n}: it is sent as soon as that board "
    "sees the throw is due"
)


def actor(action: Action, to_move: int) -> int:
    """The seat that makes ``action``."""
    if action.kind in SEAT_ACTIONS and action.seat is not None:
        return action.seat
    return to_move


def player(ctl: BoardController, seat: int) -> Phrase:
    """A seat as the page names it, ``Red (player 1)``, a message in every language."""
    team = ctl.config.game.team_names[ctl.game.team_of_seat[seat]]
    return why("{team} (player {number})", team=why(team), number=seat + 1)


@dataclass
class HostKeys:
    """A hosting's secrets: the game's random id, the key of the host's messages (given to every
    board that joins), the host's signing key and, once a board joined with the join code, the
    keys that board shares with the host alone."""

    game_id: str
    log_key: bytes
    signing: Ed25519PrivateKey
    guest_key: bytes | None = None
    to_guest: bytes | None = None
    """The key of the MAC that proves the host's messages to the guest (once it joined)."""
    watched: bool = False
    """A spectator joined: the host's messages are signed from then on."""

    def public(self) -> bytes:
        return self.signing.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


class Host(Role):
    """See the module docstring. ``remote_seats``: the seats the joined board plays; ``doors``:
    the join code's and the spectator code's exchanges; ``changed`` is called when what a
    restart needs changed (a board joined, a code changed)."""

    side, peer = "host", "guest"

    def __init__(
        self,
        controller: BoardController,
        broker: Broker,
        keys: HostKeys,
        doors: tuple[Door, Door],
        remote_seats: tuple[int, ...],
        order: Order,
        changed: Callable[[], None],
    ) -> None:
        self.keys = keys
        self.doors = doors
        self.changed = changed
        self._apart()
        opener = None if keys.guest_key is None else Opener(keys.guest_key)
        signer = keys.signing if keys.watched else None
        sealer = Sealer(keys.log_key, mac_key=keys.to_guest, signer=signer)
        super().__init__(controller, broker, keys.game_id, order, sealer, opener)
        self.remote_seats = remote_seats
        self.game, self.log = host_log(controller.session.journal.current_game())
        entry = controller.session.entry
        self.new_game = with_deal(public_new_game(entry), entry)
        self.book = self._token_book()
        self._opening = False
        """This board's own tokens are being opened (``_open_own``)."""
        self.fair = self._fair_dice()
        self._fair_held: tuple[int, Action, str | None] | None = None
        self._fair_proof: messages.DiceProof | None = None
        self.dice_problem: Phrase | None = None
        controller.session.dice_record = lambda: fair_dice.record_of(
            self.fair if self.ctl.remote is self else None
        )
        self._deal_shares: dict[int, bytes] = {}
        """The guest's shares of the deal of the game after each game, as they came."""
        controller.session.dealer = lambda entry: (
            self._deal(entry) if self.ctl.remote is self else entry
        )
        if self.fair is not None:  # a restart: the throws' proofs again
            for at, throw in self.fair.proofs().items():
                data = self.log[at - 1].data if at <= len(self.log) else None
                if data is not None and data.kind == "roll" and data.throw == throw.faces:
                    self.log[at - 1] = LogEntry("action", data, throw.proof)
        if sealing(controller.game):  # a restart: the tokens as the log showed them
            self.log = [on_wire(entry, self.book) for entry in self.log]
        self._carried: set[str] = set()
        self._hello_answered = -SNAPSHOT_GAP_S
        self._hello_due: asyncio.TimerHandle | None = None
        self.handlers[messages.ORDERS] = self.take_order
        self.handlers[messages.HELLO] = self.hello
        self.handlers[messages.DICE] = self.take_share
        self.handlers[messages.DEAL] = self.take_deal_share
        controller.session.recorders.append(self.recorded)

    hears_others = True

    def listens(self) -> list[str]:
        return [
            *super().listens(),
            messages.ORDERS,
            messages.HELLO,
            messages.DICE,
            messages.DEAL,
        ]

    def subscriptions(self) -> list[str]:
        joins = [request_topic(door.plate) for door in self.doors]
        return [*super().subscriptions(), *joins, *(f"{topic}/+" for topic in joins)]

    def retained(self) -> list[str]:
        return [*super().retained(), messages.SNAPSHOT]

    async def stop(self) -> None:
        self.ctl.session.recorders.remove(self.recorded)
        if self._hello_due is not None:
            self._hello_due.cancel()
        await super().stop()

    # ---------------------------------------------------------------- joining

    def on_other(self, topic: str, payload: bytes) -> None:
        """A join request, or a joiner's confirmation, on one of the codes' meeting places."""
        join = self.doors[0]
        now = time.monotonic()
        for door in self.doors:
            where = request_topic(door.plate)
            code, guessed = door.code, door.guessed
            if topic == where:
                reply = door.request(payload, now)
                secret = None
            elif topic.startswith(where + "/") and payload[:1] == bytes([CONFIRM]):
                try:
                    attempt = bytes.fromhex(topic[len(where) + 1 :])
                except ValueError:
                    return
                role: Literal["guest", "spectator"] = "guest" if door is join else "spectator"
                welcome = messages.Welcome(
                    role, self.game_id, self.keys.log_key.hex(), self.keys.public().hex()
                )
                reply, secret = door.confirm(attempt, payload, welcome, now)
            else:
                continue
            if secret is not None and door is join:  # before the welcome: what the board reads
                self._joined(secret)  # first on the broker then carries the proof it needs
            elif secret is not None:
                self._watched()
            if reply is not None:
                self.link.publish(*reply)
            if door.code != code:  # a fresh code: its meeting place is listened to instead
                self._apart()
                self.link.resubscribe(self.subscriptions())
            if (door.code, door.guessed) != (code, guessed) or secret is not None:
                self.changed()
                self.order(lambda now: None)  # the page shows the new code or the guest
            return

    def _apart(self) -> None:
        """Each door's fresh code keeps off the other's meeting place."""
        join, spectate = self.doors
        join.avoid, spectate.avoid = spectate.plate, join.plate

    def _joined(self, secret: Secret) -> None:
        """The guest is in: its messages open with its key, the host's carry its MAC (from the
        next connection's will on: the link connects again at once)."""
        self.keys.guest_key, self.keys.to_guest = secret.guest, secret.to_guest
        self.opener = Opener(secret.guest)
        assert self.sealer is not None
        self.sealer.mac_key = secret.to_guest
        self._proven()

    def _watched(self) -> None:
        """A first spectator is in: the host's messages are signed from now on."""
        if not self.keys.watched:
            self.keys.watched = True
            assert self.sealer is not None
            self.sealer.signer = self.keys.signing
            self._proven()

    def _proven(self) -> None:
        """The host's proof changed: its retained messages again with it, and a new connection
        for a will with it."""
        self._connected()
        self.link.renew()

    # ---------------------------------------------------------------- publishing

    def on_connect(self) -> None:
        for leaf in NEVER_RETAINED:  # the rest is replaced below or by the guest
            self.link.publish(self.topic(leaf), b"", retain=True)
        self.publish_snapshot()
        self._openings_due()  # a restart while this board's tokens were to be opened

    def publish_snapshot(self) -> None:
        """The game from its start; retained while the game runs (a finished game's is not
        left on the broker)."""
        roots = None if self.fair is None else self.fair.roots()
        deal_next = fair_deal.commitment(self._deal_share(self.game))
        body = Snapshot(
            self.game, self.new_game, tuple(self.log), self.remote_seats, roots, deal_next
        )
        self.send(messages.SNAPSHOT, body, retain=not self.ctl.game.game_over)

    def recorded(self, journalled: JournalEntry) -> None:
        """A game entry journalled here: the next entry of the log (a new game: a new log)."""
        if journalled.kind == "new_game":
            self.game, self.log = journalled.seq, []
            self.new_game = with_deal(public_new_game(journalled.data), journalled.data)
            self.fair, self._fair_held, self.dice_problem = self._fair_dice(), None, None
            self.book.forget()
            self.book = self._token_book()
            self._carried.clear()
            self.publish_snapshot()
            return
        if journalled.kind == "seats":
            return  # who plays a seat: not the game's log
        action = journalled.data if journalled.kind == "action" else None
        entry: LogEntry = logged(action, self.ctl.game)
        proof, self._fair_proof = self._fair_proof, None
        if proof is not None:
            entry = LogEntry(entry.kind, entry.data, proof)
        if sealing(self.ctl.game):
            self._seal_own(entry)
            entry = on_wire(entry, self.book)
        self.log.append(entry)
        self.send(messages.LOG, Entry.of(self.game, len(self.log), entry))
        self._openings_due()
        if self.ctl.game.game_over:  # the game's end: its snapshot leaves the broker
            self.link.publish(self.topic(messages.SNAPSHOT), b"", retain=True)
        elif len(self.log) % SNAPSHOT_EVERY == 0:
            self.publish_snapshot()

    # ---------------------------------------------------------------- the guest's messages

    def hello(self, message: Message, now: float) -> None:
        messages.expect(message, Hello)
        if self._hello_due is not None:
            return  # answered when the gap is over
        wait = self._hello_answered + SNAPSHOT_GAP_S - time.monotonic()
        if wait <= 0:
            self._answer_hello()
        else:
            self._hello_due = asyncio.get_running_loop().call_later(wait, self._answer_hello)

    def _answer_hello(self) -> None:
        self._hello_due = None
        self._hello_answered = time.monotonic()
        self.publish_snapshot()

    def take_order(self, message: Message, now: float) -> None:
        order = messages.expect(message, messages.Order)
        if order.nonce in self._carried:
            self.dropped["duplicate"] += 1
            return
        if order.game != self.game or order.base != len(self.log):
            self.dropped["stale"] += 1
            self._refuse(order.nonce, why("the game moved on before this order came: try again"))
            return
        try:
            action = self._action(order.action, now)
            if action.kind == "open_token":  # the guest's token, whoever's turn it is
                self._take_opening(order.action)
            else:
                self._check_seat(action)
            if (seal := order.action.seal) is not None:
                self._take_seal(order.action, seal)
            fair = self._fair_roll(action, now, order.nonce)
            if fair == "held":
                return  # thrown when the guest's share comes
            if fair is None:
                self.ctl.follow_action(action, now)
        except (FlixError, ControllerError, JournalError, Malformed) as error:
            self.dropped["refused"] += 1
            said = error.args[0] if error.args else None
            self._refuse(order.nonce, said if isinstance(said, Phrase) else str(error))
            return
        self._carried.add(order.nonce)
        self.applied += 1

    def _action(self, data: OrderAction, now: float) -> Action:
        """The engine action of an order, stamped with the host's game time. The dice are the
        host's unless they are physical (a person reads them, on either side)."""
        ctl = self.ctl
        kind, seat, hole, to, throw = data.kind, data.seat, data.hole, data.to, data.throw
        if kind in ("place", "substitute", "withdraw", "open_token") and hole is None:
            raise Malformed(f"a {kind} names its hole")
        if kind == "move" and (hole is None or to is None):
            raise Malformed("a move names its square and where it goes")
        if kind == "roll":
            if ctl.config.game.dice != "physical":
                throw = None
            elif throw is None:
                raise NotNow(why("physical dice: the order names the faces thrown"))
        return Action(
            kind,
            seat=None if seat is None else ctl.session.seat(seat),
            hole=None if hole is None else ctl.game.naming.parse(hole),
            to=None if to is None else ctl.game.naming.parse(to),
            throw=throw,
            at=ctl.game_time(now) if kind != "roll" else 0.0,
            piece=data.piece,
            token=SEALED if data.seal is not None else data.token if kind in TOKEN_KINDS else None,
        )

    # ---------------------------------------------------------------- tokens kept by their owner

    def _token_book(self) -> TokenBook:
        path = self.ctl.session.journal.path
        return TokenBook(None if path is None else path.parent, self.game_id, self.game)

    def _seal_own(self, entry: LogEntry) -> None:
        """A placement with this board's token: the token is committed to (a fresh nonce)."""
        data = entry.data
        if data is None or data.kind != "place" or data.hole is None:
            return
        if data.token is not None and data.token != SEALED:
            self.book.seal(data.hole, data.token)

    def _take_seal(self, data: OrderAction, seal: str) -> None:
        """A guest's placement whose token it committed to (``seal``): the commitment is kept."""
        if not sealing(self.ctl.game) or data.kind != "place" or data.hole is None:
            raise Malformed("only a placement of committed tokens carries a token's commitment")
        self.book.committed(self._name(data.hole), seal)

    def _take_opening(self, data: OrderAction) -> None:
        """The guest opens one of its tokens: refused unless it fits the commitment kept."""
        if not sealing(self.ctl.game) or data.hole is None:
            raise Malformed("only a game of committed tokens opens tokens")
        if data.token is None or data.nonce is None:
            raise Malformed("an opening names its token and nonce")
        hole = self._name(data.hole)
        refusal = self.book.refusal(hole, data.token, data.nonce)
        if refusal is not None:
            raise NotNow(refusal)
        self.book.took(hole, data.nonce)

    def _name(self, hole: str) -> str:
        naming = self.ctl.game.naming
        return naming.name(naming.parse(hole))

    def _openings_due(self) -> None:
        """This board's tokens are due to be opened: they are, once the current change is
        done."""
        if not self._opening and own_openings(self.ctl.game):
            self._opening = True
            asyncio.get_running_loop().call_soon(self.order, self._open_own)

    def _open_own(self, now: float) -> None:
        """Open every token of this board the rules reveal now (each an ``open_token``)."""
        ctl, tried = self.ctl, set[int]()
        try:
            while todo := [hole for hole in own_openings(ctl.game) if hole not in tried]:
                hole = todo[0]
                tried.add(hole)
                kept = self.book.opening(ctl.game.naming.name(hole))
                if kept is None:
                    continue
                opening = Action("open_token", hole=hole, token=kept.value, at=ctl.game_time(now))
                with contextlib.suppress(FlixError, ControllerError, JournalError):
                    ctl.follow_action(opening, now)  # refused: the page shows the game waiting
        finally:
            self._opening = False

    def _check_seat(self, action: Action) -> None:
        seat = actor(action, self.ctl.game.to_move)
        if seat not in self.remote_seats:
            raise NotNow(
                why("{player} is played on the hosting board", player=player(self.ctl, seat))
            )

    def _refuse(self, nonce: str, reason: str) -> None:
        """Tell the guest; the rules' words (a ``Phrase``) travel as their message too."""
        said = Words.of(Said.of(reason)) if isinstance(reason, Phrase) else None
        self.send(messages.REFUSED, Refused(nonce, reason[:200], said))

    # ---------------------------------------------------------------- the controller asks

    def relays(self, action: Action, now: float) -> bool:
        seat = actor(action, self.ctl.game.to_move)
        if seat in self.remote_seats:
            raise NotNow(why("{player} plays on the other board", player=player(self.ctl, seat)))
        return self._fair_roll(action, now) is not None

    # ---------------------------------------------------------------- dice neither board chooses

    def _secret(self) -> bytes:
        """The host's lasting secret its shares derive from (its signing key)."""
        return self.keys.signing.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())

    def _fair_dice(self) -> fair_dice.HostDice | None:
        """The dice of the current game from both boards' shares (``None``: a game without
        virtual dice, or physical ones read by a person)."""
        game = self.ctl.game
        dice = fair_dice.dice_of(game)
        if dice is None or self.ctl.config.game.dice == "physical":
            return None
        path = self.ctl.session.journal.path
        folder = None if path is None else path.parent
        return fair_dice.HostDice(game, dice, self.game_id, self.game, self._secret(), folder)

    def _fair_roll(self, action: Action, now: float, nonce: str | None = None) -> str | None:
        """A virtual roll thrown from both boards' shares (``"thrown"``; from the host's alone
        before a board joined and after it left), or held until the guest's share of it comes
        (``"held"``); ``None``: not such a roll."""
        game, fair = self.ctl.game, self.fair
        if fair is None or action.kind != "roll":
            return None
        if action.throw is not None:
            raise NotNow(why(FACES_GIVEN))
        if game.phase != Phase.AWAIT_ROLL:
            return None
        n = fair_dice.throw_number(game)
        alone = self.keys.guest_key is None or self.peer_left
        thrown = fair.alone(n) if alone else fair.throw(n)
        if thrown is None:
            self._fair_held = (n, action, nonce)
            self.ctl.restate()
            return "held"
        faces, self._fair_proof = thrown
        self._fair_held = None
        fair.thrown(len(self.log) + 1, faces, self._fair_proof)
        try:
            self.ctl.follow_action(replace(action, throw=faces), now)
        finally:
            self._fair_proof = None
        return "thrown"

    def take_share(self, message: Message, now: float) -> None:
        """The guest's share of a throw: checked against its chain; a roll that waited for it
        is thrown."""
        share = messages.expect(message, messages.DiceShare)
        if self.fair is None or share.game != self.game:
            self.dropped["stale"] += 1
            return
        try:
            self.fair.take(share)
        except fair_dice.DiceRefused as error:
            self.dropped["refused"] += 1
            self.dice_problem = why(DICE_REFUSED, reason=str(error))
            self.ctl.restate()
            return
        self.dice_problem = None
        held = self._fair_held
        if held is None or held[0] != share.n:
            return
        _, action, nonce = held
        self._fair_held = None
        try:
            thrown = self._fair_roll(action, now)
        except (FlixError, ControllerError, JournalError) as error:
            if nonce is not None:
                self._refuse(nonce, str(error))
            return
        if thrown == "thrown" and nonce is not None:
            self._carried.add(nonce)
            self.applied += 1

    # ---------------------------------------------------------------- a deal neither board chooses

    def _deal_share(self, after: int) -> bytes:
        """The host's share of the deal of the game after game ``after``."""
        return fair_deal.share(self._secret(), self.game_id, after)

    def take_deal_share(self, message: Message, now: float) -> None:
        """The guest's share of the deal of the game after the current one (it saw the host's
        commitment in a snapshot of this game)."""
        share = messages.expect(message, messages.DealShare)
        if share.after != self.game:
            return  # a share of a game gone by (the guest answers every snapshot it takes)
        self._deal_shares = {share.after: bytes.fromhex(share.share)}

    def _deal(self, entry: NewGameData) -> NewGameData:
        """A new game's start: a game with hidden tokens dealt from both boards' shares of the
        game after this one (from the host's alone while no board is joined); ``NotNow`` while
        a joined board's share has not come."""
        joined = self.keys.guest_key is not None and not self.peer_left
        guest = self._deal_shares.get(self.game) if joined else None
        if joined and guest is None and hidden(entry["variant"]) is not None:
            raise NotNow(why(DEAL_WAITING))
        return dealt(entry, self.game_id, self.game, self._deal_share(self.game), guest)

    def refuses(self, order: str, variant: str | None = None) -> str | None:
        if order != "new_game" or variant is None or variant in VARIANTS:
            return None
        return why(
            "this board hosts a remote game, and remote play carries {variants}, not "
            "{variant}: leave the remote game first (POST /api/remote/leave)",
            variants=", ".join(VARIANTS),
            variant=variant,
        )

    def refuses_game(self, entry: NewGameData) -> str | None:
        return game_refusal(entry)

    def plays_here(self, seat: int) -> bool:
        return seat not in self.remote_seats

    def place(self, seat: int) -> str:
        return "remote" if seat in self.remote_seats else "local"

    def shown(self) -> RemoteView:
        join, spectate = self.doors
        guessed = join.guessed + spectate.guessed
        problem = why(GUESSING, count=guessed) if guessed else self.dice_problem
        if problem is None and self._fair_held is not None:
            problem = why(DICE_WAITING, n=self._fair_held[0])
        return RemoteView(
            role="host",
            code=join.code,
            spectator_code=spectate.code,
            game_id=self.game_id,
            joined=self.keys.guest_key is not None,
            join=JoinDoors(join.failures, join.misses, join.codes, guessed, spectate.failures),
            seats=list(self.remote_seats),
            log=len(self.log),
            problem=None if problem is None else str(problem),
            problem_said=SaidView.of_text(problem),
            link=self.link_shown(),
        )
