"""The components' printed rows, and the small changes to one row that
``counterfactual`` tries (docs/conformance.md, "Diagnosis").

A wrong printed value (a slot's reward, a card's cost, a title's points) is
a bug of one row. The spectra name a row as a unit of its own,
``data:TABLE:KEY`` (``tools.rows_read`` watches the tables listed here):
when a failing scenario's check read a row, each small change to one of its
values (an integer one more or one less, a yes/no turned round, one level
down too: a slot's reward) is tried as the bug, as a function's small
changes are.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Self

import attrs

from dlrules.apps.conformance.blame import rebind
from dlrules.components import board

TABLES: tuple[tuple[str, str, str], ...] = (
    ("titles", "dlrules.components.scoring", "TITLE_POINTS"),
    ("items", "dlrules.components.scoring", "ITEM_VALUES"),
    ("adventurers", "dlrules.components.cards", "ADVENTURERS"),
    ("paladins", "dlrules.components.cards", "PALADINS"),
    ("monsters", "dlrules.components.cards", "MONSTERS"),
    ("rooms", "dlrules.components.cards", "ROOMS"),
    ("traps", "dlrules.components.cards", "TRAPS"),
    ("trap-combat", "dlrules.components.combat", "TRAP_COMBAT"),
    ("monster-combat", "dlrules.components.combat", "MONSTER_COMBAT"),
    ("grounds", "dlrules.components.combat", "ROOM_GROUNDS"),  # a battle in a room: its monsters, traps and surcharge
    ("hit-points", "dlrules.core.phases.combat.party", "_HP"),  # the combat code's copy of the printed values
    ("counted", "dlrules.core.phases.scoring", "_COUNTED"),  # the scoring code's copy of SCO-1a..f
    ("ranks", "dlrules.core.phases.round_start", "_RANKS"),  # the round start's copy of the adventurers' glyph ranks
)
"""The tables whose rows are units: (name in ``data:NAME:KEY``, module, attribute).
The board's slots are the table ``slots``, keyed ``ACTION-I``..``III``."""

NUMERALS = ("I", "II", "III")

FIELD_RULES: dict[tuple[str, str], str] = {
    ("slots:reputation", "reward.spy"): "ACT-REP-2",
    ("adventurers", "rank"): "RST-4",
}
"""Where one value of a row is stated by a rule of its own, not by the rule
stating the row (``tools.rows_read``): (the row's table, with the action for
a slot; the value's place in the row) → that rule. Improve Reputation's
slots are stated by ACT-REP-1, but their eye by ACT-REP-2 (held-out set
10: a slot's lost spy was named ACT-REP-1); an adventurer's row by his hit
points (CMB-PARTY-4), but his glyph rank by RST-4. (Slot III's foreimp is
its row's: ACT-DIG-1 and ACT-MINE-1 state it.)"""

Install = Callable[[], None]


class _ReadDict(dict[Any, Any]):
    """A table (a dict) that records the keys read through it."""

    def __init__(self, name: str, rows: dict[Any, Any], read: set[tuple[str, str]]) -> None:
        super().__init__(rows)
        self.name, self.read = name, read

    def __getitem__(self, key: Any) -> Any:
        self.read.add((self.name, key_text(key)))
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        if key in self:
            self.read.add((self.name, key_text(key)))
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


@contextmanager
def watching(names: Iterable[str] | None = None) -> Iterator[set[tuple[str, str]]]:
    """While inside, the rows read of the tables ``names`` (all of
    ``TABLES`` when None) and of the board's slots (``slots``) are added to
    the yielded set, as (table, key); everything is put back on leaving.
    Each watched table is replaced, in every loaded module of dlrules that
    holds it, by a copy that records the keys read through it
    (``table[key]``, ``table.get(key)``); the copies hold the same rows, so
    the results are the reference's. Iterating a table records nothing:
    code that walks every row (a deck being built) says nothing about one row."""
    read: set[tuple[str, str]] = set()
    swapped: list[tuple[object, object]] = []
    spaces = board.SPACES
    slots = tuple(attrs.evolve(s, slots=_ReadTuple("slots", s.slots, tuple(f"{s.action.value}-{n}" for n in NUMERALS), read))
                  for s in spaces)  # fmt: skip
    swapped.append((spaces, slots))
    wanted = None if names is None else set(names)
    for name, _, _ in TABLES:
        if wanted is not None and name not in wanted:
            continue
        rows = table(name)
        if isinstance(rows, dict):
            swapped.append((rows, _ReadDict(name, rows, read)))
        else:
            keys = tuple(key_text(row[0]) for row in rows)  # (item, what, points) rows: keyed by the item
            swapped.append((rows, _ReadTuple(name, rows, keys, read)))
    for original, replacement in swapped:
        rebind(original, replacement)
    try:
        yield read
    finally:
        for original, replacement in swapped:
            rebind(replacement, original)


def key_text(key: Any) -> str:
    """A row's key as a unit names it (an enum member: its value)."""
    return str(getattr(key, "value", key))


def table(name: str) -> Any:
    """The table ``name`` of ``TABLES``, as dlrules holds it now."""
    place = {t[0]: t[1:] for t in TABLES}[name]
    return getattr(importlib.import_module(place[0]), place[1])


def row_changes(unit: str) -> Iterator[tuple[str, Install]]:
    """``data:TABLE:KEY`` → each small change to that row: a phrase
    (``reward.foreimp as False``) and its installer, which puts the changed
    table in place in every module of dlrules holding it. Nothing for a unit
    of another kind or a row not found."""
    kind, _, rest = unit.partition(":")
    name, _, key = rest.partition(":")
    if kind != "data":
        return
    if name == "slots":
        yield from _slot_changes(key)
        return
    if name not in {t[0] for t in TABLES}:
        return
    rows = table(name)
    if isinstance(rows, dict):
        found = [k for k in rows if key_text(k) == key]
        for k in found[:1]:
            for phrase, value in value_changes(rows[k]):
                yield phrase, _swap(rows, {**rows, k: value})
    elif isinstance(rows, tuple):
        for i, row in enumerate(rows):
            if isinstance(row, tuple) and row and key_text(row[0]) == key:
                for phrase, value in value_changes(row):
                    yield phrase, _swap(rows, rows[:i] + (value,) + rows[i + 1 :])
                return


def field_rule(unit: str, change: str) -> str | None:
    """The rule stating the value a change to a row changes (``FIELD_RULES``):
    ``data:slots:reputation-III`` changed by ``reward.spy as 0`` → ACT-REP-2;
    None when the row's own rules state it."""
    _, _, rest = unit.partition(":")
    table_name, _, key = rest.partition(":")
    place = change.split(" as ", 1)[0]
    row = f"slots:{key.rsplit('-', 1)[0]}" if table_name == "slots" else table_name
    return FIELD_RULES.get((row, place))


def _slot_changes(key: str) -> Iterator[tuple[str, Install]]:
    action, _, numeral = key.rpartition("-")
    spaces = board.SPACES
    for i, space in enumerate(spaces):
        if space.action.value == action and numeral in NUMERALS:
            n = NUMERALS.index(numeral)
            for phrase, slot in value_changes(space.slots[n]):
                slots = space.slots[:n] + (slot,) + space.slots[n + 1 :]
                yield phrase, _swap(spaces, spaces[:i] + (attrs.evolve(space, slots=slots),) + spaces[i + 1 :])
            return


def _swap(old: object, new: object) -> Install:
    def install() -> None:
        rebind(old, new)

    return install


def value_changes(value: Any, depth: int = 1) -> Iterator[tuple[str, Any]]:
    """The small changes to a row: (what changed, the changed row). An
    integer one more or one less (never below 0), a yes/no turned round; in
    an attrs record or a tuple, each field or item so, and one level down (a
    slot's reward, a monster's attack options)."""
    if isinstance(value, bool):
        yield f"as {not value}", not value
    elif isinstance(value, int):
        for delta in (1, -1):
            if value + delta >= 0:
                yield f"as {value + delta}", value + delta
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            inner = getattr(value, field.name)
            nested = attrs.has(type(inner)) or (isinstance(inner, tuple) and any(attrs.has(type(v)) for v in inner))
            if not (isinstance(inner, int) or (depth > 0 and nested)):
                continue
            for phrase, changed in value_changes(inner, depth - 1):
                yield f"{field.name}{'' if phrase.startswith('[') else '.' if not phrase.startswith('as ') else ' '}{phrase}", attrs.evolve(value, **{field.name: changed})
    elif isinstance(value, tuple):
        for i, inner in enumerate(value):
            if isinstance(inner, int) or attrs.has(type(inner)):
                for phrase, changed in value_changes(inner, depth):
                    yield f"[{i}]{' ' if phrase.startswith('as ') else '.'}{phrase}", value[:i] + (changed,) + value[i + 1 :]
