"""(Re)write the perft anchors of rare rules (issue 36, item 7), as chess has
Kiwipete: positions a few moves before a decision that random play seldom
meets, saved under src/dlrules/apps/conformance/anchors/, then listed in perft.json
by tests/conformance/seed_perft.py (run it after this script).

    .venv/bin/python tests/conformance/seed_anchors.py

Each anchor is found by steered play-outs (``dlrules.apps.conformance.steer``,
seeds 0, 1, …): the position ``BACK`` moves before the first position where
the rare decision is listed, backed off further while the count at that depth
stays under ``LIMIT``, so that the published count at depth
``back + 1`` counts the rare decision's moves: an engine that lists one
choice more or less there, or reaches that position differently, gets
another number. ``index.json`` also keeps the moves from each anchor to its
rare decision (``path``): ``dlrules conformance diff`` starts there by default.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dlrules  # noqa: E402
from dlrules import CHANCE, GameState, Move  # noqa: E402
from dlrules.apps.conformance.perft import perft  # noqa: E402
from dlrules.apps.conformance.position import to_position  # noqa: E402
from dlrules.apps.conformance.steer import chance, choose, policy_for  # noqa: E402
from dlrules.core.moves import ChooseOrders, ChooseTrap, DiscardTrap, DrawDummyOrders, PayMonster, TableRuling, Transform  # noqa: E402
from dlrules.core.state import Phase  # noqa: E402

FOLDER = Path(__file__).resolve().parents[2] / "src" / "dlrules" / "apps" / "conformance" / "anchors"
LIMIT = 200_000
BACK = 6


def _paladin_battle(state: GameState, moves: tuple[Move, ...]) -> bool:
    fight = state.fight
    return fight is not None and fight.paladin is not None and fight.battle is not None and fight.stage == "battle"


def _kind(cls: type, extra: Callable[[Move], bool] = lambda m: True) -> Callable[[GameState, tuple[Move, ...]], bool]:
    return lambda state, moves: any(isinstance(m, cls) and extra(m) for m in moves)


TARGETS: list[tuple[str, str, tuple[str, ...], dict[str, Any], str, Callable[[GameState, tuple[Move, ...]], bool]]] = [
    ("labyrinth", "combat: a Labyrinth battle, the choice of trap", ("CMB-TRAP-2", "R-3"), {"players": 2}, "traps",
     _kind(ChooseTrap)),
    ("metamorphosis", "combat: Metamorphosis, the monster that becomes a sheep", ("C2-3",), {"players": 2}, "combat",
     _kind(Transform)),
    ("demons-pay-day", "year 2: Pay Day with a Demon to feed", ("Y2-20", "Y2-21", "EVT-PAY-1"), {"players": 3}, "combat",
     _kind(PayMonster, lambda m: getattr(m, "feed", None) is not None)),
    ("paladin", "combat: the paladin's battle", ("CMB-PAL-1", "PAL-6"), {"players": 2}, "combat", _paladin_battle),
    ("year-2-buy-traps", "year 2: Buy Traps, a card to give back", ("Y2-3",), {"players": 2}, "traps",
     lambda s, ms: s.year == 2 and s.phase is Phase.RESOLUTION and any(isinstance(m, DiscardTrap) for m in ms)),
    ("dummy-3", "3 players: the dummy's random orders", ("DUM3-1",), {"players": 3}, "uniform", _kind(DrawDummyOrders)),
    ("dummies-2", "2 players: the dummy's third order", ("DUM2-2", "DUM2-3"), {"players": 2}, "uniform",
     _kind(ChooseOrders, lambda m: getattr(m, "dummy_order", None) is not None)),
    ("table-ruling", "a table's ruling on a card the referee cannot read", ("LIB-TAB-8",),
     {"players": 2, "table_rulings": True}, "combat", _kind(TableRuling)),
]  # fmt: skip
"""(file name, anchor name, the rules it is chosen for, new game, policy, the rare decision is listed)."""


def search(setup: dict[str, Any], policy: str, found: Callable[[GameState, tuple[Move, ...]], bool]) -> tuple[list[GameState], list[Move]]:
    """The positions of the first steered play-out reaching ``found``, up to
    that one, and the moves between them."""
    for seed in range(400):
        rng = random.Random(seed)
        weigh = policy_for(policy, 0)
        state = dlrules.new_game(setup["players"], **{k: v for k, v in setup.items() if k != "players"})
        history = [state]
        played: list[Move] = []
        while not dlrules.is_over(state) and dlrules.to_move(state):
            legal = dlrules.legal_moves(state)
            if found(state, legal):
                return history, played
            move = chance(state, rng, policy != "uniform") if CHANCE in dlrules.to_move(state) else choose(state, legal, weigh, rng)
            state = dlrules.apply(state, move)
            history.append(state)
            played.append(move)
    raise SystemExit(f"no play-out reached the target ({setup}, {policy})")


def bounded(state: GameState, depth: int, limit: int = LIMIT) -> int:
    """``perft(state, depth)``, or a number above ``limit`` as soon as the count passes it."""
    if depth <= 1:
        return len(dlrules.legal_moves(state))
    total = 0
    for move in dlrules.legal_moves(state):
        total += bounded(dlrules.apply(state, move), depth - 1, limit - total)
        if total > limit:
            return total
    return total


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    index = []
    for name, title, rules, setup, policy, found in TARGETS:
        history, played = search(setup, policy, found)
        back = min(BACK, len(history) - 1)
        while back > 0 and bounded(history[-1 - back], back + 1) > LIMIT:
            back -= 1
        anchor = history[-1 - back]
        (FOLDER / f"{name}.json").write_text(json.dumps(to_position(anchor), indent=1) + "\n", encoding="utf-8")
        path = [json.loads(dlrules.dumps(m)) for m in played[len(played) - back :]] if back else []
        index.append({"name": title, "file": f"anchors/{name}.json", "rules": list(rules), "depth": back + 1, "path": path})
        print(f"{name}: {back} moves before; perft({back + 1}) = {perft(anchor, back + 1)}")
    (FOLDER / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
