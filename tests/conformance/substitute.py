"""Function substitution for mutants: replace a dlrules function's code by
one that returns its result perturbed, so that every reference to it (an
import under another name, a dispatch table) sees the change; undo it after.

Used by ``rule_mutants.py`` (a mutant process keeps the change) and by
``seed_by_rule.py`` (a scenario is kept when breaking its rule's code makes
it fail).
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs

KINDS = ("bool", "int", "tuple")


@attrs.define
class Counter:
    """Calls of the substituted function, and those whose result it changed."""

    calls: int = 0
    changed: int = 0


def perturbation(kind: str) -> Callable[[Any], Any]:
    """``not`` a bool, ``+ 1`` an int, the last element of a tuple dropped; any other value unchanged."""
    if kind == "bool":
        return lambda value: (not value) if isinstance(value, bool) else value
    if kind == "int":
        return lambda value: value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
    return lambda value: value[:-1] if isinstance(value, tuple) and value else value


def find(module: str, name: str | None = None, first_line: int | None = None) -> types.FunctionType | None:
    """The module-level function ``module.name``, or the one whose code starts at ``first_line``."""
    mod = importlib.import_module(module)
    for attr, value in vars(mod).items():
        if not isinstance(value, types.FunctionType) or value.__module__ != module or value.__closure__:
            continue
        if (name is not None and attr == name) or (first_line is not None and value.__code__.co_firstlineno == first_line):
            return value
    return None


def replace(fn: types.FunctionType, kind: str, counter: Counter) -> Callable[[], None]:
    """Substitute ``fn``; returns the function that undoes it."""
    saved = (fn.__code__, fn.__defaults__, fn.__kwdefaults__)
    copy = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, None)
    copy.__kwdefaults__ = fn.__kwdefaults__
    perturb = perturbation(kind)
    tag = f"_mutant_{fn.__name__}"

    def _mutant_call(*args: Any, **kwargs: Any) -> Any:
        original, change, count = _MUTANT_PARTS  # type: ignore[name-defined]  # noqa: F821
        value = original(*args, **kwargs)
        new = change(value)
        count.calls += 1
        if new is not value and new != value:
            count.changed += 1
        return new

    code = _mutant_call.__code__
    code = code.replace(co_name=fn.__name__, co_names=tuple(tag if n == "_MUTANT_PARTS" else n for n in code.co_names))
    fn.__globals__[tag] = (copy, perturb, counter)
    fn.__code__ = code
    fn.__defaults__ = None
    fn.__kwdefaults__ = None

    def undo() -> None:
        fn.__code__, fn.__defaults__, fn.__kwdefaults__ = saved
        fn.__globals__.pop(tag, None)

    return undo


@contextmanager
def substituted(fn: types.FunctionType, kind: str) -> Iterator[Counter]:
    counter = Counter()
    undo = replace(fn, kind, counter)
    try:
        yield counter
    finally:
        undo()
