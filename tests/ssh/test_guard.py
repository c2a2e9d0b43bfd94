"""Password guessing is limited per address, not per connection (server/ssh/guard.py).

The gateway's clock is replaced by one the test moves, so the backoff is stepped
through without sleeping; what is asserted is which passwords get checked and which
logins are refused, never how fast anything happens.
"""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from server.net.addresses import canonical_address
from server.ssh import guard as guard_module
from server.ssh import login as login_module
from server.ssh.gateway import SshGateway
from server.ssh.guard import (
    BACKOFF_FIRST_S,
    FAILURES_BEFORE_BACKOFF,
    FORGET_AFTER_S,
    LoginGuard,
)
from tests.ssh.conftest import GatewayFactory

PASSWORD = "s3cret"


class Guesser(asyncssh.SSHClient):
    """Tries ``guesses`` one by one; may first wait at ``gate`` (after saying ``asked``)."""

    def __init__(
        self,
        guesses: list[str],
        gate: asyncio.Event | None = None,
        asked: asyncio.Event | None = None,
    ) -> None:
        self._guesses = list(guesses)
        self._gate = gate
        self._asked = asked

    async def password_auth_requested(self) -> str | None:
        if self._asked is not None:
            self._asked.set()
        if self._gate is not None:
            await self._gate.wait()
        return self._guesses.pop(0) if self._guesses else None


async def login(
    port: int, address: str, *guesses: str, gate: asyncio.Event | None = None,
    asked: asyncio.Event | None = None,
) -> asyncssh.SSHClientConnection:  # fmt: skip
    return await asyncssh.connect(
        "127.0.0.1", port, username="ana", local_addr=(address, 0),
        known_hosts=None, config=None, client_keys=None, agent_path=None,
        client_factory=lambda: Guesser(list(guesses), gate, asked),
    )  # fmt: skip


async def logs_in(port: int, address: str, password: str = PASSWORD) -> None:
    conn = await login(port, address, password)
    conn.close()
    await conn.wait_closed()


async def refused(port: int, address: str, password: str = PASSWORD) -> str:
    """The reason the gateway gives for refusing a login (a correct one, by default)."""
    with pytest.raises(asyncssh.DisconnectError) as error:
        await login(port, address, password)
    return error.value.reason


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def gateway(
    make_gateway: GatewayFactory, monkeypatch: pytest.MonkeyPatch
) -> tuple[SshGateway, Clock, list[str]]:
    """A password gateway on a stopped clock, and the list of passwords it checked."""
    monkeypatch.setattr(login_module, "FAILED_PASSWORD_DELAY_S", 0.01)
    gw = await make_gateway(auth="password", password=PASSWORD)
    clock = Clock()
    gw.guard.clock = clock
    checked: list[str] = []
    check = gw.policy.password_ok
    monkeypatch.setattr(gw.policy, "password_ok", lambda pw: checked.append(pw) or check(pw))
    return gw, clock, checked


async def test_parallel_guessing_from_one_address_gets_few_passwords_checked(
    gateway: tuple[SshGateway, Clock, list[str]],
) -> None:
    gw, clock, checked = gateway
    guesses = [f"guess{i}" for i in range(20)]
    outcomes = await asyncio.gather(
        *(login(gw.port, "127.0.0.2", *guesses) for _ in range(12)), return_exceptions=True
    )
    assert all(isinstance(o, asyncssh.Error | OSError) for o in outcomes)
    assert len(checked) == FAILURES_BEFORE_BACKOFF  # out of 240 guesses sent
    # from now on even the right password is not checked from there, and ssh says why
    reason = await refused(gw.port, "127.0.0.2")
    assert "too many wrong passwords from your address" in reason
    assert f"try again in {int(BACKOFF_FIRST_S)} s" in reason
    assert len(checked) == FAILURES_BEFORE_BACKOFF
    await logs_in(gw.port, "127.0.0.3")  # another address is not punished
    clock.now += BACKOFF_FIRST_S
    await logs_in(gw.port, "127.0.0.2")  # the wait is over


async def test_the_wait_doubles_with_each_further_wrong_password(
    gateway: tuple[SshGateway, Clock, list[str]],
) -> None:
    gw, clock, checked = gateway
    with pytest.raises(asyncssh.DisconnectError):
        await login(gw.port, "127.0.0.2", *[f"g{i}" for i in range(FAILURES_BEFORE_BACKOFF)])
    clock.now += BACKOFF_FIRST_S
    with pytest.raises(asyncssh.DisconnectError):
        await login(gw.port, "127.0.0.2", "one more")  # checked, wrong: now twice as long
    clock.now += BACKOFF_FIRST_S
    assert "too many wrong passwords" in await refused(gw.port, "127.0.0.2")
    clock.now += BACKOFF_FIRST_S
    await logs_in(gw.port, "127.0.0.2")
    # a right password wipes the slate: one typo afterwards costs no wait
    with pytest.raises(asyncssh.DisconnectError):
        await login(gw.port, "127.0.0.2", "typo")
    await logs_in(gw.port, "127.0.0.2")
    assert checked.count(PASSWORD) == 2


def test_an_address_is_forgotten_after_a_quiet_while_and_the_table_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    guard = LoginGuard(clock)
    for _ in range(FAILURES_BEFORE_BACKOFF + 3):
        guard.failed("10.0.0.1")
    assert guard.wait_left("10.0.0.1") == BACKOFF_FIRST_S * 8
    clock.now += FORGET_AFTER_S + 1
    assert guard.wait_left("10.0.0.1") == 0
    guard.failed("10.0.0.1")
    assert guard.wait_left("10.0.0.1") == 0  # a fresh slate: one wrong password is free
    monkeypatch.setattr(guard_module, "MAX_TRACKED_ADDRESSES", 3)
    for n in range(10):
        clock.now += 1
        guard.failed(f"10.0.1.{n}")
    assert len(guard._records) <= 3


def test_ipv4_through_an_ipv6_socket_is_the_same_address() -> None:
    assert canonical_address("::ffff:192.168.1.5") == "192.168.1.5"
    assert canonical_address("2001:db8:0::1") == "2001:db8::1"
    assert canonical_address("not an address") == "not an address"
