"""Write, by hand, scenarios for the rule IDs the kit listed as untested
(issue 36 item 1, the 95 % target): the rules no seeded play-out reached,
the open questions whose reading has an observable effect (U-), the worked
examples (E-), the cross-references and statements that decide a result, a
hidden-information rule (a ``views`` scenario) and the structure rules a move
shows. Each starts from a position built by hand (from the positions of the
library's own tests: ``res_positions``, ``combat_positions``,
``scoring_positions``, ``test_events``), plays one move, expects what the
rulebook's reading says, and cites its rule first.

Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_by_rule_more.py [NAME ...]

(NAME: only the writers whose function name contains it), then rewrite the
kit's ``untested.json``::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_by_rule.py --list-only
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

from conformance.record import record_position
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.state import GameState

BYRULE = SCENARIOS / "byrule"
WRITERS: list[Callable[[], list[Path]]] = []


def writer(f: Callable[[], list[Path]]) -> Callable[[], list[Path]]:
    WRITERS.append(f)
    return f


def _seat(state: GameState, seat: int, **changes: object) -> GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


# --- combat: the paladin during combat (CMB-BAT-2, CMB-PAL-1, PAL-9, CMB-PAL-3, P-2) ----------


@writer
def paladin_in_combat() -> list[Path]:
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    quiet = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
    # Two players at evil 11, the paladin (1 damage) leading Player 1's party; nobody defends.
    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, paladin=0, paladin_damage=1, evil={0: 11, 1: 11},
                     cards=quiet)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), ()))
    move = PlanDefence(1, COLUMN[0], (), ())
    only = ("paladin", "players.0.evil", "players.1.evil", "combat.paladin")
    out = [
        record_position(
            BYRULE, "CMB-BAT-2-a-conquest-moves-the-paladin-before-the-next-battle", ["CMB-BAT-2", "CMB-CONQ-3", "PAL-7"],
            "Year 1's combat, round 1, 2 players at evil 11, the paladin leading Player 1's party. Player 2 plans last "
            "and the battles run in play order: Player 1's battle ends with a conquest, his evil drops to 10, and at once "
            "Player 2 (11) is strictly higher: the paladin goes to Player 2 before Player 2's battle, where the conquest "
            "brings her to 10 too (a tie never moves him). Were the evil changes of the round applied together, he "
            "would have stayed with Player 1.",
            state, move, only=only, after={"paladin": 1},
        ),
        record_position(
            BYRULE, "CMB-PAL-1-the-paladin-check-runs-after-an-evil-move-in-combat", ["CMB-PAL-1", "PAL-5", "PAL-7"],
            "Year 1's combat, round 1: the conquest of Player 1's entrance (evil 11 to 10) is an evil move like any "
            "other: the paladin check runs at once, and the paladin goes to Player 2 (evil 11).",
            state, move, only=only, after={"paladin": 1},
        ),
        record_position(
            BYRULE, "PAL-9-in-combat-the-paladin-moves-at-once-with-his-damage", ["PAL-9", "CMB-PAL-1"],
            "Year 1's combat, round 1: the paladin, with 1 damage counter, leaves Player 1's dungeon after its conquest "
            "and joins Player 2's party at once, keeping his counter.",
            state, move, only=only, after={"paladin": 1, "combat.paladin.damage": 1},
        ),
    ]
    # The paladin (1 damage) and a warrior in Player 1's party, the Witch defending; Player 2 at 11 with a warrior.
    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, monsters={0: ["witch"]}, paladin=0, paladin_damage=1,
                     evil={0: 11, 1: 11}, cards=quiet)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)), PlanDefence(1, COLUMN[0], (), ()))
    out.append(record_position(
        BYRULE, "CMB-PAL-3-an-eliminated-paladin-never-moves-again", ["CMB-PAL-3", "PAL-9", "CMB-PAL-1"],
        "Year 1's combat, round 1: the Witch's 4 eliminate the paladin (5 hit points, 1 counter) in Player 1's dungeon: "
        "he goes to Player 1's prison. The warrior then conquers the entrance: Player 1's evil drops to 10, below "
        "Player 2's 11, yet the paladin stays in the prison and never joins Player 2's party.",
        state, Attack(0, 0, 0), only=("paladin", "players.0.prison", "players.1.party", "players.0.evil"),
        after={"paladin": None, "players.0.prison": ["paladin-1"], "players.1.party": [{"key": "y1-warrior-5", "damage": 0}]},
    ))
    # Year 2: the stronger paladin (8 hit points) with 1 counter survives the Witch's 4.
    start = position({0: ["y2-warrior-6"]}, year=2, monsters={0: ["witch"]}, paladin=0, paladin_damage=1, evil={0: 11},
                     cards=("magic-key", "blind-rage", "create-food", "regeneration"))  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    out.append(record_position(
        BYRULE, "P-2-the-year-2-paladin-has-8-hit-points", ["P-2", "PAL-10", "Y2-9"],
        "Year 2's combat, round 1: the year-2 paladin, with 1 damage counter, leads Player 1's party; the Witch's 4 "
        "on him make 5 counters: the year-1 paladin would be eliminated, the year-2 paladin (8 hit points) is not.",
        state, Attack(0, 0, 0), only=("players.0.prison", "combat.paladin", "paladin"),
        after={"players.0.prison": [], "paladin": 0},
    ))
    return out


def main(argv: list[str]) -> None:
    for f in WRITERS:
        if not argv or any(name in f.__name__ for name in argv):
            for path in f():
                print(path.relative_to(SCENARIOS))


if __name__ == "__main__":
    main(sys.argv[1:])
