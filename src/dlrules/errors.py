"""Why a move is illegal: violations citing rule IDs (RULES.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from dlrules.moves import Move


@attrs.frozen
class Violation:
    """One broken rule: its ID (RULES.md / COMPONENTS.md / BEYOND-SEEDS.md /
    docs/rulings.md) and a sentence a player understands, with the numbers."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


class IllegalMove(ValueError):
    """Raised by ``apply`` for a move the rules forbid; the state is unchanged."""

    def __init__(self, move: Move, violations: tuple[Violation, ...]) -> None:
        self.move = move
        self.violations = violations
        super().__init__("; ".join(str(v) for v in violations))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(v.rule for v in self.violations)
