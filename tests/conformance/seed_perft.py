"""(Re)write the kit's perft anchors: src/dlrules/apps/conformance/perft.json.

    .venv/bin/python tests/conformance/seed_perft.py

For each fixed position (new games; the starts of some kit scenarios, one per
phase; the rare rules' positions of anchors/, tests/conformance/seed_anchors.py) the number of legal-move sequences of length 1, 2, … as dlrules counts
them, as deep as the count stays under ``LIMIT``. Rerun after a deliberate
rules change that alters which moves are legal, and review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dlrules.apps.conformance.perft import ANCHORS, perft, scenario_start, start_state  # noqa: E402

RARE = ANCHORS.parent / "anchors" / "index.json"
"""The rare rules' anchor positions (tests/conformance/seed_anchors.py writes them)."""

LIMIT = 200_000
MAX_DEPTH = 8
NEW_GAMES = [
    ("a new 2-player game", {"players": 2, "variant": "full"}),
    ("a new 3-player game", {"players": 3, "variant": "full"}),
    ("a new 4-player first game", {"players": 4, "variant": "first"}),
]
SCENARIOS = [
    ("orders: example E1 before the last choice", "ORD-4-ORD-5-ORD-6-example-E1"),
    ("resolution: Get Food slot I", "ACT-FOOD-1-slot-I-1-gold-for-2-food"),
    ("resolution: a short trap deck", "ACT-TRAP-1-short-deck-decline"),
    ("order return", "RET-2-take-back-an-order-not-carried-out"),
    ("combat: planning the battle tile", "CMB-2-the-battle-tile-is-the-nearest"),
    ("combat: the ghost attacks first", "CX-6-scenario-2-the-ghost-first"),
    ("year 2: the Demon's wage", "Y2-21-the-demon-eats-the-goblin"),
    ("year 2: the Witch Hunt", "SPE-C-2-witch-hunt-three-evil"),
]


def counts(start: dict[str, Any]) -> list[int]:
    state = start_state(start)
    out: list[int] = []
    for depth in range(1, MAX_DEPTH + 1):
        n = perft(state, depth)
        if n > LIMIT or n == 0:
            break
        out.append(n)
    return out


def main() -> None:
    entries = [{"name": name, "setup": setup, "counts": counts({"setup": setup})} for name, setup in NEW_GAMES]
    entries += [{"name": name, "scenario": sid, "counts": counts(scenario_start(sid))} for name, sid in SCENARIOS]
    for rare in json.loads(RARE.read_text(encoding="utf-8")):
        position = json.loads((ANCHORS.parent / rare["file"]).read_text(encoding="utf-8"))
        found = counts({"position": position})
        assert len(found) >= rare["depth"], f"{rare['name']}: the counts stop before depth {rare['depth']}"
        entries.append({"name": rare["name"], "position_file": rare["file"], "rules": rare["rules"], "counts": found})
    lines = ",\n".join(f"    {json.dumps(e)}" for e in entries)
    ANCHORS.write_text(
        '{\n  "format": 1,\n  "about": "legal-move sequences of length 1, 2, ... from each position, chance outcomes counted as moves",\n'
        f'  "anchors": [\n{lines}\n  ]\n}}\n',
        encoding="utf-8",
    )
    print(ANCHORS)


if __name__ == "__main__":
    main()
