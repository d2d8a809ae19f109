"""Order return (RET-1, RET-2, RUL-1; EXAMPLES.md E1, E2)."""

from __future__ import annotations

import attrs
import pytest

from dlrules import Action, IllegalMove, ReturnOrder, apply, check, legal_moves, to_move
from dlrules.core.phases import order_return as phase
from dlrules.core.state import GameState, Outcome, Phase

from year_helpers import at_resolution, enter, played, player, resolved, step

C, N = Outcome.CARRIED_OUT, Outcome.NOT_CARRIED_OUT


def order_return(players: int, first: int, orders: dict[int, tuple[tuple[Action, Outcome], ...]], unavailable: dict[int, tuple[Action, ...]]) -> GameState:
    """The order-return phase with each listed seat's played and unavailable orders."""
    state = resolved(at_resolution(players))
    state = attrs.evolve(state, first_player=first)
    for seat, mine in orders.items():
        out = unavailable[seat]
        hand = tuple(a for a in Action if a not in out and all(a != o for o, _ in mine))
        state = player(state, seat, played=played(*mine), unavailable=out, hand=hand)
    return enter(state, Phase.ORDER_RETURN)


E2_PLAYED = ((Action.DIG, C), (Action.FOOD, C), (Action.MONSTER, N))
E2_UNAVAILABLE = (Action.MINE, Action.TRAPS)


def e2() -> GameState:
    # Seat 1 carried out all three (no choice: done automatically); seat 0 is E2.
    others = ((Action.REPUTATION, C), (Action.IMPS, C), (Action.ROOM, C))
    return order_return(2, 1, {0: E2_PLAYED, 1: others}, {0: E2_UNAVAILABLE, 1: (Action.FOOD, Action.DIG)})


def test_E2_the_player_takes_back_dig_or_the_monster_order() -> None:
    state = e2()
    assert to_move(state) == frozenset({0})
    assert legal_moves(state) == (ReturnOrder(0, Action.DIG), ReturnOrder(0, Action.MONSTER))


def test_E2_taking_back_hire_monster() -> None:
    state = step(e2(), ReturnOrder(0, Action.MONSTER))
    p = state.players[0]
    assert set(p.unavailable) == {Action.DIG, Action.FOOD}  # RET-2: the other two
    assert set(p.hand) == set(Action) - {Action.DIG, Action.FOOD}  # RET-1: Mine Gold and Buy Traps back
    assert len(p.hand) == 6 and len(p.unavailable) == 2 and p.played == ()


def test_E2_taking_back_the_first_order() -> None:
    state = step(e2(), ReturnOrder(0, Action.DIG))
    assert set(state.players[0].unavailable) == {Action.FOOD, Action.MONSTER}


def test_E2_refused_taking_back_get_food() -> None:
    violations = check(e2(), ReturnOrder(0, Action.FOOD))
    assert [v.rule for v in violations] == ["RET-2"]
    assert "Dig Tunnels (your first order) or Hire Monster (not carried out)" in violations[0].message


def test_E2_refused_taking_back_two_cards() -> None:
    state = step(e2(), ReturnOrder(0, Action.MONSTER))
    assert to_move(state) == frozenset()  # one card back, no second choice
    with pytest.raises(IllegalMove) as refused:
        apply(state, ReturnOrder(0, Action.DIG))
    assert refused.value.rules == ("RET-2",)


def test_RET_2_refused_an_order_not_played() -> None:
    violations = check(e2(), ReturnOrder(0, Action.MINE))
    assert [v.rule for v in violations] == ["RET-2"] and "did not play Mine Gold" in violations[0].message


def test_RET_2_all_carried_out_the_first_comes_back_by_itself() -> None:
    state = e2()  # seat 1 had no choice
    p = state.players[1]
    assert p.played == () and set(p.unavailable) == {Action.IMPS, Action.ROOM}
    assert Action.REPUTATION in p.hand and Action.FOOD in p.hand and Action.DIG in p.hand


def test_E1_P4_may_take_back_mine_gold_instead_of_dig() -> None:
    # E1: P4 played Dig, Food, Mine; the Mine Gold minion stood on the card (ORD-6).
    mine = ((Action.DIG, C), (Action.FOOD, C), (Action.MINE, N))
    carried = ((Action.FOOD, C), (Action.MINE, C), (Action.IMPS, C))
    out = (Action.TRAPS, Action.ROOM)
    state = order_return(4, 0, {0: carried, 1: carried, 2: carried, 3: mine}, {0: out, 1: out, 2: out, 3: out})
    assert legal_moves(state) == (ReturnOrder(3, Action.DIG), ReturnOrder(3, Action.MINE))


def test_RET_2_player_order_from_the_first_player() -> None:
    mine = ((Action.DIG, C), (Action.FOOD, N), (Action.MINE, N))
    out = (Action.TRAPS, Action.ROOM)
    state = order_return(3, 2, {0: mine, 1: mine, 2: mine}, {0: out, 1: out, 2: out})
    assert to_move(state) == frozenset({2})
    assert legal_moves(state) == tuple(ReturnOrder(2, a) for a in (Action.DIG, Action.FOOD, Action.MINE))
    state = apply(state, ReturnOrder(2, Action.MINE))
    assert to_move(state) == frozenset({0})


def test_order_cards_are_conserved() -> None:
    state = step(e2(), ReturnOrder(0, Action.DIG))
    for p in state.players:
        assert len(p.hand) + len(p.unavailable) + len(p.played) == 8
        assert set(p.hand) | set(p.unavailable) == set(Action)



def test_RET_2_what_is_known_of_one_state_never_answers_for_another() -> None:
    """RET-2: the phase remembers the seat waiting to choose for the state
    last asked about (``play`` hands it on for the state it makes); asking
    about E2, then the state after its choice, then E2 again gives each
    state its own answer."""
    before = e2()
    after = phase.play(before, ReturnOrder(0, Action.DIG))  # the phase's own step, before the engine moves on
    assert phase.done(after) and phase.to_move(after) == frozenset()
    assert phase.to_move(before) == frozenset({0}) and not phase.done(before)
    assert phase.legal(before) == (ReturnOrder(0, Action.DIG), ReturnOrder(0, Action.MONSTER))
    assert phase.legal(after) == () and phase.auto(after) is after
    assert after.players[0].unavailable == (Action.FOOD, Action.MONSTER)  # RET-2: the other two, board order
