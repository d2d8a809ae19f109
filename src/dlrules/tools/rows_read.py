"""Which rows of the component tables a call reads: the *data units* of the
kit's spectra (``dlrules.tools.spectra``; docs/conformance.md, "Diagnosis").

A wrong printed value (a slot's reward, a title's points, a card's cost) is a
bug of one row, not of the code that reads the table: the spectra name the
row as a unit of its own, ``data:TABLE:KEY``, with the rules that state it.
The tables and how their reads are recorded are ``apps.conformance.rowchanges``'s
(``counterfactual`` changes their rows); here, the rules each row states.

A developer tool, like ``spectra``: nothing in the package imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

import attrs

from dlrules.apps.conformance import rowchanges

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

@attrs.frozen
class Table:
    """A watched table (its name in ``rowchanges.TABLES``), and the rules a row's key gives."""

    name: str
    rules: Callable[[str], tuple[str, ...]]


def tables(card_rows: dict[str, str]) -> tuple[Table, ...]:
    """The watched tables (``rowchanges.TABLES``, all of them); ``card_rows``:
    a card's key → its rows' rule IDs (``spectra.card_rows``)."""

    def card(key: str) -> tuple[str, ...]:
        return tuple(card_rows[key].split(",")) if key in card_rows else ()

    def room(key: str) -> tuple[str, ...]:
        return card(key) or ("PROD-1",)  # a production room has no row ID of its own: PROD-1 makes it produce as printed

    def hit_points(key: str) -> tuple[str, ...]:
        if key.startswith("paladin-"):
            return (f"P-{key.removeprefix('paladin-')}",)
        return () if key == "illusion" else ("CMB-PARTY-4",)

    rules: dict[str, Callable[[str], tuple[str, ...]]] = {
        "titles": lambda key: ("SCO-2",),
        "items": lambda key: (key,),
        "adventurers": lambda key: ("CMB-PARTY-4",),
        "paladins": lambda key: (f"P-{key}",),
        "monsters": card,
        "rooms": room,
        "traps": card,
        "trap-combat": card,
        "monster-combat": card,
        "grounds": card,  # the Labyrinth's and the Anti-magic Room's battles
        "hit-points": hit_points,  # the combat code's copy of the printed values
        "counted": lambda key: (key,),  # the scoring code's copy of SCO-1a..f
        "ranks": lambda key: ("RST-4",),  # the round start's copy of the glyph ranks it sorts by
    }
    return tuple(Table(name, rules[name]) for name, _, _ in rowchanges.TABLES)


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
    ``Reading``'s set, as (table, key) (``rowchanges.watching``); everything
    is put back on leaving."""
    with rowchanges.watching(t.name for t in watched) as read:
        yield Reading(read, {t.name: t.rules for t in watched} | {"slots": slot_rules})
