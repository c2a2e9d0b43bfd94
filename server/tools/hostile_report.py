"""The benchmark page's sections on the loads that once broke the server (issue 9):
clients that ask and never read (`prtui bench deaf`), and the lobby of a host with
thousands of finished games (`prtui bench lobby`). Kept apart from
server/tools/benchmarks.py so that page's builder stays readable.
"""

from __future__ import annotations

import json

from server.tools.bench_run import Run, _figure


def hostile_runs() -> list[Run]:
    """The loads that once broke the server (issue 9): deaf clients, a huge archive."""
    return [
        Run(
            "server: 8 clients that never read, 1,000 rooms",
            ["bench", "deaf", "--deaf", "8", "--rooms", "1000", "--json"],
        ),
        Run(
            "server: the lobby with 10,000 finished games",
            ["bench", "lobby", "--finished", "10000", "--json"],
        ),
        Run(
            "server: 16 clients search 10,000 finished games",
            ["bench", "search", "--finished", "10000", "--searchers", "16", "--json"],
        ),
        Run(
            "server: 16 connections replay 40 finished games",
            ["bench", "replay", "--games", "40", "--connections", "16", "--json"],
        ),
        Run(
            "server: 10,000 connections come and go",
            ["bench", "churn", "--connections", "10000", "--json"],
        ),
    ]


def render_hostile(runs: list[Run]) -> list[str]:
    """The deaf-client and lobby sections (empty when neither ran)."""
    deaf = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "deaf"]), None)
    lobby = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "lobby"]), None)
    churn = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "churn"]),
                 None)
    search = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "search"]),
                  None)
    replay = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "replay"]),
                  None)
    out: list[str] = []
    if replay:
        out += [
            "## Server: replaying many finished games",
            "",
            f"{replay.get('games')} finished five-player games stored; "
            f"{replay.get('connections')} connections from one address replay random games "
            "at random steps as fast as allowed while one player plays Puerto Rico against "
            f"a random bot for {_figure(replay.get('seconds'))} s. The player's `act` to "
            f"`ack`: p50 {_figure(replay.get('act_p50_ms'))} ms, p99 "
            f"{_figure(replay.get('act_p99_ms'))} ms (before issue 23, replays built on the "
            "event loop: p50 57 ms, p99 257 ms on the same run, RSS peak 65 MB). Server RSS "
            f"{_figure(replay.get('rss_start_mb'))} MB at the start, peak "
            f"{_figure(replay.get('rss_peak_mb'))} MB; {replay.get('replays_answered')} "
            f"replays answered, {replay.get('replays_refused')} told `rate_limited`.",
            "",
        ]
    if search:
        out += [
            "## Server: searching the finished games",
            "",
            f"{_figure(search.get('finished'))} finished games stored; "
            f"{search.get('searchers')} clients, each from an address of its own, search them "
            "for names that match nothing as fast as allowed while one player plays Puerto "
            f"Rico against a random bot for {_figure(search.get('seconds'))} s. The player's "
            f"`act` to `ack`: p50 {_figure(search.get('act_p50_ms'))} ms, p99 "
            f"{_figure(search.get('act_p99_ms'))} ms (target < 50 ms; before issue 23 the "
            "search ran on the event loop: p50 723 ms, p99 920 ms on the same run). "
            f"{search.get('searches')} searches answered (p50 "
            f"{_figure(search.get('search_p50_ms'))} ms), {search.get('searches_refused')} "
            "told `rate_limited`.",
            "",
        ]
    if churn:
        out += [
            "## Server: connections that come and go",
            "",
            f"{churn.get('connections')} connections, eight at a time, each says hello, asks "
            "`list_rooms` and closes, against a real `prtui serve`. Server RSS (VmRSS) "
            f"{_figure(churn.get('rss_warm_mb'))} MB after the first 500, "
            f"{_figure(churn.get('rss_after_mb'))} MB after all: "
            f"{_figure(churn.get('growth_mb'))} MB more (target: within 5 MB; before issue 23 "
            "closed connections stayed in reference cycles the tuned collector never "
            "freed: 2.0 MB more on the same run).",
            "",
        ]
    if deaf:
        out += [
            "## Server: clients that ask and never read",
            "",
            f"A real `prtui serve` holding {_figure(deaf.get('rooms'))} waiting rooms; "
            f"{deaf.get('clients')} clients ask `list_rooms` as fast as allowed and never "
            f"read. Server RSS (VmRSS): {_figure(deaf.get('rss_start_mb'))} MB at the start, "
            f"peak {_figure(deaf.get('rss_peak_mb'))} MB (target < 150 MB), "
            f"{_figure(deaf.get('rss_after_mb'))} MB {_figure(deaf.get('settle_s'))} s after "
            "they were dropped (target: within 20 MB of the start); "
            f"{deaf.get('dropped')} of {deaf.get('clients')} dropped, the last after "
            f"{_figure(deaf.get('drop_s_max'))} s. Lobby push "
            f"{_figure(deaf.get('lobby_bytes'))} bytes; an ordinary client's `list_rooms` "
            f"meanwhile took at most {_figure(deaf.get('honest_list_rooms_ms_max'))} ms.",
            "",
        ]
    if lobby:
        out += [
            "## Server: the lobby of a long-lived host",
            "",
            f"{_figure(lobby.get('finished'))} finished five-player games stored: a new "
            f"client reaches the lobby in {_figure(lobby.get('lobby_ms_median'))} ms "
            f"(median; max {_figure(lobby.get('lobby_ms_max'))} ms over "
            f"{lobby.get('clients')} clients, target < 200 ms); the lobby push is "
            f"{_figure(lobby.get('lobby_bytes_max'))} bytes for {lobby.get('lobby_rooms')} "
            "rooms (target < 64 KiB). A page of older finished games: at most "
            f"{_figure(lobby.get('page_ms_max'))} ms; a search by player name "
            f"{_figure(lobby.get('search_ms'))} ms; replaying the oldest game "
            f"{_figure(lobby.get('replay_oldest_ms'))} ms. Server up in "
            f"{_figure(lobby.get('start_s'))} s, RSS {_figure(lobby.get('rss_mb'))} MB.",
            "",
        ]
    return out


def _cut(page: str, heading: str) -> str:
    """``page`` without the section that starts with the line ``heading`` (up to the
    next heading of the same or a higher level)."""
    lines = page.split("\n")
    if heading not in lines:
        return page
    start = lines.index(heading)
    level = heading.split(" ", 1)[0]
    end = start + 1
    while end < len(lines) and not (
        lines[end].startswith("#")
        and lines[end].split(" ", 1)[0] in {"#" * n for n in range(1, len(level) + 1)}
    ):
        end += 1
    return "\n".join(lines[:start] + lines[end:])


def splice(page: str, runs: list[Run], info: dict[str, str], when: str) -> str:
    """``page`` (docs/benchmarks.md) with only these runs' sections and raw figures
    replaced, so `--hostile-only` refreshes them without rerunning every bench."""
    sections = render_hostile(runs)
    note = [f"Measured {when} on {info['cpu']} ({info['cores']} cores), {info['python']}.", ""]
    raw = []
    for r in runs:
        raw += [f"### {r.title}", "", "```", r.command, "```", ""]
        if r.figures is not None:
            raw += ["```json", json.dumps(r.figures, indent=1, sort_keys=True), "```", ""]
        if r.problem:
            raw += [f"Not measured: {r.problem}.", ""]
    if not page:
        return "\n".join(sections + note + raw)
    for heading in [ln for ln in sections if ln.startswith("## ")]:
        page = _cut(page, heading)
    for r in runs:
        page = _cut(page, f"### {r.title}")
    with_note = []
    for ln in sections:
        with_note.append(ln)
        if ln.startswith("## "):
            with_note += ["", note[0]]
    anchor = next(
        (
            a
            for a in ("## Bots: arena", "## Commands and raw figures")
            if any(ln.startswith(a) for ln in page.split("\n"))
        ),
        None,
    )
    if anchor is None:
        page = page.rstrip("\n") + "\n\n" + "\n".join(with_note)
    else:
        i = page.index(anchor)
        page = page[:i] + "\n".join(with_note) + "\n" + page[i:]
    return page.rstrip("\n") + "\n\n" + "\n".join(raw).rstrip("\n") + "\n"
