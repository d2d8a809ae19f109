"""The text view shows the battle as the picture does (issue 22 item 2):
``dlrules show RECORD --at N`` in a battle names the combat round, the
defender, the battle tile, the step under way, the party with hit points and
damage, the traps (face down where the seat may not see them, CMB-PLAN-9) and
the monsters sent; combat cards are named, with speed, fatigue and text, to
whoever may know them (CMB-CARD-7).

Golden texts: ``tests/fixtures/golden/*.txt`` (reviewed by eye; rewrite them
with ``DLRULES_WRITE_GOLDEN=1`` after a deliberate change, and review the diff)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dlrules.apps.cli.main import main

FIXTURES = Path(__file__).parent / "fixtures"
RECORD = FIXTURES / "whole-game-4p-seed1.jsonl"
GOLDEN = FIXTURES / "golden"


def _show(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(["show", str(RECORD), *argv]) == 0
    out, err = capsys.readouterr()
    assert not err
    return out


def _golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("DLRULES_WRITE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs (DLRULES_WRITE_GOLDEN=1 rewrites it; review the diff)"


def test_a_battle_at_the_monsters_step_as_player_2_sees_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Round 1 after move 167: Player 1 defends C1, his Troll and Goblin to act;
    Player 3's planned trap is face down for Player 2, Player 2's own is named."""
    out = _show(capsys, "--at", "167", "--seat", "2")
    assert "Combat round 1 of 4: battles; P1 defends." in out
    assert "  Battle tile: C1 in P1's dungeon (the Chicken Coop)" in out
    assert "  Step: monsters (of traps, fast spells, [monsters], slow spells, healing)" in out
    assert "  Monsters sent: Troll (ready, to act), Goblin (ready, to act)" in out
    assert "P2 at C1, traps Poisoned Dart; P3 at C1, traps ?" in out
    assert "  1: Detect Evil (slow, fatigue 2): the defender gains 2 evil" in out  # turned up: public
    assert "  4: face down" in out  # nobody showed it to Player 2
    _golden("show-4p-seed1-at167-seat2.txt", out)


def test_a_battle_waiting_for_a_target_as_the_referee_sees_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Round 4 after move 183: the Witch's second small attack waits for Player 2's target."""
    out = _show(capsys, "--at", "183")
    assert "Combat round 4 of 4: battles; P2 defends." in out
    assert "  Waiting for: P2 to aim the Witch's second small attack (Target)" in out
    assert "  Party (entrance first): 1. warrior (HP 5, 4 damage); 2. thief (HP 4, 1 anti-trap); 3. priest (HP 3, 2 hearts, 2 damage)" in out
    _golden("show-4p-seed1-at183.txt", out)


def test_planning_shows_the_planner_and_face_down_plans(capsys: pytest.CaptureFixture[str]) -> None:
    out = _show(capsys, "--at", "165", "--seat", "2")
    assert "Combat round 1 of 4: planning; P3 plans." in out
    assert "  Combat card 1: face down" in out
    assert "P4 at C1, traps ?" in out


def test_a_combat_card_looked_at_is_named_to_the_player_who_looked(capsys: pytest.CaptureFixture[str]) -> None:
    """ACT-REP-2, CMB-CARD-7: Player 2 looked at card 2 in winter; Player 1 did not."""
    assert "  2: Detect Treasure (slow, fatigue 1): the defender loses 1 gold" in _show(capsys, "--at", "30", "--seat", "2")
    assert "  2: face down" in _show(capsys, "--at", "30", "--seat", "1")


# --- numbering (issue 22 item 5) -------------------------------------------------------------


def test_sentences_count_players_from_1_and_json_says_seat_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    import dlrules
    from dlrules.core.moves import TakeAction

    state = dlrules.new_game(3)
    assert [v.message for v in dlrules.check(state, TakeAction(7))] == [
        "there is no Player 8 in a 3-player game: Players 1 to 3 (the move's seat index is 7; the JSON counts seats from 0, chance is -1)"
    ]
    assert main(["explain", str(RECORD), "--at", "4", "--seat", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat_index"] == 1
    assert main(["show", str(RECORD), "--part", "dungeon", "--dungeon", "5", "--svg", str(tmp_path / "d.svg")]) == 2
    assert "--dungeon 5: this is a 4-player game (Players 1 to 4)" in capsys.readouterr().err
    position = tmp_path / "position.json"
    position.write_text(dlrules.dumps(state), encoding="utf-8")
    assert main(["show", str(position), "--svg", str(tmp_path / "p.svg")]) == 0
    assert capsys.readouterr().out == f"{tmp_path / 'p.svg'}: the position in {position}.\n"
    truncated = tmp_path / "cut.jsonl"
    truncated.write_text(RECORD.read_text(encoding="utf-8")[:400], encoding="utf-8")
    assert main(["replay", str(truncated)]) == 2
    err = capsys.readouterr().err
    assert "Unterminated string starting at column" in err and "at at" not in err


def test_a_records_seat_field_mismatch_names_the_player(tmp_path: Path) -> None:
    from dlrules.records import parse_record

    lines = RECORD.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace('"seat":-1', '"seat":7', 1)
    record = parse_record("\n".join(lines[:3]) + "\n", strict=False)
    assert any("'seat' is 7 but the move is made by chance (seat index -1" in str(p) for p in record.problems)


def test_hit_points_count_create_food_tokens_and_say_so() -> None:
    """C2-1, CMB-PARTY-4: each Create Food token is 1 more hit point; the text
    and the pictures show the total and the token (the paladin read HP8 on the
    board and HP 9 in the battle)."""
    from dlrules.display.render import hit_points_text
    from dlrules.core.state import Adventurer

    assert hit_points_text(Adventurer("paladin-2", food=1)) == "HP 9 (8 + 1 Create Food token)"
    assert hit_points_text(Adventurer("y1-warrior-5")) == "HP 5"
    from dlrules.display.svg_draw import _food_tokens

    assert "food-token" in _food_tokens(Adventurer("paladin-2", food=1), 0, 0)  # the drawn token
