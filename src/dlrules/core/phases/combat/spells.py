"""Spells: the round's combat card cast in its step (CMB-SPELL-1..5, CMB-SPELL-7,
CMB-SPELL-8, CMB-CARD-5, CMB-HEAL-3; the cards C1-3..7 and C2-1..2).

Owns: whether the party casts (magic points against the round, CMB-SPELL-1,
CMB-SPELL-2; an Anti-magic Dart, CMB-SPELL-3; the Anti-Magic Room, R-4), each
spell's effect or the question it asks the defender (C1-5, C1-6, C1-7,
CMB-SPELL-7; no established effect, CMB-SPELL-8, U-1, U-2), and monsters
withdrawn by Word of Peace or Suggestion. The Magic Shield, Invisibility,
Create Food and Illusion act through the party (``party``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dlrules.components import COMBAT_CARDS, MONSTERS, AdventurerClass
from dlrules.components.combat import DETECT_EVIL_EVIL, ILLUSION_KEY, MAGIC_SHIELD_POINTS
from dlrules.core.phases.combat.fight import _SET_SENT, _SET_SHIELD, Run, _monsters_only, _move_evil, ground_of
from dlrules.core.phases.combat.party import _SET_PARTY, _party_in, _with_party, adventurer_class, crystals
from dlrules.core.phases.common import announce, narrating, plural
from dlrules.core.state import Adventurer, Battle, PlayerState, setter


def _withdraw(run: Run, indices: Sequence[int], why: str, card: str) -> None:
    """CMB-SPELL-5: withdrawn monsters go back face up, as if never sent."""
    b = run.at_battle()
    if run.narrate and indices:
        kinds = [run.players[b.seat].monsters[i].kind for i in indices]
        names = ", ".join(MONSTERS[k].name for k in kinds)
        verb = "goes" if len(kinds) == 1 else "go"
        announce("withdraw", f"Player {b.seat + 1}'s {names} {verb} back to the lair face up ({why}).", b.seat, card=card, monsters=kinds, indices=list(indices))
    run.battle = _SET_SENT(b, tuple([i for i in b.sent if i not in indices]))


def _cast(run: Run, key: str) -> bool:
    """CMB-SPELL-1..4: the round's spell is cast in its step (``steps``: the
    Fast Spell or the Slow Spell step, as the card says) if the party may
    cast and holds at least *r* magic points, counted now; separately in each
    battle of the round (CMB-CARD-5). Regeneration's healing is not the
    Healing step (CMB-HEAL-3) and its amount is unknown: no effect (U-1).
    ``key`` is the round's card; the battle it leaves is ``run.battle``.
    False when it is not cast (nothing changes)."""
    b = run.battle
    assert b is not None
    seat = b.seat
    members = _party_in(run, seat)
    magic = crystals(members)
    r = run.round
    narrate = run.narrate
    no_spells = b.no_spells
    if (no_spells or magic < r) and not narrate:
        return False  # not cast, whatever the room allows (looked up below only to be told first, R-4)
    allowed = ground_of(run.tile(seat)).spells
    card = COMBAT_CARDS[key]
    if no_spells or magic < r or not allowed:
        if narrate:  # the first reason that applies, in this order
            if not allowed:
                rule, why = "R-4", "the battle is in the Anti-Magic Room"
            elif no_spells:
                rule, why = "CMB-SPELL-3", "an Anti-magic Dart hit a wizard"
            else:
                rule, why = "CMB-SPELL-1", f"the party has {plural(magic, 'magic point')}, round {r} needs {r}"  # too few magic points for the round
            announce("spell", f"{card.name} is not cast: {why} ({rule}).", seat, card=key, cast=False, rule=rule, magic=magic)
        return False
    if run.narrate:
        announce("spell", f"The party casts {card.name}: {card.effect}.", seat, card=key, cast=True, magic=magic)
    p = run.players[seat]
    spell = card.spell
    if spell == "word-of-peace":
        run.battle = _SET_CHOOSING(b, spell)
    elif spell == "suggestion":
        asking = _monsters_only(p, b.sent)
        run.battle = _SET_CHOOSING_ASKING(b, spell if asking else None, asking)
    elif spell == "magic-shield":
        run.battle = _SET_SHIELD(b, MAGIC_SHIELD_POINTS.value)
    elif spell == "invisibility":
        wizard = AdventurerClass.WIZARD
        wizards = tuple([a for a in members if adventurer_class(a) is wizard])
        others = tuple([a for a in members if adventurer_class(a) is not wizard])
        _with_party(run, seat, others + wizards)
        run.battle = _SET_INVISIBLE(b, True)
    elif spell == "detect-treasure":
        if p.gold:
            _lose(seat, key, "gold")
            run.players[seat] = _SET_GOLD(p, p.gold - 1)
        elif p.food:
            _lose(seat, key, "food")
            run.players[seat] = _SET_FOOD(p, p.food - 1)
        elif p.traps:
            run.battle = _SET_CHOOSING(b, spell)
    elif spell == "fist-of-justice":
        if p.imps:
            _lose(seat, key, "imps")
            run.players[seat] = _SET_IMPS(p, p.imps - 1, min(p.busy_imps, p.imps - 1), min(p.foreimps, p.imps - 1))
    elif spell == "detect-evil":
        _move_evil(run, seat, DETECT_EVIL_EVIL.value)  # CMB-SPELL-7: a gain
    elif spell == "illusion":
        run.players[seat] = _SET_PARTY(p, (Adventurer(ILLUSION_KEY),) + p.party)
    elif spell == "create-food":
        fed = (_SET_FED(members[0], members[0].food + 1),) + members[1:]
        _with_party(run, seat, fed)
    elif spell == "metamorphosis":
        if _monsters_only(p, b.sent):
            run.battle = _SET_CHOOSING(b, spell)
    elif spell == "none" and run.state.table_rulings:
        run.battle = _SET_CHOOSING(b, "table")  # LIB-TAB-8: the table rules on the card it can read (``ruling``)
    # else CMB-SPELL-8: no established effect (Fireball, C1-5, and the U-1/U-2 cards)
    return True


def _lose(seat: int, card: str, what: str) -> None:
    """Announce the one gold, food or imp a spell takes (C1-6, C1-7)."""
    if narrating():
        thing = "an imp" if what == "imps" else f"1 {what}"
        announce("spell", f"Player {seat + 1} loses {thing} ({COMBAT_CARDS[card].name}).", seat, card=card, lost={what: 1})


_SET_CHOOSING: Final = setter(Battle, "choosing")
_SET_CHOOSING_ASKING: Final = setter(Battle, "choosing", "asking")
_SET_INVISIBLE: Final = setter(Battle, "invisible")
_SET_GOLD: Final = setter(PlayerState, "gold")
_SET_FOOD: Final = setter(PlayerState, "food")
_SET_IMPS: Final = setter(PlayerState, "imps", "busy_imps", "foreimps")
_SET_FED: Final = setter(Adventurer, "food")
"""The records a spell changes, each copied by a setter made once (``evolve``'s answer, faster)."""
