"""Which rows of the component tables a call reads: the *data units* of the
kit's spectra (``dlrules.tools.spectra``; docs/conformance.md, "Diagnosis").

A wrong printed value (a slot's reward, a title's points, a card's cost) is a
bug of one row, not of the code that reads the table: the spectra name the
row as a unit of its own, ``data:TABLE:KEY``, with the rules that state it.
While ``watching()``, each watched table is replaced, in every loaded module
of dlrules that holds it, by a copy that records the keys read through it
(``table[key]``, ``table.get(key)``); the copies hold the same rows, so the
results are the reference's. Iterating a table records nothing: code that
walks every row (a deck being built) says nothing about one row.

A developer tool, like ``spectra``: nothing in the package imports it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Self

import attrs

from dlrules.apps.conformance.blame import rebind
from dlrules.components import board

SLOT_RULES: dict[str, str] = {
    "food": "ACT-FOOD-1",
    "reputation": "ACT-REP-1",
    "dig": "ACT-DIG-1",
    "mine": "ACT-MINE-1",
    "imps": "ACT-IMP-1",
    "traps": "ACT-TRAP-1",
    "monster": "ACT-MON-3",
    "room": "ACT-ROOM-2",
}
"""A slot's printed cost and reward: the rule of its action that states its slots."""

_NUMERALS = ("I", "II", "III")


class _ReadDict(dict[Any, Any]):
    """A table (a dict) that records the keys read through it."""

    def __init__(self, name: str, rows: dict[Any, Any], read: set[tuple[str, str]]) -> None:
        super().__init__(rows)
        self.name, self.read = name, read

    def __getitem__(self, key: Any) -> Any:
        self.read.add((self.name, _key(key)))
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        if key in self:
            self.read.add((self.name, _key(key)))
        return super().get(key, default)


class _ReadTuple(tuple[Any, ...]):
    """A table (a tuple) that records the positions read through it, by their keys."""

    name: str
    keys: tuple[str, ...]
    read: set[tuple[str, str]]

    def __new__(cls, name: str, rows: tuple[Any, ...], keys: tuple[str, ...], read: set[tuple[str, str]]) -> Self:
        out = super().__new__(cls, rows)
        out.name, out.keys, out.read = name, keys, read
        return out

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int):
            self.read.add((self.name, self.keys[index]))
        return super().__getitem__(index)


def _key(key: Any) -> str:
    value = getattr(key, "value", key)  # an enum member: its value (a scoring line's rule ID)
    return str(value)


@attrs.frozen
class Table:
    """A watched table: where it is defined, and the rules a row's key gives."""

    name: str
    module: str
    attr: str
    rules: Callable[[str], tuple[str, ...]]


def tables(card_rows: dict[str, str]) -> tuple[Table, ...]:
    """The watched tables; ``card_rows``: a card's key → its rows' rule IDs (``spectra.card_rows``)."""

    def card(key: str) -> tuple[str, ...]:
        return tuple(card_rows[key].split(",")) if key in card_rows else ()

    def hit_points(key: str) -> tuple[str, ...]:
        if key.startswith("paladin-"):
            return (f"P-{key.removeprefix('paladin-')}",)
        return () if key == "illusion" else ("CMB-PARTY-4",)

    return (
        Table("titles", "dlrules.components.scoring", "TITLE_POINTS", lambda key: ("SCO-2",)),
        Table("items", "dlrules.components.scoring", "ITEM_VALUES", lambda key: (key,)),
        Table("adventurers", "dlrules.components.cards", "ADVENTURERS", lambda key: ("CMB-PARTY-4",)),
        Table("paladins", "dlrules.components.cards", "PALADINS", lambda key: (f"P-{key}",)),
        Table("monsters", "dlrules.components.cards", "MONSTERS", card),
        Table("rooms", "dlrules.components.cards", "ROOMS", card),
        Table("traps", "dlrules.components.cards", "TRAPS", card),
        Table("trap-combat", "dlrules.components.combat", "TRAP_COMBAT", card),
        Table("monster-combat", "dlrules.components.combat", "MONSTER_COMBAT", card),
        Table("hit-points", "dlrules.core.phases.combat.party", "_HP", hit_points),  # the combat code's copy of the printed values
        Table("counted", "dlrules.core.phases.scoring", "_COUNTED", lambda key: (key,)),  # the scoring code's copy of SCO-1a..f
    )


def slot_rules(key: str) -> tuple[str, ...]:
    """A slot's key (``dig-I``) → the rule stating its cost and reward."""
    return (SLOT_RULES[key.rsplit("-", 1)[0]],)


@attrs.frozen
class Reading:
    """What ``watching`` yields: ``read``, the rows read so far, as (table,
    key) (clear it between calls); ``rules``, a table's name → the rules a
    row's key gives."""

    read: set[tuple[str, str]]
    rules: Mapping[str, Callable[[str], tuple[str, ...]]]

    def units(self) -> dict[str, tuple[str, ...]]:
        """The rows read, as the spectra's units (``data:TABLE:KEY``), with
        the rules each states; a row stating none is left out."""
        out: dict[str, tuple[str, ...]] = {}
        for table, key in self.read:
            stated = self.rules[table](key) if table in self.rules else ()
            if stated:
                out[f"data:{table}:{key}"] = stated
        return out


@contextmanager
def watching(watched: tuple[Table, ...]) -> Iterator[Reading]:
    """While inside, the rows read of ``watched`` and of the board's slots
    (``slots``, keyed ``ACTION-I``..``III``) are added to the yielded
    ``Reading``'s set, as (table, key); everything is put back on leaving."""
    read: set[tuple[str, str]] = set()
    swapped: list[tuple[object, object]] = []
    spaces = board.SPACES
    slots = tuple(attrs.evolve(s, slots=_ReadTuple("slots", s.slots, tuple(f"{s.action.value}-{n}" for n in _NUMERALS), read))
                  for s in spaces)  # fmt: skip
    swapped.append((spaces, slots))
    for table in watched:
        rows = getattr(importlib.import_module(table.module), table.attr)
        if isinstance(rows, dict):
            swapped.append((rows, _ReadDict(table.name, rows, read)))
        else:
            keys = tuple(_key(row[0]) for row in rows)  # (item, what, points) rows: keyed by the item
            swapped.append((rows, _ReadTuple(table.name, rows, keys, read)))
    for original, replacement in swapped:
        rebind(original, replacement)
    try:
        yield Reading(read, {t.name: t.rules for t in watched} | {"slots": slot_rules})
    finally:
        for original, replacement in swapped:
            rebind(replacement, original)
