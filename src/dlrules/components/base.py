"""Shared shapes for component data: confidence marks and sourced facts.

Every number printed on a board, tile or card lives in this package, never
inline in rule code. Each record carries its confidence (the component tables: H, M, L)
and its source, so ``docs/`` can list what still needs checking against a
printed copy, and a corrected value is a one-line change here.
"""

from __future__ import annotations

import enum
from typing import Generic, TypeVar

import attrs

T = TypeVar("T")


class Conf(enum.Enum):
    """Confidence of a component value (H, M or L, as the rules specification marks them)."""

    H = "H"
    M = "M"
    L = "L"


@attrs.frozen
class Fact(Generic[T]):
    """A single sourced value (a setup number, a geometry fact)."""

    name: str
    value: T
    conf: Conf
    source: str
