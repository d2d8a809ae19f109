"""Copies of a state record with a fixed set of fields changed (issue 25).

``setter(GameState, "players", "board", "resolution")`` is a function
``(state, players, board, resolution)`` returning exactly what
``evolve(state, players=players, board=board, resolution=resolution)``
returns. ``evolve`` takes any fields by name, so each call builds a dict of
changes and stores them in a loop through the slots' descriptors; the
hottest moves (a minion leaving its slot, a production turn ending) always
change the same few fields, and a setter made for them stores those fields
as plain attribute stores in generated code, like ``evolve``'s copier does
for the fields it keeps: about twice as fast as ``evolve``. It uses the
state module's twin of the record's layout (``dlrules.state._twin``); a
record that needs its ``__init__`` gets a setter calling ``evolve``.
tests/test_setting.py checks that both give equal records.

(This belongs beside ``evolve`` in ``dlrules.state``; it lives here because
the speed round that made it owns only the phase modules.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from dlrules.state import _copier, _twin, evolve

_T = TypeVar("_T", bound=attrs.AttrsInstance)


def setter(cls: type[_T], *names: str) -> Callable[..., _T]:
    """A function ``(record, *values)``: ``evolve(record, **dict(zip(names,
    values)))`` for a ``cls`` record (``values`` in the order of ``names``)."""
    fields = [f.name for f in attrs.fields(cls)]
    unknown = [n for n in names if n not in fields]
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}" if unknown else f"a field named twice: {names}")
    twin = _twin(cls, fields) if _copier(cls) is not None else None
    if twin is None:
        return _by_evolve(names)
    keep = "".join(f"    new.{name} = inst.{name}\n" for name in fields if name not in names)
    put = "".join(f"    new.{name} = value{i}\n" for i, name in enumerate(names))  # (a field may be named like a local)
    values = "".join(f"value{i}, " for i in range(len(names)))
    source = (
        f"def set_{'_'.join(names)}(inst, {values}_new=object.__new__, _twin=twin, _cls=cls):\n"
        "    new = _new(_twin)\n"
        f"{keep}{put}"
        "    new.__class__ = _cls\n"
        "    return new\n"
    )
    namespace: dict[str, Any] = {"cls": cls, "twin": twin}
    exec(compile(source, f"<dlrules setter of {cls.__qualname__}: {', '.join(names)}>", "exec"), namespace)
    made: Callable[..., _T] = namespace[f"set_{'_'.join(names)}"]
    return made


def _by_evolve(names: tuple[str, ...]) -> Callable[..., Any]:
    """The setter of a record that needs its ``__init__``: ``evolve``."""

    def set_by_evolve(inst: Any, *values: Any) -> Any:
        return evolve(inst, **dict(zip(names, values, strict=True)))

    return set_by_evolve
