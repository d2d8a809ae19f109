"""Write the whole-game example (issue 13, item 6): a complete seeded 4-player
game played by the built-in greedy bots (``dlrules play --players 4 --seed 1``).

- ``tests/fixtures/whole-game-4p-seed1.jsonl``: its record (no state hashes, so
  that a change in the state's JSON shape alone does not invalidate it; the
  result line carries the final scores and winners, which replay verifies);
- ``tests/fixtures/whole-game-4p-seed1-scores.txt``: its score sheet;
- ``tests/conformance/game/SCO-4-a-seeded-4-player-game-to-the-end.json``: the
  game as a portable scenario: a new game, every move but the last, then the
  last move (year 2's combat ends), after which the game is over and the
  outcome is every player's score line by line.

The expectations are what dlrules does now: read the score sheet against
SCORING.md before committing. Rerun after a rules change that alters the game:
``.venv/bin/python tests/conformance/seed_whole_game.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dlrules  # noqa: E402
import dlrules.core.phases.scoring  # noqa: E402
from conformance.record import Builder  # noqa: E402
from conformance.runner import observe  # noqa: E402
from dlrules.records.game import make_record, write_record  # noqa: E402
from dlrules.apps.conformance.scenarios import SCENARIOS  # noqa: E402
from wholegame import PLAYERS, RECORD, SCORES, SEED, VARIANT, example_game  # noqa: E402

FOLDER = SCENARIOS / "game"


def main() -> None:
    game = example_game()
    assert dlrules.is_over(game.state), "the example game must reach the end"
    result = dlrules.outcome(game.state)
    assert result is not None
    write_record(make_record(PLAYERS, VARIANT, game.moves, seed=SEED, hashes=False), RECORD)
    SCORES.write_text(dlrules.score_sheet(result) + "\n", encoding="utf-8")

    *moves, last = game.moves
    builder = Builder(PLAYERS, VARIANT).play(*moves)
    final = observe(game.state)
    FOLDER.mkdir(exist_ok=True)
    path = builder.record(
        "SCO-4-a-seeded-4-player-game-to-the-end",
        ["SCO-4", "SCO-3", "SCO-1", "SCO-8", "SCO-14", "Y2-25"],
        f"A whole 4-player game (full variant) from a new game: {len(game.moves)} moves, the built-in greedy bots "
        f"from seed {SEED} (dlrules play --players 4 --seed 1). The last move ends year 2's combat; the game is "
        f"over and scored: {dlrules.core.phases.scoring.describe(result)}.",
        last,
        folder=FOLDER,
        before={"over": False, "outcome": None, "year": 2},
        only=("over", "phase"),
        after={"over": True, "phase": "game_over", "to_move": [], "legal_count": 0, "outcome": final["outcome"]},
    )
    print(f"wrote {RECORD}, {SCORES} and {path}")


if __name__ == "__main__":
    main()
