"""No button lies (issue 37, LIB-SRV-3), in real browsers at phone size
(420 × 900): ``dlrules serve`` on 127.0.0.1, one headless Chromium per seat,
a whole game played from the seats' pages. At every click the page's
controls are exactly the seat's legal moves in the position the page shows,
each with the words the referee gives it; and the move the server stored is
the one whose words were pressed."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from browserkit import needs_chromium, phone

pytestmark = needs_chromium


def _n(driver: Any) -> int:
    """The number of moves the page shows played (its body's ``data-n``), in one call."""
    return int(driver.execute_script("return document.body.getAttribute('data-n');"))


def _wait(cond: Any, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


class Replay:
    """The game as the server stored it (its SQLite file, read only), replayed
    here: the position before each move, to check the pages against."""

    def __init__(self, db: Path, game: str) -> None:
        from dlrules.records.serialization import loads
        from dlrules.core.state import GameState

        self.db, self.game = db, game
        self.positions: list[GameState] = [loads(self._rows("SELECT state FROM snapshots WHERE game=? AND n=0")[0][0], GameState)]
        self.moves: list[Any] = []

    def _rows(self, sql: str, *args: Any) -> list[Any]:
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10)
        try:
            return con.execute(sql, (self.game, *args)).fetchall()
        finally:
            con.close()

    def catch_up(self) -> int:
        from dlrules.core.engine import apply
        from dlrules.core.moves import Move
        from dlrules.records.serialization import loads

        for (text,) in self._rows("SELECT move FROM moves WHERE game=? AND n>? ORDER BY n", len(self.moves)):
            move: Move = loads(text, Move)
            self.positions.append(apply(self.positions[-1], move))
            self.moves.append(move)
        return len(self.moves)


def tap(d: Any, element: Any) -> None:
    """Bring ``element`` to the middle of the screen, as a thumb scrolls to
    it (the sticky "your turn" bar stays on top), and press it."""
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    element.click()


_BUTTONS = "return Array.from(arguments[0]).map(b => [b.getAttribute('data-move'), b.innerText.trim()]);"
"""Each button's move and its words as shown (``innerText``, what ``WebElement.text`` reads), in one call."""

_OPTIONS = "return Array.from(arguments[0].options).map(o => o.text.trim());"
"""A list's entries as shown, in one call."""


def press_a_move(d: Any, state: Any, seat: int, rng: random.Random) -> tuple[str, Any]:
    """On ``seat``'s page ``d``, which shows ``state``: check that its controls
    are exactly the seat's legal moves with the referee's words for each, then
    press one at random; returns the words pressed and the move they name."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from dlrules.core.engine import legal_moves
    from dlrules.core.moves import ChooseOrders, Move
    from dlrules.display.render import describe_move
    from dlrules.records.serialization import dumps, loads

    legal = [m for m in legal_moves(state) if m.seat == seat]
    words = {dumps(m): describe_move(state, m, seat=seat) for m in legal}
    buttons = d.find_elements(By.CSS_SELECTOR, "#moves button[data-move]")
    orders = d.find_elements(By.CSS_SELECTOR, "#moves select.order")
    lists = d.find_elements(By.CSS_SELECTOR, "#moves select.choice")
    expected: Move
    if buttons:  # the buttons are the seat's legal moves now, each with its words (read in one call: a whole game presses hundreds)
        rows = d.execute_script(_BUTTONS, buttons)
        shown = {move: text for move, text in rows}
        assert shown == words, f"the buttons are not P{seat + 1}'s moves now"
        i = rng.randrange(len(buttons))
        label, expected = rows[i][1], loads(str(rows[i][0]), Move)
        tap(d, buttons[i])
    elif orders:  # choosing orders: the lists, and the words of the choice made
        pick = legal[rng.randrange(len(legal))]
        assert isinstance(pick, ChooseOrders)
        for sel, action in zip(orders, pick.orders):
            Select(sel).select_by_value(action.value)
        if pick.dummy_order is not None:
            Select(d.find_element(By.CSS_SELECTOR, "#moves select.dummy")).select_by_value(pick.dummy_order.value)
        label, expected = d.find_element(By.CSS_SELECTOR, "#moves p.statement").text, pick
        tap(d, d.find_element(By.CSS_SELECTOR, "#moves button.play"))
    else:  # a long list: its entries are the seat's moves now
        assert lists, f"P{seat + 1} is to move and its page offers nothing"
        choice = Select(lists[0])
        assert sorted(d.execute_script(_OPTIONS, lists[0])) == sorted(words.values())
        choice.select_by_index(rng.randrange(len(choice.options)))
        label = choice.first_selected_option.text
        expected = next(m for m in legal if words[dumps(m)] == label)
        tap(d, d.find_element(By.CSS_SELECTOR, "#moves button.play"))
    return label, expected


def test_LIB_SRV_3_every_button_pressed_plays_the_move_it_names_through_a_whole_game(tmp_path: Path) -> None:
    pytest.importorskip("selenium")
    pytest.importorskip("uvicorn")
    from selenium.webdriver.common.by import By
    from servekit import Server

    from dlrules.core.engine import to_move
    from dlrules.display.render import describe_move

    db = tmp_path / "night.sqlite"
    server = Server(db, "--new-game", "2", "--auto-chance", "--replayable", "--seed", "5")
    drivers: list[Any] = []
    rng = random.Random(5)
    try:
        host, *seats = server.links()
        replay = Replay(db, host.split("/")[2])
        for link in seats:
            d = phone(420, 900)
            d.get(server.base + link)
            drivers.append(d)
        pressed = 0
        for _ in range(2000):  # bounded: a whole game is a few hundred of the seats' moves
            n = replay.catch_up()
            state = replay.positions[n]
            movers = [s for s in to_move(state) if s >= 0]
            if not to_move(state):
                break
            assert movers, "the server left a draw undrawn"
            for d in drivers:
                _wait(lambda d=d: _n(d) == n, "every page to show the position now")
            seat = movers[rng.randrange(len(movers))]
            d = drivers[seat]
            label, expected = press_a_move(d, state, seat, rng)
            _wait(lambda: replay.catch_up() > n or "refused" in (d.find_element(By.ID, "message").get_attribute("class") or ""), "the move")
            assert "refused" not in (d.find_element(By.ID, "message").get_attribute("class") or ""), d.find_element(By.ID, "message").text
            played = replay.moves[n]  # the first move after the position the page showed: the seat's
            assert played == expected, f"move {n + 1}: P{seat + 1} pressed {label!r} and {played!r} was played"
            assert describe_move(replay.positions[n], played, seat=seat) == label
            pressed += 1
        assert not to_move(replay.positions[replay.catch_up()]), "the game did not end"
        assert pressed > 100
    finally:
        for d in drivers:
            d.quit()
        server.kill()


def test_LIB_TAB_8_a_mistake_in_the_rulings_form_gets_one_short_sentence(tmp_path: Path) -> None:
    """The host's ruling form, filled in wrong (a change of 0 gold), is
    refused in one sentence on the page: no ruling's text, no rule tag twice."""
    pytest.importorskip("selenium")
    httpx = pytest.importorskip("httpx")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from servekit import Server

    server = Server(tmp_path / "night.sqlite", "--new-game", "2", "--auto-chance", "--replayable", "--seed", "5", "--table-rulings")
    d = None
    rng = random.Random(5)
    try:
        host, *seats = server.links()
        with httpx.Client(base_url=server.base, timeout=10) as http:
            for _ in range(3000):  # the seats play until the table is asked to rule on a card
                if http.get(host + "/state").json()["ruling"]:
                    break
                for link in seats:
                    shown = http.get(link + "/state").json()
                    if shown["moves"]:
                        pick = shown["moves"][rng.randrange(len(shown["moves"]))]
                        assert http.post(link + "/move", json={"at": shown["n"], "move": pick["move"]}).status_code == 200
                        break
            else:
                raise AssertionError("no card for the table to rule on")
            n = http.get(host + "/state").json()["n"]
        d = phone(420, 900)
        d.get(server.base + host)
        _wait(lambda: bool(d.find_elements(By.ID, "applyruling")), "the ruling form")
        d.find_element(By.ID, "addchange").click()
        Select(d.find_element(By.CSS_SELECTOR, "#ruling select.kind")).select_by_value("gold")  # no amount: a change of nothing
        d.find_element(By.ID, "applyruling").click()
        _wait(lambda: "refused" in (d.find_element(By.ID, "message").get_attribute("class") or ""), "the refusal")
        said = d.find_element(By.ID, "message").text
        assert said == "Refused [LIB-TAB-8]: change 1: a change of gold of 0 changes nothing", said
        assert _n(d) == n
    finally:
        if d is not None:
            d.quit()
        server.kill()
