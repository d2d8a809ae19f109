"""Generate docs/values-to-verify.md: every component value of M or L
confidence, from the data itself (the rules ask that they be listed).

Run ``python -m dlrules.components.report > docs/values-to-verify.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from dlrules.components import cards, combat, scoring, setup
from dlrules.components.base import Conf
from dlrules.components.board import SLOT_NAMES, SPACES


def _rows() -> Iterator[tuple[str, str, str, str, str]]:
    for fact in setup.FACTS:
        if fact.conf is not Conf.H:
            yield ("setup", fact.name, str(fact.value), fact.conf.value, fact.source)
    for region in setup.REGIONS.values():
        if region.conf is not Conf.H:
            yield ("setup", region.name, f"{len(region.value)} squares", region.conf.value, region.source)
    for space in SPACES:
        for i, slot in enumerate(space.slots):
            if slot.conf is not Conf.H:
                yield ("board", f"{space.name} slot {SLOT_NAMES[i]}", slot.text, slot.conf.value, slot.source)
    for m in cards.MONSTERS.values():
        if m.conf is not Conf.H:
            yield ("monster", m.name, f"{m.attack}; {m.after}", m.conf.value, m.source)
        if m.cost_conf is not Conf.H:
            yield ("monster", f"{m.name} (cost, hire and wage)", m.describe_cost(), m.cost_conf.value, m.source)
    if cards.MONSTER_DECK_CONF is not Conf.H:
        decks = "; ".join(f"year {y}: " + ", ".join(f"{n} {k}" for k, n in d.items()) for y, d in cards.MONSTER_DECKS.items())
        yield ("monster", "kinds per deck (12 tiles a year: H)", decks, cards.MONSTER_DECK_CONF.value, "component tables, monsters")
    for r in cards.ROOMS.values():
        if r.conf is not Conf.H:
            yield ("room", r.name, f"{r.effect}; area {r.area}", r.conf.value, r.source)
        if r.name_conf is not Conf.H:
            yield ("room", f"{r.name} (the name)", f"the tile's name; its values are {r.conf.value}", r.name_conf.value, r.source)
    for t in cards.TRAPS.values():
        if t.conf is not Conf.H:
            yield ("trap", t.name, t.effect, t.conf.value, t.source)
    yield ("trap", "the deck (one for both years)", f"{sum(cards.TRAP_DECK.values())} cards, {len(cards.TRAP_DECK)} kinds", cards.TRAP_DECK_CONF.value, "component tables, traps")
    yield ("trap", "copies of each kind", "3 of each", cards.TRAP_COPIES_CONF.value, "component tables, traps; U-4")
    for a in cards.ADVENTURERS.values():
        if a.conf is not Conf.H:
            yield ("adventurer", a.key, f"HP {a.hp}, power {a.power}, {a.copies} {'copy' if a.copies == 1 else 'copies'}", a.conf.value, a.source)
        if a.rank_conf is not Conf.H:
            yield ("adventurer", f"{a.key} (glyph rank, RST-4)", f"rank {a.rank}", a.rank_conf.value, a.source + "; U-18")
    for p in cards.PALADINS.values():
        if p.conf is not Conf.H:
            yield ("paladin", p.key, f"HP {p.hp}; {p.anti_trap}/{p.hearts}/{p.crystals}", p.conf.value, p.source)
    for s in cards.SPECIAL_EVENTS.values():
        if s.conf is not Conf.H:
            yield ("special event", s.name, s.effect, s.conf.value, s.source)
    for c in cards.COMBAT_CARDS.values():
        if c.conf is not Conf.H:
            yield ("combat card", c.name, f"{c.speed.value}, fatigue {c.fatigue}; {c.effect}", c.conf.value, c.source)
    for mc in combat.MONSTER_COMBAT.values():
        if mc.conf is not Conf.H:
            yield ("monster in combat", mc.key, str(mc.options), mc.conf.value, mc.source)
    for tc in combat.TRAP_COMBAT.values():
        if tc.conf is not Conf.H:
            yield ("trap in combat", tc.key, f"{tc.aim.value}, {tc.damage} damage", tc.conf.value, tc.source)
        if tc.year2_conf is not Conf.H:
            yield ("trap in combat", f"{tc.key} (year 2)", f"{tc.damage_y2} damage", tc.year2_conf.value, tc.source + "; U-3")
    for fact in combat.COMBAT_FACTS:
        if fact.conf is not Conf.H:
            yield ("combat", fact.name, str(fact.value), fact.conf.value, fact.source)
    yield from _scoring_rows()


def _scoring_rows() -> Iterator[tuple[str, str, str, str, str]]:
    """Final scoring (components/scoring.py): points, titles, scoring rooms."""
    for v in scoring.ITEM_VALUES.values():
        if v.conf is not Conf.H:
            yield ("scoring", v.item.value, f"{v.what}: {v.points}", v.conf.value, v.source)
    for p in scoring.TITLE_POINTS.values():
        if p.conf is not Conf.H:
            yield ("scoring", f"title points, {p.players} players", f"exclusive {p.exclusive}, shared {p.shared}", p.conf.value, p.source)
    for t in scoring.TITLES.values():
        if t.conf is not Conf.H:
            yield ("title", t.title.value, t.measures, t.conf.value, t.source)
        if t.name_conf is not Conf.H:
            yield ("title", f"{t.title.value} (the name)", f"{t.name!r}; what it measures is {t.conf.value}", t.name_conf.value, t.source + "; U-10")
    for r in scoring.SCORING_ROOMS.values():
        if r.conf is not Conf.H:
            yield ("scoring room", r.room, ", ".join(f"{k} +{n}" for k, n in r.per_kind), r.conf.value, r.source)
    hall = scoring.HALL_OF_FAME
    if hall.conf is not Conf.H:
        yield ("scoring room", hall.room, f"per exclusive title {hall.per_exclusive}", hall.conf.value, hall.source)
    if scoring.TITLE_AT_ZERO.conf is not Conf.H:
        fact = scoring.TITLE_AT_ZERO
        yield ("scoring", fact.name, str(fact.value), fact.conf.value, fact.source)


READINGS: tuple[tuple[str, str, str, str], ...] = (
    (
        "ORD-9: no refund; dummies never pay",
        "the full game's 1 gold for Hire Monster played first is kept by the bank whatever follows; "
        "dummy colours never pay (U-20)",
        "L",
        "dlrules.core.phases.orders.hire_first_charge",
    ),
    (
        "RES-8 / RES-10: an evil cost at the top",
        "first game: paid, the marker stays; full game: a cost that does not fit cannot be paid (U-9)",
        "M",
        "dlrules.core.phases.common.evil_cost_fits",
    ),
    (
        "RUL-14: Pay Day order",
        "a player's wages first, then +1 evil for each monster let go (U-21)",
        "L",
        "dlrules.core.phases.events._dismissal_evil",
    ),
    (
        "Y2-21: the Demons settled first",
        "at Pay Day a player's Demons are settled before his other monsters, in the order he chooses; "
        "then the others in lair order (a referee's order keeping every outcome the rulebook allows)",
        "L",
        "dlrules.core.phases.events.deciding",
    ),
    (
        "Y2-21: two Demons",
        "a Demon may eat another Demon not yet settled, never one already paid this Pay Day (E6 b)",
        "L",
        "dlrules.core.phases.events.feedable",
    ),
    (
        "CMB-EOR-1: several darts",
        "the 2 later damage of several Poisoned Darts fall at the end of the round dungeon by dungeon in play order, "
        "the play order of the battles they were played in",
        "L",
        "dlrules.core.phases.combat.ending._end_of_round",
    ),
    (
        "CMB-EOR-2: the poisoned paladin's prison",
        "a poisoned paladin who moved on takes the 2 where he then is, after any battle there; eliminated, he goes to "
        "that dungeon's prison",
        "L",
        "dlrules.core.phases.combat.ending._end_of_round",
    ),
    (
        "DUM3-5: the dummy's hire (option)",
        "the leftmost monster is the first of the Tavern as laid out at the round start; it goes to the far lands",
        "L",
        "dlrules.core.phases.resolution._dummy_hire",
    ),
    (
        "C2-3 … C2-5: the chooser",
        "the defender picks one of the monsters he sent, never a ghost (Aura of Fear and Dimensional Gate: no "
        "effect, nothing asked)",
        "M",
        "dlrules.core.phases.combat.spells._cast",
    ),
    (
        "RUL-5: player by player",
        "production and events are taken one player at a time from the first player",
        "M",
        "dlrules.core.phases.common.turn_seat",
    ),
)
"""Rule readings of M or L confidence the code keeps in one named function
(the open questions): (what, the reading, conf, where)."""


def render() -> str:
    lines = [
        "# Values to verify against a printed copy",
        "",
        "Generated from `src/dlrules/components/` by `python -m dlrules.components.report`;",
        "do not edit by hand. Every component value below is of M (one credible source)",
        "or L (weak or inferred) confidence in the rules specification. A user holding the box can",
        "correct one in a single place: the record named here.",
        "",
        "| kind | what | value | conf | source |",
        "|---|---|---|---|---|",
    ]
    for row in _rows():
        lines.append("| " + " | ".join(cell.replace("|", "/") for cell in row) + " |")
    lines += [
        "",
        "## Rule readings to verify",
        "",
        "Readings of M or L confidence the rules leave open (the open questions), each kept in one",
        "named function.",
        "",
        "| rule | reading | conf | where |",
        "|---|---|---|---|",
    ]
    for what, reading, conf, where in READINGS:
        lines.append(f"| {what} | {reading} | {conf} | `{where}` |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
