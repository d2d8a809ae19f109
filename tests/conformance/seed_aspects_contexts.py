"""Write scenarios for combat cards in contexts no scenario put them in, as
``seed_aspects.py`` does (its docstring says how they were chosen and
checked). Each cites its rule first and fails when only that aspect is broken
(each writer's docstring says which breakage makes it fail; each was run
against a throwaway mutant of dlrules where only its aspect is broken, and on
dlrules itself). The kit's scenarios were searched first (their rules,
descriptions and positions) for every card × context below; none covered it:

- R-1, R-2, CMB-MON-7: the Training Room's +1 on the Troll's fed option; the
  Dark Room's +1 on the Vampire, both options (the second still sends it back
  face up); no +1 for a monster the room does not name (the Witch in a
  Training Room, the Troll in a Dark Room); CMB-ROOM-1: no +1 in a tunnel of
  a dungeon whose Training Room is elsewhere. (A conquered room's "no bonus"
  has no scenario: a conquered tile is never a battle tile, CMB-PLAN-3.)
- R-4: the Anti-Magic Room stops a year-2 fast spell with an effect
  (Metamorphosis), and the Witch acts there as usual.
- CMB-SPELL-6: Word of Peace's "withdraw" leaves the ghost in the battle;
  Metamorphosis with only a ghost sent asks nothing.
- Traps: an Anti-magic Dart on a wizard stops the spell even when a thief's
  icon cancels its damage (CMB-TRAP-5); a dart on the paladin stops neither
  the spell (he has crystals) nor the Healing (he has hearts): he is no wizard
  or priest (PAL-12); the Poisoned Meal on the paladin leading the party
  deals his printed hit points less his own icons; a Cursed Ring on a room
  costs its own gold and the room's (CMB-PLAN-6).
- CMB-MON-3: a Vampire facing only priests does not attack and goes back
  face up; a Ghost facing a lone adventurer does not attack and is knocked out.

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_contexts.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers

from dlrules.core.state import GameState
from conformance.seed_aspects import PARTY, _id, _party, _write

WRITERS = Writers()
writer = WRITERS.writer

ILLUSION_FIRST = ("illusion", "magic-key", "blind-rage", "regeneration")
"""Year 2's round 1 is Illusion (fast, fatigue 1); a party without wizards casts nothing."""

METAMORPHOSIS_FIRST = ("metamorphosis", "magic-key", "blind-rage", "regeneration")
"""Year 2's round 1 is Metamorphosis (fast, fatigue 2)."""

PEACE_FIRST = ("word-of-peace", "graffiti", "detect-evil", "fireball")
"""Year 1's round 1 is Word of Peace (fast, fatigue 2)."""

GRAFFITI_FIRST = ("graffiti", "detect-evil", "word-of-peace", "suggestion")
"""Year 1's round 1 is Graffiti (fatigue 2, no effect when cast)."""

INVISIBILITY_FIRST = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
"""Year 1's round 1 is Invisibility (fatigue 0; with no wizard it moves nobody)."""

PALADIN = ("combat.paladin",)
MONSTERS = ("players.0.monsters",)


def in_room(room: str, monster: str, party: tuple[str, ...] = ("y2-warrior-6", "y2-warrior-5", "y2-thief-4-2"), *,
            column: int = 0, food: int = 0) -> GameState:
    """Year 2's combat, round 1 (``ILLUSION_FIRST``): Player 1 has ``monster``, ``food``, and ``room`` at
    ``COLUMN[column]`` of a dungeon of tunnels, ``party`` at his entrance (``combat_positions.position``)."""
    from combat_positions import COLUMN, position, tunnels

    return position({0: list(party)}, monsters={0: [monster]}, dungeons={0: tunnels(rooms={COLUMN[column]: room})},
                    food=food, cards=ILLUSION_FIRST, year=2)  # fmt: skip


# --- R-1, R-2, CMB-MON-7, CMB-ROOM-1: the rooms' +1 -----------------------------------------------------


@writer
def fed_troll_in_the_training_room() -> list[Path]:
    """R-1: the Troll's fed option in a Training Room deals 5. Fails when the room's +1 is left off the option
    with a price (the fed Troll's 4 and the fatigue's 1 leave the warrior standing on 5 of 6)."""
    from combat_positions import COLUMN, play

    from dlrules.core.moves import Attack, PlanDefence

    start = in_room("training-room", "troll", food=1)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))  # fed or not: the Troll waits for its option
    return [_write(
        _id("R-1", "the-training-room-adds-one-to-the-fed-troll"), ["R-1", "CMB-MON-7", "M-4"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1 sent his Troll to his "
        "Training Room, the entrance, against two warriors (6 and 5 hit points) and a thief; he has 1 food. He pays it for the "
        "Troll's second option: 4, and 1 more in the Training Room, 5 on the first warrior; the round's fatigue adds "
        "1 and he is eliminated, to the prison; the others conquer the room. The room adds 1 to every "
        "attack of a Troll, the fed one too: without it the warrior would stand on 5.",
        state, Attack(0, 0, 1), only=(*PARTY, "players.0.food"),
        after={"players.0.prison": ["y2-warrior-6"], "players.0.party": _party(("y2-warrior-5", 0), ("y2-thief-4-2", 0))},
    )]  # fmt: skip


@writer
def vampire_in_the_dark_room() -> list[Path]:
    """R-2: in a Dark Room the Vampire's first option deals 4, its second 3 and it still goes back face up.
    Fails when the Dark Room's +1 is the Witch's alone (the thief takes 3, or 2), or when it is left off the
    option that sends the Vampire back (2)."""
    from combat_positions import COLUMN, play

    from dlrules.core.moves import Attack, PlanDefence

    start = in_room("dark-room", "vampire", ("y2-warrior-6", "y2-priest-5-2", "y2-thief-4-2"))
    first = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    said = ("Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1 sent his Vampire to "
            "his Dark Room, the entrance, against a warrior, a priest (2 hearts) and a thief with 4 hit points. ")
    out = [_write(
        _id("R-2", "the-dark-room-adds-one-to-the-vampires-first-option"), ["R-2", "CMB-MON-7", "M-6"],
        said + "The Vampire's first option, on anyone but a priest, deals 3, and 1 more in the Dark Room: 4 on the "
        "thief, who is eliminated, to the prison; the Vampire is knocked out. The party heals nobody (nobody left "
        "is hurt) and the fatigue puts 1 on the warrior. Without the room's +1 the thief would stand.",
        first, Attack(0, 0, 0, 2), only=(*PARTY, *MONSTERS),
        after={"players.0.prison": ["y2-thief-4-2"], "players.0.monsters": [{"kind": "vampire", "ready": False}]},
    )]  # fmt: skip
    two = play(in_room("dark-room", "vampire", ("y2-warrior-6", "y2-thief-5-2", "y2-thief-4-2")), PlanDefence(0, COLUMN[0], (), (0,)))
    out.append(_write(
        _id("R-2", "the-dark-room-adds-one-to-the-vampires-second-option"), ["R-2", "CMB-MON-7", "CMB-MON-4"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1 sent his Vampire to his "
        "Dark Room, the entrance, against a warrior and two thieves, and no priest. The Vampire's "
        "second option deals 2, and 1 more in the Dark Room: 3 on the first thief (5 hit points); as that option says, the Vampire goes "
        "back face up, ready. The fatigue puts 1 on the warrior. The room's +1 is for every attack of a Vampire, "
        "the one that returns too: without it the thief would hold 2.",
        two, Attack(0, 0, 1, 1), only=(*PARTY, *MONSTERS),
        after={"players.0.party": _party(("y2-warrior-6", 1), ("y2-thief-5-2", 3), ("y2-thief-4-2", 0)),
               "players.0.monsters": [{"kind": "vampire", "ready": True}]},
    ))  # fmt: skip
    return out


@writer
def witch_in_the_training_room() -> list[Path]:
    """R-1: the Training Room adds nothing to the Witch: her standard attack deals 4 there. Fails when the
    Training Room's +1 goes to every monster (5, and the fatigue eliminates the warrior)."""
    from combat_positions import COLUMN, play

    from dlrules.core.moves import Attack, PlanDefence

    start = in_room("training-room", "witch")
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [_write(
        _id("R-1", "the-training-room-adds-nothing-to-the-witch"), ["R-1", "CMB-MON-7", "M-5"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1 sent his Witch to his "
        "Training Room, the entrance, against two warriors (6 and 5 hit points) and a thief. The Training Room trains Trolls "
        "and Goblins only: the Witch's standard attack deals its plain 4 to the first warrior, and the fatigue adds "
        "1: 5 of 6, he stands, and the room is conquered. With the room's +1 he would have gone to the prison.",
        state, Attack(0, 0, 0), only=PARTY,
        after={"players.0.party": _party(("y2-warrior-6", 5), ("y2-warrior-5", 0), ("y2-thief-4-2", 0)), "players.0.prison": []},
    )]  # fmt: skip


@writer
def troll_in_the_dark_room() -> list[Path]:
    """R-2: the Dark Room adds nothing to the Troll: 3 there. Fails when the Dark Room's +1 goes to every
    monster (4 and the fatigue's 1: the warrior holds 5)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    start = in_room("dark-room", "troll")
    return [_write(
        _id("R-2", "the-dark-room-adds-nothing-to-the-troll"), ["R-2", "CMB-MON-7", "M-4"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1 sends his Troll to his "
        "Dark Room, the entrance, against two warriors (6 and 5 hit points) and a thief; with no food the Troll makes its plain "
        "attack at once. The Dark Room strengthens Vampires and Witches only: 3 on the first warrior, then the "
        "fatigue's 1: 4 of 6. With the room's +1 he would hold 5.",
        start, PlanDefence(0, COLUMN[0], (), (0,)), only=PARTY,
        after={"players.0.party": _party(("y2-warrior-6", 4), ("y2-warrior-5", 0), ("y2-thief-4-2", 0))},
    )]  # fmt: skip


@writer
def goblin_beside_the_training_room() -> list[Path]:
    """CMB-ROOM-1: the Training Room strengthens a battle fought on it only: a Goblin in the entrance tunnel,
    with the Training Room below it, deals 2. Fails when the room's +1 counts wherever the battle is in a dungeon
    that has the room (3, and the warrior holds 4)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    start = in_room("training-room", "goblin", column=1)
    return [_write(
        _id("CMB-ROOM-1", "the-training-room-does-nothing-for-a-battle-elsewhere"), ["CMB-ROOM-1", "R-1", "M-1"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast without a wizard): Player 1's entrance is a tunnel "
        "and his Training Room lies just below it. The battle is at the entrance; he sends his Goblin there against "
        "two warriors (6 and 5 hit points) and a thief. A combat room changes only a battle fought on it: the Goblin deals its "
        "plain 2 (no follow-up: the warrior stands), the fatigue adds 1: 3 of 6. With the room's +1 he would hold 4.",
        start, PlanDefence(0, COLUMN[0], (), (0,)), only=PARTY,
        after={"players.0.party": _party(("y2-warrior-6", 3), ("y2-warrior-5", 0), ("y2-thief-4-2", 0))},
    )]  # fmt: skip


# --- the Anti-Magic Room ----------------------------------------------------------------------------


@writer
def metamorphosis_in_the_anti_magic_room() -> list[Path]:
    """R-4: in the Anti-Magic Room the party casts no spell: Metamorphosis (fast) is not cast, and the Witch sent
    there is asked for her option as usual. Fails when the room lets the party cast (the defender must first turn
    the Witch into a sheep)."""
    from combat_positions import COLUMN, position, tunnels

    from dlrules.core.moves import PlanDefence

    anti = tunnels(rooms={COLUMN[0]: "anti-magic-room"})
    start = position({0: ["y2-warrior-6", "y2-wizard-5-2", "y2-thief-4-2"]}, monsters={0: ["witch"]}, dungeons={0: anti},
                     cards=METAMORPHOSIS_FIRST, year=2)  # fmt: skip
    return [_write(
        _id("R-4", "the-anti-magic-room-stops-metamorphosis"), ["R-4", "CMB-SPELL-3", "C2-3", "M-5"],
        "Year 2's combat, round 1: the card is Metamorphosis (fast), and the party's wizard has 2 magic points, "
        "enough in round 1. Player 1 sends his Witch to his Anti-Magic Room, the entrance. In the Anti-Magic Room "
        "the party skips both spell steps: Metamorphosis is not cast, the Witch is not turned into a sheep, and the "
        "battle waits for her to act (her standard attack or her two small ones), as it would anywhere.",
        start, PlanDefence(0, COLUMN[0], (), (0,)),
        only=(*PARTY, *MONSTERS, "to_move", "combat.battle.choosing", "combat.battle.sent", "combat.battle.step"),
        after={"combat.battle.choosing": None, "combat.battle.sent": [0], "to_move": [0]},
    )]  # fmt: skip


# --- CMB-SPELL-6: spells that speak of monsters leave ghosts alone -----------------------------------------


@writer
def word_of_peace_leaves_the_ghost() -> list[Path]:
    """C1-1, CMB-SPELL-6: Word of Peace's "withdraw" takes back the Goblin, not the Ghost, which stays to attack.
    Fails when the ghost is withdrawn too (nothing left to act: the battle runs on to its conquest)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, WordOfPeace

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1", "y1-thief-3-1"]}, monsters={0: ["goblin", "ghost"]},
                     cards=PEACE_FIRST)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0, 1)))  # the spell is cast: the question is asked
    return [_write(
        _id("C1-1", "word-of-peace-withdraws-the-goblin-not-the-ghost"), ["C1-1", "CMB-SPELL-6", "CMB-SPELL-5", "M-3"],
        "Year 1's combat, round 1: the card is Word of Peace (fast, fatigue 2) and the party, a warrior, a wizard "
        "with 1 magic point and a thief, casts it. Player 1 sent his Goblin and his Ghost to the entrance and "
        "chooses to withdraw: the Goblin goes back to the lair face up, as if never sent, but the spell speaks of "
        "monsters and a ghost is none, so the Ghost stays in the battle: Player 1 must now choose its target (the "
        "wizard or the thief, never the first adventurer). Nobody has been hurt yet.",
        state, WordOfPeace(0, True),
        only=(*PARTY, *MONSTERS, "to_move", "combat.battle.sent", "combat.battle.step", "combat.battle.choosing",
              "combat.round"),
        after={"combat.battle.sent": [1], "combat.battle.choosing": None, "to_move": [0], "combat.round": 1,
               "players.0.party": _party(("y1-warrior-5", 0), ("y1-wizard-3-1", 0), ("y1-thief-3-1", 0))},
    )]  # fmt: skip


@writer
def metamorphosis_spares_a_lone_ghost() -> list[Path]:
    """C2-3, CMB-SPELL-6: Metamorphosis with only a Ghost sent asks nothing; the Ghost is asked for its target.
    Fails when the spell asks the defender whenever anything was sent (the battle waits for a sheep to be named
    and no monster can be; or, a ghost nameable, the Ghost becomes the sheep and the battle ends)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y2-warrior-6", "y2-wizard-5-2", "y2-thief-4-2"]}, monsters={0: ["ghost"]},
                     cards=METAMORPHOSIS_FIRST, year=2)  # fmt: skip
    return [_write(
        _id("C2-3", "metamorphosis-asks-nothing-of-a-lone-ghost"), ["C2-3", "CMB-SPELL-6", "M-3"],
        "Year 2's combat, round 1: the card is Metamorphosis (fast, fatigue 2) and the party (a warrior, a wizard "
        "with 2 magic points and a thief) casts it. Player 1 sent only his Ghost to the entrance. The spell turns "
        "one of the monsters he sent into a sheep, and a ghost is not a monster: it has no effect on him and asks "
        "nothing. The battle goes on to the monsters' step, where Player 1 chooses the Ghost's target (the wizard "
        "or the thief, never the first adventurer).",
        start, PlanDefence(0, COLUMN[0], (), (0,)),
        only=(*PARTY, *MONSTERS, "to_move", "combat.battle.sent", "combat.battle.step", "combat.battle.choosing"),
        after={"combat.battle.choosing": None, "combat.battle.sent": [0], "combat.battle.step": "monsters",
               "to_move": [0]},
    )]  # fmt: skip


# --- Traps in context ---------------------------------------------------------------------------------------


@writer
def dart_on_a_wizard_cancelled() -> list[Path]:
    """CMB-TRAP-5, CMB-SPELL-3: an Anti-magic Dart on a wizard stops the party's spells even when a thief's icon
    cancels its damage. Fails when only a dart that hurts the wizard stops them (Word of Peace is cast and asks)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, Target

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1", "y1-thief-3-1"]}, traps={0: ["anti-magic-dart"]},
                     cards=PEACE_FIRST)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], ("anti-magic-dart",)))
    return [_write(
        _id("CMB-TRAP-5", "a-dart-on-a-wizard-stops-spells-though-its-damage-is-cancelled"),
        ["CMB-TRAP-5", "CMB-SPELL-3", "T-6", "C1-1"],
        "Year 1's combat, round 1: the card is Word of Peace (fast, fatigue 2). Player 1's Anti-magic Dart goes off "
        "at his entrance against a warrior, a wizard with 1 magic point and a thief with 1 anti-trap icon; he aims "
        "it at the wizard. The thief's icon cancels its 1 point, but the dart hit a wizard all the same: the party "
        "casts no spell this round. Word of Peace is not cast, Player 1 is asked nothing, the fatigue puts 2 on the "
        "warrior and the entrance is conquered (evil 5 to 4).",
        state, Target(0, 1), only=(*PARTY, "players.0.evil", "to_move", "combat.round", "combat.battle"),
        after={"players.0.party": _party(("y1-warrior-5", 2), ("y1-wizard-3-1", 0), ("y1-thief-3-1", 0)),
               "players.0.evil": 4, "combat.round": 2},
    )]  # fmt: skip


@writer
def dart_on_the_paladin_spells() -> list[Path]:
    """CMB-SPELL-3, PAL-12: an Anti-magic Dart on the paladin does not stop spells, though he has crystals: he is
    no wizard. Fails when a dart on anyone with crystals stops them (Word of Peace not cast, the round goes on)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, Target

    start = position({0: ["y1-warrior-5", "y1-priest-4-1", "y1-thief-4-1"]}, traps={0: ["anti-magic-dart"]}, cards=PEACE_FIRST,
                     paladin=0, evil={0: 11})  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], ("anti-magic-dart",)))
    return [_write(
        _id("CMB-SPELL-3", "a-dart-on-the-paladin-does-not-stop-spells"), ["CMB-SPELL-3", "PAL-12", "T-6", "C1-1"],
        "Year 1's combat, round 1: the card is Word of Peace (fast). The paladin (5 hit points; 2 anti-trap icons, "
        "2 hearts, 2 crystals) leads Player 1's party of a warrior and a priest; there is no wizard. Player 1 aims "
        "his Anti-magic Dart at the paladin; his own icons cancel its point. Only a dart on a wizard stops spells, "
        "and the paladin is no wizard: his 2 crystals cast Word of Peace, and Player 1 must choose to withdraw his "
        "monsters (none sent) or gain 2 evil.",
        state, Target(0, 0), only=(*PARTY, *PALADIN, "players.0.evil", "to_move", "combat.battle.choosing"),
        after={"combat.battle.choosing": "word-of-peace", "to_move": [0], "combat.paladin.damage": 0},
    )]  # fmt: skip


@writer
def dart_on_the_paladin_healing() -> list[Path]:
    """CMB-HEAL-1, PAL-12: an Anti-magic Dart on the paladin does not stop the Healing, though he has hearts: he
    is no priest. Fails when a dart on anyone with hearts skips the Healing (the paladin ends on 4, not 2)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, Target

    start = position({0: ["y1-warrior-5", "y1-thief-3-1", "y1-thief-4-1"]}, traps={0: ["anti-magic-dart"]},
                     monsters={0: ["goblin"]},
                     cards=GRAFFITI_FIRST, paladin=0, evil={0: 11})  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], ("anti-magic-dart",), (0,)))
    return [_write(
        _id("CMB-HEAL-1", "a-dart-on-the-paladin-does-not-stop-the-healing"), ["CMB-HEAL-1", "PAL-12", "T-6", "CMB-HEAL-2"],
        "Year 1's combat, round 1 (Graffiti: fatigue 2, no effect when cast): the paladin (5 hit points; 2 anti-trap "
        "icons, 2 hearts) leads Player 1's party of a warrior and a thief (1 icon); there is no priest. Player 1 "
        "aims his Anti-magic Dart at the paladin: the icons cancel its point. His Goblin then hits the paladin for "
        "2. Only a dart on a priest stops the Healing, and the paladin is no priest: a monster attacked, so his 2 "
        "hearts heal his 2 counters. The fatigue puts 2 on him: he ends on 2 (4 without the healing).",
        state, Target(0, 0), only=(*PARTY, *PALADIN),
        after={"combat.paladin.damage": 2,
               "players.0.party": _party(("y1-warrior-5", 0), ("y1-thief-3-1", 0), ("y1-thief-4-1", 0))},
    )]  # fmt: skip


@writer
def meal_on_the_paladin() -> list[Path]:
    """T-8: the Poisoned Meal on a party the paladin leads feeds the paladin: his printed 5 less his own 2 icons,
    3. Fails when the Meal skips the paladin for the first adventurer tile behind him (the warrior takes 3)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-warrior-5", "y1-priest-4-1", "y1-priest-3-2"]}, traps={0: ["poisoned-meal"]}, food=1,
                     cards=INVISIBILITY_FIRST, paladin=0, evil={0: 11})  # fmt: skip
    return [_write(
        _id("T-8", "the-meal-feeds-the-paladin-leading-the-party"), ["T-8", "PAL-3", "CMB-TRAP-3"],
        "Year 1's combat, round 1 (Invisibility: fatigue 0; there is no wizard to hide): the paladin (5 hit "
        "points, 2 anti-trap icons) leads Player 1's party of a warrior and a priest. Player 1 pays 1 food and plays "
        "the Poisoned Meal at his entrance: it deals the first adventurer, the paladin, his printed hit points less "
        "the party's icons, his own 2: 3 counters; the warrior behind him takes nothing. The entrance is conquered.",
        start, PlanDefence(0, COLUMN[0], ("poisoned-meal",)), only=(*PARTY, *PALADIN, "players.0.food"),
        after={"combat.paladin.damage": 3,
               "players.0.party": _party(("y1-warrior-5", 0), ("y1-priest-4-1", 0), ("y1-priest-3-2", 0))},
    )]  # fmt: skip


@writer
def cursed_ring_on_a_room() -> list[Path]:
    """CMB-PLAN-6, T-4: a Cursed Ring on a room costs its own 1 gold and the room's 1: with 1 gold it is refused.
    Fails when the room's gold stands in for the trap's own cost (1 gold would do)."""
    from combat_positions import COLUMN, position, tunnels

    from dlrules.core.moves import PlanDefence

    coop = tunnels(rooms={COLUMN[0]: "chicken-coop"})
    start = position({0: ["y1-warrior-5", "y1-priest-4-1", "y1-thief-3-1"]}, traps={0: ["cursed-ring"]}, dungeons={0: coop},
                     gold=1,
                     cards=GRAFFITI_FIRST)  # fmt: skip
    return [_write(
        _id("CMB-PLAN-6", "a-cursed-ring-on-a-room-costs-its-gold-and-the-rooms"), ["CMB-PLAN-6", "T-4", "CMB-3"],
        "Year 1's combat, round 1's planning: the battle is at Player 1's entrance, his Chicken Coop. He has 1 gold "
        "and would play his Cursed Ring there: refused. A trap on a room costs the room's 1 gold on top of its own "
        "cost, and the Cursed Ring's own cost is 1 gold: 2 gold in all.",
        start, PlanDefence(0, COLUMN[0], ("cursed-ring",)), refused=True,
    )]  # fmt: skip


# --- CMB-MON-3: a monster or ghost that cannot attack ----------------------------------------------------


@writer
def vampire_facing_only_priests() -> list[Path]:
    """CMB-MON-3, CMB-MON-4: a Vampire sent against two priests cannot attack and goes back face up. Fails when
    it may attack a priest once nobody else is left, or when a monster that could not attack is knocked out."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-priest-4-1", "y1-priest-3-2", "y1-priest-3-1"]}, monsters={0: ["vampire"]}, cards=TRAINING)
    return [_write(
        _id("CMB-MON-3", "a-vampire-facing-only-priests-does-not-attack-and-returns"), ["CMB-MON-3", "CMB-MON-4", "M-6"],
        "Year 1's combat, round 1 (Graffiti: fatigue 2, no effect when cast): Player 1 sends his Vampire to the "
        "entrance against a party of three priests. A Vampire never attacks a priest, so it cannot attack at all: it "
        "does nothing and goes back face up, ready for a later round. Nobody attacked, so the priests heal nothing; "
        "the fatigue puts 2 on the first priest and the entrance is conquered.",
        start, PlanDefence(0, COLUMN[0], (), (0,)), only=(*PARTY, *MONSTERS),
        after={"players.0.party": _party(("y1-priest-4-1", 2), ("y1-priest-3-2", 0), ("y1-priest-3-1", 0)),
               "players.0.monsters": [{"kind": "vampire", "ready": True}]},
    )]  # fmt: skip


@writer
def ghost_facing_one_adventurer() -> list[Path]:
    """CMB-MON-3, CMB-MON-5: a Ghost sent against a lone adventurer cannot attack (he is the first) and is knocked
    out. Fails when a lone adventurer may be the Ghost's target (2 more: the priest is eliminated), or when a ghost
    that could not attack stays face up."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    cards = ("graffiti", "fireball", "detect-evil", "word-of-peace")  # round 1: fatigue 2; round 2: fatigue 1
    start = position({0: ["y1-warrior-3", "y1-warrior-4", "y1-priest-4-2"]}, traps={0: ["rolling-stone"]},
                     monsters={0: ["witch", "ghost"]}, cards=cards)  # fmt: skip
    round2 = play(start, PlanDefence(0, COLUMN[0], ("rolling-stone",), (0,)), Attack(0, 0, 0))
    return [_write(
        _id("CMB-MON-3", "a-ghost-facing-a-lone-adventurer-does-not-attack"), ["CMB-MON-3", "CMB-MON-5", "M-3"],
        "Year 1's combat, round 2 (Fireball: fatigue 1, no wizard to cast it). In round 1 Player 1's Rolling Stone "
        "and Witch eliminated both warriors and the fatigue put 2 on the priest (4 hit points, 2 hearts), the party's "
        "last adventurer, who conquered the entrance. Now Player 1 sends his Ghost to the tunnel below against the "
        "lone priest: a ghost never attacks the first adventurer, and the last one left is the first, so the Ghost "
        "cannot attack and is knocked out (face down). Nobody attacked, so nobody heals; the fatigue puts the "
        "priest on 3 and the tunnel is conquered. Had the Ghost hit him, he would have gone to the prison.",
        round2, PlanDefence(0, COLUMN[1], (), (1,)), only=(*PARTY, *MONSTERS, "players.0.tiles"),
        after={"players.0.party": _party(("y1-priest-4-2", 3)),
               "players.0.monsters": [{"kind": "witch", "ready": False}, {"kind": "ghost", "ready": False}]},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
