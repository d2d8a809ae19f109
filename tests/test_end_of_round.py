"""End of round (END-1..3), the year's structure (RS-1, RS-2), and whole
building years played out to COMBAT with invariants checked after every step."""

from __future__ import annotations

import random

import attrs
import pytest

from dlrules import Action, PayTaxes, check, legal_moves, new_game, to_move
from dlrules.core.chance import sample_chance
from dlrules.components import ROOMS
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE
from dlrules.core.engine import apply_with_events, next_phase, settle
from dlrules.core.phases import production
from dlrules.core.phases.common import Event
from dlrules.core.state import CHANCE, Dungeon, GameState, Monster, Outcome, Phase, Tile

from year_helpers import at_resolution, enter, monsters, player, resolved

# --- END-1..3 ---------------------------------------------------------------------------


def ending(round_: int, players: int = 3, first: int = 1) -> GameState:
    state = resolved(at_resolution(players))
    state = attrs.evolve(state, round=round_, first_player=first, adventurers_next=("y1-thief-3-1",))
    state = player(state, 0, busy_imps=2, foreimps=1, imps=4, monsters=monsters("troll", "goblin"), busy_trolls=1, rooms_used=((2, 1),), played=())
    return state


@pytest.mark.parametrize("round_", [1, 2, 3])
def test_END_1_the_first_player_token_passes_left_after_rounds_1_to_3(round_: int) -> None:
    state = enter(ending(round_, players=3, first=2), Phase.END_OF_ROUND, settled=False)
    assert state.first_player == 0


def test_END_2_after_autumn_the_token_stays_and_combat_starts() -> None:
    state = enter(ending(4, players=3, first=2), Phase.END_OF_ROUND)
    assert state.phase is Phase.COMBAT and state.first_player == 2 and state.round == 4
    # CMB-REF-1: combat begins at its round 1; a move of another phase is refused
    assert state.fight is not None and state.fight.round == 1
    assert [v.rule for v in check(state, PayTaxes(0, 0))] == ["CMB-REF-2"]


def test_END_3_imps_come_home_monsters_stay() -> None:
    state = enter(ending(2), Phase.END_OF_ROUND, settled=False)
    p = state.players[0]
    assert (p.busy_imps, p.foreimps, p.busy_trolls, p.rooms_used) == (0, 0, 0, ())
    assert (p.imps, p.free_imps, p.trolls) == (4, 4, 1)
    assert tuple(m.kind for m in p.monsters) == ("troll", "goblin")
    assert all(slot is None for row in state.board for slot in row)
    assert all(d.drawn == () and d.third is None for d in state.dummies)


def test_RS_1_the_next_round_brings_the_adventurers_drawn_for_it() -> None:
    state = enter(ending(2), Phase.END_OF_ROUND)
    assert state.phase is Phase.ROUND_START and state.round == 3
    assert state.adventurers_now == ("y1-thief-3-1",)


def test_RS_1_winter_has_no_events_and_no_adventurers() -> None:
    state = attrs.evolve(resolved(at_resolution(2)), phase=Phase.ORDER_RETURN)
    assert next_phase(state) is Phase.END_OF_ROUND
    assert next_phase(attrs.evolve(state, round=2)) is Phase.EVENTS
    assert next_phase(attrs.evolve(state, round=2, phase=Phase.EVENTS)) is Phase.ADVENTURERS
    assert next_phase(attrs.evolve(state, round=2, phase=Phase.ADVENTURERS)) is Phase.END_OF_ROUND


def test_RS_2_the_state_says_year_round_and_phase() -> None:
    state = enter(resolved(at_resolution(2)), Phase.PRODUCTION, settled=False)
    assert state.progress == (1, 1, "production")
    state = enter(ending(2), Phase.END_OF_ROUND)
    assert state.progress == (1, 3, "round_start")


# --- whole years --------------------------------------------------------------------------


YEAR_PHASES = {Phase.PRODUCTION, Phase.ORDER_RETURN, Phase.EVENTS, Phase.ADVENTURERS, Phase.END_OF_ROUND}


def invariants(before: GameState, after: GameState, said: tuple[Event, ...] = ()) -> None:
    """What must hold after every step of a building year (``said``: what the
    step announced)."""
    for seat, p in enumerate(after.players):
        cards = p.hand + p.unavailable + tuple(o.action for o in p.played)
        assert after.phase is Phase.SETUP or sorted(a.value for a in cards) == sorted(a.value for a in Action), f"seat {seat}: order cards {cards}"
        assert EVIL_MIN.value <= p.evil <= EVIL_MAX.value
        assert p.free_imps >= 0 and 0 <= p.busy_trolls <= p.trolls
        if p.damage_tokens != before.players[seat].damage_tokens:
            # EVT-TAX-2: damage tokens come only from taxes (a step that taxed)
            assert any(e.code == "taxes" for e in said), [e.text for e in said]
            assert p.damage_tokens > before.players[seat].damage_tokens
        assert len(p.party) <= after.round - 1  # ADV-1: one a round, from spring
    if any(p.evil >= PALADIN_SPACE.value for p in after.players):
        assert after.paladin is not None  # PAL-6
    assert (after.dummy_evil is not None) == (after.n_players == 2)
    if after.dummy_evil is not None:
        assert EVIL_MIN.value <= after.dummy_evil <= EVIL_MAX.value
    assert 1 <= after.round <= 4
    if after.phase is not Phase.COMBAT:
        assert to_move(after), f"stuck in {after.phase}"


def stand_in_resolution(state: GameState, rng: random.Random) -> GameState:
    """Instead of resolution: every order gets a random outcome, and each lord
    randomly gains what resolution could have given (a monster from the
    tavern, a room from the shop on an unconquered tunnel, imps, gold, food,
    busy imps), so production and payday have something to work with."""
    tavern, shop = list(state.tavern), list(state.room_shop)
    for seat in state.player_order():
        p = state.players[seat]
        played = tuple(
            attrs.evolve(o, outcome=rng.choice((Outcome.CARRIED_OUT, Outcome.NOT_CARRIED_OUT))) if o.outcome is Outcome.PENDING else o
            for o in p.played
        )
        gained = p.monsters
        if tavern and rng.random() < 0.5:
            gained += (Monster(tavern.pop(rng.randrange(len(tavern)))),)
        tiles = list(p.dungeon.tiles)
        tunnels = [i for i, t in enumerate(tiles) if t.room is None and not t.conquered]
        if shop and tunnels and rng.random() < 0.5:
            i = rng.choice(tunnels)
            tiles[i] = Tile(tiles[i].square, shop.pop(rng.randrange(len(shop))))
        imps = p.imps + rng.randint(0, 2)
        busy = rng.randint(0, imps)
        state = player(
            state,
            seat,
            played=played,
            monsters=gained,
            dungeon=Dungeon(tuple(tiles)),
            imps=imps,
            busy_imps=busy,
            foreimps=rng.randint(0, imps - busy),
            gold=p.gold + rng.randint(0, 2),
            food=p.food + rng.randint(0, 2),
        )
    state = attrs.evolve(
        state,
        tavern=tuple(tavern),
        room_shop=tuple(shop),
        board=tuple((None, None, None) for _ in state.board),
        phase=Phase.PRODUCTION,
    )
    return settle(production.enter(state))


def play_year(players: int, seed: int, stand_in: bool) -> GameState:
    rng = random.Random(seed)
    state = new_game(players, variant=("first", "full")[seed % 2])
    for _ in range(20_000):
        if state.phase is Phase.COMBAT:
            return state
        if stand_in and state.phase is Phase.RESOLUTION:
            after = stand_in_resolution(state, rng)
            invariants(state, after)
            state = after
            continue
        seats = to_move(state)
        if state.phase in YEAR_PHASES:
            for move in legal_moves(state):  # legality is defined once
                assert check(state, move) == ()
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            seat = min(seats)
            mine = [m for m in legal_moves(state) if m.seat == seat]
            move = mine[rng.randrange(len(mine))]
        after, said = apply_with_events(state, move)
        invariants(state, after, said)
        state = after
    raise AssertionError(f"no COMBAT after 20000 moves ({state.phase})")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_building_year_with_stand_in_resolution_reaches_combat(players: int, seed: int) -> None:
    state = play_year(players, seed, stand_in=True)
    assert state.phase is Phase.COMBAT and state.round == 4
    assert state.first_player == 3 % players  # END-1: passed three times, not after autumn (END-2)
    assert all(len(p.party) == 3 for p in state.players)  # ADV-1: one adventurer each in spring, summer, autumn
    assert all(len(p.hand) == 6 and len(p.unavailable) == 2 and p.played == () for p in state.players)
    assert all(p.busy_imps == p.foreimps == p.busy_trolls == 0 for p in state.players)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_full_building_year_reaches_combat(players: int, seed: int) -> None:
    """Seeded random play of a whole building year, resolution included:
    COMBAT is reached with every invariant holding after every step."""
    state = play_year(players, seed, stand_in=False)
    assert state.phase is Phase.COMBAT and state.round == 4
    assert state.first_player == 3 % players  # END-1, END-2
    assert all(len(p.party) == 3 for p in state.players)  # ADV-1
    assert all(len(p.hand) == 6 and len(p.unavailable) == 2 and p.played == () for p in state.players)


def test_room_data_used_by_the_stand_in_exists() -> None:
    assert all(r in ROOMS for r in ("mint", "tool-shed"))
