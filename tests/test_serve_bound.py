"""Every action bound to its position (issue 37, LIB-SRV-3): a page's move
names the position it was chosen in, and a move chosen in a position that
has passed is played only if the seat's button would read the same now; a
"takes Get Food I" pressed after the game moved on to the next action space
is refused as stale (409), and nothing is played."""

from __future__ import annotations

import random
from typing import Any

import pytest

from clientkit import TestClient, client  # noqa: F401 (client: the fixture)
from dlrules.core.engine import legal_moves, to_move
from dlrules.core.moves import Decline, Move, TakeAction
from dlrules.display.render import describe_move
from dlrules.records.serialization import dumps
from dlrules.apps.serve.seats import chance_owner
from dlrules.core.state import CHANCE
from servekit import CREATE_KEY

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _create(client: TestClient, **options: Any) -> tuple[str, list[str], Any]:
    r = client.post("/games", json={"key": CREATE_KEY, **options})
    assert r.status_code == 200, r.text
    data = r.json()
    return data["host"], data["seats"], client.app.state.tables.games[data["game"]]  # type: ignore[attr-defined]


def _two_decisions_in_a_row(client: TestClient, rng: random.Random) -> tuple[list[str], Any, int, int, str]:
    """Random legal moves through each seat's link until a seat has taken or
    declined an action and is asked again with the very same move objects
    (``TakeAction(seat)``, ``Decline(seat)``) for another action space: the
    seat, the position it answered the first in, and the first button's words."""
    host, seats, game = _create(client, players=2, auto_chance=True, replayable=True, seed=11)
    for _ in range(3000):
        state = game.state
        movers = to_move(state)
        assert movers, "the game ended without two decisions in a row"
        if CHANCE in movers:
            owner = chance_owner(state)
            link = host if owner is None else seats[owner]
            assert client.post(link + "/draw", json={"at": game.n}).status_code == 200
            continue
        seat = min(movers)
        mine = [m for m in legal_moves(state) if m.seat == seat]
        move = mine[rng.randrange(len(mine))]
        at, label = game.n, describe_move(state, TakeAction(seat), seat=seat)
        r = client.post(seats[seat] + "/move", json={"at": at, "move": dumps(move)})
        assert r.status_code == 200, r.text
        if isinstance(move, (TakeAction, Decline)) and TakeAction(seat) in legal_moves(game.state):
            return seats, game, seat, at, label
    raise AssertionError("no seat was asked twice in a row")


def test_LIB_SRV_3_a_take_pressed_on_the_last_action_space_is_not_played_on_the_next(client: TestClient) -> None:
    seats, game, seat, at, pressed = _two_decisions_in_a_row(client, random.Random(2))
    now = game.n
    assert describe_move(game.state, TakeAction(seat), seat=seat) != pressed  # the same move object, another action
    before = game.state
    r = client.post(seats[seat] + "/move", json={"at": at, "move": dumps(TakeAction(seat))})
    assert r.status_code == 409 and r.json()["rule"] == "LIB-SRV-3"
    assert r.json()["message"].startswith(f"the game has moved on (your page shows move {at}, the game is at move {now})")
    assert game.n == now and game.state is before  # nothing played
    # the button the page shows now, with the position it was chosen in, is played
    shown = client.get(seats[seat] + "/state").json()
    take = next(m for m in shown["moves"] if m["move"] == dumps(TakeAction(seat)))
    assert take["text"] == describe_move(before, TakeAction(seat), seat=seat)
    r = client.post(seats[seat] + "/move", json={"at": shown["n"], "move": take["move"]})
    assert r.status_code == 200 and game.n > now


def test_LIB_SRV_3_a_forged_or_unreadable_move_gets_a_sentence_and_plays_nothing(client: TestClient) -> None:
    host, seats, game = _create(client, players=2, auto_chance=True, replayable=True, seed=11)
    now, before = game.n, game.state
    seat = min(s for s in to_move(before) if s != CHANCE)
    for body, status in (
        ({"at": now, "move": '{"type": "TakeAction"}'}, 400),  # no seat: not a move
        ({"at": now, "move": "take it"}, 400),
        ({"move": dumps(Decline(seat))}, 400),  # no position
        ({"at": now, "move": dumps(Decline(1 - seat))}, 403),  # another seat's move
        ({"at": now + 5, "move": dumps(Decline(seat))}, 409),  # a position that never was
    ):
        r = client.post(seats[seat] + "/move", json=body)
        assert r.status_code == status, (body, r.text)
        message: str = r.json()["message"]
        assert message and len(message) < 300 and "\n" not in message, message
    assert game.n == now and game.state is before
