"""The README's first sections ("Try it", "Play the computer") do what they say: every ``curl`` is
sent as written (curl's ``-d`` form body) to the service in process and does what the text
promises, the ``flixboard run`` lines parse and never share a port or a data directory, the port
is chosen as it says, and the page's buttons are named as the page labels them."""

from __future__ import annotations

import json
import re
import shlex

from controller.cli import command_parser
from controller.config import Config
from tests.api_harness import Harness
from tests.docs.manual import README, REPO

CURL = re.compile(r"`curl -X POST http://127\.0\.0\.1:8640(/api/[\w/]+)(?: -d '([^']*)')?`")
"""A README curl: the path and the body it sends."""
FORM = {"content-type": "application/x-www-form-urlencoded"}
"""What curl's ``-d`` says the body is."""


def first_sections() -> str:
    """The README from "Try it" to the end of "Play the computer"."""
    text = README.read_text(encoding="utf-8")
    start = text.index("## Try it: the simulated board")
    computer = text.index("## Play the computer")
    return text[start : text.index("\n## ", computer + 1)]


def curls() -> list[tuple[str, str]]:
    return [(path, " ".join(body.split())) for path, body in CURL.findall(first_sections())]


def run_lines() -> list[list[str]]:
    """The arguments of each ``flixboard run`` line of the README's first code block."""
    block = first_sections().split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    return [shlex.split(line)[2:] for line in lines if line.startswith("flixboard run")]


async def test_every_curl_does_what_the_readme_says() -> None:
    api = Harness()
    sent = curls()
    assert [path for path, _ in sent] == [
        "/api/roll",
        "/api/sim/place",
        "/api/sim/clear",
        "/api/new_game",
        "/api/seats",
    ]
    for path, body in sent:
        if path == "/api/sim/place":  # "with a hole the throw allowed"
            allowed = (await api.state())["allowed"]
            assert json.loads(body)["hole"] in {*allowed, "G-I-D"}
            body = json.dumps({"hole": allowed[0]})
        answer = await api.client.post(path, content=body.encode(), headers=FORM)
        assert answer.status_code == 200, (path, body, answer.text)
        api.advance(0.5)
        state = await api.state()
        if path == "/api/roll":
            assert state["phase"] == "await_place" and answer.json()["allowed"]
        elif path == "/api/sim/place":
            assert list(state["board"]) == [json.loads(body)["hole"]]  # the Man is in the game
        elif path == "/api/sim/clear":
            assert state["sensed"] == {}
        elif path == "/api/new_game":
            assert [seat["kind"] for seat in state["seats"]] == ["human", "computer"]
        else:
            assert state["seats"][1]["kind"] == "computer" and state["seats"][1]["level"] == 4


def test_the_run_lines_parse_and_each_board_has_its_own_port_and_data() -> None:
    parser, _ = command_parser("run")
    lines = run_lines()
    assert len(lines) == 3
    addresses, folders = [], []
    for args in lines:
        parsed = parser.parse_args(args)
        addresses.append(parsed.http or Config().http.address)
        folders.append(parsed.data_dir)
    assert len(set(addresses)) == len(addresses), addresses
    assert len(set(folders)) == len(folders), folders


def test_the_port_is_chosen_as_the_readme_says() -> None:
    said = re.search(r'`make run ARGS="([^"]+)"`', first_sections())
    assert said is not None, "the README does not say how to choose the port"
    parser, _ = command_parser("run")
    assert parser.parse_args(shlex.split(said[1])).http == "127.0.0.1:8641"
    run = (REPO / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "flixboard run" in run and "$(ARGS)" in run


def test_the_buttons_are_named_as_the_page_labels_them() -> None:
    page = (REPO / "controller/server/web/index.html").read_text(encoding="utf-8")
    assert '<button id="roll" type="button" class="big" data-t>Roll</button>' in page
    text = first_sections()
    assert "Press **Roll**" in text and "**ROLL**" not in text
    assert "**Clear the board**" in text and ">Clear the board</button>" in page
