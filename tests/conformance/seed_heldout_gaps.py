"""Write scenarios for the rules a held-out mutant set showed had no scenario
of their own (issue 36; benchmarks/heldout/README.md): a mutant that ``run``
missed, whose rule the kit cited but no scenario's check could see broken.
The scenarios are written from the rules spec, not from the mutant's code;
the mutant is then no longer held out (docs/conformance.md says which):

- year 2's Buy Traps: the card discarded goes to the discard pile, out of the
  game, not back into the traps deck (Y2-3; set 4);
- the Troll's option with a price: a lord with exactly 1 food may feed him
  (CMB-MON-2; set 4);
- a spell is cast when the party's magic points equal the round's number
  (CMB-SPELL-1; set 4);
- anti-trap icons cancel a trap's damage from the front adventurer back
  (CMB-TRAP-3, CMB-5; set 4).

Files: ``scenarios/byrule/gap-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_heldout_gaps.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dlrules
from conformance.record import Writers, record_position
from conformance.seed_by_rule_more import _found
from conformance.seed_gaps import BYRULE, _id

WRITERS = Writers()
writer = WRITERS.writer


@writer
def year_2_discard() -> list[Path]:
    """Y2-3: after year 2's Buy Traps the player discards one trap card, face down, to the discard pile: it leaves
    the game and the traps deck keeps its size."""
    from dlrules import GameState, Move
    from dlrules.core.moves import DiscardTrap

    def wanted(state: GameState, move: Move) -> bool:
        return state.year == 2 and isinstance(move, DiscardTrap) and state.resolution is not None

    state, move = _found(0, wanted)
    assert isinstance(move, DiscardTrap)
    deck = state.decks.traps.size
    return [record_position(
        BYRULE, _id("Y2-3-the-trap-discarded-after-year-2-buy-traps-leaves-the-game"), ["Y2-3", "SETUP-3"],
        f"Full game, year 2, after Buy Traps: Player {move.seat + 1} holds one trap card more than the space gave "
        f"and discards one of them face down to the discard pile. It leaves the game: the traps deck keeps its "
        f"{deck} cards and the player's hand loses one.",
        state, move, after={"decks.traps.size": deck},
    )]


@writer
def troll_with_one_food() -> list[Path]:
    """CMB-MON-2: the option with a price (the Troll's 1 food) may be picked when the defender can pay it then,
    his last food included."""
    from dlrules import GameState, Move
    from dlrules.core.moves import Attack

    def wanted(state: GameState, move: Move) -> bool:
        if not isinstance(move, Attack) or state.fight is None:
            return False
        p = state.players[move.seat]
        fed = Attack(move.seat, move.monster, 1, None)
        return p.food == 1 and p.monsters[move.monster].kind == "troll" and fed in dlrules.legal_moves(state)

    state, move = _found(5, wanted)
    assert isinstance(move, Attack)
    fed = Attack(move.seat, move.monster, 1, None)
    return [record_position(
        BYRULE, _id("CMB-MON-2-the-troll-fed-with-the-lords-last-food"), ["CMB-MON-2", "M-4"],
        f"Combat, year {state.year}, round {state.fight.round if state.fight else '?'}: Player {move.seat + 1} sent his "
        "Troll and has exactly 1 food left. The Troll's two options are divided by a line, and the second has a "
        "price, 1 food: he may pick it because he can pay it now. He pays his last food and the Troll attacks "
        "with its fed option.",
        state, fed, only=(f"players.{move.seat}.food", "combat.battle"), after={f"players.{move.seat}.food": 0},
    )]


@writer
def spell_at_exactly_the_round() -> list[Path]:
    """CMB-SPELL-1: the party casts the round's spell when its magic points are at least the round's number: a
    party with exactly 2 in round 2 casts it."""
    from conformance.seed_by_rule import playout
    from dlrules.core.moves import Draw

    for state, move, _ in playout({"players": 4, "variant": "full"}, 0):
        if not (isinstance(move, Draw) and state.fight is not None and state.fight.round == 2):
            continue
        draw = Draw("combat", "fist-of-justice", move.seat)
        if draw not in dlrules.legal_moves(state):
            continue
        _, events = dlrules.apply_with_events(state, draw)
        cast = [e for e in events if e.code == "spell" and e.data.get("cast") and e.data.get("magic") == 2]
        if cast and cast[0].seat is not None:
            seat = cast[0].seat
            imps = state.players[seat].imps
            return [record_position(
                BYRULE, _id("CMB-SPELL-1-a-party-with-exactly-the-rounds-magic-casts"), ["CMB-SPELL-1", "CMB-SPELL-2"],
                f"Combat, year 1, round 2: the card revealed is Fist of Justice. The party attacking Player {seat + 1} "
                "has exactly 2 magic points (the crystals in the party): in round 2 that is enough (at least the "
                f"round's number), so it casts the spell and Player {seat + 1} loses 1 imp ({imps} to {imps - 1}).",
                state, draw, only=(f"players.{seat}.imps",), after={f"players.{seat}.imps": imps - 1},
            )]
    raise SystemExit("seed 0's play-out has no such position")


@writer
def anti_trap_from_the_front() -> list[Path]:
    """CMB-TRAP-3, CMB-5: the anti-trap icons cancel the listed damage of the first adventurer first, then the
    second's, and so on: the Kamikaze Imp's 3 on the first adventurer are cancelled, the others' 1 each stay."""
    from conformance.seed_by_rule import playout
    from dlrules import Phase

    for state, move, _ in playout({"players": 4, "variant": "full"}, 0):
        if state.phase is not Phase.COMBAT:
            continue
        _, events = dlrules.apply_with_events(state, move)
        cancel = [e for e in events if e.code == "anti_trap" and e.data.get("trap") == "kamikaze-imp" and e.data.get("cancelled") == 3]
        if cancel and cancel[0].seat is not None:
            seat = cancel[0].seat
            return [record_position(
                BYRULE, _id("CMB-TRAP-3-anti-trap-cancels-the-front-adventurers-damage-first"), ["CMB-TRAP-3", "CMB-5"],
                f"Combat, year {state.year}: the Kamikaze Imp goes off in Player {seat + 1}'s dungeon. It deals 3 damage to "
                "the first adventurer and 1 to each of the others. The party's thief has 3 anti-trap icons, which "
                "cancel damage from the front: all 3 points aimed at the warrior in front are cancelled, and the thief "
                "and the wizard behind him still take 1 each. (Later in the same battle the card's fatigue puts 3 on "
                "the warrior, and the party conquers the tile.)",
                state, move, only=(f"players.{seat}.party",),
            )]
    raise SystemExit("seed 0's play-out has no such position")


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
