"""Production (PROD-1..4, Y2-2, RUL-5): imps and troll tokens staff rooms.

The referee takes the players one by one from the first player (RUL-5: the
order decides the paladin and the trap draws from the shared deck). The acting
player activates rooms one at a time (``ActivateRoom``) and closes with
``FinishProduction``, also when no room can be activated (LIB-PROD-1). A
Workshop's trap card is a chance draw ``Draw("traps", card)`` owed to the
acting player before anyone goes on. The Tool Shed digs with the geometry of
``dlrules.core.dungeon`` (ACT-DIG-5, ACT-DIG-6).
"""

from __future__ import annotations

import functools
from typing import Final

from dlrules.components import ROOMS, Produce, RoomKind
from dlrules.core.dungeon import GRID, dig_squares, dig_violation, neighbours, plain_square, square_name, with_tunnel
from dlrules.core.errors import Violation
from dlrules.core.moves import ActivateRoom, Draw, FinishProduction, Move
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.common import announce, move_evil, narrating, plural, replaced, seat_only, square_data, turn_seat, with_player
from dlrules.core.phases.round_start import draws
from dlrules.core.state import CHANCE, Decks, Dungeon, GameState, Phase, PlayerState, Square, Tile, Turn, setter

_NOTHING: Final = Produce.NOTHING
_FOOD: Final = Produce.FOOD
_GOLD: Final = Produce.GOLD
_IMP: Final = Produce.IMP
_EVIL_DOWN: Final = Produce.EVIL_DOWN
_TUNNEL: Final = Produce.TUNNEL
_TRAP: Final = Produce.TRAP
"""What rooms produce (``Produce``), read as C statics in the compiled
build (a member read through its enum class is a lookup each time)."""

# --- geometry -------------------------------------------------------------------


def tool_shed_squares(dungeon: Dungeon) -> tuple[Square, ...]:
    """Where a Tool Shed may dig its tunnel (PROD-1: "ACT-DIG rules apply"):
    the squares where a tunnel may be dug now (ACT-DIG-5, ACT-DIG-6), grid order."""
    return dig_squares(dungeon.squares)


# --- what a room needs ------------------------------------------------------------


def activations_per_round(state: GameState) -> int:
    """PROD-3 (year 1: each room at most once a round; see its ruling) and
    Y2-2 (year 2: each year-1 room twice, each time with its own imps)."""
    return 1 if state.year == 1 else 2


def free_trolls(player: PlayerState) -> int:
    """PROD-2: troll tokens not yet working in a room this round: the
    ``PlayerState.trolls`` (ACT-MON-5: one per troll hired), counted here in
    a plain loop, which the compiled build runs without calling the
    property's generator (tests/test_building_fast_paths.py checks both agree)."""
    trolls = 0
    for monster in player.monsters:
        if monster.kind == "troll":
            trolls += 1
    return trolls - player.busy_trolls


def _room_kind(tile: Tile) -> RoomKind:
    assert tile.room is not None
    return ROOMS[tile.room]


def _crew_options(player: PlayerState, need: int) -> range:
    """PROD-1/PROD-2: the numbers of troll tokens that can staff a room needing
    ``need`` workers, with free imps doing the rest."""
    return _crews(need, player.free_imps, free_trolls(player))


def _crews(need: int, imps: int, trolls: int) -> range:
    """``_crew_options`` with ``imps`` free imps and ``trolls`` free troll tokens."""
    return range(max(0, need - imps), min(need, trolls) + 1)


def _room_problem(state: GameState, seat: int, tile: Tile, crew: bool = True) -> str | None:
    """The one test of whether the room on ``tile`` can produce now, shared
    by ``_room_blocked`` (which words the refusal) and ``_activations`` (which
    only needs yes or no, and so writes no sentence for each room): None when
    it can; otherwise the rule it breaks (``"PROD-1 food"`` and ``"PROD-1
    crew"`` told apart)."""
    player = state.players[seat]
    kind = _room_kind(tile)
    squares = tool_shed_squares(player.dungeon) if kind.produce is _TUNNEL else ()
    return _problem(state, player, tile, kind, squares, crew)


def _problem(
    state: GameState, player: PlayerState, tile: Tile, kind: RoomKind, squares: tuple[Square, ...], crew: bool
) -> str | None:
    """``_room_problem`` with the acting ``player``, the room's ``kind`` and,
    for a Tool Shed, where it may dig (``squares``), found by the caller."""
    produce = kind.produce
    if produce is _NOTHING:  # Y2-4, Y2-17: year-2 rooms act only in combat and scoring
        return "Y2-4"
    if tile.conquered:
        return "Y2-5"
    if player.rooms_used.count(tile.square) >= activations_per_round(state):
        return "PROD-3" if state.year == 1 else "Y2-2"
    if player.food < kind.food_input:
        return "PROD-1 food"
    if produce is _TRAP and state.decks.traps.size == 0:
        return "LIB-PROD-2"
    if produce is _TUNNEL and not squares:
        return "ACT-DIG"
    if crew and not _crew_options(player, kind.imps):
        return "PROD-1 crew"
    return None


def _room_blocked(state: GameState, seat: int, tile: Tile, crew: bool = True) -> Violation | None:
    """Why the room on ``tile`` cannot produce at all now (with ``crew``: also
    when too few free imps and troll tokens are left to staff it)."""
    problem = _room_problem(state, seat, tile, crew)
    if problem is None:
        return None
    player = state.players[seat]
    kind = _room_kind(tile)
    where = f"the {kind.name} at {square_name(tile.square)}"
    if problem == "Y2-4":
        return Violation("Y2-4", f"{where} is a year-2 room: it produces nothing")
    if problem == "Y2-5":
        return Violation("Y2-5", f"{where} has been conquered: it cannot be used")
    if problem == "PROD-3":
        return Violation("PROD-3", f"in the first year each room produces at most once a round; {where} has already produced")
    if problem == "Y2-2":
        used = player.rooms_used.count(tile.square)
        return Violation("Y2-2", f"in the second year each room produces at most twice a round; {where} has produced {plural(used, 'time')}")
    if problem == "PROD-1 food":
        return Violation("PROD-1", f"{where} needs {kind.food_input} food besides its imps; you have {player.food}")
    if problem == "LIB-PROD-2":
        return Violation("LIB-PROD-2", f"{where} cannot produce: the trap deck is empty")
    if problem == "ACT-DIG":
        return _no_dig_square(where, player.dungeon)
    return Violation(
        "PROD-1",
        f"{where} needs {plural(kind.imps, 'worker')}; you have {plural(player.free_imps, 'free imp')} and {plural(free_trolls(player), 'free troll token')}",
    )


def _no_dig_square(where: str, dungeon: Dungeon) -> Violation:
    """Why a Tool Shed has nowhere to dig: every empty square next to the
    dungeon would complete a 2x2 block (ACT-DIG-6), or there is none (ACT-DIG-5)."""
    filled = dungeon.squares
    beside = [s for s in GRID if s not in filled and any(n in filled for n in neighbours(s))]
    if beside:
        return Violation(
            "ACT-DIG-6",
            f"{where} cannot dig: each of the {len(beside)} empty squares next to your dungeon would fill a 2x2 block",
        )
    return Violation("ACT-DIG-5", f"{where} cannot dig: no empty square of the grid shares a side with your dungeon")


_FEWEST_WORKERS: Final[int] = min(k.imps for k in ROOMS.values() if k.produce is not _NOTHING)
"""PROD-1: the fewest workers (imps and troll tokens) any producing room needs."""


def _activations(state: GameState, seat: int) -> tuple[Move, ...]:
    """PROD-1..3: every way to activate a room now, then ``FinishProduction``
    (LIB-PROD-1)."""
    player = state.players[seat]
    rooms = [t for t in player.dungeon.tiles if t.room is not None]  # ``Dungeon.rooms``
    if not rooms:
        return _finish_only(seat)  # the common case: no room yet; shared between states
    imps = player.free_imps
    trolls = free_trolls(player)
    if imps + trolls < _FEWEST_WORKERS:
        # PROD-1: every room needs more workers than are free (``_crew_options``
        # is empty for each), the common case once the imps are at work; the
        # same answer as asking room by room (tests/test_production.py).
        return _finish_only(seat)
    moves: list[Move] = []
    for tile in rooms:
        kind = _room_kind(tile)
        squares: tuple[Square, ...] = ()
        targets: tuple[Square | None, ...] = (None,)  # a room that digs nowhere
        if kind.produce is _TUNNEL:
            targets = squares = tool_shed_squares(player.dungeon)
        if _problem(state, player, tile, kind, squares, False) is not None:
            continue
        square = tile.square
        for crew in _crews(kind.imps, imps, trolls):  # empty: "PROD-1 crew", the problem's last test
            moves += [_activate_room(seat, square, crew, target) for target in targets]
    moves += _finish_only(seat)
    return tuple(moves)


_shared_activate_room: Final = functools.lru_cache(maxsize=4096, typed=True)(ActivateRoom)


def _activate_room(seat: int, square: Square, trolls: int, target: Square | None) -> ActivateRoom:
    """The ``ActivateRoom`` moves, shared between states (moves are
    immutable); a square that is not plain ints (a state built by hand:
    ``typed`` does not look inside a tuple) gets a move of its own."""
    if plain_square(square) and (target is None or plain_square(target)):
        return _shared_activate_room(seat, square, trolls, target)
    return ActivateRoom(seat, square, trolls, target)


@functools.lru_cache(maxsize=64, typed=True)
def _finish_only(seat: int) -> tuple[Move, ...]:
    """``FinishProduction`` alone as a legal-move list, shared between states."""
    return (FinishProduction(seat),)


# --- who moves and what is legal ---------------------------------------------------


_CHANCE_ONLY: Final[frozenset[int]] = frozenset({CHANCE})


_NOBODY: Final[frozenset[int]] = frozenset()


def to_move(state: GameState) -> frozenset[int]:
    turn = state.turn
    if turn is None:
        return _NOBODY
    if turn.draws > 0:
        return _CHANCE_ONLY
    seat = turn_seat(state)
    return _NOBODY if seat is None else seat_only(seat)  # None: everyone has finished


def legal(state: GameState) -> tuple[Move, ...]:
    turn = state.turn
    if turn is None:
        return ()
    if turn.draws > 0:
        return draws(state.decks.traps, "traps")
    seat = turn_seat(state)
    return () if seat is None else _activations(state, seat)  # None: everyone has finished


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if isinstance(move, Draw):
        if move.deck != "traps":
            return (Violation("PROD-1", f"a Workshop draws from the trap deck, not from {move.deck}"),)
        return (Violation("PROD-1", f"{move.card!r} is not among the cards left in the trap deck"),)
    if not isinstance(move, ActivateRoom):
        return ()
    player = state.players[move.seat]
    tile = player.dungeon.at(move.room)
    if tile is None or tile.room is None:
        what = "a tunnel" if tile is not None else "no tile"
        return (Violation("PROD-1", f"only rooms produce; at {move.room} you have {what}"),)
    kind = _room_kind(tile)
    blocked = _room_blocked(state, move.seat, tile, crew=False)
    if blocked is not None:
        return (blocked,)
    out: list[Violation] = []
    if move.trolls < 0:
        out.append(Violation("PROD-2", f"a number of troll tokens cannot be negative ({move.trolls})"))
    elif move.trolls > kind.imps:
        out.append(Violation("PROD-2", f"the {kind.name} needs {plural(kind.imps, 'worker')}; you sent {plural(move.trolls, 'troll token')}"))
    elif move.trolls > free_trolls(player):
        out.append(
            Violation("PROD-2", f"you sent {move.trolls} troll tokens; you have {free_trolls(player)} free (trolls: {player.trolls}, already working: {player.busy_trolls})")
        )
    else:
        imps = kind.imps - move.trolls
        if imps > player.free_imps:
            out.append(
                Violation(
                    "PROD-1",
                    f"the {kind.name} needs {plural(imps, 'imp')} besides {plural(move.trolls, 'troll token')}; you have {player.free_imps} free "
                    f"({plural(player.imps, 'imp')}, {player.busy_imps} dug, mined or produced, {player.foreimps} supervised)",
                )
            )
    if kind.produce is _TUNNEL:
        out.extend(_explain_dig(player.dungeon, move.target))
    elif move.target is not None:
        out.append(Violation("PROD-1", f"only the Tool Shed digs a tunnel; the {kind.name} takes no target square"))
    return tuple(out)


def _explain_dig(dungeon: Dungeon, target: Square | None) -> tuple[Violation, ...]:
    if target is None:
        return (Violation("PROD-1", "the Tool Shed digs one tunnel: say where (target)"),)
    found = dig_violation(dungeon.squares, target)  # ACT-DIG-5, ACT-DIG-6
    return () if found is None else (found,)


# --- changes --------------------------------------------------------------------------


_FRESH_TURNS: Final[tuple[Turn, ...]] = tuple(Turn(position=k) for k in range(8))
"""RUL-5: a fresh turn for each player position, shared between states
(records are immutable; see ``_fresh_turn``)."""


def _fresh_turn(position: int) -> Turn:
    """``Turn(position=position)``: the player at ``position`` produces, with
    nothing activated yet (RUL-5); the shared record when there is one."""
    return _FRESH_TURNS[position] if position < len(_FRESH_TURNS) else Turn(position=position)


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """The first player produces first (RUL-5)."""
    return _SET_TURN_PHASE(state, _FRESH_TURNS[0], state.phase if phase is None else phase)  # RS-2, in the same copy


_SET_TURN: Final = setter(GameState, "turn")
_SET_TURN_PHASE: Final = setter(GameState, "turn", "phase")
_SET_DRAWN: Final = setter(GameState, "decks", "turn", "players")
_SET_TRAP_DECK: Final = setter(Decks, "traps")
_SET_OWED: Final = setter(Turn, "draws")
_SET_TRAPS: Final = setter(PlayerState, "traps")
_SET_STAFFED: Final = setter(PlayerState, "busy_imps", "busy_trolls", "food", "rooms_used")
_SET_STAFFED_GOLD: Final = setter(PlayerState, "busy_imps", "busy_trolls", "food", "rooms_used", "gold")
_SET_STAFFED_IMPS: Final = setter(PlayerState, "busy_imps", "busy_trolls", "food", "rooms_used", "imps")
_SET_STAFFED_DUNGEON: Final = setter(PlayerState, "busy_imps", "busy_trolls", "food", "rooms_used", "dungeon")
_SET_DRAWING: Final = setter(GameState, "players", "turn")
"""The copies each move makes, all its changes at once (``state.setter``)."""


def play(state: GameState, move: Move) -> GameState:
    turn = state.turn
    assert turn is not None
    if isinstance(move, FinishProduction):  # the most common move first
        if narrating():
            announce("production", f"Player {move.seat + 1} finishes production.", move.seat)
        return _SET_TURN(state, _fresh_turn(turn.position + 1))
    if isinstance(move, Draw):
        seat = turn_seat(state)
        assert seat is not None
        # ACT-TRAP-2: the card is private to its owner; the narration does not name it (as Buy Traps).
        if narrating():
            announce("trap", f"Player {seat + 1}'s Workshop makes a trap card (kept face down).", seat, cards=1)
        player = state.players[seat]
        return _SET_DRAWN(
            state,
            _SET_TRAP_DECK(state.decks, state.decks.traps.without(move.card)),
            _SET_OWED(turn, turn.draws - 1),
            replaced(state.players, seat, _SET_TRAPS(player, player.traps + (move.card,))),
        )
    assert isinstance(move, ActivateRoom)
    return _activate(state, move)


def _activate(state: GameState, move: ActivateRoom) -> GameState:
    """PROD-1..3: the crew goes to work and the room makes its product; the
    player's changes are written in one copy of the state."""
    seat = move.seat
    player = state.players[seat]
    tile = player.dungeon.at(move.room)
    assert tile is not None
    kind = _room_kind(tile)
    trolls = move.trolls
    imps = kind.imps - trolls
    busy_imps = player.busy_imps + imps  # PROD-1: they work here for the rest of the round
    busy_trolls = player.busy_trolls + trolls  # PROD-2
    food = player.food - kind.food_input
    rooms_used = player.rooms_used + (move.room,)  # PROD-3, Y2-2
    telling = narrating()
    if telling:
        crew = plural(imps, "imp") + (f" and {plural(trolls, 'troll token')}" if trolls else "")
        facts = {"room": kind.key, "square": square_data(move.room), "imps": imps, "trolls": trolls}
        who = f"Player {seat + 1}'s {kind.name} ({crew})"
    produce = kind.produce
    if produce is _FOOD:
        if telling:
            announce("produce", f"{who} makes 1 food.", seat, **facts, food=1)
        player = _SET_STAFFED(player, busy_imps, busy_trolls, food + 1, rooms_used)
    elif produce is _GOLD:
        if telling:
            announce("produce", f"{who} makes 1 gold.", seat, **facts, gold=1)
        player = _SET_STAFFED_GOLD(player, busy_imps, busy_trolls, food, rooms_used, player.gold + 1)
    elif produce is _IMP:
        # The Magic Room's new imp is free: it may work at once (the component tables).
        if telling:
            announce("produce", f"{who} pays 1 food and makes 1 imp, free to work at once.", seat, **facts, cost={"food": 1}, new_imps=1)
        player = _SET_STAFFED_IMPS(player, busy_imps, busy_trolls, food, rooms_used, player.imps + 1)
    elif produce is _EVIL_DOWN:
        if telling:
            announce("produce", f"{who} improves their reputation: evil -1.", seat, **facts, evil=-1)
        player = _SET_STAFFED(player, busy_imps, busy_trolls, food, rooms_used)
        return move_evil(with_player(state, seat, player), seat, -1)
    elif produce is _TUNNEL:
        assert move.target is not None
        if telling:
            announce("produce", f"{who} digs a tunnel at {square_name(move.target)}.", seat, **facts, tunnel=square_data(move.target))
        player = _SET_STAFFED_DUNGEON(player, busy_imps, busy_trolls, food, rooms_used, with_tunnel(player.dungeon, move.target))
    else:
        assert produce is _TRAP
        turn = state.turn
        assert turn is not None
        if telling:
            announce("produce", f"{who} will make a trap card.", seat, **facts, traps=1)
        player = _SET_STAFFED(player, busy_imps, busy_trolls, food, rooms_used)
        return _SET_DRAWING(state, replaced(state.players, seat, player), _SET_OWED(turn, turn.draws + 1))
    return with_player(state, seat, player)


def auto(state: GameState) -> GameState:
    """Nothing happens by itself: each player closes their own turn with
    ``FinishProduction``, also with no room to activate (LIB-PROD-1)."""
    return state


def done(state: GameState) -> bool:
    turn = state.turn
    return turn is not None and turn.draws == 0 and turn.position >= len(state.players)  # ``n_players``, without the property's call


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RUL-5")
