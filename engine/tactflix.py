"""Tac-T-Flix (RULES.md §3, §6): Burocrats, free plays, substitution and withdrawal.

Each team's Burocrats start with its opponent (3 teams: the team on its left, or with the option
``burocrat_handing="right"`` the team on its right; RULES.md §6 leaves it an assumption), and a
won-back Burocrat comes from that team. A Flix-line is four pieces of one team, Men and/or
Burocrats. Each scored line wins one Burocrat back and gives the player a free play; a free play
that scores earns more. When the chain ends the player seats
every won-back Burocrat in place of a Man of the lines completed this turn (each line getting at
least one: phase ``substitute``, action ``substitute(hole)``), then lifts all the team's Men of
those lines (phase ``withdraw``, action ``withdraw(hole)``). Burocrats are never removed. A team
wins with a Buroline (four of its Burocrats in a line) or its 8th scored line.

>>> from engine.variants import new_game
>>> game = new_game("tactflix", options={"auto_call": True})
>>> for hole in ["R-I-S", "B-IV-S", "R-I-H", "B-IV-H", "R-I-D", "B-IV-D"]:
...     _ = game.place(hole)
>>> [e.type for e in game.place("R-I-C")]
['place', 'scored', 'burocrats_won', 'turn']
>>> game.free_plays, game.burocrat_supply[0], game.held[0]
(1, 1, 7)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.bitboard import BB_ALL, Bitboard, bit, scan_forward
from engine.errors import IllegalAction, IllegalPlacement, SettingError
from engine.events import (
    BurocratsWon,
    Buroline,
    Event,
    FreePlay,
    FreePlaysLost,
    Substituted,
    Turn,
    Withdrawn,
)
from engine.game import BUROCRAT, Action, Game, Options, Phase, player
from engine.holes import Hole, name, parse
from engine.lines import LINES_THROUGH
from engine.phrase import N_, why

SUBSTITUTE = "substitute"
"""The player seats each won-back Burocrat in place of a Man of the lines completed this turn."""
WITHDRAW = "withdraw"
"""The player lifts the team's Men of the lines completed this turn back to supply."""
HANDINGS: tuple[str, str] = ("left", "right")
"""Where a team's Burocrats go with 3 teams: to the team on its left or on its right."""


SEATING = (
    N_("cannot seat a Burocrat now (phase {phase})"),
    N_("cannot seat a Burocrat at {where}; allowed: {allowed}"),
)
"""The refusals of a substitution at the wrong moment and in a hole not allowed."""
WITHDRAWING = (
    N_("cannot withdraw now (phase {phase})"),
    N_("cannot withdraw at {where}; allowed: {allowed}"),
)
"""The refusals of a withdrawal at the wrong moment and from a hole not allowed."""


@dataclass(frozen=True)
class TacTFlixOptions(Options):
    """Tac-T-Flix settings: ``burocrat_handing`` (``left`` | ``right``), the team that holds a
    team's Burocrats when 3 teams play (with 2 teams both mean the opponent)."""

    burocrat_handing: str = "left"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.burocrat_handing, str) or self.burocrat_handing not in HANDINGS:
            raise SettingError(
                f"burocrat_handing must be 'left' or 'right': {self.burocrat_handing!r}"
            )


def _coverable(lines: list[Bitboard], men: Bitboard, burocrats: int) -> bool:
    """Whether ``burocrats`` substitutions on ``men`` can put one in every line of ``lines``."""
    if not lines:
        return True
    if burocrats <= 0:
        return False
    for hole in scan_forward(lines[0] & men):
        rest = [line for line in lines[1:] if not line >> hole & 1]
        if _coverable(rest, men & ~bit(hole), burocrats - 1):
            return True
    return False


class TacTFlix(Game):
    """Tac-T-Flix. State beyond :class:`Game`: ``held`` (per team, its Burocrats held by
    :meth:`holder`), ``burocrat_supply`` (won back, waiting to be seated), and the scoring turn:
    ``seq_team`` / ``seq_seat`` (who scores and plays), ``resume_seat`` (who moves after it),
    ``free_plays`` (left), ``turn_lines`` (scored this turn), ``seated`` (Burocrats seated this
    turn), ``buroline`` (the winning Buroline)."""

    variant: ClassVar[str] = "tactflix"
    rank: ClassVar[int] = 4
    uses_calls: ClassVar[bool] = True
    uses_burocrats: ClassVar[bool] = True
    options_class: ClassVar[type[Options]] = TacTFlixOptions
    _state_fields: ClassVar[tuple[str, ...]] = (
        *Game._state_fields,
        "held",
        "seq_team",
        "seq_seat",
        "resume_seat",
        "free_plays",
        "turn_lines",
        "seated",
        "line_seat",
        "buroline",
    )

    def _init_state(self) -> None:
        count = self.options.burocrats_per_team
        if count < 1:
            raise SettingError(f"Tac-T-Flix needs at least 1 Burocrat per team, not {count}")
        self.held: list[int] = [count] * self.teams
        self.burocrat_supply = [0] * self.teams
        self.seq_team: int | None = None
        self.seq_seat: int = 0
        self.resume_seat: int = 0
        self.free_plays: int = 0
        self.turn_lines: list[Bitboard] = []
        self.seated: Bitboard = 0
        self.line_seat: dict[Bitboard, int] = {}
        self.buroline: Bitboard = 0
        self._placing = False

    @property
    def lines_to_win(self) -> int:
        """Scored lines that win: one per Burocrat (8 by default: all won back)."""
        return self.options.burocrats_per_team

    def holder(self, team: int) -> int:
        """The team holding ``team``'s Burocrats: its opponent (3 teams: the team on its left, or
        on its right with ``burocrat_handing="right"``)."""
        assert isinstance(self.options, TacTFlixOptions)
        step = 1 if self.options.burocrat_handing == "left" else -1
        return (team + step) % self.teams

    def lines_scored(self, team: int) -> int:
        """How many lines ``team`` has scored."""
        return sum(1 for owner, _ in self.scored_lines if owner == team)

    @property
    def turn_union(self) -> Bitboard:
        """Every hole of the lines scored this turn."""
        union = 0
        for line in self.turn_lines:
            union |= line
        return union

    # ----------------------------------------------------------------- placing and scoring

    def _check_piece(self, seat: int, team: int, hole: Hole, piece: str, token: int | None) -> None:
        if piece == BUROCRAT:
            raise IllegalPlacement(
                why(
                    "a Burocrat is seated only in place of a Man after a scored line, not placed "
                    "at {where}",
                    where=name(hole, self.layout),
                )
            )
        super()._check_piece(seat, team, hole, piece, token)

    def _after_place(self, seat: int, team: int, hole: Hole, at: float) -> None:
        if self.seq_team is not None:
            self.free_plays -= 1
            self._emit(FreePlay(seat=seat, team=team, hole=hole, left=self.free_plays))
        own = self._line_pieces(team)
        for line in LINES_THROUGH[hole]:
            if own & line == line:
                self.line_seat[line] = seat
        self._placing = True
        try:
            super()._after_place(seat, team, hole, at)
        finally:
            self._placing = False

    def _on_scored(self, seat: int, team: int, lines: list[Bitboard]) -> None:
        player = self.line_seat.get(lines[-1], seat)
        won = min(len(lines), self.held[team])
        self.held[team] -= won
        self.burocrat_supply[team] += won
        self._emit(
            BurocratsWon(team=team, count=won, held=self.held[team], holder=self.holder(team))
        )
        if self.lines_scored(team) >= self.lines_to_win:
            self._finish(team, "lines")
            return
        if self.seq_team is None:
            self.seq_team = team
            self.seq_seat = player
            if self._placing:
                self.resume_seat = self.next_seat(player)
            elif self.phase == Phase.AWAIT_CALLS:
                self.resume_seat = self.due_seat
            else:
                self.resume_seat = self.to_move
            self.turn_lines = []
            self.seated = 0
        self.turn_lines = [*self.turn_lines, *lines]
        self.free_plays += len(lines)
        if not self._placing:
            self._continue_turn()

    def _act_call(self, action: Action) -> None:
        seat = self._seat(action.seat)
        team = self.team_of_seat[seat]
        # Refused whether or not the team has a line pending: refusing only then would tell
        # every other team that it has one (RULES.md §3: a pending line is never revealed).
        if self.seq_team is not None and team != self.seq_team:
            raise IllegalAction(
                why(
                    "team {team} is finishing its scoring turn: {player} may call FLIX once it "
                    "ends",
                    team=self.seq_team,
                    player=player(seat),
                )
            )
        super()._act_call(action)

    def _act_penalty(self, action: Action) -> None:
        super()._act_penalty(action)
        self._after_removal()

    def _after_removal(self) -> None:
        """A penalty may take Men the scoring turn still had to replace or withdraw: when none
        are left, that step is over (the turn must never wait for a Man that is gone)."""
        team = self.seq_team
        if team is None:
            return
        if self.phase == SUBSTITUTE and (
            self.burocrat_supply[team] == 0 or not self.men[team] & self.turn_union
        ):
            self._begin_withdrawal()
        elif self.phase == WITHDRAW and not self.to_withdraw:
            self._end_turn()

    def _end_placement(self, seat: int) -> None:
        if self.seq_team is None:
            super()._end_placement(seat)
        else:
            self._continue_turn()

    def _continue_turn(self) -> None:
        """Within a scoring turn: the next free play, else substitution."""
        team = self.seq_team
        assert team is not None
        seat = self.seq_seat
        if self.free_plays > 0 and (self.supply[team] == 0 or self.occupied == BB_ALL):
            reason = N_("no Men in supply") if self.supply[team] == 0 else N_("board full")
            self._emit(FreePlaysLost(seat=seat, team=team, lost=self.free_plays, reason=reason))
            self.free_plays = 0
        if self.free_plays > 0:
            self.to_move = seat
            self.phase = Phase.AWAIT_PLACE
            self.reach = BB_ALL
            self._emit(
                Turn(seat=seat, phase=str(self.phase), free_throws=0, free_plays=self.free_plays)
            )
        else:
            self._begin_substitution()

    # ----------------------------------------------------------------- substitution

    def _begin_substitution(self) -> None:
        team = self.seq_team
        assert team is not None
        self.to_move = self.seq_seat
        self.reach = 0
        if self.burocrat_supply[team] > 0 and self.men[team] & self.turn_union:
            self.phase = SUBSTITUTE
            self._emit(
                Turn(
                    seat=self.seq_seat,
                    phase=SUBSTITUTE,
                    free_throws=0,
                    burocrats=self.burocrat_supply[team],
                )
            )
        else:
            self._begin_withdrawal()

    @property
    def substitutable(self) -> Bitboard:
        """The Men that may take a Burocrat now, keeping every line of this turn coverable."""
        if self.phase != SUBSTITUTE or self.seq_team is None:
            return 0
        team = self.seq_team
        men = self.men[team] & self.turn_union
        left = self.burocrat_supply[team]
        uncovered = [line for line in self.turn_lines if not line & self.seated and line & men]
        fits = 0
        for hole in scan_forward(men):
            rest = [line for line in uncovered if not line >> hole & 1]
            if _coverable(rest, men & ~bit(hole), left - 1):
                fits |= bit(hole)
        return fits or men

    def read_move(self, text: str, token: int | None = None) -> Action | None:
        """In the substitution and withdrawal steps a hole names the Man replaced or withdrawn."""
        if self.phase == SUBSTITUTE:
            return Action("substitute", hole=self._index(text), token=token)
        if self.phase == WITHDRAW:
            return Action("withdraw", hole=self._index(text), token=token)
        return None

    def substitute(self, hole: Hole | str) -> list[Event]:
        """Lift the team's Man from ``hole`` (back to supply) and seat a won-back Burocrat."""
        return self.apply(Action("substitute", hole=self._index(hole)))

    def _act_substitute(self, action: Action) -> None:
        hole = self._allowed_hole(action, SUBSTITUTE, self.substitutable, SEATING)
        team = self.seq_team
        assert team is not None
        mask = bit(hole)
        self.men[team] &= ~mask
        self.supply[team] += 1
        self.burocrats[team] |= mask
        self.burocrat_supply[team] -= 1
        self.seated |= mask
        self._emit(Substituted(seat=self.seq_seat, team=team, hole=hole))
        for line in LINES_THROUGH[hole]:
            if self.burocrats[team] & line == line:
                self.buroline = line
                self._emit(Buroline(team=team, line=line))
                self._finish(team, "buroline")
                return
        if self.burocrat_supply[team] == 0 or not self.men[team] & self.turn_union:
            self._begin_withdrawal()

    # ----------------------------------------------------------------- withdrawal

    @property
    def to_withdraw(self) -> Bitboard:
        """The team's Men still in the lines of this turn (withdrawal phase only)."""
        if self.phase != WITHDRAW or self.seq_team is None:
            return 0
        return self.men[self.seq_team] & self.turn_union

    def _begin_withdrawal(self) -> None:
        team = self.seq_team
        assert team is not None
        if self.men[team] & self.turn_union:
            self.phase = WITHDRAW
            self._emit(Turn(seat=self.seq_seat, phase=WITHDRAW, free_throws=0))
        else:
            self._end_turn()

    def withdraw(self, hole: Hole | str) -> list[Event]:
        """Lift the team's Man from ``hole`` (a line of this turn) back to supply."""
        return self.apply(Action("withdraw", hole=self._index(hole)))

    def _act_withdraw(self, action: Action) -> None:
        hole = self._allowed_hole(action, WITHDRAW, self.to_withdraw, WITHDRAWING)
        team = self.seq_team
        assert team is not None
        self._remove_men(team, bit(hole))
        self._emit(Withdrawn(seat=self.seq_seat, team=team, hole=hole))
        self._drop_broken_lines()
        if not self.to_withdraw:
            self._end_turn()

    def _end_turn(self) -> None:
        resume = self.resume_seat
        self.seq_team = None
        self.free_plays = 0
        self.turn_lines = []
        self.seated = 0
        self._start_turn(resume)

    def _allowed_hole(
        self, action: Action, phase: str, mask: Bitboard, refusals: tuple[str, str]
    ) -> Hole:
        """The hole of ``action`` in ``phase``, one of ``mask``; ``refusals``: the messages of
        the wrong moment (``{phase}``) and of a hole not allowed (``{where}``, ``{allowed}``)."""
        not_now, not_there = refusals
        if self.phase != phase:
            raise IllegalAction(why(not_now, phase=self.phase))
        hole = action.hole
        if isinstance(hole, bool) or not isinstance(hole, int) or not 0 <= hole < 64:
            raise IllegalAction(why("not a hole: {hole}", hole=repr(hole)))
        if not mask >> hole & 1:
            raise IllegalAction(
                why(
                    not_there,
                    where=name(hole, self.layout),
                    allowed=" ".join(self._names(mask)),
                )
            )
        return hole

    def _index(self, hole: Hole | str) -> Hole:
        return parse(hole, self.layout) if isinstance(hole, str) else hole

    def _act_resign(self, action: Action) -> None:
        seat = self._seat(action.seat)
        if self.seq_team == self.team_of_seat[seat]:
            self.seq_team = None
            self.free_plays = 0
            self.turn_lines = []
            self.seated = 0
        super()._act_resign(action)

    # ----------------------------------------------------------------- state

    @property
    def allowed(self) -> Bitboard:
        """Placing: the empty holes; substituting / withdrawing: the Men to act on."""
        if self.phase == SUBSTITUTE:
            return self.substitutable
        if self.phase == WITHDRAW:
            return self.to_withdraw
        return super().allowed

    def _json_extra(self) -> dict[str, Any]:
        return {
            "free_plays": self.free_plays,
            "burocrats_held": list(self.held),
            "burocrats_in_hand": list(self.burocrat_supply),
            "burocrat_holder": [self.holder(team) for team in range(self.teams)],
            "lines_scored": [self.lines_scored(team) for team in range(self.teams)],
            "lines_to_win": self.lines_to_win,
            "turn_lines": [self._names(line) for line in self.turn_lines],
            "buroline": self._names(self.buroline) if self.buroline else None,
        }
