"""Held-out set 9: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set9/mutants.py NAME

Each mutant changes dlrules in its own process before serving (rule data, or
one line of a rule function recompiled from its source with the bug in it).
``MUTANTS`` maps name -> (the change, the primary rule ID, other rule IDs
broken as directly).
"""

from __future__ import annotations

import __future__
import inspect
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import attrs

from dlrules.apps.conformance.engines import Referee


def _rewrite(module: ModuleType, name: str, edits: list[tuple[str, str]], *also: ModuleType) -> Any:
    """Recompile ``module.name`` from its source with each (old, new) text
    edit made once (old must occur exactly once), and bind the new function
    in ``module`` and in each module of ``also`` that imported it by name."""
    source = inspect.getsource(getattr(module, name))
    for old, new in edits:
        if source.count(old) != 1:
            raise RuntimeError(f"{module.__name__}.{name}: {old!r} occurs {source.count(old)} times")
        source = source.replace(old, new)
    code = compile(source, module.__file__ or "<mutant>", "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, module.__dict__)
    fn = module.__dict__[name]
    for other in also:
        assert hasattr(other, name), (other.__name__, name)
        setattr(other, name, fn)
    return fn


# --- data ------------------------------------------------------------------------------


def food_slot_ii_two_food() -> None:
    """ACT-FOOD-1 broken: Get Food's slot II gives 2 food for its 1 evil (it gives 3)."""
    from dlrules.components import Action, board

    space = board.SPACES[Action.FOOD.index]
    one, two, three = space.slots
    two = attrs.evolve(two, reward=attrs.evolve(two.reward, food=2), text="1 evil -> 2 food")
    spaces = list(board.SPACES)
    spaces[Action.FOOD.index] = attrs.evolve(space, slots=(one, two, three))
    board.SPACES = tuple(spaces)


def magic_room_free_imp() -> None:
    """PROD-1 broken: the Magic Room makes its imp from 2 imps alone, without its 1 food."""
    from dlrules.components import cards

    room = cards.ROOMS["magic-room"]
    cards.ROOMS["magic-room"] = attrs.evolve(room, food_input=0, effect="2 imps -> 1 imp, which may work at once")


def dart_poison_one() -> None:
    """T-5 broken: the Poisoned Dart's target takes 1 more damage at the end of the round (2)."""
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["poisoned-dart"] = attrs.evolve(TRAP_COMBAT["poisoned-dart"], later=1)


def labyrinth_two_monsters() -> None:
    """R-3 broken: a battle in the Labyrinth allows 2 monsters, as any room (it allows 1)."""
    from dlrules.components.combat import ROOM_GROUNDS

    ROOM_GROUNDS["labyrinth"] = attrs.evolve(ROOM_GROUNDS["labyrinth"], monsters=2)


def golem_knocked_out() -> None:
    """M-7 broken: the Golem is knocked out after it attacks (it always goes back face up)."""
    from dlrules.components.combat import MONSTER_COMBAT

    golem = MONSTER_COMBAT["golem"]
    MONSTER_COMBAT["golem"] = attrs.evolve(golem, options=tuple(attrs.evolve(o, ready_after=False) for o in golem.options))


def hall_of_fame_two_always() -> None:
    """SCO-12 broken: the Hall of Fame gives +2 per exclusive title whatever the player
    count (+1 with 2 or 3 players)."""
    from dlrules.components import scoring as values
    from dlrules.core.phases import scoring

    hall = attrs.evolve(values.HALL_OF_FAME, per_exclusive={2: 2, 3: 2, 4: 2})
    values.HALL_OF_FAME = hall
    setattr(scoring, "HALL_OF_FAME", hall)  # the name scoring imported


# --- logic -----------------------------------------------------------------------------


def orders_placed_seat_by_seat() -> None:
    """ORD-5 broken: at the reveal each player places all three of his minions before the
    next player places any (all first orders are placed, then all second, then all third)."""
    from dlrules.core.phases import orders

    _rewrite(
        orders,
        "_reveal",
        [("for k in range(ORDERS_PER_ROUND):\n        for seat in order_of_play:", "for seat in order_of_play:\n        for k in range(ORDERS_PER_ROUND):")],
    )


def embezzlement_rounds_up() -> None:
    """SPE-C-1 broken: Embezzlement takes half the gold rounded up (rounded down: 5 gold loses 2)."""
    from dlrules.core.phases import events

    _rewrite(events, "_embezzlement", [("lost = player.gold // 2", "lost = (player.gold + 1) // 2")])


def dummy_third_order_shown() -> None:
    """DUM2-3 broken (hidden information): a 2-player dummy's third order, chosen secretly
    by its player, is shown in the other seat's view before the reveal."""
    from dlrules.records import views

    _rewrite(views, "_redact_player", [("        dummy_choice=None,  # DUM2-3\n", "")])


def distance_as_the_crow_flies() -> None:
    """CMB-PLAN-2 broken: a tile's walking distance is its grid distance from the entrance,
    not the number of tiles on the shortest path through the dungeon."""
    from dlrules.core import dungeon
    from dlrules.core.phases.combat import planning

    _rewrite(dungeon, "walking_distances", [("dist[n] = dist[here] + 1", "dist[n] = 1 + n[0] + abs(n[1] - ENTRANCE[1])")], planning)


def room_on_conquered_tunnel() -> None:
    """Y2-5 broken: in year 2 a room may replace a conquered tunnel (only unconquered ones)."""
    from dlrules.core import dungeon
    from dlrules.core.phases import resolution

    _rewrite(
        dungeon,
        "open_tunnels",
        [
            ("return tuple([t.square for t in tiles if not t.conquered])", "return tuple([t.square for t in tiles])"),
            ("if t.room is None and not t.conquered and t.square", "if t.room is None and t.square"),
        ],
        resolution,
    )


def tunnel_title_counts_rooms() -> None:
    """SCO-8c broken: the tunnel title counts every tile of the dungeon, rooms included."""
    from dlrules.core.phases import scoring

    _rewrite(scoring, "_title_values", [("tally.tunnels,  # SCO-8c", "tally.tunnels + tally.rooms,  # SCO-8c")])


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "food-slot-ii-two-food": (food_slot_ii_two_food, "ACT-FOOD-1", ()),
    "orders-placed-seat-by-seat": (orders_placed_seat_by_seat, "ORD-5", ("ORD-4",)),
    "magic-room-free-imp": (magic_room_free_imp, "PROD-1", ()),
    "embezzlement-rounds-up": (embezzlement_rounds_up, "SPE-C-1", ()),
    "dummy-third-order-shown": (dummy_third_order_shown, "DUM2-3", ()),
    "dart-poison-one": (dart_poison_one, "T-5", ("CMB-EOR-1",)),
    "labyrinth-two-monsters": (labyrinth_two_monsters, "R-3", ("CMB-3",)),
    "distance-as-the-crow-flies": (distance_as_the_crow_flies, "CMB-PLAN-2", ("CMB-2",)),
    "golem-knocked-out": (golem_knocked_out, "M-7", ("CMB-MON-4",)),
    "room-on-conquered-tunnel": (room_on_conquered_tunnel, "Y2-5", ("ACT-ROOM-3",)),
    "hall-of-fame-two-always": (hall_of_fame_two_always, "SCO-12", ("R-8",)),
    "tunnel-title-counts-rooms": (tunnel_title_counts_rooms, "SCO-8c", ()),
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
