"""``dlrules serve`` over HTTP (docs/serve.md): every endpoint and every
refusal, with Starlette's test client (no network)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from clientkit import TestClient, client, table_client  # noqa: F401 (client: the fixture)
from dlrules.core.engine import legal_moves, to_move  # noqa: E402
from dlrules.core.moves import ChooseOrders, DealOrders, Draw, KeepUnavailable, Move  # noqa: E402
from dlrules.records.serialization import dumps, loads  # noqa: E402
from dlrules.apps.serve.app import create_app  # noqa: E402
from dlrules.apps.serve.table import Game  # noqa: E402
from dlrules.apps.serve.seats import chance_owner, deck_cards  # noqa: E402
from dlrules.core.state import CHANCE, Phase  # noqa: E402
from servekit import CREATE_KEY  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Table:
    """A game created over HTTP: its links, and the game in the server (to check against)."""

    def __init__(self, client: TestClient, **create: Any) -> None:
        self.client = client
        r = client.post("/games", json={"key": CREATE_KEY, **create})
        assert r.status_code == 200, r.text
        data = r.json()
        self.id: str = data["game"]
        self.host: str = data["host"]
        self.seats: list[str] = data["seats"]

    @property
    def game(self) -> Game:
        game: Game | None = self.client.app.state.tables.loaded(self.id)  # type: ignore[attr-defined]  # read from the store after a restart
        assert game is not None
        return game

    def link(self, seat: int | None) -> str:
        return self.host if seat is None else self.seats[seat]

    def state(self, seat: int | None) -> dict[str, Any]:
        r = self.client.get(self.link(seat) + "/state")
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def move(self, seat: int | None, move: Move | str, at: int | None = None) -> Any:
        text = move if isinstance(move, str) else dumps(move)
        return self.client.post(self.link(seat) + "/move", json={"at": self.game.n if at is None else at, "move": text})

    def play_until(self, done: Any, rng: random.Random, limit: int = 400) -> None:
        """Random legal moves, each through its own link, until ``done(state)``."""
        for _ in range(limit):
            state = self.game.state
            if done(state):
                return
            seats = to_move(state)
            if CHANCE in seats:
                r = self.client.post(self.link(chance_owner(state)) + "/draw", json={"at": self.game.n})
            else:
                seat = min(seats)
                mine = [m for m in legal_moves(state) if m.seat == seat]
                r = self.move(seat, mine[rng.randrange(len(mine))])
            assert r.status_code == 200, r.text
        raise AssertionError("the game did not get there")


def _in_orders(state: Any) -> bool:
    return bool(state.phase is Phase.ORDERS)


# --- creating a game -------------------------------------------------------------------------


def test_the_creation_link_offers_a_game_and_loads_nothing_from_elsewhere(client: TestClient) -> None:
    html = client.get(f"/new/{CREATE_KEY}").text
    assert "<form" in html and "action='/games'" in html and f"name='key' value='{CREATE_KEY}'" in html
    assert "http" not in html and "src=" not in html


def test_a_game_created_gives_a_host_link_and_one_secret_link_per_seat(client: TestClient) -> None:
    t = Table(client, players=3, variant="first", first_player=2, seed=7, replayable=True)
    assert len(t.seats) == 3 and len({t.host, *t.seats}) == 4
    assert t.game.row.first_player == 1 and t.game.row.variant == "first"
    assert all(link.startswith(f"/g/{t.id}/") for link in [t.host, *t.seats])
    assert t.state(None)["role"] == "host" and t.state(2)["role"] == "P3"


def test_the_form_creates_a_game_and_shows_its_links_once(client: TestClient) -> None:
    r = client.post("/games", data={"key": CREATE_KEY, "players": "2", "variant": "full", "first_player": "1", "seed": ""})
    assert r.status_code == 200 and r.text.count("/g/") == 2 * 3  # host and 2 seats, each as text and href
    assert f"<a href='/new/{CREATE_KEY}'>Create another game</a>" in r.text


def test_LIB_SRV_5_the_form_says_why_a_game_was_not_created(client: TestClient) -> None:
    r = client.post("/games", data={"key": CREATE_KEY, "players": "2", "variant": "full", "first_player": "4", "seed": ""})
    assert r.status_code == 400 and "not created" in r.text and "first player" in r.text and f"<a href='/new/{CREATE_KEY}'>" in r.text


def test_the_command_line_has_serve_and_refuses_a_bad_game(capsys: pytest.CaptureFixture[str]) -> None:
    from dlrules.apps.cli.main import main

    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--new-game", "5"])
    assert stopped.value.code == 2 and "invalid choice" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "--auto-chance" in capsys.readouterr().out


def test_serve_without_the_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from dlrules.apps.cli.main import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    assert main(["serve"]) == 2
    assert "pip install 'dlrules[serve]'" in capsys.readouterr().err


@pytest.mark.parametrize("body", [{"players": 5}, {"players": 2, "variant": "short"}, {"players": 2, "first_player": 3}, {"players": "x"}])
def test_LIB_SRV_5_a_game_that_cannot_be_set_up_is_refused(client: TestClient, body: dict[str, Any]) -> None:
    r = client.post("/games", json={"key": CREATE_KEY, **body})
    assert r.status_code == 400 and r.json()["rule"] == "LIB-SRV-5"


def test_LIB_SRV_6_a_request_that_is_not_json_is_refused(client: TestClient) -> None:
    assert client.post("/games", content=b"players=2", headers={"content-type": "application/json"}).status_code == 400
    assert client.post("/games", json=[2]).json()["rule"] == "LIB-SRV-6"


# --- links: nobody gets in where they do not belong ----------------------------------------------


ENDPOINTS = [("get", ""), ("get", "/state"), ("get", "/picture"), ("post", "/move"), ("post", "/draw"), ("get", "/events"), ("get", "/record")]


@pytest.mark.parametrize(("method", "path"), ENDPOINTS)
def test_LIB_SRV_1_a_wrong_token_and_a_missing_game_get_the_same_answer(client: TestClient, method: str, path: str) -> None:
    t = Table(client, players=2)
    answers = []
    token = t.seats[0].split("/")[-1]
    for url in (f"/g/{t.id}/not-a-token", f"/g/{t.id}/{token[:-1]}", f"/g/000000000000/{token}"):
        r = getattr(client, method)(url + path, **({"json": {"at": 0, "move": "{}"}} if method == "post" else {}))
        answers.append((r.status_code, r.text))
    assert answers[0][0] == 404 and len(set(answers)) == 1  # nothing says whether the game exists
    assert t.id not in answers[0][1] and "P1" not in answers[0][1]


def test_LIB_SRV_1_a_link_without_a_token_is_not_a_page(client: TestClient) -> None:
    t = Table(client, players=2)
    assert client.get(f"/g/{t.id}").status_code == 404
    assert client.get(f"/g/{t.id}/").status_code == 404


def test_LIB_SRV_2_a_seat_moves_only_for_itself_and_the_host_for_no_seat(client: TestClient) -> None:
    t = Table(client, players=2, auto_chance=True, seed=3, replayable=True)
    state = t.game.state
    assert state.phase is Phase.SETUP and to_move(state) == {0, 1}  # each keeps 2 of the 3 dealt orders
    p2_keep = next(m for m in legal_moves(state) if m.seat == 1)
    for who in (0, None):
        r = t.move(who, p2_keep)
        assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-2"
    assert t.game.n == t.game.n and t.move(1, p2_keep).status_code == 200


def test_LIB_SRV_2_a_hidden_deal_is_entered_on_the_seats_own_page_only(client: TestClient) -> None:
    t = Table(client, players=3, seed=1, replayable=True)
    state = t.game.state
    deal = next(m for m in legal_moves(state) if isinstance(m, DealOrders))
    assert deal.target == 0 and chance_owner(state) == 0
    assert t.state(None)["chance"] == [] and "P1" in t.state(None)["chance_note"]  # the host only waits
    assert t.state(1)["chance"] == []
    offered = t.state(0)["chance"]
    assert dumps(deal) in [c["move"] for c in offered]
    for who in (None, 1, 2):
        r = t.move(who, deal)
        assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-2"
        assert client.post(t.link(who) + "/draw", json={"at": 0}).status_code == 403
    dealt_text = next(c["text"] for c in offered if c["move"] == dumps(deal))
    assert t.move(0, deal).status_code == 200 and t.game.n == 1
    assert dealt_text in json.dumps(t.state(0))
    assert t.game.state.players[0].dealt == deal.orders
    # the other pages say that P1 was dealt orders, never which
    for who in (None, 1, 2):
        text = json.dumps(t.state(who))
        assert "chance deals P1 orders to choose" in text and dealt_text not in text


def test_the_seat_may_let_the_server_draw_its_secret_deal_and_the_host_the_public_cards(client: TestClient) -> None:
    t = Table(client, players=2, seed=11, replayable=True)
    rng = random.Random(2)
    assert client.post(t.seats[0] + "/draw", json={"at": 0}).json() == {"ok": True, "n": 1}
    t.play_until(lambda s: CHANCE in to_move(s) and chance_owner(s) is None, rng)
    state = t.game.state
    public = [m for m in legal_moves(state) if m.seat == CHANCE]
    offered = [c["move"] for c in t.state(None)["chance"]]
    assert {dumps(m) for m in public} <= set(offered)
    r = client.post(t.host + "/draw", json={"at": t.game.n})
    assert r.status_code == 200 and t.game.n == r.json()["n"]


def test_LIB_SRV_2_a_card_no_longer_in_the_deck_is_refused_with_the_one_message(client: TestClient) -> None:
    t = Table(client, players=2, seed=4, replayable=True)
    rng = random.Random(9)
    def some_gone(s: Any) -> bool:
        draws = [m for m in legal_moves(s) if isinstance(m, Draw)] if CHANCE in to_move(s) and chance_owner(s) is None else []
        return bool(draws) and len({m.card for m in draws}) < len(deck_cards(draws[0].deck, s.year))

    t.play_until(some_gone, rng)
    state = t.game.state
    legal = {dumps(m) for m in legal_moves(state) if m.seat == CHANCE}
    offered = [c["move"] for c in t.state(None)["chance"]]
    assert legal <= set(offered)
    gone = [o for o in offered if o not in legal]
    assert gone  # the host's list is every card of the deck this year: some have come up already
    r = t.move(None, gone[0])
    assert r.status_code == 422 and r.json()["message"] == "that card cannot be entered for this draw"
    assert r.json()["violations"] == [] and t.game.n == t.state(None)["n"]


# --- moves: strict decoding, the rules, stale positions ----------------------------------------


def test_LIB_SRV_6_a_move_that_does_not_decode_is_refused_and_nothing_changes(client: TestClient) -> None:
    t = Table(client, players=2, seed=2, replayable=True)
    for text in ("not json", '{"type": "Nonsense", "seat": 0}', '{"type": "KeepUnavailable", "seat": 0}', "[1]"):
        r = t.move(0, text)
        assert r.status_code == 400 and r.json()["rule"] == "LIB-SRV-6", text
    r = client.post(t.seats[0] + "/move", json={"at": 0})
    assert r.status_code == 400 and r.json()["rule"] == "LIB-SRV-6"
    assert t.game.n == 0


def test_an_illegal_move_is_refused_with_the_rule_and_its_statement(client: TestClient) -> None:
    t = Table(client, players=2, auto_chance=True, seed=5, replayable=True)
    dealt = t.game.state.players[0].dealt
    wrong = KeepUnavailable(0, tuple(a for a in t.game.state.players[0].hand if a not in dealt)[:2])
    n = t.game.n
    r = t.move(0, wrong)
    assert r.status_code == 422
    data = r.json()
    assert data["violations"] and data["violations"][0]["rule"] == data["rule"]
    assert data["violations"][0]["statement"]  # the rule itself, for the player
    assert t.game.n == n


def test_LIB_SRV_3_a_move_on_an_old_position_is_refused_as_stale(client: TestClient) -> None:
    t = Table(client, players=2, seed=6, replayable=True)
    assert client.post(t.seats[0] + "/draw", json={"at": 0}).status_code == 200
    state = t.game.state
    deal = next(m for m in legal_moves(state) if m.seat == CHANCE)
    r = t.move(chance_owner(state), deal, at=0)
    assert r.status_code == 409 and r.json()["rule"] == "LIB-SRV-3" and "move 1" in r.json()["message"]
    assert client.post(t.host + "/draw", json={"at": 0}).status_code == 409
    r = t.move(1, deal, at="1")  # type: ignore[arg-type]
    assert r.status_code == 400 and r.json()["rule"] == "LIB-SRV-3"
    assert t.game.n == 1


def test_LIB_SRV_3_seats_choosing_orders_at_once_all_land(client: TestClient) -> None:
    t = Table(client, players=4, auto_chance=True, seed=8, replayable=True)
    rng = random.Random(4)
    t.play_until(_in_orders, rng)
    seen = t.game.n  # every seat's page shows this position
    choices = {}
    for seat in range(4):
        mine = [m for m in legal_moves(t.game.state) if m.seat == seat and isinstance(m, ChooseOrders)]
        choices[seat] = mine[rng.randrange(len(mine))]
    for seat in (2, 0, 3, 1):
        r = t.move(seat, choices[seat], at=seen)
        assert r.status_code == 200, r.text
    assert t.game.state.phase is not Phase.ORDERS or all(p.committed for p in t.game.state.players)


def _stale(seen: int, now: int) -> str:
    return f"the game has moved on (your page shows move {seen}, the game is at move {now}); nothing was played: look again and choose"


def test_LIB_SRV_3_a_restarted_server_checks_stale_moves_as_before(tmp_path: Path) -> None:
    """Four seats see the orders step at move ``seen``; Player 3 chooses, the
    server restarts. The position the pages show is read back from the
    database: Player 1's moves are the same as on its page, so its choice
    lands; Player 3 has chosen since its page showed, so its second choice
    is stale, in the same words as without a restart."""
    db = str(tmp_path / "games.sqlite")
    t = Table(TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY)), players=4, auto_chance=True, seed=8, replayable=True)
    t.play_until(_in_orders, random.Random(4))
    seen = t.game.n
    choices = {seat: [m for m in legal_moves(t.game.state) if m.seat == seat and isinstance(m, ChooseOrders)] for seat in range(4)}
    assert t.move(2, choices[2][0], at=seen).status_code == 200
    t.client = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))  # a restarted server
    assert set(t.game.keys) == {seen + 1}  # nothing of the earlier positions in memory
    assert t.move(0, choices[0][0], at=seen).status_code == 200
    r = t.move(2, choices[2][1], at=seen)
    assert r.status_code == 409 and r.json()["rule"] == "LIB-SRV-3" and r.json()["message"] == _stale(seen, seen + 2)
    assert t.game.n == seen + 2 and set(t.game.keys) == {seen, seen + 1, seen + 2}  # only the positions asked about


def test_LIB_SRV_3_a_position_older_than_the_kept_ones_is_stale_before_and_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the last 2 positions compared (``KEYS_KEPT``, 200 in the server):
    Player 2's page shows move ``seen``; three seats choose on that position
    (the last two on a position 1 and 2 moves old: they land); Player 2's
    choice on it, 3 moves old, is stale, before and after a restart; on
    move ``seen + 1``, read back from the database, it lands."""
    from dlrules.apps.serve import table

    monkeypatch.setattr(table, "KEYS_KEPT", 2)
    db = str(tmp_path / "games.sqlite")
    t = Table(TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY)), players=4, auto_chance=True, seed=8, replayable=True)
    t.play_until(_in_orders, random.Random(4))
    seen = t.game.n
    choice = {seat: next(m for m in legal_moves(t.game.state) if m.seat == seat and isinstance(m, ChooseOrders)) for seat in range(4)}
    for seat in (2, 3, 0):
        assert t.move(seat, choice[seat], at=seen).status_code == 200
    r = t.move(1, choice[1], at=seen)
    assert r.status_code == 409 and r.json()["message"] == _stale(seen, seen + 3)
    t.client = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))  # a restarted server
    r = t.move(1, choice[1], at=seen)
    assert r.status_code == 409 and r.json()["message"] == _stale(seen, seen + 3)
    assert t.move(1, choice[1], at=seen + 1).status_code == 200
    assert all(p.committed for p in t.game.state.players) or t.game.state.phase is not Phase.ORDERS


def test_every_50th_position_is_stored_even_inside_a_batch_and_any_position_reads_back(tmp_path: Path) -> None:
    """A move and the server's draws after it are stored in one batch; the
    50th, 100th, ... positions are stored even when a batch passes them, so
    that any position is fewer than 50 moves from a stored one (LIB-SRV-3
    after a restart)."""
    import sqlite3

    from dlrules.core.engine import apply
    from dlrules.apps.serve.store import Store
    from dlrules.apps.serve.table import Tables

    db = str(tmp_path / "games.sqlite")
    tables = Tables(Store(db))
    game = tables.games[tables.create(3, seed=2, replayable=True, auto_chance=True).game]
    rng = random.Random(2)
    batches = []
    while game.n < 160:
        before = game.n
        seat = min(to_move(game.state))
        mine = [m for m in legal_moves(game.state) if m.seat == seat]
        tables.submit(game, seat, game.n, dumps(mine[rng.randrange(len(mine))]))
        batches.append((before, game.n))
    assert any(a < k < b for a, b in batches for k in (50, 100, 150))  # a batch passed a 50th position
    with sqlite3.connect(db) as raw:
        kept = sorted(n for (n,) in raw.execute("SELECT n FROM snapshots WHERE game = ?", (game.row.id,)))
    assert kept == [0, 50, 100, 150, game.n]
    positions = [tables._position(game.row.id, 0)]
    for m in tables.store.moves(game.row.id):
        positions.append(apply(positions[-1], loads(m.move, Move)))
    for at in (0, 1, 49, 50, 51, 99, 149, game.n - 1, game.n):
        assert tables._position(game.row.id, at) == positions[at], at
    assert positions[-1] == game.state
    tables.store.close()


def test_moves_on_one_game_are_serialised_and_all_committed(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    db = str(tmp_path / "games.sqlite")
    client = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))
    t = Table(client, players=4, auto_chance=True, seed=8, replayable=True)
    t.play_until(_in_orders, random.Random(1))
    seen = t.game.n
    state = t.game.state
    picks = [next(m for m in legal_moves(state) if m.seat == s) for s in range(4)]
    with ThreadPoolExecutor(4) as pool:
        codes = list(pool.map(lambda s: t.move(s, picks[s], at=seen).status_code, range(4)))
    assert codes == [200] * 4
    from dlrules.apps.serve.store import Store

    stored = Store(db).moves(t.id)
    assert [m.n for m in stored] == list(range(1, t.game.n + 1))
    assert {loads(m.move, ChooseOrders) for m in stored[seen : seen + 4]} == set(picks)


# --- pages, live updates, the record ------------------------------------------------------------


def test_a_seat_page_is_offline_html_and_its_state_shows_the_seats_moves(client: TestClient) -> None:
    t = Table(client, players=2, auto_chance=True, seed=5, replayable=True)
    page = client.get(t.seats[1])
    html = page.text
    assert "connect-src 'self'" in page.headers["content-security-policy"] and page.headers["cache-control"] == "no-store"
    assert page.headers["referrer-policy"] == "no-referrer"  # the token in the address goes nowhere else
    assert "Dungeon Lords: Player 2" in html and "EventSource" in html
    assert "https://" not in html and "src=" not in html
    data = t.state(1)
    picture = client.get(t.seats[1] + "/picture")
    assert picture.headers["content-type"].startswith("image/svg+xml") and picture.headers["x-move"] == str(data["n"])
    assert picture.text.startswith("<svg") and "as P2 sees it" in picture.text
    assert data["moves"] and all(m["text"].startswith("P2 keeps") for m in data["moves"])
    assert "Player 1" in data["position"] or "P1" in data["position"]
    host = t.state(None)
    assert host["moves"] == [] and "as P" not in client.get(t.host + "/picture").text


def test_the_host_never_sees_a_seats_secret(client: TestClient) -> None:
    t = Table(client, players=2, auto_chance=True, seed=5, replayable=True)
    keep = next(m for m in legal_moves(t.game.state) if m.seat == 0 and isinstance(m, KeepUnavailable))
    assert t.move(0, keep).status_code == 200
    kept = " and ".join(a.title for a in keep.orders)
    assert kept not in json.dumps(t.state(None)) and kept not in json.dumps(t.state(1))
    assert kept in json.dumps(t.state(0))


def test_live_updates_stream_the_move_number() -> None:
    import threading
    import time

    client = table_client(sse_seconds=1.5)
    t = Table(client, players=2, seed=5, replayable=True)
    codes: list[int] = []

    def move_soon() -> None:
        time.sleep(0.4)
        codes.append(client.post(t.seats[0] + "/draw", json={"at": 0}).status_code)

    mover = threading.Thread(target=move_soon)
    mover.start()
    with client.stream("GET", t.seats[1] + "/events") as r:  # open while the other seat moves
        assert r.headers["content-type"].startswith("text/event-stream")
        body = "".join(r.iter_text())
    mover.join(5)
    assert codes == [200]
    assert "event: move\ndata: 0" in body and "data: 1" in body  # the first answer, then the move


def test_the_record_is_the_hosts_once_the_game_is_over(client: TestClient) -> None:
    t = Table(client, players=2, seed=5, replayable=True)
    for who in (None, 0):
        r = client.get(t.link(who) + "/record")
        assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-2"


def test_a_restarted_server_finds_every_game_where_it_stood(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    first = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))
    t = Table(first, players=3, seed=12, replayable=True)
    t.play_until(lambda s: s.phase is Phase.ORDERS, random.Random(3))
    n, state = t.game.n, t.game.state
    pages = [t.state(seat) for seat in (None, 0, 1, 2)]
    again = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))
    assert again.get(t.seats[2] + "/state").json()["n"] == n
    for seat, page in zip((None, 0, 1, 2), pages):  # the latest moves are listed as before (read back from the database)
        assert again.get(t.link(seat) + "/state").json()["log"] == page["log"] and len(page["log"]) == 12
    game: Game = again.app.state.tables.games[t.id]  # type: ignore[attr-defined]
    assert game.state == state and game.n == n
    from dlrules.records import parse_record, replay

    final = replay(parse_record(again.app.state.tables.record_text(t.id))).state  # type: ignore[attr-defined]
    assert final == state


def _hidden_draw(deck: str) -> Any:
    def now(state: Any) -> bool:
        if CHANCE not in to_move(state) or chance_owner(state) is None:
            return False
        first = next(m for m in legal_moves(state) if m.seat == CHANCE)
        return isinstance(first, Draw) and first.deck == deck

    return now


@pytest.mark.parametrize("deck", ["traps", "combat"])
def test_LIB_SRV_2_a_trap_card_or_a_spied_combat_card_is_drawn_on_the_seats_own_page(client: TestClient, deck: str) -> None:
    t = Table(client, players=3, seed=1, replayable=True)
    t.play_until(_hidden_draw(deck), random.Random(1), limit=600)
    state = t.game.state
    owner = chance_owner(state)
    assert owner is not None
    others = [s for s in range(3) if s != owner]
    legal = [m for m in legal_moves(state) if m.seat == CHANCE]
    for who in (None, *others):
        page = t.state(who)
        assert page["chance"] == [] and f"P{owner + 1}" in page["chance_note"]
        assert t.move(who, legal[0]).status_code == 403
    offered = t.state(owner)["chance"]
    assert {dumps(m) for m in legal} <= {c["move"] for c in offered}
    assert len({c["text"].split(" (")[-1] for c in offered}) == 1  # every card in the same words, left or not
    assert t.move(owner, legal[0]).status_code == 200
    card = legal[0].card  # type: ignore[union-attr]
    for who in (None, *others):  # the others are told that a card was drawn, not which
        assert all(card not in e["text"] and card.replace("-", " ") not in e["text"].lower() for e in t.state(who)["log"])


def test_a_whole_game_over_http_then_the_host_downloads_the_record(client: TestClient) -> None:
    from dlrules.records import parse_record, replay

    t = Table(client, players=2, seed=2, replayable=True)
    t.play_until(lambda s: not to_move(s), random.Random(2), limit=1000)
    assert t.game.state.phase is Phase.GAME_OVER and t.state(0)["moves"] == []
    assert t.state(None)["record"] is True and t.state(0)["record"] is False
    assert client.get(t.seats[0] + "/record").status_code == 403
    r = client.get(t.host + "/record")
    assert r.status_code == 200
    assert replay(parse_record(r.text)).state == t.game.state


def test_through_a_whole_game_no_page_holds_another_seats_secret_lines() -> None:
    """Each seat's own description marks its secrets "(secret)" (its chosen
    and kept orders, its dealt cards, its dummy's third order); no other
    link's page (the host's included) ever holds one of those lines."""
    import re

    from dlrules.display.render import describe_lines
    from dlrules.apps.serve.store import Store
    from dlrules.apps.serve.table import Tables
    from dlrules.apps.serve.shown import page_data

    tables = Tables(Store(":memory:"))
    created = tables.create(3, seed=1, replayable=True)
    game = tables.games[created.game]
    rng = random.Random(1)
    checked = 0
    for _ in range(400):
        state = game.state
        seats = to_move(state)
        if not seats:
            break
        pages = {role: json.dumps(page_data(game, role)) for role in (None, 0, 1, 2)}
        for seat in range(3):
            own = [ln.strip() for ln in describe_lines(state, seat) if "(secret)" in ln]
            secrets = [m.group(0) for ln in own for m in [re.search(r"(chosen|dealt|dummy's third|keeps unavailable): \S+ \(secret\)", ln)] if m]
            for role, text in pages.items():
                if role != seat:
                    for line in secrets:
                        assert line not in text, (role, line)
                        checked += 1
        if CHANCE in seats:
            tables.draw(game, chance_owner(state), game.n)
        else:
            seat = min(seats)
            mine = [m for m in legal_moves(state) if m.seat == seat]
            tables.submit(game, seat, game.n, dumps(mine[rng.randrange(len(mine))]))
    assert game.state.phase is Phase.GAME_OVER and checked > 100


def test_LIB_SRV_2_every_card_a_deck_can_draw_is_in_the_component_data() -> None:
    """The offered lists come from the component data: whatever a deck holds
    at any point of a game is in its list for that year (none added from the state)."""
    import dlrules
    from dlrules.apps.serve.seats import deck_cards

    state = dlrules.new_game(4)
    for deck in ("monsters", "rooms", "traps", "adventurers", "events", "combat", "special"):
        assert {k for k, _ in getattr(state.decks, deck).unseen} <= deck_cards(deck, 1), deck
    out = dlrules.play_out(state, None, random.Random(3), max_moves=5000)
    assert out.state.phase is Phase.GAME_OVER
    for move in out.moves:  # each draw's card is in its deck's list for the year it is drawn in
        if isinstance(move, Draw):
            assert move.card in deck_cards(move.deck, state.year), (move, state.year)
        state = dlrules.apply(state, move)


def test_LIB_SRV_3_a_move_on_a_position_before_the_first_is_stale_not_a_server_error(client: TestClient) -> None:
    """A crafted ``at`` below 0 (within the kept window of a young game) is
    a position that never was: refused as stale in the usual words, nothing
    played, nothing remembered, and the move lands on the position now."""
    t = Table(client, players=2, auto_chance=True, seed=6, replayable=True)
    t.play_until(lambda s: bool(to_move(s)) and CHANCE not in to_move(s), random.Random(1))
    now = t.game.n
    seat = min(to_move(t.game.state))
    mine = next(m for m in legal_moves(t.game.state) if m.seat == seat)
    for at in (-1, -150):
        r = t.move(seat, mine, at=at)
        assert r.status_code == 409 and r.json()["rule"] == "LIB-SRV-3" and r.json()["message"] == _stale(at, now)
    assert t.game.n == now and min(t.game.keys) >= 0
    assert t.move(seat, mine).status_code == 200
