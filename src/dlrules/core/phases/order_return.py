"""Order return (RET-1, RET-2, RUL-1).

Each player takes back their 2 unavailable orders (RET-1) and exactly one of the
3 played this round: the first, or instead one that was not carried out (a
minion stands on it). The other two become unavailable (RET-2). Players are
taken in player order (PROD-4); a player with only one order to take back
(every order carried out, or only the first not carried out) is done
automatically, so only a real choice asks for a ``ReturnOrder``.
"""

from __future__ import annotations

from typing import Final

from dlrules.components import Action
from dlrules.core.errors import Violation
from dlrules.core.memo import kept
from dlrules.core.moves import Move, ReturnOrder
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.common import announce, in_play_order, narrating, seat_only, with_players
from dlrules.core.state import GameState, Outcome, PlayedOrder, PlayerState, setter


_ACTIONS: Final[tuple[Action, ...]] = tuple(Action)
"""Every order in board order (iterating the enum class itself is slower)."""


def returnable(state: GameState, seat: int) -> tuple[Action, ...]:
    """RET-2: the orders ``seat`` may take back: the first played, then those
    not carried out (RUL-1), in play order, each once."""
    return _returnable(state.players[seat].played)


def _returnable(played: tuple[PlayedOrder, ...]) -> tuple[Action, ...]:
    """RET-2 from the orders played: the first, then any not carried out (RUL-1)."""
    if not played:
        return ()
    out: tuple[Action, ...] = (played[0].action,)
    for order in played:  # the first is in ``out`` already, carried out or not
        if order.outcome is _NOT_CARRIED_OUT and order.action not in out:
            out += (order.action,)  # rare: a minion on its order card (RUL-1)
    return out


_NOT_CARRIED_OUT: Final[Outcome] = Outcome.NOT_CARRIED_OUT


_NEXT: tuple[GameState | None, int | None, tuple[Action, ...]] = (None, None, ())
"""The last state ``_next`` answered for, and its answer (one tuple, replaced
whole, so a reader sees a matching triple): ``play`` and ``auto`` store the
state they make, the engine then asks ``auto``, ``done``, ``to_move`` and
``legal`` of that same state object."""


def _next(state: GameState) -> tuple[int | None, tuple[Action, ...]]:
    """The first seat in player order with orders out, and the orders it
    may take back (RET-2); (None, ()) when everyone has taken theirs back."""
    global _NEXT
    last = _NEXT
    if last[0] is state:
        return last[1], last[2]
    players = state.players
    for seat in in_play_order(state):
        played = players[seat].played
        if played:
            choices = _returnable(played)
            _NEXT = (state, seat, choices)
            return seat, choices
    _NEXT = (state, None, ())
    return None, ()


_NOBODY: Final[frozenset[int]] = frozenset()


def to_move(state: GameState) -> frozenset[int]:
    seat, choices = _next(state)
    if seat is None or len(choices) < 2:
        return _NOBODY
    return seat_only(seat)


def legal(state: GameState) -> tuple[Move, ...]:
    seat, choices = _next(state)
    if seat is None or len(choices) < 2:
        return ()
    return _choices(seat, choices)


def _choices(seat: int, actions: tuple[Action, ...]) -> tuple[Move, ...]:
    """RET-2: ``seat``'s ways to take back one of ``actions`` (moves are
    immutable: one tuple serves every state with this seat and choice).
    Kept in ``_CHOICES`` (a plain dict read in C in the compiled build, not
    an ``lru_cache``: a game's choices, 4 seats x up to 8 x 7 x 6 orders,
    overflowed the old cache of 256, which missed half the time)."""
    key = (seat, actions)
    found = _CHOICES.get(key)
    if found is None:
        found = tuple([ReturnOrder(seat, a) for a in actions])
        if len(_CHOICES) < _CACHE_LIMIT:
            _CHOICES[key] = found
    return found


_CHOICES: Final[dict[tuple[int, tuple[Action, ...]], tuple[Move, ...]]] = kept({})
_CACHE_LIMIT: Final = 4096
"""Bound of the module's caches (a game uses a few hundred entries; states
built by hand may add others)."""


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if not isinstance(move, ReturnOrder):
        return ()
    player = state.players[move.seat]
    choices = returnable(state, move.seat)
    first = choices[0]
    others = ", ".join(a.title for a in choices[1:])
    allowed = f"{first.title} (your first order)" + (f" or {others} (not carried out)" if others else "")
    if move.action not in {o.action for o in player.played}:
        return (Violation("RET-2", f"you did not play {move.action.title} this round; you may take back {allowed}"),)
    return (
        Violation(
            "RET-2",
            f"{move.action.title} was carried out and was not your first order; you may take back {allowed}",
        ),
    )


def _returned(player: PlayerState, seat: int, action: Action, telling: bool) -> PlayerState:
    """RET-1 and RET-2: the two unavailable orders and ``action`` come back;
    the other two played become unavailable (both kept in board order).
    ``telling``: ``narrating()``, asked once per move by the caller."""
    played = player.played
    hand, unavailable = _hand_after(tuple([o.action for o in played]), action)
    if telling:
        back = ", ".join(a.title for a in player.unavailable)
        announce(
            "return",
            f"Player {seat + 1} takes back {back} and {action.title}; "
            f"{' and '.join(a.title for a in unavailable)} become{'s' if len(unavailable) == 1 else ''} unavailable.",
            seat,
            returned=[a.value for a in player.unavailable] + [action.value],
            unavailable=[a.value for a in unavailable],
        )
    return _SET_RETURNED(player, hand, unavailable, ())


_SET_RETURNED: Final = setter(PlayerState, "hand", "unavailable", "played")


def _hand_after(played: tuple[Action, ...], action: Action) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """RET-1, RET-2: the hand and the unavailable orders once ``action`` of
    the ``played`` (in play order) comes back; shared between states
    (8 x 7 x 6 orders played x 3 taken back), kept in ``_HANDS`` (a plain
    dict: cheaper to ask than an ``lru_cache`` in the compiled build)."""
    key = (played, action)
    found = _HANDS.get(key)
    if found is None:
        unavailable = tuple([a for a in _ACTIONS if a in played and a is not action])
        hand = tuple([a for a in _ACTIONS if a not in unavailable])
        found = (hand, unavailable)
        if len(_HANDS) < _CACHE_LIMIT:
            _HANDS[key] = found
    return found


_HANDS: Final[dict[tuple[tuple[Action, ...], Action], tuple[tuple[Action, ...], tuple[Action, ...]]]] = kept({})


def _forced(order: tuple[int, ...], players: list[PlayerState], telling: bool) -> tuple[int | None, tuple[Action, ...]]:
    """No choice (RET-2): the players next in player order with one order to
    take back take their first order back (in ``players``, in place), up to
    the first with a choice; that seat and its choices, or (None, ()) when
    everyone is done."""
    for seat in order:
        player = players[seat]
        played = player.played
        if not played:
            continue  # done already
        choices = _returnable(played)
        if len(choices) != 1:
            return seat, choices  # a real choice: a ``ReturnOrder`` decides
        players[seat] = _returned(player, seat, choices[0], telling)
    return None, ()


def play(state: GameState, move: Move) -> GameState:
    """The chosen order comes back; then the players after with no choice
    take theirs back, all in one copy of the state."""
    global _NEXT
    assert isinstance(move, ReturnOrder)
    seat = move.seat
    telling = narrating()
    players = list(state.players)
    players[seat] = _returned(players[seat], seat, move.action, telling)
    waiting, choices = _forced(in_play_order(state), players, telling)
    after = with_players(state, tuple(players))
    _NEXT = (after, waiting, choices)  # what the engine asks next
    return after


def auto(state: GameState) -> GameState:
    """No choice (RET-2): the first order comes back by itself (for every
    player in turn up to the first with a choice, in one copy)."""
    global _NEXT
    seat, choices = _next(state)
    if seat is None or len(choices) != 1:
        return state  # everyone is done, or a real choice is due
    players = list(state.players)
    waiting, choices = _forced(in_play_order(state), players, narrating())
    after = with_players(state, tuple(players))
    _NEXT = (after, waiting, choices)
    return after


def done(state: GameState) -> bool:
    return _next(state)[0] is None


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RET-2")
