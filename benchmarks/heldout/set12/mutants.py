"""Held-out set 12: dlrules speaking the referee protocol with exactly one rule
broken, written apart from the conformance kit.

    .venv/bin/python benchmarks/heldout/set12/mutants.py NAME

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


def training_room_spares_trolls() -> None:
    """R-1 broken: the Training Room adds its +1 to the Goblin's attacks only; a Troll
    fighting there deals its plain 3 (or 4 with food)."""
    from dlrules.components import cards
    from dlrules.components.combat import MONSTER_COMBAT

    MONSTER_COMBAT["troll"] = attrs.evolve(MONSTER_COMBAT["troll"], bonus_room=None)
    cards.ROOMS["training-room"] = attrs.evolve(cards.ROOMS["training-room"], effect="goblins fighting here deal +1 damage")


def fireball_fatigue_two() -> None:
    """C1-5 broken: the Fireball card's fatigue is read as 2 instead of 1."""
    from dlrules.components import cards

    cards.COMBAT_CARDS["fireball"] = attrs.evolve(cards.COMBAT_CARDS["fireball"], fatigue=2)


def paladin_space_eleven() -> None:
    """PAL-6 broken: the paladin space of the evilometer is taken as 11, not 10: a lord
    on 10 does not draw the paladin (in building or in combat)."""
    from dlrules.components import setup
    from dlrules.core.phases import common
    from dlrules.core.phases.combat import fight

    fact = attrs.evolve(setup.PALADIN_SPACE, value=11)
    setup.PALADIN_SPACE = fact
    common.PALADIN_SPACE = fact  # imported there by name
    fight.PALADIN_SPACE = fact
    fight._PALADIN_LINE = fact.value  # read once at import (a module constant)
    for name in ("dlrules.display.render", "dlrules.display.svg"):
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "PALADIN_SPACE"):
            setattr(module, "PALADIN_SPACE", fact)


# --- logic -----------------------------------------------------------------------------


def dummy_takes_a_monster() -> None:
    """DUM3-4 broken: a dummy minion on Hire Monster does not simply go home: it sends
    the Tavern's first monster to the Distant Lands (the optional DUM3-5 played as if on)."""
    from dlrules.core.phases import resolution

    _rewrite(resolution, "_onward", [("if state.dummy_hires and space == _MONSTER:", "if space == _MONSTER:")])


def broke_hire_still_placed() -> None:
    """ORD-9 broken: a player with no gold who reveals Hire Monster as his first order
    places his minion as usual (paying nothing) instead of putting it on the order card."""
    from dlrules.core.phases import orders

    _rewrite(orders, "_reveal", [(
        "for seat, pays in _hire_first(state, committed_of, order_of_play):",
        "for seat, pays in [c for c in _hire_first(state, committed_of, order_of_play) if c[1]]:",
    )])  # fmt: skip


def miners_stay_free() -> None:
    """ACT-MINE-5 broken: the imps that mined gold are not busy afterwards; they may
    still staff rooms in the Production phase (slot III's foreimp stays busy)."""
    from dlrules.core.moves import MineGold
    from dlrules.core.phases import resolution

    fn = _rewrite(resolution, "_mine", [("busy = p.busy_imps + imps", "busy = p.busy_imps")])  # the line as it is since 4 December 2026 (session 54)
    resolution._PLAYS[MineGold] = fn


def special_event_reshuffled() -> None:
    """SPE-5 broken: at the change of year, year 1's special event card is shuffled back
    into the special event deck instead of leaving play, so year 2 may draw it again."""
    from dlrules.core.phases import change_of_year

    fn = _rewrite(change_of_year, "progress_to_winter", [
        ("far = state.far_lands + ((state.special_event,) if state.special_event is not None else ())", "far = state.far_lands"),
        ("decks=evolve(state.decks, events=_EVENT_TILES),",
         "decks=evolve(state.decks, events=_EVENT_TILES, special=state.decks.special.with_card(left) if left is not None else state.decks.special),"),
    ])  # fmt: skip
    change_of_year.CHANGE_OF_YEAR = tuple(fn if step.__name__ == "progress_to_winter" else step for step in change_of_year.CHANGE_OF_YEAR)


def year_two_events_unshuffled() -> None:
    """Y2-13 broken: the event tiles are not shuffled again for year 2: they come up in
    the same seasons as in year 1."""
    from dlrules.core.phases import change_of_year

    fn = _rewrite(change_of_year, "progress_to_winter", [(
        "decks=evolve(state.decks, events=_EVENT_TILES),",
        "decks=evolve(state.decks, events=Deck((), tuple([e for e in state.events if e is not None])) if any(e is not None for e in state.events) else _EVENT_TILES),",
    )])  # fmt: skip
    change_of_year.CHANGE_OF_YEAR = tuple(fn if step.__name__ == "progress_to_winter" else step for step in change_of_year.CHANGE_OF_YEAR)


def meal_ignores_anti_trap() -> None:
    """T-8 broken: anti-trap icons do not reduce the Poisoned Meal: the first adventurer
    always takes damage equal to his hit points."""
    from dlrules.core.phases.combat import traps

    _rewrite(traps, "_trap_hits", [(
        "icons = max(0, anti_trap(members) - b.icons_used)",
        "icons = 0 if t.whole_hp else max(0, anti_trap(members) - b.icons_used)",
    )])  # fmt: skip


def idle_monsters_stay_ready() -> None:
    """CMB-MON-8 broken: when a battle stops before every sent monster has acted, the
    monsters that did not act go back face up instead of being knocked out."""
    from dlrules.core.phases.combat import conquest, ending, fight

    _rewrite(fight, "_left_over", [("monsters = _knocked_out(p.monsters, b.sent) if b.sent else p.monsters", "monsters = p.monsters")], ending, conquest)


def dark_deeds_tie_broken() -> None:
    """SCO-10 broken: a tie for the Lord of Dark Deeds (the highest evil) is broken: the
    tied player last in seat order takes the title alone, as the paladin does in PAL-8."""
    from dlrules.core.phases import scoring

    _rewrite(scoring, "_title_results", [(
        "holders = _award(fewest, values)\n",
        "holders = _award(fewest, values)\n        if title is Title.EVIL and len(holders) > 1:\n            holders = holders[-1:]\n",
    )])  # fmt: skip


def round_card_shown_at_planning() -> None:
    """CMB-CARD-4 broken (hidden information): the combat card of the current round is
    treated as face up from the start of the round, so a seat that did not spy it sees
    it (if another seat identified it) while everyone is still planning."""
    from dlrules.records import views

    _rewrite(views, "face_up_combat", [('done = f.round - 1 + (1 if f.stage in ("battle", "over") else 0)', "done = f.round")])


MUTANTS: dict[str, tuple[Callable[[], Referee | None], str, tuple[str, ...]]] = {
    "dummy-takes-a-monster": (dummy_takes_a_monster, "DUM3-4", ("DUM2-7",)),
    "broke-hire-still-placed": (broke_hire_still_placed, "ORD-9", ()),
    "miners-stay-free": (miners_stay_free, "ACT-MINE-5", ()),
    "special-event-reshuffled": (special_event_reshuffled, "SPE-5", ("SPE-10",)),
    "meal-ignores-anti-trap": (meal_ignores_anti_trap, "T-8", ()),
    "training-room-spares-trolls": (training_room_spares_trolls, "R-1", ("CMB-MON-7",)),
    "idle-monsters-stay-ready": (idle_monsters_stay_ready, "CMB-MON-8", ()),
    "fireball-fatigue-two": (fireball_fatigue_two, "C1-5", ("CMB-1",)),
    "paladin-space-eleven": (paladin_space_eleven, "PAL-6", ("PAL-2",)),
    "year-two-events-unshuffled": (year_two_events_unshuffled, "Y2-13", ()),
    "dark-deeds-tie-broken": (dark_deeds_tie_broken, "SCO-10", ("SCO-8a", "SCO-9")),
    "round-card-shown-at-planning": (round_card_shown_at_planning, "CMB-CARD-4", ("CMB-CARD-7",)),
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
