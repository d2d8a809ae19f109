"""Deliberately broken engines for the protocol's newer parts (issue 36:
per-seat observations, chance odds), and engines that break the protocol
itself: dlrules speaking the referee protocol with exactly one thing wrong.

    .venv/bin/python tests/conformance/protocol_mutants.py view-shows-trap-cards

Kept apart from tests/conformance/mutants.py (the rule mutants) so that the
two tables grow without colliding; tests/test_conformance_protocol.py checks
that the kit catches each one and names its rule.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from dlrules import GameState
from dlrules.apps.conformance.engines import Referee, fraction_text
from dlrules.apps.conformance.observe import REFEREE, Viewer, observe


class ViewShowsTrapCards(Referee):
    """ACT-TRAP-2 broken: a seat's (and the spectator's) observation shows
    every player's trap cards, as the referee's does."""

    def observation(self, state: GameState, viewer: Viewer = REFEREE) -> dict[str, Any]:
        seen = observe(state, viewer)
        if viewer != REFEREE:
            everything = observe(state, REFEREE)
            for mine, all_of_it in zip(seen["players"], everything["players"], strict=True):
                mine["traps"] = all_of_it["traps"]
        return seen


class UniformOdds(Referee):
    """SETUP-4's decks broken in their odds only: every card still in a deck
    is drawn with the same chance, whatever its number of copies (the
    engine's deck holds one copy of each card)."""

    def odds(self, state: GameState, moves: list[dict[str, Any]]) -> list[str | None]:
        right = super().odds(state, moves)
        draws = [m for m in moves if m.get("type") == "Draw"]
        if len(draws) < 2:
            return right
        return [fraction_text(Fraction(1, len(draws))) if m.get("type") == "Draw" else p for m, p in zip(moves, right, strict=True)]


class HangsOnSeatViews(Referee):
    """Never answers ``observe`` for a seat (a driver must time out, naming the request)."""

    def observation(self, state: GameState, viewer: Viewer = REFEREE) -> dict[str, Any]:
        if viewer != REFEREE:
            time.sleep(3600)
        return super().observation(state, viewer)


class GarbageOdds(Referee):
    """Answers ``legal_moves`` with probabilities that are not fractions."""

    def odds(self, state: GameState, moves: list[dict[str, Any]]) -> list[str | None]:
        return ["likely" if m.get("seat") == -1 else None for m in moves]


MUTANTS: dict[str, tuple[Callable[[], Referee], str]] = {
    "view-shows-trap-cards": (ViewShowsTrapCards, "ACT-TRAP-2"),
    "uniform-odds": (UniformOdds, "SETUP-4"),
    "hangs-on-seat-views": (HangsOnSeatViews, ""),
    "garbage-odds": (GarbageOdds, ""),
}
"""Name → (the Referee to serve; the rule ID it breaks, "" for a protocol fault)."""


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in MUTANTS:
        print(f"usage: protocol_mutants.py {{{','.join(MUTANTS)}}}", file=sys.stderr)
        return 2
    referee = MUTANTS[argv[0]][0]()
    referee.name = f"mutant {argv[0]} of dlrules"
    from dlrules.apps.conformance.protocol import serve

    return serve(referee)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
