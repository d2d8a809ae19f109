"""The table server hardened (issue 21, docs/serve.md "Threat model"):
unpredictable draws unless a game is replayable (LIB-SRV-9), a secret draw's
page that answers no questions (LIB-SRV-2), one answer per request
(LIB-SRV-7), bounded bodies and clean refusals (LIB-SRV-6), nothing from
another site (LIB-SRV-8). Starlette's test client: no network."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from clientkit import TestClient, client  # noqa: F401 (client: the fixture)
from dlrules.core.engine import legal_moves, to_move  # noqa: E402
from dlrules.core.moves import ChooseOrders, Draw  # noqa: E402
from dlrules.records.serialization import dumps  # noqa: E402
from dlrules.apps.serve.app import MAX_BODY, create_app  # noqa: E402
from dlrules.apps.serve.pages import SCRIPT_HASH, game_page  # noqa: E402
from dlrules.apps.serve.store import Store  # noqa: E402
from dlrules.apps.serve.table import REPLAYABLE_NOTE  # noqa: E402
from dlrules.apps.serve.seats import SECRET_ENTRY_REFUSED, chance_owner, entry_options  # noqa: E402
from dlrules.core.state import CHANCE, Phase  # noqa: E402
from servekit import CREATE_KEY  # noqa: E402
from test_serve import Table, _hidden_draw  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


# --- LIB-SRV-9: draws nobody can foresee, unless the host makes the game replayable ---------------


def test_LIB_SRV_9_a_game_draws_from_the_secure_source_and_keeps_no_seed(client: TestClient) -> None:
    from dlrules.apps.serve.table import _rng

    t = Table(client, players=2)
    assert t.game.row.seed is None and isinstance(_rng(t.game), random.SystemRandom)
    assert t.state(0)["replayable"] is False and t.state(0)["replayable_note"] == ""
    assert client.post(t.seats[0] + "/draw", json={"at": 0}).status_code == 200  # the server draws all the same


def test_LIB_SRV_9_a_seed_needs_a_replayable_game_and_every_page_says_so(client: TestClient) -> None:
    r = client.post("/games", json={"key": CREATE_KEY, "players": 2, "seed": 7})
    assert r.status_code == 400 and r.json()["rule"] == "LIB-SRV-9" and "replayable" in r.json()["message"]
    t = Table(client, players=2, seed=7, replayable=True)
    assert t.game.row.seed == 7
    for who in (None, 0, 1):
        assert t.state(who)["replayable"] is True and t.state(who)["replayable_note"] == REPLAYABLE_NOTE
    assert "foresee" in REPLAYABLE_NOTE and "id='replayable'" in client.get(t.seats[0]).text
    random_seed = Table(client, players=2, replayable=True)  # replayable without a seed: a random one, kept
    assert random_seed.game.row.seed is not None and random_seed.state(1)["replayable"] is True


def test_LIB_SRV_9_a_replayable_game_draws_the_same_twice(client: TestClient) -> None:
    games = [Table(client, players=3, seed=11, replayable=True, auto_chance=True) for _ in range(2)]
    assert games[0].game.state == games[1].game.state and games[0].game.n > 0


def test_LIB_SRV_9_the_command_line_refuses_a_seed_without_replayable(capsys: pytest.CaptureFixture[str]) -> None:
    from dlrules.apps.cli.main import main

    assert main(["serve", "--new-game", "2", "--seed", "5"]) == 2
    assert "--replayable" in capsys.readouterr().err


# --- LIB-SRV-2: a secret draw's page is no oracle ---------------------------------------------------


def _identified_by_another(client: TestClient) -> tuple[Table, int, str]:
    """A seat about to look at a combat card (chance turns it up on its own
    page) that another seat has already identified: (table, looker, the card)."""
    t = Table(client, players=3, seed=1, replayable=True)
    t.play_until(_hidden_draw("combat"), random.Random(1), limit=600)
    game = t.game
    state = game.state
    looker = chance_owner(state)
    assert looker is not None and state.resolution is not None and state.resolution.spy is not None
    pos = state.resolution.spy
    assert state.combat[pos] is None
    card = next(m.card for m in legal_moves(state) if isinstance(m, Draw))
    other = (looker + 1) % 3
    spied = tuple(sorted(set(state.spied[other]) | {pos}))
    game.state = attrs.evolve(
        state,
        combat=tuple(card if i == pos else c for i, c in enumerate(state.combat)),
        decks=attrs.evolve(state.decks, combat=state.decks.combat.without(card)),
        spied=tuple(spied if s == other else v for s, v in enumerate(state.spied)),
    )
    game.pages.clear()
    return t, looker, card


def test_LIB_SRV_2_a_look_offers_the_same_cards_whether_or_not_another_seat_identified_the_card(client: TestClient) -> None:
    t, looker, card = _identified_by_another(client)
    state = t.game.state
    legal = [m for m in legal_moves(state) if m.seat == CHANCE]
    assert legal == [Draw("combat", card)]  # the card is certain now
    offered = [c["move"] for c in t.state(looker)["chance"]]
    assert len(offered) > 1 and dumps(legal[0]) in offered  # the list does not shrink to the one card
    unknown = attrs.evolve(state, combat=tuple(None if c == card else c for c in state.combat))
    assert [dumps(m) for m in entry_options(unknown, looker, legal)] == offered  # the same list when nobody identified it


@pytest.mark.parametrize("wrong", ["not offered", "not a card"])
def test_LIB_SRV_2_a_refused_card_gets_one_message_and_closes_the_list(client: TestClient, wrong: str) -> None:
    """A card not offered (the list comes from the seat's own view) is refused;
    an offered card is accepted, whatever others know (LIB-SRV-13, tests/test_serve_hostile.py)."""
    t, looker, card = _identified_by_another(client)
    name = {"not offered": "no-such-card", "not a card": "?"}[wrong]
    n = t.game.n
    r = t.move(looker, Draw("combat", name))
    assert r.status_code == 422 and r.json()["message"] == SECRET_ENTRY_REFUSED and r.json()["violations"] == []
    assert card not in r.text and "unseen" not in r.text and "identified" not in r.text
    page = t.state(looker)
    assert page["chance"] == [] and page["server_draw"] is True  # no more questions: the server draws this one
    assert t.move(looker, Draw("combat", card)).json()["message"] == SECRET_ENTRY_REFUSED
    assert t.game.n == n
    r = client.post(t.seats[looker] + "/draw", json={"at": n})
    assert r.status_code == 200 and t.game.n == n + 1
    assert t.game.state.combat.count(card) == 1


def test_LIB_SRV_2_every_card_a_seat_may_draw_is_offered_to_it_through_whole_games() -> None:
    """The list comes from the seat's view only, yet always holds the card
    that may come up: an honest player can always enter what they drew."""
    from dlrules.apps.serve.table import Tables

    checked = 0
    for seed in (1, 2):
        tables = Tables(Store(":memory:"))
        game = tables.games[tables.create(3, seed=seed, replayable=True).game]
        rng = random.Random(seed)
        for _ in range(1500):
            state = game.state
            seats = to_move(state)
            if not seats:
                break
            if CHANCE in seats:
                owner = chance_owner(state)
                legal = [m for m in legal_moves(state) if m.seat == CHANCE]
                if owner is not None and isinstance(legal[0], Draw):
                    assert set(legal) <= set(entry_options(state, owner, legal))
                    checked += 1
                tables.draw(game, owner, game.n)
            else:
                seat = min(seats)
                mine = [m for m in legal_moves(state) if m.seat == seat]
                tables.submit(game, seat, game.n, dumps(mine[rng.randrange(len(mine))]))
        assert game.state.phase is Phase.GAME_OVER
    assert checked > 10


# --- LIB-SRV-7: a request is answered once --------------------------------------------------------


def _twice(client: TestClient, url: str, body: dict[str, Any]) -> Any:
    """Send ``body`` twice (a retry after a lost answer); both answers must be the same."""
    first = client.post(url, json=body)
    again = client.post(url, json=body)
    assert (again.status_code, again.json()) == (first.status_code, first.json()), (body, first.text, again.text)
    return first


@pytest.mark.parametrize(("players", "with_ids"), [(2, True), (3, False)])
def test_LIB_SRV_7_whole_games_with_every_request_sent_twice_play_no_move_twice(client: TestClient, players: int, with_ids: bool) -> None:
    t = Table(client, players=players, seed=players, replayable=True)
    rng = random.Random(players)
    accepted = 0
    for i in range(3000):
        state = t.game.state
        seats = to_move(state)
        if not seats:
            break
        body: dict[str, Any] = {"at": t.game.n}
        if with_ids:
            body["id"] = f"req-{i}"
        if CHANCE in seats:
            r = _twice(client, t.link(chance_owner(state)) + "/draw", body)
        else:
            seat = min(seats)
            mine = [m for m in legal_moves(state) if m.seat == seat]
            body["move"] = dumps(mine[rng.randrange(len(mine))])
            r = _twice(client, t.link(seat) + "/move", body)
        assert r.status_code == 200, r.text
        accepted += 1
        assert t.game.n == accepted  # one move per request, however often it was sent
    assert t.game.state.phase is Phase.GAME_OVER
    assert len(client.app.state.tables.store.moves(t.id)) == accepted  # type: ignore[attr-defined]


def test_LIB_SRV_7_seats_choosing_orders_at_once_each_sending_twice_all_land_once(client: TestClient) -> None:
    t = Table(client, players=4, auto_chance=True, seed=8, replayable=True)
    t.play_until(lambda s: s.phase is Phase.ORDERS, random.Random(4))
    seen = t.game.n
    picks = {s: next(m for m in legal_moves(t.game.state) if m.seat == s and isinstance(m, ChooseOrders)) for s in range(4)}
    for seat in (2, 0, 3, 1):
        r = _twice(client, t.seats[seat] + "/move", {"at": seen, "move": dumps(picks[seat]), "id": f"orders-{seat}"})
        assert r.status_code == 200, r.text
    stored = [m.move for m in client.app.state.tables.store.moves(t.id)]  # type: ignore[attr-defined]
    assert sorted(stored[seen : seen + 4]) == sorted(dumps(m) for m in picks.values())


def test_LIB_SRV_7_an_id_used_for_another_move_is_refused_and_a_restart_keeps_the_answers(tmp_path: Any) -> None:
    db = str(tmp_path / "games.sqlite")
    first = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))
    t = Table(first, players=2, seed=3, replayable=True)
    r = first.post(t.seats[0] + "/draw", json={"at": 0, "id": "deal-1"})
    assert r.json() == {"ok": True, "n": 1}
    again = TestClient(create_app(db, names=["testserver"], create_key=CREATE_KEY))  # a restarted server
    assert again.post(t.seats[0] + "/draw", json={"at": 0, "id": "deal-1"}).json() == {"ok": True, "n": 1}
    r = again.post(t.seats[0] + "/draw", json={"at": 1, "id": "deal-1"})  # the same id for another request
    assert r.status_code == 409 and r.json()["rule"] == "LIB-SRV-7"
    assert [m.n for m in Store(db).moves(t.id)] == [1]  # one move, however often and wherever it was asked for
    bad = again.post(t.seats[0] + "/draw", json={"at": 1, "id": "no spaces"})
    assert bad.status_code == 400 and bad.json()["rule"] == "LIB-SRV-7"


# --- LIB-SRV-6: bounded bodies, clean refusals --------------------------------------------------------

DEEP = "[" * 5000 + "]" * 5000


def _hostile_bodies(move: str) -> list[tuple[str, bytes, str]]:
    """(path, body, content type): every request body of the report and more."""
    bodies: list[tuple[str, bytes, str]] = []
    J = "application/json"
    for text in [
        DEEP, '{"players": ' + DEEP + "}", '{"players": ' + "9" * 5000 + "}", '{"players": 2, "seed": 18446744073709551616}',
        '{"players": 2, "seed": 1e999, "replayable": true}', '{"players": 2.9}', '{"players": "2"}', '{"players": true}',
        '{"players": null}', '{"players": -2}', '{"players": 2, "players": 3}', '{"players": NaN}', '{"players": Infinity}',
        '{"players": 2, "variant": 1}', '{"players": 2, "first_player": 2.0}', '{"players": 2, "auto_chance": "yes"}',
        '{"players": 2, "seed": -1, "replayable": true}', '{"players": 2, "seed": 9223372036854775808, "replayable": true}',
        '{"players": 2, "owner": "me"}', "", "[]", "null", "2", '"text"', "{", '{"players": "\\ud800"}',
    ]:
        bodies.append(("/games", text.encode(), J))  # without the creation key: refused before any field is read (LIB-SRV-11)
        if text.startswith('{"'):  # with it: each field read strictly (LIB-SRV-5, LIB-SRV-6)
            bodies.append(("/games", ('{"key": "' + CREATE_KEY + '", ' + text[1:]).encode(), J))
    bodies += [("/games", b"\xff\xfe{}", J), ("/games", b"players=2", "text/plain"), ("/games", b'{"players": 2}', "")]
    form = "application/x-www-form-urlencoded"
    for text in ["players=2.9", "players=2&players=3", "seed=" + "9" * 5000 + "&replayable=1", "key=&players=2", "key=x&key=y&players=2"]:
        bodies += [("/games", text.encode(), form), ("/games", f"key={CREATE_KEY}&{text}".encode(), form)]
    for text in [
        '{"at": 0, "move": ' + DEEP + "}", '{"at": ' + "9" * 5000 + ', "move": "{}"}', '{"at": 1e999, "move": "{}"}',
        '{"at": 0.0, "move": ' + json.dumps(move) + "}", '{"at": true, "move": ' + json.dumps(move) + "}",
        '{"at": 0, "move": 5}', '{"at": 0, "move": null}', '{"at": 0, "move": ' + json.dumps('{"type":"Decline","type":"Spy","seat":0}') + "}",
        '{"at": 0, "move": {"type": "Decline", "type": "Spy", "seat": 0}}', '{"at": 0, "move": ' + json.dumps("[" * 5000) + "}",
        '{"at": 0, "move": ' + json.dumps('{"type":"Draw","deck":"combat","card":' + "1" * 5000 + "}") + "}",
        '{"at": 0, "move": ' + json.dumps(move) + ', "id": 7}', '{"at": 0, "move": ' + json.dumps(move) + ', "id": "' + "x" * 65 + '"}',
        '{"at": 0, "at": 1, "move": ' + json.dumps(move) + "}",
    ]:
        bodies.append(("/move", text.encode(), J))
    bodies += [("/move", json.dumps({"at": 0, "move": move}).encode(), "text/plain"), ("/move", b"at=0", "application/x-www-form-urlencoded")]
    for text in ['{"at": 1e999}', '{"at": "0"}', '{"at": 0, "id": ["a"]}', DEEP, '{"at": 0, "at": 0}']:
        bodies.append(("/draw", text.encode(), J))
    return bodies


def test_LIB_SRV_6_no_hostile_body_gets_a_500_or_an_implementation_detail(client: TestClient) -> None:
    t = Table(client, players=2, seed=2, replayable=True)
    state = t.game.state
    move = dumps(next(m for m in legal_moves(state) if m.seat == CHANCE))
    bodies = _hostile_bodies(move)
    assert len(bodies) >= 48
    statuses = []
    for path, body, kind in bodies:
        url = path if path == "/games" else t.seats[0] + path
        r = client.post(url, content=body, headers={"content-type": kind} if kind else {})
        statuses.append(r.status_code)
        assert r.status_code in (400, 401, 403, 409, 413, 415, 422), (path, body[:80], r.status_code, r.text[:200])
        assert "Traceback" not in r.text and "hmac" not in r.text and "File \"" not in r.text
        if r.headers["content-type"].startswith("application/json"):
            assert r.json()["ok"] is False
    assert 500 not in statuses and t.game.n == 0 and len(client.app.state.tables.games) == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"players": 2.9}, "$.players"), ({"players": 2, "seed": 2**64, "replayable": True}, "$.seed"),
        ({"players": 2, "first_player": True}, "$.first_player"), ({"players": 2, "auto_chance": 1}, "$.auto_chance"),
    ],
)  # fmt: skip
def test_LIB_SRV_5_a_new_game_is_read_strictly_with_the_path_of_the_field(client: TestClient, body: dict[str, Any], path: str) -> None:
    r = client.post("/games", json={"key": CREATE_KEY, **body})
    assert r.status_code == 400 and r.json()["message"].startswith(path + ":"), r.text


def test_LIB_SRV_6_deep_nesting_and_huge_numbers_are_refused_by_the_bounded_reader(client: TestClient) -> None:
    for text, fragment in [(DEEP, "nested deeper"), ('{"players": ' + "9" * 5000 + "}", "5000 digits"), ('{"seed": 1e999}', "too large"),
                           ('{"type":"Decline","type":"Spy"}', "given twice")]:  # fmt: skip
        r = client.post("/games", content=text.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400 and fragment in r.json()["message"] and "@ $" in r.json()["message"], r.text


def test_LIB_SRV_6_a_body_over_64_KiB_is_refused_unread(client: TestClient) -> None:
    big = b'{"players": 2, "x": "' + b"a" * MAX_BODY + b'"}'
    r = client.post("/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "64 KiB" in r.json()["message"]
    sent = []

    def chunks() -> Any:  # no Content-Length: the server counts as it reads, and stops
        for i in range(64):
            sent.append(i)
            yield b"a" * 4096

    r = client.post("/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/games", content=b"{}", headers={"content-type": "application/json", "content-length": "99999999999999999999"})
    assert r.status_code in (400, 413)


# --- LIB-SRV-8: nothing from another site -------------------------------------------------------------


def test_LIB_SRV_8_writes_must_be_json_and_not_from_another_site(client: TestClient) -> None:
    t = Table(client, players=2, seed=2, replayable=True)
    body = json.dumps({"at": 0, "id": "a"})
    r = client.post(t.seats[0] + "/draw", content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["rule"] == "LIB-SRV-8"
    for headers in ({"origin": "http://evil.example"}, {"origin": "null"}, {"sec-fetch-site": "cross-site"}, {"origin": "http://testserver.evil"}):
        r = client.post(t.seats[0] + "/draw", content=body, headers={"content-type": "application/json", **headers})
        assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-8", headers
        r = client.post("/games", data={"players": "2"}, headers=headers)  # a form on another site
        assert r.status_code == 403, headers
    assert t.game.n == 0 and len(client.app.state.tables.games) == 1  # type: ignore[attr-defined]
    r = client.post(t.seats[0] + "/draw", content=body, headers={"content-type": "application/json", "origin": "http://testserver", "sec-fetch-site": "same-origin"})
    assert r.status_code == 200


def test_LIB_SRV_8_a_request_for_another_name_is_refused_any_address_is_answered() -> None:
    client = TestClient(create_app(":memory:"), base_url="http://rebound.example:8000")
    assert client.get("/").status_code == 400 and client.post("/games", json={"players": 2}).status_code == 400
    for base in ("http://127.0.0.1:8000", "http://192.168.1.20:8000", "http://[::1]:8000", "http://localhost:8000"):
        assert TestClient(create_app(":memory:"), base_url=base).get("/").status_code == 200, base
    assert TestClient(create_app(":memory:", names=["table.example"]), base_url="http://table.example").get("/").status_code == 200


def test_LIB_SRV_8_every_answer_carries_the_security_headers_and_no_implementation_detail(client: TestClient) -> None:
    t = Table(client, players=2, seed=2, replayable=True)
    answers = [
        client.get("/"), client.get(t.seats[0]), client.get(t.seats[0] + "/state"), client.get(t.seats[0] + "/picture"),
        client.get(f"/g/{t.id}/wrong"), client.get(f"/g/{t.id}/wrong/state"), client.get("/nothing"),
        client.post(t.seats[0] + "/draw", json={"at": 5}), client.get("/games"), client.get("/new/wrong"),
        client.post("/games", json={"players": 2}), client.post("/games", json={"key": "wrong", "players": 2}),
    ]  # fmt: skip
    for r in answers:
        h = r.headers
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer", r.url
        assert h["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in h["content-security-policy"], r.url
        assert "hmac" not in r.text and "compare_digest" not in r.text and "sha-256" not in r.text.lower()
    page = client.get(t.seats[0])
    assert f"script-src '{SCRIPT_HASH}'" in page.headers["content-security-policy"] and "unsafe-inline" not in page.headers["content-security-policy"]


def test_the_pages_security_policy_names_the_pages_own_script_by_its_hash() -> None:
    import base64
    import hashlib
    import re

    html = game_page("Player 1")
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(scripts) == 1 and "style=" not in html
    assert SCRIPT_HASH == "sha256-" + base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert "requestId()" in scripts[0] and "body.id = requestId()" in scripts[0]  # the page sends a request id


# --- LIB-SRV-11: creating a game is the host's, with the server's creation key ----------------------


@pytest.mark.parametrize(
    ("key", "status", "words"),
    [
        (None, 401, "creating a game needs the server's creation key ($.key)"),
        ("", 401, "creating a game needs the server's creation key ($.key)"),
        ("the-hosts-creation-kez", 403, "$.key: not this server's creation key"),
        (7, 403, "$.key: not this server's creation key"),
    ],
)
def test_LIB_SRV_11_a_game_without_the_creation_key_is_refused_and_nothing_is_made(
    client: TestClient, key: object, status: int, words: str
) -> None:
    body: dict[str, Any] = {"players": 9, "seed": 7}  # a game the server would refuse too: the key is checked first
    if key is not None:
        body["key"] = key
    r = client.post("/games", json=body)
    assert r.status_code == status and r.json()["rule"] == "LIB-SRV-11" and words in r.json()["message"], r.text
    assert r.json()["ok"] is False and r.json()["violations"] == []
    form = client.post("/games", data={"players": "2"} if key is None else {"key": str(key), "players": "2"})
    assert form.status_code == status and "The game was not created" in form.text and "<a href='/'>Back</a>" in form.text
    assert client.app.state.tables.games == {} and client.app.state.tables.store.game_ids() == ()  # type: ignore[attr-defined]
    assert client.post("/games", json={"key": CREATE_KEY, "players": 2}).status_code == 200  # the key makes it


def test_LIB_SRV_11_the_form_is_shown_only_at_the_creation_link(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200 and "<form" not in home.text and "creation link" in home.text
    wrong = client.get("/new/the-hosts-creation-kez")
    assert wrong.status_code == 403 and "<form" not in wrong.text and "not this server&#x27;s creation link" in wrong.text
    form = client.get(f"/new/{CREATE_KEY}")
    assert form.status_code == 200 and f"<input type='hidden' name='key' value='{CREATE_KEY}'>" in form.text
    assert "form-action 'self'" in form.headers["content-security-policy"]
    # a browser posts a form from a page without referrer as "Origin: null", which LIB-SRV-8 refuses:
    # the form's page sends its referrer to this server only
    assert form.headers["referrer-policy"] == "same-origin" and wrong.headers["referrer-policy"] == "no-referrer"


def test_LIB_SRV_11_a_server_made_without_a_key_creates_games_only_from_its_command_line() -> None:
    client = TestClient(create_app(":memory:", names=["testserver"]))
    for key in (CREATE_KEY, "", None):
        r = client.post("/games", json={"players": 2} if key is None else {"key": key, "players": 2})
        assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-11" and "command line" in r.json()["message"]
    assert client.get(f"/new/{CREATE_KEY}").status_code == 403
    assert client.app.state.tables.games == {}  # type: ignore[attr-defined]


def test_LIB_SRV_11_only_the_keys_hash_is_kept() -> None:
    import hashlib

    from dlrules.apps.serve.app import CreationKey

    kept = CreationKey(CREATE_KEY)
    assert vars(kept) == {"_hash": hashlib.sha256(CREATE_KEY.encode()).digest()}
    assert kept.holds(CREATE_KEY) and not kept.holds(CREATE_KEY + "x") and not kept.holds(None) and not CreationKey(None).holds("")


def test_LIB_SRV_11_a_key_that_is_no_unicode_text_is_refused_not_a_server_error(client: TestClient) -> None:
    """JSON may spell a lone surrogate (``"\\ud800"``), which no UTF-8 text
    holds: such a key is not the creation key (403), and nothing is made."""
    r = client.post("/games", content='{"key": "\\ud800", "players": 2}', headers={"content-type": "application/json"})
    assert r.status_code == 403 and r.json()["rule"] == "LIB-SRV-11" and "$.key: not this server's creation key" in r.json()["message"]
    assert client.app.state.tables.games == {}  # type: ignore[attr-defined]
