"""Review of issue 35: a request field named with a lone surrogate (JSON may
spell ``"\\ud800"``) was quoted raw in the refusal's path, and the answer
could not be encoded: a 500 for any seat's move or draw and for game
creation (LIB-SRV-5, LIB-SRV-6, LIB-SRV-10). It is refused with its path,
the surrogate written as its escape."""

from __future__ import annotations

import pytest

from clientkit import TestClient, client  # noqa: F401 (client: the fixture)
from servekit import CREATE_KEY

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
JSON = {"content-type": "application/json"}


def refused(client: TestClient, path: str, body: str, rule: str) -> str:
    r = client.post(path, content=body.encode(), headers=JSON)
    assert r.status_code == 400 and r.json()["rule"] == rule, (r.status_code, r.text)
    message: str = r.json()["message"]
    assert message.startswith("$"), message
    return message


def test_LIB_SRV_6_a_move_or_draw_field_named_with_a_lone_surrogate(client: TestClient) -> None:  # noqa: F811
    game = client.post("/games", json={"key": CREATE_KEY, "players": 2}).json()
    for who in (game["seats"][0], game["host"]):
        message = refused(client, who + "/move", '{"at": 0, "move": "x", "\\ud800": 1}', "LIB-SRV-6")
        assert message.startswith("$.\\ud800: not a field of this request")
        assert refused(client, who + "/draw", '{"at": 0, "\\ud800": 1}', "LIB-SRV-6").startswith("$.\\ud800:")


def test_LIB_SRV_5_a_new_game_field_or_bot_seat_named_with_a_lone_surrogate(client: TestClient) -> None:  # noqa: F811
    body = '{"key": "%s", "players": 2, "\\ud800": 1}' % CREATE_KEY
    assert refused(client, "/games", body, "LIB-SRV-5").startswith("$.\\ud800: not a field of a new game")
    body = '{"key": "%s", "players": 2, "bots": {"\\ud800": "greedy"}}' % CREATE_KEY
    assert refused(client, "/games", body, "LIB-SRV-10").startswith("$.bots.\\ud800:")
    assert not client.app.state.tables.games  # type: ignore[attr-defined]
