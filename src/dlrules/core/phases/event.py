"""What ``apply`` reports it did: the ``Event`` record (docs/events.md).

It lives apart from ``phases/common.py``, which announces events, so that
the optional compiled build can compile ``common.py`` (an attrs class does
not survive mypyc's compilation of its module: docs/performance.md).
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Event:
    """Something ``apply`` did: ``code`` (its kind, for programs; every kind and
    its data: docs/events.md), a sentence for people, the ``seat`` of the player
    concerned (or None) and ``data``: the facts of the sentence as JSON values
    (amounts, items, squares as ``[row, column]``, counted as the JSON counts: LIB-TR-2)."""

    code: str
    text: str
    seat: int | None = None
    data: dict[str, Any] = attrs.field(factory=dict)

    @property
    def kind(self) -> str:
        """The event's kind (the same as ``code``)."""
        return self.code
