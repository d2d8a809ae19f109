"""Held-out set 3: dlrules speaking the referee protocol with exactly one rule
broken, written without knowledge of the conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set3/mutants.py taxes-round-down

Each mutant either changes dlrules' rule data or functions in its own process
before serving (and returns None), or returns a ``Referee`` subclass that
wraps dlrules' answers, as a bug in another engine would. ``MUTANTS`` maps a
name to (the change, the primary rule ID it breaks, other rule IDs it breaks
just as directly). MUTANTS.md describes each; witness.py shows each takes effect.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import attrs

from dlrules.apps.conformance.engines import Referee


# --- data changes (printed values) ----------------------------------------------------


def _set_slot(action_name: str, slot: int, **changes: Any) -> None:
    """Replace one printed slot of the central board (cost=..., reward=...)."""
    from dlrules.components import Action, board

    action = Action(action_name)
    space = board.SPACES[action.index]
    slots = list(space.slots)
    slots[slot] = attrs.evolve(slots[slot], **changes)
    spaces = list(board.SPACES)
    spaces[action.index] = attrs.evolve(space, slots=tuple(slots))
    board.SPACES = tuple(spaces)


def traps_slot_ii_costs_gold() -> None:
    """ACT-TRAP-1 broken: Buy Traps slot II costs 1 gold (it is free)."""
    from dlrules.components import Cost

    _set_slot("traps", 1, cost=Cost(gold=1), text="1 gold -> 1 trap")


def imps_slot_iii_two_food() -> None:
    """ACT-IMP-1 broken: Recruit Imps slot III costs 2 food + 1 gold (it is 1 food + 1 gold)."""
    from dlrules.components import Cost

    _set_slot("imps", 2, cost=Cost(food=2, gold=1), text="2 food + 1 gold -> 2 imps")


def witch_costs_food_only() -> None:
    """M-5 / ACT-MON-2 broken: the Witch's printed cost (hire and wage) is 1 food
    (it is 1 food + 1 evil)."""
    from dlrules.components.cards import MONSTERS

    MONSTERS["witch"] = attrs.evolve(MONSTERS["witch"], evil=0)


def goblin_heavy_monster_deck() -> None:
    """Wrong odds (M-1, M-2): the year-1 monster stack holds 3 goblins and 1
    slime (it holds 2 of each), so goblins come to the tavern too often."""
    # Modules that build their year-2 stack or their totals at import come first,
    # so only the year-1 stack is changed.
    import dlrules.core.phases.change_of_year  # noqa: F401
    from dlrules.components.cards import MONSTER_DECKS

    MONSTER_DECKS[1]["goblin"] = 3
    MONSTER_DECKS[1]["slime"] = 1


# --- logic changes ----------------------------------------------------------------------


def taxes_round_down() -> None:
    """EVT-TAX-1 broken: Taxes are 1 gold per 2 tiles rounded DOWN (it is rounded up)."""
    from dlrules.core.phases import events

    events.tax_due = lambda player: len(player.dungeon.tiles) // 2


def payday_dismissal_no_evil() -> None:
    """EVT-PAY-2 broken: a monster let go at Pay Day leaves without its owner gaining 1 evil."""
    from dlrules.core.phases import events

    events._dismissal_evil = lambda state, seat: state


def adventurer_ties_by_seat() -> None:
    """ADV-3 broken: lords tied on the evilometer are ranked by seat number
    (seat 0 nicest), not from the first player in player order."""
    from dlrules.core.phases import adventurers

    def nicest_first(state: Any, dummy_evil: int | None) -> tuple[int | None, ...]:
        ranked: list[tuple[int, int, int | None]] = [(p.evil, seat, seat) for seat, p in enumerate(state.players)]
        if dummy_evil is not None:
            ranked.append((dummy_evil, -1, None))
        ranked.sort()
        return tuple(seat for _, _, seat in ranked)

    adventurers._nicest_first = nicest_first


def dummy_on_slot_i() -> None:
    """DUM3-2 broken: in a 3-player game the dummy's drawn minions go on slot I
    (the lowest free slot, as a player's would) instead of slot II."""
    from dlrules.core.phases import orders

    original_draw = orders._dummy_draw
    original_lowest = orders.lowest_free_slot
    three = [False]

    def lowest_free_slot(board: Any, action: Any, start: int = 0) -> int | None:
        return original_lowest(board, action, 0 if three[0] else start)

    def dummy_draw(state: Any, move: Any) -> Any:
        three[0] = len(state.players) == 3
        try:
            return original_draw(state, move)
        finally:
            three[0] = False

    orders.lowest_free_slot = lowest_free_slot
    orders._dummy_draw = dummy_draw


def room_twice_in_year_one() -> None:
    """PROD-3 broken: in year 1 a room may be activated twice in one Production
    phase (the year-2 allowance, Y2-2, applied in both years)."""
    from dlrules.core.phases import production

    production.activations_per_round = lambda state: 2


def no_same_rank_redraw() -> None:
    """RST-5 broken: when every adventurer drawn for the next round shows the
    same glyph rank, the row is kept (the last one should go under the deck
    and another be drawn)."""
    from dlrules.core.phases import round_start

    round_start._same_rank = lambda row, rank: False


def riches_ignore_traps() -> None:
    """SCO-8f broken: the Lord of Riches counts gold + food only, not the trap cards still held."""
    from dlrules.core.phases import scoring

    original = scoring._title_values

    def title_values(player: Any, tally: Any) -> tuple[int, ...]:
        values = list(original(player, tally))
        values[5] -= len(player.traps)
        return tuple(values)

    scoring._title_values = title_values


def build_room_slot_i_shut_out() -> None:
    """RUL-3 broken (a move missing in a rare case): Build Room slot I gets no
    room when one of slots II and III bought one (it may take the last room;
    it gets nothing only when both did, ACT-ROOM-2)."""
    from dlrules.core.phases import resolution

    original = resolution._room_moves

    def room_moves(state: Any, seat: int, slot: int) -> tuple[Any, ...]:
        if slot == 0 and len(state.room_shop) < 2:
            return ()
        return original(state, seat, slot)

    resolution._room_moves = room_moves


# --- view leak (wrapper) ----------------------------------------------------------------


class RivalsTrapsVisible(Referee):
    """ACT-TRAP-2 broken: a seat's observation shows every other player's trap
    cards (they are face down, known only to their owner)."""

    def observation(self, state: Any, viewer: Any = "referee") -> dict[str, Any]:
        seen = super().observation(state, viewer)
        if isinstance(viewer, int) and not isinstance(viewer, bool):
            for seat, player in enumerate(state.players):
                seen["players"][seat]["traps"] = sorted(player.traps)
        return seen


def rivals_traps_visible() -> Referee:
    return RivalsTrapsVisible()


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "traps-slot-ii-costs-gold": (traps_slot_ii_costs_gold, "ACT-TRAP-1", ()),
    "imps-slot-iii-two-food": (imps_slot_iii_two_food, "ACT-IMP-1", ()),
    "witch-costs-food-only": (witch_costs_food_only, "M-5", ("ACT-MON-2", "EVT-PAY-1")),
    "goblin-heavy-monster-deck": (goblin_heavy_monster_deck, "M-1", ("M-2",)),
    "taxes-round-down": (taxes_round_down, "EVT-TAX-1", ("RUL-6",)),
    "payday-dismissal-no-evil": (payday_dismissal_no_evil, "EVT-PAY-2", ()),
    "adventurer-ties-by-seat": (adventurer_ties_by_seat, "ADV-3", ()),
    "dummy-on-slot-i": (dummy_on_slot_i, "DUM3-2", ("DUM3-3",)),
    "room-twice-in-year-one": (room_twice_in_year_one, "PROD-3", ()),
    "no-same-rank-redraw": (no_same_rank_redraw, "RST-5", ("RUL-7",)),
    "riches-ignore-traps": (riches_ignore_traps, "SCO-8f", ()),
    "build-room-slot-i-shut-out": (build_room_slot_i_shut_out, "RUL-3", ("ACT-ROOM-2",)),
    "rivals-traps-visible": (rivals_traps_visible, "ACT-TRAP-2", ()),
}
"""Name -> (the change, which may return the Referee to serve; the primary rule ID
it breaks; other rule IDs it breaks just as directly)."""


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
