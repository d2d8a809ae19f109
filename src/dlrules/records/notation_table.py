"""The notation of a table's ruling (LIB-TAB-8), which ``dlrules.records.notation``
reads and writes for it::

    table rules Song of Courage: heal P2 1 2; skip_conquest P2
    table rules Rats: gold P1 -2; evil P3 +1
    table rules: nothing
    table rules Monster Strike: dismiss P2 1; discard_trap P3 2

After ``table rules`` comes the card's name as the table entered it (empty:
the referee's own name), a colon, then the changes separated by ``;``, or
``nothing``. A change is its kind and the player, then for ``damage`` and
``heal`` the adventurer (from 1, in party order) and the amount, for
``withdraw``, ``knock_out`` and ``dismiss`` the monster (from 1, in lair
order), for ``discard_trap`` the trap card (from 1, in the order the player
holds them: SPE-14, LIB-TAB-9), for
``gold``, ``food``, ``imps`` and ``evil`` the signed amount, and for
``skip_healing`` and ``skip_conquest`` nothing more.
"""

from __future__ import annotations

import re

from dlrules.core.moves import ADJUSTMENTS, Adjustment, TableRuling
from dlrules.core.state import TABLE

_TARGETED = {"damage": True, "heal": True, "withdraw": False, "knock_out": False, "dismiss": False, "discard_trap": False}
"""Kinds that name an adventurer, a monster or a trap card: True when an amount follows."""


def format_ruling(move: TableRuling) -> str:
    """``table rules <name>: <change>; …`` (``nothing`` without changes)."""
    changes = "; ".join(_format_change(c) for c in move.changes) or "nothing"
    name = f" {move.card}" if move.card else ""
    return f"table rules{name}: {changes}"


def _format_change(c: Adjustment) -> str:
    head = f"{c.kind} P{c.player + 1}"
    if c.kind in _TARGETED:
        target = "?" if c.target is None else str(c.target + 1)
        return f"{head} {target} {c.amount}" if _TARGETED[c.kind] else f"{head} {target}"
    if c.kind in ("gold", "food", "imps", "evil"):
        return f"{head} {c.amount:+d}"
    return head


def parse_ruling(text: str) -> TableRuling:
    """The ruling written as ``text``; ``ValueError`` with the reason."""
    m = re.fullmatch(r"\s*table\s+rules(?:\s+(?P<name>[^\n]*?))?\s*:\s*(?P<changes>.*?)\s*", text, re.IGNORECASE | re.DOTALL)
    if m is None:
        raise ValueError(f"{text!r}: a table's ruling is 'table rules <card name>: <change>; …' (or ': nothing')")
    name = (m.group("name") or "").strip()
    body = m.group("changes")
    if body.lower() == "nothing":
        return TableRuling(TABLE, name, ())
    return TableRuling(TABLE, name, tuple(_parse_change(part.strip(), text) for part in body.split(";")))


def _parse_change(part: str, text: str) -> Adjustment:
    words = part.split()
    if len(words) < 2:
        raise ValueError(f"{text!r}: a change is '<kind> P<k> …', not {part!r}")
    kind = words[0].lower()
    if kind not in ADJUSTMENTS:
        raise ValueError(f"{text!r}: {words[0]!r} is not a kind of change; kinds are {', '.join(ADJUSTMENTS)}")
    who = re.fullmatch(r"[Pp]([1-9][0-9]*)", words[1])
    if who is None:
        raise ValueError(f"{text!r}: a change names its player, P1..P4, not {words[1]!r}")
    player = int(who.group(1)) - 1
    rest = words[2:]
    if kind in _TARGETED:
        wanted = 2 if _TARGETED[kind] else 1
        if len(rest) != wanted:
            what = "the adventurer (from 1) and the amount" if wanted == 2 else "the trap card (from 1, in hand order)" if kind == "discard_trap" else "the monster (from 1)"
            raise ValueError(f"{text!r}: '{kind}' takes {what}")
        target = _number(rest[0], text) - 1
        return Adjustment(kind, player, _number(rest[1], text) if wanted == 2 else 0, target)
    if kind in ("gold", "food", "imps", "evil"):
        if len(rest) != 1 or not re.fullmatch(r"[+-]?[0-9]+", rest[0]):
            raise ValueError(f"{text!r}: '{kind}' takes a signed amount, e.g. +2 or -1")
        return Adjustment(kind, player, int(rest[0]))
    if rest:
        raise ValueError(f"{text!r}: '{kind}' takes nothing after the player")
    return Adjustment(kind, player)


def _number(word: str, text: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise ValueError(f"{text!r}: expected a number, not {word!r}")
    return int(word)
