"""(Re)create conformance scenarios for resolution (RES, ACT-*) and the rest of
the year (RET, special events): tests/conformance/year1/.

    .venv/bin/python tests/conformance/seed_year1.py

Every expectation was read against RULES.md before it was committed; rerun
only to refresh them after a deliberate change, and review the diff.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import Builder  # noqa: E402
from conformance.seed_foundation import A, MR, DUMMY, dealt  # noqa: E402

import dlrules  # noqa: E402
from dlrules import ChooseOrders, Decline, Draw, DrawDummyOrders, Phase, ReturnOrder, TakeAction  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402

FOLDER = SCENARIOS / "year1"
ONLY_PLAYERS = ("players", "board")  # a resolution step: the changes to lords and board


class Y(Builder):
    """Records into tests/conformance/year1/."""

    def record(self, *args: Any, **kwargs: Any) -> Path:
        return super().record(*args, folder=FOLDER, **kwargs)


def four_in_resolution() -> Y:
    """4 players; P1, P2, P3 play Get Food first, P4 Improve Reputation first;
    second orders: P1 and P2 Improve Reputation (II, III), P3's is full (ORD-6)."""
    b = Y(4)
    for step in dealt(4, [MR] * 4, []).moves:
        b.play(step)
    b.chance_first(stop=Phase.ORDERS)
    b.play(
        ChooseOrders(0, (A.FOOD, A.REPUTATION, A.MINE)),
        ChooseOrders(1, (A.FOOD, A.REPUTATION, A.MINE)),
        ChooseOrders(2, (A.FOOD, A.REPUTATION, A.DIG)),
        ChooseOrders(3, (A.REPUTATION, A.DIG, A.FOOD)),
    )
    assert b.state.phase is Phase.RESOLUTION
    return b


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    out: list[Path] = []
    rec = out.append

    b = four_in_resolution()
    rec(b.record(
        "ACT-FOOD-1-slot-I-1-gold-for-2-food", ["ACT-FOOD-1", "RES-1", "RES-2", "RES-3", "RES-4"],
        "Resolution starts at Get Food slot I: Player 1 pays 1 gold for 2 food; the minion goes home.",
        TakeAction(0), only=ONLY_PLAYERS,
    ))
    rec(b.record(
        "RES-3-decline-stands-on-the-order-card", ["RES-3", "RUL-1", "RES-7"],
        "Player 1 declines Get Food I: the minion leaves the slot for the order card (not carried out).",
        Decline(0), only=ONLY_PLAYERS,
    ))
    rec(b.record(
        "RES-2-slot-II-waits-for-slot-I", ["RES-2"],
        "Get Food acts I, II, III: Player 2 on slot II may not act before Player 1 on slot I.",
        TakeAction(1),
    ))
    b.play(TakeAction(0))
    rec(b.record(
        "ACT-FOOD-1-slot-II-1-evil-for-3-food", ["ACT-FOOD-1", "RES-8"],
        "Get Food slot II: Player 2 moves 1 space up the evilometer for 3 food.",
        TakeAction(1), only=ONLY_PLAYERS,
    ))
    b.play(TakeAction(1))
    rec(b.record(
        "ACT-FOOD-1-slot-III-2-evil-for-3-food-and-1-gold", ["ACT-FOOD-1", "RES-8"],
        "Get Food slot III: Player 3 moves 2 spaces up for 3 food and 1 gold.",
        TakeAction(2), only=ONLY_PLAYERS,
    ))
    b.play(TakeAction(2))
    assert b.state.resolution is not None and b.state.resolution.space == A.REPUTATION.index
    # Improve Reputation: P4 on I (evil -1 and a spy look), P1 on II (evil -2), P2 on III (1 gold: -2 and a look).
    b.play(*[m for m in dlrules.legal_moves(b.state) if isinstance(m, TakeAction)][:1])
    while dlrules.to_move(b.state) != {0}:  # P4's spy look (ACT-REP-2), then P1 acts
        b.play(dlrules.legal_moves(b.state)[0])
    rec(b.record(
        "ACT-REP-1-slot-II-evil-down-2", ["ACT-REP-1", "RES-4"],
        "Improve Reputation slot II is free: Player 1's evil marker moves 2 spaces down.",
        TakeAction(0), only=ONLY_PLAYERS,
    ))

    # Dummy minions go home when their turn comes (DUM3-4, DUM2-7).
    b = Y(3)
    for step in dealt(3, [MR] * 3, [DUMMY]).moves:
        b.play(step)
    b.chance_first(stop=Phase.ORDERS)
    b.play(DrawDummyOrders(3, (A.FOOD, A.DIG, A.MINE)))
    b.play(ChooseOrders(0, (A.FOOD, A.DIG, A.MINE)), ChooseOrders(1, (A.FOOD, A.DIG, A.MINE)),
           ChooseOrders(2, (A.REPUTATION, A.DIG, A.MINE)))
    rec(b.record(
        "DUM3-4-dummy-minion-goes-home", ["DUM3-4", "RES-2"],
        "3 players: Get Food holds Player 1 (I), the dummy (II), Player 2 (III). When Player 1 has "
        "acted, the dummy's minion simply goes home and Player 2 on III acts next.",
        TakeAction(0), only=("board", "to_move", "players.0.food"),
    ))
    b = Y(2)
    for step in dealt(2, [MR] * 2, [DUMMY, (A.FOOD, A.REPUTATION, A.DIG)]).moves:
        b.play(step)
    b.chance_first(stop=Phase.ORDERS)
    b.play(DrawDummyOrders(2, (A.FOOD, A.MINE)), DrawDummyOrders(3, (A.MINE, A.IMPS)))
    b.play(ChooseOrders(0, (A.FOOD, A.DIG, A.MINE), A.DIG), ChooseOrders(1, (A.FOOD, A.DIG, A.MINE), A.TRAPS))
    rec(b.record(
        "DUM2-7-dummy-minion-goes-home-and-takes-nothing", ["DUM2-7", "RES-2"],
        "2 players: Get Food holds Player 1 (I), a dummy (II), Player 2 (III). After Player 1, the "
        "dummy goes home with nothing and Player 2 acts.",
        TakeAction(0), only=("board", "to_move", "players.0.food", "players.1.food"),
    ))

    # Order return (RET-1, RET-2): a 3-player winter played out with seed 1.
    b = Y(3).play_random(random.Random(1), Phase.ORDER_RETURN)
    seat = min(dlrules.to_move(b.state))
    played = b.state.players[seat].played
    first, second, third = (o.action for o in played)
    rec(b.record(
        "RET-2-take-back-an-order-not-carried-out", ["RET-1", "RET-2", "RUL-1"],
        f"Order return: Player {seat + 1} played {first.value} (carried out), {second.value} (not carried "
        f"out), {third.value} (carried out) and takes back {second.value}; the other two become unavailable.",
        ReturnOrder(seat, second), only=(f"players.{seat}",),
    ))
    rec(b.record(
        "RET-2-a-carried-out-later-order-cannot-come-back", ["RET-2"],
        f"Order return: {third.value}, carried out and not first, cannot be taken back.",
        ReturnOrder(seat, third),
    ))

    # The full game's special event card (SPE, EVT-SPECIAL-1, LIB-6).
    b = Y(3)
    for step in dealt(3, [MR] * 3, [DUMMY]).moves:
        b.play(step)
    b.play(Draw("monsters", "troll"), Draw("monsters", "goblin"), Draw("monsters", "witch"),
           Draw("rooms", "mint"), Draw("rooms", "workshop"), Draw("events", "special"))
    rec(b.record(
        "LIB-6-special-event-card-turned-up-with-its-tile", ["LIB-6", "EVT-SPECIAL-1", "RST-2"],
        "Full game: when the special event tile is revealed, the year's special event card is turned "
        "up with it (its effect is not implemented: the card texts are not established).",
        Draw("special", sorted(dict(b.state.decks.special.unseen))[0]),
    ))
    print("\n".join(str(p) for p in out))


if __name__ == "__main__":
    main()
