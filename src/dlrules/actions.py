"""An integer action space: every move of the game as an id ``0..NUM_ACTIONS-1``
and back (docs/ai.md), for search and learning frameworks (OpenSpiel,
PettingZoo; ``dlrules.adapters``).

The encoding is a table of *blocks*, one per move kind, laid end to end. A
block numbers every value of its kind's fields (``Draw``'s deck and card,
``ChooseOrders``' three orders and the dummy's order …) in mixed radix, the
first field most significant. Rules of the encoding (docs/rulings.md LIB-AI-1):

- A player's move is numbered *without its seat*: the id says what is done,
  the seat is the one acting (``decode(state, action, seat)``), so every seat
  shares one action space. Chance moves have ``seat == CHANCE`` and ids of
  their own, in the same space (their probabilities: ``chance_actions``).
- Card choices are tuples in board order (LIB-1); a set of order cards is a
  bit mask over the eight actions. Card keys are numbered in component order
  within a fixed number of slots per kind of card (``CARD_CAPACITY``): cards
  added to the components later take free slots, so no other id moves.
- Stability: ids of the blocks below never change within an
  ``ENCODING_VERSION``. A new move kind (combat, year 2) gets a new block
  *appended* after the last one, so every existing id keeps its number and
  only ``NUM_ACTIONS`` grows; ``ENCODING_VERSION`` goes up by one. Changing a
  field domain of an existing block (a card key renamed) also goes up one
  version. ``tests/test_actions.py`` pins the offsets of version 1.
- A few fields are bounded by caps the game's components imply (LIB-AI-2):
  ``MAX_MONSTERS`` monsters a lord holds, ``MAX_TAX`` gold of tax, one imp per
  dungeon square for mining, ``MAX_TROLLS`` troll tokens in a room.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from dlrules.components import ACTION_ORDER, Action
from dlrules.components.cards import ADVENTURERS, COMBAT_CARDS, EVENTS, MONSTERS, ROOMS, SPECIAL_EVENTS, TRAPS
from dlrules.dungeon import GRID
from dlrules.errors import IllegalMove, Violation
from dlrules.moves import (
    ActivateRoom,
    BuildRoom,
    ChooseOrders,
    DealOrders,
    Decline,
    DigTunnel,
    DiscardTrap,
    Draw,
    DrawDummyOrders,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    ReturnOrder,
    Spy,
    TakeAction,
)
from dlrules.state import CHANCE, DECK_NAMES, GameState

ENCODING_VERSION: Final[int] = 1
"""Bumped when a block is appended or an existing block's domain changes (docs/ai.md)."""

MAX_MONSTERS: Final[int] = 16
"""LIB-AI-2: monster indices (Demon's dismissal, Payday) are ``0..15``. A lord
hires at most one monster a round (one Hire Monster order), 8 in a game."""

MAX_TAX: Final[int] = (len(GRID) + 1) // 2
"""LIB-AI-2: the most tax a lord can owe (EVT-TAX-1: a full 20-square dungeon)."""

MAX_TROLLS: Final[int] = 4
"""LIB-AI-2: troll tokens staffing one room (PROD-2: no room needs more than 4 workers)."""

_COLOURS: tuple[int, ...] = (0, 1, 2, 3)


# --- field codecs: a value domain numbered 0..size-1 ---------------------------


@attrs.frozen
class _Field:
    """One field (or a joint group of fields) of a block: its values, numbered."""

    names: tuple[str, ...]
    values: tuple[tuple[Any, ...], ...]  # each a tuple of the named fields' values
    index: dict[tuple[Any, ...], int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", {v: i for i, v in enumerate(self.values)})

    @property
    def size(self) -> int:
        return len(self.values)


def _choice(name: str, values: Sequence[Any]) -> _Field:
    return _Field((name,), tuple((v,) for v in values))


def _order_sets() -> tuple[tuple[Action, ...], ...]:
    """Every set of order cards as a tuple in board order, numbered by bit mask
    (bit i = ``ACTION_ORDER[i]``)."""
    return tuple(tuple(a for i, a in enumerate(ACTION_ORDER) if mask >> i & 1) for mask in range(1 << len(ACTION_ORDER)))


_ORDER_SETS = _choice("orders", _order_sets())
_SQUARES: tuple[tuple[int, int], ...] = GRID

class _Reserved:
    """A value slot kept free for a card a later version may add (LIB-AI-1):
    its id names no move."""

    __slots__ = ("slot",)

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def __repr__(self) -> str:
        return f"<reserved card slot {self.slot}>"


CARD_CAPACITY: dict[str, int] = {
    "monsters": 16,
    "rooms": 32,
    "traps": 16,
    "adventurers": 64,
    "events": 8,
    "combat": 32,
    "special": 16,
}
"""Value slots per kind of card (LIB-AI-1): a kind's keys are numbered in
component order and the rest of its slots are reserved, so cards added to the
components later take free slots and no other id moves."""

CARD_KEYS: dict[str, tuple[str, ...]] = {
    "monsters": tuple(MONSTERS),
    "rooms": tuple(ROOMS),
    "traps": tuple(TRAPS),
    "adventurers": tuple(ADVENTURERS),
    "events": tuple(EVENTS),
    "combat": tuple(COMBAT_CARDS),
    "special": tuple(SPECIAL_EVENTS),
}
"""Each kind of card's keys, in component order (they take its first slots)."""


def _card_slots(kind: str) -> tuple[object, ...]:
    """The kind's card keys, then reserved slots up to its capacity."""
    keys = CARD_KEYS[kind]
    capacity = CARD_CAPACITY[kind]
    if len(keys) > capacity:  # pragma: no cover - a component change that needs a new encoding version
        raise ValueError(f"{len(keys)} {kind} exceed the {capacity} slots of encoding version {ENCODING_VERSION}")
    return (*keys, *(_Reserved(i) for i in range(len(keys), capacity)))


_DECK_CARDS: tuple[tuple[object, object], ...] = tuple(
    (deck, key) for deck in DECK_NAMES for key in _card_slots(deck)
)


@attrs.frozen
class Block:
    """The ids of one move kind: ``offset .. offset + size - 1``."""

    kind: type
    fields: tuple[_Field, ...]
    offset: int
    chance: bool

    @property
    def size(self) -> int:
        n = 1
        for f in self.fields:
            n *= f.size
        return n

    @property
    def name(self) -> str:
        return self.kind.__name__


_SPEC: tuple[tuple[type, bool, tuple[_Field, ...]], ...] = (
    # Version 1. Append new kinds at the end only (module docstring).
    (DealOrders, True, (_choice("target", _COLOURS), _ORDER_SETS)),
    (DrawDummyOrders, True, (_choice("colour", _COLOURS), _ORDER_SETS)),
    (Draw, True, (_Field(("deck", "card"), _DECK_CARDS),)),
    (KeepUnavailable, False, (_ORDER_SETS,)),
    (
        ChooseOrders,
        False,
        (
            _choice("orders", tuple(itertools.permutations(ACTION_ORDER, 3))),
            _choice("dummy_order", (None, *ACTION_ORDER)),
        ),
    ),
    (TakeAction, False, ()),
    (Decline, False, ()),
    (Spy, False, (_choice("position", range(4)),)),
    (DigTunnel, False, (_choice("square", _SQUARES),)),
    (FinishDigging, False, ()),
    (MineGold, False, (_choice("imps", range(1, len(_SQUARES) + 1)),)),
    (
        HireMonster,
        False,
        (
            _choice("monster", _card_slots("monsters")),
            _choice("dismiss", (None, *range(MAX_MONSTERS))),
            _choice("trap", (None, *_card_slots("traps"))),
        ),
    ),
    (BuildRoom, False, (_choice("room", _card_slots("rooms")), _choice("square", _SQUARES))),
    (
        ActivateRoom,
        False,
        (
            _choice("room", _SQUARES),
            _choice("trolls", range(MAX_TROLLS + 1)),
            _choice("target", (None, *_SQUARES)),
        ),
    ),
    (FinishProduction, False, ()),
    (ReturnOrder, False, (_choice("action", ACTION_ORDER),)),
    (PayMonster, False, (_choice("monster", range(MAX_MONSTERS)), _choice("pay", (False, True)))),
    (PayTaxes, False, (_choice("gold", range(MAX_TAX + 1)),)),
    (DiscardTrap, False, (_choice("trap", _card_slots("traps")),)),
)


def _blocks() -> tuple[Block, ...]:
    out: list[Block] = []
    offset = 0
    for kind, chance, fields in _SPEC:
        block = Block(kind, fields, offset, chance)
        out.append(block)
        offset += block.size
    return tuple(out)


BLOCKS: tuple[Block, ...] = _blocks()
"""The encoding table, in id order."""

NUM_ACTIONS: Final[int] = BLOCKS[-1].offset + BLOCKS[-1].size
"""Every id is ``0 .. NUM_ACTIONS - 1`` (player moves and chance outcomes)."""

_BY_KIND: dict[type, Block] = {b.kind: b for b in BLOCKS}
_OFFSETS: list[int] = [b.offset for b in BLOCKS]


def num_distinct_actions(players: int = 4, variant: str = "full") -> int:
    """The size of the action space for a game configuration: the same for
    every configuration of one ``ENCODING_VERSION`` (the domains cover all cards
    and all seats)."""
    del players, variant
    return NUM_ACTIONS


def unencoded_kinds() -> tuple[type, ...]:
    """The move kinds of ``dlrules.moves`` with no block yet (kinds being built,
    such as combat's). The adapters stop before the phase that uses them
    (``dlrules.adapters.common.LAST_PHASE``)."""
    from dlrules.moves import MOVE_TYPES

    return tuple(kind for kind in MOVE_TYPES if kind not in _BY_KIND)


def encodable(move: object) -> bool:
    """Whether ``move``'s kind has a block in this version of the encoding."""
    return type(move) in _BY_KIND


def encode(move: Move) -> int:
    """The id of ``move`` (its seat is not part of a player move's id).

    Raises ``ValueError`` for a move kind with no block yet, or a field value
    outside its block's domain (no such move can be legal: LIB-AI-2)."""
    block = _BY_KIND.get(type(move))
    if block is None:
        raise ValueError(f"{type(move).__name__} has no action id in encoding version {ENCODING_VERSION}")
    number = 0
    for f in block.fields:
        value = tuple(getattr(move, n) for n in f.names)
        try:
            i = f.index[value]
        except (KeyError, TypeError):
            raise ValueError(f"{move!r}: {'/'.join(f.names)}={value!r} has no action id (LIB-AI-2)") from None
        number = number * f.size + i
    return block.offset + number


def move_of(action: int, seat: int) -> Move:
    """The move an id names, made by ``seat`` (ignored for chance ids), without
    asking whether it is legal. Raises ``ValueError`` for an id out of range."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"{action!r} is not an action id (0..{NUM_ACTIONS - 1}, encoding version {ENCODING_VERSION})")
    block = BLOCKS[bisect.bisect_right(_OFFSETS, action) - 1]
    number = action - block.offset
    values: dict[str, Any] = {}
    for f in reversed(block.fields):
        number, i = divmod(number, f.size)
        values.update(zip(f.names, f.values[i]))
    reserved = [v for v in values.values() if isinstance(v, _Reserved)]
    if reserved:
        raise ValueError(f"action {action} is reserved for a card encoding version {ENCODING_VERSION} does not have ({block.name})")
    if not block.chance:
        values["seat"] = seat
    move: Move = block.kind(**values)
    return move


def is_chance_action(action: int) -> bool:
    """Whether ``action`` names a chance outcome."""
    move_of(action, CHANCE)  # refuses an id out of range
    return _block_of(action).chance


def _block_of(action: int) -> Block:
    return BLOCKS[bisect.bisect_right(_OFFSETS, action) - 1]


def decode(state: GameState, action: int, seat: int | None = None) -> Move:
    """The legal move ``action`` names now, made by ``seat``.

    ``seat`` may be left out when it is implied: a chance id, or exactly one
    player to move. Raises ``IllegalMove`` citing the rules the move breaks
    (as ``apply`` would), or LIB-AI-1 for an id that names no move or a
    missing seat; the state is untouched."""
    from dlrules.engine import check, to_move

    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise IllegalMove(
            _no_move(action),
            (Violation("LIB-AI-1", f"{action!r} is not an action id: they run from 0 to {NUM_ACTIONS - 1}"),),
        )
    try:
        named = move_of(action, CHANCE)
    except ValueError as reserved:  # a slot kept for a card this version does not have
        raise IllegalMove(_no_move(action), (Violation("LIB-AI-1", str(reserved)),)) from None
    block = _block_of(action)
    if block.chance:
        if seat is not None and seat != CHANCE:
            raise IllegalMove(
                named,
                (Violation("LIB-AI-1", f"action {action} is a chance outcome ({block.name}), not a move of Player {seat + 1}"),),
            )
        seat = CHANCE
    elif seat == CHANCE:
        raise IllegalMove(
            named,
            (Violation("LIB-AI-1", f"action {action} is a player's move ({block.name}), not a chance outcome"),),
        )
    elif seat is None:
        players = sorted(s for s in to_move(state) if s != CHANCE)
        if len(players) != 1:
            who = ", ".join(f"Player {s + 1}" for s in players) or "no player"
            raise IllegalMove(
                _no_move(action),
                (Violation("LIB-AI-1", f"action {action} needs the seat that makes it: {who} may move now"),),
            )
        seat = players[0]
    move = move_of(action, seat)
    violations = check(state, move)
    if violations:
        raise IllegalMove(move, violations)
    return move


def _no_move(action: object) -> Move:
    """What an ``IllegalMove`` for an id naming no move carries as its move:
    the id itself (like ``apply`` given junk, RS-3)."""
    junk: Any = action
    return junk  # type: ignore[no-any-return]


def legal_actions(state: GameState, seat: int) -> tuple[int, ...]:
    """The ids of ``seat``'s legal moves now (``CHANCE``: the chance outcomes), ascending."""
    from dlrules.engine import legal_moves

    return tuple(sorted(encode(m) for m in legal_moves(state) if m.seat == seat))


def chance_actions(state: GameState) -> tuple[tuple[int, Fraction], ...]:
    """The chance outcomes now as ``(id, probability)``, ascending by id (``chance_outcomes``)."""
    from dlrules.chance import chance_outcomes

    return tuple(sorted((encode(m), p) for m, p in chance_outcomes(state)))


def describe_blocks() -> tuple[tuple[str, int, int, bool, str], ...]:
    """The table for docs/ai.md: ``(kind, first id, size, chance, fields)``."""
    return tuple(
        (b.name, b.offset, b.size, b.chance, " × ".join(f"{'/'.join(f.names)} ({f.size})" for f in b.fields) or "—")
        for b in BLOCKS
    )


__all__ = [
    "BLOCKS", "CARD_CAPACITY", "CARD_KEYS", "ENCODING_VERSION", "MAX_MONSTERS", "MAX_TAX", "MAX_TROLLS", "NUM_ACTIONS", "Block",
    "chance_actions", "decode", "describe_blocks", "encodable", "encode", "is_chance_action",
    "legal_actions", "move_of", "num_distinct_actions", "unencoded_kinds",
]  # fmt: skip
