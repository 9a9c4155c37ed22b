"""``flixboard run --board serial:PORT`` with nothing on the port comes up, answers with the
board as "searching", and plays once a simulated Pico appears on that port."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api_schema import checked
from tests.serial.searching_service import searching_service
from tests.waiting import wait_until

pytestmark = pytest.mark.live


def test_the_service_comes_up_searching_and_finds_the_board(tmp_path: Path) -> None:
    with searching_service(tmp_path) as service:
        searching = service.state()
        assert searching["board_status"] == "searching" and searching["connected"] is False
        assert "searching for the board" in searching["message"]
        assert "searching for the board on" in service.log.read_text()
        service.plug_in()
        wait_until(
            lambda: service.state().get("board_status") == "connected", "the board to be found"
        )
        assert "found the board on" in service.log.read_text()
        roll = checked().post(f"{service.url}/api/roll", json={"faces": "red/I/spades"})
        assert roll.status_code == 200, roll.text
        service.hand("place R-I-S")
        wait_until(lambda: "R-I-S" in service.state().get("board", {}), "the placement to count")
        service.hand("unwire G-I-S")  # the found board's health reaches the page's state
        wait_until(
            lambda: any("G-I-S" in said for said in service.state().get("board_health", [])),
            "the broken sensor wire to be named",
        )
        assert any(e["type"] == "board_connected" for e in service.state()["events"])
