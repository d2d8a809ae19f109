"""An integer action space: every move of the game as an id ``0..NUM_ACTIONS-1``
and back (docs/ai.md), for search and learning frameworks (OpenSpiel,
PettingZoo; ``dlrules.agents.adapters``).

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
  dungeon square for mining, ``MAX_TROLLS`` troll tokens in a room; and,
  from version 2, ``MAX_LAIR`` monsters named by a plan, ``MAX_PLAN_TRAPS``
  trap cards on a battle tile, ``MAX_PARTY`` adventurers in a party and
  ``MAX_PRISONERS`` in a prison (LIB-AI-5).
- Version 2 appends the blocks of combat (``PlanDefence`` … ``Transform``),
  year 2 (``WitchHunt``) and the year-2 wages of ``PayMonster`` (a second
  block of that kind, for a wage paid with a trap card or another monster,
  Y2-19..21; a wage without them keeps its version-1 id). ``PlanDefence``
  is one id for the whole plan (LIB-AI-5): the tile, the trap cards as a
  multiset of at most two kinds, the monsters and ghosts sent as a bit mask
  over the first ``MAX_LAIR`` places of the lair.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from dlrules.components import ACTION_ORDER, Action
from dlrules.components.cards import ADVENTURERS, COMBAT_CARDS, EVENTS, MONSTERS, ROOMS, SPECIAL_EVENTS, TRAPS
from dlrules.core.dungeon import GRID
from dlrules.core.errors import IllegalMove, Violation
from dlrules.core.moves import (
    ActivateRoom,
    Attack,
    BuildRoom,
    ChooseOrders,
    ChooseTrap,
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
from dlrules.core.state import CHANCE, DECK_NAMES, GameState

ENCODING_VERSION: Final[int] = 2
"""Bumped when a block is appended or an existing block's domain changes (docs/ai.md)."""

MAX_MONSTERS: Final[int] = 16
"""LIB-AI-2: monster indices (Demon's dismissal, Payday) are ``0..15``. A lord
hires at most one monster a round (one Hire Monster order), 8 in a game."""

MAX_TAX: Final[int] = (len(GRID) + 1) // 2
"""LIB-AI-2: the most tax a lord can owe (EVT-TAX-1: a full 20-square dungeon)."""

MAX_TROLLS: Final[int] = 4
"""LIB-AI-2: troll tokens staffing one room (PROD-2: no room needs more than 4 workers)."""

MAX_LAIR: Final[int] = 8
"""LIB-AI-5: the places of a lair a plan can name (``PlanDefence.monsters``,
bits 0..7). Only Hire Monster adds to a lair and a lord plays it at most once
a round (one order card of each action, ORD-1), so a lair never holds more
than 8 monsters and ghosts in the game's 8 rounds."""

MAX_PLAN_TRAPS: Final[int] = 2
"""LIB-AI-5: trap cards on one battle tile (CMB-3: one on a tunnel or a room,
two in the Labyrinth)."""

MAX_PARTY: Final[int] = 6
"""LIB-AI-5: places in a party (``Target.adventurer``, ``Attack.target``): a
dungeon gets one adventurer in each of spring, summer and autumn (ADV-1,
ADV-4), and the paladin may join (PAL): 4 places, with 2 to spare."""

MAX_PRISONERS: Final[int] = 16
"""LIB-AI-5: places in a prison (``ReleasePrisoner.prisoner``): at most a
party of 4 each year, 8 in the game."""

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


def _plan_traps() -> tuple[tuple[object, ...], ...]:
    """LIB-AI-5: every multiset of at most ``MAX_PLAN_TRAPS`` trap slots, each
    a tuple sorted by key as ``PlanDefence.traps`` is (one with a reserved slot
    names no move): the empty set, then one card, then two, in slot order."""
    slots = _card_slots("traps")
    out: list[tuple[object, ...]] = []
    for k in range(MAX_PLAN_TRAPS + 1):
        for combo in itertools.combinations_with_replacement(slots, k):
            if any(isinstance(c, _Reserved) for c in combo):
                out.append(combo)
            else:
                out.append(tuple(sorted(str(c) for c in combo)))
    return tuple(out)


def _lair_sets() -> tuple[tuple[int, ...], ...]:
    """LIB-AI-5: every set of lair places as a sorted tuple, numbered by bit
    mask (bit i = place i)."""
    return tuple(tuple(i for i in range(MAX_LAIR) if mask >> i & 1) for mask in range(1 << MAX_LAIR))


def _year_two_wages() -> tuple[tuple[object, object], ...]:
    """PayMonster's (trap, feed) pairs of year 2 (Y2-19..21): all but
    (None, None), which keeps its version-1 id in the first PayMonster block."""
    return tuple(
        (t, f) for t in (None, *_card_slots("traps")) for f in (None, *range(MAX_MONSTERS)) if t is not None or f is not None
    )


@attrs.frozen(slots=False)  # a __dict__ for the cached ``unnumbered`` (attrs 23.1's slots cannot hold one)
class Block:
    """The ids of one move kind: ``offset .. offset + size - 1``."""

    kind: type
    fields: tuple[_Field, ...]
    offset: int
    chance: bool
    label: str | None = None

    @property
    def size(self) -> int:
        n = 1
        for f in self.fields:
            n *= f.size
        return n

    @functools.cached_property
    def unnumbered(self) -> tuple[tuple[str, object], ...]:
        """The kind's fields this block does not number (the seat aside), with
        the default each must hold for a move to have an id here (PayMonster's
        version-1 block: no ``trap``, no ``feed``)."""
        named = {n for f in self.fields for n in f.names}
        return tuple(
            (a.name, a.default) for a in attrs.fields(self.kind) if a.name != "seat" and a.name not in named
        )

    @property
    def name(self) -> str:
        """The kind's name, or the block's own label when a kind has two."""
        return self.label or self.kind.__name__


_SPEC: tuple[tuple[type, bool, tuple[_Field, ...]] | tuple[type, bool, tuple[_Field, ...], str], ...] = (
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
    # Version 2: combat of both years, year 2, the end of the game (LIB-AI-5).
    (
        PlanDefence,
        False,
        (_choice("tile", _SQUARES), _choice("traps", _plan_traps()), _choice("monsters", _lair_sets())),
    ),
    (ReleasePrisoner, False, (_choice("prisoner", range(MAX_PRISONERS)),)),
    (ChooseTrap, False, (_choice("trap", _card_slots("traps")),)),
    (Target, False, (_choice("adventurer", range(MAX_PARTY)),)),
    (
        Attack,
        False,
        (_choice("monster", range(MAX_MONSTERS)), _choice("option", (0, 1)), _choice("target", (None, *range(MAX_PARTY)))),
    ),
    (WordOfPeace, False, (_choice("withdraw", (False, True)),)),
    (Transform, False, (_choice("monster", range(MAX_MONSTERS)),)),
    (WitchHunt, False, (_choice("monster", (None, *range(MAX_MONSTERS))),)),
    (
        PayMonster,
        False,
        (
            _choice("monster", range(MAX_MONSTERS)),
            _choice("pay", (False, True)),
            _Field(("trap", "feed"), _year_two_wages()),
        ),
        "PayMonster (year 2)",
    ),
)


def _blocks() -> tuple[Block, ...]:
    out: list[Block] = []
    offset = 0
    for kind, chance, fields, *label in _SPEC:
        block = Block(kind, fields, offset, chance, label[0] if label else None)
        out.append(block)
        offset += block.size
    return tuple(out)


BLOCKS: tuple[Block, ...] = _blocks()
"""The encoding table, in id order."""

NUM_ACTIONS: Final[int] = BLOCKS[-1].offset + BLOCKS[-1].size
"""Every id is ``0 .. NUM_ACTIONS - 1`` (player moves and chance outcomes)."""

_BY_KIND: dict[type, tuple[Block, ...]] = {}
for _b in BLOCKS:
    _BY_KIND[_b.kind] = (*_BY_KIND.get(_b.kind, ()), _b)
_OFFSETS: list[int] = [b.offset for b in BLOCKS]


def num_distinct_actions(players: int = 4, variant: str = "full") -> int:
    """The size of the action space for a game configuration: the same for
    every configuration of one ``ENCODING_VERSION`` (the domains cover all cards
    and all seats)."""
    del players, variant
    return NUM_ACTIONS


def unencoded_kinds() -> tuple[type, ...]:
    """The move kinds of ``dlrules.core.moves`` with no block: in version 2 only
    the table's ruling (LIB-TAB-8), which no seat, bot or adapter is offered;
    every move of the game has an id (LIB-AI-3)."""
    from dlrules.core.moves import MOVE_TYPES

    return tuple(kind for kind in MOVE_TYPES if kind not in _BY_KIND)


def encodable(move: object) -> bool:
    """Whether ``move``'s kind has a block in this version of the encoding."""
    return type(move) in _BY_KIND


def encode(move: Move) -> int:
    """The id of ``move`` (its seat is not part of a player move's id).

    Raises ``ValueError`` for a move kind with no block yet, or a field value
    outside its block's domain (no such move can be legal: LIB-AI-2)."""
    try:
        return _encode_cached(move)
    except TypeError:  # an unhashable field value: no id, said the slow way below
        return _encode(move)


@functools.lru_cache(maxsize=1 << 16)
def _encode_cached(move: Move) -> int:
    """``_encode``, remembered: search and learning loops encode the same moves over and over."""
    return _encode(move)


def _encode(move: Move) -> int:
    blocks = _BY_KIND.get(type(move))
    if blocks is None:
        raise ValueError(f"{type(move).__name__} has no action id in encoding version {ENCODING_VERSION}")
    problem = ""
    for block in blocks:  # a kind with two blocks (PayMonster): the first whose fields take the values
        other = next(((n, getattr(move, n)) for n, default in block.unnumbered if getattr(move, n) != default), None)
        if other is not None:
            problem = problem or f"{other[0]}={other[1]!r}"
            continue
        number = 0
        for f in block.fields:
            value = tuple(getattr(move, n) for n in f.names)
            try:
                i = f.index[value]
            except (KeyError, TypeError):
                problem = problem or f"{'/'.join(f.names)}={value!r}"
                break
            number = number * f.size + i
        else:
            return block.offset + number
    raise ValueError(f"{move!r}: {problem} has no action id (LIB-AI-2, LIB-AI-5)")


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
    from dlrules.core.engine import check, to_move

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
    from dlrules.core.engine import legal_moves

    return tuple(sorted(encode(m) for m in legal_moves(state) if m.seat == seat))


def chance_actions(state: GameState) -> tuple[tuple[int, Fraction], ...]:
    """The chance outcomes now as ``(id, probability)``, ascending by id (``chance_outcomes``)."""
    from dlrules.core.chance import chance_outcomes

    return tuple(sorted((encode(m), p) for m, p in chance_outcomes(state)))


def describe_blocks() -> tuple[tuple[str, int, int, bool, str], ...]:
    """The table for docs/ai.md: ``(kind, first id, size, chance, fields)``."""
    return tuple(
        (b.name, b.offset, b.size, b.chance, " × ".join(f"{'/'.join(f.names)} ({f.size})" for f in b.fields) or "—")
        for b in BLOCKS
    )


__all__ = [
    "BLOCKS", "CARD_CAPACITY", "CARD_KEYS", "ENCODING_VERSION", "MAX_LAIR", "MAX_MONSTERS", "MAX_PARTY", "MAX_PLAN_TRAPS",
    "MAX_PRISONERS", "MAX_TAX", "MAX_TROLLS", "NUM_ACTIONS", "Block",
    "chance_actions", "decode", "describe_blocks", "encodable", "encode", "is_chance_action",
    "legal_actions", "move_of", "num_distinct_actions", "unencoded_kinds",
]  # fmt: skip
