"""A game night in real browsers (docs/serve.md): ``dlrules serve`` on
127.0.0.1 and one headless Chromium per seat (and one for the host), each
clicking only on its own page, from the first deal to the reveal of the
orders. No page ever shows another seat's secret orders; pages follow the
game live, never reloaded.

With ``DLRULES_SCREENSHOTS=1`` the screenshots of docs/serve.md are written
to docs/pictures/."""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import chromium, needs_chromium

pytestmark = needs_chromium

ROOT = Path(__file__).resolve().parents[1]


def _browser() -> Any:
    return chromium(900, 1400)


def _n(driver: Any) -> int:
    return int(driver.find_element("tag name", "body").get_attribute("data-n"))


def _wait(cond: Any, what: str, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_round_in_headless_chromium_one_browser_per_seat_no_page_shows_anothers_orders(tmp_path: Path) -> None:
    pytest.importorskip("selenium")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from servekit import Server

    from dlrules.components import Action
    from dlrules.core.moves import ChooseOrders, Move
    from dlrules.records.serialization import loads

    server = Server(tmp_path / "night.sqlite", "--new-game", "2", "--replayable", "--seed", "3")
    drivers: list[Any] = []
    rng = random.Random(7)
    shots = ROOT / "docs" / "pictures" if os.environ.get("DLRULES_SCREENSHOTS") == "1" else tmp_path
    try:
        host, *seats = server.links()
        links = [host, *seats]
        names = ["host", "P1", "P2"]
        for link in links:
            d = _browser()
            d.get(server.base + link)
            drivers.append(d)
        for d in drivers:
            _wait(lambda d=d: _n(d) >= 0, "the first position")
        secret: dict[str, str] = {}
        by_hand: set[str] = set()  # who entered a card by hand (the host a public card, P1 its secret deal)
        chosen: dict[str, tuple[Any, ...]] = {}  # seat -> the words of its chosen orders, secret until the reveal
        phase = ""
        shot_orders = False
        for _ in range(60):  # bounded: the deals, the keeps, the round's cards, the orders
            with httpx.Client(timeout=5) as client:
                phase = client.get(server.base + host + "/state").json()["phase"]
            if phase not in ("setup", "round start", "orders"):
                break
            acted = False
            for who, d in zip(names, drivers):
                n = _n(d)
                buttons = d.find_elements(By.CSS_SELECTOR, "#moves button[data-move], #chance button#serverdraw")
                orders = d.find_elements(By.CSS_SELECTOR, "#moves select.order")
                selects = d.find_elements(By.CSS_SELECTOR, "#moves select.choice")
                if not buttons and not selects and not orders:
                    continue
                hand_lists = d.find_elements(By.CSS_SELECTOR, "#chance select.choice")
                hand_buttons = d.find_elements(By.CSS_SELECTOR, "#chance button[data-move]")
                hand_orders = d.find_elements(By.CSS_SELECTOR, "#chance button.order")
                if who in ("host", "P1") and who not in by_hand and (hand_lists or hand_buttons or hand_orders):
                    # the card that came up, entered by hand from the offered list (the first one of its deck: still in it)
                    if hand_lists:
                        Select(hand_lists[0]).select_by_index(0)
                        d.find_element(By.CSS_SELECTOR, "#chance button.play").click()
                    elif hand_orders:  # order cards dealt: tapped one by one (issue 37), here the first deal offered
                        with httpx.Client(timeout=5) as client:
                            dealt = client.get(server.base + links[names.index(who)] + "/state").json()["chance"][0]
                        titles = {a.value: a.title for a in Action}
                        for action in json.loads(dealt["move"])["orders"]:
                            next(b for b in hand_orders if b.text == titles[action]).click()
                        d.find_element(By.CSS_SELECTOR, "#chance button.play").click()
                    else:
                        hand_buttons[0].click()
                    by_hand.add(who)
                elif orders:  # choosing orders: one list per position, and the dummy's third order
                    with httpx.Client(timeout=5) as client:
                        mine = client.get(server.base + links[names.index(who)] + "/state").json()["moves"]
                    pick = mine[rng.randrange(len(mine))]
                    move: Move = loads(pick["move"], Move)
                    assert isinstance(move, ChooseOrders)
                    for sel, action in zip(orders, move.orders):
                        Select(sel).select_by_value(action.value)
                    if move.dummy_order is not None:
                        Select(d.find_element(By.CSS_SELECTOR, "#moves select.dummy")).select_by_value(move.dummy_order.value)
                    chosen[who] = move.orders
                    # the words that would give it away: the move's text and the position's "chosen:" line
                    secret[who] = pick["text"]
                    secret[who + " chosen"] = "chosen: " + ",".join(a.value for a in move.orders)
                    if move.dummy_order is not None:  # DUM2-3: the dummy's third order is as secret
                        secret[who + " dummy"] = f"dummy's third: {move.dummy_order.value}"
                    assert d.find_element(By.CSS_SELECTOR, "#moves p.statement").text == pick["text"]  # the choice, described
                    if who == "P1" and not shot_orders:
                        _wait(lambda d=d: "<svg" in str(d.find_element(By.ID, "picture").get_attribute("innerHTML")), "the picture")
                        d.save_screenshot(str(shots / "serve-orders-P1.png"))
                        shot_orders = True
                    d.find_element(By.CSS_SELECTOR, "#moves button.play").click()
                elif selects:  # a long list (a secret deal entered by hand): one chosen from it
                    choice = Select(selects[0])
                    choice.select_by_index(rng.randrange(len(choice.options)))
                    d.find_element(By.CSS_SELECTOR, "#moves button.play").click()
                else:
                    server_draw = [b for b in buttons if b.get_attribute("id") == "serverdraw"]
                    (server_draw or [buttons[rng.randrange(len(buttons))]])[0].click()
                _wait(lambda d=d, n=n: _n(d) > n or "refused" in (d.find_element(By.ID, "message").get_attribute("class") or ""), f"{who}'s move")
                assert "refused" not in (d.find_element(By.ID, "message").get_attribute("class") or ""), d.find_element(By.ID, "message").text
                acted = True
                # every page follows live (no reload), and none shows another seat's secret orders
                with httpx.Client(timeout=5) as client:
                    now = client.get(server.base + host + "/state").json()["n"]
                for other_name, other in zip(names, drivers):
                    _wait(lambda o=other: _n(o) == now, f"{other_name}'s page to follow the game live")
                    if phase == "orders" or "chooses" in str(secret):
                        source = other.page_source
                        for owner, words in secret.items():
                            if not owner.startswith(other_name):
                                assert words not in source, f"{other_name}'s page shows {owner}'s orders"
                break
            assert acted, "nobody could move"
        assert phase not in ("setup", "orders"), "the orders were never revealed"
        assert set(chosen) == {"P1", "P2"} and by_hand == {"host", "P1"}
        # the reveal: now every page shows the orders each seat played
        for who, d in zip(names, drivers):
            text = d.find_element(By.ID, "position").text
            assert "played: " in text and all(f"{a.value} " in text for orders in chosen.values() for a in orders), who
        for d in drivers:
            _wait(lambda d=d: "<svg" in str(d.find_element(By.ID, "picture").get_attribute("innerHTML")), "the picture")
        drivers[1].save_screenshot(str(shots / "serve-player-1.png"))
        drivers[0].save_screenshot(str(shots / "serve-host.png"))
        assert (shots / "serve-player-1.png").stat().st_size > 10_000
    finally:
        for d in drivers:
            d.quit()
        server.kill()


def test_LIB_SRV_11_the_host_creates_a_game_from_the_creation_link_in_chromium(tmp_path: Path) -> None:
    """The form at the creation link (``/new/KEY``, printed at start) creates
    a game in a real browser (its hidden key sent with the form, the page's
    security policy allowing it) and shows the links; the server's bare
    address has no form."""
    pytest.importorskip("selenium")
    pytest.importorskip("uvicorn")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from servekit import Server

    server = Server(tmp_path / "night.sqlite")
    d = _browser()
    try:
        d.get(server.base + "/")
        assert not d.find_elements(By.TAG_NAME, "form") and "creation link" in d.find_element(By.TAG_NAME, "main").text
        d.get(server.base + "/new/" + server.create_key)
        Select(d.find_element(By.NAME, "players")).select_by_visible_text("3")
        d.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
        _wait(lambda: "The game&#x27;s links" in d.page_source or "The game's links" in d.page_source, "the links page")
        links = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "main a")]
        assert len([h for h in links if "/g/" in h]) == 4 and links[-1] == server.base + "/new/" + server.create_key  # host, 3 seats
        d.get(links[1])  # Player 1's page
        _wait(lambda: _n(d) >= 0, "Player 1's page")
    finally:
        d.quit()
        server.kill()
