"""Simple policies for ``play_out`` and the ``dlrules play`` command.

A policy gets the state, the moving seat's legal moves (never empty) and a
random generator, and returns one of those moves (``chance.Policy``). The
bots only choose among legal moves, so they never break a rule; they do not
play well.
"""

from __future__ import annotations

import random

from dlrules.chance import Policy, random_policy
from dlrules.moves import Decline, FinishDigging, FinishProduction, MineGold, Move, PayMonster, PayTaxes
from dlrules.state import GameState

__all__ = ["BOTS", "greedy_policy", "random_policy"]

_PASSIVE = (Decline, FinishDigging, FinishProduction)


def _passive(move: Move) -> bool:
    """Moves that give something up: declining a slot (RES-3), stopping a dig
    or production, letting a monster go at payday (EVT-PAY-2)."""
    return isinstance(move, _PASSIVE) or (isinstance(move, PayMonster) and not move.pay)


def _amount(move: Move) -> int:
    """How much a move does, for moves that come in sizes (imps mined, gold paid)."""
    if isinstance(move, MineGold):
        return move.imps
    if isinstance(move, PayTaxes):
        return move.gold
    return 0


def greedy_policy(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """Take actions rather than decline: among the moves that do something
    (not ``Decline``, ``FinishDigging``, ``FinishProduction``, or letting a
    monster go), the largest (most imps mined, most tax paid), at random among
    equals; a passive move only when nothing else is legal."""
    active = [m for m in moves if not _passive(m)]
    pool = active or list(moves)
    most = max(_amount(m) for m in pool)
    pool = [m for m in pool if _amount(m) == most]
    return pool[rng.randrange(len(pool))]


BOTS: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
"""The built-in bots by name (``dlrules play --bot NAME``)."""
