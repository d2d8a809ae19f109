"""Production (PROD-1..4, Y2-2, RUL-5): rooms staffed by free imps and troll tokens."""

from __future__ import annotations

import attrs
import pytest

from dlrules import ActivateRoom, Draw, FinishProduction, IllegalMove, apply, check, legal_moves, to_move
from dlrules.core.chance import chance_outcomes
from dlrules.core.phases.production import _room_problem, tool_shed_squares
from dlrules.core.state import CHANCE, GameState, Phase

from year_helpers import at_resolution, dungeon, enter, monsters, player, resolved, step

MINT = (2, 1)  # lower half
COOP = (0, 1)  # upper half
PRESS = (1, 1)  # inner
MAGIC = (1, 3)  # inner
WORKSHOP = (3, 2)  # outer ring
SHED = (0, 3)  # outer ring

ROOMS = {MINT: "mint", COOP: "chicken-coop", PRESS: "printing-press"}


def production(players: int = 2, first: int = 0, year: int = 1, **changes: object) -> GameState:
    """Seat ``first`` to produce first, with ``changes`` to that seat."""
    state = resolved(at_resolution(players))
    state = attrs.evolve(state, first_player=first, year=year)
    state = player(state, first, **changes)
    return enter(state, Phase.PRODUCTION)


def codes(state: GameState, move: object) -> tuple[str, ...]:
    return tuple(v.rule for v in check(state, move))


def test_PROD_1_a_mint_with_three_free_imps_makes_one_gold() -> None:
    state = production(imps=3, gold=0, dungeon=dungeon({MINT: "mint"}))
    after = step(state, ActivateRoom(0, MINT))
    p = after.players[0]
    assert (p.gold, p.busy_imps, p.free_imps) == (1, 3, 0)


def test_PROD_1_imps_that_dug_or_supervised_are_not_free() -> None:
    # 4 imps: 1 dug (busy), 1 supervised as foreimp: only 2 free, the Mint needs 3.
    state = production(imps=4, busy_imps=1, foreimps=1, dungeon=dungeon({MINT: "mint", COOP: "chicken-coop"}))
    assert legal_moves(state) == (FinishProduction(0),)  # nothing to activate: only pass (LIB-PROD-1)
    assert [v.rule for v in check(state, ActivateRoom(0, MINT))] == ["PROD-1"]


def test_PROD_1_refusal_names_the_busy_imps() -> None:
    state = production(imps=6, busy_imps=2, foreimps=1, dungeon=dungeon({MINT: "mint", COOP: "chicken-coop"}))
    state = step(state, ActivateRoom(0, MINT))  # the 3 free imps go to the Mint
    violations = check(state, ActivateRoom(0, COOP))
    assert [v.rule for v in violations] == ["PROD-1"]
    assert "0 free" in violations[0].message and "5 dug, mined or produced, 1 supervised" in violations[0].message


def test_ACT_IMP_2_newly_recruited_imps_may_produce() -> None:
    # Recruited this round: more imps, none of them busy.
    state = production(imps=5, busy_imps=2, dungeon=dungeon({MINT: "mint"}))
    assert ActivateRoom(0, MINT) in legal_moves(state)


def test_PROD_3_a_room_produces_at_most_once_a_round_in_year_1() -> None:
    state = production(imps=6, dungeon=dungeon({MINT: "mint"}))
    state = step(state, ActivateRoom(0, MINT))
    assert codes(state, ActivateRoom(0, MINT)) == ("PROD-3",)
    with pytest.raises(IllegalMove):
        apply(state, ActivateRoom(0, MINT))


def test_PROD_3_ruling_two_different_rooms_both_produce_in_year_1() -> None:
    state = production(imps=6, gold=0, food=0, dungeon=dungeon({MINT: "mint", COOP: "chicken-coop"}))
    state = step(state, ActivateRoom(0, MINT))
    state = step(state, ActivateRoom(0, COOP))
    p = state.players[0]
    assert (p.gold, p.food, p.busy_imps) == (1, 1, 6)


def test_Y2_2_year_2_each_room_twice_with_its_own_imps() -> None:
    state = production(year=2, imps=9, gold=0, dungeon=dungeon({MINT: "mint"}))
    state = step(state, ActivateRoom(0, MINT))
    state = step(state, ActivateRoom(0, MINT))
    assert state.players[0].gold == 2
    assert codes(state, ActivateRoom(0, MINT)) == ("Y2-2",)


def test_PROD_2_a_troll_token_replaces_an_imp_once() -> None:
    state = production(imps=2, monsters=monsters("troll"), gold=0, dungeon=dungeon({MINT: "mint", COOP: "chicken-coop"}))
    assert ActivateRoom(0, MINT) not in legal_moves(state)  # 2 imps cannot staff it alone
    state = step(state, ActivateRoom(0, MINT, trolls=1))
    p = state.players[0]
    assert (p.gold, p.busy_imps, p.busy_trolls) == (1, 2, 1)
    # the token works once a round, like an imp
    assert codes(state, ActivateRoom(0, COOP, trolls=1))[0] == "PROD-2"


def test_PROD_2_no_more_troll_tokens_than_trolls() -> None:
    state = production(imps=3, monsters=monsters("goblin"), dungeon=dungeon({MINT: "mint"}))
    assert codes(state, ActivateRoom(0, MINT, trolls=1)) == ("PROD-2",)


def test_magic_room_new_imp_may_work_at_once() -> None:
    # 4 imps: 2 staff the Magic Room (+1 food input), the new imp joins the 2 others in the Press.
    state = production(imps=4, food=1, evil=6, dungeon=dungeon({MAGIC: "magic-room", PRESS: "printing-press"}))
    state = step(state, ActivateRoom(0, MAGIC))
    p = state.players[0]
    assert (p.imps, p.food, p.free_imps) == (5, 0, 3)
    state = step(state, ActivateRoom(0, PRESS))
    assert state.players[0].evil == 5  # PROD-1: the Printing Press, evil -1


def test_PROD_1_magic_room_needs_its_food() -> None:
    state = production(imps=4, food=0, dungeon=dungeon({MAGIC: "magic-room", MINT: "mint"}))
    violations = check(state, ActivateRoom(0, MAGIC))
    assert [v.rule for v in violations] == ["PROD-1"] and "1 food" in violations[0].message


def test_PROD_1_workshop_trap_card_is_a_chance_draw() -> None:
    state = production(imps=4, traps=(), dungeon=dungeon({WORKSHOP: "workshop"}, tunnels=((0, 2), (1, 2), (2, 2), (3, 2))))
    state = step(state, ActivateRoom(0, WORKSHOP))
    assert to_move(state) == frozenset({CHANCE})
    outcomes = chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    state = step(state, Draw("traps", "pendulum"))
    assert state.players[0].traps == ("pendulum",)
    assert state.decks.traps.count("pendulum") == 2


def test_ACT_DIG_5_tool_shed_digs_next_to_the_dungeon() -> None:
    tunnels = ((0, 2), (1, 2), (2, 2))
    state = production(imps=2, dungeon=dungeon({SHED: "tool-shed"}, tunnels=tunnels))
    targets = tool_shed_squares(state.players[0].dungeon)
    assert (0, 1) in targets and (0, 4) in targets and (3, 2) in targets
    assert (3, 4) not in targets
    assert codes(state, ActivateRoom(0, SHED, target=(3, 4))) == ("ACT-DIG-5",)  # shares no side
    assert codes(state, ActivateRoom(0, SHED, target=(1, 2))) == ("ACT-DIG-5",)  # already a tile
    assert codes(state, ActivateRoom(0, SHED, target=(4, 2))) == ("ACT-DIG-5",)  # off the grid
    assert codes(state, ActivateRoom(0, SHED)) == ("PROD-1",)  # where?
    after = step(state, ActivateRoom(0, SHED, target=(3, 2)))
    tile = after.players[0].dungeon.at((3, 2))
    assert tile is not None and tile.room is None and not tile.conquered
    assert after.players[0].busy_imps == 2


def test_ACT_DIG_6_tool_shed_may_not_fill_a_2x2_block() -> None:
    tunnels = ((0, 2), (1, 2), (2, 2), (1, 1))
    state = production(imps=2, dungeon=dungeon({SHED: "tool-shed"}, tunnels=tunnels))
    # (0, 1) would fill (0,1),(0,2),(1,1),(1,2)
    assert codes(state, ActivateRoom(0, SHED, target=(0, 1))) == ("ACT-DIG-6",)
    assert codes(state, ActivateRoom(0, SHED, target=(2, 1))) == ("ACT-DIG-6",)
    state = step(state, ActivateRoom(0, SHED, target=(1, 0)))
    assert state.players[0].dungeon.at((1, 0)) is not None


def test_PROD_1_only_rooms_produce() -> None:
    state = production(imps=3, dungeon=dungeon({MINT: "mint"}))
    assert codes(state, ActivateRoom(0, (0, 2))) == ("PROD-1",)
    assert codes(state, ActivateRoom(0, MINT, target=(0, 1))) == ("PROD-1",)


def test_RUL_5_production_goes_player_by_player_from_the_first_player() -> None:
    state = resolved(at_resolution(3))
    state = attrs.evolve(state, first_player=1)
    for seat in range(3):
        state = player(state, seat, imps=3, dungeon=dungeon({MINT: "mint"}))
    state = enter(state, Phase.PRODUCTION)
    assert to_move(state) == frozenset({1})
    assert codes(state, ActivateRoom(0, MINT)) == ("RUL-5",)
    state = apply(state, FinishProduction(1))
    assert to_move(state) == frozenset({2})
    state = step(state, ActivateRoom(2, MINT))
    state = apply(state, FinishProduction(2))
    assert to_move(state) == frozenset({0})
    before = state
    state = apply(state, FinishProduction(0))
    # production over: orders returned, the round ended (winter: no events)
    assert state.round == 2 and state.players[2].gold == before.players[2].gold


def test_every_legal_production_move_applies() -> None:
    rooms = {MINT: "mint", COOP: "chicken-coop", PRESS: "printing-press", MAGIC: "magic-room", SHED: "tool-shed"}
    state = production(imps=7, food=2, monsters=monsters("troll", "troll"), dungeon=dungeon(rooms))
    for move in legal_moves(state):
        assert check(state, move) == ()
        step(state, move)
        apply(state, move)


def test_check_agrees_with_legal_moves_for_every_activation() -> None:
    """Legality is defined once: a refused activation always cites a rule."""
    rooms = {MINT: "mint", COOP: "chicken-coop", PRESS: "printing-press", MAGIC: "magic-room", SHED: "tool-shed"}
    state = production(imps=4, food=0, monsters=monsters("troll"), busy_imps=1, dungeon=dungeon(rooms))
    state = step(state, ActivateRoom(0, MINT, trolls=1))
    legal = set(legal_moves(state))
    squares = [(r, c) for r in range(-1, 5) for c in range(-1, 6)]
    for room in squares:
        for trolls in range(-1, 5):
            for target in (None, (0, 1), (0, 4), (3, 3), (1, 2)):
                move = ActivateRoom(0, room, trolls, target)
                found = check(state, move)
                assert (found == ()) == (move in legal), move
                assert all(v.rule and v.message for v in found)


@pytest.mark.parametrize("imps, trolls", [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2)])
def test_PROD_1_too_few_free_workers_for_every_room_leaves_only_finish(imps: int, trolls: int) -> None:
    # The Magic Room and the Tool Shed need the fewest workers (2): with fewer
    # free, no room is offered (production's shortcut), exactly the rooms the
    # room-by-room test refuses for their crew.
    rooms = {MAGIC: "magic-room", SHED: "tool-shed", MINT: "mint", WORKSHOP: "workshop"}
    state = production(imps=imps, food=2, monsters=monsters(*["troll"] * trolls), dungeon=dungeon(rooms))
    me = state.players[0]
    crewed = [tile.square for tile in me.dungeon.rooms if _room_problem(state, 0, tile) is None]
    offered = {m.room for m in legal_moves(state) if isinstance(m, ActivateRoom)}
    assert offered == set(crewed)
    assert bool(offered) == (imps + trolls >= 2)
    for tile in me.dungeon.rooms:
        if imps + trolls < 2:
            assert _room_problem(state, 0, tile) == "PROD-1 crew"
            assert codes(state, ActivateRoom(0, tile.square, trolls, (3, 3) if tile.room == "tool-shed" else None)) == ("PROD-1",)
