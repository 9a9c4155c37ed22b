"""A joined board: it follows the host's log and sends its seats' actions to the host.

Nothing is applied here but the host's log, in order (``controller.remote.resync``): a Man the
other side placed is missing on this board and blinks in its team's colour until someone puts
it here, as after a take-back. An action of this board's seats (a placement seen on the board,
a press of ROLL or FLIX, the computer's move) becomes an order to the host; the last one is sent
again when a snapshot shows the host never got it. A board that joined with the spectator's code
only watches: it can open the host's messages, and seal nothing the host takes.

The host's messages are sealed with the key every joined board holds; a guest takes only those
with the host's MAC under a key of its join exchange (which only the host shares), a spectator
only those signed with the host's key, whose public half came in the welcome. The guest's own
messages are sealed with another key of its join exchange.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time

import msgspec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from msgspec import UNSET

from controller.core.board_controller import BoardController
from controller.core.state import RemoteView, SaidView
from controller.errors import NotNow
from controller.game_data import NewGameData
from controller.records.journal import JournalError
from controller.remote import fair_deal, fair_dice, messages
from controller.remote.events import RemoteDiceRefused, RemoteOrder, RemoteRefused, RemoteResync
from controller.remote.host import actor, player
from controller.remote.link import Broker
from controller.remote.messages import (
    ACTION_KEYS,
    VARIANTS,
    Entry,
    Hello,
    LogEntry,
    Malformed,
    Message,
    NewGame,
    OrderAction,
    Refused,
    Snapshot,
)
from controller.remote.pake import Welcome
from controller.remote.resync import Follower
from controller.remote.role import Order, Role
from controller.remote.sealed_tokens import followed, own_openings, sealing
from controller.remote.sealing import Opener, Sealer
from controller.remote.token_book import TokenBook
from controller.remote.tokens import deal_refusal, wrong_opening
from controller.seats import Seat
from engine.errors import FlixError
from engine.game import SEED_LIMIT, Action, Phase
from engine.phrase import N_, why
from engine.variants import find_variant
from hal.geometry import geometry_for

HELLO_GAP_S = 0.5
"""A gap in the log asks for a snapshot at most this often."""
PENDING_S = 2.0
"""An order whose outcome has not come back for this long asks where the host is (a hello): its
log entry may have been lost on the way."""
QUIET_S = 15.0
"""The host silent for this long: a hello asks where it is (its last entry may have been lost,
and the host then waits for this board, which waits for that entry)."""
DICE_REFUSED = N_(
    "a throw of the host was refused ({reason}): this board follows the game no further"
)
"""What the page says when the host's throw does not follow from both boards' shares."""


class Guest(Role):
    """See the module docstring. ``seats``: who plays this board's seats (the configured ones:
    a person, or the computer)."""

    side, peer = "guest", "host"

    def __init__(
        self,
        controller: BoardController,
        broker: Broker,
        welcome: Welcome,
        code: str,
        seats: tuple[Seat, ...],
        order: Order,
    ) -> None:
        self.welcome = welcome
        self.code = code
        self.spectator = welcome.role == "spectator"
        sealer = None if self.spectator else Sealer(welcome.guest_key)
        if self.spectator:  # the host's signature proves its messages
            host_key = Ed25519PublicKey.from_public_bytes(welcome.host_key)
            opener = Opener(welcome.log_key, verify=host_key)
        else:  # the host's MAC under the key only the two share
            opener = Opener(welcome.log_key, mac_key=welcome.to_guest)
        super().__init__(controller, broker, welcome.game_id, order, sealer, opener)
        self.seats = seats
        self.remote_seats: tuple[int, ...] = ()
        """The seats this board plays (the host's remote seats), known from a snapshot."""
        self.problem: str | None = None
        """Why this board cannot follow the host's game (a variant not played remotely)."""
        self.refused_game: int | None = None
        """A game whose log entered a token its team was not dealt: not followed any more."""
        self.follower = Follower()
        self.book = TokenBook(None, self.game_id, 0)
        """This board's tokens and the host's commitments in the game followed."""
        self.pending: messages.Order | None = None
        """The last order sent and not yet seen in the log."""
        self._hello_at = 0.0
        self._refused_at: tuple[int | None, int] | None = None
        """Where the host last refused an order: a second refusal there waits for the log."""
        self._sent_at = 0.0
        self._heard_at = time.monotonic()
        self._watch: asyncio.Task[None] | None = None
        self.fair: fair_dice.GuestDice | None = None
        """The dice of the host's game, checked here (a game with virtual dice)."""
        self._dice_seed: tuple[int, bytes] | None = None
        """This board's chain seed for a game of the host (kept in the journal)."""
        self.dice_problem: str | None = None
        """Why a throw of the host was refused: the game stops here until the next one."""
        self._deal_commits: dict[int, str] = {}
        """The host's commitment to its share of the deal of the game after each game seen."""
        self._deal_given: dict[int, bytes] = {}
        """This board's share of the deal of the game after each game, as it gave it."""
        controller.session.dice_record = lambda: fair_dice.record_of(
            self.fair if self.ctl.remote is self else None
        )
        self._resume()
        self.handlers[messages.SNAPSHOT] = self.snapshot
        self.handlers[messages.LOG] = self.entry
        self.handlers[messages.REFUSED] = self.refused

    def listens(self) -> list[str]:
        return [*super().listens(), messages.SNAPSHOT, messages.LOG, messages.REFUSED]

    def _resume(self) -> None:
        """Where the journal says this board is in the host's game (after a restart)."""
        entries = self.ctl.session.journal.current_game()
        if not entries:
            return
        first = entries[0]
        remote = first.data.get("remote") if first.kind == "new_game" else None
        if remote is None or remote["game_id"] != self.game_id:
            return
        self.follower.game = remote["game"]
        self.follower.applied = sum(1 for e in entries if e.kind in ("action", "undo"))
        self.book = self._token_book(remote["game"])
        self.remote_seats = tuple(remote.get("seats", ()))
        seed = remote.get("dice_seed")
        if seed is not None:
            self._dice_seed = (remote["game"], bytes.fromhex(seed))

    # ---------------------------------------------------------------- the host's messages

    def on_connect(self) -> None:
        self._hello(force=True)

    def _hello(self, *, force: bool = False) -> None:
        now = time.monotonic()
        if self.spectator or (not force and now - self._hello_at < HELLO_GAP_S):
            return
        self._hello_at = now
        follower = self.follower
        hello = Hello(follower.game or 0, follower.applied, secrets.token_hex(8))
        self.send(messages.HELLO, hello)

    def snapshot(self, message: Message, now: float) -> None:
        snapshot = messages.expect(message, Snapshot)
        self._heard_at = time.monotonic()
        if snapshot.game == self.refused_game:
            self.dropped["refused"] += 1
            return
        variant = snapshot.new_game.variant
        if variant not in VARIANTS:
            self.problem = why(
                "the host plays {variant}: remote play carries {variants}",
                variant=variant,
                variants=", ".join(VARIANTS),
            )
            return
        board = find_variant(variant).geometry
        if board != self.ctl.geometry.key:
            self.problem = why(
                "the host plays {variant} on a {board} board: this board is {here} (start it "
                "with --geometry {key})",
                variant=variant,
                board=geometry_for(board).describe(),
                here=self.ctl.geometry.describe(),
                key=board,
            )
            return
        self.problem = None
        if self.dice_problem is not None and snapshot.game <= (self.follower.game or 0):
            self.dropped["refused"] += 1
            return  # a throw of this game was refused: it goes no further here
        verdict, entries = self.follower.take_snapshot(snapshot)
        if verdict == "stale":
            self.dropped["stale"] += 1
            return
        if verdict == "new":
            if (problem := self._deal_refusal(snapshot)) is not None:
                self._refuse_game(problem)
                return
            self.remote_seats = snapshot.seats
            self._start(snapshot.new_game, snapshot.game, now)
        self._deal_next(snapshot)
        if not self._dice(snapshot):
            return
        if self.fair is not None:
            self.fair.sent = None  # the host may have restarted: the share again
        self._apply(entries, now)
        pending = self.pending
        if pending is not None and (pending.game, pending.base) == (
            self.follower.game,
            self.follower.applied,
        ):
            self.send(messages.ORDERS, pending)  # the host never got it: again, same nonce

    def _token_book(self, game: int) -> TokenBook:
        path = self.ctl.session.journal.path
        return TokenBook(None if path is None else path.parent, self.game_id, game)

    def _start(self, new_game: NewGame, game: int, now: float) -> None:
        self.fair, self.dice_problem = None, None
        if self.book.game != game:
            self.book.forget()
            self.book = self._token_book(game)
        players = new_game.players
        seats = [
            (self.seats[seat] if seat < len(self.seats) else Seat())
            if seat in self.remote_seats and not self.spectator
            else Seat()
            for seat in range(players)
        ]
        entry: NewGameData = {
            "variant": new_game.variant,
            "players": players,
            "seed": secrets.randbelow(SEED_LIMIT),  # never used: every roll carries its faces
            "options": dict(new_game.options),
            "seats": [seat.to_json() for seat in seats],
            "hints": self.ctl.session.hints,
            "remote": {
                "game_id": self.game_id,
                "game": game,
                "seats": list(self.remote_seats),
                "spectator": self.spectator,
                "dice_seed": self._seed(game).hex(),
            },
        }
        try:
            self.ctl.follow_new_game(entry, now)
        except (FlixError, TypeError, KeyError, JournalError) as error:
            raise Malformed(f"the host's game does not start here: {error}") from None
        self.pending = None

    def entry(self, message: Message, now: float) -> None:
        entry = messages.expect(message, Entry)
        self._heard_at = time.monotonic()
        if entry.game == self.refused_game or (
            self.dice_problem is not None and entry.game <= (self.follower.game or 0)
        ):
            self.dropped["refused"] += 1
            return
        verdict, entries = self.follower.offer(entry)
        if verdict in ("duplicate", "stale", "overflow"):
            self.dropped[verdict] += 1
        if verdict in ("gap", "overflow"):
            self._hello()
        self._apply(entries, now)

    def _apply(self, entries: list[LogEntry], now: float) -> None:
        ctl = self.ctl
        first = self.follower.applied - len(entries) + 1
        for at, entry in enumerate(entries, first):
            if not self._throw_holds(at, entry, now):
                return
            data = entry.data
            if data is not None and sealing(ctl.game):
                data, problem = followed(entry, self.book)
                if problem is not None or data is None:
                    self._refuse_game(problem)
                    return
            try:
                if data is None:
                    ctl.follow_undo(now)
                else:
                    action = Action.from_json(data.to_json(), ctl.game.naming)
                    ctl.follow_action(action, now)
                    ctl.session.catch_up(action.at, now)
            except (FlixError, TypeError, JournalError) as error:
                if (problem := wrong_opening(entry, error)) is not None:
                    self._refuse_game(problem)
                    return
                # this board no longer agrees with the host: start again from a snapshot
                ctl.session.emit(RemoteResync(reason=str(error)), now)
                self.follower = Follower()
                self._hello(force=True)
                return
            self.applied += 1
        if entries:
            self._answered()
            self.pending = None
        if self.pending is None and not self.spectator and self.follower.game is not None:
            ctl.recommit(now)
        self._share_due()
        self._open_own()

    def _refuse_game(self, problem: str | None) -> None:
        """The host's log breaks the game's rules or a token's commitment: this board follows
        the game no further (its journal holds nothing of the entry)."""
        self.problem, self.refused_game = problem, self.follower.game
        self.ctl.restate()

    # ---------------------------------------------------------------- tokens kept by their owner

    def _open_own(self) -> None:
        """The rules reveal a token of this board: its opening goes to the host (one at a time,
        each once the host's log has the one before)."""
        game = self.ctl.game
        if self.spectator or self.pending is not None or self.follower.game is None:
            return
        if self.refused_game == self.follower.game:
            return
        for hole in own_openings(game):
            kept = self.book.opening(game.naming.name(hole))
            if kept is not None:
                said = OrderAction("open_token", hole=kept.hole, token=kept.value, nonce=kept.nonce)
                self._send_order(said)
                return

    def _sealed(self, action: Action, said: OrderAction) -> OrderAction:
        """A digital Pay-Off placement's token stays here: the order carries its commitment."""
        if action.kind != "place" or action.token is None or not sealing(self.ctl.game):
            return said
        hole = self.ctl.game.naming.name(action.hole) if action.hole is not None else ""
        kept = self.book.opening(hole)
        if kept is None or kept.value != action.token:
            seal = self.book.seal(hole, action.token)
        else:  # the same token there again (an order sent anew): the same commitment
            seal = kept.commitment
        return msgspec.structs.replace(said, token=None, seal=seal)

    # ---------------------------------------------------------------- a deal neither board chooses

    def _deal_refusal(self, snapshot: Snapshot) -> str | None:
        """Why the host's new game is refused for its deal (``tokens.deal_refusal``): against
        the commitment this board saw and the share it gave for the game the proof names (a
        game dealt alone once this board gave its share is refused too)."""
        proof = snapshot.new_game.dealt
        after = max((n for n in self._deal_given if n < snapshot.game), default=None)
        if proof is not None and (after is None or proof.after >= after):
            after = proof.after
        committed = None if after is None else self._deal_commits.get(after)
        mine = None if after is None else self._deal_given.get(after)
        return deal_refusal(snapshot.new_game, self.game_id, snapshot.game, committed, mine)

    def _deal_next(self, snapshot: Snapshot) -> None:
        """The host commits to its share of the next game's deal: the commitment is kept, and
        a guest answers with its own share (derived from its secret seed of this game, so the
        same again after a restart)."""
        if snapshot.deal_next is None or self.follower.game != snapshot.game:
            return
        self._deal_commits[snapshot.game] = snapshot.deal_next
        if self.spectator:
            return
        share = fair_deal.share(self._seed(snapshot.game), self.game_id, snapshot.game)
        self._deal_given[snapshot.game] = share
        self.send(messages.DEAL, messages.DealShare(snapshot.game, share.hex()))

    # ---------------------------------------------------------------- dice neither board chooses

    def _seed(self, game: int) -> bytes:
        """This board's chain seed for the host's game ``game`` (the same after a resync)."""
        if self._dice_seed is None or self._dice_seed[0] != game:
            self._dice_seed = (game, secrets.token_bytes(32))
        return self._dice_seed[1]

    def _dice(self, snapshot: Snapshot) -> bool:
        """Take the host's commitment from a snapshot of the game followed; ``False`` when it
        is not the one the game's throws were checked against."""
        roots = snapshot.dice
        if roots is None or self.follower.game != snapshot.game:
            return True
        host_root = bytes.fromhex(roots.host)
        if self.fair is not None and self.fair.verifier.game == snapshot.game:
            if self.fair.verifier.host.root != host_root:
                self._refuse_dice("the host's commitment changed during the game", time.monotonic())
                return False
            return True
        game = self.ctl.game
        dice = fair_dice.dice_of(game)
        if dice is None:
            return True
        seed = None if self.spectator else self._seed(snapshot.game)
        path = self.ctl.session.journal.path
        folder = None if path is None else path.parent
        self.fair = fair_dice.GuestDice(
            game, dice, self.game_id, snapshot.game, roots, seed, folder
        )
        return True

    def _throw_holds(self, at: int, entry: LogEntry, now: float) -> bool:
        """A roll entry's proof holds (or the game throws no virtual dice); else it is refused
        and nothing after it applied."""
        data = entry.data
        if self.fair is None or data is None or data.kind != "roll":
            return True
        try:
            self.fair.check(at, entry, self.ctl.game)
        except fair_dice.DiceRefused as error:
            self.follower.applied = at - 1
            self.follower.waiting.clear()
            self._refuse_dice(str(error), now)
            return False
        return True

    def _refuse_dice(self, reason: str, now: float) -> None:
        self.dice_problem = reason
        self.dropped["refused"] += 1
        self.ctl.session.emit(RemoteDiceRefused(reason=reason), now)

    def _share_due(self) -> None:
        """A throw is due: this board's share of it goes to the host (never earlier, so the
        host cannot know a throw before it is due)."""
        game = self.ctl.game
        if not game.game_over and game.phase == Phase.AWAIT_ROLL:
            self._send_share(fair_dice.throw_number(game))

    def _share_ahead(self, kind: str) -> None:
        """A move of this board's seat makes the next throw due once the host carries it out:
        the share of that throw goes with the order, so that a roll the host's seat makes at
        once (its computer) waits for no round trip. The host learns the throw as it learns
        the move that makes it due."""
        if kind in fair_dice.BEFORE_A_THROW and not self.ctl.game.game_over:
            self._send_share(fair_dice.throw_number(self.ctl.game))

    def _send_share(self, n: int) -> None:
        fair = self.fair
        if fair is None or self.dice_problem is not None or self.follower.game is None:
            return
        if fair.sent == n:
            return
        share = fair.share(self.follower.game, n)
        if share is not None:
            self.send(messages.DICE, share)

    def refused(self, message: Message, now: float) -> None:
        refused = messages.expect(message, Refused)
        nonce, reason = refused.nonce, refused.reason
        if self.pending is None or self.pending.nonce != nonce:
            self.dropped["stale"] += 1
            return
        self._answered()
        self.pending = None
        words = None if refused.said is None else refused.said.said()
        said = UNSET if words is None else SaidView.of(words)
        self.ctl.session.emit(RemoteRefused(reason=reason, said=said), now)
        position = (self.follower.game, self.follower.applied)
        if position != self._refused_at:  # once a position: a refusal never starts a storm
            self._refused_at = position
            self.ctl.recommit(now)
            self._open_own()

    def _answered(self) -> None:
        """The pending order's outcome came: its round trip goes to the link's history."""
        if self.pending is not None:
            self.link.history.move_round_trip(time.monotonic() - self._sent_at)

    # ---------------------------------------------------------------- the controller asks

    def relays(self, action: Action, now: float) -> bool:
        if self.spectator:
            raise NotNow(why("this page watches a game: a spectator cannot play"))
        if self.follower.game is None:
            raise NotNow(why("not yet in the host's game: waiting for the host"))
        seat = actor(action, self.ctl.game.to_move)
        if seat not in self.remote_seats:
            raise NotNow(why("{player} plays on the other board", player=player(self.ctl, seat)))
        data = action.to_json(self.ctl.game.naming)
        try:
            said = msgspec.convert({k: v for k, v in data.items() if k in ACTION_KEYS}, OrderAction)
        except msgspec.ValidationError:
            raise NotNow(why("remote play carries no {action}", action=repr(action.kind))) from None
        self._send_order(self._sealed(action, said))
        self.ctl.session.emit(RemoteOrder(action=action.kind, seat=seat), now)
        return True

    def _send_order(self, said: OrderAction) -> None:
        """``said`` to the host, made at the position this board has applied."""
        assert self.follower.game is not None
        order = messages.Order(
            self.follower.game, self.follower.applied, secrets.token_hex(8), said
        )
        self.pending = order
        self._sent_at = time.monotonic()
        self._share_ahead(said.kind)
        self.send(messages.ORDERS, order)

    async def _keep_in_step(self) -> None:
        while True:
            await asyncio.sleep(PENDING_S)
            now = time.monotonic()
            asked = now - self._hello_at
            waited = self.pending is not None and min(now - self._sent_at, asked) >= PENDING_S
            if waited or min(now - self._heard_at, asked) >= QUIET_S:
                self._hello(force=True)

    def start(self) -> None:
        super().start()
        self._watch = asyncio.get_running_loop().create_task(self._keep_in_step())

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        await super().stop()

    def refuses(self, order: str, variant: str | None = None) -> str | None:
        if order == "undo":
            return why("a remote game: the hosting board takes moves back")
        return why("a remote game: the hosting board starts the next game")

    def plays_here(self, seat: int) -> bool:
        return seat in self.remote_seats and not self.spectator

    def place(self, seat: int) -> str:
        return "local" if self.plays_here(seat) else "remote"

    def shown(self) -> RemoteView:
        return RemoteView(
            role="spectator" if self.spectator else "guest",
            code=None if self.spectator else self.code,
            game_id=self.game_id,
            seats=list(self.remote_seats),
            log=self.follower.applied,
            waiting=self.pending is not None,
            problem=self._problem_text(),
            problem_said=SaidView.of_text(self.problem),
            link=self.link_shown(),
        )

    def _problem_text(self) -> str | None:
        if self.problem is not None:
            return str(self.problem)
        if self.dice_problem is not None:
            return str(why(DICE_REFUSED, reason=self.dice_problem))
        return None
