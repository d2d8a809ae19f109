"""Write the final-scoring conformance scenarios (tests/conformance/scoring/).

The engine reaches the end of the game only once year 2 is built, so these
scenarios start from a constructed end-of-game position (``"state"``, the
dlrules JSON of the position after year 2's combat and clean-up, SCO-4). Each
checks the final scores through the observation's ``outcome`` paths in
``before`` and that a move there is refused citing SCO-3.

Run from the repository root: ``.venv/bin/python tests/conformance/seed_scoring.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.record import record_position  # noqa: E402
from dlrules import Action, GameState, Move  # noqa: E402
from dlrules.core.moves import ChooseOrders, Draw  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402
from scoring_positions import end_of_game, lord, plain  # noqa: E402

FOLDER = SCENARIOS / "scoring"


def write(id: str, rules: list[str], description: str, state: GameState, move: Move, before: dict[str, Any]) -> Path:
    return record_position(FOLDER, id, rules, description, state, move, before=before)


def main() -> None:
    sco_x2 = end_of_game(
        lord(
            rooms=("chapel", "mint", "workshop", "dark-room"),
            tunnels=0,
            conquered_tunnels=3,
            monsters=("vampire", "goblin", "troll", "witch", "slime", "ghost", "ghost"),
            prison=("y1-warrior-4", "y1-thief-3-1", "y2-priest-5-2", "y1-wizard-4-2", "paladin-1"),
            red_marks=1,
            evil=4,
            imps=2,
            gold=1,
        ),
        lord(rooms=("mint",), tunnels=6, monsters=("goblin",) * 5, evil=9, imps=6, gold=9),
        lord(evil=3),
        lord(evil=3),
    )
    print(write(
        "SCO-1-worked-total-28",
        ["SCO-1", "SCO-1a", "SCO-1b", "SCO-1c", "SCO-1d", "SCO-1e", "SCO-1f", "SCO-1g", "SCO-1h", "SCO-6", "SCO-8b", "SCO-8d", "SCO-3", "SCO-X2"],
        "Scoring example SCO-X2, 4 players: Player 1 has 4 unconquered rooms (a Chapel among them), 5 monsters and 2 ghosts, "
        "4 adventurers and a paladin in prison, 3 conquered tunnels and a red mark; the Chapel gives 6; he holds the Lord "
        "of Halls alone and shares the monster title: 28. The game is over: drawing a card is refused.",
        sco_x2,
        Draw("monsters", "goblin"),
        {
            "over": True,
            "outcome.players.0.lines": {"SCO-1a": 8, "SCO-1b": 5, "SCO-1c": 8, "SCO-1d": 5, "SCO-1e": -6, "SCO-1f": -3, "SCO-1g": 6},
            "outcome.players.0.titles": {"SCO-8b": 3, "SCO-8d": 2},
            "outcome.players.0.total": 28,
        },
    ))
    hall = end_of_game(lord(rooms=("hall-of-fame",), evil=12), *plain(2))
    print(write(
        "SCO-12-hall-of-fame-three-players",
        ["SCO-12", "SCO-2", "SCO-8a", "SCO-8b", "SCO-9", "SCO-3"],
        "3 players: Player 1's unconquered Hall of Fame gives 1 for each of his two exclusive titles (the most evil, the "
        "most rooms), 3 points each; the five titles all three share give it nothing. He wins; a move is refused.",
        hall,
        ChooseOrders(1, (Action.FOOD, Action.DIG, Action.MINE)),
        {
            "outcome.players.0.titles": {"SCO-8a": 3, "SCO-8b": 3, "SCO-8c": 2, "SCO-8d": 2, "SCO-8e": 2, "SCO-8f": 2, "SCO-8g": 2},
            "outcome.players.0.hall_of_fame": 2,
            "outcome.winners": [0],
        },
    ))
    two = end_of_game(lord(evil=7, rooms=("mint",)), lord(evil=7, rooms=("mint",)), dummy_evil=15)
    print(write(
        "SCO-11-two-players-shared-victory",
        ["SCO-11", "SCO-2", "SCO-3", "SCO-10"],
        "2 players with the same dungeon and evil 7, the non-player Evil counter at 15: it is ignored, both share the Lord "
        "of Dark Deeds (1 point each with 2 players), and every other title; equal totals share the victory.",
        two,
        ChooseOrders(0, (Action.FOOD, Action.DIG, Action.MINE)),
        {
            "outcome.players.0.titles.SCO-8a": 1,
            "outcome.players.1.titles.SCO-8a": 1,
            "outcome.winners": [0, 1],
        },
    ))
    zero = end_of_game(lord(tunnels=0, conquered_tunnels=3, red_marks=2), lord(), lord())
    print(write(
        "SCO-3-a-total-of-0-earns-no-licence",
        ["SCO-3", "SCO-1e", "SCO-1f", "SCO-13"],
        "3 players: Player 1 shares six titles (+12) and loses 12 (three conquered tunnels, two red marks): a total of 0 "
        "earns no dungeon lord licence; the others' totals above 0 do.",
        zero,
        Draw("traps", "pendulum"),
        {
            "outcome.players.0.total": 0,
            "outcome.players.0.licence": False,
            "outcome.players.1.licence": True,
        },
    ))


if __name__ == "__main__":
    main()
