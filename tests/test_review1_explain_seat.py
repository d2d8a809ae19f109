"""Review of issue 38: ``dlrules explain --seat K --move …`` answered as the
referee, ignoring ``--seat``: Player 2's view told whether Player 1 holds a
trap card (and named the card face down). With ``--seat K`` only Player K's
own moves are answered, described as Player K may be told them (docs/views.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlrules.apps.cli.main import main
from dlrules.apps.desk import DeskError, ask


COMBAT = """\
dungeon lords position
game: full year=1 round=4 phase=combat first=P2
board: food=-,-,- reputation=-,-,- dig=-,-,- mine=-,-,- imps=-,-,- traps=-,-,- monster=-,-,- room=-,-,-
events: -,special,payday,taxes
special-event: earthquake
combat: ?,magic-shield,?,detect-evil
spied: P1=2 P2=4
tavern: witch,slime,witch
room-shop: magic-room,tool-shed
adventurers-now: -
adventurers-next: -
far-lands: troll,troll,mushroom-bed,y1-wizard-4-1,vampire,slime,ghost,souvenir-shop,workshop,y1-wizard-3-2,goblin,ghost,goblin,mint,printing-press,y1-warrior-3
trap-discard: -
box: -
paladin: -
dummy-evil: 8
decks: monsters=? rooms=? traps=? adventurers=? events=? combat=? special=? adventurers-bottom=y1-thief-3-2,y1-priest-3-2,y1-warrior-4,y1-thief-3-1
P1: gold=2 food=4 imps=3 evil=8
P1 orders: hand=food,reputation,dig,traps,monster,room unavailable=mine,imps
P1 dungeon: C1=chicken-coop C2 C3 D3 D4
P1 lair: vampire
P1 traps: wall-of-fire
P1 party: y1-warrior-4 y1-warrior-5 y1-thief-4-1
P2: gold=5 food=8 imps=3 evil=6 damage-tokens=1
P2 orders: hand=reputation,dig,mine,imps,traps,monster unavailable=food,room
P2 dungeon: C1 C2 C3
P2 lair: -
P2 traps: rolling-stone
P2 party: y1-wizard-4-2 y1-priest-4-1 y1-wizard-3-1
D3: unavailable=food,imps,room responsible=P1
D4: unavailable=mine,traps,room responsible=P2
fight: round=1 stage=plan position=2 plans=2 paladin=paladin-1
plan P2: tile=C1
"""
"""Year 1's combat, Planning, Player 1 to plan: Player 1 holds the Wall of Fire,
Player 2 the Rolling Stone (a 2-player game played at random, seed 1)."""


@pytest.fixture(scope="module")
def planning() -> str:
    return COMBAT


def test_another_seats_move_is_not_answered_in_a_seats_view(tmp_path: Path, capsys: pytest.CaptureFixture[str], planning: str) -> None:
    path = tmp_path / "combat.txt"
    path.write_text(planning)
    answers = []
    for card in ("wall-of-fire", "pendulum"):
        code = main(["explain", "--position", str(path), "--seat", "2", "--move", f"P1 plan C1 traps={card}"])
        out, err = capsys.readouterr()
        assert code == 2 and out == "" and "Player 2's view answers Player 2's own moves only" in err, (code, out, err)
        answers.append(err.replace(card, "?"))
    assert answers[0] == answers[1]  # nothing in the refusal tells the card Player 1 holds
    assert main(["explain", "--position", str(path), "--move", "P1 plan C1 traps=wall-of-fire"]) == 0  # the referee may ask


def test_a_seats_own_move_is_answered_and_described_as_it_may_be_told(planning: str) -> None:
    from dlrules import read_position_text

    state = read_position_text(planning)
    with pytest.raises(DeskError):
        ask(state, "P1 plan C1 traps=wall-of-fire", seat=1)
    own = ask(state, "P1 plan C1 traps=wall-of-fire", seat=0)
    assert own.legal and "Wall of Fire" in own.what


def test_a_position_file_saved_with_a_byte_order_mark_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Notepad saves UTF-8 with a byte-order mark; the file was refused as
    'not a position: a position text starts with the line …'."""
    path = tmp_path / "combat.txt"
    path.write_bytes(b"\xef\xbb\xbf" + COMBAT.encode())
    code = main(["explain", "--position", str(path), "--move", "P1 plan C1 traps=wall-of-fire"])
    out, err = capsys.readouterr()
    assert code == 0 and "LEGAL" in out, (out, err)
