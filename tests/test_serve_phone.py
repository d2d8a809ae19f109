"""A seat's page on a phone (issue 37, docs/serve.md): headless Chromium at
420 × 900. Whose turn it is reads at the top and in the title; what just
happened comes before the pictures; the seat's own dungeon and the board are
separate pictures as wide as the screen, the other dungeons a tap away; every
control is at least 44 px tall."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import needs_chromium, phone

pytestmark = needs_chromium

_CONTROLS = "button, select, input:not([type='checkbox']), summary, label.check, a#record"

_MIN_TEXT = """
const svg = document.querySelector(arguments[0] + ' svg');
const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
let least = 1e9;
svg.querySelectorAll('text').forEach(t => { least = Math.min(least, parseFloat(t.getAttribute('font-size')) * scale); });
return least;
"""


def _wait(cond: Any, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _open(tmp_path: Path) -> tuple[Any, Any, list[str]]:
    pytest.importorskip("selenium")
    pytest.importorskip("uvicorn")
    from servekit import Server

    server = Server(tmp_path / "night.sqlite", "--new-game", "2", "--auto-chance", "--replayable", "--seed", "5")
    host, *seats = server.links()
    return server, phone(420, 900), seats


def test_a_seats_page_at_420_px_reads_from_the_top(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    server, d, seats = _open(tmp_path)
    try:
        d.get(server.base + seats[0])
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#mine svg") and d.find_elements(By.CSS_SELECTOR, "#board svg"), "the pictures")
        _wait(lambda: d.find_element(By.ID, "turn").text != "", "the turn bar")
        # Player 1 keeps unavailable orders (RUL-13): it is their turn, said at the top and in the title
        assert d.find_element(By.ID, "turn").text == "Your turn: choose below."
        assert d.title == "(Your turn) Dungeon Lords: Player 1"
        assert d.find_element(By.ID, "turn").rect["y"] < 80
        # what just happened comes before the pictures
        assert d.find_element(By.ID, "log").rect["y"] < d.find_element(By.ID, "mine").rect["y"]
        # two pictures, as wide as the screen, and nothing wider than it
        width = d.execute_script("return document.documentElement.clientWidth")
        for part in ("#mine svg", "#board svg"):
            box = d.find_element(By.CSS_SELECTOR, part).rect
            assert width - 20 <= box["width"] <= width, (part, box, width)
        assert d.execute_script("return document.documentElement.scrollWidth") <= width
        assert "P1's dungeon" in d.find_element(By.CSS_SELECTOR, "#mine svg").get_attribute("aria-label")
        # every control a finger presses is at least 44 px tall
        for control in d.find_elements(By.CSS_SELECTOR, _CONTROLS):
            if control.is_displayed():
                assert control.rect["height"] >= 44, (control.tag_name, control.text, control.rect)
        # the other dungeon is a tap away
        d.find_element(By.CSS_SELECTOR, "#others button").click()
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#other svg"), "Player 2's dungeon")
        assert "P2's dungeon" in d.find_element(By.CSS_SELECTOR, "#other svg").get_attribute("aria-label")
    finally:
        d.quit()
        server.kill()


def test_the_seats_own_dungeon_has_text_of_at_least_11_css_px_at_420_px(tmp_path: Path) -> None:
    """In year 1's combat (rooms built, a party in the dungeon, HP on every
    adventurer): the smallest text of Player 1's own dungeon, as the phone
    shows it, is at least 11 CSS px; the room names are drawn in short lines
    (``svg.room_lines``) for it."""
    import random

    httpx = pytest.importorskip("httpx")
    from selenium.webdriver.common.by import By

    server, d, seats = _open(tmp_path)
    rng = random.Random(5)
    try:
        with httpx.Client(base_url=server.base, timeout=10) as http:
            for _ in range(3000):  # the seats play at random until year 1's combat
                shown = [http.get(link + "/state").json() for link in seats]
                if shown[0]["phase"] == "combat":
                    break
                for link, page in zip(seats, shown):
                    if page["moves"]:
                        pick = page["moves"][rng.randrange(len(page["moves"]))]
                        assert http.post(link + "/move", json={"at": page["n"], "move": pick["move"]}).status_code == 200
                        break
            else:
                raise AssertionError("no combat")
        d.get(server.base + seats[0])
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#mine svg"), "the picture")
        mine = d.find_element(By.CSS_SELECTOR, "#mine svg").get_attribute("innerHTML")
        assert "class='room-name'" in mine.replace('"', "'") and "HP " in mine  # a room and a party to read
        assert d.execute_script(_MIN_TEXT, "#mine") >= 11
    finally:
        d.quit()
        server.kill()


def test_a_card_from_the_box_is_entered_by_tapping_its_picture(tmp_path: Path) -> None:
    """The host enters the public card that came up (LIB-SRV-2) on a phone:
    a grid of card tiles, one per card the page may name, each with how many
    may still come up; a filter by name; the tile tapped is the card played."""
    import json
    import random

    httpx = pytest.importorskip("httpx")
    pytest.importorskip("selenium")
    from selenium.webdriver.common.by import By
    from servekit import Server
    from test_serve_browser_bound import Replay

    from dlrules.core.moves import Draw, Move
    from dlrules.records.serialization import loads

    server = Server(tmp_path / "night.sqlite", "--new-game", "2", "--replayable", "--seed", "5")
    d = phone(420, 900)
    rng = random.Random(5)
    try:
        host, *seats = server.links()
        with httpx.Client(base_url=server.base, timeout=10) as http:
            for _ in range(500):  # the seats move and draw their secret cards until the host has a card to enter
                entries = http.get(host + "/state").json()["chance"]
                if len(entries) > 8 and json.loads(entries[0]["move"])["type"] == "Draw":
                    break
                for link in (host, *seats):  # the host lets the server draw the other public cards
                    page = http.get(link + "/state").json()
                    if page["server_draw"]:
                        assert http.post(link + "/draw", json={"at": page["n"]}).status_code == 200
                        break
                    if page["moves"]:
                        pick = page["moves"][rng.randrange(len(page["moves"]))]
                        assert http.post(link + "/move", json={"at": page["n"], "move": pick["move"]}).status_code == 200
                        break
                else:
                    raise AssertionError("nobody could move")
            else:
                raise AssertionError("no public card for the host to enter")
            n = http.get(host + "/state").json()["n"]
        d.get(server.base + host)
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#chance .cards button.card"), "the card tiles")
        tiles = d.find_elements(By.CSS_SELECTOR, "#chance .cards button.card")
        assert [t.get_attribute("data-move") for t in tiles] == [e["move"] for e in entries]
        for tile, entry in zip(tiles, entries):
            assert f"{entry['left']} left" in tile.text and tile.rect["height"] >= 44
        first: Move = loads(entries[0]["move"], Move)
        assert isinstance(first, Draw)
        names = [t.find_element(By.CLASS_NAME, "name").text.lower() for t in tiles]
        word = next(w for name in names for w in name.replace("(", " ").split() if 0 < sum(w in other for other in names) < len(names))
        d.find_element(By.CSS_SELECTOR, "#chance input.filter").send_keys(word)
        shown = [t for t in tiles if t.is_displayed()]
        assert 0 < len(shown) < len(tiles) and all(word.lower() in t.text.lower() for t in shown)
        pressed = shown[-1]
        card: Move = loads(str(pressed.get_attribute("data-move")), Move)
        pressed.click()
        replay = Replay(tmp_path / "night.sqlite", host.split("/")[2])
        _wait(lambda: replay.catch_up() > n, "the card entered")
        assert replay.moves[n] == card
    finally:
        d.quit()
        server.kill()
