"""The blocks of the factored action space (docs/ai.md, LIB-AI-6): one block
of decision ids per (move kind, field), laid end to end, and a whole move to
its decisions and back. ``dlrules.agents.decisions`` builds on them the
position in the middle of a move (``Partial``) and a seat's legal moves as a
tree of decisions, and re-exports every public name here."""

from __future__ import annotations

import functools
from typing import Any, Final

import attrs

from dlrules.agents.actions import (
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
from dlrules.agents.actions import encode as encode_move
from dlrules.components import ACTION_ORDER
from dlrules.core.dungeon import GRID
from dlrules.core.moves import (
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
from dlrules.core.state import CHANCE

DECISION_VERSION: Final[int] = 1
"""Bumped when a decision block is appended or changes (docs/ai.md)."""

NUM_CHANCE_OUTCOMES: Final[int] = sum(b.size for b in BLOCKS if b.chance)
"""Chance outcomes keep their ``dlrules.agents.actions`` ids ``0 .. NUM_CHANCE_OUTCOMES - 1``."""

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


_BY_ID: dict[int, tuple[Move, tuple[int, ...]]] = {}
"""``decisions_of`` by the move object's identity (the move kept, so its id is
not reused): the phases share their move objects between states, and an
identity lookup costs no hash of the move's fields."""


def decisions_of(move: Move) -> tuple[int, ...]:
    """The decisions that make ``move``, in order (``ValueError`` for a chance
    move or a field value no block holds: no legal move has one)."""
    hit = _BY_ID.get(id(move))
    if hit is not None and hit[0] is move:
        return hit[1]
    made = _decisions_of(move)
    if len(_BY_ID) >= 1 << 17:
        _BY_ID.clear()
    _BY_ID[id(move)] = (move, made)
    return made


@functools.lru_cache(maxsize=1 << 16)
def _decisions_of(move: Move) -> tuple[int, ...]:
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
    from dlrules.core.dungeon import square_name

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


def describe_decision_blocks() -> tuple[tuple[str, int, int, str], ...]:
    """The table for docs/ai.md: ``(block, first id, size, how)``."""
    how = {ONE: "one value", EACH: "one per item", SET: "one per item, then done"}
    return tuple((b.name, b.offset, b.size, "—" if not b.field else how[b.how]) for b in DECISION_BLOCKS)


def encode_chance(move: Move) -> int:
    """A chance move's outcome id (its ``dlrules.agents.actions`` id)."""
    if move.seat != CHANCE:
        raise ValueError(f"{move!r} is a player's move: it is made by decisions")
    return encode_move(move)
