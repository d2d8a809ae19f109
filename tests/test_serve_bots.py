"""Bots at the table (docs/serve.md, LIB-SRV-10): the host seats bots when
creating a game; the server plays them on its own thread, each from its own
seat's view; a person plays the rest through their link (loopback only:
Starlette's test client, and one ``dlrules serve`` process on 127.0.0.1)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")

from clientkit import TestClient, client  # noqa: E402, F401 (client: the fixture)
import dlrules  # noqa: E402
from dlrules.agents.bots import BOTS, IsmctsBot  # noqa: E402
from dlrules.core.chance import Policy  # noqa: E402
from dlrules.core.moves import Move  # noqa: E402
from dlrules.records import parse_record, replay  # noqa: E402
from dlrules.apps.serve.app import create_app  # noqa: E402
from dlrules.apps.serve.bots import BotRunner, bot_move  # noqa: E402
from dlrules.apps.serve.store import Store  # noqa: E402
from dlrules.apps.serve.table import Game, Tables  # noqa: E402
from dlrules.core.state import GameState  # noqa: E402
from servekit import CREATE_KEY  # noqa: E402
from siblingkit import sibling_positions  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _game(client: TestClient, gid: str) -> Game:
    game: Game = client.app.state.tables.games[gid]  # type: ignore[attr-defined]
    return game


def _runner(client: TestClient) -> BotRunner:
    runner: BotRunner = client.app.state.bots  # type: ignore[attr-defined]
    return runner


def _state(client: TestClient, link: str) -> dict[str, Any]:
    r = client.get(link + "/state")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _my_turn(client: TestClient, link: str, timeout: float = 60.0) -> dict[str, Any]:
    """The link's page once it has a move to make or the game is over (polling, as a page would)."""
    deadline = time.monotonic() + timeout
    while True:
        data = _state(client, link)
        if data["moves"] or data["server_draw"] or not data["to_move"]:
            return data
        assert time.monotonic() < deadline, f"the bots did not move: {data['to_move']}, {_runner(client).errors}"
        time.sleep(0.01)


# --- creating a game with bots -----------------------------------------------------------------


def test_LIB_SRV_10_a_bot_seat_has_no_link_and_every_page_names_the_bot(client: TestClient) -> None:
    r = client.post("/games", json={"key": CREATE_KEY, "players": 3, "bots": {"2": "greedy", "3": "random"}})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["seats"][1] is None and data["seats"][2] is None and data["seats"][0].startswith("/g/")
    game = _game(client, data["game"])
    assert game.row.bots == ("", "greedy", "random")
    page = _state(client, data["host"])
    assert page["bots"] == [None, "greedy", "random"]


@pytest.mark.parametrize(
    ("bots", "words"),
    [
        ({"2": "grandmaster"}, "no bot is called 'grandmaster' (the bots are greedy, ismcts, random)"),
        ({"3": "greedy"}, "$.bots.3: a bot's seat is a player from 1 to 2"),
        ({"0": "greedy"}, "$.bots.0: a bot's seat is a player from 1 to 2"),
        ({"P2": "greedy"}, "$.bots.P2: a bot's seat is a player from 1 to 2"),
        ({"2": 1}, "$.bots.2: expected a bot's name"),
        (["greedy"], "$.bots: expected an object from seats to bots"),
        ({"1": "greedy", "2": "random"}, "at least one seat is a person's"),
    ],
)
def test_LIB_SRV_10_a_bot_that_cannot_be_seated_is_refused_and_no_game_is_made(
    client: TestClient, bots: Any, words: str
) -> None:
    before = len(client.app.state.tables.games)  # type: ignore[attr-defined]
    r = client.post("/games", json={"key": CREATE_KEY, "players": 2, "bots": bots})
    assert r.status_code == 400 and r.json()["rule"] == "LIB-SRV-10" and words in r.json()["message"], r.text
    assert len(client.app.state.tables.games) == before  # type: ignore[attr-defined]


def test_LIB_SRV_10_the_form_seats_bots_and_shows_no_link_for_them(client: TestClient) -> None:
    form = {"key": CREATE_KEY, "players": "2", "variant": "full", "first_player": "1", "seed": "", "bot1": "", "bot2": "ismcts", "bot3": "", "bot4": ""}
    r = client.post("/games", data=form)
    assert r.status_code == 200 and "Player 2: ismcts bot, played by the server" in r.text
    assert r.text.count("/g/") == 2 * 2  # the host and Player 1, each as text and href
    _runner(client).stop()  # the ISMCTS bot need not play this game out
    bad = client.post("/games", data=dict(form, bot2="chess"))
    assert bad.status_code == 400 and "no bot is called &#x27;chess&#x27;" in bad.text


def test_LIB_SRV_10_the_command_line_seats_bots(capsys: pytest.CaptureFixture[str]) -> None:
    from dlrules.apps.cli.main import main

    assert main(["serve", "--bot", "two=greedy", "--new-game", "2"]) == 2
    assert "--bot SEAT=NAME" in capsys.readouterr().err
    assert main(["serve", "--bot", "2=greedy"]) == 2
    assert "give both" in capsys.readouterr().err


# --- a bot reads only its own seat's view -------------------------------------------------------


def test_LIB_SRV_10_a_bot_is_handed_a_resampled_world_never_the_real_position() -> None:
    """The position a seated bot is given shows its seat exactly its own view
    and draws the rest; on sibling positions (another player's trap cards
    differ) every bot gets the same world and makes the same choice."""
    given: list[GameState] = []

    def spy(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
        given.append(state)
        return moves[0]

    checked = 0
    for state, seat, sibling in sibling_positions(3, random.Random(5)):
        bot_move(state, seat, spy, random.Random(checked))
        bot_move(sibling, seat, spy, random.Random(checked))
        assert given[-1] == given[-2]  # the same world from both: nothing hidden leaks in
        assert dlrules.view(given[-1], seat) == dlrules.view(state, seat)
        policies: list[Policy] = [BOTS["greedy"], BOTS["random"], IsmctsBot(iterations=4, horizon=8, width=4)]
        for policy in policies:
            one, two = random.Random(checked), random.Random(checked)
            assert bot_move(state, seat, policy, one) == bot_move(sibling, seat, policy, two)
            assert one.getstate() == two.getstate()
        checked += 1
        if checked == 4:
            break
    assert checked >= 2


# --- whole games ------------------------------------------------------------------------------


def test_LIB_SRV_10_a_whole_game_of_one_person_against_two_bots(client: TestClient) -> None:
    """Player 1 (a scripted client choosing at random among its page's moves)
    against a greedy and a random bot; the server draws every card. Every bot
    move is played by the server, narrated as any other, and the record
    replays to the same end."""
    r = client.post("/games", json={"key": CREATE_KEY, "players": 3, "auto_chance": True, "bots": {"2": "greedy", "3": "random"}})
    assert r.status_code == 200, r.text
    gid, me = r.json()["game"], r.json()["seats"][0]
    rng = random.Random(3)
    mine = 0
    narrated: set[str] = set()
    for _ in range(2000):
        page = _my_turn(client, me)
        narrated |= {e["text"] for e in page["log"]}
        if not page["to_move"]:
            break
        choice = page["moves"][rng.randrange(len(page["moves"]))]
        sent = client.post(me + "/move", json={"at": page["n"], "move": choice["move"], "id": f"m{mine}"})
        assert sent.status_code in (200, 409), sent.text  # 409: a bot moved first and my moves changed: look again
        mine += sent.status_code == 200
    game = _game(client, gid)
    assert dlrules.is_over(game.state) and mine > 20
    assert _runner(client).errors == []
    assert any(t.startswith("P2 ") for t in narrated) and any(t.startswith("P3 ") for t in narrated)
    rec = parse_record(client.get(r.json()["host"] + "/record").text)
    seats = [m.move.seat for m in rec.moves]
    assert seats.count(1) > 20 and seats.count(2) > 20  # the bots played their seats
    again = replay(rec)
    assert again.ok and again.state == game.state


def test_LIB_SRV_10_the_ismcts_bot_makes_its_secret_choice_while_the_person_makes_theirs(client: TestClient) -> None:
    """A simultaneous step (the orders kept unavailable, RUL-13, then the
    orders, ORD-3): the ISMCTS bot (its own budget) commits its secret choice
    through its own view while the person's page waits for theirs, and tells
    only that it chose."""
    r = client.post("/games", json={"key": CREATE_KEY, "players": 2, "auto_chance": True, "bots": {"2": "ismcts"}})
    gid, me = r.json()["game"], r.json()["seats"][0]
    game = _game(client, gid)
    page = _my_turn(client, me)
    assert _runner(client).idle(60) and _runner(client).errors == []
    assert dlrules.to_move(game.state) == frozenset({0})  # the bot made its choice while Player 1 has not
    mine = _state(client, me)
    assert mine["to_move"] == ["P1"]
    told = [e["text"] for e in mine["log"] if e["text"].startswith("P2 chooses")]
    assert told and all(t.endswith("(secret until all have chosen)") for t in told)  # only that it chose
    choice = page["moves"][0]
    assert client.post(me + "/move", json={"at": page["n"], "move": choice["move"]}).status_code == 200
    after = _my_turn(client, me)  # the orders are revealed; the ISMCTS bot plays on when it is its turn
    assert after["n"] > page["n"]
    _runner(client).stop()


def test_LIB_SRV_10_a_restarted_server_plays_its_bots_on(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    tables = Tables(Store(db))  # no runner: the bot seat waits
    created = tables.create(2, auto_chance=True, bots={1: "greedy"})
    game = tables.games[created.game]
    assert game.row.bots == ("", "greedy") and 1 in dlrules.to_move(game.state)
    tables.store.close()
    again = Tables(Store(db))
    runner = BotRunner(again)
    assert again.games == {}  # nothing read at start: a game is read when a link of it is used (issue 35)
    restarted = again.loaded(created.game)
    assert restarted is not None and restarted.row.bots == ("", "greedy")
    assert runner.idle(30) and runner.errors == []
    assert dlrules.to_move(restarted.state) == frozenset({0})  # the greedy bot made its choice once the game was read
    runner.stop()
    again.store.close()


def test_LIB_SRV_10_dlrules_serve_seats_a_bot_and_plays_it(tmp_path: Path) -> None:
    """The command line's ``--bot``: the printed links leave the bot's seat
    out, and the server plays it (a real process on 127.0.0.1)."""
    pytest.importorskip("uvicorn")
    from servekit import Server

    server = Server(tmp_path / "night.sqlite", "--new-game", "3", "--auto-chance", "--bot", "2=greedy")
    try:
        host, *seats = server.links()
        assert len(seats) == 2 and any("Player 2: greedy bot, played by the server" in line for line in server.lines)
        deadline = time.monotonic() + 30
        while True:
            page = httpx.get(server.base + host + "/state", timeout=10).json()
            if "P2 (greedy bot)" not in page["to_move"] and page["n"] > 0:
                break  # the bot has made its first choice; Players 1 and 3 are still to make theirs
            assert time.monotonic() < deadline, page["to_move"]
            time.sleep(0.05)
        assert page["to_move"] == ["P1", "P3"] and page["bots"] == [None, "greedy", None]
    finally:
        server.kill()
