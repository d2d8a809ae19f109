"""The adapters' cost against the native API, side by side (docs/performance.md).

    python benchmarks/adapters.py                 # 2 and 4 players, a few seconds each
    python benchmarks/adapters.py --games 3 --seed 5

The same whole games are played three ways, move for move: seeded random
games are recorded first, then each is replayed

- **native**: at each move, what a player of the library does: ``to_move``,
  ``legal_moves`` (a chance node: ``chance_outcomes``, the exact
  probabilities), then ``apply`` of the move;
- **OpenSpiel**: at each move, ``current_player``, then for each of the move's
  decisions ``legal_actions`` and ``apply_action`` (a chance node:
  ``chance_outcomes`` and ``apply_action``); the ids an agent would send are
  worked out before the clock starts, as the native loop's moves are given;
- **OpenSpiel with an observation tensor**: as OpenSpiel, and at each player
  decision the acting player's observation tensor as a learner reads it
  (``open_spiel.python.observation.make_observation``'s ``set_from``: a
  numpy tensor of 0/1, ``tensor`` and ``dict``); the ratio to the bare
  OpenSpiel run is the cost of a step with an observation tensor (the
  target: at most 3×, issue 39);
- **PettingZoo**: each decision through ``last()`` (the observation vector
  and its mask) and ``step`` (chance inside the environment, seeded so that
  it draws the same cards as the record).

Each game is replayed ``--repeat`` times each way, alternating, and the
fastest round of each counts (noise on a shared machine only ever slows a
round down). Reported: CPU microseconds per library move (a whole move: a chance outcome
or a player's move, however many decisions it takes) for each, and the
ratio OpenSpiel / native (the target: at most 1.3). The PettingZoo figure
includes building an observation vector per decision, which the native API
does not do (a seat's view); it is given for scale.
"""

from __future__ import annotations

import argparse
import random
import time

import dlrules
from dlrules.agents.adapters.tensors import clear_cache
from dlrules.core.chance import chance_outcomes, play_out
from dlrules.agents.decisions import decisions_of
from dlrules.core.moves import Move
from dlrules.core.state import CHANCE


def record(players: int, seed: int) -> list[Move]:
    return list(play_out(dlrules.new_game(players), None, random.Random(seed)).moves)


def native(players: int, moves: list[Move]) -> float:
    state = dlrules.new_game(players)
    started = time.process_time()
    for move in moves:
        seats = dlrules.to_move(state)
        if CHANCE in seats:
            chance_outcomes(state)
        else:
            dlrules.legal_moves(state)
        state = dlrules.apply(state, move)
    return time.process_time() - started


def openspiel(players: int, moves: list[Move], observe: bool = False) -> float:
    import pyspiel
    from open_spiel.python.observation import make_observation

    import dlrules.agents.adapters.openspiel  # noqa: F401 - registers the game
    from dlrules.agents.actions import encode

    game = pyspiel.load_game("python_dungeon_lords", {"players": players})
    observer = make_observation(game) if observe else None
    state = game.new_initial_state()
    actions = [(True, (encode(m),)) if m.seat == CHANCE else (False, decisions_of(m)) for m in moves]  # what an agent would send
    started = time.process_time()
    for chance, ds in actions:
        state.current_player()
        if chance:
            state.chance_outcomes()
            state.apply_action(ds[0])
            continue
        while True:  # decisions with a single open value are made for the player: skip past them
            if observer is not None:
                observer.set_from(state, state.current_player())
            state.legal_actions()
            state.apply_action(ds[len(state.partial.chosen)])
            if state.partial.seat is None:
                break  # the move is whole
    elapsed = time.process_time() - started
    assert state.game_state.phase is dlrules.Phase.GAME_OVER
    return elapsed


def pettingzoo(players: int, moves: list[Move]) -> float:
    from dlrules.agents.adapters.pettingzoo import raw_env
    from dlrules.core.engine import apply_unchecked

    e = raw_env(players=players)
    e.reset(seed=0)
    # replay the record's chance: the environment's own draws are replaced by the recorded ones
    chance = iter([m for m in moves if m.seat == CHANCE])
    from dlrules.agents.decisions import Partial, acting

    def resolve() -> None:
        p = e.partial
        while p.seat is None and not dlrules.is_over(p.state) and acting(p) == CHANCE:
            p = Partial(apply_unchecked(p.state, next(chance)))
        e.partial = p

    e._resolve_chance = resolve  # type: ignore[method-assign]
    e.reset(seed=0)
    actions = [decisions_of(m) for m in moves if m.seat != CHANCE]  # what the agents would send
    started = time.process_time()
    for ds in actions:
        while True:
            e.last()
            e.step(ds[len(e.partial.chosen)])
            if e.partial.seat is None:
                break  # the move is whole
    elapsed = time.process_time() - started
    assert dlrules.is_over(e.state_)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--repeat", type=int, default=5, help="rounds per game; the fastest of each counts (machine noise only slows)")
    args = parser.parse_args(argv)
    for players in args.players:
        totals = {"native": 0.0, "openspiel": 0.0, "observed": 0.0, "pettingzoo": 0.0}
        n = 0
        for g in range(args.games):
            moves = record(players, args.seed * 1000 + g)
            n += len(moves)
            best = dict.fromkeys(totals, float("inf"))
            for _ in range(args.repeat):  # alternate, so machine noise hits all alike; the best of the rounds counts
                clear_cache()  # every round builds its tensors from nothing, as a new game does
                best["native"] = min(best["native"], native(players, moves))
                best["openspiel"] = min(best["openspiel"], openspiel(players, moves))
                best["observed"] = min(best["observed"], openspiel(players, moves, observe=True))
                best["pettingzoo"] = min(best["pettingzoo"], pettingzoo(players, moves))
            for k, v in best.items():
                totals[k] += v
        per = {k: 1e6 * v / n for k, v in totals.items()}
        print(
            f"{players} players, {args.games} games, {n} moves: native {per['native']:.0f} µs/move, "
            f"OpenSpiel {per['openspiel']:.0f} µs/move ({per['openspiel'] / per['native']:.2f}× native), "
            f"with an observation tensor at each decision {per['observed']:.0f} µs/move "
            f"({per['observed'] / per['openspiel']:.2f}× the bare OpenSpiel step), "
            f"PettingZoo {per['pettingzoo']:.0f} µs/move ({per['pettingzoo'] / per['native']:.2f}× native, with observations)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
