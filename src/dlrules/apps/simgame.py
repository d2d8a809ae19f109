"""One seeded game of a simulation (docs/simulation.md): its seed
(``game_seed``, LIB-SIM-2), its bots (``resolve_policy``), the run's
``Config``, and the game's line of results (``play_game``, read by one
function, ``game_outcome``, LIB-SIM-1). ``dlrules.apps.simulate`` plays many
of them on a process pool or Ray and writes the results file."""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import resource
import time
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from dlrules._version import __version__
from dlrules.agents.bots import BOTS
from dlrules.core.chance import Policy, play_out
from dlrules.components import announced_only
from dlrules.core.engine import new_game, to_move
from dlrules.core.moves import Draw, Move
from dlrules.core.phases.scoring import outcome
from dlrules.core.phases.setup import VARIANTS
from dlrules.display.render import card_name
from dlrules.core.state import GameState, Phase, PlayerState

BACKENDS = ("process", "ray")

COUNTS = ("evil", "gold", "food", "imps", "tiles", "rooms", "monsters", "prisoners")
"""What ``counts`` records for each seat at the end, in this order."""

SEED_DOMAIN = "dlrules.simulate"  # the seeds' domain since 0.1: not a module path (LIB-SIM-2)


class SimulationError(Exception):
    """A simulation that cannot start or continue: an unknown bot, a results
    file written by another command, a backend that is not installed."""


# --- one game ---------------------------------------------------------------------------


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with master seed ``master``: the
    first 63 bits of SHA-256 of ``"dlrules.simulate <master> <index>"``.
    Independent of the number of games, the workers and the backend (LIB-SIM-2)."""
    digest = hashlib.sha256(f"{SEED_DOMAIN} {master} {index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def resolve_policy(name: str) -> Policy:
    """A built-in bot (``dlrules.agents.bots.BOTS``: ``random``, ``greedy``) or an
    importable policy written ``module:function``."""
    if name in BOTS:
        return BOTS[name]
    module_name, colon, attr = name.partition(":")
    if not colon or not module_name or not attr:
        raise SimulationError(f"unknown bot {name!r}: use one of {', '.join(sorted(BOTS))} or module:function")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise SimulationError(f"bot {name!r}: cannot import {module_name}: {exc}") from exc
    policy = getattr(module, attr, None)
    if not callable(policy):
        raise SimulationError(f"bot {name!r}: {module_name} has no function {attr}")
    return policy  # type: ignore[no-any-return]


@attrs.frozen
class Config:
    """What to simulate. ``bots`` names one bot per seat, or one for every
    seat; with ``rotate`` game ``i`` gives seat ``s`` the bot ``bots[(s + i) % P]``,
    so that every bot sits in every seat equally often; with ``rotate_start``
    game ``i`` begins with seat ``i % P`` (SETUP-1), so that every seat
    begins equally often (the first player's advantage measured fairly)."""

    games: int
    players: int = 4
    seed: int = 0
    variant: str = "full"
    bots: tuple[str, ...] = ("greedy",)
    rotate: bool = False
    max_moves: int = 100_000
    special_events: bool = True  # False: the full game without the special event cards (SPE-3)
    rotate_start: bool = False

    def __attrs_post_init__(self) -> None:
        if self.games < 0:
            raise SimulationError(f"--games {self.games}: cannot play a negative number of games")
        if not 2 <= self.players <= 4:
            raise SimulationError(f"--players {self.players}: Dungeon Lords is played by 2, 3 or 4 players")
        if self.variant not in VARIANTS:
            raise SimulationError(f"--variant {self.variant}: choose one of {', '.join(VARIANTS)}")
        if len(self.bots) not in (1, self.players):
            raise SimulationError(
                f"--bots names {len(self.bots)} bots: give one for every seat or one per seat ({self.players})"
            )
        if self.max_moves < 1:
            raise SimulationError(f"--max-moves {self.max_moves}: must be at least 1")

    def seat_bots(self, index: int) -> tuple[str, ...]:
        """The bot of each seat in game ``index``."""
        bots = self.bots * self.players if len(self.bots) == 1 else self.bots
        if not self.rotate:
            return bots
        return tuple(bots[(s + index) % self.players] for s in range(self.players))

    def first_player(self, index: int) -> int:
        """The seat that begins game ``index`` (SETUP-1)."""
        return index % self.players if self.rotate_start else 0


@attrs.frozen
class FinalResult:
    """A scored game as JSON-ready data: each seat's total, the winners
    (every seat with the highest total: more than one is a shared victory,
    SCO-3), each seat's breakdown as (rule ID, points) pairs adding up to its
    total, and how each title went."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    breakdown: tuple[tuple[tuple[str, int], ...], ...]
    titles: tuple[dict[str, Any], ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def final_result(state: GameState) -> FinalResult | None:
    """The outcome of a finished game, read from the library's
    ``dlrules.outcome(state)`` (SCO-14); None when the game is not over (a
    game cut off by ``--max-moves``). The one place that knows the shape of
    the scoring (LIB-SIM-1)."""
    result = outcome(state)
    if result is None:
        return None
    return FinalResult(
        totals=result.totals,
        winners=tuple(sorted(result.winners)),
        breakdown=tuple(p.breakdown for p in result.players),
        titles=tuple(
            {"title": t.rule, "name": t.name, "holders": list(t.holders), "exclusive": t.exclusive, "points": t.points}
            for t in result.titles
        ),
    )


def counts(player: PlayerState) -> dict[str, int]:
    """What a seat has at the end (COUNTS): evil, gold, food, imps (trolls are
    monsters, not imps), tiles (tunnels and rooms), rooms, monsters, prisoners."""
    return {
        "evil": player.evil,
        "gold": player.gold,
        "food": player.food,
        "imps": player.imps,
        "tiles": len(player.dungeon.tiles),
        "rooms": len(player.dungeon.rooms),
        "monsters": len(player.monsters),
        "prisoners": len(player.prison),
    }


def game_outcome(state: GameState) -> dict[str, Any]:
    """How a game ended, as JSON data: the phase, year and round reached,
    whether the game is over, each seat's counts, and for a finished game
    each seat's score and its breakdown, the winners, whether the victory is
    shared, and how each title went (null for a game cut off unfinished)."""
    final = final_result(state)
    return {
        "phase": state.phase.value,
        "year": state.year,
        "round": state.round,
        "over": state.phase is Phase.GAME_OVER,
        "counts": [counts(p) for p in state.players],
        "scores": list(final.totals) if final else None,
        "winners": list(final.winners) if final else None,
        "shared": final.shared if final else None,
        "breakdown": [[list(item) for item in seat] for seat in final.breakdown] if final else None,
        "titles": list(final.titles) if final else None,
    }


def play_game(config: Config, index: int, policies: dict[str, Policy] | None = None) -> dict[str, Any]:
    """Play game ``index`` of ``config`` and return its result line as data."""
    seed = game_seed(config.seed, index)
    bots = config.seat_bots(index)
    known = policies if policies is not None else {}
    seats = {}
    for s, name in enumerate(bots):
        if name not in known:
            known[name] = resolve_policy(name)
        seats[s] = known[name]
    first = config.first_player(index)
    start = new_game(config.players, variant=config.variant, special_events=config.special_events, first_player=first)
    try:
        result = play_out(start, seats, random.Random(seed), max_moves=config.max_moves)
    except Exception as exc:  # a bot's mistake (an illegal move, a crash): say which game
        raise SimulationError(
            f"game {index} (seed {seed}, bots {', '.join(bots)}) failed: {type(exc).__name__}: {exc}"
        ) from None

    line: dict[str, Any] = {
        "game": index,
        "seed": seed,
        "players": config.players,
        "variant": config.variant,
        "bots": list(bots),
        "first_player": first,
        "moves": len(result.moves),
        "stopped": "max_moves" if to_move(result.state) else "no_move",
        "rules": __version__,
    }
    if not config.special_events:
        line["special_events"] = False
    line.update(announced_cards(result.moves))
    line.update(game_outcome(result.state))
    return line


def announced_cards(moves: Iterable[Move]) -> dict[str, Any]:
    """The cards a game turned up that the referee only announces (their
    effect not applied: ``components.ANNOUNCED_ONLY``, LIB-TAB-8), as result
    line data: ``announced_only``, each such card's name in the order drawn
    (the unnamed special event cards as "a special event card the referee
    cannot read"). A balance study reads on what its numbers rest."""
    cards = dict.fromkeys(
        (m.deck, m.card) for m in moves if isinstance(m, Draw) and announced_only(m.deck, m.card)
    )  # a card spied, then revealed, counts once
    return {"announced_only": [card_name(deck, card) for deck, card in cards]}


def encode(line: dict[str, Any]) -> str:
    """One result line: compact JSON with sorted keys, and a newline."""
    return json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"


@attrs.frozen
class Chunk:
    """What a worker sends back: each game's line, the worker's peak
    resident memory (KiB) after playing them, and the CPU seconds they took."""

    lines: tuple[tuple[int, str], ...]
    peak_rss_kib: int
    cpu_seconds: float = 0.0


def play_chunk(config: Config, indices: Sequence[int]) -> Chunk:
    """Play the games ``indices`` one after the other (a task of a backend)."""
    policies: dict[str, Policy] = {}
    cpu = time.process_time()
    lines = tuple((i, encode(play_game(config, i, policies))) for i in indices)
    return Chunk(lines, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.process_time() - cpu)


