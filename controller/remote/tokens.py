"""Hidden tokens in remote play (``GameSpec.hidden``, Pay-Off's): which Man carries which token
stays with its owner.

Digital token mode is played with the tokens committed and opened
(``controller.remote.sealed_tokens``): a token chosen for a placement stays on its owner's board,
the other boards receive its commitment, and its opening when the rules reveal it. Physical token
mode: a placement carries no token on either board (the token rides in the real Man, which no
board reads); when a line scores, the scoring seat's board enters the tokens of its Men
(``enter_token``: the host's seat on the host, the guest's as an order), each a log entry both
boards check against the dealt hand. What a game's tokens are, how they are dealt and which
options remote play needs, the game's spec says (``controller.games.spec.HiddenTokens``).

The deal travels in the game's option ``deal``, with the shares it follows from (``fair_deal``):
a remote game with hidden tokens is dealt by neither board alone, and every board checks its
deal. The hands are no secret between the boards (the set is known: each board's hands are the
complement of the other's); with three teams, one board seats two of them, and the other
board's program learns how that board's tokens split between them, as a single board's
program knows every hand. Which Man carries which token stays with its owner.

>>> print(refusal("payoff", {"token_mode": "digital"}))  # doctest: +ELLIPSIS
remote Pay-Off in digital token mode commits each token and opens it at its reveal: start it ...
>>> refusal("payoff", {"token_mode": "digital", "openings": True}) is None
True
>>> refusal("payoff", {"token_mode": "physical"}) is None
True
>>> refusal("qubic", {}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping

from controller.core.game_log import start
from controller.game_data import DealOrigin, NewGameData
from controller.games import games
from controller.games.spec import HiddenTokens
from controller.remote import fair_deal
from controller.remote.messages import DealProof, LogEntry, NewGame
from engine.errors import FlixError, IllegalAction
from engine.game import Game
from engine.phrase import N_, Phrase, why

DEAL = "deal"
"""The option of a game with hidden tokens that fixes its deal: one token list per team."""
DEAL_REFUSED = N_(
    "the host's deal is refused ({reason}): this board refuses the game and follows it no further"
)


def hidden(variant: str) -> HiddenTokens | None:
    """The hidden tokens of the game ``variant`` (``None``: a game without, or no such game)."""
    spec = games().get(variant)
    return None if spec is None else spec.hidden


def refusal(variant: str, options: Mapping[str, object]) -> Phrase | None:
    """Why a hosted board does not start this game (``None``: it may; any number of teams)."""
    tokens = hidden(variant)
    return None if tokens is None else tokens.refusal(options)


def hosting_refusal(game: Game) -> Phrase | None:
    """Why a running game is not hosted: tokens attached at this one board already, in digital
    token mode (the other board's team would have shown its tokens here)."""
    tokens = hidden(game.variant)
    return None if tokens is None else tokens.attached(game)


def game_refusal(entry: NewGameData) -> Phrase | None:
    """``refusal`` of a ``new_game`` entry."""
    return refusal(entry["variant"], entry["options"])


def with_deal(public: NewGame, entry: NewGameData) -> NewGame:
    """What the other side learns of a game's start (``public``), with a deal of hidden tokens
    (one hand per team, so that both boards check the entered tokens alike) and the shares it
    follows from (none: a game dealt at one board, before it was hosted)."""
    tokens = hidden(entry["variant"])
    if tokens is None:
        return public
    deal = tokens.dealt(start(entry))
    origin = entry.get("dealt")
    proof = None
    if origin is not None:
        proof = DealProof(origin["after"], origin["host"], origin.get("guest"))
    return NewGame(public.variant, public.players, {**public.options, DEAL: deal}, proof)


def _undealt(variant: str, players: int, options: Mapping[str, object]) -> Game:
    """A game of these options (any deal left out): its token set and its teams."""
    undealt = {key: value for key, value in options.items() if key != DEAL}
    return start({"variant": variant, "players": players, "seed": 0, "options": undealt})


def dealt(
    entry: NewGameData, game_id: str, after: int, host: bytes, guest: bytes | None
) -> NewGameData:
    """Host: a game with hidden tokens started, dealt from both boards' shares of the game after
    game ``after`` (``guest`` ``None``: from the host's alone); any other game as it is."""
    tokens = hidden(entry["variant"])
    if tokens is None:
        return entry
    game = _undealt(entry["variant"], entry["players"], entry["options"])
    token_set, teams = tokens.token_set(game), game.teams
    deal = fair_deal.hands(token_set, teams, game_id, after, host, b"" if guest is None else guest)
    origin: DealOrigin = {"after": after, "host": host.hex()}
    if guest is not None:
        origin["guest"] = guest.hex()
    return {**entry, "options": {**entry["options"], DEAL: deal}, "dealt": origin}


def deal_refusal(
    new_game: NewGame, game_id: str, game: int, committed: str | None, mine: bytes | None
) -> Phrase | None:
    """Follower: why it refuses the host's game ``game`` for its deal (``fair_deal.check``);
    ``None`` for a deal that follows from the shares, or a game without hidden tokens."""
    tokens = hidden(new_game.variant)
    if tokens is None:
        return None
    try:
        undealt = _undealt(new_game.variant, new_game.players, new_game.options)
        fair_deal.check(
            new_game.dealt,
            new_game.options.get(DEAL),
            tokens.token_set(undealt),
            undealt.teams,
            game_id,
            committed=committed,
            mine=mine,
            game=game,
        )
    except (fair_deal.DealRefused, FlixError) as error:
        return why(DEAL_REFUSED, reason=str(error))
    return None


def wrong_opening(entry: LogEntry, error: Exception) -> Phrase | None:
    """Why a follower refuses the game whose log ``entry`` (refused by its rules with ``error``)
    enters a token the scoring team cannot have put there; ``None`` for any other entry."""
    if entry.data is None or entry.data.kind != "enter_token":
        return None
    if not isinstance(error, IllegalAction):
        return None
    return why(
        "the host entered a token its Man cannot carry ({reason}): this board refuses the game "
        "and follows it no further",
        reason=str(error),
    )
