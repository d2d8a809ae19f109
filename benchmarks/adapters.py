"""The adapters' cost against the native API, side by side (docs/performance.md).

    python benchmarks/adapters.py                 # 2 and 4 players, a few seconds each
    python benchmarks/adapters.py --games 3 --seed 5
    python benchmarks/adapters.py --instructions  # also instructions per move (valgrind), about 4 minutes a player count

The same whole games are played four ways, move for move: seeded random
games are recorded first, then each is replayed

- **native**: at each move, what a player of the library does: ``to_move``,
  ``legal_moves`` (a chance node: ``chance_outcomes``, the exact
  probabilities), then ``apply`` of the move;
- **OpenSpiel**: at each decision (a chance outcome, or a decision of a
  player's move that is the player's to make), ``current_player``, then
  ``chance_outcomes`` or ``legal_actions``, then ``apply_action``; the ids
  the agents send are worked out before the clock starts (``_sent``), as the
  native loop's moves are given;
- **OpenSpiel with an observation tensor**: as OpenSpiel, and at each player
  decision the acting player's observation tensor as a learner reads it
  (``open_spiel.python.observation.make_observation``'s ``set_from``: a
  numpy tensor of 0/1, ``tensor`` and ``dict``); the ratio to the bare
  OpenSpiel run is the cost of a step with an observation tensor (the
  target: at most 3×, issue 39);
- **PettingZoo**: each decision through ``last()`` (the observation vector
  and its mask) and ``step`` (chance inside the environment, seeded so that
  it draws the same cards as the record), from ``reset``.

Each way is prepared first (the game loaded, the ids worked out) and only
its loop is measured. Each game is replayed ``--repeat`` times each way,
alternating, and the fastest round of each counts (noise on a shared
machine only ever slows a round down); every round starts from empty tensor
caches (``clear_cache``), as a new game in a fresh process does. Reported:
CPU microseconds per library move (a whole move: a chance outcome or a
player's move, however many decisions it takes) for each, the ratio
OpenSpiel / native (the target: at most 1.3) and the ratio of the step with
a tensor to the bare step. The PettingZoo figure includes building an
observation vector per decision, which the native API does not do (a seat's
view); it is given for scale.

``--instructions`` also counts, in the same run, each way's instructions per
move under valgrind's callgrind (``--toggle-collect`` on the
``functools.reduce`` call that runs the loop, so preparing is not counted;
``--warm`` uncounted replays first; address randomisation off with
``setarch -R`` where allowed, ``PYTHONHASHSEED=0``): the same on every run
to within a fraction of a percent whatever the machine's load, so the two
ratios can be judged on a shared machine where seconds move by a quarter.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import dlrules
from dlrules.agents.adapters.tensors import clear_cache
from dlrules.agents.decisions import decisions_of
from dlrules.core.chance import chance_outcomes, play_out
from dlrules.core.moves import Move
from dlrules.core.state import CHANCE

Loop = Callable[[], None]
"""One replay of a recorded game, everything it needs made beforehand."""

_CHILD = "DLRULES_ADAPTERS_CHILD"


def record(players: int, seed: int) -> list[Move]:
    return list(play_out(dlrules.new_game(players), None, random.Random(seed)).moves)


def native(players: int, moves: list[Move]) -> Loop:
    start = dlrules.new_game(players)

    def loop() -> None:
        state = start
        for move in moves:
            seats = dlrules.to_move(state)
            if CHANCE in seats:
                chance_outcomes(state)
            else:
                dlrules.legal_moves(state)
            state = dlrules.apply(state, move)
        assert state.phase is dlrules.Phase.GAME_OVER

    return loop


def openspiel(players: int, moves: list[Move], observe: bool = False) -> Loop:
    import pyspiel
    from open_spiel.python.observation import make_observation

    import dlrules.agents.adapters.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_dungeon_lords", {"players": players})
    observer = make_observation(game) if observe else None
    sent = _sent(game, moves)

    def loop() -> None:
        state = game.new_initial_state()
        for chance, action in sent:
            player = state.current_player()
            if chance:
                state.chance_outcomes()
            else:
                if observer is not None:
                    observer.set_from(state, player)
                state.legal_actions()
            state.apply_action(action)
        assert state.is_terminal()

    return loop


def _sent(game: Any, moves: list[Move]) -> list[tuple[bool, int]]:
    """What the agents send, in order (worked out before the clock starts,
    as the native loop's moves are given): each chance outcome's id, and the
    decisions of each player's move that are the player's to make (the
    adapter makes a decision with a single open value itself)."""
    from dlrules.agents.actions import encode

    state = game.new_initial_state()
    sent: list[tuple[bool, int]] = []
    for m in moves:
        if m.seat == CHANCE:
            sent.append((True, encode(m)))
            state.apply_action(sent[-1][1])
            continue
        ds = decisions_of(m)
        while True:
            sent.append((False, ds[len(state.partial.chosen)]))
            state.apply_action(sent[-1][1])
            if state.partial.seat is None:
                break  # the move is whole
    return sent


def observed(players: int, moves: list[Move]) -> Loop:
    return openspiel(players, moves, observe=True)


def pettingzoo(players: int, moves: list[Move]) -> Loop:
    from dlrules.agents.adapters.pettingzoo import raw_env
    from dlrules.agents.decisions import Partial, acting
    from dlrules.core.engine import apply_unchecked

    e = raw_env(players=players)
    chance: Iterator[Move] = iter(())

    def resolve() -> None:  # the record's chance replaces the environment's own draws
        p = e.partial
        while p.seat is None and not dlrules.is_over(p.state) and acting(p) == CHANCE:
            p = Partial(apply_unchecked(p.state, next(chance)))
        e.partial = p

    e._resolve_chance = resolve  # type: ignore[method-assign]
    actions = [decisions_of(m) for m in moves if m.seat != CHANCE]  # what the agents would send

    def loop() -> None:
        nonlocal chance
        chance = iter([m for m in moves if m.seat == CHANCE])
        e.reset(seed=0)
        for ds in actions:
            while True:
                e.last()
                e.step(ds[len(e.partial.chosen)])
                if e.partial.seat is None:
                    break  # the move is whole
        assert dlrules.is_over(e.state_)

    return loop


WAYS: dict[str, Callable[[int, list[Move]], Loop]] = {"native": native, "openspiel": openspiel, "observed": observed, "pettingzoo": pettingzoo}


def timed(loop: Loop) -> float:
    started = time.process_time()
    loop()
    return time.process_time() - started


def line(players: int, games: int, n: int, per: dict[str, float], unit: str) -> str:
    return (
        f"{players} players, {games} games, {n} moves: native {per['native']:,.0f} {unit}/move, "
        f"OpenSpiel {per['openspiel']:,.0f} {unit}/move ({per['openspiel'] / per['native']:.2f}× native), "
        f"with an observation tensor at each decision {per['observed']:,.0f} {unit}/move "
        f"({per['observed'] / per['openspiel']:.2f}× the bare OpenSpiel step), "
        f"PettingZoo {per['pettingzoo']:,.0f} {unit}/move ({per['pettingzoo'] / per['native']:.2f}× native, with observations)"
    )


def seconds(players: int, games: int, seed: int, repeat: int) -> str:
    totals = dict.fromkeys(WAYS, 0.0)
    n = 0
    for g in range(games):
        moves = record(players, seed * 1000 + g)
        n += len(moves)
        loops = {k: make(players, moves) for k, make in WAYS.items()}
        best = dict.fromkeys(WAYS, float("inf"))
        for _ in range(repeat):  # alternate, so machine noise hits all alike; the best of the rounds counts
            for k, loop in loops.items():
                if k == "native":
                    clear_cache()  # every round builds its tensors from nothing, as a new game does
                best[k] = min(best[k], timed(loop))
        for k, v in best.items():
            totals[k] += v
    return line(players, games, n, {k: 1e6 * v / n for k, v in totals.items()}, "µs")


def _counted(way: str, players: int, games: int, seed: int, warm: int) -> None:
    """Inside callgrind: ``warm`` uncounted replays of each game, then one
    counted (inside ``functools.reduce``, the function callgrind collects in)."""
    records = [record(players, seed * 1000 + g) for g in range(games)]
    loops = [WAYS[way](players, moves) for moves in records]
    for _ in range(warm):
        for loop in loops:
            clear_cache()
            loop()
    for loop in loops:
        clear_cache()
        functools.reduce(lambda _, run: run(), (loop,), None)
    print(f"moves {sum(map(len, records))}")


def _setarch_works() -> bool:
    if shutil.which("setarch") is None:
        return False
    return subprocess.run(["setarch", "-R", "true"], capture_output=True, check=False).returncode == 0


def instructions(players: int, games: int, seed: int, warm: int) -> str:
    """Each way's instructions per move, counted by callgrind in a child
    (addresses not randomised where ``setarch -R`` works, hashing seeded)."""
    norandom = ["setarch", "-R"] if _setarch_works() else []
    per: dict[str, float] = {}
    n = 0
    for way in WAYS:
        env = dict(os.environ, PYTHONHASHSEED="0", **{_CHILD: f"{way},{players},{games},{seed},{warm}"})
        options = ["--collect-atstart=no", "--toggle-collect=functools_reduce", "--callgrind-out-file=/dev/null"]
        done = subprocess.run(
            [*norandom, "valgrind", "--tool=callgrind", *options, sys.executable, str(Path(__file__).resolve())],
            env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", done.stderr)
        moves = re.search(r"moves (\d+)", done.stdout)
        if done.returncode != 0 or found is None or moves is None:
            raise SystemExit(f"valgrind failed for {way}:\n{done.stderr[-2000:]}")
        n = int(moves.group(1))
        per[way] = int(found.group(1)) / n
    return line(players, games, n, per, "instructions")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--repeat", type=int, default=5, help="rounds per game; the fastest of each counts (machine noise only slows)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions per move under valgrind's callgrind (about a minute a player count)")
    parser.add_argument("--warm", type=int, default=1, help="with --instructions: uncounted replays of each game first (default 1)")
    args = parser.parse_args(argv)
    if args.instructions and shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: --instructions needs it", file=sys.stderr)
        return 2
    for players in args.players:
        print(seconds(players, args.games, args.seed, args.repeat), flush=True)
        if args.instructions:
            print("  counted: " + instructions(players, args.games, args.seed, args.warm), flush=True)
    return 0


if __name__ == "__main__":
    child = os.environ.get(_CHILD)
    if child:
        way, *numbers = child.split(",")
        players, games, seed, warm = map(int, numbers)
        _counted(way, players, games, seed, warm)
    else:
        raise SystemExit(main())
