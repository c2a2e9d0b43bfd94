"""A light stand-in for the TUI that really joins the game server, as `prtui connect` does.

It opens the connection with the client library (prtui.netclient, the TUI's own), so the
relayed address the gateway put in its environment goes into the hello as it would for
the TUI. Prints ``WELCOME <conn>`` or ``REFUSED <code>: <message>``, then stays
connected until the session hangs it up.
"""

from __future__ import annotations

import asyncio
import sys

from prtui.netclient import Client, HandshakeError


async def main(host: str, port: int, name: str) -> int:
    try:
        client = await Client.connect(host, port, name)
    except HandshakeError as exc:
        print(f"REFUSED {exc.code}: {exc.message}", flush=True)
        return 1
    print(f"WELCOME {client.conn}", flush=True)
    await asyncio.Event().wait()  # SIGHUP from the gateway ends us
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3])))
