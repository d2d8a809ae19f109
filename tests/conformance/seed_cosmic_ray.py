"""Write the ``cr-`` scenarios (``scenarios/byrule``): rules whose source
mutants survived the kit in the cosmic-ray run of docs/conformance.md
("Source mutants (cosmic-ray)"), issue 36 item 2. The kit refused room
activations (PROD-1..3, Y2-2, Y2-4, Y2-5) but never checked what a room
makes: a Magic Room making two imps, imps that stay free after producing, a
Workshop that owes no trap card or keeps drawing them, a Printing Press
raising evil all survived. Each
scenario starts from a seeded play-out's position (``seed_by_rule.playout``)
and expects every change the move makes.

Run from the repository root: ``.venv/bin/python tests/conformance/seed_cosmic_ray.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dlrules
from conformance.record import record_position
from conformance.seed_by_rule import playout
from dlrules.apps.conformance.scenarios import SCENARIOS
from dlrules.core.moves import ActivateRoom, Move
from dlrules.core.state import GameState, Phase

FOLDER = SCENARIOS / "byrule"


def first_activation(players: int, seed: int, room: str) -> tuple[GameState, Move]:
    """The first year-1 production position of a seeded play-out where a ``room`` may be activated, and that move."""
    for state, _, listed in playout({"players": players, "variant": "full"}, seed):
        if state.phase is Phase.PRODUCTION and state.year == 1:
            for move in listed:
                if isinstance(move, ActivateRoom):
                    tile = state.players[move.seat].dungeon.at(move.room)
                    if tile is not None and tile.room == room:
                        return state, move
    raise SystemExit(f"the {players}-player play-out of seed {seed} never activates a {room}")


def main() -> None:
    state, move = first_activation(2, 4, "magic-room")
    print(record_position(
        FOLDER, "cr-PROD-1-the-magic-room-makes-one-imp-free-at-once", ["PROD-1"],
        f"Year 1, production: Player {move.seat + 1} activates the Magic Room with 2 imps and 1 food: 1 new imp, free to "
        "work at once (3 free imps - 2 at work + 1 = 2 free, 4 imps in all), 1 food less.",
        state, move,
    ))
    state, move = first_activation(3, 1, "workshop")
    print(record_position(
        FOLDER, "cr-PROD-1-the-workshop-owes-one-trap-card", ["PROD-1"],
        f"Year 1, production: Player {move.seat + 1} activates the Workshop with 4 imps: they are no longer free, and "
        "a trap card is owed: chance (the draw from the trap deck) moves next.",
        state, move,
    ))
    after = dlrules.apply(state, move)
    draw = dlrules.legal_moves(after)[0]
    print(record_position(
        FOLDER, "cr-PROD-1-the-workshops-trap-card-goes-to-its-owner", ["PROD-1"],
        f"Year 1, production: the card drawn for Player {draw_seat(move)}'s Workshop joins their trap cards, the deck "
        "has one card less, and the same player moves again (one card for one activation).",
        after, draw,
    ))
    state, move = first_activation(2, 3, "printing-press")
    print(record_position(
        FOLDER, "cr-PROD-1-the-printing-press-lowers-evil-by-one", ["PROD-1"],
        f"Year 1, production: Player {move.seat + 1}'s Printing Press, with 3 imps, improves their reputation: their "
        "evil marker goes down 1 space; the 3 imps are no longer free.",
        state, move,
    ))
    state, move = first_activation(3, 0, "tool-shed")
    print(record_position(
        FOLDER, "cr-PROD-1-the-tool-shed-digs-one-tunnel", ["PROD-1", "ACT-DIG-5"],
        f"Year 1, production: Player {move.seat + 1}'s Tool Shed, with 2 imps, digs a tunnel on an empty square next to "
        "the dungeon; the 2 imps are no longer free.",
        state, move,
    ))


def draw_seat(move: Move) -> int:
    """The player (counted from 1) whose Workshop made ``move``."""
    assert isinstance(move, ActivateRoom)
    return move.seat + 1


if __name__ == "__main__":
    main()
