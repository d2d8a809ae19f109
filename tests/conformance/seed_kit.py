"""(Re)create the scenarios added with the conformance kit (issue 27), so
that each of the kit's deliberately broken engines (tests/conformance/mutants.py)
fails a scenario citing the rule it breaks:

    .venv/bin/python tests/conformance/seed_kit.py

- ``year1/RES-2-hire-monster-slot-III-acts-first`` and
  ``year1/ACT-MON-1-hire-monster-resolves-III-II-I`` (issue 36: the same
  position, naming Hire Monster's own rule first): 4 players, all four play
  Hire Monster first (P1 on I, P2 on II, P3 on III, P4's order is not carried
  out); the earlier spaces are declined; at Hire Monster Player 3, on slot III,
  acts first (RES-2) and declines, and the cursor moves to slot II.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import Builder  # noqa: E402
from conformance.seed_foundation import dealt  # noqa: E402

import dlrules  # noqa: E402
from dlrules import Action, ChooseOrders, Decline, Phase  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402

A = Action
TR = (A.TRAPS, A.ROOM)  # kept unavailable: Hire Monster stays in every hand


def hire_monster_all_first() -> Builder:
    b = dealt(4, [TR] * 4, [])
    b.chance_first(stop=Phase.ORDERS)
    for seat in range(4):
        b.play(ChooseOrders(seat, (A.MONSTER, A.FOOD, A.REPUTATION)))
    assert b.state.phase is Phase.RESOLUTION
    while b.state.resolution is not None and b.state.resolution.space < A.MONSTER.index:
        seats = sorted(dlrules.to_move(b.state))
        assert len(seats) == 1 and seats[0] >= 0, seats
        b.play(Decline(seats[0]))
    return b


def main() -> None:
    b = hire_monster_all_first()
    assert b.state.board[A.MONSTER.index] == (0, 1, 2), b.state.board
    path = Builder.record(
        b,
        "RES-2-hire-monster-slot-III-acts-first", ["RES-2", "RES-3"],
        "Resolution: P1, P2, P3 stand on Hire Monster I, II, III; slot III acts first: Player 3 declines "
        "(the minion stays on the order card) and Player 2, on slot II, is next.",
        Decline(2), folder=SCENARIOS / "year1", only=("board", "players"), before={"to_move": [2]},
    )
    print(path)
    b = hire_monster_all_first()
    print(Builder.record(
        b,
        "ACT-MON-1-hire-monster-resolves-III-II-I", ["ACT-MON-1", "RES-2"],
        "Hire Monster, with P1, P2, P3 on slots I, II, III: slot III is resolved first, so Player 3 is to move "
        "there, not Player 1; he declines and slot II (Player 2) is next, slot I last.",
        Decline(2), folder=SCENARIOS / "year1", only=("board", "players", "to_move"), before={"to_move": [2]},
        after={"to_move": [1]},
    ))


if __name__ == "__main__":
    main()
