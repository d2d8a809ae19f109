"""Building positions for tests the way a table would: by moves.

``setup_game`` deals the first unavailable orders (RUL-13, RUL-8) as told and
runs the round start with the first card of each deck, so a test starts from a
known position in the Orders phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import dlrules
from dlrules import Action, ChooseOrders, DealOrders, DrawDummyOrders, GameState, KeepUnavailable, Move

A = Action
MONSTER_ROOM = (A.MONSTER, A.ROOM)


def sorted_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    wanted = set(actions)
    return tuple(a for a in Action if a in wanted)


def apply_all(state: GameState, moves: Iterable[Move]) -> GameState:
    for move in moves:
        state = dlrules.apply(state, move)
    return state


def first_chance(state: GameState, stop: dlrules.Phase | None = None) -> GameState:
    """Apply the first chance outcome while chance is to move (until ``stop``)."""
    while dlrules.CHANCE in dlrules.to_move(state) and state.phase is not stop:
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    return state


def deal_and_keep(
    players: int,
    unavailable: Sequence[Sequence[Action]] | None = None,
    dummy_unavailable: Sequence[Sequence[Action]] | None = None,
    variant: str = "full",
) -> GameState:
    """Setup: each player dealt their ``unavailable`` pair plus one more card and
    keeps the pair (RUL-13, full game), or dealt the pair itself (first game);
    each dummy dealt ``dummy_unavailable`` (RUL-8)."""
    state = dlrules.new_game(players, variant=variant)
    unavailable = unavailable or [MONSTER_ROOM] * players
    dummy_unavailable = dummy_unavailable or [(A.IMPS, A.TRAPS, A.ROOM)] * (4 - players)
    for seat, pair in enumerate(unavailable):
        if not state.deal_and_keep:  # RUL-13, first game: the pair itself, at random
            state = dlrules.apply(state, DealOrders(seat, sorted_actions(pair)))
            continue
        extra = next(a for a in Action if a not in pair)
        state = dlrules.apply(state, DealOrders(seat, sorted_actions((*pair, extra))))
    for i, orders in enumerate(dummy_unavailable):
        state = dlrules.apply(state, DealOrders(players + i, sorted_actions(orders)))
    if state.deal_and_keep:
        for seat, pair in enumerate(unavailable):
            state = dlrules.apply(state, KeepUnavailable(seat, sorted_actions(pair)))
    return state


def setup_game(
    players: int,
    unavailable: Sequence[Sequence[Action]] | None = None,
    dummy_unavailable: Sequence[Sequence[Action]] | None = None,
    dummy_draws: Sequence[Sequence[Action]] | None = None,
    variant: str = "full",
) -> GameState:
    """A game in the Orders phase of winter: setup as ``deal_and_keep``, the
    round start with the first card of every deck, dummies drawing ``dummy_draws``."""
    state = first_chance(deal_and_keep(players, unavailable, dummy_unavailable, variant), stop=dlrules.Phase.ORDERS)
    assert state.phase is dlrules.Phase.ORDERS
    for i, draw in enumerate(dummy_draws or ()):
        state = dlrules.apply(state, DrawDummyOrders(players + i, sorted_actions(draw)))
    return state


def choose(state: GameState, orders: Sequence[Sequence[Action]], dummy: Sequence[Action | None] | None = None) -> GameState:
    """Every player commits their orders (ORD-3), which reveals and places them."""
    thirds = dummy or [None] * len(orders)
    for seat, (mine, third) in enumerate(zip(orders, thirds)):
        state = dlrules.apply(state, ChooseOrders(seat, tuple(mine), third))
    return state
