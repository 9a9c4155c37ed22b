"""What an outsider on the broker sees: a client subscribed to ``#`` on a real mosquitto during
whole games of every variant remote play carries finds topic names, sizes and times, and no hole
name, face, token, seed, code or any JSON in any payload (Tac-T-Flix's and Pay-Off's whole games
are sniffed in their own tests)."""

from __future__ import annotations

from pathlib import Path

import pytest
from broker_support import Mosquitto
from remote_support import Side, both_over, open_game, play
from rogue_support import Rogue
from sniff_support import assert_read_nothing

from controller.remote.messages import VARIANTS

pytestmark = [pytest.mark.broker, pytest.mark.live]

BOARD = {"lucky": "flix", "qubic": "flix", "flip4": "flip4", "olix": "olix"}
"""Each variant's board; Tac-T-Flix's and Pay-Off's whole games are sniffed in
test_web_remote_tactflix.py and test_web_remote_payoff.py."""


def test_every_carried_variant_is_sniffed() -> None:
    assert {*BOARD, "tactflix", "payoff"} == set(VARIANTS)


@pytest.mark.parametrize("variant", list(BOARD))
def test_an_outsider_on_the_broker_reads_nothing_of_a_whole_game(
    tmp_path: Path, mosquitto: Mosquitto, variant: str
) -> None:
    board = BOARD[variant]
    rogue = Rogue(mosquitto.port, subscribe=("#",))
    host = Side(tmp_path / "host", ["--remote", mosquitto.url], geometry=board).start()
    guest = Side(
        tmp_path / "guest", ["--remote", mosquitto.url, "--computer", "2:1"], geometry=board
    ).start()
    try:
        open_game(host, guest, variant)
        codes = host.state()["remote"]
        ours, _ = play(host, guest, until=both_over)
        assert ours["variant"] == variant
        assert_read_nothing(rogue, host, codes)
    finally:
        rogue.close()
        host.stop()
        guest.stop()
