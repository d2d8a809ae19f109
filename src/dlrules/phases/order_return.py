"""Order return (RET-1, RET-2, RUL-1).

Each player takes back their 2 unavailable orders (RET-1) and exactly one of the
3 played this round: the first, or instead one that was not carried out (a
minion stands on it). The other two become unavailable (RET-2). Players are
taken in player order (PROD-4); a player with only one order to take back
(every order carried out, or only the first not carried out) is done
automatically, so only a real choice asks for a ``ReturnOrder``.
"""

from __future__ import annotations

import functools

from dlrules.components import Action
from dlrules.errors import Violation
from dlrules.moves import Move, ReturnOrder
from dlrules.phases import PhaseRules
from dlrules.phases.common import announce, narrating, replaced
from dlrules.state import GameState, Outcome, PlayedOrder, PlayerState, evolve


_ACTIONS: tuple[Action, ...] = tuple(Action)
"""Every order in board order (iterating the enum class itself is slower)."""


def returnable(state: GameState, seat: int) -> tuple[Action, ...]:
    """RET-2: the orders ``seat`` may take back: the first played, then those
    not carried out (RUL-1), in play order, each once."""
    return _returnable(state.players[seat].played)


def _returnable(played: tuple[PlayedOrder, ...]) -> tuple[Action, ...]:
    if not played:
        return ()
    out = [played[0].action]
    for order in played[1:]:
        if order.outcome is Outcome.NOT_CARRIED_OUT and order.action not in out:
            out.append(order.action)
    return tuple(out)


def _waiting(state: GameState) -> int | None:
    """The first seat in player order that still has orders out."""
    for seat in state.player_order():
        if state.players[seat].played:
            return seat
    return None


def to_move(state: GameState) -> frozenset[int]:
    seat = _waiting(state)
    if seat is None or len(returnable(state, seat)) < 2:
        return frozenset()
    return frozenset({seat})


def legal(state: GameState) -> tuple[Move, ...]:
    seat = _waiting(state)
    if seat is None:
        return ()
    choices = returnable(state, seat)
    if len(choices) < 2:
        return ()
    return tuple(ReturnOrder(seat, a) for a in choices)


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


def _returned(player: PlayerState, seat: int, action: Action) -> PlayerState:
    """RET-1 and RET-2: the two unavailable orders and ``action`` come back;
    the other two played become unavailable (both kept in board order)."""
    hand, unavailable = _hand_after(frozenset(o.action for o in player.played), action)
    if narrating():
        back = ", ".join(a.title for a in player.unavailable)
        announce(
            "return",
            f"Player {seat + 1} takes back {back} and {action.title}; "
            f"{' and '.join(a.title for a in unavailable)} become{'s' if len(unavailable) == 1 else ''} unavailable.",
            seat,
            returned=[a.value for a in player.unavailable] + [action.value],
            unavailable=[a.value for a in unavailable],
        )
    return evolve(player, hand=hand, unavailable=unavailable, played=())


@functools.lru_cache(maxsize=512)
def _hand_after(played: frozenset[Action], action: Action) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """RET-1, RET-2: the hand and the unavailable orders once ``action`` of
    the ``played`` comes back; shared between states (8 choose 3 x 3 keys)."""
    unavailable = tuple(a for a in _ACTIONS if a in played and a is not action)
    hand = tuple(a for a in _ACTIONS if a not in unavailable)
    return hand, unavailable


def _forced(state: GameState, players: tuple[PlayerState, ...]) -> tuple[PlayerState, ...]:
    """No choice (RET-2): the players next in player order with one order to
    take back take their first order back, up to the first with a choice."""
    for seat in state.player_order():
        player = players[seat]
        choices = _returnable(player.played)
        if not choices:
            continue  # done already
        if len(choices) != 1:
            break  # a real choice: a ``ReturnOrder`` decides
        players = replaced(players, seat, _returned(player, seat, choices[0]))
    return players


def play(state: GameState, move: Move) -> GameState:
    """The chosen order comes back; then the players after with no choice
    take theirs back, all in one copy of the state."""
    assert isinstance(move, ReturnOrder)
    seat = move.seat
    players = state.players
    players = _forced(state, replaced(players, seat, _returned(players[seat], seat, move.action)))
    return evolve(state, players=players)


def auto(state: GameState) -> GameState:
    """No choice (RET-2): the first order comes back by itself (for every
    player in turn up to the first with a choice, in one copy)."""
    players = _forced(state, state.players)
    return state if players is state.players else evolve(state, players=players)


def done(state: GameState) -> bool:
    return _waiting(state) is None


RULES = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RET-2")
