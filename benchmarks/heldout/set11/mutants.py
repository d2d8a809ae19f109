"""Held-out set 11: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit.

    .venv/bin/python benchmarks/heldout/set11/mutants.py NAME

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


def kamikaze_imp_spares_the_rest() -> None:
    """T-9 broken: the Kamikaze Imp deals its 3 damage to the first adventurer only; the
    1 damage to each other adventurer is forgotten."""
    from dlrules.components import cards
    from dlrules.components.combat import TRAP_COMBAT

    TRAP_COMBAT["kamikaze-imp"] = attrs.evolve(TRAP_COMBAT["kamikaze-imp"], others=0)
    cards.TRAPS["kamikaze-imp"] = attrs.evolve(cards.TRAPS["kamikaze-imp"], effect="pay 1 imp: 3 damage to the first adventurer")


def vampire_bites_then_sleeps() -> None:
    """CMB-MON-4 broken: a Vampire that uses its second option (2 damage) is knocked out
    like any monster instead of going back face up."""
    from dlrules.components import cards
    from dlrules.components.combat import MONSTER_COMBAT

    vampire = MONSTER_COMBAT["vampire"]
    bite, nip = vampire.options
    MONSTER_COMBAT["vampire"] = attrs.evolve(vampire, options=(bite, attrs.evolve(nip, ready_after=False)))
    cards.MONSTERS["vampire"] = attrs.evolve(
        cards.MONSTERS["vampire"], attack="3 damage to any non-priest, or 2 damage to any non-priest", after="knocked out"
    )


def word_of_peace_one_evil() -> None:
    """C1-1 broken: a defender who keeps his monsters under Word of Peace gains 1 evil, not 2."""
    from dlrules.components import cards, combat
    from dlrules.core.phases.combat import decisions

    fact = attrs.evolve(combat.WORD_OF_PEACE_EVIL, value=1)
    old = combat.WORD_OF_PEACE_EVIL
    combat.WORD_OF_PEACE_EVIL = fact
    setattr(decisions, "WORD_OF_PEACE_EVIL", fact)  # imported there by name
    combat.COMBAT_FACTS = tuple(fact if f is old else f for f in combat.COMBAT_FACTS)
    card = cards.COMBAT_CARDS["word-of-peace"]
    cards.COMBAT_CARDS["word-of-peace"] = attrs.evolve(card, effect="the defender withdraws all his monsters here, or gains 1 evil")


def demon_lets_them_conquer() -> None:
    """M-9 broken: a Demon's attack no longer makes the party skip the Conquering step
    (fatigue and conquest happen as usual)."""
    from dlrules.components import cards
    from dlrules.components.combat import MONSTER_COMBAT

    demon = MONSTER_COMBAT["demon"]
    MONSTER_COMBAT["demon"] = attrs.evolve(demon, options=tuple(attrs.evolve(o, no_conquest=False) for o in demon.options))
    cards.MONSTERS["demon"] = attrs.evolve(cards.MONSTERS["demon"], attack="7 damage to any adventurer")


# --- logic -----------------------------------------------------------------------------


def recruits_start_tired() -> None:
    """ACT-IMP-2 broken: imps recruited at Recruit Imps arrive busy and may not work in
    this round's Production phase."""
    from dlrules.core.moves import TakeAction
    from dlrules.core.phases import resolution

    fn = _rewrite(resolution, "_take", [(
        "return _moved_on(state, r, seat, _SET_TAKEN(p, food, gold, imps, played), True, telling=telling)",
        "return _moved_on(state, r, seat, evolve(_SET_TAKEN(p, food, gold, imps, played), busy_imps=p.busy_imps + reward.imps), True, telling=telling)",
    )])  # fmt: skip
    resolution._PLAYS[TakeAction] = fn


def hire_charge_in_first_game() -> None:
    """ORD-8 broken: the full game's 1-gold charge for Hire Monster played as first order
    is also levied in the first game."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_hire_first", [('if state.variant != "full":', 'if state.variant not in ("full", "first"):')])


def room_shop_keeps_leftovers() -> None:
    """RST-1 broken: at the round start the leftover monsters are discarded but a room left
    in the shop stays there; the shop is only topped up to 2."""
    from dlrules.core import loop
    from dlrules.core.phases import round_start
    from dlrules.core.state import Phase

    fn = _rewrite(round_start, "enter", [
        ("far_lands = state.far_lands + state.tavern + state.room_shop", "far_lands = state.far_lands + state.tavern"),
        ("return _SET_FRESH(state, (), (), far_lands,", "return _SET_FRESH(state, (), state.room_shop, far_lands,"),
    ])  # fmt: skip
    loop._ENTERS[Phase.ROUND_START] = fn


def taxes_in_full_when_able() -> None:
    """EVT-TAX-3 broken: a player who has the gold for all his taxes must pay them all; only
    a player short of gold chooses how much to pay."""
    from dlrules.core.phases import events

    _rewrite(events, "_choices", [(
        "return _tax_choices(seat, min(tax_due(player), player.gold)) if player.gold > 0 else ()",
        "return (_tax_choices(seat, tax_due(player))[-1:] if player.gold >= tax_due(player) else _tax_choices(seat, player.gold)) if player.gold > 0 else ()",
    )])  # fmt: skip


def second_dummy_takes_slot_one() -> None:
    """DUM2-2 broken: when both 2-player dummies draw the same action, the second takes the
    free slot I instead of slot III."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_dummy_draw", [(
        "slot = lowest_free_slot(rows, action, start=1)",
        "slot = lowest_free_slot(rows, action, start=1 if row[1] is None else 0)",
    )])  # fmt: skip


def paladin_ties_to_first() -> None:
    """PAL-8 broken: when several lords become the most evil at once, the paladin goes to the
    tied lord first in player order, not the last."""
    from dlrules.core.phases import common
    from dlrules.core.phases.combat import fight

    _rewrite(common, "paladin_after", [("(best is None or evil >= evils[best])", "(best is None or evil > evils[best])")], fight)


def ghosts_count_for_monster_title() -> None:
    """SCO-8d broken: the monster title counts the ghosts in the lair as monsters."""
    from dlrules.core.phases import scoring

    _rewrite(scoring, "_title_values", [("tally.monsters,  # SCO-8d", "len(player.monsters),  # SCO-8d")])


def kept_orders_shown_early() -> None:
    """RUL-13 broken (hidden information): in the full game's setup, the 2 orders a player
    keeps unavailable are shown to the other seats as soon as he keeps them, before all
    reveal together."""
    from dlrules.records import views

    _rewrite(views, "_redact_player", [("        kept=None,  # RUL-13: revealed together\n", "")])


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "recruits-start-tired": (recruits_start_tired, "ACT-IMP-2", ()),
    "hire-charge-in-first-game": (hire_charge_in_first_game, "ORD-8", ()),
    "room-shop-keeps-leftovers": (room_shop_keeps_leftovers, "RST-1", ()),
    "taxes-in-full-when-able": (taxes_in_full_when_able, "EVT-TAX-3", ()),
    "second-dummy-takes-slot-one": (second_dummy_takes_slot_one, "DUM2-2", ()),
    "kamikaze-imp-spares-the-rest": (kamikaze_imp_spares_the_rest, "T-9", ()),
    "vampire-bites-then-sleeps": (vampire_bites_then_sleeps, "CMB-MON-4", ("M-6",)),
    "word-of-peace-one-evil": (word_of_peace_one_evil, "C1-1", ()),
    "paladin-ties-to-first": (paladin_ties_to_first, "PAL-8", ("Y2-14",)),
    "demon-lets-them-conquer": (demon_lets_them_conquer, "M-9", ("CMB-CONQ-1",)),
    "ghosts-count-for-monster-title": (ghosts_count_for_monster_title, "SCO-8d", ()),
    "kept-orders-shown-early": (kept_orders_shown_early, "RUL-13", ()),
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
