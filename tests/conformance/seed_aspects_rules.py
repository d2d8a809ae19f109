"""Write scenarios for aspects of the rulings and the combat's end (RUL-,
CMB-CONQ-, CMB-EOR-, CMB-END-, CMB-PAL-, U-) whose first-citing scenarios
left them unpinned, as ``seed_aspects.py`` does (its docstring says how they
were chosen and checked):

- U-7: a Pendulum against a lone adventurer deals nothing.
- CMB-CONQ-2: the fatigue falls on the paladin when he leads.
- CMB-CONQ-3: with nobody left after the fatigue nothing is conquered and no
  evil is lost; the evil lost stops at the bottom.
- CMB-EOR-3: after round 3 the next round begins (the combat does not end
  one round early).
- CMB-END-1: a lord whose party is gone plans no more.
- CMB-END-2, CMB-PAL-5: after round 4 the survivors, the paladin included,
  leave for the Distant Lands, not the prison.
- CMB-END-5: a planned battle that never begins: its trap comes back
  unrevealed and unpaid, its monster is knocked out.
- CMB-PAL-2: the paladin arriving in a battle in progress is at once its
  first adventurer (he takes its fatigue).
- CMB-PAL-4: his arrival restarts a combat that had ended: its owner plans
  again.
- U-13: an invisible wizard takes none of a Poisoned Dart's later 2.
- U-12: the Magic Shield absorbs the first point dealt after it is cast, and
  in a spread attack the front-most adventurer's.
- CMB-END-4: monsters knocked out in the last round are face up after it.
- U-8: a Golem sent to a battle that stops before it acts stays face up.
- CMB-CONQ-4: a conquered tunnel cannot be mined.
- U-17: the Ghost costs 1 evil.
- RUL-3: slot I may take either room when slots II and III leave both.
- RUL-6: taxes count the starting tunnels and the conquered tiles.

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_rules.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers
from conformance.seed_aspects import NO_FATIGUE_FIRST, PARTY, PEACE_FIRST, _id, _party, _write

WRITERS = Writers()
writer = WRITERS.writer

INVISIBLE_FIRST = NO_FATIGUE_FIRST
"""Round 1's card is Invisibility (fast, fatigue 0), cast here on a wizard."""


# --- U-7: the Pendulum with no second adventurer -------------------------------------------------------------


@writer
def pendulum_against_a_lone_adventurer() -> list[Path]:
    """U-7: a lone warrior: the Pendulum has no second adventurer and deals nothing; only the fatigue's 2 land.
    Fails when the Pendulum falls back on the first (or last) adventurer."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5"]}, traps={0: ["pendulum"]}, cards=TRAINING)
    return [_write(
        _id("U-7", "a-pendulum-against-a-lone-adventurer-deals-nothing"), ["U-7", "T-7", "CMB-TRAP-7"],
        "Year 1's combat, round 1 (Graffiti: fatigue 2, no effect): Player 1 plays a Pendulum at his entrance "
        "against a party of one warrior (5 hit points). The Pendulum hits the second adventurer; there is none, so "
        "it deals nothing (the reading of U-7). The fatigue puts 2 on the warrior, who conquers the entrance. Had "
        "the Pendulum fallen on the only adventurer, he would end on 5 and go to the prison.",
        state, PlanDefence(0, COLUMN[0], ("pendulum",)), only=(*PARTY, "players.0.tiles"),
        after={"players.0.party": _party(("y1-warrior-5", 2)), "players.0.prison": [],
               "players.0.tiles.0.conquered": True},
    )]  # fmt: skip


# --- CMB-CONQ-2, CMB-CONQ-3: fatigue and conquest --------------------------------------------------------------


@writer
def fatigue_on_the_leading_paladin() -> list[Path]:
    """CMB-CONQ-2: the paladin leads, so the fatigue's 2 fall on him, not on the warrior behind.
    Fails when the fatigue skips the paladin (falls on the party's first tile)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5"]}, cards=TRAINING, paladin=0, evil={0: 11})
    return [_write(
        _id("CMB-CONQ-2", "the-fatigue-falls-on-the-paladin-when-he-leads"), ["CMB-CONQ-2", "PAL-3"],
        "Year 1's combat, round 1 (Graffiti, fatigue 2): the paladin (5 hit points) leads Player 1's party of one "
        "warrior. Player 1 defends his entrance with nothing. The fatigue falls one point at a time on the first "
        "adventurer, the paladin: he ends on 2 and the warrior on 0. Skipping the paladin would put the 2 on the "
        "warrior.",
        state, PlanDefence(0, COLUMN[0]), only=(*PARTY, "combat.paladin"),
        after={"players.0.party": _party(("y1-warrior-5", 0)), "combat.paladin.damage": 2},
    )]  # fmt: skip


@writer
def nobody_left_conquers_nothing() -> list[Path]:
    """CMB-CONQ-3: the fatigue eliminates the last adventurer: no tile conquered, no evil lost.
    Fails when the conquest is made whether or not anyone is left (or decided before the fatigue)."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-3:1"]}, cards=TRAINING, first=0)
    state = play(start, PlanDefence(0, COLUMN[0]))
    return [_write(
        _id("CMB-CONQ-3", "nobody-left-after-the-fatigue-conquers-nothing"), ["CMB-CONQ-3", "CMB-CONQ-2", "CMB-END-1"],
        "Year 1's combat, round 1 (fatigue 2), both lords defending with nothing; Player 2 plans last. In Player "
        "2's battle the fatigue's 2 eliminate his one warrior (3 hit points, 1 old counter) after the first point: "
        "he goes to the prison and nobody is left, so nothing is conquered and Player 2 keeps his 5 evil. Player "
        "1's party, which still stands, conquered his entrance (evil 5 to 4).",
        state, PlanDefence(1, COLUMN[0]),
        only=("players.1.tiles", "players.1.evil", "players.1.prison", "players.0.evil", "players.0.tiles"),
        after={"players.1.prison": ["y1-warrior-3"], "players.1.evil": 5, "players.1.tiles.0.conquered": False,
               "players.0.evil": 4, "players.0.tiles.0.conquered": True},
    )]  # fmt: skip


@writer
def conquest_at_the_bottom_of_the_evilometer() -> list[Path]:
    """CMB-CONQ-3: the defender at evil 1 (the bottom): the tile is conquered, the evil stays 1.
    Fails when the loss goes below the bottom (or the conquest is refused at the bottom)."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5"]}, cards=TRAINING, evil={0: 1})
    return [_write(
        _id("CMB-CONQ-3", "the-evil-lost-stops-at-the-bottom"), ["CMB-CONQ-3", "RES-8"],
        "Year 1's combat, round 1 (fatigue 2): Player 1's marker is on the evilometer's bottom space, 1. His "
        "entrance is conquered by the warrior left standing; the evil he loses stops at the bottom: his marker "
        "stays at 1, and the tile is conquered all the same.",
        state, PlanDefence(0, COLUMN[0]), only=(*PARTY, "players.0.evil", "players.0.tiles"),
        after={"players.0.evil": 1, "players.0.tiles.0.conquered": True},
    )]  # fmt: skip


# --- CMB-EOR-3, CMB-END-1, CMB-END-2, CMB-PAL-5: rounds and the end ---------------------------------------------

LIGHT = ("invisibility", "fireball", "detect-treasure", "fist-of-justice")
"""Year-1 cards of fatigue 0, 1, 1, 1 (none cast without a wizard)."""

FOUR = ((0, 2), (1, 2), (2, 2), (2, 1))
"""A dungeon of four tunnels: a tile left to fight on in round 4."""


def _before_round(last: int, party: list[str], *, paladin: int | None = None, cards: tuple[str, ...] = (),
                  monsters: list[str] | None = None) -> object:
    """Player 1 alone in combat (Graffiti, Detect Evil, Word of Peace, Suggestion: fatigue 2 each round, nothing
    cast), defending with nothing on tile r in round r, up to round ``last`` - 1: round ``last``'s planning."""
    from combat_positions import TRAINING, play, position, tunnels

    from dlrules.core.moves import PlanDefence

    state = position({0: party}, cards=cards or TRAINING, dungeons={0: tunnels(*FOUR)}, paladin=paladin,
                     monsters={0: monsters or []},
                     evil={0: 11} if paladin is not None else None)  # fmt: skip
    for r in range(last - 1):
        state = play(state, PlanDefence(0, FOUR[r]))
    assert state.fight is not None and state.fight.round == last and state.fight.stage == "plan", state.fight
    return state


@writer
def round_three_is_not_the_last() -> list[Path]:
    """CMB-EOR-3: round 3 ends with the party standing: round 4 begins, its planning due.
    Fails when the combat ends after 3 rounds (an off-by-one on the rounds)."""
    from dlrules.core.moves import PlanDefence

    state = _before_round(3, ["y1-warrior-5", "y1-warrior-4", "y1-priest-4-1"])
    return [_write(
        _id("CMB-EOR-3", "after-round-3-the-fourth-round-begins"), ["CMB-EOR-3", "CMB-END-2"],
        "Year 1's combat, round 3 (fatigue 2 every round): Player 1, alone in combat, defends his third tunnel "
        "with nothing. The fatigue eliminates the first warrior (4 counters, then 1 more) and puts 1 on the "
        "second; the tile is conquered. After round 3 the next round begins: the combat goes on, round 4's "
        "planning is due and the party stays. Ending after 3 rounds would send it to the Distant Lands.",
        state, PlanDefence(0, FOUR[2]), only=(*PARTY, "phase", "to_move"),
        after={"combat.round": 4, "combat.stage": "plan", "phase": "combat", "to_move": [0],
               "players.0.party": _party(("y1-warrior-4", 1), ("y1-priest-4-1", 0))},
    )]  # fmt: skip


@writer
def round_four_survivors_leave() -> list[Path]:
    """CMB-END-2: after round 4 the survivors leave for the Distant Lands: not in the prison, the party empty.
    Fails when survivors are imprisoned (or stay) at the combat's end."""
    from dlrules.core.moves import PlanDefence

    state = _before_round(4, ["y1-warrior-5", "y1-warrior-4", "y1-priest-4-1"])
    return [_write(
        _id("CMB-END-2", "after-round-4-the-survivors-leave-not-imprisoned"), ["CMB-END-2", "CMB-EOR-3"],
        "Year 1's combat, round 4 (fatigue 2 every round): the first warrior fell in round 3; the second has 1 "
        "counter, the priest none. Player 1 defends his last tunnel with nothing: the fatigue makes the warrior's "
        "3, the tile is conquered, and round 4 was the last: the warrior and the priest leave for the Distant "
        "Lands. They are not imprisoned (the prison keeps only the first warrior) and score nothing.",
        state, PlanDefence(0, FOUR[3]), only=(*PARTY, "far_lands"),
        after={"players.0.party": [], "players.0.prison": ["y1-warrior-5"],
               "far_lands": ["paladin-1", "y1-priest-4-1", "y1-warrior-4"]},
    )]  # fmt: skip


@writer
def surviving_paladin_leaves() -> list[Path]:
    """CMB-PAL-5: a year-1 paladin who survives round 4 leaves for the Distant Lands, not the prison.
    Fails when the surviving paladin is imprisoned (scored) at the combat's end."""
    from dlrules.core.moves import PlanDefence

    state = _before_round(4, ["y1-warrior-5"], paladin=0, cards=LIGHT)
    return [_write(
        _id("CMB-PAL-5", "a-paladin-who-survives-round-4-leaves-unscored"), ["CMB-PAL-5", "CMB-END-2"],
        "Year 1's combat, round 4 (cards of fatigue 0, 1, 1, 1, none with an effect here): the paladin (5 hit "
        "points) has led Player 1's party of one warrior and carries 2 counters. Player 1 defends his last tunnel "
        "with nothing; the fatigue puts a third counter on the paladin and the tile is conquered. Round 4 was the "
        "last: the paladin, standing, leaves for the Distant Lands with the warrior, like any survivor. He is not "
        "imprisoned (he would score 5 there).",
        state, PlanDefence(0, FOUR[3]), only=(*PARTY, "far_lands", "paladin"),
        after={"players.0.prison": [], "players.0.party": [], "far_lands": ["paladin-1", "y1-warrior-5"],
               "paladin": None},
    )]  # fmt: skip


@writer
def emptied_party_plans_no_more() -> list[Path]:
    """CMB-END-1: Player 1's only warrior falls to his Rolling Stone in round 1: round 2's planning asks only
    Player 2. Fails when a lord whose party is gone is still asked to plan (his combat not ended)."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import PlanDefence

    start = position({0: ["y1-warrior-3"], 1: ["y1-warrior-5"]}, traps={0: ["rolling-stone"]}, cards=TRAINING,
                     first=0)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], ("rolling-stone",)))
    return [_write(
        _id("CMB-END-1", "a-lord-whose-party-is-gone-plans-no-more"), ["CMB-END-1", "CMB-PLAN-1", "CMB-BAT-3"],
        "Year 1's combat, round 1 (fatigue 2), Player 2 plans last: Player 1's Rolling Stone deals 3 to his only "
        "adventurer, a warrior of 3 hit points, who goes to the prison. Player 1's combat is over: in round 2 "
        "only Player 2, whose warrior stands, is asked to plan; Player 1 waits for the others.",
        state, PlanDefence(1, COLUMN[0]), only=("players.0.party", "players.0.prison", "to_move"),
        after={"players.0.party": [], "players.0.prison": ["y1-warrior-3"], "combat.round": 2,
               "combat.stage": "plan", "to_move": [1]},
    )]  # fmt: skip


@writer
def paladin_restarts_an_ended_combat() -> list[Path]:
    """CMB-PAL-4: Player 2's combat ended in round 1 (his warrior fell); the paladin then moves to him: in round 2
    Player 2 plans again. Fails when a combat once ended stays ended (its owner is not asked to plan)."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import PlanDefence

    start = position({0: [], 1: ["y1-warrior-3"]}, traps={1: ["rolling-stone"]}, cards=TRAINING, first=1,
                     paladin=0, evil={0: 11, 1: 11})  # fmt: skip
    state = play(start, PlanDefence(1, COLUMN[0], ("rolling-stone",)))
    return [_write(
        _id("CMB-PAL-4", "the-paladin-arriving-restarts-an-ended-combat"), ["CMB-PAL-4", "CMB-PAL-1", "PAL-7"],
        "Year 1's combat, round 1 (fatigue 2), both lords at evil 11, the paladin alone in Player 1's dungeon; "
        "Player 2 plays first. Player 2's Rolling Stone sends his only warrior (3 hit points) to the prison: his "
        "combat has ended. In Player 1's battle the fatigue puts 2 on the paladin and he conquers the entrance: "
        "Player 1's evil drops to 10, Player 2 at 11 is now strictly higher, and the paladin moves to him at once. "
        "Player 2's combat starts again from the next round: in round 2 he plans (Player 1, with nobody left, "
        "does not).",
        state, PlanDefence(0, COLUMN[0]), only=("players.0.evil", "players.1.prison", "to_move", "paladin"),
        after={"paladin": 1, "combat.paladin.damage": 2, "combat.round": 2, "combat.stage": "plan",
               "to_move": [1], "players.0.evil": 10},
    )]  # fmt: skip


@writer
def arriving_paladin_leads_at_once() -> list[Path]:
    """CMB-PAL-2: Word of Peace's 2 evil bring the paladin into Player 2's battle in progress: he is at once the
    first adventurer and takes its fatigue (his second battle this round). Fails when an arriving paladin joins
    only from the next battle (or at the back), so the fatigue falls on Player 2's warrior."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, WordOfPeace

    start = position({0: ["y1-warrior-5"], 1: ["y1-warrior-4", "y1-wizard-3-1"]}, cards=PEACE_FIRST, first=0,
                     paladin=0, evil={0: 10, 1: 9})  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0]), PlanDefence(1, COLUMN[0]), WordOfPeace(0, True))
    return [_write(
        _id("CMB-PAL-2", "the-paladin-arriving-in-a-battle-leads-it-at-once"), ["CMB-PAL-2", "CMB-PAL-1", "C1-1"],
        "Year 1's combat, round 1: the card is Word of Peace (fast, fatigue 2). The paladin led Player 1's party "
        "(his magic point cast the spell there; Player 1, who sent nothing, chose to withdraw) and took the "
        "fatigue's 2; the conquest dropped Player 1 from 10 to evil 9. In Player 2's "
        "battle (evil 9) the wizard casts Word of Peace and Player 2 takes the 2 evil: 11, on the paladin's space "
        "and above Player 1, so the paladin moves to him at once with his counters and is the first adventurer "
        "for the steps still to come: the fatigue's 2 fall on him (4 of 5), not on the warrior; the entrance is "
        "conquered (evil 10).",
        state, WordOfPeace(1, False), only=("players.1.party", "players.1.evil", "paladin"),
        after={"paladin": 1, "combat.paladin.damage": 4, "players.1.evil": 10,
               "players.1.party": _party(("y1-warrior-4", 0), ("y1-wizard-3-1", 0))},
    )]  # fmt: skip


@writer
def battle_that_never_begins() -> list[Path]:
    """CMB-END-5: the paladin, Player 2's only adventurer, leaves during Player 1's battle: Player 2's planned
    battle never begins; his Rolling Stone comes back unrevealed and unpaid, his Goblin is knocked out.
    Fails when the planned battle's traps are spent (discarded) anyway, or its monsters stay ready."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, WordOfPeace

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, cards=PEACE_FIRST, first=0, paladin=1,
                     evil={0: 10, 1: 11}, monsters={1: ["goblin"]}, traps={1: ["rolling-stone"]})  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0]), PlanDefence(1, COLUMN[0], ("rolling-stone",), (0,)))
    return [_write(
        _id("CMB-END-5", "a-battle-that-never-begins-gives-its-trap-back-and-knocks-out-its-monster"),
        ["CMB-END-5", "U-8", "CMB-PAL-1"],
        "Year 1's combat, round 1: the card is Word of Peace (fast, fatigue 2). The paladin alone attacks Player "
        "2 (evil 11); Player 2 planned his entrance with a Rolling Stone and his Goblin. Player 1's battle comes "
        "first: his wizard casts Word of Peace and Player 1 takes the 2 evil (10 to 12), so the paladin moves to "
        "him at once. Player 2's combat has ended before his battle began: he fights none; the Rolling Stone goes "
        "back to his trap cards unrevealed and not discarded, and the Goblin he sent is knocked out (face down).",
        state, WordOfPeace(0, False), only=("players.1", "trap_discard", "paladin"),
        after={"paladin": 0, "players.1.traps": ["rolling-stone"], "trap_discard": 0,
               "players.1.monsters": [{"kind": "goblin", "ready": False}], "players.1.gold": 5,
               "players.1.tiles.0.conquered": False},
    )]  # fmt: skip


@writer
def invisible_wizard_spared_the_darts_two() -> list[Path]:
    """U-13: the dart's 1 hits the wizard before Invisibility is cast; its 2 at the end of the round do not.
    Fails when the dart's later damage is dealt to an invisible wizard (he would go to the prison)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence, Target

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, traps={0: ["poisoned-dart"]}, cards=INVISIBLE_FIRST)
    state = play(start, PlanDefence(0, COLUMN[0], ("poisoned-dart",)))
    return [_write(
        _id("U-13", "an-invisible-wizard-takes-none-of-the-darts-later-2"), ["U-13", "C1-4", "CMB-EOR-1"],
        "Year 1's combat, round 1: the card is Invisibility (fast, fatigue 0). Player 1 aims his Poisoned Dart at "
        "the wizard (3 hit points, 1 magic point): the trap step comes first, so he takes its 1. Then the wizard "
        "casts Invisibility: wizards cannot be harmed for the rest of the round, so at its end the dart's 2 are "
        "not dealt (the reading of U-13) and he stands on 1. Dealt, they would send him to the prison.",
        state, Target(0, 1), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 0), ("y1-wizard-3-1", 1)), "players.0.prison": []},
    )]  # fmt: skip


# --- U-12: which point the Magic Shield absorbs ---------------------------------------------------------------

SHIELD_FIRST = ("magic-shield", "graffiti", "detect-evil", "word-of-peace")
"""Round 1's card is Magic Shield (fast, fatigue 1)."""


@writer
def shield_after_the_trap() -> list[Path]:
    """U-12: the Rolling Stone's 3 come before the shield is cast; it absorbs the fatigue's point, dealt after it.
    Fails when the shield is spent on (or lost to) damage dealt before it was cast."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, traps={0: ["rolling-stone"]}, cards=SHIELD_FIRST)
    return [_write(
        _id("U-12", "the-shield-absorbs-the-first-point-after-it-is-cast"), ["U-12", "C1-3", "CMB-CARD-5"],
        "Year 1's combat, round 1: the card is Magic Shield (fast, fatigue 1). Player 1's Rolling Stone deals 3 to "
        "the warrior in front of a wizard with 1 magic point. Then the wizard casts the shield: it absorbs the "
        "first point of damage dealt after it is cast (the reading of U-12), the fatigue's 1. The warrior ends on "
        "3. Counting the trap's points as the round's first would leave the shield nothing and the warrior on 4.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 3), ("y1-wizard-3-1", 0))},
    )]  # fmt: skip


@writer
def shield_front_first_in_a_spread_attack() -> list[Path]:
    """U-12: the Slime's 1 to every adventurer: the shield absorbs the front-most one's point; then the fatigue's 1
    falls on the warrior. Fails when the shield absorbs another adventurer's point (the last's, say)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    start = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, monsters={0: ["slime"]}, cards=SHIELD_FIRST)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    return [_write(
        _id("U-12", "in-a-spread-attack-the-shield-takes-the-front-adventurers-point"), ["U-12", "C1-3", "M-2"],
        "Year 1's combat, round 1: the card is Magic Shield (fast, fatigue 1), cast by the wizard before the "
        "monsters. Player 1's Slime attacks: 1 damage to every adventurer at once. Within one effect the shield "
        "takes the front-most adventurer's point: the warrior's; the wizard takes his 1. The fatigue's 1 then "
        "falls on the warrior: he ends on 1, the wizard on 1. Shielding the wizard's point would leave the warrior "
        "on 2 and the wizard on 0.",
        state, Attack(0, 0, 0), only=PARTY,
        after={"players.0.party": _party(("y1-warrior-5", 1), ("y1-wizard-3-1", 1))},
    )]  # fmt: skip


# --- CMB-END-4, U-8: the lair after the combat and after a battle cut short ---------------------------------------


@writer
def monsters_face_up_after_combat() -> list[Path]:
    """CMB-END-4: the Goblin attacks in round 4 and is knocked out; the combat then ends and it is face up again.
    Fails when monsters knocked out in combat stay face down after it."""
    from dlrules.core.moves import PlanDefence

    state = _before_round(4, ["y1-warrior-5", "y1-warrior-4", "y1-priest-4-1"], monsters=["goblin"])
    return [_write(
        _id("CMB-END-4", "a-monster-knocked-out-in-round-4-is-face-up-after-the-combat"), ["CMB-END-4", "CMB-9"],
        "Year 1's combat, round 4 (fatigue 2 every round): Player 1 sends his Goblin, never sent before, to his "
        "last tunnel; it attacks the first adventurer and is knocked out (face down). Round 4 was the last: when "
        "every player is done, all monsters and ghosts are turned face up, so the Goblin is ready again.",
        state, PlanDefence(0, FOUR[3], (), (0,)), only=("players.0.monsters",),
        after={"players.0.monsters": [{"kind": "goblin", "ready": True}]},
    )]  # fmt: skip


@writer
def golem_sent_to_a_stopped_battle_stays_ready() -> list[Path]:
    """U-8: year 2, the Rolling Stone eliminates the lone adventurer before the Golem sent acts: the Golem stays
    face up. Fails when a Golem sent to a battle that stops is knocked out like any monster (no exception)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence

    cards = ("song-of-courage", "magic-key", "regeneration", "create-food")
    start = position({0: ["y2-warrior-8:6"], 1: ["y2-warrior-8"]}, monsters={0: ["golem"]},
                     traps={0: ["rolling-stone"]}, cards=cards, year=2, first=0)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], ("rolling-stone",), (0,)))
    return [_write(
        _id("U-8", "a-golem-sent-to-a-battle-that-stops-stays-face-up"), ["U-8", "CMB-MON-8", "M-7"],
        "Year 2's combat, round 1, Player 2 plans last (his battle, with nothing sent, keeps the combat going): "
        "Player 1 sent his Golem with a Rolling Stone to his entrance against one warrior (8 hit points, 6 "
        "counters). The Rolling Stone eliminates him, and the battle stops before the Golem acts. A monster sent is knocked out all the same (the reading of U-8), but a Golem excepted: it "
        "always stays ready, so it stays face up.",
        state, PlanDefence(1, COLUMN[0]), only=("players.0.monsters", *PARTY),
        after={"players.0.monsters": [{"kind": "golem", "ready": True}], "players.0.party": [], "combat.round": 2},
    )]  # fmt: skip


# --- U-17, RUL-3, RUL-6: costs, the free room, taxes -------------------------------------------------------------


@writer
def ghost_costs_one_evil() -> list[Path]:
    """U-17: the Ghost costs 1 evil and no food (slot III's extra food aside).
    Fails when the Ghost's icon cost is read otherwise (food instead of evil, or nothing)."""
    from res_positions import MONSTER
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import HireMonster

    state = three_on(MONSTER, tavern=("ghost", "troll", "witch"))
    return [_write(
        _id("U-17", "the-ghost-costs-1-evil"), ["U-17", "M-3", "ACT-MON-3"],
        "Year 1, Hire Monster, 4 players: Player 3 on slot III (3 food, evil 5) hires the Ghost. Its cost, shown only "
        "as an icon, reads 1 evil (U-17) and no food; slot III adds 1 food. He pays 1 food (3 to 2) and moves up 1 "
        "evil (5 to 6).",
        state, HireMonster(2, "ghost"), only=("players.2.food", "players.2.gold", "players.2.evil"),
        after={"players.2.food": 2, "players.2.evil": 6},
    )]  # fmt: skip


@writer
def free_room_either_of_two() -> list[Path]:
    """RUL-3: slots III and II declined, so Player 1 on slot I may take either room on offer, the second too, free.
    Fails when slot I is held to one room (the first on offer) when two are left."""
    from res_positions import ROOM
    from test_resolution_tavern_rooms import three_on

    from dlrules import apply
    from dlrules.core.moves import BuildRoom, Decline

    state = apply(apply(three_on(ROOM), Decline(2)), Decline(1))
    return [_write(
        _id("RUL-3", "slot-I-may-take-either-room-when-both-are-left"), ["RUL-3", "ACT-ROOM-2"],
        "Year 1, Build Room, first game, 4 players: Player 3 on slot III and Player 2 on slot II both declined, so "
        "both rooms are still on offer, the Chicken Coop and the Mint. Player 1 on slot I may take either, free: he "
        "takes the second, the Mint, and his gold stays 3; the Chicken Coop stays on offer.",
        state, BuildRoom(0, "mint", (2, 2)), only=("players.0.gold", "players.0.tiles", "room_shop"),
        after={"players.0.gold": 3, "room_shop": ["chicken-coop"]},
    )]  # fmt: skip


@writer
def taxes_count_starting_and_conquered_tiles() -> list[Path]:
    """RUL-6: 5 tiles (the 3 starting tunnels, 2 of them conquered, and 2 dug): the tax is 3, which may be paid in
    full. Fails when conquered tiles (or starting tunnels) are left out of the count (a 3 would be refused)."""
    from test_events import events as at_events

    from dlrules.core.moves import PayTaxes
    from dlrules.core.state import Dungeon, Tile

    squares = ((0, 2), (1, 2), (2, 2), (3, 2), (2, 1))
    dungeon = Dungeon(tuple(Tile(sq, conquered=sq in ((1, 2), (2, 2))) for sq in squares))
    state = at_events("taxes", players=2, p0={"gold": 9, "dungeon": dungeon}, p1={"gold": 0})
    return [_write(
        _id("RUL-6", "taxes-count-the-starting-tunnels-and-the-conquered-tiles"), ["RUL-6", "EVT-TAX-1"],
        "First game, Taxes, 2 players: Player 1's dungeon is his 3 starting tunnels, 2 of them conquered, and 2 "
        "tunnels he dug: 5 tiles, every one counted, so he owes 3 gold (5 / 2 rounded up). He pays the 3 in full "
        "(9 to 6) and takes no damage token. Leaving out the conquered tiles would make the tax 2 (and the starting "
        "tunnels, 1).",
        state, PayTaxes(0, 3), before={"legal_count": 4}, only=("players.0",),
        after={"players.0.gold": 6, "players.0.damage_tokens": 0},
    )]  # fmt: skip


# --- CMB-CONQ-4: a conquered tunnel is mined no more ------------------------------------------------------------


@writer
def conquered_tunnels_not_mined() -> list[Path]:
    """CMB-CONQ-4: four tunnels, three conquered: Mine Gold slot III with 5 imps may use only 1 (one per tunnel left
    unconquered). Fails when conquered tunnels can still be mined (2, 3 or 4 imps offered)."""
    from res_positions import MINE, player
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import MineGold
    from dlrules.core.state import Dungeon, Tile

    tiles = (Tile((0, 2), conquered=True), Tile((1, 2)), Tile((2, 2), conquered=True), Tile((2, 1), conquered=True))
    state = three_on(MINE, tweak=player(2, dungeon=Dungeon(tiles), imps=5))
    return [_write(
        _id("CMB-CONQ-4", "a-conquered-tunnel-cannot-be-mined"), ["CMB-CONQ-4", "ACT-MINE-3", "ACT-MINE-4"],
        "Year 1, Mine Gold slot III (up to 4 imps and a foreimp), 4 players, a dungeon built by hand: Player 3 has "
        "5 imps and four tunnels, three "
        "of them conquered. A conquered tunnel has lost its function for good and cannot be mined, so one imp at "
        "most mines (in the one unconquered tunnel), with the foreimp: his choices are 1 imp or to decline. He "
        "mines with 1: 1 gold (3 to 4).",
        state, MineGold(2, 1), before={"legal_count": 2}, only=("players.2.gold",),
        after={"players.2.gold": 4},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
