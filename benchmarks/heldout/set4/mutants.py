"""Held-out set 4: dlrules speaking the referee protocol with exactly one
rule broken (combat and year 2), written without knowledge of the
conformance kit's scenarios.

    .venv/bin/python benchmarks/heldout/set4/mutants.py NAME

Each mutant either changes dlrules' rule data or one line of one rule
function in its own process before serving (returns None), or returns a
``Referee`` subclass wrapping dlrules' answers. ``MUTANTS`` maps
name -> (change, primary rule ID, other rule IDs broken as directly).
MUTANTS.md describes each; witness.py proves each takes effect.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import attrs

from dlrules.apps.conformance.engines import Referee


# --- a one-line source bug, as another engine's author would write it ---------------


def patch_source(module_name: str, func_name: str, old: str, new: str, count: int | None = 1) -> None:
    """Re-define ``module_name.func_name`` from its own source with ``old``
    replaced by ``new`` (``count`` occurrences exactly; None: at least one),
    in the module's namespace, and rebind every loaded dlrules module that
    imported the original function by name."""
    module = importlib.import_module(module_name)
    original = getattr(module, func_name)
    target = inspect.unwrap(original)
    source = textwrap.dedent(inspect.getsource(target))
    found = source.count(old)
    if (count is not None and found != count) or found == 0:
        raise RuntimeError(f"{module_name}.{func_name}: {old!r} found {found} times, expected {count}")
    source = source.replace(old, new)
    namespace = module.__dict__
    exec(compile(source, inspect.getsourcefile(target) or module_name, "exec"), namespace)  # noqa: S102
    replacement = namespace[func_name]
    for name, loaded in list(sys.modules.items()):
        if not name.startswith("dlrules") or loaded is None:
            continue
        for attr, value in list(vars(loaded).items()):
            if value is original:
                setattr(loaded, attr, replacement)
            elif isinstance(value, dict):  # a dispatch table: move type -> handler
                for key, handler in list(value.items()):
                    if handler is original:
                        value[key] = replacement


def _load_rules() -> None:
    """Import the rule modules (so every by-name import of a patched function is rebound)."""
    import dlrules.core.engine  # noqa: F401
    import dlrules.core.phases.combat  # noqa: F401
    import dlrules.core.phases.combat.conquest  # noqa: F401
    import dlrules.core.phases.combat.decisions  # noqa: F401
    import dlrules.core.phases.combat.monsters  # noqa: F401
    import dlrules.core.phases.combat.spells  # noqa: F401
    import dlrules.core.phases.combat.steps  # noqa: F401
    import dlrules.core.phases.combat.traps  # noqa: F401
    import dlrules.core.phases.resolution  # noqa: F401
    import dlrules.records.views  # noqa: F401
    import dlrules.apps.conformance.observe  # noqa: F401


# --- data ------------------------------------------------------------------------------


def room_trap_free() -> None:
    """CMB-PLAN-6 broken: a trap played on an ordinary room costs no extra gold
    (the surcharge is 1 gold a trap)."""
    from dlrules.components import combat

    combat.ROOM = attrs.evolve(combat.ROOM, surcharge=0)


def fire_wall_no_extra() -> None:
    """T-1 broken: the Fire Wall deals 1 to each adventurer and no extra point to the last."""
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["wall-of-fire"] = attrs.evolve(TRAP_COMBAT["wall-of-fire"], last_extra=0)


def troll_fed_hits_five() -> None:
    """M-4 broken: the Troll's fed option (pay 1 food) deals 5, not 4."""
    from dlrules.components.combat import MONSTER_COMBAT

    troll = MONSTER_COMBAT["troll"]
    options = (troll.options[0], attrs.evolve(troll.options[1], damage=5))
    MONSTER_COMBAT["troll"] = attrs.evolve(troll, options=options)


def conquest_costs_two_evil() -> None:
    """CMB-CONQ-3 broken: a conquered tile costs its owner 2 Evil, not 1."""
    from dlrules.components import combat
    from dlrules.core.phases.combat import conquest

    two = attrs.evolve(combat.CONQUEST_EVIL, value=2)
    combat.CONQUEST_EVIL = two
    conquest.CONQUEST_EVIL = two


# --- logic -----------------------------------------------------------------------------


def heal_without_monster_attack() -> None:
    """CMB-HEAL-1 broken: the party heals even when no monster or ghost attacked."""
    _load_rules()
    patch_source("dlrules.core.phases.combat.conquest", "_heals", "return b.attacked and not b.no_heal", "return not b.no_heal")


def anti_trap_cancels_from_back() -> None:
    """CMB-TRAP-3 broken: anti-trap icons cancel trap damage from the last adventurer forwards."""
    _load_rules()
    patch_source(
        "dlrules.core.phases.combat.traps", "_cancel_front_first",
        "for i in range(len(out)):\n        cancel = min(left, out[i])",
        "for i in reversed(range(len(out))):\n        cancel = min(left, out[i])",
    )  # fmt: skip


def fatigue_does_not_roll_on() -> None:
    """CMB-CONQ-2 broken: fatigue that eliminates the first adventurer stops there
    (the rest is lost, as with a standard attack) instead of rolling on."""
    _load_rules()
    patch_source(
        "dlrules.core.phases.combat.conquest", "_last_steps",
        "                front += 1\n            prisoners = tuple(keys[:front])",
        "                front += 1\n                break\n            prisoners = tuple(keys[:front])",
    )  # fmt: skip


def spell_needs_more_magic() -> None:
    """CMB-SPELL-1 broken (off by one): a spell is cast only when the party's
    magic points exceed the round number (it is: at least the round number)."""
    _load_rules()
    patch_source("dlrules.core.phases.combat.spells", "_cast", "magic < r", "magic <= r", count=None)


def y2_discarded_trap_back_to_deck() -> None:
    """Y2-3 broken: the trap card discarded after year 2's Buy Traps is shuffled
    back into the trap deck instead of leaving the game."""
    _load_rules()
    patch_source(
        "dlrules.core.phases.resolution", "_discard",
        '{"trap_discard": discard}',
        '{"decks": evolve(state.decks, traps=state.decks.traps.with_card(move.trap))}',
    )
    from dlrules.core.phases import resolution
    from dlrules.core.state import evolve

    resolution.__dict__.setdefault("evolve", evolve)


def troll_food_needs_two() -> None:
    """CMB-MON-2 broken (a move missing in a rare case): the Troll's fed option is
    offered only when the lord has more food than its price (with exactly 1 food it is missing)."""
    _load_rules()
    patch_source(
        "dlrules.core.phases.combat.monsters", "_options_made",
        "if option.food and food < option.food:", "if option.food and food <= option.food:",
    )  # fmt: skip


# --- view --------------------------------------------------------------------------------


def planned_traps_visible() -> None:
    """CMB-PLAN-9 broken (a view leak): the trap cards another lord planned face
    down are shown by name in a seat's observation before the Trap step."""
    _load_rules()
    patch_source(
        "dlrules.records.views", "_redact_fight",
        "plan if plan is None or s == seat else", "plan if True else",
    )  # fmt: skip


# --- odds ----------------------------------------------------------------------------------


def combat_card_not_removed() -> None:
    """CMB-CARD-1 broken (wrong odds): a revealed combat card stays in the face-down
    deck, so a later round's card is drawn from too many cards and may repeat."""
    _load_rules()
    patch_source(
        "dlrules.core.phases.combat.steps", "_reveal",
        "run.decks = _SET_COMBAT_DECK(decks, decks.combat.without(card))", "run.decks = decks",
    )  # fmt: skip


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "room-trap-free": (room_trap_free, "CMB-PLAN-6", ("CMB-3",)),
    "fire-wall-no-extra": (fire_wall_no_extra, "T-1", ()),
    "troll-fed-hits-five": (troll_fed_hits_five, "M-4", ()),
    "conquest-costs-two-evil": (conquest_costs_two_evil, "CMB-CONQ-3", ("CMB-7",)),
    "heal-without-monster-attack": (heal_without_monster_attack, "CMB-HEAL-1", ("CMB-6",)),
    "anti-trap-cancels-from-back": (anti_trap_cancels_from_back, "CMB-TRAP-3", ("CMB-5",)),
    "fatigue-does-not-roll-on": (fatigue_does_not_roll_on, "CMB-CONQ-2", ("CMB-7", "CMB-PARTY-5")),
    "spell-needs-more-magic": (spell_needs_more_magic, "CMB-SPELL-1", ()),
    "y2-discarded-trap-back-to-deck": (y2_discarded_trap_back_to_deck, "Y2-3", ()),
    "troll-food-needs-two": (troll_food_needs_two, "CMB-MON-2", ()),
    "planned-traps-visible": (planned_traps_visible, "CMB-PLAN-9", ("CMB-REF-6",)),
    "combat-card-not-removed": (combat_card_not_removed, "CMB-CARD-1", ("CMB-REF-3",)),
}
"""Name -> (the change, which may return the Referee to serve; the primary rule ID it
breaks; other rule IDs it breaks just as directly)."""


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
