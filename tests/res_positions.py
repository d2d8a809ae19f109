"""Positions for the resolution tests: play setup, round start and orders
with chosen moves, so a test starts at the first resolution decision.

``at_resolution(orders)`` gives each seat its three orders; chance is steered
(the dealt unavailable orders avoid them; the tavern and room shop are
chosen); ``tweak`` changes the state just before the orders are revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from dlrules import CHANCE, Action, GameState, Phase, apply, check, legal_moves, new_game, to_move
from dlrules.core.moves import ChooseOrders, DealOrders, Decline, Draw, DrawDummyOrders, KeepUnavailable, Move
from dlrules.core.phases.common import update_player
from dlrules.core.phases.orders import dummy_for
from dlrules.core.phases.resolution import RULES, acting_seat
from dlrules.components import ACTION_ORDER
from dlrules.core.state import Adventurer, Dungeon, Monster, Tile

FOOD, REP, DIG, MINE, IMPS, TRAPS, MONSTER, ROOM = tuple(Action)


def board_order(actions: Sequence[Action]) -> tuple[Action, ...]:
    return tuple(a for a in Action if a in actions)


def at_resolution(
    orders: Mapping[int, Sequence[Action]],
    *,
    dummies: Mapping[int, Sequence[Action]] | None = None,
    thirds: Mapping[int, Action] | None = None,
    tavern: Sequence[str] = ("goblin", "troll", "witch"),
    rooms: Sequence[str] = ("chicken-coop", "mint"),
    tweak: Callable[[GameState], GameState] = lambda s: s,
    variant: str = "first",
) -> GameState:
    """The first resolution decision after every seat played ``orders[seat]``
    (``variant``: the first game unless told).

    ``dummies[colour]`` are a dummy's random orders (3 with 3 players, 2 with
    2); ``thirds[seat]`` the 2-player dummy third order chosen by ``seat``."""
    n = len(orders)
    dummies = dict(dummies or {})
    thirds = dict(thirds or {})
    state = new_game(n, variant=variant)
    while state.phase is Phase.SETUP:
        moves = legal_moves(state)
        if CHANCE in to_move(state):
            deal = moves[0]
            assert isinstance(deal, DealOrders)
            if deal.target < n:
                avoid = set(orders[deal.target])
            else:
                avoid = set(dummies.get(deal.target, ())) | {t for s, t in thirds.items() if n + s == deal.target}
            spare = tuple(a for a in Action if a not in avoid)
            size = len(deal.orders)
            state = apply(state, DealOrders(deal.target, spare[:size]))
        else:
            seat = min(to_move(state))
            dealt = state.players[seat].dealt
            state = apply(state, KeepUnavailable(seat, dealt[:2]))
    want = {"monsters": list(tavern), "rooms": list(rooms)}
    while state.phase is Phase.ROUND_START:
        first = legal_moves(state)[0]
        assert isinstance(first, Draw)
        queue = want.get(first.deck)
        state = apply(state, Draw(first.deck, queue.pop(0)) if queue else first)
    assert state.phase is Phase.ORDERS
    while CHANCE in to_move(state):
        first = legal_moves(state)[0]
        assert isinstance(first, DrawDummyOrders)
        chosen = dummies.get(first.colour)
        state = apply(state, DrawDummyOrders(first.colour, board_order(chosen)) if chosen else first)
    state = tweak(state)
    for seat in range(n):
        dummy = dummy_for(state, seat)
        third = None
        if dummy is not None:
            third = thirds.get(seat, dummy.candidates[0])
        state = apply(state, ChooseOrders(seat, tuple(orders[seat]), third))
    assert state.phase is Phase.RESOLUTION
    return state


def player(seat: int, **changes: Any) -> Callable[[GameState], GameState]:
    """A tweak: set fields of one player (gold, food, evil, imps …)."""
    return lambda s: update_player(s, seat, **changes)


Tweak = Callable[[GameState], GameState]
"""A change made to a position before a test's move (``attrs.evolve`` …)."""


def rules(state: GameState, move: object) -> list[str]:
    """The rule IDs ``check`` cites against ``move`` (empty: legal)."""
    return [v.rule for v in check(state, move)]


def tweaks(*fs: Tweak) -> Tweak:
    def run(s: GameState) -> GameState:
        for f in fs:
            s = f(s)
        return s

    return run


def evolve(**changes: Any) -> Callable[[GameState], GameState]:
    return lambda s: attrs.evolve(s, **changes)


def cursor(state: GameState) -> tuple[Action, int]:
    r = state.resolution
    assert r is not None and r.space < len(ACTION_ORDER)
    return ACTION_ORDER[r.space], r.slot


def play(state: GameState, *moves: Move) -> GameState:
    for move in moves:
        state = apply(state, move)
    return state


def draw_first(state: GameState) -> GameState:
    """Chance turns up the first card it may (deterministic)."""
    return apply(state, legal_moves(state)[0])


def decline_until(state: GameState, action: Action, slot: int) -> GameState:
    """Every minion before ``action`` slot ``slot`` declines (RES-3)."""
    while state.phase is Phase.RESOLUTION and cursor(state) != (action, slot):
        seat = acting_seat(state)
        assert seat is not None, "the cursor stands on a decision"
        state = apply(state, Decline(seat))
    assert state.phase is Phase.RESOLUTION, f"{action.title} {slot} never came"
    return state


def apply_within(state: GameState, move: Move) -> GameState:
    """``apply`` without leaving the resolution phase: the move is checked, then
    played, then the phase's automatic steps run; the engine's change to the
    next phase (and whatever later phases do by themselves) is left out, so a
    test sees the state at the end of resolution (ACT-END-1)."""
    assert check(state, move) == (), check(state, move)
    state = RULES.play(state, move)
    while True:
        stepped = RULES.auto(state)
        if stepped is state:
            return state
        state = stepped


def finish(state: GameState) -> GameState:
    """Decline every remaining minion; the state when resolution is done."""
    while not RULES.done(state):
        if CHANCE in to_move(state):
            state = apply_within(state, legal_moves(state)[0])
            continue
        seat = acting_seat(state)
        assert seat is not None
        state = apply_within(state, legal_moves(state)[-1])  # Decline or FinishDigging: both last
    return state


def outcome_of(state: GameState, seat: int, action: Action) -> Any:
    return next(o.outcome for o in state.players[seat].played if o.action is action)


def rich_resolution() -> GameState:
    """At resolution (4 players), Player 1 with a room (a chicken coop), a
    conquered tunnel, a ready and a knocked-out monster, two trap cards, a
    damaged adventurer behind the paladin, a prisoner and an imp at work: a
    position that shows every part of a lord's side (tests of pictures and
    descriptions)."""
    state = at_resolution({0: (FOOD, DIG, MINE), 1: (FOOD, IMPS, ROOM), 2: (REP, TRAPS, MONSTER)})
    p = state.players[0]
    tiles = tuple(Tile(t.square, "chicken-coop" if t.square == (1, 2) else None, t.square == (2, 2)) for t in p.dungeon.tiles)
    state = tweaks(
        player(
            0,
            dungeon=Dungeon(tiles),
            monsters=(Monster("goblin"), Monster("troll", ready=False)),
            traps=("pendulum", "trap-door"),
            party=(Adventurer("y1-wizard-3-1", damage=2),),
            prison=("y1-warrior-3",),
            busy_imps=1,
        ),
    )(state)
    return attrs.evolve(state, paladin=0)
