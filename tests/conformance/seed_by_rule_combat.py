"""The combat part of ``seed_by_rule_more.py`` (issue 36 item 1): hand-built
scenarios for the paladin during combat (CMB-BAT-2, CMB-PAL-1, PAL-9,
CMB-PAL-3, P-2), the open questions' combat readings (U-6, U-8, U-14), a
year-1 room in a battle (CMB-ROOM-2), "you" on a card (CMB-SPELL-7), the
year-2 stack a spy looks at (CMB-CARD-2), what a seat sees of a plan
(CMB-REF-6, a ``views`` scenario) and the counts after the clean-up
(SCO-15). Positions from ``combat_positions`` (the library's combat tests)
or from seeded play-outs. Run through ``seed_by_rule_more.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from conformance.record import record_position
from conformance.seed_by_rule_more import BYRULE, _found, writer
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.moves import Move
from dlrules.core.state import GameState

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


# --- combat: the open questions' readings (U-6, U-8, U-14) ------------------------------------------------


@writer
def combat_readings() -> list[Path]:
    from combat_positions import COLUMN, play, position, tunnels

    from dlrules.core.moves import ChooseTrap, PlanDefence, Target

    entrance = COLUMN[0]
    out = []
    quiet = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
    state = position({0: ["y1-warrior-4:1", "y1-thief-4-1", "y1-thief-3-2"]}, traps={0: ["poisoned-meal"]}, food=1,
                     cards=quiet)  # fmt: skip
    out.append(record_position(
        BYRULE, "U-6-the-poisoned-meal-deals-the-printed-hit-points-less-the-icons", ["U-6", "T-8", "CMB-TRAP-4"],
        "Year 1's combat, round 1: Player 1 plays the Poisoned Meal (1 food) on a party led by a warrior with 4 printed "
        "hit points and 1 damage counter, with two thieves (3 disarm icons). The meal deals the printed 4 less the 3 "
        "icons: 1, making 2 counters (reading the hit points left, 3 - 3, would deal nothing).",
        state, PlanDefence(0, entrance, ("poisoned-meal",)),
        only=("players.0.party", "players.0.food", "players.0.prison"),
    ))
    lab = tunnels(rooms={entrance: "labyrinth"})
    state = position({0: ["y1-warrior-3"], 1: ["y1-warrior-5"]}, traps={0: ["rolling-stone", "cursed-ring"]},
                     monsters={0: ["goblin"]}, dungeons={0: lab}, gold=1)  # fmt: skip
    state = play(state, PlanDefence(0, entrance, ("cursed-ring", "rolling-stone"), (0,)), PlanDefence(1, entrance))
    out.append(record_position(
        BYRULE, "U-8-a-monster-sent-to-a-battle-that-stops-is-knocked-out-anyway", ["U-8", "CMB-MON-8", "CMB-TRAP-9"],
        "Year 1's combat, round 1, a Labyrinth at Player 1's entrance: he sent his Goblin and two traps; the Rolling "
        "Stone, chosen first, eliminates the one warrior, and the battle stops before the Goblin acts. The Goblin is "
        "knocked out (face down) all the same; the Cursed Ring comes back unrevealed, and his 1 gold stays.",
        state, ChooseTrap(0, "rolling-stone"),
        only=("players.0.monsters", "players.0.traps", "players.0.gold", "players.0.prison"),
        after={"players.0.monsters": [{"kind": "goblin", "ready": False}], "players.0.gold": 1},
    ))
    state = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, paladin=0, paladin_damage=2, traps={0: ["poisoned-dart"]},
                     evil={0: 11, 1: 11}, cards=("fireball", "graffiti", "detect-evil", "invisibility"), first=0)  # fmt: skip
    state = play(state, PlanDefence(0, entrance, ("poisoned-dart",)), PlanDefence(1, entrance))
    out.append(record_position(
        BYRULE, "U-14-the-darts-2-follow-the-paladin-into-the-next-dungeon", ["U-14", "CMB-EOR-2", "CMB-PAL-2"],
        "Year 1's combat, round 1: the paladin (2 counters) leads Player 1's party; Player 1's Poisoned Dart targets "
        "him (its 1 cancelled by his icons, its 2 to come at the end of the round). Player 1's conquest drops "
        "his evil to 10 and the paladin moves to Player 2 (11). He fights Player 2's battle at the head of that party "
        "and takes its fatigue; the dart's 2 fall at the end of the round, in Player 2's dungeon, and eliminate him: "
        "he goes to Player 2's prison. Player 2's warrior takes nothing.",
        state, Target(0, 0), only=("paladin", "players.0.prison", "players.1.prison", "players.1.party"),
        after={"players.1.prison": ["paladin-1"], "players.1.party": [{"key": "y1-warrior-5", "damage": 0}]},
    ))
    return out


# --- combat: rooms, "you", the stacks, hidden information; the counts after clean-up --------------------
# (CMB-ROOM-2, CMB-SPELL-7, CMB-CARD-2, CMB-REF-6, SCO-15)


@writer
def combat_more() -> list[Path]:
    from combat_positions import COLUMN, play, position, tunnels

    import dlrules
    from dlrules.core.moves import Draw, PlanDefence, Spy, WordOfPeace

    entrance = COLUMN[0]
    out = []
    coop = tunnels(rooms={entrance: "chicken-coop"})
    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, monsters={0: ["goblin", "slime"]}, traps={0: ["pendulum"]},
                     dungeons={0: coop}, gold=1, food=2)  # fmt: skip
    out.append(record_position(
        BYRULE, "CMB-ROOM-2-a-year-1-room-does-nothing-in-a-battle", ["CMB-ROOM-2", "CMB-3"],
        "Year 1's combat, round 1: the party attacks Player 1's Chicken Coop at the entrance. The room allows 2 monsters "
        "and charges 1 gold for the trap (CMB-3), and does nothing else: Player 1's food, evil and imps stay as they "
        "were; only the trap's gold and the battle's damage change.",
        state, PlanDefence(0, entrance, ("pendulum",), (0, 1)),
        only=("players.0.gold", "players.0.food", "players.0.evil", "players.0.imps", "players.0.party"),
        after={"players.0.food": 2, "players.0.evil": 5, "players.0.imps": 3},
    ))
    cards = ("word-of-peace", "graffiti", "fireball", "detect-evil")
    state = position({0: ["y1-warrior-5", "y1-wizard-4-2"]}, monsters={0: ["goblin"]}, evil={0: 14}, cards=cards)
    state = play(state, PlanDefence(0, entrance, (), (0,)))
    out.append(record_position(
        BYRULE, "CMB-SPELL-7-word-of-peace-is-the-defenders-choice-and-its-evil-a-gain", ["CMB-SPELL-7", "C1-1", "RES-10"],
        "Full game, year 1's combat, round 1: the wizard casts Word of Peace on Player 1, the defender at evil 14: "
        "\"you\" is the defender, so the choice is his. He keeps his Goblin and gains 2 evil: a gain, not a cost, so "
        "it is allowed one space below the top and stops at 15 (RES-10 would refuse it as a cost); the Goblin then "
        "attacks, and the conquest of the entrance takes 1 evil: 14.",
        state, WordOfPeace(0, False), only=("players.0.evil", "players.0.monsters"), after={"players.0.evil": 14},
    ))
    state, _ = _found(0, lambda s, m: s.year == 2 and isinstance(m, Spy))
    spy = next(m for m in dlrules.legal_moves(state) if isinstance(m, Spy))
    state = dlrules.apply(state, spy)
    draw = dlrules.legal_moves(state)[0]
    assert isinstance(draw, Draw) and draw.deck == "combat"
    out.append(record_position(
        BYRULE, "CMB-CARD-2-a-spy-in-year-2-looks-at-year-2s-stack", ["CMB-CARD-2", "ACT-REP-2", "Y2-8"],
        f"Full game, year 2, Improve Reputation: Player {spy.seat + 1}'s spy looks at combat card {spy.position + 1}; "
        "it is one of year 2's cards (the year-2 stack moved to the town at the change of year): here "
        f"{draw.card.replace('-', ' ').title()}.",
        state, draw, only=("combat_cards", "decks.combat.size", f"players.{spy.seat}.spied"),
    ))
    state = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, monsters={0: ["goblin"]}, traps={0: ["pendulum"]})
    plan: Move = PlanDefence(0, entrance, ("pendulum",), (0,))
    out.append(_views(
        "CMB-REF-6-in-combat-trap-cards-and-unrevealed-cards-are-hidden", ["CMB-REF-6", "CMB-PLAN-9", "CMB-CARD-7"],
        "Year 1's combat, round 1: Player 1 plans his defence at the entrance with his Goblin and a Pendulum. Player 2 and "
        "a spectator see the battle tile and the monster sent (public), the trap card only face down; none of them "
        "sees the combat cards not yet revealed.",
        state, plan,
        {"0": ["combat.plans.0.traps", "combat.plans.0.monsters", "combat.plans.0.tile"],
         "1": ["combat.plans.0.traps", "combat.plans.0.monsters", "combat.plans.0.tile", "combat_cards"],
         "spectator": ["combat.plans.0.traps", "combat.plans.0.monsters", "combat_cards"]},
    ))
    for state, move, _ in _playout(5):
        if dlrules.is_over(dlrules.apply(state, move)):
            break
    out.append(record_position(
        BYRULE, "SCO-15-face-down-monsters-count-after-the-clean-up", ["SCO-15", "SCO-1b", "SCO-8d", "CMB-END-4"],
        "Full game, 4 players, the last move of year 2's combat: Player 4's Dragon and Troll are face down. The counts "
        "are taken after the clean-up, when they are face up again: both count (2 points), and Player 4 alone holds "
        "the monster title (3 points).",
        state, move,
        only=("players.3.monsters",), after={"outcome.players.3.lines.SCO-1b": 2, "outcome.players.3.titles.SCO-8d": 3},
    ))
    return out


def _playout(seed: int) -> Iterator[tuple[GameState, Move, list[Move]]]:
    from conformance.seed_by_rule import playout

    return playout({"players": 4, "variant": "full"}, seed)


def _views(id: str, rules: list[str], description: str, state: GameState, move: Move,
           seen: dict[str, list[str]]) -> Path:  # fmt: skip
    """A ``views`` scenario (as ``seed_views.write``): what each viewer sees
    after ``move``; the first viewer's paths are also checked as the referee
    sees them (``after``)."""
    import json

    import dlrules
    from conformance.runner import lookup, observe, run
    from dlrules.apps.conformance.convert import format_scenario

    folder = SCENARIOS / "views"
    after = dlrules.apply(state, move)
    referee = {p: lookup(observe(after), p) for p in seen[next(iter(seen))]}  # what the owner sees, the referee too
    path = record_position(folder, id, rules, description, state, move, only=("?",), after=referee)
    scenario = json.loads(path.read_text(encoding="utf-8"))
    del scenario["expect"]["changes"]
    scenario["expect"]["views"] = {
        viewer: {p: lookup(observe(after, int(viewer) if viewer.isdigit() else viewer), p) for p in paths}
        for viewer, paths in seen.items()
    }
    run(scenario)
    path.write_text(format_scenario(scenario), encoding="utf-8")
    return path
