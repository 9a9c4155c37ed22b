"""Pay-Off Flix (RULES.md §3, §5): any empty hole, hidden tokens, a game value, a match ledger.

Each team is dealt an equal share of the tokens (shuffled with the game seed, or fixed by the
``deal`` option). In ``digital`` token mode a placement may carry one unused token of the team
(never the placement that completes a line); in ``physical`` mode the tokens ride in the real
Men and the players enter those of the winning line when it scores (``enter_token``). A digital
placement may carry ``SEALED`` instead of a value: a token is attached whose value this board does
not know yet (another board holds it under a commitment); ``open_token`` resolves it, and a line
whose Men carry sealed tokens is paid once they are all opened. The first
scored line ends the game; every other team pays the winner its value; ``ledger`` carries over.

>>> from engine.variants import new_game
>>> game = new_game("payoff", seed=1, options={"deal": [[100, 50, 50, 25, 25, 20],
...                                                      [20, 10, 10, 5, 2, 1]]})
>>> [e.type for e in game.place("R-I-S", token=100)]
['place', 'token_attached', 'turn']
>>> game.to_json()["token_holes"], game.to_json(view_team=0)["token_holes"]
({'R-I-S': None}, {'R-I-S': 100})
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.bitboard import Bitboard, bit, scan_forward
from engine.errors import IllegalAction, IllegalPlacement, SettingError
from engine.events import Event, PaidOff, TokenAttached, TokenEntered, TokenOpened, Turn
from engine.game import MAX_TOKEN as MAX_TOKEN
from engine.game import SEALED as SEALED
from engine.game import Action, Game, Options, player
from engine.holes import Hole, name, parse
from engine.lines import completed_lines
from engine.phrase import N_, why
from engine.settings import shown, whole_number

DEFAULT_TOKENS: tuple[int, ...] = (100, 50, 50, 25, 25, 20, 20, 10, 10, 5, 2, 1)
"""The token set (RULES.md §5: only 100, 50, 50 are documented; the rest is an assumption)."""
PLAIN_MAN_VALUE = 5
"""A Man without a token is worth 5."""
TOKEN_MODES = ("digital", "physical")
AWAIT_TOKENS = "await_tokens"
"""Physical token mode: the winning line scored; its Men's tokens are being entered (digital
mode: its sealed tokens are being opened)."""


MAX_TOKENS = 64
"""The most tokens in a set (one per hole)."""
MAX_BALANCE = 10**12
"""The largest balance (either sign) a ledger may carry."""
_DIGITS = re.compile(r"[0-9]{1,20}")
"""A token or balance written as text: ASCII digits only, never a run long enough to hurt."""


def _whole_numbers(key: str, value: Any, low: int, high: int) -> tuple[int, ...]:
    """``value`` (a list, or text of space-separated numbers) as whole numbers ``low..high-1``."""
    if isinstance(value, str):
        parts = value.split()
        if not all(_DIGITS.fullmatch(part.removeprefix("-")) for part in parts):
            raise SettingError(f"{key} must be whole numbers: {value[:80]!r}")
        value = [int(part) for part in parts]
    if not isinstance(value, list | tuple):
        raise SettingError(f"{key} must be a list of whole numbers: {shown(value)}")
    if len(value) > MAX_TOKENS:
        raise SettingError(f"{key} has {len(value)} numbers: at most {MAX_TOKENS}")
    return tuple(whole_number(key, item, low, high) for item in value)


@dataclass(frozen=True)
class PayOffOptions(Options):
    """Pay-Off settings: ``tokens`` (the set), ``deal`` (one token list per team, or ``None``:
    shuffle with the seed), ``token_mode`` (``digital`` | ``physical``), ``ledger`` (the match
    balance per team carried in from earlier games, summing to zero; ``None``: all zero),
    ``openings`` (digital mode, for remote play: every token is opened by ``open_token`` before
    it counts, its scored line's at the scoring, every other at the game's end)."""

    tokens: tuple[int, ...] = DEFAULT_TOKENS
    deal: tuple[tuple[int, ...], ...] | None = None
    token_mode: str = "digital"
    ledger: tuple[int, ...] | None = None
    openings: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        tokens = _whole_numbers("tokens", self.tokens, 1, MAX_TOKEN + 1)
        object.__setattr__(self, "tokens", tokens)
        if self.deal is not None:
            if not isinstance(self.deal, list | tuple):
                raise SettingError(f"deal must be one token list per team: {self.deal!r}")
            if len(self.deal) > MAX_TOKENS:
                raise SettingError(f"deal has {len(self.deal)} hands: one per team")
            hands = tuple(_whole_numbers("deal", hand, 1, MAX_TOKEN + 1) for hand in self.deal)
            object.__setattr__(self, "deal", hands)
        if not isinstance(self.token_mode, str) or self.token_mode not in TOKEN_MODES:
            raise SettingError(f"token_mode must be digital or physical: {self.token_mode!r}")
        if self.ledger is not None:
            ledger = _whole_numbers("ledger", self.ledger, -MAX_BALANCE, MAX_BALANCE + 1)
            if sum(ledger) != 0:
                raise SettingError(f"a ledger sums to zero: {list(ledger)!r}")
            object.__setattr__(self, "ledger", ledger)
        if not isinstance(self.openings, bool):
            raise SettingError(f"openings must be true or false: {self.openings!r}")
        if self.openings and self.token_mode != "digital":
            raise SettingError("openings need digital token mode")


def deal_tokens(tokens: tuple[int, ...], teams: int, seed: int) -> list[tuple[int, ...]]:
    """The tokens shuffled with ``seed`` and divided equally: one sorted hand per team.

    >>> deal_tokens((1, 2, 3, 4), 2, seed=0)
    [(3, 2), (4, 1)]
    """
    if len(tokens) % teams:
        raise SettingError(
            f"{len(tokens)} tokens cannot be divided equally among {teams} teams: {list(tokens)}"
        )
    shuffled = list(tokens)
    random.Random(seed).shuffle(shuffled)
    return [tuple(sorted(shuffled[team::teams], reverse=True)) for team in range(teams)]


DECIDED_CALL = N_(
    "{player} cannot call FLIX: team {team} has scored and the game is decided; "
    "enter the tokens of the scored line"
)
DECIDED_PENALTY = N_(
    "{player} cannot call PENALTY: team {team} has scored and the game is decided; "
    "enter the tokens of the scored line"
)
DECIDED_RESIGN = N_(
    "{player} cannot resign: team {team} has scored and the game is decided; "
    "enter the tokens of the scored line"
)
"""The refusals of a call, a penalty and a resignation while a scored line's tokens are entered."""


def _check_token_value(token: object, error: type[IllegalAction] = IllegalPlacement) -> None:
    """A token is a whole number (``True`` is not the token 1)."""
    if isinstance(token, bool) or not isinstance(token, int):
        raise error(why("a token is a whole number such as 50: {token}", token=repr(token)))


def _without(hand: tuple[int, ...], token: int) -> tuple[int, ...]:
    items = list(hand)
    items.remove(token)
    return tuple(items)


class PayOffFlix(Game):
    """Pay-Off Flix. State beyond :class:`Game`: ``dealt`` / ``hands`` (tokens per team, all /
    unused), ``ledger`` (match balance per team), ``completers`` (holes whose placement completed
    a line: they carry no token), ``entered`` (physical mode: tokens entered at scoring),
    ``score_lines`` (the lines of the scoring call), ``game_value`` and ``paid_line``."""

    variant: ClassVar[str] = "payoff"
    rank: ClassVar[int] = 3
    uses_calls: ClassVar[bool] = True
    uses_tokens: ClassVar[bool] = True
    options_class: ClassVar[type[Options]] = PayOffOptions
    _state_fields: ClassVar[tuple[str, ...]] = (
        *Game._state_fields,
        "hands",
        "ledger",
        "completers",
        "entered",
        "score_lines",
        "game_value",
        "paid_line",
        "opened",
        "finish_after",
    )

    def _init_state(self) -> None:
        opts = self.pay_options
        self.dealt: list[tuple[int, ...]] = self._deal(opts)
        self.hands: list[tuple[int, ...]] = list(self.dealt)
        if opts.ledger is not None and len(opts.ledger) != self.teams:
            raise SettingError(f"ledger needs one balance per team ({self.teams}): {opts.ledger}")
        self.ledger: list[int] = [0] * self.teams if opts.ledger is None else list(opts.ledger)
        self.completers: set[Hole] = set()
        self.entered: dict[Hole, int | None] = {}
        self.score_lines: list[Bitboard] = []
        self.game_value: int | None = None
        self.paid_line: Bitboard = 0
        self.opened: set[Hole] = set()
        self.finish_after: tuple[int | None, str] | None = None

    @property
    def pay_options(self) -> PayOffOptions:
        """The options, typed."""
        assert isinstance(self.options, PayOffOptions)
        return self.options

    @property
    def physical_tokens(self) -> bool:
        """Whether tokens ride in the real Men and are entered at scoring time."""
        return self.pay_options.token_mode == "physical"

    def _deal(self, opts: PayOffOptions) -> list[tuple[int, ...]]:
        if opts.deal is None:
            return deal_tokens(opts.tokens, self.teams, self.seed)
        hands = opts.deal
        if len(hands) != self.teams:
            raise SettingError(f"deal needs one token list per team ({self.teams}): {hands}")
        if len({len(hand) for hand in hands}) != 1:
            raise SettingError(f"deal must give every team as many tokens: {hands}")
        if Counter(t for hand in hands for t in hand) != Counter(opts.tokens):
            raise SettingError(
                f"deal {[list(h) for h in hands]} is not the token set {list(opts.tokens)}"
            )
        return [tuple(hand) for hand in hands]

    # ----------------------------------------------------------------- tokens on placements

    def _check_piece(self, seat: int, team: int, hole: Hole, piece: str, token: int | None) -> None:
        super()._check_piece(seat, team, hole, piece, token)
        if token is None:
            return
        # Refusal texts are public (the board shows them): no token value, no hand.
        _check_token_value(token)
        if self.physical_tokens:
            raise IllegalPlacement(
                why(
                    "physical token mode: the token rides in the Man itself; its value is entered "
                    "when a line scores"
                )
            )
        if completed_lines(self._line_pieces(team) | bit(hole), hole):
            raise IllegalPlacement(why("no token on this placement: place the Man bare"))
        unused = len(self.hands[team]) > len(self._sealed(team))
        if not unused or (token != SEALED and token not in self.hands[team]):
            raise IllegalPlacement(
                why(
                    "team {team} holds no such unused token: choose one of its own (or none)",
                    team=team,
                )
            )

    def _sealed(self, team: int) -> list[Hole]:
        """The holes of ``team``'s Men whose token is sealed (its value not opened here yet)."""
        return [
            hole
            for hole, token in sorted(self.tokens.items())
            if token == SEALED and self.men[team] >> hole & 1
        ]

    def _after_place(self, seat: int, team: int, hole: Hole, at: float) -> None:
        token = self.tokens.get(hole)
        if token is not None:
            if token != SEALED:
                self.hands[team] = _without(self.hands[team], token)
            self._emit(TokenAttached(seat=seat, team=team, hole=hole))
        if completed_lines(self._line_pieces(team), hole):
            self.completers.add(hole)
        super()._after_place(seat, team, hole, at)

    def _end_placement(self, seat: int) -> None:
        """A line scored by the placement itself (``auto_call``) waits for its tokens (physical
        mode): no next turn."""
        if self.phase != AWAIT_TOKENS:
            super()._end_placement(seat)

    def _remove_men(self, team: int, holes: Bitboard) -> None:
        """Penalised Men go back to supply; their tokens go back to the team's unused tokens."""
        for hole in scan_forward(holes & self.men[team]):
            token = self.tokens.get(hole)
            if token is not None and token != SEALED:
                self.hands[team] = tuple(sorted((*self.hands[team], token), reverse=True))
            self.completers.discard(hole)
        super()._remove_men(team, holes)

    def man_value(self, hole: Hole) -> int:
        """A Man's value: its token, or 5 without one (physical mode: as entered)."""
        token = self.entered.get(hole) if self.physical_tokens else self.tokens.get(hole)
        return PLAIN_MAN_VALUE if token is None else token

    # ----------------------------------------------------------------- scoring and the ledger

    def _on_scored(self, seat: int, team: int, lines: list[Bitboard]) -> None:
        self.score_lines = list(lines)
        if self.physical_tokens:
            self.to_move = seat
            self.phase = AWAIT_TOKENS
            self.reach = 0
            self.entered = {}
            self._emit(Turn(seat=seat, phase=AWAIT_TOKENS, free_throws=0))
            return
        if self._unopened(self._scored_men()):
            self._await_openings(seat)
            return
        self._pay(team)

    def _await_openings(self, seat: int) -> None:
        self.to_move = seat
        self.phase = AWAIT_TOKENS
        self.reach = 0
        self._emit(Turn(seat=seat, phase=AWAIT_TOKENS, free_throws=0))

    def _all_men(self) -> Bitboard:
        union = 0
        for men in self.men:
            union |= men
        return union

    def _scored_men(self) -> Bitboard:
        union = 0
        for line in self.score_lines:
            union |= line
        return union

    def _unopened(self, men: Bitboard) -> Bitboard:
        """Digital mode: those of ``men`` whose token must still be opened (a sealed one; with
        ``openings``, every token not opened yet)."""
        unopened = 0
        for hole in scan_forward(men):
            token = self.tokens.get(hole)
            if token == SEALED or (
                token is not None and self.pay_options.openings and hole not in self.opened
            ):
                unopened |= bit(hole)
        return unopened

    @property
    def tokens_to_open(self) -> Bitboard:
        """Digital mode, while ``await_tokens``: the Men whose token is to be opened now (the
        scored lines', then at the game's end every other)."""
        if self.phase != AWAIT_TOKENS or self.physical_tokens:
            return 0
        if self.finish_after is not None:
            return self._unopened(self._all_men())
        return self._unopened(self._scored_men())

    def _finish(self, winner: int | None, reason: str) -> None:
        """With ``openings``, the game ends once every token left on the board is opened."""
        if self.pay_options.openings and self._unopened(self._all_men()):
            self.finish_after = (winner, reason)
            self._await_openings(self.to_move)
            return
        super()._finish(winner, reason)

    def _pay(self, team: int) -> None:
        best = max(self.score_lines, key=lambda line: (self._line_value(line), -line))
        value = self._line_value(best)
        self.game_value = value
        self.paid_line = best
        for other in range(self.teams):
            if other != team:
                self.ledger[other] -= value
                self.ledger[team] += value
        values = [self.man_value(hole) for hole in scan_forward(best)]
        self._emit(
            PaidOff(team=team, line=best, values=values, value=value, ledger=list(self.ledger))
        )
        self._finish(team, "line")

    def _line_value(self, line: Bitboard) -> int:
        return sum(self.man_value(hole) for hole in scan_forward(line))

    @property
    def scoring_team(self) -> int | None:
        """The team whose line scored (``None`` before)."""
        return self.scored_lines[-1][0] if self.scored_lines else None

    @property
    def tokens_to_enter(self) -> Bitboard:
        """Physical mode, after scoring: the Men of the scored lines not yet entered."""
        if self.phase != AWAIT_TOKENS or not self.physical_tokens:
            return 0
        union = 0
        for line in self.score_lines:
            union |= line
        for hole in self.entered:
            union &= ~bit(hole)
        return union

    @property
    def allowed(self) -> Bitboard:
        """Placing: the empty holes; entering tokens: the Men whose token is still to enter."""
        if self.phase == AWAIT_TOKENS:
            return self.tokens_to_enter if self.physical_tokens else self.tokens_to_open
        return super().allowed

    def enter_token(self, hole: Hole | str, token: int | None) -> list[Event]:
        """Physical mode: the Man in ``hole`` of the scored line carries ``token`` (``None``:
        no token)."""
        index = self._hole_index(hole)
        return self.apply(Action("enter_token", hole=index, token=token))

    def open_token(self, hole: Hole | str, token: int) -> list[Event]:
        """Digital mode: the token on the Man in ``hole`` is ``token`` (its opening, checked by the
        caller against its commitment; here a sealed one against the team's unused tokens, a
        known one against its value)."""
        return self.apply(Action("open_token", hole=self._hole_index(hole), token=token))

    def _hole_index(self, hole: Hole | str) -> Hole:
        return parse(hole, self.layout) if isinstance(hole, str) else hole

    def _act_call(self, action: Action) -> None:
        self._refuse_when_decided(DECIDED_CALL, action)
        super()._act_call(action)

    def _act_penalty(self, action: Action) -> None:
        self._refuse_when_decided(DECIDED_PENALTY, action)
        super()._act_penalty(action)

    def _act_resign(self, action: Action) -> None:
        self._refuse_when_decided(DECIDED_RESIGN, action)
        super()._act_resign(action)

    def _refuse_when_decided(self, refusal: str, action: Action) -> None:
        """A scored line ends the game (RULES.md §5): while its tokens are entered, nobody may
        call, penalise or resign any more (``refusal`` says which, with ``{player}`` and
        ``{team}``)."""
        if self.phase == AWAIT_TOKENS:
            raise IllegalAction(why(refusal, player=player(action.seat), team=self.scoring_team))

    def _act_enter_token(self, action: Action) -> None:
        if self.phase != AWAIT_TOKENS:
            raise IllegalAction(why("no tokens to enter now (phase {phase})", phase=self.phase))
        hole, token = action.hole, action.token
        if (
            isinstance(hole, bool)
            or not isinstance(hole, int)
            or not self.tokens_to_enter >> hole & 1
        ):
            todo = " ".join(self._names(self.tokens_to_enter))
            if isinstance(hole, int) and not isinstance(hole, bool) and 0 <= hole < 64:
                where = name(hole, self.layout)
                if hole in self.entered:
                    raise IllegalAction(
                        why(
                            "{where} is already entered: enter the token of one of: {todo}",
                            where=where,
                            todo=todo,
                        )
                    )
                raise IllegalAction(
                    why(
                        "{where} is not in the scored line: enter the token of one of: {todo}",
                        where=where,
                        todo=todo,
                    )
                )
            raise IllegalAction(
                why("enter the token of one of: {todo} (not {hole})", todo=todo, hole=repr(hole))
            )
        where = name(hole, self.layout)
        team = self.scoring_team
        assert team is not None
        if token is not None:
            _check_token_value(token, IllegalAction)
            if hole in self.completers:
                raise IllegalAction(
                    why(
                        "the Man at {where} completed the line and carries no token: take the "
                        "token out and enter none",
                        where=where,
                    )
                )
            used = Counter(t for t in self.entered.values() if t is not None)
            free = Counter(self.dealt[team]) - used
            if free[token] <= 0:
                # the dealt hand stays secret: the error names only what was entered
                raise IllegalAction(
                    why(
                        "team {team} was dealt no further token {token} (entered: {entered})",
                        team=team,
                        token=repr(token),
                        entered=sorted(used.elements(), reverse=True),
                    )
                )
        self.entered[hole] = token
        self._emit(TokenEntered(team=team, hole=hole, token=token))
        if not self.tokens_to_enter:
            self._pay(team)

    def _act_open_token(self, action: Action) -> None:
        hole, token = action.hole, action.token
        if (
            isinstance(hole, bool)
            or not isinstance(hole, int)
            or not self.tokens_to_open >> hole & 1
        ):
            raise IllegalAction(why("no token to open there now: {hole}", hole=repr(hole)))
        _check_token_value(token, IllegalAction)
        assert token is not None
        found = self.piece_at(hole)
        assert found is not None
        team, known = found[0], self.tokens[hole]
        if known == SEALED and token in self.hands[team]:
            self.hands[team] = _without(self.hands[team], token)
            self.tokens[hole] = token
        elif known != token:
            # the unused tokens stay secret: the error names only the opening
            raise IllegalAction(
                why(
                    "team {team} holds no further unused token {token} for {where}: the opening "
                    "is refused",
                    team=team,
                    token=repr(token),
                    where=name(hole, self.layout),
                )
            )
        self.opened.add(hole)
        self._emit(TokenOpened(team=team, hole=hole, token=token))
        if self.tokens_to_open:
            return
        if self.finish_after is not None:
            winner, reason = self.finish_after
            self.finish_after = None
            self._finish(winner, reason)
        elif self.game_value is None:
            assert self.scoring_team is not None
            self._pay(self.scoring_team)

    # ----------------------------------------------------------------- state

    def next_game_options(self) -> dict[str, Any]:
        """The same options with this game's ledger carried over (and a fresh deal)."""
        options = super().next_game_options()
        options["ledger"] = list(self.ledger)
        if options.get("deal") is not None:
            options["deal"] = None
        return options

    def to_json(self, reveal_pending: bool = False, view_team: int | None = None) -> dict[str, Any]:
        """The state: token values only of ``view_team``'s Men (and of the paid line)."""
        if view_team is not None and view_team not in range(self.teams):
            raise IllegalAction(
                why(
                    "no team {team}: teams are 0..{last}", team=repr(view_team), last=self.teams - 1
                )
            )
        state = super().to_json(reveal_pending, view_team)
        shown = self._shown_values()
        state["token_holes"] = {
            name(hole, self.layout): (
                value
                if value != SEALED
                and (hole in shown or (self._team_of(hole) == view_team and view_team is not None))
                else None
            )
            for hole, value in sorted(self.tokens.items())
        }
        state["tokens_left"] = [
            len(hand) - len(self._sealed(team)) for team, hand in enumerate(self.hands)
        ]
        if view_team is not None:
            state["view_team"] = view_team
            state["hand"] = list(self.hands[view_team])
            state["dealt"] = list(self.dealt[view_team])
        return state

    def _team_of(self, hole: Hole) -> int | None:
        found = self.piece_at(hole)
        return None if found is None else found[0]

    def _shown_values(self) -> dict[Hole, int]:
        if self.game_value is None:
            return {}
        return {
            hole: self.man_value(hole) for line in self.score_lines for hole in scan_forward(line)
        }

    def _json_extra(self) -> dict[str, Any]:
        paid: dict[str, Any] | None = None
        if self.game_value is not None:
            paid = {
                "team": self.scoring_team,
                "value": self.game_value,
                "line": self._names(self.paid_line),
                "men": {
                    name(h, self.layout): self.man_value(h) for h in scan_forward(self.paid_line)
                },
            }
        return {
            "ledger": list(self.ledger),
            "token_mode": self.pay_options.token_mode,
            "game_value": paid,
        }
