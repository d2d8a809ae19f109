"""Cards and tiles: monsters, rooms, traps, adventurers, paladins, events,
combat cards and special events (COMPONENTS.md, BEYOND-SEEDS.md).

Decks are multisets of card identities (``name -> copies``). A card's identity
is a short string key; the records below give its printed values.
"""

from __future__ import annotations

import enum

import attrs

from dlrules.components.base import Conf
from dlrules.components.board import Cost

_C = "COMPONENTS.md"


# --- Monsters (COMPONENTS.md "Monsters and ghosts") -------------------------


@attrs.frozen
class MonsterKind:
    """A monster or ghost tile. ``cost`` is both hire cost and payday upkeep
    (ACT-MON-2, EVT-PAY-1). ``trap_cost``/``monster_cost`` are the Golem's
    trap card and the Demon's sacrificed monster."""

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
    source: str = _C + ", monsters"

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
        MonsterKind("goblin", "Goblin", 1, 1, 0, 0, 0, 0, False, "2 damage to the first adventurer", "knocked out", Conf.H),
        MonsterKind("slime", "Slime", 1, 1, 0, 0, 0, 0, False, "1 damage to every adventurer, or no damage and the party cannot conquer this round", "knocked out", Conf.H),
        MonsterKind("ghost", "Ghost", 1, 0, 1, 0, 0, 0, True, "2 damage to any adventurer except the first; cannot attack a lone adventurer", "knocked out; never withdraws", Conf.H),
        MonsterKind("troll", "Troll", 1, 2, 0, 0, 0, 0, False, "3 damage to the first, or pay 1 food: 4 damage to the first", "knocked out", Conf.H),
        MonsterKind("witch", "Witch", 1, 1, 1, 0, 0, 0, False, "4 damage to the first, or 1 damage to each of two adventurers", "knocked out", Conf.H),
        MonsterKind("vampire", "Vampire", 1, 0, 2, 0, 0, 0, False, "3 damage to any non-priest, or 2 damage to any non-priest and it stays ready", "knocked out / ready", Conf.M),
        MonsterKind("golem", "Golem", 2, 0, 0, 1, 1, 0, False, "4 damage to the first", "always stays ready", Conf.M),
        MonsterKind("dragon", "Dragon", 2, 2, 2, 0, 0, 0, False, "2 damage to every adventurer; the party skips its healing this round", "knocked out", Conf.M),
        MonsterKind("demon", "Demon", 2, 0, 1, 0, 0, 1, False, "7 damage to any adventurer, and the party cannot conquer this round", "knocked out", Conf.M),
    )
}  # fmt: skip

MONSTER_DECKS: dict[int, dict[str, int]] = {
    1: {"goblin": 2, "slime": 2, "ghost": 2, "troll": 2, "witch": 2, "vampire": 2},
    2: {"goblin": 1, "slime": 1, "ghost": 1, "troll": 1, "witch": 1, "vampire": 1, "golem": 2, "dragon": 2, "demon": 2},
}  # COMPONENTS.md: "Deck: year 1 ... year 2 ..." (H)


# --- Rooms (COMPONENTS.md "Rooms") ------------------------------------------


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
    name_conf: Conf = Conf.H  # COMPONENTS.md: four year-1 rooms are "H (name M)"


ROOMS: dict[str, RoomKind] = {
    r.key: r
    for r in (
        RoomKind("chicken-coop", "Chicken Coop", 1, 3, 0, Produce.FOOD, "upper half", "3 imps -> 1 food", Conf.H, name_conf=Conf.M),
        RoomKind("mushroom-bed", "Mushroom Bed", 1, 3, 0, Produce.FOOD, "lower half", "3 imps -> 1 food", Conf.H, name_conf=Conf.M),
        RoomKind("souvenir-shop", "Souvenir Shop", 1, 3, 0, Produce.GOLD, "upper half", "3 imps -> 1 gold", Conf.H, name_conf=Conf.M),
        RoomKind("mint", "Mint", 1, 3, 0, Produce.GOLD, "lower half", "3 imps -> 1 gold", Conf.H, name_conf=Conf.M),
        RoomKind("workshop", "Workshop", 1, 4, 0, Produce.TRAP, "outer ring", "4 imps -> 1 trap card", Conf.H),
        RoomKind("tool-shed", "Tool Shed", 1, 2, 0, Produce.TUNNEL, "outer ring", "2 imps -> dig 1 tunnel (ACT-DIG rules apply)", Conf.H),
        RoomKind("printing-press", "Printing Press", 1, 3, 0, Produce.EVIL_DOWN, "inner", "3 imps -> evil -1", Conf.H),
        RoomKind("magic-room", "Magic Room", 1, 2, 1, Produce.IMP, "inner", "2 imps + 1 food -> 1 imp, which may work at once", Conf.H),
        RoomKind("training-room", "Training Room", 2, 0, 0, Produce.NOTHING, "anywhere", "goblins and trolls fighting here deal +1 damage", Conf.M),
        RoomKind("dark-room", "Dark Room", 2, 0, 0, Produce.NOTHING, "anywhere", "witches and vampires fighting here deal +1 damage", Conf.M),
        RoomKind("labyrinth", "Labyrinth", 2, 0, 0, Produce.NOTHING, "anywhere", "two traps may be used here, with no gold surcharge", Conf.L),
        RoomKind("anti-magic-room", "Anti-magic Room", 2, 0, 0, Produce.NOTHING, "anywhere", "no spells while the party fights here", Conf.H),
        RoomKind("cafeteria", "Cafeteria", 2, 0, 0, Produce.NOTHING, "anywhere", "1 point per goblin, troll, witch or slime at the end", Conf.M),
        RoomKind("chapel", "Chapel", 2, 0, 0, Produce.NOTHING, "anywhere", "2 points per ghost or vampire at the end", Conf.M),
        RoomKind("pandemonium", "Pandemonium", 2, 0, 0, Produce.NOTHING, "anywhere", "2 points per golem, dragon or demon at the end", Conf.M),
        RoomKind("hall-of-fame", "Hall of Fame", 2, 0, 0, Produce.NOTHING, "anywhere", "1 or 2 points (condition not printed)", Conf.L),
    )
}  # fmt: skip

ROOM_DECKS: dict[int, dict[str, int]] = {
    y: {k: 1 for k, r in ROOMS.items() if r.year == y} for y in (1, 2)
}  # 16 tiles, 8 a year, one of each (COMPONENTS.md, H)


# --- Traps (COMPONENTS.md "Traps") -------------------------------------------


@attrs.frozen
class TrapKind:
    key: str
    name: str
    effect: str
    copies: int
    conf: Conf
    source: str = _C + ", traps (3 copies each: L)"


TRAPS: dict[str, TrapKind] = {
    t.key: t
    for t in (
        TrapKind("anti-magic-dart", "Anti-magic Dart", "1 damage to a chosen adventurer; a wizard hit casts no spells, a priest hit heals nothing", 3, Conf.L),
        TrapKind("cursed-ring", "Cursed Ring", "pay 1 gold: 1 damage to each adventurer, the party cannot conquer", 3, Conf.L),
        TrapKind("wall-of-fire", "Wall of Fire", "1 damage to each adventurer, +1 more to the last", 3, Conf.L),
        TrapKind("kamikaze-imp", "Kamikaze Imp", "pay 1 imp: 3 damage to the first, 1 to each other", 3, Conf.L),
        TrapKind("pendulum", "Pendulum", "3 damage to the second adventurer", 3, Conf.L),
        TrapKind("poisoned-dart", "Poisoned Dart", "1 damage to a chosen adventurer, 2 more at the end of the round", 3, Conf.L),
        TrapKind("poisoned-meal", "Poisoned Meal", "pay 1 food: the first adventurer is eliminated", 3, Conf.L),
        TrapKind("rolling-stone", "Rolling Stone", "3 damage to the first adventurer (a FAQ example implies 4)", 3, Conf.L),
        TrapKind("trap-door", "Trap Door", "2 damage to the first adventurer, the party cannot conquer", 3, Conf.L),
    )
}  # fmt: skip

TRAP_DECK: dict[str, int] = {k: t.copies for k, t in TRAPS.items()}


# --- Adventurers and paladins ------------------------------------------------


class AdventurerClass(enum.Enum):
    WARRIOR = "warrior"
    THIEF = "thief"
    PRIEST = "priest"
    WIZARD = "wizard"
    PALADIN = "paladin"


@attrs.frozen
class AdventurerTile:
    """An adventurer tile. ``rank`` is the strength rune RST-4 sorts by
    (RUL-7: tiles of equal rank have the "same symbol")."""

    key: str
    year: int
    cls: AdventurerClass
    hp: int
    power: int  # anti-trap icons, hearts or spell crystals; 0 for warriors
    rank: int
    copies: int
    conf: Conf
    source: str = _C + ", adventurers"

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


# RST-4's rune: COMPONENTS.md orders the symbols warrior < thief < priest <
# wizard within a year, the rank being the class symbol (L: the printed runes
# per tile are not established; a tile's rank is one number to correct here).
_RANK = {AdventurerClass.WARRIOR: 1, AdventurerClass.THIEF: 2, AdventurerClass.PRIEST: 3, AdventurerClass.WIZARD: 4}


def _adv(year: int, cls: AdventurerClass, hp: int, power: int, copies: int, conf: Conf) -> AdventurerTile:
    key = f"y{year}-{cls.value}-{hp}" + (f"-{power}" if cls is not AdventurerClass.WARRIOR else "")
    return AdventurerTile(key, year, cls, hp, power, _RANK[cls] + (10 if year == 2 else 0), copies, conf)


ADVENTURERS: dict[str, AdventurerTile] = {
    a.key: a
    for a in (
        _adv(1, AdventurerClass.WARRIOR, 3, 0, 1, Conf.H),
        _adv(1, AdventurerClass.WARRIOR, 4, 0, 2, Conf.H),
        _adv(1, AdventurerClass.WARRIOR, 5, 0, 1, Conf.H),
        *(
            _adv(1, cls, hp, power, 1, Conf.H)
            for cls in (AdventurerClass.THIEF, AdventurerClass.PRIEST, AdventurerClass.WIZARD)
            for hp, power in ((3, 1), (3, 2), (4, 1), (4, 2))
        ),
        *(_adv(2, AdventurerClass.WARRIOR, hp, 0, 1, Conf.M) for hp in (5, 6, 7, 8)),
        *(
            _adv(2, cls, hp, power, 1, Conf.M)
            for cls in (AdventurerClass.THIEF, AdventurerClass.PRIEST, AdventurerClass.WIZARD)
            for hp, power in ((4, 2), (5, 2), (5, 3), (6, 3))
        ),
    )
}  # fmt: skip

ADVENTURER_DECKS: dict[int, dict[str, int]] = {
    y: {k: a.copies for k, a in ADVENTURERS.items() if a.year == y} for y in (1, 2)
}
RANK_CONF = Conf.L  # the rank numbers above (RST-4 runes per tile)


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
        EventTile("special", "Special event", "no effect in the first game; the full game reveals the year's special event card", Conf.H),
    )
}  # fmt: skip
EVENT_DECK: dict[str, int] = {"payday": 1, "taxes": 1, "special": 1}  # EVT-3, each year


@attrs.frozen
class SpecialEventCard:
    key: str
    name: str
    effect: str
    conf: Conf
    source: str = "BEYOND-SEEDS.md, SPE"


# BEYOND-SEEDS.md SPE: nine cards; three names are reported (M), the others
# and every text are not established. Until they are, a special event has no
# effect (docs/rulings.md LIB-6, LIB-EVT-4).
SPECIAL_EVENTS: dict[str, SpecialEventCard] = {
    s.key: s
    for s in (
        SpecialEventCard("witch-hunt", "Witch Hunt", "text not established: no effect yet", Conf.M),
        SpecialEventCard("monster-strike", "Monster Strike", "text not established: no effect yet", Conf.M),
        SpecialEventCard("gold-halving", "(gold halved)", "halves gold, unpaid part to damage tokens (text not established: no effect yet)", Conf.M),
        *(SpecialEventCard(f"special-{i}", f"Special event {i}", "not established: no effect yet", Conf.L) for i in range(4, 10)),
    )
}  # fmt: skip
SPECIAL_EVENT_DECK: dict[str, int] = {k: 1 for k in SPECIAL_EVENTS}


# --- Combat cards (COMPONENTS-COMBAT.md table C; CMB-1, CMB-SPELL) ------------------


class Speed(enum.Enum):
    """When a card's spell is cast (CMB-4: step 2 fast, step 4 slow)."""

    FAST = "fast"
    SLOW = "slow"


_CC = "COMPONENTS-COMBAT.md table C"


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
COMBAT_DECKS: dict[int, dict[str, int]] = {
    y: {k: c.copies for k, c in COMBAT_CARDS.items() if c.year == y} for y in (1, 2)
}
