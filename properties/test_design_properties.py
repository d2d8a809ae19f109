"""The design card's named properties, each against an independent model:

- slot ordering (ORD-4..6, DUM3-2/3, DUM2-2/4/6): minions fill the lowest free
  slot in placement order;
- reversed resolution (RES-2, ACT-MON-1, ACT-ROOM-1): Hire Monster and Build
  Room act III, II, I, and only they; everywhere else I, II, III; spaces in
  board order (RES-1);
- order-card return (RET-1, RET-2): exactly one of the three played orders
  returns, the first unless one not carried out is chosen; the other two are
  unavailable next round.

The last two observe seeded play-outs through the public API and the state
shape (board, played orders and their outcomes, hand, unavailable), so they
run unchanged whenever the phases they need land.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dlrules
from dlrules.core import engine
from dlrules.components import Action
from dlrules.core.moves import ChooseOrders, DrawDummyOrders
from dlrules.core.state import CHANCE, GameState, Outcome, Phase
from properties.invariants import implemented

Board = list[list[int | None]]

REVERSED = {Action.MONSTER, Action.ROOM}  # RES-2: the two spaces that act III, II, I


def _lowest_free(board: Board, action: Action, start: int = 0) -> int | None:
    for slot in range(start, 3):
        if board[action.index][slot] is None:
            return slot
    return None


def _random_move(state: GameState, rng: random.Random) -> dlrules.Move:
    if CHANCE in dlrules.to_move(state):
        return dlrules.sample_chance(state, rng)
    moves = dlrules.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def _to_orders(players: int, seed: int) -> tuple[GameState, random.Random]:
    rng = random.Random(seed)
    state = dlrules.new_game(players)
    while state.phase is not Phase.ORDERS:
        state = dlrules.apply(state, _random_move(state, rng))
    return state, rng


# --- slot ordering ------------------------------------------------------------------


@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_slot_ordering_minions_fill_the_lowest_free_slot_in_placement_order(players: int, seed: int) -> None:
    """ORD-4, ORD-5, ORD-6, DUM3-2, DUM3-3, DUM2-2, DUM2-4, DUM2-6: replay the
    orders phase of round 1 on a model board and compare slot by slot."""
    state, rng = _to_orders(players, seed)
    model: Board = [[None, None, None] for _ in Action]
    rules = engine.PHASES[Phase.ORDERS]
    # The dummies' random orders: slot II, or III when II is taken (DUM3-2, DUM2-2).
    while CHANCE in rules.to_move(state):
        move = dlrules.sample_chance(state, rng)
        assert isinstance(move, DrawDummyOrders)
        for action in move.orders:
            slot = _lowest_free(model, action, start=1)
            assert slot is not None
            model[action.index][slot] = move.colour
        state = rules.play(state, move)
        state = rules.auto(state)
    assert [list(r) for r in state.board] == model
    # Everyone chooses (ORD-3); the reveal is an automatic step of the phase.
    chosen: dict[int, ChooseOrders] = {}
    while rules.to_move(state):
        seat = min(rules.to_move(state))
        mine = [m for m in rules.legal(state) if m.seat == seat]
        move = mine[rng.randrange(len(mine))]
        assert isinstance(move, ChooseOrders)
        chosen[seat] = move
        state = rules.play(state, move)
    revealed = rules.auto(state)
    # DUM2-4: the dummies' third orders first, lowest free slot from I.
    for seat in range(players):
        third = chosen[seat].dummy_order
        if third is not None:
            dummy = next(d for d in state.dummies if d.responsible == seat)
            slot = _lowest_free(model, third)
            assert slot is not None, "DUM2-4: a dummy's third order always finds a slot"
            model[third.index][slot] = dummy.colour
    # ORD-4/5: first orders in player order, then second, then third; ORD-6 when full.
    expected: dict[int, list[int | None]] = {seat: [] for seat in range(players)}
    for k in range(3):
        for seat in state.player_order():
            action = chosen[seat].orders[k]
            slot = _lowest_free(model, action)
            if slot is not None:
                model[action.index][slot] = seat
            expected[seat].append(slot)
    assert [list(r) for r in revealed.board] == model
    for seat in range(players):
        played = revealed.players[seat].played
        assert [o.action for o in played] == list(chosen[seat].orders)
        assert [o.slot for o in played] == expected[seat]
        assert [o.outcome for o in played] == [
            Outcome.NOT_CARRIED_OUT if s is None else Outcome.PENDING for s in expected[seat]
        ]


# --- play-outs observed through the resolution and return phases ------------------------


def _play_rounds(players: int, seed: int, rounds: int = 4, max_moves: int = 20000) -> list[GameState]:
    rng = random.Random(seed)
    state = dlrules.new_game(players)
    states = [state]
    while dlrules.to_move(state) and len(states) < max_moves and (state.year, state.round) <= (1, rounds):
        state = dlrules.apply(state, _random_move(state, rng))
        states.append(state)
    return states


def _order_key(space: int, slot: int) -> tuple[int, int]:
    """RES-1, RES-2: spaces in board order; III, II, I on the reversed two."""
    action = tuple(Action)[space]
    return (space, -slot if action in REVERSED else slot)


@pytest.mark.skipif(
    not implemented(Phase.RESOLUTION),
    reason="needs the resolution phase (issue 3, Phase.RESOLUTION); unskip when it lands on main",
)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_reversed_resolution_monsters_and_rooms_act_III_II_I_and_only_they(players: int, seed: int) -> None:
    """RES-1, RES-2, ACT-MON-1, ACT-ROOM-1, DUM3-4, DUM2-7: every minion that
    leaves its slot during resolution does so in board order of spaces, and
    within a space I, II, III, except Hire Monster and Build Room: III, II, I.
    Observed on the board (a slot emptied) and on the played orders (an order
    no longer pending), step by step: a later step never resolves a slot that
    comes before one an earlier step resolved."""
    states = _play_rounds(players, seed, rounds=1)
    resolved_any = False
    last: tuple[int, int] | None = None
    for before, after in zip(states, states[1:]):
        if before.phase is not Phase.RESOLUTION and after.phase is not Phase.RESOLUTION:
            continue
        if before.phase is not Phase.RESOLUTION and before.phase is not Phase.ORDERS:
            continue
        if after.year != before.year or after.round != before.round:
            continue
        keys = []
        for space, (row_b, row_a) in enumerate(zip(before.board, after.board)):
            for slot in range(3):
                if row_b[slot] is not None and row_a[slot] is None:
                    keys.append(_order_key(space, slot))
        for seat in range(players):
            for ob, oa in zip(before.players[seat].played, after.players[seat].played):
                if ob.outcome is Outcome.PENDING and oa.outcome is not Outcome.PENDING and ob.slot is not None:
                    keys.append(_order_key(ob.action.index, ob.slot))
        if after.phase is Phase.RESOLUTION and after.resolution is not None:
            cursor = _order_key(after.resolution.space, after.resolution.slot)
            if last is not None and keys:
                assert max(keys) <= cursor, f"resolved {max(keys)} after the cursor reached {cursor}"
        if not keys:
            continue
        resolved_any = True
        if last is not None:
            assert min(keys) >= last, f"seed {seed}: slot {min(keys)} resolved after {last}"
        last = max(keys)
    if any(s.phase is Phase.RESOLUTION for s in states) and any(
        s.phase not in (Phase.SETUP, Phase.ROUND_START, Phase.ORDERS, Phase.RESOLUTION) for s in states
    ):
        assert resolved_any, "resolution ran but no minion was seen leaving its slot"


def _return_checks(states: list[GameState]) -> int:
    """RET-1, RET-2 on every round of ``states``; the number of rounds checked."""
    checked = 0
    early = (Phase.ORDERS, Phase.RESOLUTION, Phase.PRODUCTION)
    for i, state in enumerate(states):
        if state.phase not in early or i + 1 >= len(states):
            continue
        after_index = next(
            (j for j in range(i + 1, len(states)) if states[j].phase not in early + (Phase.ORDER_RETURN,)), None
        )
        if states[i + 1].phase in early or after_index is None:
            continue
        # ``state`` is the last state before order return: every order has its outcome.
        before, after = state, states[after_index]
        for seat, lord in enumerate(before.players):
            played = lord.played
            assert len(played) == 3 and all(o.outcome is not Outcome.PENDING for o in played), played
            later = after.players[seat]
            returned = [o for o in played if o.action not in later.unavailable]
            assert len(returned) == 1, f"RET-2: exactly one played order returns, not {len(returned)}"
            back = returned[0]
            assert back is played[0] or back.outcome is Outcome.NOT_CARRIED_OUT, (
                f"RET-2: Player {seat + 1} took back {back.action.value}, neither the first "
                f"({played[0].action.value}) nor one not carried out"
            )
            assert set(later.unavailable) == {o.action for o in played} - {back.action}, "RET-2"
            assert not set(lord.unavailable) & set(later.unavailable), "RET-1: the old unavailable return"
            nxt = next((s for s in states[after_index:] if s.phase is Phase.ORDERS and s.round != before.round), None)
            if nxt is not None and nxt.year == before.year:
                assert set(nxt.players[seat].hand) == set(Action) - set(later.unavailable)
                choices = {a for m in dlrules.legal_moves(nxt) if isinstance(m, ChooseOrders) and m.seat == seat
                           for a in m.orders}
                assert not choices & set(later.unavailable), "ORD-2: unavailable orders cannot be chosen"
        checked += 1
    return checked


@pytest.mark.skipif(
    not (implemented(Phase.RESOLUTION) and implemented(Phase.PRODUCTION) and implemented(Phase.ORDER_RETURN)),
    reason="needs the resolution (issue 3), production and order-return (issue 4) phases; "
    "unskip when they land on main",
)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_order_card_return_exactly_one_comes_back(players: int, seed: int) -> None:
    """RET-1, RET-2, ORD-2: after each round's order return exactly one of the
    three played orders is back in hand: the first, unless one that was not
    carried out was chosen; the other two are the unavailable orders next
    round, and the two that were unavailable are back."""
    states = _play_rounds(players, seed, rounds=4)
    if any(s.phase is Phase.ORDER_RETURN for s in states) or any(
        s.phase in (Phase.EVENTS, Phase.END_OF_ROUND) for s in states
    ):
        assert _return_checks(states) >= 1
