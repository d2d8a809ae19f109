"""Handing out the seats (issue 37): the links page reads on a phone (a
viewport), gives each seat's link as a QR code (segno, the serve extra), and
uses the address the phones reach (``--public-url``); a bad public address
gets one sentence."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from clientkit import TestClient, client  # noqa: F401 (client: the fixture)
from dlrules.apps.serve.app import create_app, public_url_of
from dlrules.apps.serve.pages import qr_code
from servekit import CREATE_KEY

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FORM = {"key": CREATE_KEY, "players": "3", "variant": "full", "first_player": "1", "seed": "", "bot3": "greedy"}


def test_the_links_page_has_a_viewport_and_a_qr_code_per_persons_seat(client: TestClient) -> None:
    pytest.importorskip("segno")
    r = client.post("/games", data=FORM)
    assert r.status_code == 200
    page = r.text
    assert "<meta name='viewport' content='width=device-width, initial-scale=1'>" in page
    seats = re.findall(r"<li class='seat'><p>Player (\d): <a href='([^']+)'>", page)
    assert [n for n, _ in seats] == ["1", "2"] and "Player 3: greedy bot, played by the server" in page
    codes = re.findall(r"<img class='qr' src='(data:image/svg\+xml[^']+)' width='\d+' height='\d+' alt='([^']+)'>", page)
    assert [alt for _, alt in codes] == ["QR code of the link of Player 1", "QR code of the link of Player 2"]
    for (n, link), (uri, _) in zip(seats, codes):
        assert link.startswith("http://testserver/g/")
        assert qr_code(link, f"QR code of the link of Player {n}") in page  # the code of that very link
        assert urllib.parse.unquote(uri.split(",", 1)[1]).startswith("<svg")


def test_public_url_is_the_address_of_every_link_and_the_server_answers_to_it() -> None:
    app = create_app(":memory:", names=["testserver"], create_key=CREATE_KEY, public_url="http://Table.lan:8000/")
    c = TestClient(app)
    page = c.post("/games", data=FORM).text
    links = re.findall(r"<a href='([^']+/g/[^']+)'>", page)
    assert len(links) == 3 and all(link.startswith("http://table.lan:8000/g/") for link in links)
    phone = TestClient(app, base_url="http://table.lan:8000")
    assert phone.get(urllib.parse.urlsplit(links[1]).path + "/state").status_code == 200  # a phone's Host: the public name


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("ftp://table.lan", "the public address is http:// or https:// and a host, like http://192.168.1.20:8000, not 'ftp://table.lan'"),
        ("http://table.lan:8000/games", "the public address is a scheme, a host and a port only, like http://192.168.1.20:8000, not 'http://table.lan:8000/games'"),
        ("http://table.lan:eighty", "the public address's port is a number, like http://192.168.1.20:8000, not 'http://table.lan:eighty'"),
        ("table.lan", "the public address is http:// or https:// and a host, like http://192.168.1.20:8000, not 'table.lan'"),
    ],
)
def test_a_public_url_that_phones_cannot_use_is_refused_in_one_sentence(given: str, said: str) -> None:
    with pytest.raises(ValueError) as refused:
        public_url_of(given)
    assert str(refused.value) == said


def test_serve_refuses_a_bad_public_url_before_printing_a_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("uvicorn")
    from dlrules.apps.cli.main import main

    assert main(["serve", "--db", str(tmp_path / "g.sqlite"), "--public-url", "ftp://x", "--new-game", "2"]) == 2
    out, err = capsys.readouterr()
    assert "/g/" not in out + err and "/new/" not in out + err
    assert err.startswith("dlrules serve: --public-url: the public address is http:// or https:// and a host")
