"""Write scenarios for the kill matrix's misses (issue 36; docs/conformance.md,
"The matrix"): a printed value or a rule that only scenarios about other rules
showed broken, so the diagnosis could not name it. Each scenario checks that
value or rule alone, in a position of its own, and cites it first:

- the last ordering of a hand (4 players, and 3 from a position, so that the
  dummy's draw is not replayed), and the last dummy third, a player may
  choose (ORD-3, DUM2-3);
- the Chicken Coop staffed with its 3 imps, and refused with 2 (PROD-1);
- Get Food slot I's 2 food for 1 gold, for a player other than the first
  (ACT-FOOD-1);
- Dig Tunnels slot I: the second tunnel ends the order (ACT-DIG-1);
- Hire Monster slot III's extra food, on the goblin and the witch (ACT-MON-3);
- Hire Monster's order: after slot III (or its decline), slot II; after slot II,
  slot I (RES-2);
- the Demon's price: any other monster, the last of the lair included, and a
  slime before the last (a slime is no ghost: the kill matrix's `dismissable`
  mutant had a twin in the slime's row read as a ghost's) (Y2-20);
- the squares a room may go on: the last of them in grid order is one
  (ACT-ROOM-4), and a room whose area holds a single open tunnel still gets
  built there (ACT-ROOM-6);
- combat: "attack anyone" reaching the last adventurer (CMB-MON-5), the
  last trap card in the order of the keys and a trap's price on a room
  (CMB-PLAN-5, CMB-PLAN-6), the magic points (CMB-SPELL-2), a prisoner
  released when every tile is conquered (CMB-END-3);
- what a title held alone is worth with 4 players, for four titles other than
  the tunnels' (SCO-2).

Files: ``scenarios/byrule/gap-*.json`` (the titles': ``scenarios/scoring/gap-SCO-2-*.json``, checked
before a refused move, as ``seed_iso``'s). Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_matrix_gaps.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dlrules
from conformance.record import Builder, Writers, record_position
from conformance.seed_gaps import BYRULE, _id  # the same folder and the same ``gap-`` names as the outside mutants' gaps
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.state import GameState, Monster

WRITERS = Writers()
writer = WRITERS.writer


@writer
def last_choice_of_orders() -> list[Path]:
    """ORD-3: any three orders of the hand, in any order (the last ordering listed included); DUM2-3: with the
    dummy's third among its candidates (the last candidate with it)."""
    from conformance.seed_foundation import DUMMY, MR, dealt, in_orders
    from dlrules import Action, Phase
    from dlrules.core.phases.orders import _seat_choices  # the reference's list: its last entry is the one checked

    out = []
    b = in_orders(4)
    last = _seat_choices(b.state, 0)[-1]
    out.append(Builder.record(
        b, _id("ORD-3-any-ordering-of-three-orders-even-the-last-listed"), ["ORD-3"],
        f"Orders, 4 players: Player 1 may choose any three different orders of his hand, in any order: he "
        f"chooses {', '.join(a.value for a in last.orders)}, the last three of his hand in reverse order.",
        last, folder=BYRULE,
    ))  # fmt: skip
    b = dealt(3, [MR] * 3, [DUMMY]).chance_first(stop=Phase.ORDERS)
    b.play(*[m for m in dlrules.legal_moves(b.state) if type(m).__name__ == "DrawDummyOrders"][:1])
    last = _seat_choices(b.state, 0)[-1]
    assert last.dummy_order is None
    out.append(record_position(  # a position: the dummy's draw is not replayed, only the choosing checked
        BYRULE, _id("ORD-3-with-3-players-any-ordering-of-three-orders"), ["ORD-3"],
        f"Orders, 3 players, the dummy's orders drawn: Player 1 may choose any three different orders of his hand, "
        f"in any order: he chooses {', '.join(a.value for a in last.orders)}, the last three of his hand in reverse "
        f"order.",
        b.state, last,
    ))  # fmt: skip
    b = dealt(2, [MR] * 2, [DUMMY, (Action.FOOD, Action.REPUTATION, Action.DIG)]).chance_first(stop=Phase.ORDERS)
    b.play(*[m for m in dlrules.legal_moves(b.state) if type(m).__name__ == "DrawDummyOrders"][:1])
    b.play(*[m for m in dlrules.legal_moves(b.state) if type(m).__name__ == "DrawDummyOrders"][:1])
    last = _seat_choices(b.state, 0)[-1]
    assert last.dummy_order is not None
    out.append(Builder.record(
        b, _id("DUM2-3-the-dummys-third-may-be-any-candidate-even-the-last-listed"), ["DUM2-3", "ORD-3"],
        f"Orders, 2 players: Player 1 chooses his three orders ({', '.join(a.value for a in last.orders)}) and, "
        f"secretly, his dummy's third: any of its candidates, here {last.dummy_order.value}.",
        last, folder=BYRULE,
    ))  # fmt: skip
    return out


@writer
def chicken_coop() -> list[Path]:
    """PROD-1: the Chicken Coop takes 3 imps and makes 1 food."""
    from test_production import COOP, MINT
    from test_production import production as at_production
    from year_helpers import dungeon

    from dlrules import ActivateRoom

    rooms = dungeon({MINT: "mint", COOP: "chicken-coop"})
    state = at_production(imps=4, gold=0, food=0, dungeon=rooms)
    staffed = record_position(
        BYRULE, _id("PROD-1-the-chicken-coop-takes-3-imps-for-1-food"), ["PROD-1"],
        "Year 1, Production, 2 players: Player 1 has a Mint and a Chicken Coop, 4 free imps, no food. He staffs "
        "the Chicken Coop: 3 imps go to work (1 stays free) and it makes 1 food.",
        state, ActivateRoom(0, COOP), only=("players.0",), after={"players.0.food": 1, "players.0.gold": 0},
    )  # fmt: skip
    state = at_production(imps=2, gold=0, food=0, dungeon=rooms)
    refused = record_position(
        BYRULE, _id("PROD-1-two-imps-cannot-staff-the-chicken-coop"), ["PROD-1"],
        "Year 1, Production, 2 players: Player 1 has a Chicken Coop and only 2 free imps. The Coop needs 3: "
        "staffing it is refused.",
        state, ActivateRoom(0, COOP),
    )  # fmt: skip
    return [staffed, refused]


@writer
def food_slot_i() -> list[Path]:
    """ACT-FOOD-1: Get Food I buys 2 food for 1 gold (Player 3 alone on Get Food, so on slot I)."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, at_resolution, decline_until, player

    from dlrules.core.moves import TakeAction

    orders = {0: (REP, DIG, MINE), 1: (DIG, MINE, IMPS), 2: (FOOD, MINE, DIG), 3: (MINE, IMPS, REP)}
    state = decline_until(at_resolution(orders, tweak=player(2, gold=2, food=0), variant="full"), FOOD, 0)
    assert dlrules.to_move(state) == frozenset({2}), dlrules.to_move(state)
    return [record_position(
        BYRULE, _id("ACT-FOOD-1-slot-I-player-3-buys-2-food-for-1-gold"), ["ACT-FOOD-1"],
        "Year 1, full game, 4 players: Player 3 alone chose Get Food, so his minion stands on slot I. He has 2 "
        "gold and no food; slot I takes 1 gold and gives 2 food.",
        state, TakeAction(2), only=("players.2.gold", "players.2.food", "players.2.evil"),
        after={"players.2.gold": 1, "players.2.food": 2},
    )]  # fmt: skip


@writer
def dig_slot_i() -> list[Path]:
    """ACT-DIG-1: slot I lets 2 imps dig, so the second tunnel ends its order; the next slot acts."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, at_resolution, decline_until, player

    from dlrules.core.moves import DigTunnel

    out = []
    for players, seat in ((4, 1), (2, 0)):
        if players == 4:
            orders = {0: (FOOD, REP, IMPS), 1: (DIG, FOOD, REP), 2: (MINE, FOOD, REP), 3: (FOOD, MINE, REP)}
        else:
            orders = {0: (DIG, FOOD, REP), 1: (FOOD, REP, MINE)}
        state = decline_until(at_resolution(orders, tweak=player(seat, imps=5)), DIG, 0)
        assert dlrules.to_move(state) == frozenset({seat}), dlrules.to_move(state)
        first = next(m for m in dlrules.legal_moves(state) if isinstance(m, DigTunnel))
        state = dlrules.apply(state, first)
        second = next(m for m in dlrules.legal_moves(state) if isinstance(m, DigTunnel))
        after = dlrules.apply(state, second)
        assert after.resolution is None or (after.resolution.space, after.resolution.slot) != (state.resolution.space, 0)  # type: ignore[union-attr]
        out.append(record_position(
            BYRULE, _id(f"ACT-DIG-1-slot-I-ends-with-the-second-tunnel-{players}-players"), ["ACT-DIG-1"],
            f"Year 1, {players} players: Player {seat + 1} stands alone on Dig Tunnels slot I, with 5 imps; one "
            f"has dug a tunnel. Slot I lets 2 imps dig: the second tunnel ends his order (3 imps stay free) and "
            f"the resolution goes on.",
            state, second, only=(f"players.{seat}.", "resolution", "to_move"),
        ))  # fmt: skip
    return out


@writer
def monster_slot_iii() -> list[Path]:
    """ACT-MON-3: slot III pays 1 food more than the monster's cost; ACT-MON-1/RES-2: III, then II, then I."""
    from res_positions import MONSTER
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import Decline, HireMonster

    out = []
    for monster in ("goblin", "witch"):
        state = three_on(MONSTER)
        player = state.players[2]
        after = dlrules.apply(state, HireMonster(2, monster)).players[2]
        kept = {f"players.2.{k}": getattr(after, k) for k in ("food", "evil", "gold")}  # what stays is checked too
        out.append(record_position(
            BYRULE, _id(f"ACT-MON-3-slot-III-pays-1-more-food-for-the-{monster}"), ["ACT-MON-3"],
            f"Year 1, Hire Monster, 4 players: Players 1, 2, 3 stand on slots I, II, III. Player 3 (slot III, "
            f"{player.food} food, evil {player.evil}) hires the {monster}: he pays its cost and 1 food more "
            f"for slot III, leaving {after.food} food and evil {after.evil}.",
            state, HireMonster(2, monster), only=("players.2.food", "players.2.evil", "players.2.gold", "players.2.monsters"),
            after=kept,
        ))  # fmt: skip
    state = three_on(MONSTER)
    out.append(record_position(
        BYRULE, _id("RES-2-after-hire-monster-slot-III-slot-II-chooses"), ["RES-2", "ACT-MON-1"],
        "Year 1, Hire Monster, 4 players: Players 1, 2, 3 stand on slots I, II, III. Hire Monster acts from "
        "the longest slot: once Player 3 (slot III) has hired the troll, Player 2 (slot II) chooses next, "
        "among the goblin and the witch.",
        state, HireMonster(2, "troll"), only=("to_move", "resolution", "tavern"),
    ))  # fmt: skip
    out.append(record_position(
        BYRULE, _id("RES-2-when-hire-monster-slot-III-declines-slot-II-chooses"), ["RES-2", "ACT-MON-1"],
        "Year 1, Hire Monster, 4 players: Players 1, 2, 3 stand on slots I, II, III. Player 3 (slot III) "
        "declines; Hire Monster acts from the longest slot, so Player 2 (slot II) chooses next, among all three.",
        state, Decline(2), only=("to_move", "resolution", "tavern"), after={"tavern": list(state.tavern)},
    ))  # fmt: skip
    state = dlrules.apply(state, HireMonster(2, "troll"))
    out.append(record_position(
        BYRULE, _id("RES-2-after-hire-monster-slot-II-slot-I-chooses"), ["RES-2", "ACT-MON-1"],
        "Year 1, Hire Monster, 4 players: Player 3 (slot III) has hired the troll. Once Player 2 (slot II) has "
        "hired the witch, Player 1 (slot I) chooses last: only the goblin is left.",
        state, HireMonster(1, "witch"), only=("to_move", "resolution", "tavern"),
    ))  # fmt: skip
    return out


@writer
def demon_dismissal() -> list[Path]:
    """Y2-20 (ACT-MON-2): the Demon costs one other monster of the hirer's choice, the last of his lair included."""
    from dlrules.core.moves import HireMonster

    state = demon_lair(Monster("goblin"), Monster("slime"))
    return [record_position(
        BYRULE, _id("Y2-20-the-demon-may-take-the-last-monster-of-the-lair"), ["Y2-20", "ACT-MON-2"],
        "Year 2, full game, Hire Monster, 4 players: Player 3 (slot III) has a goblin and a slime. He hires the Demon, paying its evil, "
        "slot III's food and one other monster of his choice: the slime, the last of his lair, leaves for the "
        "Distant Lands.",
        state, HireMonster(2, "demon", 1), only=("players.2.monsters", "players.2.evil", "players.2.food", "far_lands"),
    ), record_position(
        BYRULE, _id("Y2-20-the-demon-may-take-a-slime-before-the-last-of-the-lair"), ["Y2-20", "ACT-MON-2", "M-2"],
        "Year 2, full game, Hire Monster, 4 players: Player 3 (slot III) has a slime and a goblin. He hires the "
        "Demon and gives up the slime, the first of his lair: a slime is a monster, not a ghost, so it may be the "
        "Demon's price; it leaves for the Distant Lands.",
        demon_lair(Monster("slime"), Monster("goblin")), HireMonster(2, "demon", 0),
        only=("players.2.monsters", "players.2.evil", "players.2.food", "far_lands"),
    )]  # fmt: skip


def demon_lair(*lair: Monster) -> GameState:
    """Year 2's Hire Monster, 4 players, full game: Player 3 (slot III) to choose, the Demon on offer, ``lair`` his."""
    import attrs
    from res_positions import MONSTER, player, tweaks
    from test_resolution_tavern_rooms import three_on

    demon = tweaks(lambda s: attrs.evolve(s, year=2, tavern=("demon", "goblin", "troll")), player(2, monsters=lair))
    return three_on(MONSTER, tweak=demon, variant="full")


@writer
def room_squares() -> list[Path]:
    """ACT-ROOM-4: every open tunnel in the room's area is offered, the last in grid order included;
    ACT-ROOM-6: a single such tunnel is enough to build."""
    from res_positions import ROOM, player
    from test_resolution_tavern_rooms import three_on

    from dlrules.core import dungeon
    from dlrules.core.moves import BuildRoom
    from dlrules.core.state import Dungeon, Tile

    out = []
    wider = Dungeon((Tile((0, 1)), Tile((0, 2)), Tile((1, 2)), Tile((2, 2)), Tile((2, 3))))
    state = three_on(ROOM, tweak=player(2, dungeon=wider))
    squares = dungeon.room_squares(state.players[2].dungeon, "mint")
    last = BuildRoom(2, "mint", squares[-1])
    assert last in dlrules.legal_moves(state) and len(squares) > 1, squares
    out.append(record_position(
        BYRULE, _id("ACT-ROOM-4-the-last-square-of-the-rooms-area-is-offered"), ["ACT-ROOM-4", "ACT-ROOM-6"],
        f"Year 1, Build Room, 4 players: Player 3 (slot III) builds the Mint, a lower-half room, on the tunnel at "
        f"{last.square}: an unconquered tunnel in the room's area (of {len(squares)}, the last in grid order).",
        state, last, only=("players.2.tiles", "players.2.gold", "room_shop", "to_move"),
    ))  # fmt: skip
    upper = Dungeon((Tile((0, 1)), Tile((0, 2)), Tile((1, 2)), Tile((2, 1)), Tile((2, 2))))
    state = three_on(ROOM, tweak=player(2, dungeon=upper))
    squares = dungeon.room_squares(state.players[2].dungeon, "chicken-coop")
    last = BuildRoom(2, "chicken-coop", squares[-1])
    assert last in dlrules.legal_moves(state) and len(squares) > 1, squares
    out.append(record_position(
        BYRULE, _id("ACT-ROOM-4-the-last-upper-half-square-is-offered"), ["ACT-ROOM-4"],
        f"Year 1, Build Room, 4 players: Player 3 (slot III) builds the Chicken Coop, an upper-half room, on the "
        f"tunnel at {last.square}: an unconquered tunnel in the room's area (of {len(squares)}, the last in grid "
        f"order).",
        state, last, only=("players.2.tiles", "players.2.gold", "room_shop", "to_move"),
    ))  # fmt: skip
    lone = Dungeon((Tile((0, 2)), Tile((1, 1)), Tile((1, 2), conquered=True), Tile((2, 2), conquered=True)))
    state = three_on(ROOM, rooms=("printing-press", "chicken-coop"), tweak=player(2, dungeon=lone))
    inner = [m for m in dlrules.legal_moves(state) if isinstance(m, BuildRoom) and m.room == "printing-press"]
    assert len(inner) == 1, inner
    out.append(record_position(
        BYRULE, _id("ACT-ROOM-6-a-single-open-tunnel-in-the-area-is-enough"), ["ACT-ROOM-6", "ACT-ROOM-4"],
        f"Year 1, Build Room, 4 players: Player 3 (slot III) has one unconquered tunnel in the inner area, at "
        f"{inner[0].square}. The Printing Press, an inner room, may go there: he builds it.",
        state, inner[0], only=("players.2.tiles", "players.2.gold", "room_shop", "to_move"),
    ))  # fmt: skip
    return out


@writer
def titles_4_players() -> list[Path]:
    """SCO-2: a title held alone with 4 players, for the imps', the monsters', the riches' and the dark deeds'
    titles."""
    from scoring_positions import end_of_game, lord

    from conformance.seed_iso import REFUSED, _titles_of

    out = []
    for title, lords in (("imps", [lord(), lord(imps=6), lord(), lord()]),
                         ("monsters", [lord(), lord(), lord(monsters=("goblin", "troll")), lord()]),
                         ("riches", [lord(), lord(), lord(), lord(gold=4)]),
                         ("dark-deeds", [lord(evil=9), lord(), lord(), lord()])):  # fmt: skip
        state = end_of_game(*lords)
        seat = next(i for i, fields in enumerate(lords) if fields != lord())
        out.append(record_position(
            SCENARIOS / "scoring", _id(f"SCO-2-4-players-the-{title}-title-held-alone"), ["SCO-2"],
            f"End of the game, 4 players: Player {seat + 1} alone holds the {title} title; every other title is "
            f"shared by all four. What a title held alone and a shared one are worth with 4 players (SCO-2). "
            f"A move is refused.",
            state, REFUSED, before={f"outcome.players.{seat}.titles": _titles_of(state, seat),
                                    "outcome.players.0.titles" if seat else "outcome.players.1.titles":
                                    _titles_of(state, 0 if seat else 1)},
        ))  # fmt: skip
    return out


# --- combat: a target at the end of the party, the last trap set, magic points -------------------------------


def _combat_only(seat: int = 0) -> tuple[str, ...]:
    return ("phase", f"players.{seat}.party", f"players.{seat}.prison", f"players.{seat}.tiles", f"players.{seat}.evil",
            f"players.{seat}.gold", f"players.{seat}.monsters", f"players.{seat}.traps")  # fmt: skip


@writer
def last_in_the_party() -> list[Path]:
    """CMB-MON-5: "attack anyone" reaches the last adventurer of the party (the vampire: unless a priest; the
    ghost: unless the first)."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import Attack, PlanDefence

    out = []
    for monster, party, text in (
        ("vampire", ["y1-warrior-4", "y1-priest-3-1", "y1-warrior-3"], "a warrior, a priest and a warrior: not the priest, "
         "but the warrior at the back"),
        ("ghost", ["y1-warrior-4", "y1-thief-4-1", "y1-thief-3-2"], "a warrior and two thieves: not the first, but the "
         "thief at the back"),
    ):  # fmt: skip
        state = play(position({0: party}, monsters={0: [monster]}, gold=1), PlanDefence(0, COLUMN[0], (), (0,)))
        last = len(party) - 1
        attack = next(m for m in dlrules.legal_moves(state) if isinstance(m, Attack) and m.target == last)
        out.append(record_position(
            BYRULE, _id(f"CMB-MON-5-the-{monster}-may-attack-the-last-adventurer"), ["CMB-MON-5"],
            f"Year 1 combat, round 1: Player 1's {monster} attacks. The party is {text} may be its target.",
            state, attack, only=_combat_only(),
        ))  # fmt: skip
    return out


@writer
def last_trap_set() -> list[Path]:
    """CMB-PLAN-5: any trap card held may be planned, the last of them in the order of the keys included;
    CMB-PLAN-6: on a room it costs 1 gold more."""
    from combat_positions import COLUMN, position, tunnels

    from dlrules.core.moves import PlanDefence

    out = []
    state = position({0: ["y1-warrior-4", "y1-thief-3-2"]}, traps={0: ["rolling-stone", "wall-of-fire"]}, gold=0)
    out.append(record_position(
        BYRULE, _id("CMB-PLAN-5-any-trap-card-held-may-be-planned"), ["CMB-PLAN-5"],
        "Year 1 combat, round 1 planning: Player 1 holds a Kamikaze Imp, a Rolling Stone and a Wall of Fire, and "
        "no gold. On a tunnel a trap costs nothing: he plans the Wall of Fire.",
        state, PlanDefence(0, COLUMN[0], ("wall-of-fire",)), only=_combat_only(),
    ))  # fmt: skip
    room = tunnels(rooms={COLUMN[0]: "chicken-coop"})
    state = position({0: ["y1-warrior-4", "y1-thief-3-2"]}, traps={0: ["rolling-stone", "wall-of-fire"]}, gold=1,
                     dungeons={0: room})  # fmt: skip
    out.append(record_position(
        BYRULE, _id("CMB-PLAN-6-a-trap-on-a-room-costs-1-gold"), ["CMB-PLAN-6", "CMB-PLAN-5"],
        "Year 1 combat, round 1 planning: the battle is in Player 1's Chicken Coop. He holds a Kamikaze Imp, a "
        "Rolling Stone and a Wall of Fire, and 1 gold: a trap on a room costs 1 gold, so he may plan the Wall of "
        "Fire, paying it.",
        state, PlanDefence(0, COLUMN[0], ("wall-of-fire",)), only=_combat_only(),
    ))  # fmt: skip
    return out


@writer
def magic_points() -> list[Path]:
    """CMB-SPELL-2 (with CMB-SPELL-1): the magic points are the wizards' crystals; a spell needs as many as the
    round's number."""
    from combat_positions import COLUMN, play, position

    from dlrules.core.moves import PlanDefence

    out = []
    state = position({0: ["y1-warrior-4", "y1-thief-3-2"]}, traps={0: ["rolling-stone"]},
                     cards=("detect-evil", "graffiti", "word-of-peace", "suggestion"))  # fmt: skip
    out.append(record_position(
        BYRULE, _id("CMB-SPELL-2-a-party-without-wizards-casts-nothing"), ["CMB-SPELL-2", "CMB-SPELL-1"],
        "Year 1 combat, round 1: the round's card is Detect Evil (the defender would gain 2 evil). The party, a "
        "warrior and a thief, has no crystals, so no magic points: the spell is not cast, and Player 1 gains no "
        "evil from it (the tile the party conquers lowers his evil by 1, as any conquest does).",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=_combat_only(),
    ))  # fmt: skip
    state = position({0: ["y1-warrior-5", "y1-wizard-3-1"]}, traps={0: ["kamikaze-imp", "rolling-stone"]},
                     cards=("graffiti", "detect-evil", "word-of-peace", "suggestion"), spare=None)  # fmt: skip
    state = play(state, PlanDefence(0, COLUMN[0], ("kamikaze-imp",)))
    plan = next(m for m in dlrules.legal_moves(state) if isinstance(m, PlanDefence) and not m.traps and not m.monsters)
    assert state.combat is not None
    out.append(record_position(
        BYRULE, _id("CMB-SPELL-2-one-crystal-is-too-few-in-round-2"), ["CMB-SPELL-2", "CMB-SPELL-1"],
        "Year 1 combat, round 2: the round's card is Detect Evil. The party is a wizard with 1 crystal (the "
        "warrior was captured in round 1), so it has 1 magic point; round 2 needs 2. Player 1 plans no trap: "
        "the wizard stands at the spell's step, but the spell is not cast, and Player 1 gains no evil from it.",
        state, plan, only=_combat_only(), after={"players.0.evil": state.players[0].evil},
    ))  # fmt: skip
    return out


@writer
def release_prisoner() -> list[Path]:
    """CMB-END-3: a lord with no unconquered tile left, whose combat goes on, releases a prisoner of his choice
    (LIB-CMB-2: one move per kind), the last kind in his prison included."""
    from combat_positions import position, tunnels

    from dlrules.core.moves import ReleasePrisoner
    from dlrules.core.state import Dungeon, Tile

    conquered = Dungeon(tuple(Tile(t.square, t.room, True) for t in tunnels().tiles))
    state = position({0: ["y1-warrior-4", "y1-thief-3-2"]}, dungeons={0: conquered},
                     prisons={0: ["y1-priest-3-1", "y1-wizard-3-1", "y1-priest-3-1"]})  # fmt: skip
    assert ReleasePrisoner(0, 1) in dlrules.legal_moves(state)
    return [record_position(
        BYRULE, _id("CMB-END-3-with-every-tile-conquered-the-lord-releases-the-prisoner-he-chooses"), ["CMB-END-3"],
        "Year 1 combat: every tile of Player 1's dungeon is conquered, and his combat goes on (a warrior and a "
        "thief), so in each Planning phase he moves a prisoner of his choice to the Distant Lands. He holds two "
        "priests and a wizard: he chooses the wizard; the two priests, alike, follow in the next two rounds with no "
        "choice left, and the year's combat ends.",
        state, ReleasePrisoner(0, 1), only=_combat_only(),
    )]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
