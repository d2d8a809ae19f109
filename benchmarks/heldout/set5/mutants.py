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


def prisoner_scores_three() -> None:
    """SCO-1c broken: each (non-paladin) adventurer in prison scores +3 (it is +2)."""
    from dlrules.components import scoring as values
    from dlrules.core.phases import scoring

    prisoners = values.ITEM_VALUES[values.Item.PRISONERS]
    values.ITEM_VALUES[values.Item.PRISONERS] = attrs.evolve(prisoners, points=3)
    scoring._COUNTED = tuple(
        (item, what, 3 if item is values.Item.PRISONERS else points) for item, what, points in scoring._COUNTED
    )
    scoring._counted_line.cache_clear()


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


def year_one_rooms_produce_twice() -> None:
    """PROD-3 broken: in the first year a room may produce twice a round (the
    year-2 allowance of Y2-2 applied to both years; it is once in year 1)."""
    from dlrules.core.phases import production

    production.activations_per_round = lambda state: 2


def riches_without_traps() -> None:
    """SCO-8f broken: the Lord of Riches counts gold + food only, forgetting the
    trap cards still held (it is gold + food + trap cards)."""
    from dlrules.core.phases import scoring

    real = scoring._title_values

    def values(player: Any, tally: Any) -> tuple[int, ...]:
        out = list(real(player, tally))
        out[scoring._MEASURED.index(scoring.Title.RICHES)] = player.gold + player.food
        return tuple(out)

    scoring._title_values = values


# --- odds ------------------------------------------------------------------------------------


def dummy_draws_from_all_eight() -> None:
    """DUM3-1 broken (the chance draw): the 3-player dummy draws its 3 orders at
    random from all 8 of its cards, its 3 unavailable ones included (it is 3 of
    the other 5): 56 equally likely draws, each 1/56 instead of 1/10."""
    import math

    from dlrules.components import Action
    from dlrules.core import chance
    from dlrules.core.phases import orders

    real_draws = orders._dummy_draws

    def draws(colour: int, deck: tuple[Any, ...], k: int) -> tuple[Any, ...]:
        return real_draws(colour, tuple(Action) if k == 3 else deck, k)

    def probability(state: Any, move: Any) -> int:
        dummy = next(d for d in state.dummies if d.colour == move.colour)
        k = orders.dummy_draw_size(state)
        return math.comb(len(Action) if k == 3 else len(dummy.deck), k)

    orders._dummy_draws = draws
    orders.dummy_draw_probability = probability
    chance.dummy_draw_probability = probability


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
    "dummy-draws-from-all-eight": (dummy_draws_from_all_eight, "DUM3-1", ()),
    "prisoner-scores-three": (prisoner_scores_three, "SCO-1c", ()),
    "riches-without-traps": (riches_without_traps, "SCO-8f", ()),
    "year-one-rooms-produce-twice": (year_one_rooms_produce_twice, "PROD-3", ()),
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
