"""A person who plays a remote game on a page, with no board but the page's (a ``flixboard run
--board sim`` whose page is the board): joins with the code typed into the page, copies the other
board's moves by tapping where they blink, places, calls FLIX, seats its Burocrats,
withdraws its Men and enters its Pay-Off tokens, all by the page's own buttons and holes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect
from remote_support import Side, wait_for

SEAT = 1
"""The page's person plays the second seat; the computer plays the first on the host."""


@dataclass
class PagePerson:
    """The person at ``side``'s page."""

    side: Side
    page: Page
    did: list[str] = field(default_factory=list)
    """What the person did on the page, in order (``place``, ``call``, ``penalty``, ...)."""
    placed: set[str] = field(default_factory=set)
    """The holes the game had pieces in when last looked at (a piece the game took off since
    is one to lift)."""

    def join(self, code: str) -> None:
        """Type the code into the page and press Join."""
        self.page.goto(self.side.up.url + "/")
        expect(self.page.locator("#connection")).to_have_attribute("data-state", "live")
        self.page.fill("#remote-join-code", code)
        self.page.locator("#remote-join button[type=submit]").click()
        expect(self.page.locator("#remote-on")).to_be_visible()

    def tap(self, hole: str) -> None:
        """Tap a hole: the page's hands place the chosen piece there or lift the one there."""
        held = hole in (self.side.state()["sensed"] or {})
        self.page.locator(f'#board [data-hole="{hole}"]').click()
        wait_for(
            lambda: (hole in (self.side.state()["sensed"] or {})) != held, f"the tap on {hole}"
        )

    def piece(self, kind: str) -> None:
        """Take a Man or a Burocrat into the hand (the page's piece choice)."""
        choice = self.page.locator(f"input[name=piece][value={kind}]")
        if choice.is_visible() and not choice.is_checked():
            choice.check()

    def seat_button(self, kind: str) -> None:
        """Press this seat's FLIX (``flix``) or PENALTY (``penalty``)."""
        self.page.locator(f'#seats .seat[data-seat="{SEAT}"] .seat-{kind}').click()
        self.did.append("call" if kind == "flix" else kind)

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
            mine = [h for t in threats if t["team"] == SEAT for h in t["holes"] if h in allowed]
            block = [h for t in threats if t["team"] != SEAT for h in t["holes"] if h in allowed]
            hole = (mine or block or allowed)[0]
            lines = len(state["scored_lines"])
            self.tap(hole)
            self.did.append("place")
            wait_for(lambda: hole in self.side.state()["board"], f"the host takes {hole}")
            if mine and state["uses_calls"]:
                self.seat_button("flix")
                wait_for(
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
        expect(self.page.locator("input[name=piece][value=burocrat]")).to_be_checked()
        self.tap(hole)
        self.did.append("substitute")
        wait_for(
            lambda: self.side.state()["board"][hole].get("piece") == "burocrat",
            f"the Burocrat on {hole}",
        )

    def enter_tokens(self, state: dict[str, Any]) -> None:
        """Enter each Man's token in the page's form, as the page asks."""
        hand = self.team_view()["dealt"]
        form = self.page.locator("#token-entry")
        expect(form).to_be_visible()
        line = list(state["allowed"])
        for number, hole in enumerate(line):
            self.page.select_option("#token-hole", hole)
            self.page.fill("#token-entered", str(hand[0]) if number == 0 else "")
            self.page.click("#enter-token")
            wait_for(
                lambda hole=hole: (
                    hole not in self.side.state()["allowed"]
                    or self.side.state()["phase"] == "game_over"
                ),
                f"the token of {hole}",
            )
            self.did.append("enter_token")

    def team_view(self) -> dict[str, Any]:
        response = self.side.up.client.get("/api/state", params={"team": SEAT})
        response.raise_for_status()
        view: dict[str, Any] = response.json()
        return view
