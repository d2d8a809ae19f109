"""Seat-rotated tournaments: one bot against the others (docs/ai.md,
``dlrules tournament``; ``benchmarks/tournament.py`` prints the same report).

Game ``g`` seats the bot under test at seat ``g % players`` (every seat in
turn), the opponent's bot everywhere else; the first player is seat 0
(SETUP-1), so the rotation also rotates who begins relative to the bot.
Chance and every bot draw from one ``random.Random(seed * 100_003 + g)``:
the same seed gives the same games and the same report. The bot's decisions
are timed in CPU seconds (only those with two legal moves or more).

Reported: the bot's win rate (a shared victory counts 1/k, SCO-3, SCO-10)
with a 95% Wilson interval, its mean final score and the opponents' with 95%
normal intervals, the mean difference, and the bot's seconds a decision.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import attrs

from dlrules.agents.bots import BOTS, IsmctsBot
from dlrules.core.chance import Policy, sample_chance
from dlrules.core.engine import apply, legal_moves, new_game, to_move
from dlrules.core.phases.scoring import is_over, outcome
from dlrules.core.phases.setup import VARIANTS
from dlrules.core.state import CHANCE

SEED_STRIDE = 100_003
"""Game ``g`` of seed ``s`` draws from ``random.Random(s * SEED_STRIDE + g)``."""


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``successes`` of ``n``)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% normal interval (the mean alone for one value)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return (m, m, m)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


@attrs.frozen
class Game:
    """One game of a tournament: the bot's seat, every seat's final total,
    the bot's share of the victory (1/k of a k-way win, else 0), its CPU
    seconds thinking and its decisions with a choice."""

    seat: int
    totals: tuple[int, ...]
    share: float
    thinking: float
    decisions: int


def play_game(players: int, variant: str, bot: Policy, seat: int, opponent: Policy, rng: random.Random) -> Game:
    """One game with ``bot`` at ``seat`` and ``opponent`` at every other seat."""
    state = new_game(players, variant=variant)
    thinking, decisions = 0.0, 0
    while not is_over(state):
        seats = to_move(state)
        if CHANCE in seats:
            state = apply(state, sample_chance(state, rng))
            continue
        mover = min(seats)
        moves = tuple(m for m in legal_moves(state) if m.seat == mover)
        if mover == seat:
            started = time.process_time()
            move = bot(state, moves, rng)
            if len(moves) > 1:
                thinking += time.process_time() - started
                decisions += 1
        else:
            move = opponent(state, moves, rng)
        state = apply(state, move)
    result = outcome(state)
    assert result is not None  # the game is over
    share = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return Game(seat, tuple(result.totals), share, thinking, decisions)


def policy(name: str, iterations: int | None = None, horizon: int | None = None) -> Policy:
    """The bot called ``name`` (``dlrules.agents.bots.BOTS``); for ``ismcts``, with
    its own simulations a decision and play-out length when given. Raises
    ``ValueError`` for another name or a budget out of range."""
    if name not in BOTS:
        raise ValueError(f"no bot is called {name!r} (the bots are {', '.join(sorted(BOTS))})")
    if name != "ismcts" or (iterations is None and horizon is None):
        return BOTS[name]
    default = IsmctsBot()
    return IsmctsBot(iterations=default.iterations if iterations is None else iterations, horizon=default.horizon if horizon is None else horizon)


@attrs.frozen
class Match:
    """What a tournament is: the bot under test against the opponent's bot."""

    players: int = 4
    variant: str = "full"
    games: int = 20
    seed: int = 1
    bot: str = "ismcts"
    opponent: str = "greedy"
    iterations: int | None = None
    horizon: int | None = None

    def check(self) -> None:
        """Raise ``ValueError`` with one sentence for a match that cannot be played."""
        if self.players not in (2, 3, 4):
            raise ValueError(f"a game has 2, 3 or 4 players, not {self.players}")
        if self.games < 1:
            raise ValueError(f"a tournament plays at least 1 game, not {self.games}")
        if self.variant not in VARIANTS:
            raise ValueError(f"the variant is one of {', '.join(VARIANTS)}, not {self.variant!r}")
        policy(self.bot, self.iterations, self.horizon)
        policy(self.opponent)


def run(match: Match, each: Callable[[int, Game], None] = lambda g, game: None) -> list[Game]:
    """Play the tournament's games, seats rotated; ``each(g, game)`` is told
    every game as it ends (to print progress)."""
    match.check()
    bot, opponent = policy(match.bot, match.iterations, match.horizon), policy(match.opponent)
    played = []
    for g in range(match.games):
        game = play_game(match.players, match.variant, bot, g % match.players, opponent, random.Random(match.seed * SEED_STRIDE + g))
        each(g, game)
        played.append(game)
    return played


def report(match: Match, games: list[Game]) -> dict[str, Any]:
    """The tournament's figures as JSON-ready data (docs/ai.md)."""
    wins = sum(g.share for g in games)
    mine = [float(g.totals[g.seat]) for g in games]
    theirs = [float(t) for g in games for s, t in enumerate(g.totals) if s != g.seat]
    diffs = [g.totals[g.seat] - statistics.fmean([t for s, t in enumerate(g.totals) if s != g.seat]) for g in games]
    decisions = sum(g.decisions for g in games)
    low, high = wilson(wins, len(games))

    def interval(values: list[float]) -> dict[str, float]:
        m, lo, hi = mean_interval(values)
        return {"mean": m, "low": lo, "high": hi}

    return {
        "match": attrs.asdict(match),
        "games": [{"bot_seat": g.seat + 1, "totals": list(g.totals), "won": g.share} for g in games],
        "win_rate": wins / len(games),
        "win_rate_interval": [low, high],
        "fair_share": 1 / match.players,
        "bot_score": interval(mine),
        "opponent_score": interval(theirs),
        "difference": interval(diffs),
        "decisions": decisions,
        "cpu_seconds_a_decision": sum(g.thinking for g in games) / decisions if decisions else None,
    }


def report_lines(data: dict[str, Any]) -> list[str]:
    """The report of ``report`` as lines for people."""
    m = data["match"]
    low, high = data["win_rate_interval"]
    b, o, d = data["bot_score"], data["opponent_score"], data["difference"]
    lines = [
        f"{m['players']} players ({m['variant']}), {len(data['games'])} games, seats rotated, seed {m['seed']}; {m['bot']} against {m['opponent']}",
        f"win rate {data['win_rate']:.1%} (95% interval {low:.1%}..{high:.1%}; fair share {data['fair_share']:.1%})",
        f"mean score {b['mean']:.1f} ({b['low']:.1f}..{b['high']:.1f}); {m['opponent']} {o['mean']:.1f} ({o['low']:.1f}..{o['high']:.1f}); "
        f"difference {d['mean']:+.1f} ({d['low']:+.1f}..{d['high']:+.1f})",
    ]
    if data["cpu_seconds_a_decision"] is not None:
        lines.append(f"{m['bot']}: {data['cpu_seconds_a_decision']:.3f} CPU s a decision ({data['decisions']} decisions with a choice)")
    return lines


def game_line(match: Match, g: int, game: Game) -> str:
    """One game's line of the progress: ``game 3: ismcts at P3, totals [...], won 1``."""
    return f"game {g + 1}: {match.bot} at P{game.seat + 1}, totals {list(game.totals)}, won {game.share:g}"
