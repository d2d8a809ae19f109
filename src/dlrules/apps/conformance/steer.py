"""Steered play for differential games (``dlrules conformance diff
--policy``): policies that reach the rare parts of the game sooner than
uniform random play, and the coverage report of a run (which decision kinds
and which rule IDs its moves exercised).

A policy picks a player's move among the legal ones by weight; chance
outcomes are always drawn with their odds. The weights favour doing things
over declining them (a Decline or a Finish is the last resort), building
(digging, rooms, monsters), trap cards (Buy Traps, plans with trap cards),
combat (monsters kept, plans that send them) and keeping the game going
into year 2. ``mixed`` (the default) changes policy from game to game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cache

import attrs

from dlrules.core.chance import chance_outcomes, sample_chance
from dlrules.components import Action
from dlrules.core.moves import (
    MOVE_TYPES,
    ActivateRoom,
    BuildRoom,
    ChooseOrders,
    Decline,
    DigTunnel,
    Draw,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PlanDefence,
    Spy,
    TakeAction,
    WitchHunt,
    WordOfPeace,
)
from dlrules.core.state import GameState, Phase
from dlrules.apps.conformance.ruleindex import rule_index

Weigh = Callable[[GameState, Move], float]

BUILDING = frozenset({Action.DIG, Action.MONSTER, Action.ROOM, Action.TRAPS})
"""The order cards that build a dungeon (tunnels, monsters, rooms, trap cards)."""


def _uniform(state: GameState, move: Move) -> float:
    return 1.0


def _acting(state: GameState, move: Move) -> float:
    """Prefer doing to declining: a Decline or a Finish only when nothing else is wanted."""
    if isinstance(move, (Decline, FinishDigging, FinishProduction)):
        return 0.05
    if isinstance(move, (TakeAction, Spy, DigTunnel, MineGold, HireMonster, BuildRoom, ActivateRoom)):
        return 4.0
    if isinstance(move, PayMonster):
        return 4.0 if move.pay else 0.5
    return 1.0


def _building(state: GameState, move: Move) -> float:
    """Acting, and orders that build: dig, monsters, rooms, trap cards."""
    if isinstance(move, ChooseOrders):
        return 1.0 + 3.0 * sum(a in BUILDING for a in move.orders)
    if isinstance(move, KeepUnavailable):
        return 1.0 + 3.0 * sum(a not in BUILDING for a in move.orders)
    if isinstance(move, (BuildRoom, HireMonster, DigTunnel)):
        return 8.0
    return _acting(state, move)


def _traps(state: GameState, move: Move) -> float:
    """Building, with trap cards first: Buy Traps chosen, plans laying every trap card."""
    if isinstance(move, ChooseOrders):
        return 1.0 + 6.0 * (Action.TRAPS in move.orders) + 2.0 * sum(a in BUILDING for a in move.orders)
    if isinstance(move, KeepUnavailable):
        return 0.1 if Action.TRAPS in move.orders else 1.0
    if isinstance(move, PlanDefence):
        return 1.0 + 6.0 * len(move.traps) + len(move.monsters) + 40.0 * (len(move.traps) == 2)
    if isinstance(move, BuildRoom) and move.room == "labyrinth":
        return 40.0  # CMB-TRAP-2: two trap cards in one battle
    return _building(state, move)


def _combat(state: GameState, move: Move) -> float:
    """Building, and in combat send every monster, keep them paid, take the choices that act."""
    if isinstance(move, PlanDefence):
        return 1.0 + 4.0 * len(move.monsters) + 3.0 * len(move.traps) + 20.0 * (len(move.traps) == 2)
    if isinstance(move, (WordOfPeace, WitchHunt)):
        return 1.0
    if state.phase is Phase.COMBAT:
        return 1.0
    return _traps(state, move) if state.year == 2 else _building(state, move)


POLICIES: dict[str, Weigh] = {"uniform": _uniform, "acting": _acting, "building": _building, "traps": _traps, "combat": _combat}
"""The steered policies by name (``mixed`` cycles through them game by game)."""

MIXED = ("combat", "traps", "acting", "building", "uniform")
"""``mixed``: game *g* is played with ``MIXED[g % 5]``."""

RARE_CARDS: dict[tuple[str, str], float] = {("combat", "metamorphosis"): 40.0, ("rooms", "labyrinth"): 10.0}
"""Cards the steered policies (not ``uniform``) turn up more often than their
odds, with the factor: the cards of the rarest decisions (C2-3's Transform,
CMB-TRAP-2's choice of trap in a Labyrinth). Chance still only draws what the
deck holds, and ``diff`` still checks the true odds at every chance node."""


def chance(state: GameState, rng: random.Random, steered: bool) -> Move:
    """A chance outcome: drawn with its odds (``sample_chance``), or, when
    ``steered``, with the odds of ``RARE_CARDS`` raised."""
    if not steered:
        return sample_chance(state, rng)
    outcomes = chance_outcomes(state)
    weights = [float(p) * (RARE_CARDS.get((m.deck, m.card), 1.0) if isinstance(m, Draw) else 1.0) for m, p in outcomes]
    return rng.choices([m for m, _ in outcomes], weights=weights)[0]


def policy_for(name: str, game: int) -> Weigh:
    """The weighing of game ``game`` under policy ``name`` (``mixed`` or one of ``POLICIES``)."""
    if name == "mixed":
        return POLICIES[MIXED[game % len(MIXED)]]
    return POLICIES[name]


def choose(state: GameState, moves: Sequence[Move], weigh: Weigh, rng: random.Random) -> Move:
    """One of ``moves`` (a seat's, not chance's) at random, by weight."""
    weights = [weigh(state, m) for m in moves]
    return rng.choices(list(moves), weights=weights)[0]


# --- coverage --------------------------------------------------------------------------------


DECISION_KINDS: tuple[str, ...] = tuple(cls.__name__ for cls in MOVE_TYPES)
"""Every kind of decision of the game: the move types (chance's and the table's included)."""


@attrs.define
class Coverage:
    """What a run exercised: the decision kinds (move types) listed at the
    positions it compared, how many moves of each kind it played, the
    signatures played (phase, type and, in resolution, the action space), and
    the rule IDs of the kit scenarios testing a move of one of those signatures."""

    listed: set[str] = attrs.field(factory=set)
    played: dict[str, int] = attrs.field(factory=dict)
    signatures: dict[tuple[str, ...], int] = attrs.field(factory=dict)

    def add(self, listed: Iterable[Move], signature: tuple[str, ...]) -> None:
        """A position compared (its legal moves) and the move played there."""
        self.listed.update(type(m).__name__ for m in listed)
        self.played[signature[1]] = self.played.get(signature[1], 0) + 1
        self.signatures[signature] = self.signatures.get(signature, 0) + 1

    def missing(self, expected: Iterable[str] = DECISION_KINDS) -> list[str]:
        """The decision kinds never listed at a compared position."""
        return [k for k in expected if k not in self.listed]

    def rules(self) -> list[str]:
        return sorted({r for sig in self.signatures for r in _rules_by_signature().get(sig, ())})

    def report(self) -> dict[str, object]:
        return {
            "decision_kinds_listed": sorted(self.listed),
            "missing_kinds": self.missing(),
            "played": dict(sorted(self.played.items())),
            "signatures": len(self.signatures),
            "rules": self.rules(),
        }

    def text(self) -> str:
        missing = self.missing()
        rules = self.rules()
        return (f"coverage: {len(DECISION_KINDS) - len(missing)} of {len(DECISION_KINDS)} decision kinds listed"
                + (f" (never: {', '.join(missing)})" if missing else "")
                + f"; {len(self.signatures)} kinds of move played; {len(rules)} rule IDs of the kit's scenarios exercised")  # fmt: skip


@cache
def _rules_by_signature() -> dict[tuple[str, ...], frozenset[str]]:
    out: dict[tuple[str, ...], set[str]] = {}
    for entry in rule_index():
        out.setdefault(entry.signature, set()).update(entry.rules)
    return {k: frozenset(v) for k, v in out.items()}
