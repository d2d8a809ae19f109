"""Results the rules keep by hand: a dict per rule function, keyed by all
that its result depends on (a tile's battle limits, a hand's order
choices, a battle's plans), filled as games are played.

Each is made through ``kept``, so that ``forget`` can empty them all. Play
never needs to: the components are constants, and a key holds everything
else a result depends on. A tool that changes the rules in its own process
does (the conformance kit's counterfactual tries a changed rule function or
printed value, and its spectra watch which printed rows a scenario reads):
a result kept from before the change would hide it."""

from __future__ import annotations

from typing import Any, TypeVar

_KEPT: list[dict[Any, Any]] = []

Table = TypeVar("Table", bound=dict[Any, Any])


def kept(table: Table) -> Table:
    """``table`` (an empty dict), registered as a rule's kept results."""
    _KEPT.append(table)
    return table


def forget() -> None:
    """Empty every table of kept results."""
    for table in _KEPT:
        table.clear()
