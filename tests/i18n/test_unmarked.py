"""The heuristic that finds unmarked English (tests/i18n/unmarked.py) on the server's
side: a refusal is said to a person even when it is raised or sent."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.unmarked import unmarked

SOURCE = '''
def handle(peer, mid):
    raise Refuse("not_in_room", "join the room first")
    peer.send(m.reject(mid, "busy", "the coach is thinking"))
    peer.close("flood", "too many bad frames")
    raise LoginRefused("bad_login", say("wrong name or password"))
    raise Refuse("not_in_room", say(N_("join the room first")))
    peer.refuse(mid, "busy", say(N_("the coach is thinking")))
    raise ValueError("a program's own error, never shown")
    peer.send(m.command("list_rooms", status="waiting rooms"))
'''


def test_a_refusal_raised_or_sent_is_a_text_a_person_reads(tmp_path: Path) -> None:
    path = tmp_path / "handler.py"
    path.write_text(SOURCE, encoding="utf-8")
    assert sorted(unmarked(path)) == [
        (3, "join the room first"),
        (4, "the coach is thinking"),
        (5, "too many bad frames"),
        (6, "wrong name or password"),
    ]
