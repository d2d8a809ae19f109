"""A small learner on the 0/1 observation tensors: a linear softmax policy
trained by policy gradient (REINFORCE with a running baseline), numpy only,
in the Gymnasium environment, 2 players (docs/ai.md, "An example that learns").

    python examples/learn_policy_gradient.py                  # about 3 CPU minutes in all
    python examples/learn_policy_gradient.py --minutes 1 --eval 10   # a quick look

What it does:

- the agent is one seat of ``gymnasium.make("dlrules/DungeonLords-v1")``
  (the seat alternates from game to game), the other seat a bot of
  ``dlrules.agents.bots``: "random" or "greedy", drawn for each training game;
- its input is the environment's observation as it comes: the 0/1 vector
  of its projection and the decisions of the move under way; its output a
  logit for each decision id, ``W[a] · x + b[a]``, softmax over the open
  decisions only (the action mask); a decision with one open value is made
  without the policy;
- after each game, REINFORCE: every decision it made is pushed up or down by
  the game's result less a running mean of results. The result is the final
  margin over the opponent, squashed, ``tanh((mine - theirs) / 10)``: a win
  or loss alone says too little in a few thousand games;
- before and after training it plays ``--eval`` games against each bot
  (seats alternating, its policy sampled) and prints its win rate (a shared
  victory counts half) with a 95% Wilson interval.

Training stops after ``--minutes`` of CPU time (process time); the
evaluations come on top. Everything is seeded (``--seed``): the same
arguments on the same machine give the same games and figures, except that
the CPU budget cuts training where the machine's speed puts it.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

import dlrules
from dlrules.agents.adapters.gym import ENV_ID
from dlrules.apps.tournament import wilson

Vector = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over the open decisions of ``W[a] · x + b[a]``; ``x`` is 0/1, so ``W[a] · x`` sums ``W[a]`` over its ones."""

    def __init__(self, features: int, actions: int) -> None:
        self.w = np.zeros((actions, features))
        self.b = np.zeros(actions)

    def probabilities(self, ones: npt.NDArray[np.intp], legal: npt.NDArray[np.intp]) -> Vector:
        logits = self.w[np.ix_(legal, ones)].sum(axis=1) + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def update(self, steps: list[tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], Vector, int]], advantage: float, rate: float) -> None:
        """One REINFORCE step: the gradient of log π(a | x) is (onehot(a) − π) ⊗ x over the open decisions."""
        for ones, legal, p, chosen in steps:
            g = -p
            g[chosen] += 1.0
            self.w[np.ix_(legal, ones)] += (rate * advantage) * g[:, None]
            self.b[legal] += (rate * advantage) * g


def play(env: Any, policy: LinearPolicy, rng: np.random.Generator, seed: int) -> tuple[float, float, list[tuple[Any, Any, Vector, int]]]:
    """One game: the agent's win share (1, 0.5 shared, 0), its margin, and its decisions."""
    observation, _ = env.reset(seed=seed)
    steps: list[tuple[Any, Any, Vector, int]] = []
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        if len(legal) == 1:
            action = int(legal[0])
        else:
            ones = np.flatnonzero(observation["observation"])
            p = policy.probabilities(ones, legal)
            chosen = int(rng.choice(len(legal), p=p))
            steps.append((ones, legal, p, chosen))
            action = int(legal[chosen])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            if "illegal_move" in info:  # never: the agent picks from the mask
                raise RuntimeError(info["illegal_move"])
            result = dlrules.outcome(env.unwrapped.partial.state)
            assert result is not None
            seat = env.unwrapped.seat
            return float(reward), float(result.totals[seat] - result.totals[1 - seat]), steps


def make_env(seat: int, opponent: str) -> Any:
    import gymnasium

    return gymnasium.make(ENV_ID, players=2, seat=seat, opponents=opponent, variant="full", reward="win", disable_env_checker=True)


def evaluate(policy: LinearPolicy, games: int, seed: int) -> dict[str, tuple[float, int, tuple[float, float]]]:
    """Win rate against each bot over ``games`` games, seats alternating."""
    out = {}
    rng = np.random.default_rng(seed)
    for opponent in ("random", "greedy"):
        envs = [make_env(0, opponent), make_env(1, opponent)]
        wins = 0.0
        for g in range(games):
            won, _, _ = play(envs[g % 2], policy, rng, seed * 7919 + g)
            wins += won
        out[opponent] = (wins, games, wilson(wins, games, z=1.959964))
    return out


def report(title: str, results: dict[str, tuple[float, int, tuple[float, float]]]) -> None:
    for opponent, (wins, games, (low, high)) in results.items():
        print(f"{title} against {opponent}: won {wins:g} of {games} = {wins / games:.1%} (95% Wilson {low:.1%}–{high:.1%})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=2.5, help="CPU minutes of training")
    parser.add_argument("--eval", type=int, default=120, help="games against each bot, before and after")
    parser.add_argument("--rate", type=float, default=0.02, help="learning rate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    probe = make_env(0, "random")
    features = probe.observation_space["observation"].shape[0]
    policy = LinearPolicy(features, probe.action_space.n)
    print(f"observation: {features} values, each 0 or 1; {probe.action_space.n} decision ids", flush=True)

    started = time.process_time()
    report("before training (uniform over the open decisions)", evaluate(policy, args.eval, args.seed + 1000))
    evaluated = time.process_time() - started

    rng = np.random.default_rng(args.seed)
    envs = {(seat, opponent): make_env(seat, opponent) for seat in (0, 1) for opponent in ("random", "greedy")}
    baseline, games, wins, recent = 0.0, 0, 0.0, []
    budget = 60.0 * args.minutes
    training = time.process_time()
    while time.process_time() - training < budget:
        opponent = "greedy" if rng.random() < 0.5 else "random"
        won, margin, steps = play(envs[(games % 2, opponent)], policy, rng, args.seed * 100_003 + games)
        result = math.tanh(margin / 10.0)
        policy.update(steps, result - baseline, args.rate)
        baseline += 0.02 * (result - baseline)
        games, wins = games + 1, wins + won
        recent.append(won)
        if games % 100 == 0:
            print(f"  {games} training games, {time.process_time() - training:.0f} CPU s: won {sum(recent) / len(recent):.0%} of the last {len(recent)}", flush=True)
            recent = []
    trained = time.process_time() - training
    print(f"trained on {games} games in {trained / 60:.1f} CPU minutes (won {wins / max(games, 1):.0%} of them)", flush=True)

    report("after training", evaluate(policy, args.eval, args.seed + 2000))
    print(f"CPU: training {trained / 60:.1f} min, evaluations {(time.process_time() - training - trained + evaluated) / 60:.1f} min", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
