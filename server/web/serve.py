"""The web gateway from the command line: ``prtui serve --web-port`` and ``prtui web``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from server.ssh.gateway import MAX_SESSIONS_PER_ADDRESS


async def start_from_args(args: argparse.Namespace, server: Any, host: str, game_port: int,
                          data: Path) -> Any:
    """Start the gateway beside a running game server; None (said on stderr) on failure."""
    try:
        from server.web.gateway import start_web
    except ImportError as exc:
        print(f"prtui: the web gateway is unavailable: {exc}", file=sys.stderr)
        return None
    try:
        gateway = await start_web(
            host=host, port=args.web_port,
            game_host="127.0.0.1" if host in ("0.0.0.0", "::", "") else host,
            game_port=game_port, data_dir=data,
            max_sessions=getattr(args, "web_max_sessions", 32),
            max_sessions_per_address=getattr(args, "web_max_per_address",
                                             MAX_SESSIONS_PER_ADDRESS),
            relay_proof=server.relay_proof,  # browser players count as their own address
            public_url=getattr(args, "web_public_url", None),
            trusted_proxies=getattr(args, "web_trusted_proxy", None) or (),
            host_names=getattr(args, "web_host_name", None) or (),
            max_waiting=getattr(args, "web_max_waiting", 128),
            max_waiting_per_address=getattr(args, "web_max_waiting_per_address", 16),
            header_timeout_s=getattr(args, "web_header_timeout", 5.0),
            starts_per_minute=getattr(args, "web_starts_per_minute", 12.0),
            max_homes=getattr(args, "web_max_homes", 1000),
            home_days=getattr(args, "web_home_days", 30.0),
        )
    except (ValueError, OSError) as exc:
        print(f"prtui serve: web gateway not started: {exc}", file=sys.stderr)
        return None
    # a NAT address's browser tabs may reach the game port as often as the gateway lets them
    addresses = server.addresses
    addresses.relayed_limit = max(addresses.relayed_limit, gateway.places.max_per_address)
    shown = f"[{host}]" if ":" in host else host
    print(f"web on http://{shown}:{gateway.port}/", flush=True)
    return gateway
