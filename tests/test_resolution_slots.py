"""Every slot of every action space, taken and declined (RES-3..6, ACT-*,
COMPONENTS.md central board), and the order of resolution (RES-1, RES-2)."""

from __future__ import annotations

from typing import Any

import pytest
from res_positions import (
    DIG,
    FOOD,
    IMPS,
    MINE,
    MONSTER,
    REP,
    ROOM,
    TRAPS,
    at_resolution,
    cursor,
    decline_until,
    draw_first,
    outcome_of,
)

from dlrules import CHANCE, Action, GameState, Outcome, Phase, apply, check, legal_moves, to_move
from dlrules.core.moves import BuildRoom, Decline, DigTunnel, HireMonster, MineGold, Spy, TakeAction
from dlrules.core.phases.resolution import acting_seat


def three_on(action: Action) -> GameState:
    """Four players; seats 0, 1, 2 reveal ``action`` first, so they stand on
    its slots I, II, III (ORD-4); seat 3 plays elsewhere."""
    others = [a for a in Action if a is not action]
    orders = {s: (action, others[0], others[1]) for s in range(3)}
    orders[3] = (others[0], others[1], others[2])
    return at_resolution(orders)


def seat_on(slot: int) -> int:
    return slot  # three_on: seat k stands on slot k


# (action, slot, moves of the acting seat, expected fields afterwards)
# Every player starts with 3 gold, 3 food, 3 imps, evil 5 (COMPONENTS.md).
TAKEN: list[tuple[Action, int, Any, dict[str, Any]]] = [
    (FOOD, 0, lambda s: [TakeAction(s)], {"gold": 2, "food": 5, "evil": 5}),  # 1 gold -> 2 food
    (FOOD, 1, lambda s: [TakeAction(s)], {"gold": 3, "food": 6, "evil": 6}),  # 1 evil -> 3 food
    (FOOD, 2, lambda s: [TakeAction(s)], {"gold": 4, "food": 6, "evil": 7}),  # 2 evil -> 3 food + 1 gold
    (REP, 0, lambda s: [Spy(s, 0)], {"gold": 3, "evil": 4}),  # free -> evil -1 and a spy look
    (REP, 1, lambda s: [TakeAction(s)], {"gold": 3, "evil": 3}),  # free -> evil -2
    (REP, 2, lambda s: [Spy(s, 3)], {"gold": 2, "evil": 3}),  # 1 gold -> evil -2 and a spy look
    (DIG, 0, lambda s: [DigTunnel(s, (0, 1)), DigTunnel(s, (0, 3))], {"busy_imps": 2, "foreimps": 0}),
    (DIG, 1, lambda s: [DigTunnel(s, (0, 1)), DigTunnel(s, (0, 3)), DigTunnel(s, (2, 1))], {"busy_imps": 3}),
    (DIG, 2, lambda s: [DigTunnel(s, (0, 1)), DigTunnel(s, (0, 3))], {"busy_imps": 2, "foreimps": 1}),
    (MINE, 0, lambda s: [MineGold(s, 2)], {"gold": 5, "busy_imps": 2, "foreimps": 0}),
    (MINE, 1, lambda s: [MineGold(s, 3)], {"gold": 6, "busy_imps": 3, "foreimps": 0}),
    (MINE, 2, lambda s: [MineGold(s, 2)], {"gold": 5, "busy_imps": 2, "foreimps": 1}),
    (IMPS, 0, lambda s: [TakeAction(s)], {"food": 2, "gold": 3, "imps": 4}),  # 1 food -> 1 imp
    (IMPS, 1, lambda s: [TakeAction(s)], {"food": 1, "gold": 3, "imps": 5}),  # 2 food -> 2 imps
    (IMPS, 2, lambda s: [TakeAction(s)], {"food": 2, "gold": 2, "imps": 5}),  # 1 food + 1 gold -> 2 imps
    (TRAPS, 0, lambda s: [TakeAction(s)], {"gold": 2, "traps": 1}),  # 1 gold -> 1 trap
    (TRAPS, 1, lambda s: [TakeAction(s)], {"gold": 3, "traps": 1}),  # free -> 1 trap
    (TRAPS, 2, lambda s: [TakeAction(s)], {"gold": 1, "traps": 2}),  # 2 gold -> 2 traps
    (MONSTER, 0, lambda s: [HireMonster(s, "goblin")], {"food": 2, "monsters": 1}),  # the card's 1 food
    (MONSTER, 1, lambda s: [HireMonster(s, "goblin")], {"food": 2, "monsters": 1}),
    (MONSTER, 2, lambda s: [HireMonster(s, "goblin")], {"food": 1, "monsters": 1}),  # + 1 food (ACT-MON-3)
    (ROOM, 0, lambda s: [BuildRoom(s, "chicken-coop", (0, 2))], {"gold": 3, "rooms": 1}),  # free (ACT-ROOM-2)
    (ROOM, 1, lambda s: [BuildRoom(s, "chicken-coop", (0, 2))], {"gold": 2, "rooms": 1}),  # 1 gold
    (ROOM, 2, lambda s: [BuildRoom(s, "chicken-coop", (0, 2))], {"gold": 2, "rooms": 1}),  # 1 gold
]


def _field(state: GameState, seat: int, name: str) -> Any:
    p = state.players[seat]
    if name in ("traps", "monsters"):
        return len(getattr(p, name))
    if name == "rooms":
        return len(p.dungeon.rooms)
    return getattr(p, name)


@pytest.mark.parametrize(("action", "slot", "moves", "expected"), TAKEN, ids=[f"{a.value}-{'I' * (s + 1)}" for a, s, _, _ in TAKEN])
def test_RES_3_RES_4_every_slot_taken(action: Action, slot: int, moves: Any, expected: dict[str, Any]) -> None:
    """RES-3/RES-4 with COMPONENTS.md's slot table: taking a slot pays its whole
    cost, gives its reward, and the minion goes home (carried out, RUL-1)."""
    state = decline_until(three_on(action), action, slot)
    seat = seat_on(slot)
    assert to_move(state) == frozenset({seat})
    for move in moves(seat):
        state = apply(state, move)
    while CHANCE in to_move(state):  # a spy look or a trap card (ACT-REP-2, ACT-TRAP-1)
        state = draw_first(state)
    for name, value in expected.items():
        assert _field(state, seat, name) == value, name
    assert outcome_of(state, seat, action) is Outcome.CARRIED_OUT
    assert state.board[action.index][slot] is None  # RES-3: the minion went home


@pytest.mark.parametrize(("action", "slot"), [(a, s) for a, s, _, _ in TAKEN], ids=[f"{a.value}-{'I' * (s + 1)}" for a, s, _, _ in TAKEN])
def test_RES_3_every_slot_declined(action: Action, slot: int) -> None:
    """RES-3: a declined slot changes nothing for its owner, and the order is
    not carried out (the minion stands on the order card, RUL-1)."""
    state = decline_until(three_on(action), action, slot)
    seat = seat_on(slot)
    before = state.players[seat]
    state = apply(state, Decline(seat))
    after = state.players[seat]
    for name in ("gold", "food", "imps", "evil", "busy_imps", "foreimps", "traps", "monsters", "dungeon"):
        assert getattr(after, name) == getattr(before, name), name
    assert outcome_of(state, seat, action) is Outcome.NOT_CARRIED_OUT


def test_RES_1_RES_2_board_order_and_reversed_monster_and_room() -> None:
    """RES-1: Get Food first, then along the board; RES-2: I, II, III, except
    Hire Monster and Build Room (III, II, I). Every occupied slot acts once."""
    orders = {
        0: (FOOD, MONSTER, ROOM),
        1: (FOOD, MONSTER, ROOM),
        2: (DIG, MONSTER, ROOM),
        3: (FOOD, IMPS, TRAPS),
    }
    state = at_resolution(orders)
    seen: list[tuple[str, int, int]] = []
    while state.phase is Phase.RESOLUTION:
        seat = acting_seat(state)
        assert seat is not None
        action, slot = cursor(state)
        seen.append((action.value, slot, seat))
        state = apply(state, Decline(seat))
    assert seen == [
        ("food", 0, 0), ("food", 1, 1), ("food", 2, 3),
        ("dig", 0, 2),
        ("imps", 0, 3), ("traps", 0, 3),
        ("monster", 2, 2), ("monster", 1, 1), ("monster", 0, 0),
        ("room", 2, 2), ("room", 1, 1), ("room", 0, 0),
    ]  # fmt: skip


def test_RES_3_to_move_is_exactly_the_acting_player() -> None:
    """RES-3: only the owner of the acting minion decides; anyone else is refused."""
    state = decline_until(three_on(FOOD), FOOD, 1)
    assert to_move(state) == frozenset({1})
    assert {m.seat for m in legal_moves(state)} == {1}
    refused = check(state, TakeAction(0))
    assert [v.rule for v in refused] == ["RES-3"]


def test_RES_7_declined_slot_stays_others_do_not_move_up() -> None:
    """RES-7: after slot I declines, the minion on II still acts as slot II."""
    state = three_on(FOOD)
    state = apply(state, Decline(0))
    assert cursor(state) == (FOOD, 1)
    state = apply(state, TakeAction(1))
    assert state.players[1].food == 6 and state.players[1].evil == 6  # slot II's 1 evil -> 3 food


def test_legal_moves_all_apply_at_first_decision() -> None:
    """Every legal move applies (the phase contract)."""
    for action in Action:
        state = three_on(action)
        for move in legal_moves(state):
            apply(state, move)
