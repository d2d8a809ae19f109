"""Perfect recall for the adapters: a seat's information state as the list of
what it saw of every move so far (docs/ai.md, LIB-AI-4), with no framework
imported.

A :class:`History` is the game's moves so far, a persistent list shared by
clones. What seat ``S`` saw of a move is one line (``seen_line``): who made
it and its kind (public: every move is made in front of the table); the
move itself when ``S`` saw it whole (``seen_whole``: ``S``'s own moves and
moves with nothing hidden); and a digest of ``view(after, S)``, the view
after it, which holds whatever the move showed ``S`` (a card drawn to its
hand, a revealed order) and nothing else. Everything here is built from
``S``'s views and ``S``'s own moves, so no hidden information reaches it;
two histories ``S`` could tell apart at some point differ in some line.
"""

from __future__ import annotations

import hashlib
from typing import Final

import numpy as np
import numpy.typing as npt

from dlrules.agents.actions import BLOCKS, NUM_ACTIONS, encode
from dlrules.core.moves import (
    ActivateRoom,
    Attack,
    BuildRoom,
    ChooseTrap,
    Decline,
    DigTunnel,
    Draw,
    DrawDummyOrders,
    FinishDigging,
    FinishProduction,
    HireMonster,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    ReleasePrisoner,
    ReturnOrder,
    TakeAction,
    Target,
    Transform,
    WitchHunt,
    WordOfPeace,
)
from dlrules.records.notation import format_move
from dlrules.records.serialization import dumps
from dlrules.core.state import CHANCE, GameState
from dlrules.records.views import redact

_PUBLIC_KINDS: tuple[type, ...] = (
    TakeAction, Decline, DigTunnel, FinishDigging, MineGold, BuildRoom, ActivateRoom, FinishProduction,
    ReturnOrder, PayTaxes, ReleasePrisoner, ChooseTrap, Target, Attack, WordOfPeace, Transform, WitchHunt,
    DrawDummyOrders,
)  # fmt: skip
"""Moves with no hidden field, whoever makes them. Hidden in part, for the
other seats: the orders chosen and kept (ORD-3, RUL-13), the dealt orders, a
spy's position (ACT-REP-2), a trap card discarded face down or played in a
plan (SETUP-3, CMB-PLAN-9), a wage or a hire paid with a trap card, a card
drawn from the trap or combat deck (ACT-TRAP-2, ACT-REP-2)."""

_HIDDEN_DECKS: frozenset[str] = frozenset({"traps", "combat"})

DIGEST_BITS: Final[int] = 24
"""The view digest in the tensor: its first 24 bits, as binary digits."""

ID_BITS: Final[int] = max(NUM_ACTIONS - 1, 1).bit_length()
"""A whole-move id + 1 in the tensor, as binary digits (20 bits)."""

KINDS: tuple[type, ...] = tuple(dict.fromkeys(block.kind for block in BLOCKS))
"""The kinds of move, one-hot in the tensor (in the order of ``dlrules.agents.actions.BLOCKS``)."""

_KIND_INDEX: dict[type, int] = {k: i for i, k in enumerate(KINDS)}

MOVER_BITS: Final[int] = 1 + 4
"""Who moved, one-hot: chance, then the seats relative to the observer (4)."""

STEP_BITS: Final[int] = MOVER_BITS + len(KINDS) + 1 + ID_BITS + DIGEST_BITS
"""One move of the recall in the tensor: who moved (5), its kind (one-hot),
seen whole (1), the id + 1 when seen whole (binary digits), the digest of
the view after it (binary digits)."""


def seen_whole(move: Move, seat: int) -> bool:
    """Whether ``seat`` sees every field of ``move`` when it is made."""
    if move.seat == seat:
        return True
    if isinstance(move, Draw):
        return move.deck not in _HIDDEN_DECKS
    if isinstance(move, HireMonster | PayMonster):
        return move.trap is None
    return isinstance(move, _PUBLIC_KINDS)


def view_digest(state: GameState, seat: int) -> str:
    """A short digest of ``view(state, seat)``'s redacted state (16 hex digits)."""
    return hashlib.blake2b(dumps(redact(state, seat)).encode("utf-8"), digest_size=8).hexdigest()


def _who(move: Move, seat: int) -> str:
    if move.seat == CHANCE:
        return "chance"
    return "you" if move.seat == seat else f"P{move.seat + 1}"


class History:
    """The library moves made so far (newest last) and the state after each;
    immutable and shared: ``extend`` makes a new one. Each seat's line of a
    move is computed once."""

    __slots__ = ("_lines", "_rows", "after", "kind", "length", "move", "mover", "parent", "seat")

    def __init__(self, parent: History | None = None, move: Move | None = None, after: GameState | None = None) -> None:
        self.parent = parent
        self.move = move
        self.mover: int | None = None if move is None else move.seat
        self.kind: type | None = None if move is None else type(move)  # public: every move is made in front of the table
        self.after = after
        self.length: int = 0 if parent is None else parent.length + 1
        self._lines: dict[int, tuple[str, int, int]] | None = None  # made when a line is first asked for
        self._rows: dict[int, npt.NDArray[np.uint8]] | None = None  # each seat's tensor row, made when first asked for
        self.seat: int | None = None  # a carried history: the seat whose lines it keeps

    @classmethod
    def begin(cls, start: GameState) -> History:
        """The empty history of a game that starts at ``start`` (kept, so that
        the history can be replayed: ``replayable``, ``moves``)."""
        return cls(None, None, start)

    @property
    def start(self) -> GameState | None:
        """The position the history starts from (None: not known, as in a resampled history)."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node.after

    def replayable(self) -> bool:
        """Every move is known and the start too: replaying ``moves`` from
        ``start`` gives back this history (a resampled one is not)."""
        return self.seat is None and all(node.move is not None for node in self.nodes()) and self.start is not None

    def moves(self) -> tuple[Move, ...]:
        """The library moves made, oldest first (a resampled history's are unknown: ``ValueError``)."""
        out = tuple(node.move for node in self.nodes())
        if any(m is None for m in out):
            raise ValueError("a resampled history does not know the moves")
        return out  # type: ignore[return-value]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled flat, node by node, so that a history of any length pickles
        without deep recursion (issue 39): the start, then each node's move,
        state after it, mover, carried seat and lines."""
        nodes = [(n.move, n.after, n.mover, n.seat, n._lines, n.kind) for n in self.nodes()]
        root = self
        while root.parent is not None:
            root = root.parent
        return (_rebuilt, (root.after, root.seat, nodes))

    @classmethod
    def carried(cls, history: History, seat: int) -> History:
        """``seat``'s lines of ``history`` alone, for a resampled position
        (``dlrules.agents.resample``): the seat saw exactly this, and another seat's
        past is not known, so it reads "unknown" (and its tensor zeros)."""
        out = cls()
        for node in history.nodes():
            step = cls(out)
            step.mover, step.seat, step.kind = node.mover, seat, node.kind
            step._lines = {seat: node.seen(seat)}
            out = step
        return out

    def extend(self, move: Move, after: GameState) -> History:
        return History(self, move, after)

    def seen(self, seat: int) -> tuple[str, int, int]:
        """This move as ``seat`` saw it: its line, its whole-move id + 1 (0 when
        not seen whole) and the 24-bit view digest after it."""
        lines = self._lines
        got = lines.get(seat) if lines is not None else None
        if got is None and self.seat is not None:
            return ("unknown (before a resample)", 0, 0)
        if got is None:
            assert self.move is not None and self.after is not None
            move = self.move
            whole = seen_whole(move, seat)
            digest = view_digest(self.after, seat)
            text = format_move(move) if whole else type(move).__name__
            got = (f"{_who(move, seat)}: {text} | {digest}", encode(move) + 1 if whole else 0, int(digest[:6], 16))
            if lines is None:
                lines = self._lines = {}
            lines[seat] = got
        return got

    def row(self, seat: int, players: int) -> npt.NDArray[np.uint8]:
        """This move in ``seat``'s recall tensor (``STEP_BITS`` 0/1 values;
        zeros for a move before a resample, which the seat's line calls
        unknown); made once a seat."""
        rows = self._rows
        got = rows.get(seat) if rows is not None else None
        if got is None:
            got = np.zeros(STEP_BITS, np.uint8)
            _, whole, digest = self.seen(seat)
            if (self.seat is None or self.seat == seat) and self.mover is not None and self.kind is not None:
                mover = self.mover
                got[0 if mover == CHANCE else 1 + (mover - seat) % players] = 1
                kind = _KIND_INDEX.get(self.kind)
                if kind is not None:
                    got[MOVER_BITS + kind] = 1
                base = MOVER_BITS + len(KINDS)
                got[base] = 1 if whole else 0
                for b in range(ID_BITS):
                    got[base + 1 + b] = (whole >> (ID_BITS - 1 - b)) & 1
                for b in range(DIGEST_BITS):
                    got[base + 1 + ID_BITS + b] = (digest >> (DIGEST_BITS - 1 - b)) & 1
            if rows is None:
                rows = self._rows = {}
            rows[seat] = got
        return got

    def nodes(self) -> list[History]:
        """The moves, oldest first."""
        out: list[History] = []
        node: History | None = self
        while node is not None and node.length:
            out.append(node)
            node = node.parent
        out.reverse()
        return out


def _rebuilt(
    start: GameState | None, seat: int | None, nodes: list[tuple[Move | None, GameState | None, int | None, int | None, dict[int, tuple[str, int, int]] | None, type | None]]
) -> History:
    """A history from its flat pickle (``History.__reduce__``), built iteratively."""
    out = History(None, None, start)
    out.seat = seat
    for move, after, mover, carried, lines, kind in nodes:
        out = History(out, move, after)
        out.mover, out.seat, out._lines, out.kind = mover, carried, lines, kind
    return out


def recall_lines(history: History, seat: int) -> list[str]:
    """What ``seat`` saw of each move, oldest first."""
    return [node.seen(seat)[0] for node in history.nodes()]


def recall_array(history: History, seat: int, players: int, size: int) -> npt.NDArray[np.uint8]:
    """The history as ``size`` moves × ``STEP_BITS`` 0/1 values (docs/ai.md):
    for each move, oldest first, who moved (one-hot: chance, then the seat
    relative to ``seat``), its kind (one-hot over ``KINDS``), whether
    ``seat`` saw it whole, its whole-move id + 1 when seen whole (binary
    digits, most significant first; zeros otherwise) and the first 24 bits
    of the digest of ``seat``'s view after it (binary digits); rows past
    the game's length are zeros. Moves past ``size`` are left out (``MAX_RECALL``
    is above any game's length)."""
    out = np.zeros(size * STEP_BITS, np.uint8)
    rows = [node.row(seat, players) for node in history.nodes()[:size]]
    if rows:
        out[: len(rows) * STEP_BITS] = np.concatenate(rows)
    return out


__all__ = ["DIGEST_BITS", "ID_BITS", "KINDS", "STEP_BITS", "History", "recall_array", "recall_lines", "seen_whole", "view_digest"]
