"""Write scenarios for aspects of rules that an implementer could get wrong
on their own, as ``seed_aspects.py`` does (its docstring says how they were
chosen and checked). Each cites its rule first and fails when only that
aspect is broken (each writer's docstring says which breakage makes it fail;
each was run against a mutant of dlrules where only its aspect is broken, and
on dlrules itself). Written after held-out set 14's first measure (session 55):

- RUL-12: with 2 players the dummies' marker moves up before the adventurers
  are assigned; a lord tied with its old place is the nicer one once it has
  moved (the kit's tie scenario tied the marker's new place, which reads the
  same whichever place the assignment uses).
- ORD-4: the first orders are placed in player order from the first player
  (every scenario placing orders had Player 1 as first player, where seat
  order and player order agree).
- SPE-6: the special event card, once drawn, is face up for every seat and
  the spectator (no view scenario showed a public card).

Files: ``scenarios/byrule/aspect-RULE-ID-*.json`` and
``scenarios/views/SPE-6-*.json``. Run from the repository root::

    PYTHONPATH=src .venv/bin/python tests/conformance/seed_aspects_set14.py [NAME ...]

(NAME: only the writers whose function name contains it.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

from conformance.record import Writers, record_position
from conformance.seed_aspects import _id, _party, _write
from conformance.seed_gaps import BYRULE

WRITERS = Writers()
writer = WRITERS.writer

@writer
def dummy_marker_moves_up_first() -> list[Path]:
    """RUL-12 (ADV-2P-1): the dummies' marker stands on 5 with Player 1; it moves up to 6 before the adventurers are
    assigned, so Player 1 (5) is the nicest and takes the weakest, the dummy the second. Fails when the marker moves
    after the assignment (tied on 5, the dummy would be the nicer and take the weakest)."""
    from conformance.seed_aspects_set8 import spring_payday  # the same Pay Day, the same three arriving

    from dlrules.core.moves import PayMonster

    state = spring_payday(evil=5, dummy_evil=5)
    return [_write(
        _id("RUL-12", "the-dummies-marker-moves-up-before-the-adventurers-come"), ["RUL-12", "ADV-2P-1", "ADV-2"],
        "First game, 2 players, spring's Pay Day: Player 1 (evil 5) pays his Goblin, the last payment, and the "
        "Adventurers phase follows: a thief of glyph rank 1, a priest of rank 2 and a thief of rank 3 arrive. The "
        "dummies' evil marker, on 5 beside Player 1, first moves up 1, to 6; only then are the adventurers assigned. "
        "Player 1 (5) is now the nicest: the weak thief goes to him; the priest to the dummy and on to the far lands; "
        "the thief of rank 3 to Player 2 (8). Had the marker moved after the assignment, it would have tied Player 1 "
        "on 5 and, the nicer in a tie, taken the weak thief.",
        state, PayMonster(0, 0, True), only=("players.0.party", "players.1.party", "far_lands", "dummy_evil"),
        after={"dummy_evil": 6, "players.0.party": _party(("y1-thief-3-1", 0)),
               "players.1.party": _party(("y1-thief-4-2", 0))},
    )]  # fmt: skip


@writer
def first_orders_from_the_first_player() -> list[Path]:
    """ORD-4: with Player 3 first, the first orders are placed Player 3, 4, 1, 2: Player 3's Mine Gold takes slot I
    and Player 1's slot II. Fails when they are placed in seat order (Player 1 would take slot I)."""
    from conformance.seed_foundation import ENDS_ORDERS, in_orders

    from dlrules import Action as A
    from dlrules.core.moves import ChooseOrders

    b = in_orders(4)
    b.state = attrs.evolve(b.state, first_player=2)
    b.play(ChooseOrders(0, (A.MINE, A.FOOD, A.DIG)), ChooseOrders(1, (A.FOOD, A.DIG, A.MINE)),
           ChooseOrders(2, (A.MINE, A.DIG, A.FOOD)))  # fmt: skip
    state = b.state
    move = ChooseOrders(3, (A.FOOD, A.MINE, A.DIG))
    return [record_position(
        BYRULE, _id("ORD-4", "the-first-orders-are-placed-from-the-first-player"), ["ORD-4", "ORD-5", "ORD-6"],
        "Orders, 4 players, Player 3 holds the first player token. Players 1 and 3 play Mine Gold first, Players 2 "
        "and 4 Get Food. The last choice reveals all: the first orders are placed in player order from the first "
        "player, Player 3, 4, 1, 2: Player 3's Mine Gold takes slot I and Player 1's slot II; Player 4's Get Food "
        "slot I, Player 2's slot II. Then the second orders, in the same order, and the third.",
        state, move, only=ENDS_ORDERS,
    )]  # fmt: skip


@writer
def special_event_face_up() -> list[Path]:
    """SPE-6: the special event card drawn at the New Round phase is face up: every seat and the spectator see it.
    Fails when a view hides it (until the Event phase that carries it out, or from the seats who did not draw it)."""
    from conformance.seed_views import FOLDER, find, views

    from dlrules.apps.conformance.observe import lookup, observe
    from dlrules.core.engine import apply
    from dlrules.core.moves import Draw

    state, move = find(3, lambda s, m: isinstance(m, Draw) and m.deck == "special")
    assert isinstance(move, Draw)
    ref = observe(apply(state, move))
    seen = {str(seat): ["special_event"] for seat in range(state.n_players)} | {"spectator": ["special_event"]}
    return [record_position(
        FOLDER, "SPE-6-the-special-event-card-is-face-up-for-everyone", ["SPE-6", "RST-2"],
        f"Round start, 3 players, full game: the special event tile comes up and chance draws the year's special "
        f"event card ({move.card}). It is turned face up: every player and a spectator see which card it is, not "
        f"only when its Event phase comes.",
        state, move, only=("?",), after={"special_event": lookup(ref, "special_event")},
        views=views(state, move, seen),
    )]  # fmt: skip


def main(argv: list[str]) -> None:
    for path in WRITERS.run(argv):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
