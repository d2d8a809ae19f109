"""Regenerate the example pictures in docs/pictures/ from a seeded game:

    .venv/bin/python -m dlrules.tools.pictures --write

(a position in the middle of resolution, its central board and one dungeon,
the same position as Player 2 sees it, the position the year ends in, and a
battle of the year's first combat round, as the referee and as Player 1 sees it).
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from dlrules.display import svg
from dlrules.agents.bots import greedy_policy
from dlrules.core.chance import play_out
from dlrules.core.engine import new_game
from dlrules.core.state import GameState, Phase

SEED = 11
PLAYERS = 4


def _positions() -> tuple[GameState, GameState]:
    """Summer resolution with minions on the board, and the end of the year."""
    policies = {s: greedy_policy for s in range(PLAYERS)}

    def summer_resolution(s: GameState) -> bool:
        return s.round == 3 and s.phase is Phase.RESOLUTION and s.resolution is not None and s.resolution.space >= 3

    middle = play_out(new_game(PLAYERS), policies, random.Random(SEED), until=summer_resolution).state
    # The end of the building year: the first position of year 1's combat.
    end = play_out(new_game(PLAYERS), policies, random.Random(SEED), until=lambda s: s.phase is Phase.COMBAT).state
    return middle, end


def _battle() -> GameState:
    """The first battle of the same game's combat, stopped at its monsters step."""
    policies = {s: greedy_policy for s in range(PLAYERS)}

    def fighting(s: GameState) -> bool:
        return s.fight is not None and s.fight.battle is not None and s.fight.battle.step == "monsters"

    return play_out(new_game(PLAYERS), policies, random.Random(SEED), until=fighting).state


def pictures() -> dict[str, str]:
    """File name -> SVG text."""
    middle, end = _positions()
    fighting = _battle()
    return {
        "position.svg": svg.position(middle),
        "board.svg": svg.board(middle),
        "dungeon.svg": svg.dungeon(end, 0),
        "position-as-player-2.svg": svg.position(middle, seat=1),
        "end-of-year.svg": svg.position(end),
        "battle.svg": svg.battle(fighting),
        "battle-as-player-1.svg": svg.battle(fighting, seat=0),
        "game-over.svg": svg.position(play_out(new_game(PLAYERS), {s: greedy_policy for s in range(PLAYERS)}, random.Random(SEED)).state),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="write docs/pictures/ (default: list what would be written)")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository (default: the current folder)")
    args = parser.parse_args()
    folder = args.root / "docs" / "pictures"
    for name, text in pictures().items():
        if args.write:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text + "\n", encoding="utf-8")
        print(folder / name)


if __name__ == "__main__":
    main()
