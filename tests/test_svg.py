"""Pictures of positions (issue 14 item 3): the SVG is well formed and holds
what the position holds; a real SVG renderer (rsvg-convert, Debian's
librsvg2-bin) draws it, not blank; the HTML game page works offline in
headless Chromium, stepping next and previous."""

from __future__ import annotations

import random
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest
from browserkit import chromium, needs_chromium
from pngcheck import colour_count
from res_positions import (
    DIG, FOOD, IMPS, MINE, MONSTER, REP, ROOM, TRAPS, at_resolution, decline_until, rich_resolution,
)  # fmt: skip

import dlrules
import dlrules.agents.bots
import dlrules.apps.cli.main
import dlrules.apps.cli.show
import dlrules.core.moves
import dlrules.core.phases.combat
import dlrules.core.state
import dlrules.display.page
import dlrules.display.render
import dlrules.records.game
import dlrules.records.notation
from dlrules.display import svg
from dlrules.agents.bots import greedy_policy
from dlrules.apps.cli.main import main
from dlrules.display.page import read_page
from dlrules.records.game import make_record, write_record
from dlrules.core.state import GameState

NS = {"s": "http://www.w3.org/2000/svg"}


def _parse(text: str) -> ET.Element:
    root = ET.fromstring(text)  # well formed, or ParseError
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox")
    return root


def _classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


def _texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter("{http://www.w3.org/2000/svg}text")]


def test_the_dungeon_picture_holds_what_the_dungeon_holds() -> None:
    state = rich_resolution()
    root = _parse(svg.dungeon(state, 0))
    p = state.players[0]
    assert len(_classed(root, "tunnel")) == sum(1 for t in p.dungeon.tiles if t.room is None)
    assert len(_classed(root, "room")) == 1 and {"Chicken", "Coop"} <= set(_texts(root))  # the name, not a two-letter code (issue 22)
    assert len(_classed(root, "conquered")) == 1
    assert len(_classed(root, "rock")) == 20 - len(p.dungeon.tiles)
    assert len(_classed(root, "monster")) == 1 and len(_classed(root, "monster-out")) == 1
    assert len(_classed(root, "imp")) == 2 and len(_classed(root, "imp-busy")) == 1
    assert len(_classed(root, "trap")) == 2 and "Pendulum" in _texts(root)
    assert len(_classed(root, "adventurer")) == 2  # the paladin in front, then the wizard
    assert [e.text for e in _classed(root, "damage")] == ["2"]
    assert "Pal" in _texts(root) and "Wiz" in _texts(root)
    assert any("prison: War HP3" in t for t in _texts(root))  # short names, the full one in the title
    assert "3 gold  3 food  3 imps" in _texts(root)
    assert len(_classed(root, "order-unavailable")) == len(p.unavailable) == 2  # ORD-7: public
    assert len(_classed(root, "order-played")) == len(p.played) == 3
    assert len(_classed(root, "order")) == 8 - 2 - 3


def test_one_seats_view_hides_the_other_players_traps() -> None:
    """ACT-TRAP-2: Player 2 sees Player 1's two trap cards face down."""
    state = rich_resolution()
    root = _parse(svg.position(state, seat=1))
    assert len(_classed(root, "trap-hidden")) == 2 and not _classed(root, "trap")
    assert "Pendulum" not in "".join(_texts(root))
    own = _parse(svg.dungeon(state, 0, viewer=0))
    assert len(_classed(own, "trap")) == 2


def test_the_board_picture_holds_the_minions_shop_and_evil_track() -> None:
    state = rich_resolution()
    root = _parse(svg.board(state))
    occupied = sum(1 for slots in state.board for c in slots if c is not None)
    assert len(_classed(root, "minion")) == occupied > 0
    assert [e.text for e in _classed(root, "tavern")] == ["Goblin", "Troll", "Witch"]
    assert [e.text for e in _classed(root, "shop")] == ["Chicken Coop", "Mint"]
    assert len(_classed(root, "evil-marker")) == state.n_players
    assert len(_classed(root, "paladin")) == 1
    assert [e.text for e in _classed(root, "phase")] == ["resolution"]
    assert len(_classed(root, "season-current")) == 1 and len(_classed(root, "acting")) == 1


def test_card_keys_are_escaped() -> None:
    """Any text in a picture is escaped: a hand-made key cannot break the SVG."""
    state = attrs.evolve(dlrules.new_game(2), tavern=("<b>&'\"",))
    root = _parse(svg.board(state))
    assert "<b>&'\"" in _texts(root)


def test_states_show_themselves_in_notebooks() -> None:
    state = dlrules.new_game(4)
    assert state._repr_svg_() == svg.position(state)
    _parse(state._repr_svg_())


def test_a_position_in_a_phase_the_pictures_do_not_know_is_still_drawn() -> None:
    """Combat is added in parallel: an unknown phase is named, not refused."""
    state = attrs.evolve(dlrules.new_game(3), phase=dlrules.Phase.GAME_OVER)
    root = _parse(svg.position(state))
    assert [e.text for e in _classed(root, "phase")] == ["game over"]


# --- a real renderer ----------------------------------------------------------------------

RSVG = shutil.which("rsvg-convert")


def _rendered(picture: str, tmp_path: Path) -> bytes:
    """The PNG that rsvg-convert draws from ``picture``, which it must read
    without a complaint."""
    source = tmp_path / "picture.svg"
    source.write_text(picture, encoding="utf-8")
    out = tmp_path / "picture.png"
    assert RSVG is not None
    done = subprocess.run([RSVG, "--width", "400", str(source), "-o", str(out)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr, done.stderr
    return out.read_bytes()


@pytest.mark.skipif(RSVG is None, reason="rsvg-convert (Debian librsvg2-bin) is not installed; .ci/run installs it")
@pytest.mark.parametrize("part", ["position", "board", "dungeon", "seat view"])
def test_a_real_renderer_draws_the_pictures_and_they_are_not_blank(part: str, tmp_path: Path) -> None:
    state = rich_resolution()
    picture = {
        "position": lambda: svg.position(state),
        "board": lambda: svg.board(state),
        "dungeon": lambda: svg.dungeon(state, 0),
        "seat view": lambda: svg.position(state, seat=2),
    }[part]()
    assert colour_count(_rendered(picture, tmp_path)) > 20  # a blank picture has one colour


# --- the HTML game page in a real browser ---------------------------------------------------



def _record_file(tmp_path: Path, moves: int = 30) -> Path:
    rng = random.Random(5)
    out = dlrules.play_out(dlrules.new_game(2), {0: greedy_policy, 1: greedy_policy}, rng, max_moves=moves)
    path = tmp_path / "game.jsonl"
    write_record(make_record(2, "full", out.moves), path)
    return path


def test_show_writes_an_offline_html_page_of_the_whole_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record_file(tmp_path)
    page = tmp_path / "game.html"
    assert main(["show", str(record), "--html", str(page), "--at", "5"]) == 0
    assert "31 positions (0 to 30)" in capsys.readouterr().out
    html = page.read_text(encoding="utf-8")
    shown = read_page(html)
    assert len(shown) == 31 and all(f.svg.startswith("<svg") for f in shown) and "data-start='5'" in html
    for outside in ("http://", "https://", "src=", "href=", "@import", "url("):
        assert outside not in html.replace("http://www.w3.org/2000/svg", ""), outside  # nothing from elsewhere


@needs_chromium
def test_the_game_page_steps_next_and_previous_in_headless_chromium(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    record = _record_file(tmp_path)
    page = tmp_path / "game.html"
    assert main(["show", str(record), "--html", str(page)]) == 0
    driver = chromium(1000, 1000)
    try:
        driver.get(page.as_uri())
        body = driver.find_element(By.TAG_NAME, "body")

        def picture() -> str:
            return str(driver.find_element(By.ID, "picture").get_attribute("innerHTML"))

        assert body.get_attribute("data-position") == "0"
        first = picture()
        assert "<svg" in first and "Move" not in driver.find_element(By.ID, "caption").text
        for _ in range(12):
            driver.find_element(By.ID, "next").click()
        assert body.get_attribute("data-position") == "12"
        assert driver.find_element(By.ID, "caption").text.startswith("Move 12: ")
        later = picture()
        assert later != first  # the picture changes as the game goes on
        shot = driver.get_screenshot_as_png()
        assert colour_count(shot, step=5) > 20  # drawn, not blank
        driver.find_element(By.ID, "prev").click()
        assert body.get_attribute("data-position") == "11"
        assert driver.find_element(By.ID, "caption").text.startswith("Move 11: ")
        for _ in range(20):
            driver.find_element(By.ID, "prev").click()
        assert body.get_attribute("data-position") == "0" and picture() == first  # stops at the start
    finally:
        driver.quit()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_a_played_game_is_drawn_and_described(players: int) -> None:
    """No position of a random game breaks the text, the pictures (as the
    referee and as each seat) or the description of any legal move."""
    rng = random.Random(players)
    state = dlrules.new_game(players)
    n = 0
    while dlrules.to_move(state):
        if n % 7 == 0:
            seat = n % players
            _parse(svg.position(state))
            _parse(svg.position(state, seat=seat))
            assert dlrules.describe(state, seat).startswith(f"Year {state.year}")
            for move in dlrules.legal_moves(state)[:40]:
                assert dlrules.describe_move(state, move)
        state = dlrules.apply(state, dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else rng.choice(dlrules.legal_moves(state)))
        n += 1
    _parse(svg.position(state))


def test_a_seats_game_page_tells_other_players_secret_moves_without_their_content() -> None:
    """ORD-3, RUL-13, ACT-TRAP-2, ACT-REP-2, LIB-TAB-4: the captions of Player
    1's page say that others chose orders, kept orders, drew trap cards or
    looked at combat cards, never which; Player 1's own moves are shown."""
    from dlrules.apps.cli.show import game_frames
    from dlrules.core.moves import ChooseOrders, DealOrders, Draw, KeepUnavailable, Spy
    from dlrules.records.notation import format_move

    rng = random.Random(9)
    out = dlrules.play_out(dlrules.new_game(3), {s: greedy_policy for s in range(3)}, rng, max_moves=400)
    record = make_record(3, "full", out.moves)
    frames = game_frames(record, 0)
    seen: set[str] = set()
    for n, move in enumerate(out.moves, start=1):
        caption = frames[n].caption
        notation = format_move(move, players=3)
        if isinstance(move, (ChooseOrders, KeepUnavailable, Spy)) and move.seat != 0:
            assert notation not in caption and f"{move.seat + 1} " in caption.replace("P", "")
            seen.add(type(move).__name__)
        elif isinstance(move, DealOrders) and 0 < move.target < 3:
            assert "(secret)" in caption and notation not in caption
            seen.add("DealOrders")
        elif isinstance(move, Draw) and move.deck == "traps" and "a trap card (face down)" in caption:
            assert move.card not in caption
            seen.add("trap")
        elif move.seat == 0:
            assert notation in caption  # a player sees their own moves
    assert {"ChooseOrders", "KeepUnavailable", "DealOrders", "trap"} <= seen


def test_another_players_spy_look_is_told_without_the_card() -> None:
    """ACT-REP-2, LIB-TAB-4: Player 3 looks at a combat card; Player 1 is told
    that, not which card or what it shows."""
    from dlrules.core.moves import Spy
    from dlrules.display.render import secret_move_text

    state = at_resolution({0: (FOOD, DIG, MINE), 1: (FOOD, IMPS, ROOM), 2: (REP, TRAPS, MONSTER)})
    state = decline_until(state, dlrules.Action.REPUTATION, 0)
    look = Spy(2, 3)
    assert secret_move_text(state, look, 0) == "P3 takes Improve Reputation I: pays nothing and looks at a combat card; evil 5 → 4"
    assert secret_move_text(state, look, 2) is None  # the spy knows what they do
    after = dlrules.apply(state, look)
    draw = dlrules.legal_moves(after)[0]
    assert isinstance(draw, dlrules.Draw) and draw.deck == "combat"
    assert secret_move_text(after, draw, 0) == (
        "chance turns up the combat card P3 looks at (secret); P3 has looked at the combat card; P3's minion on Improve Reputation I goes home (order carried out)"
    )
    assert secret_move_text(after, draw, 2) is None


# --- a battle (combat) ----------------------------------------------------------------------


def _planned() -> GameState:
    """Year 1's first combat round: Player 1 (the paladin at his entrance, a
    damaged warrior, a priest) has planned a Pendulum and sent his Witch to
    C1; Player 2 (a thief) still plans."""
    from combat_positions import play, position

    from dlrules.core.moves import PlanDefence

    state = position(
        {0: ["y1-warrior-4:1", "y1-priest-3-1"], 1: ["y1-thief-3-2"]},
        traps={0: ["poisoned-dart", "pendulum"]},
        monsters={0: ["goblin", "witch"]},
        paladin=0,
    )
    return play(state, PlanDefence(0, (0, 2), ("pendulum",), (1,)))


def _fighting() -> GameState:
    """The same round after Player 2 plans: the combat card turned up, Player
    1's battle stopped at the monsters step (the Witch to act)."""
    from combat_positions import play

    state = _planned()
    return play(state, dlrules.legal_moves(state)[0])


def test_the_battle_picture_holds_what_the_battle_holds() -> None:
    state = _fighting()
    assert state.fight is not None and state.fight.battle is not None
    root = _parse(svg.battle(state))
    texts = _texts(root)
    assert [e.text for e in _classed(root, "combat-round")] == ["Combat round 1 of 4"]
    assert [e.text for e in _classed(root, "defender")] == ["P1 defends"]
    assert "Graffiti" in texts and "fatigue 2" in texts  # the round's combat card, face up
    assert len(_classed(root, "combat-card")) == 1
    current = [g for g in root.iter() if any(e.get("class") == "step-current" for e in g)]
    assert len(current) == 1 and current[0].findtext("s:text", namespaces=NS) == "monsters"
    assert state.fight.battle.step == "monsters"
    tile = _classed(root, "battle-tile")
    assert len(tile) == 1 and [e.text for e in _classed(root, "battle-square")] == ["battle at C1"]
    # The party in order, the paladin first and ringed, the warrior's damage.
    assert len(_classed(root, "paladin-token")) == 1 and len(_classed(root, "adventurer")) == 2
    party = dlrules.core.phases.combat.party(state, 0)
    assert [e.text for e in _classed(root, "hp")] == [f"HP {dlrules.core.phases.combat.hit_points(a)}" for a in party]
    assert [e.text for e in _classed(root, "damage")] == [str(a.damage) for a in party if a.damage]
    # The Witch sent, ready; the Pendulum has gone off (no trap left to go off).
    sent = _classed(root, "sent-monster")
    assert len(sent) == 1 and "Witch" in texts
    assert _classed(root, "planned-trap") == [] and _classed(root, "planned-trap-hidden") == []


def test_a_seat_sees_another_defenders_planned_traps_face_down() -> None:
    state = _planned()
    referee = _parse(svg.battle(state))
    assert "Pendulum" in ([e.text for e in _classed(referee, "plans")][0] or "")
    as_p2 = _parse(svg.battle(state, seat=1))
    plans = [e.text for e in _classed(as_p2, "plans")][0] or ""
    assert "P1 at C1 (traps ?)" in plans and "Pendulum" not in "".join(_texts(as_p2))
    assert [e.text for e in _classed(as_p2, "defender")] == ["P2 plans"]
    assert len(_classed(as_p2, "combat-card-hidden")) == 1  # not turned up before the plans
    # Player 1 sees his own plan.
    assert "Pendulum" in ([e.text for e in _classed(_parse(svg.battle(state, seat=0)), "plans")][0] or "")


def test_the_position_includes_the_battle_during_combat_only() -> None:
    state = _fighting()
    root = _parse(svg.position(state, seat=1))
    assert len(_classed(root, "battle")) == 1 and len(_classed(root, "dungeon")) == 2
    assert _classed(_parse(svg.position(rich_resolution())), "battle") == []
    with pytest.raises(ValueError, match="no combat"):
        svg.battle(rich_resolution())


def test_show_draws_the_battle_of_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "combat.json"
    path.write_text(dlrules.dumps(_fighting()), encoding="utf-8")
    out = tmp_path / "battle.svg"
    assert main(["show", str(path), "--svg", str(out), "--part", "battle", "--seat", "2", "--unchecked"]) == 0  # a hand-made position
    assert _classed(_parse(out.read_text(encoding="utf-8")), "combat-round")
    calm = tmp_path / "calm.json"
    calm.write_text(dlrules.dumps(dlrules.new_game(2)), encoding="utf-8")
    assert main(["show", str(calm), "--svg", str(out), "--part", "battle"]) == 2
    assert "no combat" in capsys.readouterr().err


@pytest.mark.skipif(RSVG is None, reason="rsvg-convert (Debian librsvg2-bin) is not installed; .ci/run installs it")
@pytest.mark.parametrize("part", ["battle", "battle as P2", "position in combat"])
def test_a_real_renderer_draws_the_battle_not_blank(part: str, tmp_path: Path) -> None:
    state = _fighting()
    picture = {
        "battle": lambda: svg.battle(state),
        "battle as P2": lambda: svg.battle(_planned(), seat=1),
        "position in combat": lambda: svg.position(state, seat=1),
    }[part]()
    assert colour_count(_rendered(picture, tmp_path)) > 20
