"""The factored action space: each move of the game as a short sequence of
small decisions by the same player (docs/ai.md, LIB-AI-6).

``dlrules.agents.actions`` numbers every whole move (805,864 ids, most of them
defence plans). A policy wants a small head, so the adapters use this form
instead: a move is chosen field by field, each field a decision of its own
from a small block of ids (a defence plan is its tile, then its trap cards one
by one, then the lair places sent one by one). The referee's ``legal_moves``
and ``apply`` still take whole moves; a :class:`Partial` holds the decisions
made so far and applies the whole move when the last one is made.

- **Blocks.** One block of ids per (move kind, field), laid end to end
  (``DECISION_BLOCKS``); ``NUM_DECISIONS`` ids in all, none shared with
  chance. A block numbers its field's values as ``dlrules.agents.actions`` does
  (card keys in their fixed slots, squares in reading order, ``None`` first
  for an optional field).
- **Kinds of field.** A plain field is one decision. A list of fixed length
  (``ChooseOrders.orders``: first, second, third order) is one decision per
  item from the same block. A set or multiset whose size varies
  (``PlanDefence.traps``, ``PlanDefence.monsters``) is one decision per item,
  in the move's own (sorted) order, closed by the block's last id, "done".
  A set of fixed size (``KeepUnavailable.orders``) is its items in board order.
- **Legal decisions** are exactly the next decisions of the legal whole moves
  that begin with the decisions made so far: every decision leads to at least
  one legal move, and the last one applies it. A decision whose block has a
  single open value after the move's first decision is made for the player
  (an optional field no legal move uses, a forced last order), so a move
  costs a decision point only where there is a choice; the first decision of
  a move is always the player's.
- **Chance** keeps the whole-move ids of ``dlrules.agents.actions`` (its first three
  blocks: ``NUM_CHANCE_OUTCOMES`` ids), as outcomes, not decisions.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any


from dlrules.core.errors import IllegalMove, Violation
from dlrules.core.moves import (
    Move,
)
from dlrules.core.state import CHANCE, GameState

from dlrules.agents.decision_blocks import (
    DECISION_VERSION,
    NUM_CHANCE_OUTCOMES,
    DONE,
    DecisionBlock,
    DECISION_BLOCKS,
    NUM_DECISIONS,
    block_of,
    decisions_of,
    move_of_decisions,
    describe_decision,
    describe_decision_blocks,
    encode_chance,
)


# --- the partial-choice state -------------------------------------------------


class Choices:
    """The legal moves of one seat as a tree of decisions: ``children`` by
    decision id, each a ``Choices`` (more decisions to make) or, after a
    move's last decision, the ``Move`` itself (a leaf is the move: no node
    of its own to build). Built once per list of moves."""

    __slots__ = ("_open", "children")

    def __init__(self) -> None:
        self.children: dict[int, Choices | Move] = {}
        self._open: tuple[int, ...] | None = None

    @property
    def open(self) -> tuple[int, ...]:
        """The decisions open here, ascending."""
        if self._open is None:
            self._open = tuple(sorted(self.children))
        return self._open

    def moves(self) -> tuple[Move, ...]:
        """Every move below this point."""
        out: list[Move] = []
        stack = [self]
        while stack:
            for child in stack.pop().children.values():
                if type(child) is Choices:
                    stack.append(child)
                else:
                    out.append(child)  # type: ignore[arg-type]
        return tuple(out)


def _build(moves: tuple[Move, ...]) -> Choices:
    root = Choices()
    for m in moves:
        node = root
        *path, last = decisions_of(m)
        for d in path:
            nxt = node.children.get(d)
            if nxt is None:
                nxt = node.children[d] = Choices()
            elif type(nxt) is not Choices:  # pragma: no cover - the blocks are made prefix-free
                raise AssertionError(f"{nxt!r}: its decisions begin {m!r}'s")
            node = nxt
        if last in node.children:  # pragma: no cover - the blocks are made prefix-free
            raise AssertionError(f"{m!r}: its decisions are those of another move or begin them")
        node.children[last] = m
    return root


_TREES: dict[tuple[int, int], list[tuple[tuple[Move, ...], Choices]]] = {}
"""Trees of decisions by their list of moves, looked up by the identity of
every move (the phases share their move objects between states, so a seat's
moves repeat as the very same objects); the lists are kept, so no id is reused."""


def choices_of(moves: tuple[Move, ...]) -> Choices:
    """The tree of decisions of ``moves`` (one seat's legal moves), built once
    for moves that are the same objects as a list seen before."""
    if not moves:
        return Choices()
    key = (len(moves), id(moves[0]))
    bucket = _TREES.get(key)
    if bucket is not None:
        for known, tree in bucket:
            if known is moves or all(map(operator.is_, known, moves)):
                return tree
    tree = _build(moves)
    if len(_TREES) >= 4096:
        _TREES.clear()
    _TREES.setdefault(key, []).append((moves, tree))
    return tree


class Partial:
    """A position of the factored game: the library's ``state`` and, in the
    middle of a move, the ``seat`` making it and the decisions ``chosen`` so
    far (``node``: where they lead in the seat's tree of legal moves).

    Immutable (equal when state, seat and chosen are); ``made`` is the whole
    move the last decision applied (None in the middle of a move), ``memo``
    what was worked out about the position (who decides, its tree). A plain
    class with slots: search and learning loops make one per decision."""

    __slots__ = ("chosen", "made", "memo", "node", "seat", "state")

    state: GameState
    seat: int | None
    chosen: tuple[int, ...]
    node: Choices | None
    made: Move | None
    memo: dict[str, Any]

    def __init__(
        self,
        state: GameState,
        seat: int | None = None,
        chosen: tuple[int, ...] = (),
        node: Choices | None = None,
        made: Move | None = None,
    ) -> None:
        # the slots' own setters: faster than object.__setattr__ by name (one Partial a decision)
        _set_state(self, state)
        _set_seat(self, seat)
        _set_chosen(self, chosen)
        _set_node(self, node)
        _set_made(self, made)
        _set_memo(self, {})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Partial is immutable: {name} cannot be set")

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return (Partial, (self.state, self.seat, self.chosen, self.node, self.made))

    def __copy__(self) -> Partial:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, object]) -> Partial:
        return self  # immutable

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Partial):
            return NotImplemented
        return self.state == other.state and self.seat == other.seat and self.chosen == other.chosen

    def __hash__(self) -> int:
        return hash((self.state, self.seat, self.chosen))

    def __repr__(self) -> str:
        return f"Partial(state={self.state!r}, seat={self.seat!r}, chosen={self.chosen!r})"

    @property
    def open_moves(self) -> tuple[Move, ...]:
        """The legal whole moves that begin with the decisions made so far."""
        return self.node.moves() if self.node is not None else ()


_set_state, _set_seat, _set_chosen, _set_node, _set_made, _set_memo = (
    Partial.__dict__[name].__set__ for name in ("state", "seat", "chosen", "node", "made", "memo")
)


def begin(state: GameState) -> Partial:
    """The factored position at a library state (no move under way)."""
    return Partial(state)


def resume(state: GameState, seat: int | None = None, chosen: tuple[int, ...] = ()) -> Partial:
    """The position at ``state`` with ``seat`` having made the decisions
    ``chosen`` of a move (a resampled or edited state; ``ValueError`` when no
    legal move of ``seat`` begins with them)."""
    if seat is None or not chosen:
        return Partial(state)
    node: Choices | Move | None = choices_of(_moves_of(state, seat))
    for d in chosen:
        node = node.children.get(d) if type(node) is Choices else None
    if type(node) is not Choices:  # None, or a whole move: not one under way
        raise ValueError(f"no legal move of Player {seat + 1} begins with the decisions {chosen}")
    return Partial(state, seat, chosen, node)


def acting(p: Partial) -> int | None:
    """Who decides now: the seat making a move, else the lowest seat to move
    (the secret simultaneous choices one after another), ``CHANCE``, or
    ``None`` when nobody can move."""
    if p.seat is not None:
        return p.seat
    memo = p.memo
    if "who" in memo:
        return memo["who"]  # type: ignore[no-any-return]
    from dlrules.core.engine import to_move

    seats = to_move(p.state)
    who = None if not seats else CHANCE if CHANCE in seats else min(seats)
    memo["who"] = who
    return who


_SEAT: Callable[[Move], int] = operator.attrgetter("seat")


def _moves_of(state: GameState, seat: int) -> tuple[Move, ...]:
    from dlrules.core.engine import PHASES, legal_moves, seat_moves, to_move

    if len(to_move(state)) == 1:
        return legal_moves(state)  # every legal move is this seat's: the phase's own tuple
    if PHASES[state.phase].legal_for is not None:
        return seat_moves(state, seat)  # the phase lists this seat's moves apart (orders chosen at once): its own tuple
    moves = legal_moves(state)
    seats = list(map(_SEAT, moves))  # scans in C: the phases list each seat's moves together
    if seat not in seats:
        return ()
    first = seats.index(seat)
    end = len(seats) - seats[::-1].index(seat)
    if seats.count(seat) == end - first:
        return moves[first:end]
    return tuple(m for m in moves if m.seat == seat)


def _here(p: Partial, who: int) -> Choices:
    """Where the decisions made so far stand in the seat's tree of legal moves."""
    if p.node is not None:
        return p.node
    tree: Choices | None = p.memo.get("tree")
    if tree is None:
        tree = p.memo["tree"] = choices_of(_moves_of(p.state, who))
    return tree


def legal_decisions(p: Partial) -> tuple[int, ...]:
    """The decision ids open to the seat deciding now, ascending; at a chance
    node the chance outcomes' ids (``dlrules.agents.actions``)."""
    who = acting(p)
    if who is None:
        return ()
    if who == CHANCE:
        from dlrules.agents.actions import chance_actions

        return tuple(a for a, _ in chance_actions(p.state))
    return _here(p, who).open


def _refuse(p: Partial, decision: object, why: str) -> IllegalMove:
    junk: Any = decision
    return IllegalMove(junk, (Violation("LIB-AI-6", why),))


def decide(p: Partial, decision: int, apply: Callable[[GameState, Move], GameState] | None = None) -> Partial:
    """Make ``decision`` (a chance id at a chance node): the next position.

    The last decision of a move applies the whole move (``apply``, default
    the engine's). A decision that is not open is refused with
    ``IllegalMove`` citing LIB-AI-6 (the decisions open now in its message);
    ``p`` is unchanged, as every position is."""
    if apply is None:
        from dlrules.core.engine import apply as engine_apply

        do: Callable[[GameState, Move], GameState] = engine_apply
    else:
        do = apply
    who = acting(p)
    if who is None:
        raise _refuse(p, decision, "the game is over: no decision is open")
    if who == CHANCE:
        from dlrules.agents.actions import decode

        move = decode(p.state, decision, CHANCE)
        return Partial(do(p.state, move), made=move)
    return decide_for(p, who, decision, do)


def open_decisions(p: Partial, who: int) -> tuple[int, ...]:
    """``legal_decisions(p)`` when ``who`` (a seat, not chance) is known to be
    ``acting(p)``: the adapters' fast path, which asks who decides once."""
    return _here(p, who).open


def decide_for(p: Partial, who: int, decision: int, do: Callable[[GameState, Move], GameState]) -> Partial:
    """``decide(p, decision, do)`` when ``who`` (a seat, not chance) is known
    to be ``acting(p)``: the adapters' fast path. The same checks and refusals."""
    if type(decision) is not int or not 0 <= decision < NUM_DECISIONS:
        raise _refuse(p, decision, f"{decision!r} is not a decision id (0..{NUM_DECISIONS - 1})")
    here = _here(p, who)
    node = here.children.get(decision)
    if node is None:
        shown = here.open
        open_now = ", ".join(describe_decision(d) for d in shown[:12])
        raise _refuse(
            p, decision, f"{describe_decision(decision)} is not open to Player {who + 1} now (open: {open_now}{' …' if len(shown) > 12 else ''})"
        )
    if not isinstance(node, Choices):  # the move's last decision: the move itself
        return Partial(do(p.state, node), made=node)
    chosen = (*p.chosen, decision)
    while len(node.children) == 1:  # one open value: made for the player
        ((forced, nxt),) = node.children.items()
        chosen = (*chosen, forced)
        if not isinstance(nxt, Choices):
            return Partial(do(p.state, nxt), made=nxt)
        node = nxt
    return Partial(p.state, who, chosen, node)


__all__ = [
    "DECISION_BLOCKS", "DECISION_VERSION", "DONE", "NUM_CHANCE_OUTCOMES", "NUM_DECISIONS", "DecisionBlock", "Partial",
    "Choices", "acting", "begin", "block_of", "choices_of", "resume", "decide", "decide_for", "decisions_of", "describe_decision",
    "describe_decision_blocks", "encode_chance", "legal_decisions", "move_of_decisions", "open_decisions",
]  # fmt: skip
