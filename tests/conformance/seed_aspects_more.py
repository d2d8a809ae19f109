"""Write scenarios for aspects of rules whose first-citing scenarios left them
unpinned, as ``seed_aspects.py`` does (its docstring says how they were
chosen and checked), for the defender's planning, the Troll, the round's
card and the adventurers' queue:

- CMB-PLAN-5: a monster or ghost knocked out earlier this combat cannot be
  sent; a Golem that fought and came back face up can.
- CMB-PLAN-6: no surcharge on a tunnel (the trap's own cost alone) nor in the
  Labyrinth; the Labyrinth's two traps must be affordable together.
- CMB-MON-2: the Troll's fed option is refused without food; its unfed option
  costs nothing.
- CMB-CARD-1: the round's card stays out of the deck after its round, and is
  not drawn again for the next.
- ADV-5: a new warrior goes in front of a warrior already there; the others
  keep their order behind him; a non-warrior joins at the back of a party a
  warrior leads.

Files: ``scenarios/byrule/aspect-RULE-ID-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_more.py [NAME ...]

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


# --- CMB-PLAN-5: what may be sent --------------------------------------------------------------------------


def _after_round_one(monsters: list[str], party: list[str], year: int = 1) -> object:
    """Round 2's planning after round 1, where Player 1 sent his first monster (or ghost) and it attacked the
    first adventurer it may (the second for a ghost)."""
    from combat_positions import COLUMN, TRAINING, play, position

    from dlrules.core.moves import Attack, PlanDefence

    cards = TRAINING if year == 1 else ("song-of-courage", "magic-key", "regeneration", "create-food")
    start = position({0: party}, monsters={0: monsters}, cards=cards, year=year)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)))
    while state.fight is not None and state.fight.round == 1:  # what is left of round 1: the monster's act
        state = play(state, Attack(0, 0, 0, 1 if monsters[0] == "ghost" else None))
    assert state.fight is not None and state.fight.stage == "plan", state.fight
    return state


@writer
def knocked_out_monster_not_sent() -> list[Path]:
    """CMB-PLAN-5: the Goblin knocked out in round 1 cannot be sent in round 2 (refused, CMB-PLAN-5).
    Fails when knocked-out monsters may be sent."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    state = _after_round_one(["goblin", "slime"], ["y1-warrior-5", "y1-priest-4-2"])
    return [_write(
        _id("CMB-PLAN-5", "a-monster-knocked-out-earlier-this-combat-cannot-be-sent"), ["CMB-PLAN-5", "CMB-MON-4"],
        "Year 1's combat, round 2's planning: Player 1's Goblin attacked in round 1 and lies face down (knocked "
        "out); his Slime stayed home, ready. He tries to send the Goblin to the tile below the entrance: refused, "
        "only ready monsters and ghosts may be sent.",
        state, PlanDefence(0, COLUMN[1], (), (0,)), refused=True,
    )]  # fmt: skip


@writer
def knocked_out_ghost_not_sent() -> list[Path]:
    """CMB-PLAN-5: the Ghost knocked out in round 1 cannot be sent in round 2 (refused, CMB-PLAN-5).
    Fails when a ghost is let off the readiness check (it is no monster)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    state = _after_round_one(["ghost", "goblin"], ["y1-warrior-5", "y1-priest-4-2"])
    return [_write(
        _id("CMB-PLAN-5", "a-ghost-knocked-out-earlier-this-combat-cannot-be-sent"), ["CMB-PLAN-5", "M-3"],
        "Year 1's combat, round 2's planning: Player 1's Ghost attacked in round 1 and lies face down (knocked "
        "out); his Goblin is ready. A ghost is not a monster, but the same rule holds for it: sending the Ghost to "
        "the tile below the entrance is refused.",
        state, PlanDefence(0, COLUMN[1], (), (0,)), refused=True,
    )]  # fmt: skip


@writer
def golem_back_face_up_may_be_sent() -> list[Path]:
    """CMB-PLAN-5: the Golem fought in round 1 and came back face up: ready, it may be sent in round 2.
    Fails when a monster that has fought this combat may not be sent again (sent, rather than knocked out)."""
    from combat_positions import COLUMN

    from dlrules.core.moves import PlanDefence

    state = _after_round_one(["golem"], ["y2-warrior-8", "y2-priest-5-2"], year=2)
    return [_write(
        _id("CMB-PLAN-5", "a-golem-that-fought-and-is-face-up-may-be-sent-again"), ["CMB-PLAN-5", "M-7", "CMB-MON-4"],
        "Year 2's combat, round 2's planning: Player 1's Golem attacked in round 1 and, as a Golem does, went back "
        "face up: it is ready. What may be sent is what is ready now, so he sends it again, to the tile below the "
        "entrance: its 4 finish the warrior (5 counters from round 1, 8 hit points), who goes to the prison; the "
        "fatigue (3) falls on the priest, and the Golem is face up again.",
        state, PlanDefence(0, COLUMN[1], (), (0,)), only=("players.0.monsters", *PARTY),
        after={"players.0.prison": ["y2-warrior-8"], "players.0.party": _party(("y2-priest-5-2", 3)),
               "players.0.monsters": [{"kind": "golem", "ready": True}]},
    )]  # fmt: skip


# --- CMB-PLAN-6: the room surcharge, and costs together ----------------------------------------------------


@writer
def no_surcharge_on_a_tunnel() -> list[Path]:
    """CMB-PLAN-6: the Cursed Ring on a tunnel costs its own 1 gold only; with exactly 1 gold it may be played,
    and the gold goes when it is revealed. Fails when a tunnel also takes the 1-gold surcharge."""
    from combat_positions import COLUMN, TRAINING, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, traps={0: ["cursed-ring"]}, cards=TRAINING, gold=1)
    return [_write(
        _id("CMB-PLAN-6", "a-trap-on-a-tunnel-costs-no-surcharge"), ["CMB-PLAN-6", "T-4"],
        "Year 1's combat, round 1: Player 1 has exactly 1 gold and plays a Cursed Ring (its own cost: 1 gold) at his "
        "entrance, a tunnel. Only a room other than the Labyrinth adds 1 gold, so the ring costs 1 and may be "
        "played; the gold is paid when it is revealed (1 to 0), it deals 1 to each adventurer and the entrance is "
        "not conquered. With a surcharge on tunnels too it would cost 2 and be refused.",
        state, PlanDefence(0, COLUMN[0], ("cursed-ring",)), only=("players.0.gold", "players.0.traps", *PARTY),
        after={"players.0.gold": 0, "players.0.traps": ["kamikaze-imp"]},
    )]  # fmt: skip


@writer
def no_surcharge_in_the_labyrinth() -> list[Path]:
    """CMB-PLAN-6: a Rolling Stone in the Labyrinth (a room) costs nothing: no surcharge there.
    Fails when the Labyrinth takes the 1-gold room surcharge."""
    from combat_positions import COLUMN, TRAINING, position, tunnels

    from dlrules.core.moves import PlanDefence

    labyrinth = tunnels(rooms={COLUMN[0]: "labyrinth"})
    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, traps={0: ["rolling-stone"]}, dungeons={0: labyrinth},
                     cards=NO_FATIGUE_FIRST, gold=0)  # fmt: skip
    return [_write(
        _id("CMB-PLAN-6", "a-trap-in-the-labyrinth-costs-no-surcharge"), ["CMB-PLAN-6", "R-3"],
        "Year 1's combat, round 1 (fatigue 0): Player 1's entrance is his Labyrinth and he has no gold. A trap on a "
        "room costs 1 gold, but not in the Labyrinth: he plays a Rolling Stone there for nothing; it deals 3 to the "
        "warrior. With the surcharge in the Labyrinth too, the plan would be refused.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=("players.0.gold", "players.0.traps", *PARTY),
        after={"players.0.gold": 0, "players.0.traps": ["kamikaze-imp"],
               "players.0.party": _party(("y1-warrior-5", 3), ("y1-priest-4-1", 0))},
    )]  # fmt: skip


@writer
def labyrinth_traps_paid_together() -> list[Path]:
    """CMB-PLAN-6: two Cursed Rings in the Labyrinth cost 2 gold together; with 1 gold the pair is refused.
    Fails when each trap's cost is checked alone."""
    from combat_positions import COLUMN, TRAINING, position, tunnels

    from dlrules.core.moves import PlanDefence

    labyrinth = tunnels(rooms={COLUMN[0]: "labyrinth"})
    state = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, traps={0: ["cursed-ring", "cursed-ring"]},
                     dungeons={0: labyrinth}, cards=TRAINING, gold=1)  # fmt: skip
    return [_write(
        _id("CMB-PLAN-6", "the-labyrinths-two-traps-must-be-affordable-together"), ["CMB-PLAN-6", "R-3", "T-4"],
        "Year 1's combat, round 1: Player 1's entrance is his Labyrinth, which takes two trap cards, and he has 1 "
        "gold. He plays two Cursed Rings (1 gold each, no surcharge in the Labyrinth): together they cost 2, more "
        "than he has, so the plan is refused, though he could pay either one alone.",
        state, PlanDefence(0, COLUMN[0], ("cursed-ring", "cursed-ring")), refused=True,
    )]  # fmt: skip


# --- CMB-MON-2: the Troll's food --------------------------------------------------------------------------


def _troll_to_act(food: int) -> object:
    """Round 1, the Troll and a Goblin sent to the Chicken Coop at the entrance, the battle waiting for them
    (which acts first is a decision even when the Troll has one option left)."""
    from combat_positions import COLUMN, TRAINING, play, position, tunnels

    from dlrules.core.moves import PlanDefence

    coop = tunnels(rooms={COLUMN[0]: "chicken-coop"})
    start = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, monsters={0: ["troll", "goblin"]}, dungeons={0: coop},
                     cards=TRAINING, food=food)  # fmt: skip
    state = play(start, PlanDefence(0, COLUMN[0], (), (0, 1)))
    assert state.fight is not None and state.fight.battle is not None and state.fight.battle.sent == (0, 1)
    return state


@writer
def troll_fed_without_food() -> list[Path]:
    """CMB-MON-2: with no food the Troll's fed option (4 for 1 food) is refused, citing CMB-MON-2.
    Fails when the option is offered without its price."""
    from dlrules.core.moves import Attack

    return [_write(
        _id("CMB-MON-2", "the-trolls-fed-option-is-refused-without-food"), ["CMB-MON-2", "M-4"],
        "Year 1's combat, round 1: Player 1 sent his Troll and a Goblin to his Chicken Coop and has no food left. The "
        "Troll's second option (4 "
        "damage) has a price, 1 food, that must be paid when the Troll acts: without food it is refused; only the "
        "plain attack for 3 is left to him.",
        _troll_to_act(0), Attack(0, 0, 1), refused=True,
    )]  # fmt: skip


@writer
def troll_unfed_costs_nothing() -> list[Path]:
    """CMB-MON-2: the Troll's plain option (3) costs no food, even when the lord has some.
    Fails when the Troll eats a food whenever it acts and food is there."""
    from dlrules.core.moves import Attack

    return [_write(
        _id("CMB-MON-2", "the-trolls-plain-attack-costs-no-food"), ["CMB-MON-2", "M-4"],
        "Year 1's combat, round 1: Player 1 sent his Troll and a Goblin to his Chicken Coop and has 2 food. The Troll "
        "acts first, with its first option, the "
        "plain attack: 3 damage to the first adventurer (a warrior), and no food is paid; only the other option, "
        "the 4, has a price. He keeps his 2 food.",
        _troll_to_act(2), Attack(0, 0, 0), only=("players.0.food", *PARTY),
        after={"players.0.food": 2},
    )]  # fmt: skip




# --- CMB-CARD-1: the round's card stays out -----------------------------------------------------------------


@writer
def card_stays_out_after_its_round() -> list[Path]:
    """CMB-CARD-1: round 1's card, drawn from the deck (Graffiti), stays out when round 1 ends: the deck keeps 8
    cards and round 2's card will be one of them. Fails when the round's card goes back to the deck after it."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, Draw, PlanDefence

    start = position({0: ["y1-warrior-5", "y1-priest-4-1"]}, monsters={0: ["troll"]}, food=1, cards=(None,) * 4)
    state = play(start, PlanDefence(0, COLUMN[0], (), (0,)), Draw("combat", "graffiti"))  # the Troll's choice waits
    assert state.decks.combat.size == 8 and state.fight is not None and state.fight.round == 1
    return [_write(
        _id("CMB-CARD-1", "the-rounds-card-does-not-go-back-to-the-deck-after-its-round"), ["CMB-CARD-1", "CMB-CARD-6"],
        "Year 1's combat, round 1: nobody had seen the year's four cards; round 1's, turned up from the 9-card deck, "
        "is Graffiti (fatigue 2), leaving 8 unseen. Player 1's Troll makes its plain attack (3 on the warrior), the "
        "fatigue adds 2 and the entrance is conquered: round 1 ends. The stack's cards are set aside in a fixed "
        "order and never shuffled back: Graffiti stays round 1's card, and the deck still holds 8 cards, so round "
        "2's card cannot be Graffiti again. Put back after its round, the deck would hold 9.",
        state, Attack(0, 0, 0), only=("decks.combat", "combat_cards", "combat.round"),
        after={"decks.combat.size": 8, "combat_cards": ["graffiti", None, None, None], "combat.round": 2},
    )]  # fmt: skip

# --- ADV-5: where an arriving warrior stands ---------------------------------------------------------------


def _arrival(seed: int, wanted: object) -> tuple[object, object, int]:
    """The first move of a seeded 3-player full game after which an adventurer joins a party already holding
    some, the way ``wanted(party before, arriving key)`` asks: (position, move, seat)."""
    from collections import Counter

    import dlrules
    from conformance.seed_gaps import _first

    def joined(s: object, a: object) -> list[int]:
        seats = []
        for seat, (p, q) in enumerate(zip(s.players, a.players, strict=True)):  # type: ignore[attr-defined]
            new = list((Counter(x.key for x in q.party) - Counter(x.key for x in p.party)).elements())
            if p.party and len(new) == 1 and wanted([x.key for x in p.party], new[0]):  # type: ignore[operator]
                seats.append(seat)
        return seats

    state, move = _first(seed, 3, lambda s, a: s.year == 1 and bool(joined(s, a)))
    return state, move, joined(state, dlrules.apply(state, move))[0]


def _warrior(key: str) -> bool:
    from dlrules.components import ADVENTURERS

    return ADVENTURERS[key].cls.value == "warrior"


def _queue_scenario(name: str, rules: list[str], seed: int, wanted: object, story: str) -> Path:
    import dlrules

    state, move, seat = _arrival(seed, wanted)
    before = [a.key for a in state.players[seat].party]  # type: ignore[attr-defined]
    after = [{"key": a.key, "damage": a.damage} for a in dlrules.apply(state, move).players[seat].party]  # type: ignore[arg-type]
    path = f"players.{seat}.party"
    return _write(
        _id("ADV-5", name), rules,
        f"Full game, 3 players, year 1, round {state.round}: the move ends the events and the round's adventurers "  # type: ignore[attr-defined]
        f"go to the dungeons. Player {seat + 1}'s party holds {', '.join(before)} (entrance first); "
        + story.format(new=next(a["key"] for a in after if a["key"] not in before or before.count(a["key"]) < [b["key"] for b in after].count(a["key"])),
                       queue=", ".join(str(a["key"]) for a in after)),
        state, move, only=(path,), after={path: after},
    )


@writer
def warrior_ahead_of_warriors() -> list[Path]:
    """ADV-5: a warrior arriving where a warrior already leads goes in front of him.
    Fails when a new warrior queues behind the warriors already there."""
    path = _queue_scenario(
        "a-new-warrior-goes-in-front-of-the-warrior-already-there", ["ADV-5", "ADV-4"], 8,
        lambda party, new: _warrior(new) and _warrior(party[0]),
        "the warrior {new} arriving goes in front of everybody, the warrior already there included: {queue}. "
        "Queued behind the warriors, he would stand second.",
    )
    return [path]


@writer
def warrior_pushes_the_others_back_in_order() -> list[Path]:
    """ADV-5: a warrior arriving in front of two non-warriors: they shift back, keeping their order.
    Fails when the warrior takes the front one's place and sends him to the back (a swap)."""
    path = _queue_scenario(
        "the-others-keep-their-order-behind-an-arriving-warrior", ["ADV-5", "ADV-4"], 4,
        lambda party, new: _warrior(new) and len(party) == 2 and not any(_warrior(k) for k in party),
        "the warrior {new} arriving goes to the front and everyone else shifts back one place, in the order they "
        "stood: {queue}. Swapping him with the front adventurer would change their order.",
    )
    return [path]


@writer
def non_warrior_joins_at_the_back() -> list[Path]:
    """ADV-5: a non-warrior arriving where a warrior leads joins at the back, behind every non-warrior too.
    Fails when a non-warrior is put right behind the warriors (ahead of those who came before him)."""
    path = _queue_scenario(
        "a-non-warrior-joins-at-the-back-behind-everybody", ["ADV-5", "ADV-4"], 1,
        lambda party, new: not _warrior(new) and len(party) == 2 and _warrior(party[0]) and not _warrior(party[1]),
        "the {new} arriving is no warrior: only a warrior goes to the front, so he joins at the back, behind the "
        "adventurer who came before him: {queue}.",
    )
    return [path]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
