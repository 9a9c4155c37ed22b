"""Qubic, 3-D Tic Tac Toe: any empty hole; PENALTY asks for a block; the proof that the first
player wins, from any position (``engine.players.qubic_proof_view``)."""

from __future__ import annotations

from importlib.resources import files

from controller.games.spec import GameSpec, ProofReply, ProofSays, rung
from controller.i18n import N_
from engine.game import Game, Phase
from engine.players.qubic_proof_view import proof_view
from engine.qubic import Qubic


def proof(game: Game) -> ProofSays | None:
    """What the proof says from ``game``'s position: the team that placed first (X: the one to
    move when both have as many Men, else the one with more) wins, while the game goes on and X
    has kept to the proof."""
    if game.phase == Phase.GAME_OVER or game.teams != 2:
        return None
    mover = game.team_of_seat[game.to_move]
    mine = game.pieces(mover)
    theirs = game.occupied & ~mine
    x_to_move = mine.bit_count() == theirs.bit_count()
    first = mover if x_to_move else 1 - mover
    x, o = (mine, theirs) if x_to_move else (theirs, mine)
    view = proof_view(x, o, x_to_move=x_to_move)
    if view is None:
        return None
    name = game.naming.name
    return ProofSays(
        team=first,
        plies=view.plies,
        move=None if view.move is None else name(view.move),
        replies=[ProofReply(name(hole), plies) for hole, plies in view.replies],
    )


SPEC = GameSpec(
    Qubic,
    title=N_("3-D Tic Tac Toe"),
    choice=N_("3-D Tic Tac Toe (Qubic)"),
    levels=(
        (N_("Wins and blocks, but overlooks either a third of the time"), []),
        (
            N_("Short forcing wins, three placements ahead; misses a win or block 1 in 10"),
            [rung(90.0, 82.6, 94.5, 100, "first"), rung(71.0, 64.4, 76.8, 200, "second")],
        ),
        (
            N_("Finds forcing wins of up to 16 threats (the default)"),
            [rung(100.0, 96.3, 100, 100, "first"), rung(61.3, 54.3, 67.7, 200, "second")],
        ),
        (
            N_("Forcing wins of up to 20 threats; once lost, holds out longest"),
            [rung(95.0, 88.8, 97.8, 100, "first"), rung(64.2, 57.4, 70.6, 200, "second")],
        ),
        (
            N_(
                "The most positions; as first player the proven book's move where the book "
                "holds the position; as second, five placements ahead"
            ),
            [rung(100.0, 96.3, 100, 100, "first"), rung(74.0, 67.5, 79.6, 200, "second")],
        ),
    ),
    page=files("controller") / "server" / "web" / "qubic.js",
    style=files("controller") / "server" / "web" / "qubic.css",
    carried=True,
    proof=proof,
    penalty_asks_block=True,
)
