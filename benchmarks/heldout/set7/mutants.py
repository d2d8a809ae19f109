"""Held-out set 7: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set7/mutants.py NAME

Each mutant changes dlrules in its own process before serving (rule data, or
one line of a rule function recompiled from its source with the bug in it),
or returns a ``Referee`` that wraps dlrules' answers. ``MUTANTS`` maps
name -> (the change, the primary rule ID, other rule IDs broken as directly).
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


def tavern_surcharge_on_slot_i() -> None:
    """ACT-MON-3 broken: the Tavern's extra food is charged on slot I, not slot III
    (the slots indexed in resolution order, III first)."""
    from dlrules.components import Action, board
    from dlrules.components.board import Cost

    action = Action.MONSTER
    space = board.SPACES[action.index]
    one, two, three = space.slots
    slots = (
        attrs.evolve(one, cost=Cost(food=1), text="pay the monster's cost + 1 food"),
        two,
        attrs.evolve(three, cost=Cost(), text="pay the monster's cost"),
    )
    spaces = list(board.SPACES)
    spaces[action.index] = attrs.evolve(space, slots=slots)
    board.SPACES = tuple(spaces)


def ghost_may_hit_first() -> None:
    """CMB-MON-5 broken: a ghost may attack the first adventurer (it may attack anyone but him)."""
    from dlrules.components.combat import MONSTER_COMBAT

    ghost = MONSTER_COMBAT["ghost"]
    MONSTER_COMBAT["ghost"] = attrs.evolve(ghost, options=tuple(attrs.evolve(o, not_first=False) for o in ghost.options))


def two_player_titles_full_value() -> None:
    """SCO-2 broken: with 2 players a title scores 3 alone and 2 shared, as with 3 or 4 (it is 2 and 1)."""
    from dlrules.components.scoring import TITLE_POINTS

    TITLE_POINTS[2] = attrs.evolve(TITLE_POINTS[3], players=2)


def year2_token_turns_left() -> None:
    """Y2-12 broken: with 4 players year 2's first-player token moves one seat to the left
    of year 1's fall starter (it moves one to the right)."""
    from dlrules.core.phases import change_of_year

    change_of_year.FIRST_PLAYER_SHIFT[4] = 1


# --- logic -----------------------------------------------------------------------------


def warrior_behind_warriors() -> None:
    """ADV-5 broken: a newly arrived warrior goes in front of the non-warriors but behind
    the warriors already there (he goes in front of them all)."""
    from dlrules.core.phases import adventurers

    _rewrite(
        adventurers, "joined",
        [(
            "    if key in _WARRIORS:\n        return alone + party\n",
            "    if key in _WARRIORS:\n        k = 0\n        while k < len(party) and party[k].key in _WARRIORS:\n"
            "            k += 1\n        return party[:k] + alone + party[k:]\n",
        )],
    )  # fmt: skip


def paladin_moves_on_tie() -> None:
    """PAL-7 broken: the paladin moves to a lord who only ties his holder on the evilometer
    (and is later in player order); he should move only to a strictly more evil lord."""
    from dlrules.core.phases import common
    from dlrules.core.phases.combat import fight

    _rewrite(common, "paladin_after", [("evil >= line and evil > bar and", "evil >= line and evil >= bar and")], fight)


def last_order_returns() -> None:
    """RET-2 broken: the order that comes back to hand without a choice is the last one
    played (rightmost), not the first (leftmost)."""
    from dlrules.core.phases import order_return

    _rewrite(order_return, "_returnable", [("out: tuple[Action, ...] = (played[0].action,)", "out: tuple[Action, ...] = (played[-1].action,)")])


def pendulum_hits_last() -> None:
    """T-7 broken: the Pendulum's 3 damage fall on the last adventurer (it is the second)."""
    from dlrules.core.phases.combat import traps

    _rewrite(traps, "_trap_hits", [("            listed[1] = damage", "            listed[-1] = damage")])


def eliminated_above_hit_points() -> None:
    """CMB-PARTY-4 broken: an adventurer is eliminated only when his damage counters exceed
    his hit points (they need only reach them): the comparison is > instead of >=."""
    import importlib

    from dlrules.components.combat import printed_hit_points
    from dlrules.core.phases.combat import traps
    from dlrules.records import validity

    party = importlib.import_module("dlrules.core.phases.combat.party")  # (the package's ``party`` is a function)

    for key in party._HP:  # every elimination test is damage >= _HP[key] (+ Create Food)
        party._HP[key] += 1
    hit_points = party.hit_points
    traps.hit_points = lambda a: hit_points(a) - 1  # the Poisoned Meal still deals the printed hit points
    validity.printed_hit_points = lambda key: None if printed_hit_points(key) is None else printed_hit_points(key) + 1


def healing_per_priest() -> None:
    """CMB-HEAL-2 broken: the party heals one counter per priest (and paladin) instead of one
    per heart: a 2-heart priest or the paladin heals only 1."""
    import importlib

    from dlrules.core.phases.combat import conquest

    party = importlib.import_module("dlrules.core.phases.combat.party")  # (the package's ``party`` is a function)
    _rewrite(party, "_counters", [("power += _HEARTS[key]", "power += 1 if _HEARTS[key] else 0")], conquest)


def knocked_out_monsters_sent() -> None:
    """CMB-PLAN-5 broken: a knocked-out (face-down) monster or ghost may be sent to a battle
    again: the lair is not filtered for ready monsters."""
    from dlrules.core.phases.combat import planning

    _rewrite(planning, "_sendable_made", [("        if ready:\n", "        if True:\n")])
    _rewrite(planning, "_plan_violation", [("if not player.monsters[i].ready:", "if False:")])
    planning._SENDABLE.clear()


def year2_rooms_produce_once() -> None:
    """Y2-2 broken: in year 2 a year-1 room still produces at most once a round (it may twice)."""
    from dlrules.core.phases import production

    _rewrite(production, "activations_per_round", [("return 1 if state.year == 1 else 2", "return 1")])


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "tavern-surcharge-on-slot-i": (tavern_surcharge_on_slot_i, "ACT-MON-3", ("ACT-MON-4",)),
    "warrior-behind-warriors": (warrior_behind_warriors, "ADV-5", ("CMB-PARTY-1",)),
    "paladin-moves-on-tie": (paladin_moves_on_tie, "PAL-7", ()),
    "last-order-returns": (last_order_returns, "RET-2", ()),
    "ghost-may-hit-first": (ghost_may_hit_first, "CMB-MON-5", ("M-3",)),
    "pendulum-hits-last": (pendulum_hits_last, "T-7", ()),
    "eliminated-above-hit-points": (eliminated_above_hit_points, "CMB-PARTY-4", ("CMB-8",)),
    "healing-per-priest": (healing_per_priest, "CMB-HEAL-2", ("CMB-6",)),
    "knocked-out-monsters-sent": (knocked_out_monsters_sent, "CMB-PLAN-5", ("CMB-MON-4",)),
    "year2-token-turns-left": (year2_token_turns_left, "Y2-12", ()),
    "year2-rooms-produce-once": (year2_rooms_produce_once, "Y2-2", ("Y2-17",)),
    "two-player-titles-full-value": (two_player_titles_full_value, "SCO-2", ()),
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
