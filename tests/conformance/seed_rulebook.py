"""(Re)create the conformance scenarios of the building year as the printed
English rulebook has it (issue 10): tests/conformance/rulebook/.

    .venv/bin/python tests/conformance/seed_rulebook.py

Positions are reached by moves from a new game: Player 1 follows a short plan
(its orders each round and which slots it takes), every other player declines
whatever their minions reach, and chance turns up the cards the plan names
(else its first listed outcome). Every expectation was read against RULES.md
before it was committed; rerun only to refresh them after a deliberate change,
and review the diff.
"""

from __future__ import annotations

import sys

import attrs
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conformance.record import Builder, record_position  # noqa: E402
from conformance.seed_foundation import MR, dealt  # noqa: E402

import dlrules  # noqa: E402
from dlrules.core.state import Deck  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402
from dlrules import (  # noqa: E402
    CHANCE,
    Action,
    ChooseOrders,
    Decline,
    Draw,
    HireMonster,
    Move,
    PayMonster,
    Phase,
    TakeAction,
)

A = Action
FOLDER = SCENARIOS / "rulebook"

Plan = Mapping[int, Sequence[Action]]
"""Player 1's three orders, by round."""
Takes = Callable[[dlrules.GameState, tuple[Move, ...]], Move | None]
"""Player 1's choice among its legal moves in resolution (None: decline)."""


class R(Builder):
    """Records into tests/conformance/rulebook/."""

    def record(self, *args: Any, **kwargs: Any) -> Path:
        return super().record(*args, folder=FOLDER, **kwargs)


def others_orders(round_: int) -> list[tuple[Action, ...]]:
    """Seats 2..4 each round: Get Food first (so Player 1's Get Food, played
    second, lands on slot III in winter), then orders nobody else needs."""
    if round_ == 1:
        return [(A.FOOD, A.MINE, A.IMPS), (A.FOOD, A.MINE, A.IMPS), (A.REPUTATION, A.MINE, A.IMPS)]
    return [(A.REPUTATION, A.MINE, A.IMPS)] * 3


def drive(
    b: R,
    plan: Plan,
    takes: Takes,
    cards: Mapping[tuple[int, str], Sequence[str]],
    stop: Callable[[dlrules.GameState], bool],
    others: Callable[[int], list[tuple[Action, ...]]] = others_orders,
) -> R:
    """Play from ``b`` until ``stop`` holds (checked before every move);
    ``others(round)`` are the other seats' orders."""
    queues = {k: list(v) for k, v in cards.items()}
    while not stop(b.state):
        s = b.state
        seats = dlrules.to_move(s)
        assert seats, f"nobody to move in {s.phase.value} before the position was reached"
        legal = dlrules.legal_moves(s)
        if CHANCE in seats:
            first = legal[0]
            queue = queues.get((s.round, first.deck), []) if isinstance(first, Draw) else []
            b.play(Draw(first.deck, queue.pop(0)) if queue and isinstance(first, Draw) else first)
            continue
        seat = max(seats) if s.phase is Phase.ORDERS else min(seats)  # Player 1 chooses its orders last
        mine = [m for m in legal if m.seat == seat]
        if s.phase is Phase.ORDERS:
            own = plan[s.round] if seat == 0 else others(s.round)[seat - 1]
            hand = s.players[seat].hand
            if not all(a in hand for a in own):  # the plan names an order not in hand
                own = tuple(a for a in hand if a not in (A.FOOD, A.MONSTER))[:3]
            b.play(ChooseOrders(seat, tuple(own)))
        elif s.phase is Phase.RESOLUTION and seat == 0:
            b.play(takes(s, tuple(mine)) or Decline(0))
        elif s.phase is Phase.RESOLUTION:
            b.play(Decline(seat))
        elif s.phase is Phase.EVENTS:
            pay = [m for m in mine if isinstance(m, PayMonster) and m.pay]
            b.play(pay[0] if pay else mine[0])  # pay every wage; pay no tax (the first listed: 0 gold)
        else:
            b.play(mine[0])  # production: finish; order return: the first listed card
    return b


def take_food_and_monster(kind: str) -> Takes:
    """Player 1 takes Get Food and hires ``kind`` when it can; declines the rest."""

    def choose(state: dlrules.GameState, legal: tuple[Move, ...]) -> Move | None:
        for m in legal:
            if isinstance(m, HireMonster) and m.monster == kind:
                return m
            if isinstance(m, TakeAction) and state.resolution is not None and state.resolution.space == A.FOOD.index:
                return m
        return None

    return choose


def acting(action: Action, seat: int = 0) -> Callable[[dlrules.GameState], bool]:
    """The resolution cursor reaches ``seat``'s minion on ``action``."""

    def at(state: dlrules.GameState) -> bool:
        r = state.resolution
        return (
            state.phase is Phase.RESOLUTION
            and r is not None
            and r.space == action.index
            and state.board[r.space][r.slot] == seat
            and dlrules.to_move(state) == {seat}
        )

    return at


def choosing(round_: int, seat: int) -> Callable[[dlrules.GameState], bool]:
    """The Orders phase of ``round_`` with ``seat`` the last to choose."""

    def at(state: dlrules.GameState) -> bool:
        return state.phase is Phase.ORDERS and state.round == round_ and dlrules.to_move(state) == {seat}

    return at


P1_UNAVAILABLE = (A.MINE, A.ROOM)
"""Player 1's first unavailable orders (it needs Hire Monster at once); the others': Hire Monster, Build Room."""


def four(variant: str) -> R:
    """4 players after setup (full game: deal 3, keep 2; first game: 2 at random)."""
    b = R(4, variant)
    pairs: list[tuple[Action, ...]] = [P1_UNAVAILABLE, MR, MR, MR]
    for move in dealt(4, pairs, []).moves if variant == "full" else [dlrules.DealOrders(s, p) for s, p in enumerate(pairs)]:
        b.play(move)
    return b


def record_state_scenario(id: str, rules: list[str], description: str, state: dlrules.GameState, move: Move) -> Path:
    """A scenario from a position no year-1 game can reach by moves (the
    ``state`` form of docs/conformance.md, not portable)."""
    return record_position(FOLDER, id, rules, description, state, move)


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    out: list[Path] = []
    rec = out.append

    # --- ORD-8, ORD-9: Hire Monster played as the first order -------------------------------
    b = four("full").chance_first(stop=Phase.ORDERS)
    for seat, orders in enumerate(others_orders(1)[:2], start=1):
        b.play(ChooseOrders(seat, orders))
    b.play(ChooseOrders(0, (A.MONSTER, A.FOOD, A.DIG)))
    rec(b.record(
        "ORD-9-hire-monster-first-costs-one-gold", ["ORD-9", "ORD-8", "ORD-4"],
        "Full game: Player 1 reveals Hire Monster as its first order and pays 1 gold at once, before "
        "any minion is placed; the minion then takes Hire Monster I as usual.",
        ChooseOrders(3, others_orders(1)[2]), only=("players.0.gold", "board.monster", "players.0.played"),
    ))
    b = four("first").chance_first(stop=Phase.ORDERS)
    for seat, orders in enumerate(others_orders(1)[:2], start=1):
        b.play(ChooseOrders(seat, orders))
    b.play(ChooseOrders(0, (A.MONSTER, A.FOOD, A.DIG)))
    rec(b.record(
        "ORD-8-first-game-hire-monster-first-costs-nothing", ["ORD-8"],
        "First game: the Hire Monster pictogram has no effect: Player 1's first order Hire Monster "
        "costs nothing at its reveal.",
        ChooseOrders(3, others_orders(1)[2]), only=("players.0.gold", "board.monster"),
        after={"players.0.gold": 3},  # unchanged, so no change records it: asserted here (held-out set 11)
    ))

    # Winter: Player 1 spends its 3 gold (Get Food I: 1, Buy Traps III: 2), so
    # in spring it has no gold when Hire Monster, its first order, is revealed.
    def spend_gold(state: dlrules.GameState, legal: tuple[Move, ...]) -> Move | None:
        r = state.resolution
        if r is not None and r.space in (A.FOOD.index, A.TRAPS.index):
            return next((m for m in legal if isinstance(m, TakeAction)), None)
        return None

    winter = {1: (A.FOOD, A.TRAPS, A.DIG), 2: (A.MONSTER, A.REPUTATION, A.IMPS)}

    def traps_first(round_: int) -> list[tuple[Action, ...]]:
        """Winter: seats 2 and 3 take Buy Traps I and II, so Player 1's lands on III."""
        if round_ == 1:
            return [(A.TRAPS, A.MINE, A.IMPS), (A.TRAPS, A.MINE, A.IMPS), (A.REPUTATION, A.MINE, A.IMPS)]
        return others_orders(round_)

    b = drive(four("full"), winter, spend_gold, {}, choosing(2, 0), traps_first)
    assert b.state.players[0].gold == 0, b.state.players[0].gold
    rec(b.record(
        "ORD-9-no-gold-the-minion-stands-on-the-order-card", ["ORD-9", "RUL-1", "ORD-4"],
        "Full game, spring: Player 1 spent all its gold in winter and reveals Hire Monster first: it "
        "cannot pay the 1 gold, so the minion stands on the order card (not carried out) and Hire "
        "Monster I stays free for the others.",
        ChooseOrders(0, winter[2]), only=("players.0.gold", "board.monster", "players.0.played"),
        before={"players.0.gold": 0, "board.monster": [None, None, None]},
        after={"players.0.gold": 0, "board.monster": [None, None, None]},
    ))

    # --- RES-10 and RES-8: an evil cost at the top of the evilometer ------------------------
    # Winter: Get Food III (+2) and a vampire (+2): evil 9. Spring: another
    # vampire (+2): 11; the Pay Day (spring's event) wages +2 +2: 15.
    # Summer: Player 1 is at the top; the witch costs 1 food + 1 evil.
    plan = {1: (A.MONSTER, A.FOOD, A.DIG), 2: (A.MONSTER, A.REPUTATION, A.TRAPS), 3: (A.MONSTER, A.IMPS, A.DIG)}
    cards = {
        (1, "monsters"): ["vampire", "goblin", "troll"],
        (2, "monsters"): ["vampire", "goblin", "slime"],
        (3, "monsters"): ["witch", "ghost", "slime"],
        (1, "events"): ["payday"],
        (2, "events"): ["taxes"],
        (3, "events"): ["special"],
    }
    for variant in ("full", "first"):
        b = drive(four(variant), plan, take_food_and_monster("vampire"), cards, lambda s: s.round == 3 and acting(A.MONSTER)(s))
        assert b.state.players[0].evil == 15, b.state.players[0].evil
        if variant == "full":
            rec(b.record(
                "RES-10-full-game-evil-cost-at-the-top-cannot-be-paid", ["RES-10", "ACT-MON-4", "RUL-2"],
                "Full game, summer: Player 1's marker is on 15, the top. The witch's cost includes 1 evil, "
                "which has no room: it cannot be paid, like missing gold, so the witch cannot be hired.",
                HireMonster(0, "witch"), before={"players.0.evil": 15},
            ))
            rec(b.record(
                "RES-10-a-cost-without-evil-still-fits", ["RES-10", "ACT-MON-2"],
                "Full game, summer: at the top of the evilometer Player 1 can still hire the slime, whose "
                "cost (1 food) moves no marker.",
                HireMonster(0, "slime"), only=("players.0",), before={"players.0.evil": 15},
            ))
        else:
            rec(b.record(
                "RES-8-first-game-evil-cost-paid-at-the-top", ["RES-8", "RUL-2", "ACT-MON-2"],
                "First game, summer: Player 1's marker is on 15, the top; the witch's 1 evil is paid (the "
                "marker stays) with its 1 food, and the witch is hired.",
                HireMonster(0, "witch"), only=("players.0",), before={"players.0.evil": 15},
                after={"players.0.evil": 15},
            ))

    # --- ACT-TRAP-1, RES-6: Buy Traps with a short deck -----------------------------------------
    # No year-1 game can empty the 27-card trap deck (at most 16 bought and 4 made
    # by a Workshop), so this position is given as a state.
    b = four("full").chance_first(stop=Phase.ORDERS)
    b.play(
        ChooseOrders(0, (A.TRAPS, A.FOOD, A.DIG)),
        ChooseOrders(1, (A.TRAPS, A.MINE, A.IMPS)),
        ChooseOrders(2, (A.TRAPS, A.MINE, A.IMPS)),
        ChooseOrders(3, (A.REPUTATION, A.MINE, A.IMPS)),
    )
    drive(b, {}, lambda s, legal: None, {}, acting(A.TRAPS, 2))
    short = attrs.evolve(b.state, decks=attrs.evolve(b.state.decks, traps=Deck.of({"pendulum": 1})))
    rec(record_state_scenario(
        "ACT-TRAP-1-a-slot-the-deck-cannot-fill-cannot-be-taken", ["ACT-TRAP-1", "RES-6", "RES-3"],
        "Buy Traps III draws 2 trap cards for 2 gold, but the deck holds 1: the slot never sells part of "
        "its reward, so Player 3 cannot take it and may only decline (a position no year-1 game reaches "
        "by moves: the deck is set to one card).",
        short, TakeAction(2),
    ))
    rec(record_state_scenario(
        "ACT-TRAP-1-short-deck-decline", ["ACT-TRAP-1", "RES-3", "RUL-1"],
        "Buy Traps III with 1 card left in the trap deck: Player 3 declines; the minion stands on the "
        "order card, no gold is paid and the card stays in the deck.",
        short, Decline(2),
    ))
    print("\n".join(str(p) for p in out))


if __name__ == "__main__":
    main()
