"""The planning phase's faster pieces (issue 25) give what the rules say,
written here the plain way: the battle tiles by walking distance
(CMB-2, CMB-PLAN-2..4, ``planning._battle_tiles`` through its cached
``_layout``), each tile's ground (CMB-3, ``fight.ground_of`` remembered per
room) and every plan (CMB-REF-2, CMB-PLAN-5, CMB-PLAN-6, LIB-CMB-2,
``planning._plans`` through its caches), on the dungeons and lords of
seeded games and on dungeons with conquered and unconnected tiles."""

from __future__ import annotations

import itertools
import random

import attrs

from dlrules.components import MONSTERS
from dlrules.components.combat import TRAP_COMBAT, battle_ground
from dlrules.core.dungeon import walking_distances
from dlrules.core.moves import Move, PlanDefence
from dlrules.core.phases.combat import battle_tiles, ground_of
from dlrules.core.phases.combat.planning import _plans
from dlrules.core.state import Dungeon, Phase, PlayerState, Square, Tile

from combat_positions import tunnels
from year_helpers import random_walk


def _reference_battle_tiles(dungeon: Dungeon) -> tuple[Square, ...]:
    """CMB-PLAN-2..4, plainly: the unconquered tiles at the least walking
    distance, by square; with none connected, the unconnected ones."""
    distance = walking_distances(frozenset(t.square for t in dungeon.tiles))
    open_tiles = [t.square for t in dungeon.tiles if not t.conquered]
    connected = [sq for sq in open_tiles if sq in distance]
    if connected:
        least = min(distance[sq] for sq in connected)
        return tuple(sorted(sq for sq in connected if distance[sq] == least))
    return tuple(sorted(open_tiles))


def _reference_plans(seat: int, player: PlayerState) -> tuple[Move, ...]:
    """CMB-REF-2, plainly: on each battle tile, each sorted set of trap cards
    held (at most the ground's number) that the lord can pay, surcharge
    included (CMB-PLAN-5, CMB-PLAN-6), with each set of ready monsters
    (at most the ground's number, ghosts aside) and ghosts, the first of
    alike ones named (CMB-3, LIB-CMB-2)."""
    out: list[Move] = []
    for square in battle_tiles(player.dungeon):
        tile = player.dungeon.at(square)
        assert tile is not None
        ground = battle_ground(tile.room, tile.conquered)
        kinds = sorted(set(player.traps))
        trap_sets: list[tuple[str, ...]] = [()]
        for size in range(1, ground.traps + 1):
            for combo in itertools.combinations_with_replacement(kinds, size):
                if all(combo.count(k) <= player.traps.count(k) for k in combo):
                    trap_sets.append(combo)
        played = []
        for ts in trap_sets:
            gold = ground.surcharge * len(ts) + sum(TRAP_COMBAT[t].gold for t in ts)
            food = sum(TRAP_COMBAT[t].food for t in ts)
            imps = sum(TRAP_COMBAT[t].imps for t in ts)
            if player.gold >= gold and player.food >= food and player.imps >= imps:
                played.append(ts)
        by_kind: dict[str, list[int]] = {}
        ghosts: list[int] = []
        for i, m in enumerate(player.monsters):
            if m.ready:
                (ghosts if MONSTERS[m.kind].ghost else by_kind.setdefault(m.kind, [])).append(i)
        sends: list[tuple[int, ...]] = []
        names = sorted(by_kind)
        for size in range(ground.monsters + 1):
            for combo in itertools.combinations_with_replacement(names, size):
                if any(combo.count(k) > len(by_kind[k]) for k in combo):
                    continue
                base = [i for k in set(combo) for i in by_kind[k][: combo.count(k)]]
                for g in range(len(ghosts) + 1):
                    sends.append(tuple(sorted(base + ghosts[:g])))
        out.extend(PlanDefence(seat, square, ts, ms) for ts in played for ms in sends)
    return tuple(out)


def _planners(games: int) -> list[tuple[int, PlayerState]]:
    """Each lord asked to plan in ``games`` seeded random 4-player games."""
    return [
        (move.seat, state.players[move.seat])
        for state, move in random_walk(games)
        if state.phase is Phase.COMBAT and isinstance(move, PlanDefence)
    ]


def _conquered(dungeon: Dungeon, *squares: Square) -> Dungeon:
    return Dungeon(tuple(attrs.evolve(t, conquered=t.square in squares) for t in dungeon.tiles))


def test_CMB_PLAN_2_4_the_battle_tiles_are_the_rules_on_made_dungeons() -> None:
    ring = tunnels((0, 2), (1, 2), (1, 1), (1, 3), (2, 1), (2, 2), (2, 3), (3, 0))
    rng = random.Random(5)
    dungeons = [ring, tunnels((0, 2), (3, 0)), tunnels((1, 2), (3, 0)), tunnels((0, 2), (0, 3), (1, 3), (1, 2))]
    for dungeon in list(dungeons):
        squares = [t.square for t in dungeon.tiles]
        for _ in range(12):
            dungeons.append(_conquered(dungeon, *rng.sample(squares, rng.randrange(len(squares) + 1))))
    for dungeon in dungeons:
        assert battle_tiles(dungeon) == _reference_battle_tiles(dungeon), dungeon


def test_CMB_REF_2_every_plan_of_seeded_games_is_the_rules() -> None:
    planners = _planners(4)
    assert len(planners) > 40
    for seat, player in planners:
        assert battle_tiles(player.dungeon) == _reference_battle_tiles(player.dungeon)
        assert _plans(seat, player) == _reference_plans(seat, player)
        assert _plans(seat, player) == _reference_plans(seat, player)  # again, from the caches


def test_CMB_3_a_tile_s_ground_is_battle_ground_s() -> None:
    for room in (None, "labyrinth", "anti-magic-room", "chicken-coop", "training-room"):
        for conquered in (False, True):
            tile = Tile((1, 2), room, conquered)
            assert ground_of(tile) == battle_ground(room, conquered)
            assert ground_of(tile) == battle_ground(room, conquered)  # remembered
