"""How fast can one address guess the SSH password? A measurement, not a test.

    python -m server.tools.ssh_guessing --connections 240 --seconds 20

Starts a ``password`` gateway on 127.0.0.1 and, from one address, keeps that many
connections guessing wrong passwords for that long (each dropped connection is opened
again at once). Prints how many passwords the gateway actually checked, per second,
and how the attempts ended. Figures go to docs/ssh.md.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import Counter
from pathlib import Path

import asyncssh

from server.ssh.gateway import start_ssh

PASSWORD = "the-right-one"


class _Guesser(asyncssh.SSHClient):
    def __init__(self) -> None:
        self._n = 0

    def password_auth_requested(self) -> str | None:
        self._n += 1
        return f"guess-{self._n}" if self._n <= 100 else None


async def _guess_forever(port: int, address: str, outcomes: Counter[str]) -> None:
    while True:
        try:
            conn = await asyncssh.connect(
                "127.0.0.1", port, username="ana", local_addr=(address, 0),
                known_hosts=None, config=None, client_keys=None, agent_path=None,
                client_factory=_Guesser, login_timeout=60,
            )  # fmt: skip
            conn.close()
            outcomes["logged in (!)"] += 1
        except asyncssh.DisconnectError as exc:
            outcomes[exc.reason.split(";")[0].split("(")[0].strip()] += 1
        except OSError as exc:
            outcomes[type(exc).__name__] += 1


async def measure(connections: int, seconds: float, address: str) -> None:
    with tempfile.TemporaryDirectory() as data:
        gw = await start_ssh(
            host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=1,
            data_dir=Path(data), auth="password", password=PASSWORD,
        )  # fmt: skip
        checked: list[float] = []
        check = gw.policy.password_ok

        def counting(password: str) -> bool:
            checked.append(time.monotonic())
            return check(password)

        gw.policy.password_ok = counting  # type: ignore[method-assign]
        outcomes: Counter[str] = Counter()
        start = time.monotonic()
        tasks = [
            asyncio.ensure_future(_guess_forever(gw.port, address, outcomes))
            for _ in range(connections)
        ]
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        elapsed = time.monotonic() - start
        await gw.close()
    print(f"{connections} parallel connections from {address} for {elapsed:.0f} s:")
    print(f"  passwords checked: {len(checked)} ({len(checked) / elapsed:.2f}/s)")
    print(f"  checked in the last half: {sum(1 for t in checked if t - start > elapsed / 2)}")
    for outcome, count in outcomes.most_common():
        print(f"  {count:6d} x {outcome}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=240)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--address", default="127.0.0.2", help="a loopback source address")
    args = parser.parse_args()
    asyncio.run(measure(args.connections, args.seconds, args.address))


if __name__ == "__main__":
    main()
