"""The benchmark page's sections on browser sessions (issue 26, `prtui bench web`; issue 33,
`prtui bench web-churn`). Kept
apart from server/tools/benchmarks.py so that page's builder stays readable;
`python -m server.tools.benchmarks --web-only --write docs/benchmarks.md` refreshes it
alone."""

from __future__ import annotations

import importlib.util
import json

from server.tools.bench_run import Run, _figure
from server.tools.browser import chromium_path
from server.tools.hostile_report import _cut

HEADING = "## Browser sessions: the TUI in Chromium"
CHURN_HEADING = "## Browser sessions: one address churning them"
SESSIONS_HEADING = "## SSH and browser sessions: forked by a warm parent"


def web_runs() -> list[Run]:
    run = Run("web: one browser session, then 20 at once",
              ["bench", "web", "--sessions", "20", "--seconds", "30", "--json"])
    if importlib.util.find_spec("playwright") is None:
        run.problem = "playwright is not installed (a dev dependency)"
    elif chromium_path() is None:
        run.problem = "no Chromium on this machine (apt-get install chromium)"
    churn = Run("web: other games while one address churns browser sessions",
                ["bench", "web-churn", "--json"])
    sessions = Run("sessions: SSH sessions forked by the warm parent, and spawned",
                   ["bench", "sessions", "--sessions", "24", "--spawned", "6", "--json"])
    return [run, churn, sessions]


def _key(figures: dict[str, object], unit: str = "keys") -> str:
    return (f"p50 {_figure(figures.get('p50_ms'))} ms, p95 {_figure(figures.get('p95_ms'))} ms, "
            f"p99 {_figure(figures.get('p99_ms'))} ms, max {_figure(figures.get('max_ms'))} ms "
            f"over {figures.get('n')} {unit}")


def render_web(runs: list[Run]) -> list[str]:
    web = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "web"]), None)
    if not web:
        return []
    one, many = web.get("one") or {}, web.get("many") or {}
    out = [
        HEADING,
        "",
        "A loopback GameServer, the web gateway and Debian's headless Chromium under",
        "Playwright, one `prtui connect` child per page; key latency is measured in the page",
        "(keydown to the first screen bytes on its websocket). Goals: keys < "
        f"{web.get('target_ms')} ms at p95 on loopback; with 20 sessions at once no key's p99 "
        f"over it. The machine's 1-minute load average at the start: "
        f"{web.get('load_1min_at_start')} on {web.get('cores')} cores.",
        "",
        f"- One session: page opened → lobby drawn {_figure(one.get('lobby_s'))} s; start key "
        f"→ San Juan board drawn {_figure(one.get('start_to_board_s'))} s (first board "
        f"{_figure(one.get('first_board_s'))} s, the player's own keys not counted).",
        f"- Keys on the board (action list cursor): {_key(one.get('key_actions') or {})}.",
        f"- `?`/Escape (the help screen drawn whole, then the board): "
        f"{_key(one.get('key_help') or {})}.",
        f"- Memory per session (its child): RSS {_figure(one.get('child_rss_mib'))} MiB, PSS "
        f"{_figure(one.get('child_pss_mib'))} MiB; tab closed → child ended "
        f"{_figure(one.get('tab_close_to_child_end_s'))} s.",
    ]
    if many:
        out += [
            f"- {many.get('sessions')} sessions at once against a `prtui serve --web-port` "
            f"process (each page its own browser context, from {many.get('addresses')} "
            f"addresses; the load average below is mostly the bench's own 20 Chromium pages "
            f"and 20 TUI processes): all lobbies drawn {_figure(many.get('all_lobbies_s'))} s after opening; "
            f"{_figure(many.get('keys_per_s_each'))} key/s each for "
            f"{_figure(many.get('seconds'))} s (room cursor): {_key(many.get('key') or {})}, "
            f"{many.get('keys_without_update')} keys without an update, timed after "
            f"{_figure(many.get('settle_s'))} s of settling (load average "
            f"{' → '.join(str(x) for x in many.get('load_1min') or [])}); children PSS "
            f"{_figure(many.get('child_pss_mib_mean'))} MiB each, "
            f"{_figure(many.get('children_pss_mib_total'))} MiB in all; the serving process "
            f"{_figure(many.get('serve_rss_mib'))} MiB RSS.",
            f"- Meanwhile a terminal player's moves on the same server (Puerto Rico against a "
            f"bot, move sent → acknowledged): {_key(many.get('actions') or {}, 'moves')}.",
        ]
    goal = float(web.get("target_ms") or 100.0)
    alone = (one.get("key_actions") or {}).get("p95_ms")
    crowd = (many.get("key") or {}).get("p99_ms") if many else None
    acting = (many.get("actions") or {}).get("p99_ms") if many else None
    out.append(f"- Goals: one session's keys p95 < {goal:g} ms: "
               f"{_verdict(alone, goal)}; {many.get('sessions') if many else 20} sessions "
               f"at once, keys p99 < {goal:g} ms: {_verdict(crowd, goal)}, game actions p99 "
               f"< {goal:g} ms: {_verdict(acting, goal)} (the pages' Chromium shares these 2 "
               "cores with the children; the load average is quoted above).")
    return [*out, ""]


def render_churn(runs: list[Run]) -> list[str]:
    """`prtui bench web-churn`'s section (empty when it did not run)."""
    fig = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "web-churn"]),
               None)
    if not fig:
        return []
    quiet, churn = fig.get("quiet") or {}, fig.get("churn") or {}
    load = fig.get("load_1min") or []
    goal = float(fig.get("target_ms") or 50.0)
    return [
        CHURN_HEADING,
        "",
        f"A real `prtui serve --web-port` on loopback; {fig.get('players')} terminal players, "
        "each from an address of its own, play Puerto Rico against a random bot, each move "
        f"timed from `act` to `ack`: {_figure(fig.get('seconds'))} s alone, then "
        f"{_figure(fig.get('seconds'))} s while {fig.get('churners')} clients from one address "
        "open browser sessions as fast as the gateway lets them (each waits for its "
        "session's first screen or its refusal, closes it and goes again; every other one "
        "a new browser with a cookie, so a home that stays). 1-minute load average "
        f"{' / '.join(str(x) for x in load)} (start, between, end) on {fig.get('cores')} "
        "cores shared with other work.",
        "",
        f"- Moves without churn: {_key(quiet, 'moves')}; the server "
        f"{quiet.get('server_cpu_pct')} % busy, {quiet.get('server_waiting_for_cpu_pct')} % "
        "waiting for a CPU.",
        f"- Moves with churn: {_key(churn, 'moves')}; the server "
        f"{churn.get('server_cpu_pct')} % busy, {churn.get('server_waiting_for_cpu_pct')} % "
        "waiting for a CPU.",
        f"- The churning address: {fig.get('attempts')} attempts, {fig.get('started')} "
        f"sessions started (12 a minute, 6 at once), {fig.get('refused')} refused "
        f"({fig.get('outcomes')}); at most {fig.get('sessions_at_once_max')} session "
        f"processes at once; homes at most {fig.get('homes_max')} with "
        f"`--web-max-homes {fig.get('max_homes')}`, {fig.get('homes_after')} after; "
        f"{fig.get('tracebacks')} tracebacks in the server's log.",
        f"- Goal: other games' action p99 < {goal:g} ms under the churn: "
        f"{_verdict(churn.get('p99_ms'), goal)}. Before issue 33's fix (refusals answered "
        "at once, a session's start at the server's priority), two runs of the same command "
        "at load 9.7 and 9.4: p99 139.8 and 127.2 ms (17.8 and 32.3 ms without churn), the "
        "server waiting for a CPU 67 % of the time, and 2,011 and 1,680 refusals "
        "answered in 30 s. After it, three runs by hand on 2026-12-07 (issue 33): p99 "
        "104.0, 144.1 and 29.1 ms (21.1, 28.1 and 12.5 ms without churn) at load 11.9, "
        "20.5 and 16.3, the server 7 to 9 % busy with or without churn; on these two "
        "shared cores the goal is met only when the machine is quieter.",
        "",
    ]


def render_sessions(runs: list[Run]) -> list[str]:
    """`prtui bench sessions`'s section (empty when it did not run)."""
    fig = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "sessions"]),
               None)
    if not fig:
        return []
    forked, spawned = fig.get("forked") or {}, fig.get("spawned") or {}
    f_one, s_one = forked.get("one") or {}, spawned.get("one") or {}
    f_idle, s_idle = forked.get("idle") or {}, spawned.get("idle") or {}
    pss_goal, board_goal = fig.get("target_pss_mib"), fig.get("target_first_board_s")
    at_100 = f_idle.get("pss_mib_at_100_with_parent")
    return [
        SESSIONS_HEADING,
        "",
        "A loopback GameServer and the SSH gateway in one process, asyncssh clients on "
        "ptys, one `prtui connect` per session: forked by the gateway's warm parent "
        "(server/ssh/forkserver.py, warm before the first login), then, in the same run, "
        "spawned as before (`PRTUI_FORK_SERVER=off`). Browser sessions are forked by the "
        "same code (`prtui bench web` reports theirs). Memory from /proc/PID/smaps_rollup "
        "once the sessions idle in the lobby; PSS splits each shared page among its sharers. "
        f"1-minute load average {fig.get('load_1min_at_start')} → "
        f"{fig.get('load_1min_at_end')} on {fig.get('cores')} cores shared with other work: "
        "the wall times below are mostly waiting for a CPU, the CPU seconds are not.",
        "",
        f"- First board, one session alone (login → lobby drawn, start key → San Juan board "
        f"drawn): forked {_figure(f_one.get('lobby_s'))} + "
        f"{_figure(f_one.get('start_to_board_s'))} = {_figure(f_one.get('first_board_s'))} s, "
        f"spawned {_figure(s_one.get('lobby_s'))} + {_figure(s_one.get('start_to_board_s'))} = "
        f"{_figure(s_one.get('first_board_s'))} s. The session's CPU by the lobby: forked "
        f"{_figure(f_one.get('lobby_cpu_s'))} s, spawned {_figure(s_one.get('lobby_cpu_s'))} s; "
        f"by the board: {_figure(f_one.get('board_cpu_s'))} s and "
        f"{_figure(s_one.get('board_cpu_s'))} s (the board's own drawing, the same either way). "
        f"At its board the forked session holds {_figure(f_one.get('board_uss_mib'))} MiB "
        f"of its own (USS; RSS {_figure(f_one.get('board_rss_mib'))}), the spawned one "
        f"{_figure(s_one.get('board_uss_mib'))} MiB (RSS {_figure(s_one.get('board_rss_mib'))}).",
        f"- {f_idle.get('sessions')} forked sessions idle at once: PSS "
        f"{_figure(f_idle.get('pss_mib_mean'))} MiB each (USS, its private pages, "
        f"{_figure(f_idle.get('uss_mib_mean'))}; RSS {_figure(f_idle.get('rss_mib_mean'))}), "
        f"{_figure(f_idle.get('children_pss_mib_total'))} MiB in all, plus the warm parent's "
        f"{_figure(f_idle.get('parent_pss_mib'))} MiB (RSS "
        f"{_figure(f_idle.get('parent_rss_mib'))}): "
        f"{_figure(f_idle.get('pss_mib_per_session_with_parent'))} MiB a session with the "
        f"parent's share. At 100 sessions, USS + (PSS − USS) × (N + 1) / 101 + parent / 100: "
        f"{_figure(at_100)} MiB a session.",
        f"- {s_idle.get('sessions')} spawned sessions idle at once: PSS "
        f"{_figure(s_idle.get('pss_mib_mean'))} MiB each (USS "
        f"{_figure(s_idle.get('uss_mib_mean'))}, RSS {_figure(s_idle.get('rss_mib_mean'))}).",
        f"- Goals (issue 36): PSS ≤ {pss_goal} MiB a session at 100: "
        f"{'met' if isinstance(at_100, int | float) and at_100 <= float(pss_goal or 0) else f'not met ({at_100} MiB)'}; "
        f"first board ≤ {board_goal} s: "
        f"{'met' if (f_one.get('first_board_s') or 99) <= float(board_goal or 0) else 'not met'} "
        f"({_figure(f_one.get('first_board_s'))} s at this load; the process's own start is "
        f"{_figure(f_one.get('lobby_cpu_s'))} s of CPU, the board's drawing about "
        f"{_figure(round((f_one.get('board_cpu_s') or 0) - (f_one.get('lobby_cpu_s') or 0), 2))} s).",
        "",
    ]


def _verdict(value: object, goal: float) -> str:
    if not isinstance(value, int | float):
        return "not measured"
    return "met" if value < goal else f"not met ({value:g} ms)"


def splice(page: str, runs: list[Run], info: dict[str, str], when: str) -> str:
    """``page`` with only the browser section and its raw figures replaced."""
    section: list[str] = []
    for part in (render_web(runs), render_churn(runs), render_sessions(runs)):
        if part:
            part[1:1] = ["", f"Measured {when} on {info['cpu']} ({info['cores']} cores), "
                             f"{info['python']}."]
        section += part
    raw: list[str] = []
    for r in runs:
        raw += [f"### {r.title}", "", "```", r.command, "```", ""]
        if r.figures is not None:
            raw += ["```json", json.dumps(r.figures, indent=1, sort_keys=True), "```", ""]
        if r.problem:
            raw += [f"Not measured: {r.problem}.", ""]
    page = _cut(_cut(_cut(page, HEADING), CHURN_HEADING), SESSIONS_HEADING)
    for r in runs:
        page = _cut(page, f"### {r.title}")
    anchor = "## Commands and raw figures"
    if anchor in page:
        i = page.index(anchor)
        page = page[:i] + "\n".join(section) + "\n" + page[i:]
    else:
        page = page.rstrip("\n") + "\n\n" + "\n".join(section)
    return page.rstrip("\n") + "\n\n" + "\n".join(raw).rstrip("\n") + "\n"
