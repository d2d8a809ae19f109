"""Write the conformance scenarios of the rules' revision 3 (issue 23) that a
short list of moves from a new game reaches (the portable ``setup`` +
``moves`` form): the optional dummy rule DUM3-5 and the full game without
special event cards (SPE-3's easier game).

    .venv/bin/python tests/conformance/seed_revision3.py

Every expectation was read against the rules before it was committed; rerun
only to refresh them after a deliberate change, and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import Builder  # noqa: E402

from dlrules import (  # noqa: E402
    Action,
    ChooseOrders,
    Decline,
    DealOrders,
    Draw,
    DrawDummyOrders,
    KeepUnavailable,
    Phase,
    legal_moves,
    to_move,
)

A = Action
FOLDER = Path(__file__).resolve().parent / "foundation"


def before_the_dummy_hires(**options: bool) -> Builder:
    """3 players: each keeps Hire Monster and Build Room unavailable and plays
    Get Food, Improve Reputation and Dig Tunnels; the dummy draws Get Food,
    Mine Gold and Hire Monster (its minions on slot II). The Tavern shows a
    ghost, a goblin and a troll. Every player's minion declines but the last
    one on Dig Tunnels, whose turn it is."""
    b = Builder(3, "full", None, **options)
    for seat in range(3):
        b.play(DealOrders(seat, (A.FOOD, A.MONSTER, A.ROOM)))
    b.play(DealOrders(3, (A.IMPS, A.TRAPS, A.ROOM)))
    for seat in range(3):
        b.play(KeepUnavailable(seat, (A.MONSTER, A.ROOM)))
    for card in ("ghost", "goblin", "troll"):
        b.play(Draw("monsters", card))
    while b.state.phase is Phase.ROUND_START:
        b.chance_first(stop=Phase.ORDERS)
    b.play(DrawDummyOrders(3, (A.FOOD, A.MINE, A.MONSTER)))
    for seat in range(3):
        b.play(ChooseOrders(seat, (A.FOOD, A.REPUTATION, A.DIG)))
    while not _last_before_monster(b):
        b.play(next(m for m in legal_moves(b.state) if isinstance(m, Decline)))
    return b


def _last_before_monster(b: Builder) -> bool:
    """The minion to act is the last player's minion before Hire Monster."""
    board = b.state.board
    waiting = [c for space in range(A.MONSTER.index) for c in board[space] if c is not None and c < 3]
    return b.state.phase is Phase.RESOLUTION and len(waiting) == 1


def main() -> None:
    out: list[Path] = []
    b = before_the_dummy_hires(dummy_hires=True)
    seat = min(to_move(b.state))
    only: tuple[str, ...] = ("tavern", "far_lands", "board.monster")
    out.append(b.record(
        "DUM3-5-the-dummy-sends-the-first-tavern-monster-away",
        ["DUM3-5", "DUM3-2", "SETUP-3"],
        "3 players, the optional rule DUM3-5 on: once the last player's minion before Hire Monster has declined, "
        "the dummy's minion on Hire Monster II takes the first monster left in the Tavern, the ghost, without paying, "
        "and it goes to the Distant Lands.",
        Decline(seat), folder=FOLDER, only=only, before={"tavern": ["ghost", "goblin", "troll"]},
    ))
    b = before_the_dummy_hires()
    out.append(b.record(
        "DUM3-4-without-the-option-the-dummy-takes-nothing",
        ["DUM3-4", "DUM3-5"],
        "3 players, the optional rule DUM3-5 off (the default): the dummy's minion on Hire Monster II goes home and "
        "the Tavern keeps its ghost, goblin and troll.",
        Decline(seat), folder=FOLDER, only=only, before={"tavern": ["ghost", "goblin", "troll"]},
    ))
    b = Builder(4, special_events=False)
    out.append(b.record(
        "SPE-3-the-full-game-without-special-event-cards",
        ["SPE-3", "SETUP-4", "LIB-TAB-7"],
        "A full game played without the special event cards (the rulebook's easier game): the special event deck "
        "stays in the box, so it is empty from the start; setup deals orders as in any full game.",
        DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)), folder=FOLDER, before={"decks.special.size": 0, "special_event": None},
    ))
    for path in out:
        print(path)


if __name__ == "__main__":
    main()
