"""The page asks for the Bearer token when the board, bound off loopback, answers 401."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from web_support import Service, shown_live

pytestmark = [pytest.mark.browser, pytest.mark.live]

TOKEN_KEY = "flixboard.token"


def off_loopback(launch_service: Callable[..., Service]) -> tuple[Service, str]:
    token = secrets.token_urlsafe(12)
    service = launch_service(host="0.0.0.0", config=f'[http]\ntoken = "{token}"\n', token=token)
    return service, token


def test_token_is_asked_once_and_kept(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service, token = off_loopback(launch_service)
    # seed 7: the first throw lights holes (three FLIX faces would hand the placement to the
    # other player and clear the dice the test waits for)
    lucky = {"variant": "lucky", "players": 2, "seed": 7}
    assert service.post("/api/new_game", lucky).status_code == 200
    page = open_page(service)
    dialog = page.locator("#token-dialog")
    expect(dialog).to_be_hidden()
    # Reading needs no token.
    expect(page.locator("#turn")).to_contain_text("Red (player 1): roll the dice")

    page.click("#roll")
    expect(dialog).to_be_visible()
    expect(page.locator("#token-reason")).to_contain_text("asks for its token")
    page.fill("#token-input", "not-the-token")
    page.click("#token-ok")
    expect(page.locator("#token-reason")).to_contain_text("refused that token")
    expect(dialog).to_be_visible()
    page.fill("#token-input", token)
    page.click("#token-ok")
    expect(dialog).to_be_hidden()
    expect(page.locator("#dice .die")).to_have_count(3)
    assert page.evaluate(f"localStorage.getItem('{TOKEN_KEY}')") == token

    # Kept: after a reload, commands go through without asking again.
    page.reload()
    shown_live(page)
    page.select_option("#variant", "qubic")
    page.click("#new-game")
    page.click("#confirm-yes")  # the dice are thrown: a game is under way
    expect(page.locator("#turn")).to_contain_text("3-D Tic Tac Toe")
    expect(dialog).to_be_hidden()
    assert service.state()["variant"] == "qubic"


def test_cancelling_the_token_prompt_changes_nothing(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service, _ = off_loopback(launch_service)
    page = open_page(service)
    page.click("#roll")
    expect(page.locator("#token-dialog")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()
    expect(page.locator("#token-dialog")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("the board needs its token for this")
    assert service.state()["last_throw"] is None
    # Without the token the API refuses too; with it, it answers.
    assert (
        service.client.post("/api/roll", json={}, headers={"Authorization": ""}).status_code == 401
    )
    assert service.post("/api/roll").status_code == 200


def test_a_team_s_own_tokens_need_the_token_off_loopback(
    launch_service: Callable[..., Service], open_page: Callable[..., Page]
) -> None:
    service, token = off_loopback(launch_service)
    deal = [[100, 50, 25, 20, 10, 5], [50, 25, 20, 10, 2, 1]]
    game = {"variant": "payoff", "players": 2, "options": {"deal": deal}}
    assert service.post("/api/new_game", game).status_code == 200
    page = open_page(service)
    expect(page.locator("#show-hand")).to_have_text("Show Red's tokens")
    page.click("#show-hand")
    expect(page.locator("#token-dialog")).to_be_visible()
    page.fill("#token-input", token)
    page.click("#token-ok")
    expect(page.locator("#hand-tokens button")).to_have_text(["100", "50", "25", "20", "10", "5"])
