"""Write scenarios for aspects of two rules that an implementer could get
wrong on their own, as ``seed_aspects.py`` does (its docstring says how they
were chosen and checked). Each cites its rule first and fails when only that
aspect is broken (each writer's docstring says which breakage makes it fail;
each was run against a mutant of dlrules where only its aspect is broken, and
on dlrules itself). Written after held-out set 10 was studied (session 53):

- CMB-MON-6: the Slime's hold is not an attack: a party with a priest that
  was only held does not heal.
- CMB-SPELL-3: an Anti-magic Dart stops the party's spells only when it
  targets a wizard: aimed at a warrior, round 1's Word of Peace is cast.
- CMB-MON-4 (written after held-out set 11's first measure): a Vampire that
  used its second option (2 damage) goes back face up, ready.

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_sets10_11.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers
from conformance.seed_aspects import NO_FATIGUE_FIRST, PARTY, _id, _party, _write

WRITERS = Writers()
writer = WRITERS.writer


@writer
def slimes_hold_does_not_let_the_party_heal() -> list[Path]:
    """CMB-MON-6: the Slime holds; no monster or ghost attacked, so the priest's heart heals nothing.
    Fails when the hold counts as an attack (the party heals)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5:2", "y1-priest-4-1"]}, monsters={0: ["slime"]}, cards=NO_FATIGUE_FIRST)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [_write(
        _id("CMB-MON-6", "a-slimes-hold-does-not-let-the-party-heal"), ["CMB-MON-6", "CMB-HEAL-1", "M-2"],
        "Year 1's combat, round 1 (Invisibility, fatigue 0): the party is a warrior with 2 old damage counters and "
        "a priest with 1 heart; Player 1 sent only his Slime, which holds the party instead of attacking. A hold is "
        "not an attack, so no monster or ghost attacked in this battle this round and the party heals nothing: the "
        "warrior keeps his 2 counters. Were the hold an attack, he would be healed to 1.",
        state, Attack(0, 0, 1), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 2), ("y1-priest-4-1", 0))},
    )]  # fmt: skip


@writer
def dart_on_a_warrior_does_not_stop_spells() -> list[Path]:
    """CMB-SPELL-3: the Anti-magic Dart hits the warrior; the wizard casts Word of Peace and the lord must choose.
    Fails when any dart, whoever it targets, stops the party's spells."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, Target

    peace_first = ("word-of-peace", "graffiti", "detect-evil", "invisibility")  # round 1: Word of Peace (fast)
    start = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, traps={0: ["anti-magic-dart"]}, cards=peace_first)
    state = play(start, PlanDefence(0, COLUMN[0], ("anti-magic-dart",)))
    return [_write(
        _id("CMB-SPELL-3", "a-dart-on-a-warrior-does-not-stop-spells"), ["CMB-SPELL-3", "T-6", "C1-1"],
        "Year 1's combat, round 1 (Word of Peace, a fast spell): Player 1 defends his entrance with an Anti-magic "
        "Dart against a warrior and a wizard with 1 magic point, and aims it at the warrior, who takes 1. Only a "
        "dart on a wizard stops the party's spells, so the wizard casts Word of Peace in the fast step and Player 1 "
        "must now choose: let the party withdraw or gain 2 evil. Had the dart stopped the spell, the round would "
        "have gone on with no choice.",
        state, Target(0, 0), only=("players.0.party", "combat.battle.choosing", "combat.battle.no_spells"),
        after={"players.0.party": _party(("y1-warrior-5", 1), ("y1-wizard-3-1", 0)),
               "combat.battle.choosing": "word-of-peace", "combat.battle.no_spells": False},
    )]  # fmt: skip


@writer
def vampires_second_option_returns_ready() -> list[Path]:
    """CMB-MON-4: the Vampire attacks with its second option (2 damage) and goes back face up, ready.
    Fails when it is knocked out like any monster after acting."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5", "y1-thief-4-2", "y1-wizard-3-1"]}, monsters={0: ["vampire"]}, cards=TRAINING)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [_write(
        _id("CMB-MON-4", "a-vampires-second-option-sends-it-back-ready"), ["CMB-MON-4", "M-6"],
        "Year 1's combat, round 1 (Graffiti: fatigue 2, no effect): Player 1 sends his Vampire against a warrior, a "
        "thief and a wizard, and it attacks the warrior with its second option: 2 damage, and it returns. A "
        "monster that acted is knocked out (face down) for the rest of the year's combat, but not a Vampire that "
        "used its second option: it goes back face up, ready to be sent again.",
        state, Attack(0, 0, 1, 0), only=("players.0.monsters",),
        after={"players.0.monsters": [{"kind": "vampire", "ready": True}]},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
