"""Generate docs/values-to-verify.md: every component value of M or L
confidence, from the data itself (COMPONENTS.md asks that they be listed).

Run ``python -m dlrules.components.report > docs/values-to-verify.md``.
"""

from __future__ import annotations

from collections.abc import Iterator

from dlrules.components import cards, combat, setup
from dlrules.components.base import Conf
from dlrules.components.board import SLOT_NAMES, SPACES


def _rows() -> Iterator[tuple[str, str, str, str, str]]:
    for fact in setup.FACTS:
        if fact.conf is not Conf.H:
            yield ("setup", fact.name, str(fact.value), fact.conf.value, fact.source)
    for space in SPACES:
        for i, slot in enumerate(space.slots):
            if slot.conf is not Conf.H:
                yield ("board", f"{space.name} slot {SLOT_NAMES[i]}", slot.text, slot.conf.value, slot.source)
    for m in cards.MONSTERS.values():
        if m.conf is not Conf.H:
            yield ("monster", m.name, f"cost {m.describe_cost()}; {m.attack}; {m.after}", m.conf.value, m.source)
    for r in cards.ROOMS.values():
        if r.conf is not Conf.H:
            yield ("room", r.name, f"{r.effect}; area {r.area}", r.conf.value, r.source)
        if r.name_conf is not Conf.H:
            yield ("room", f"{r.name} (the name)", f"the tile's name; its values are {r.conf.value}", r.name_conf.value, r.source)
    for t in cards.TRAPS.values():
        if t.conf is not Conf.H:
            yield ("trap", t.name, f"{t.copies} copies; {t.effect}", t.conf.value, t.source)
    for a in cards.ADVENTURERS.values():
        if a.conf is not Conf.H:
            yield ("adventurer", a.key, f"HP {a.hp}, power {a.power}, {a.copies} copies", a.conf.value, a.source)
    yield (
        "adventurer",
        "strength ranks (RST-4 runes)",
        "warrior 1 < thief 2 < priest 3 < wizard 4 (+10 in year 2)",
        cards.RANK_CONF.value,
        "COMPONENTS.md; docs/rulings.md LIB-2",
    )
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


def render() -> str:
    lines = [
        "# Values to verify against a printed copy",
        "",
        "Generated from `src/dlrules/components/` by `python -m dlrules.components.report`;",
        "do not edit by hand. Every component value below is of M (one credible source)",
        "or L (weak or inferred) confidence (COMPONENTS.md). A user holding the box can",
        "correct one in a single place: the record named here.",
        "",
        "| kind | what | value | conf | source |",
        "|---|---|---|---|---|",
    ]
    for row in _rows():
        lines.append("| " + " | ".join(cell.replace("|", "/") for cell in row) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(render(), end="")
