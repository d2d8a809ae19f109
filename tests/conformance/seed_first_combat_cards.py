"""Write scenarios about three combat cards that no scenario cited first: the
Poisoned Dart (a trap card), Aura of Fear and Blind Rage (year-2 combat cards
whose effect is not established).

- T-5: the defender aims the dart's 1 at an adventurer of his choice, here the
  last one, at once; the 1 is reduced by anti-trap icons, the 2 that follow at
  the end of the round never are.
- C2-4: Aura of Fear, cast, changes nothing: the one monster he sent still
  attacks; with only a ghost sent the card does not touch him and nothing is
  asked.
- C2-6: Blind Rage, cast, changes nothing: a Dragon under it still stops the
  Healing step (a sheep Dragon, C2-3, would not).

Files: ``scenarios/byrule/first-T-5-*.json``, ``first-C2-4-*``, ``first-C2-6-*``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_combat_cards.py [NAME ...]

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

AURA_FIRST = ("aura-of-fear", "blind-rage", "regeneration", "illusion")
"""Year 2, round 1's card is Aura of Fear (fast, fatigue 2 as placeholders, C2-4)."""

RAGE_FIRST = ("blind-rage", "metamorphosis", "regeneration", "illusion")
"""Year 2, round 1's card is Blind Rage (fast, fatigue 2 as placeholders, C2-6)."""


@writer
def dart_on_a_chosen_target() -> list[Path]:
    """T-5: the defender aims the dart at the last adventurer: he alone takes the 1, at once."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import PlanDefence, Target

    party = ["y1-warrior-5", "y1-warrior-4", "y1-priest-4-1"]
    start = position({0: party}, monsters={0: ["witch"]}, traps={0: ["poisoned-dart"]}, cards=TRAINING)
    state = play(start, PlanDefence(0, COLUMN[0], ("poisoned-dart",), (0,)))
    return [record_position(
        BYRULE, "first-T-5-the-dart-hits-the-adventurer-the-defender-picks", ["T-5", "CMB-TRAP-6", "CMB-EOR-1"],
        "Year 1's combat, round 1: Player 1 defends his entrance with a Poisoned Dart and a Witch against two warriors "
        "and a priest at the back, with no thief. He aims the dart at the priest: the priest takes its 1 damage at "
        "once and the warriors nothing; the 2 more come only at the end of the round, so the Witch acts next with "
        "the priest on 1. Without the rule the dart would hit the first warrior, or deal all 3 at once.",
        state, Target(0, 2), only=("players.0.party", "players.0.prison", "players.0.monsters"),
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 0}, {"key": "y1-warrior-4", "damage": 0},
                                   {"key": "y1-priest-4-1", "damage": 1}],
               "players.0.monsters": [{"kind": "witch", "ready": True}], "combat.battle.step": "monsters"},
    )]  # fmt: skip


@writer
def dart_reduced_then_not() -> list[Path]:
    """T-5: a thief's icon cancels the dart's 1; the 2 at the end of the round are dealt in full."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import PlanDefence, Target

    party = ["y1-warrior-5", "y1-thief-4-1", "y1-priest-4-1"]
    state = play(position({0: party}, traps={0: ["poisoned-dart"]}, cards=TRAINING),
                 PlanDefence(0, COLUMN[0], ("poisoned-dart",)))  # fmt: skip
    return [record_position(
        BYRULE, "first-T-5-anti-trap-reduces-the-darts-1-never-its-2", ["T-5", "CMB-TRAP-3", "CMB-EOR-1"],
        "Year 1's combat, round 1 (card of fatigue 2), Player 1 the only defender: he plays a Poisoned Dart at his "
        "entrance and aims it at the priest behind a warrior and a thief (1 anti-trap icon). The thief's icon "
        "cancels the dart's 1; the fatigue puts 2 on the warrior; at the end of the round the dart's 2 fall on the "
        "priest in full: he ends on 2. Were the 2 reducible he would end on 1, were the 1 not reducible on 3.",
        state, Target(0, 2), only=("players.0.party", "players.0.prison"),
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 2}, {"key": "y1-thief-4-1", "damage": 0},
                                   {"key": "y1-priest-4-1", "damage": 2}], "combat.round": 2},
    )]  # fmt: skip


@writer
def aura_of_fear() -> list[Path]:
    """C2-4: Aura of Fear cast: the goblin sent still attacks; with only a ghost sent nothing is asked."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    party = ["y2-warrior-8", "y2-wizard-4-2"]
    goblin = position({0: party}, monsters={0: ["goblin"]}, year=2, cards=AURA_FIRST)
    ghost = position({0: party}, monsters={0: ["ghost"]}, year=2, cards=AURA_FIRST)
    only = ("players.0.party", "players.0.prison", "players.0.monsters", "players.0.tiles", "players.0.evil")
    return [
        record_position(
            BYRULE, "first-C2-4-aura-of-fear-leaves-the-monster-he-sent-to-attack", ["C2-4", "CMB-SPELL-8", "M-1"],
            "Year 2's combat, round 1: the card is Aura of Fear and the party's wizard (2 magic points) casts it. "
            "Player 1 sends his one Goblin to the entrance, so the card falls on it, but its effect is not "
            "established and it does nothing: the Goblin attacks the warrior (2) and is knocked out, the fatigue adds "
            "2 (4 on the warrior) and the entrance is conquered (evil 5 to 4). Had the card withdrawn or disabled the "
            "Goblin, the warrior would end on 2.",
            goblin, PlanDefence(0, COLUMN[0], (), (0,)), only=only,
            after={"players.0.party": [{"key": "y2-warrior-8", "damage": 4}, {"key": "y2-wizard-4-2", "damage": 0}],
                   "players.0.monsters": [{"kind": "goblin", "ready": False}], "players.0.tiles.0.conquered": True,
                   "players.0.evil": 4},
        ),
        record_position(
            BYRULE, "first-C2-4-with-only-a-ghost-sent-aura-of-fear-does-nothing", ["C2-4", "CMB-SPELL-6", "M-3"],
            "Year 2's combat, round 1: the party's wizard casts Aura of Fear; Player 1 sent only his Ghost to the "
            "entrance. The card picks only among monsters he sent, never a ghost, so it has no effect on him and asks "
            "him nothing: the Ghost hits the wizard (2), the fatigue puts 2 on the warrior, the entrance is conquered "
            "and round 2's planning begins. Applied to the Ghost, the card would stop or change its attack.",
            ghost, PlanDefence(0, COLUMN[0], (), (0,)), only=only,
            after={"players.0.party": [{"key": "y2-warrior-8", "damage": 2}, {"key": "y2-wizard-4-2", "damage": 2}],
                   "players.0.monsters": [{"kind": "ghost", "ready": False}], "players.0.tiles.0.conquered": True,
                   "combat.round": 2, "combat.stage": "plan"},
        ),
    ]  # fmt: skip


@writer
def blind_rage_dragon() -> list[Path]:
    """C2-6: Blind Rage cast, the Dragon sent: it still stops the Healing step."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    party = ["y2-warrior-8", "y2-wizard-4-2", "y2-priest-5-3"]
    state = position({0: party}, monsters={0: ["dragon"]}, year=2, cards=RAGE_FIRST)
    return [record_position(
        BYRULE, "first-C2-6-a-dragon-under-blind-rage-still-stops-healing", ["C2-6", "M-8", "CMB-HEAL-1"],
        "Year 2's combat, round 1: the card is Blind Rage and the party's wizard (2 magic points) casts it on all of "
        "Player 1's monsters in the battle; he sent his Dragon to the entrance. The card does nothing else, and the "
        "Dragon still attacks everyone for 2 and stops the Healing step: the priest's 3 hearts heal nothing and the "
        "fatigue adds 2 to the warrior (4, 2 and 2). Had the card taken the Dragon's abilities, as Metamorphosis' "
        "sheep loses them, the party would heal first and end on 2, 1 and 2.",
        state, PlanDefence(0, COLUMN[0], (), (0,)), only=("players.0.party", "players.0.prison"),
        after={"players.0.party": [{"key": "y2-warrior-8", "damage": 4}, {"key": "y2-wizard-4-2", "damage": 2},
                                   {"key": "y2-priest-5-3", "damage": 2}]},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
