"""The server's collector on a clock (server/net/collector.py): what play makes is swept
young and then frozen, so no later pass scans it again, and young cycles still die.

Each check runs in a process of its own: ``tune_gc`` freezes and retunes the whole
interpreter, which a test worker must not keep."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import asyncio, gc, json, weakref
    from server.net.collector import Pauses, tune_gc

    class Node:
        pass

    async def main():
        tune_gc()
        frozen0 = gc.get_freeze_count()
        kept = [{"seat": i, "goods": [i, i + 1]} for i in range(5_000)]  # a room's views
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle only the collector can free
        gone = weakref.ref(a)
        del a, b
        with Pauses() as pauses:
            for _ in range(500):  # bounded: 500 x 20 ms, far beyond the clock's 0.2 s
                if gone() is None and gc.get_freeze_count() >= frozen0 + len(kept):
                    break
                await asyncio.sleep(0.02)
        print(json.dumps({"cycle_freed": gone() is None,
                          "frozen_more": gc.get_freeze_count() - frozen0,
                          "kept": len(kept), "young_now": gc.get_count()[0],
                          "passes": len(pauses.passes)}))

    asyncio.run(main())
""")


def run_script() -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=120, check=True)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_what_play_makes_is_swept_then_frozen_and_young_cycles_die() -> None:
    got = run_script()
    assert got["cycle_freed"] is True  # a young pass ran without 20,000 allocations
    assert isinstance(got["frozen_more"], int) and isinstance(got["kept"], int)
    assert got["frozen_more"] >= got["kept"]  # the survivors left the scanned generations
    assert isinstance(got["passes"], int) and got["passes"] >= 1  # Pauses saw them
