"""Write scenarios for aspects of rules that an implementer could get wrong
on their own, as ``seed_aspects.py`` does (its docstring says how they were
chosen and checked). Each cites its rule first and fails when only that
aspect is broken (each writer's docstring says which breakage makes it fail;
each was run against a mutant of dlrules where only its aspect is broken, and
on dlrules itself). Written after held-out set 13's first measure (session 55):

- ACT-ROOM-5: rooms may meet at a corner (every scenario of the rule refused
  a room sharing a side; none built one diagonal to another room).
- CMB-MON-7, R-2: the Dark Room adds 1 to each of the Witch's two small
  attacks, the second (aimed with ``Target``) as much as the first (no
  scenario sent the Witch to a Dark Room).
- C1-2, CMB-SPELL-6: Suggestion asks only about the monsters sent, never the
  ghosts (no scenario cast it on a battle with a ghost).
- Y2-20: the Demon is never paid with a ghost (the kit's Y2-20 scenarios were
  about Pay Day, not the hiring).

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_set13.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers
from conformance.seed_aspects import PARTY, _id, _write

WRITERS = Writers()
writer = WRITERS.writer

SUGGESTION_FIRST = ("suggestion", "graffiti", "detect-evil", "word-of-peace")
"""Year 1's round 1 is Suggestion (a fast spell, C1-2), then three cards of fatigue 2."""


@writer
def rooms_meeting_at_a_corner() -> list[Path]:
    """ACT-ROOM-5: a tunnel touching a room only at a corner may become a room. Fails when squares meeting at a
    corner count as sharing a side (the tunnel is not offered)."""
    from res_positions import ROOM, player
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import BuildRoom
    from dlrules.core.state import Dungeon, Tile

    squares = ((0, 2), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3))
    mushrooms = Dungeon(tuple(Tile(sq, "mushroom-bed" if sq == (2, 2) else None) for sq in squares))
    state = three_on(ROOM, tweak=player(2, dungeon=mushrooms))
    said = ("Year 1, Build Room, 4 players: Player 3 (slot III) has a Mushroom Bed at (2, 2) and tunnels at "
            "(0, 2), (1, 1), (1, 2), (2, 3) and (3, 3). ")  # fmt: skip
    return [
        _write(
            _id("ACT-ROOM-5", "a-room-may-touch-another-at-a-corner"), ["ACT-ROOM-5", "ACT-ROOM-4"],
            said + "He builds the Mint (a lower-half room) on the tunnel at (3, 3): it touches the Mushroom Bed only "
            "at a corner, which rooms may do; no room shares a side with it.",
            state, BuildRoom(2, "mint", (3, 3)), only=("players.2.tiles", "players.2.gold", "room_shop", "to_move"),
        ),
        _write(
            _id("ACT-ROOM-5", "a-corner-is-not-a-side-in-the-upper-half"), ["ACT-ROOM-5", "ACT-ROOM-6"],
            said + "He builds the Chicken Coop (an upper-half room) on the tunnel at (1, 1), beside the Mushroom "
            "Bed's corner: it shares no side with a room, so it may go there (as on the entrance).",
            state, BuildRoom(2, "chicken-coop", (1, 1)),
            only=("players.2.tiles", "players.2.gold", "room_shop", "to_move"),
        ),
    ]  # fmt: skip


@writer
def witch_in_the_dark_room() -> list[Path]:
    """CMB-MON-7, R-2: in the Dark Room each of the Witch's small attacks deals 2, the second as much as the first.
    Fails when the second small attack is plain (the thief keeps 3 counters and stands)."""
    from combat_positions import COLUMN, play, position, tunnels
    from conformance.seed_cosmic_gaps import ILLUSION_FIRST  # year 2's round 1: the Illusion (fatigue 1, not cast)

    from dlrules.core.moves import Attack, PlanDefence, Target

    dark = tunnels(rooms={COLUMN[0]: "dark-room"})  # a year-2 room: the battle is year 2's
    start = position({0: ["y2-warrior-6", "y2-thief-4-2", "y2-priest-4-2"]}, monsters={0: ["witch"]},
                     dungeons={0: dark}, cards=ILLUSION_FIRST, year=2)  # fmt: skip
    first = play(start, PlanDefence(0, COLUMN[0], (), (0,)), Attack(0, 0, 1, 1))
    return [_write(
        _id("CMB-MON-7", "the-dark-room-adds-one-to-the-witchs-second-small-attack"), ["CMB-MON-7", "R-2", "M-5"],
        "Year 2's combat, round 1 (Illusion: fatigue 1, not cast): Player 1's Witch fights in his Dark Room against "
        "a warrior, a thief (4 hit points) and a priest (no wizard: the Illusion is not cast). She chose her two small "
        "attacks and aimed the first at the thief: 1, and 1 more in the Dark Room, 2 counters. Her second small "
        "attack, aimed at the thief too, also "
        "gets the room's +1: 2 more, 4 in all, and he is eliminated, to the prison. Then the fatigue puts 1 on the "
        "warrior.",
        first, Target(0, 1), only=PARTY, after={"players.0.prison": ["y2-thief-4-2"]},
    )]  # fmt: skip


@writer
def suggestion_spares_the_ghosts() -> list[Path]:
    """C1-2, CMB-SPELL-6: Suggestion asks the defender about each monster sent, not about a ghost. Fails when the
    ghosts are asked about too (a question about the lone ghost; the ghost asked about before the goblin)."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    out = []
    alone = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, monsters={0: ["ghost"]}, food=2, cards=SUGGESTION_FIRST)
    out.append(_write(
        _id("C1-2", "suggestion-asks-nothing-of-a-lone-ghost"), ["C1-2", "CMB-SPELL-6", "M-3"],
        "Year 1's combat, round 1: the round's card is Suggestion (a fast spell); the party, a warrior and a wizard "
        "with 1 crystal, casts it. Player 1 sends only his ghost, and Suggestion speaks of monsters, not ghosts: "
        "there is nothing to pay for or withdraw. The ghost attacks (2 on the wizard, not the first adventurer), "
        "the fatigue puts 2 on the warrior, and the next round's plan is due.",
        alone, PlanDefence(0, COLUMN[0], (), (0,)), only=(*PARTY, "players.0.food", "players.0.monsters", "to_move"),
        after={"players.0.food": 2},
    ))  # fmt: skip
    both = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, monsters={0: ["ghost", "goblin"]}, food=2,
                    cards=SUGGESTION_FIRST)  # fmt: skip
    out.append(_write(
        _id("C1-2", "suggestion-asks-about-the-goblin-not-the-ghost"), ["C1-2", "CMB-SPELL-6"],
        "Year 1's combat, round 1: the round's card is Suggestion, cast by a party with a wizard. Player 1 sends his "
        "ghost and his goblin; the spell asks him to pay for or withdraw the goblin alone: the ghost stays in the "
        "battle unasked.",
        both, PlanDefence(0, COLUMN[0], (), (0, 1)),
        only=(*PARTY, "players.0.food", "players.0.monsters", "to_move", "combat.battle.choosing", "combat.battle.asking"),
    ))  # fmt: skip
    return out


@writer
def demon_refuses_a_ghost() -> list[Path]:
    """Y2-20: hiring the Demon, a ghost may not be the monster that leaves. Fails when a ghost may be given."""
    from conformance.seed_matrix_gaps import demon_lair

    from dlrules.core.moves import HireMonster
    from dlrules.core.state import Monster

    out = []
    for lair, name, said in (
        ((Monster("ghost"), Monster("slime")), "a-ghost-is-not-the-demons-price",
         "a ghost and a slime. He would hire the Demon and give up the ghost: refused, a ghost cannot be the monster "
         "the Demon costs (the slime could be)."),
        ((Monster("ghost"),), "a-lone-ghost-cannot-pay-for-the-demon",
         "only a ghost. He would hire the Demon and give up the ghost: refused, the Demon costs another monster, and "
         "a ghost is not one."),
    ):  # fmt: skip
        state = demon_lair(*lair)
        out.append(_write(
            _id("Y2-20", name), ["Y2-20", "ACT-MON-2"],
            "Year 2, full game, Hire Monster, 4 players: Player 3 (slot III) has " + said,
            state, HireMonster(2, "demon", 0), refused=True,
        ))  # fmt: skip
    return out


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
