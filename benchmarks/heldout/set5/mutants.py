"""Held-out set 5: dlrules speaking the referee protocol with exactly one rule broken.

    .venv/bin/python benchmarks/heldout/set5/mutants.py NAME

Each mutant either patches dlrules' rule data/functions in this process before
serving (returns None) or returns a ``Referee`` subclass wrapping its answers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import attrs

from dlrules.apps.conformance.engines import Referee


def _set_slot(action: Any, slot: int, **changes: Any) -> None:
    from dlrules.components import board

    space = board.SPACES[action.index]
    slots = list(space.slots)
    slots[slot] = attrs.evolve(slots[slot], **changes)
    spaces = list(board.SPACES)
    spaces[action.index] = attrs.evolve(space, slots=tuple(slots))
    board.SPACES = tuple(spaces)


# --- data ------------------------------------------------------------------------------------


def trap_slot_ii_costs_gold() -> None:
    """ACT-TRAP-1 broken: Buy Traps slot II costs 1 gold (it is free)."""
    from dlrules.components import Action, board

    _set_slot(Action.TRAPS, 1, cost=board.Cost(gold=1), text="1 gold -> 1 trap")


# --- logic -----------------------------------------------------------------------------------


def taxes_rounded_down() -> None:
    """EVT-TAX-1 broken: taxes are 1 gold per 2 tiles rounded down (it is rounded up)."""
    from dlrules.core.phases import events

    events.tax_due = lambda player: len(player.dungeon.tiles) // 2


def adventurer_ties_by_seat() -> None:
    """ADV-3 broken: lords tied on the evilometer are ranked by seat number, not
    in player order from the first player (the first player no longer counts as nicer)."""
    from dlrules.core.phases import adventurers

    def nicest(state: Any, dummy_evil: int | None) -> tuple[int | None, ...]:
        ranked: list[tuple[int, int, int | None]] = [(p.evil, seat, seat) for seat, p in enumerate(state.players)]
        if dummy_evil is not None:
            ranked.append((dummy_evil, -1, None))
        ranked.sort()
        return tuple(seat for _, _, seat in ranked)

    adventurers._nicest_first = nicest


# --- view ------------------------------------------------------------------------------------


class CommittedOrdersShown(Referee):
    """ORD-3 broken, in the view only: a seat's observation shows the orders
    other lords have already chosen, before they are revealed (the redaction
    forgets to hide ``committed`` of the other seats)."""

    def observation(self, state: Any, viewer: Any = "referee") -> dict[str, Any]:
        seen = super().observation(state, viewer)
        if isinstance(viewer, int) and not isinstance(viewer, bool):
            for seat, (shown, player) in enumerate(zip(seen["players"], state.players)):
                if seat != viewer and player.committed is not None:
                    shown["committed"] = [a.value for a in player.committed]
        return seen


def committed_orders_shown() -> Referee:
    return CommittedOrdersShown()


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "trap-slot-ii-costs-gold": (trap_slot_ii_costs_gold, "ACT-TRAP-1", ()),
    "taxes-rounded-down": (taxes_rounded_down, "EVT-TAX-1", ()),
    "adventurer-ties-by-seat": (adventurer_ties_by_seat, "ADV-3", ()),
    "committed-orders-shown": (committed_orders_shown, "ORD-3", ()),
}
"""Name -> (the change, which may return the Referee to serve; the primary rule ID; other rule IDs it breaks)."""


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
