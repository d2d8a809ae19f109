"""What is known of the few most recent states (the engine's per-state cache).

``to_move`` and ``legal_moves`` are pure functions of an immutable state, so
what they return for a state object never changes. The engine keeps it for
the last few states asked about, here on a low floor so that a phase's
automatic step that had to list the legal moves of a state anyway can leave
them for the engine (``known(state).moves``) instead of the engine listing
them again.
"""

from __future__ import annotations

import collections
from typing import Any, Final

from dlrules.core.state import GameState


class Known:
    """What is known of one recent state: who moves and the legal moves.

    States are immutable and ``to_move``/``legal_moves`` are pure functions
    of the state, so neither changes for a state object. The entry holds the
    state itself (not its ``id``), so the object cannot be collected and its
    identity cannot be reused while the entry lives. Each fact is filled on
    first use: by the engine, or by a phase's automatic step that had to
    list the legal moves of this very state anyway (``moves`` must then be
    exactly what that phase's ``legal`` returns); ``members`` (the moves as
    a set, by equality) only when a move is checked that is not one of the
    listed objects."""

    __slots__ = ("state", "seats", "moves", "members")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.seats: frozenset[int] | None = None
        self.moves: tuple[Any, ...] | None = None
        self.members: frozenset[Any] | None = None


RECENT: Final[collections.deque[Known]] = collections.deque(maxlen=4)
"""The few most recently asked-about states, newest first (see ``known``)."""


def leave(state: GameState, seats: frozenset[int] | None, moves: tuple[Any, ...]) -> GameState:
    """``state`` itself, with who moves (``seats``; None: not worked out) and
    the legal moves that a phase's automatic step has just listed left in its
    entry for the engine, which asks for them next; each only where it is
    not known yet (they must be exactly what the phase's ``to_move`` and
    ``legal`` return)."""
    entry = known(state)
    if seats is not None and entry.seats is None:
        entry.seats = seats
    if entry.moves is None:
        entry.moves = moves
    return state


def known(state: GameState) -> Known:
    """The entry of ``state``: ``to_move``, ``legal_moves`` and ``apply`` on
    the same state (a play-out step, a search expanding a node) compute who
    moves and the legal moves once, not once per call. Memory stays flat:
    only the last few states are remembered."""
    recent = RECENT
    if recent:
        newest = recent[0]
        if newest.state is state:  # the usual case: the same state as just before
            return newest
    for entry in tuple(recent):  # a snapshot: another thread may add an entry meanwhile
        if entry.state is state:
            return entry
    entry = Known(state)
    recent.appendleft(entry)  # the oldest entry drops out
    return entry
