"""A board's token book: its own values and nonces kept privately across a restart, the other
board's openings checked against the commitments it sent."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import msgspec

from controller.remote.commitments import commitment, opens
from controller.remote.token_book import Book, KeptToken, TokenBook

GAME_ID, GAME = "5eed", 3


def test_own_tokens_are_kept_privately_and_open_alike_after_a_restart(tmp_path: Path) -> None:
    book = TokenBook(tmp_path, GAME_ID, GAME)
    seal = book.seal("Y-II-H", 977)
    path = tmp_path / "tokens" / f"{GAME_ID}-{GAME}.jsonl"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = TokenBook(tmp_path, GAME_ID, GAME)  # the service restarted
    kept = again.opening("Y-II-H")
    assert kept is not None and kept.value == 977 and kept.commitment == seal
    assert opens(seal, GAME_ID, GAME, "Y-II-H", kept.value, kept.nonce)
    assert again.opening("Y-II-S") is None
    again.forget()
    assert not path.exists() and TokenBook(tmp_path, GAME_ID, GAME).opening("Y-II-H") is None


def test_an_opening_that_does_not_fit_the_commitment_is_refused(tmp_path: Path) -> None:
    nonce = "ab" * 16
    book = TokenBook(tmp_path, GAME_ID, GAME)
    book.committed("B-IV-S", commitment(GAME_ID, GAME, "B-IV-S", 613, nonce))
    book = TokenBook(tmp_path, GAME_ID, GAME)  # the commitments survive a restart too
    assert book.refusal("B-IV-S", 613, nonce) is None
    wrong_value = book.refusal("B-IV-S", 541, nonce)
    wrong_nonce = book.refusal("B-IV-S", 613, "ab" * 15 + "ac")
    for refused in (wrong_value, wrong_nonce):
        assert refused is not None and "does not fit its commitment" in str(refused)
    assert "no token was committed on B-IV-H" in str(book.refusal("B-IV-H", 613, nonce))
    assert TokenBook(None, GAME_ID, GAME).refusal("B-IV-S", 613, nonce) is not None


def test_a_change_is_one_line_appended_and_a_line_cut_short_by_a_crash_is_left_out(
    tmp_path: Path,
) -> None:
    nonce = "cd" * 16
    book = TokenBook(tmp_path, GAME_ID, GAME)
    seal = book.seal("Y-II-H", 50)
    theirs = commitment(GAME_ID, GAME, "B-IV-S", 613, nonce)
    book.committed("B-IV-S", theirs)
    path = tmp_path / "tokens" / f"{GAME_ID}-{GAME}.jsonl"
    written = path.read_bytes()
    assert written.count(b"\n") == 2
    book.committed("B-IV-S", theirs)  # the host's log entry again: nothing new written
    assert path.read_bytes() == written
    with path.open("ab") as out:  # the service died in the middle of its next line
        out.write(b'{"hole":"B-IV-H","theirs":"ab')
    again = TokenBook(tmp_path, GAME_ID, GAME)
    assert path.read_bytes() == written
    assert again.seal_on("Y-II-H", own=True) == seal and again.refusal("B-IV-S", 613, nonce) is None
    assert again.seal_on("B-IV-H", own=False) is None
    again.took("B-IV-S", nonce)
    assert TokenBook(tmp_path, GAME_ID, GAME).nonce_on("B-IV-S") == nonce


def test_a_book_kept_whole_by_the_earlier_release_is_carried_into_lines(tmp_path: Path) -> None:
    """A game in progress across the upgrade keeps its tokens, the other board's commitments and
    the openings taken; the earlier file goes once its lines are synced."""
    nonce, theirs_nonce = "ef" * 16, "01" * 16
    seal = commitment(GAME_ID, GAME, "Y-II-H", 977, nonce)
    theirs = commitment(GAME_ID, GAME, "B-IV-S", 613, theirs_nonce)
    whole = Book(
        ours={"Y-II-H": KeptToken("Y-II-H", 977, nonce, seal)},
        theirs={"B-IV-S": theirs},
        opened={"B-IV-S": theirs_nonce},
    )
    folder = tmp_path / "tokens"
    folder.mkdir()
    earlier = folder / f"{GAME_ID}-{GAME}.json"
    earlier.write_bytes(msgspec.json.encode(whole))
    os.chmod(earlier, 0o600)
    (folder / f"{GAME_ID}-{GAME}.jsonl").write_bytes(b'{"hole":"Y-I')  # a carry cut short
    book = TokenBook(tmp_path, GAME_ID, GAME)
    assert not earlier.exists()
    assert book.book == whole
    assert TokenBook(tmp_path, GAME_ID, GAME).book == whole  # and so after the next restart
    path = folder / f"{GAME_ID}-{GAME}.jsonl"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes().count(b"\n") == 3
