"""Write scenarios about combat rules that no scenario cited first: the order
of a battle's steps, the combat cards' secrecy, the choice of the battle tile,
cards of unknown effect, the order of the monsters, the Healing step, the
skipped Conquering step and the Poisoned Dart's 2 on a paladin who moved.

- CMB-4: Healing (step 5) comes before the fatigue (step 6): the healed
  warrior survives the fatigue that would have eliminated him.
- CMB-CARD-7: once the round's card is revealed every seat sees it; a card
  spied earlier stays known to its spy alone (``expect.views``).
- CMB-PLAN-3: a tile where conquest was prevented may be picked again.
- CMB-SPELL-8: Graffiti (effect not established) does nothing when cast, but
  its fatigue applies.
- CMB-MON-1: the defender makes the monster he sent second act first.
- CMB-HEAL-2: healing goes front first (old damage included).
- CMB-CONQ-1: a Demon's attack, or a Slime's hold, skips fatigue and conquest.
- CMB-EOR-2: the paladin, poisoned in Player 2's battle, moves to Player 1
  (whose battle came earlier that round) and takes the dart's 2 there.

Files: ``scenarios/byrule/first-CMB-*.json`` (the ids below). Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_battle_steps.py [NAME ...]

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

NO_FATIGUE_FIRST = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
"""Round 1's card is Invisibility (fatigue 0; its spell needs a magic point)."""


@writer
def healing_before_fatigue() -> list[Path]:
    """CMB-4: step 5 (Healing) before step 6 (fatigue): the warrior survives."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5", "y1-priest-3-2"]}, monsters={0: ["witch"]}, cards=TRAINING)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [record_position(
        BYRULE, "first-CMB-4-healing-comes-before-the-fatigue", ["CMB-4", "CMB-HEAL-2", "CMB-CONQ-2"],
        "Year 1's combat, round 1 (card of fatigue 2): Player 1's Witch makes her standard attack (4) on the first "
        "adventurer, a warrior of 5 hit points; behind him stands a priest with 2 hearts. Healing (step 5) comes "
        "before Conquering (step 6): the priest removes 2 of the warrior's counters (2 left), then the fatigue adds "
        "2 (4 of 5): he survives and the party conquers the entrance. With the fatigue before the healing he would "
        "have reached 6 counters and gone to the prison.",
        state, Attack(0, 0, 0), only=("players.0.party", "players.0.prison", "players.0.tiles"),
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 4}, {"key": "y1-priest-3-2", "damage": 0}],
               "players.0.prison": [], "players.0.tiles.0.conquered": True},
    )]  # fmt: skip


@writer
def revealed_card_is_public() -> list[Path]:
    """CMB-CARD-7: the revealed card is seen by all; the spied one by its spy only."""
    import attrs
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = attrs.evolve(position({0: ["y1-warrior-5"]}, cards=TRAINING), spied=((1,), ()))  # Player 1 spied slot 2
    sid = "first-CMB-CARD-7-the-revealed-card-is-public-the-spied-one-stays-secret"
    path = record_position(
        BYRULE, sid, ["CMB-CARD-7", "CMB-REV-1", "ACT-REP-2"],
        "Year 1's combat, round 1: Player 1 spied the combat card in slot 2 (Detect Evil) during the year; nobody "
        "has seen the others. Player 1, the only defender, plans his battle, so round 1's card (Graffiti) is turned "
        "face up: Player 2 and a spectator now see it too, while Detect Evil stays known to Player 1 alone and slots "
        "3 and 4 stay face down for everyone. Without the rule the revealed card would stay hidden, or the spied "
        "one would show.",
        state, PlanDefence(0, COLUMN[0]), only=("combat_cards",), after={"combat_cards.0": "graffiti"},
        views={  # the referee sees every card before and after; the views say the rule
            "0": {"combat_cards": ["graffiti", "detect-evil", None, None]},
            "1": {"combat_cards": ["graffiti", None, None, None]},
            "spectator": {"combat_cards": ["graffiti", None, None, None]},
        },
    )  # fmt: skip
    return [path]


@writer
def prevented_tile_picked_again() -> list[Path]:
    """CMB-PLAN-3: round 3 picks again the room where the Slime's hold prevented the conquest."""
    from combat_positions import play, position, tunnels

    from dlrules.core.moves import Attack, PlanDefence

    dungeon = tunnels((0, 2), (0, 3), (1, 2), rooms={(1, 2): "mint"})
    start = position({0: ["y1-warrior-5", "y1-thief-4-2", "y1-priest-4-2"]}, monsters={0: ["slime"]},
                     dungeons={0: dungeon}, cards=NO_FATIGUE_FIRST)  # fmt: skip
    state = play(start, PlanDefence(0, (0, 2)), PlanDefence(0, (1, 2), (), (0,)), Attack(0, 0, 1))
    return [record_position(
        BYRULE, "first-CMB-PLAN-3-a-tile-where-conquest-was-prevented-may-be-picked-again", ["CMB-PLAN-3", "CMB-PLAN-2"],
        "Year 1's combat, round 3: Player 1's entrance was conquered in round 1; in round 2 he fought in the Mint "
        "(below the entrance) and his Slime's hold prevented its conquest. The Mint and the tunnel right of the "
        "entrance are both 2 steps in, the nearest unconquered tiles, and he picks the Mint again, undefended: the "
        "fatigue (2) falls on the warrior and the Mint is conquered (evil 4 to 3), the tunnel stays unconquered. "
        "Were a tile already fought over excluded, this plan would be refused.",
        state, PlanDefence(0, (1, 2)), only=("players.0.tiles", "players.0.evil"),
        after={"players.0.tiles.2.conquered": True, "players.0.tiles.1.conquered": False, "players.0.evil": 3},
    )]  # fmt: skip


@writer
def unknown_card_keeps_its_fatigue() -> list[Path]:
    """CMB-SPELL-8: Graffiti is cast with no effect; its fatigue 2 applies."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-wizard-3-2"]}, cards=TRAINING)
    fields = ("party", "prison", "tiles", "evil", "gold", "food", "imps", "traps", "monsters")
    only = tuple(f"players.0.{k}" for k in fields)
    return [record_position(
        BYRULE, "first-CMB-SPELL-8-a-card-of-unknown-effect-does-nothing-but-its-fatigue-applies",
        ["CMB-SPELL-8", "C1-9", "CMB-CONQ-2"],
        "Year 1's combat, round 1: the card is Graffiti, whose effect is not established (fatigue 2). The party's "
        "wizard has 2 magic points, enough to cast it in round 1, and Player 1 defends the entrance with nothing. "
        "The spell does nothing: his gold, food, imps and traps stay as they were; but the fatigue applies: 2 on "
        "the warrior, then the entrance is conquered and Player 1 loses 1 evil (5 to 4). Without the rule the card "
        "would do something, or its fatigue would be dropped with it.",
        state, PlanDefence(0, COLUMN[0]), only=only,
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 2}, {"key": "y1-wizard-3-2", "damage": 0}],
               "players.0.evil": 4, "players.0.gold": 5, "players.0.food": 0, "players.0.imps": 3,
               "players.0.traps": ["kamikaze-imp"]},
    )]  # fmt: skip


@writer
def monsters_in_the_defenders_order() -> list[Path]:
    """CMB-MON-1: the Witch, sent second, acts first; that order leaves nobody to conquer."""
    from combat_positions import COLUMN, TRAINING, play, position, tunnels

    from dlrules.core.moves import Attack, PlanDefence

    coop = tunnels(rooms={COLUMN[0]: "chicken-coop"})
    start = position({0: ["y1-warrior-3", "y1-warrior-4"]}, monsters={0: ["goblin", "witch"]}, dungeons={0: coop},
                     cards=TRAINING)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0, 1)))
    return [record_position(
        BYRULE, "first-CMB-MON-1-the-defender-picks-which-monster-acts-first", ["CMB-MON-1", "CMB-PARTY-5", "CMB-CONQ-3"],
        "Year 1's combat, round 1 (card of fatigue 2): Player 1 sent his Goblin and then his Witch to the Chicken "
        "Coop at his entrance, against warriors of 3 and 4 hit points. He makes the Witch act first: her 4 eliminate "
        "the first warrior, then the Goblin's 2 and the fatigue's 2 eliminate the second, and nothing is conquered. "
        "Had the monsters acted in the order sent, the Goblin's 2 and the Witch's 4 would both have hit the first "
        "warrior, and the second would have survived the fatigue and conquered the room.",
        state, Attack(0, 1, 0), only=("players.0.party", "players.0.prison", "players.0.tiles", "players.0.evil"),
        after={"players.0.prison": ["y1-warrior-3", "y1-warrior-4"], "players.0.tiles.0.conquered": False,
               "players.0.evil": 5},
    )]  # fmt: skip


@writer
def healing_front_first() -> list[Path]:
    """CMB-HEAL-2: 1 heart heals the warrior's old counter, not the priest's fresh 2."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5:1", "y1-priest-4-1"]}, monsters={0: ["ghost"]}, cards=NO_FATIGUE_FIRST)
    return [record_position(
        BYRULE, "first-CMB-HEAL-2-healing-goes-to-the-front-adventurer-first", ["CMB-HEAL-2", "CMB-HEAL-1", "CMB-MON-5"],
        "Year 1's combat, round 1 (card of fatigue 0): the party is a warrior with 1 old damage counter and a priest "
        "with 1 heart. Player 1's Ghost, which may not hit the first adventurer, deals 2 to the priest. The party "
        "heals 1, front first: the warrior's old counter goes and the priest keeps his 2. Healing the priest himself "
        "(or the most damaged) would leave the warrior 1 and the priest 1.",
        state, PlanDefence(0, COLUMN[0], (), (0,)), only=("players.0.party", "players.0.prison"),
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 0}, {"key": "y1-priest-4-1", "damage": 2}]},
    )]  # fmt: skip


@writer
def conquering_skipped() -> list[Path]:
    """CMB-CONQ-1: a Demon attacked (year 2), or a Slime held (year 1): no fatigue, no conquest."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import Attack, PlanDefence

    year2 = ("song-of-courage", "magic-key", "regeneration", "create-food")
    demon = position({0: ["y2-warrior-8"]}, monsters={0: ["demon"]}, year=2, cards=year2)
    slime = play(position({0: ["y1-warrior-3:1"]}, monsters={0: ["slime"]}, cards=TRAINING),
                 PlanDefence(0, COLUMN[0], (), (0,)))  # fmt: skip
    only = ("players.0.party", "players.0.prison", "players.0.tiles", "players.0.evil")
    return [
        record_position(
            BYRULE, "first-CMB-CONQ-1-a-demons-attack-skips-fatigue-and-conquest", ["CMB-CONQ-1", "M-9"],
            "Year 2's combat, round 1 (Song of Courage, fatigue 3): Player 1's Demon attacks the lone warrior (8 hit "
            "points) for 7. A Demon attacked, so the whole Conquering step is skipped: no fatigue (its 3 would have "
            "eliminated him) and no conquest; the entrance stays unconquered and Player 1 keeps his 5 evil.",
            demon, PlanDefence(0, COLUMN[0], (), (0,)), only=only,
            after={"players.0.party": [{"key": "y2-warrior-8", "damage": 7}], "players.0.prison": [],
                   "players.0.tiles.0.conquered": False, "players.0.evil": 5},
        ),
        record_position(
            BYRULE, "first-CMB-CONQ-1-a-slimes-hold-skips-fatigue-and-conquest", ["CMB-CONQ-1", "M-2"],
            "Year 1's combat, round 1 (card of fatigue 2): the party is one warrior of 3 hit points with 1 old "
            "counter. Player 1's Slime holds instead of attacking, so the Conquering step is skipped: the fatigue "
            "(which would have eliminated the warrior) is not dealt, and the entrance is not conquered (evil stays 5).",
            slime, Attack(0, 0, 1), only=only,
            after={"players.0.party": [{"key": "y1-warrior-3", "damage": 1}], "players.0.prison": [],
                   "players.0.tiles.0.conquered": False, "players.0.evil": 5},
        ),
    ]  # fmt: skip


@writer
def dart_follows_paladin_back() -> list[Path]:
    """CMB-EOR-2: poisoned in Player 2's battle, the paladin moves to Player 1 (battled earlier) and falls there."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, Target

    entrance = COLUMN[0]
    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, paladin=1, paladin_damage=2, evil={0: 11, 1: 11},
                     traps={0: ["trap-door"], 1: ["poisoned-dart"]}, first=0,
                     cards=("fireball", "graffiti", "detect-evil", "invisibility"))  # fmt: skip
    state = play(start, PlanDefence(0, entrance, ("trap-door",)), PlanDefence(1, entrance, ("poisoned-dart",)))
    return [record_position(
        BYRULE, "first-CMB-EOR-2-the-darts-2-fall-where-the-paladin-is-at-the-end-of-the-round",
        ["CMB-EOR-2", "CMB-EOR-1", "PAL-7"],
        "Year 1's combat, round 1 (Fireball, fatigue 1), both lords at evil 11: Player 1's battle came first and his "
        "Trap Door prevented its conquest. In Player 2's battle the paladin (2 counters) leads and Player 2's "
        "Poisoned Dart targets him (its 1 cancelled by his icons); the fatigue makes 3, and Player 2's conquest "
        "drops him to 10, so the paladin moves at once to Player 1. At the end of the round the dart's 2 fall on "
        "him where he now is: 5 of 5, and he goes to Player 1's prison, not Player 2's.",
        state, Target(1, 0), only=("paladin", "players.0.prison", "players.1.prison", "players.0.party"),
        after={"players.0.prison": ["paladin-1"], "players.1.prison": [], "paladin": None,
               "players.0.party": [{"key": "y1-warrior-5", "damage": 2}]},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
