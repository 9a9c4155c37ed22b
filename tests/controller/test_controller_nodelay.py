"""Every connection the service accepts sends at once (``TCP_NODELAY``): an answer written in
two pieces (head, then body) must not wait for the client's delayed acknowledgement of the
first, as it would under Nagle's algorithm on a kept-alive connection."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from pathlib import Path

from controller.cli.run import open_board
from controller.config import Config
from controller.records.journal import Journal
from controller.server.service import Service, bind

Address = tuple[str, int]


def accepted_socket_nodelay(server: Address, client: Address) -> int:
    """``TCP_NODELAY`` of this process's socket that accepted ``client`` at ``server``."""
    for fd in os.listdir("/proc/self/fd"):
        with (
            contextlib.suppress(OSError),
            socket.fromfd(int(fd), socket.AF_INET, socket.SOCK_STREAM) as sock,
        ):
            if sock.getsockname() == server and sock.getpeername() == client:
                return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    raise AssertionError(f"no accepted socket of {client} at {server}")


async def test_accepted_connections_have_tcp_nodelay(tmp_path: Path) -> None:
    config = Config()
    listener = bind("127.0.0.1", 0)
    server: Address = listener.getsockname()
    with open_board("sim", config, tmp_path / "sim.json") as board:
        journal = Journal(tmp_path)
        service = Service(board, config, journal, host=server[0], port=server[1], token="t")
        running = asyncio.create_task(service.run(listener))
        try:
            reader, writer = await asyncio.open_connection(*server)
            request = f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{server[1]}\r\n\r\n"
            writer.write(request.encode())
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
            assert head.startswith(b"HTTP/1.1 200")
            client: Address = writer.get_extra_info("sockname")
            assert accepted_socket_nodelay(server, client) == 1
            writer.close()
        finally:
            service.stop()
            await asyncio.wait_for(running, 60)
            listener.close()
            journal.close()
