"""Play a seeded whole game with the built-in bots, narrate what happened and
print the final scores.

    python examples/play_seeded_game.py [SEED]

The same seed always gives the same game: chance is sampled from a seeded
random generator outside ``apply``, and the bots draw from the same one.
"""

from __future__ import annotations

import random
import sys

import dlrules
from dlrules.agents.bots import greedy_policy


def main(seed: int) -> None:
    players = 3
    start = dlrules.new_game(players, variant="full")
    result = dlrules.play_out(start, {seat: greedy_policy for seat in range(players)}, random.Random(seed))
    print(f"{len(result.moves)} moves from seed {seed}.")

    # Replay the moves, collecting the referee's announcements.
    state = start
    for move in result.moves:
        state, events = dlrules.apply_with_events(state, move)
        for event in events:
            if event.code in {"phase", "place", "full", "dummy"}:
                print(f"  {dlrules.format_move(move):40} -> {event.text}")
    assert state == result.state

    final = result.state
    print(f"Reached year {final.year}, {final.season}, phase {final.phase.value}.")
    for seat, player in enumerate(final.players):
        print(f"  Player {seat + 1}: {player.gold} gold, {player.food} food, {player.imps} imps, evil {player.evil}")
    outcome = dlrules.outcome(final)  # None unless the game is over (SCO-3)
    if outcome is not None:
        print(dlrules.score_sheet(outcome))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
