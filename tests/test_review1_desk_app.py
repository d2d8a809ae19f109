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


def _call(app: object, headers: list[tuple[bytes, bytes]], never_send_body: bool) -> tuple[int, bytes]:
    """One POST /api/check through the ASGI app, its body held back when ``never_send_body``."""
    import asyncio

    sent: list[dict[str, object]] = []

    async def receive() -> dict[str, object]:
        if never_send_body:
            await asyncio.sleep(3600)
        return {"type": "http.request", "body": b'{"text": "x"}', "more_body": False}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/check", "headers": [(b"host", b"127.0.0.1:8038"), *headers],
             "query_string": b"", "http_version": "1.1", "scheme": "http", "server": ("127.0.0.1", 8038), "root_path": ""}  # fmt: skip

    async def run() -> None:
        await asyncio.wait_for(app(scope, receive, send), 5)  # type: ignore[operator]

    asyncio.run(run())
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")  # type: ignore[misc]
    return start["status"], body  # type: ignore[return-value]


def test_a_body_that_does_not_arrive_is_refused_with_408() -> None:
    """The desk read a request's body for as long as the client liked (LIB-SRV-12 for the table server)."""
    status, body = _call(create_app(body_seconds=0.2), [(b"content-type", b"application/json")], never_send_body=True)
    assert status == 408 and b"did not arrive within 0.2 seconds" in body


def test_a_body_announced_too_large_is_refused_unread() -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"99999999")]
    status, body = _call(create_app(body_seconds=0.2), headers, never_send_body=True)
    assert status == 413 and b"at most" in body


def test_the_desk_reads_a_text_whose_header_follows_many_comment_lines(desk: TestClient) -> None:
    """The reader takes the first line that is not blank or a comment as the
    header, however many come before; the desk looked at the first 50 lines
    only, and answered 'not a position' to a text the reader accepts."""
    text = "# a long note from the table\n" * 60 + TEXT
    assert desk.post("/api/check", json={"text": text}).json()["ok"]
    assert desk.post("/api/ask", json={"text": text, "move": "P2 build chicken-coop C2"}).json()["legal"]
    assert not desk.post("/api/check", json={"text": "hello\n" + TEXT}).json()["ok"]
