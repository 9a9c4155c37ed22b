"""A person who plays a remote game against the other board's computer: copies the other board's
moves where they blink, places, calls FLIX, seats its Burocrats, withdraws its Men and enters its
Pay-Off tokens. On a page with no board but the page's (``PagePerson``: a ``flixboard run --board
sim`` whose page is the board, every action by the page's own holes, buttons and forms, the code
typed into it), or at a board (``BoardPerson``: the simulated board's hands and the board's
buttons, as the HTTP API gives them)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect
from remote_support import Side
from web_support import shown_live

from tests.waiting import wait_until

SEAT = 1
"""The seat a person plays unless told (the second; the computer plays the first)."""


@dataclass
class Person(ABC):
    """The person who plays ``seat`` at ``side``; its hands are a page's or a board's."""

    side: Side
    seat: int = SEAT
    did: list[str] = field(default_factory=list)
    """What the person did, in order (``place``, ``call``, ``penalty``, ...)."""
    placed_before: tuple[str, ...] = ()
    """The Men placed before the game was hosted (the records hold them first)."""
    placed: set[str] = field(default_factory=set)
    """The holes the game had pieces in when last looked at (a piece the game took off since
    is one to lift)."""

    def tap(self, hole: str) -> None:
        """Place the piece in hand on ``hole``, or lift the one there."""
        held = hole in (self.side.state()["sensed"] or {})
        self.touch(hole, held)
        wait_until(
            lambda: (hole in (self.side.state()["sensed"] or {})) != held, f"the tap on {hole}"
        )

    @abstractmethod
    def touch(self, hole: str, held: bool) -> None:
        raise NotImplementedError

    @abstractmethod
    def piece(self, kind: str) -> None:
        """Take a Man or a Burocrat into the hand."""
        raise NotImplementedError

    def seat_button(self, kind: str) -> None:
        """Press this seat's FLIX (``flix``) or PENALTY (``penalty``)."""
        self.press(kind)
        self.did.append("call" if kind == "flix" else kind)

    @abstractmethod
    def press(self, kind: str) -> None:
        raise NotImplementedError

    @abstractmethod
    def enter(self, hole: str, token: int | None) -> None:
        """Enter the token of the Man on ``hole`` (``None``: it carries none)."""
        raise NotImplementedError

    def fix(self, state: dict[str, Any]) -> bool:
        """Copy the other board's moves: put a missing piece where it blinks (a Burocrat where
        the game has one), lift a piece the game took off; whether anything was to do."""
        fix = state["mismatch"]
        gone = set(fix["extra"]) & self.placed
        for hole in [*fix["wrong_kind"], *gone]:
            self.tap(hole)
        for hole in [*fix["missing"], *fix["wrong_kind"]]:
            kind = state["board"][hole].get("piece", "man")
            self.piece(kind)
            self.tap(hole)
            self.piece("man")
        self.placed = set(state["board"])
        return bool(gone or fix["missing"] or fix["wrong_kind"])

    def act(self, state: dict[str, Any]) -> None:
        """The person's move when the game waits for this seat: place (completing a line of its
        own first, else blocking one of the other team's, else the first lit hole) and call FLIX
        for a line it completed; seat a Burocrat, withdraw a Man; enter the tokens of its scored
        line (the first Man carries the first token of its hand, the others none)."""
        phase = state["phase"]
        if phase == "await_tokens":
            self.enter_tokens(state)
        elif phase == "substitute":
            self.seat_burocrat(state)
        elif phase == "withdraw":
            self.tap(state["allowed"][0])
            self.did.append("withdraw")
        else:
            threats = state.get("threats") or []
            allowed = state["allowed"]
            mine = [
                h for t in threats if t["team"] == self.seat for h in t["holes"] if h in allowed
            ]
            block = [
                h for t in threats if t["team"] != self.seat for h in t["holes"] if h in allowed
            ]
            hole = (mine or block or allowed)[0]
            lines = len(state["scored_lines"])
            self.tap(hole)
            self.did.append("place")
            wait_until(lambda: hole in self.side.state()["board"], f"the host takes {hole}")
            if mine and state["uses_calls"]:
                self.seat_button("flix")
                wait_until(
                    lambda: (
                        len(self.side.state()["scored_lines"]) > lines
                        or self.side.state()["phase"] == "game_over"
                    ),
                    "the FLIX call scores the line",
                )

    def seat_burocrat(self, state: dict[str, Any]) -> None:
        """Lift a Man of the line and seat a Burocrat in its hole."""
        hole = state["allowed"][0]
        self.tap(hole)
        self.piece("burocrat")
        self.tap(hole)
        self.piece("man")
        self.did.append("substitute")
        wait_until(
            lambda: self.side.state()["board"][hole].get("piece") == "burocrat",
            f"the Burocrat on {hole}",
        )

    def enter_tokens(self, state: dict[str, Any]) -> None:
        """Enter each Man's token, as the game asks."""
        hand = self.team_view()["dealt"]
        for number, hole in enumerate(list(state["allowed"])):
            self.enter(hole, hand[0] if number == 0 else None)
            wait_until(
                lambda hole=hole: (
                    hole not in self.side.state()["allowed"]
                    or self.side.state()["phase"] == "game_over"
                ),
                f"the token of {hole}",
            )
            self.did.append("enter_token")

    def team_view(self) -> dict[str, Any]:
        response = self.side.up.client.get("/api/state", params={"team": self.seat})
        response.raise_for_status()
        view: dict[str, Any] = response.json()
        return view


@dataclass
class PagePerson(Person):
    """The person at ``side``'s page: the simulated board's hands are the page's taps."""

    page: Page = field(kw_only=True)

    def join(self, code: str) -> None:
        """Type the code into the page and press Join."""
        self.page.goto(self.side.up.url + "/")
        shown_live(self.page)
        self.page.fill("#remote-join-code", code)
        self.page.locator("#remote-join button[type=submit]").click()
        expect(self.page.locator("#remote-on")).to_be_visible()

    def touch(self, hole: str, held: bool) -> None:
        self.page.locator(f'#board [data-hole="{hole}"]').click()

    def piece(self, kind: str) -> None:
        """The page's piece choice (it takes a Burocrat itself when the game asks for one)."""
        choice = self.page.locator(f"input[name=piece][value={kind}]")
        if choice.is_visible() and not choice.is_checked():
            choice.check()

    def press(self, kind: str) -> None:
        self.page.locator(f'#seats .seat[data-seat="{self.seat}"] .seat-{kind}').click()

    def enter(self, hole: str, token: int | None) -> None:
        """The page's form for a scored line's tokens."""
        expect(self.page.locator("#token-entry")).to_be_visible()
        self.page.select_option("#token-hole", hole)
        self.page.fill("#token-entered", "" if token is None else str(token))
        self.page.click("#enter-token")


@dataclass
class BoardPerson(Person):
    """The person at ``side``'s board: its hands place and lift, its buttons call."""

    hand: str = "man"

    def touch(self, hole: str, held: bool) -> None:
        if held:
            self.side.post("/api/sim/lift", {"hole": hole})
        else:
            self.side.post("/api/sim/place", {"hole": hole, "piece": self.hand})

    def piece(self, kind: str) -> None:
        self.hand = kind

    def press(self, kind: str) -> None:
        self.side.post("/api/call" if kind == "flix" else "/api/penalty", {"seat": self.seat})

    def enter(self, hole: str, token: int | None) -> None:
        self.side.post("/api/token", {"hole": hole, "token": token})
