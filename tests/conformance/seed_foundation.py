"""(Re)create the foundation's conformance scenarios: setup (RUL-13, RUL-8),
round start (RST-1..5, RUL-7), orders (ORD-2..6, DUM3, DUM2), the phase order
(RS-2, RS-3) and the card sets in any order (LIB-TV-1).

    .venv/bin/python tests/conformance/seed_foundation.py

Every expectation was read against RULES.md before it was committed; rerun
only to refresh them after a deliberate change, and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import Builder  # noqa: E402

from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402
from dlrules import (  # noqa: E402
    Action,
    ChooseOrders,
    DealOrders,
    Draw,
    DrawDummyOrders,
    KeepUnavailable,
    Phase,
)

A = Action
FOLDER = SCENARIOS / "foundation"


class B(Builder):
    """Records into tests/conformance/foundation/."""

    def record(self, *args: Any, **kwargs: Any) -> Path:
        return super().record(*args, folder=FOLDER, **kwargs)


def dealt(players: int, pairs: list[tuple[Action, ...]], dummies: list[tuple[Action, ...]]) -> B:
    """Setup: player i dealt pairs[i] plus the first other card, keeping the pair."""
    b = B(players)
    for seat, pair in enumerate(pairs):
        extra = next(a for a in Action if a not in pair)
        b.play(DealOrders(seat, tuple(a for a in Action if a in {*pair, extra})))
    for i, orders in enumerate(dummies):
        b.play(DealOrders(players + i, orders))
    for seat, pair in enumerate(pairs):
        b.play(KeepUnavailable(seat, pair))
    return b


MR = (A.MONSTER, A.ROOM)
ENDS_ORDERS = ("phase", "board", "players", "dummies")  # the last choice also starts resolution
DUMMY = (A.IMPS, A.TRAPS, A.ROOM)


def in_orders(players: int, dummies: int = 0) -> B:
    b = dealt(players, [MR] * players, [DUMMY] * (4 - players)).chance_first(stop=Phase.ORDERS)
    assert b.state.phase is Phase.ORDERS
    return b


def _reverse_move_orders(path: Path) -> None:
    """LIB-TV-1: write the scenario's move with its set of orders reversed, as
    a player might give it (a ``Move`` object is always in board order)."""
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    given = json.dumps(data["move"]["orders"])
    reversed_ = json.dumps(data["move"]["orders"][::-1])
    path.write_text(text.replace(f'"orders": {given}, "seat": 0, "type": "KeepUnavailable"', f'"orders": {reversed_}, "seat": 0, "type": "KeepUnavailable"', 1), encoding="utf-8")


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    out: list[Path] = []
    rec = out.append

    # --- setup: RUL-13, RUL-8 ---------------------------------------------------------
    b = B(4)
    rec(b.record(
        "RUL-13-chance-deals-three-orders", ["RUL-13", "ORD-2"],
        "Setup, full game: chance deals Player 1 three of their eight orders for the first unavailable choice.",
        DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)),
    ))
    rec(b.record(
        "RUL-13-deal-of-two-orders-refused", ["RUL-13"],
        "Setup: a player is dealt 3 orders, not 2.",
        DealOrders(0, (A.FOOD, A.DIG)),
    ))
    b = B(3, "first")
    rec(b.record(
        "RUL-13-first-game-two-unavailable-orders-at-random", ["RUL-13", "ORD-2"],
        "Setup, first game: chance turns up 2 of Player 1's eight orders, which are unavailable at once, "
        "face up; the other 6 are the hand. Nothing is kept in secret.",
        DealOrders(0, (A.FOOD, A.DIG)),
    ))
    rec(b.record(
        "RUL-13-first-game-deal-of-three-refused", ["RUL-13"],
        "Setup, first game: 2 orders are drawn at random, not 3 to keep 2 from (that is the full game's procedure).",
        DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)),
    ))
    b = B(3, "first", deal_and_keep=True)
    rec(b.record(
        "RUL-13-first-game-may-deal-three-keep-two", ["RUL-13"],
        "Setup, a first game played with the full game's procedure (the rulebook allows it): chance "
        "deals Player 1 three orders to keep 2 from.",
        DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)),
    ))
    b = B(3).play(DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)), DealOrders(1, (A.FOOD, A.MINE, A.ROOM)),
                        DealOrders(2, (A.REPUTATION, A.DIG, A.TRAPS)))
    rec(b.record(
        "RUL-8-dummy-gets-three-unavailable-orders", ["RUL-8", "DUM3-1"],
        "Setup, 3 players: after the players' deals the dummy colour gets 3 random orders as unavailable.",
        DealOrders(3, (A.IMPS, A.TRAPS, A.ROOM)),
    ))
    b.play(DealOrders(3, (A.IMPS, A.TRAPS, A.ROOM)))
    rec(b.record(
        "RUL-13-keep-two-of-the-dealt-orders", ["RUL-13"],
        "Setup: Player 1 secretly keeps 2 of the 3 dealt orders unavailable (hidden until all have chosen).",
        KeepUnavailable(0, (A.DIG, A.MONSTER)),
    ))
    rec(b.record(
        "RUL-13-keep-an-order-not-dealt-refused", ["RUL-13"],
        "Setup: the unavailable orders must come from the three dealt.",
        KeepUnavailable(0, (A.DIG, A.ROOM)),
    ))
    rec(b.record(
        "RUL-13-keep-three-refused", ["RUL-13"],
        "Setup: exactly 2 orders are kept unavailable.",
        KeepUnavailable(0, (A.FOOD, A.DIG, A.MONSTER)),
    ))
    rec(b.record(
        "LIB-TV-1-card-sets-in-any-order", ["LIB-TV-1", "RUL-13"],
        "A set of cards may be given in any order: the pair reversed is the same move, kept in board order.",
        KeepUnavailable(0, (A.MONSTER, A.DIG)),
    ))
    _reverse_move_orders(out[-1])  # the move object is normalised; the file gives the pair reversed
    b.play(KeepUnavailable(0, (A.DIG, A.MONSTER)), KeepUnavailable(1, (A.FOOD, A.ROOM)))
    rec(b.record(
        "RUL-13-reveal-together", ["RUL-13", "ORD-2", "ORD-7", "RS-2", "RS-3"],
        "Setup: when the last player has chosen, all unavailable orders are revealed together, each hand "
        "holds the other 6 orders, and the round start begins.",
        KeepUnavailable(2, (A.REPUTATION, A.TRAPS)),
    ))
    b = B(2).play(DealOrders(0, (A.FOOD, A.DIG, A.MONSTER)), DealOrders(1, (A.FOOD, A.MINE, A.ROOM)),
                        DealOrders(2, (A.IMPS, A.TRAPS, A.ROOM)))
    rec(b.record(
        "DUM2-1-two-dummies-three-unavailable-each", ["DUM2-1", "RUL-8"],
        "Setup, 2 players: each of the two dummy colours gets 3 unavailable orders.",
        DealOrders(3, (A.FOOD, A.REPUTATION, A.DIG)),
    ))

    # --- round start: RST-1..5, RUL-7 ------------------------------------------------------
    b = dealt(4, [MR] * 4, [])
    rec(b.record(
        "RST-1-a-monster-comes-to-the-tavern", ["RST-1"],
        "Round start: chance turns up the top monster card onto the tavern.",
        Draw("monsters", "troll"),
    ))
    rec(b.record(
        "RST-1-rooms-wait-for-the-tavern", ["RST-1"],
        "Round start: the tavern is filled first (3 monsters), then the room shop.",
        Draw("rooms", "mint"),
    ))
    b.play(Draw("monsters", "troll"), Draw("monsters", "troll"))
    rec(b.record(
        "RST-1-no-third-troll", ["RST-1"],
        "Round start: the year-1 monster deck holds 2 trolls; both are in the tavern, so no third "
        "troll can be turned up.",
        Draw("monsters", "troll"),
    ))
    b.play(Draw("monsters", "goblin"))
    rec(b.record(
        "RST-1-room-shop", ["RST-1"],
        "Round start: with 3 monsters in the tavern, 2 rooms go to the room shop.",
        Draw("rooms", "mint"),
    ))
    b.play(Draw("rooms", "mint"), Draw("rooms", "workshop"))
    rec(b.record(
        "RST-2-next-rounds-event", ["RST-2"],
        "Round start in winter: the event for spring is revealed.",
        Draw("events", "payday"),
    ))
    b.play(Draw("events", "payday"))
    b.play(Draw("adventurers", "y1-wizard-3-1"), Draw("adventurers", "y1-warrior-5"), Draw("adventurers", "y1-thief-4-1"))
    rec(b.record(
        "RST-3-RST-4-four-adventurers-sorted", ["RST-3", "RST-4"],
        "Round start, 4 players: the fourth adventurer for next round arrives and the row is sorted by "
        "each tile's glyph rank, not by class: the rank-1 wizard (HP 3) left, the 5-HP warrior (rank 3) "
        "right, the two rank-2 tiles between them in the order they were drawn.",
        Draw("adventurers", "y1-priest-3-2"),
    ))
    b = dealt(3, [MR] * 3, [DUMMY])
    b.play(Draw("monsters", "troll"), Draw("monsters", "goblin"), Draw("monsters", "witch"),
           Draw("rooms", "mint"), Draw("rooms", "workshop"), Draw("events", "taxes"))
    b.play(Draw("adventurers", "y1-thief-3-1"), Draw("adventurers", "y1-priest-3-1"))
    rec(b.record(
        "RST-5-same-glyph-rank-goes-under-the-deck", ["RST-5", "RUL-7", "RST-3"],
        "Round start, 3 players: a thief, a priest and a wizard all of glyph rank 1 are drawn; "
        "whatever their classes, they share a rank, so the last goes to the bottom of the adventurer "
        "deck and another is drawn.",
        Draw("adventurers", "y1-wizard-3-1"),
    ))
    b.play(Draw("adventurers", "y1-wizard-3-1"))
    rec(b.record(
        "RST-5-redraw-then-sort", ["RST-5", "RST-4", "RUL-7", "RS-3"],
        "Round start: the redraw shows another glyph rank (a rank-2 warrior); the three are sorted "
        "(stable) and the Orders phase begins.",
        Draw("adventurers", "y1-warrior-4"),
    ))
    b = dealt(3, [MR] * 3, [DUMMY])
    b.play(Draw("monsters", "troll"), Draw("monsters", "goblin"), Draw("monsters", "witch"),
           Draw("rooms", "mint"), Draw("rooms", "workshop"), Draw("events", "taxes"),
           Draw("adventurers", "y1-warrior-5"), Draw("adventurers", "y1-warrior-3"))
    rec(b.record(
        "RST-5-one-class-of-three-ranks-is-not-redrawn", ["RST-5", "RST-4", "RUL-7"],
        "Round start, 3 players: three warriors of glyph ranks 3, 1 and 2 show different glyphs: no "
        "redraw; they are sorted by rank.",
        Draw("adventurers", "y1-warrior-4"),
    ))

    # --- orders: ORD-2..6 ------------------------------------------------------------------------
    b = in_orders(4)
    rec(b.record(
        "ORD-3-choose-three-orders", ["ORD-3"],
        "Orders: Player 1 secretly chooses three different orders from hand, first to third.",
        ChooseOrders(0, (A.MINE, A.FOOD, A.DIG)),
    ))
    rec(b.record(
        "ORD-2-unavailable-order-refused", ["ORD-2"],
        "Orders: Hire Monster is unavailable for Player 1 this round.",
        ChooseOrders(0, (A.MINE, A.FOOD, A.MONSTER)),
    ))
    rec(b.record(
        "ORD-3-same-order-twice-refused", ["ORD-3"],
        "Orders: the three orders must be different cards.",
        ChooseOrders(0, (A.MINE, A.MINE, A.DIG)),
    ))
    rec(b.record(
        "ORD-3-two-orders-refused", ["ORD-3"],
        "Orders: exactly three orders are chosen.",
        ChooseOrders(0, (A.MINE, A.FOOD)),
    ))
    b.play(ChooseOrders(0, (A.MINE, A.FOOD, A.DIG)))
    rec(b.record(
        "ORD-3-choose-once", ["ORD-3"],
        "Orders: a player who has chosen waits for the others; a second choice is refused.",
        ChooseOrders(0, (A.FOOD, A.MINE, A.DIG)),
    ))
    b.play(ChooseOrders(1, (A.FOOD, A.MINE, A.IMPS)), ChooseOrders(2, (A.REPUTATION, A.MINE, A.TRAPS)))
    rec(b.record(
        "ORD-4-ORD-5-ORD-6-example-E1", ["ORD-4", "ORD-5", "ORD-6", "RS-3", "E1"],
        "Example E1 of the rules: the last choice reveals all; first orders placed in player order, then second, "
        "then third; Player 4's third order (Mine) finds the space full and stands on its card.",
        ChooseOrders(3, (A.DIG, A.FOOD, A.MINE)), only=ENDS_ORDERS,
    ))
    b = in_orders(4)
    b.play(ChooseOrders(0, (A.MINE, A.FOOD, A.DIG)), ChooseOrders(1, (A.MINE, A.FOOD, A.DIG)),
           ChooseOrders(2, (A.MINE, A.FOOD, A.DIG)))
    rec(b.record(
        "ORD-6-fourth-on-a-space-not-carried-out", ["ORD-6", "ORD-4"],
        "Orders: all four choose Mine first; the fourth in player order finds I, II, III taken.",
        ChooseOrders(3, (A.MINE, A.FOOD, A.DIG)), only=ENDS_ORDERS,
    ))

    # --- three players: DUM3 ----------------------------------------------------------------------
    b = dealt(3, [MR] * 3, [DUMMY]).chance_first(stop=Phase.ORDERS)
    assert b.state.phase is Phase.ORDERS
    rec(b.record(
        "DUM3-1-DUM3-2-dummy-draws-three-orders", ["DUM3-1", "DUM3-2"],
        "Orders, 3 players: the dummy draws 3 of its 5 available orders; its minions go on slot II; "
        "the drawn three become unavailable and the old three return to its deck.",
        DrawDummyOrders(3, (A.FOOD, A.DIG, A.MINE)),
    ))
    rec(b.record(
        "DUM3-1-dummy-cannot-draw-unavailable", ["DUM3-1"],
        "Orders, 3 players: the dummy draws only from its available orders.",
        DrawDummyOrders(3, (A.FOOD, A.DIG, A.IMPS)),
    ))
    b.play(DrawDummyOrders(3, (A.FOOD, A.DIG, A.MINE)))
    b.play(ChooseOrders(0, (A.MINE, A.FOOD, A.IMPS)), ChooseOrders(1, (A.MINE, A.FOOD, A.IMPS)))
    rec(b.record(
        "DUM3-3-dummy-blocks-slot-II", ["DUM3-3", "ORD-4", "ORD-6"],
        "Orders, 3 players: all three choose Mine first; the dummy holds II, so the first player takes I, "
        "the second III, and the third gets nothing.",
        ChooseOrders(2, (A.MINE, A.FOOD, A.IMPS)), only=ENDS_ORDERS,
    ))

    # --- two players: DUM2 ---------------------------------------------------------------------------
    b = dealt(2, [MR] * 2, [DUMMY, (A.FOOD, A.REPUTATION, A.DIG)]).chance_first(stop=Phase.ORDERS)
    assert b.state.phase is Phase.ORDERS
    rec(b.record(
        "DUM2-2-first-dummy-draws-two", ["DUM2-2"],
        "Orders, 2 players: the first dummy draws 2 of its 5 other orders, minions on slot II.",
        DrawDummyOrders(2, (A.FOOD, A.MINE)),
    ))
    b.play(DrawDummyOrders(2, (A.FOOD, A.MINE)))
    rec(b.record(
        "DUM2-2-same-action-takes-III", ["DUM2-2"],
        "Orders, 2 players: the second dummy also drew Mine: slot II is taken, it goes to III.",
        DrawDummyOrders(3, (A.MINE, A.IMPS)),
    ))
    b.play(DrawDummyOrders(3, (A.MINE, A.IMPS)))
    rec(b.record(
        "DUM2-3-choose-the-dummys-third-order", ["DUM2-3"],
        "Orders, 2 players: Player 1 chooses their 3 orders and, secretly, their dummy's third order "
        "among its 3 candidates (Improve Reputation, Dig Tunnels, Hire Monster).",
        ChooseOrders(0, (A.DIG, A.FOOD, A.MINE), A.DIG),
    ))
    rec(b.record(
        "DUM2-3-dummy-third-missing-refused", ["DUM2-3"],
        "Orders, 2 players: the responsible player must also choose the dummy's third order.",
        ChooseOrders(0, (A.DIG, A.FOOD, A.MINE)),
    ))
    rec(b.record(
        "DUM2-3-dummy-third-not-a-candidate-refused", ["DUM2-3"],
        "Orders, 2 players: the dummy's third order is one of its 3 remaining cards, not one it drew.",
        ChooseOrders(0, (A.DIG, A.FOOD, A.MINE), A.FOOD),
    ))
    # DUM2-2: each player answers for one dummy, the second player for the second (Buy Traps, Hire
    # Monster, Build Room left), not for the first (Improve Reputation, Dig Tunnels, Hire Monster).
    rec(b.record(
        "DUM2-2-second-player-answers-for-the-second-dummy", ["DUM2-2", "DUM2-3"],
        "Orders, 2 players: Player 2 is responsible for the second dummy, so picks its third among "
        "that dummy's candidates: Build Room.",
        ChooseOrders(1, (A.DIG, A.FOOD, A.MINE), A.ROOM), only=("players.1", "orders_chosen", "to_move"),
    ))  # what the choice records; how many ways remain is ORD-3's and DUM2-3's (their own scenarios count them)
    rec(b.record(
        "DUM2-2-not-the-other-players-dummy-refused", ["DUM2-2", "DUM2-3"],
        "Orders, 2 players: Improve Reputation is a candidate of the first dummy, which Player 1 answers "
        "for; Player 2 may not give it to their own dummy.",
        ChooseOrders(1, (A.DIG, A.FOOD, A.MINE), A.REPUTATION),
    ))
    b.play(ChooseOrders(0, (A.MINE, A.FOOD, A.DIG), A.MONSTER))
    rec(b.record(
        "DUM2-4-DUM2-5-DUM2-6-dummy-thirds-before-real-minions", ["DUM2-4", "DUM2-5", "DUM2-6", "ORD-4", "ORD-5", "ORD-6"],
        "Orders, 2 players: both dummies' thirds are Hire Monster: slots I and II, placed before any real "
        "minion. The dummies hold Mine II and III, so Player 1's Mine takes I and Player 2's Mine finds "
        "no slot (ORD-6). Each dummy's unavailable orders become the 3 it played.",
        ChooseOrders(1, (A.MINE, A.DIG, A.FOOD), A.MONSTER), only=ENDS_ORDERS,
    ))
    print("\n".join(str(p) for p in out))


if __name__ == "__main__":
    main()
