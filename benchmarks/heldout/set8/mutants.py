"""Held-out set 8: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set8/mutants.py NAME

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


def mine_slot_iii_no_foreimp() -> None:
    """ACT-MINE-1 broken: Mine Gold's slot III permits 4 imps with no foreimp (the foreimp
    is printed on Dig Tunnels' slot III only)."""
    from dlrules.components import Action, board

    space = board.SPACES[Action.MINE.index]
    one, two, three = space.slots
    three = attrs.evolve(three, reward=attrs.evolve(three.reward, foreimp=False), text="up to 4 imps mine 1 gold each")
    spaces = list(board.SPACES)
    spaces[Action.MINE.index] = attrs.evolve(space, slots=(one, two, three))
    board.SPACES = tuple(spaces)


def vampire_bites_priests() -> None:
    """M-6 broken: the Vampire's "anyone except priests" is read as "anyone": both its
    options may target a priest."""
    from dlrules.components.combat import MONSTER_COMBAT

    vampire = MONSTER_COMBAT["vampire"]
    MONSTER_COMBAT["vampire"] = attrs.evolve(vampire, options=tuple(attrs.evolve(o, no_priests=False) for o in vampire.options))


def trap_door_lets_conquer() -> None:
    """T-3 broken: the Trap Door deals its 2 damage but does not skip the Conquering step."""
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["trap-door"] = attrs.evolve(TRAP_COMBAT["trap-door"], no_conquest=False)


def golem_costs_no_trap() -> None:
    """Y2-19 broken: the Golem costs (and is paid) 1 gold only, without one of its owner's
    trap cards."""
    from dlrules.components.cards import MONSTERS

    MONSTERS["golem"] = attrs.evolve(MONSTERS["golem"], trap_cost=0)


def dummy_evil_drops_one() -> None:
    """Y2-11 broken: at the change of year the 2-player dummies' Evil marker moves 1 space
    down (it moves 2)."""
    from dlrules.core.phases import change_of_year

    change_of_year.DUMMY_EVIL_DROP = 1


# --- logic -----------------------------------------------------------------------------


def token_passes_right() -> None:
    """END-1 broken: after rounds 1-3 the first-player token passes to the right
    (seat - 1), not to the left (seat + 1)."""
    from dlrules.core import loop
    from dlrules.core.phases import end_of_round
    from dlrules.core.state import Phase

    fn = _rewrite(end_of_round, "enter", [("first = (first + 1) % state.n_players", "first = (first - 1) % state.n_players")])
    loop._ENTERS[Phase.END_OF_ROUND] = fn


def dummy_loses_ties() -> None:
    """ADV-2P-1 broken: with 2 players the dummies' Evil marker counts as *more* evil than
    a real lord it ties with (it counts as nicer), so a tied lord gets the weaker adventurer."""
    from dlrules.core.phases import adventurers

    _rewrite(adventurers, "_nicest_first", [("ranked.append((dummy_evil, -1, DUMMY))", "ranked.append((dummy_evil, len(players), DUMMY))")])


def anti_trap_from_the_back() -> None:
    """CMB-5 broken: anti-trap icons cancel a trap's damage from the back of the party
    forwards (they are taken first from the damage aimed at the front)."""
    from dlrules.core.phases.combat import traps

    _rewrite(traps, "_cancel_front_first", [("    for i in range(len(out)):\n        cancel", "    for i in reversed(range(len(out))):\n        cancel")])


def paladin_has_no_magic() -> None:
    """CMB-SPELL-2 broken: the party's magic points count the wizards' crystals only, not
    the paladin's."""
    import importlib

    party = importlib.import_module("dlrules.core.phases.combat.party")  # (the package's ``party`` is a function)
    from dlrules.core.phases.combat import spells

    _rewrite(party, "crystals", [("total += _CRYSTALS[a.key]", "total += 0 if a.key in _PALADIN_KEYS else _CRYSTALS[a.key]")], spells)


def imp_title_counts_trolls() -> None:
    """SCO-8e broken: the Lord of Imps counts troll tokens as imps (imp figures only)."""
    from dlrules.core.phases import scoring

    _rewrite(scoring, "_title_values", [("player.imps,  # SCO-8e", "player.imps + player.trolls,  # SCO-8e")])


def halls_title_unconquered_rooms() -> None:
    """SCO-8b broken: the Lord of Halls counts only unconquered rooms (conquered ones count too)."""
    from dlrules.core.phases import scoring

    _rewrite(scoring, "_title_values", [("tally.rooms,  # SCO-8b", "len(tally.unconquered_rooms),  # SCO-8b")])


def combat_card_shown_at_planning() -> None:
    """CMB-CARD-7 broken (hidden information): a round's combat card counts as face up
    from the start of that round's Planning, so a card one player spied is shown to every
    seat before it is revealed."""
    from dlrules.records import views

    _rewrite(views, "face_up_combat", [('done = f.round - 1 + (1 if f.stage in ("battle", "over") else 0)', "done = f.round")])


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "mine-slot-iii-no-foreimp": (mine_slot_iii_no_foreimp, "ACT-MINE-1", ("ACT-MINE-6",)),
    "token-passes-right": (token_passes_right, "END-1", ()),
    "dummy-loses-ties": (dummy_loses_ties, "ADV-2P-1", ()),
    "anti-trap-from-the-back": (anti_trap_from_the_back, "CMB-5", ("CMB-TRAP-3",)),
    "vampire-bites-priests": (vampire_bites_priests, "M-6", ("CMB-MON-5",)),
    "trap-door-lets-conquer": (trap_door_lets_conquer, "T-3", ("CMB-CONQ-1",)),
    "paladin-has-no-magic": (paladin_has_no_magic, "CMB-SPELL-2", ("PAL-12",)),
    "golem-costs-no-trap": (golem_costs_no_trap, "Y2-19", ("EVT-PAY-1",)),
    "dummy-evil-drops-one": (dummy_evil_drops_one, "Y2-11", ()),
    "imp-title-counts-trolls": (imp_title_counts_trolls, "SCO-8e", ("PROD-2",)),
    "halls-title-unconquered-rooms": (halls_title_unconquered_rooms, "SCO-8b", ()),
    "combat-card-shown-at-planning": (combat_card_shown_at_planning, "CMB-CARD-7", ("CMB-REF-6",)),
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
