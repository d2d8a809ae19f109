"""Small helpers every phase uses: updating one player, evil with the
paladin check (RES-8, RES-9, PAL-2, PAL-5..8, PAL-11), and announcing what
happened (the events an app narrates)."""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeVar

import attrs

from dlrules.components import Action
from dlrules.components.setup import EVIL_MAX, EVIL_MIN, PALADIN_SPACE
from dlrules.core.errors import Violation
from dlrules.core.moves import Move
from dlrules.core.phases.event import Event as Event  # re-exported: the phases and the engine import it from here
from dlrules.core.state import PLAY_ORDERS, GameState, Outcome, PlayedOrder, PlayerState, evolve, setter

_T = TypeVar("_T")

# --- what happened -----------------------------------------------------------------


_collector: Final[contextvars.ContextVar[list[Event] | None]] = contextvars.ContextVar("dlrules_events", default=None)


def announce(code: str, text: str, seat: int | None = None, **data: Any) -> None:
    """Report an automatic step (a reveal, a payment, the paladin arriving);
    ``seat`` is the player concerned, if one is; ``data`` the facts as JSON
    values. A sentence begins with a capital (``dummy 3 …`` → ``Dummy 3 …``)."""
    sink = _collector.get()
    if sink is not None:
        sink.append(Event(code, text[:1].upper() + text[1:], seat, data))


def narrating() -> bool:
    """Someone collects what happens (``collecting``): only then are the
    event sentences worth writing, so the phases guard ``announce`` with it."""
    return _collector.get() is not None


@contextmanager
def collecting() -> Iterator[list[Event]]:
    sink: list[Event] = []
    token = _collector.set(sink)
    try:
        yield sink
    finally:
        _collector.reset(token)


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``1 imp``, ``2 imps``, ``0 damage tokens`` (``many`` for irregular plurals)."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def amounts(record: Any) -> dict[str, Any]:
    """Event data for a cost or reward record: its non-zero fields
    (``Cost(gold=1)`` → ``{"gold": 1}``)."""
    return {k: v for k, v in attrs.asdict(record).items() if v}


def square_data(square: tuple[int, int]) -> list[int]:
    """A square in event data: ``[row, column]``, as in the JSON of moves."""
    return [square[0], square[1]]


def colour_name(state: GameState, colour: int) -> str:
    seat = state.colour_seat(colour)
    return f"Player {seat + 1}" if seat is not None else f"dummy {colour + 1}"


# --- state updates -------------------------------------------------------------------


def replaced(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    """``items`` with ``item`` at ``index`` (a player among the players, ...)."""
    return items[:index] + (item,) + items[index + 1 :]


Board = tuple[tuple[int | None, ...], ...]
"""The central board's action spaces, each a row of slots holding a minion's
colour or None (``GameState.board``)."""


def with_slot(board: Board, space: int, slot: int, colour: int | None) -> Board:
    """``board`` with ``slot`` of ``space`` holding ``colour`` (None: empty)."""
    row = list(board[space])
    row[slot] = colour
    return replaced(board, space, tuple(row))


@functools.lru_cache(maxsize=128, typed=True)
def played_order(action: Action, slot: int | None, outcome: Outcome) -> PlayedOrder:
    """The record of a played order (RUL-1), shared between states (records
    are immutable; 8 actions x 4 slots x 3 outcomes)."""
    return PlayedOrder(action, slot, outcome)


with_players: Final[Callable[[GameState, tuple[PlayerState, ...]], GameState]] = setter(GameState, "players")
"""``state`` with all its ``players`` replaced, in one copy (``state.setter``)."""
_SET_PLAYERS_PALADIN: Final = setter(GameState, "players", "paladin")
_SET_EVIL: Final = setter(PlayerState, "evil")


_SEAT_ONLY: Final[tuple[frozenset[int], ...]] = tuple(frozenset({seat}) for seat in range(8))


def seat_only(seat: int) -> frozenset[int]:
    """``frozenset({seat})``, the one seat to move, shared between states."""
    return _SEAT_ONLY[seat] if 0 <= seat < len(_SEAT_ONLY) else frozenset({seat})


def with_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    return with_players(state, replaced(state.players, seat, player))


def update_player(state: GameState, seat: int, **changes: Any) -> GameState:
    return with_player(state, seat, evolve(state.players[seat], **changes))


def without_monster(player: PlayerState, index: int) -> PlayerState:
    """``player`` without the monster at ``index`` (it leaves the lair); a
    troll takes its token back (ACT-MON-5)."""
    monsters = player.monsters[:index] + player.monsters[index + 1 :]
    busy = player.busy_trolls
    if not busy:  # none at work: none to take back, only the monsters change (one setter)
        return _SET_MONSTERS(player, monsters)
    return _SET_MONSTERS_BUSY(player, monsters, min(busy, len([m for m in monsters if m.kind == "troll"])))


_SET_MONSTERS: Final = setter(PlayerState, "monsters")
_SET_MONSTERS_BUSY: Final = setter(PlayerState, "monsters", "busy_trolls")


def clamp_evil(value: int) -> int:
    """RES-8: markers never pass either end of the evilometer."""
    return max(EVIL_MIN.value, min(EVIL_MAX.value, value))


def evil_cost_fits(variant: str, player: PlayerState, evil: int) -> bool:
    """RES-10 (full game): an evil *cost* (Get Food's evil, a monster's evil
    hire cost, an evil wage) must fit on the evilometer, like missing gold it
    cannot be paid otherwise; RES-8 (first game): it can always be paid, the
    marker stopping at the top. Gains and losses always clamp (``move_evil``)."""
    return variant == "first" or player.evil + evil <= EVIL_MAX.value


def evil_cost_violation(variant: str, player: PlayerState, evil: int, what: str) -> Violation | None:
    """RES-10: the refusal for an evil cost the marker has no room for."""
    if evil_cost_fits(variant, player, evil):
        return None
    room = EVIL_MAX.value - player.evil
    return Violation(
        "RES-10",
        f"{what} costs {evil} evil; your marker is on space {player.evil} of {EVIL_MAX.value}, "
        f"{room} space{'s' if room != 1 else ''} from the top: in the full game an evil cost that does not fit cannot be paid",
    )


def move_evil(state: GameState, seat: int, delta: int) -> GameState:
    """Move ``seat``'s evil marker ``delta`` spaces, one space at a time, and
    check the paladin after every single space (RES-8, RES-9, PAL-5; the
    steps: ``march_evil``). The state is copied once, at the end."""
    if not delta:
        return state  # no space to move (and nothing to announce)
    evils = [p.evil for p in state.players]
    start = evils[seat]
    holder = march_evil(state, evils, seat, delta, state.paladin, paladin_gone(state))
    end = evils[seat]
    if end == start:
        return state  # nothing moved (and so the paladin did not either)
    player = _SET_EVIL(state.players[seat], end)
    if holder == state.paladin:
        return with_players(state, replaced(state.players, seat, player))
    return _SET_PLAYERS_PALADIN(state, replaced(state.players, seat, player), holder)


def march_evil(state: GameState, evils: list[int], seat: int, delta: int, holder: int | None, gone: bool) -> int | None:
    """RES-8, RES-9, PAL-5 on plain values: ``seat``'s marker in ``evils`` (a
    caller's own list, changed in place) moves ``delta`` spaces one at a time,
    never past either end, and after every single space the paladin is
    checked (``paladin_after``: ``holder`` held him, ``gone`` once he is out
    of the year's combat); told as one event. The paladin's holder after the
    last space is returned. ``move_evil`` writes the result to a state;
    combat's run (``combat.fight.Run``) keeps it on its own values."""
    start = evils[seat]
    if delta:
        step = 1 if delta > 0 else -1
        for _ in range(abs(delta)):
            before = evils[seat]
            after = clamp_evil(before + step)
            if after == before:
                break  # RES-8: at the end of the evilometer the marker stays
            evils[seat] = after
            holder = paladin_after(state, evils, holder, gone)
    end = evils[seat]
    if narrating():
        change = f"goes from {start} to {end}" if end != start else f"stays at {start}, the end of the evilometer (RES-8)"
        announce("evil", f"Player {seat + 1}'s evil {change}.", seat, start=start, end=end)
    return holder


def check_paladin(state: GameState) -> GameState:
    """PAL-2, PAL-6..8: after a marker moves, who holds the paladin (see
    ``paladin_after``); a marker crossing the line draws him at once (PAL-4)."""
    holder = paladin_after(state, [p.evil for p in state.players], state.paladin, paladin_gone(state))
    return state if holder == state.paladin else evolve(state, paladin=holder)


def paladin_gone(state: GameState) -> bool:
    """CMB-PAL-3: the year's paladin is out of its combat (eliminated, or
    gone): he never moves again (``paladin_after``'s ``gone``). PAL-2:
    outside combat he is never gone, so a marker reaching his space always
    brings him; in combat it is asked when a table's ruling moves a marker
    (combat's own run keeps its flag, ``fight.Run.gone``)."""
    fight = state.fight
    return fight is not None and fight.paladin_gone


def paladin_after(state: GameState, evils: list[int], holder: int | None, gone: bool) -> int | None:
    """PAL-2, PAL-6..8: who holds the paladin when the players' markers stand
    on ``evils`` and ``holder`` held him (announcing a change); ``gone``: he
    is out of the year's combat (eliminated, or gone, CMB-PAL-3).

    With nobody holding him, he goes to a lord on or above the paladin space;
    held, he moves only to a lord on or above it and strictly higher than his
    holder (PAL-7); several candidates: the most evil, ties to the one last in
    player order (PAL-8). Dummy markers never count (PAL-11)."""
    if gone:
        return holder  # CMB-PAL-3: once eliminated (or gone) he never moves again
    line = PALADIN_SPACE.value
    bar = evils[holder] if holder is not None else line - 1
    best: int | None = None
    for seat in in_play_order(state):  # later in player order wins ties (PAL-8)
        evil = evils[seat]
        if evil >= line and evil > bar and (best is None or evil >= evils[best]):
            best = seat
    if best is None or best == holder:
        return holder
    if holder is None:
        if narrating():
            announce("paladin", f"The paladin comes to attack Player {best + 1}'s dungeon (evil {evils[best]}).", best, evil=evils[best], previous=None)
    else:
        if narrating():
            announce("paladin", f"The paladin leaves Player {holder + 1} for the more evil Player {best + 1}.", best, evil=evils[best], previous=holder)
    return best



# --- phases taken player by player (PROD-4, RUL-5, EVT-2) --------------------------------


def turn_seat(state: GameState) -> int | None:
    """The seat whose turn it is in a phase taken player by player from the
    first player (``GameState.turn``), or None when everyone has finished."""
    turn = state.turn
    if turn is None or turn.position >= len(state.players):
        return None
    return in_play_order(state)[turn.position]


def in_play_order(state: GameState) -> tuple[int, ...]:
    """``state.player_order()`` (ORD-4, ADV-3), read from the same table
    (``PLAY_ORDERS``) without a call into the interpreter from the compiled
    build's rules (issue 25); a state with no table row (a malformed count of
    players) is answered by the method itself."""
    players = state.players
    n = len(players)
    if 0 < n < len(PLAY_ORDERS):
        return PLAY_ORDERS[n][state.first_player % n]
    return state.player_order()

# --- explaining refusals ---------------------------------------------------------------


Explainer = Callable[[GameState, Move], tuple[Violation, ...]]
