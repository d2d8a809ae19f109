"""The desk's HTTP side in the test process (issue 38, docs/desk.md): the
page and its script; ``validate``'s objections at their lines; the answer
with its rule; the exports; a new game to start from; and every bad request
refused in one sentence, changing nothing (the server keeps nothing)."""

from __future__ import annotations

import json

import pytest
from clientkit import TestClient

import dlrules
from dlrules.apps.desk.app import MAX_BODY, create_app
from dlrules.apps.desk.faq import disputes

TEXT = disputes()[2].position  # year 1, spring, Build Room I: Player 2 at the room shop


@pytest.fixture
def desk() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1:8038")


def test_the_page_and_its_script_and_style(desk: TestClient) -> None:
    page = desk.get("/")
    assert page.status_code == 200 and "The arbiter's desk" in page.text and "<script src=\"desk.js\"></script>" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "chicken-coop" in desk.get("/desk.js").text and desk.get("/desk.css").status_code == 200


def test_check_lists_the_objections_at_their_lines_then_the_legal_moves(desk: TestClient) -> None:
    good = desk.post("/api/check", json={"text": TEXT}).json()
    assert good["ok"] and good["to_move"] == ["Player 2"] and "P2 build chicken-coop C2" in good["legal"]["P2"]
    assert dlrules.read_position_text(good["canonical"]) == dlrules.read_position_text(TEXT)
    bad = desk.post("/api/check", json={"text": TEXT.replace("P2: gold=6 food=3 imps=4 evil=7", "P2: gold=6 food=3 imps=4 evil=40")}).json()
    assert not bad["ok"] and bad["problems"][0]["message"] == "$.players[1].evil: 40 is above 15"
    assert TEXT.splitlines()[bad["problems"][0]["line"] - 1].startswith("P2:")
    typo = desk.post("/api/check", json={"text": TEXT.replace("tavern:", "tavrn:")}).json()
    assert not typo["ok"] and "did you mean 'tavern:'" in typo["problems"][0]["message"] and typo["problems"][0]["column"] == 1
    as_json = desk.post("/api/check", json={"text": dlrules.dumps(dlrules.read_position_text(TEXT))}).json()
    assert as_json["ok"]


def test_ask_answers_with_the_rule_and_its_statement(desk: TestClient) -> None:
    no = desk.post("/api/ask", json={"text": TEXT, "move": "P2 build chicken-coop D1"}).json()
    assert no["ok"] and no["legal"] is False and no["rules"][0]["rule"] == "ACT-ROOM-3" and no["rules"][0]["pages"] == "p.15"
    yes = desk.post("/api/ask", json={"text": TEXT, "move": "P2 build chicken-coop C2"}).json()
    assert yes["legal"] is True and "ACT-ROOM-1" in [r["rule"] for r in yes["rules"]]


def test_exports_and_a_new_game(desk: TestClient) -> None:
    state = dlrules.read_position_text(TEXT)
    exported = {kind: desk.post("/api/export", json={"text": TEXT, "kind": kind}).json() for kind in ("text", "json", "svg")}
    assert all(r["ok"] for r in exported.values())
    assert dlrules.read_position_text(exported["text"]["content"]) == state
    assert dlrules.loads(exported["json"]["content"], dlrules.GameState) == state
    assert exported["svg"]["content"].startswith("<svg") and exported["svg"]["type"] == "image/svg+xml"
    new = desk.get("/api/new?players=2&variant=first").json()
    assert new["ok"] and dlrules.read_position_text(new["text"]).n_players == 2


def test_bad_requests_are_refused_in_one_sentence(desk: TestClient) -> None:
    cases = [
        (desk.post("/api/ask", json={"text": TEXT, "move": "P2 build"}), 400, "P2 build"),
        (desk.post("/api/ask", json={"text": "hello", "move": "P2 take"}), 400, "a position text starts with the line"),
        (desk.post("/api/ask", json={"text": TEXT}), 400, '"move"'),
        (desk.post("/api/export", json={"text": TEXT, "kind": "pdf"}), 400, "text, json or svg"),
        (desk.post("/api/check", json=["not", "an", "object"]), 400, '"text"'),
        (desk.post("/api/check", content="x", headers={"content-type": "text/plain"}), 415, "JSON"),
        (desk.post("/api/check", content=json.dumps({"text": "x" * (MAX_BODY + 10)}), headers={"content-type": "application/json"}), 413, "at most"),
        (desk.post("/api/check", json={"text": TEXT}, headers={"origin": "http://evil.example"}), 403, "own page"),
        (desk.get("/api/new?players=7"), 400, "2, 3 or 4 players"),
        (TestClient(create_app(), base_url="http://evil.example").get("/"), 403, "this computer"),
    ]
    for response, status, said in cases:
        assert response.status_code == status and said in response.json()["message"], (response.status_code, response.text)
        assert "\n" not in response.json()["message"]
