"""What start-up made stays out of the garbage collector's rounds once the service serves
(``controller.server.service.settle_memory``): a full collection then walks only what play
made since, not the modules, routes and rule tables."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

from controller.cli.run import open_board
from controller.config import Config
from controller.records.journal import Journal
from controller.server.service import Service, bind

WAIT_S = 60.0


async def test_a_serving_service_has_frozen_its_start_up_objects(tmp_path: Path) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    config = Config()
    listener = bind("127.0.0.1", 0)
    host, port = listener.getsockname()
    with open_board("sim", config, tmp_path / "sim.json") as board:
        journal = Journal(tmp_path)
        service = Service(board, config, journal, host=host, port=port, token="t")
        running = asyncio.create_task(service.run(listener))
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(f"GET /api/state HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
            assert head.startswith(b"HTTP/1.1 200")
            writer.close()
            # the service notices it serves on its next look (every 10 ms), maybe after this answer
            deadline = time.monotonic() + WAIT_S
            while gc.get_freeze_count() <= 10_000 and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            assert gc.get_freeze_count() > 10_000
            # the service itself among them: the collector no longer walks it
            assert not any(found is service for found in gc.get_objects())
        finally:
            service.stop()
            await asyncio.wait_for(running, 60)
            listener.close()
            journal.close()
            gc.unfreeze()
