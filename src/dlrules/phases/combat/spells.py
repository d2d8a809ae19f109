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

from dlrules.components import COMBAT_CARDS, MONSTERS, AdventurerClass
from dlrules.components.combat import DETECT_EVIL_EVIL, ILLUSION_KEY, MAGIC_SHIELD_POINTS
from dlrules.phases.combat.fight import _battle, _fight, _monsters_only, _set_battle, _tile, ground_of
from dlrules.phases.combat.party import _with_party, adventurer_class, crystals, party
from dlrules.phases.common import announce, move_evil, narrating, plural, update_player
from dlrules.state import Adventurer, Battle, GameState, Plan, evolve


def _withdraw(state: GameState, indices: Sequence[int], why: str, card: str) -> GameState:
    """CMB-SPELL-5: withdrawn monsters go back face up, as if never sent."""
    b = _battle(state)
    if narrating() and indices:
        kinds = [state.players[b.seat].monsters[i].kind for i in indices]
        names = ", ".join(MONSTERS[k].name for k in kinds)
        verb = "goes" if len(kinds) == 1 else "go"
        announce("withdraw", f"Player {b.seat + 1}'s {names} {verb} back to the lair face up ({why}).", b.seat, card=card, monsters=kinds, indices=list(indices))
    return _set_battle(state, evolve(b, sent=tuple(i for i in b.sent if i not in indices)))


def _cast(state: GameState, b: Battle, key: str, plan: Plan) -> tuple[GameState, Battle]:
    """CMB-SPELL-1..4: the round's spell is cast in its step (``_step``: the
    Fast Spell or the Slow Spell step, as the card says) if the party may
    cast and holds at least *r* magic points, counted now; separately in each
    battle of the round (CMB-CARD-5). Regeneration's healing is not the
    Healing step (CMB-HEAL-3) and its amount is unknown: no effect (U-1).
    ``b`` is the battle (``_step`` carries it, with the round's card ``key``
    and the defender's ``plan``); the battle it leaves is returned, not written."""
    f = _fight(state)
    seat = b.seat
    card = COMBAT_CARDS[key]
    members = party(state, seat)
    magic = crystals(members)
    tile = _tile(state, seat, plan.tile)
    rule: str | None = None
    if not ground_of(tile).spells:
        rule = "R-4"  # the battle is in the Anti-Magic Room
    elif b.no_spells:
        rule = "CMB-SPELL-3"  # an Anti-magic Dart hit a wizard
    elif magic < f.round:
        rule = "CMB-SPELL-1"  # too few magic points for the round
    if rule is not None:
        if narrating():
            if rule == "R-4":
                why = "the battle is in the Anti-Magic Room"
            elif rule == "CMB-SPELL-3":
                why = "an Anti-magic Dart hit a wizard"
            else:
                why = f"the party has {plural(magic, 'magic point')}, round {f.round} needs {f.round}"
            announce("spell", f"{card.name} is not cast: {why} ({rule}).", seat, card=key, cast=False, rule=rule, magic=magic)
        return state, b
    if narrating():
        announce("spell", f"The party casts {card.name}: {card.effect}.", seat, card=key, cast=True, magic=magic)
    p = state.players[seat]
    spell = card.spell
    if spell == "word-of-peace":
        return state, evolve(b, choosing=spell)
    if spell == "suggestion":
        asking = _monsters_only(p, b.sent)
        return state, evolve(b, choosing=spell if asking else None, asking=asking)
    if spell == "magic-shield":
        return state, evolve(b, shield=MAGIC_SHIELD_POINTS.value)
    if spell == "invisibility":
        wizards = tuple(a for a in members if adventurer_class(a) is AdventurerClass.WIZARD)
        others = tuple(a for a in members if adventurer_class(a) is not AdventurerClass.WIZARD)
        return _with_party(state, seat, others + wizards), evolve(b, invisible=True)
    if spell == "detect-treasure":
        if p.gold:
            _lose(seat, key, "gold")
            return update_player(state, seat, gold=p.gold - 1), b
        if p.food:
            _lose(seat, key, "food")
            return update_player(state, seat, food=p.food - 1), b
        if p.traps:
            return state, evolve(b, choosing=spell)
        return state, b
    if spell == "fist-of-justice":
        if p.imps:
            _lose(seat, key, "imps")
            return update_player(state, seat, imps=p.imps - 1, busy_imps=min(p.busy_imps, p.imps - 1), foreimps=min(p.foreimps, p.imps - 1)), b
        return state, b
    if spell == "detect-evil":
        return move_evil(state, seat, DETECT_EVIL_EVIL.value), b  # CMB-SPELL-7: a gain
    if spell == "illusion":
        p = state.players[seat]
        return update_player(state, seat, party=(Adventurer(ILLUSION_KEY),) + p.party), b
    if spell == "create-food":
        fed = (evolve(members[0], food=members[0].food + 1),) + members[1:]
        return _with_party(state, seat, fed), b
    if spell == "metamorphosis":
        if _monsters_only(p, b.sent):
            return state, evolve(b, choosing=spell)
        return state, b
    if spell == "none" and state.table_rulings:
        return state, evolve(b, choosing="table")  # LIB-TAB-8: the table rules on the card it can read (``ruling``)
    return state, b  # CMB-SPELL-8: no established effect (Fireball, C1-5, and the U-1/U-2 cards)


def _lose(seat: int, card: str, what: str) -> None:
    """Announce the one gold, food or imp a spell takes (C1-6, C1-7)."""
    if narrating():
        thing = "an imp" if what == "imps" else f"1 {what}"
        announce("spell", f"Player {seat + 1} loses {thing} ({COMBAT_CARDS[card].name}).", seat, card=card, lost={what: 1})
