"""Write scenarios for rules that no scenario cited first yet (the kit's
diagnosis names a broken rule mostly through the scenarios citing it first).
Each scenario starts from a position built by hand (``res_positions``), plays
one move and pins the values the rule decides, read from the rules text:

- the action spaces resolve in board order, the top row and then the bottom
  row: after Mine Gold comes Recruit Imps (RES-1);
- a slot with no arrow is free, a slot with one charges exactly its cost
  (RES-4);
- all or nothing: a lord who cannot pay a slot's whole cost cannot buy part
  of its reward (RES-6);
- a declined slot stays as it is: the minions behind it do not move up
  (RES-7);
- the lord on Hire Monster's slot III who cannot pay the monster's cost plus
  the 1 food surcharge may not hire it (ACT-MON-4);
- the orders are revealed and placed card by card: all first cards, then
  all second cards, then the third (ORD-5);
- a 2-player dummy's three played orders become its unavailable orders
  (DUM2-5); a real minion takes the first slot a dummy has left free (DUM2-6);
- using fewer imps than a slot permits still carries the order out (RUL-1);
  Improve Reputation at the bottom of the evilometer may be taken and counts
  as carried out (RUL-2);
- the next round's adventurers are sorted by each tile's glyph rank, weaker
  to the left, equal ranks in drawn order whatever their class (RST-4).

Files: ``scenarios/byrule/first-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_first_building.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import Writers, record_position
from conformance.seed_gaps import BYRULE
from dlrules import Action, GameState

WRITERS = Writers()
writer = WRITERS.writer


def _id(name: str) -> str:
    return f"first-{name}"


@writer
def board_order() -> list[Path]:
    """RES-1: Mine Gold (the top row's last space) is followed by Recruit Imps (the bottom row's first)."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, decline_until

    from dlrules.core.moves import Decline

    state = at_resolution({0: (MINE, IMPS, FOOD), 1: (MINE, TRAPS, REP), 2: (DIG, IMPS, FOOD), 3: (DIG, TRAPS, REP)})
    state = decline_until(state, MINE, 1)
    return [record_position(
        BYRULE, _id("RES-1-after-mine-gold-the-bottom-row-starts-at-recruit-imps"), ["RES-1"],
        "Year 1, resolution, 4 players: Player 2, the last minion on Mine Gold (the top row's last space), declines. "
        "The spaces resolve top row left to right, then bottom row left to right: Recruit Imps comes next, and its "
        "slot I (Player 1) acts, before Buy Traps.",
        state, Decline(1), after={"resolution.space": "imps", "resolution.slot": 0, "to_move": [0]},
    )]


@writer
def free_and_paid_slots() -> list[Path]:
    """RES-4: Improve Reputation's slot II (no arrow) is free; Recruit Imps' slot III charges 1 food and 1 gold."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, decline_until

    from dlrules.core.moves import TakeAction

    out = []
    state = at_resolution({0: (REP, IMPS, FOOD), 1: (REP, TRAPS, FOOD), 2: (DIG, IMPS, MINE), 3: (DIG, TRAPS, MINE)})
    state = decline_until(state, REP, 1)
    out.append(record_position(
        BYRULE, _id("RES-4-a-slot-with-no-arrow-is-free"), ["RES-4", "ACT-REP-1"],
        "Year 1, resolution, 4 players: Player 2 on Improve Reputation slot II (no arrow: free, evil -2) takes it with "
        "3 gold and 3 food. He pays nothing: his gold and food stay 3, and his evil marker goes down 2 spaces (5 to 3).",
        state, TakeAction(1), before={"players.1.evil": 5},
        after={"players.1.gold": 3, "players.1.food": 3, "players.1.evil": 3},
    ))
    state = at_resolution({0: (IMPS, REP, FOOD), 1: (IMPS, TRAPS, FOOD), 2: (IMPS, DIG, MINE), 3: (DIG, TRAPS, MINE)})
    state = decline_until(state, IMPS, 2)
    out.append(record_position(
        BYRULE, _id("RES-4-the-cost-left-of-the-arrow-buys-the-reward"), ["RES-4", "ACT-IMP-1"],
        "Year 1, resolution, 4 players: Player 3 on Recruit Imps slot III (1 food + 1 gold -> 2 imps) takes it with "
        "3 gold, 3 food and 3 imps. He pays the whole cost left of the arrow and takes the reward right of it: "
        "2 gold, 2 food, 5 imps.",
        state, TakeAction(2), after={"players.2.gold": 2, "players.2.food": 2, "players.2.imps": 5},
    ))
    return out


@writer
def all_or_nothing() -> list[Path]:
    """RES-6: with 1 food, Recruit Imps' slot II (2 food -> 2 imps) cannot be bought in part (1 food -> 1 imp)."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, decline_until, player

    from dlrules.core.moves import TakeAction

    state = at_resolution(
        {0: (IMPS, REP, FOOD), 1: (IMPS, TRAPS, FOOD), 2: (REP, DIG, MINE), 3: (DIG, TRAPS, MINE)}, tweak=player(1, food=1)
    )
    state = decline_until(state, IMPS, 1)
    return [record_position(
        BYRULE, _id("RES-6-no-partial-payment-for-part-of-the-reward"), ["RES-6", "RES-5"],
        "Year 1, resolution, 4 players: Player 2 on Recruit Imps slot II (2 food -> 2 imps) has only 1 food. All or "
        "nothing: he may not pay 1 food for 1 imp, so taking the action is refused (he can only decline).",
        state, TakeAction(1), before={"players.1.food": 1},
    )]


@writer
def declined_slot_stays() -> list[Path]:
    """RES-7: Get Food's slot I declines; slots II and III keep their places, and slot II pays slot II's cost."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, decline_until

    from dlrules.core.moves import Decline

    out = []
    orders = {0: (FOOD, IMPS, REP), 1: (FOOD, TRAPS, REP), 2: (FOOD, DIG, MINE), 3: (DIG, TRAPS, MINE)}
    state = at_resolution(orders)
    out.append(record_position(
        BYRULE, _id("RES-7-a-declined-slot-stays-empty-nobody-moves-up"), ["RES-7", "RES-3"],
        "Year 1, resolution, 4 players: Players 1, 2 and 3 stand on Get Food slots I, II and III. Player 1 declines: "
        "his minion goes onto his order card and slot I stays empty; Players 2 and 3 do not move up, they stay on "
        "slots II and III, and Player 2 acts next, on slot II.",
        state, Decline(0),
        after={"board.food": [None, 1, 2], "resolution.space": "food", "resolution.slot": 1, "to_move": [1]},
    ))
    return out


@writer
def hire_beyond_means() -> list[Path]:
    """ACT-MON-4: the lord on slot III with 2 food may not hire the Troll (2 food + slot III's 1)."""
    from res_positions import MONSTER, player
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import HireMonster

    state = three_on(MONSTER, tweak=player(2, food=2))
    return [record_position(
        BYRULE, _id("ACT-MON-4-slot-iii-cannot-pay-the-troll-with-its-surcharge"), ["ACT-MON-4", "ACT-MON-3"],
        "Year 1, Hire Monster, 4 players: Player 3 on slot III has 2 food and 3 gold. The Troll costs 2 food, and "
        "slot III adds 1 food: 3 food, more than he has, so he may not hire the Troll; the move is refused.",
        state, HireMonster(2, "troll"), before={"players.2.food": 2, "tavern": ["goblin", "troll", "witch"]},
    )]


def _before_reveal(
    orders: Mapping[int, tuple[Action, ...]], thirds: Mapping[int, Action] | None = None, **kw: object
) -> GameState:
    """Year 1, first game: every seat but the last has chosen ``orders`` (and, with 2 players, its dummy's third
    order, ``thirds``); the last seat's ``ChooseOrders`` reveals them all (``kw``: ``at_resolution``'s)."""
    from res_positions import at_resolution

    from dlrules import apply
    from dlrules.core.moves import ChooseOrders

    seen: list[GameState] = []

    def keep(state: GameState) -> GameState:
        seen.append(state)
        return state

    at_resolution(orders, thirds=thirds, tweak=keep, **kw)  # type: ignore[arg-type]
    state = seen[0]
    for seat in range(len(orders) - 1):
        state = apply(state, ChooseOrders(seat, orders[seat], (thirds or {}).get(seat)))
    return state


@writer
def card_by_card() -> list[Path]:
    """ORD-5: all first cards are placed (in player order), then all second cards, then all third cards."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS

    from dlrules.core.moves import ChooseOrders

    orders = {0: (FOOD, REP, DIG), 1: (DIG, FOOD, MINE), 2: (MINE, IMPS, TRAPS), 3: (TRAPS, REP, IMPS)}
    state = _before_reveal(orders)
    return [record_position(
        BYRULE, _id("ORD-5-every-first-card-is-placed-before-any-second-card"), ["ORD-5", "ORD-4"],
        "Year 1, orders, 4 players: Player 4 chooses last (Buy Traps, Improve Reputation, Recruit Imps) and the "
        "orders are revealed. First cards, in player order: P1 Get Food I, P2 Dig I, P3 Mine I, P4 Buy Traps I; "
        "then second cards: P1 Reputation I, P2 Get Food II, P3 Recruit Imps I, P4 Reputation II; then third cards: "
        "P1 Dig II, P2 Mine II, P3 Buy Traps II, P4 Recruit Imps II. Player 2's first card takes Dig slot I before "
        "Player 1's third card gets there.",
        state, ChooseOrders(3, orders[3], None), only=("board",),
        after={
            "board.food": [0, 1, None], "board.reputation": [0, 3, None], "board.dig": [1, 0, None],
            "board.mine": [2, 1, None], "board.imps": [2, 3, None], "board.traps": [3, 2, None],
        },
    )]


_TWO = {0: (Action.FOOD, Action.DIG, Action.MINE), 1: (Action.DIG, Action.REPUTATION, Action.IMPS)}
"""The two players' orders of the 2-player scenarios (DUM2-5, DUM2-6)."""
_TWO_DUMMIES = {2: (Action.DIG, Action.TRAPS), 3: (Action.FOOD, Action.ROOM)}
"""Their dummies' random orders (slot II): dummy 3 Dig and Buy Traps, dummy 4 Get Food and Build Room."""
_TWO_THIRDS = {0: Action.IMPS, 1: Action.MONSTER}
"""Each player's choice of his dummy's third order: dummy 3 Recruit Imps, dummy 4 Hire Monster."""


@writer
def dummy_unavailable() -> list[Path]:
    """DUM2-5: after the reveal a 2-player dummy's three played orders become its unavailable orders."""
    from dlrules.core.moves import ChooseOrders

    state = _before_reveal(_TWO, _TWO_THIRDS, dummies=_TWO_DUMMIES)
    return [record_position(
        BYRULE, _id("DUM2-5-a-dummys-three-played-orders-become-its-unavailable"), ["DUM2-5", "DUM2-4"],
        "Year 1, orders, 2 players: dummy 3 (Player 1's) drew Dig Tunnels and Buy Traps (unavailable: Get Food, Improve "
        "Reputation, Mine Gold), Player 1 chose Recruit Imps as its third order; dummy 4 (Player 2's) drew Get Food and "
        "Build Room (unavailable: Improve Reputation, Dig Tunnels, Mine Gold), Player 2 chose Hire Monster. Player 2 "
        "chooses last and the orders are revealed: each dummy's old unavailable orders go back to its deck and the "
        "three it just played become its unavailable orders (dummy 3: Dig, Recruit Imps, Buy Traps; dummy 4: Get Food, "
        "Hire Monster, Build Room).",
        state, ChooseOrders(1, _TWO[1], _TWO_THIRDS[1]), only=("dummies",),
        before={"dummies.0.unavailable": ["food", "reputation", "mine"], "dummies.1.unavailable": ["reputation", "dig", "mine"]},
        after={"dummies.0.unavailable": ["dig", "imps", "traps"], "dummies.1.unavailable": ["food", "monster", "room"]},
    )]


@writer
def dummy_slots_blocked() -> list[Path]:
    """DUM2-6: a dummy's slot is blocked; real minions take the first free slot (before or after it)."""
    from dlrules.core.moves import ChooseOrders

    state = _before_reveal(_TWO, _TWO_THIRDS, dummies=_TWO_DUMMIES)
    return [record_position(
        BYRULE, _id("DUM2-6-real-minions-take-the-first-slot-a-dummy-left-free"), ["DUM2-6", "DUM2-4", "ORD-5"],
        "Year 1, orders, 2 players: dummy 3 stands on Dig Tunnels II and Buy Traps II, dummy 4 "
        "on Get Food II and Build Room II; their third orders go first on slot I (dummy 3 Recruit Imps, "
        "dummy 4 Hire Monster). Player 2 chooses last and the orders are revealed: on Get Food Player 1 takes slot I; "
        "on Dig Tunnels Player 2 (first card) takes slot I and Player 1 (second card) skips the dummy's slot II for "
        "slot III; on Recruit Imps Player 2 takes slot II, the first free one after the dummy's slot I.",
        state, ChooseOrders(1, _TWO[1], _TWO_THIRDS[1]), only=("board",),
        after={"board.food": [0, 3, None], "board.dig": [1, 2, 0], "board.imps": [2, 1, None]},
    )]


@writer
def fewer_imps_carried_out() -> list[Path]:
    """RUL-1: mining with fewer imps than the slot permits still carries the order out (the minion goes home)."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, decline_until

    from dlrules.core.moves import MineGold

    state = at_resolution({0: (MINE, IMPS, FOOD), 1: (MINE, TRAPS, REP), 2: (DIG, IMPS, FOOD), 3: (DIG, TRAPS, REP)})
    state = decline_until(state, MINE, 1)
    return [record_position(
        BYRULE, _id("RUL-1-mining-with-fewer-imps-than-permitted-is-carried-out"), ["RUL-1", "ACT-MINE-1"],
        "Year 1, resolution, 4 players: Player 2 on Mine Gold slot II (up to 3 imps) sends only 1 of his 3 imps: "
        "he gets 1 gold (3 to 4) and his minion goes home. Using fewer imps than permitted still counts as carried "
        "out: the order is not left on its card.",
        state, MineGold(1, 1),
        after={
            "players.1.gold": 4, "board.mine": [None, None, None],
            "players.1.played.0": {"action": "mine", "slot": 1, "outcome": "carried_out"},
        },
    )]


@writer
def nothing_to_gain() -> list[Path]:
    """RUL-2: Improve Reputation with the evil marker at the bottom may be taken; it counts as carried out."""
    from res_positions import DIG, FOOD, IMPS, MINE, REP, TRAPS, at_resolution, decline_until, player

    from dlrules.core.moves import TakeAction

    state = at_resolution(
        {0: (REP, IMPS, FOOD), 1: (REP, TRAPS, FOOD), 2: (DIG, IMPS, MINE), 3: (DIG, TRAPS, MINE)}, tweak=player(1, evil=1)
    )
    state = decline_until(state, REP, 1)
    return [record_position(
        BYRULE, _id("RUL-2-improve-reputation-at-the-bottom-is-taken-and-carried-out"), ["RUL-2", "RES-8"],
        "Year 1, resolution, 4 players: Player 2's evil marker is on the bottom space (1) and his minion stands on "
        "Improve Reputation slot II (free, evil -2). He may take it although it does nothing: the marker stays at 1, "
        "and the order counts as carried out (the minion goes home).",
        state, TakeAction(1),
        before={"players.1.evil": 1},
        after={
            "players.1.evil": 1, "board.reputation": [None, None, None],
            "players.1.played.0": {"action": "reputation", "slot": 1, "outcome": "carried_out"},
        },
    )]


@writer
def sorted_by_glyph() -> list[Path]:
    """RST-4: the next round's adventurers are sorted by each tile's glyph rank, weaker left, ties in drawn order."""
    import dlrules
    from conformance.seed_by_rule_more import _found
    from dlrules import Move
    from dlrules.core.moves import Draw

    drawn = ("y1-thief-4-2", "y1-priest-3-2", "y1-wizard-4-1")

    def wanted(state: GameState, move: Move) -> bool:
        return isinstance(move, Draw) and move.deck == "adventurers" and state.adventurers_next == drawn

    state, move = _found(0, wanted)
    assert isinstance(move, Draw) and move.card == "y1-warrior-4"
    return [record_position(
        BYRULE, _id("RST-4-adventurers-sort-by-glyph-rank-ties-keep-drawn-order"), ["RST-4"],
        "Full game, year 1, round 2's start, 4 players: the adventurers drawn for the next round are a thief of "
        "glyph rank 3 (HP 4, 2 icons), a priest of rank 2 (HP 3) and a wizard of rank 2 (HP 4); the fourth is a "
        "warrior of rank 2 (HP 4). They are sorted by glyph rank, weaker to the left, equal ranks keeping the order "
        "they were drawn in whatever their class: priest, wizard, warrior (rank 2), then the thief (rank 3).",
        state, move, only=("adventurers_next",),
        after={"adventurers_next": ["y1-priest-3-2", "y1-wizard-4-1", "y1-warrior-4", "y1-thief-4-2"]},
    )]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
