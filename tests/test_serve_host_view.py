"""The host's page shows the table (issue 37, CMB-CARD-7): everything public,
a combat card turned face up included, and nothing private, read through
``dlrules.records.views`` (the spectator's projection) only."""

from __future__ import annotations

import json
import random

import pytest

from clientkit import TestClient, client  # noqa: F401 (client: the fixture)
from dlrules.core.engine import legal_moves, to_move
from dlrules.display.render import combat_card_name
from dlrules.display.wording import trap_name
from dlrules.records.serialization import dumps
from dlrules.records.views import face_up_combat, redact
from servekit import CREATE_KEY

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_CMB_CARD_7_the_host_names_the_combat_card_turned_face_up_and_no_trap_card_in_a_hand(client: TestClient) -> None:
    d = client.post("/games", json={"key": CREATE_KEY, "players": 2, "auto_chance": True, "replayable": True, "seed": 3}).json()
    host, seats = d["host"], d["seats"]
    game = client.app.state.tables.games[d["game"]]  # type: ignore[attr-defined]
    rng = random.Random(1)
    while not face_up_combat(game.state):
        seat = min(to_move(game.state))
        mine = [m for m in legal_moves(game.state) if m.seat == seat]
        r = client.post(seats[seat] + "/move", json={"at": game.n, "move": dumps(mine[rng.randrange(len(mine))])})
        assert r.status_code == 200, r.text
    state = game.state
    card = combat_card_name(state.combat[0])  # round 1's card, face up for everyone
    assert redact(state, None).combat[0] == state.combat[0]  # the spectator's projection holds it
    shown = client.get(host + "/state").json()
    assert f"1: {card}" in shown["position"]
    assert card.split(" (")[0] in client.get(host + "/picture").text
    assert any(card.split(" (")[0] in e["text"] for e in shown["log"])  # the public event that turned it up
    # nothing private: a trap card in a hand, or planned face down (CMB-PLAN-9), is named on its owner's page only
    assert state.fight is not None
    planned = {s: plan.traps for s, plan in enumerate(state.fight.plans) if plan is not None and plan.traps}
    battle = state.fight.battle
    face_down = {s: traps for s, traps in planned.items() if battle is None or battle.seat != s}  # the battle's own are revealed
    secret = [trap_name(t) for traps in face_down.values() for t in traps]
    assert secret, "the example needs a trap card planned face down"
    everything = json.dumps(shown) + client.get(host + "/picture").text
    for name in secret:
        assert name not in everything, name
    owner = next(iter(face_down))
    assert trap_name(face_down[owner][0]) in json.dumps(client.get(seats[owner] + "/state").json())
    # the cards still face down are not shown to the host
    assert all(c is None for c in redact(state, None).combat[1:])


def test_the_pictures_parts_are_each_as_the_link_sees_them(client: TestClient) -> None:
    """A phone's pictures (issue 37): the board, a dungeon, the battle, each
    through the link's projection; another seat's trap cards stay face down;
    a part that is not one gets one sentence, a battle outside combat a 404."""
    d = client.post("/games", json={"key": CREATE_KEY, "players": 2, "auto_chance": True, "replayable": True, "seed": 3}).json()
    host, seats = d["host"], d["seats"]
    game = client.app.state.tables.games[d["game"]]  # type: ignore[attr-defined]
    rng = random.Random(1)
    while not any(p.traps for p in game.state.players):
        seat = min(to_move(game.state))
        mine = [m for m in legal_moves(game.state) if m.seat == seat]
        assert client.post(seats[seat] + "/move", json={"at": game.n, "move": dumps(mine[rng.randrange(len(mine))])}).status_code == 200
    owner = next(s for s, p in enumerate(game.state.players) if p.traps)
    name = trap_name(game.state.players[owner].traps[0])
    own = client.get(seats[owner] + f"/picture?part=dungeon-{owner + 1}").text
    theirs = client.get(seats[1 - owner] + f"/picture?part=dungeon-{owner + 1}").text
    assert f"P{owner + 1}'s dungeon" in own and name in own and name not in theirs
    assert name not in client.get(host + f"/picture?part=dungeon-{owner + 1}").text
    assert client.get(seats[0] + "/picture?part=board").text.startswith("<svg")
    r = client.get(seats[0] + "/picture?part=dungeon-3")
    assert r.status_code == 400 and r.json()["message"] == "part: one of position, board, battle, dungeon-1 to dungeon-2, not 'dungeon-3'"
    r = client.get(seats[0] + "/picture?part=battle")
    assert r.status_code == 404 and r.json()["message"] == "there is no battle to draw now: the game is not in combat"
