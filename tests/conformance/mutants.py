"""Deliberately broken engines for testing the conformance tools: dlrules
speaking the referee protocol with exactly one rule broken.

    .venv/bin/python tests/conformance/mutants.py hire-monster-i-first

Each mutant changes one piece of dlrules' rule data in its own process
before serving the protocol, or wraps dlrules' answers (``Referee.moves``,
``Referee.play``), as a bug in another engine would: the tests
(tests/test_conformance_kit.py) check that both ``dlrules conformance run``
and ``dlrules conformance diff`` catch it and name its rule.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import attrs

from dlrules import Action, ChooseOrders, GameState, Move
from dlrules.apps.conformance.engines import Referee
from dlrules.core.state import evolve


def hire_monster_i_first() -> None:
    """RES-2 broken: Hire Monster resolves I, II, III (it is III, II, I)."""
    from dlrules.components import ACTION_ORDER, Action, board
    from dlrules.core.phases import resolution
    from dlrules.core.state import Resolution

    monster = Action.MONSTER.index
    walk = tuple((space, slot) for space in range(resolution.END)
                 for slot in ((0, 1, 2) if space == monster else board.resolution_order(ACTION_ORDER[space])))  # fmt: skip
    resolution._WALK = walk
    resolution._STEP = tuple(tuple(walk.index((space, slot)) for slot in range(3)) for space in range(resolution.END))
    resolution._CURSORS = tuple(Resolution(space, slot) for space, slot in walk)


def ghost_hits_the_first() -> None:
    """CMB-MON-5 broken: a ghost may attack the first adventurer."""
    from dlrules.components.combat import MONSTER_COMBAT

    ghost = MONSTER_COMBAT["ghost"]
    MONSTER_COMBAT["ghost"] = attrs.evolve(ghost, options=tuple(attrs.evolve(o, not_first=False) for o in ghost.options))


def food_slot_i_three_food() -> None:
    """ACT-FOOD-1 broken: Get Food's slot I gives 3 food for 1 gold (it is 2)."""
    from dlrules.components import Action, board

    food = board.SPACES[Action.FOOD.index]
    first = food.slots[0]
    slots = (attrs.evolve(first, reward=attrs.evolve(first.reward, food=3)),) + food.slots[1:]
    spaces = list(board.SPACES)
    spaces[Action.FOOD.index] = attrs.evolve(food, slots=slots)
    board.SPACES = tuple(spaces)


class UnavailableOrdersPlayable(Referee):
    """ORD-2 broken, as a wrapper over dlrules' answers only: an order card
    that is unavailable this round may be played as a third order (the
    engine lists it and, when it is played, takes the card into the hand first)."""

    def moves(self, state: GameState) -> list[dict[str, Any]]:
        listed = super().moves(state)
        extra = []
        for data in listed:
            if data["type"] == "ChooseOrders":
                for card in state.players[data["seat"]].unavailable:
                    if card.value not in data["orders"]:
                        extra.append({**data, "orders": [*data["orders"][:2], card.value]})
        unique = {json.dumps(m, sort_keys=True): m for m in listed + extra}
        return list(unique.values())

    def play(self, state: GameState, move: Move) -> GameState:
        if isinstance(move, ChooseOrders):
            p = state.players[move.seat]
            taken = [a for a in move.orders if a in p.unavailable]
            if taken:  # the bug: the card comes back into the hand for this choice
                hand = tuple(a for a in Action if a in p.hand or a in taken)
                p = evolve(p, hand=hand, unavailable=tuple(a for a in p.unavailable if a not in taken))
                state = evolve(state, players=state.players[: move.seat] + (p,) + state.players[move.seat + 1 :])
        return super().play(state, move)


def unavailable_orders_playable() -> Referee:
    return UnavailableOrdersPlayable()


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str]] = {
    "hire-monster-i-first": (hire_monster_i_first, "RES-2"),
    "ghost-hits-the-first": (ghost_hits_the_first, "CMB-MON-5"),
    "food-slot-i-three-food": (food_slot_i_three_food, "ACT-FOOD-1"),
    "unavailable-orders-playable": (unavailable_orders_playable, "ORD-2"),
}
"""Name → (the change, which may return the Referee to serve; the rule ID it breaks, the one a report must
name). ``rule_mutants.DATA`` lists every rule each breaks: the ghost's printed row (M-3) too, and ACT-MON-1, which
states Hire Monster's III, II, I as RES-2 does."""


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in MUTANTS:
        print(f"usage: mutants.py {{{','.join(MUTANTS)}}}", file=sys.stderr)
        return 2
    referee = MUTANTS[argv[0]][0]() or Referee()
    referee.name = f"mutant {argv[0]} of dlrules"
    from dlrules.apps.conformance.protocol import serve

    return serve(referee)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
