"""server/says.py: a sentence kept as its msgid and fields until it is said, so the
values go in after the lookup, and a phrase in a field is said in the same language."""

from __future__ import annotations

from server.i18n import N_
from server.says import reason_of, say, text


def test_values_go_in_after_the_lookup_and_stay_as_typed() -> None:
    taken = say(N_("the name '{name}' is claimed"), name="{p:0} [b]x[/b]")
    assert str(taken) == "the name '{p:0} [b]x[/b]' is claimed"
    assert taken.to("zh_CN") == "名字“{p:0} [b]x[/b]”已被认领"  # a name is never a template
    assert taken.wire("zh_CN", "reason") == {
        "reason": "名字“{p:0} [b]x[/b]”已被认领", "msgid": "the name '{name}' is claimed",
        "fields": {"name": "{p:0} [b]x[/b]"}}


def test_a_phrase_in_a_field_is_said_in_the_same_language() -> None:
    why = say(N_("{address}, a private address"), address="10.0.0.1")
    refused = say(N_("{shown}: {host} resolves to {why}; this server does not send there"),
                  shown="json://…", host="lan", why=why)
    assert refused.to("zh_CN") == "json://…：lan 解析为 10.0.0.1，私有地址；本服务器不向那里发送"
    assert str(refused).endswith("resolves to 10.0.0.1, a private address; this server does "
                                 "not send there")
    assert refused.wire("en", "reason")["fields"]["why"] == {
        "msgid": "{address}, a private address", "fields": {"address": "10.0.0.1"}}


def test_a_text_not_ours_passes_through() -> None:
    assert text("an engine's own words", "zh_CN") == "an engine's own words"
    assert reason_of(ValueError("x" * 300)) == "x" * 200
