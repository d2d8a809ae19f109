"""Held-out set 15: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit.

    .venv/bin/python benchmarks/heldout/set15/mutants.py NAME

Each mutant changes dlrules in its own process before serving: a component
value (data), or a line or two of one rule function recompiled from its source
with the bug in it (``_rewrite``). ``MUTANTS`` maps name -> (the change, the
primary rule ID, other rule IDs broken as directly).
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


def hire_monster_front_to_back() -> None:
    """ACT-MON-1 broken: the Hire Monster space is resolved slot I, II, III like most
    spaces, instead of III, II, I (the board's space table says so)."""
    import attrs as _attrs

    from dlrules.components import board
    from dlrules.core.phases import resolution

    i = board.Action.MONSTER.index
    spaces = list(board.SPACES)
    spaces[i] = _attrs.evolve(spaces[i], reversed_resolution=False)
    board.SPACES = tuple(spaces)
    import dlrules.components as components
    from dlrules.components import report
    from dlrules.display import render, svg

    for m in (components, report, render, svg):
        if hasattr(m, "SPACES"):
            m.SPACES = board.SPACES
    walk = tuple((space, slot) for space in range(resolution.END) for slot in board.resolution_order(resolution.ACTION_ORDER[space]))
    resolution._WALK = walk
    resolution._STEP = tuple(tuple(walk.index((space, slot)) for slot in range(len(resolution.SLOT_NAMES))) for space in range(resolution.END))
    resolution._CURSORS = tuple(resolution.Resolution(space, slot) for space, slot in walk)


def dig_slot_two_permits_two() -> None:
    """ACT-DIG-1 broken: slot II of Dig Tunnels is printed as permitting up to 2 tunnels
    (as slot I), not 3."""
    from dlrules.components import board

    i = board.Action.DIG.index
    spaces = list(board.SPACES)
    slots = list(spaces[i].slots)
    slots[1] = attrs.evolve(slots[1], reward=attrs.evolve(slots[1].reward, imps_work=2), text="up to 2 imps dig 1 tunnel each")
    spaces[i] = attrs.evolve(spaces[i], slots=tuple(slots))
    board.SPACES = tuple(spaces)
    import dlrules.components as components
    from dlrules.components import report
    from dlrules.display import render, svg

    for m in (components, report, render, svg):
        if hasattr(m, "SPACES"):
            m.SPACES = board.SPACES


def detect_evil_one_evil() -> None:
    """C1-8 broken: Detect Evil makes the defender gain 1 evil, not 2."""
    from dlrules.components import cards, combat
    from dlrules.core.phases.combat import spells

    fact = attrs.evolve(combat.DETECT_EVIL_EVIL, value=1)
    old = combat.DETECT_EVIL_EVIL
    combat.DETECT_EVIL_EVIL = fact
    setattr(spells, "DETECT_EVIL_EVIL", fact)  # imported there by name
    combat.COMBAT_FACTS = tuple(fact if f is old else f for f in combat.COMBAT_FACTS)
    cards.COMBAT_CARDS["detect-evil"] = attrs.evolve(cards.COMBAT_CARDS["detect-evil"], effect="the defender gains 1 evil")


def anti_magic_dart_two_damage() -> None:
    """T-6 broken: the Anti-magic Dart deals 2 damage to the chosen adventurer, not 1."""
    from dlrules.components import cards
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["anti-magic-dart"] = attrs.evolve(TRAP_COMBAT["anti-magic-dart"], damage=2, damage_y2=2)
    cards.TRAPS["anti-magic-dart"] = attrs.evolve(
        cards.TRAPS["anti-magic-dart"], effect="2 damage to a chosen adventurer; a wizard hit casts no spells, a priest hit heals nothing"
    )


def chapel_ghosts_one_point() -> None:
    """R-6 broken: the Chapel scores 1 point per ghost instead of 2 (vampires still 2)."""
    from dlrules.components import cards, scoring as table
    from dlrules.core.phases import scoring

    chapel = table.SCORING_ROOMS["chapel"]
    table.SCORING_ROOMS["chapel"] = attrs.evolve(chapel, per_kind=tuple((k, 1 if k == "ghost" else v) for k, v in chapel.per_kind))
    scoring._PER_KIND["chapel"] = dict(table.SCORING_ROOMS["chapel"].per_kind)
    cards.ROOMS["chapel"] = attrs.evolve(cards.ROOMS["chapel"], effect="scoring: +2 per vampire and +1 per ghost at the end")


# --- logic -----------------------------------------------------------------------------


def no_event_for_autumn() -> None:
    """RST-2 broken (off by one): the next round's event is turned up at the round start of
    winter and spring only; summer's round start forgets autumn's, so autumn has no event."""
    from dlrules.core.phases import round_start

    _rewrite(round_start, "_needed", [("if events[n] is None and _left(d.events):", "if n < _ROUNDS - 1 and events[n] is None and _left(d.events):")])


def adventurers_to_the_most_evil() -> None:
    """ADV-2 broken: the weakest adventurer goes to the most evil lord, and so on down to
    the nicest (the ranking by evil is reversed; ties still to the first player)."""
    from dlrules.core.phases import adventurers

    _rewrite(adventurers, "_nicest_first", [("ranked.sort()", "ranked.sort(key=lambda r: (-r[0], r[1]))")])


def evil_wages_free() -> None:
    """EVT-PAY-3 broken: at Payday a monster whose upkeep is evil is kept without the evil
    marker moving (the evil part of the wage is forgotten; gold and food are paid)."""
    from dlrules.core.phases import events

    # The line has carried its rule's citation since session 56 (the same two lines dropped).
    _rewrite(events, "_pay_monster", [("        if kind.evil:  # EVT-PAY-3: the wage's evil moves the marker up\n            state = move_evil(state, seat, kind.evil)\n", "")])


def any_room_trains_monsters() -> None:
    """CMB-ROOM-2 broken: a monster that has a bonus room (Training Room, Dark Room) deals
    +1 damage in any unconquered room, whatever room it is."""
    from dlrules.core.phases.combat import fight

    # As first written, the line was in ``fight._attack_damage``; since session 56 it is
    # ``fight._in_bonus_room`` (CMB-ROOM-1, CMB-ROOM-2), which patched here is the same bug.
    _rewrite(fight, "_in_bonus_room", [("tile.room == MONSTER_COMBAT[kind].bonus_room", "MONSTER_COMBAT[kind].bonus_room is not None")])


def paladin_freed_from_prison() -> None:
    """Y2-9 broken: at the change of year, a year-1 paladin held in a prison is taken out of
    it and sent to the Distant Lands like one still in his tent."""
    from dlrules.core.phases import change_of_year

    old = change_of_year.year_one_paladin_leaves
    fn = _rewrite(change_of_year, "year_one_paladin_leaves", [(
        "    if key in state.far_lands or any(key in p.prison for p in state.players):\n        return state\n",
        "    if key in state.far_lands:\n        return state\n"
        "    if any(key in p.prison for p in state.players):\n"
        "        state = evolve(state, players=tuple(evolve(p, prison=tuple(k for k in p.prison if k != key)) if key in p.prison else p for p in state.players))\n",
    )])  # fmt: skip
    change_of_year.CHANGE_OF_YEAR = tuple(fn if f is old else f for f in change_of_year.CHANGE_OF_YEAR)


def conquered_rooms_still_score() -> None:
    """SCO-6 broken: a conquered point-scoring room (Cafeteria, Chapel, Pandemonium) still
    scores its bonus at the end."""
    from dlrules.core.phases import scoring

    _rewrite(scoring, "_item_lines", [(
        "for room in unconquered_rooms if room in SCORING_ROOMS]",
        "for room in [t.room for t in player.dungeon.tiles if t.room is not None] if room in SCORING_ROOMS]",
    )])  # fmt: skip


def round_card_shown_before_planning() -> None:
    """CMB-REV-1 broken (hidden information): in combat, a round's card that a spy has
    identified shows face up to every seat from that round's Planning, before everyone has
    planned and it is turned up."""
    from dlrules.agents import resample
    from dlrules.records import views

    _rewrite(views, "face_up_combat", [("done = f.round - 1 + (1 if", "done = f.round + (0 if")], resample)


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "hire-monster-front-to-back": (hire_monster_front_to_back, "ACT-MON-1", ("RES-2",)),
    "dig-slot-two-permits-two": (dig_slot_two_permits_two, "ACT-DIG-1", ()),
    "no-event-for-autumn": (no_event_for_autumn, "RST-2", ("EVT-1", "EVT-3")),
    "adventurers-to-the-most-evil": (adventurers_to_the_most_evil, "ADV-2", ()),
    "evil-wages-free": (evil_wages_free, "EVT-PAY-3", ("EVT-PAY-1",)),
    "detect-evil-one-evil": (detect_evil_one_evil, "C1-8", ()),
    "anti-magic-dart-two-damage": (anti_magic_dart_two_damage, "T-6", ()),
    "any-room-trains-monsters": (any_room_trains_monsters, "CMB-ROOM-2", ("CMB-ROOM-1",)),
    "paladin-freed-from-prison": (paladin_freed_from_prison, "Y2-9", ("Y2-6", "CMB-PAL-5")),
    "conquered-rooms-still-score": (conquered_rooms_still_score, "SCO-6", ("SCO-1g",)),
    "chapel-ghosts-one-point": (chapel_ghosts_one_point, "R-6", ("SCO-6",)),
    "round-card-shown-before-planning": (round_card_shown_before_planning, "CMB-REV-1", ("CMB-CARD-7",)),
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
