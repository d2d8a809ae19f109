"""The trap step (CMB-TRAP, CMB-5).

Owns: a trap card going off on the battle tile, paid on reveal (CMB-TRAP-1,
CMB-TRAP-3) and discarded out of the game (SETUP-3), its damage to the positions it names less anti-trap (CMB-5,
CMB-TRAP-4, CMB-TRAP-5), its other effects (CMB-TRAP-7, CMB-TRAP-8; an
Anti-magic Dart stops spells or healing, CMB-SPELL-3, CMB-HEAL-1; U-7), and
a ``Target`` move: a dart's aim (CMB-TRAP-6) or the Witch's second small
attack (M-5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dlrules.components import TRAPS
from dlrules.components.combat import MONSTER_COMBAT, TRAP_COMBAT, Aim
from dlrules.core.phases.combat.fight import _SET_AIMING, Run, _attack_damage, _one
from dlrules.core.phases.combat.party import _PRIEST, _SET_POISON, _WIZARD, _hurt, _party_in, _who, _with_party, adventurer_class, anti_trap, hit_points
from dlrules.core.phases.common import announce, plural
from dlrules.core.state import Battle, PlayerState, setter


def _trap(run: Run, key: str) -> None:
    """CMB-TRAP-1: reveal a trap, pay its own cost (the room's gold on it is
    spent), discard it (CMB-TRAP-8); a dart waits for its target."""
    b = run.at_battle()
    seat = b.seat
    traps = list(b.traps)
    traps.remove(key)
    t = TRAP_COMBAT[key]
    p = run.players[seat]
    had_gold, had_food, had_imps, had_busy = p.gold, p.food, p.imps, p.busy_imps
    gold = max(0, had_gold - t.gold)
    food = max(0, had_food - t.food)
    imps = max(0, had_imps - t.imps)
    busy = min(had_busy, imps)
    if gold != had_gold or food != had_food or imps != had_imps or busy != had_busy:  # (a free trap leaves the record as it is)
        run.players[seat] = _SET_PAID(p, gold, food, imps, busy)
    if run.narrate:
        paid = {what: n for n, what in ((t.gold, "gold"), (t.food, "food"), (t.imps, "imps")) if n}
        cost = ", ".join(f"{n} gold" if what == "gold" else f"{n} food" if what == "food" else plural(n, "imp") for what, n in paid.items())
        announce("reveal_trap", f"Player {seat + 1} reveals the {TRAPS[key].name}" + (f", paying {cost}" if cost else "") + ".", seat, trap=key, cost=paid)
    run.discard += (key,)  # SETUP-3: a used trap card leaves the game
    if t.aim is _CHOSEN:
        run.battle = _SET_TRAPS_AIMING(b, tuple(traps), key)
        return
    _trap_hits(run, key, None, tuple(traps))


def _trap_hits(run: Run, key: str, target: int | None, traps: tuple[str, ...] | None = None) -> None:
    """CMB-TRAP-3..7, CMB-5: list the damage, cancel up to the anti-trap icons
    front first, place the rest; the other effects happen whatever the damage.
    ``traps``: the battle's trap cards still to go off, written in the same
    copy of the battle (None: as they are)."""
    b = run.at_battle()
    seat = b.seat
    t = TRAP_COMBAT[key]
    members = _party_in(run, seat)
    n = len(members)
    damage = t.damage_in(run.state.year)
    listed = [0] * n
    aim = t.aim
    if aim is _AIM_FIRST:
        listed[0] = hit_points(members[0]) if t.whole_hp else damage
        for i in range(1, n):
            listed[i] = t.others
    elif aim is _SECOND:
        if n > 1:
            listed[1] = damage  # CMB-TRAP-7, U-7: no second adventurer, no damage
    elif aim is _EACH:
        listed = [damage] * n
        listed[-1] += t.last_extra
    else:
        assert target is not None
        listed[target] = damage
    icons = max(0, anti_trap(members) - b.icons_used)  # CMB-TRAP-4
    before = sum(listed)
    listed = list(_cancel_front_first(listed, icons))
    used = before - sum(listed)
    if used and run.narrate:
        announce("anti_trap", f"Anti-trap icons cancel {plural(used, 'point')} of the {TRAPS[key].name}'s damage (CMB-5).", seat, trap=key, cancelled=used)
    no_conquest = True if t.no_conquest else b.no_conquest
    no_spells, no_heal = b.no_spells, b.no_heal
    if target is not None:
        cls = adventurer_class(members[target])
        if t.anti_magic and cls is _WIZARD:
            no_spells = True  # CMB-SPELL-3
        if t.anti_magic and cls is _PRIEST:
            no_heal = True  # CMB-HEAL-1 (d)
        if t.later:
            marked = list(members)
            marked[target] = _SET_POISON(marked[target], marked[target].poison + t.later)
            _with_party(run, seat, marked)
    if traps is None:
        run.battle = _SET_HIT(b, b.icons_used + used, no_conquest, no_spells, no_heal)
    else:
        run.battle = _SET_TRAPS_HIT(b, traps, b.icons_used + used, no_conquest, no_spells, no_heal)
    _hurt(run, seat, listed, f"The {TRAPS[key].name}", key)


def _cancel_front_first(listed: Sequence[int], icons: int) -> tuple[int, ...]:
    """CMB-5: the damage ``listed`` for each adventurer once the anti-trap
    icons have cancelled it, one point each, from the front adventurer backwards."""
    out = list(listed)
    left = icons
    for i in range(len(out)):
        cancel = min(left, out[i])
        out[i] -= cancel
        left -= cancel
    return tuple(out)


_SET_PAID: Final = setter(PlayerState, "gold", "food", "imps", "busy_imps")
_CHOSEN: Final = Aim.CHOSEN
_AIM_FIRST: Final = Aim.FIRST
_SECOND: Final = Aim.SECOND
_EACH: Final = Aim.EACH
"""Enum members as constants of this compiled module: reading a member of an
enum class goes through the enum's slow class-attribute hook (Python 3.11)."""
_SET_TRAPS_AIMING: Final = setter(Battle, "traps", "aiming")
_SET_TRAPS_HIT: Final = setter(Battle, "traps", "icons_used", "no_conquest", "no_spells", "no_heal")
_SET_HIT: Final = setter(Battle, "icons_used", "no_conquest", "no_spells", "no_heal")


def _aimed(run: Run, index: int) -> None:
    """CMB-TRAP-6, M-5: the defender's ``Target`` for a dart or the Witch's
    second small attack."""
    b = run.at_battle()
    aiming = b.aiming
    assert aiming is not None
    run.battle = _SET_AIMING(b, None)
    if run.narrate:
        what = "the Witch's second small attack" if aiming == "witch" else f"the {TRAPS[aiming].name}"
        members = _party_in(run, b.seat)
        announce("target", f"Player {b.seat + 1} aims {what} at {_who(members, index)}.", b.seat, by=aiming, position=index, adventurer=members[index].key)
    if aiming in MONSTER_COMBAT:  # M-5: the Witch's second small attack, its damage from table M
        small = next(o for o in MONSTER_COMBAT[aiming].options if o.hits > 1).damage
        _hurt(run, b.seat, _one(index, _attack_damage(run, b.seat, aiming, small)), "The Witch's second small attack", aiming)
        return
    _trap_hits(run, aiming, index)
