"""The factored action space: each move of the game as a short sequence of
small decisions by the same player (docs/ai.md, LIB-AI-6).

``dlrules.actions`` numbers every whole move (805,864 ids, most of them
defence plans). A policy wants a small head, so the adapters use this form
instead: a move is chosen field by field, each field a decision of its own
from a small block of ids (a defence plan is its tile, then its trap cards one
by one, then the lair places sent one by one). The referee's ``legal_moves``
and ``apply`` still take whole moves; a :class:`Partial` holds the decisions
made so far and applies the whole move when the last one is made.

- **Blocks.** One block of ids per (move kind, field), laid end to end
  (``DECISION_BLOCKS``); ``NUM_DECISIONS`` ids in all, none shared with
  chance. A block numbers its field's values as ``dlrules.actions`` does
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
- **Chance** keeps the whole-move ids of ``dlrules.actions`` (its first three
  blocks: ``NUM_CHANCE_OUTCOMES`` ids), as outcomes, not decisions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

import attrs

from dlrules.actions import (
    BLOCKS,
    MAX_LAIR,
    MAX_MONSTERS,
    MAX_PARTY,
    MAX_PRISONERS,
    MAX_TAX,
    MAX_TROLLS,
    _card_slots,
    _Reserved,
)
from dlrules.actions import encode as encode_move
from dlrules.components import ACTION_ORDER
from dlrules.dungeon import GRID
from dlrules.errors import IllegalMove, Violation
from dlrules.moves import (
    ActivateRoom,
    Attack,
    BuildRoom,
    ChooseOrders,
    ChooseTrap,
    Decline,
    DigTunnel,
    DiscardTrap,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    PlanDefence,
    ReleasePrisoner,
    ReturnOrder,
    Spy,
    TakeAction,
    Target,
    Transform,
    WitchHunt,
    WordOfPeace,
)
from dlrules.state import CHANCE, GameState

DECISION_VERSION: Final[int] = 1
"""Bumped when a decision block is appended or changes (docs/ai.md)."""

NUM_CHANCE_OUTCOMES: Final[int] = sum(b.size for b in BLOCKS if b.chance)
"""Chance outcomes keep their ``dlrules.actions`` ids ``0 .. NUM_CHANCE_OUTCOMES - 1``."""

DONE: Final[object] = "done"
"""The value that closes a set of varying size (the last id of its block)."""

ONE, EACH, SET = "one", "each", "set"
"""How a field becomes decisions: one value; each item of a list of fixed
length; each item of a set of varying size, then ``DONE``."""


@attrs.frozen(slots=False)
class DecisionBlock:
    """The ids ``offset .. offset + size - 1`` of one field of one move kind."""

    kind: type
    field: str  # "" for a move kind without fields (TakeAction …)
    values: tuple[object, ...]
    offset: int
    how: str

    @functools.cached_property
    def index(self) -> dict[object, int]:
        return {v: i for i, v in enumerate(self.values) if not isinstance(v, _Reserved)}

    @property
    def size(self) -> int:
        return len(self.values)

    @property
    def name(self) -> str:
        return f"{self.kind.__name__}.{self.field}" if self.field else self.kind.__name__


def _squares() -> tuple[object, ...]:
    return tuple(GRID)


_TRAPS = _card_slots("traps")
_SPEC: tuple[tuple[type, tuple[tuple[str, tuple[object, ...], str], ...]], ...] = (
    # Append new kinds or fields at the end only (a new DECISION_VERSION).
    (KeepUnavailable, (("orders", tuple(ACTION_ORDER), EACH),)),
    (ChooseOrders, (("orders", tuple(ACTION_ORDER), EACH), ("dummy_order", (None, *ACTION_ORDER), ONE))),
    (TakeAction, ()),
    (Decline, ()),
    (Spy, (("position", tuple(range(4)), ONE),)),
    (DigTunnel, (("square", _squares(), ONE),)),
    (FinishDigging, ()),
    (MineGold, (("imps", tuple(range(1, len(GRID) + 1)), ONE),)),
    (
        HireMonster,
        (
            ("monster", _card_slots("monsters"), ONE),
            ("dismiss", (None, *range(MAX_MONSTERS)), ONE),
            ("trap", (None, *_TRAPS), ONE),
        ),
    ),
    (BuildRoom, (("room", _card_slots("rooms"), ONE), ("square", _squares(), ONE))),
    (
        ActivateRoom,
        (("room", _squares(), ONE), ("trolls", tuple(range(MAX_TROLLS + 1)), ONE), ("target", (None, *GRID), ONE)),
    ),
    (FinishProduction, ()),
    (ReturnOrder, (("action", tuple(ACTION_ORDER), ONE),)),
    (
        PayMonster,
        (
            ("monster", tuple(range(MAX_MONSTERS)), ONE),
            ("pay", (False, True), ONE),
            ("trap", (None, *_TRAPS), ONE),
            ("feed", (None, *range(MAX_MONSTERS)), ONE),
        ),
    ),
    (PayTaxes, (("gold", tuple(range(MAX_TAX + 1)), ONE),)),
    (DiscardTrap, (("trap", _TRAPS, ONE),)),
    (
        PlanDefence,
        (("tile", _squares(), ONE), ("traps", (*_TRAPS, DONE), SET), ("monsters", (*range(MAX_LAIR), DONE), SET)),
    ),
    (ReleasePrisoner, (("prisoner", tuple(range(MAX_PRISONERS)), ONE),)),
    (ChooseTrap, (("trap", _TRAPS, ONE),)),
    (Target, (("adventurer", tuple(range(MAX_PARTY)), ONE),)),
    (
        Attack,
        (("monster", tuple(range(MAX_MONSTERS)), ONE), ("option", (0, 1), ONE), ("target", (None, *range(MAX_PARTY)), ONE)),
    ),
    (WordOfPeace, (("withdraw", (False, True), ONE),)),
    (Transform, (("monster", tuple(range(MAX_MONSTERS)), ONE),)),
    (WitchHunt, (("monster", (None, *range(MAX_MONSTERS)), ONE),)),
)


def _decision_blocks() -> tuple[DecisionBlock, ...]:
    out: list[DecisionBlock] = []
    offset = 0
    for kind, fields in _SPEC:
        for name, values, how in fields or (("", ((),), ONE),):
            out.append(DecisionBlock(kind, name, values, offset, how))
            offset += len(values)
    return tuple(out)


DECISION_BLOCKS: tuple[DecisionBlock, ...] = _decision_blocks()
"""The decision blocks in id order."""

NUM_DECISIONS: Final[int] = DECISION_BLOCKS[-1].offset + DECISION_BLOCKS[-1].size
"""Every player decision is an id ``0 .. NUM_DECISIONS - 1``."""

_BLOCKS_OF: dict[type, tuple[DecisionBlock, ...]] = {}
for _b in DECISION_BLOCKS:
    _BLOCKS_OF[_b.kind] = (*_BLOCKS_OF.get(_b.kind, ()), _b)
_BLOCK_AT: tuple[DecisionBlock, ...] = tuple(b for b in DECISION_BLOCKS for _ in range(b.size))


def block_of(decision: int) -> DecisionBlock:
    """The block a decision id belongs to (``ValueError`` for a number that is no decision id)."""
    if type(decision) is not int or not 0 <= decision < NUM_DECISIONS:
        raise ValueError(f"{decision!r} is not a decision id (0..{NUM_DECISIONS - 1}, decision version {DECISION_VERSION})")
    return _BLOCK_AT[decision]


@functools.lru_cache(maxsize=1 << 16)
def decisions_of(move: Move) -> tuple[int, ...]:
    """The decisions that make ``move``, in order (``ValueError`` for a chance
    move or a field value no block holds: no legal move has one)."""
    blocks = _BLOCKS_OF.get(type(move))
    if blocks is None:
        raise ValueError(f"{type(move).__name__} is made by chance, not by decisions")
    out: list[int] = []
    for block in blocks:
        if not block.field:
            out.append(block.offset)
            continue
        value = getattr(move, block.field)
        items = (value,) if block.how == ONE else tuple(value)
        for item in items:
            i = block.index.get(item)
            if i is None:
                raise ValueError(f"{move!r}: {block.field}={item!r} has no decision id (LIB-AI-2, LIB-AI-5)")
            out.append(block.offset + i)
        if block.how == SET:
            out.append(block.offset + block.size - 1)  # DONE
    return tuple(out)


def move_of_decisions(decisions: tuple[int, ...], seat: int) -> Move:
    """The whole move a complete sequence of decisions makes, by ``seat``
    (legal or not); ``ValueError`` when the sequence makes no move."""
    if not decisions:
        raise ValueError("no decisions")
    kind = block_of(decisions[0]).kind
    values: dict[str, Any] = {"seat": seat}
    rest = list(decisions)
    for block in _BLOCKS_OF[kind]:
        if not block.field:
            if not rest or rest.pop(0) != block.offset:
                raise ValueError(f"{decisions!r} does not make a {kind.__name__}")
            continue
        items: list[object] = []
        while rest and block_of(rest[0]) is block:
            value = block.values[rest.pop(0) - block.offset]
            if isinstance(value, _Reserved):
                raise ValueError(f"decision {decisions!r} names a reserved card slot")
            if value is DONE:
                break
            items.append(value)
            if block.how == ONE:
                break
        if block.how == ONE:
            if len(items) != 1:
                raise ValueError(f"{decisions!r} gives no {block.name}")
            values[block.field] = items[0]
        else:
            values[block.field] = tuple(items)
    if rest:
        raise ValueError(f"{decisions!r} has decisions after a whole {kind.__name__}")
    move: Move = kind(**values)
    return move


def describe_decision(decision: int) -> str:
    """A decision id for people: its block and value (``PlanDefence.tile B1``)."""
    from dlrules.dungeon import square_name

    block = block_of(decision)
    value = block.values[decision - block.offset]
    if not block.field:
        return block.name
    if isinstance(value, _Reserved):
        return f"{block.name} {value!r} (names no card in decision version {DECISION_VERSION})"
    if isinstance(value, tuple) and len(value) == 2 and block.field in ("tile", "square", "room", "target") and value in GRID:
        text = square_name(value)
    elif value is None:
        text = "none"
    elif block.field in ("monster", "monsters", "dismiss", "feed", "prisoner", "adventurer", "position") and isinstance(value, int):
        text = f"#{value + 1}"  # places and positions for people count from 1 (LIB-TV-2)
    else:
        text = str(getattr(value, "value", value))
    return f"{block.name} {text}"


# --- the partial-choice state -------------------------------------------------


@attrs.frozen
class Partial:
    """A position of the factored game: the library's ``state`` and, in the
    middle of a move, the ``seat`` making it and the decisions ``chosen`` so
    far. ``open_moves`` are the legal whole moves that begin with them."""

    state: GameState
    seat: int | None = None
    chosen: tuple[int, ...] = ()
    open_moves: tuple[Move, ...] = attrs.field(default=(), eq=False, repr=False)


def begin(state: GameState) -> Partial:
    """The factored position at a library state (no move under way)."""
    return Partial(state)


def resume(state: GameState, seat: int | None = None, chosen: tuple[int, ...] = ()) -> Partial:
    """The position at ``state`` with ``seat`` having made the decisions
    ``chosen`` of a move (a resampled or edited state; ``ValueError`` when no
    legal move of ``seat`` begins with them)."""
    if seat is None or not chosen:
        return Partial(state)
    moves = tuple(m for m in _moves_of(state, seat) if decisions_of(m)[: len(chosen)] == chosen)
    if not moves:
        raise ValueError(f"no legal move of Player {seat + 1} begins with the decisions {chosen}")
    return Partial(state, seat, chosen, moves)


def acting(p: Partial) -> int | None:
    """Who decides now: the seat making a move, else the lowest seat to move
    (the secret simultaneous choices one after another), ``CHANCE``, or
    ``None`` when nobody can move."""
    from dlrules.engine import to_move

    if p.seat is not None:
        return p.seat
    seats = to_move(p.state)
    if not seats:
        return None
    return CHANCE if CHANCE in seats else min(seats)


def _moves_of(state: GameState, seat: int) -> tuple[Move, ...]:
    from dlrules.engine import legal_moves

    return tuple(m for m in legal_moves(state) if m.seat == seat)


def _next(moves: tuple[Move, ...], depth: int) -> dict[int, list[Move]]:
    """The legal moves by their decision at ``depth``."""
    out: dict[int, list[Move]] = {}
    for m in moves:
        d = decisions_of(m)
        if len(d) > depth:
            out.setdefault(d[depth], []).append(m)
    return out


def legal_decisions(p: Partial) -> tuple[int, ...]:
    """The decision ids open to the seat deciding now, ascending; at a chance
    node the chance outcomes' ids (``dlrules.actions``)."""
    who = acting(p)
    if who is None:
        return ()
    if who == CHANCE:
        from dlrules.actions import chance_actions

        return tuple(a for a, _ in chance_actions(p.state))
    moves = p.open_moves if p.seat is not None else _moves_of(p.state, who)
    depth = len(p.chosen)
    return tuple(sorted({decisions_of(m)[depth] for m in moves}))


def _refuse(p: Partial, decision: object, why: str) -> IllegalMove:
    junk: Any = decision
    return IllegalMove(junk, (Violation("LIB-AI-6", why),))


def decide(p: Partial, decision: int, apply: Callable[[GameState, Move], GameState] | None = None) -> Partial:
    """Make ``decision`` (a chance id at a chance node): the next position.

    The last decision of a move applies the whole move (``apply``, default
    the engine's). A decision that is not open is refused with
    ``IllegalMove`` citing LIB-AI-6 (the decisions open now in its message);
    ``p`` is unchanged, as every position is."""
    from dlrules.engine import apply as engine_apply

    do = apply or engine_apply
    who = acting(p)
    if who is None:
        raise _refuse(p, decision, "the game is over: no decision is open")
    if who == CHANCE:
        from dlrules.actions import decode

        return Partial(do(p.state, decode(p.state, decision, CHANCE)))
    if type(decision) is not int or not 0 <= decision < NUM_DECISIONS:
        raise _refuse(p, decision, f"{decision!r} is not a decision id (0..{NUM_DECISIONS - 1})")
    moves = p.open_moves if p.seat is not None else _moves_of(p.state, who)
    chosen = p.chosen
    branches = _next(moves, len(chosen))
    picked = branches.get(decision)
    if picked is None:
        open_now = ", ".join(describe_decision(d) for d in sorted(branches)[:12])
        raise _refuse(
            p, decision, f"{describe_decision(decision)} is not open to Player {who + 1} now (open: {open_now}{' …' if len(branches) > 12 else ''})"
        )
    chosen = (*chosen, decision)
    while True:
        done = [m for m in picked if len(decisions_of(m)) == len(chosen)]
        if done:
            if len(picked) > 1:  # pragma: no cover - the blocks are made prefix-free
                raise AssertionError(f"decisions {chosen} both make {done[0]!r} and begin other moves")
            return Partial(do(p.state, done[0]))
        branches = _next(tuple(picked), len(chosen))
        if len(branches) != 1:
            return Partial(p.state, who, chosen, tuple(picked))
        (forced, picked), = branches.items()  # one open value: made for the player
        chosen = (*chosen, forced)


def describe_decision_blocks() -> tuple[tuple[str, int, int, str], ...]:
    """The table for docs/ai.md: ``(block, first id, size, how)``."""
    how = {ONE: "one value", EACH: "one per item", SET: "one per item, then done"}
    return tuple((b.name, b.offset, b.size, "—" if not b.field else how[b.how]) for b in DECISION_BLOCKS)


def encode_chance(move: Move) -> int:
    """A chance move's outcome id (its ``dlrules.actions`` id)."""
    if move.seat != CHANCE:
        raise ValueError(f"{move!r} is a player's move: it is made by decisions")
    return encode_move(move)


__all__ = [
    "DECISION_BLOCKS", "DECISION_VERSION", "DONE", "NUM_CHANCE_OUTCOMES", "NUM_DECISIONS", "DecisionBlock", "Partial",
    "acting", "begin", "block_of", "resume", "decide", "decisions_of", "describe_decision", "describe_decision_blocks",
    "encode_chance", "legal_decisions", "move_of_decisions",
]  # fmt: skip
