"""Write scenarios for aspects of rules that an implementer could get wrong
on their own, as ``seed_aspects.py`` does (its docstring says how they were
chosen and checked). Each cites its rule first and fails when only that
aspect is broken (each writer's docstring says which breakage makes it fail;
each was run against a mutant of dlrules where only its aspect is broken, and
on dlrules itself). Written after held-out set 15's first measure (session 56):

- RST-2: summer's round start turns up autumn's event card (the kit's
  scenario of the rule was winter's, where every off-by-one in the last
  round reads the same).
- CMB-ROOM-2: a year-1 room gives a battle fought on it no bonus, for a
  monster that has a bonus room too (the Goblin, the Vampire): the scenarios
  of a room's +1 had only the bonus rooms themselves (R-1, R-2) and a tunnel
  beside one (CMB-ROOM-1).

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_set15.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers, record_position
from conformance.seed_aspects import PARTY, _id, _party, _write
from conformance.seed_aspects_contexts import in_room
from conformance.seed_gaps import BYRULE

WRITERS = Writers()
writer = WRITERS.writer


@writer
def autumns_event_turned_up_in_summer() -> list[Path]:
    """RST-2: at summer's round start (round 3) chance turns up autumn's event card. Fails when the round start
    turns up the next round's event in winter and spring only (autumn would pass with no event)."""
    from conformance.seed_views import find

    from dlrules.core.moves import Draw

    state, move = find(3, lambda s, m: isinstance(m, Draw) and m.deck == "events" and s.round == 3)
    assert isinstance(move, Draw)
    return [record_position(
        BYRULE, _id("RST-2", "summers-round-start-turns-up-autumns-event"), ["RST-2", "EVT-3", "EVT-1"],
        f"Round start of summer (round 3), 3 players, after the Tavern and the room shop are filled: chance turns "
        f"up the event card for the next round, autumn ({move.card}), which happens at autumn's end. The round "
        f"start does this in winter, spring and summer; only autumn's turns up nothing.",
        state, move, only=("events", "decks.events"),
    )]  # fmt: skip


@writer
def goblin_in_a_year_one_room() -> list[Path]:
    """CMB-ROOM-2: a battle on a Mint (a year-1 room) gives the Goblin no +1: it deals its plain 2. Fails when
    a monster's bonus counts in any room (3, and the fatigue leaves the warrior on 4)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    start = in_room("mint", "goblin")
    return [_write(
        _id("CMB-ROOM-2", "a-year-1-room-adds-nothing-to-the-goblin"), ["CMB-ROOM-2", "CMB-ROOM-1", "M-1"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1's entrance is his Mint, "
        "and he sends his Goblin there against two warriors (6 and 5 hit points) and a thief. A year-1 room has no "
        "effect in combat beyond holding two monsters: the Goblin deals its plain 2 (no follow-up: the warrior "
        "stands), the fatigue adds 1: 3 of 6. Only a Training Room would add 1.",
        start, PlanDefence(0, COLUMN[0], (), (0,)), only=PARTY,
        after={"players.0.party": _party(("y2-warrior-6", 3), ("y2-warrior-5", 0), ("y2-thief-4-2", 0))},
    )]  # fmt: skip


@writer
def vampire_in_a_year_one_room() -> list[Path]:
    """CMB-ROOM-2: a battle on a Chicken Coop gives the Vampire no +1: its first option deals 3 to the thief.
    Fails when a monster's bonus counts in any room (4: the thief is eliminated)."""
    from combat_positions import COLUMN, play

    from dlrules.core.moves import Attack, PlanDefence

    start = in_room("chicken-coop", "vampire", ("y2-warrior-6", "y2-priest-5-2", "y2-thief-4-2"))
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [_write(
        _id("CMB-ROOM-2", "a-year-1-room-adds-nothing-to-the-vampire"), ["CMB-ROOM-2", "CMB-ROOM-1", "M-6"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1's entrance is his "
        "Chicken Coop, and he sends his Vampire there against a warrior, a priest (2 hearts) and a thief with 4 hit "
        "points. The Vampire's first option, on anyone but a priest, deals its plain 3 on the thief, who stands on "
        "3 of 4; the Vampire is knocked out. The priest heals him 2 and the fatigue puts 1 on the warrior. A "
        "year-1 room adds nothing: only a Dark Room would make it 4, and the thief would go to the prison.",
        state, Attack(0, 0, 0, 2), only=(*PARTY, "players.0.monsters"),
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
