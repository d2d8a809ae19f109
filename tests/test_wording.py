"""What the referee says of a move is read from the move's events (issue 22
item 1; dlrules.display.wording): positions of the seeded 4-player game
(tests/fixtures/whole-game-4p-seed1.jsonl), a move, the words expected."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import dlrules
from dlrules.core.moves import Move
from dlrules.records import read_record, replay
from dlrules.display.render import describe_move
from dlrules.core.state import GameState

RECORD = Path(__file__).parent / "fixtures" / "whole-game-4p-seed1.jsonl"


@cache
def _before(n: int) -> tuple[GameState, Move]:
    """The position before move ``n`` (from 1) of the record, and that move."""
    record = read_record(RECORD)
    return replay(record, upto=n - 1).state, record.moves[n - 1].move


def test_an_attack_says_which_monster_hits_whom_and_hires_nobody() -> None:
    """CMB-MON-1: Player 1's Troll attacks the first adventurer (4 with the food option)."""
    state, move = _before(168)
    assert dlrules.format_move(move, players=4) == "P1 attack 1 2"
    words = describe_move(state, move)
    assert words.startswith("P1 sends the Troll and pays 1 food: 4 damage on the wizard (HP 4, 2 spell crystals) in position 1; ")
    assert "the wizard (HP 4, 2 spell crystals) is eliminated and goes to Player 1's prison" in words
    assert "sends the Goblin: 2 damage on the wizard (HP 3, 2 spell crystals) in position 1" in words
    assert "hire" not in words and "leaves" not in words


def test_a_target_is_described() -> None:
    """CMB-TRAP-6: Player 2 aims the Poisoned Dart."""
    state, move = _before(169)
    assert describe_move(state, move).startswith("P2 aims the Poisoned Dart at the priest (HP 3) in position 3; ")


def test_a_plan_names_the_trap_cards_to_the_defender_only() -> None:
    """CMB-PLAN-5, CMB-PLAN-9: the trap cards go face down."""
    state, move = _before(163)
    assert describe_move(state, move, seat=3) == "P4 defends C1 with the Kamikaze Imp face down, sends no monster"
    assert describe_move(state, move, seat=0, played=True) == "P4 defends C1 with 1 trap card face down, sends no monster"
    assert describe_move(state, move) == "P4 defends C1 with the Kamikaze Imp face down, sends no monster"  # the referee


def test_the_last_choice_of_orders_offered_discloses_nobodys_orders() -> None:
    """ORD-3: the orders are revealed together, after the last player chose;
    the move offered to that player is not described with the reveal."""
    state, move = _before(23)
    assert dlrules.format_move(move, players=4) == "P4 orders dig,monster,reputation"
    offered = describe_move(state, move, seat=3)
    assert offered == "P4 chooses Dig Tunnels, Hire Monster, Improve Reputation, first to third (secret until all have chosen)"
    made = describe_move(state, move, seat=3, played=True)  # once made, the reveal is public
    assert made.startswith(offered + "; P1 plays Hire Monster first: pays 1 gold; Player 1 reveals Hire Monster and takes slot I")


def test_a_trap_card_dealt_to_another_player_is_not_named() -> None:
    """ACT-TRAP-2: Player 3 draws the Wall of Fire; the others learn only that a card was drawn."""
    state, move = _before(38)
    assert describe_move(state, move, seat=2, played=True).startswith("chance turns up the Wall of Fire from the traps deck; P3 gets 1 trap card (face down)")
    told = describe_move(state, move, seat=0, played=True)
    assert told.startswith("chance turns up a trap card (face down); P3 gets 1 trap card (face down)") and "Wall of Fire" not in told


def test_a_combat_card_drawn_is_named_with_its_speed_fatigue_and_text() -> None:
    """CMB-REV-1, CMB-CARD-7: the round's card turned up is public."""
    state, move = _before(167)
    assert describe_move(state, move).startswith(
        "chance turns up Detect Evil (slow, fatigue 2: “the defender gains 2 evil”) from the combat deck; combat round 1: the card is Detect Evil"
    )


# --- the rare combat decisions (the random games of properties/test_move_words.py seldom reach them) ---


def test_the_labyrinths_trap_order_and_metamorphosis_are_described_by_what_they_did() -> None:
    """CMB-TRAP-2 (R-3): the defender chooses which trap goes off first; C2-3:
    which monster becomes a sheep. Checked as the property test checks every
    move (actor named, amounts = what apply changed)."""
    from combat_positions import play, position, tunnels

    from dlrules.core.moves import ChooseTrap, PlanDefence, Transform
    from properties.test_move_words import check_words

    e = (0, 2)
    state = position({0: ["y1-warrior-5", "y1-thief-4-2"]}, traps={0: ["rolling-stone", "wall-of-fire"]},
                     dungeons={0: tunnels(rooms={e: "labyrinth"})}, cards=("invisibility", "graffiti", "detect-evil", "word-of-peace"))  # fmt: skip
    state = play(state, PlanDefence(0, e, ("rolling-stone", "wall-of-fire")))
    words = check_words(state, ChooseTrap(0, "wall-of-fire"))
    assert words.startswith("P1 reveals the Wall of Fire; ") and "the Rolling Stone" in words
    y2 = ("metamorphosis", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["golem", "goblin"]}, year=2, cards=y2,
                     dungeons={0: tunnels(rooms={e: "mint"})})  # fmt: skip
    state = play(state, PlanDefence(0, e, (), (0, 1)))
    words = check_words(state, Transform(0, 0))
    assert words.startswith("P1 turns the Golem into a sheep: it does not act and is knocked out (Metamorphosis); sends the Goblin: ")
