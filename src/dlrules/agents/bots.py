"""Simple policies for ``play_out`` and the ``dlrules play`` command.

A policy gets the state, the moving seat's legal moves (never empty) and a
random generator, and returns one of those moves (``chance.Policy``). The
bots only choose among legal moves, so they never break a rule. ``random``
and ``greedy`` do not play well; ``ismcts`` searches (``IsmctsBot``), reading
the state only through the seat's resampled worlds (``dlrules.agents.resample``).
"""

from __future__ import annotations

import random
from typing import cast

from dlrules.core.chance import Policy, play_out, random_policy
from dlrules.core.moves import Decline, FinishDigging, FinishProduction, MineGold, Move, PayMonster, PayTaxes
from dlrules.core.state import GameState

__all__ = ["BOTS", "IsmctsBot", "greedy_policy", "ismcts_policy", "random_policy"]

_PASSIVE = (Decline, FinishDigging, FinishProduction)


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
    equals; a passive move only when nothing else is legal.

    One pass over the moves with each move class's kind looked up once
    (``_kind``; a policy runs at every decision of ``dlrules simulate``),
    then the largest by ``_amount`` when some move comes in sizes."""
    active: list[Move] = []
    sized = False
    kinds = _KINDS
    for m in moves:
        kind = kinds.get(type(m))
        if kind is None:
            kind = _kind(m)
        if kind == _PASSIVE_KIND or (kind == _PAY_KIND and not cast(PayMonster, m).pay):
            continue
        active.append(m)
        if kind == _SIZED_KIND:
            sized = True
    if not active:
        pool = list(moves)  # every move passive: none comes in sizes
    elif sized:
        most = max(map(_amount, active))
        pool = [m for m in active if _amount(m) == most]
    else:
        pool = active
    return pool[rng.randrange(len(pool))]


_ACTIVE_KIND, _PASSIVE_KIND, _PAY_KIND, _SIZED_KIND = range(4)
_KINDS: dict[type, int] = {}
"""Each move class's kind for ``greedy_policy``, found on first sight."""


def _kind(move: Move) -> int:
    """What ``move``'s class is to the greedy bot: passive, a move that gives
    something up (declining a slot, RES-3; stopping a dig or production);
    passive unless paid (``PayMonster``: letting a monster go at payday,
    EVT-PAY-2); coming in sizes (``_amount``); or an action of no size."""
    if isinstance(move, _PASSIVE):
        kind = _PASSIVE_KIND
    elif isinstance(move, PayMonster):
        kind = _PAY_KIND
    elif isinstance(move, (MineGold, PayTaxes)):
        kind = _SIZED_KIND
    else:
        kind = _ACTIVE_KIND
    _KINDS[type(move)] = kind
    return kind


BOTS: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
"""The built-in bots by name (``dlrules play --bot NAME``)."""


# --- information-set Monte Carlo tree search ------------------------------------------


def _value(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``: the win share (SCO-3, shared
    victories split) by the points as they stand (``final_scores``, exact at
    the end of the game), plus a small part of the lead over the best other
    player, so that among positions that win or lose alike the larger margin
    counts."""
    from dlrules.core.phases.scoring import final_scores

    result = final_scores(state)
    totals = result.totals
    mine = totals[seat]
    best_other = max(t for s, t in enumerate(totals) if s != seat)
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return share + 0.02 * max(-25, min(25, mine - best_other))


class IsmctsBot:
    """An information-set Monte Carlo tree search bot (a ``chance.Policy``).

    Each of ``iterations`` simulations draws a position the bot cannot tell
    from the real one (``dlrules.agents.resample``: uniform over the cards it has not
    seen and the others' secret choices), so it never reads hidden
    information; the bot's own moves at the root are chosen by UCB1 over the
    statistics gathered across those samples (a tree over the information
    set, not over one guessed position), and each simulation plays on with
    the greedy policy for every seat for ``horizon`` moves (or to the end),
    then scores the position as it stands (``final_scores``: the win share
    and the lead). The same ``rng`` state gives the same choice.

    With more legal moves than ``width`` (a defence plan has hundreds), the
    root considers ``width`` of them: the greedy pick first, then a sample
    drawn with ``rng``."""

    def __init__(self, iterations: int = 120, horizon: int = 50, width: int = 24, exploration: float = 0.7) -> None:
        if iterations < 1 or horizon < 0 or width < 1:
            raise ValueError("iterations and width must be at least 1, horizon at least 0")
        self.iterations = iterations
        self.horizon = horizon
        self.width = width
        self.exploration = exploration

    def __repr__(self) -> str:
        return f"IsmctsBot(iterations={self.iterations}, horizon={self.horizon}, width={self.width})"

    def candidates(self, state: GameState, moves: tuple[Move, ...], rng: random.Random) -> tuple[Move, ...]:
        if len(moves) <= self.width:
            return moves
        first = greedy_policy(state, moves, rng)
        rest = [m for m in moves if m != first]
        return (first, *rng.sample(rest, self.width - 1))

    def __call__(self, state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        import math

        from dlrules.agents.resample import resample

        seat = moves[0].seat
        options = self.candidates(state, moves, rng)
        visits = [0] * len(options)
        totals = [0.0] * len(options)
        for n in range(self.iterations):
            sample = resample(state, seat, rng)  # a world the bot cannot tell from the real one
            if n < len(options):
                i = n
            else:
                log_n = math.log(n)
                i = max(
                    range(len(options)),
                    key=lambda k: totals[k] / visits[k] + self.exploration * math.sqrt(log_n / visits[k]),
                )
            visits[i] += 1
            totals[i] += self._simulate(sample, options[i], seat, rng)
        best = max(range(len(options)), key=lambda k: (visits[k], totals[k] / max(1, visits[k])))
        return options[best]

    def _simulate(self, sample: GameState, move: Move, seat: int, rng: random.Random) -> float:
        from dlrules.core.engine import apply

        after = apply(sample, move)
        if self.horizon:
            greedy = {s: greedy_policy for s in range(after.n_players)}
            after = play_out(after, greedy, rng, max_moves=self.horizon).state
        return _value(after, seat)


def ismcts_policy(state: GameState, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """The ``IsmctsBot`` with its default budget (120 simulations of 50 moves;
    about 0.2 s a decision on one core, docs/ai.md)."""
    return _DEFAULT_ISMCTS(state, moves, rng)


_DEFAULT_ISMCTS = IsmctsBot()
BOTS["ismcts"] = ismcts_policy
