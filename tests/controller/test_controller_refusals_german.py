"""Every refusal of the rules is said in both languages: real malformed and illegal orders, in
every variant, come back as the rules' words (``engine.phrase``) whose German is the catalog's
translation, different from the English, with the phase named in German too; and the
controller's refusals a player meets (a bad join code, a bad seat, Pay-Off's tokens, a throw
that is no throw) answer in the language the HTTP request asks for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from controller.config import Config
from controller.core.session import game_entry
from controller.core.state import SaidView
from controller.i18n import Said, language
from controller.remote.host import GUESSING
from controller.remote.joining import Joining
from controller.remote.link import Broker
from controller.remote.messages import Welcome
from controller.remote.pake import Door, Joiner
from controller.tools.sim_run import SimRun
from engine.dice import Throw
from engine.errors import FlixError
from engine.flip4 import Flip4
from engine.game import Action, Game, Phase
from engine.payoff import PayOffFlix
from engine.phrase import Phrase, why
from engine.qubic import Qubic
from engine.tactflix import TacTFlix
from engine.variants import new_game
from hal.geometry import load_geometry
from tests.api_harness import Harness

GERMAN = language("de")
G = TypeVar("G", bound=Game)
PAYOFF_DEAL = [[100, 50, 50, 25, 25, 20], [20, 10, 10, 5, 2, 1]]
ROW = ["R-I-S", "R-I-H", "R-I-D", "R-I-C"]
ELSEWHERE = ["B-IV-S", "B-IV-H", "B-IV-D", "B-III-C", "B-II-S", "G-IV-H", "B-II-H", "G-III-S"]


def flip4(position: str | None = None) -> Flip4:
    game = new_game("flip4", seed=5, options={} if position is None else {"position": position})
    assert isinstance(game, Flip4)
    return game


def payoff(**options: object) -> PayOffFlix:
    game = new_game("payoff", seed=5, options={"deal": PAYOFF_DEAL, **options})
    assert isinstance(game, PayOffFlix)
    return game


def scored_payoff() -> PayOffFlix:
    """Physical tokens, team 0's line called: the tokens of R-I-S..R-I-C are to be entered."""
    game = payoff(token_mode="physical")
    for hole, theirs in zip(ROW[:3], ELSEWHERE, strict=False):
        game.place(hole, at=20.0)
        game.place(theirs, at=20.0)
    game.place("R-I-C", at=20.0)
    game.call(0, at=20.5)
    assert game.phase == Phase.AWAIT_TOKENS
    return game


def tactflix() -> TacTFlix:
    game = new_game("tactflix", seed=4, options={"auto_call": True})
    assert isinstance(game, TacTFlix)
    return game


def tactflix_scored() -> TacTFlix:
    """Team 0 has scored R-I: it substitutes a Burocrat for one of its Men now."""
    game = tactflix()
    for hole, theirs in zip(ROW[:3], ELSEWHERE, strict=False):
        game.place(hole)
        game.place(theirs)
    game.place("R-I-C")
    game.place("G-II-C")
    return game


def over(variant: str) -> Game:
    game = new_game(variant)
    game.resign(1)
    assert game.game_over
    return game


def three_player_qubic() -> Qubic:
    game = new_game("qubic", players=3)
    assert isinstance(game, Qubic) and game.block_rule
    return game


def step(game: Flip4, source: str, target: str) -> Flip4:
    """``game`` after (or refusing) the step of the piece on ``source`` to ``target``."""
    game.apply(Action("move", hole=game.naming.parse(source), to=game.naming.parse(target)))
    return game


def rolled(game: G, throw: str | None = None) -> G:
    game.roll(throw)
    return game


def played(game: G, *holes: str) -> G:
    for hole in holes:
        game.place(hole)
    return game


def entered(game: PayOffFlix, hole: str, token: int) -> PayOffFlix:
    game.enter_token(hole, token)
    return game


def completing_with_a_token() -> None:
    """Team 0 puts a token on the Man that completes its line."""
    game = payoff()
    for hole, token, theirs in zip(ROW[:3], (100, 50, 50), ELSEWHERE, strict=False):
        game.place(hole, token=token)
        game.place(theirs)
    game.place("R-I-C", token=25)


PART_2 = "b1 c1 d1 e2 / a3 a4 b5 c5"
ORDERS: dict[str, Callable[[], object]] = {
    # malformed orders, any variant
    "unknown action": lambda: new_game("lucky").apply(Action.from_json({"kind": "pass"})),
    "no such seat": lambda: new_game("lucky").resign(5),
    "no hole": lambda: new_game("qubic").place(64),
    "no piece kind": lambda: new_game("qubic").place(0, piece="queen"),
    "no hole name": lambda: new_game("lucky").place("Q-II-H"),
    "a hole name of no form": lambda: new_game("qubic").place("purple"),
    "not an action": lambda: Action.from_json({"kind": "place", "colour": "red"}),
    "the game is over": lambda: over("qubic").place(0),
    "no dice": lambda: new_game("qubic").roll(),
    "no calls": lambda: new_game("qubic").call(0),
    "no Burocrats": lambda: new_game("qubic").place(0, piece="burocrat"),
    "no tokens": lambda: new_game("qubic").place(0, token=5),
    "no block requests": lambda: new_game("olix").request_block(1),
    # Lucky Flix's throws
    "a throw not of three dice": lambda: new_game("lucky").roll("yellow"),
    "a face not on its die": lambda: new_game("lucky").roll("purple/II/hearts"),
    "a throw of no faces": lambda: Throw("purple", "II", "hearts"),
    "a roll at the wrong moment": lambda: rolled(new_game("lucky")).roll(),
    # Flip 4's steps
    "two dice that are no throw": lambda: flip4().roll("7/1"),
    "a Flip 4 roll twice": lambda: rolled(flip4(), "2/1").roll("2/1"),
    "a piece before the throw": lambda: flip4().place("c3"),
    "a square not lit": lambda: rolled(flip4(), "2/1").place("b2"),
    "no square": lambda: rolled(flip4(), "2/1").place(30),
    "no cell name": lambda: flip4().place("z9"),
    "a step in part 1": lambda: step(flip4(), "b2", "c2"),
    "a piece not on a result": lambda: step(rolled(flip4(PART_2), "6/4"), "b1", "b2"),
    "a step too far": lambda: step(rolled(flip4("c3 b1 c1 d1 / a3 a4 b5 c5"), "2/1"), "c3", "c5"),
    "a corner landing not allowed": lambda: step(
        rolled(flip4("b2 c3 b1 d1 / a3 a4 b5 c5"), "4/3"), "b2", "a1"
    ).place("e5"),
    # Olix's cells
    "an Olix cell taken": lambda: played(new_game("olix"), "f6").place("f6"),
    "no Olix cell": lambda: new_game("olix").place("a12"),
    # Pay-Off's tokens
    "a token in physical mode": lambda: payoff(token_mode="physical").place("R-I-S", token=100),
    "a token not in the hand": lambda: payoff().place("R-I-S", token=7),
    "a token that is no number": lambda: payoff().place(
        "R-I-S",
        token="50",  # type: ignore[arg-type]  # the refusal is the test
    ),
    "a token on a completing Man": completing_with_a_token,
    "no tokens to enter": lambda: payoff().enter_token("R-I-S", 100),
    "a token of the completing Man": lambda: scored_payoff().enter_token("R-I-C", 100),
    "a token not dealt": lambda: scored_payoff().enter_token("R-I-S", 1),
    "a Man not in the line": lambda: scored_payoff().enter_token("B-IV-S", 100),
    "a token entered twice": lambda: entered(scored_payoff(), "R-I-S", 50).enter_token("R-I-S", 50),
    "a call once decided": lambda: scored_payoff().call(1),
    "a penalty once decided": lambda: scored_payoff().penalty(1),
    "a resignation once decided": lambda: scored_payoff().resign(1),
    "no such team's view": lambda: payoff().to_json(view_team=2),
    # Tac-T-Flix's blocks
    "a Burocrat placed by hand": lambda: tactflix().place("R-I-S", piece="burocrat"),
    "a substitution at the wrong moment": lambda: tactflix().substitute("R-I-S"),
    "a withdrawal at the wrong moment": lambda: tactflix().withdraw("R-I-S"),
    "a substitution in a hole not allowed": lambda: tactflix_scored().substitute("B-IV-S"),
    "a call during a scoring turn": lambda: tactflix_scored().call(1),
    # Qubic's block requests
    "a block request of two players": lambda: new_game("qubic").request_block(1),
    "a block request by the mover": lambda: three_player_qubic().request_block(0),
    "a block request without open threes": lambda: three_player_qubic().request_block(1),
}


def refusal(order: Callable[[], object]) -> Phrase:
    with pytest.raises(FlixError) as refused:
        order()
    said = refused.value.args[0]
    assert isinstance(said, Phrase), f"not the rules' words: {said!r}"
    return said


@pytest.mark.parametrize("name", ORDERS)
def test_every_refusal_of_the_rules_is_said_in_german(name: str) -> None:
    said = refusal(ORDERS[name])
    german = Said.of(said).in_language(GERMAN)
    assert said.id in GERMAN.messages, said.id
    assert german != str(said), german
    phases = {str(phase) for phase in Phase}
    assert not phases & set(german.replace("(", " ").replace(")", " ").split()), german


def test_the_phase_in_a_refusal_is_said_in_german() -> None:
    said = refusal(lambda: rolled(flip4(), "2/1").roll("2/1"))
    assert str(said) == "seat 0 cannot roll now (phase await_place)"
    assert Said.of(said).in_language(GERMAN) == "Platz 0 kann jetzt nicht würfeln (Phase Setzen)"


async def german(api: Harness, path: str, body: dict[str, object]) -> tuple[int, str, str]:
    """The status and the refusal of ``body`` to ``path`` asked in German, then in English."""
    asked = await api.client.post(path, json=body, headers={"Accept-Language": "de"})
    english = await api.client.post(path, json=body)
    assert asked.status_code == english.status_code
    return asked.status_code, asked.json()["error"], english.json()["error"]


async def test_a_throw_and_a_seat_refused_over_http_are_said_in_german() -> None:
    api = Harness()
    assert await german(api, "/api/roll", {"faces": "purple/II/hearts"}) == (
        409,  # written as faces are, but not on this game's dice
        "kein Wurf: 'purple/II/hearts' ('purple' ist keine Würfelseite des Würfels für die "
        "Farbe: red yellow green blue win flix)",
        "not a throw: 'purple/II/hearts' ('purple' is not a face of the colour die: red yellow "
        "green blue win flix)",
    )
    status, said, english = await german(api, "/api/resign", {"seat": 4})
    assert status == 409 and english == "no seat 4: seats are 0..1 (players 1..2)"
    assert said == "kein Platz 4: die Plätze sind 0..1 (Spieler 1..2)"


async def test_a_bad_join_code_is_said_in_german() -> None:
    api = Harness(config=Config.of(broker="mqtt://127.0.0.1:1"))
    status, said, english = await german(api, "/api/remote/join", {"code": "AB1"})
    assert status == 400
    assert (
        english == "not a join code: 'AB1' (8 letters of ABCDEFGHJKMNPQRSTWXYZ; no I, L, O, U, V)"
    )
    assert (
        said
        == "kein Beitrittscode: 'AB1' (8 Buchstaben aus ABCDEFGHJKMNPQRSTWXYZ; kein I, L, O, U, V)"
    )
    status, said, _ = await german(api, "/api/remote/leave", {})
    assert (status, said) == (409, "in keinem Fernspiel")


async def test_pay_offs_token_refusals_over_http_are_said_in_german() -> None:
    api = Harness(config=Config.of(variant="payoff"))
    status, said, english = await german(api, "/api/token", {"seat": 1, "token": 50})
    assert status == 409 and english == "player 2 is not to move: player 1 is"
    assert said == "Spieler 2 ist nicht am Zug: Spieler 1 ist es"
    status, said, english = await german(api, "/api/token", {"hole": "R-I-S", "token": 50})
    assert status == 409
    assert english == "a hole is named only when entering the tokens of a scored line"
    assert (
        said
        == "ein Loch wird nur genannt, wenn die Marken einer gewerteten Reihe eingegeben werden"
    )


async def by_hand(api: Harness, doing: str, cell: str) -> None:
    response = await api.post(f"/api/sim/{doing}", {"hole": cell})
    assert response.status_code == 200, response.text
    api.advance(0.2)  # more than the settle time: the hand stands long enough to be read


async def test_a_step_the_board_refuses_carries_its_message_for_a_german_page() -> None:
    """Flip 4 on its simulated board: a piece stepped two squares is refused with its message,
    which a German page (and the voice) says in German."""
    api = Harness(config=Config.of(language="de"), geometry=load_geometry("flip4"))
    position = "c3 b1 c1 d1 / a3 a4 b5 c5"
    body = {"variant": "flip4", "players": 2, "seed": 3, "options": {"position": position}}
    assert (await api.post("/api/new_game", body)).status_code == 200
    for cell in position.replace("/", " ").split():
        await by_hand(api, "place", cell)
    assert (await api.post("/api/roll", {"faces": "2/1"})).status_code == 200  # 1 on c3
    api.advance(0.2)
    await by_hand(api, "lift", "c3")
    await by_hand(api, "place", "e3")  # two squares away
    state = await api.state()
    refused = [e for e in state["events"] if e["type"] == "placement_refused"][-1]
    assert refused["reason"] == "move a lit piece one square (that square is not one of its steps)"
    said = Said.from_json(refused["said"])
    assert said.in_language(GERMAN) == (
        "ziehe einen leuchtenden Stein ein Feld weit (dieses Feld ist keiner seiner Schritte)"
    )


WELCOME = Welcome("guest", "0123456789abcdef", bytes(32).hex(), bytes(range(32)).hex())


def refused_by(door: Door, joiner: Joiner, now: float) -> tuple[str, bytes] | None:
    """The host's last answer to a whole join exchange of ``joiner`` (a refusal, for a wrong
    code): its request answered, then its confirmation."""
    answer = door.request(joiner.request()[1], now)
    assert answer is not None
    step, confirmation = joiner.take(answer[1])
    assert step == "confirm" and isinstance(confirmation, bytes)
    return door.confirm(joiner.attempt, confirmation, WELCOME, now)[0]


def test_a_wrong_join_code_is_said_in_german_in_the_remote_panel() -> None:
    """The host refuses a wrong code; the joining board's problem (the remote panel's line)
    carries its message, which a German page says in German, the host's reason too."""
    broker = Broker.from_config(Config.of(broker="mqtt://127.0.0.1:1"))
    joining = Joining(broker, "KTXHRBAB", print)
    reply = refused_by(Door("KTXHRBMN", reusable=False), joining.joiner, 0.0)
    assert reply is not None
    joining._received(*reply)
    shown = joining.shown()
    assert shown.problem == "the host refused: wrong code (leave, then join with the right code)"
    assert isinstance(shown.problem_said, SaidView)
    assert shown.problem_said.said().in_language(GERMAN) == (
        "der Gastgeber lehnt ab: falscher Code (verlasse das Spiel, dann tritt mit dem richtigen "
        "Code bei)"
    )


def test_the_guessing_notice_is_said_in_german_on_the_host() -> None:
    door = Door("KTXHRBMN", reusable=False)
    for n, wrong in enumerate(("KTXHRBAB", "KTXHRBAC", "KTXHRBAD")):
        refused_by(door, Joiner(wrong), float(n))
    assert door.codes == 2 and door.guessed == 3
    notice = why(GUESSING, count=door.guessed)
    assert Said.of(notice).in_language(GERMAN) == (
        "jemand rät die Codes dieses Spiels (3 falsche Versuche): solange das dauert, geht das "
        "Beitreten langsamer und die Codes wechseln, also gib die jetzt angezeigten Codes weiter"
    )


def test_a_button_the_board_refuses_carries_its_message() -> None:
    """ROLL pressed again on the board: the refusal (the log's "ROLL refused: ...") carries the
    rules' words, which a German page says in German."""
    run = SimRun(Config(), first_game=game_entry(Config(), "lucky", 2, 1, None))
    run.controller.set_next_faces("yellow/II/hearts")
    run.board.press("roll")
    run.advance(0.05)
    run.board.press("roll")
    run.advance(0.05)
    refused = [e for e in run.controller.state()["events"] if e["type"] == "refused"][-1]
    assert refused["reason"] == "player 1 cannot roll now (phase await_place)"
    said = Said.from_json(refused["said"])
    assert said.in_language(GERMAN) == "Spieler 1 kann jetzt nicht würfeln (Phase Setzen)"
