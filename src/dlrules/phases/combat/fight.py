"""Where the combat stands, and the battle ground: the shared helpers at the
bottom of the combat package (every other module of it may import this one;
it imports none of them).

Owns: the fight's records (``Fight``, its ``Battle``, the round's card,
CMB-CARD-3; the defenders' plans), what a battle tile allows (CMB-3,
CMB-ROOM-1, CMB-ROOM-2; a conquered room has lost its function, CMB-CONQ-4,
LIB-CMB-8), the bonus room of a monster's attack (CMB-MON-7, R-1, R-2),
monsters as opposed to ghosts (CMB-SPELL-6) and knocking monsters out
(CMB-MON-4, CMB-MON-8).
"""

from __future__ import annotations

from collections.abc import Sequence

from dlrules.components import MONSTERS
from dlrules.components.combat import MONSTER_COMBAT, ROOM_BONUS, BattleGround, battle_ground
from dlrules.phases.common import update_player
from dlrules.state import Battle, Dungeon, Fight, GameState, Monster, Plan, PlayerState, Square, Tile, evolve


def _fight(state: GameState) -> Fight:
    assert state.fight is not None
    return state.fight


def _battle(state: GameState) -> Battle:
    b = _fight(state).battle
    assert b is not None
    return b


def _set_battle(state: GameState, battle: Battle | None) -> GameState:
    return evolve(state, fight=evolve(_fight(state), battle=battle))


def ground_of(tile: Tile) -> BattleGround:
    """CMB-3, CMB-ROOM-1, CMB-ROOM-2: what the battle tile allows; a
    conquered room has lost its function (CMB-CONQ-4, LIB-CMB-8)."""
    return battle_ground(tile.room, tile.conquered)


def _open_tile_left(dungeon: Dungeon) -> bool:
    """CMB-END-3: the dungeon has a tile not conquered yet (else its lord
    releases a prisoner instead of planning)."""
    for t in dungeon.tiles:
        if not t.conquered:
            return True
    return False


def _tile(state: GameState, seat: int, square: Square) -> Tile:
    tile = state.players[seat].dungeon.at(square)
    assert tile is not None
    return tile


def _seat_at(state: GameState) -> int | None:
    f = _fight(state)
    order = state.player_order()
    return order[f.position] if f.position < len(order) else None


def _card(state: GameState) -> str | None:
    """The card of this combat round (CMB-CARD-3), if identified."""
    return state.combat[_fight(state).round - 1]


def _monsters_only(player: PlayerState, indices: Sequence[int]) -> tuple[int, ...]:
    """CMB-SPELL-6: spells that speak of monsters leave ghosts alone."""
    return tuple(i for i in indices if not MONSTERS[player.monsters[i].kind].ghost)


def _knock_out(state: GameState, seat: int, indices: Sequence[int], *, golem_stays: bool = True) -> GameState:
    """CMB-MON-4, CMB-MON-8: face down in the lair (a Golem goes back face up)."""
    return update_player(state, seat, monsters=_knocked_out(state.players[seat].monsters, indices, golem_stays=golem_stays))


def _knocked_out(monsters: tuple[Monster, ...], indices: Sequence[int], *, golem_stays: bool = True) -> tuple[Monster, ...]:
    return tuple(evolve(m, ready=golem_stays and m.kind == "golem") if i in indices else m for i, m in enumerate(monsters))


def _left_over(p: PlayerState, b: Battle, surcharge: int) -> dict[str, object]:
    """CMB-MON-8, CMB-TRAP-9: the changes of the defender ``p`` when the
    battle ``b`` ends: the monsters still sent knocked out, the trap cards
    not revealed back in his hand with their ``surcharge`` of gold each."""
    changes: dict[str, object] = {}
    if b.sent:
        changes["monsters"] = _knocked_out(p.monsters, b.sent)
    if b.traps:
        changes.update(traps=p.traps + b.traps, gold=p.gold + surcharge * len(b.traps))
    return changes


def _one(index: int, amount: int) -> list[int]:
    return [0] * index + [amount]


def _plan_of(state: GameState, seat: int) -> Plan:
    plan = _fight(state).plans[seat]
    assert plan is not None
    return plan


def _attack_damage(state: GameState, seat: int, kind: str, base: int) -> int:
    """CMB-MON-7, R-1, R-2: +1 in the monster's bonus room, unconquered."""
    tile = _tile(state, seat, _plan_of(state, seat).tile)
    bonus = ROOM_BONUS.value if tile.room is not None and tile.room == MONSTER_COMBAT[kind].bonus_room and not tile.conquered else 0
    return base + bonus
