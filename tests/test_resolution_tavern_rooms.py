"""Hire Monster (ACT-MON-1..5, RUL-4), Build Room (ACT-ROOM-1..8, RUL-3),
dummies (DUM3-4, DUM2-7), ORD-6 and the end of resolution (ACT-END-1, RUL-1)."""

from __future__ import annotations

import random

import attrs
from res_positions import (
    Tweak,
    rules,
    DIG,
    FOOD,
    MINE,
    MONSTER,
    REP,
    ROOM,
    TRAPS,
    at_resolution,
    cursor,
    decline_until,
    finish,
    outcome_of,
    player,
    tweaks,
)

from dlrules import CHANCE, Outcome, Phase, apply, check, legal_moves, new_game, sample_chance, to_move
from dlrules.core.dungeon import room_squares
from dlrules.core.moves import BuildRoom, Decline, HireMonster, MineGold
from dlrules.core.phases.resolution import END, RULES
from dlrules.core.state import Dungeon, GameState, Monster, Tile

def three_on(action: object, tweak: Tweak = lambda s: s, **kw: object) -> GameState:
    """Seats 0, 1, 2 on ``action`` I, II, III; seat 3 elsewhere."""
    orders = {s: (action, FOOD, REP) for s in range(3)}
    orders[3] = (FOOD, REP, DIG)
    state = at_resolution(orders, tweak=tweak, **kw)  # type: ignore[arg-type]
    return decline_until(state, action, 2)  # type: ignore[arg-type]


# --- Hire Monster ------------------------------------------------------------------


def test_ACT_MON_1_3_hired_III_then_II_then_I_and_III_pays_one_more_food() -> None:
    """ACT-MON-1/3: slot III picks first from all three and pays 1 extra food;
    II then chooses among the two left, I takes the last (ACT-MON-2)."""
    state = three_on(MONSTER)
    assert cursor(state) == (MONSTER, 2) and to_move(state) == frozenset({2})
    assert {m.monster for m in legal_moves(state) if isinstance(m, HireMonster)} == {"goblin", "troll", "witch"}
    state = apply(state, HireMonster(2, "troll"))
    assert state.players[2].food == 0  # troll 2 food + slot III's 1 food
    assert state.players[2].trolls == 1  # ACT-MON-5: the troll token
    assert cursor(state) == (MONSTER, 1)
    assert {m.monster for m in legal_moves(state) if isinstance(m, HireMonster)} == {"goblin", "witch"}
    state = apply(state, HireMonster(1, "witch"))
    assert (state.players[1].food, state.players[1].evil) == (2, 6)  # 1 food + 1 evil
    assert [m for m in legal_moves(state) if isinstance(m, HireMonster)] == [HireMonster(0, "goblin")]
    state = apply(state, HireMonster(0, "goblin"))
    assert state.players[0].monsters == (Monster("goblin", ready=True),)
    assert state.tavern == ()


def test_ACT_MON_4_RUL_4_affordability_per_card_with_slot_III_food() -> None:
    """RUL-4: with 2 food on slot III the troll (2 + 1 food) is refused; the
    goblin and the witch (1 + 1 food) may be hired."""
    state = three_on(MONSTER, tweak=player(2, food=2))
    assert {m.monster for m in legal_moves(state) if isinstance(m, HireMonster)} == {"goblin", "witch"}
    refused = check(state, HireMonster(2, "troll"))
    assert [v.rule for v in refused] == ["ACT-MON-4"]
    assert "3 food" in refused[0].message


def test_ACT_MON_4_nothing_affordable_only_decline_not_carried_out() -> None:
    """ACT-MON-4, RUL-1: with 1 food on slot III nothing can be paid."""
    state = three_on(MONSTER, tweak=player(2, food=1))
    assert legal_moves(state) == (Decline(2),)
    state = apply(state, Decline(2))
    assert outcome_of(state, 2, MONSTER) is Outcome.NOT_CARRIED_OUT


def test_ACT_MON_2_evil_cost_brings_the_paladin() -> None:
    """ACT-MON-2, RES-9: the vampire's 2 evil from 8 reaches 10: the paladin comes."""
    state = three_on(MONSTER, tavern=("vampire", "goblin", "troll"), tweak=player(2, evil=8))
    state = apply(state, HireMonster(2, "vampire"))
    assert state.players[2].evil == 10
    assert state.paladin == 2


def test_ACT_MON_2_demon_dismisses_another_monster() -> None:
    """COMPONENTS.md Demon: 1 evil + one of your other monsters, which leaves
    for the far lands; without another monster it cannot be hired."""
    demon = tweaks(
        lambda s: attrs.evolve(s, tavern=("demon", "goblin", "troll")),
        player(2, monsters=(Monster("slime"),)),
    )
    state = three_on(MONSTER, tweak=demon)
    assert HireMonster(2, "demon", 0) in legal_moves(state)
    assert rules(state, HireMonster(2, "demon")) == ["ACT-MON-2"]
    state = apply(state, HireMonster(2, "demon", 0))
    p = state.players[2]
    assert p.monsters == (Monster("demon"),)
    assert state.far_lands[-1] == "slime"
    assert (p.evil, p.food) == (6, 2)  # slot III's extra food too
    assert not [m for m in legal_moves(state) if isinstance(m, HireMonster) and m.monster == "demon"]


def test_Y2_20_demon_without_another_monster_refused() -> None:
    state = three_on(MONSTER, tweak=lambda s: attrs.evolve(s, tavern=("demon", "goblin", "troll")))
    assert rules(state, HireMonster(2, "demon", 0)) == ["Y2-20"]


def test_Y2_20_a_ghost_cannot_be_given_to_the_demon() -> None:
    ghost = tweaks(
        lambda s: attrs.evolve(s, tavern=("demon", "goblin", "troll")),
        player(2, monsters=(Monster("ghost"), Monster("goblin")), gold=5, food=5),
    )
    state = three_on(MONSTER, tweak=ghost)
    assert rules(state, HireMonster(2, "demon", 0)) == ["Y2-20"]
    assert HireMonster(2, "demon", 1) in legal_moves(state)
    only_ghost = tweaks(
        lambda s: attrs.evolve(s, tavern=("demon", "goblin", "troll")),
        player(2, monsters=(Monster("ghost"),), gold=5, food=5),
    )
    state = three_on(MONSTER, tweak=only_ghost)
    assert not [m for m in legal_moves(state) if isinstance(m, HireMonster) and m.monster == "demon"]


def test_ACT_MON_4_golem_without_a_trap_card_refused() -> None:
    state = three_on(MONSTER, tweak=lambda s: attrs.evolve(s, tavern=("golem", "goblin", "troll")))
    assert rules(state, HireMonster(2, "golem", trap="pendulum")) == ["ACT-MON-4"]


def test_ACT_MON_2_golem_costs_a_trap_card() -> None:
    """COMPONENTS.md Golem: 1 gold + 1 trap card (LIB-RES-4: it goes to the far lands)."""
    golem = tweaks(lambda s: attrs.evolve(s, tavern=("golem", "goblin", "troll")), player(2, traps=("pendulum",)))
    state = three_on(MONSTER, tweak=golem)
    assert rules(state, HireMonster(2, "golem")) == ["ACT-MON-2"]
    state = apply(state, HireMonster(2, "golem", trap="pendulum"))
    p = state.players[2]
    assert (p.gold, p.food, p.traps) == (2, 2, ())


# --- Build Room ----------------------------------------------------------------------


def test_ACT_ROOM_2_II_and_III_both_buy_so_I_gets_nothing() -> None:
    """ACT-ROOM-1/2: III and II each pay 1 gold for a room; slot I finds the
    shop empty: only Decline, not carried out (RUL-1)."""
    state = three_on(ROOM)
    state = apply(state, BuildRoom(2, "chicken-coop", (0, 2)))
    assert state.players[2].gold == 2
    assert cursor(state) == (ROOM, 1)
    state = apply(state, BuildRoom(1, "mint", (2, 2)))
    assert cursor(state) == (ROOM, 0)
    assert legal_moves(state) == (Decline(0),)
    assert rules(state, BuildRoom(0, "mint", (2, 2))) == ["ACT-ROOM-2"]
    state = apply(state, Decline(0))
    assert outcome_of(state, 0, ROOM) is Outcome.NOT_CARRIED_OUT


def test_RUL_3_slot_I_takes_either_room_free_when_II_and_III_decline() -> None:
    state = three_on(ROOM)
    state = apply(state, Decline(2))
    state = apply(state, Decline(1))
    rooms = {m.room for m in legal_moves(state) if isinstance(m, BuildRoom)}
    assert rooms == {"chicken-coop", "mint"}
    state = apply(state, BuildRoom(0, "mint", (2, 2)))
    assert state.players[0].gold == 3  # slot I is free
    assert state.players[0].dungeon.at((2, 2)) == Tile((2, 2), "mint")


def test_ACT_ROOM_4_room_refused_outside_its_area() -> None:
    """ACT-ROOM-4: the Mint belongs in the lower half (rows 2-3); (0, 2) is not."""
    state = three_on(ROOM)
    refused = check(state, BuildRoom(2, "mint", (0, 2)))
    assert [v.rule for v in refused] == ["ACT-ROOM-4"]
    assert "lower half" in refused[0].message


def test_ACT_ROOM_5_room_refused_next_to_another_room() -> None:
    """ACT-ROOM-5: with a Souvenir Shop at (1, 2), a Chicken Coop may not go to
    (0, 2), which shares a side with it."""
    built = Dungeon((Tile((0, 2)), Tile((1, 2), "souvenir-shop"), Tile((2, 2))))
    state = three_on(ROOM, tweak=player(2, dungeon=built))
    assert rules(state, BuildRoom(2, "chicken-coop", (0, 2))) == ["ACT-ROOM-5"]
    assert rules(state, BuildRoom(2, "mint", (2, 2))) == ["ACT-ROOM-5"]


def test_ACT_ROOM_3_room_refused_on_a_conquered_tunnel() -> None:
    """ACT-ROOM-3 (Y2-5): a room replaces an unconquered tunnel only."""
    conquered = Dungeon((Tile((0, 2), conquered=True), Tile((1, 2)), Tile((2, 2))))
    state = three_on(ROOM, tweak=player(2, dungeon=conquered))
    assert rules(state, BuildRoom(2, "chicken-coop", (0, 2))) == ["ACT-ROOM-3"]
    assert rules(state, BuildRoom(2, "chicken-coop", (0, 1))) == ["ACT-ROOM-3"]  # no tile there
    assert BuildRoom(2, "chicken-coop", (1, 2)) in legal_moves(state)


def test_ACT_ROOM_6_no_legal_square_only_decline() -> None:
    """ACT-ROOM-6: both rooms on offer belong inside (inner), and the player's
    only unconquered tunnel is at (0, 2), on the outer ring."""
    mostly = Dungeon((Tile((0, 2)), Tile((1, 2), conquered=True), Tile((2, 2), conquered=True)))
    state = three_on(ROOM, rooms=("printing-press", "magic-room"), tweak=player(2, dungeon=mostly))
    assert legal_moves(state) == (Decline(2),)


def test_ACT_ROOM_7_mined_tunnel_becomes_a_room_imps_stay_busy() -> None:
    """ACT-ROOM-7: imps that mined stay busy when their tunnel becomes a room."""
    orders = {0: (MINE, ROOM, FOOD), 1: (FOOD, REP, DIG), 2: (FOOD, REP, DIG), 3: (FOOD, REP, DIG)}
    state = decline_until(at_resolution(orders), MINE, 0)
    state = apply(state, MineGold(0, 2))
    state = decline_until(state, ROOM, 0)
    state = apply(state, BuildRoom(0, "chicken-coop", (0, 2)))
    p = state.players[0]
    assert (p.busy_imps, p.free_imps, len(p.dungeon.unconquered_tunnels)) == (2, 1, 2)


# --- dummies, full spaces, the end ---------------------------------------------------


def test_DUM3_4_E4_dummy_minion_goes_home_with_no_effect() -> None:
    """E4 (DUM3-2..4, ORD-6): the dummy on Dig II; P1 takes I, P2 III, P3's
    minion stands on its card. At resolution the dummy goes home by itself,
    and P3 is never asked."""
    orders = {0: (DIG, FOOD, REP), 1: (DIG, FOOD, REP), 2: (FOOD, DIG, REP)}
    state = at_resolution(orders, dummies={3: (DIG, MINE, TRAPS)})
    assert state.board[DIG.index] == (0, 3, 1)
    assert outcome_of(state, 2, DIG) is Outcome.NOT_CARRIED_OUT  # ORD-6
    state = decline_until(state, DIG, 0)
    state = apply(state, Decline(0))
    assert cursor(state) == (DIG, 2) and to_move(state) == frozenset({1})
    assert state.board[DIG.index] == (None, None, 1)


def test_DUM2_7_two_player_dummies_go_home() -> None:
    """DUM2-7: with 2 players the dummies' minions go home and take nothing."""
    orders = {0: (FOOD, REP, DIG), 1: (FOOD, REP, DIG)}
    state = at_resolution(orders, dummies={2: (FOOD, MINE), 3: (MINE, TRAPS)}, thirds={0: DIG, 1: ROOM})
    assert state.board[FOOD.index] == (0, 2, 1)
    state = apply(state, Decline(0))
    assert to_move(state) == frozenset({1}) and cursor(state) == (FOOD, 2)
    end = finish(state)
    assert RULES.done(end)
    assert all(slot is None for row in end.board for slot in row)


def test_ACT_END_1_minions_home_or_on_their_order_cards() -> None:
    """ACT-END-1, RUL-1: when all eight spaces are resolved every minion has
    left the board; each order is carried out or not, none pending; the
    phase is done, so the engine moves on to Production."""
    orders = {0: (FOOD, MINE, ROOM), 1: (FOOD, MINE, ROOM), 2: (FOOD, MINE, ROOM), 3: (FOOD, MINE, ROOM)}
    state = at_resolution(orders)
    state = apply(state, legal_moves(state)[0])  # P1 takes Get Food I
    end = finish(state)
    assert RULES.done(end)
    assert end.resolution is not None and end.resolution.space == END
    assert all(slot is None for row in end.board for slot in row)
    assert outcome_of(end, 0, FOOD) is Outcome.CARRIED_OUT
    assert outcome_of(end, 1, FOOD) is Outcome.NOT_CARRIED_OUT
    assert outcome_of(end, 3, FOOD) is Outcome.NOT_CARRIED_OUT  # ORD-6: space full
    assert all(o.outcome is not Outcome.PENDING for p in end.players for o in p.played)


def test_RUL_3_slot_I_takes_the_last_room_when_only_one_was_bought() -> None:
    """RUL-3: III buys the Chicken Coop, II declines: slot I may take the Mint free."""
    state = three_on(ROOM)
    state = apply(state, BuildRoom(2, "chicken-coop", (0, 2)))
    state = apply(state, Decline(1))
    assert {m.room for m in legal_moves(state) if isinstance(m, BuildRoom)} == {"mint"}
    state = apply(state, BuildRoom(0, "mint", (2, 2)))
    assert state.room_shop == () and state.players[0].gold == 3


def test_RUL_3_dummy_on_slot_III_leaves_both_rooms() -> None:
    """RUL-3, DUM3-4: a dummy minion on Build Room takes nothing, so both
    rooms are still on offer for the players after it."""
    orders = {0: (ROOM, FOOD, REP), 1: (ROOM, FOOD, REP), 2: (FOOD, REP, DIG)}
    state = at_resolution(orders, dummies={3: (MINE, TRAPS, ROOM)})
    assert state.board[ROOM.index] == (0, 3, 1)
    state = decline_until(state, ROOM, 2)
    state = apply(state, BuildRoom(1, "mint", (2, 2)))
    assert cursor(state) == (ROOM, 0)  # the dummy on II went home by itself
    assert {m.room for m in legal_moves(state) if isinstance(m, BuildRoom)} == {"chicken-coop"}


def test_ACT_MON_5_demon_dismissing_the_troll_returns_its_token() -> None:
    """ACT-MON-5: losing the troll returns its token (tokens follow the trolls)."""
    demon = tweaks(
        lambda s: attrs.evolve(s, tavern=("demon", "goblin", "slime")),
        player(2, monsters=(Monster("troll"),)),
    )
    state = three_on(MONSTER, tweak=demon)
    assert state.players[2].trolls == 1
    state = apply(state, HireMonster(2, "demon", 0))
    assert state.players[2].trolls == 0


# --- the optional dummy rule (DUM3-5) ------------------------------------------------


def _dummy_on_hire_monster(on: bool, tavern: tuple[str, ...] = ("goblin", "troll", "witch")) -> GameState:
    """3 players; the dummy's minion stands on Hire Monster II, Player 1's on
    I; DUM3-5 ``on`` or off; the Tavern holds ``tavern``. The position when
    Player 1 is to hire."""
    orders = {0: (MONSTER, FOOD, REP), 1: (FOOD, REP, DIG), 2: (FOOD, REP, DIG)}
    state = at_resolution(orders, dummies={3: (MONSTER, TRAPS, ROOM)}, tweak=lambda s: attrs.evolve(s, dummy_hires=on, tavern=tavern))
    assert state.board[MONSTER.index] == (0, 3, None)
    return decline_until(state, MONSTER, 0)


def test_DUM3_5_off_by_default_the_dummy_takes_nothing() -> None:
    """DUM3-4, DUM3-5: without the option the dummy's minion goes home."""
    state = _dummy_on_hire_monster(False)
    assert state.tavern == ("goblin", "troll", "witch") and "goblin" not in state.far_lands
    assert HireMonster(0, "goblin") in legal_moves(state)


def test_DUM3_5_the_dummy_sends_the_first_tavern_monster_to_the_far_lands() -> None:
    """DUM3-5: with the option on, the dummy's minion on Hire Monster takes the
    leftmost monster still in the Tavern, unpaid, to the far lands; Player 1,
    after it (slot I), may hire only what is left."""
    state = _dummy_on_hire_monster(True)
    assert state.tavern == ("troll", "witch") and state.far_lands[-1] == "goblin"
    assert rules(state, HireMonster(0, "goblin")) == ["ACT-MON-2"]


def test_DUM3_5_with_the_tavern_empty_the_dummy_takes_nothing() -> None:
    """DUM3-5: an empty Tavern: the dummy's minion takes nothing."""
    state = _dummy_on_hire_monster(True, tavern=())
    assert state.tavern == () and state.far_lands == ()


def test_DUM3_5_is_a_setup_parameter() -> None:
    """DUM3-5 is chosen at setup (new_game), off unless asked for."""
    from dlrules import new_game

    assert new_game(3).dummy_hires is False
    assert new_game(3, dummy_hires=True).dummy_hires is True


def test_DUM3_5_the_dummy_hires_from_what_the_player_before_it_left() -> None:
    """DUM3-5, RES-2: Hire Monster resolves III, II, I. Player 2 on III hires
    the goblin; the dummy on II then sends the Tavern's first monster left,
    the troll, to the far lands; Player 1 on I chooses from the witch alone.
    The player's hire, the dummy's and the cursor are written together."""
    orders = {0: (MONSTER, FOOD, REP), 1: (MONSTER, FOOD, REP), 2: (FOOD, REP, DIG)}
    on = tweaks(lambda s: attrs.evolve(s, dummy_hires=True), player(1, gold=5, food=5))
    state = at_resolution(orders, dummies={3: (MONSTER, TRAPS, ROOM)}, tweak=on)
    assert state.board[MONSTER.index] == (0, 3, 1)
    state = decline_until(state, MONSTER, 2)
    assert to_move(state) == frozenset({1})
    state = apply(state, HireMonster(1, "goblin"))
    assert [m.kind for m in state.players[1].monsters] == ["goblin"]
    assert state.tavern == ("witch",) and state.far_lands[-1] == "troll"
    assert cursor(state) == (MONSTER, 0) and to_move(state) == frozenset({0})
    assert legal_moves(state) == (HireMonster(0, "witch"), Decline(0))


def _build_room_positions(games: int) -> list[GameState]:
    """Seeded random 4-player games: every position where a player's minion
    on Build Room is to act."""
    found: list[GameState] = []
    for k in range(games):
        rng = random.Random(k)
        state = new_game(4)
        while to_move(state):
            r = state.resolution
            chance = CHANCE in to_move(state)
            if state.phase is Phase.RESOLUTION and r is not None and r.space == ROOM.index and not chance:
                found.append(state)
            state = apply(state, sample_chance(state, rng) if chance else rng.choice(legal_moves(state)))
    return found


def test_ACT_ROOM_6_the_build_offers_are_room_squares_room_by_room() -> None:
    """ACT-ROOM-4, ACT-ROOM-6: the resolution lists Build Room's squares with
    ``dungeon.room_squares``'s area filter written inline (``_room_moves``,
    a speed-up, issue 25): every offer of seeded games is exactly
    ``room_squares`` room by room, in the shop's order."""
    offers = 0
    for state in _build_room_positions(6):
        (seat,) = to_move(state)
        listed = [m for m in legal_moves(state) if isinstance(m, BuildRoom)]
        dungeon = state.players[seat].dungeon
        if listed:
            offers += 1
            assert listed == [BuildRoom(seat, room, square) for room in dict.fromkeys(state.room_shop) for square in room_squares(dungeon, room)]
    assert offers > 5
