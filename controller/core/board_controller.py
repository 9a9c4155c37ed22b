"""The board controller: the board kept in step with the game session, driven by readings,
presses and time.

``update(now, reading, presses)`` feeds it; ``next_deadline()`` says when it next needs a call
even if nothing happens, so it runs the same under asyncio in real time and on a simulated clock.
The game is the truth (``GameSession``): the settled board is compared with it (``reconcile``);
a single new piece in a lit hole is committed, anything else blinks until the board matches
again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Literal, Protocol

import msgspec
from msgspec import UNSET

from controller import words
from controller.config import Config
from controller.core.board_sync import BoardSync
from controller.core.combination import Combination
from controller.core.facts import Facts
from controller.core.session import GameSession, everywhere, game_entry
from controller.core.signals import Signals
from controller.core.state import (
    Actions,
    BoardConnected,
    BoardLost,
    ButtonPressed,
    ClearBoard,
    FixOrder,
    GeometryView,
    Happened,
    JsonObject,
    PlacementRefused,
    Refused,
    RemoteView,
    SaidView,
    SensedPiece,
    State,
    TakenBack,
    TokenChosen,
    VoicePressed,
    as_json,
)
from controller.core.take_back import NOTHING, Hands, moves_to_take_back
from controller.errors import BadOrder, ControllerError, NotNow
from controller.flows import VariantFlow
from controller.game_data import NewGameData
from controller.games import game_spec, games
from controller.i18n import LANGUAGES, N_, Language, Said, language, refusal_said
from controller.reconcile import Expected, Mismatch, reconcile
from controller.records.journal import Journal, JournalError
from controller.words import LanguageView
from engine.bitboard import BB_ALL, Bitboard, scan_forward
from engine.errors import FlixError, IllegalAction, IllegalPlacement
from engine.events import Event as GameEvent
from engine.events import Penalised
from engine.game import Action, Game, Phase
from engine.holes import Naming
from engine.phrase import why
from engine.variants import find_variant
from hal.base import FLIX_GEOMETRY, BoardGeometry, BoardReading, Button, ButtonPress, Clock, Piece
from hal.geometry import geometry_for
from hal.sensor_health import SensorFault

ROLL_REFUSALS = (
    N_("cannot roll: the board is disconnected (searching for it)"),
    N_("cannot roll: fix the board first ({fix})"),
)
"""A throw refused while the board is away or wrong."""
ORDER_REFUSALS = (
    N_("cannot {doing}: the board is disconnected (searching for it)"),
    N_("cannot {doing}: fix the board first ({fix})"),
)
"""Another order (``{doing}``: its action) refused while the board is away or wrong."""


class Companion(Protocol):
    """What rides along with the controller and may have a say (the computer seats,
    ``controller.computer.player``)."""

    def refuses(self, hole: int) -> str | None:
        """Why a Man seen in a lit hole is not the move of the seat to move (``None``: it is)."""

    def message(self) -> str | None:
        """The line for people, when it has one."""

    def add_state(self, state: State) -> None:
        """Set its keys of the state."""

    def hint_press(self, now: float) -> None:
        """A long press of MENU: show a hint."""

    def waiting_words(self) -> str | None:
        """The line added while it waits for a person's move (after a take-back), or ``None``."""


class Remote(Protocol):
    """Remote play (``controller.remote``): where this board's actions go and what it may do."""

    def relays(self, action: Action, now: float) -> bool:
        """Whether ``action`` is sent to the host instead of being applied here (a joined
        board); ``NotNow`` for an action of a seat played on the other board."""

    def refuses(self, order: str, variant: str | None = None) -> str | None:
        """Why this board may not ``order`` (``undo``, ``new_game`` of ``variant``,
        ``next_game``) now."""

    def refuses_game(self, entry: NewGameData) -> str | None:
        """Why this board may not start the game of ``entry`` now (its options)."""

    def plays_here(self, seat: int) -> bool:
        """Whether ``seat`` is played at this board (not from the other one)."""

    def place(self, seat: int) -> str | None:
        """Where ``seat`` is played as the state shows it (``local``, ``remote``; ``None``:
        not shown)."""

    def shown(self) -> RemoteView:
        """``state.remote``: the role, the codes, the link."""


class BoardController:
    """See the module docstring. ``session.subscribe`` gives every published event (JSON)."""

    def __init__(
        self,
        config: Config,
        clock: Clock,
        *,
        sensing: str,
        initial: BoardReading,
        journal: Journal,
        seed: int | None = None,
        first_game: NewGameData | None = None,
        geometry: BoardGeometry = FLIX_GEOMETRY,
    ) -> None:
        self.config = config
        self.geometry = geometry
        self.clock = clock
        self.sensing = sensing
        self.analog = sensing == "analog"
        self.session = GameSession(config, journal)
        self.board = BoardSync(config.settle_s, config.board.fix_after_s, initial)
        self.signals = Signals()
        self.buttons = Combination()
        """A short press of MENU held back until it is known not to start the voice's button
        combination (``controller.core.combination``)."""
        self.companion: Companion | None = None
        self.remote: Remote | None = None
        self.lift_order: tuple[Bitboard, ...] = ()
        """The holes of each move taken back, the latest first, while the board is fixed after
        a take-back: they are fixed in that order (``lift_now``)."""
        self.copies: Bitboard = 0
        """The holes the other board's moves filled (remote play) that this board has not held
        since: a piece to put there, not one to put back."""
        self.sensor_faults: tuple[SensorFault, ...] = ()
        """The analog sensors the board says read what no connected one gives (a broken wire):
        the board's health, and the fix words of their holes."""
        self._revision = 0
        now = clock.now()
        resumed = self.session.resume(now)
        if resumed and self.game.geometry != geometry.key:
            self._emit(Refused(reason=self._wrong_board(self.game.variant)), now)
            resumed = False
        if resumed:
            if self.game.game_over:
                self._start_win(now)
            elif self._reconcile().clean:
                # a substitution / withdrawal made before the stop, on an otherwise matching board
                self._flow_actions(now)
        else:
            if first_game is None:
                variant = variant_for(geometry, config.game.variant)
                first_game = game_entry(config, variant, config.game.players, seed, None)
            self.new_game(first_game, now)
        self._refresh(now)

    # ------------------------------------------------------------------ reading the state

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def flow(self) -> VariantFlow:
        return self.session.flow

    @property
    def token(self) -> int | None:
        """Pay-Off: the token chosen for the next placement."""
        return self.session.token

    @token.setter
    def token(self, token: int | None) -> None:
        self.session.token = token

    @property
    def revision(self) -> int:
        """Grows whenever the state changes (an event, the board, a notice)."""
        return self.session.revision + self.board.revision + self._revision

    def restate(self) -> None:
        """The state shows something new that is no event (remote play's other side came, went
        or left): it is sent to the pages again."""
        self._revision += 1

    @property
    def sensed(self) -> BoardReading:
        """The settled board."""
        return self.board.sensed

    @property
    def mismatch(self) -> Mismatch:
        """The settled board against the game."""
        return self.board.mismatch

    @property
    def connected(self) -> bool:
        """Whether the board answers."""
        return self.board.connected

    @property
    def phase(self) -> Phase:
        """The game's phase, or ``await_fix`` while the board disagrees with the game."""
        if not self.game.game_over and not self.mismatch.clean:
            return Phase.AWAIT_FIX
        return Phase(self.game.phase)

    @property
    def fix_words(self) -> list[str]:
        """What to fix, in words: shown once the board has disagreed for ``fix_after_s``."""
        return list(self.board.fix_words)

    @property
    def clearing(self) -> bool:
        """The game is over and its animation done: the board must be emptied."""
        return self.game.game_over and self.signals.win_until is None

    @property
    def ready(self) -> bool:
        """The game is over and the board emptied: it shows the result until a person asks for
        the next game (``next_game``: MENU, the page's Next game)."""
        return (
            self.clearing
            and not self.sensed.occupied()
            and tuple(self.sensed.grooves) == tuple(self.panels)
        )

    @property
    def panels(self) -> str:
        """The panel letters the grooves must hold, front to back (none on a flat board)."""
        return "" if self.geometry.flat else self.game.layout.panels

    def expected(self) -> Expected:
        men = burocrats = 0
        for team in range(self.game.teams):
            men |= self.game.men[team]
            burocrats |= self.game.burocrats[team]
        return Expected(men, burocrats)

    def game_time(self, now: float) -> float:
        """Seconds on the game's own time line (continues across restarts)."""
        return self.session.game_time(now)

    def next_deadline(self) -> float | None:
        """When ``update`` must run next even if nothing happens (``None``: not before input)."""
        times = (
            self.board.next_deadline(),
            self.signals.next_deadline(),
            self.buttons.deadline,
        )
        return min((t for t in times if t is not None), default=None)

    # ------------------------------------------------------------------ input

    def update(
        self, now: float, reading: BoardReading | None = None, presses: Iterable[ButtonPress] = ()
    ) -> None:
        """Take a raw reading and button presses made by ``now``, and act on due timers."""
        changed = self.board.advance(reading, now)
        if changed is not None:
            self._on_settled(changed, now)
        acting, combined = self.buttons.take(presses, now)
        for press in acting:
            self._on_press(press, now)
        if combined:
            self._emit(VoicePressed(), now)
        self._on_time(now)

    def hands_moved(self, reading: BoardReading, holes: Bitboard, now: float) -> None:
        """The board's own hands (the simulator's) moved the pieces of ``holes`` to follow an
        order (the computer's Flip 4 step): ``reading`` shows them, read at once rather than
        after ``settle_ms``, so the board never asks anyone to make that move."""
        changed = self.board.take(reading, holes, now)
        if changed is not None:
            self._on_settled(changed, now)

    def set_connected(self, connected: bool, now: float) -> None:
        """Note whether the board answers; the game waits, unchanged, while it does not."""
        if connected != self.connected:
            self.board.connected = connected
            self._emit(BoardConnected() if connected else BoardLost(), now)

    def set_sensor_faults(self, faults: tuple[SensorFault, ...], now: float) -> None:
        """Note the sensors that read what no connected one gives (``Backend.sensor_faults``):
        named in the board's health, and in the fix words instead of a piece to lift."""
        if [f.sensor for f in faults] == [f.sensor for f in self.sensor_faults]:
            return
        self.sensor_faults = faults
        self._revision += 1
        if self.board.fix_words:
            self.board.fix_words = self._describe(self.mismatch)

    def health_in(self, say: Language) -> list[str]:
        """The board's health in ``say``'s language: each faulty sensor, named by its hole."""
        naming = self.game.naming
        return [say.words(fault.words(naming)) for fault in self.sensor_faults]

    def _on_settled(self, changed: Bitboard, now: float) -> None:
        if self.game.game_over:
            return
        self._flow_actions(now)
        hole = self.board.new_piece(self._reconcile(), changed)
        if hole is not None:
            self._try_commit(hole, now)
        self._refresh(now)

    def _try_commit(self, hole: int, now: float) -> None:
        where = self.game.naming.name(hole)
        place = words.board_words(self.game.geometry).place
        mover = self.game.to_move
        if self.hands(mover) is Hands.REMOTE:  # not "press ROLL": the other board plays now
            team = why(self.config.game.team_names[self.game.team_of_seat[mover]])
            player = why("{team} (player {number})", team=team, number=mover + 1)
            other = why("{player} plays on the other board", player=player)
            self._refuse(where, other, now, Said.of(other))
            return
        if self.game.phase != Phase.AWAIT_PLACE:
            said = Said(N_("press ROLL first: no {place} is lit"), {"place": place})
            reason = self.flow.not_placing(self)
            self._refuse(where, reason or said.english(), now, Said.of(reason) if reason else said)
            return
        if not self.game.allowed >> hole & 1:
            self.board.guided = True  # a piece in a wrong place: say at once what to do
            said = Said(N_("that {place} is not lit"), {"place": place})
            self._refuse(where, said.english(), now, said)
            return
        if self.companion is not None and (refusal := self.companion.refuses(hole)) is not None:
            self._refuse(where, refusal, now)
            return
        piece = "burocrat" if self.sensed.holes[hole] is Piece.BUROCRAT else "man"
        action = Action("place", hole=hole, at=self.game_time(now), piece=piece, token=self.token)
        try:
            try:
                self._act(action, now, sync=False)
            except IllegalPlacement:
                if action.token is None:
                    raise
                # The token is refused (this Man completes a line): the Man goes in bare, so
                # that no public refusal tells the table which placement completes a line.
                self._act(replace(action, token=None), now, sync=False)
        except (IllegalAction, JournalError, NotNow) as error:
            self.token = None  # a refused placement drops the chosen token: choose again
            self._refuse(where, str(error), now, refusal_said(error))
            return
        self.token = None

    def _flow_actions(self, now: float) -> None:
        """Commit the variant actions the settled board shows (substitutions, withdrawals, Flip 4's
        moves); one sent to the host (remote play) ends the round: the board shows it until the
        host's log brings it back."""
        while (action := self.flow.settled(self)) is not None:
            try:
                if not self._act(action, now, sync=False):
                    return
            except (IllegalAction, JournalError, NotNow) as error:
                where = self.game.naming.name(action.hole or 0)
                self._refuse(where, str(error), now, refusal_said(error))
                return

    def _refuse(self, where: str, reason: str, now: float, said: Said | None = None) -> None:
        """A piece not taken; ``said``: the reason as a message, for a page in another
        language."""
        shown = UNSET if said is None else SaidView.of(said)
        self._emit(PlacementRefused(hole=where, reason=str(reason), said=shown), now)

    def recommit(self, now: float) -> None:
        """Commit again the move or the one new piece the board shows, as if it had just settled
        (a joined board: its order was refused, or never reached the host)."""
        if not self.game.game_over:
            self._flow_actions(now)
            hole = self.board.new_piece(self._reconcile(), BB_ALL)
            if hole is not None:
                self._try_commit(hole, now)
        self._refresh(now)

    def _on_press(self, press: ButtonPress, now: float) -> None:
        self._emit(ButtonPressed(button=press.button.value, seat=press.seat), now)
        try:
            if press.button is Button.ROLL:
                self.roll(None, now)
            elif press.button is Button.FLIX:
                self.call(self.button_seat("flix", now) if press.seat is None else press.seat, now)
            elif press.button is Button.PENALTY:
                seat = self.button_seat("penalty", now) if press.seat is None else press.seat
                self.penalty(seat, now)
            elif press.button is Button.MENU and press.long and self.companion is not None:
                self.companion.hint_press(now)
            elif press.button is Button.MENU and self.game.game_over:
                self.next_game(now)
            elif press.button is Button.MENU:
                self.undo(now)
        except (ControllerError, FlixError, JournalError) as error:
            said = refusal_said(error)
            shown = UNSET if said is None else SaidView.of(said)
            self._emit(Refused(button=press.button.value, reason=str(error), said=shown), now)

    def _on_time(self, now: float) -> None:
        for press in self.buttons.due(now):
            self._on_press(press, now)
        notice_ended, win_ended = self.signals.expire(now)
        if notice_ended:
            self._revision += 1
        if win_ended:
            self._emit(ClearBoard(), now)
        self._emit_all(self.board.due_words(now, self._describe), now)

    # ------------------------------------------------------------------ orders

    def new_game(self, entry: NewGameData, now: float) -> None:
        """Start the game of a checked ``new_game`` entry (see ``game_entry``); a variant played on
        another board is refused."""
        self._check_allowed("new_game", entry["variant"])
        if self.remote is not None and (refusal := self.remote.refuses_game(entry)) is not None:
            raise NotNow(refusal)
        if find_variant(entry["variant"]).geometry != self.geometry.key:
            raise NotNow(self._wrong_board(entry["variant"]))
        self.follow_new_game(entry, now)

    def next_game(self, now: float) -> None:
        """Start the next game of the same kind with the same players, asked for once the game
        is over (MENU, the page's Next game; an emptied board alone waits, showing the result).
        Pieces still on the board are then guided off like any piece the new game lacks."""
        self._check_allowed("next_game")
        if not self.game.game_over:
            raise NotNow(why("the game is still under way: the next game is asked for after it"))
        self._begun(self.session.start_next(now), now)

    def follow_new_game(self, entry: NewGameData, now: float) -> None:
        """Start the game of a ``new_game`` entry the host sent (remote play)."""
        self._begun(self.session.start(entry, now), now)

    def roll(self, faces: str | None, now: float) -> None:
        """Throw the dice: the given faces, the faces set by ``next_faces``, or the seeded RNG."""
        if faces is not None:
            try:
                faces = self.game.throw_text(faces)
            except FlixError as error:
                raise BadOrder(*error.args) from None
        self._check_board(ROLL_REFUSALS)
        if not self.game.uses_dice:
            raise NotNow(why("{variant} uses no dice", variant=self.game.variant))
        session = self.session
        if faces is None and session.next_faces is not None:
            faces, session.next_faces = session.next_faces, None
        if faces is None and self.config.game.dice == "physical":
            raise NotNow(why("physical dice: throw the dice and enter the faces they show"))
        self._act(Action("roll", throw=faces), now)

    def call(self, seat: int, now: float) -> None:
        """``seat`` calls FLIX."""
        self._act(Action("call", seat=self.session.seat(seat), at=self.game_time(now)), now)

    def button_seat(self, button: Literal["flix", "penalty"], now: float) -> int:
        """The seat the board's own FLIX or PENALTY button (the page's action bar) acts for:
        one played at this board that can use it (``GameSession.caller``, ``penaliser``)."""
        here = everywhere if self.remote is None else self.remote.plays_here
        if button == "flix":
            return self.session.caller(here)
        return self.session.penaliser(self.session.game_time(now), here)

    def penalty(self, seat: int, now: float) -> None:
        """``seat`` calls PENALTY; the Men to lift then blink until lifted. In Qubic with three
        players the same button asks the mover to block the open three formed first."""
        if game_spec(self.game.variant).penalty_asks_block:
            self._act(Action("request_block", seat=self.session.seat(seat)), now)
            return
        self._act(Action("penalty", seat=self.session.seat(seat), at=self.game_time(now)), now)

    def play(self, action: Action, now: float) -> None:
        """Apply an action chosen for a seat (the computer's roll or call), as an order."""
        self._check_board(ORDER_REFUSALS, repr(action.kind))
        self._act(action, now)

    def resign(self, seat: int, now: float) -> None:
        """``seat``'s team gives up; the last team left wins."""
        self._act(Action("resign", seat=self.session.seat(seat)), now)

    def undo(self, now: float) -> None:
        """Take back my move: back to before the last move of a person at this board, with every
        move after it (the computer's replies; ``controller.core.take_back``). The pieces to
        lift blink in order, the latest move's first; the computer seats wait for a person's
        move."""
        self._check_allowed("undo")
        for _ in range(self._moves_to_take_back()):
            self.follow_undo(now)

    def _moves_to_take_back(self) -> int:
        """How many moves Undo takes back now; ``NotNow`` says why none."""
        if self.game.game_over:
            raise NotNow(why("the game is over: nothing to take back; start a new game"))
        if self.game.phase == Phase.AWAIT_TOKENS:
            raise NotNow(why("the line is scored and the game decided: enter its tokens"))
        return moves_to_take_back(self.game, self.hands)

    def hands(self, seat: int) -> Hands:
        """Who plays ``seat``: a person at this board, the computer, or the other board."""
        if self.remote is not None and not self.remote.plays_here(seat):
            return Hands.REMOTE
        seats = self.session.seats
        return Hands.COMPUTER if seat < len(seats) and seats[seat].is_computer else Hands.PERSON

    def follow_undo(self, now: float) -> None:
        """Take back the last move (one journal ``undo`` entry), as the host did (remote play);
        its holes join the lift order (``lift_order``)."""
        before = self._pieces()
        popped = self.session.undo(now)
        if not popped:
            raise NotNow(NOTHING)
        self.signals.clear()
        self.signals.banner = None
        self.board.guided = True
        changed = 0
        for was, now_is in zip(before, self._pieces(), strict=True):
            changed |= was ^ now_is
        self.lift_order = (*self.lift_order, changed)
        hole = popped[0].hole
        where = None if hole is None else self.game.naming.name(hole)
        self._emit(TakenBack(hole=where, actions=len(popped)), now)
        self._refresh(now)

    def after_frame(self) -> None:
        """Make the moves the board sensed durable (``controller.records.journal``) and keep the
        game one of them ended: after their LED frame, before anything else is answered or
        handled."""
        self.session.settle()

    def _pieces(self) -> tuple[Bitboard, ...]:
        return (*self.game.men, *self.game.burocrats)

    def lift_now(self) -> tuple[Bitboard, Bitboard]:
        """After a take-back, the holes to fix now (those of the latest move taken back that
        still disagree with the game) and those that wait their turn (of older moves); both 0
        when nothing taken back waits to be fixed."""
        return self._lift_groups(self.mismatch)

    def _lift_groups(self, mismatch: Mismatch) -> tuple[Bitboard, Bitboard]:
        todo = mismatch.holes
        groups = [group & todo for group in self.lift_order if group & todo]
        if not groups:
            return 0, 0
        later = 0
        for group in groups[1:]:
            later |= group
        return groups[0], later & ~groups[0]

    def set_token(self, seat: int | None, token: int | None, hole: str | None, now: float) -> None:
        """Pay-Off: the mover's token for the next placement (``None`` clears it), or in physical
        token mode after a call the token of the Man in ``hole`` (see ``controller.flows``)."""
        action = self.flow.token_order(self, seat, token, hole)
        if action is not None:
            self._act(action, now)
            return
        self._emit(TokenChosen(seat=self.game.to_move, chosen=token is not None), now)

    def set_next_faces(self, faces: str) -> None:
        """The next ROLL shows these faces (scripts and physical-dice entry)."""
        try:
            self.session.next_faces = self.game.throw_text(faces)
        except FlixError as error:
            raise BadOrder(str(error)) from None

    # ------------------------------------------------------------------ internals

    def _check_board(self, refusals: tuple[str, str], doing: str = "") -> None:
        """Refuse an order while the board is away or wrong: ``refusals`` are the two messages
        (with ``{doing}``, the action, and the second with ``{fix}``)."""
        away, wrong = refusals
        if not self.connected:
            raise NotNow(why(away, doing=doing) if doing else why(away))
        if not self.mismatch.clean:
            fix = "; ".join(self._describe(self.mismatch))
            raise NotNow(why(wrong, doing=doing, fix=fix) if doing else why(wrong, fix=fix))

    def _refusal(self, order: str, variant: str | None = None) -> str | None:
        return None if self.remote is None else self.remote.refuses(order, variant)

    def _check_allowed(self, order: str, variant: str | None = None) -> None:
        refusal = self._refusal(order, variant)
        if refusal is not None:
            raise NotNow(refusal)

    def _act(self, action: Action, now: float, *, sync: bool = True) -> bool:
        """Apply through the session (journalled, then published), then follow on the board;
        on a joined board, send it to the host instead (remote play): ``False`` then, the game
        here is unchanged until the host's log brings the action back. ``sync=False``: a move
        the board sensed, made durable by ``after_frame`` once its frame is shown."""
        if self.remote is not None and self.remote.relays(action, now):
            return False
        self.follow_action(action, now, sync=sync)
        return True

    def follow_action(self, action: Action, now: float, *, sync: bool = True) -> None:
        """Apply an action: an order made here, or one the host applied (remote play)."""
        before = self._filled()
        remote = self.hands(self.game.to_move) is Hands.REMOTE
        published = self.session.act(action, now, sync=sync)
        if remote:
            self.copies |= self._filled() & ~before
        self.signals.banner = None  # the next action ends the banner; its own events may set one
        self._note(published, now)
        if self.game.game_over:
            self._start_win(now)
        self._refresh(now)

    def _begun(self, published: list[GameEvent], now: float) -> None:
        """A game was started: the board shows it from scratch."""
        self.lift_order = ()
        self.copies = 0
        self.signals.clear()
        self.signals.banner = None  # the finished game's result stays on its ready board only
        self.board.guided = True
        self._note(published, now)
        self._refresh(now)

    def _note(self, published: list[GameEvent], now: float) -> None:
        """What the board shows of the game's events: a penalty guides at once, dice notices."""
        if any(isinstance(event, Penalised) for event in published):
            self.board.guided = True
        self.signals.note(published, self.game.naming, now)

    def _start_win(self, now: float) -> None:
        self.signals.start_win(self.flow.win_line(self), now, self.config.leds.win_animation_s)

    def _emit(self, data: Happened, now: float) -> None:
        self.session.emit(data, now)

    def _emit_all(self, events: Sequence[Happened], now: float) -> None:
        for data in events:
            self.session.emit(data, now)

    def _reconcile(self) -> Mismatch:
        if self.game.game_over:
            return Mismatch()
        mismatch = reconcile(self.expected(), self.sensed, panels=self.panels, analog=self.analog)
        return self.flow.adjust(self, mismatch)

    def _filled(self) -> Bitboard:
        expected = self.expected()
        return expected.men | expected.burocrats

    def _refresh(self, now: float) -> None:
        """Recompute the mismatch and the fix words after a change of board or game."""
        self.copies &= self._filled() & ~self.sensed.occupied()  # held here once: a piece now
        events = self.board.refresh(self._reconcile(), now, self.game.naming, self._describe)
        if self.mismatch.clean:
            self.lift_order = ()  # every piece taken back is where the game wants it
        self._emit_all(events, now)

    def _wrong_board(self, name: str) -> str:
        variant = find_variant(name)
        wanted = geometry_for(variant.geometry)
        return (
            f"{variant.variant} is played on the {wanted.describe()} board; this board is "
            f"{self.geometry.describe()}: start {', '.join(variants_on(self.geometry))}"
        )

    def _describe(self, mismatch: Mismatch, say: Language | None = None) -> list[str]:
        """The fix sentences (in the board's language, else ``say``'s); after a take-back,
        those of the latest move taken back first."""
        say = say or language(self.config.board.language)
        broken = sum(1 << f.sensor for f in self.sensor_faults if f.sensor < self.geometry.cells)
        wrong = mismatch.missing | mismatch.extra | mismatch.wrong_kind
        naming = self.game.naming
        faults = [say.words(f.words(naming)) for f in self.sensor_faults if wrong >> f.sensor & 1]
        keep = ~(broken & wrong)
        mismatch = replace(
            mismatch,
            missing=mismatch.missing & keep,
            extra=mismatch.extra & keep,
            wrong_kind=mismatch.wrong_kind & keep,
        )
        first, _ = self._lift_groups(mismatch)
        parts = [mismatch]
        if first:
            rest = ~first
            parts = [
                Mismatch(
                    mismatch.missing & first, mismatch.extra & first, mismatch.wrong_kind & first
                ),
                replace(
                    mismatch,
                    missing=mismatch.missing & rest,
                    extra=mismatch.extra & rest,
                    wrong_kind=mismatch.wrong_kind & rest,
                ),
            ]
        names = self.config.game.team_names
        return faults + [
            line
            for part in parts
            for line in words.fix_sentences(
                part, self.game, self.sensed, names, say, copies=self.copies
            )
        ]

    # ------------------------------------------------------------------ what people see

    def facts(self) -> Facts:
        """What the page is told instead of knowing the rules (``controller.core.facts``)."""
        seats = self.session.seats
        return Facts(
            self.game,
            ready=self.connected and self.mismatch.clean,
            computer_seats=[seat for seat, who in enumerate(seats) if who.is_computer],
            hints=self.session.hints,
            takes_back=self._takes_back(),
        )

    def _takes_back(self) -> bool:
        """Whether Undo has a move to take back now (``controller.core.take_back``)."""
        if self._refusal("undo") is not None:
            return False
        try:
            self._moves_to_take_back()
        except NotNow:
            return False
        return True

    def fix_in(self, say: Language) -> list[str]:
        """What to fix, once it is due, in ``say``'s language."""
        return self._describe(self.mismatch, say) if self.board.fix_words else []

    def message(self, say: Language | None = None) -> str:
        """One line for people: what happens now, in the board's language (else ``say``'s)."""
        if self.companion is not None and self.connected and not self.board.fix_words:
            said = self.companion.message()
            if said is not None:
                return said
        said = words.message(
            self.game,
            self.config,
            phase=self.phase,
            connected=self.connected,
            clearing=self.clearing,
            ready=self.ready,
            fix=self.fix_words if say is None else self.fix_in(say),
            variant_words=(
                self.flow.message(self, say or language(self.config.board.language))
                if self.connected
                else None
            ),
            say=say or language(self.config.board.language),
        )
        waits = None if self.companion is None else self.companion.waiting_words()
        return said if waits is None else f"{said} {waits}"

    def state(self, *, test_view: bool = False, view_team: int | None = None) -> JsonObject:
        """The state as plain JSON data (scripts and tests; see ``public_state``)."""
        return as_json(self.public_state(test_view=test_view, view_team=view_team))

    def public_state(self, *, test_view: bool = False, view_team: int | None = None) -> State:
        """The state of DESIGN §4 (``controller.core.state``). ``test_view`` (scripts only) adds
        ``pending_lines``, the seed and every event, secret ones included; otherwise secret
        events are dropped."""
        naming = self.game.naming
        engine = msgspec.structs.asdict(self.session.view(test_view=test_view, view_team=view_team))
        del engine["phase"], engine["geometry"]  # the board controller's phase and whole board
        flow = msgspec.structs.asdict(self.flow.view(self, view_team))
        options = self.session.options_view(test_view=test_view)
        if "deal" in options:  # a fixed deal would show every team's tokens
            del options["deal"]
        languages = {
            code: LanguageView(
                message=self.message(language(code)),
                fix=self.fix_in(language(code)),
                health=self.health_in(language(code)),
                words=words.board_words(self.game.geometry, language(code)).view(),
            )
            for code in LANGUAGES
        }
        first, later = self.lift_now()
        notice = self.signals.notice
        facts = self.facts()
        uses = facts.uses()
        state = State(
            **engine,
            **flow,
            phase=str(self.phase),
            options=options,
            sensed={
                naming.name(h): SensedPiece(piece.name.lower())
                for h, piece in enumerate(self.sensed.holes)
                if piece is not Piece.EMPTY
            },
            grooves=list(self.sensed.grooves),
            mismatch=words.mismatch_view(self.mismatch, naming),
            geometry=GeometryView(
                self.geometry.key, self.geometry.cells, self.geometry.rows, self.geometry.cols
            ),
            players_allowed=sorted(type(self.game).seat_teams),
            fix=self.fix_words,
            fix_order=(
                FixOrder(hole_names(first, naming), hole_names(later, naming)) if first else None
            ),
            message=self.message(),
            language=self.config.board.language,
            languages=languages,
            connected=self.connected,
            board_status="connected" if self.connected else "searching",
            board_health=self.health_in(language(self.config.board.language)),
            sensing=self.sensing,  # analog: kinds sensed; presence: kinds from the game
            dice=self.config.game.dice,
            team_names=list(self.config.game.team_names[: self.game.teams]),
            team_colours=[
                "#{:02x}{:02x}{:02x}".format(*c)
                for c in self.config.leds.team_colours[: self.game.teams]
            ],
            notice=None if notice is None else notice.kind,
            banner=self.signals.banner,
            clearing=self.clearing,
            ready=self.ready,
            uses_dice=uses["uses_dice"],
            uses_calls=uses["uses_calls"],
            uses_tokens=uses["uses_tokens"],
            uses_burocrats=uses["uses_burocrats"],
            uses_lines=uses["uses_lines"],
            seat_labels=facts.seat_labels(self.config.game.team_names),
            actions=Actions(**facts.actions()),
            throw=facts.current_throw(),
            last_move=facts.last_move_name(),
            call_window=facts.call_window(self.game_time(self.clock.now())),
            words=languages[self.config.board.language].words,
            remote=None if self.remote is None else self.remote.shown(),
            events=self.session.recent_events(test_view=test_view),
            seed=self.game.seed if test_view else UNSET,
        )
        if self.companion is not None:
            self.companion.add_state(state)
        if self.remote is not None and state.seats is not UNSET:
            for seat, shown in enumerate(state.seats):  # remote play: each seat's place
                if (place := self.remote.place(seat)) is not None:
                    shown.place = place
        return state


def hole_names(holes: Bitboard, naming: Naming) -> list[str]:
    return [naming.name(hole) for hole in scan_forward(holes)]


def variants_on(geometry: BoardGeometry) -> list[str]:
    """The variants played on a board of ``geometry``, in the registry's order."""
    return [name for name, spec in games().items() if spec.geometry == geometry.key]


def variant_for(geometry: BoardGeometry, configured: str) -> str:
    """The configured variant when it is played on the board, else the board's first variant."""
    fits = variants_on(geometry)
    if configured in fits or not fits:
        return configured
    return fits[0]
