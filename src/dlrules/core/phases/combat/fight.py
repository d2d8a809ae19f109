"""Where the combat stands, and the battle ground: the shared helpers at the
bottom of the combat package (every other module of it may import this one;
it imports none of them).

Owns: the fight's records (``Fight``, its ``Battle``, the round's card,
CMB-CARD-3; the defenders' plans), what a battle tile allows (CMB-3,
CMB-ROOM-1, CMB-ROOM-2; a conquered room has lost its function, CMB-CONQ-4,
LIB-CMB-8), the bonus room of a monster's attack (CMB-MON-7, R-1, R-2),
monsters as opposed to ghosts (CMB-SPELL-6) and knocking monsters out
(CMB-MON-4, CMB-MON-8); and ``Run``, the values a run of combat steps works
on, written to the state once (issue 25).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from dlrules.components import MONSTERS
from dlrules.components.combat import MONSTER_COMBAT, ROOM_BONUS, BattleGround, battle_ground
from dlrules.components.setup import PALADIN_SPACE
from dlrules.core.memo import kept
from dlrules.core.phases.common import _SET_EVIL, _SET_MONSTERS, in_play_order, march_evil, narrating, paladin_after
from dlrules.core.state import Adventurer, Battle, Decks, Dungeon, Fight, GameState, Monster, Plan, PlayerState, Square, Tile, evolve, setter


_SET_FIGHT: Final = setter(Fight, "round", "stage", "position", "plans", "battle", "paladin", "paladin_gone")
_SET_STATE_FIGHT: Final = setter(GameState, "fight")
"""A state with a new ``Fight`` (planning and the plan phase's passing lords)."""
_SET_RUN: Final = setter(GameState, "players", "paladin", "trap_discard", "far_lands", "combat", "spied", "decks", "fight")
"""The fields a run writes (``Run.written``), stored without a dict of changes."""


class Run:
    """The values a run of combat steps works on (issue 25): read from the
    state once, changed by the steps, and written to a new state once
    (``written``), where a decision stops the run. A run lives inside one
    ``play`` or ``auto`` call and is never part of a state; the records it
    holds (each player, the plans, the battle, the paladin) stay immutable
    and are replaced, never changed. ``battle`` is always the battle as it
    now stands; ``holder`` is ``GameState.paladin``; ``paladin`` and
    ``gone`` are ``Fight.paladin`` and ``Fight.paladin_gone``."""

    __slots__ = ("narrate", "state", "order", "players", "plans", "position", "stage", "round", "battle", "paladin", "gone", "holder", "discard", "far_lands", "combat", "spied", "decks", "_found_in", "_found_at", "_found", "party_of", "party_by", "parties")

    def __init__(self, state: GameState) -> None:
        f = state.fight
        assert f is not None
        self.narrate: bool = narrating()  # someone collects the events (``narrating``; it cannot change during a run)
        self.state = state  # the constants: year, variant, table rulings
        self.order: tuple[int, ...] = in_play_order(state)
        self.players: list[PlayerState] = list(state.players)
        self.plans: tuple[Plan | None, ...] = f.plans
        self.position: int = f.position
        self.stage: str = f.stage
        self.round: int = f.round
        self.battle: Battle | None = f.battle
        self.paladin: Adventurer | None = f.paladin
        self.gone: bool = f.paladin_gone
        self.holder: int | None = state.paladin
        self.discard: tuple[str, ...] = state.trap_discard
        self.far_lands: tuple[str, ...] = state.far_lands
        self.combat: tuple[str | None, ...] = state.combat  # the rounds' cards
        self.spied: tuple[tuple[int, ...], ...] = state.spied  # the cards each seat has seen (``steps._reveal``)
        self.decks: Decks = state.decks
        self._found_in: tuple[Tile, ...] | None = None  # ``tile_at``'s last answer: in these tiles,
        self._found_at: Square | None = None  # for this square,
        self._found: int = 0  # this index
        n = len(self.players)
        self.party_of: list[PlayerState | None] = [None] * n  # ``party._party_in``'s last answer per seat: for this player record,
        self.party_by: list[Adventurer | None] = [None] * n  # with this paladin attacking (None: none),
        self.parties: list[tuple[Adventurer, ...]] = [()] * n  # this party

    def written(self) -> GameState:
        """The state with the run's values, in one copy."""
        state = self.state
        f = state.fight
        assert f is not None
        fight = _SET_FIGHT(f, self.round, self.stage, self.position, self.plans, self.battle, self.paladin, self.gone)
        return _SET_RUN(state, tuple(self.players), self.holder, self.discard, self.far_lands, self.combat, self.spied, self.decks, fight)

    def plan(self, seat: int) -> Plan:
        plan = self.plans[seat]
        assert plan is not None
        return plan

    def tile(self, seat: int) -> Tile:
        """The battle tile of ``seat``'s plan."""
        return self.players[seat].dungeon.tiles[self.tile_at(seat)]

    def tile_at(self, seat: int) -> int:
        """The index of the battle tile of ``seat``'s plan among his dungeon's
        tiles (``Dungeon.at``, looked up in compiled code and remembered
        while the tiles and the square are the same objects: a battle's
        spell, attacks and conquest ask for it in turn)."""
        return self.index_in(self.players[seat].dungeon.tiles, self.plan(seat).tile)

    def index_in(self, tiles: tuple[Tile, ...], square: Square) -> int:
        """``tile_at`` for a caller that holds the seat's ``tiles`` and the
        plan's ``square`` already."""
        if self._found_in is tiles and self._found_at is square:
            return self._found
        at = 0
        for t in tiles:
            if t.square == square:
                break
            at += 1
        assert at < len(tiles)
        self._found_in, self._found_at, self._found = tiles, square, at
        return at

    def at_battle(self) -> Battle:
        b = self.battle
        assert b is not None
        return b


def _paladin_moves(run: Run, holder: int | None) -> None:
    """PAL-9, CMB-PAL-1, CMB-PARTY-7: the paladin changes dungeons at once,
    in the middle of a combat step, to ``holder``'s; his record
    (``run.paladin``) goes with him unchanged, his damage counters included."""
    run.holder = holder


def _move_evil(run: Run, seat: int, delta: int) -> None:
    """``common.move_evil`` on the run's values (RES-8, RES-9, PAL-5, the
    steps in ``common.march_evil``): the state is written once, by the run."""
    if not delta:
        return  # no space to move (and nothing to announce)
    players = run.players
    evils = [p.evil for p in players]
    start = evils[seat]
    holder = march_evil(run.state, evils, seat, delta, run.holder, run.gone)
    end = evils[seat]
    if end != start:
        players[seat] = _SET_EVIL(players[seat], end)
        if holder != run.holder:
            _paladin_moves(run, holder)


_PALADIN_LINE: Final = PALADIN_SPACE.value
"""The paladin space (PAL-2), a constant of this compiled module."""


def _check_paladin(run: Run) -> None:
    """PAL-2, PAL-6..8 (``common.check_paladin``) on the run's values: after
    each single move of a marker in combat, who holds the paladin; he moves
    at once (CMB-BAT-2; ``_paladin_moves``)."""
    if run.gone:
        return  # CMB-PAL-3: he never moves again (``paladin_after``'s first answer, without the list of evils)
    line = _PALADIN_LINE
    for p in run.players:
        if p.evil >= line:
            break
    else:
        return  # PAL-2, PAL-7: he goes only to a lord on or above the paladin space; with none, ``paladin_after`` answers the holder (tests/test_combat_run.py)
    holder = paladin_after(run.state, [p.evil for p in run.players], run.holder, run.gone)
    if holder != run.holder:
        _paladin_moves(run, holder)


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
    conquered room has lost its function (CMB-CONQ-4, LIB-CMB-8)
    (``battle_ground``, remembered per room, conquered or not:
    components are constants)."""
    room = tile.room
    conquered = tile.conquered
    grounds = _CONQUERED_GROUNDS if conquered else _GROUNDS
    found = grounds.get(room)
    if found is None:
        found = battle_ground(room, conquered)
        if len(grounds) < 512:  # rooms are the game's few, unless a state is made by hand with invented ones
            grounds[room] = found
    return found


_GROUNDS: Final[dict[str | None, BattleGround]] = kept({})
_CONQUERED_GROUNDS: Final[dict[str | None, BattleGround]] = kept({})
"""``battle_ground`` of each room (None: a tunnel) met, unconquered and conquered."""


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
    order = in_play_order(state)
    return order[f.position] if f.position < len(order) else None


def _card(state: GameState) -> str | None:
    """The card of this combat round (CMB-CARD-3), if identified."""
    return state.combat[_fight(state).round - 1]


def _monsters_only(player: PlayerState, indices: Sequence[int]) -> tuple[int, ...]:
    """CMB-SPELL-6: spells that speak of monsters leave ghosts alone."""
    return tuple(i for i in indices if not MONSTERS[player.monsters[i].kind].ghost)


def _knock_out(run: Run, seat: int, indices: Sequence[int], *, golem_stays: bool = True) -> None:
    """CMB-MON-4, CMB-MON-8: face down in the lair (a Golem goes back face up)."""
    p = run.players[seat]
    run.players[seat] = _SET_MONSTERS(p, _knocked_out(p.monsters, indices, golem_stays=golem_stays))


def _knocked_out(monsters: tuple[Monster, ...], indices: Sequence[int], *, golem_stays: bool = True) -> tuple[Monster, ...]:
    return tuple([_SET_READY(m, golem_stays and m.kind == "golem") if i in indices else m for i, m in enumerate(monsters)])


_SET_READY: Final = setter(Monster, "ready")


def _left_over(p: PlayerState, b: Battle, surcharge: int) -> tuple[tuple[Monster, ...], tuple[str, ...], int]:
    """CMB-MON-8, CMB-TRAP-9: the monsters, trap cards and gold of the
    defender ``p`` when the battle ``b`` ends: the monsters still sent
    knocked out, the trap cards not revealed back in his hand with their
    ``surcharge`` of gold each (``_SET_LEFT_OVER`` writes them)."""
    monsters = _knocked_out(p.monsters, b.sent) if b.sent else p.monsters  # CMB-MON-8: acted or not
    traps = b.traps
    if traps:  # CMB-TRAP-9: back to his hand, the surcharge refunded
        return monsters, p.traps + traps, p.gold + surcharge * len(traps)
    return monsters, p.traps, p.gold


_SET_LEFT_OVER: Final = setter(PlayerState, "monsters", "traps", "gold")
_SET_SENT: Final = setter(Battle, "sent")
_SET_AIMING: Final = setter(Battle, "aiming")
_SET_SHIELD: Final = setter(Battle, "shield")
"""A battle with the monsters still sent, the trap or attack aiming, the
Magic Shield's points left (the steps that change them share these)."""
_SET_PLAN_TRAPS: Final = setter(Plan, "traps")
"""A plan with its trap cards gone to the battle (``steps._start_battle``, ``conquest._last_steps``)."""


def _one(index: int, amount: int) -> list[int]:
    return [0] * index + [amount]


def _attack_damage(run: Run, seat: int, kind: str, base: int) -> int:
    """CMB-MON-7, R-1, R-2: +1 when fought in the monster's bonus room (``_in_bonus_room``)."""
    return base + ROOM_BONUS.value if _in_bonus_room(run.tile(seat), kind) else base


def _in_bonus_room(tile: Tile, kind: str) -> bool:
    """CMB-ROOM-1, CMB-ROOM-2: a combat room changes only a battle fought on
    that very room, unconquered: a monster's bonus room counts where the
    battle is in it, and no other room (a year-1 room, a scoring room, the
    other bonus room) adds anything."""
    return tile.room is not None and tile.room == MONSTER_COMBAT[kind].bonus_room and not tile.conquered
