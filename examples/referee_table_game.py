"""Referee a game played on a real table: chance moves are entered by hand.

Nothing random happens inside ``apply``: when a card is turned up at the
table, the referee enters it as a chance move (``Draw``, ``DealOrders``,
``DrawDummyOrders``), constructed explicitly or parsed from notation. The
players' decisions are entered the same way, and an illegal one is refused
with the rule it breaks.

    python examples/referee_table_game.py
"""

from __future__ import annotations

import dlrules
from dlrules import Action, ChooseOrders, DealOrders, Draw, DrawDummyOrders


def enter(state: dlrules.GameState, move: dlrules.Move) -> dlrules.GameState:
    """Apply one move at the table and announce what happened."""
    state, events = dlrules.apply_with_events(state, move)
    print(f"> {dlrules.format_move(move, players=state.n_players)}")
    for event in events:
        print(f"    {event.text}")
    return state


def main() -> None:
    state = dlrules.new_game(3, variant="first")

    # Setup (RUL-13, RUL-8): in the first game chance turns up 2 of each
    # player's order cards as unavailable, then 3 unavailable orders for the
    # dummy colour, as they came out at the table.
    state = enter(state, DealOrders(0, (Action.FOOD, Action.DIG)))
    state = enter(state, DealOrders(1, (Action.MINE, Action.ROOM)))
    state = enter(state, dlrules.parse_move("chance deal P3 monster,imps"))  # a set: any order (LIB-TV-1)
    state = enter(state, DealOrders(3, (Action.FOOD, Action.MINE, Action.MONSTER)))

    # Round start (RST-1..3): the cards turned up from the decks.
    for card in ("goblin", "troll", "witch"):
        state = enter(state, Draw("monsters", card))
    for card in ("chicken-coop", "mint"):
        state = enter(state, Draw("rooms", card))
    state = enter(state, Draw("events", "payday"))
    for card in ("y1-warrior-3", "y1-thief-4-1", "y1-priest-4-2"):  # glyph ranks 1, 2, 3 (RST-4)
        state = enter(state, Draw("adventurers", card))

    # Orders: the dummy's random orders (DUM3-1), then the players choose.
    state = enter(state, DrawDummyOrders(3, (Action.REPUTATION, Action.DIG, Action.IMPS)))

    # A mistake at the table: Player 1 tries to play an unavailable order.
    wrong = ChooseOrders(0, (Action.FOOD, Action.MINE, Action.MONSTER))
    for violation in dlrules.check(state, wrong):
        print(f"  refused {dlrules.format_move(wrong)}: [{violation.rule}] {violation.message}")

    state = enter(state, ChooseOrders(0, (Action.MONSTER, Action.MINE, Action.IMPS)))
    state = enter(state, ChooseOrders(1, (Action.MONSTER, Action.FOOD, Action.DIG)))
    state = enter(state, dlrules.parse_move("P3 orders room,food,reputation"))

    to_move = ", ".join(f"P{seat + 1}" for seat in sorted(dlrules.to_move(state)))
    print(f"Now: year {state.year}, {state.season}, phase {state.phase.value}; to move: {to_move}")
    # What each legal move would do here (like chess's SAN), then the position.
    for move in dlrules.legal_moves(state):
        print(f"  {dlrules.format_move(move):12} {dlrules.describe_move(state, move)}")
    print(dlrules.describe(state))


if __name__ == "__main__":
    main()
