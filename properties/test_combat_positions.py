"""Random combats from random positions, year 1 and year 2 (issue 12):
random parties (the paladin now and then), lairs, trap cards, rooms and
combat cards, played out with random moves; the combat invariants hold after
every step (adventurers conserved, damage below hit points, knocked-out
monsters never fight, conquered tiles never come back, evil on the
evilometer, a forced decision never asked), every listed move applies and
some unlisted ones are refused with known rule IDs."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import dlrules
from dlrules.components import ADVENTURER_DECKS, COMBAT_DECKS, MONSTER_DECKS, ROOM_DECKS, TRAP_DECK
from dlrules.components.combat import ILLUSION_KEY
from dlrules.core.engine import settle
from dlrules.core.phases import combat
from dlrules.core.state import CHANCE, Adventurer, Deck, Dungeon, GameState, Monster, Phase, Tile
from properties.invariants import (
    MoveChecker,
    chance_outcomes_sum_to_one,
    conquered_tiles_never_come_back,
    damage_below_hit_points,
    evil_on_the_evilometer,
    forced_decisions_are_automatic,
    knocked_out_monsters_never_fight,
    only_seats_to_move_have_moves,
    paladin_with_the_most_evil_lord,
    state_json_round_trip,
)
from properties.profiles import PROFILE

SHAPES = (
    ((0, 2), (1, 2), (2, 2)),
    ((0, 2), (0, 3), (1, 2), (1, 1), (2, 1)),
    ((0, 2), (0, 1), (0, 3), (1, 3), (2, 3), (2, 2)),
    ((0, 2), (1, 2), (1, 3), (3, 0)),  # an unconnected tile (CMB-PLAN-4)
)


def random_combat(rng: random.Random, players: int, year: int) -> GameState:
    s = dlrules.new_game(players)
    advs = [k for k, n in ADVENTURER_DECKS[year].items() for _ in range(n)]
    rng.shuffle(advs)
    lords = []
    for seat, p in enumerate(s.players):
        squares = rng.choice(SHAPES)
        rooms = [k for k in ROOM_DECKS[year] if k != "hall-of-fame"] + list(ROOM_DECKS[1])
        tiles = tuple(
            Tile(sq, rng.choice(rooms) if sq != (0, 2) and rng.random() < 0.4 else None) for sq in sorted(squares)
        )
        kinds = [k for k, n in MONSTER_DECKS[year].items() for _ in range(n)]
        lords.append(
            attrs.evolve(
                p,
                party=tuple(Adventurer(advs.pop()) for _ in range(rng.randint(0, 3))),
                dungeon=Dungeon(tiles),
                monsters=tuple(Monster(rng.choice(kinds)) for _ in range(rng.randint(0, 4))),
                traps=tuple(rng.choice(list(TRAP_DECK)) for _ in range(rng.randint(0, 4))),
                gold=rng.randint(0, 4),
                food=rng.randint(0, 4),
                imps=rng.randint(0, 4),
                evil=rng.randint(3, 12),
                hand=(),
                unavailable=(),
            )
        )
    evils = [p.evil for p in lords]
    top = max(evils)
    paladin = max((s2 for s2 in range(players) if evils[s2] == top), key=lambda x: x) if top >= 10 else None
    cards = rng.sample(list(COMBAT_DECKS[year]), 4)
    known = tuple(c if rng.random() < 0.5 else None for c in cards)
    deck = Deck.of(COMBAT_DECKS[year])
    for c in known:
        if c is not None:
            deck = deck.without(c)
    state = attrs.evolve(
        s, year=year, round=4, phase=Phase.COMBAT, players=tuple(lords), combat=known, paladin=paladin,
        decks=attrs.evolve(s.decks, combat=deck), first_player=rng.randrange(players),
    )
    return settle(combat.enter(state))


def people(state: GameState) -> Counter[str]:
    """Every adventurer of the combat, wherever he is now (the paladin aside)."""
    out: Counter[str] = Counter()
    for p in state.players:
        out.update(a.key for a in p.party if a.key != ILLUSION_KEY)
        out.update(k for k in p.prison if not k.startswith("paladin"))
    out.update(k for k in state.far_lands if k.startswith("y"))
    return out


def check(state: GameState) -> None:
    for invariant in (
        damage_below_hit_points, knocked_out_monsters_never_fight, evil_on_the_evilometer, paladin_with_the_most_evil_lord,
        only_seats_to_move_have_moves, chance_outcomes_sum_to_one, state_json_round_trip, forced_decisions_are_automatic,
    ):  # fmt: skip
        invariant(state)


@pytest.mark.parametrize("year", [1, 2])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_combats_keep_the_combat_invariants(players: int, year: int) -> None:
    for game in range(max(3, PROFILE.sim_games * 3)):
        rng = random.Random(1000 * year + 100 * players + game)
        state = random_combat(rng, players, year)
        start = people(state)
        checker = MoveChecker(random.Random(game), thorough=PROFILE.thorough)
        for _ in range(2000):
            check(state)
            checker.check(state)
            assert people(state) == start, "an adventurer appeared or vanished (CMB-8, CMB-END-2)"
            seats = dlrules.to_move(state)
            if not seats or state.year != year:  # the positions have no order cards: year 2's building is not theirs
                break
            moves = dlrules.legal_moves(state)
            move = dlrules.sample_chance(state, rng) if CHANCE in seats else moves[rng.randrange(len(moves))]
            before, state = state, dlrules.apply(state, move)
            conquered_tiles_never_come_back(before, state)
        # CMB-END-4, Y2-16: year 1's combat ends in year 2's winter (the change of year runs by itself), year 2's in the end
        assert (state.year, state.phase) == ((2, Phase.ROUND_START) if year == 1 else (2, Phase.GAME_OVER))
        assert all(m.ready for p in state.players for m in p.monsters)  # CMB-9
