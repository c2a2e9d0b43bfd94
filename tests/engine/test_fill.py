"""``fill`` as a reader's side needs it (issue 38): a translation that says a count with
its own measure word, parts listed, and parts as the wire carries them (``tk``/``tf``)."""

from __future__ import annotations

from server.wording import fill, keyed, part, render, wire_fields

EN = {"log.buy": "{p:$seat} buys {n:card:$count} and {a:$card}",
      "log.produce": "{p:$seat} produces {l:$goods}",
      "log.amount": "$count {w:$good}",
      "log.score": "$rank. {p:$seat}: $total VP ($parts)",
      "log.points": "$count {w:$part}"}
ZH = {"log.buy": "{p:$seat} 买了 $count 张{w:card}和{w:$card}",
      "log.produce": "{p:$seat} 生产了 {l:$goods}",
      "log.amount": "$count 桶{w:$good}",
      "log.score": "$rank. {p:$seat}：$total 分（$parts）",
      "log.points": "{w:$part} $count"}
WORDS_EN = {"card": "card", "cards": "cards", "smithy": "smithy", "corn": "corn",
            "sugar": "sugar", "and": "and", "buildings": "buildings"}
WORDS_ZH = {"card": "牌", "cards": "牌", "smithy": "铁匠坊", "corn": "玉米", "sugar": "糖",
            "and": "和", "buildings": "建筑"}


def test_a_translation_says_the_count_with_its_own_measure_word() -> None:
    fields = {"seat": 0, "count": 2, "card": "smithy"}
    assert render(fill(EN, "log.buy", fields), WORDS_EN, ["ana"]) == "ana buys 2 cards and a smithy"
    assert render(fill(ZH, "log.buy", fields), WORDS_ZH, ["ana"]) == "ana 买了 2 张牌和铁匠坊"


def test_parts_are_listed_with_the_readers_and() -> None:
    goods = [part("log.amount", count=2, good="corn"), part("log.amount", count=1, good="sugar")]
    fields = {"seat": 1, "goods": goods}
    assert render(fill(EN, "log.produce", fields), WORDS_EN, ["ana", "bo"]) == \
        "bo produces 2 corn and 1 sugar"
    assert render(fill(ZH, "log.produce", fields), WORDS_ZH, ["ana", "bo"]) == "bo 生产了 2 桶玉米 和 1 桶糖"
    assert fill(EN, "log.produce", {"seat": 0, "goods": []}) == "{p:0} produces {w:nothing}"


def test_parts_on_the_wire_fill_as_the_games_own() -> None:
    """A score line's parts go as ``{"tk", "tf"}`` (their key as msgctxt): a client's
    texts are by msgctxt, and the line fills the same as the game's."""
    fields = {"rank": 1, "seat": 0, "total": 30, "parts": [part("points", count=12, part="buildings")]}
    game = {k.removeprefix("log."): v for k, v in EN.items()}
    wire = keyed("texts:log.", "score", fields)
    assert wire["tk"] == "texts:log.score"
    assert wire["tf"]["parts"] == [{"tk": "texts:log.points", "tf": {"count": 12, "part": "buildings"}}]
    client = {f"texts:{k}": v for k, v in EN.items()}
    assert fill(client, wire["tk"], wire["tf"]) == fill(game, "score", fields) == \
        "1. {p:0}: 30 VP (12 {w:buildings})"
    zh = {f"texts:{k}": v for k, v in ZH.items()}
    assert render(fill(zh, wire["tk"], wire["tf"]), WORDS_ZH, ["ana"]) == "1. ana：30 分（建筑 12）"
    plain = {"seat": 0, "card": "smithy"}
    assert wire_fields("texts:log.", plain) is plain  # no parts: no copy kept
