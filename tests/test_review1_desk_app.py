"""Review of issues 35 and 38: the desk's requests read as strictly as the
table server's (LIB-SRV-5, LIB-SRV-12): unknown fields refused with their
``$.`` path, strings only, no lone surrogate (it made a 500), UTF-8 only,
ASCII digits only."""

from __future__ import annotations

import json

import pytest
from clientkit import TestClient

from dlrules.apps.desk.app import create_app
from dlrules.apps.desk.faq import disputes

TEXT = disputes()[2].position
JSON = {"content-type": "application/json"}


@pytest.fixture
def desk() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1:8038", raise_server_exceptions=False)


def refused(response: object, path: str) -> str:
    assert response.status_code == 400, response.text  # type: ignore[attr-defined]
    message: str = response.json()["message"]  # type: ignore[attr-defined]
    assert message.startswith(path + ":") and "\n" not in message, message
    return message


def test_an_unknown_field_is_refused_with_its_path(desk: TestClient) -> None:
    assert "they are text, move" in refused(desk.post("/api/ask", json={"text": TEXT, "move": "P2 take", "seat": 2}), "$.seat")
    refused(desk.post("/api/check", json={"text": TEXT, "bogus": 1}), "$.bogus")
    refused(desk.post("/api/check", content=b'{"text": "x", "\\ud800": 1}', headers=JSON), '$["\\ud800"]')


def test_a_field_of_the_wrong_type_or_missing_names_its_path(desk: TestClient) -> None:
    refused(desk.post("/api/check", json={"text": 5}), "$.text")
    refused(desk.post("/api/check", json={}), "$.text")
    refused(desk.post("/api/check", json=["text"]), "$")
    refused(desk.post("/api/ask", json={"text": TEXT, "move": 3}), "$.move")
    refused(desk.post("/api/ask", json={"text": TEXT}), "$.move")
    refused(desk.post("/api/export", json={"text": TEXT}), "$.kind")
    refused(desk.post("/api/export", json={"text": TEXT, "kind": ["svg"]}), "$.kind")


def test_a_lone_surrogate_is_refused_not_a_server_error(desk: TestClient) -> None:
    """A label spelled with ``\\ud800`` written twice made the objection's
    message hold the surrogate, and the JSON answer failed to encode: 500."""
    text = json.dumps(TEXT + "\n\\ud800:\n\\ud800:\n").replace("\\\\ud800", "\\ud800")
    message = refused(desk.post("/api/check", content=f'{{"text": {text}}}'.encode(), headers=JSON), "$.text")
    assert "lone surrogate" in message


def test_a_body_not_in_utf8_is_refused(desk: TestClient) -> None:
    """It was decoded with replacement characters and read as if it were."""
    body = json.dumps({"text": TEXT}).encode().replace(b"dungeon lords position", b"dungeon lords position \xff")
    assert "not UTF-8" in refused(desk.post("/api/check", content=body, headers=JSON), "$")


def test_a_new_game_takes_ascii_digits_only(desk: TestClient) -> None:
    """``players=٣`` (Arabic-Indic three) made a 3-player game (LIB-SRV-12 for the table server)."""
    response = desk.get("/api/new?players=\u0663")
    assert response.status_code == 400 and "2, 3 or 4 players" in response.json()["message"]
    assert desk.get("/api/new?players=3").json()["ok"]
