"""Why a move is illegal: violations citing rule IDs, whose statements ship
with the package (``dlrules.rulebook``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from dlrules.core.moves import Move


@attrs.frozen
class Violation:
    """One broken rule: its ID and a sentence a player understands, with the
    numbers; ``statement`` is the rule itself, in the rulebook's words."""

    rule: str
    message: str

    @property
    def statement(self) -> str | None:
        """The rule's statement (``dlrules.rulebook``), or None for an ID the
        rulebook lacks (a test keeps every cited ID in it)."""
        from dlrules.rulebook import statement

        return statement(self.rule)

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
