"""Connections that never log in are capped as they are accepted (server/ssh/startups.py).

Raw TCP connections that send nothing stand for a flood of stalled clients: the ones
over a cap get the version line and an SSH disconnect whose reason says why, then EOF;
the others wait for their login timeout. What is asserted is who gets in, what they are
told and what is logged, never how fast anything happens.
"""

from __future__ import annotations

import asyncio
import logging
import re
import resource
import sys
from pathlib import Path

import asyncssh
import pytest

from prtui.netclient import Client
from server.ssh import fds
from server.ssh import gateway as gateway_module
from server.ssh.startups import MAX_STARTUPS_PER_ADDRESS, parse_max_startups
from tests.ssh.conftest import WAIT_S, GatewayFactory, open_terminal, until

Stream = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def stalled(port: int, address: str, n: int) -> list[Stream]:
    return [
        await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        for _ in range(n)
    ]


async def first_bytes(stream: Stream) -> bytes:
    """What the gateway says first: its banner."""
    return await asyncio.wait_for(stream[0].read(8), WAIT_S)


async def hung_up(stream: Stream) -> bytes:
    """Everything the gateway sends until it closes the connection: a refused one gets
    its version line and a disconnect packet (its reason in plain text), then EOF."""
    return await asyncio.wait_for(stream[0].read(), WAIT_S)


PER_ADDRESS_REFUSAL = b"too many connections from your address are logging in at once"


def close_all(streams: list[Stream]) -> None:
    for _, writer in streams:
        writer.close()


async def test_stalled_connections_over_the_cap_are_closed_before_the_banner(
    make_gateway: GatewayFactory, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    gw = await make_gateway()
    flood = await stalled(gw.port, "127.0.0.2", MAX_STARTUPS_PER_ADDRESS + 40)
    try:
        said = [await first_bytes(s) for s in flood[:MAX_STARTUPS_PER_ADDRESS]]
        assert all(s.startswith(b"SSH-2.0-") for s in said)
        for refused in flood[MAX_STARTUPS_PER_ADDRESS:]:
            assert PER_ADDRESS_REFUSAL in await hung_up(refused)  # told why, then closed
        assert gw.startups.startups_from("127.0.0.2") == MAX_STARTUPS_PER_ADDRESS
        # a player from elsewhere logs in and plays meanwhile
        ana = await open_terminal(gw.port, "ana", local_addr=("127.0.0.3", 0))
        await ana.expect("READY")
        await ana.close()
    finally:
        close_all(flood)
    gw.startups._report()  # what is counted but not yet told (due 10 s after the first)
    refusals = [r.getMessage() for r in caplog.records if "before login" in r.getMessage()]
    assert len(refusals) <= 2  # the first at once, then one line for the rest
    told = [re.findall(r"(\d+) \(", line) for line in refusals]
    assert sum(int(n) for counts in told for n in counts) == 40
    assert not any(r.exc_info for r in caplog.records)  # and no traceback


async def test_unauthenticated_connections_are_capped_in_all(
    make_gateway: GatewayFactory,
) -> None:
    """Only when every address holds one place each is a newcomer refused."""
    gw = await make_gateway()
    gw.startups.full = gw.startups.start = 2
    flood: list[Stream] = []
    try:
        for n in (2, 3):
            flood += await stalled(gw.port, f"127.0.0.{n}", 1)
        await until(lambda: gw.startups.startups == 2, "two logins under way")
        late = await stalled(gw.port, "127.0.0.4", 1)
        flood += late
        assert b"too many logins under way" in await hung_up(late[0])
        # a finished login frees its place at once: the next one gets in
        close_all(flood[:1])
        await until(lambda: gw.startups.startups < gw.startups.full, "a place freed")
        ana = await open_terminal(gw.port, "ana", local_addr=("127.0.0.4", 0))
        await ana.expect("READY")
        await ana.close()
    finally:
        close_all(flood)


async def test_no_ssh_connection_is_taken_when_descriptors_run_low(
    make_gateway: GatewayFactory, caplog: pytest.LogCaptureFixture
) -> None:
    gw = await make_gateway()
    (probe,) = await stalled(gw.port, "127.0.0.2", 1)
    assert (await first_bytes(probe)).startswith(b"SSH-2.0-")
    gw.startups.fd_ceiling = 3  # as if every descriptor but the game port's were in use
    (late,) = await stalled(gw.port, "127.0.0.3", 1)
    try:
        assert b"short of resources" in await hung_up(late)
        assert any("descriptors" in r.getMessage() for r in caplog.records)
    finally:
        close_all([probe, late])


async def test_simultaneous_logins_from_one_address_all_get_in(
    make_gateway: GatewayFactory,
) -> None:
    """A house behind NAT: as many logins at once as it may have sessions."""
    gw = await make_gateway(max_sessions=12, max_sessions_per_address=12)
    terms = await asyncio.gather(
        *(open_terminal(gw.port, f"p{i}", local_addr=("127.0.0.5", 0)) for i in range(12))
    )
    try:
        for term in terms:
            await term.expect("READY")
    finally:
        for term in terms:
            await term.close()


async def test_a_connection_that_never_logs_in_is_dropped_after_the_grace_time(
    make_gateway: GatewayFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gateway_module, "LOGIN_TIMEOUT_S", 1)
    gw = await make_gateway()
    (quiet,) = await stalled(gw.port, "127.0.0.2", 1)
    try:
        assert (await first_bytes(quiet)).startswith(b"SSH-2.0-")
        assert await asyncio.wait_for(quiet[0].read(), WAIT_S) is not None  # EOF came
        assert quiet[0].at_eof()
    finally:
        close_all([quiet])


def _fd_limit_1024() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


async def _ports(out: asyncio.StreamReader) -> tuple[int, int]:
    game = 0
    while True:
        line = (await out.readline()).decode()
        if not line:
            raise AssertionError("prtui serve ended before its SSH gateway started")
        if found := re.match(r"prtui server on [^ ]+:(\d+) ", line):
            game = int(found.group(1))
        if found := re.match(r"SSH on [^ ]+:(\d+) ", line):
            return game, int(found.group(1))


async def test_a_flood_under_a_1024_file_limit_locks_nobody_out(tmp_path: Path) -> None:
    """The reported case: 1,100 stalled connections from one address, a 1,024 limit that
    cannot be raised. Game clients and SSH logins still get in; the log stays short."""
    serve = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "prtui", "serve", "--port", "0", "--ssh-port", "0",
        "--data", str(tmp_path / "data"),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, preexec_fn=_fd_limit_1024,
    )  # fmt: skip
    assert serve.stdout is not None and serve.stderr is not None
    flood: list[Stream] = []
    try:
        game_port, ssh_port = await asyncio.wait_for(_ports(serve.stdout), WAIT_S)
        flood = await stalled(ssh_port, "127.0.0.2", 1100)
        for refused in flood[-50:]:
            assert PER_ADDRESS_REFUSAL in await hung_up(refused)
        client = await asyncio.wait_for(Client.connect("127.0.0.1", game_port, "bea"), WAIT_S)
        await client.close()
        conn = await asyncssh.connect(
            "127.0.0.1", ssh_port, username="cid", local_addr=("127.0.0.3", 0),
            known_hosts=None, config=None, client_keys=None, agent_path=None, password="",
        )  # fmt: skip
        conn.close()
        await conn.wait_closed()
    finally:
        close_all(flood)
        serve.terminate()
        await asyncio.wait_for(serve.wait(), WAIT_S)
    log = (await serve.stderr.read()).decode()
    assert "Traceback" not in log
    assert len(log.splitlines()) <= 3, log[-2000:]


async def test_the_soft_file_limit_is_raised_when_the_hard_one_allows() -> None:
    def soft_1024_hard_4096() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 4096))

    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c",
        "import resource; from server.ssh.fds import raise_fd_limit; raise_fd_limit(); "
        "print(resource.getrlimit(resource.RLIMIT_NOFILE))",
        stdout=asyncio.subprocess.PIPE, preexec_fn=soft_1024_hard_4096,
    )  # fmt: skip
    out, _ = await asyncio.wait_for(proc.communicate(), WAIT_S)
    assert out.decode().strip() == "(4096, 4096)"


async def test_failed_accepts_are_one_line_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """What asyncio reports for every accept a listener retries without a descriptor."""
    loop = asyncio.get_running_loop()
    before = loop.get_exception_handler()
    try:
        fds.quiet_accept_errors(loop)
        fds.quiet_accept_errors(loop)  # a second gateway on the loop adds nothing
        for _ in range(1000):
            loop.call_exception_handler({
                "message": "socket.accept() out of system resource",
                "exception": OSError(24, "Too many open files"),
            })  # fmt: skip
    finally:
        loop.set_exception_handler(before)
    lines = [r for r in caplog.records if "cannot accept" in r.getMessage()]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert "Too many open files" in lines[0].getMessage()


async def test_ten_addresses_holding_their_quota_lock_no_login_out(
    make_gateway: GatewayFactory,
) -> None:
    """Issue 33: ten addresses with ten silent connections each made every login from a
    fresh address fail with a reset. Now a newcomer takes the place of the oldest login
    of a hoarding address, and early drop thins the hoarders before the gate is full."""
    gw = await make_gateway()
    flood: list[Stream] = []
    try:
        for n in range(2, 12):
            flood += await stalled(gw.port, f"127.0.0.{n}", MAX_STARTUPS_PER_ADDRESS)
        await until(lambda: gw.startups.connections >= gw.startups.start, "the flood held")
        for i in range(5):  # one after another, as a player retrying would
            term = await open_terminal(gw.port, f"p{i}", local_addr=("127.0.0.12", 0))
            await term.expect("READY")
            await term.close()
        assert gw.startups.startups <= gw.startups.full
    finally:
        close_all(flood)


async def test_a_full_gate_hangs_up_the_hoarders_oldest_login_with_a_reason(
    make_gateway: GatewayFactory,
) -> None:
    gw = await make_gateway()
    gw.startups.start = gw.startups.full = 3
    flood = await stalled(gw.port, "127.0.0.2", 3)
    try:
        await until(lambda: gw.startups.startups == 3, "three logins under way")
        term = await open_terminal(gw.port, "ana", local_addr=("127.0.0.3", 0))
        await term.expect("READY")
        assert b"your login took too long while the server was busy" in await hung_up(flood[0])
        assert gw.startups.startups_from("127.0.0.2") == 2
        await term.close()
    finally:
        close_all(flood)


async def test_early_drop_spares_an_address_with_no_login_under_way(
    make_gateway: GatewayFactory,
) -> None:
    gw = await make_gateway()
    gw.startups.start, gw.startups.full = 2, 50
    gw.startups._chance = lambda: 0.0  # every draw drops (beyond start, from a busy address)
    flood = await stalled(gw.port, "127.0.0.2", 2)
    try:
        await until(lambda: gw.startups.startups == 2, "two logins under way")
        (third,) = await stalled(gw.port, "127.0.0.2", 1)
        flood.append(third)
        assert b"too many logins under way; try again in a few seconds" in await hung_up(third)
        term = await open_terminal(gw.port, "ana", local_addr=("127.0.0.3", 0))
        await term.expect("READY")
        await term.close()
    finally:
        close_all(flood)


async def test_a_refused_ssh_client_is_told_why(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    flood = await stalled(gw.port, "127.0.0.2", MAX_STARTUPS_PER_ADDRESS)
    try:
        await until(lambda: gw.startups.startups == MAX_STARTUPS_PER_ADDRESS, "the quota held")
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await asyncssh.connect(
                "127.0.0.1", gw.port, username="ana", local_addr=("127.0.0.2", 0),
                known_hosts=None, config=None, client_keys=None, agent_path=None,
            )  # fmt: skip
        assert "too many connections from your address" in refused.value.reason
    finally:
        close_all(flood)


def test_max_startups_reads_like_sshd_config() -> None:
    assert parse_max_startups("10:30:100") == (10, 30, 100)
    assert parse_max_startups("20") == (20, 100, 20)
    for wrong in ("a:b:c", "10:30", "50:30:10", "10:130:100", "0:30:100"):
        with pytest.raises(ValueError):
            parse_max_startups(wrong)


async def test_ssh_sessions_from_one_ipv6_64_share_the_cap(
    make_gateway: GatewayFactory,
) -> None:
    """Loopback has no second IPv6 /64 to log in from: the gateway's own count is asked."""
    gw = await make_gateway(max_sessions=8, max_sessions_per_address=1)
    assert gw.claim_session("2001:db8:3:3::1") is None
    assert "too many sessions from your address" in str(gw.claim_session("2001:db8:3:3::2"))
    assert gw.claim_session("2001:db8:3:4::1") is None
    gw.release_session("2001:db8:3:3::1")
    assert gw.claim_session("2001:db8:3:3::9") is None
