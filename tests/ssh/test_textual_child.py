"""Textual's own driver on the gateway's pty: the size it sees, live resizes, keys."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from server.ssh.auth import Identity
from server.ssh.session import RESET_TERMINAL
from tests.ssh.conftest import GatewayFactory, open_terminal

TEXTUAL_CHILD = Path(__file__).with_name("textual_child.py")


def textual_command(identity: Identity, term_type: str) -> tuple[list[str], dict[str, str]]:
    return [sys.executable, str(TEXTUAL_CHILD)], {}


async def test_textual_app_sizes_resizes_and_reads_keys(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway(command=textual_command)
    term = await open_terminal(gw.port, "ana")
    try:
        await term.expect("LOBBY 100x30")
        term.proc.change_terminal_size(120, 40)
        await term.expect("LOBBY 120x40")
        term.send("b")
        await term.expect("BOARD 120x40")
        term.send("q")
        rest = await asyncio.wait_for(term.proc.stdout.read(), 20)
        await asyncio.wait_for(term.proc.wait_closed(), 20)
        assert term.proc.exit_status == 0
        assert not (bytes(term.output) + rest).endswith(RESET_TERMINAL)  # Textual did it
    finally:
        await term.close()
