"""What the proof of Qubic says from a position: X wins in N plies, X's move that does it, and
the defender's replies that hold out longest.

N counts the plies (both sides' placements) until X's four when X follows the proof (the book's
move where the book holds the position, else its shortest forcing win: each move a three, each
reply forced) and O the reply that lasts longest. It is the proof's own bound: X may have a
shorter win that the proof does not take. The book stores N for each of its rows and the three
replies to its move that hold out longest (``Book.plies``, ``Book.replies``, written by
``python -m bench.qubic_plies``), so that a position a book move made costs look-ups; any other
position costs one forcing search a reply (few: after a forcing move only the block holds).

>>> from engine.holes import name, parse
>>> x = sum(1 << parse(h) for h in ("R-I-S", "R-I-H", "R-II-S", "R-III-S"))
>>> o = sum(1 << parse(h) for h in ("B-IV-C", "G-IV-C", "Y-IV-C", "B-III-C"))
>>> view = proof_view(x, o, x_to_move=True)
>>> view.plies, name(view.move)
(1, 'R-IV-S')

O to move with X's three open has one reply that holds out, the block; X then wins by threats:

>>> view = proof_view(x | 1 << parse("R-II-H"), o | 1 << parse("Y-III-C"), x_to_move=False)
>>> view.plies, [(name(hole), plies) for hole, plies in view.replies]
(8, [('R-IV-S', 8)])
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bitboard import BB_ALL, Bitboard
from engine.players.qubic_proof import Book, committed_book
from engine.players.qubic_threats import ForcingSearch, completing, forcing_win
from engine.symmetry import INVERSES

FORCING_MOVES = 24
"""The longest forcing win looked for between book rows (the independent checker's bound)."""
FORCING_NODES = 100_000
"""The forcing search's node limit for one position (the checker's)."""
SHOWN_REPLIES = 3
"""The defender's longest-holding replies a view names."""


@dataclass(frozen=True)
class ProofView:
    """X wins in ``plies`` from the position; X to move: ``move`` does it; O to move:
    ``replies``, the ones that hold out longest (hole, plies to X's four after it), longest
    first."""

    plies: int
    move: int | None
    replies: tuple[tuple[int, int], ...] = ()


def proof_view(
    x: Bitboard, o: Bitboard, *, x_to_move: bool, book: Book | None = None
) -> ProofView | None:
    """What the proof says from ``(x, o)`` (X the first player), or ``None`` when the position
    is outside it (O has a four or may make one, or X left the proof's moves)."""
    book = committed_book() if book is None else book
    if x & o:
        return None
    if x_to_move:
        found = x_plies(x, o, book)
        return None if found is None else ProofView(found[1], found[0])
    known = _after_book_move(x, o, book)
    if known is not None:
        return known
    replies = []
    for hole in _replies(x, o):
        after = x_plies(x, o | 1 << hole, book)
        if after is None:
            return None
        replies.append((hole, 1 + after[1]))
    if not replies:
        return None
    replies.sort(key=lambda reply: (-reply[1], reply[0]))
    return ProofView(replies[0][1], None, tuple(replies[:SHOWN_REPLIES]))


def x_plies(x: Bitboard, o: Bitboard, book: Book) -> tuple[int, int] | None:
    """X's move and the plies to its four from ``(x, o)``, X to move, following the proof
    (``None``: outside it, or a book row whose plies the book does not hold)."""
    fours = completing(x, o)
    if fours:
        return (fours & -fours).bit_length() - 1, 1
    if completing(o, x) & (completing(o, x) - 1):
        return None  # two threes of O: no block saves X's proof
    move = book.move(x, o)
    if move is not None:
        plies = book.plies_of(x, o)
        return None if plies is None else (move, plies)
    win = shortest_win(x, o)
    return None if win is None else (win[0], 2 * win[1] - 1)


def shortest_win(x: Bitboard, o: Bitboard) -> tuple[int, int] | None:
    """X's first move and the number of its moves (the four included) of its shortest forcing
    win from ``(x, o)``, X to move, up to :data:`FORCING_MOVES`; ``None`` if none is found."""
    state = ForcingSearch(FORCING_NODES)
    for moves in range(2, FORCING_MOVES + 1):
        win = forcing_win(x, o, state, moves)
        if win.moves:
            return win.first, win.moves
        if state.spent():
            return None
    return None


def _after_book_move(x: Bitboard, o: Bitboard, book: Book) -> ProofView | None:
    """The view from ``(x, o)``, O to move, when X's last move was a book row's: the row's
    plies and its longest replies, as the book stores them (``None``: no such row)."""
    pieces = x
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        found = book.row_key(x ^ low, o)
        if found is None:
            continue
        key, turn = found
        back = INVERSES[turn]
        if back[book.entries[key][2]] != low.bit_length() - 1:
            continue
        if key not in book.plies or key not in book.replies:
            return None
        replies = tuple((back[hole], plies) for hole, plies in book.replies[key])
        return ProofView(book.plies[key] - 1, None, replies)
    return None


def _replies(x: Bitboard, o: Bitboard) -> list[int]:
    """O's replies worth a look: the block of X's three, else every empty hole."""
    holes = completing(x, o) or ~(x | o) & BB_ALL
    found = []
    while holes:
        low = holes & -holes
        holes ^= low
        found.append(low.bit_length() - 1)
    return found
