"""Write scenarios for the gaps an outside author's mutant engines found in
the kit (issue 36; /work/outside-mutants): rules that no scenario checked the
way a bug breaks them, or that only the whole seeded game (SCO-4) or another
rule's scenario caught. Each scenario cites the rule a bug there breaks
FIRST, and checks what the rulebook says, not one mutant's code path:

- the decks' composition (SETUP-4, T-7, U-4, CMB-CARD-1, SPE-4): from a new
  game (not a position, which would carry the deck with it), the deck's size
  before the move and the odds of a draw (``expect.odds``), every card kind
  with its copies;
- events: taxes rounded up for 1..6 tiles (EVT-TAX-1), Embezzlement rounded
  down (SPE-C-1), a monster let go on Pay Day (EVT-PAY-2);
- production: the Mint's gold (PROD-1), a room's second activation in year 2
  (Y2-2);
- resolution: Build Room from slot III (RES-2), a 2x2 block of tunnels refused
  citing ACT-DIG-6, the 3-player dummy on slot II (DUM3-2);
- combat: the fed Troll's 4 (M-4), the Labyrinth's choice (CMB-TRAP-2),
  fatigue rolling on to the next adventurer (CMB-CONQ-2);
- the paladin's tie at the start of year 2 (PAL-8), the adventurers' tie
  among equally evil lords (ADV-3);
- a lord who only ties the paladin's holder does not take him, one strictly
  higher does (PAL-7: a second, held-out set of outside mutants found no
  scenario with a tie); from the same set's misses, a warrior arriving goes
  in front of a party (ADV-5), a lord may pay less tax than he could
  (EVT-TAX-3), and a party no monster attacked does not heal (CMB-HEAL-1).

Files: ``scenarios/byrule/gap-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_gaps.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

import dlrules
from conformance.record import Builder, Writers, move_data, record_position
from conformance.runner import run
from dlrules import CHANCE, Action, Phase
from dlrules.apps.conformance.convert import format_scenario
from dlrules.apps.conformance.engines import fraction_text
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.chance import chance_outcomes
from dlrules.core.moves import Draw, Move
from dlrules.core.state import GameState

BYRULE = SCENARIOS / "byrule"
WRITERS = Writers()
writer = WRITERS.writer


def _id(name: str) -> str:
    return f"gap-{name}"


def with_odds(path: Path, state: GameState) -> Path:
    """Add to the scenario at ``path`` the odds (``expect.odds``) of every
    chance outcome dlrules lists at ``state``, its start; check it again."""
    scenario: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    scenario["expect"]["odds"] = [
        {"move": move_data(move), "probability": fraction_text(p)} for move, p in chance_outcomes(state)
    ]
    run(scenario)
    path.write_text(format_scenario(scenario), encoding="utf-8")
    return path


def _seat_move(state: GameState, goal: Action | None) -> Move:
    """A plain player: every seat chooses ``goal`` first among its orders and
    performs only that action, declining every other (so few rules act before
    the draw: a broken slot cost or dummy elsewhere does not stop the play)."""
    from res_positions import cursor

    from dlrules.core.moves import ChooseOrders, Decline, KeepUnavailable

    moves = dlrules.legal_moves(state)
    if goal is not None and isinstance(moves[0], KeepUnavailable):
        return next((m for m in moves if isinstance(m, KeepUnavailable) and goal not in m.orders), moves[0])
    if state.phase is Phase.ORDERS and goal is not None:
        return next((m for m in moves if isinstance(m, ChooseOrders) and m.orders[0] is goal), moves[0])
    if state.phase is Phase.RESOLUTION and state.resolution is not None:
        acting = cursor(state)[0] is goal
        return next((m for m in moves if isinstance(m, Decline) != acting), moves[0])
    return moves[0]


def _to_draw(deck: str, goal: Action | None = None, prefer: dict[str, str] | None = None) -> Builder:
    """A new 4-player full game (no dummy) played plainly (``_seat_move``; chance turns up its first listed
    outcome, or the card ``prefer`` names for a deck) up to the first draw from ``deck``, in round 1 (no order
    has been taken back yet)."""
    b = Builder(4, "full")
    while True:
        seats = dlrules.to_move(b.state)
        if not seats or b.state.round > 1:
            raise SystemExit(f"round 1 ended before a draw from the {deck} deck")
        if CHANCE in seats:
            outcomes = [m for m, _ in chance_outcomes(b.state)]
            first = outcomes[0]
            if isinstance(first, Draw) and first.deck == deck:
                return b
            wanted = (prefer or {}).get(first.deck) if isinstance(first, Draw) else None
            b.play(next((m for m in outcomes if isinstance(m, Draw) and m.card == wanted), first))
        else:
            b.play(_seat_move(b.state, goal))


# --- the decks: composition through a draw's odds, from a new game ------------------------------------------


@writer
def decks() -> list[Path]:
    out = []
    b = _to_draw("traps", Action.TRAPS)
    out.append(with_odds(b.record(
        _id("SETUP-4-the-trap-deck-27-cards-3-of-each-of-9"), ["SETUP-4", "T-7", "U-4", "ACT-TRAP-1"],
        "Full game, 4 players: the first trap card drawn in the game. The trap deck was 27 cards, 3 of each of the 9 "
        "traps (Pendulum included), none drawn yet: each trap comes up with probability 3/27 = 1/9.",
        Draw("traps", "pendulum"), folder=BYRULE, before={"decks.traps.size": 27}, only=("decks.traps",),
    ), b.state))
    b = _to_draw("combat", Action.REPUTATION)
    out.append(with_odds(b.record(
        _id("CMB-CARD-1-the-year-1-combat-deck-9-different-cards"), ["CMB-CARD-1", "C1-9", "C1-5"],
        "Full game, 4 players: the first year-1 combat card identified. The year-1 combat deck is 9 different cards "
        "(one Fireball, one Graffiti ...), of which 4 are the year's stack, unseen: each of the 9 comes up with "
        "probability 1/9. The Graffiti is turned up.",
        Draw("combat", "graffiti"), folder=BYRULE, before={"decks.combat.size": 9}, only=("decks.combat",),
    ), b.state))
    b = _to_draw("special", prefer={"events": "special"})
    out.append(with_odds(b.record(
        _id("SPE-4-the-special-event-deck-9-cards-earthquake-included"), ["SPE-4", "SPE-C-4", "SPE-5"],
        "Full game, 4 players: the year's special event card is turned up with its tile. The deck holds the 9 blue "
        "special event cards (Earthquake included): each comes up with probability 1/9. The Earthquake comes up.",
        Draw("special", "earthquake"), folder=BYRULE, before={"decks.special.size": 9}, only=("decks.special",),
    ), b.state))
    b = _to_draw("adventurers")
    out.append(with_odds(b.record(
        _id("SETUP-4-a-draw-follows-the-copies-two-warriors-of-4"), ["SETUP-4", "RST-1"],
        "Full game, 4 players: the first year-1 adventurer drawn. The 16 year-1 adventurer tiles hold two "
        "4-point warriors and one of every other tile: a 4-point warrior comes up with probability 2/16 = 1/8, "
        "each other tile 1/16 (the odds follow the copies, not the kinds).",
        Draw("adventurers", "y1-warrior-4"), folder=BYRULE, before={"decks.adventurers.size": 16},
        only=("decks.adventurers",),
    ), b.state))
    b = _to_draw("monsters")
    first = dlrules.legal_moves(b.state)[0]
    assert isinstance(first, Draw)
    b.play(first)  # one monster drawn: the odds of the next follow the copies left
    out.append(with_odds(b.record(
        _id("SETUP-4-a-monster-draw-follows-the-copies-left"), ["SETUP-4", "RST-1"],
        f"Full game, 4 players: one year-1 monster ({first.card}) has been drawn from the 12 (2 of each of 6 kinds). "
        f"The next draw: a {first.card} comes up with probability 1/11, each other kind 2/11.",
        dlrules.legal_moves(b.state)[-1], folder=BYRULE, only=("decks.monsters",),
    ), b.state))
    return out


# --- events: taxes rounded up, Embezzlement rounded down, a monster let go -------------------------------------


SQUARES = ((0, 2), (1, 2), (2, 2), (3, 2), (2, 1), (2, 3), (1, 1))
"""The 3 printed tunnels, then tiles dug from them (no 2x2 block filled)."""


@writer
def events() -> list[Path]:
    from res_positions import DIG, FOOD, IMPS, MINE, MONSTER, REP, at_resolution, evolve
    from test_events import events as at_events
    from year_helpers import monsters

    from dlrules import Phase
    from dlrules.core.moves import PayMonster, PayTaxes
    from dlrules.core.state import Dungeon, Tile

    out = []
    for n in range(3, 8):
        tiles = tuple(Tile(s, "mint" if s == (2, 1) else None, conquered=s == (3, 2)) for s in SQUARES[:n])
        due = (n + 1) // 2
        what = f"{n} dungeon tiles" + {3: "", 4: " (one conquered)"}.get(n, " (one conquered, one the Mint)")
        state = at_events("taxes", players=2, p0={"gold": 9, "dungeon": Dungeon(tiles)}, p1={"gold": 0})
        out.append(record_position(
            BYRULE, _id(f"EVT-TAX-1-{n}-tiles-owe-{due}-gold"), ["EVT-TAX-1", "EVT-TAX-2", "RUL-6"],
            f"First game, Taxes, 2 players: Player 1 has {what} and 9 gold. 1 gold per 2 tiles, rounded up: he owes "
            f"{due} ({due + 1} choices: pay 0 to {due}). He pays nothing and takes {due} damage token"
            f"{'s' if due > 1 else ''}.",
            state, PayTaxes(0, 0), before={"legal_count": due + 1}, only=("players.0",),
            after={"players.0.damage_tokens": due, "players.0.gold": 9},
        ))
    golds = (5, 3, 1, 8)
    orders = {0: (FOOD, REP, MONSTER), 1: (FOOD, REP, MINE), 2: (FOOD, REP, DIG), 3: (FOOD, REP, IMPS)}
    state = at_resolution(orders, variant="full",
                          tweak=evolve(round=2, events=(None, "special", None, None), special_event="embezzlement"))
    while True:
        move = dlrules.legal_moves(state)[-1]
        after = dlrules.apply(state, move)
        if after.phase is Phase.EVENTS or after.round != state.round:
            break
        state = after
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, gold=g) for p, g in zip(state.players, golds, strict=True)))
    out.append(record_position(
        BYRULE, _id("SPE-C-1-embezzlement-loses-half-rounded-down"), ["SPE-C-1", "EVT-SPECIAL-1"],
        "Full game, 4 players, spring: the special event is Embezzlement. The last order taken back ends the round's "
        "order return; the event takes half of each lord's gold, rounded down: 5 gold loses 2 (keeps 3), 3 loses 1 "
        "(keeps 2), 1 loses nothing, 8 loses 4. Nobody takes a damage token.",
        state, move, only=("players.0.gold", "players.1.gold", "players.2.gold", "players.3.gold"),
        after={"players.0.gold": 3, "players.1.gold": 2, "players.2.gold": 1, "players.3.gold": 4,
               "players.0.damage_tokens": 0},
    ))
    state = at_events("payday", p0={"monsters": monsters("goblin"), "evil": 5, "food": 3}, p1={"monsters": monsters("ghost"), "food": 3})
    out.append(record_position(
        BYRULE, _id("EVT-PAY-2-a-monster-let-go-leaves-and-adds-1-evil"), ["EVT-PAY-2", "EVT-PAY-1"],
        "First game, Pay Day, 2 players: Player 1 (evil 5, 3 food) lets his Goblin go instead of paying its 1 food: "
        "the Goblin leaves for the far lands and his evil rises by 1, to 6; his food stays 3. Player 2 decides next.",
        state, PayMonster(0, 0, False), only=("players.0", "far_lands"),
        after={"players.0.evil": 6, "players.0.food": 3, "players.0.monsters": [], "far_lands": ["goblin"], "to_move": [1]},
    ))
    return out


# --- production: the Mint's gold, year 2's second activation ----------------------------------------------


@writer
def production() -> list[Path]:
    from test_production import COOP, MINT
    from test_production import production as at_production
    from year_helpers import dungeon, step

    from dlrules import ActivateRoom

    out = []
    rooms = dungeon({MINT: "mint", COOP: "chicken-coop"})
    state = at_production(imps=3, gold=0, food=0, dungeon=rooms)
    out.append(record_position(
        BYRULE, _id("PROD-1-the-mint-makes-1-gold"), ["PROD-1"],
        "Year 1, Production, 2 players: Player 1 has a Mint and a Chicken Coop, 3 free imps, no gold, no food. "
        "He staffs the Mint with the 3 imps: it makes 1 gold (not food).",
        state, ActivateRoom(0, MINT), only=("players.0",), after={"players.0.gold": 1, "players.0.food": 0},
    ))
    state = step(at_production(year=2, imps=9, gold=0, food=0, dungeon=rooms), ActivateRoom(0, COOP))
    out.append(record_position(
        BYRULE, _id("Y2-2-a-room-produces-a-second-time-in-year-2"), ["Y2-2", "PROD-1", "PROD-3"],
        "Year 2, Production, 2 players: Player 1 (9 imps) has staffed his Chicken Coop once (1 food). In year 2 a "
        "year-1 room may work twice a round, with its own imps: 3 more imps staff it again, and it makes a second food.",
        state, ActivateRoom(0, COOP), only=("players.0",), after={"players.0.food": 2, "players.0.gold": 0},
    ))
    return out


# --- resolution: Build Room from slot III, the 2x2 block, the 3-player dummy on slot II ---------------------


@writer
def resolution() -> list[Path]:
    from res_positions import DIG, ROOM, player
    from test_resolution_tavern_rooms import three_on

    from conformance.seed_foundation import DUMMY, MR, dealt
    from dlrules import Action, Phase
    from dlrules.core.moves import BuildRoom, DigTunnel, DrawDummyOrders
    from dlrules.core.state import Dungeon, Tile

    out = []
    state = three_on(ROOM)
    build = next(m for m in dlrules.legal_moves(state) if isinstance(m, BuildRoom))
    out.append(record_position(
        BYRULE, _id("RES-2-build-room-acts-III-II-I"), ["RES-2", "ACT-ROOM-1"],
        "Year 1, Build Room, 4 players: Players 1, 2, 3 stand on slots I, II, III. Build Room acts from the longest "
        "slot: Player 3 (slot III) chooses first; once he has built, Player 2 (slot II) is next, then Player 1.",
        state, build, before={"to_move": [2]}, only=("to_move", "room_shop", "players.2.tiles"),
        after={"to_move": [1]},
    ))
    block = Dungeon((Tile((0, 2)), Tile((1, 1)), Tile((1, 2)), Tile((2, 2))))
    state = three_on(DIG, tweak=player(2, dungeon=block))
    path = record_position(
        BYRULE, _id("ACT-DIG-6-a-tunnel-may-not-fill-a-2x2-block"), ["ACT-DIG-6"],
        "Year 1, Dig Tunnels, 4 players: Player 3 has his printed tunnels C1, C2, C3 and a tunnel at B2. A tunnel at "
        "B1 would fill the block B1, C1, B2, C2 with tunnels (no room in it): refused, citing the 2x2 rule.",
        state, DigTunnel(2, (0, 1)),
    )
    assert json.loads(path.read_text(encoding="utf-8"))["expect"]["rules"] == ["ACT-DIG-6"], path
    out.append(path)
    b = dealt(3, [MR] * 3, [DUMMY]).chance_first(stop=Phase.ORDERS)
    assert b.state.phase is Phase.ORDERS
    out.append(Builder.record(
        b, _id("DUM3-2-the-dummys-minions-stand-on-slot-II"), ["DUM3-2", "DUM3-1"],
        "Orders, 3 players: the dummy draws Get Food, Dig Tunnels and Mine Gold; its three minions go on slot II of "
        "those actions (not slot I, not III).",
        DrawDummyOrders(3, (Action.FOOD, Action.DIG, Action.MINE)), folder=BYRULE,
        only=("board", "dummies"), after={"board.food": [None, 3, None], "board.dig": [None, 3, None],
                                          "board.mine": [None, 3, None]},
    ))
    return out


# --- combat: the fed Troll, the Labyrinth's choice, fatigue rolling on ----------------------------------------


@writer
def combat() -> list[Path]:
    from combat_positions import COLUMN, TRAINING, play, position, tunnels

    from dlrules.core.moves import Attack, ChooseTrap, PlanDefence

    entrance = COLUMN[0]
    no_fatigue = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
    only = ("players.0.party", "players.0.prison", "players.0.food")
    out = []
    troll = play(position({0: ["y1-warrior-5"]}, monsters={0: ["troll"]}, cards=no_fatigue, food=1),
                 PlanDefence(0, entrance, (), (0,)))
    out.append(record_position(
        BYRULE, _id("M-4-the-fed-troll-deals-4"), ["M-4", "CMB-PLAN-7"],
        "Year 1's combat, round 1 (no fatigue): the Troll defends the entrance against a 5-point warrior alone. "
        "Player 1 pays the Troll 1 food: it deals 4, not its standard 3. The warrior stands with 4 counters.",
        troll, Attack(0, 0, 1), only=only,
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 4}], "players.0.prison": [], "players.0.food": 0},
    ))
    out.append(record_position(
        BYRULE, _id("M-4-the-unfed-troll-deals-3"), ["M-4"],
        "Year 1's combat, round 1 (no fatigue): the Troll defends the entrance against a 5-point warrior alone. "
        "Player 1 keeps his food: the Troll deals its standard 3.",
        troll, Attack(0, 0, 0), only=only,
        after={"players.0.party": [{"key": "y1-warrior-5", "damage": 3}], "players.0.prison": [], "players.0.food": 1},
    ))
    lab = play(position({0: ["y1-warrior-5", "y1-thief-4-2"]}, traps={0: ["rolling-stone", "wall-of-fire"]},
                        dungeons={0: tunnels(rooms={entrance: "labyrinth"})}, cards=no_fatigue),
               PlanDefence(0, entrance, ("rolling-stone", "wall-of-fire")))
    names = {"wall-of-fire": "Wall of Fire", "rolling-stone": "Rolling Stone"}
    for first, second in (("wall-of-fire", "rolling-stone"), ("rolling-stone", "wall-of-fire")):
        out.append(record_position(
            BYRULE, _id(f"CMB-TRAP-2-the-labyrinths-defender-sets-off-the-{first}-first"), ["CMB-TRAP-2", "CMB-TRAP-4"],
            "Year 1's combat, round 1: Player 1's Labyrinth at the entrance holds two traps, a Rolling Stone and a "
            "Wall of Fire, against a 5-point warrior and a thief. The defender chooses which goes off first (2 "
            f"choices): the {names[first]}, then the {names[second]}.",
            lab, ChooseTrap(0, first), before={"legal_count": 2, "to_move": [0]}, only=("players.0.party", "players.0.prison"),
        ))
    fatigue = position({0: ["y1-thief-3-1:2", "y1-warrior-4"]}, cards=TRAINING)
    out.append(record_position(
        BYRULE, _id("CMB-CONQ-2-fatigue-left-over-goes-to-the-next-adventurer"), ["CMB-CONQ-2", "CMB-PARTY-2"],
        "Year 1's combat, round 1 (fatigue 2): Player 1 sets no trap and no monster at the entrance against a 3-point "
        "thief with 2 counters and a 4-point warrior. The party takes 2 fatigue one point at a time: the first "
        "eliminates the thief (prison), the second goes to the warrior, now first.",
        fatigue, PlanDefence(0, entrance), only=("players.0.party", "players.0.prison"),
        after={"players.0.prison": ["y1-thief-3-1"], "players.0.party": [{"key": "y1-warrior-4", "damage": 1}]},
    ))
    return out


# --- ties: the paladin at the start of year 2 (PAL-8), the adventurers among equally evil lords (ADV-3) ------


def _first(seed: int, players: int, wanted: Callable[[GameState, GameState], bool]) -> tuple[GameState, Move]:
    """The first (position, move) of a seeded full-game play-out with ``wanted(position, after the move)``."""
    from conformance.seed_by_rule import playout

    for state, move, _ in playout({"players": players, "variant": "full"}, seed):
        if wanted(state, dlrules.apply(state, move)):
            return state, move
    raise SystemExit(f"seed {seed}: the play-out never reaches the position wanted")


def _evils(state: GameState, evils: tuple[int, ...]) -> GameState:
    return attrs.evolve(state, players=tuple(attrs.evolve(p, evil=e) for p, e in zip(state.players, evils, strict=True)))


@writer
def ties() -> list[Path]:
    out = []
    state, move = _first(1, 4, lambda s, a: s.year == 1 and a.year == 2)
    new_first = dlrules.apply(state, move).first_player
    order = [(new_first + i) % 4 for i in range(4)]
    tied = (order[0], order[2])  # the first and the third in year 2's player order, both at 11
    state = _evils(attrs.evolve(state, paladin=None), tuple(11 if seat in tied else 5 for seat in range(4)))
    # the move itself may move markers (the end of combat): start the tied lords so that they stand tied after it
    moved = [b.evil - a.evil for a, b in zip(state.players, dlrules.apply(state, move).players, strict=True)]
    start = tuple(11 - moved[seat] if seat in tied else 5 for seat in range(4))
    state = _evils(state, start)
    after = dlrules.apply(state, move)
    assert [after.players[s].evil for s in tied] == [11, 11] and after.paladin == tied[1], (after.paladin, tied)
    names = ", ".join(f"Player {s + 1}" for s in order)
    out.append(record_position(
        BYRULE, _id("PAL-8-a-tie-at-the-start-of-year-2-goes-to-the-last-in-player-order"), ["PAL-8", "Y2-14", "Y2-12"],
        f"Full game, 4 players: the move that ends year 1 (the last of its combat). No lord holds a paladin; after it "
        f"Players {tied[0] + 1} and {tied[1] + 1} stand at evil 11 (the move itself moves markers: theirs from "
        f"{start[tied[0]]} and {start[tied[1]]}), the others lower. Year 2 begins with Player {new_first + 1} first (player "
        f"order {names}); the year-2 paladin arrives at once and goes to the tied lord last in that order: "
        f"Player {tied[1] + 1}.",
        state, move, only=("paladin", "first_player", "year"),
        after={"paladin": tied[1], "year": 2, f"players.{tied[0]}.evil": 11, f"players.{tied[1]}.evil": 11},
    ))

    def adventurers_arrive(s: GameState, a: GameState) -> bool:
        return s.year == 1 and not any(p.party for p in s.players) and any(p.party for p in a.players)

    state, move = _first(1, 3, adventurers_arrive)  # the move: a FinishProduction
    state = _evils(state, (5, 5, 5))
    first = state.first_player
    offer = list(state.adventurers_now)
    seats = [(first + i) % 3 for i in range(3)]
    assert first != 0 and len(offer) == 3
    parties = {f"players.{seat}.party": [{"key": key, "damage": 0}] for seat, key in zip(seats, offer, strict=True)}
    out.append(record_position(
        BYRULE, _id("ADV-3-equally-evil-lords-the-first-player-counts-as-nicer"), ["ADV-3", "ADV-1", "ADV-2"],
        f"Full game, 3 players, year 1, round {state.round}: the adventurers {', '.join(offer)} (in the order they are "
        f"handed out, to the nicest first) go to the dungeons. All three lords stand at evil 5: the first player, "
        f"Player {first + 1}, counts as nicest and takes {offer[0]}; then Player {seats[1] + 1}, on his left, "
        f"{offer[1]}; Player {seats[2] + 1} {offer[2]}.",
        state, move, only=tuple(parties), after=parties,
    ))

    for n, firsts in ((4, (1, 2)), (3, (1,))):  # first players for whom a pair of lords, neither first, is ordered against seat number
        out.append(_tie_by_player_order(n, firsts))
    return out


def _tie_by_player_order(players: int, firsts: tuple[int, ...]) -> Path:
    """ADV-3: two lords tied as the nicest, neither the first player, the
    one later by seat number earlier in player order (from the first player,
    to the left): he takes the first adventurer."""

    def more_adventurers(s: GameState, a: GameState) -> bool:  # they arrive, and the first player is one of ``firsts``
        arrived = sum(len(p.party) for p in a.players) > sum(len(p.party) for p in s.players)
        return s.year == 1 and arrived and s.first_player in firsts

    state, move = _first(1, players, more_adventurers)
    first = state.first_player
    order = [(first + i) % players for i in range(players)]
    early, late = next((y, x) for x in order for y in order if x < y and order.index(y) < order.index(x) and first not in (x, y))
    wanted = {early: 3, late: 3, **{seat: 6 + i for i, seat in enumerate(s for s in order if s not in (early, late))}}
    moved = [b.evil - a.evil for a, b in zip(state.players, dlrules.apply(state, move).players, strict=True)]
    state = _evils(state, tuple(wanted[seat] - moved[seat] for seat in range(players)))
    offer = list(state.adventurers_now)
    nicest = [early, late] + [seat for seat in sorted(wanted, key=lambda t: wanted[t]) if seat not in (early, late)]
    assert len(offer) == players and [p.evil for p in dlrules.apply(state, move).players] == [wanted[t] for t in range(players)]
    given = {f"players.{seat}.party": [*[{"key": a.key, "damage": a.damage} for a in state.players[seat].party],
                                       {"key": key, "damage": 0}] for seat, key in zip(nicest, offer, strict=True)}  # fmt: skip
    suffix = "" if players == 4 else f"-{players}-players"
    return record_position(
        BYRULE, _id(f"ADV-3-a-tie-between-two-lords-goes-by-player-order-not-seat-number{suffix}"), ["ADV-3", "ADV-2"],
        f"Full game, {players} players, year 1, round {state.round}: Player {first + 1} is the first player, so player order is "
        f"{', '.join(f'Player {t + 1}' for t in order)}. The adventurers {', '.join(offer)} are handed out nicest lord first. "
        f"Players {late + 1} and {early + 1} tie as the nicest (evil 3): Player {early + 1} comes first in player order "
        f"(from the first player, to the left), so takes {offer[0]}, though Player {late + 1} sits before him in "
        f"seat number; Player {late + 1} takes {offer[1]}.",
        state, move, only=tuple(given), after=given,
    )


@writer
def paladin_tie() -> list[Path]:
    """PAL-7: a move that raises one lord's evil by 1 (not the first player's), the paladin held by the lord
    before him in player order, above the line: to a tie he stays, above it he moves."""

    def one_rises(s: GameState, a: GameState) -> bool:  # ... and it is not the first player's
        rises = [b.evil - p.evil for p, b in zip(s.players, a.players, strict=True)]
        return s.year == 1 and sorted(rises) == [0, 0, 1] and rises[s.first_player] == 0 and s.paladin is None

    state, move = _first(1, 3, one_rises)
    riser = next(i for i, (p, b) in enumerate(zip(state.players, dlrules.apply(state, move).players, strict=True)) if b.evil != p.evil)
    holder = (riser - 1) % 3  # before the riser in player order: a tie, were ties to count, would go to the riser (PAL-8)
    assert [(state.first_player + i) % 3 for i in range(3)].index(holder) < [(state.first_player + i) % 3 for i in range(3)].index(riser)
    out = []
    for before, after, stays in ((10, 11, True), (11, 12, False)):
        evils = tuple(11 if seat == holder else before if seat == riser else 4 for seat in range(3))
        position = attrs.evolve(_evils(state, evils), paladin=holder)
        assert dlrules.apply(position, move).paladin == (holder if stays else riser)
        name = ("PAL-7-a-lord-who-only-ties-the-paladins-holder-does-not-take-him" if stays
                else "PAL-7-a-lord-strictly-higher-than-the-paladins-holder-takes-him")
        out.append(record_position(
            BYRULE, _id(name), ["PAL-7", "PAL-2"],
            f"Full game, 3 players, year 1: the paladin attacks Player {holder + 1}'s dungeon (evil 11, above the "
            f"paladin's space). Player {riser + 1}, at evil {before}, makes a move that raises his evil by 1, to "
            f"{after}: " + ("a tie with the holder never moves the paladin; he stays with Player "
                             f"{holder + 1}." if stays else f"strictly higher than the holder, and on or above the "
                             f"paladin's space: the paladin moves to Player {riser + 1}."),
            position, move, only=("paladin",),
            after={"paladin": holder if stays else riser, f"players.{riser}.evil": after, f"players.{holder}.evil": 11},
        ))
    return out


@writer
def warrior_in_front() -> list[Path]:
    """ADV-5: a warrior arriving goes in front of the party already there (found in a seeded 3-player game)."""
    from dlrules.components import ADVENTURERS

    def warrior(key: str) -> bool:
        return key in ADVENTURERS and ADVENTURERS[key].cls.value == "warrior"

    def in_front(s: GameState, a: GameState) -> list[int]:
        """The seats whose party (not led by a warrior) a warrior joined in front."""
        return [seat for seat, (p, q) in enumerate(zip(s.players, a.players, strict=True))
                if p.party and len(q.party) == len(p.party) + 1 and warrior(q.party[0].key) and not warrior(p.party[0].key)]  # fmt: skip

    state, move = _first(1, 3, lambda s, a: s.year == 1 and bool(in_front(s, a)))
    after = dlrules.apply(state, move)
    seat = in_front(state, after)[0]
    party = [{"key": a.key, "damage": a.damage} for a in after.players[seat].party]
    return [record_position(
        BYRULE, _id("ADV-5-an-arriving-warrior-goes-in-front-of-the-party"), ["ADV-5", "ADV-4"],
        f"Full game, 3 players, year 1, round {state.round}: the move ends the events and the round's adventurers go to "
        f"the dungeons. Player {seat + 1}'s party holds {', '.join(a.key for a in state.players[seat].party)}; the warrior "
        f"{party[0]['key']} arriving goes in front of it, everyone else shifting back.",
        state, move, only=(f"players.{seat}.party",), after={f"players.{seat}.party": party},
    )]


@writer
def taxes_part_payment() -> list[Path]:
    """EVT-TAX-3: a lord who could pay all his tax may pay less, and takes a red mark for each gold unpaid."""
    from dlrules.apps.conformance.position import from_position
    from dlrules.core.moves import PayTaxes

    refused = json.loads((BYRULE / "EVT-TAX-3-refused-paytaxes.json").read_text(encoding="utf-8"))
    state = from_position(refused["position"])
    seat = 3
    player = state.players[seat]
    move = PayTaxes(seat, 1)
    after = dlrules.apply(state, move).players[seat]
    unpaid = after.damage_tokens - player.damage_tokens
    assert player.gold >= 2 and after.gold == player.gold - 1 and unpaid >= 1, (player.gold, after.gold, unpaid)
    return [record_position(
        BYRULE, _id("EVT-TAX-3-a-lord-may-pay-less-tax-than-he-could"), ["EVT-TAX-3", "EVT-TAX-2"],
        f"Full game, 4 players, year 1, round {state.round}, the Taxes: Player {seat + 1} has {player.gold} gold and owes "
        f"{unpaid + 1}. He may choose to pay less than he could: he pays 1, keeps {after.gold}, and takes {unpaid} red "
        f"mark{'s' if unpaid != 1 else ''} for the gold unpaid.",
        state, move, only=(f"players.{seat}",),
        after={f"players.{seat}.gold": after.gold, f"players.{seat}.damage_tokens": after.damage_tokens},
    )]


@writer
def no_attack_no_healing() -> list[Path]:
    """CMB-HEAL-1: a party holding hearts and damage heals nothing when no monster or ghost attacked it this
    round. The position: the first move of a seeded 2-player game whose battle reaches its healing step so
    (found by watching the step, ``steps._last_steps``, while the play-out's moves are applied)."""
    import importlib

    from conformance.seed_by_rule import playout

    steps = importlib.import_module("dlrules.core.phases.combat.steps")
    party = importlib.import_module("dlrules.core.phases.combat.party")
    last_steps: Callable[[Any, int, int], None] = getattr(steps, "_last_steps")  # noqa: B009 - a private step, watched
    seen: list[int] = []

    def watched(run: Any, seat: int, position: int) -> None:
        battle = run.battle
        _, damage, _, hearts, _ = party._counters(party._party_in(run, seat))
        if battle is not None and not battle.attacked and not battle.no_heal and hearts and any(damage):
            seen.append(seat)
        last_steps(run, seat, position)

    setattr(steps, "_last_steps", watched)  # noqa: B010
    try:
        for state, move, _ in playout({"players": 2, "variant": "full"}, 1):
            seen.clear()
            dlrules.apply(state, move)
            if seen:
                break
        else:
            raise SystemExit("seed 1: no battle reaches its healing step unattacked with hearts and damage")
    finally:
        setattr(steps, "_last_steps", last_steps)  # noqa: B010
    seat = seen[0]
    members = list(state.players[seat].party)
    if state.fight is not None and state.fight.paladin is not None and state.paladin == seat:
        members.insert(0, state.fight.paladin)  # he leads the party (PAL-3); his damage travels with him
    listing = ", ".join(f"{a.key}: {a.damage}" for a in members)
    return [record_position(
        BYRULE, _id("CMB-HEAL-1-a-party-no-monster-attacked-does-not-heal"), ["CMB-HEAL-1", "CMB-HEAL-2", "CMB-MON-6"],
        f"Full game, 2 players, year {state.year}: the move brings Player {seat + 1}'s battle to its healing step. His "
        f"party ({listing} damage) holds hearts, but no monster or ghost attacked it this round: it heals nothing (fatigue and the "
        f"conquest follow as usual).",
        state, move, only=(f"players.{seat}.party", f"players.{seat}.prison", f"players.{seat}.tiles", "combat.paladin"),
    )]


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
