"""Cards and tiles: monsters, rooms, traps, adventurers, paladins, events,
combat cards and special events (the component tables; SPE, CMB-1).

Decks are multisets of card identities (``name -> copies``). A card's identity
is a short string key; the records below give its printed values.
"""

from __future__ import annotations

import enum

import attrs

from dlrules.components.base import Conf
from dlrules.components.board import Cost

_C = "component tables"


# --- Monsters (the component tables "Monsters and ghosts") -------------------------


@attrs.frozen
class MonsterKind:
    """A monster or ghost tile. ``cost`` is both hire cost and payday upkeep
    (ACT-MON-2, EVT-PAY-1). ``trap_cost``/``monster_cost`` are the Golem's
    trap card and the Demon's sacrificed monster. ``conf`` is the confidence
    of the attack, ``cost_conf`` that of the cost (the component tables; icon-only
    costs: U-17)."""

    key: str
    name: str
    year: int
    food: int
    evil: int
    gold: int
    trap_cost: int
    monster_cost: int
    ghost: bool
    attack: str
    after: str
    conf: Conf
    cost_conf: Conf = Conf.H
    source: str = _C + ", monsters; combat component table M"

    def describe_cost(self) -> str:
        parts = [Cost(gold=self.gold, food=self.food, evil=self.evil).describe()]
        if self.trap_cost:
            parts.append(f"{self.trap_cost} trap card")
        if self.monster_cost:
            parts.append(f"{self.monster_cost} other monster")
        return " + ".join(parts)


MONSTERS: dict[str, MonsterKind] = {
    m.key: m
    for m in (
        MonsterKind("goblin", "Goblin", 1, 1, 0, 0, 0, 0, False, "2 damage to the first adventurer", "knocked out", Conf.H, Conf.M),
        MonsterKind("slime", "Slime", 1, 1, 0, 0, 0, 0, False, "1 damage to every adventurer, or no damage and the party cannot conquer this round", "knocked out", Conf.H, Conf.M, source=_C + ", monsters (cost: one fan data set says 2 food); U-17"),
        MonsterKind("ghost", "Ghost", 1, 0, 1, 0, 0, 0, True, "2 damage to any adventurer except the first; cannot attack a lone adventurer", "knocked out; never withdraws", Conf.H, Conf.M),
        MonsterKind("troll", "Troll", 1, 2, 0, 0, 0, 0, False, "3 damage to the first, or pay 1 food: 4 damage to the first", "knocked out", Conf.H, Conf.M),
        MonsterKind("witch", "Witch", 1, 1, 1, 0, 0, 0, False, "4 damage to the first, or 1 damage to each of two adventurers", "knocked out", Conf.H, Conf.H, source=_C + ", monsters (cost H*: the Pay Day example, E3)"),
        MonsterKind("vampire", "Vampire", 1, 0, 2, 0, 0, 0, False, "3 damage to any non-priest, or 2 damage to any non-priest and it stays ready", "knocked out / ready", Conf.H, Conf.H, source=_C + ", monsters (cost H*: the Pay Day example, E3)"),
        MonsterKind("golem", "Golem", 2, 0, 0, 1, 1, 0, False, "4 damage to the first", "always stays ready", Conf.H, Conf.H),
        MonsterKind("dragon", "Dragon", 2, 2, 2, 0, 0, 0, False, "2 damage to every adventurer; the party skips its healing this round", "knocked out", Conf.H, Conf.M),
        MonsterKind("demon", "Demon", 2, 0, 1, 0, 0, 1, False, "7 damage to any adventurer, and the party cannot conquer this round", "knocked out", Conf.H, Conf.M, source=_C + ", monsters (the other monster: H; 1 evil: M)"),
    )
}  # fmt: skip

MONSTER_DECKS: dict[int, dict[str, int]] = {
    1: {"goblin": 2, "slime": 2, "ghost": 2, "troll": 2, "witch": 2, "vampire": 2},
    2: {"goblin": 1, "slime": 1, "ghost": 1, "troll": 1, "witch": 1, "vampire": 1, "golem": 2, "dragon": 2, "demon": 2},
}  # the component tables: 12 tiles a year (H); the kinds per deck come from a fan data set (M)
MONSTER_DECK_CONF = Conf.M


# --- Rooms (the component tables "Rooms") ------------------------------------------


class Produce(enum.Enum):
    """What a year-1 room makes (PROD-1)."""

    FOOD = "food"
    GOLD = "gold"
    TRAP = "trap"
    TUNNEL = "tunnel"
    EVIL_DOWN = "evil_down"
    IMP = "imp"
    NOTHING = "nothing"


@attrs.frozen
class RoomKind:
    key: str
    name: str
    year: int
    imps: int
    food_input: int
    produce: Produce
    area: str  # a key of components.setup.REGIONS
    effect: str
    conf: Conf
    source: str = _C + ", rooms"
    name_conf: Conf = Conf.H


ROOMS: dict[str, RoomKind] = {
    r.key: r
    for r in (
        RoomKind("chicken-coop", "Chicken Coop", 1, 3, 0, Produce.FOOD, "upper half", "3 imps -> 1 food", Conf.H),
        RoomKind("mushroom-bed", "Mushroom Bed", 1, 3, 0, Produce.FOOD, "lower half", "3 imps -> 1 food", Conf.H),
        RoomKind("souvenir-shop", "Souvenir Shop", 1, 3, 0, Produce.GOLD, "upper half", "3 imps -> 1 gold", Conf.H),
        RoomKind("mint", "Mint", 1, 3, 0, Produce.GOLD, "lower half", "3 imps -> 1 gold", Conf.H),
        RoomKind("workshop", "Workshop", 1, 4, 0, Produce.TRAP, "outer ring", "4 imps -> 1 trap card", Conf.H),
        RoomKind("tool-shed", "Tool Shed", 1, 2, 0, Produce.TUNNEL, "outer ring", "2 imps -> dig 1 tunnel (ACT-DIG rules apply)", Conf.H),
        RoomKind("printing-press", "Printing Press", 1, 3, 0, Produce.EVIL_DOWN, "inner", "3 imps -> evil -1", Conf.H),
        RoomKind("magic-room", "Magic Room", 1, 2, 1, Produce.IMP, "inner", "2 imps + 1 food -> 1 imp, which may work at once", Conf.H),
        RoomKind("training-room", "Training Room", 2, 0, 0, Produce.NOTHING, "anywhere", "goblins and trolls fighting here deal +1 damage", Conf.H),
        RoomKind("dark-room", "Dark Room", 2, 0, 0, Produce.NOTHING, "anywhere", "witches and vampires fighting here deal +1 damage", Conf.H),
        RoomKind("labyrinth", "Labyrinth", 2, 0, 0, Produce.NOTHING, "anywhere", "up to two traps here, with no gold surcharge, but only 1 monster (ghosts unlimited)", Conf.H),
        RoomKind("anti-magic-room", "Anti-magic Room", 2, 0, 0, Produce.NOTHING, "anywhere", "no spells while the party fights here", Conf.H),
        RoomKind("cafeteria", "Cafeteria", 2, 0, 0, Produce.NOTHING, "anywhere", "scoring: +1 per troll, goblin, slime and witch at the end (components/scoring.py)", Conf.H, "R-5"),
        RoomKind("chapel", "Chapel", 2, 0, 0, Produce.NOTHING, "anywhere", "scoring: +2 per vampire and per ghost at the end (components/scoring.py)", Conf.H, "R-6"),
        RoomKind("pandemonium", "Pandemonium", 2, 0, 0, Produce.NOTHING, "anywhere", "scoring: +2 per golem, dragon and demon at the end (components/scoring.py)", Conf.H, "R-7"),
        RoomKind("hall-of-fame", "Hall of Fame", 2, 0, 0, Produce.NOTHING, "anywhere", "scoring: +2 per exclusive title (+1 with 2 or 3 players), with the titles (components/scoring.py)", Conf.H, "R-8"),
    )
}  # fmt: skip

ROOM_DECKS: dict[int, dict[str, int]] = {
    y: {k: 1 for k, r in ROOMS.items() if r.year == y} for y in (1, 2)
}  # 16 tiles, 8 a year, one of each (the component tables, H)


# --- Traps (the component tables "Traps") -------------------------------------------


@attrs.frozen
class TrapKind:
    key: str
    name: str
    effect: str
    copies: int
    conf: Conf
    source: str = _C + ", traps; combat component table T"


TRAPS: dict[str, TrapKind] = {
    t.key: t
    for t in (
        TrapKind("anti-magic-dart", "Anti-magic Dart", "1 damage to a chosen adventurer; a wizard hit casts no spells, a priest hit heals nothing", 3, Conf.H),
        TrapKind("cursed-ring", "Cursed Ring", "pay 1 gold: 1 damage to each adventurer, the party cannot conquer", 3, Conf.H),
        TrapKind("wall-of-fire", "Wall of Fire", "1 damage to each adventurer, +1 more to the last (a lone adventurer takes 2: L)", 3, Conf.H),
        TrapKind("kamikaze-imp", "Kamikaze Imp", "pay 1 imp: 3 damage to the first, 1 to each other", 3, Conf.M, source=_C + ", traps (not in the rulebook)"),
        TrapKind("pendulum", "Pendulum", "3 damage to the second adventurer", 3, Conf.M, source=_C + ", traps (3 damage H; the target, the second adventurer: M)"),
        TrapKind("poisoned-dart", "Poisoned Dart", "1 damage to a chosen adventurer, 2 more at the end of the round", 3, Conf.H),
        TrapKind("poisoned-meal", "Poisoned Meal", "pay 1 food: damage equal to the first adventurer's hit points, reduced by anti-trap icons", 3, Conf.M),
        TrapKind("rolling-stone", "Rolling Stone", "3 damage to the first adventurer (year 2: 4, M-L)", 3, Conf.H),
        TrapKind("trap-door", "Trap Door", "2 damage to the first adventurer, the party cannot conquer", 3, Conf.M, source=_C + ", traps (2 damage and the skip H; the target, the first adventurer: M)"),
    )
}  # fmt: skip

TRAP_DECK: dict[str, int] = {k: t.copies for k, t in TRAPS.items()}
TRAP_DECK_CONF = Conf.M  # 27 cards of 9 kinds: the component list (M)
TRAP_COPIES_CONF = Conf.L  # 3 of each kind: the only split that fits (U-4)


# --- Adventurers and paladins ------------------------------------------------


class AdventurerClass(enum.Enum):
    WARRIOR = "warrior"
    THIEF = "thief"
    PRIEST = "priest"
    WIZARD = "wizard"
    PALADIN = "paladin"


_A = "combat component tables, table A"


@attrs.frozen
class AdventurerTile:
    """An adventurer tile (combat component table A). ``rank`` is the
    glyph rank printed on the tile, the strength RST-4 sorts by: a property of
    each tile, not of its class (RST-5, RUL-7: tiles of equal rank have the
    "same glyph"). ``conf`` is the confidence of the hit points and icons,
    ``rank_conf`` that of the glyph rank (U-18)."""

    key: str
    year: int
    cls: AdventurerClass
    hp: int
    power: int  # anti-trap icons, hearts or spell crystals; 0 for warriors
    rank: int
    copies: int
    conf: Conf
    rank_conf: Conf = Conf.M
    source: str = _A

    @property
    def label(self) -> str:
        """A name for narration: "a wizard (HP 3, 1 spell crystal)"."""
        power = {
            AdventurerClass.THIEF: "anti-trap icon",
            AdventurerClass.PRIEST: "heart",
            AdventurerClass.WIZARD: "spell crystal",
        }.get(self.cls)
        extra = f", {self.power} {power}{'s' if self.power != 1 else ''}" if power else ""
        return f"a {self.cls.value} (HP {self.hp}{extra})"


def _adv(year: int, cls: AdventurerClass, rank: int, hp: int, power: int, conf: Conf, copies: int = 1, note: str = "") -> AdventurerTile:
    key = f"y{year}-{cls.value}-{hp}" + (f"-{power}" if cls is not AdventurerClass.WARRIOR else "")
    return AdventurerTile(key, year, cls, hp, power, rank, copies, conf, source=_A + (f" ({note})" if note else ""))


_W, _T, _P, _Z = AdventurerClass.WARRIOR, AdventurerClass.THIEF, AdventurerClass.PRIEST, AdventurerClass.WIZARD
_HX = Conf.H  # H*: the only value that makes the rulebook's worked examples come out (treated as H)

# combat component table A: (glyph rank, HP, icons) per tile. Every rank is M
# (a fan data set's "difficulty", U-18); HP and icons are M except the H* values
# the rulebook's combat scenarios fix on their own.
ADVENTURERS: dict[str, AdventurerTile] = {
    a.key: a
    for a in (
        _adv(1, _W, 1, 3, 0, Conf.M),
        _adv(1, _W, 2, 4, 0, Conf.M, copies=2, note="one of the two is H*: scenario 1's second warrior"),
        _adv(1, _W, 3, 5, 0, Conf.M),
        _adv(1, _T, 1, 3, 1, _HX, note="H*: scenario 4"),
        _adv(1, _T, 2, 3, 2, Conf.M),
        _adv(1, _T, 2, 4, 1, Conf.M),
        _adv(1, _T, 3, 4, 2, _HX, note="H*: scenario 3"),
        _adv(1, _P, 1, 3, 1, _HX, note="H*: scenario 1"),
        _adv(1, _P, 2, 3, 2, Conf.M, note="HP 3 H*: scenario 4; 2 hearts M"),
        _adv(1, _P, 2, 4, 1, _HX, note="H*: scenario 3"),
        _adv(1, _P, 3, 4, 2, Conf.M, note="HP 4 H*: scenario 4; 2 hearts M"),
        _adv(1, _Z, 1, 3, 1, Conf.M),
        _adv(1, _Z, 2, 3, 2, Conf.M),
        _adv(1, _Z, 2, 4, 1, Conf.M),
        _adv(1, _Z, 3, 4, 2, Conf.M),
        *(_adv(2, _W, rank, hp, 0, Conf.M) for rank, hp in ((4, 5), (5, 6), (6, 7), (7, 8))),
        *(
            _adv(2, cls, rank, hp, power, Conf.M)
            for cls in (_T, _P, _Z)
            for rank, hp, power in ((4, 4, 2), (5, 5, 2), (6, 5, 3), (7, 6, 3))
        ),
    )
}  # fmt: skip

ADVENTURER_DECKS: dict[int, dict[str, int]] = {
    y: {k: a.copies for k, a in ADVENTURERS.items() if a.year == y} for y in (1, 2)
}


@attrs.frozen
class PaladinTile:
    key: str
    year: int
    hp: int
    anti_trap: int
    hearts: int
    crystals: int
    conf: Conf
    source: str = _C + ", paladins; PAL-10"


PALADINS: dict[int, PaladinTile] = {
    1: PaladinTile("paladin-1", 1, 5, 2, 2, 2, Conf.M),
    2: PaladinTile("paladin-2", 2, 8, 3, 3, 3, Conf.M),
}


# --- Events, special events ---------------------------------------------------


@attrs.frozen
class EventTile:
    key: str
    name: str
    effect: str
    conf: Conf
    source: str = _C + ", events"


EVENTS: dict[str, EventTile] = {
    e.key: e
    for e in (
        EventTile("payday", "Payday", "EVT-PAY-1..3", Conf.H),
        EventTile("taxes", "Taxes", "EVT-TAX-1..3", Conf.H),
        EventTile("special", "Special Event", "no effect in the first game; the full game reveals the year's special event card", Conf.H),
    )
}  # fmt: skip
EVENT_DECK: dict[str, int] = {"payday": 1, "taxes": 1, "special": 1}  # EVT-3, each year


@attrs.frozen
class SpecialEventCard:
    """A blue special event card (the special event cards, SPE-C-1 … SPE-C-9). ``treat`` is what
    the referee does when it comes up (SPE-7, SPE-12): ``"embezzlement"``
    (everyone loses half his gold, rounded down), ``"witch-hunt"`` (each
    player gives up a monster or gains ``evil``), or ``"announce"`` (drawn,
    revealed and announced; its text is not established, so nothing else
    happens). Correcting a card is changing its row here."""

    key: str
    name: str
    effect: str
    conf: Conf
    treat: str = "announce"
    evil: int = 0
    source: str = "special event rules SPE-C; open questions U-5"


UNREADABLE_SPECIAL = "a special event card the referee cannot read"
"""What people read for each of the special event cards with no known name
(SPE-C-6 … SPE-C-9; keys ``special-6`` … ``special-9``, never shown): at a
table the host may type the printed name into the table's ruling (LIB-TAB-8)."""

SPECIAL_EVENTS: dict[str, SpecialEventCard] = {
    s.key: s
    for s in (
        SpecialEventCard("embezzlement", "Embezzlement", "each player loses half his gold, rounded down (5 gold: loses 2)", Conf.H, "embezzlement", source="special event rules SPE-C-1; RB p.12"),
        SpecialEventCard("witch-hunt", "Witch Hunt", "each player, in play order, gives up one of his monsters (not a ghost) to the Distant Lands or gains 3 evil", Conf.M, "witch-hunt", 3, "special event rules SPE-C-2 (a play report; the details are L); open questions U-5"),
        SpecialEventCard("monster-strike", "Monster Strike", "text not established: announced, no effect", Conf.L, source="special event rules SPE-C-3 (name M, text L)"),
        SpecialEventCard("earthquake", "Earthquake", "text not established: announced, no effect", Conf.L, source="special event rules SPE-C-4 (name M, text L)"),
        SpecialEventCard("vip-visit", "VIP Visit", "text not established: announced, no effect", Conf.L, source="special event rules SPE-C-5 (name M, text L)"),
        *(SpecialEventCard(f"special-{i}", UNREADABLE_SPECIAL, "card not identified: announced, no effect", Conf.L, source="special event rules SPE-C-6..9 (placeholder, LIB-6)") for i in range(6, 10)),
    )
}  # fmt: skip
SPECIAL_EVENT_DECK: dict[str, int] = {k: 1 for k in SPECIAL_EVENTS}


# --- Combat cards (combat component table C: C1-*, C2-*; CMB-1, CMB-SPELL) ----------


class Speed(enum.Enum):
    """When a card's spell is cast (CMB-4: step 2 fast, step 4 slow)."""

    FAST = "fast"
    SLOW = "slow"


_CC = "combat component tables, table C"


@attrs.frozen
class CombatCard:
    """A combat card: one spell, fast or slow, and a fatigue number (CMB-1).
    ``spell`` names what the referee does (``"none"``: no effect, CMB-SPELL-8);
    ``conf`` is the card's least certain value (speed, fatigue or effect)."""

    key: str
    name: str
    year: int
    speed: Speed
    fatigue: int
    spell: str
    effect: str
    copies: int
    conf: Conf
    source: str = _CC


def _card(key: str, name: str, year: int, speed: Speed, fatigue: int, effect: str, conf: Conf, source: str, spell: str | None = None) -> CombatCard:
    return CombatCard(key, name, year, speed, fatigue, spell or key, effect, 1, conf, f"{_CC} {source}")


_F, _S = Speed.FAST, Speed.SLOW
COMBAT_CARDS: dict[str, CombatCard] = {
    c.key: c
    for c in (
        _card("word-of-peace", "Word of Peace", 1, _F, 2, "the defender withdraws all his monsters here, or gains 2 evil", Conf.M, "C1-1; RB p.13; fast, fatigue: CED, U-2"),
        _card("suggestion", "Suggestion", 1, _F, 2, "for each monster here the defender pays its cost or withdraws it", Conf.M, "C1-2; RB p.18, p.22; fast, fatigue: CED, U-2"),
        _card("magic-shield", "Magic Shield", 1, _F, 1, "absorbs the first point of damage dealt after it (U-12)", Conf.M, "C1-3; CED, KAL, FAQ"),
        _card("invisibility", "Invisibility", 1, _F, 0, "wizards go to the back and take no damage this round (U-13)", Conf.M, "C1-4; CED, FAQ; fast: L (U-2)"),
        _card("fireball", "Fireball", 1, _S, 1, "no effect", Conf.M, "C1-5; CED; slow: L (U-2)"),
        _card("detect-treasure", "Detect Treasure", 1, _S, 1, "the defender loses 1 gold, else 1 food, else a trap card of his choice", Conf.M, "C1-6; CED; slow: L (U-2)"),
        _card("fist-of-justice", "Fist of Justice", 1, _S, 1, "the defender loses 1 imp", Conf.M, "C1-7; CED; slow: L (U-2)"),
        _card("detect-evil", "Detect Evil", 1, _S, 2, "the defender gains 2 evil", Conf.M, "C1-8; CED; slow: L (U-2)"),
        _card("graffiti", "Graffiti", 1, _S, 2, "text unknown: no effect (U-2)", Conf.L, "C1-9; KAL (name only)", spell="none"),
        _card("create-food", "Create Food", 2, _F, 3, "a food token on the first adventurer: +1 hit point for the rest of the combat", Conf.L, "C2-1; FAQ; speed, fatigue: L (U-1)"),
        _card("illusion", "Illusion", 2, _F, 1, "an illusory adventurer (1 hit point, no icons) stands first in the party", Conf.L, "C2-2; FAQ; fatigue: L (U-1)"),
        _card("metamorphosis", "Metamorphosis", 2, _F, 2, "one of the defender's monsters here becomes a sheep: it does not act and is knocked out", Conf.L, "C2-3; FAQ; fatigue: L (U-1)"),
        _card("aura-of-fear", "Aura of Fear", 2, _F, 2, "text unknown: no effect (U-1)", Conf.L, "C2-4; FAQ", spell="none"),
        _card("dimensional-gate", "Dimensional Gate", 2, _F, 2, "text unknown: no effect (U-1)", Conf.L, "C2-5; FAQ", spell="none"),
        _card("blind-rage", "Blind Rage", 2, _F, 2, "text unknown: no effect (U-1)", Conf.L, "C2-6; FAQ", spell="none"),
        _card("regeneration", "Regeneration", 2, _S, 3, "heals the party by an unknown amount: no effect (U-1)", Conf.L, "C2-7; FAQ errata", spell="none"),
        _card("song-of-courage", "Song of Courage", 2, _S, 3, "text unknown: no effect (U-1)", Conf.L, "C2-8; KAL", spell="none"),
        _card("magic-key", "Magic Key", 2, _S, 3, "text unknown: no effect (U-1)", Conf.L, "C2-9; KAL", spell="none"),
    )
}  # fmt: skip
ANNOUNCED_ONLY: dict[str, frozenset[str]] = {
    "special": frozenset(k for k, c in SPECIAL_EVENTS.items() if c.treat == "announce"),
    "combat": frozenset(k for k, c in COMBAT_CARDS.items() if c.spell == "none"),
}
"""The cards the referee cannot read, by deck: drawn, revealed and announced,
their effect not applied (SPE-12, CMB-SPELL-8); at a table the host may apply
it as a table ruling (``TableRuling``, LIB-TAB-8). Every other card is applied
as its row says."""


def announced_only(deck: str, card: str) -> bool:
    """Whether ``card`` of ``deck`` is one the referee only announces."""
    return card in ANNOUNCED_ONLY.get(deck, frozenset())


COMBAT_DECKS: dict[int, dict[str, int]] = {
    y: {k: c.copies for k, c in COMBAT_CARDS.items() if c.year == y} for y in (1, 2)
}
