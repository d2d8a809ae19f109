"""Held-out set 14: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit.

    .venv/bin/python benchmarks/heldout/set14/mutants.py NAME

Each mutant changes dlrules in its own process before serving: a component
value (data), or a line or a few of one rule function recompiled from its
source with the bug in it (``_rewrite``). ``MUTANTS`` maps name -> (the
change, the primary rule ID, other rule IDs broken as directly).
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


def build_room_three_costs_two() -> None:
    """ACT-ROOM-2 broken: Build Room's slot III is read as 2 gold for a room (slot II
    stays 1 gold)."""
    from dlrules import components
    from dlrules.components import board

    room = board.space(board.Action.ROOM)
    one, two, three = room.slots
    three = attrs.evolve(three, cost=board.Cost(gold=2), text="2 gold -> a room")
    spaces = tuple(attrs.evolve(s, slots=(one, two, three)) if s is room else s for s in board.SPACES)
    board.SPACES = spaces
    if getattr(components, "SPACES", None) is not None:
        setattr(components, "SPACES", spaces)  # re-exported there by name


def ghost_haunts_the_leader() -> None:
    """M-3 broken: the Ghost's attack is read as "2 damage to any adventurer", the first
    one included (and so it can attack a lone adventurer)."""
    from dlrules.components import cards
    from dlrules.components.combat import MONSTER_COMBAT

    ghost = MONSTER_COMBAT["ghost"]
    MONSTER_COMBAT["ghost"] = attrs.evolve(ghost, options=tuple(attrs.evolve(o, not_first=False) for o in ghost.options))
    cards.MONSTERS["ghost"] = attrs.evolve(cards.MONSTERS["ghost"], attack="2 damage to any adventurer")


def anti_magic_room_lets_spells() -> None:
    """R-4 broken: the Anti-Magic Room keeps only a room's monster and trap limits; the
    party still casts its spells in a battle there."""
    from dlrules.components import cards, combat

    room = combat.ROOM_GROUNDS["anti-magic-room"]
    combat.ROOM_GROUNDS["anti-magic-room"] = attrs.evolve(room, spells=True)
    cards.ROOMS["anti-magic-room"] = attrs.evolve(cards.ROOMS["anti-magic-room"], effect="a room: 2 monsters, 1 trap (1 gold)")


def cafeteria_forgets_witches() -> None:
    """R-5 broken: the Cafeteria's bonus counts trolls, goblins and slimes, but not
    witches."""
    from dlrules.components import cards
    from dlrules.components import scoring as table
    from dlrules.core.phases import scoring

    cafeteria = table.SCORING_ROOMS["cafeteria"]
    kinds = tuple((k, v) for k, v in cafeteria.per_kind if k != "witch")
    table.SCORING_ROOMS["cafeteria"] = attrs.evolve(cafeteria, per_kind=kinds)
    scoring._PER_KIND["cafeteria"] = dict(kinds)  # the table built from it at import
    cards.ROOMS["cafeteria"] = attrs.evolve(cards.ROOMS["cafeteria"], effect="scoring: +1 per troll, goblin and slime at the end")


# --- logic -----------------------------------------------------------------------------


def placement_ignores_first_player() -> None:
    """ORD-4 broken: revealed orders are placed in seat order (seat 0 first) instead of
    player order from the first player."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_reveal", [(
        "        for seat in order_of_play:\n            action = committed_of[seat][k]",
        "        for seat in range(len(players)):\n            action = committed_of[seat][k]",
    )])  # fmt: skip


def one_red_mark_for_any_shortfall() -> None:
    """EVT-TAX-2 broken: a player who leaves any of his taxes unpaid takes a single red
    mark, not one per gold unpaid."""
    from dlrules.core.phases import events

    _rewrite(events, "_pay_taxes", [(
        "player = _taxed(player, player.gold - gold, player.damage_tokens + unpaid)",
        "player = _taxed(player, player.gold - gold, player.damage_tokens + min(unpaid, 1))",
    )])  # fmt: skip


def paladin_only_above_the_line() -> None:
    """PAL-2 broken: the paladin is attracted only by a marker strictly above his space,
    not by one standing on it."""
    from dlrules.core.phases import common
    from dlrules.core.phases.combat import fight

    _rewrite(common, "paladin_after", [("if evil >= line and evil > bar", "if evil > line and evil > bar")], fight)


def dummy_marker_rises_after() -> None:
    """RUL-12 broken: with 2 players the dummies' evil marker moves up 1 after the
    adventurers are assigned, not before; the assignment uses its old place."""
    from dlrules.core import loop
    from dlrules.core.phases import adventurers
    from dlrules.core.state import Phase

    fn = _rewrite(adventurers, "enter", [(
        "lords = _nicest_first(state, dummy_evil)",
        "lords = _nicest_first(state, state.dummy_evil)",
    )])  # fmt: skip
    loop._ENTERS[Phase.ADVENTURERS] = fn


def standard_attack_spills_over() -> None:
    """CMB-PARTY-5 broken: what a standard attack deals beyond the first adventurer's
    remaining hit points is not lost but goes on to the next adventurer, as fatigue does."""
    from dlrules.core.phases.combat import decisions, monsters

    _rewrite(monsters, "_attack", [(
        '        _hurt(run, seat, [damage], f"The {name} attacks", kind)\n',
        "        from dlrules.core.phases.combat.party import hit_points as _hp\n"
        "        room = max(0, _hp(members[0]) - members[0].damage)\n"
        '        _hurt(run, seat, [min(damage, room), max(0, damage - room)], f"The {name} attacks", kind)\n',
    )], decisions)  # fmt: skip


def anti_trap_stops_the_poison() -> None:
    """CMB-EOR-1 broken: the Poisoned Dart's 2 later damage at the end of the round is
    reduced by the party's anti-trap icons, front first, like a trap's."""
    from dlrules.core.phases.combat import ending

    _rewrite(ending, "_end_of_round", [(
        "        amounts = [a.poison for a in members]\n",
        "        from dlrules.core.phases.combat.party import anti_trap\n"
        "        from dlrules.core.phases.combat.traps import _cancel_front_first\n"
        "        amounts = list(_cancel_front_first([a.poison for a in members], anti_trap(members)))\n",
    )])  # fmt: skip


def year_two_paladin_before_new_first() -> None:
    """Y2-14 broken: at the change of year the gold paladin is checked before the
    first-player token moves (Y2-12), so ties go by year 1's play order."""
    from dlrules.core.phases import change_of_year as coy

    steps = list(coy.CHANGE_OF_YEAR)
    first, check = steps.index(coy.new_starting_player), steps.index(coy.paladin_check)
    steps.insert(first, steps.pop(check))
    coy.CHANGE_OF_YEAR = tuple(steps)


def special_event_kept_secret() -> None:
    """SPE-6 broken (hidden information): the special event card turned up with its tile
    is hidden from every seat and the spectator until the Event phase that carries it out."""
    from dlrules.apps.conformance import observe
    from dlrules.records import views

    _rewrite(views, "redact", [(
        "        resolution=resolution, fight=_redact_fight(state.fight, seat),\n",
        "        resolution=resolution, fight=_redact_fight(state.fight, seat),\n"
        "        special_event=state.special_event if state.phase is Phase.EVENTS else None,\n",
    )], observe)  # fmt: skip


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "build-room-three-costs-two": (build_room_three_costs_two, "ACT-ROOM-2", ()),
    "placement-ignores-first-player": (placement_ignores_first_player, "ORD-4", ("ORD-5",)),
    "one-red-mark-for-any-shortfall": (one_red_mark_for_any_shortfall, "EVT-TAX-2", ("SCO-1f",)),
    "paladin-only-above-the-line": (paladin_only_above_the_line, "PAL-2", ("PAL-6",)),
    "dummy-marker-rises-after": (dummy_marker_rises_after, "RUL-12", ("ADV-2P-1",)),
    "ghost-haunts-the-leader": (ghost_haunts_the_leader, "M-3", ("CMB-MON-5", "CMB-MON-3")),
    "standard-attack-spills-over": (standard_attack_spills_over, "CMB-PARTY-5", ()),
    "anti-trap-stops-the-poison": (anti_trap_stops_the_poison, "CMB-EOR-1", ("T-5",)),
    "anti-magic-room-lets-spells": (anti_magic_room_lets_spells, "R-4", ("CMB-SPELL-3",)),
    "year-two-paladin-before-new-first": (year_two_paladin_before_new_first, "Y2-14", ("PAL-8",)),
    "cafeteria-forgets-witches": (cafeteria_forgets_witches, "R-5", ("SCO-6",)),
    "special-event-kept-secret": (special_event_kept_secret, "SPE-6", ()),
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
