"""Write SCORING.md's SCO-X1 cases as conformance scenarios
(tests/conformance/scoring/SCO-X1-*.json, with a Cafeteria case of SCO-6), next to ``seed_scoring.py``'s worked
total (SCO-X2), shared victory, Hall of Fame and licence scenarios. Like those,
each starts from a constructed end-of-game ``state`` (SCO-4), checks the scores
through the observation's ``outcome`` paths in ``before``, and that a move is
refused there (SCO-3). The same cases are unit tests in tests/test_scoring.py.

Run from the repository root: ``.venv/bin/python tests/conformance/seed_scoring_x1.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from conformance.seed_scoring import write  # noqa: E402
from dlrules.core.moves import Draw  # noqa: E402
from scoring_positions import end_of_game, lord  # noqa: E402

REFUSED = Draw("monsters", "goblin")  # SCO-3: after final scoring every move is refused


def main() -> None:
    hungry = ("goblin", "troll", "slime")
    print(write(
        "SCO-X1-a-conquered-cafeteria-scores-nothing-and-costs-2",
        ["SCO-1a", "SCO-1e", "SCO-1g", "SCO-6", "SCO-3", "SCO-X1"],
        "Scoring example SCO-X1, 2 players: Player 1's Cafeteria was conquered: no +2 for an unconquered room, no bonus "
        "for his three hungry monsters, and -2 for the conquered tile.",
        end_of_game(lord(conquered_rooms=("cafeteria",), monsters=hungry), lord()),
        REFUSED,
        {"outcome.players.0.lines.SCO-1a": 0, "outcome.players.0.lines.SCO-1g": 0, "outcome.players.0.lines.SCO-1e": -2},
    ))
    print(write(
        "SCO-X1-a-ghost-scores-0-as-a-monster-but-2-in-a-chapel",
        ["SCO-1b", "SCO-1g", "SCO-6", "SCO-3", "SCO-X1"],
        "Scoring example SCO-X1, 2 players: Player 1's only monster is a ghost: 0 as a monster, but his unconquered Chapel "
        "gives 2 for it.",
        end_of_game(lord(rooms=("chapel",), monsters=("ghost",)), lord()),
        REFUSED,
        {"outcome.players.0.lines.SCO-1b": 0, "outcome.players.0.lines.SCO-1g": 2},
    ))
    print(write(
        "SCO-X1-two-paladins-in-one-prison-give-10",
        ["SCO-1c", "SCO-1d", "SCO-3", "SCO-X1"],
        "Scoring example SCO-X1, 2 players: both years' paladins and a warrior in Player 1's prison: 10 for the paladins, "
        "2 for the warrior.",
        end_of_game(lord(prison=("paladin-1", "paladin-2", "y1-warrior-4")), lord()),
        REFUSED,
        {"outcome.players.0.lines.SCO-1d": 10, "outcome.players.0.lines.SCO-1c": 2},
    ))
    print(write(
        "SCO-X1-tied-for-most-rooms-2-each-and-no-hall-of-fame-bonus",
        ["SCO-8b", "SCO-9", "SCO-12", "SCO-2", "SCO-3", "SCO-X1"],
        "Scoring example SCO-X1, 4 players: Players 1 and 2 have two rooms each (one of Player 1's a Hall of Fame): they "
        "share the Lord of Halls, 2 points each, and a shared title gives the Hall of Fame nothing.",
        end_of_game(
            lord(rooms=("hall-of-fame", "mint"), evil=3),
            lord(rooms=("mint", "workshop"), evil=3),
            lord(rooms=("mint",), evil=3),
            lord(evil=3),
        ),
        REFUSED,
        {
            "outcome.players.0.titles.SCO-8b": 2,
            "outcome.players.1.titles.SCO-8b": 2,
            "outcome.players.0.hall_of_fame": 0,
        },
    ))
    print(write(
        "SCO-X1-the-lord-of-riches-counts-trap-cards-still-held",
        ["SCO-8f", "SCO-2", "SCO-3", "SCO-X1"],
        "Scoring example SCO-X1, 2 players: Player 1 has 2 gold and 2 food (4), Player 2 1 gold, 1 food and 3 trap cards "
        "still held (5): Player 2 is the Lord of Riches alone, 2 points with 2 players; with the six titles both share (1 point each) he scores 8.",
        end_of_game(lord(gold=2, food=2), lord(gold=1, food=1, traps=("pendulum", "trap-door", "pendulum"))),
        REFUSED,
        {"outcome.players.1.titles.SCO-8f": 2, "outcome.players.1.total": 8},
    ))
    print(write(
        "SCO-6-the-cafeteria-feeds-a-troll-a-goblin-a-slime-and-a-witch",
        ["R-5", "SCO-6", "SCO-1g", "SCO-3"],
        "Scoring, 2 players: Player 1's unconquered Cafeteria gives 1 for each troll, goblin, slime and witch he owns: "
        "with one of each, and a ghost it does not feed, 4.",
        end_of_game(lord(rooms=("cafeteria",), monsters=("troll", "goblin", "slime", "witch", "ghost")), lord()),
        REFUSED,
        {"outcome.players.0.lines.SCO-1g": 4},
    ))


if __name__ == "__main__":
    main()
