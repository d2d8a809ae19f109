"""Held-out set 6: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set6/mutants.py NAME

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


def rolling_stone_two_damage() -> None:
    """T-2 broken: the Rolling Stone deals 2 damage to the first adventurer in year 1 (it is 3)."""
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["rolling-stone"] = attrs.evolve(TRAP_COMBAT["rolling-stone"], damage=2)


def troll_big_hit_free() -> None:
    """M-4 broken: the Troll's 4-damage option costs no food (it costs 1 food)."""
    from dlrules.components.combat import MONSTER_COMBAT

    troll = MONSTER_COMBAT["troll"]
    options = (troll.options[0], attrs.evolve(troll.options[1], food=0))
    MONSTER_COMBAT["troll"] = attrs.evolve(troll, options=options)


def room_trap_no_surcharge() -> None:
    """CMB-PLAN-6 broken: a trap played on an ordinary room costs no extra gold (it costs 1)."""
    from dlrules.components import combat

    combat.ROOM = attrs.evolve(combat.ROOM, surcharge=0)


def conquered_tile_minus_one() -> None:
    """SCO-1e broken: each conquered tile scores -1 at the end (it is -2)."""
    from dlrules.components import scoring as data
    from dlrules.components.scoring import Item
    from dlrules.core.phases import scoring

    data.ITEM_VALUES[Item.CONQUERED_TILES] = attrs.evolve(data.ITEM_VALUES[Item.CONQUERED_TILES], points=-1)
    scoring._COUNTED = tuple((item, what, -1 if item is Item.CONQUERED_TILES else points) for item, what, points in scoring._COUNTED)


# --- logic -----------------------------------------------------------------------------


def heal_without_attack() -> None:
    """CMB-HEAL-1 broken: the party heals even when no monster or ghost attacked this round."""
    from dlrules.core.phases.combat import conquest, steps

    original = conquest._last_steps

    def last_steps(run: Any, seat: int, position: int) -> None:
        b = run.battle
        if b is not None and not b.attacked:
            run.battle = attrs.evolve(b, attacked=True)  # the bug: condition (b) not looked at
        original(run, seat, position)

    conquest._last_steps = last_steps
    steps._last_steps = last_steps


def fatigue_stops_at_first_fall() -> None:
    """CMB-CONQ-2 broken: fatigue points left after the first adventurer falls are lost (they roll on)."""
    from dlrules.core.phases.combat import conquest, steps

    _rewrite(
        conquest, "_last_steps",
        [
            ("                front += 1\n", "                front += 1\n                break\n"),
            ("                prisoners += taken\n", "                prisoners += taken\n                if taken:\n                    break\n"),
        ],
        steps,
    )  # fmt: skip


def goblin_follow_up_always() -> None:
    """M-1 broken: the Goblin's second attack (1 damage) follows even when its first did not eliminate."""
    from dlrules.core.phases.combat import decisions, monsters

    _rewrite(
        monsters, "_attack",
        [("if option.follow_up and after and len(after) < len(members):", "if option.follow_up and after:")],
        decisions,
    )  # fmt: skip


def anti_trap_from_the_back() -> None:
    """CMB-TRAP-3 broken: anti-trap icons cancel the damage aimed at the last adventurers first (front first)."""
    from dlrules.core.phases.combat import traps

    _rewrite(traps, "_cancel_front_first", [("    for i in range(len(out)):\n        cancel", "    for i in reversed(range(len(out))):\n        cancel")])


def slow_spells_cast_fast() -> None:
    """CMB-CARD-5 broken: a slow card's spell is cast in the Fast spell step, before the monsters."""
    from dlrules.components import Speed
    from dlrules.core.phases.combat import steps

    steps._SPEEDS = {key: Speed.FAST for key in steps._SPEEDS}


def paladin_at_the_back() -> None:
    """CMB-PARTY-1 broken: a paladin attacking a dungeon in combat joins the party at the back, not in front."""
    import importlib

    party = importlib.import_module("dlrules.core.phases.combat.party")  # (the package's ``party`` is a function)
    _rewrite(party, "_lined_up", [("members = members[:front] + (paladin,) + members[front:]", "members = members + (paladin,)")])


# --- view ------------------------------------------------------------------------------


def plan_traps_visible() -> None:
    """CMB-PLAN-9 broken: the trap cards another defender played face down are shown by name to every seat."""
    from dlrules.records import views

    _rewrite(views, "_redact_fight", [("plan if plan is None or s == seat else", "plan if True else")])


# --- odds ------------------------------------------------------------------------------


def y2_discard_back_to_deck() -> None:
    """Y2-3 broken: the trap card discarded after year 2's Buy Traps is shuffled back into the trap deck."""
    from dlrules.core.moves import DiscardTrap
    from dlrules.core.phases import resolution
    from dlrules.core.state import evolve

    original = resolution._discard

    def discard(state: Any, move: Any) -> Any:
        after = original(state, move)
        pile = list(after.trap_discard)
        if pile and move.trap in pile:
            at = len(pile) - 1 - pile[::-1].index(move.trap)
            del pile[at]
            decks = evolve(after.decks, traps=after.decks.traps.with_card(move.trap))
            after = evolve(after, trap_discard=tuple(pile), decks=decks)
        return after

    resolution._discard = discard
    resolution._PLAYS[DiscardTrap] = discard


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "rolling-stone-two-damage": (rolling_stone_two_damage, "T-2", ()),
    "troll-big-hit-free": (troll_big_hit_free, "M-4", ("CMB-MON-2",)),
    "room-trap-no-surcharge": (room_trap_no_surcharge, "CMB-PLAN-6", ("CMB-3",)),
    "conquered-tile-minus-one": (conquered_tile_minus_one, "SCO-1e", ()),
    "heal-without-attack": (heal_without_attack, "CMB-HEAL-1", ("CMB-6",)),
    "fatigue-stops-at-first-fall": (fatigue_stops_at_first_fall, "CMB-CONQ-2", ("CMB-7",)),
    "goblin-follow-up-always": (goblin_follow_up_always, "M-1", ()),
    "anti-trap-from-the-back": (anti_trap_from_the_back, "CMB-TRAP-3", ("CMB-5",)),
    "slow-spells-cast-fast": (slow_spells_cast_fast, "CMB-CARD-5", ("CMB-4",)),
    "paladin-at-the-back": (paladin_at_the_back, "CMB-PARTY-1", ("PAL-3",)),
    "plan-traps-visible": (plan_traps_visible, "CMB-PLAN-9", ("CMB-REF-6",)),
    "y2-discard-back-to-deck": (y2_discard_back_to_deck, "Y2-3", ()),
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
