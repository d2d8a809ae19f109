"""Bounded positions (issue 35): every count in a position has a ceiling, so
that no reader or renderer can be made to work without end by a small file.

``validate`` (dlrules.records.validity) calls these checks:

- ``typed``: every field holds a value of its declared type (a state built
  by hand with ``gold="5"`` or a ``None`` player gets a path, not a
  ``TypeError`` from deep inside a check), and every name is at most
  ``NAME_LIMIT`` characters;
- ``bounded``: every number and every list has a ceiling: the game's physical
  components where the box sets one (3 minions a colour, 8 order cards, the
  cards of each deck, the 4 combat cards, the 20 squares of a dungeon), and
  the stated table limit ``SUPPLY_LIMIT`` where the rules leave a supply
  unlimited (gold, food, imps and damage counters, SETUP-2; LIB-IN-4);
- ``paladins``: each paladin is in one place at most (a party, the fight,
  a prison or the distant lands).

Card conservation itself (each card in one place, adding up to the decks)
is ``validity.cards``; a deck that lists a card twice is refused there and
at loading (``dlrules.records.serialization``), with its path.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from dlrules.components import PALADINS
from dlrules.components.combat import ILLUSION_KEY
from dlrules.components.setup import GRID_COLUMNS, GRID_ROWS, ORDER_CARDS
from dlrules.core.state import GameState
from dlrules.core.wellformed import field_hints

SUPPLY_LIMIT = 999
"""LIB-IN-4: the table limit on a supply the box holds without limit (SETUP-2:
gold, food, imps; damage counters), on each player's stock and on the gold
on a plan. Legal play stays far below it (a whole game earns a few dozen)."""

SMALL_LIMIT = 99
"""LIB-IN-4: the ceiling of a counter the rules keep small (damage, poison and
Create Food tokens on one adventurer, a resolution's tunnels and draws, a
battle's anti-trap icons and shield points, a turn's draws and dismissals)."""

NAME_LIMIT = 64
"""The longest name a position holds (a card's key, a stage, a variant)."""

SQUARES = GRID_ROWS.value * GRID_COLUMNS.value
ILLUSIONS = 4
"""At most one Illusion a combat round joins a party (C1-4's card, 4 rounds)."""


@attrs.frozen
class Problem:
    """One way a state breaks a bound: the field's JSON path and why
    (``validity.Invalid`` has the same shape; validity turns these into it)."""

    path: str
    message: str


# --- types --------------------------------------------------------------------------------

def _kind(value: object) -> str:
    if value is None:
        return "None"
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return f"the number {str(value)[:20]}"
    if isinstance(value, str):
        return f"the string {value[:20]!r}"
    return f"a {type(value).__name__}"


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return " or ".join(_describe(a) for a in typing.get_args(hint))
    if hint is type(None):
        return "None"
    if origin is tuple:
        return "a tuple"
    return {int: "an integer", str: "a string", bool: "True or False"}.get(hint, getattr(hint, "__name__", str(hint)))


Checker = Callable[[object, str], Iterator[Problem]]

_CHECKERS: dict[Any, Checker] = {}


def _checker(hint: Any) -> Checker:
    """The check of a value against the declared type ``hint``, made once per
    type (the first misfit of a field is reported; a wrong value is not looked
    into)."""
    found = _CHECKERS.get(hint)
    if found is None:
        found = _CHECKERS[hint] = _make_checker(hint)
    return found


def _none() -> Iterator[Problem]:
    return iter(())


def _make_checker(hint: Any) -> Checker:
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(hint)
        rest = [a for a in args if a is not type(None)]
        if type(None) in args and len(rest) == 1:
            inner = _checker(rest[0])
            return lambda value, path: _none() if value is None else inner(value, path)
        raise TypeError(f"no check for {hint}")  # pragma: no cover - every union of the state is X | None
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])

            def homogeneous(value: object, path: str) -> Iterator[Problem]:
                if type(value) is not tuple:
                    yield Problem(path, f"expected a tuple, not {_kind(value)}")
                    return
                for i, item in enumerate(value):
                    yield from each(item, f"{path}[{i}]")

            return homogeneous
        kinds = [_checker(a) for a in args]

        def fixed(value: object, path: str) -> Iterator[Problem]:
            if type(value) is not tuple:
                yield Problem(path, f"expected a tuple, not {_kind(value)}")
            elif len(value) != len(kinds):
                yield Problem(path, f"expected {len(kinds)} entries, not {len(value)}")
            else:
                for i, (item, check) in enumerate(zip(value, kinds)):
                    yield from check(item, f"{path}[{i}]")

        return fixed
    if hint in (int, bool):
        described = _describe(hint)
        return lambda value, path: _none() if type(value) is hint else iter((Problem(path, f"expected {described}, not {_kind(value)}"),))
    if hint is str:

        def string(value: object, path: str) -> Iterator[Problem]:
            if type(value) is not str:
                yield Problem(path, f"expected a string, not {_kind(value)}")
            elif len(value) > NAME_LIMIT:
                yield Problem(path, f"a name of {len(value)} characters, more than {NAME_LIMIT}")

        return string
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda value, path: _none() if isinstance(value, hint) else iter((Problem(path, f"expected a {hint.__name__}, not {_kind(value)}"),))
    if isinstance(hint, type) and attrs.has(hint):
        fields: list[tuple[str, Checker]] = []

        def record(value: object, path: str) -> Iterator[Problem]:
            if not isinstance(value, hint):
                yield Problem(path, f"expected a {hint.__name__}, not {_kind(value)}")
                return
            if not fields:  # filled on first use: a record may hold itself (no state class does)
                fields.extend((name, _checker(field)) for name, field in field_hints(hint))
            for name, check in fields:
                yield from check(getattr(value, name), f"{path}.{name}")

        return record
    raise TypeError(f"no check for {hint}")  # pragma: no cover - every state field is one of the kinds above


def typed(state: object) -> Iterator[Problem]:
    """Every field of ``state`` of the type its class declares (exactly: no
    ``True`` for ``1``), every name at most ``NAME_LIMIT`` characters."""
    if not isinstance(state, GameState):
        yield Problem("$", f"expected a GameState, not {_kind(state)}")
        return
    yield from _checker(GameState)(state, "$")


# --- bounds ---------------------------------------------------------------------------------


def _at_most(path: str, value: int, high: int, what: str = "") -> Iterator[Problem]:
    if value > high:
        yield Problem(path, f"{value} is above {high}{what}")


def _count(path: str, items: tuple[Any, ...], high: int, what: str) -> Iterator[Problem]:
    if len(items) > high:
        yield Problem(path, f"{len(items)} entries, more than {high} ({what})")


def _distinct(path: str, items: tuple[Any, ...], what: str) -> Iterator[Problem]:
    if len(set(items)) != len(items):
        yield Problem(path, f"{what} listed twice")


_SUPPLY = "the table limit LIB-IN-4 on a supply the box holds without limit"
_SMALL = "the table limit LIB-IN-4"


def bounded(state: GameState) -> Iterator[Problem]:
    """Every count of a (well-typed) position below its ceiling (LIB-IN-4):
    supplies at most ``SUPPLY_LIMIT``, small counters at most ``SMALL_LIMIT``,
    order cards, minions, dummies and lists of seats or squares within the
    components. Lists of cards are bounded by card conservation
    (``validity.cards``)."""
    orders = ORDER_CARDS.value
    dummies = {d.colour for d in state.dummies}
    if len(dummies) != len(state.dummies):
        yield Problem("$.dummies", "two dummies of one colour")
    for d, dummy in enumerate(state.dummies):
        for name in ("unavailable", "deck", "drawn"):
            items = getattr(dummy, name)
            yield from _count(f"$.dummies[{d}].{name}", items, orders, "a dummy's 8 order cards")
            yield from _distinct(f"$.dummies[{d}].{name}", items, "an order card")
    for s, p in enumerate(state.players):
        at = f"$.players[{s}]"
        for name in ("gold", "food", "imps", "damage_tokens"):
            yield from _at_most(f"{at}.{name}", getattr(p, name), SUPPLY_LIMIT, f" ({_SUPPLY})")
        for name in ("hand", "unavailable", "dealt", "kept", "committed"):
            items = getattr(p, name) or ()
            yield from _count(f"{at}.{name}", items, orders, "a colour's 8 order cards")
            yield from _distinct(f"{at}.{name}", items, "an order card")
        yield from _count(f"{at}.rooms_used", p.rooms_used, 2 * SQUARES, "a room of each square used at most twice")
        yield from _count(f"{at}.dungeon.tiles", p.dungeon.tiles, SQUARES, "the squares of a dungeon")
        illusions = sum(1 for a in p.party if a.key == ILLUSION_KEY)
        if illusions > ILLUSIONS:
            yield Problem(f"{at}.party", f"{illusions} illusions, more than {ILLUSIONS} (one a combat round)")
    yield from _progress_bounds(state)


def _indices(path: str, items: tuple[int, ...], size: int, what: str) -> Iterator[Problem]:
    """Sorted distinct indices into a list of ``size`` (a lair's monsters)."""
    if list(items) != sorted(set(items)):
        yield Problem(path, f"{what} must be sorted, each once")
    for i, index in enumerate(items):
        if not 0 <= index < size:
            yield Problem(f"{path}[{i}]", f"{index} is not one of the {size} {what}")


def _progress_bounds(state: GameState) -> Iterator[Problem]:
    """The cursors of resolution, of a turn and of the fight within their ranges."""
    n = len(state.players)
    r = state.resolution
    if r is not None:
        for name in ("dug", "draws"):
            yield from _at_most(f"$.resolution.{name}", getattr(r, name), SMALL_LIMIT, f" ({_SMALL})")
    t = state.turn
    if t is not None:
        if not 0 <= t.position <= n:
            yield Problem("$.turn.position", f"{t.position} is not a place in the player order (0 to {n})")
        for name in ("step", "draws", "dismissed"):
            value = getattr(t, name)
            if not 0 <= value <= SMALL_LIMIT:
                yield Problem(f"$.turn.{name}", f"{value} is not from 0 to {SMALL_LIMIT} ({_SMALL})")
        yield from _count("$.turn.settled", t.settled, SMALL_LIMIT, _SMALL)
        yield from _distinct("$.turn.settled", t.settled, "a monster")
    f = state.fight
    if f is None:
        return
    yield from _at_most("$.fight.round", f.round, 4, " (4 combat rounds)")
    if f.round < 1:
        yield Problem("$.fight.round", f"{f.round} is below 1")
    if not 0 <= f.position <= n:
        yield Problem("$.fight.position", f"{f.position} is not a place in the player order (0 to {n})")
    for s, plan in enumerate(f.plans):
        if plan is None:
            continue
        if not 0 <= plan.gold <= SUPPLY_LIMIT:
            yield Problem(f"$.fight.plans[{s}].gold", f"{plan.gold} is not from 0 to {SUPPLY_LIMIT} ({_SUPPLY})")
        if list(plan.monsters) != sorted(set(plan.monsters)):
            yield Problem(f"$.fight.plans[{s}].monsters", "monsters must be sorted, each once")
    b = f.battle
    if b is not None and 0 <= b.seat < n:
        lair = len(state.players[b.seat].monsters)
        yield from _indices("$.fight.battle.sent", b.sent, lair, "monsters of the lair")
        yield from _indices("$.fight.battle.asking", b.asking, lair, "monsters of the lair")
        for name in ("icons_used", "shield"):
            value = getattr(b, name)
            if not 0 <= value <= SMALL_LIMIT:
                yield Problem(f"$.fight.battle.{name}", f"{value} is not from 0 to {SMALL_LIMIT} ({_SMALL})")
    if f.paladin is not None:
        for name in ("damage", "poison", "food"):
            value = getattr(f.paladin, name)
            if not 0 <= value <= SMALL_LIMIT:
                yield Problem(f"$.fight.paladin.{name}", f"{value} is not from 0 to {SMALL_LIMIT} ({_SMALL})")


# --- paladins -------------------------------------------------------------------------------


def paladins(state: GameState) -> Iterator[Problem]:
    """Each paladin is in one place at most: one party, ``Fight.paladin``
    (the year's paladin between battles, CMB-PAL-1), a prison or the
    distant lands; the fight's record is a paladin."""
    keys = {p.key for p in PALADINS.values()}
    places: dict[str, list[str]] = {}
    for s, p in enumerate(state.players):
        for i, a in enumerate(p.party):
            if a.key in keys:
                places.setdefault(a.key, []).append(f"$.players[{s}].party[{i}]")
        for i, k in enumerate(p.prison):
            if k in keys:
                places.setdefault(k, []).append(f"$.players[{s}].prison[{i}]")
    for i, k in enumerate(state.far_lands):
        if k in keys:
            places.setdefault(k, []).append(f"$.far_lands[{i}]")
    if state.fight is not None and state.fight.paladin is not None:
        key = state.fight.paladin.key
        if key not in keys:
            yield Problem("$.fight.paladin.key", f"{key!r} is not a paladin")
        else:
            places.setdefault(key, []).append("$.fight.paladin")
    for key, where in sorted(places.items()):
        if len(where) > 1:
            yield Problem(where[1], f"the paladin {key!r} is also at {where[0]}: a paladin is in one place at a time")


__all__ = ["NAME_LIMIT", "SMALL_LIMIT", "SUPPLY_LIMIT", "Problem", "bounded", "paladins", "typed"]
