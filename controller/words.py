"""What the controller says to people, in the board's language (``controller.i18n``): each
board's own words, the line of what happens now, and what to fix.

>>> board_words("flix").where(3, every_empty=False)
'one of the 3 lit holes'
>>> board_words("flix").view().pieces
'Men'
>>> board_words("flix", language("de")).where(3, every_empty=False)
'eines der 3 leuchtenden Löcher'
"""

from __future__ import annotations

import msgspec

from controller.config import Config
from controller.i18n import N_, Language, language
from controller.reconcile import Mismatch
from controller.wire import Typed
from engine.bitboard import Bitboard, popcount, scan_forward
from engine.game import Game, Phase
from engine.grid import Nouns
from engine.holes import Naming
from engine.variants import GRIDS
from hal.base import FLIX_GEOMETRY, BoardReading, Piece


class LanguageView(Typed):
    """The board's words and sentences in one language (the state's ``languages``)."""

    message: str
    fix: list[str]
    health: list[str]
    words: Nouns


class BoardWords(Nouns, frozen=True):
    """How people name a board's places and pieces (``engine.grid.Nouns``: Men in holes,
    pieces on squares, counters on cells), in ``say``'s language, which speaks the sentences
    made of them."""

    say: Language = language("en")

    def where(self, lit: int, *, every_empty: bool) -> str:
        """The places a piece may go: every empty one, the lit one, or one of ``lit``."""
        gettext = self.say.gettext
        if every_empty:
            return gettext("any empty {place}").format(place=self.place)
        if lit == 1:
            return gettext("the lit {place}").format(place=self.place)
        return gettext("one of the {lit} lit {places}").format(lit=lit, places=self.places)

    def in_language(self, say: Language) -> BoardWords:
        """These words in ``say``'s language."""
        nouns = ((name, getattr(self, name)) for name in Nouns.__struct_fields__)
        said = {name: say.gettext(noun) for name, noun in nouns if noun}
        return msgspec.structs.replace(self, say=say, **said)

    def view(self) -> Nouns:
        """As the state and ``GET /api/info`` carry it."""
        return Nouns(*msgspec.structs.astuple(self)[: len(Nouns.__struct_fields__)])


SPACEBOARD = Nouns(
    N_("hole"),
    N_("holes"),
    N_("in"),
    N_("Man"),
    N_("Men"),
    N_("a Man"),
    N_("the Man"),
    N_("Lines scored"),
)
"""The spaceboard's words (a flat board's are in its declaration, ``engine.variants.GRIDS``)."""


def board_words(geometry: str, say: Language | None = None) -> BoardWords:
    """The words of the board ``geometry`` (``flix`` or a grid's key) in ``say``'s language,
    English by default."""
    nouns = SPACEBOARD if geometry == FLIX_GEOMETRY.key else GRIDS[geometry].nouns
    return BoardWords(*msgspec.structs.astuple(nouns)).in_language(say or language("en"))


def piece_name(piece: str, words: BoardWords) -> str:
    """An engine piece (``man``, ``burocrat``) as people name it on this board."""
    return words.say.gettext("Burocrat") if piece == "burocrat" else words.piece


def the_piece(piece: str, words: BoardWords) -> str:
    """``the Man``, ``the Burocrat``: an engine piece as the object of a sentence."""
    return words.say.gettext("the Burocrat") if piece == "burocrat" else words.the_piece


def fix_sentences(
    mismatch: Mismatch,
    game: Game,
    sensed: BoardReading,
    team_names: tuple[str, ...],
    say: Language | None = None,
    *,
    copies: Bitboard = 0,
) -> list[str]:
    """What a hand must do, one sentence per hole or groove; ``copies``: the holes the other
    board's moves filled (remote play), whose piece was never on this board."""
    naming = game.naming
    board = board_words(game.geometry, say or language("en"))
    gettext = board.say.gettext
    team_names = tuple(gettext(name) for name in team_names)
    words = [problem.words(board.say) for problem in mismatch.grooves]
    for hole in scan_forward(mismatch.extra):
        kind = "burocrat" if sensed.holes[hole] is Piece.BUROCRAT else "man"
        words.append(
            gettext("Lift {the_piece} from {hole}").format(
                the_piece=the_piece(kind, board), hole=naming.name(hole)
            )
        )
    for hole in scan_forward(mismatch.missing):
        team, piece = game.piece_at(hole) or (0, "man")
        put = (
            gettext("Put a {team} {piece} on {hole}: the other board's move")
            if copies >> hole & 1
            else gettext("Put the {team} {piece} back on {hole}")
        )
        words.append(
            put.format(
                team=team_names[team], piece=piece_name(piece, board), hole=naming.name(hole)
            )
        )
    for hole in scan_forward(mismatch.wrong_kind):
        team, piece = game.piece_at(hole) or (0, "man")
        words.append(
            gettext("Swap the piece on {hole} for the {team} {piece}").format(
                hole=naming.name(hole), team=team_names[team], piece=piece_name(piece, board)
            )
        )
    return words


class GrooveProblem(Typed):
    groove: int
    expected: str
    found: str | None


class MismatchView(Typed):
    """The settled board against the game: hole names and groove problems."""

    missing: list[str]
    extra: list[str]
    wrong_kind: list[str]
    grooves: list[GrooveProblem]


def mismatch_view(mismatch: Mismatch, naming: Naming) -> MismatchView:
    """The mismatch as the state and the events show it: hole names and groove problems."""
    return MismatchView(
        missing=[naming.name(h) for h in scan_forward(mismatch.missing)],
        extra=[naming.name(h) for h in scan_forward(mismatch.extra)],
        wrong_kind=[naming.name(h) for h in scan_forward(mismatch.wrong_kind)],
        grooves=[GrooveProblem(p.groove, p.expected, p.found) for p in mismatch.grooves],
    )


def message(
    game: Game,
    config: Config,
    *,
    phase: Phase,
    connected: bool,
    clearing: bool,
    ready: bool = False,
    fix: list[str],
    variant_words: str | None,
    say: Language | None = None,
) -> str:
    """One line for people: what happens now (``variant_words``: the flow's line, if any), in
    ``say``'s language (English by default)."""
    board = board_words(game.geometry, say or language("en"))
    gettext = board.say.gettext
    names = tuple(gettext(name) for name in config.game.team_names)
    mover = gettext("{team} (player {number})").format(
        team=names[game.team_of_seat[game.to_move]], number=game.to_move + 1
    )
    if not connected:
        return gettext("Board disconnected — searching for the board. The game waits where it was.")
    if variant_words is not None and phase != Phase.AWAIT_FIX:
        return variant_words
    if game.game_over:
        if game.winner is None:
            result = gettext("Draw.")
        else:
            result = gettext("{team} wins!").format(team=names[game.winner])
        return after_game(result, game, clearing=clearing, ready=ready, say=board.say)
    if phase == Phase.AWAIT_FIX:
        if fix:
            return gettext("Fix the board: {fix}.").format(fix="; ".join(fix))
        return gettext("The board does not match the game: see the blinking {places}.").format(
            places=board.places
        )
    if game.phase == Phase.AWAIT_CALLS:
        return gettext(
            "Nobody can place {a_piece}: call FLIX for a line of yours, or PENALTY."
        ).format(a_piece=board.a_piece)
    if game.phase == Phase.AWAIT_ROLL:
        extra = ""
        if game.free_throws:
            extra = gettext(" ({count} free throws left)").format(count=game.free_throws)
        if config.game.dice == "physical":
            return gettext("{mover}: throw the dice and enter the faces{extra}.").format(
                mover=mover, extra=extra
            )
        return gettext("{mover}: press ROLL{extra}.").format(mover=mover, extra=extra)
    return gettext("{mover}: place {a_piece} {into} {where}.").format(
        mover=mover, a_piece=board.a_piece, into=board.into, where=where_to_place(game, board)
    )


def after_game(
    result: str, game: Game, *, clearing: bool, ready: bool, say: Language | None = None
) -> str:
    """A finished game's ``result`` and, once its win has flashed, how the next game starts:
    the board emptied, then asked for (MENU, the page's Next game; README "After a game"), in
    ``say``'s language (English by default)."""
    board = board_words(game.geometry, say or language("en"))
    gettext = board.say.gettext
    if ready:
        return gettext("{result} Press MENU or Next game to play the next game.").format(
            result=result
        )
    if clearing:
        return gettext(
            "{result} Lift every {piece} off the board, then press MENU or Next game."
        ).format(result=result, piece=board.piece)
    return result


def where_to_place(game: Game, board: BoardWords | None = None) -> str:
    """The places a piece may go in, in words: every empty one only when all are allowed."""
    every_empty = game.allowed == game.board_mask & ~game.occupied
    words = board or board_words(game.geometry)
    return words.where(popcount(game.allowed), every_empty=every_empty)
