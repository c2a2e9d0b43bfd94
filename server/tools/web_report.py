"""The benchmark page's section on browser sessions (issue 26, `prtui bench web`). Kept
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


def web_runs() -> list[Run]:
    run = Run("web: one browser session, then 20 at once",
              ["bench", "web", "--sessions", "20", "--seconds", "30", "--json"])
    if importlib.util.find_spec("playwright") is None:
        run.problem = "playwright is not installed (a dev dependency)"
    elif chromium_path() is None:
        run.problem = "no Chromium on this machine (apt-get install chromium)"
    return [run]


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
            f"process (each page its own browser context and address): all lobbies drawn {_figure(many.get('all_lobbies_s'))} s after opening; "
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


def _verdict(value: object, goal: float) -> str:
    if not isinstance(value, int | float):
        return "not measured"
    return "met" if value < goal else f"not met ({value:g} ms)"


def splice(page: str, runs: list[Run], info: dict[str, str], when: str) -> str:
    """``page`` with only the browser section and its raw figures replaced."""
    section = render_web(runs)
    if section:
        section[1:1] = ["", f"Measured {when} on {info['cpu']} ({info['cores']} cores), "
                            f"{info['python']}."]
    raw: list[str] = []
    for r in runs:
        raw += [f"### {r.title}", "", "```", r.command, "```", ""]
        if r.figures is not None:
            raw += ["```json", json.dumps(r.figures, indent=1, sort_keys=True), "```", ""]
        if r.problem:
            raw += [f"Not measured: {r.problem}.", ""]
    page = _cut(page, HEADING)
    for r in runs:
        page = _cut(page, f"### {r.title}")
    anchor = "## Commands and raw figures"
    if anchor in page:
        i = page.index(anchor)
        page = page[:i] + "\n".join(section) + "\n" + page[i:]
    else:
        page = page.rstrip("\n") + "\n\n" + "\n".join(section)
    return page.rstrip("\n") + "\n\n" + "\n".join(raw).rstrip("\n") + "\n"
