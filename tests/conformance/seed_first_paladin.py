"""Write scenarios about combat rules that no scenario cited first (or only
a draw's scenario did). CMB-PARTY-1: at the start of combat the party is its adventurers in queue order
with the paladin, when he attacks that dungeon, in front of them all (PAL-3),
so what is aimed at the first adventurer (a standard attack, fatigue) hits
him. The position comes from the library's combat tests
(``combat_positions``); the expected counters follow the rules text and the
components' table P (the year-1 paladin: 5 hit points, 2 hearts). CMB-8:
an adventurer whose counters reach his hit points is eliminated and goes to
the prison. CMB-CONQ-3: with an adventurer left after the fatigue, the
battle's tile is conquered and the defender loses 1 evil.

Files: ``scenarios/byrule/first-CMB-PARTY-1-*.json``, ``first-CMB-8-*``, ``first-CMB-CONQ-3-*``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_paladin.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers, record_position
from conformance.seed_gaps import BYRULE

WRITERS = Writers()
writer = WRITERS.writer

@writer
def paladin_leads() -> list[Path]:
    """CMB-PARTY-1, PAL-3: the paladin stands first; the Witch's standard 4 and the fatigue hit him, not the warrior."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5", "y1-thief-4-1"]}, monsters={0: ["witch"]}, paladin=0, evil={0: 11},
                     cards=TRAINING)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [record_position(
        BYRULE, "first-CMB-PARTY-1-the-paladin-stands-in-front-of-the-party", ["CMB-PARTY-1", "PAL-3", "CMB-HEAL-2"],
        "Year 1's combat, round 1: the paladin attacks Player 1's dungeon, whose party is a warrior (5 hit points) "
        "and a thief (4). He stands in front of them: the Witch's standard attack (4, on the first adventurer) hits "
        "him, the party heals 2 (his 2 hearts), and round 1's fatigue (2, on the first adventurer) hits him again: "
        "4 counters on him, and the warrior and the thief have none. Were he at the back, the warrior would take "
        "the Witch's 4 and the fatigue.",
        state, Attack(0, 0, 0), only=("combat.paladin", "players.0.party", "players.0.prison"),
        after={"combat.paladin.damage": 4, "players.0.party": [{"key": "y1-warrior-5", "damage": 0},
                                                               {"key": "y1-thief-4-1", "damage": 0}]},
    )]


@writer
def eliminated_and_conquered() -> list[Path]:
    """CMB-8: the Witch's 4 on a warrior of 4 hit points eliminates him; CMB-CONQ-3: the other conquers the tile."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-4", "y1-warrior-5"]}, monsters={0: ["witch"]}, cards=TRAINING)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [
        record_position(
            BYRULE, "first-CMB-8-damage-equal-to-the-hit-points-eliminates", ["CMB-8", "CMB-PARTY-4"],
            "Year 1's combat, round 1: Player 1's Witch makes her standard attack (4) on the first adventurer, a "
            "warrior of 4 hit points: his counters reach his hit points, so he is eliminated at once and goes to "
            "Player 1's prison. The warrior behind him (5 hit points) becomes first and takes round 1's fatigue (2).",
            state, Attack(0, 0, 0), only=("players.0.party", "players.0.prison"),
            after={"players.0.prison": ["y1-warrior-4"], "players.0.party": [{"key": "y1-warrior-5", "damage": 2}]},
        ),
        record_position(
            BYRULE, "first-CMB-CONQ-3-an-adventurer-left-conquers-the-tile", ["CMB-CONQ-3", "CMB-CONQ-2"],
            "Year 1's combat, round 1: after the Witch eliminates the first warrior and the fatigue (2) falls on the "
            "second (5 hit points), one adventurer is left: the battle's tile, Player 1's entrance, is conquered and "
            "Player 1 loses 1 evil (5 to 4); the other tiles stay unconquered.",
            state, Attack(0, 0, 0), only=("players.0.tiles", "players.0.evil"),
            after={"players.0.evil": 4, "players.0.tiles.0.conquered": True, "players.0.tiles.1.conquered": False},
        ),
    ]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
