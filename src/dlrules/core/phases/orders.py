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
from typing import Any, Final

from dlrules.components import Action
from dlrules.components.board import SLOT_NAMES
from dlrules.components.setup import HIRE_FIRST_GOLD
from dlrules.core.errors import Violation
from dlrules.core.memo import kept
from dlrules.core.moves import ChooseOrders, DrawDummyOrders, Move
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.common import announce, colour_name, in_play_order, narrating, played_order, with_players
from dlrules.core.state import CHANCE, DummyState, GameState, Outcome, PlayedOrder, PlayerState, evolve, setter

ORDERS_PER_ROUND: Final = 3  # ORD-3; also the minions per colour

_ACTIONS: Final[tuple[Action, ...]] = tuple(Action)
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


_CHANCE_ONLY: Final[frozenset[int]] = frozenset({CHANCE})


_STANDING: tuple[GameState | None, tuple[int, ...]] = (None, ())
"""The last state ``_choosing`` answered for, and its answer (one tuple,
replaced whole, so a reader sees a matching pair): the engine asks
``to_move``, ``legal``, ``legal_for``, ``auto`` and ``done`` of one state
object in turn, and ``play`` stores the state it makes (the seats choosing
there are those choosing before, less the one who committed)."""

_REVEALED: GameState | None = None
"""The state the last reveal made (ORD-4/5): nothing is left to do in it
(``auto`` leaves it, ``done`` is true), as the engine asks next."""


def _choosing(state: GameState) -> tuple[int, ...]:
    """ORD-3: the seats that have not committed their orders yet, in seat order."""
    global _STANDING
    last = _STANDING
    if last[0] is state:
        return last[1]
    seats = tuple([s for s, p in enumerate(state.players) if p.committed is None and not p.played])
    _STANDING = (state, seats)
    return seats


def _subsets(seats: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every subset of ``seats``, each in seat order."""
    return [tuple([s for i, s in enumerate(seats) if mask >> i & 1]) for mask in range(1 << len(seats))]


_SEAT_SETS: Final[dict[tuple[int, ...], frozenset[int]]] = {seats: frozenset(seats) for seats in _subsets((0, 1, 2, 3))}
"""``frozenset(seats)`` for every seat-ordered group of seats of a game, shared."""

_LESS: Final[dict[tuple[tuple[int, ...], int], tuple[int, ...]]] = {
    (seats, seat): tuple([s for s in seats if s != seat]) for seats in _SEAT_SETS for seat in seats
}
"""``seats`` without ``seat`` (ORD-3: the seats still choosing once ``seat`` commits)."""


def to_move(state: GameState) -> frozenset[int]:
    if state.dummies and _pending_dummy(state) is not None:
        return _CHANCE_ONLY
    seats = _choosing(state)
    found = _SEAT_SETS.get(seats)
    return found if found is not None else frozenset(seats)


def legal(state: GameState) -> tuple[Move, ...]:
    moves: tuple[Move, ...] = ()
    if not state.dummies:  # 4 players: no dummy draws, no third (``_seat_choices``'s first case, inline)
        players = state.players
        for seat in _choosing(state):
            moves += _hand_choices(seat, players[seat].hand)
        return moves
    dummy = _pending_dummy(state)
    if dummy is not None:
        k = dummy_draw_size(state)
        return _dummy_draws(dummy.colour, dummy.deck, k)
    for seat in _choosing(state):
        moves += _seat_choices(state, seat)  # joined by copying whole tuples in C (the last seat choosing: shared as is)
    return moves


def legal_for(state: GameState, seat: int) -> tuple[Move, ...]:
    """``seat``'s part of ``legal(state)``: the same objects, without listing the others' (ORD-3)."""
    if (state.dummies and _pending_dummy(state) is not None) or seat not in _choosing(state):
        return ()
    return _seat_choices(state, seat)


def listed(state: GameState, move: object) -> bool:
    """``move`` is one of the very objects ``legal_for(state, move.seat)``
    lists (so legal, ORD-3, DUM2-3), found at its place in that list instead
    of by a scan: the choices are ``itertools.permutations(hand, 3)`` in
    order (each with every dummy third, thirds fastest, ``_choices``), so a
    choice's place follows from where its orders stand in the hand. False
    for anything else (another object, even an equal one; a malformed move):
    the caller then checks it the general way. The engine's test of a move
    taken from the legal moves (``PhaseRules.listed``; a scan of up to 480
    moves otherwise); tests/test_orders.py checks it against the listing."""
    if type(move) is not ChooseOrders:
        return False
    # The fields read as plain objects (``getattr``): a malformed move (a seat
    # "0", a list of orders) is answered False here, not refused by the
    # compiled build's own type check of a declared field (the caller words
    # the refusal, RS-3).
    seat: object = getattr(move, "seat")
    if type(seat) is not int:
        return False
    choices = legal_for(state, seat)
    chosen: object = getattr(move, "orders")
    if not choices or type(chosen) is not tuple or len(chosen) != ORDERS_PER_ROUND:
        return False
    hand = state.players[seat].hand
    try:
        i0 = hand.index(chosen[0])
        i1 = hand.index(chosen[1])
        i2 = hand.index(chosen[2])
    except ValueError:
        return False
    n = len(hand)
    place = i0 * (n - 1) * (n - 2) + (i1 - (i1 > i0)) * (n - 2) + (i2 - (i2 > i0) - (i2 > i1))  # in permutations' order
    if state.dummies:
        mine = dummy_for(state, seat)
        thirds: tuple[Action | None, ...] = mine.candidates if mine is not None else (None,)
        try:
            third: object = getattr(move, "dummy_order")
            place = place * len(thirds) + thirds.index(third)
        except ValueError:
            return False
    return 0 <= place < len(choices) and choices[place] is move


def _seat_choices(state: GameState, seat: int) -> tuple[ChooseOrders, ...]:
    """ORD-3, DUM2-3: ``seat``'s ways to choose, with its dummy's third if it has one."""
    if not state.dummies:  # 4 players: no dummy, no third (DUM2-3)
        return _hand_choices(seat, state.players[seat].hand)
    mine = dummy_for(state, seat)
    thirds: tuple[Action | None, ...] = mine.candidates if mine is not None else (None,)
    return _choices(seat, state.players[seat].hand, thirds)


@functools.lru_cache(maxsize=256, typed=True)
def _dummy_draws(colour: int, deck: tuple[Action, ...], k: int) -> tuple[Move, ...]:
    """DUM3-1, DUM2-2: every draw of ``k`` of the dummy's available orders (shared objects)."""
    return tuple(map(DrawDummyOrders, itertools.repeat(colour), itertools.combinations(deck, k)))


@functools.lru_cache(maxsize=256, typed=True)
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


def _hand_choices(seat: int, hand: tuple[Action, ...]) -> tuple[ChooseOrders, ...]:
    """``_choices_with(seat, hand, None)`` (a seat with no dummy third),
    remembered for each seat with the very ``hand`` object it was asked for:
    a hand stays the same object in every state of an orders phase, which
    asks for it up to 8 times (``legal``, ``legal_for``), so one identity
    test replaces hashing the hand. tests/test_orders.py checks it answers
    the very tuple ``_choices_with`` does."""
    if 0 <= seat < len(_LAST_HAND):
        last = _LAST_HAND[seat]
        if last is not None and last[0] is hand:
            return last[1]
        found = _choices_with(seat, hand, None)
        _LAST_HAND[seat] = (hand, found)
        return found
    return _choices_with(seat, hand, None)


_LAST_HAND: Final[list[tuple[tuple[Action, ...], tuple[ChooseOrders, ...]] | None]] = [None, None, None, None]
"""For each seat, the last hand ``_hand_choices`` was asked for and its choices."""


def _choices_with(seat: int, hand: tuple[Action, ...], third: Action | None) -> tuple[ChooseOrders, ...]:
    """Every ordered choice of 3 orders from ``hand`` with the dummy third
    ``third``. Moves are immutable, so one tuple serves every state, of every
    game, with this seat, hand and third (the orders phase lists up to
    4 x 120 moves, 2 players x 3; making them was its main cost). Kept in
    ``_CHOICES_WITH`` (a plain dict: cheaper to ask than an ``lru_cache`` in
    the compiled build); bounded: each entry keeps up to 120 moves alive."""
    key = (seat, hand, third)
    found = _CHOICES_WITH.get(key)
    if found is None:
        found = tuple(map(ChooseOrders, itertools.repeat(seat), _orderings(hand), itertools.repeat(third)))
        if len(_CHOICES_WITH) < _CHOICES_WITH_LIMIT:
            _CHOICES_WITH[key] = found
    return found


_CHOICES_WITH: Final[dict[tuple[int, tuple[Action, ...], Action | None], tuple[ChooseOrders, ...]]] = kept({})
_CHOICES_WITH_LIMIT: Final = 512


@functools.lru_cache(maxsize=64, typed=True)
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
    global _STANDING, _REVEALED
    seat = move.seat
    if narrating():
        announce("commit", f"Player {seat + 1} has chosen their orders.", seat)
    players = state.players
    seats = _choosing(state)
    rest = _LESS.get((seats, seat))
    if rest is None:
        rest = tuple([s for s in seats if s != seat])
    if not rest and not state.dummies and _others_committed(players, seat):
        # ORD-4/5: the last seat commits and the reveal (``auto``) follows at
        # once; made here from this state, the committing player's record is
        # copied once, not once to commit and again to reveal. Only without
        # dummies (4 players): their draws and thirds take the general path.
        # tests/test_orders.py checks both paths give the same state.
        revealed = _reveal(state, (seat, move.orders))
        _REVEALED = revealed
        return revealed
    player = players[seat]
    if move.dummy_order is None and player.dummy_choice is None:  # no dummy third (3 and 4 players): one field changes
        mine = _SET_COMMITTED(player, move.orders)
    else:
        mine = evolve(player, committed=move.orders, dummy_choice=move.dummy_order)
    now = list(players)
    now[seat] = mine
    after = with_players(state, tuple(now))  # ORD-3: hidden until all commit
    _STANDING = (after, rest)  # what the engine asks next
    return after


_SET_COMMITTED: Final = setter(PlayerState, "committed")


def _others_committed(players: tuple[PlayerState, ...], seat: int) -> bool:
    """ORD-3: every player but ``seat`` has committed their orders."""
    for other, p in enumerate(players):
        if p.committed is None and other != seat:
            return False
    return True


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
    return _hire_first(state, [p.committed for p in state.players], in_play_order(state))


def _hire_first(
    state: GameState, committed_of: Sequence[tuple[Action, ...] | None], order_of_play: tuple[int, ...]
) -> tuple[tuple[int, bool], ...]:
    """``hire_first_charge`` with each seat's committed orders read from
    ``committed_of`` (the reveal's, which may hold the last seat's before
    ``state`` does) and the player order ``order_of_play`` (``in_play_order``,
    asked once by the reveal)."""
    if state.variant != "full":
        return ()
    players = state.players
    out: list[tuple[int, bool]] = []
    for seat in order_of_play:
        committed = committed_of[seat]
        if committed is not None and committed[0] is _MONSTER:
            out.append((seat, players[seat].gold >= _HIRE_FIRST_GOLD))
    return tuple(out)


_MONSTER: Final[Action] = Action.MONSTER
_HIRE_FIRST_GOLD: Final[int] = HIRE_FIRST_GOLD.value
"""``HIRE_FIRST_GOLD`` (component data), read once: the reveal charges and tells it (ORD-9)."""


def _reveal(state: GameState, last: tuple[int, tuple[Action, ...]] | None = None) -> GameState:
    """DUM2-4, then ORD-4/5: reveal and place first, second and third orders.
    The board, the dummies and each player's changes are gathered on local
    values and each record is copied once at the end (not once per minion).
    ``last``: the seat committing last and its orders, not yet recorded in
    ``state`` (``play``; a game without dummies)."""
    telling = narrating()
    players = state.players
    board = list(state.board)  # rows replaced as minions arrive (``_TAKE``); one board copy at the end
    take = _TAKE
    dummies = state.dummies
    cleared: set[int] = set()  # seats whose dummy's third was just placed
    if dummies:
        for seat in range(len(players)):  # DUM2-4: the dummies' third orders, before any real minion
            dummy = dummy_for(state, seat)
            third = players[seat].dummy_choice
            if dummy is None or third is None:
                continue
            took = take[board[third.index]][dummy.colour]  # ORD-4: the lowest free slot
            assert took is not None  # DUM2-4: a dummy's third never repeats its own draws
            slot, board[third.index] = took
            if telling:
                announce("place", f"{colour_name(state, dummy.colour)}'s third order: {third.title} {SLOT_NAMES[slot]}.", seat, colour=dummy.colour, action=third.value, slot=slot)
            # DUM2-5: the 3 just played become its unavailable orders.
            played = tuple([a for a in _ACTIONS if a in dummy.drawn or a == third])
            dummies = _with_dummy(dummies, evolve(dummy, third=third, unavailable=played))
            cleared.add(seat)
    committed_of: list[tuple[Action, ...]] = []
    orders_played: list[list[PlayedOrder]] = []
    for seat, p in enumerate(players):
        committed = last[1] if last is not None and last[0] == seat else p.committed
        assert committed is not None  # ORD-3: everyone has committed
        committed_of.append(committed)
        orders_played.append(list(p.played))
    # ORD-9 (full game): Hire Monster revealed as a first order costs its gold
    # at once, before any minion is placed; with no gold the minion goes
    # straight onto the order card (not carried out) and the space stays free
    # (LIB-Y1-1: recorded like a minion shut out by ORD-6).
    order_of_play = in_play_order(state)
    paid: set[int] = set()
    unpaid: set[int] = set()
    for seat, pays in _hire_first(state, committed_of, order_of_play):
        if pays:
            paid.add(seat)
            if telling:
                announce("hire_first", f"Player {seat + 1} plays Hire Monster first and pays {_HIRE_FIRST_GOLD} gold (ORD-9).", seat, paid=True, cost={"gold": _HIRE_FIRST_GOLD})
        else:
            unpaid.add(seat)
            if telling:
                announce(
                    "hire_first",
                    f"Player {seat + 1} plays Hire Monster first with no gold to pay: the minion stands on the order card (ORD-9).",
                    seat,
                    paid=False,
                    cost={"gold": _HIRE_FIRST_GOLD},
                )
    # ORD-4/5: first orders in player order, then second, then third.
    places = _PLACES
    for k in range(ORDERS_PER_ROUND):
        for seat in order_of_play:
            action = committed_of[seat][k]
            space, placed, shut_out = places[action]
            took = take[board[space]][seat]  # ORD-4: the lowest free slot, if any; a dummy's is not free (DUM3-3, DUM2-6)
            if unpaid and k == 0 and seat in unpaid:
                order = shut_out  # ORD-9, RUL-1
            elif took is not None:
                slot, board[space] = took
                order = placed[slot]
                if telling:
                    announce("place", f"Player {seat + 1} reveals {action.title} and takes slot {SLOT_NAMES[slot]}.", seat, colour=seat, action=action.value, slot=slot)
            else:
                # ORD-6: all three slots taken: the minion stands on the order card.
                order = shut_out
                if telling:
                    announce("full", f"Player {seat + 1}'s order {action.title} is not carried out: all slots are taken (ORD-6).", seat, colour=seat, action=action.value, slot=None)
            orders_played[seat].append(order)
    revealed: list[PlayerState] = []
    changing = paid or cleared  # ORD-9's gold, DUM2-4's cleared third: rare
    for seat, p in enumerate(players):
        hand = _hand_left(p.hand, committed_of[seat])  # the three played leave the hand
        played_now = tuple(orders_played[seat])
        if changing and seat in cleared:
            changes: dict[str, Any] = {}
            if seat in paid:
                changes["gold"] = p.gold - _HIRE_FIRST_GOLD  # ORD-9
            changes["dummy_choice"] = None  # DUM2-4: placed
            revealed.append(evolve(p, played=played_now, hand=hand, committed=None, **changes))
        elif changing and seat in paid:
            revealed.append(_SET_REVEALED_PAID(p, played_now, hand, None, p.gold - _HIRE_FIRST_GOLD))  # ORD-9 (as ``evolve``, faster)
        else:
            revealed.append(_SET_REVEALED(p, played_now, hand, None))
    return _SET_PLACED(state, tuple(board), tuple(revealed), dummies)


_SET_REVEALED: Final = setter(PlayerState, "played", "hand", "committed")
_SET_REVEALED_PAID: Final = setter(PlayerState, "played", "hand", "committed", "gold")
_SET_PLACED: Final = setter(GameState, "board", "players", "dummies")


Row = tuple[int | None, ...]
"""An action space's slots on the board (``GameState.board``)."""


def _take(row: Row, colour: int) -> tuple[int, Row] | None:
    """ORD-4: a minion of ``colour`` takes the lowest free slot of ``row``:
    that slot and the row after; None when all are taken (ORD-6)."""
    if None not in row:
        return None
    slot = row.index(None)
    return slot, row[:slot] + (colour,) + row[slot + 1 :]


_TAKE: Final[dict[Row, tuple[tuple[int, Row] | None, ...]]] = {
    row: tuple([_take(row, colour) for colour in range(4)]) for row in itertools.product((None, 0, 1, 2, 3), repeat=3)
}
"""``_take(row, colour)`` for every row of 3 slots and every colour (the
players' and the dummies', 0..3), looked up at once: the reveal places up
to 14 minions a round (components are constants: 125 rows x 4 colours)."""


def _hand_left(hand: tuple[Action, ...], committed: tuple[Action, ...]) -> tuple[Action, ...]:
    """ORD-3: ``hand`` without the three orders played from it (in its
    order), shared between states. A game's hands: 28 six-card hands x 120
    ordered choices, kept in ``_HANDS_LEFT`` (a plain dict: cheaper to ask
    than an ``lru_cache`` in the compiled build); bounded for states built by hand."""
    key = (hand, committed)
    found = _HANDS_LEFT.get(key)
    if found is None:
        found = tuple([a for a in hand if a not in committed])
        if len(_HANDS_LEFT) < _HANDS_LEFT_LIMIT:
            _HANDS_LEFT[key] = found
    return found


_HANDS_LEFT: Final[dict[tuple[tuple[Action, ...], tuple[Action, ...]], tuple[Action, ...]]] = kept({})
_HANDS_LEFT_LIMIT: Final = 4096


_PLACES: Final[dict[Action, tuple[int, tuple[PlayedOrder, ...], PlayedOrder]]] = {
    a: (a.index, tuple([played_order(a, slot, Outcome.PENDING) for slot in range(3)]), played_order(a, None, Outcome.NOT_CARRIED_OUT))
    for a in _ACTIONS
}
"""For each order (ORD-4..6, RUL-1): its action space on the board, the
record of its minion on each slot, and the record of its minion standing on
the order card (``played_order``'s shared records, looked up at once)."""


def auto(state: GameState) -> GameState:
    """ORD-4/5: once every seat has committed (and the dummies have drawn), the reveal."""
    global _REVEALED
    last = _STANDING
    if last[0] is state and last[1]:
        return state  # ORD-3: a seat is still choosing
    if state is _REVEALED:
        return state  # revealed already
    players = state.players
    if not players or (state.dummies and _pending_dummy(state) is not None):
        return state
    for p in players:
        if p.committed is None:
            return state  # ORD-3: a seat is still choosing
    revealed = _reveal(state)
    _REVEALED = revealed
    return revealed


def done(state: GameState) -> bool:
    if state is _REVEALED:
        return True  # every order revealed and placed (ORD-4/5)
    last = _STANDING
    if last[0] is state and last[1]:
        return False  # ORD-3: a seat is still choosing
    if state.dummies and _pending_dummy(state) is not None:
        return False
    for p in state.players:
        if not p.played or p.committed is not None:
            return False
    return True


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="ORD-3", legal_for=legal_for, listed=listed)
