"""dlrules: the rules referee for Dungeon Lords (CGE, 2009).

The public surface (docs/api.md): ``new_game``, ``legal_moves``, ``to_move``,
``check``, ``apply``, ``chance_outcomes``, ``sample_chance``, ``play_out``,
``dumps``/``loads``. States and moves are immutable attrs records.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from dlrules.chance import PlayOut, Policy, chance_outcomes, play_out, random_policy, sample_chance
from dlrules.components import Action
from dlrules.engine import apply, check, legal_moves, to_move
from dlrules.errors import IllegalMove, Violation
from dlrules.moves import (
    ActivateRoom,
    BuildRoom,
    ChooseOrders,
    DealOrders,
    Decline,
    DigTunnel,
    Draw,
    DrawDummyOrders,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    ReturnOrder,
    ReturnTrap,
    Spy,
    TakeAction,
)
from dlrules.phases.setup import VARIANTS, initial_state
from dlrules.serialization import dumps, loads
from dlrules.state import CHANCE, GameState, Outcome, Phase, PlayerState

try:
    __version__ = version("dlrules")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0.0.0"


def new_game(players: int = 4, *, variant: str = "full") -> GameState:
    """A new game for ``players`` (2..4) lords, ``variant`` "full" or "first"
    (the introductory game: no special events). Setup's chance deals and the
    first unavailable-order choice come next (RUL-13, RUL-8)."""
    from dlrules.engine import settle

    return settle(initial_state(players, variant))


__all__ = [
    "CHANCE", "VARIANTS", "Action", "ActivateRoom", "BuildRoom", "ChooseOrders", "DealOrders",
    "Decline", "DigTunnel", "Draw", "DrawDummyOrders", "FinishDigging", "FinishProduction",
    "GameState", "HireMonster", "IllegalMove", "KeepUnavailable", "MineGold", "Move", "Outcome",
    "PayMonster", "PayTaxes", "Phase", "PlayOut", "PlayerState", "Policy", "ReturnOrder",
    "ReturnTrap", "Spy", "TakeAction", "Violation", "__version__", "apply", "chance_outcomes",
    "check", "dumps", "legal_moves", "loads", "new_game", "play_out", "random_policy",
    "sample_chance", "to_move",
]  # fmt: skip
