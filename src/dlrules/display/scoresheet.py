"""The score sheet: a ``GameOutcome`` as a plain-text table, one column per
player and one row per scoring line and title, in the overview card's order
(SCO-7), then the totals, the licences and the winners (SCO-3).
For table tools (``dlrules play`` once whole games reach the end)."""

from __future__ import annotations

from dlrules.components.scoring import ITEM_VALUES, TITLES
from dlrules.core.phases.scoring import GameOutcome, describe


def _table(rows: list[tuple[str, list[str]]]) -> list[str]:
    label = max(len(r[0]) for r in rows) + 2
    width = max(len(c) for _, cells in rows for c in cells) + 2
    return [f"{name:<{label}}" + "".join(f"{c:>{width}}" for c in cells) for name, cells in rows]


def score_sheet(result: GameOutcome) -> str:
    """The final scores as text: each line's points (count in brackets), each
    title's points to its holders ("=" marks a shared title), the Hall of
    Fame, the totals, the licences and who won."""
    n = len(result.players)
    rows: list[tuple[str, list[str]]] = [("", [f"Player {s + 1}" for s in range(n)])]
    for item, value in ITEM_VALUES.items():
        cells = []
        for p in result.players:
            line = p.line(item)
            cells.append(f"{line.points:+d} ({line.count})" if line.count else "0")
        rows.append((f"{item.value} {value.what}", cells))
    for t in result.titles:
        cells = [
            (f"{t.points:+d}" + ("" if t.exclusive else "=")) if seat in t.holders else "-" for seat in range(n)
        ]
        rows.append((f"{t.rule} {TITLES[t.title].name}", cells))
    rows.append(("SCO-12 Hall of Fame", [f"{p.hall_of_fame:+d}" if p.hall_of_fame else "0" for p in result.players]))
    rows.append(("Total", [str(p.total) for p in result.players]))
    rows.append(("Licence (total above 0)", ["yes" if p.licence else "no" for p in result.players]))
    return "\n".join(_table(rows) + [describe(result) + "."])
