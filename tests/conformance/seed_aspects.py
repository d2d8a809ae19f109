"""Write scenarios for aspects of combat rules (traps, healing, spells; the
planning, the Troll, the round's card and the adventurers' queue are in
``seed_aspects_more.py``) whose first-citing scenarios left them
unpinned: for each rule below, each condition, order, number, target or
exception an independent implementer could get wrong on its own was listed
and checked against the scenarios citing the rule first; each aspect no
scenario pinned gets one scenario here that fails when only that aspect is
broken (each writer's docstring says which breakage makes it fail; every one
was checked on a throwaway mutant of dlrules, kept out of the repository).

- T-7: the Pendulum hits the second of three adventurers (not the last); with
  the paladin in front, the one right behind him.
- CMB-TRAP-3: what is left of the icons after the front adventurer's share
  goes on to the next one's; the icons of two thieves add up; the paladin's
  icons count. (Front first rather than from the back or from the thief is
  pinned already: gap-CMB-TRAP-3-anti-trap-cancels-the-front-adventurers-damage-first.)
- CMB-HEAL-1: a ghost's attack lets the party heal; trap damage alone does
  not; a monster's attack in another lord's battle does not.
- CMB-CARD-5: a fast spell comes after the traps (a trap that eliminates the
  wizard stops it) and before the monsters; a slow spell after the monsters;
  the card is cast separately in each battle whose party qualifies.
- CMB-SPELL-1: a fast spell's threshold too: one magic point short in round
  2, not cast; exactly 2, cast.

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects.py [NAME ...]

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
"""Round 1's card is Invisibility (fatigue 0; no wizard, so nothing is cast)."""

PEACE_FIRST = ("word-of-peace", "graffiti", "detect-evil", "fireball")
"""Round 1's card is Word of Peace (fast, fatigue 2)."""

FIST_FIRST = ("fist-of-justice", "graffiti", "detect-evil", "word-of-peace")
"""Round 1's card is Fist of Justice (slow, fatigue 1)."""

PEACE_SECOND = ("graffiti", "word-of-peace", "detect-evil", "fireball")
"""Round 2's card is Word of Peace (fast, fatigue 2); round 1's Graffiti (fatigue 2, no effect)."""

PARTY = ("players.0.party", "players.0.prison")


def _write(id: str, rules: list[str], description: str, state: object, move: object, *, refused: bool = False,
           **fields: object) -> Path:
    """``record_position`` into BYRULE, after checking that dlrules accepts the move (or, ``refused``, refuses it
    citing the scenario's first rule): a move refused for another reason would record a scenario about nothing."""
    from conformance.record import expectation

    found = expectation(state, move)  # type: ignore[arg-type]
    if refused:
        assert not found["legal"] and found["rules"][0] == rules[0], found
    else:
        assert found["legal"], found
    return record_position(BYRULE, id, rules, description, state, move, **fields)  # type: ignore[arg-type]


def _id(rule: str, name: str) -> str:
    return f"aspect-{rule}-{name}"


def _party(*members: tuple[str, int]) -> list[dict[str, object]]:
    return [{"key": key, "damage": damage} for key, damage in members]


# --- T-7: the Pendulum's target ---------------------------------------------------------------------------


@writer
def pendulum_second_of_three() -> list[Path]:
    """T-7: three adventurers, the Pendulum's 3 go to the second. Fails when it hits the last (or the first)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-wizard-4-2", "y1-priest-4-1"]}, traps={0: ["pendulum"]}, cards=TRAINING)
    return [_write(
        _id("T-7", "the-pendulum-hits-the-second-of-three-not-the-last"), ["T-7", "CMB-TRAP-3"],
        "Year 1's combat, round 1 (Graffiti: fatigue 2, no effect when cast): Player 1 plays a Pendulum at his "
        "entrance against a warrior, a wizard and a priest, with no thief and no paladin. The Pendulum deals 3 to the "
        "second adventurer: the wizard (4 hit points) takes 3, the priest at the back nothing; then the fatigue puts "
        "2 on the warrior. Had it hit the last adventurer, the priest would hold the 3.",
        state, PlanDefence(0, COLUMN[0], ("pendulum",)), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 2), ("y1-wizard-4-2", 3), ("y1-priest-4-1", 0))},
    )]  # fmt: skip


@writer
def pendulum_behind_the_paladin() -> list[Path]:
    """T-7: with the paladin leading, the Pendulum hits the one right behind him (the party's first tile).
    Fails when the second is counted without the paladin (the party's second tile is hit)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, traps={0: ["pendulum"]}, cards=TRAINING, paladin=0,
                     evil={0: 11})  # fmt: skip
    return [_write(
        _id("T-7", "with-the-paladin-the-pendulum-hits-the-one-right-behind-him"), ["T-7", "CMB-TRAP-3", "PAL-3"],
        "Year 1's combat, round 1 (fatigue 2): the paladin (5 hit points, 2 anti-trap icons) leads Player 1's party "
        "of a warrior and a priest. Player 1's Pendulum deals 3 to the adventurer right behind the paladin, the "
        "warrior; the paladin's 2 icons cancel 2 of them (front first: the paladin's own share is 0), so the warrior "
        "takes 1 and the priest nothing; the fatigue puts 2 on the paladin. Counting the second without the paladin "
        "would hit the priest.",
        state, PlanDefence(0, COLUMN[0], ("pendulum",)), only=(*PARTY, "combat.paladin"),
        after={"players.0.party": _party(("y1-warrior-5", 1), ("y1-priest-4-1", 0)), "combat.paladin.damage": 2},
    )]  # fmt: skip


# --- CMB-TRAP-3: anti-trap icons cancel from the front adventurer ------------------------------------------


@writer
def anti_trap_left_over_goes_on() -> list[Path]:
    """CMB-TRAP-3: 2 icons against the Wall of Fire's 1, 1, 2: the front's 1, then the second's 1.
    Fails when the icons cancel only the front adventurer's share (the rest lost)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-priest-4-1", "y1-thief-3-2"]}, traps={0: ["wall-of-fire"]}, cards=TRAINING)
    return [_write(
        _id("CMB-TRAP-3", "icons-left-after-the-front-adventurer-go-to-the-next"), ["CMB-TRAP-3", "T-1", "CMB-5"],
        "Year 1's combat, round 1 (fatigue 2): Player 1's Wall of Fire meets a warrior, a priest and, at the back, "
        "a thief with 2 anti-trap icons: it deals 1, 1 and 2. The icons cancel up to 2 points from the front "
        "backwards: the warrior's 1, then the priest's 1; the thief keeps his 2. The fatigue puts 2 on the warrior. "
        "Were the icons spent on the front adventurer's share alone, the priest would take his 1.",
        state, PlanDefence(0, COLUMN[0], ("wall-of-fire",)), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 2), ("y1-priest-4-1", 0), ("y1-thief-3-2", 2))},
    )]  # fmt: skip


@writer
def anti_trap_of_two_thieves() -> list[Path]:
    """CMB-TRAP-3: two thieves (1 and 2 icons): K = 3 cancels the Rolling Stone's 3 on the warrior.
    Fails when only one thief's icons count (the first, or the best)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-thief-3-1", "y1-thief-3-2"]}, traps={0: ["rolling-stone"]}, cards=TRAINING)
    return [_write(
        _id("CMB-TRAP-3", "the-icons-of-two-thieves-add-up"), ["CMB-TRAP-3", "T-2", "CMB-5"],
        "Year 1's combat, round 1 (fatigue 2): Player 1's Rolling Stone deals 3 to the first adventurer, a warrior, "
        "followed by two thieves with 1 and 2 anti-trap icons. K counts every thief's icons: 3, so all 3 points are "
        "cancelled and the warrior ends on the fatigue's 2. With only one thief's icons he would end on 3 or 4.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 2), ("y1-thief-3-1", 0), ("y1-thief-3-2", 0))},
    )]  # fmt: skip


@writer
def anti_trap_of_the_paladin() -> list[Path]:
    """CMB-TRAP-3: the paladin's 2 icons count: the Rolling Stone's 3 on him become 1.
    Fails when only thieves' icons count (he would fall to the stone and the fatigue)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5"]}, traps={0: ["rolling-stone"]}, cards=TRAINING, paladin=0, evil={0: 11})
    return [_write(
        _id("CMB-TRAP-3", "the-paladins-icons-count"), ["CMB-TRAP-3", "T-2", "PAL-12"],
        "Year 1's combat, round 1 (fatigue 2): the paladin (5 hit points, 2 anti-trap icons) leads Player 1's party "
        "of one warrior, with no thief. The Rolling Stone deals 3 to the first adventurer, the paladin; his own 2 "
        "icons cancel 2, so he takes 1, then the fatigue's 2: 3 of 5, and he stands. Were his icons not counted he "
        "would take 3 + 2 = 5 and go to Player 1's prison.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=(*PARTY, "combat.paladin"),
        after={"players.0.party": _party(("y1-warrior-5", 0)), "players.0.prison": [], "combat.paladin.damage": 3},
    )]  # fmt: skip


# --- CMB-HEAL-1: when the Healing step heals -----------------------------------------------------------------


@writer
def healing_after_a_ghosts_attack() -> list[Path]:
    """CMB-HEAL-1 (b): a ghost is not a monster, but its attack lets the party heal.
    Fails when only a (non-ghost) monster's attack counts."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5:2", "y1-priest-4-1", "y1-warrior-4"]}, monsters={0: ["ghost"]},
                     cards=NO_FATIGUE_FIRST)  # three adventurers: the Ghost's target is a decision
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [_write(
        _id("CMB-HEAL-1", "a-ghosts-attack-lets-the-party-heal"), ["CMB-HEAL-1", "M-3", "CMB-MON-6"],
        "Year 1's combat, round 1 (Invisibility, fatigue 0, not cast: no wizard): the party is a warrior with 2 old "
        "damage counters, a priest with 1 heart and another warrior; Player 1 sent only his Ghost, which hits the "
        "priest for 2. A "
        "ghost attacked in this battle this round, so the party heals its 1, front first: the warrior goes down to "
        "1. Were only monsters' attacks to count, nothing would be healed.",
        state, Attack(0, 0, 0, 1), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 1), ("y1-priest-4-1", 2), ("y1-warrior-4", 0))},
    )]  # fmt: skip


@writer
def no_healing_after_trap_damage_alone() -> list[Path]:
    """CMB-HEAL-1 (b): a trap hit the party but no monster or ghost attacked: no healing.
    Fails when trap damage (or any damage this round) lets the party heal."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, traps={0: ["rolling-stone"]}, cards=NO_FATIGUE_FIRST)
    return [_write(
        _id("CMB-HEAL-1", "trap-damage-alone-does-not-let-the-party-heal"), ["CMB-HEAL-1", "T-2"],
        "Year 1's combat, round 1 (fatigue 0): Player 1's Rolling Stone deals 3 to the warrior in front of a priest "
        "with 1 heart, and he sends no monster or ghost. Healing needs an attack by a monster or ghost in this battle "
        "this round; a trap is not one, so the warrior keeps his 3 counters (the entrance is conquered). Healing "
        "after the trap would leave him on 2.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=(*PARTY, "players.0.tiles"),
        after={"players.0.party": _party(("y1-warrior-5", 3), ("y1-priest-4-1", 0)), "players.0.tiles.0.conquered": True},
    )]  # fmt: skip


@writer
def no_healing_from_another_battles_attack() -> list[Path]:
    """CMB-HEAL-1 (b): Player 1's Goblin attacked in his battle; Player 2's battle, later in the same round,
    had no attack: his party does not heal. Fails when an attack anywhere in the round counts (a flag per round,
    not per battle)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5:2", "y1-priest-4-1"]}, monsters={0: ["goblin"]},
                     cards=NO_FATIGUE_FIRST, first=0)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))  # a lone Goblin has one option: it acts by itself
    return [_write(
        _id("CMB-HEAL-1", "an-attack-in-another-lords-battle-does-not-count"), ["CMB-HEAL-1", "CMB-BAT-1"],
        "Year 1's combat, round 1 (fatigue 0), both lords defending; Player 2 plans last. Player 1's battle comes "
        "first and his Goblin attacks his party's warrior (2). Then Player 2's battle runs: he sent nothing, so no monster or ghost "
        "attacked in this battle, and his party (a warrior with 2 old counters, a priest with 1 heart) heals "
        "nothing: the warrior keeps 2. Counting the Goblin's attack in the other dungeon would heal him to 1.",
        state, PlanDefence(1, COLUMN[0]), only=("players.1.party", "players.1.prison", "players.0.party"),
        after={"players.1.party": _party(("y1-warrior-5", 2), ("y1-priest-4-1", 0)),
               "players.0.party": _party(("y1-warrior-5", 2))},
    )]  # fmt: skip


# --- CMB-CARD-5: the fast and the slow step ----------------------------------------------------------------


@writer
def fast_spell_after_the_traps() -> list[Path]:
    """CMB-CARD-5: the Rolling Stone eliminates the wizard before the fast step: Word of Peace is not cast.
    Fails when the fast spell is cast before the traps (or its magic counted at the battle's start)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-wizard-3-1", "y1-warrior-5"]}, traps={0: ["rolling-stone"]}, cards=PEACE_FIRST)
    return [_write(
        _id("CMB-CARD-5", "a-fast-spell-comes-after-the-traps"), ["CMB-CARD-5", "CMB-SPELL-2", "CMB-4"],
        "Year 1's combat, round 1: the card is Word of Peace (fast, fatigue 2). Player 1's Rolling Stone deals 3 to "
        "the first adventurer, a wizard of 3 hit points and the party's only magic point, who goes to the prison. "
        "The fast spell step comes after the trap step: the party has no magic point left, so the spell is not cast "
        "and Player 1 is asked nothing; the fatigue puts 2 on the warrior and the entrance is conquered (evil 5 to "
        "4). Cast before the traps, it would have asked him to withdraw or gain 2 evil.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)),
        only=(*PARTY, "players.0.evil", "players.0.tiles", "to_move"),
        after={"players.0.prison": ["y1-wizard-3-1"], "players.0.party": _party(("y1-warrior-5", 2)),
               "players.0.evil": 4, "combat.round": 2},
    )]  # fmt: skip


@writer
def fast_spell_before_the_monsters() -> list[Path]:
    """CMB-CARD-5: Word of Peace (fast) asks its question before the Goblin sent acts.
    Fails when a fast spell is cast at the slow step (after the monsters)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, monsters={0: ["goblin"]}, cards=PEACE_FIRST)
    return [_write(
        _id("CMB-CARD-5", "a-fast-spell-comes-before-the-monsters"), ["CMB-CARD-5", "C1-1", "CMB-4"],
        "Year 1's combat, round 1: the card is Word of Peace (fast) and the party's wizard has 1 magic point, "
        "enough in round 1. Player 1 sends his Goblin to the entrance. The fast spell step comes before the "
        "monsters: the spell is cast first, and Player 1 must now choose to withdraw his monsters or gain 2 evil, "
        "his Goblin still sent and the party unhurt. Cast after the monsters, the Goblin would be asked to act "
        "first.",
        state, PlanDefence(0, COLUMN[0], (), (0,)),
        only=(*PARTY, "players.0.monsters", "players.0.evil", "to_move"),
        after={"combat.battle.choosing": "word-of-peace", "combat.battle.sent": [0], "to_move": [0],
               "players.0.party": _party(("y1-warrior-5", 0), ("y1-wizard-3-1", 0)), "players.0.evil": 5},
    )]  # fmt: skip


@writer
def slow_spell_after_the_monsters() -> list[Path]:
    """CMB-CARD-5: the Troll acts; Fist of Justice (slow) is cast after it, and Player 1 loses an imp.
    Fails when a slow spell is cast at the fast step (so nothing is cast once the monsters have acted)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, monsters={0: ["troll"]}, cards=FIST_FIRST, food=1)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))  # the Troll's two options: the battle waits for it
    return [_write(
        _id("CMB-CARD-5", "a-slow-spell-comes-after-the-monsters"), ["CMB-CARD-5", "C1-7", "CMB-4"],
        "Year 1's combat, round 1: the card is Fist of Justice (slow, fatigue 1) and the party's wizard has 1 magic "
        "point. Player 1 sent his Troll, and the battle waits for it: no spell has been cast yet, he still has 3 "
        "imps. The Troll makes its plain attack, 3 on the warrior; then the slow spell step: the wizard still "
        "stands, the spell is "
        "cast and Player 1 loses an imp (3 to 2); the fatigue adds 1 to the warrior. Cast before the monsters, the "
        "spell would be spent by now and he would keep his 3 imps.",
        state, Attack(0, 0, 0), only=(*PARTY, "players.0.imps"),
        after={"players.0.imps": 2, "players.0.party": _party(("y1-warrior-5", 4), ("y1-wizard-3-1", 0))},
    )]  # fmt: skip


@writer
def spell_cast_in_each_battle() -> list[Path]:
    """CMB-CARD-5: two battles in round 1: the one whose party has a wizard casts Fist of Justice, the other
    does not; both take the fatigue. Fails when the card is cast (or not) once for the whole round."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-4", "y1-wizard-3-1"]}, cards=FIST_FIRST, first=0)
    state = play(start, PlanDefence(0, COLUMN[0]))
    return [_write(
        _id("CMB-CARD-5", "the-spell-is-cast-in-each-battle-whose-party-qualifies"), ["CMB-CARD-5", "C1-7", "CMB-SPELL-1"],
        "Year 1's combat, round 1: the card is Fist of Justice (slow, fatigue 1). Player 1's party is a lone "
        "warrior (no magic point), Player 2's a warrior and a wizard with 1 magic point. Both defend their "
        "entrance with nothing. The spell is cast separately in each battle whose party qualifies: not in Player "
        "1's (he keeps his 3 imps), but in Player 2's (3 to 2); the fatigue falls on each party's first warrior. "
        "Deciding once for the round, from the first battle or from any party, would spare Player 2's imp or take "
        "Player 1's.",
        state, PlanDefence(1, COLUMN[0]),
        only=("players.0.imps", "players.1.imps", "players.0.party", "players.1.party"),
        after={"players.0.imps": 3, "players.1.imps": 2, "players.0.party": _party(("y1-warrior-5", 1)),
               "players.1.party": _party(("y1-warrior-4", 1), ("y1-wizard-3-1", 0))},
    )]  # fmt: skip


# --- CMB-SPELL-1: the fast spell's threshold ---------------------------------------------------------------


@writer
def fast_spell_one_point_short() -> list[Path]:
    """CMB-SPELL-1: round 2, a fast card (Word of Peace), 1 magic point: not cast.
    Fails when the fast step casts with one point fewer than the round's number."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, cards=PEACE_SECOND)
    state = play(start, PlanDefence(0, COLUMN[0]))
    return [_write(
        _id("CMB-SPELL-1", "a-fast-spell-one-magic-point-short-is-not-cast"), ["CMB-SPELL-1", "C1-1"],
        "Year 1's combat, round 2: the card is Word of Peace (fast, fatigue 2). The party's one wizard has 1 magic "
        "point; round 2 needs 2, so the fast spell is not cast: Player 1 is asked nothing and gains no evil. The "
        "fatigue adds 2 to the warrior (4 of 5) and the tile below the entrance is conquered (evil 4 to 3).",
        state, PlanDefence(0, COLUMN[1]), only=(*PARTY, "players.0.evil", "players.0.tiles", "to_move"),
        after={"players.0.evil": 3, "players.0.party": _party(("y1-warrior-5", 4), ("y1-wizard-3-1", 0)),
               "players.0.tiles.1.conquered": True, "combat.round": 3},
    )]  # fmt: skip


@writer
def fast_spell_exactly_enough() -> list[Path]:
    """CMB-SPELL-1: round 2, a fast card (Word of Peace), exactly 2 magic points: cast, the question is asked.
    Fails when the fast step needs more than the round's number."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-warrior-5", "y1-wizard-3-2"]}, cards=PEACE_SECOND)
    state = play(start, PlanDefence(0, COLUMN[0]))
    return [_write(
        _id("CMB-SPELL-1", "a-fast-spell-with-exactly-the-rounds-magic-is-cast"), ["CMB-SPELL-1", "C1-1"],
        "Year 1's combat, round 2: the card is Word of Peace (fast, fatigue 2). The party's wizard has exactly 2 "
        "magic points, as many as the round's number: the spell is cast, and Player 1 must choose to withdraw his "
        "monsters (none sent) or gain 2 evil.",
        state, PlanDefence(0, COLUMN[1]), only=(*PARTY, "players.0.evil", "to_move"),
        after={"combat.battle.choosing": "word-of-peace", "to_move": [0], "players.0.evil": 4},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
