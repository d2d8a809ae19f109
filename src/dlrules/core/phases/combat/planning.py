"""Planning: the battle tile, the defence and freeing prisoners (CMB-2, CMB-3,
CMB-PLAN, CMB-END-3).

Owns: the battle tiles by walking distance (CMB-2, CMB-PLAN-2..4); every
``PlanDefence`` a lord may make, with trap costs and the room's gold
(CMB-3, CMB-PLAN-5, CMB-PLAN-6, CMB-PLAN-9; alike monsters named once,
LIB-CMB-2), why a plan is refused, and the plan written (CMB-REF-2);
``ReleasePrisoner`` for a lord with no unconquered tile (CMB-END-3,
LIB-TX-1).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final

from dlrules.components import MONSTERS
from dlrules.components.combat import TRAP_COMBAT, BattleGround
from dlrules.core.dungeon import plain_square, square_name, walking_distances
from dlrules.core.errors import Violation
from dlrules.core.memo import kept
from dlrules.core.moves import Move, PlanDefence, ReleasePrisoner
from dlrules.core.phases.combat.fight import _SET_STATE_FIGHT, _fight, _monsters_only, _tile, ground_of
from dlrules.core.phases.combat.party import _name
from dlrules.core.phases.common import announce, narrating, plural, replaced, square_data, update_player
from dlrules.core.state import Adventurer, Dungeon, Fight, GameState, Plan, PlayerState, Square, Tile, evolve, setter


_Layout = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
"""Where a dungeon's tiles lie for planning (``_layout``): the connected
ones as (index, walking distance), nearest first and by square among equals,
and the indices of those no path connects, by square."""

_LAYOUTS: Final[dict[tuple[Square, ...], _Layout]] = kept({})
"""``_layout`` of each dungeon's squares met lately (read only: shared
between calls), keyed by the squares in the order of the tiles."""


def _layout(squares: tuple[Square, ...]) -> _Layout:
    """CMB-2, CMB-PLAN-2..4: the tiles at ``squares`` (a dungeon's, in the
    order of its tiles) ordered for ``_battle_tiles``: by walking distance
    then square, and those no path connects by square (ties, which a
    dungeon does not have, in the order of the tiles). Squares do not change
    when a tile is conquered, so a year's combat works it out once per
    dungeon; at most 1024 are kept (memory stays flat)."""
    found = _LAYOUTS.get(squares)
    if found is None:
        distance = walking_distances(frozenset(squares))
        connected = sorted([(distance[sq], sq, i) for i, sq in enumerate(squares) if sq in distance])
        loose = sorted([(sq, i) for i, sq in enumerate(squares) if sq not in distance])
        found = (tuple([(i, d) for d, _, i in connected]), tuple([i for _, i in loose]))
        if len(_LAYOUTS) >= 1024:
            _LAYOUTS.clear()
        _LAYOUTS[squares] = found
    return found


def battle_tiles(dungeon: Dungeon) -> tuple[Square, ...]:
    """CMB-PLAN-2..4: the unconquered tiles at the least walking distance;
    tiles no path connects come only when no connected one is left."""
    return tuple([t.square for t in _battle_tiles(dungeon)])


def _battle_tiles(dungeon: Dungeon) -> list[Tile]:
    """``battle_tiles`` as the tiles themselves, sorted by square: the
    unconquered ones of the nearest distance that has any (CMB-PLAN-3),
    else the unconquered ones no path connects (CMB-PLAN-4). Only the tiles
    up to the nearest unconquered distance are looked at (``_layout``)."""
    tiles = dungeon.tiles
    connected, loose = _layout(tuple([t.square for t in tiles]))  # ``Dungeon.squares`` in the order of the tiles (a tuple hashes faster)
    nearest: list[Tile] = []
    least = -1  # the distance of the nearest unconquered tile, once found
    for i, d in connected:
        if least >= 0 and d > least:
            break
        t = tiles[i]
        if not t.conquered:
            least = d
            nearest.append(t)
    if nearest:
        return nearest
    return [tiles[i] for i in loose if not tiles[i].conquered]


def _trap_cost(traps: Sequence[str], ground: BattleGround) -> tuple[int, int, int]:
    """CMB-PLAN-6: (gold, food, imps) a set of traps costs on ``ground``, surcharge included."""
    return _cost(traps, ground.surcharge)


def _cost(traps: Sequence[str], surcharge: int) -> tuple[int, int, int]:
    data = [TRAP_COMBAT[t] for t in traps]
    return (
        surcharge * len(traps) + sum(t.gold for t in data),
        sum(t.food for t in data),
        sum(t.imps for t in data),
    )


def _affordable(player: PlayerState, cost: tuple[int, int, int]) -> bool:
    return player.gold >= cost[0] and player.food >= cost[1] and player.imps >= cost[2]


def _multisets(counts: dict[str, int], most: int) -> tuple[tuple[str, ...], ...]:
    """Every sorted multiset of at most ``most`` keys drawn from ``counts``."""
    return _multisets_of(tuple(sorted(counts.items())), most)


@functools.lru_cache(maxsize=1024, typed=True)
def _multisets_of(items: tuple[tuple[str, int], ...], most: int) -> tuple[tuple[str, ...], ...]:
    counts = dict(items)
    keys = sorted(counts)
    out: list[tuple[str, ...]] = [()]
    for size in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(keys, size):
            if all(combo.count(k) <= counts[k] for k in set(combo)):
                out.append(combo)
    return tuple(out)


_Sendable = tuple[tuple[tuple[int, ...], ...], int]
"""The monster sets of a lair and the serial number of that answer (``_sendable_from``)."""

_SENDABLE: Final[dict[tuple[tuple[tuple[str, bool], ...], int], _Sendable]] = kept({})
"""``_sendable_from`` of the lairs met lately (at most 1024: memory stays flat)."""

_SERIALS: Final = itertools.count()
"""Numbers the answers of ``_sendable_from``: never twice the same, and the
same from run to run (an ``id`` would make the instruction count of a game,
benchmarks/instructions.py, depend on where the memory lies)."""


def _sendable_from(lair: tuple[tuple[str, bool], ...], limit: int) -> _Sendable:
    """CMB-3, CMB-PLAN-5, LIB-CMB-2: the ready monsters and ghosts of ``lair``
    (each monster's kind and whether it is face up) that may be sent, at most
    ``limit`` monsters (ghosts aside), as sorted indices; of alike monsters
    the first ones are named (``_sendable_made``, remembered); with the
    serial number of that answer, which ``_tile_plans`` keys on."""
    key = (lair, limit)
    found = _SENDABLE.get(key)
    if found is None:
        if len(_SENDABLE) >= 1024:
            _SENDABLE.clear()
        found = _SENDABLE[key] = (_sendable_made(lair, limit), next(_SERIALS))
    return found


def _sendable_made(lair: tuple[tuple[str, bool], ...], limit: int) -> tuple[tuple[int, ...], ...]:
    by_kind: dict[str, list[int]] = {}
    ghosts: list[int] = []
    for i, (kind, ready) in enumerate(lair):
        if ready:
            (ghosts if MONSTERS[kind].ghost else by_kind.setdefault(kind, [])).append(i)
    out: list[tuple[int, ...]] = []
    for combo in _multisets({k: len(v) for k, v in by_kind.items()}, limit):
        chosen = [by_kind[k][: combo.count(k)] for k in set(combo)]
        base = [i for group in chosen for i in group]
        for g in range(len(ghosts) + 1):
            out.append(tuple(sorted(base + ghosts[:g])))
    return tuple(out)


def _plans(seat: int, player: PlayerState) -> tuple[Move, ...]:
    """CMB-REF-2: every legal plan: on each battle tile, each affordable set
    of trap cards with each set of monsters that may be sent (CMB-PLAN-2..6).
    Not cached as a whole (gold, food and imps make nearly every player's
    situation new); its parts are."""
    traps = player.traps
    lair = tuple([(m.kind, m.ready) for m in player.monsters])  # ``_sendable_from``'s key (plain tuples hash faster than records), made once for every tile
    have_gold, have_food, have_imps = player.gold, player.food, player.imps
    out: tuple[Move, ...] = ()
    for tile in _battle_tiles(player.dungeon):
        ground = ground_of(tile)
        played = tuple(
            [
                ts
                for ts, (gold, food, imps) in _trap_costs(traps, ground.traps, ground.surcharge)
                if have_gold >= gold and have_food >= food and have_imps >= imps
            ]
        )
        sends, serial = _sendable_from(lair, ground.monsters)
        moves = _tile_plans(seat, tile.square, played, sends, serial)
        out = out + moves if out else moves
    return out


_TILE_PLANS: Final[dict[tuple[int, Square, tuple[tuple[str, ...], ...], int], tuple[PlanDefence, ...]]] = kept({})
"""``_tile_plans`` met lately, keyed by the serial number of the monster
sets (``_sendable_from``'s answer, which can be long: hashing it on every
call cost more than the rest of the key; a serial is never given twice, so
it stands for those very sets)."""


def _tile_plans(seat: int, square: Square, played: tuple[tuple[str, ...], ...], sends: tuple[tuple[int, ...], ...], serial: int) -> tuple[PlanDefence, ...]:
    """The plans of ``seat`` on the battle tile ``square``: each set of trap
    cards in ``played`` with each set of monsters in ``sends`` (``serial``:
    its number, ``_sendable_from``), in that order; the same moves
    (immutable values) whenever the same situation comes back. At most 4096
    kept (memory stays flat); a seat or square that is not plain ints
    (a state built by hand) is answered without the caches (``plain_square``)."""
    if type(seat) is not int or not plain_square(square):
        return tuple([PlanDefence(seat, square, ts, ms) for ts in played for ms in sends])
    key = (seat, square, played, serial)
    found = _TILE_PLANS.get(key)
    if found is not None:
        return found
    made: list[PlanDefence] = []
    for ts in played:
        for ms in sends:
            move_key = (seat, square, ts, ms)
            move = _PLAN_DEFENCES.get(move_key)
            if move is None:
                if len(_PLAN_DEFENCES) >= 8192:
                    _PLAN_DEFENCES.clear()
                move = _PLAN_DEFENCES[move_key] = PlanDefence(seat, square, ts, ms)
            made.append(move)
    moves = tuple(made)
    if len(_TILE_PLANS) >= 4096:
        _TILE_PLANS.clear()
    _TILE_PLANS[key] = moves
    return moves


_PLAN_DEFENCES: Final[dict[tuple[int, Square, tuple[str, ...], tuple[int, ...]], PlanDefence]] = kept({})
"""Each ``PlanDefence`` made lately, by its fields: a new list of plans
(another hand, another lair) mostly repeats moves met before, and a dict
look-up costs less than an attrs record's ``__init__`` (moves are
immutable values). At most 8192 kept (memory stays flat)."""


_TRAP_COSTS: Final[dict[tuple[tuple[str, ...], int, int], tuple[tuple[tuple[str, ...], tuple[int, int, int]], ...]]] = kept({})
"""``_trap_costs`` of the hands met lately (at most 1024: memory stays flat)."""


def _trap_costs(traps: tuple[str, ...], most: int, surcharge: int) -> tuple[tuple[tuple[str, ...], tuple[int, int, int]], ...]:
    """CMB-PLAN-5, CMB-PLAN-6: each sorted set of at most ``most`` of the
    trap cards held, with its (gold, food, imps), ``surcharge`` per card
    included (``_trap_costs_made``, remembered)."""
    key = (traps, most, surcharge)
    found = _TRAP_COSTS.get(key)
    if found is None:
        if len(_TRAP_COSTS) >= 1024:
            _TRAP_COSTS.clear()
        found = _TRAP_COSTS[key] = _trap_costs_made(traps, most, surcharge)
    return found


def _trap_costs_made(traps: tuple[str, ...], most: int, surcharge: int) -> tuple[tuple[tuple[str, ...], tuple[int, int, int]], ...]:
    counts: dict[str, int] = {}
    for t in traps:
        counts[t] = counts.get(t, 0) + 1
    return tuple((ts, _cost(ts, surcharge)) for ts in _multisets(counts, most))


def _releases(seat: int, player: PlayerState) -> tuple[Move, ...]:
    """CMB-END-3, LIB-CMB-2: one move per kind of prisoner (the first of alike ones)."""
    return tuple(ReleasePrisoner(seat, i) for i, key in enumerate(player.prison) if player.prison.index(key) == i)


def _plan_violation(state: GameState, seat: int, move: PlanDefence) -> Violation:
    player = state.players[seat]
    tiles = battle_tiles(player.dungeon)
    tile = player.dungeon.at(move.tile)
    if tile is None or move.tile not in tiles:
        names = ", ".join(square_name(sq) for sq in tiles)
        distance = walking_distances(player.dungeon.squares)
        where = "is not a tile of your dungeon" if tile is None else (
            "is conquered" if tile.conquered else f"is {distance.get(move.tile, '?')} steps in, farther than the nearest"
        )
        return Violation("CMB-2", f"{square_name(move.tile)} {where}; the battle tile must be one of the nearest unconquered: {names} (CMB-PLAN-3)")
    ground = ground_of(tile)
    if len(move.traps) > ground.traps:
        return Violation("CMB-3", f"a {ground.name} takes at most {plural(ground.traps, 'trap card')}, not {len(move.traps)}")
    if tuple(sorted(move.traps)) != move.traps:
        return Violation("LIB-CMB-2", f"name the trap cards in sorted order: {tuple(sorted(move.traps))}")
    for t in set(move.traps):
        if move.traps.count(t) > player.traps.count(t):
            return Violation("CMB-PLAN-5", f"you hold {player.traps.count(t)} {t!r} trap card(s), not {move.traps.count(t)}")
    gold, food, imps = _trap_cost(move.traps, ground)
    if not _affordable(player, (gold, food, imps)):
        return Violation(
            "CMB-PLAN-6",
            f"these traps cost {gold} gold, {food} food and {imps} imps on a {ground.name} (surcharge included); "
            f"you have {player.gold} gold, {player.food} food and {player.imps} imps",
        )
    if tuple(sorted(set(move.monsters))) != move.monsters:
        return Violation("LIB-CMB-2", "name the monsters sent as sorted, different indices")
    for i in move.monsters:
        if not 0 <= i < len(player.monsters):
            return Violation("CMB-PLAN-5", f"you have {len(player.monsters)} monsters (1 to {len(player.monsters)}), not {i + 1}")
        if not player.monsters[i].ready:
            return Violation("CMB-PLAN-5", f"your {MONSTERS[player.monsters[i].kind].name} ({i + 1}) is knocked out and cannot be sent")
    real = _monsters_only(player, move.monsters)
    if len(real) > ground.monsters:
        return Violation("CMB-3", f"a {ground.name} takes at most {ground.monsters} monster(s) (ghosts aside), not {len(real)}")
    return Violation("LIB-CMB-2", "of alike monsters (or ghosts) name the first ones in your lair")


_SET_PLANS_POSITION: Final = setter(Fight, "plans", "position")
_SET_TRAPS_GOLD: Final = setter(PlayerState, "traps", "gold")
_SET_PLAYERS_FIGHT: Final = setter(GameState, "players", "fight")
_SET_PLAN: Final = setter(Plan, "tile", "traps", "monsters", "gold")
_BLANK_PLAN: Final = Plan((0, 0))
"""Copied with every field set by ``_SET_PLAN``: the same ``Plan`` as its ``__init__`` builds, about twice as fast."""


def _plan(state: GameState, move: PlanDefence) -> GameState:
    """CMB-PLAN-5, CMB-PLAN-6, CMB-PLAN-9: trap cards leave the hand face down
    with the room's gold on them; monsters and ghosts are sent face up."""
    seat = move.seat
    p = state.players[seat]
    gold = ground_of(_tile(state, seat, move.tile)).surcharge * len(move.traps) if move.traps else 0
    f = _fight(state)
    plans = replaced(f.plans, seat, _SET_PLAN(_BLANK_PLAN, move.tile, move.traps, move.monsters, gold))  # ``Plan(...)``, built faster
    if narrating():
        sent = ", ".join(MONSTERS[p.monsters[i].kind].name for i in move.monsters) or "no monster"
        extra = f" with {gold} gold on {'it' if len(move.traps) == 1 else 'them'}" if gold else ""
        announce(
            "plan",
            f"Player {seat + 1} defends {square_name(move.tile)}: {plural(len(move.traps), 'trap card') if move.traps else 'no trap card'} face down{extra}; sends {sent}.",
            seat,
            tile=square_data(move.tile),
            trap_cards=len(move.traps),  # face down: which ones is secret (CMB-PLAN-5, LIB-TX-1)
            gold=gold,
            monsters=[p.monsters[i].kind for i in move.monsters],
            sent=list(move.monsters),
        )
    fight = _SET_PLANS_POSITION(f, plans, f.position + 1)
    if not move.traps:
        return _SET_STATE_FIGHT(state, fight)  # the lord's own record does not change
    traps = list(p.traps)
    for t in move.traps:
        traps.remove(t)
    player = _SET_TRAPS_GOLD(p, tuple(traps), p.gold - gold)
    return _SET_PLAYERS_FIGHT(state, replaced(state.players, seat, player), fight)  # one copy


def _release(state: GameState, seat: int, index: int) -> GameState:
    """CMB-END-3: a prisoner goes to the Distant Lands (it will not score)."""
    p = state.players[seat]
    key = p.prison[index]
    if narrating():
        announce("release", f"Player {seat + 1} has no unconquered tile and releases {_name(Adventurer(key))} to the Distant Lands (CMB-END-3).", seat, adventurer=key, prisoner=index)
    state = update_player(state, seat, prison=p.prison[:index] + p.prison[index + 1 :])
    f = _fight(state)
    return evolve(state, far_lands=state.far_lands + (key,), fight=evolve(f, position=f.position + 1))
