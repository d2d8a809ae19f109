"""Write scenarios for aspects of rules that an implementer could get wrong
on their own, as ``seed_aspects.py`` does (its docstring says how they were
chosen and checked). Each cites its rule first and fails when only that
aspect is broken (each writer's docstring says which breakage makes it fail;
each was run against a mutant of dlrules where only its aspect is broken, and
on dlrules itself). Written after held-out set 12's first measure (session 54):

- R-1: the Training Room's +1 is the Troll's as much as the Goblin's (no
  scenario sent a Troll to a Training Room: the set's mutant that left the
  Troll out was caught by nothing).
- T-8: the Poisoned Meal's damage is the printed hit points less the
  party's disarm icons, on an undamaged warrior (the kit's one scenario of
  the reduction cited the open question's reading, U-6, first).

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_set12.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers
from conformance.seed_aspects import PARTY, _id, _write
from conformance.seed_cosmic_gaps import ILLUSION_FIRST  # year 2's round 1: the Illusion (fatigue 1, not cast)

WRITERS = Writers()
writer = WRITERS.writer

@writer
def troll_in_the_training_room() -> list[Path]:
    """R-1: a Troll attacking in a Training Room deals 1 more, 4. Fails when the room's bonus is the Goblin's alone
    (the Troll's 3, and the fatigue's 1, leave the warrior standing)."""
    from combat_positions import COLUMN, position, tunnels

    from dlrules.core.moves import PlanDefence

    training = tunnels(rooms={COLUMN[0]: "training-room"})
    start = position({0: ["y2-warrior-5", "y2-warrior-6"]}, monsters={0: ["troll"]}, dungeons={0: training},
                     cards=ILLUSION_FIRST, year=2)  # fmt: skip
    return [_write(
        _id("R-1", "the-training-room-adds-one-to-the-troll"), ["R-1", "CMB-MON-7", "M-4"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast): Player 1 sends his Troll to his Training Room "
        "against two warriors (he has no food: the Troll attacks at once). The Troll's plain attack deals 3, and 1 more in the Training Room: 4 on the first "
        "warrior (5 hit points); the round's fatigue adds 1 and he is eliminated, to the prison. Without the room's "
        "bonus he would stand with 4 counters.",
        start, PlanDefence(0, COLUMN[0], (), (0,)), only=PARTY, after={"players.0.prison": ["y2-warrior-5"]},
    )]  # fmt: skip


@writer
def meal_reduced_by_the_thieves() -> list[Path]:
    """T-8: the Poisoned Meal on an undamaged 5-point warrior followed by a thief with 2 disarm icons deals 3.
    Fails when the meal ignores the icons (5: the warrior is eliminated)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    quiet = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
    start = position({0: ["y1-warrior-5", "y1-thief-3-2"]}, traps={0: ["poisoned-meal"]}, food=1, cards=quiet)
    return [_write(
        _id("T-8", "the-meal-is-reduced-by-the-thieves-icons"), ["T-8", "CMB-TRAP-4"],
        "Year 1's combat, round 1: Player 1 pays 1 food and plays the Poisoned Meal on a party led by an undamaged "
        "warrior with 5 hit points, followed by a thief with 2 disarm icons. The meal deals the warrior's hit points "
        "less the icons: 3 counters; he is not eliminated.",
        start, PlanDefence(0, COLUMN[0], ("poisoned-meal",)), only=(*PARTY, "players.0.food"),
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 3}, {"key": "y1-thief-3-2", "damage": 0}]},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
