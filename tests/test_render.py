"""Readable positions and moves described in context (issue 14, items 2, 5, 6):
``dlrules.display.render.describe`` / ``str(state)``, the short ``repr``,
``describe_move``, and the narration of costs and evil changes."""

from __future__ import annotations

import attrs
from res_positions import (
    DIG, FOOD, IMPS, MINE, MONSTER, REP, ROOM, TRAPS, at_resolution, decline_until, rich_resolution,
)  # fmt: skip

import dlrules
from dlrules import Action, Decline
from dlrules.core.moves import BuildRoom, DigTunnel, KeepUnavailable, TakeAction
from dlrules.records.game import state_hash
from dlrules.display.render import describe, describe_move, dungeon_lines, room_code
from dlrules.core.state import GameState


def test_describe_shows_the_whole_position_for_a_referee() -> None:
    """Board, tavern, shop, evil track, each player's resources, hand, lair,
    traps by name, dungeon grid, party with damage, prison (issue 14 item 2)."""
    state = rich_resolution()
    text = describe(state)
    assert text == str(state)
    assert text.splitlines()[0] == "Year 1, winter (round 1): resolution, Get Food I acting"
    assert "To move: P1" in text
    assert "  Get Food            P1   P2   ." in text  # slots I, II, III in play order
    assert "Tavern: Goblin, Troll, Witch.  Room shop: Chicken Coop, Mint." in text
    assert "Evil (1-15, paladin line 10): P1 5, P2 5, P3 5; paladin attacks P1" in text
    assert "P1 (first player): 3 gold, 3 food, 3 imps (2 free), evil 5; traps: Pendulum, Trap Door" in text
    assert "lair: Goblin, Troll (knocked out)" in text
    assert "party: paladin HP5, wizard HP3 1 crystal [2 damage]" in text
    assert "prison: warrior HP3" in text
    assert "rooms: CC=Chicken Coop C2" in text
    assert "    1  .  .  #  .  ." in text and "    2  .  . CC  .  ." in text and "    3  .  .  #x .  ." in text


def test_describe_for_one_seat_hides_what_it_must() -> None:
    """ACT-TRAP-2, LIB-TAB-2: another player's traps only as a count; their
    secret orders only as 'has chosen'."""
    state = rich_resolution()
    seen = describe(state, seat=1)
    assert "as P2 sees it" in seen.splitlines()[0]
    assert "2 traps (hidden)" in seen and "Pendulum" not in seen
    assert describe(dlrules.view(state, 1)) == seen  # a PlayerView is shown as its seat sees it


def test_a_secret_choice_reads_chosen_for_others_and_is_named_for_the_referee() -> None:
    state = dlrules.new_game(3)
    while dlrules.CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    dealt = state.players[0].dealt
    state = dlrules.apply(state, KeepUnavailable(0, dealt[:2]))
    assert f"keeps unavailable: {','.join(a.value for a in dealt[:2])} (secret)" in describe(state)
    assert "keeps unavailable" not in describe(state, seat=1)


def test_the_dungeon_grid_names_columns_and_rows_for_people() -> None:
    """LIB-TV-2: columns A..E, rows 1..4 from the surface, the entrance above C1."""
    p = dlrules.new_game(2).players[0]
    assert dungeon_lines(p) == [
        "     A  B  C  D  E",
        "           v",
        "  1  .  .  #  .  .",
        "  2  .  .  #  .  .",
        "  3  .  .  #  .  .",
        "  4  .  .  .  .  .",
    ]
    assert room_code("chicken-coop") == "CC" and room_code("mint") == "Mi"


def test_repr_is_short_and_tells_states_apart() -> None:
    state = dlrules.new_game(3)
    text = repr(state)
    assert len(text) < 120 and text.startswith("<GameState 3 players, full, year 1 round 1 setup, sha256 ")
    assert state_hash(state).split(":")[1][:16] in text
    after = dlrules.apply(state, dlrules.legal_moves(state)[0])
    assert repr(after) != text


def test_describe_names_the_phase_and_ends_a_finished_game_with_the_scores() -> None:
    """A phase is printed by its name (other branches add phases); once the
    game is over, the score sheet (SCO-14) ends the description."""
    state = dlrules.new_game(2)
    assert "Final scores:" not in describe(state)
    over = attrs.evolve(state, phase=dlrules.Phase.GAME_OVER)
    lines = describe(over).splitlines()
    assert lines[0] == "Year 1, winter (round 1): game over"
    assert "Final scores:" in lines and lines[-1].startswith("Player 1 and Player 2 share the victory")  # equal lords


# --- moves in context (issue 14 item 5) ------------------------------------------------------


def test_describe_move_says_what_a_move_does_here() -> None:
    """Like SAN: the slot taken, what is paid, what is built, where (LIB-TV-2)."""
    state = at_resolution({0: (FOOD, DIG, MINE), 1: (ROOM, IMPS, TRAPS), 2: (ROOM, FOOD, REP)}, rooms=("magic-room", "mint"))
    state = decline_until(state, Action.ROOM, 1)
    seat = 2
    move = BuildRoom(seat, "magic-room", (1, 2))
    assert move in dlrules.legal_moves(state)
    assert describe_move(state, move) == "P3 builds the Magic Room at C2: pays 1 gold; the minion on Build Room II goes home (order carried out)"
    assert describe_move(state, Decline(seat)) == "P3 declines Build Room II; the minion on Build Room II stands on the order card (not carried out)"


def test_describe_move_of_food_and_digging() -> None:
    state = at_resolution({0: (FOOD, DIG, MINE), 1: (FOOD, IMPS, ROOM), 2: (REP, TRAPS, MONSTER)})
    assert describe_move(state, TakeAction(0)) == "P1 takes Get Food I: pays 1 gold and gains 2 food; the minion on Get Food I goes home (order carried out)"
    state = decline_until(state, Action.FOOD, 1)
    assert describe_move(state, TakeAction(1)) == "P2 takes Get Food II for 1 evil: gains 3 food; evil 5 → 6; the minion on Get Food II goes home (order carried out)"
    state = decline_until(state, Action.DIG, 0)
    assert describe_move(state, DigTunnel(0, (0, 1))) == "P1 digs a tunnel at B1"


def test_describe_move_of_an_illegal_move_gives_the_reason() -> None:
    state = at_resolution({0: (FOOD, DIG, MINE), 1: (FOOD, IMPS, ROOM), 2: (REP, TRAPS, MONSTER)})
    assert describe_move(state, TakeAction(1)) == "P2 take: illegal: [RES-3] Player 2 may not move now (resolution); waiting for Player 1"


def test_narration_gives_each_evil_change_and_the_cost() -> None:
    """Issue 14 item 5: the cost of the slot and the evil marker's move."""
    state = at_resolution({0: (FOOD, DIG, MINE), 1: (FOOD, IMPS, ROOM), 2: (REP, TRAPS, MONSTER)})
    state = decline_until(state, Action.FOOD, 1)
    _, events = dlrules.apply_with_events(state, TakeAction(1))
    texts = [e.text for e in events]
    assert "Player 2 takes Get Food II: 1 evil -> 3 food." in texts
    assert "Player 2's evil goes from 5 to 6." in texts
    evil = next(e for e in events if e.code == "evil")
    assert evil.seat == 1


def test_a_seat_outside_the_game_is_refused_in_both_numberings() -> None:
    """LIB-TV-2: the API counts seats from 0, people from 1; the refusal says both."""
    refused = dlrules.check(dlrules.new_game(3), Decline(5))
    assert [str(v) for v in refused] == ["[RS-3] there is no Player 6 in a 3-player game: Players 1 to 3 (the move's seat index is 5; the JSON counts seats from 0, chance is -1)"]
