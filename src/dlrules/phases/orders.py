"""Orders: the dummies' orders (DUM3, DUM2), choosing (ORD-3), reveal and
placement (ORD-4..6), and the full game's charge for Hire Monster played
first (ORD-8, ORD-9).

Choosing is simultaneous: every seat that has not committed may move, and a
committed choice stays hidden in the state until all have committed; then
the reveal and the placement happen at once, as automatic steps.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any

from dlrules.components import Action
from dlrules.components.board import SLOT_NAMES
from dlrules.components.setup import HIRE_FIRST_GOLD
from dlrules.errors import Violation
from dlrules.moves import ChooseOrders, DrawDummyOrders, Move
from dlrules.phases import PhaseRules
from dlrules.phases.common import announce, colour_name, narrating, played_order
from dlrules.state import CHANCE, DummyState, GameState, Outcome, PlayedOrder, evolve

ORDERS_PER_ROUND = 3  # ORD-3; also the minions per colour

_ACTIONS: tuple[Action, ...] = tuple(Action)
"""Every order in board order (iterating the enum class itself is slower)."""


def dummy_draw_size(state: GameState) -> int:
    """DUM3-1: a 3-player dummy draws 3 orders; DUM2-2: a 2-player dummy draws 2."""
    return 3 if state.n_players == 3 else 2


def _pending_dummy(state: GameState) -> DummyState | None:
    for dummy in state.dummies:
        if not dummy.drawn:
            return dummy
    return None


def _with_dummy(dummies: tuple[DummyState, ...], dummy: DummyState) -> tuple[DummyState, ...]:
    """``dummies`` with ``dummy`` in place of the record of its colour."""
    return tuple(dummy if d.colour == dummy.colour else d for d in dummies)


def lowest_free_slot(board: Sequence[Sequence[int | None]], action: Action, start: int = 0) -> int | None:
    """ORD-4: the lowest-numbered free slot of ``action``'s space (from ``start``)."""
    for slot in range(start, 3):
        if board[action.index][slot] is None:
            return slot
    return None


def dummy_for(state: GameState, seat: int) -> DummyState | None:
    """DUM2-2: the dummy colour a real player is responsible for."""
    for dummy in state.dummies:
        if dummy.responsible == seat:
            return dummy
    return None


# --- who moves and what is legal --------------------------------------------------


_CHANCE_ONLY: frozenset[int] = frozenset({CHANCE})


def _choosing(state: GameState) -> tuple[int, ...]:
    """ORD-3: the seats that have not committed their orders yet, in seat order."""
    return tuple([s for s, p in enumerate(state.players) if p.committed is None and not p.played])


def to_move(state: GameState) -> frozenset[int]:
    if _pending_dummy(state) is not None:
        return _CHANCE_ONLY
    return frozenset(_choosing(state))


def legal(state: GameState) -> tuple[Move, ...]:
    dummy = _pending_dummy(state)
    if dummy is not None:
        k = dummy_draw_size(state)
        return _dummy_draws(dummy.colour, dummy.deck, k)
    moves: tuple[Move, ...] = ()
    for seat in _choosing(state):
        moves += _seat_choices(state, seat)  # joined by copying whole tuples in C (the last seat choosing: shared as is)
    return moves


def legal_for(state: GameState, seat: int) -> tuple[Move, ...]:
    """``seat``'s part of ``legal(state)``: the same objects, without listing the others' (ORD-3)."""
    if _pending_dummy(state) is not None or seat not in _choosing(state):
        return ()
    return _seat_choices(state, seat)


def _seat_choices(state: GameState, seat: int) -> tuple[ChooseOrders, ...]:
    """ORD-3, DUM2-3: ``seat``'s ways to choose, with its dummy's third if it has one."""
    if not state.dummies:  # 4 players: no dummy, no third (DUM2-3)
        return _choices_with(seat, state.players[seat].hand, None)
    mine = dummy_for(state, seat)
    thirds: tuple[Action | None, ...] = mine.candidates if mine is not None else (None,)
    return _choices(seat, state.players[seat].hand, thirds)


@functools.lru_cache(maxsize=256)
def _dummy_draws(colour: int, deck: tuple[Action, ...], k: int) -> tuple[Move, ...]:
    """DUM3-1, DUM2-2: every draw of ``k`` of the dummy's available orders (shared objects)."""
    return tuple(map(DrawDummyOrders, itertools.repeat(colour), itertools.combinations(deck, k)))


@functools.lru_cache(maxsize=256)
def _choices(seat: int, hand: tuple[Action, ...], thirds: tuple[Action | None, ...]) -> tuple[ChooseOrders, ...]:
    """ORD-3, DUM2-3: every ordered choice of 3 different orders from ``hand``,
    each with every dummy third in ``thirds`` (thirds vary fastest; the
    states of one round ask again for the seats still choosing)."""
    if len(thirds) == 1:
        return _choices_with(seat, hand, thirds[0])
    each = [_choices_with(seat, hand, t) for t in thirds]
    if not each or not each[0]:
        return ()
    moves: list[ChooseOrders] = [each[0][0]] * (len(each) * len(each[0]))
    for i, choices in enumerate(each):
        moves[i :: len(each)] = choices  # interleaved: the third varies fastest
    return tuple(moves)


@functools.lru_cache(maxsize=512)
def _choices_with(seat: int, hand: tuple[Action, ...], third: Action | None) -> tuple[ChooseOrders, ...]:
    """Every ordered choice of 3 orders from ``hand`` with the dummy third
    ``third``. Moves are immutable, so one tuple serves every state, of every
    game, with this seat, hand and third (the orders phase lists up to
    4 x 120 moves, 2 players x 3; making them was its main cost). Bounded:
    each entry keeps up to 120 moves alive."""
    return tuple(map(ChooseOrders, itertools.repeat(seat), _orderings(hand), itertools.repeat(third)))


@functools.lru_cache(maxsize=64)
def _orderings(hand: tuple[Action, ...]) -> tuple[tuple[Action, ...], ...]:
    """ORD-3: every ordered choice of 3 different orders from ``hand``; the
    tuples are shared by the moves of every seat and dummy third with this
    hand (a 6-card hand: 28 of them, 120 choices each)."""
    return tuple(itertools.permutations(hand, ORDERS_PER_ROUND))


def dummy_draw_probability(state: GameState, move: DrawDummyOrders) -> int:
    """The number of equally likely draws for a dummy (1 / C(5, k))."""
    dummy = next(d for d in state.dummies if d.colour == move.colour)
    return math.comb(len(dummy.deck), dummy_draw_size(state))


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if isinstance(move, DrawDummyOrders):
        rule = "DUM3-1" if state.n_players == 3 else "DUM2-2"
        pending = _pending_dummy(state)
        if pending is None or move.seat != CHANCE:
            return (Violation(rule, "only chance draws a dummy's orders, before the players choose theirs"),)
        k = dummy_draw_size(state)
        names = ", ".join(a.title for a in pending.deck)
        return (
            Violation(
                rule,
                f"chance draws {k} different orders for {colour_name(state, pending.colour)} now, "
                f"from its {len(pending.deck)} available ones: {names}",
            ),
        )
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
    seat = move.seat
    if narrating():
        announce("commit", f"Player {seat + 1} has chosen their orders.", seat)
    players = state.players
    mine = evolve(players[seat], committed=move.orders, dummy_choice=move.dummy_order)
    return evolve(state, players=players[:seat] + (mine,) + players[seat + 1 :])  # ORD-3: hidden until all commit


def _dummy_draw(state: GameState, move: DrawDummyOrders) -> GameState:
    dummy = next(d for d in state.dummies if d.colour == move.colour)
    colour = dummy.colour
    telling = narrating()
    if telling:
        names = ", ".join(a.title for a in move.orders)
        announce("dummy", f"{colour_name(state, colour)} draws {names}.", None, colour=colour, orders=[a.value for a in move.orders])
    rows = list(state.board)  # the rows, each replaced once its slot is taken; one board copy at the end
    for action in move.orders:
        space = action.index
        row = rows[space]
        slot = lowest_free_slot(rows, action, start=1)  # DUM3-2, DUM2-2: slot II (III if taken)
        assert slot is not None
        rows[space] = row[:slot] + (colour,) + row[slot + 1 :]
        if telling:
            announce("place", f"{colour_name(state, colour)} stands on {action.title} {SLOT_NAMES[slot]}.", None, colour=colour, action=action.value, slot=slot)
    board = tuple(rows)
    if state.n_players == 3:
        # DUM3-1: the 3 drawn become unavailable, the old 3 go back into its deck.
        drawn = evolve(dummy, drawn=move.orders, unavailable=move.orders)
    else:
        drawn = evolve(dummy, drawn=move.orders)
    return evolve(state, board=board, dummies=_with_dummy(state.dummies, drawn))  # one copy of the state


def hire_first_charge(state: GameState) -> tuple[tuple[int, bool], ...]:
    """ORD-8, ORD-9 (full game): the players whose first order is Hire
    Monster, in player order, each with whether they can pay its gold
    (``HIRE_FIRST_GOLD``). The first game charges nothing (ORD-8); dummy
    colours never pay (L)."""
    if state.variant != "full":
        return ()
    out: list[tuple[int, bool]] = []
    for seat in state.player_order():
        committed = state.players[seat].committed
        if committed is not None and committed[0] is Action.MONSTER:
            out.append((seat, state.players[seat].gold >= HIRE_FIRST_GOLD.value))
    return tuple(out)


def _reveal(state: GameState) -> GameState:
    """DUM2-4, then ORD-4/5: reveal and place first, second and third orders.
    The board, the dummies and each player's changes are gathered on local
    values and each record is copied once at the end (not once per minion)."""
    telling = narrating()
    players = state.players
    board = [list(row) for row in state.board]
    dummies = state.dummies
    cleared: set[int] = set()  # seats whose dummy's third was just placed
    if dummies:
        for seat in range(len(players)):  # DUM2-4: the dummies' third orders, before any real minion
            dummy = dummy_for(state, seat)
            third = players[seat].dummy_choice
            if dummy is None or third is None:
                continue
            row = board[third.index]
            assert None in row  # DUM2-4: a dummy's third never repeats its own draws
            slot = row.index(None)  # ORD-4: the lowest free slot
            row[slot] = dummy.colour
            if telling:
                announce("place", f"{colour_name(state, dummy.colour)}'s third order: {third.title} {SLOT_NAMES[slot]}.", seat, colour=dummy.colour, action=third.value, slot=slot)
            # DUM2-5: the 3 just played become its unavailable orders.
            played = tuple([a for a in _ACTIONS if a in dummy.drawn or a == third])
            dummies = _with_dummy(dummies, evolve(dummy, third=third, unavailable=played))
            cleared.add(seat)
    # ORD-9 (full game): Hire Monster revealed as a first order costs its gold
    # at once, before any minion is placed; with no gold the minion goes
    # straight onto the order card (not carried out) and the space stays free
    # (LIB-Y1-1: recorded like a minion shut out by ORD-6).
    paid: set[int] = set()
    unpaid: set[int] = set()
    for seat, pays in hire_first_charge(state):
        if pays:
            paid.add(seat)
            if telling:
                announce("hire_first", f"Player {seat + 1} plays Hire Monster first and pays {HIRE_FIRST_GOLD.value} gold (ORD-9).", seat, paid=True, cost={"gold": HIRE_FIRST_GOLD.value})
        else:
            unpaid.add(seat)
            if telling:
                announce(
                    "hire_first",
                    f"Player {seat + 1} plays Hire Monster first with no gold to pay: the minion stands on the order card (ORD-9).",
                    seat,
                    paid=False,
                    cost={"gold": HIRE_FIRST_GOLD.value},
                )
    # ORD-4/5: first orders in player order, then second, then third.
    orders_played = [list(p.played) for p in players]
    committed_of: list[tuple[Action, ...]] = []
    for p in players:
        assert p.committed is not None
        committed_of.append(p.committed)
    order_of_play = state.player_order()
    places = _PLACES
    for k in range(ORDERS_PER_ROUND):
        for seat in order_of_play:
            action = committed_of[seat][k]
            space, placed, shut_out = places[action]
            row = board[space]
            if k == 0 and seat in unpaid:
                order = shut_out  # ORD-9, RUL-1
            elif None not in row:
                # ORD-6: all three slots taken: the minion stands on the order card.
                order = shut_out
                if telling:
                    announce("full", f"Player {seat + 1}'s order {action.title} is not carried out: all slots are taken (ORD-6).", seat, colour=seat, action=action.value, slot=None)
            else:
                slot = row.index(None)  # ORD-4: the lowest free slot
                row[slot] = seat
                order = placed[slot]
                if telling:
                    announce("place", f"Player {seat + 1} reveals {action.title} and takes slot {SLOT_NAMES[slot]}.", seat, colour=seat, action=action.value, slot=slot)
            orders_played[seat].append(order)
    revealed = []
    for seat, p in enumerate(players):
        committed = committed_of[seat]
        hand = tuple([a for a in p.hand if a not in committed])  # the three played leave the hand
        played_now = tuple(orders_played[seat])
        if seat in paid or seat in cleared:
            changes: dict[str, Any] = {}
            if seat in paid:
                changes["gold"] = p.gold - HIRE_FIRST_GOLD.value  # ORD-9
            if seat in cleared:
                changes["dummy_choice"] = None  # DUM2-4: placed
            revealed.append(evolve(p, played=played_now, hand=hand, committed=None, **changes))
        else:
            revealed.append(evolve(p, played=played_now, hand=hand, committed=None))
    return evolve(state, board=tuple([tuple(row) for row in board]), players=tuple(revealed), dummies=dummies)


_PLACES: dict[Action, tuple[int, tuple[PlayedOrder, ...], PlayedOrder]] = {
    a: (a.index, tuple([played_order(a, slot, Outcome.PENDING) for slot in range(3)]), played_order(a, None, Outcome.NOT_CARRIED_OUT))
    for a in _ACTIONS
}
"""For each order (ORD-4..6, RUL-1): its action space on the board, the
record of its minion on each slot, and the record of its minion standing on
the order card (``played_order``'s shared records, looked up at once)."""


def auto(state: GameState) -> GameState:
    """ORD-4/5: once every seat has committed (and the dummies have drawn), the reveal."""
    players = state.players
    if not players or (state.dummies and _pending_dummy(state) is not None):
        return state
    for p in players:
        if p.committed is None:
            return state  # ORD-3: a seat is still choosing
    return _reveal(state)


def done(state: GameState) -> bool:
    if state.dummies and _pending_dummy(state) is not None:
        return False
    for p in state.players:
        if not p.played or p.committed is not None:
            return False
    return True


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="ORD-3", legal_for=legal_for)
