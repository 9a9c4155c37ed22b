"""The computer at the board: it plays its seats, and gives hints.

After every change of the game or its seats, when a seat is the computer's, ``Computer`` asks
the search process (``controller.computer.thinker``) what the computer does now: a call out of turn
(FLIX on its own line, PENALTY, a block request) or the move of the seat to move. Each question
has a new generation: a change (a placement, a take-back, a new game, a seat switch) cancels the
search under way and its late answer is dropped.

The answer is carried out the way a person's would be:

- rolls and calls are orders, announced as ``computer`` events ("Red calls FLIX");
- a placement, a Burocrat substitution or a withdrawal is made by the board's own hands when it
  has them (the simulator, with ``[board] sim_autoplace``), through the usual settle and commit
  path, a placement once the call window of the last one has closed; otherwise the hole
  blinks in the computer's colour and the message asks a person to make
  the move (``computer_move`` in the state); another hole is refused with the usual guidance.
  When a person undoes the hands' move before the board took it (lifting the computer's Man
  while fixing the board), the move is asked and made again once the board matches the game.
  When a take-back takes back a move the hands made, the hands take back what they put (lift
  the computer's Man, put back what they lifted): the person fixes only their own pieces.

After a take-back (``controller.core.take_back``) nothing is asked until a person has played on
(``GameSession.waiting``): the computer waits (``computer_waits`` in the state).

Hints (``hint``, ``GET /api/hint``, a long press of MENU) ask the same process for the best move
of the seat to move; the hole then blinks for ``HINT_S``. The threat layer shows, dim in each
team's colour, the holes where it would complete a line next (``controller.core.hints``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from msgspec import UNSET

from controller.computer.events import ComputerError, ComputerPlayed, ComputerRefused, HintShown
from controller.computer.think_worker import Answer, GameStart, Job, Purpose
from controller.computer.thinker import ProcessThinker
from controller.config import Config
from controller.core.board_controller import BoardController
from controller.core.facts import HINT_PHASES
from controller.core.hints import threats
from controller.core.state import ComputerMove, Refused, SaidView, SeatView, State, Threat
from controller.errors import NotNow
from controller.i18n import Said
from controller.leds import Layer, holes_layer, scale
from controller.seats import Seat, player_seed
from controller.words import board_words
from engine.bitboard import Bitboard, bit, scan_forward
from engine.errors import FlixError
from engine.game import Action, Phase, player
from engine.phrase import Phrase, why
from hal.base import Color, Piece
from hal.capabilities import Hands
from hal.errors import HalError

HINT_S = 4.0
"""How long a hinted hole blinks."""
BLINK_S = 0.25
"""Half period of the computer's and the hint's blinking hole."""
THREAT_DIM = 0.2
"""Brightness of a threat hole, a fraction of its team's colour."""
BOARD_MOVES = frozenset({"place", "substitute", "withdraw"})
"""Actions made with the hands on the board."""
STEP_PHASES = frozenset({Phase.AWAIT_MOVE, Phase.AWAIT_JUMP})
"""Flip 4: a step or a landing is applied as an order; the hands (or a person, guided by the
board) then move the pieces to match."""
WAITS = "Taken back: the computer waits until you have moved."
CALL_WORDS = {"call": "calls FLIX", "penalty": "calls PENALTY", "request_block": "asks for a block"}

HintDone = Callable[[Answer | None, str], None]
"""Called with the hint (or ``None`` and why not)."""
ThinkerFactory = Callable[[int, Callable[[], None] | None], ProcessThinker]


@dataclass(frozen=True)
class BoardMove:
    """A move the computer chose that waits for hands: ``action`` in ``hole`` for ``seat``."""

    seat: int
    action: str
    hole: int


@dataclass(frozen=True)
class HintMark:
    """A hinted hole blinking until ``until``."""

    seat: int
    hole: int
    until: float


def _blink_on(now: float) -> bool:
    return math.floor(now / BLINK_S + 1e-9) % 2 == 0


class Computer:
    """The computer seats and the hints of one board controller (see the module docstring)."""

    def __init__(
        self,
        controller: BoardController,
        hands: Hands | None,
        config: Config,
        make_thinker: ThinkerFactory = ProcessThinker,
    ) -> None:
        self.ctl = controller
        self.hands = hands if config.board.sim_autoplace else None
        """The hands that make the computer's moves, or ``None``: a person makes them."""
        self.config = config
        self.notify: Callable[[], None] | None = None
        """Called (from another thread) when an answer arrives: wakes the service."""
        self.make_thinker = make_thinker
        """Starts the search process (tests may wrap it)."""
        self.thinker: ProcessThinker | None = None
        self.generation = 0
        self.dropped = 0
        """Answers dropped because the game changed while they were searched."""
        self._seen = -1
        self._asking = False
        self._threat_layers: tuple[object, list[Layer]] = ((), [])
        """The threat layers and the pieces and colours they were drawn for: every frame asks
        for them, a new placement changes them."""
        self._ready: Answer | None = None
        self.move: BoardMove | None = None
        self._placing: int | None = None
        self._burocrat_for: int | None = None
        self._handled: int | None = None
        """The hole the hands are making the computer's move in, until the next question."""
        self._hands_moves: list[tuple[int, Bitboard]] = []
        """The holes of each move the hands made in this game, with the number of actions the
        game had before it (a move at or after the actions left by a take-back is taken back)."""
        self._hands_game: object = None
        """The game (its record) the hands' moves were made in."""
        self.moved: Bitboard = 0
        """The squares the hands moved pieces in to follow a step, until the driver reads them
        (``take_moved``)."""
        self.hint: HintMark | None = None
        self._hint_waiters: list[HintDone] = []
        controller.companion = self

    # ------------------------------------------------------------------ reading

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.ctl.session.seats

    def is_computer(self, seat: int) -> bool:
        return seat < len(self.seats) and self.seats[seat].is_computer

    @property
    def thinking(self) -> bool:
        """Whether the seat to move is the computer's and its move is being searched."""
        return self._asking and self.is_computer(self.ctl.game.to_move)

    def _who(self, seat: int) -> str:
        """``Red (Computer, level 3)``: the team and the computer that plays the seat."""
        team = self.ctl.game.team_of_seat[seat]
        return f"{self.config.game.team_names[team]} ({self.seats[seat].label(seat)})"

    def _piece(self) -> str:
        return board_words(self.ctl.game.geometry).piece

    def _colour(self, seat: int) -> Color:
        colours = self.config.leds.team_colours
        return colours[self.ctl.game.team_of_seat[seat] % len(colours)]

    # ------------------------------------------------------------------ the loop

    def update(self, now: float) -> None:
        """Take the search's answers, ask again after a change, carry out a due answer."""
        self._collect(now)
        if self.ctl.session.changes != self._seen or self._hands_move_undone():
            self._ask(now)
        self._hands_step()
        self._carry_out(now)
        if self.ctl.session.changes != self._seen:
            self._ask(now)
        if self.hint is not None and now >= self.hint.until:
            self.hint = None

    def next_deadline(self, now: float) -> float | None:
        """When ``update`` must run even if nothing happens: a timed call, a blink step, the end
        of a hint."""
        times: list[float] = []
        if self._ready is not None:
            due = self._due(self._ready)
            if due is not None:
                times.append(due - self.ctl.game_time(now) + now)
        if self.hint is not None:
            times.append(self.hint.until)
        if self.hint is not None or self.move is not None:
            times.append((math.floor(now / BLINK_S + 1e-9) + 1) * BLINK_S)
        return min(times, default=None)

    def holding(self) -> bool:
        """Whether an answer is held back for later (a timed call, a Man waiting out the call
        window)."""
        return self._ready is not None and self._due(self._ready) is not None

    def close(self) -> None:
        """End the search process, if one was started."""
        if self.thinker is not None:
            self.thinker.close()
            self.thinker = None

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the answer of the question under way has arrived (simulated time only:
        scripts and tests); whether it has. The next ``update`` carries it out."""
        if self.thinker is None or not self._asking:
            return False
        return self.thinker.wait(self.generation, timeout)

    # ------------------------------------------------------------------ asking

    def _thinker(self) -> ProcessThinker:
        if self.thinker is None:
            self.thinker = self.make_thinker(self.generation, self.notify)
        return self.thinker

    def _job(self, purpose: Purpose) -> Job:
        session = self.ctl.session
        game = session.game
        entry = session.entry
        return Job(
            generation=self.generation,
            purpose=purpose,
            start=GameStart(entry["variant"], entry["players"], entry["seed"], entry["options"]),
            actions=tuple(game.actions),
            levels={seat: s.level for seat, s in enumerate(self.seats) if s.level is not None},
            seeds={seat: player_seed(game.seed, seat) for seat in range(game.players)},
            movetime=self.config.game.computer_movetime_ms / 1000,
        )

    def _ask(self, now: float) -> None:
        """The game changed: cancel what was asked, ask anew when a seat is the computer's."""
        self._seen = self.ctl.session.changes
        self.generation += 1
        if self._asking or self._ready is not None:
            self.dropped += 1
        self._asking = False
        self._ready = None
        self.move = None
        self._put_back(self._handled)
        self._handled = None
        self._take_back_hands()
        self._placing = None
        self._burocrat_for = None
        self.hint = None
        for done in self._hint_waiters:
            done(None, "the game moved on")
        self._hint_waiters.clear()
        if self.thinker is not None:
            self.thinker.cancel(self.generation)
        if self.ctl.game.game_over or not any(seat.is_computer for seat in self.seats):
            return
        if self.ctl.game.tokens_to_open:
            return  # each board opens its own tokens (controller.remote.sealed_tokens)
        if self.ctl.session.waiting:
            return  # a move was taken back: nothing until a person has moved
        self._thinker().submit(self._job("move"))
        self._asking = True

    def _collect(self, now: float) -> None:
        if self.thinker is None:
            return
        for answer in self.thinker.take():
            if answer.generation != self.generation or answer.stale:
                continue
            if answer.purpose == "hint":
                self._hinted(answer, now)
            elif self._asking:
                self._asking = False
                if answer.error is not None:
                    self.ctl.session.emit(ComputerError(reason=answer.error), now)
                elif answer.action is not None:
                    self._ready = answer

    # ------------------------------------------------------------------ carrying out

    def _due(self, answer: Answer) -> float | None:
        """A call timed later than now (PENALTY once a line's window has closed), or a Man the
        hands would place while the last placement's call window is open: its game time;
        ``None`` when it is due now. The hands wait out every window, as a person's hand does,
        so a person has the window to call FLIX (and the wait tells nothing: every placement
        opens one)."""
        action = answer.action
        at = 0.0 if action is None else action.at
        if self.hands is not None and action is not None and action.kind == "place":
            at = max(at, self.ctl.facts().call_deadline() or 0.0)
        return at if at > self.ctl.game_time(self.ctl.clock.now()) else None

    def _carry_out(self, now: float) -> None:
        answer = self._ready
        ctl = self.ctl
        if answer is None or not ctl.connected or ctl.phase == Phase.AWAIT_FIX:
            return
        if self._due(answer) is not None:
            return
        self._ready = None
        game = ctl.game
        action = answer.action
        seat = answer.seat
        if action is None:
            return
        if action.kind in CALL_WORDS and game.actions and game.actions[-1] == action:
            return  # the same call again (nothing to call): wait for the next change
        try:
            if game.phase in STEP_PHASES:
                before, at = game.occupied, len(game.actions)
                ctl.play(action, now)
                self._follow_game(before, at)
            elif action.kind in BOARD_MOVES:
                self._board_move(seat, action, now)
            else:
                ctl.play(action, now)
        except (FlixError, NotNow) as error:
            ctl.session.emit(ComputerRefused(seat=seat, reason=str(error)), now)
            return
        self._announce(seat, action, answer.reason, answer.said or Said(answer.reason), now)

    def _announce(self, seat: int, action: Action, reason: str, said: Said, now: float) -> None:
        names = self.config.game.team_names
        game = self.ctl.game
        team = game.team_of_seat[seat]
        where = "" if action.hole is None else game.naming.name(action.hole)
        words = {
            **CALL_WORDS,
            "roll": "rolls the dice",
            "place": f"plays {where}",
            "move": f"moves {where} to {'' if action.to is None else game.naming.name(action.to)}",
            "substitute": f"seats a Burocrat in {where}",
            "withdraw": f"withdraws {where}",
        }.get(action.kind, action.kind.replace("_", " "))
        played = ComputerPlayed(
            seat=seat,
            action=action.kind,
            reason=reason,
            words=f"{names[team]} {words}",
            hole=where or UNSET,
            said=SaidView.of(said),
        )
        self.ctl.session.emit(played, now)

    def _board_move(self, seat: int, action: Action, now: float) -> None:
        """A move made on the board: by the hands, or shown for a person to make."""
        ctl = self.ctl
        hole = action.hole
        if hole is None:
            raise NotNow(f"the computer's {action.kind} names no hole")
        game = ctl.game
        if (
            action.kind == "place"
            and action.token is not None
            and not getattr(game, "physical_tokens", True)
        ):
            ctl.flow.token_order(ctl, seat, action.token, None)
        if self.hands is None:
            self.move = BoardMove(seat, action.kind, hole)
            return
        self._handled = hole
        self._hands_moved(len(game.actions), bit(hole))
        try:
            if action.kind == "place":
                self._placing = hole
                if ctl.sensed.holes[hole] is not Piece.EMPTY:
                    ctl.recommit(now)  # seated before a restart: the Man is there already
                    return
                self.hands.place(hole, action.piece)
            else:
                self.hands.lift(hole)
                if action.kind == "substitute":
                    self._burocrat_for = hole
        except (HalError, ValueError) as error:
            raise NotNow(f"the simulated hands cannot {action.kind} there: {error}") from None

    def _hands_moved(self, at: int, holes: Bitboard) -> None:
        """The hands moved pieces in ``holes`` for a move of the game's ``at``-th action."""
        record = self.ctl.session.entry["record"]
        if record != self._hands_game:
            self._hands_game, self._hands_moves = record, []
        self._hands_moves.append((at, holes))

    def _take_back_hands(self) -> None:
        """The hands' moves that a take-back took back: the hands make their holes as the game
        has them again (the computer's Man lifted, a piece they lifted put back), as a person's
        hand takes back its own move; the person fixes only their own pieces."""
        if self.ctl.session.entry["record"] != self._hands_game:
            self._hands_moves = []  # a new game: the last game's pieces are the person's to clear
            return
        left = len(self.ctl.game.actions)
        undone = [holes for at, holes in self._hands_moves if at >= left]
        self._hands_moves = [(at, holes) for at, holes in self._hands_moves if at < left]
        for holes in reversed(undone):
            for hole in scan_forward(holes):
                self._put_back(hole)

    def _put_back(self, hole: int | None) -> None:
        """The hands' move under way in ``hole`` was overtaken (a seat switch or a take-back
        before it settled): the hands make the hole as the game has it again, so they never
        leave a piece that nobody lifts."""
        if hole is None or self.hands is None:
            return
        want = self._game_piece(hole)
        try:
            there = self.hands.piece_at(hole)
            if there is want:
                return
            if there is not Piece.EMPTY:
                self.hands.lift(hole)
            if want is not Piece.EMPTY:
                self.hands.place(hole, want)
        except (HalError, ValueError):
            return  # a person's hand got there: the board's guidance asks them

    def _follow_game(self, before: Bitboard, at: int) -> None:
        """The hands move the pieces from where the game had them (``before``) to where it has
        them now (after a Flip 4 step, the game's ``at``-th action; a flip leaves the squares
        filled as they were)."""
        if self.hands is None:
            return
        after = self.ctl.game.occupied
        self._hands_moved(at, before ^ after)
        try:
            for cell in scan_forward(before & ~after):
                self.hands.lift(cell)
                self.moved |= bit(cell)
            for cell in scan_forward(after & ~before):
                self.hands.place(cell)
                self.moved |= bit(cell)
        except (HalError, ValueError) as error:
            raise NotNow(f"the simulated hands cannot follow the step: {error}") from None

    def _hands_move_undone(self) -> bool:
        """Whether the hands' move was undone before the board took it (a person lifted the
        computer's Man while fixing the board): the hole is as the game has it, on the board and
        in the reading, and the board matches the game again. Then the move is asked again."""
        hole = self._handled
        ctl = self.ctl
        if hole is None or self.hands is None or self._asking or self._ready is not None:
            return False
        if ctl.phase == Phase.AWAIT_FIX or not self.is_computer(ctl.game.to_move):
            return False
        want = self._game_piece(hole)
        try:
            there = self.hands.piece_at(hole)
        except (HalError, ValueError):
            return False
        return there is want and ctl.sensed.holes[hole] is want

    def _game_piece(self, hole: int) -> Piece:
        """The piece the game has in ``hole`` (``Piece.EMPTY`` for none)."""
        expected = self.ctl.expected()
        if expected.burocrats & bit(hole):
            return Piece.BUROCRAT
        return Piece.MAN if expected.men & bit(hole) else Piece.EMPTY

    def take_moved(self) -> Bitboard:
        """The squares the hands moved pieces in since the last call."""
        moved, self.moved = self.moved, 0
        return moved

    def _hands_step(self) -> None:
        """A substitution by the hands: the Burocrat goes in once the Man is seen lifted."""
        hole = self._burocrat_for
        if hole is None or self.hands is None:
            return
        if self.ctl.sensed.holes[hole] is Piece.EMPTY:
            self._burocrat_for = None
            try:
                self.hands.place(hole, Piece.BUROCRAT)
            except (HalError, ValueError):
                return

    # ------------------------------------------------------------------ the controller asks

    def refuses(self, hole: int) -> str | None:
        """Why a Man seen in ``hole`` is not the move of the seat to move, when that seat is the
        computer's; ``None`` when it is."""
        game = self.ctl.game
        seat = game.to_move
        if not self.is_computer(seat) or hole == self._placing:
            return None
        move = self.move
        if move is not None and move.action == "place":
            if move.hole == hole:
                return None
            where = game.naming.name(move.hole)
            return f"{self._who(seat)} plays {where}: put its {self._piece()} there"
        return f"{self._who(seat)} is thinking: wait for its move"

    def message(self) -> str | None:
        """What the board waits for when the computer is to move, or ``None``."""
        game = self.ctl.game
        if game.game_over or not self.is_computer(game.to_move):
            return None
        move = self.move
        if move is not None:
            who, where = self._who(move.seat), game.naming.name(move.hole)
            piece = self._piece()
            if move.action == "place":
                return f"{who} plays {where}: put its {piece} there."
            if move.action == "substitute":
                return f"{who} substitutes {where}: lift its {piece} and seat a Burocrat there."
            return f"{who} withdraws {where}: lift its {piece}."
        if self._asking:
            return f"{self._who(game.to_move)} is thinking."
        return None

    @property
    def waits(self) -> bool:
        """Whether the computer seats wait for a person's move after a take-back."""
        ctl = self.ctl
        return (
            ctl.session.waiting
            and not ctl.game.game_over
            and any(seat.is_computer for seat in self.seats)
        )

    def waiting_words(self) -> str | None:
        """The line added while the computer waits for a person's move, or ``None``."""
        return WAITS if self.waits else None

    def add_state(self, state: State) -> None:
        """``seats`` (each with the player's ``name``, ``null`` when unnamed), ``computer_move``,
        ``computer_waits``, ``hints`` and ``threats`` (DESIGN §4)."""
        game = self.ctl.game
        state.computer_waits = self.waits
        thinking = self._asking
        state.seats = [
            SeatView(
                kind=seat.kind,
                level=seat.level,
                name=seat.name,
                thinking=thinking and seat.is_computer and index == game.to_move,
            )
            for index, seat in enumerate(self.seats)
        ]
        move = self.move
        state.computer_move = (
            None
            if move is None
            else ComputerMove(seat=move.seat, action=move.action, hole=game.naming.name(move.hole))
        )
        hints = self.ctl.session.hints
        state.hints = hints
        state.threats = [Threat(team, holes) for team, holes in threats(game)] if hints else []

    # ------------------------------------------------------------------ seats and hints

    def switch(self, seat: int, to: Seat, now: float) -> None:
        """Seat ``seat`` is played by ``to`` from now on (the computer takes over at once when
        it is that seat's turn, or hands back)."""
        self.ctl.session.switch_seat(seat, to, now)
        self.update(now)

    def ask_hint(self, now: float, done: HintDone) -> None:
        """Ask for the best move of the seat to move; ``done`` gets it (and the hole blinks).
        ``NotNow`` when hints are off or there is nothing to hint."""
        ctl = self.ctl
        game = ctl.game
        if not ctl.session.hints:
            raise NotNow(why("hints are off for this game"))
        if game.game_over:
            raise NotNow(why("the game is over: nothing to hint"))
        if not ctl.connected or ctl.phase == Phase.AWAIT_FIX:
            raise NotNow(why("fix the board first: no hint while it disagrees with the game"))
        if game.phase not in HINT_PHASES:
            raise NotNow(why("nothing to hint now (phase {phase})", phase=game.phase))
        if self.is_computer(game.to_move):
            raise NotNow(
                why("{player} is the computer's: no hint for it", player=player(game.to_move))
            )
        self._thinker().submit(self._job("hint"))
        self._hint_waiters.append(done)

    def hint_press(self, now: float) -> None:
        """A long press of MENU: the hint on the board (refusals are events)."""

        def shown(answer: Answer | None, why: str) -> None:
            if answer is None:
                said = SaidView.of(Said.of(why)) if isinstance(why, Phrase) else UNSET
                self.ctl.session.emit(Refused(button="menu", reason=str(why), said=said), now)

        try:
            self.ask_hint(now, shown)
        except NotNow as error:
            shown(None, error.args[0] if error.args else str(error))

    def _hinted(self, answer: Answer, now: float) -> None:
        waiters, self._hint_waiters = self._hint_waiters, []
        action = answer.action
        if answer.error is not None or action is None:
            for done in waiters:
                done(None, f"no hint: {answer.error or 'no move found'}")
            return
        seat = answer.seat
        naming = self.ctl.game.naming
        if action.hole is not None:
            self.hint = HintMark(seat, action.hole, now + HINT_S)
        hinted = HintShown(
            seat=seat,
            action=action.kind,
            hole=None if action.hole is None else naming.name(action.hole),
            reason=answer.reason,
            to=UNSET if action.to is None else naming.name(action.to),
            said=SaidView.of(answer.said or Said(answer.reason)),
        )
        self.ctl.session.emit(hinted, now)
        for done in waiters:
            done(answer, "")

    # ------------------------------------------------------------------ the LEDs

    def under(self) -> list[Layer]:
        """Below the lines and errors: the threat holes, dim in each team's colour."""
        game = self.ctl.game
        if not self.ctl.session.hints or game.game_over:
            return []
        colours = self.config.leds.team_colours
        pieces = [game.pieces(team) for team in range(game.teams)]
        drawn_for = (game.variant, game.occupied, pieces, colours)
        if self._threat_layers[0] != drawn_for:
            layers: list[Layer] = [
                holes_layer(holes, scale(colours[team % len(colours)], THREAT_DIM))
                for team in range(game.teams)
                if (holes := game.completing(team))
            ]
            self._threat_layers = (drawn_for, layers)
        return list(self._threat_layers[1])

    def over(self, now: float) -> list[Layer]:
        """Above them: the computer's chosen hole blinks in its colour, a hinted hole blinks
        between white and the mover's colour."""
        layers: list[Layer] = []
        move = self.move
        if move is not None:
            colour = self._colour(move.seat)
            lit = colour if _blink_on(now) else scale(colour, 0.1)
            layers.append({move.hole: lit})
        hint = self.hint
        if hint is not None and now < hint.until:
            colour = self._colour(hint.seat)
            layers.append({hint.hole: (255, 255, 255) if _blink_on(now) else colour})
        return layers
