"""Write a game record, replay it, then catch a hand-edited illegal move.

    python examples/replay_and_catch_illegal.py
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import dlrules
from dlrules.records.game import dumps_record


def main() -> None:
    players, seed = 3, 4
    result = dlrules.play_out(dlrules.new_game(players), None, random.Random(seed))
    record = dlrules.make_record(players, "full", result.moves, seed=seed)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        dlrules.write_record(record, path)
        outcome = dlrules.replay(dlrules.read_record(path))
        print(f"replayed {outcome.applied} moves: {'identical' if outcome.state == result.state else 'DIFFERENT'}")

        # Hand-edit: Player 1's order choice now names one of their unavailable orders.
        lines = path.read_text().splitlines()
        n = next(i for i, rm in enumerate(record.moves, start=1) if isinstance(rm.move, dlrules.ChooseOrders) and rm.move.seat == 0)
        position = dlrules.replay(record, upto=n - 1).state
        banned = position.players[0].unavailable[0]
        rest = [a for a in position.players[0].hand if a is not banned][:2]
        bad = dlrules.ChooseOrders(0, (banned, *rest))
        lines[n] = json.dumps({"kind": "move", "n": n, "notation": dlrules.format_move(bad)})
        path.write_text("\n".join(lines) + "\n")

        failure = dlrules.replay(dlrules.read_record(path)).failure
        assert failure is not None
        print(f"line {failure.line}: `{dlrules.format_move(bad)}` is illegal")
        for violation in failure.violations:
            print(f"  [{violation.rule}] {violation.message}")
            print(f"    the rule: {violation.statement}")
        print("every problem:", [str(p) for p in dlrules.verify(dlrules.read_record(path, strict=False))])
    assert dumps_record(record).count("\n") == len(record.moves) + 2


if __name__ == "__main__":
    main()
