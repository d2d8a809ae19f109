"""Write, by hand, scenarios for the rule IDs the kit listed as untested
(issue 36 item 1, the 95 % target): the rules no seeded play-out reached,
the open questions whose reading has an observable effect (U-), the worked
examples (E-), the cross-references and statements that decide a result, a
hidden-information rule (a ``views`` scenario) and the structure rules a move
shows. Each starts from a position built by hand (from the positions of the
library's own tests: ``res_positions``, ``combat_positions``,
``scoring_positions``, ``test_events``), plays one move, expects what the
rulebook's reading says, and cites its rule first.

Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_by_rule_more.py [NAME ...]

(NAME: only the writers whose function name contains it; the combat
scenarios' writers are in ``seed_by_rule_combat.py``), then rewrite the
kit's ``untested.json``::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_by_rule.py --list-only
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

from conformance.record import Writers, record_position
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.moves import Move
from dlrules.core.state import GameState

BYRULE = SCENARIOS / "byrule"
WRITERS = Writers()
writer = WRITERS.writer


# --- resolution: Build Room, Hire Monster, the first order's gold (RUL-3, RUL-4, ACT-ROOM-6, U-20, Y2-22) --------


def _before_reveal(
    orders: Mapping[int, tuple[object, ...]], variant: str, tweak: Callable[[GameState], GameState] = lambda s: s, **kw: object
) -> GameState:
    """The position where every seat but the last has chosen ``orders``; the
    last seat's ``ChooseOrders`` reveals them (``res_positions.at_resolution``
    stopped one move earlier)."""
    from res_positions import at_resolution

    from dlrules import apply
    from dlrules.core.moves import ChooseOrders

    seen: list[GameState] = []

    def keep(state: GameState) -> GameState:
        state = tweak(state)
        seen.append(state)
        return state

    at_resolution(orders, variant=variant, tweak=keep, **kw)  # type: ignore[arg-type]
    state = seen[0]
    for seat in range(len(orders) - 1):
        state = apply(state, ChooseOrders(seat, tuple(orders[seat]), None))  # type: ignore[arg-type]
    return state


@writer
def resolution() -> list[Path]:
    from res_positions import (
        DIG,
        FOOD,
        IMPS,
        MINE,
        MONSTER,
        REP,
        ROOM,
        at_resolution,
        decline_until,
        player,
    )
    from test_resolution_tavern_rooms import three_on

    from dlrules import apply
    from dlrules.core.moves import BuildRoom, Decline, HireMonster
    from dlrules.core.state import Dungeon, Tile

    out = []
    state = three_on(ROOM)
    state = apply(apply(state, BuildRoom(2, "chicken-coop", (0, 2))), Decline(1))
    out.append(record_position(
        BYRULE, "RUL-3-build-room-slot-I-takes-the-last-room-free", ["RUL-3", "ACT-ROOM-2"],
        "Year 1, Build Room, first game, 4 players: slot III bought the Chicken Coop, slot II declined; Player 1 on "
        "slot I takes the one room left, the Mint, free: his gold stays 3.",
        state, BuildRoom(0, "mint", (2, 2)), after={"players.0.gold": 3, "room_shop": []},
    ))
    state = three_on(MONSTER, tweak=player(2, food=2))
    out.append(record_position(
        BYRULE, "RUL-4-affordability-is-judged-per-card-slot-III-food-included", ["RUL-4", "ACT-MON-4", "ACT-MON-3"],
        "Year 1, Hire Monster, 4 players: Player 3 on slot III has 2 food; the Troll (2 food + slot III's 1) is beyond "
        "him, but the Goblin (1 food + 1) is not: he may hire it, and pays 2 food.",
        state, HireMonster(2, "goblin"), after={"players.2.food": 0},
    ))
    mostly = Dungeon((Tile((0, 2)), Tile((1, 2), conquered=True), Tile((2, 2), conquered=True)))
    state = three_on(ROOM, rooms=("printing-press", "magic-room"), tweak=player(2, dungeon=mostly))
    out.append(record_position(
        BYRULE, "ACT-ROOM-6-no-square-for-any-room-on-offer-the-order-is-not-carried-out", ["ACT-ROOM-6", "RUL-1", "ACT-ROOM-4"],
        "Year 1, Build Room, 4 players: both rooms on offer (Printing Press, Magic Room) belong in the inner dungeon, "
        "and Player 3's one unconquered tunnel is at the entrance, on the edge: he cannot buy a room. He declines: "
        "nothing is paid, both rooms stay on offer, and his order is not carried out.",
        state, Decline(2),
        after={"players.2.gold": 3, "room_shop": ["printing-press", "magic-room"]},
    ))
    four = {1: (FOOD, REP, DIG), 2: (FOOD, REP, MINE), 3: (FOOD, REP, IMPS)}
    state = at_resolution({0: (MONSTER, FOOD, REP), **four}, variant="full")
    state = decline_until(state, MONSTER, 0)
    out.append(record_position(
        BYRULE, "U-20-the-first-orders-gold-is-paid-and-lost", ["U-20", "ORD-9", "RES-3"],
        "Full game, year 1, 4 players: Player 1 revealed Hire Monster as his first order and paid 1 gold at once "
        "(3 to 2). At Hire Monster he declines: the gold is not given back (the reading of U-20: paid and lost).",
        state, Decline(0), before={"players.0.gold": 2}, after={"players.0.gold": 2},
    ))
    return out


# --- year 2: the statements and cross-references that decide a result (Y2-17, Y2-18, Y2-22, Y2-24, SPE-2) ------


def _found(seed: int, wanted: Callable[[GameState, Move], bool], players: int = 4) -> tuple[GameState, Move]:
    """The first (position, move) of seed ``seed``'s full-game play-out (``seed_by_rule.playout``) that ``wanted``."""
    from conformance.seed_by_rule import playout

    for state, move, _ in playout({"players": players, "variant": "full"}, seed):
        if wanted(state, move):
            return state, move
    raise SystemExit(f"seed {seed}'s play-out has no such position")


@writer
def year_two() -> list[Path]:
    import dlrules
    from dlrules import Action, Phase
    from dlrules.core.moves import ChooseOrders

    out = []

    def reveal(state: GameState, move: object) -> bool:
        if not (state.year == 2 and state.phase is Phase.ORDERS and isinstance(move, ChooseOrders)):
            return False
        p = state.players[move.seat]
        return dlrules.apply(state, move).phase is not Phase.ORDERS and Action.MONSTER in p.hand and p.gold >= 1

    state, move = _found(0, reveal)
    assert isinstance(move, ChooseOrders)
    rest = [a for a in state.players[move.seat].hand if a is not Action.MONSTER][:2]
    first = ChooseOrders(move.seat, (Action.MONSTER, *rest), move.dummy_order)
    gold = state.players[move.seat].gold
    out.append(record_position(
        BYRULE, "Y2-22-year-2-charges-the-first-orders-gold-too", ["Y2-22", "ORD-9", "ORD-8"],
        f"Full game, year 2, orders: Player {move.seat + 1} chooses last, Hire Monster as his first order; at the "
        f"reveal he pays 1 gold ({gold} to {gold - 1}), as in year 1: year 2's costs and action spaces are year 1's.",
        state, first, only=(f"players.{move.seat}.gold",), after={f"players.{move.seat}.gold": gold - 1},
    ))
    from dlrules.core.moves import ActivateRoom, PayMonster, PlanDefence, TakeAction

    def named(kind: type, year: int = 2, space: int | None = None) -> Callable[[GameState, object], bool]:
        def wanted(state: GameState, move: object) -> bool:
            r = state.resolution
            return state.year == year and isinstance(move, kind) and (space is None or (r is not None and r.space == space))

        return wanted

    state, move = _found(0, named(TakeAction, space=5))
    assert isinstance(move, TakeAction)
    out.append(record_position(
        BYRULE, "Y2-18-buy-traps-in-year-2-draws-one-more-then-discards", ["Y2-18", "Y2-3", "ACT-TRAP-1"],
        f"Full game, year 2, Buy Traps slot I: Player {move.seat + 1} pays 1 gold; the space gives 1 trap card, and "
        "in year 2 he draws one more (2 draws), then must discard one (year 2's Buy Traps, Y2-3).",
        state, move, after={"resolution.draws": 2, "resolution.discarding": True},
    ))
    state, move = _found(1, named(ActivateRoom))
    assert isinstance(move, ActivateRoom)
    out.append(record_position(
        BYRULE, "Y2-17-a-year-1-room-still-produces-in-year-2", ["Y2-17", "Y2-2", "PROD-1"],
        f"Full game, year 2, production: Player {move.seat + 1} activates his Workshop (a year-1 room), his troll among "
        "its workers: year-1 rooms produce in year 2 (the Workshop's trap card is then drawn by chance).",
        state, move,
    ))
    state, move = _found(0, named(PlanDefence))
    assert isinstance(move, PlanDefence)
    out.append(record_position(
        BYRULE, "Y2-24-year-2-combat-skips-the-conquered-entrance", ["Y2-24", "CMB-PLAN-2", "Y2-5"],
        f"Full game, year 2's combat, round 1: Player {move.seat + 1}'s entrance tunnel was "
        "conquered in year 1 and stays conquered; the party attacks the unconquered tile nearest the entrance, the "
        "tunnel beside it, where he plans his defence with his Ghost.",
        state, move, only=("combat.position",),
        after={f"combat.plans.{move.seat}": {"tile": list(move.tile), "traps": list(move.traps), "monsters": list(move.monsters), "gold": 0}},
    ))
    state, move = _found(0, named(PayMonster))
    assert isinstance(move, PayMonster)
    paid = PayMonster(move.seat, move.monster, True, move.trap, move.feed)
    p = state.players[move.seat]
    out.append(record_position(
        BYRULE, "SPE-2-year-2-pay-day-as-written", ["SPE-2", "EVT-PAY-1", "Y2-22"],
        f"Full game, year 2, Pay Day: Player {move.seat + 1} pays his Witch its wage as written, 1 food and 1 "
        "evil: Pay Day in the full game's year 2 is year 1's (EVT-PAY-1).",
        state, paid, only=(f"players.{move.seat}",), before={f"players.{move.seat}.food": p.food},
    ))
    return out


# --- events and order return: the worked examples and Pay Day (E2, E3, E5, U-21, RUL-10) -------------------


@writer
def events() -> list[Path]:
    from res_positions import FOOD, MINE, MONSTER, REP, at_resolution, evolve
    from test_events import e3
    from test_order_return import e2
    from test_rulebook_year1 import e5
    from year_helpers import step

    from dlrules import Action, PayMonster, Phase, ReturnOrder, apply, legal_moves
    from dlrules.core.moves import HireMonster

    out = []
    out.append(record_position(
        BYRULE, "E2-take-back-hire-monster-not-carried-out", ["E2", "RET-1", "RET-2", "RUL-1"],
        "The rulebook's order-return example: Mine Gold and Buy Traps were unavailable; Player 1 played Dig Tunnels "
        "(carried out), Get Food (carried out) and Hire Monster (not carried out). He takes back Hire Monster: Mine "
        "Gold and Buy Traps return to his hand, Dig Tunnels and Get Food become unavailable (6 in hand, 2 unavailable).",
        e2(), ReturnOrder(0, Action.MONSTER),
        only=("players.0.hand", "players.0.unavailable", "players.0.played"),
        after={"players.0.unavailable": ["food", "dig"]},
    ))
    state = step(step(e3(), PayMonster(0, 0, True)), PayMonster(0, 1, False))
    out.append(record_position(
        BYRULE, "E3-dismiss-the-witch-pay-the-vampire-the-paladin-comes", ["E3", "EVT-PAY-2", "PAL-6", "RUL-14"],
        "The rulebook's Pay Day example: at evil 7, Player 1 paid his Goblin (1 food) and lets the Witch go; he pays "
        "the Vampire's 2 evil (9), then the Witch's dismissal adds 1: 10, the paladin's space, and the paladin comes.",
        state, PayMonster(0, 0, True) if PayMonster(0, 0, True) in legal_moves(state) else PayMonster(0, 1, True),
        only=("players.0.evil", "players.0.food", "players.0.monsters", "paladin"),
        after={"players.0.evil": 10, "paladin": 0},
    ))
    state = step(e5(), PayMonster(0, 0, False))
    out.append(record_position(
        BYRULE, "E5-keep-the-vampire-let-the-witch-go-at-13", ["E5", "RES-10", "RUL-14"],
        "The rulebook's full-game Pay Day: at evil 13 (the top is 15) Player 1 lets the Witch go and pays the Vampire's "
        "2 evil: 15; the Witch's +1 then stops at the top. He keeps the Vampire, spends no food.",
        state, PayMonster(0, 0, True),
        only=("players.0.evil", "players.0.food", "players.0.monsters"),
        after={"players.0.evil": 15, "players.0.food": 3, "players.0.monsters": [{"kind": "vampire", "ready": True}]},
    ))
    out.append(record_position(
        BYRULE, "U-21-a-dismissal-evil-waits-for-every-wage", ["U-21", "RUL-14", "RES-10"],
        "Full game, Pay Day at evil 13 (the top is 15), a Witch and a Vampire: Player 1 decides the Witch first and "
        "lets her go. Her +1 evil waits until every wage is paid (the reading of U-21): his marker stays at 13, and "
        "the Vampire's 2 evil still fit, so paying it or letting it go are both open (2 moves). Had the +1 come at "
        "once (14), the Vampire could not be paid.",
        e5(), PayMonster(0, 0, False), only=("players.0.evil", "legal_count"),
        after={"players.0.evil": 13, "legal_count": 2},
    ))
    orders = {0: (FOOD, REP, MONSTER), 1: (FOOD, REP, MINE)}
    state = at_resolution(orders, variant="first", tweak=evolve(round=2, events=(None, "payday", None, None)))
    while not any(isinstance(m, HireMonster) for m in legal_moves(state)):
        state = apply(state, legal_moves(state)[-1])
    state = apply(state, HireMonster(0, "goblin"))
    while True:
        move = legal_moves(state)[0]
        if apply(state, move).phase is Phase.EVENTS:
            break
        state = apply(state, move)
    out.append(record_position(
        BYRULE, "RUL-10-pay-day-includes-the-monster-hired-this-round", ["RUL-10", "EVT-PAY-1"],
        "First game, spring, 2 players, Pay Day is the event: Player 1 hired a Goblin in this round's resolution. The "
        "last order return ends the phase; Pay Day asks Player 1 at once for the new Goblin's wage (pay it or let it "
        "go: 2 moves).",
        state, move, after={"phase": "events", "to_move": [0], "legal_count": 2},
    ))
    return out


# --- scoring: a title at 0 (U-11) -------------------------------------------------------------------------


@writer
def scoring() -> list[Path]:
    from scoring_positions import end_of_game, plain

    from dlrules.core.moves import Draw

    return [record_position(
        SCENARIOS / "scoring", "U-11-a-title-at-0-is-shared-by-all", ["U-11", "SCO-13", "SCO-8b", "SCO-8d", "SCO-2"],
        "2 players, the end of the game: neither has a room nor a monster. The titles for rooms and for monsters are "
        "awarded at 0 and shared by both (1 point each with 2 players). A move is refused (the game is over).",
        end_of_game(*plain(2)), Draw("monsters", "goblin"),
        before={"outcome.players.0.titles.SCO-8b": 1, "outcome.players.1.titles.SCO-8b": 1,
                "outcome.players.0.titles.SCO-8d": 1, "outcome.players.1.titles.SCO-8d": 1},
    )]


# --- resolution, more: digging by a room, costs (ACT-ROOM-8, U-9, U-17), the dummy (E4) ---------------------


@writer
def resolution_more() -> list[Path]:
    from res_positions import (
        DIG,
        FOOD,
        IMPS,
        MINE,
        MONSTER,
        REP,
        TRAPS,
        at_resolution,
        decline_until,
        player,
    )
    from test_resolution_tavern_rooms import three_on

    from dlrules.core.moves import ChooseOrders, DigTunnel, HireMonster, TakeAction
    from dlrules.core.state import Dungeon, Tile

    out = []
    printing = Dungeon((Tile((0, 2)), Tile((1, 1), "printing-press"), Tile((1, 2)), Tile((2, 2))))
    state = three_on(DIG, tweak=player(2, dungeon=printing))
    out.append(record_position(
        BYRULE, "ACT-ROOM-8-a-tunnel-may-be-dug-next-to-a-room", ["ACT-ROOM-8", "ACT-DIG-5"],
        "Year 1, Dig Tunnels, 4 players: Player 3's Printing Press stands at B2. He digs at A2, beside the room and "
        "beside nothing else: a tunnel may be dug next to a room.",
        state, DigTunnel(2, (1, 0)), only=("players.2.tiles",),
    ))
    out.append(record_position(
        SCENARIOS / "year1", "ACT-ROOM-8-the-2x2-rule-counts-a-room-as-filled", ["ACT-ROOM-8", "ACT-DIG-6"],
        "Year 1, Dig Tunnels, 4 players: Player 3 has tunnels at C1, C2, C3 and the Printing Press at B2. A tunnel at "
        "B3 would fill the block B2, C2, B3, C3 (the room counts as filled): refused.",
        state, DigTunnel(2, (2, 1)),
    ))
    seats = {0: (FOOD, REP, DIG), 1: (FOOD, REP, MINE), 2: (FOOD, REP, IMPS), 3: (REP, FOOD, DIG)}
    state = decline_until(at_resolution(seats, tweak=player(2, evil=15)), FOOD, 2)
    out.append(record_position(
        BYRULE, "U-9-first-game-an-evil-cost-at-the-top-is-paid-in-place", ["U-9", "RES-8", "ACT-FOOD-1"],
        "First game, Get Food III (3 food, 2 evil): Player 3's marker is at the top, 15. In the first game the cost is "
        "paid without the marker moving (the reading of U-9: RES-8, not the full game's RES-10): he takes the food.",
        state, TakeAction(2), only=("players.2.food", "players.2.evil"), after={"players.2.evil": 15},
    ))
    state = three_on(MONSTER, tavern=("slime", "troll", "witch"))
    out.append(record_position(
        BYRULE, "U-17-the-slime-costs-1-food", ["U-17", "M-2", "ACT-MON-3"],
        "Year 1, Hire Monster, 4 players: Player 3 on slot III hires the Slime; its cost, shown as icons, reads 1 food "
        "(U-17), and slot III adds 1: he pays 2 of his 3 food.",
        state, HireMonster(2, "slime"), only=("players.2.food", "players.2.gold", "players.2.evil"),
        after={"players.2.food": 1},
    ))
    orders = {0: (DIG, FOOD, REP), 1: (DIG, FOOD, REP), 2: (FOOD, DIG, REP)}
    state = _before_reveal(orders, "first", dummies={3: (DIG, MINE, TRAPS)})
    out.append(record_position(
        BYRULE, "E4-the-dummy-on-dig-II-the-third-minion-stays-on-its-card", ["E4", "DUM3-4", "ORD-6", "ORD-4"],
        "The rulebook's 3-player example: the dummy stands on Dig Tunnels II. Players 1 and 2 reveal Dig first, Player 3 "
        "as his second order: Player 1 takes slot I, Player 2 slot III, and Player 3's minion stays on its order card "
        "(not carried out).",
        state, ChooseOrders(2, orders[2], None), only=("board.dig", "players.2.played"),
        after={"board.dig": [0, 3, 1]},
    ))
    return out


# --- special events with no established text: drawn, resolved, no effect (SPE-C-3, SPE-C-4, SPE-C-5, U-5) ----


def _special_resolved(seed: int, card: str) -> tuple[GameState, Move]:
    """The move of seed ``seed``'s 3-player full game that carries the game through the Events phase where
    special event ``card`` is resolved."""
    import dlrules
    from dlrules import Phase

    def wanted(state: GameState, move: object) -> bool:
        if state.special_event != card or state.events[state.round - 1] != "special" or state.phase is Phase.EVENTS:
            return False
        after = dlrules.apply(state, move)  # type: ignore[arg-type]
        return after.phase is Phase.EVENTS or after.round != state.round

    return _found(seed, wanted, players=3)


@writer
def special_events() -> list[Path]:
    out = []
    for rule, seed, card, name, what, field in (
        ("SPE-C-3", 9, "monster-strike", "Monster Strike", "every monster stays face up and nobody pays anything", "monsters"),
        ("SPE-C-4", 0, "earthquake", "Earthquake", "no tunnel and no room collapses", "tiles"),
        ("SPE-C-5", 1, "vip-visit", "VIP Visit", "nothing in any dungeon changes", "tiles"),
        ("U-5", 5, "special-6", "one of the four cards no source names (the placeholder special-6)",
         "nothing in any dungeon changes (U-5's reading: the seven cards without an established text have no effect)",
         "tiles"),
    ):
        state, move = _special_resolved(seed, card)
        after: dict[str, object] = {}
        for seat, p in enumerate(state.players):
            after[f"players.{seat}.gold"] = p.gold
            after[f"players.{seat}.food"] = p.food
            if field == "monsters":
                after[f"players.{seat}.monsters"] = [{"kind": m.kind, "ready": True} for m in p.monsters]
            else:
                after[f"players.{seat}.tiles"] = [{"square": list(t.square), "room": t.room, "conquered": t.conquered}
                                                  for t in p.dungeon.tiles]  # fmt: skip
        out.append(record_position(
            BYRULE, f"{rule}-{card}-is-resolved-with-no-effect", [rule, "SPE-12"],
            f"Full game, 3 players, year {state.year}, round {state.round}: {name} is this round's special event. Its "
            f"text is not established (L): it is resolved on schedule, announced, and {what}; the game goes on to "
            "the next round.",
            state, move, only=("round", "special_event"), after=after,
        ))
    return out


# --- structure: the first player, the board, the calendar, the event cards, the referee's order ------------
# (SETUP-1, ORD-1, RS-1, EVT-3, RUL-5, PROD-4)


def _orders_built(players: int, first_player: int, avoid: tuple[object, ...]) -> object:
    """A first-game ``Builder`` (setup + moves) up to the orders, the dealt
    unavailable orders and the dummies' orders avoiding ``avoid``."""
    from conformance.record import Builder
    from dlrules import CHANCE, Phase, legal_moves, to_move
    from dlrules.core.moves import DealOrders, DrawDummyOrders

    b = Builder(players, "first", first_player=first_player)  # type: ignore[arg-type]
    while CHANCE in to_move(b.state) and b.state.phase in (Phase.SETUP, Phase.ROUND_START, Phase.ORDERS):
        moves = legal_moves(b.state)
        deals = [m for m in moves if isinstance(m, (DealOrders, DrawDummyOrders)) and not set(m.orders) & set(avoid)]
        if moves and isinstance(moves[0], DealOrders) and moves[0].target >= players:  # a dummy's: take them away
            deals = sorted([m for m in moves if isinstance(m, (DealOrders, DrawDummyOrders))],
                           key=lambda m: -len(set(m.orders) & set(avoid)))  # fmt: skip
        b.play(deals[0] if deals else moves[0])
    return b


@writer
def structure() -> list[Path]:
    from test_events import events as payday
    from year_helpers import at_resolution as year_at_resolution
    from year_helpers import enter, monsters, resolved

    import dlrules
    from dlrules import Action, PayMonster, Phase
    from dlrules.core.moves import ChooseOrders, Draw, FinishProduction

    out = []
    dig, food, rep = Action.DIG, Action.FOOD, Action.REPUTATION
    b = _orders_built(3, 2, (dig, food, rep))
    b.play(ChooseOrders(0, (dig, food, rep), None), ChooseOrders(1, (dig, food, rep), None))  # type: ignore[attr-defined]
    out.append(b.record(  # type: ignore[attr-defined]
        "SETUP-1-the-table-chooses-player-3-to-begin", ["SETUP-1", "ORD-4"],
        "First game, 3 players; the table chose Player 3 as the first player (setup first_player 2). All three reveal "
        "Dig Tunnels first: the minions go to the slots in player order from the first player: Player 3 takes I, "
        "Player 1 II, Player 2 III.",
        ChooseOrders(2, (dig, food, rep), None), folder=BYRULE, only=("board.dig",),
        before={"first_player": 2}, after={"board.dig": [2, 0, 1]},
    ))
    b = _orders_built(4, 0, (dig, food, rep, Action.MINE))
    four = {0: (dig, food, rep), 1: (Action.MINE, food, rep), 2: (dig, Action.MINE, rep), 3: (dig, Action.MINE, rep)}
    for seat in range(3):
        b.play(ChooseOrders(seat, four[seat], None))  # type: ignore[attr-defined]
    spaces = ("food", "reputation", "dig", "mine", "imps", "traps", "monster", "room")
    out.append(b.record(  # type: ignore[attr-defined]
        "ORD-1-eight-action-spaces-of-three-slots", ["ORD-1", "ORD-4", "ORD-6"],
        "First game, 4 players: the centre board has 8 action spaces of 3 slots each, all empty before the reveal. The "
        "orders are revealed: Dig Tunnels, Mine Gold and Improve Reputation are each filled, three minions on their "
        "three slots; Improve Reputation is the third order of all four, and Player 4, the last in player order, "
        "finds no fourth slot: his minion stays on the card (not carried out).",
        ChooseOrders(3, four[3], None), folder=BYRULE, only=("board", "players.3.played"),
        before={f"board.{space}": [None, None, None] for space in spaces},
    ))
    state, move = _found(0, lambda s, m: s.round == 1 and s.year == 1 and dlrules.apply(s, m).round == 2, players=3)
    out.append(record_position(
        BYRULE, "RS-1-winter-has-no-events-and-no-adventurers", ["RS-1", "RS-3"],
        "Full game, 3 players, year 1, winter: the last order returned ends winter's Order return. Winter has no Event "
        "phase and no Adventurers phase: spring (round 2) begins at once, with its round start.",
        state, move, only=("round", "phase"), after={"round": 2, "phase": "round_start"},
    ))
    state, move = _found(0, lambda s, m: isinstance(m, Draw) and m.deck == "events" and s.round == 3, players=3)
    out.append(record_position(
        BYRULE, "EVT-3-the-third-event-card-of-the-year", ["EVT-3", "EVT-1"],
        "Full game, 3 players, year 1, the start of summer: the year's third event card is turned up (autumn's events "
        "are Taxes); spring's and summer's are already known. The year's event deck is then empty: 3 cards a year, one "
        "each for spring, summer and autumn, none for winter.",
        state, move, only=("events", "decks.events"), after={"events": [None, "payday", "special", "taxes"], "decks.events.size": 0},
    ))
    vampire = {"monsters": monsters("vampire"), "evil": 8, "food": 3}
    state = payday("payday", first=1, p0=dict(vampire), p1=dict(vampire))
    out.append(record_position(
        BYRULE, "RUL-5-pay-day-goes-from-the-first-player", ["RUL-5", "PAL-5", "PAL-6", "EVT-1"],
        "First game, spring's Pay Day, 2 players, Player 2 the first player; both at evil 8 with a Vampire (2 evil). "
        "The referee takes the players one by one from the first player: Player 2 pays first, reaches 10 and the "
        "paladin comes to her; Player 1's 10 afterwards is a tie and does not move him.",
        state, PayMonster(1, 0, True), only=("players.1.evil", "paladin"), after={"paladin": 1},
    ))
    state = enter(attrs.evolve(resolved(year_at_resolution(2)), first_player=1), Phase.PRODUCTION)
    out.append(record_position(
        BYRULE, "PROD-4-production-in-player-order-from-the-first-player", ["PROD-4", "RUL-5"],
        "First game, 2 players, Player 2 the first player, production: the referee asks the players in player order "
        "from the first player: Player 2 first, then Player 1.",
        state, FinishProduction(1), only=("to_move",), before={"to_move": [1]}, after={"to_move": [0]},
    ))
    return out


# --- data readings: glyph ranks, the outer ring, unlimited banks (U-18, U-19, SETUP-2) ---------------------


@writer
def data_readings() -> list[Path]:
    from res_positions import IMPS, ROOM, player
    from test_resolution_tavern_rooms import three_on

    from conformance.record import Builder
    from dlrules import CHANCE, Phase, legal_moves, to_move
    from dlrules.core.moves import BuildRoom, Draw, TakeAction
    from dlrules.core.state import Dungeon, Tile

    out = []
    b = Builder(3, "full")
    drawn = ["y1-thief-3-2", "y1-warrior-5"]
    while True:
        moves = legal_moves(b.state)
        if CHANCE in to_move(b.state) and isinstance(moves[0], Draw) and moves[0].deck == "adventurers":
            if not drawn:
                break
            b.play(Draw("adventurers", drawn.pop(0)))
        else:
            b.play(moves[0])
    assert b.state.phase is Phase.ROUND_START
    out.append(b.record(
        "U-18-the-glyph-rank-is-the-tiles-own", ["U-18", "RST-4"],
        "Round start, 3 players: a thief with 3 hit points but a rank-2 glyph and a rank-3 warrior came first; the "
        "third adventurer is a priest with 3 hit points and a rank-1 glyph. The row is sorted by each tile's own glyph "
        "rank (U-18's reading, table A): the priest goes left of the thief, though both have 3 hit points and the "
        "thief was drawn first.",
        Draw("adventurers", "y1-priest-3-1"), folder=BYRULE, only=("adventurers_next",),
        after={"adventurers_next": ["y1-priest-3-1", "y1-thief-3-2", "y1-warrior-5"]},
    ))
    corner = Dungeon(tuple(Tile(sq) for sq in ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2))))
    state = three_on(ROOM, rooms=("workshop", "mint"), tweak=player(2, dungeon=corner))
    out.append(record_position(
        BYRULE, "U-19-the-workshop-may-stand-in-a-corner", ["U-19", "ACT-ROOM-4"],
        "Year 1, Build Room, 4 players: Player 3 buys the Workshop, a room for the edge of the dungeon, and places it "
        "on his tunnel in the corner A1. The edge is every square outside the inner 6 (14 squares, the reading of "
        "U-19), the corners included.",
        state, BuildRoom(2, "workshop", (0, 0)), only=("players.2.tiles",),
    ))
    state = three_on(IMPS, tweak=player(2, imps=40))
    out.append(record_position(
        BYRULE, "SETUP-2-imps-are-unlimited", ["SETUP-2", "ACT-IMP-1"],
        "Year 1, Recruit Imps slot III, 4 players: Player 3 already has 40 imps, far more figures than a colour has. The "
        "bank is unlimited (something else stands in for a missing figure): he pays 1 food and 1 gold and takes 2 more "
        "imps, 42.",
        state, TakeAction(2), only=("players.2.imps", "players.2.food", "players.2.gold"),
        after={"players.2.imps": 42},
    ))
    return out


def main(argv: list[str]) -> None:
    import conformance.seed_by_rule_combat  # noqa: F401  (its writers join the module's WRITERS)
    from conformance import seed_by_rule_more as module  # noqa: PLW0406 (run as __main__, this file is another module)

    for path in module.WRITERS.run(argv):
        print(path.relative_to(SCENARIOS))


if __name__ == "__main__":
    main(sys.argv[1:])
