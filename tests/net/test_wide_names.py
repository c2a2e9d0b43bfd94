"""Names are measured in terminal cells, not characters (issue 38, item 4): the boards
are laid out for names of 32 cells, and a wide character such as 中 takes two, so a
name typed in Chinese has at most 16 characters. A real server on loopback."""

from __future__ import annotations

import pytest

from server.net.server import GameServer
from server.protocol.names import BadName, cells, clean_name, cut_to_cells
from server.ssh.auth import clean_name as login_name
from tests.net.client import Client

SIXTEEN = "诸葛孔明卧龙先生南阳躬耕陇亩之中"  # 16 wide characters: 32 cells


def test_cells_count_wide_characters_twice_and_combining_marks_not_at_all() -> None:
    assert len(SIXTEEN) == 16 and cells(SIXTEEN) == 32
    assert cells("ana") == 3 and cells("Ａ") == 2 and cells("e\u0301") == 1
    assert cut_to_cells(SIXTEEN, 5) == "诸葛"  # never half a character
    assert cut_to_cells("ana", 5) == "ana"


def test_a_name_is_at_most_32_cells() -> None:
    assert clean_name(SIXTEEN) == SIXTEEN
    assert clean_name("x" * 32) == "x" * 32
    with pytest.raises(BadName, match="34 columns wide, more than 32"):
        clean_name(SIXTEEN + "也")  # 17 characters: fewer than 32, but 34 cells


def test_an_ssh_login_name_is_cut_to_its_cells() -> None:
    assert login_name(SIXTEEN) == SIXTEEN[:10]  # 20 cells, as 20 letters
    assert login_name("x" * 50) == "x" * 20


async def test_the_server_takes_16_chinese_characters_and_refuses_17(server: GameServer) -> None:
    ok = await Client.connect(server.port, SIXTEEN)
    assert ok.welcome["t"] == "welcome", ok.welcome
    made = await ok.cmd("create_room", game="san-juan", players=2, options={}, name=SIXTEEN)
    assert made["t"] == "ack", made
    wide = await ok.cmd("create_room", game="san-juan", players=2, options={},
                        name=SIXTEEN + "也")
    assert wide["t"] == "reject" and wide["code"] == "bad_value", wide
    assert "columns wide" in wide["reason"] and "中" in wide["reason"]
    await ok.close()
    refused = await Client.connect(server.port, SIXTEEN + "也")
    assert refused.welcome["t"] == "error" and "columns wide" in str(refused.welcome), \
        refused.welcome
    await refused.close()
