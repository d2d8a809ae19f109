"""Write scenarios for aspects of year-2 rules (Y2-*) whose one first-citing
scenario left them unpinned, as ``seed_aspects.py`` does (its docstring says
how they were chosen and checked; every writer here was checked on a
throwaway mutant of dlrules where only its aspect is broken, kept out of the
repository):

- Y2-7: year 1's prisoners stay in their prisons over the change of year.
- Y2-9: a year-1 paladin in a prison stays there (only the one still in his
  tent goes to the Distant Lands).
- Y2-11: the dummies' marker stops at the bottom of the evilometer.
- Y2-12: 3 players: the token moves one seat to the left; 2 players: it
  stays.
- Y2-14: the check is made with the new starting player in place (a tie for
  most evil goes to the later from him); nobody on the line, no paladin; a
  marker exactly on the line is enough.
- Y2-15: each hand of 6 and the two unavailable orders are kept; the
  dummies keep their 3 unavailable orders.
- Y2-19: hiring the Golem costs 1 gold and the trap card the player names;
  at Pay Day without a trap card it cannot be paid and leaves (+1 evil).
- Y2-18 (Y2-3): space III draws 3 cards in year 2; the discard leaves the
  game (not back to the deck); it may be a card held from before.
- Y2-5: conquered tiles are still taxed; a tunnel may be dug beside one.
- Y2-4: a year-2 room has no placement zone.
- Y2-24: year 2's combat uses the year-2 trap values (the Rolling Stone's 4).
- Y2-23: year 2's Special Event tile brings year 2's own card.

Files: ``scenarios/byrule/aspect-Y2-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_year2.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

from conformance.record import Writers
from conformance.seed_aspects import _id, _write

WRITERS = Writers()
writer = WRITERS.writer

@functools.cache
def _last_draw(players: int) -> tuple[Any, Any]:
    """Seed 0's full-game play-out with ``players``: year 1's combat, round 4's card turned up (a chance draw)."""
    from conformance.seed_by_rule_more import _found
    from dlrules.core.moves import Draw

    return _found(0, lambda s, m: s.year == 1 and s.fight is not None and s.fight.round == 4 and isinstance(m, Draw), players)


def _year_one_over(players: int, **changes: Any) -> tuple[Any, Any]:
    """``_last_draw`` with every party gone from the dungeons and the paladin out of the combat: the move ends the
    combat and the change of year follows; ``changes``: further GameState fields."""
    from conformance.seed_by_rule import nothing_left_to_fight

    state, move = _last_draw(players)
    return attrs.evolve(nothing_left_to_fight(state), **changes), move


def _evils(state: Any, evils: dict[int, int]) -> Any:
    return attrs.evolve(state, players=tuple(
        attrs.evolve(p, evil=evils.get(seat, p.evil)) for seat, p in enumerate(state.players)
    ))  # fmt: skip


def _over(players: int) -> str:
    return f"Full game, {players} players: the last move of year 1's combat, no party left in any dungeon. "


# --- Y2-12: the new starting player -------------------------------------------------------------------------


@writer
def three_players_token_left() -> list[Path]:
    """Y2-12: 3 players, the token moves one seat to the left (seat + 1) of year 1's fall starter.
    Fails when it moves to the right (as with 4 players) or stays (as with 2)."""
    state, move = _year_one_over(3)
    s = state.first_player
    return [_write(
        _id("Y2-12", "with-3-players-the-token-moves-one-seat-to-the-left"), ["Y2-12", "LIB-REV-4"],
        _over(3) + f"Player {s + 1} started year 1's fall. With 3 players the token moves one seat to the left: "
        f"Player {(s + 1) % 3 + 1} starts year 2 (the player who started year 1's spring); not Player "
        f"{(s - 1) % 3 + 1} (to the right, as with 4 players), nor Player {s + 1} again (as with 2).",
        state, move, only=("first_player",), before={"first_player": s},
        after={"first_player": (s + 1) % 3, "year": 2},
    )]  # fmt: skip


@writer
def two_players_token_stays() -> list[Path]:
    """Y2-12: 2 players, the token does not move. Fails when it passes on as after a round (or as with 3 or 4)."""
    state, move = _year_one_over(2)
    s = state.first_player
    return [_write(
        _id("Y2-12", "with-2-players-the-token-stays"), ["Y2-12"],
        _over(2) + f"Player {s + 1} started year 1's fall. With 2 players the token does not move at the change of "
        f"year: Player {s + 1} starts year 2's winter too.",
        state, move, only=("first_player",), before={"first_player": s},
        after={"first_player": s, "year": 2},
    )]  # fmt: skip


# --- Y2-14: the gold paladin's check at once -----------------------------------------------------------------


@writer
def tie_from_the_new_starting_player() -> list[Path]:
    """Y2-14: 4 players, a tie for most evil between the new starting player (to the right of year 1's fall
    starter) and year 1's fall starter: the later from the NEW starting player, year 1's fall starter, gets him.
    Fails when the check runs before the token moves (the tie would go to the new starting player, later from
    the old one), or when the tie goes to the earlier."""
    state, move = _year_one_over(4)
    s = state.first_player
    new = (s - 1) % 4
    state = _evils(state, {new: 12, s: 12, (s + 1) % 4: 3, (s + 2) % 4: 4})
    return [_write(
        _id("Y2-14", "a-tie-goes-to-the-later-from-the-new-starting-player"), ["Y2-14", "Y2-12", "PAL-8"],
        _over(4) + f"Player {s + 1} started year 1's fall, so Player {new + 1} (one seat to the right) starts year 2. "
        f"Both are at evil 12, the others below the paladin space. The gold paladin is checked at once with the new "
        f"starting player already in place, who counts as the nicest: Player {s + 1}, later in play order from "
        f"Player {new + 1}, gets him. Checked from year 1's order, he would go to Player {new + 1}.",
        state, move, only=("paladin", "first_player"), before={"paladin": None},
        after={"first_player": new, "paladin": s},
    )]  # fmt: skip


@writer
def nobody_on_the_line() -> list[Path]:
    """Y2-14: nobody on or above the paladin space (most evil at 9): the gold paladin stays in his tent.
    Fails when the check gives him to the most evil lord anyway (or counts 9 as on the line)."""
    state, move = _year_one_over(4)
    s = state.first_player
    state = _evils(state, {s: 9, (s + 1) % 4: 8, (s + 2) % 4: 5, (s + 3) % 4: 2})
    return [_write(
        _id("Y2-14", "nobody-on-the-paladin-space-the-gold-paladin-stays-in-his-tent"), ["Y2-14", "PAL-2"],
        _over(4) + f"The most evil lord, Player {s + 1}, is at 9, one below the paladin space (10); nobody is on or "
        "above it, so the gold paladin is checked and stays in his tent.",
        state, move, only=("paladin",), before={"paladin": None}, after={"paladin": None, "year": 2},
    )]  # fmt: skip


@writer
def exactly_on_the_line() -> list[Path]:
    """Y2-14: one lord exactly on the paladin space (10), the others below: he gets the gold paladin.
    Fails when the check needs a marker above the space."""
    state, move = _year_one_over(4)
    s = state.first_player
    state = _evils(state, {s: 10, (s + 1) % 4: 9, (s + 2) % 4: 5, (s + 3) % 4: 2})
    return [_write(
        _id("Y2-14", "a-marker-exactly-on-the-paladin-space-draws-the-gold-paladin"), ["Y2-14", "PAL-2"],
        _over(4) + f"Player {s + 1} is exactly on the paladin space (10), the next most evil at 9. On or above is "
        f"enough: the gold paladin goes to Player {s + 1} at once.",
        state, move, only=("paladin",), before={"paladin": None}, after={"paladin": s},
    )]  # fmt: skip


# --- Y2-9: the year-1 paladin in a prison ---------------------------------------------------------------------


@writer
def imprisoned_paladin_stays() -> list[Path]:
    """Y2-9: the year-1 paladin in a prison stays there (and will score); only a paladin still in his tent goes to
    the Distant Lands. Fails when the year-1 paladin is sent to the Distant Lands whatever became of him."""
    state, move = _year_one_over(4)
    s = state.first_player
    far = tuple(card for card in state.far_lands if card != "paladin-1")
    players = list(state.players)
    players[s] = attrs.evolve(players[s], prison=players[s].prison + ("paladin-1",))
    state = attrs.evolve(state, far_lands=far, players=tuple(players))
    prison = list(players[s].prison)
    return [_write(
        _id("Y2-9", "a-year-1-paladin-in-a-prison-stays-there"), ["Y2-9", "Y2-6"],
        _over(4) + f"Year 1's paladin was defeated in Player {s + 1}'s dungeon and lies in his prison. He stays "
        "there over the change of year (he scores at the end); only a paladin still in his tent goes to the Distant "
        "Lands.",
        state, move, only=(f"players.{s}.prison",),
        before={f"players.{s}.prison": prison},
        after={f"players.{s}.prison": prison, "year": 2},
    )]  # fmt: skip


# --- Y2-7: prisoners stay ------------------------------------------------------------------------------------


@writer
def prisoners_stay() -> list[Path]:
    """Y2-7: combat's clean-up sends survivors away, but year 1's prisoners stay in the prisons for year 2.
    Fails when the change of year empties the prisons (or sends prisoners to the Distant Lands)."""
    state, move = _year_one_over(4)
    s = state.first_player
    players = list(state.players)
    players[s] = attrs.evolve(players[s], prison=("y1-warrior-5", "y1-priest-4-1"))
    state = attrs.evolve(state, players=tuple(players))
    return [_write(
        _id("Y2-7", "year-1s-prisoners-stay-in-prison-for-year-2"), ["Y2-7", "Y2-6"],
        _over(4) + f"Player {s + 1} holds a warrior and a priest in his prison. The change of year sends no prisoner "
        "away: both are still in his prison when year 2 begins (they score at the end).",
        state, move, only=(f"players.{s}.prison", "far_lands"),
        after={f"players.{s}.prison": ["y1-warrior-5", "y1-priest-4-1"], "year": 2},
    )]  # fmt: skip


# --- Y2-11: the dummies' marker at the bottom ----------------------------------------------------------------


@writer
def dummy_marker_bottom() -> list[Path]:
    """Y2-11: 2 players, the dummies' marker at 2 moves down 2 spaces but stops at the bottom, 1.
    Fails when it is not stopped at the bottom (0 or below)."""
    state, move = _year_one_over(2, dummy_evil=2)
    return [_write(
        _id("Y2-11", "the-dummies-marker-stops-at-the-bottom"), ["Y2-11"],
        _over(2) + "The non-player marker is at 2. At the change of year it moves 2 spaces down but stops at the "
        "bottom of the evilometer: 1.",
        state, move, only=("dummy_evil",), before={"dummy_evil": 2}, after={"dummy_evil": 1},
    )]  # fmt: skip


# --- Y2-15: the orders are kept ------------------------------------------------------------------------------


@writer
def orders_kept() -> list[Path]:
    """Y2-15: no new deal: each hand of 6 and the two unavailable orders stay as year 1's fall left them.
    Fails when the change of year gives the unavailable orders back to the hand (or deals anew)."""
    state, move = _year_one_over(3)
    p = state.players[0]
    from dlrules.apps.conformance.observe import _actions

    hand, unavailable = _actions(p.hand), _actions(p.unavailable)
    return [_write(
        _id("Y2-15", "each-lord-keeps-his-hand-of-6-and-his-2-unavailable-orders"), ["Y2-15", "Y2-6", "RET-2"],
        _over(3) + f"Player 1 holds 6 orders ({', '.join(hand)}); {' and '.join(unavailable)} were made unavailable "
        "at the end of year 1's fall. There is no new deal at the change of year: the same 6 in hand and the same "
        "two unavailable for year 2's winter.",
        state, move, only=("players.0.hand", "players.0.unavailable", "players.0.dealt"),
        before={"players.0.hand": hand, "players.0.unavailable": unavailable},
        after={"players.0.hand": hand, "players.0.unavailable": unavailable, "year": 2},
    )]  # fmt: skip


@writer
def dummies_keep_their_orders() -> list[Path]:
    """Y2-15 (L): 2 players, the non-player colours keep their 3 unavailable orders over the change of year.
    Fails when the dummies' unavailable orders are cleared or redrawn."""
    state, move = _year_one_over(2)
    from dlrules.apps.conformance.observe import _actions

    kept = {f"dummies.{i}.unavailable": _actions(d.unavailable) for i, d in enumerate(state.dummies)}
    assert all(len(v) == 3 for v in kept.values()), kept
    return [_write(
        _id("Y2-15", "the-dummies-keep-their-3-unavailable-orders"), ["Y2-15", "DUM2-3"],
        _over(2) + "Each non-player colour has 3 unavailable orders: " + "; ".join(
            f"colour {i + 1}: {', '.join(v)}" for i, v in enumerate(kept.values())) + ". The change of year deals "
        "nothing: they keep them for year 2's winter.",
        state, move, only=("dummies",), before=kept, after={**kept, "year": 2},
    )]  # fmt: skip


# --- Y2-19: hiring the Golem ---------------------------------------------------------------------------------

GOLEM_HIRE = "byrule/cr-ACT-MON-2-hiring-the-golem-pays-its-gold"
"""Full game, year 2, Hire Monster slot II: Player 3 (2 gold) is to hire; the tavern offers the Golem."""


@writer
def golem_hire_trap_of_choice() -> list[Path]:
    """Y2-19: hiring the Golem costs 1 gold and the trap card the player names, of two held.
    Fails when the hire takes no trap card, or another card than the one named (the first held)."""
    from conformance.seed_first_events_year2 import _player, _position

    from dlrules.core.moves import HireMonster

    state = _player(_position(GOLEM_HIRE), 2, traps=("pendulum", "trap-door"), gold=2)
    return [_write(
        _id("Y2-19", "hiring-the-golem-costs-1-gold-and-the-trap-card-named"), ["Y2-19", "ACT-MON-2", "SETUP-3"],
        "Full game, year 2, Hire Monster slot II: Player 3 (2 gold) holds a Pendulum and a Trap Door and hires the "
        "Golem, naming the Trap Door for its cost. He pays 1 gold (2 to 1) and discards the Trap Door face down; he "
        "keeps the Pendulum, and the Golem joins his lair.",
        state, HireMonster(2, "golem", trap="trap-door"), only=("players.2.gold", "players.2.traps", "trap_discard"),
        after={"players.2.gold": 1, "players.2.traps": ["pendulum"]},
    )]  # fmt: skip


@writer
def golem_wage_without_a_trap() -> list[Path]:
    """Y2-19: at Pay Day a player without a trap card cannot pay his Golem, though he has the gold: once his Goblin
    is paid, the Golem leaves and he gains 1 evil. Fails when the Golem's wage is taken as its gold alone when no
    trap card is held (or the Golem stays unpaid)."""
    from test_year2_events import at_event
    from year_helpers import monsters

    from dlrules.core.moves import PayMonster

    state = at_event("payday", p0={"monsters": monsters("goblin", "golem"), "gold": 3, "food": 2, "evil": 5,
                                   "traps": ()}, p1={"monsters": ()})  # fmt: skip
    return [_write(
        _id("Y2-19", "a-golem-cannot-be-paid-without-a-trap-card"), ["Y2-19", "EVT-PAY-2", "RUL-14"],
        "Year 2's Pay Day: Player 1 owns a Goblin, then a Golem; he has 3 gold and 2 food but no trap card. He pays "
        "the Goblin 1 food. The Golem's wage is 1 gold and one trap card: he cannot pay it, so it leaves for the "
        "Distant Lands and he gains 1 evil (5 to 6); his gold stays at 3.",
        state, PayMonster(0, 0, True), only=("players.0",),
        before={"players.0.gold": 3, "players.0.traps": []},
        after={"players.0.gold": 3, "players.0.food": 1, "players.0.evil": 6,
               "players.0.monsters": [{"kind": "goblin", "ready": True}]},
    )]  # fmt: skip


# --- Y2-18 (Y2-3): year 2's Buy Traps -------------------------------------------------------------------------

BUY_TRAPS = "byrule/Y2-18-buy-traps-in-year-2-draws-one-more-then-discards"
"""Full game, year 2, Buy Traps: Player 4 on slot I, Player 1 on II, Player 2 on III; slot I to resolve."""


@writer
def slot_three_draws_three() -> list[Path]:
    """Y2-18: year 2's Buy Traps slot III draws 3 cards (its 2 and one more), then a discard.
    Fails when year 2 draws 2 cards whatever the slot (or slot III's 2 without the extra)."""
    import attrs as _attrs

    from conformance.seed_first_events_year2 import _player, _position

    from dlrules.core.moves import TakeAction
    from dlrules.components import Action

    state = _position(BUY_TRAPS)
    assert state.resolution is not None
    board = list(state.board)
    board[Action.TRAPS.index] = (None, None, 1)
    state = _attrs.evolve(state, board=tuple(board), resolution=_attrs.evolve(state.resolution, slot=2))
    state = _player(state, 1, gold=3)
    return [_write(
        _id("Y2-18", "buy-traps-slot-iii-draws-3-cards-in-year-2"), ["Y2-18", "Y2-3", "ACT-TRAP-1"],
        "Full game, year 2, Buy Traps: only Player 2 is on the space, on slot III (2 gold, 2 trap cards). He pays 2 "
        "gold (3 to 1); in year 2 he draws one card more than the slot says: 3 draws, then he must discard one.",
        state, TakeAction(1), only=("players.1.gold", "resolution"),
        after={"players.1.gold": 1, "resolution.draws": 3, "resolution.discarding": True},
    )]  # fmt: skip


def _drawn_two(held: tuple[str, ...]) -> Any:
    """Year 2's Buy Traps slot I: Player 4, holding ``held``, has paid and drawn his 2 cards (a Pendulum and a
    Rolling Stone); his discard is due."""
    import dlrules
    from conformance.seed_first_events_year2 import _player, _position

    from dlrules.core.moves import Draw, TakeAction

    state = _player(_position(BUY_TRAPS), 3, traps=held)
    for move in (TakeAction(3), Draw("traps", "pendulum"), Draw("traps", "rolling-stone")):
        state = dlrules.apply(state, move)
    assert state.resolution is not None and state.resolution.discarding, state.resolution
    return state


@writer
def discard_leaves_the_game() -> list[Path]:
    """Y2-18: the card discarded after year 2's Buy Traps leaves the game: onto the face-down discard, not back
    into the trap deck. Fails when it is shuffled or put back into the deck."""
    from dlrules.core.moves import DiscardTrap

    state = _drawn_two(())
    size, discard = state.decks.traps.size, len(state.trap_discard)
    return [_write(
        _id("Y2-18", "the-discarded-card-leaves-the-game-not-back-to-the-deck"), ["Y2-18", "Y2-3", "SETUP-3"],
        f"Full game, year 2, Buy Traps slot I: Player 4 has drawn a Pendulum and a Rolling Stone and discards the "
        f"Pendulum. It leaves the game face down: the discard grows ({discard} to {discard + 1}) and the trap deck "
        f"stays at {size} cards.",
        state, DiscardTrap(3, "pendulum"), only=("players.3.traps", "trap_discard", "decks.traps"),
        after={"players.3.traps": ["rolling-stone"], "trap_discard": discard + 1, "decks.traps.size": size},
    )]  # fmt: skip


@writer
def discard_a_card_held_before() -> list[Path]:
    """Y2-18: the discard may be a card held from before the draw, not only one just drawn.
    Fails when only the cards just drawn may be discarded."""
    from dlrules.core.moves import DiscardTrap

    state = _drawn_two(("trap-door",))
    return [_write(
        _id("Y2-18", "the-discard-may-be-a-card-held-from-before"), ["Y2-18", "Y2-3"],
        "Full game, year 2, Buy Traps slot I: Player 4 held a Trap Door and has drawn a Pendulum and a Rolling "
        "Stone. He looks at all his trap cards and discards the Trap Door, held from before: he keeps the two just "
        "drawn.",
        state, DiscardTrap(3, "trap-door"), only=("players.3.traps", "trap_discard"),
        after={"players.3.traps": ["pendulum", "rolling-stone"]},
    )]  # fmt: skip


# --- Y2-5: conquered tiles are still taxed -------------------------------------------------------------------


@writer
def conquered_tiles_taxed() -> list[Path]:
    """Y2-5: year 2's Taxes count conquered tiles too: 5 tiles, 2 of them conquered, owe 3 gold (not 2).
    Fails when conquered tiles are left out of the tax."""
    from test_year2_events import at_event

    from dlrules.core.moves import PayTaxes
    from dlrules.core.state import Dungeon, Tile

    tiles = (Tile((0, 2), conquered=True), Tile((1, 2), "chicken-coop", conquered=True), Tile((2, 2)), Tile((2, 1)),
             Tile((2, 3)))  # fmt: skip
    state = at_event("taxes", p0={"dungeon": Dungeon(tiles), "gold": 5}, p1={"gold": 5})
    return [_write(
        _id("Y2-5", "conquered-tiles-are-still-taxed"), ["Y2-5", "EVT-TAX-1"],
        "Year 2's Taxes: Player 1's dungeon has 5 tiles; year 1's combat conquered 2 of them (the entrance and his "
        "Chicken Coop). Conquered tiles are still taxed: 5 tiles owe 3 gold, which he pays in full (5 to 2, no damage "
        "token). Without the conquered tiles the tax would be 2.",
        state, PayTaxes(0, 3), only=("players.0.gold", "players.0.damage_tokens"),
        before={"players.0.gold": 5, "players.0.damage_tokens": 0},
        after={"players.0.gold": 2, "players.0.damage_tokens": 0},
    )]  # fmt: skip


@writer
def dig_beside_a_conquered_tile() -> list[Path]:
    """Y2-5: a new tunnel may be dug next to a conquered tile: A4 touches only the conquered entrance A3.
    Fails when conquered tiles do not count as the tile a new tunnel must share a side with (ACT-DIG-5)."""
    import attrs as _attrs

    from conformance.seed_first_events_year2 import _position

    from dlrules.core.moves import DigTunnel

    state = _position("byrule/ACT-DIG-5-effect-digtunnel")
    p = state.players[0]
    tiles = tuple(_attrs.evolve(t, conquered=True) if t.square == (0, 2) else t for t in p.dungeon.tiles)
    players = list(state.players)
    players[0] = _attrs.evolve(p, dungeon=_attrs.evolve(p.dungeon, tiles=tiles))
    state = _attrs.evolve(state, year=2, players=tuple(players))
    return [_write(
        _id("Y2-5", "a-tunnel-may-be-dug-beside-a-conquered-tile"), ["Y2-5", "ACT-DIG-5"],
        "Year 2, Dig Tunnels slot I: Player 1's dungeon is the starting column A3, B3, C3; year 1's combat conquered "
        "the entrance A3. He digs at A4, whose only neighbouring tile is the conquered A3: conquered tiles stay in "
        "the dungeon, and new tunnels may be dug next to them.",
        state, DigTunnel(0, (0, 3)), only=("players.0.tiles",),
    )]  # fmt: skip


# --- Y2-4: no placement zone ---------------------------------------------------------------------------------

YEAR_TWO_ROOM = "byrule/R-3-data-buildroom"
"""Full game, year 2, Build Room slot I: Player 2 (tunnels at B1, C3, C4, C5, D3; rooms at B2 and C2) buys the
Labyrinth."""


@writer
def year_two_room_anywhere() -> list[Path]:
    """Y2-4: a year-2 room has no placement zone: the Labyrinth goes on the entrance-row tunnel A2 (upper half,
    outer ring). Fails when year-2 rooms are held to a year-1 zone that leaves A2 out (the lower half, the inner
    squares)."""
    from conformance.seed_first_events_year2 import _position

    from dlrules.core.moves import BuildRoom

    state = _position(YEAR_TWO_ROOM)
    return [_write(
        _id("Y2-4", "a-year-2-room-has-no-placement-zone"), ["Y2-4", "ACT-ROOM-4"],
        "Full game, year 2, Build Room slot I: Player 2 places the Labyrinth, a year-2 room, on his tunnel at A2, in "
        "the upper half and the outer ring, touching no room. Year-2 rooms have no placement zone: only an "
        "unconquered tunnel not beside another room is needed.",
        state, BuildRoom(1, "labyrinth", (0, 1)), only=("players.1.tiles",),
    )]  # fmt: skip


# --- Y2-24: year 2's trap values ----------------------------------------------------------------------------

YEAR_TWO_CARDS = ("song-of-courage", "magic-key", "regeneration", "create-food")
"""Year 2's round 1 card is Song of Courage (fatigue 3; no wizard, so nothing is cast)."""


@writer
def rolling_stone_year_two() -> list[Path]:
    """Y2-24: in year 2's combat the Rolling Stone deals its year-2 value, 4 (table T), not year 1's 3.
    Fails when year 2's combat uses the year-1 trap values."""
    from combat_positions import COLUMN, position

    from dlrules.core.moves import PlanDefence

    state = position({0: ["y2-warrior-8", "y2-priest-5-2"]}, traps={0: ["rolling-stone"]}, cards=YEAR_TWO_CARDS,
                     year=2)  # fmt: skip
    return [_write(
        _id("Y2-24", "year-2s-rolling-stone-deals-4"), ["Y2-24", "T-2"],
        "Year 2's combat, round 1 (Song of Courage: fatigue 3, no wizard to cast it): Player 1 plays a Rolling Stone "
        "at his entrance against a warrior (8 hit points) and a priest. In year 2 the Rolling Stone deals 4 to the "
        "first adventurer (3 in year 1): the warrior takes 4, then the fatigue's 3: 7 of 8.",
        state, PlanDefence(0, COLUMN[0], ("rolling-stone",)), only=("players.0.party",),
        after={"players.0.party": [{"key": "y2-warrior-8", "damage": 7}, {"key": "y2-priest-5-2", "damage": 0}]},
    )]  # fmt: skip


# --- Y2-23: year 2's own special event card ------------------------------------------------------------------


@writer
def year_two_special_card() -> list[Path]:
    """Y2-23: year 2's Special Event tile, turned up at a year-2 round start, brings year 2's own card: chance draws
    it from the special event cards. Fails when year 2 draws no special card (year 1's card was the year's one)."""
    import dlrules
    from conformance.seed_by_rule import playout

    from dlrules.core.moves import Draw

    for state, move, _ in playout({"players": 4, "variant": "full"}, 0):
        if state.year == 2 and isinstance(move, Draw) and move.deck == "special":
            break
    else:
        raise SystemExit("seed 0's play-out draws no special event card in year 2")
    after = dlrules.apply(state, move)
    size = state.decks.special.size
    return [_write(
        _id("Y2-23", "year-2s-special-tile-brings-year-2s-own-card"), ["Y2-23", "SPE-5", "SPE-6"],
        f"Full game, 4 players, year 2's round start: the Special Event tile has just been turned up for round "
        f"{state.events.index('special') + 1}; year 1's card has left play. Year 2 has its own special event card, "
        f"drawn and revealed with the tile: chance turns up {move.card} (the special deck {size} to {size - 1}).",
        state, move, only=("special_event", "decks.special"),
        before={"special_event": None, "year": 2},
        after={"special_event": after.special_event, "decks.special.size": size - 1},
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
