"""The Pico's firmware updated from the settings page (docs/PICO-UPDATE.md): ``POST
/api/pico/update`` starts the steps of ``flixboard pico-update`` on a thread of their own (the
board keeps being served meanwhile) and ``GET /api/pico/update`` tells how far they are.

The service lets go of the Pico's port for the update (``SerialBackend.release_port``) and takes
it back after, as after an unplug; a Pico the service is still searching for (``BoardSearch``:
``--board serial`` and nothing answered yet) gets the command's own steps on that port, the
search paused meanwhile, so the page says what ``flixboard pico-update`` says (a Pico waiting in
its bootloader is flashed; no Pico at all is told how to find one). Refused during a game and
when the board is not a Pico.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Protocol

from starlette.requests import Request

from controller.config import Config
from controller.core.board_search import BoardSearch
from controller.errors import NotNow
from controller.i18n import Language, error_words, language
from controller.server.api_routes import OWNER, ApiRoute, Operation
from controller.server.bodies import Answer, PicoOutcome, PicoUpdateOrder, PicoUpdateStatus
from controller.server.requests import read_body
from controller.server.statuses import asked_language
from controller.server.web_service import WebService
from controller.tools.pico_update import (
    BOOTSEL,
    UpdateFailed,
    Waits,
    carried_firmware,
    dotted,
    outcome_words,
    update_pico,
)
from engine.phrase import why
from hal.errors import HalError
from hal.serial_backend import SerialBackend

TAGS = ("settings",)


class Progress:
    """The update's steps and outcome, written by its thread, read by the page; each step and
    the message kept with their values (a ``Phrase``), said in the reader's language."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._status = PicoUpdateStatus(running=False, steps=[])

    def view(self, say: Language) -> PicoUpdateStatus:
        with self._lock:
            status = self._status
            steps = [say.words(step) for step in status.steps]
            message = None if status.message is None else say.words(status.message)
            return PicoUpdateStatus(status.running, steps, status.outcome, message, status.firmware)

    def begin(self) -> bool:
        """Start an update; ``False`` when one is running."""
        with self._lock:
            if self._status.running:
                return False
            self._status = PicoUpdateStatus(running=True, steps=[])
            return True

    def say(self, step: str) -> None:
        with self._lock:
            self._status.steps.append(step)

    def end(self, outcome: PicoOutcome, message: str, firmware: str | None = None) -> None:
        with self._lock:
            steps = self._status.steps
            self._status = PicoUpdateStatus(False, steps, outcome, message, firmware)


class PortHolder(Protocol):
    """The service's hold on the Pico's port: a ``SerialBackend``, or the ``BoardSearch`` that
    looks for it."""

    port: str

    def release_port(self, timeout: float = 5.0) -> None: ...

    def reclaim_port(self) -> None: ...


def run_update(pico: PortHolder, force: bool, config: Config, progress: Progress) -> None:
    """The steps of ``flixboard pico-update`` on the service's Pico (its port let go meanwhile),
    with the drive and waits of ``config``'s ``[board]``, each said to ``progress``, then the
    outcome."""
    try:
        carried = carried_firmware()
        if not isinstance(pico, BoardSearch) or pico.board is not None:
            progress.say(
                why("the Pico on {port}: letting go of its port for the update", port=pico.port)
            )
        try:
            pico.release_port()
            drives = [Path(config.board.pico_drive)] if config.board.pico_drive else []
            waits = Waits(
                drive_s=config.board.pico_drive_wait_s, back_s=config.board.pico_back_wait_s
            )
            result = update_pico(
                pico.port, carried, drives=drives, waits=waits, force=force, say=progress.say
            )
        finally:
            pico.reclaim_port()
    except (UpdateFailed, HalError) as error:
        progress.end("failed", error_words(error))
        return
    except Exception as error:  # the update's thread must always end its status
        stopped = why(
            "the update stopped on an error: {error}; {bootsel}", error=repr(error), bootsel=BOOTSEL
        )
        progress.end("failed", stopped)
        raise
    after = dotted(result.after)
    if not result.updated:
        progress.end("current", outcome_words(pico.port, result), after)
        return
    updated = why(
        "the Pico runs firmware {version}, the {board} board", version=after, board=result.board
    )
    progress.end("updated", updated, after)


def routes(service: WebService) -> list[ApiRoute]:
    progress = Progress()
    running: set[asyncio.Task[None]] = set()

    async def read(request: Request) -> Answer:
        """How far the update is (the last one's outcome once it ended)."""
        return Answer(progress.view(language(asked_language(request))))

    async def start(request: Request) -> Answer:
        """``{"force"?: bool}``: start updating the Pico's firmware (202); the page then reads
        ``GET /api/pico/update`` until it ends."""
        body = await read_body(request, PicoUpdateOrder)
        game = service.controller.session.game
        if game.placements > 0 and not game.game_over:
            raise NotNow(
                why(
                    "a game is in play: finish it (or start a new one) before updating the Pico,"
                    " whose board is not read during the update"
                )
            )
        pico = service.backend
        if not isinstance(pico, SerialBackend | BoardSearch):
            raise NotNow(
                why(
                    "the board is {board}, not a Pico on USB (--board serial): there is no"
                    " firmware to update",
                    board=repr(pico.name),
                )
            )
        if not progress.begin():
            raise NotNow(why("the Pico is being updated already"))
        work = asyncio.to_thread(run_update, pico, body.force, service.config, progress)
        task = asyncio.ensure_future(work)
        running.add(task)
        task.add_done_callback(running.discard)
        return Answer(progress.view(language(asked_language(request))), status_code=202)

    progressed = Operation(
        "How far the update of the Pico's firmware is, and how the last one ended",
        PicoUpdateStatus,
        TAGS,
        OWNER,
    )
    started = Operation(
        "Update the Pico's firmware to the UF2 this release carries (as flixboard pico-update)",
        PicoUpdateStatus,
        TAGS,
        OWNER,
        PicoUpdateOrder,
        refuses=(409,),
        status=202,
    )
    return [
        ApiRoute(service, "GET", "/api/pico/update", read, progressed),
        ApiRoute(service, "POST", "/api/pico/update", start, started),
    ]
