"""Resolving orders (RES-1..9, ACT-FOOD … ACT-ROOM, ACT-END-1, DUM3-4,
DUM2-7, RUL-1..4).

A cursor (``GameState.resolution``) walks the eight action spaces in board
order (RES-1) and their slots I, II, III, or III, II, I for Hire Monster and
Build Room (RES-2). An empty slot is skipped; a dummy minion goes home
(DUM3-4, DUM2-7); a player's minion waits for its owner's decision: take the
slot, paying its whole cost (RES-4..6), or ``Decline`` (RES-3, RES-7). A
minion on its order card (ORD-6) is not on the board and does nothing.

Compound actions are small decisions: digging is ``DigTunnel``… then
``FinishDigging``; a spy look or a trap purchase is followed by chance
``Draw`` moves. When a minion has acted it leaves the board: it goes home
(carried out) or onto its order card (not carried out), exactly as RUL-1
lists, recorded in ``PlayedOrder.outcome`` (ACT-END-1).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Final

from dlrules.components import ACTION_ORDER, MONSTERS, ROOMS, SLOT_NAMES, Action, Cost, resolution_order
from dlrules.components import board as central_board
from dlrules.core.dungeon import (
    GRID,
    dungeon_dig_squares,
    open_tunnels,
    room_squares,
    square_name,
    with_room,
    with_tunnel,
)
from dlrules.core.errors import Violation
from dlrules.core.moves import (
    BuildRoom,
    Decline,
    DigTunnel,
    Draw,
    FinishDigging,
    HireMonster,
    MineGold,
    Move,
    DiscardTrap,
    Spy,
    TakeAction,
)
from dlrules.core.phases import PhaseRules
from dlrules.core.phases.common import (
    Board,
    amounts,
    announce,
    colour_name,
    evil_cost_fits,
    march_evil,
    move_evil,
    narrating,
    paladin_gone,
    played_order,
    plural,
    replaced,
    square_data,
    with_slot,
)
from dlrules.core.phases.resolution_refusals import dismissable, hire_cost, refusal, spy_positions, trap_draws
from dlrules.core.phases.round_start import draws
from dlrules.core.state import (
    CHANCE,
    Decks,
    Dungeon,
    GameState,
    Monster,
    Outcome,
    Phase,
    PlayedOrder,
    PlayerState,
    Resolution,
    Square,
    evolve,
    setter,
)

END: Final = len(ACTION_ORDER)
"""The cursor's ``space`` once all eight spaces are resolved (ACT-END-1)."""

# --- the cursor --------------------------------------------------------------------


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """RES-1: resolution starts at Get Food, top left (passing on at once
    over empty slots and dummy minions, as ``_onward`` does)."""
    board, cursor, extra = _onward(state, state.board, 0)
    now = state.phase if phase is None else phase  # RS-2, in the same copy
    if extra is None:
        return _SET_ENTERED(state, board, cursor, now)
    return evolve(state, board=board, resolution=cursor, phase=now, **extra)


_SET_ENTERED: Final = setter(GameState, "board", "resolution", "phase")
_SET_BOARD_CURSOR: Final = setter(GameState, "board", "resolution")
"""The copies of ``enter`` and ``auto`` when no dummy hired on the way."""


def acting_seat(state: GameState) -> int | None:
    """The player whose minion acts now, or None (empty slot, dummy, done)."""
    r = state.resolution
    if r is None:
        return None
    seat = _acting(state, r.space, r.slot)
    return None if seat < 0 else seat


def _acting(state: GameState, space: int, slot: int) -> int:
    """``acting_seat`` with the cursor on ``space``'s ``slot``; -1 when no
    player's minion acts there (an empty slot, a dummy's minion, or every
    space resolved). A plain int: the compiled build passes it unboxed."""
    if space >= END:
        return -1
    colour = state.board[space][slot]
    if colour is None or colour >= len(state.players):  # a dummy colour (``GameState.colour_seat``)
        return -1
    return colour


def _at(r: Resolution) -> dict[str, Any]:
    """Event data for the slot acting: its action and slot (0 = I)."""
    return {"action": ACTION_ORDER[r.space].value, "slot": r.slot}


def _where(r: Resolution) -> str:
    return f"{ACTION_ORDER[r.space].title} {SLOT_NAMES[r.slot]}"


_WALK: tuple[tuple[int, int], ...] = tuple(
    (space, slot) for space in range(END) for slot in resolution_order(ACTION_ORDER[space])
)
"""RES-1/RES-2: every (space, slot) in the order the cursor visits them."""

_STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(_WALK.index((space, slot)) for slot in range(len(SLOT_NAMES))) for space in range(END)
)
"""``_STEP[space][slot]``: the index of (space, slot) in the walk."""

_CURSORS: tuple[Resolution, ...] = tuple(Resolution(space, slot) for space, slot in _WALK)
"""The fresh cursor at each step of the walk (records are immutable: shared)."""

_RESOLVED: Final = Resolution(END, 0)
"""The cursor once all eight spaces are resolved (ACT-END-1)."""

_BOARD: Final = central_board
"""The central board's module, read at each use (``_BOARD.SPACES``): the
printed slots, which tests/conformance/mutants.py changes on purpose."""

_REPUTATION: Final = ACTION_ORDER.index(Action.REPUTATION)
_DIG: Final = ACTION_ORDER.index(Action.DIG)
_MINE: Final = ACTION_ORDER.index(Action.MINE)
_TRAPS: Final = ACTION_ORDER.index(Action.TRAPS)
_MONSTER: Final = ACTION_ORDER.index(Action.MONSTER)
_ROOM: Final = ACTION_ORDER.index(Action.ROOM)
"""Action spaces by their index in board order (the cursor's ``space``).
``Final`` here and below: the compiled build reads a ``Final`` module
constant as a C static, any other module name through a dictionary (not
``_WALK``, ``_STEP`` and ``_CURSORS``, which tests/conformance/mutants.py
replaces to break RES-2 on purpose)."""


def _onward(
    state: GameState, board: Board, step: int, also: Mapping[str, Any] | None = None
) -> tuple[Board, Resolution, dict[str, Any] | None]:
    """RES-1/RES-2: the cursor at the first slot from ``step`` (an index into
    the walk: slots I, II, III, but III, II, I on Hire Monster, ACT-MON-1,
    and Build Room, ACT-ROOM-1) where a player's minion waits, or at the end (ACT-END-1).
    Empty slots, where nothing happens, are passed; a dummy minion on the way
    goes home and takes nothing (DUM3-4, DUM2-7), unless the optional DUM3-5
    is on and it stands on Hire Monster (``_dummy_hire``). Returns the board
    with those slots cleared, the cursor and the Tavern and far lands a dummy
    changed, None if none did (``also``: the caller's own changes, which a
    dummy's hire follows): the caller writes them all in its one copy."""
    players = len(state.players)
    extra: dict[str, Any] | None = None
    walk = _WALK
    for i in range(step, len(walk)):
        space, slot = walk[i]
        colour = board[space][slot]
        if colour is None:
            continue
        if colour < players:  # a player's minion (``GameState.colour_seat``)
            return board, _CURSORS[i], extra
        if state.dummy_hires and space == _MONSTER:
            extra = _dummy_hire(state, colour, _CURSORS[i], {**(also or {}), **(extra or {})})
        elif narrating():
            at = _CURSORS[i]
            announce("dummy", f"{colour_name(state, colour)}'s minion on {_where(at)} goes home.", None, colour=colour, **_at(at))
        board = with_slot(board, space, slot, None)
    if narrating():
        announce("resolved", "All eight action spaces are resolved (ACT-END-1).")
    return board, _RESOLVED, extra


def _dummy_hire(state: GameState, colour: int, at: Resolution, now: Mapping[str, Any]) -> dict[str, Any]:
    """DUM3-5 (optional, off by default; DUM2-7 for 2 players): the dummy
    minion takes the Tavern's first monster or ghost, as laid out at the
    round start (L), without paying, and it goes to the far lands; with the
    Tavern empty it takes nothing. ``now``: the Tavern and far lands as the
    resolution has left them so far."""
    tavern: tuple[str, ...] = now.get("tavern", state.tavern)
    far: tuple[str, ...] = now.get("far_lands", state.far_lands)
    if not tavern:
        if narrating():
            announce("dummy", f"{colour_name(state, colour)}'s minion on {_where(at)} goes home: the Tavern is empty (DUM3-5).", None, colour=colour, **_at(at))
        return {"tavern": tavern, "far_lands": far}
    gone = tavern[0]
    if narrating():
        announce(
            "dummy",
            f"{colour_name(state, colour)}'s minion on {_where(at)} sends the {MONSTERS[gone].name} from the Tavern to the Distant Lands (DUM3-5) and goes home.",
            None, colour=colour, monster=gone, **_at(at),
        )
    return {"tavern": tavern[1:], "far_lands": far + (gone,)}


_PENDING: Final = Outcome.PENDING
"""A played order whose minion still stands on its slot (RUL-1)."""

_DONE: Final[tuple[tuple[tuple[PlayedOrder, PlayedOrder], ...], ...]] = tuple(
    tuple(
        (played_order(action, slot, Outcome.NOT_CARRIED_OUT), played_order(action, slot, Outcome.CARRIED_OUT))
        for slot in range(len(SLOT_NAMES))
    )
    for action in ACTION_ORDER
)
"""RUL-1: the record of an order whose minion has acted on ``space``'s
``slot``: ``_DONE[space][slot][carried]`` (``played_order``'s shared records)."""


def _orders_after(player: PlayerState, r: Resolution, carried: bool) -> tuple[PlayedOrder, ...]:
    """RUL-1, ACT-END-1: ``player``'s played orders once the minion on the
    cursor's slot has acted: carried out (home) or not (on its order card)."""
    space = r.space
    slot = r.slot
    done = _DONE[space][slot][carried]
    pending = _WAITING[space][slot]
    action = done.action
    played = player.played
    for i, o in enumerate(played):
        # (the placed minion's record is the shared one, ``_WAITING``: found by
        # identity; an equal record, as JSON makes, by its fields)
        if o is pending or (o.action is action and o.slot == slot and o.outcome is _PENDING):
            played = played[:i] + (done,) + played[i + 1 :]
    return played


_WAITING: Final[tuple[tuple[PlayedOrder, ...], ...]] = tuple(
    tuple(played_order(action, slot, Outcome.PENDING) for slot in range(len(SLOT_NAMES))) for action in ACTION_ORDER
)
"""RUL-1: the record of an order whose minion stands on ``space``'s
``slot``, ``_WAITING[space][slot]``: the very records the reveal places
(``played_order``'s shared records, ORD-4)."""


_SET_PLAYED: Final = setter(PlayerState, "played")
_SET_MOVED_ON: Final = setter(GameState, "players", "board", "resolution")
"""The copies of the commonest moves (``state.setter``): the
minion's order done; the player, the cleared slot and the cursor moved on."""


def _finish(
    state: GameState, r: Resolution, seat: int, carried: bool, also: Mapping[str, Any] | None = None, telling: bool | None = None
) -> GameState:
    """RES-3, RUL-1, ACT-END-1: the minion goes home (carried out) or onto its
    order card (not carried out); the slot (``r``, the state's cursor) is
    done. ``also``: changes to other fields of the state (the decks, the
    shops), made in the same copy (``_moved_on``; ``telling``: ``narrating()``
    when the caller knows it)."""
    player = state.players[seat]
    return _moved_on(state, r, seat, _SET_PLAYED(player, _orders_after(player, r, carried)), carried, also, telling)


def _moved_on(
    state: GameState,
    r: Resolution,
    seat: int,
    player: PlayerState,
    carried: bool,
    also: Mapping[str, Any] | None = None,
    telling: bool | None = None,
) -> GameState:
    """``_finish`` with the acting ``player`` as the action left them, their
    order done already (``_orders_after``), ``r`` the state's cursor: one
    copy of the state with the player, the cleared slot, the cursor moved on
    to the next player's minion (RES-2) and ``also``, the action's changes
    to other fields (``telling``: ``narrating()``, passed on when known)."""
    space = r.space
    slot = r.slot
    changed = list(state.players)
    changed[seat] = player
    players = tuple(changed)  # ``replaced``, with fewer tuples made
    if narrating() if telling is None else telling:
        if carried:
            announce("home", f"Player {seat + 1}'s minion on {_where(r)} goes home: order carried out.", seat, **_at(r))
        else:
            announce("order_card", f"Player {seat + 1}'s minion on {_where(r)} stands on the order card: not carried out (RUL-1).", seat, **_at(r))
    rows = list(state.board)
    row = rows[space]
    if len(row) == 3:  # a space's three slots (I, II, III): the row made at once
        rows[space] = (None, row[1], row[2]) if slot == 0 else (row[0], None, row[2]) if slot == 1 else (row[0], row[1], None)
    else:
        cleared = list(row)
        cleared[slot] = None
        rows[space] = tuple(cleared)
    board, cursor, extra = _onward(state, tuple(rows), _STEP[space][slot] + 1, also)  # ``with_slot``
    if extra is not None:  # a dummy's hire on the way (DUM3-5): the Tavern and far lands as it left them
        also = {**also, **extra} if also else extra
    if not also:
        return _SET_MOVED_ON(state, players, board, cursor)
    copy = _moving_on_with(tuple(also))
    values = tuple(also.values())
    n = len(values)  # the usual counts of changes called with their values in place (no ``*values`` call)
    if n == 1:
        return copy(state, players, board, cursor, values[0])
    if n == 3:
        return copy(state, players, board, cursor, values[0], values[1], values[2])
    return copy(state, players, board, cursor, *values)


@functools.cache
def _moving_on_with(names: tuple[str, ...]) -> Callable[..., GameState]:
    """``_moved_on``'s copy with the action's changes to the fields ``names``
    (the decks, the shops) besides the players, the board and the cursor."""
    return setter(GameState, "players", "board", "resolution", *names)


# --- paying (RES-4..6, RES-8) --------------------------------------------------------


def can_pay(player: PlayerState, cost: Cost, variant: str = "first") -> bool:
    """RES-5: gold and food must be there; an evil cost can be paid at the top
    in the first game (RES-8) but must fit in the full game (RES-10)."""
    return player.gold >= cost.gold and player.food >= cost.food and evil_cost_fits(variant, player, cost.evil)


# --- legal moves ---------------------------------------------------------------------
#
# The move objects are made once and shared between states (moves are
# immutable): a seat is one of the four colours, a square one of the grid's.

_COLOURS: Final = range(4)
"""Every seat a minion on the board can belong to (four colours)."""

_DECLINE: Final[tuple[tuple[Move, ...], ...]] = tuple((Decline(seat),) for seat in _COLOURS)
"""RES-3: ``Decline`` alone, the whole list when nothing else is offered."""

_FINISH: Final[tuple[tuple[Move, ...], ...]] = tuple((FinishDigging(seat),) for seat in _COLOURS)
"""ACT-DIG-2: stop digging, after the tunnels that may still be dug."""

_TAKE_OR_DECLINE: Final[tuple[tuple[Move, ...], ...]] = tuple((TakeAction(seat), Decline(seat)) for seat in _COLOURS)
"""RES-3: take the slot (``TakeAction``) or ``Decline``."""

_DIG_TUNNEL: Final[tuple[dict[Square, DigTunnel], ...]] = tuple({s: DigTunnel(seat, s) for s in GRID} for seat in _COLOURS)
"""``DigTunnel`` per seat and square of the grid."""

_hire_monster: Final = functools.lru_cache(maxsize=4096, typed=True)(HireMonster)
"""One ``HireMonster`` object per seat, monster, dismissal and trap card."""


@functools.lru_cache(maxsize=256, typed=True)
def _spies(seat: int, positions: tuple[int, ...]) -> tuple[Move, ...]:
    """ACT-REP-2: a ``Spy`` per position, then ``Decline``; shared between states."""
    return tuple(Spy(seat, position) for position in positions) + _DECLINE[seat]


def _dig_squares(state: GameState, seat: int, r: Resolution) -> tuple[Square, ...]:
    """ACT-DIG-1..3, 5, 6: where one more tunnel may be dug, if the permit and
    a free imp allow (none otherwise); ``r``: the state's cursor."""
    p = state.players[seat]
    return _dig_more(r.slot, r.dug, p.free_imps, p.dungeon)


def _dig_more(slot: int, dug: int, free_imps: int, dungeon: Dungeon) -> tuple[Square, ...]:
    """``_dig_squares`` of a minion on Dig Tunnels ``slot`` that has dug
    ``dug`` tunnels, its owner having ``free_imps`` and ``dungeon``: the
    squares, or none once the permit (ACT-DIG-1) or the free imps (ACT-DIG-2,
    ACT-DIG-3: slot III's foreimp with the first tunnel) are used up."""
    reward = _BOARD.SPACES[_DIG].slots[slot].reward  # ``slot_spec(Action.DIG, slot)``
    need = 2 if reward.foreimp and dug == 0 else 1  # ACT-DIG-3: foreimp with the first tunnel
    if dug >= reward.imps_work or free_imps < need:
        return ()
    return dungeon_dig_squares(dungeon)


@functools.lru_cache(maxsize=4096, typed=True)
def _dig_tunnels(seat: int, squares: tuple[Square, ...], digging: bool) -> tuple[Move, ...]:
    """One ``DigTunnel`` per square, then ``Decline`` before the first tunnel
    (RES-3) or ``FinishDigging`` after it (``digging``, ACT-DIG-2); shared
    between states (a dungeon's squares are asked again and again)."""
    tunnels: tuple[Move, ...] = tuple(map(_DIG_TUNNEL[seat].__getitem__, squares))
    return tunnels + (_FINISH[seat] if digging else _DECLINE[seat])


@functools.lru_cache(maxsize=1024, typed=True)
def _discards(seat: int, traps: tuple[str, ...]) -> tuple[Move, ...]:
    """Y2-3: a ``DiscardTrap`` per kind of trap card held, by name; shared between states."""
    return tuple([DiscardTrap(seat, t) for t in sorted(set(traps))])


@functools.lru_cache(maxsize=256, typed=True)
def _mines(seat: int, most: int) -> tuple[Move, ...]:
    """ACT-MINE-1: 1 to ``most`` mining imps, then ``Decline``; shared between states."""
    return tuple(MineGold(seat, k) for k in range(1, most + 1)) + (Decline(seat),)


def max_miners(player: PlayerState, slot: int) -> int:
    """ACT-MINE-1..5: the most imps that may mine from ``slot`` now."""
    reward = _BOARD.SPACES[_MINE].slots[slot].reward  # ``slot_spec(Action.MINE, slot)``
    fore = 1 if reward.foreimp else 0
    most = min(reward.imps_work, player.free_imps - fore)
    if most <= 0:
        return 0  # no free imp to mine (the tunnels need not be counted)
    return min(most, _minable(player))  # ACT-MINE-4: one mining imp per tunnel gold may be mined in


def _minable(player: PlayerState) -> int:
    """ACT-MINE-3: how many tunnels gold may be mined in: unconquered ones,
    never a room (``Dungeon.unconquered_tunnels``)."""
    return len([t for t in player.dungeon.tiles if t.room is None and not t.conquered])


def _hire_moves(state: GameState, seat: int, slot: int) -> tuple[Move, ...]:
    """ACT-MON-2..4, RUL-4: one hire among the affordable monsters in the tavern."""
    p = state.players[seat]
    variant = state.variant
    out: list[Move] = []
    for key in dict.fromkeys(state.tavern):
        if not can_pay(p, hire_cost(key, slot), variant):  # ACT-MON-4, RES-10
            continue
        kind = MONSTERS[key]
        if not (kind.trap_cost or kind.monster_cost):
            out.append(_hire_monster(seat, key, None, None))
            continue
        traps: tuple[str | None, ...] = tuple(sorted(set(p.traps))) if kind.trap_cost else (None,)
        dismiss: tuple[int | None, ...] = dismissable(p) if kind.monster_cost else (None,)
        out.extend(_hire_monster(seat, key, d, t) for t in traps for d in dismiss)
    return tuple(out)


def _room_moves(state: GameState, seat: int, slot: int) -> tuple[Move, ...]:
    """ACT-ROOM-1..6, RUL-3: a room on offer, on a legal tunnel, if payable."""
    p = state.players[seat]
    if not state.room_shop or not can_pay(p, _BOARD.SPACES[_ROOM].slots[slot].cost):  # ``slot_spec(Action.ROOM, slot)``
        return ()
    dungeon = p.dungeon
    tunnels = open_tunnels(dungeon)  # ACT-ROOM-3, ACT-ROOM-5: the same for every room
    if not tunnels:
        return ()
    out: list[Move] = []
    for room in dict.fromkeys(state.room_shop):
        for square in room_squares(dungeon, room, tunnels):  # ACT-ROOM-4, ACT-ROOM-6
            out.append(_build_room(seat, room, square))
    return tuple(out)


_build_room: Final = functools.lru_cache(maxsize=4096, typed=True)(BuildRoom)
"""The ``BuildRoom`` moves, shared between states (moves are immutable)."""


def _offer(state: GameState, seat: int, r: Resolution, space: int, slot: int) -> tuple[Move, ...]:
    """The ways to take the acting slot (``r``, on ``space``'s ``slot``), then ``Decline`` (RES-3)."""
    if space == _DIG:
        return _dig_tunnels(seat, _dig_squares(state, seat, r), False)
    if space == _MINE:
        return _mines(seat, max_miners(state.players[seat], slot))
    if space == _MONSTER:
        return _hire_moves(state, seat, slot) + _DECLINE[seat]
    if space == _ROOM:
        return _room_moves(state, seat, slot) + _DECLINE[seat]
    spec = _BOARD.SPACES[space].slots[slot]  # the printed slot (``slot_spec``)
    if not can_pay(state.players[seat], spec.cost, state.variant):
        return _DECLINE[seat]  # RES-5, RES-10 (LIB-Y1-2): only the decline is offered
    if space == _TRAPS and state.decks.traps.size < trap_draws(state, slot):
        return _DECLINE[seat]  # ACT-TRAP-1, RES-6: the deck cannot fill the slot's draw: only the decline
    if space == _REPUTATION and spec.reward.spy > 0:  # ``_spy_slot``
        return _spies(seat, spy_positions(state, seat))
    return _TAKE_OR_DECLINE[seat]


def _drawing_from(state: GameState, r: Resolution) -> str | None:
    """The deck chance turns a card from now (a spy look, a trap purchase), with a player's minion acting at ``r``."""
    if r.spy is not None:
        return "combat"
    if r.draws > 0 and state.decks.traps.size:
        return "traps"
    return None


_CHANCE_ONLY: Final[frozenset[int]] = frozenset({CHANCE})
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset({seat}) for seat in _COLOURS)


def to_move(state: GameState) -> frozenset[int]:
    """Exactly the player whose minion acts (RES-3), or chance for a draw."""
    r = state.resolution
    if r is None:
        return _NOBODY
    seat = _acting(state, r.space, r.slot)
    if seat < 0:
        return _NOBODY  # an empty slot, a dummy's minion, or every space resolved
    if _drawing_from(state, r) is not None:
        return _CHANCE_ONLY
    return _ONLY[seat]


@functools.lru_cache(maxsize=64, typed=True)
def _certain(card: str) -> tuple[Move, ...]:
    """LIB-CMB-3: the one draw of a combat card identified already."""
    return (Draw("combat", card),)


def legal(state: GameState) -> tuple[Move, ...]:
    r = state.resolution
    if r is None:
        return ()
    space = r.space
    slot = r.slot
    seat = _acting(state, space, slot)
    if seat < 0:
        return ()  # an empty slot, a dummy's minion, or every space resolved: nobody acts
    deck = _drawing_from(state, r)  # the deck chance turns a card from now
    if deck == "traps":
        return draws(state.decks.traps, "traps")  # ACT-TRAP-1
    if deck is not None:
        spy = r.spy
        assert spy is not None
        known = state.combat[spy]
        if known is not None:
            return _certain(known)  # LIB-CMB-3: identified already: certain
        return draws(state.decks.combat, "combat")  # ACT-REP-2
    if r.discarding:
        return _discards(seat, state.players[seat].traps)  # Y2-3
    if r.dug > 0:
        return _dig_tunnels(seat, _dig_squares(state, seat, r), True)  # ACT-DIG-2
    return _offer(state, seat, r, space, slot)  # RES-3


# --- explaining refusals ---------------------------------------------------------------


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    """Why ``move`` is refused at the acting slot: ``resolution_refusals``
    (apart from the rules of play: only a refused move needs it)."""
    r = state.resolution
    if r is None:
        return ()
    seat = _acting(state, r.space, r.slot)
    if seat < 0:
        return ()
    found = refusal(state, move, seat, r, _drawing_from(state, r), _where(r))
    return (found,) if found is not None else ()


# --- changes ------------------------------------------------------------------------


def play(state: GameState, move: Move) -> GameState:
    """The state after ``move``, a legal move (one change per move kind: ``_PLAYS``;
    the commonest kinds are called directly, a native call in the compiled build)."""
    if isinstance(move, _DIG_TUNNEL_MOVE):
        return _dig(state, move)
    if isinstance(move, _DECLINE_MOVE):
        return _decline(state, move)
    return _PLAYS[type(move)](state, move)


def _decline(state: GameState, move: Decline) -> GameState:
    """RES-3, RES-7: the minion does nothing and stands on its order card."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    telling = narrating()
    if telling:
        announce("decline", f"Player {seat + 1} declines {_where(r)} (RES-3).", seat, **_at(r))
    return _finish(state, r, seat, False, None, telling)


_SET_TAKEN: Final = setter(PlayerState, "food", "gold", "imps", "played")
_SET_TAKEN_EVIL: Final = setter(PlayerState, "food", "gold", "imps", "played", "evil")
_SET_PAID: Final = setter(PlayerState, "gold", "food")
_SET_PAID_EVIL: Final = setter(PlayerState, "gold", "food", "evil")
_SET_MINED: Final = setter(PlayerState, "gold", "busy_imps", "foreimps", "played")
_SET_DUG: Final = setter(PlayerState, "dungeon", "busy_imps", "foreimps")
_SET_DUG_ALL: Final = setter(PlayerState, "dungeon", "busy_imps", "foreimps", "played")
_SET_TRAPS: Final = setter(PlayerState, "traps", "played")
_SET_HIRED: Final = setter(PlayerState, "monsters", "traps", "gold", "food", "played", "evil")
_SET_BUILT: Final = setter(PlayerState, "dungeon", "gold", "food", "played", "evil")
_SET_PLAYER_CURSOR: Final = setter(GameState, "players", "resolution")
_SET_PLAYER_CURSOR_PALADIN: Final = setter(GameState, "players", "resolution", "paladin")
_SET_DUG_CURSOR: Final = setter(Resolution, "dug")
_SET_SPY: Final = setter(Resolution, "spy")
"""The copies each kind of move makes, all its changes at once
(``state.setter``): a move that moves the evil marker writes it (and the
paladin) in the same copies (``_evil_after``)."""


def _evil_after(state: GameState, seat: int, up: int, down: int) -> tuple[int, int | None]:
    """RES-5, RES-8, RES-9, PAL-5: ``seat``'s evil marker goes ``up`` spaces
    (an evil cost, paid first), then ``down`` spaces (a reward), one space
    at a time with the paladin checked after each: ``move_evil``'s steps
    (``march_evil``, told alike), on plain values. Returns where the marker
    ends and who then holds the paladin, for the caller to write in its one
    copy of the player and of the state (``move_evil`` would copy both for
    each of the two moves)."""
    evils = [p.evil for p in state.players]
    gone = paladin_gone(state)
    holder = state.paladin
    if up:
        holder = march_evil(state, evils, seat, up, holder, gone)
    if down:
        holder = march_evil(state, evils, seat, -down, holder, gone)
    return evils[seat], holder


def _with_paladin(state: GameState, holder: int | None, also: dict[str, Any]) -> dict[str, Any]:
    """``also`` with the paladin's new ``holder`` when he moved (PAL-2, PAL-6..8)."""
    if holder != state.paladin:
        also["paladin"] = holder
    return also


def _take(state: GameState, move: TakeAction) -> GameState:
    """RES-4, RES-5: pay the slot's whole cost and take its whole reward.
    RES-5: the gold and food go back to the bank; evil faces move the marker
    up one space at a time, with the paladin checked after each (RES-8,
    RES-9, PAL-5: ``_evil_after``), before the reward."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    space = r.space
    spec = _BOARD.SPACES[space].slots[r.slot]  # the printed slot (``slot_spec``)
    telling = narrating()
    if telling:
        announce("take", f"Player {seat + 1} takes {_where(r)}: {spec.text}.", seat, **_at(r), cost=amounts(spec.cost), reward=amounts(spec.reward))
    reward = spec.reward
    cost = spec.cost
    if space == _TRAPS:  # ACT-TRAP-1: chance draws the cards next (Y2-3: one more in year 2)
        if cost.evil:
            state = move_evil(state, seat, cost.evil)  # RES-8, RES-9, PAL-5
        draws = evolve(r, draws=trap_draws(state, r.slot), discarding=state.year == 2)
        players = state.players
        if cost.gold or cost.food:
            p = players[seat]
            players = replaced(players, seat, _SET_PAID(p, p.gold - cost.gold, p.food - cost.food))
        return _SET_PLAYER_CURSOR(state, players, draws)
    # ACT-FOOD-1: food (and gold); ACT-IMP-1: imps. ACT-IMP-2 needs no check:
    # Dig Tunnels and Mine Gold are resolved before Recruit Imps (RES-1), and
    # the new imps are free for production.
    p = state.players[seat]
    food = p.food - cost.food + reward.food
    gold = p.gold - cost.gold + reward.gold
    imps = p.imps + reward.imps
    played = _orders_after(p, r, True)
    up = cost.evil
    down = reward.evil_down  # ACT-REP-1, RES-8; at the bottom nothing moves, yet the order counts as carried out (RUL-2)
    if up or down:
        evil, holder = _evil_after(state, seat, up, down)
        player = _SET_TAKEN_EVIL(p, food, gold, imps, played, evil)
        return _moved_on(state, r, seat, player, True, _with_paladin(state, holder, {}), telling=telling)
    return _moved_on(state, r, seat, _SET_TAKEN(p, food, gold, imps, played), True, telling=telling)


def _spy_look(state: GameState, move: Spy) -> GameState:
    """ACT-REP-1, ACT-REP-2: pay, the marker goes down, and chance turns the card next."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    spec = _BOARD.SPACES[r.space].slots[r.slot]  # the printed slot (``slot_spec``)
    if narrating():
        announce("spy", f"Player {seat + 1} takes {_where(r)} ({spec.text}) and looks at a combat card.", seat, **_at(r), cost=amounts(spec.cost))  # which one is private (LIB-CMB-3)
    cost = spec.cost
    players = state.players
    p = players[seat]
    evil = p.evil
    holder = state.paladin
    up = cost.evil  # RES-5, RES-8: the cost first (as ``_take``)
    down = spec.reward.evil_down  # ACT-REP-1
    if up or down:
        evil, holder = _evil_after(state, seat, up, down)
    if cost.gold or cost.food or evil != p.evil:
        players = replaced(players, seat, _SET_PAID_EVIL(p, p.gold - cost.gold, p.food - cost.food, evil))
    # LIB-CMB-3: every look is a chance turn, whether the card is new to the
    # looker or not, and whether or not another seat already identified it
    # (then its one outcome is certain); the card joins the looker's
    # ``spied`` only with chance's draw. So neither the moves that follow nor
    # the looker's view before the draw tells anybody what the others saw.
    cursor = _SET_SPY(r, move.position)
    if holder != state.paladin:
        return _SET_PLAYER_CURSOR_PALADIN(state, players, cursor, holder)
    return _SET_PLAYER_CURSOR(state, players, cursor)


def _finish_digging(state: GameState, move: FinishDigging) -> GameState:
    """ACT-DIG-2: the minion stops digging; the order is carried out."""
    r = state.resolution
    assert r is not None
    return _finish(state, r, move.seat, True)


def _mine(state: GameState, move: MineGold) -> GameState:
    """ACT-MINE-1..6: each mining imp brings 1 gold and is busy; slot III's
    foreimp supervises."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    imps = move.imps
    fore = 1 if _BOARD.SPACES[r.space].slots[r.slot].reward.foreimp else 0
    p = state.players[seat]
    telling = narrating()
    if telling:
        announce("mine", f"Player {seat + 1}'s {plural(imps, 'imp')} mine{'s' if imps == 1 else ''} {imps} gold" + (" under a foreimp." if fore else "."), seat, imps=imps, gold=imps, foreimp=bool(fore))
    busy = p.busy_imps + imps  # ACT-MINE-5: an imp that mined does no other job this round
    player = _SET_MINED(p, p.gold + imps, busy, p.foreimps + fore, _orders_after(p, r, True))
    return _moved_on(state, r, seat, player, True, telling=telling)


def _discard(state: GameState, move: DiscardTrap) -> GameState:
    """Y2-3: year 2's Buy Traps ends with one trap card discarded face down."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    p = state.players[seat]
    traps = list(p.traps)
    traps.remove(move.trap)
    if narrating():
        announce("discard_trap", f"Player {seat + 1} discards a trap card face down, out of the game (Y2-3).", seat)
    discard = state.trap_discard + (move.trap,)  # SETUP-3, LIB-Y1-3: never back to the deck
    player = _SET_TRAPS(p, tuple(traps), _orders_after(p, r, True))
    return _moved_on(state, r, seat, player, True, {"trap_discard": discard})


_SET_DRAWN: Final = setter(GameState, "decks", "players", "resolution")
_SET_TRAP_DECK: Final = setter(Decks, "traps")
_SET_COMBAT_DECK: Final = setter(Decks, "combat")
_SET_OWED: Final = setter(Resolution, "draws")
_SET_HELD: Final = setter(PlayerState, "traps")


def _draw(state: GameState, move: Draw) -> GameState:
    r = state.resolution
    assert r is not None
    seat = state.board[r.space][r.slot]  # ``acting_seat``: chance draws for the acting player
    assert seat is not None
    card = move.card
    decks = state.decks
    if move.deck == "combat":
        spy = r.spy
        assert spy is not None
        also: dict[str, Any] = {}
        if state.combat[spy] is None:  # the card's identity is fixed now (LIB-RES-3)
            also["decks"] = _SET_COMBAT_DECK(decks, decks.combat.without(card))
            also["combat"] = replaced(state.combat, spy, card)
        seen = state.spied[seat]
        if spy not in seen:  # ACT-REP-2: the looker knows the card from now on
            also["spied"] = replaced(state.spied, seat, tuple(sorted((*seen, spy))))
        if narrating():
            announce("spied", f"Player {seat + 1} has looked at a combat card.", seat)  # which one is private (LIB-CMB-3)
        return _finish(state, r, seat, True, also)  # the cursor moves on: the look is over
    assert move.deck == "traps"  # ACT-TRAP-1: the one other deck drawn while resolving
    decks = _SET_TRAP_DECK(decks, decks.traps.without(card))
    p = state.players[seat]
    traps = p.traps + (card,)  # ACT-TRAP-2: private to its owner
    if narrating():
        announce("trap", f"Player {seat + 1} draws a trap card.", seat, cards=1)
    owed = r.draws
    if owed == 1 and not r.discarding:  # the last card owed, and no discard to follow (Y2-3)
        return _moved_on(state, r, seat, _SET_TRAPS(p, traps, _orders_after(p, r, True)), True, {"decks": decks})
    return _SET_DRAWN(state, decks, replaced(state.players, seat, _SET_HELD(p, traps)), _SET_OWED(r, owed - 1))


_DIGGING: Final[tuple[tuple[Resolution, ...], ...]] = tuple(
    tuple(Resolution(_DIG, slot, dug) for dug in range(4)) for slot in range(len(SLOT_NAMES))
)
"""``_DIGGING[slot][dug]``: the cursor of a minion on Dig Tunnels ``slot``
that has dug ``dug`` tunnels, nothing else going on; shared between states
(records are immutable). ``_dig`` takes it instead of copying the cursor
when the cursor has nothing else to carry (tests/test_resolution_imps.py
checks both give the same state)."""


def _dig(state: GameState, move: DigTunnel) -> GameState:
    """ACT-DIG-2, ACT-DIG-3, ACT-DIG-7: one imp digs one tunnel and is busy;
    slot III sets a foreimp aside with the first tunnel. ACT-DIG-1/2: when
    the permit or the free imps are used up, or no square is left, digging
    ends with this tunnel: the minion goes home in the same copy (what
    ``auto`` would do next, tested on the values the tunnel left)."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    square = move.square
    p = state.players[seat]
    slot = r.slot
    before = r.dug
    dug = before + 1
    fore = 1 if before == 0 and _BOARD.SPACES[_DIG].slots[slot].reward.foreimp else 0  # (the cursor is on Dig Tunnels)
    telling = narrating()
    if telling:
        announce("dig", f"Player {seat + 1} digs a tunnel at {square_name(square)}" + (" under a foreimp." if fore else "."), seat, square=square_data(square), foreimp=bool(fore))
    dungeon = with_tunnel(p.dungeon, square)
    busy = p.busy_imps + 1
    fores = p.foreimps + fore
    if _dig_more(slot, dug, p.imps - busy - fores, dungeon):
        player = _SET_DUG(p, dungeon, busy, fores)
        shared = _DIGGING[slot]
        if dug < len(shared) and r.draws == 0 and r.spy is None and not r.discarding:
            cursor = shared[dug]  # ``_SET_DUG_CURSOR(r, dug)``, an equal record, shared
        else:
            cursor = _SET_DUG_CURSOR(r, dug)
        return _SET_PLAYER_CURSOR(state, replaced(state.players, seat, player), cursor)  # one copy of the state
    return _moved_on(state, r, seat, _SET_DUG_ALL(p, dungeon, busy, fores, _orders_after(p, r, True)), True, telling=telling)


def _hire(state: GameState, move: HireMonster) -> GameState:
    """ACT-MON-2..5: pay the card (and slot III's food); the monster comes ready."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    key = move.monster
    kind = MONSTERS[key]
    cost = hire_cost(key, r.slot)
    p = state.players[seat]
    monsters = list(p.monsters)
    far = state.far_lands
    dismiss = move.dismiss
    telling = narrating()
    if dismiss is not None:  # the Demon's cost: another monster leaves (the component tables)
        gone = monsters.pop(dismiss)
        far = far + (gone.kind,)
        if telling:
            announce("dismiss", f"Player {seat + 1}'s {MONSTERS[gone.kind].name} leaves for the far lands.", seat, monster=gone.kind)
    traps = p.traps
    trap_discard = state.trap_discard
    trap = move.trap
    if trap is not None:  # the Golem's cost: one trap card, discarded face down (SETUP-3, LIB-RES-4)
        held = list(traps)
        held.remove(trap)
        traps = tuple(held)
        trap_discard = trap_discard + (trap,)
    monsters.append(_hired(key))
    tavern = list(state.tavern)
    tavern.remove(key)
    if telling:
        announce("hire", f"Player {seat + 1} hires the {kind.name} for {cost.describe()}.", seat, monster=key, cost=amounts(cost))
        if key == "troll":
            announce("troll", f"Player {seat + 1} places a troll token with the imps (ACT-MON-5).", seat)
    also: dict[str, Any] = {"tavern": tuple(tavern), "far_lands": far, "trap_discard": trap_discard}
    evil = p.evil
    if cost.evil:
        evil, holder = _evil_after(state, seat, cost.evil, 0)  # RES-5, RES-8..10
        also = _with_paladin(state, holder, also)
    player = _SET_HIRED(p, tuple(monsters), traps, p.gold - cost.gold, p.food - cost.food, _orders_after(p, r, True), evil)
    return _moved_on(state, r, seat, player, True, also, telling=telling)


def _build(state: GameState, move: BuildRoom) -> GameState:
    """ACT-ROOM-2, 3, 7: pay, and the room replaces the tunnel (busy imps stay busy)."""
    r = state.resolution
    assert r is not None
    seat = move.seat
    room = move.room
    cost = _BOARD.SPACES[_ROOM].slots[r.slot].cost  # (the cursor is on Build Room)
    p = state.players[seat]
    also: dict[str, Any] = {}
    evil = p.evil
    if cost.evil:
        evil, holder = _evil_after(state, seat, cost.evil, 0)  # RES-5, RES-8..10
        also = _with_paladin(state, holder, also)
    shop = list(state.room_shop)
    shop.remove(room)
    also["room_shop"] = tuple(shop)
    telling = narrating()
    if telling:
        announce("room", f"Player {seat + 1} takes {_where(r)}, pays {cost.describe()} and builds the {ROOMS[room].name} at {square_name(move.square)}.", seat, room=room, square=square_data(move.square), cost=amounts(cost))
    player = _SET_BUILT(p, with_room(p.dungeon, room, move.square), p.gold - cost.gold, p.food - cost.food, _orders_after(p, r, True), evil)
    return _moved_on(state, r, seat, player, True, also, telling=telling)


_hired: Final = functools.lru_cache(maxsize=256, typed=True)(Monster)
"""ACT-MON-2: a monster comes ready (face up); one shared record per kind."""


_DIG_TUNNEL_MOVE: Final = DigTunnel
_DECLINE_MOVE: Final = Decline
"""The commonest kinds of move (``play``), as C statics in the compiled build."""

_PLAYS: Final[dict[type, Callable[[GameState, Any], GameState]]] = {
    Decline: _decline,
    TakeAction: _take,
    Spy: _spy_look,
    DigTunnel: _dig,
    FinishDigging: _finish_digging,
    MineGold: _mine,
    HireMonster: _hire,
    BuildRoom: _build,
    DiscardTrap: _discard,
    Draw: _draw,
}
"""The change each kind of legal move makes (``play``)."""


# --- automatic steps --------------------------------------------------------------


def auto(state: GameState) -> GameState:
    r = state.resolution
    if r is None:
        return enter(state)
    space = r.space
    if space >= END:
        return state
    slot = r.slot
    colour = _acting(state, space, slot)
    if colour < 0:
        # An empty slot, or a dummy minion, which goes home and takes nothing
        # (DUM3-4, DUM2-7): the cursor passes on (RES-1, RES-2).
        board, cursor, extra = _onward(state, state.board, _STEP[space][slot])
        if extra is None:
            return _SET_BOARD_CURSOR(state, board, cursor)
        return evolve(state, board=board, resolution=cursor, **extra)
    if r.dug > 0 and not _dig_squares(state, colour, r):
        # ACT-DIG-1/2: the permit or the free imps are used up: digging ends.
        return _finish(state, r, colour, True)
    return state


def done(state: GameState) -> bool:
    """ACT-END-1: all eight spaces resolved; every minion is home or on its card."""
    r = state.resolution
    return r is not None and r.space >= END


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="RES-3")

__all__ = ["END", "RULES", "acting_seat", "can_pay", "dismissable", "enter", "max_miners", "spy_positions"]
