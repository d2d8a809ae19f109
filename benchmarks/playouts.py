"""How fast is the referee? Random play-outs of dlrules against random games
of python-chess, measured in one process (docs/performance.md).

    python benchmarks/playouts.py            # about half a minute
    python benchmarks/playouts.py --quick    # a few seconds (smoke test)
    python benchmarks/playouts.py --seconds 60 --seed 7

dlrules: from ``new_game(n)`` for n = 4, 3, 2, uniform random play-outs of
whole games (until nobody is to move: the end of the game, SCO-3, with its
outcome computed), chance sampled with
``sample_chance``, one ``random.Random`` per play-out seeded from ``--seed``.
A *decision* is a player's move applied with ``apply``, together with what
it takes to choose it (``to_move``, ``legal_moves``); chance's moves (draws,
deals: ``sample_chance`` and ``apply``) are counted apart (issue 25).
python-chess: random games from the start position until
``Board.outcome()`` is not None; a *ply* is one ``legal_moves`` listing, one
random choice and one ``push``.

Both kinds of play-out alternate in one loop and are timed in CPU time, so
machine noise hits both alike; the ratio ours/theirs, the players'
decisions per second ÷ plies per second, is what to track (absolute times
drift). Also printed: all moves (chance included) ÷ plies, ``apply``'s µs
in the building phases, in combat and for a combat card's draw, and
``dlrules simulate``'s 4-player games per CPU second.

Memory: a separate loop plays ``--memory-games`` whole 4-player games (1,000
by default) one after another in this process, computing each outcome, and
reports the process's peak RSS (issue 13: < 200 MB).

Position timings use a fixed corpus: every ``--stride``-th decision point of
the first play-outs of each player count (same seed, same engine: same
corpus). Each timing runs on a fresh shallow copy of the state (a new object
with equal contents), so caches keyed on the state object cannot help.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs

import dlrules
from dlrules import CHANCE, GameState, Move, Phase, apply, dumps, legal_moves, loads, new_game, sample_chance, to_move
from dlrules.core.moves import Draw

chess: Any
try:
    import chess
except ImportError:  # pragma: no cover - the benchmark-only extra
    chess = None

PLAYER_COUNTS = (4, 3, 2)
clock = time.perf_counter
cpu = time.process_time
"""Whole games and chess games are timed in CPU time (``process_time``): the
machine is shared, and CPU time is what a game costs whatever else runs.
Single calls (µs) are timed with ``perf_counter``, whose resolution is finer."""

BUILDING = frozenset(
    {Phase.ROUND_START, Phase.ORDERS, Phase.RESOLUTION, Phase.PRODUCTION, Phase.ORDER_RETURN, Phase.EVENTS, Phase.ADVENTURERS, Phase.END_OF_ROUND}
)
"""The building phases of a year (RS-3), against combat."""


# --- dlrules ---------------------------------------------------------------------------


def play_ours(players: int, seed: int, record: list[GameState] | None = None) -> tuple[int, int]:
    """One uniform random whole game, to its outcome; the players' decisions
    and the chance moves made."""
    rng = random.Random(seed)
    state = new_game(players)
    made = chance = 0
    while True:
        seats = to_move(state)
        if not seats:
            dlrules.outcome(state)  # the final scores are part of a whole game (SCO-14)
            return made, chance
        if record is not None:
            record.append(state)
        if CHANCE in seats:
            move = sample_chance(state, rng)
            chance += 1
        else:
            moves = legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            made += 1
        state = apply(state, move)


KINDS = ("building", "combat", "combat card")
"""The kinds of ``apply`` the benchmark times apart (``kinds_of``)."""


def kinds_of(phase: Phase, move: Move) -> tuple[str, ...]:
    """The kinds (``KINDS``) an ``apply`` of ``move`` in ``phase`` counts
    under: a move in the building phases; a move in combat (a player's or
    chance's), and among combat's the round's card turned up (a chance
    ``Draw`` from the combat deck) under "combat card" too. Setup and the
    change of year count under neither."""
    if phase in BUILDING:
        return ("building",)
    if phase is Phase.COMBAT:
        if isinstance(move, Draw) and move.deck == "combat":
            return ("combat", "combat card")
        return ("combat",)
    return ()


def play_by_kind(games: int, seed: int, applying: Callable[[GameState, Move, tuple[str, ...]], GameState]) -> None:
    """``games`` seeded uniform random whole 4-player games, each ``apply``
    made by ``applying(state, move, kinds_of(...))`` (which applies it and
    measures what it wants)."""
    for k in range(games):
        rng = random.Random(seed * 101 + k)
        state = new_game(4)
        while True:
            seats = to_move(state)
            if not seats:
                break
            if CHANCE in seats:
                move = sample_chance(state, rng)
            else:
                moves = legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = applying(state, move, kinds_of(state.phase, move))


def apply_by_kind(games: int, seed: int) -> tuple[dict[str, list[float]], list[float]]:
    """µs of each ``apply`` in ``games`` random whole 4-player games, by
    kind (``kinds_of``), and the µs of each full garbage collection met.
    Each time includes the automatic steps that follow the move (``settle``),
    as in a play-out, and the young generations' collections it set off. CPU
    time (``process_time``), so that another job's turn on the core is not
    counted in a move's time.

    A full collection (the oldest generation) is counted apart: it comes
    once in thousands of moves, whichever move happens to be running, and
    scans everything the process holds (here the benchmark's corpus and the
    chess games as well): the ten of one run took 20 to 68 ms each, and the
    2,000 moves of combat timed here take about 32 ms in all, so one landing
    in a combat move triples that kind's mean (the ratio of 11-12 seen in
    one run of three; docs/performance.md, the seventh round)."""
    kinds: dict[str, list[float]] = {kind: [] for kind in KINDS}
    full: list[float] = []
    started = [0.0]

    def collecting(phase: str, info: dict[str, int]) -> None:
        if info["generation"] == 2:
            if phase == "start":
                started[0] = cpu()
            else:
                full.append((cpu() - started[0]) * 1e6)

    def timed(state: GameState, move: Move, of: tuple[str, ...]) -> GameState:
        before = len(full)
        t0 = cpu()
        after = apply(state, move)
        us = (cpu() - t0) * 1e6 - sum(full[before:])
        for kind in of:
            kinds[kind].append(us)
        return after

    gc.callbacks.append(collecting)
    try:
        play_by_kind(games, seed, timed)
    finally:
        gc.callbacks.remove(collecting)
    return kinds, full


def simulate_games(games: int) -> tuple[float, float]:
    """``dlrules simulate``'s own games (4 players, the greedy bots, one worker,
    as ``dlrules simulate --workers 1`` plays them): the CPU seconds they took
    and the games per CPU second."""
    from dlrules.apps.simgame import Config, play_chunk

    chunk = play_chunk(Config(games=games, players=4, seed=2009), range(games))
    return chunk.cpu_seconds, games / chunk.cpu_seconds


# --- python-chess ------------------------------------------------------------------------


def play_chess(seed: int) -> int:
    """One uniform random game of chess; the plies played."""
    rng = random.Random(seed)
    board = chess.Board()
    plies = 0
    while board.outcome() is None:
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
        plies += 1
    return plies


# --- measuring ----------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def fresh(state: GameState) -> GameState:
    """An equal state that is a new object (defeats identity caches)."""
    return attrs.evolve(state)


def per_position(corpus: list[GameState], repeats: int, run: Callable[[GameState], Any]) -> list[float]:
    """For each position, the median of ``repeats`` timings (µs) of ``run(fresh copy)``."""
    out = []
    for state in corpus:
        times = []
        for _ in range(repeats):
            copy = fresh(state)
            t0 = clock()
            run(copy)
            times.append((clock() - t0) * 1e6)
        out.append(statistics.median(times))
    return out


@attrs.define
class Runs:
    """Play-outs of one kind: each run's CPU time (s), the players' decisions
    (chess: plies) and the chance moves (chess: none)."""

    seconds: list[float] = attrs.field(factory=list)
    steps: list[int] = attrs.field(factory=list)
    chance: list[int] = attrs.field(factory=list)

    def add(self, seconds: float, steps: int, chance: int = 0) -> None:
        self.seconds.append(seconds)
        self.steps.append(steps)
        self.chance.append(chance)

    @property
    def per_second(self) -> float:
        """Players' decisions (plies) per CPU second."""
        return sum(self.steps) / sum(self.seconds)

    @property
    def all_per_second(self) -> float:
        """All moves applied, chance included, per CPU second."""
        return (sum(self.steps) + sum(self.chance)) / sum(self.seconds)

    @property
    def runs_per_second(self) -> float:
        return len(self.seconds) / sum(self.seconds)

    @property
    def median_us_per_step(self) -> float:
        """µs per move applied (chance included), median over runs."""
        return statistics.median(s / (n + c) * 1e6 for s, n, c in zip(self.seconds, self.steps, self.chance) if n + c)

    @property
    def median_run_ms(self) -> float:
        return statistics.median(self.seconds) * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time budget for the play-out loop (default 20)")
    parser.add_argument("--quick", action="store_true", help="a tiny budget (smoke test)")
    parser.add_argument("--seed", type=int, default=2009)
    parser.add_argument("--corpus", type=int, default=300, help="positions in the timing corpus (default 300)")
    parser.add_argument("--stride", type=int, default=3, help="take every n-th decision point for the corpus")
    parser.add_argument("--repeats", type=int, default=5, help="timings per corpus position (median taken)")
    parser.add_argument("--memory-games", type=int, default=1000, help="whole 4-player games played for the memory figure (default 1000)")
    parser.add_argument("--kind-games", type=int, default=60, help="whole 4-player games for the µs per move by kind (default 60)")
    parser.add_argument("--simulate-games", type=int, default=200, help="dlrules simulate games for the games per CPU second (default 200)")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.corpus, args.repeats, args.memory_games, args.kind_games, args.simulate_games = 1.0, 40, 2, 5, 2, 3
    if chess is None:
        print("python-chess is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2

    print(f"dlrules {dlrules.__version__}, python-chess {chess.__version__}")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, {platform.system()} {platform.release()}")
    print(f"processor: {_cpu_name()}; seed {args.seed}; budget {args.seconds:g} s (CPU); load average {_load()}")
    print(f"compiled modules (mypyc): {_compiled() or 'none (pure Python)'}")
    print()

    # Warm up both (imports, caches of component tables).
    play_ours(4, args.seed)
    play_chess(args.seed)

    ours = {n: Runs() for n in PLAYER_COUNTS}
    theirs = Runs()
    phases_reached: dict[int, set[str]] = {n: set() for n in PLAYER_COUNTS}
    start = cpu()
    i = 0
    while cpu() - start < args.seconds or i < 3:
        seed = args.seed * 1000 + i
        for n in PLAYER_COUNTS:
            t0 = cpu()
            k, c = play_ours(n, seed)
            ours[n].add(cpu() - t0, k, c)
        t0 = cpu()
        k = play_chess(seed)
        theirs.add(cpu() - t0, k)
        i += 1
    for n in PLAYER_COUNTS:
        phases_reached[n].add(_final_phase(n, args.seed * 1000))

    every = Runs(
        [s for n in PLAYER_COUNTS for s in ours[n].seconds],
        [k for n in PLAYER_COUNTS for k in ours[n].steps],
        [c for n in PLAYER_COUNTS for c in ours[n].chance],
    )

    print("dlrules random play-outs (whole games, to the outcome; CPU time)")
    print(
        f"  {'players':>7} {'play-outs':>9} {'decisions':>9} {'chance':>7} {'decisions/s':>12} {'all moves/s':>12}"
        f" {'play-outs/s':>12} {'µs/move':>8} {'ms/play-out':>12}  stops in"
    )
    for n in PLAYER_COUNTS:
        r = ours[n]
        print(
            f"  {n:>7} {len(r.steps):>9} {statistics.mean(r.steps):>9.1f} {statistics.mean(r.chance):>7.1f} {r.per_second:>12,.0f}"
            f" {r.all_per_second:>12,.0f} {r.runs_per_second:>12,.1f} {r.median_us_per_step:>8.1f} {r.median_run_ms:>12.2f}"
            f"  {', '.join(sorted(phases_reached[n]))}"
        )
    print(
        f"  {'all':>7} {len(every.steps):>9} {statistics.mean(every.steps):>9.1f} {statistics.mean(every.chance):>7.1f} {every.per_second:>12,.0f}"
        f" {every.all_per_second:>12,.0f} {every.runs_per_second:>12,.1f} {every.median_us_per_step:>8.1f}"
    )
    print(
        "  (decisions = the players' moves per play-out, chance = chance's moves (draws, deals), on average;"
        " decisions/s counts the players' moves only, all moves/s both; µs/move and ms/play-out are medians over play-outs)"
    )
    print()

    kinds, full = apply_by_kind(args.kind_games, args.seed)
    print(f"apply by kind ({args.kind_games} whole 4-player games; CPU time of each move with the automatic steps after it)")
    print(f"  {'':<28} {'moves':>7} {'mean µs':>9} {'p50 µs':>9} {'p99 µs':>9}")
    for name, times in kinds.items():
        if times:
            print(f"  {name:<28} {len(times):>7} {statistics.mean(times):>9.1f} {pct(times, .5):>9.1f} {pct(times, .99):>9.1f}")
    print(f"  (full garbage collections during these moves, counted apart: {len(full)}, {sum(full) / 1000:.1f} ms in all)")
    print()

    sim_seconds, sim_rate = simulate_games(args.simulate_games)
    print(
        f"dlrules simulate: {args.simulate_games} whole 4-player games (greedy bots, one worker) in {sim_seconds:.2f} CPU s:"
        f" {sim_rate:.1f} games per CPU second"
    )
    print()

    # The fixed corpus.
    seen: list[GameState] = []
    j = 0
    while len(seen) < args.corpus * args.stride and j < 200:
        for n in PLAYER_COUNTS:
            play_ours(n, args.seed * 7919 + j, seen)
        j += 1
    corpus = seen[:: args.stride][: args.corpus]
    chosen = [_pick(s, args.seed + k) for k, s in enumerate(corpus)]

    for s in corpus[:20]:  # warm up: cattrs builds its (un)structuring code on first use
        loads(dumps(s), GameState)
    gc.collect()
    lm = per_position(corpus, args.repeats, legal_moves)
    applied = per_position_apply(corpus, chosen, args.repeats)
    warm = per_position_apply(corpus, chosen, args.repeats, listed_first=True)
    assert applied is not None and warm is not None
    unchecked = per_position_apply(corpus, chosen, args.repeats, checked=False)
    rt = per_position(corpus, args.repeats, lambda s: loads(dumps(s), GameState))
    sizes = [len(dumps(s)) for s in corpus]

    print(f"positions: {len(corpus)} decision points (one in {args.stride} of {len(seen)} seen), {args.repeats} timings each, median per position")
    print(f"  {'':<28} {'p50 µs':>9} {'p99 µs':>9} {'max µs':>9}")
    print(f"  {'legal_moves':<28} {pct(lm, .5):>9.1f} {pct(lm, .99):>9.1f} {max(lm):>9.1f}")
    print(f"  {'apply (checked), cold':<28} {pct(applied, .5):>9.1f} {pct(applied, .99):>9.1f} {max(applied):>9.1f}")
    print(f"  {'apply after legal_moves':<28} {pct(warm, .5):>9.1f} {pct(warm, .99):>9.1f} {max(warm):>9.1f}")
    if unchecked is not None:
        print(f"  {'apply_unchecked':<28} {pct(unchecked, .5):>9.1f} {pct(unchecked, .99):>9.1f} {max(unchecked):>9.1f}")
    print(f"  {'JSON round trip (state)':<28} {pct(rt, .5):>9.1f} {pct(rt, .99):>9.1f} {max(rt):>9.1f}")
    print(f"  JSON size of a state: median {statistics.median(sizes):,.0f} bytes")
    print()

    # Memory: the process's peak RSS after many whole games in this one process,
    # and Python's peak allocations over one 4-player game.
    gc.collect()
    tracemalloc.start()
    play_ours(4, args.seed)
    _, traced = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    before = _rss_mib()
    t0 = clock()
    for k in range(args.memory_games):
        play_ours(4, args.seed * 31 + k)
    memory_seconds = clock() - t0
    rss = _rss_mib()
    print(
        f"memory: peak RSS of this process {rss:.1f} MiB after {args.memory_games} whole 4-player games in it "
        f"({before:.1f} MiB before them; {memory_seconds:.0f} s); peak Python allocations during one 4-player game {traced / 1024:.0f} KiB"
    )
    print()

    print("python-chess random games (same loop, same process)")
    print(f"  games {len(theirs.steps)}, plies per game {statistics.mean(theirs.steps):.1f} on average")
    print(f"  plies/s {theirs.per_second:,.0f}; µs/ply {theirs.median_us_per_step:.1f} (median over games); ms/game {theirs.median_run_ms:.2f} (median)")
    print()

    chess_us = theirs.median_us_per_step
    ratio = every.per_second / theirs.per_second
    all_ratio = every.all_per_second / theirs.per_second
    game_ratio = ours[4].median_run_ms / theirs.median_run_ms
    lm_ratio = pct(lm, 0.99) / chess_us
    building, combat, card = (statistics.mean(kinds[k]) if kinds[k] else float("nan") for k in ("building", "combat", "combat card"))
    combat_ratio = combat / building
    print("targets (issue 25: whole games, ratios within this run)")
    print(f"  players' decisions/s ÷ plies/s       {ratio:6.2f}   (target ≥ 2.0)  {_ok(ratio >= 2.0)}")
    print(f"  all moves/s ÷ plies/s                {all_ratio:6.2f}   (target ≥ 3.0)  {_ok(all_ratio >= 3.0)}")
    print(f"  4-player game ÷ chess game           {game_ratio:6.2f}   (target ≤ 0.25, medians)  {_ok(game_ratio <= 0.25)}")
    print(f"  combat apply ÷ building apply (µs)   {combat_ratio:6.2f}   (target ≤ 2; {combat:.1f} against {building:.1f} µs)  {_ok(combat_ratio <= 2)}")
    print(f"  combat card's draw, mean µs          {card:6.1f}   (target < 20)  {_ok(card < 20)}")
    print(f"  simulate, 4p games per CPU second    {sim_rate:6.1f}   (target ≥ 200)  {_ok(sim_rate >= 200)}")
    print(f"  peak RSS, {args.memory_games} whole games         {rss:6.1f}   (target < 100 MB, 1,000 games)  {_ok(rss * 1.048576 < 100)}")
    print(f"  legal_moves p99 ÷ chess µs/ply       {lm_ratio:6.2f}   (issue 7: ≤ 20)  {_ok(lm_ratio <= 20)}")
    print()
    print(f"ratio ours/theirs (players' decisions/s ÷ plies/s): {ratio:.2f}")
    return 0


def per_position_apply(
    corpus: list[GameState], chosen: list[Move], repeats: int, checked: bool = True, listed_first: bool = False
) -> list[float] | None:
    """``apply`` (or ``apply_unchecked``) of a fixed legal move on a fresh
    copy: cold, an equal move made elsewhere (the copy's moves are listed
    inside the clock); with ``listed_first`` the copy's ``legal_moves`` are
    listed before the clock starts and the move is taken from that list, as
    in a play-out."""
    from dlrules.core import engine

    unchecked: Callable[[GameState, Move], GameState] | None = getattr(engine, "apply_unchecked", None)
    run: Callable[[GameState, Move], GameState] = apply
    if not checked:
        if unchecked is None:
            return None
        run = unchecked
    out = []
    for state, move in zip(corpus, chosen):
        index = legal_moves(state).index(move)
        times = []
        for _ in range(repeats):
            copy = fresh(state)
            mine = move
            if listed_first:
                mine = legal_moves(copy)[index]  # the copy's own (equal) move object
            t0 = clock()
            run(copy, mine)
            times.append((clock() - t0) * 1e6)
        out.append(statistics.median(times))
    return out


def _pick(state: GameState, seed: int) -> Move:
    moves = legal_moves(state)
    return moves[random.Random(seed).randrange(len(moves))]


def _final_phase(players: int, seed: int) -> str:
    rng = random.Random(seed)
    state = new_game(players)
    while to_move(state):
        if CHANCE in to_move(state):
            state = apply(state, sample_chance(state, rng))
        else:
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
    return f"{state.phase.value} (year {state.year}, round {state.round})"


def _rss_mib() -> float:
    """The process's peak resident set size so far, MiB (``ru_maxrss`` is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load() -> str:
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "unknown"


def _compiled() -> str:
    """The dlrules modules that are compiled extensions (a mypyc build), if any."""
    import importlib.machinery
    import pkgutil

    out = []
    for info in pkgutil.walk_packages(dlrules.__path__, "dlrules."):
        spec = importlib.util.find_spec(info.name)
        if spec is not None and spec.origin and spec.origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            out.append(info.name.removeprefix("dlrules."))
    return ", ".join(out)


def _ok(flag: bool) -> str:
    return "met" if flag else "MISSED"


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


if __name__ == "__main__":
    sys.exit(main())
