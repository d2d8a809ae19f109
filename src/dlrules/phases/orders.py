"""Orders: the dummies' orders (DUM3, DUM2), choosing (ORD-3), reveal and
placement (ORD-4..6).

Choosing is simultaneous: every seat that has not committed may move, and a
committed choice stays hidden in the state until all have committed; then
the reveal and the placement happen at once, as automatic steps.
"""

from __future__ import annotations

import itertools
import math

import attrs

from dlrules.components import Action
from dlrules.components.board import SLOT_NAMES
from dlrules.errors import Violation
from dlrules.moves import ChooseOrders, DrawDummyOrders, Move
from dlrules.phases import PhaseRules
from dlrules.phases.common import announce, colour_name, update_player
from dlrules.state import CHANCE, DummyState, GameState, Outcome, PlayedOrder

ORDERS_PER_ROUND = 3  # ORD-3; also the minions per colour


def dummy_draw_size(state: GameState) -> int:
    """DUM3-1: a 3-player dummy draws 3 orders; DUM2-2: a 2-player dummy draws 2."""
    return 3 if state.n_players == 3 else 2


def _pending_dummy(state: GameState) -> DummyState | None:
    for dummy in state.dummies:
        if not dummy.drawn:
            return dummy
    return None


def _with_dummy(state: GameState, dummy: DummyState) -> GameState:
    return attrs.evolve(state, dummies=tuple(dummy if d.colour == dummy.colour else d for d in state.dummies))


def lowest_free_slot(board: tuple[tuple[int | None, ...], ...], action: Action, start: int = 0) -> int | None:
    """ORD-4: the lowest-numbered free slot of ``action``'s space (from ``start``)."""
    for slot in range(start, 3):
        if board[action.index][slot] is None:
            return slot
    return None


def _place(state: GameState, action: Action, slot: int, colour: int) -> GameState:
    row = list(state.board[action.index])
    row[slot] = colour
    board = state.board[: action.index] + (tuple(row),) + state.board[action.index + 1 :]
    return attrs.evolve(state, board=board)


def dummy_for(state: GameState, seat: int) -> DummyState | None:
    """DUM2-2: the dummy colour a real player is responsible for."""
    for dummy in state.dummies:
        if dummy.responsible == seat:
            return dummy
    return None


# --- who moves and what is legal --------------------------------------------------


def to_move(state: GameState) -> frozenset[int]:
    if _pending_dummy(state) is not None:
        return frozenset({CHANCE})
    return frozenset(s for s, p in enumerate(state.players) if p.committed is None and not p.played)


def legal(state: GameState) -> tuple[Move, ...]:
    dummy = _pending_dummy(state)
    if dummy is not None:
        k = dummy_draw_size(state)
        return tuple(DrawDummyOrders(dummy.colour, combo) for combo in itertools.combinations(dummy.deck, k))
    moves: list[Move] = []
    for seat in sorted(to_move(state)):
        hand = state.players[seat].hand
        mine = dummy_for(state, seat)
        thirds: tuple[Action | None, ...] = mine.candidates if mine is not None else (None,)
        for orders in itertools.permutations(hand, ORDERS_PER_ROUND):
            moves.extend(ChooseOrders(seat, orders, third) for third in thirds)
    return tuple(moves)


def dummy_draw_probability(state: GameState, move: DrawDummyOrders) -> int:
    """The number of equally likely draws for a dummy (1 / C(5, k))."""
    dummy = next(d for d in state.dummies if d.colour == move.colour)
    return math.comb(len(dummy.deck), dummy_draw_size(state))


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if isinstance(move, DrawDummyOrders):
        rule = "DUM3-1" if state.n_players == 3 else "DUM2-2"
        return (Violation(rule, "a dummy draws different orders from among its available ones, once a round"),)
    if not isinstance(move, ChooseOrders):
        return ()
    player = state.players[move.seat]
    out: list[Violation] = []
    if len(move.orders) != ORDERS_PER_ROUND:
        out.append(Violation("ORD-3", f"choose exactly 3 orders, not {len(move.orders)}"))
    if len(set(move.orders)) != len(move.orders):
        out.append(Violation("ORD-3", "the three orders must be different cards"))
    for action in move.orders:
        if action not in player.hand:
            why = "it is unavailable this round" if action in player.unavailable else "it is not in your hand"
            out.append(Violation("ORD-2", f"you cannot play {action.title}: {why}"))
    mine = dummy_for(state, move.seat)
    if mine is None and move.dummy_order is not None:
        out.append(Violation("DUM2-3", "only in a 2-player game does a player choose a dummy's third order"))
    if mine is not None:
        names = ", ".join(a.title for a in mine.candidates)
        if move.dummy_order is None:
            out.append(Violation("DUM2-3", f"also choose your dummy's third order, one of {names}"))
        elif move.dummy_order not in mine.candidates:
            out.append(Violation("DUM2-3", f"your dummy's third order must be one of {names}"))
    return tuple(out)


# --- changes ------------------------------------------------------------------------


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, DrawDummyOrders):
        return _dummy_draw(state, move)
    assert isinstance(move, ChooseOrders)
    announce("commit", f"Player {move.seat + 1} has chosen their orders.", move.seat)
    return update_player(state, move.seat, committed=move.orders, dummy_choice=move.dummy_order)


def _dummy_draw(state: GameState, move: DrawDummyOrders) -> GameState:
    dummy = next(d for d in state.dummies if d.colour == move.colour)
    names = ", ".join(a.title for a in move.orders)
    announce("dummy", f"{colour_name(state, dummy.colour)} draws {names}.")
    for action in move.orders:
        slot = lowest_free_slot(state.board, action, start=1)  # DUM3-2, DUM2-2: slot II (III if taken)
        assert slot is not None
        state = _place(state, action, slot, dummy.colour)
        announce("place", f"{colour_name(state, dummy.colour)} stands on {action.title} {SLOT_NAMES[slot]}.")
    if state.n_players == 3:
        # DUM3-1: the 3 drawn become unavailable, the old 3 go back into its deck.
        return _with_dummy(state, attrs.evolve(dummy, drawn=move.orders, unavailable=move.orders))
    return _with_dummy(state, attrs.evolve(dummy, drawn=move.orders))


def _reveal(state: GameState) -> GameState:
    """DUM2-4, then ORD-4/5: reveal and place first, second and third orders."""
    for seat in range(state.n_players):  # DUM2-4: the dummies' third orders, before any real minion
        dummy = dummy_for(state, seat)
        third = state.players[seat].dummy_choice
        if dummy is None or third is None:
            continue
        slot = lowest_free_slot(state.board, third)
        assert slot is not None  # DUM2-4: a dummy's third never repeats its own draws
        state = _place(state, third, slot, dummy.colour)
        announce("place", f"{colour_name(state, dummy.colour)}'s third order: {third.title} {SLOT_NAMES[slot]}.", seat)
        # DUM2-5: the 3 just played become its unavailable orders.
        played = tuple(a for a in Action if a in dummy.drawn or a == third)
        state = _with_dummy(state, attrs.evolve(dummy, third=third, unavailable=played))
        state = update_player(state, seat, dummy_choice=None)
    for k in range(ORDERS_PER_ROUND):
        for seat in state.player_order():
            player = state.players[seat]
            assert player.committed is not None
            action = player.committed[k]
            slot = lowest_free_slot(state.board, action)
            if slot is None:
                # ORD-6: all three slots taken: the minion stands on the order card.
                order = PlayedOrder(action, None, Outcome.NOT_CARRIED_OUT)
                announce("full", f"Player {seat + 1}'s order {action.title} is not carried out: all slots are taken (ORD-6).", seat)
            else:
                state = _place(state, action, slot, seat)
                order = PlayedOrder(action, slot, Outcome.PENDING)
                announce("place", f"Player {seat + 1} reveals {action.title} and takes slot {SLOT_NAMES[slot]}.", seat)
            player = state.players[seat]
            state = update_player(
                state,
                seat,
                played=player.played + (order,),
                hand=tuple(a for a in player.hand if a != action),
            )
    for seat in range(state.n_players):
        state = update_player(state, seat, committed=None)
    return state


def auto(state: GameState) -> GameState:
    if _pending_dummy(state) is None and state.players and all(p.committed is not None for p in state.players):
        return _reveal(state)
    return state


def done(state: GameState) -> bool:
    return _pending_dummy(state) is None and all(p.played and p.committed is None for p in state.players)


RULES = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="ORD-3")
