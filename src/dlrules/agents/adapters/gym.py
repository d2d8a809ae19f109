"""Dungeon Lords as a Gymnasium single-agent environment (docs/ai.md); extra
``dlrules[pettingzoo]`` (Gymnasium comes with it).

::

    from dlrules.agents.adapters.gym import DungeonLordsEnv
    env = DungeonLordsEnv(players=2, seat=0, opponents="greedy")
    observation, info = env.reset(seed=1)
    done = False
    while not done:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

One seat (``seat``) is the agent; every other seat is played by a policy of
``dlrules.agents.bots`` (``opponents``: a bot's name, a ``Policy``, or one per other
seat as a dict), and chance is drawn inside the environment, all from one
``random.Random`` seeded by ``reset(seed=...)``.

- Actions: the decisions of ``dlrules.agents.decisions`` (``Discrete(NUM_DECISIONS)``).
- Observation: ``{"observation": 0/1 int8 vector (MultiBinary), "action_mask":
  int8 vector}`` as the PettingZoo environment gives it (the agent's
  projection, then the decisions it has made of the move under way; 1 for
  each open decision).
- Reward: 0 until the end, then the agent's return (``reward=``: "win",
  "score" or "rank", LIB-AI-3). An illegal action ends the episode with
  ``illegal_reward(reward)`` (-1, or -201 with "score": below every real
  return; ``info["illegal_move"]`` says why), as PettingZoo's classic games do.
- Registered with Gymnasium as ``ENV_ID`` = "dlrules/DungeonLords-v1".
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from dlrules.core.engine import new_game
from dlrules.agents.adapters.common import (
    PARTIAL_SIZE, check_reward, decision_id, finished, illegal_reward, observation_array, observation_size, partial_array, returns, scores,
)  # fmt: skip
from dlrules.agents.bots import BOTS
from dlrules.core.chance import Policy, sample_chance
from dlrules.agents.decisions import NUM_DECISIONS, Partial, acting, decide, legal_decisions
from dlrules.core.engine import apply_unchecked, legal_moves
from dlrules.core.errors import IllegalMove
from dlrules.core.state import CHANCE

ILLEGAL_REWARD = -1.0
"""The reward of an illegal action with ``reward`` "win" or "rank", which
ends the episode; with "score" it is -201 (``illegal_reward``): below every
real return either way, so the reward alone tells an illegal move."""

ENV_ID = "dlrules/DungeonLords-v1"
"""The Gymnasium id (registered when this module is imported):
``gymnasium.make("dlrules/DungeonLords-v1", players=2)``, or without the
import ``gymnasium.make("dlrules.agents.adapters.gym:dlrules/DungeonLords-v1")``."""


class DungeonLordsEnv(gymnasium.Env):
    """One seat against policies (module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}

    def __init__(
        self,
        players: int = 2,
        seat: int = 0,
        opponents: str | Policy | dict[int, str | Policy] = "greedy",
        variant: str = "full",
        reward: str = "win",
        render_mode: str | None = None,
    ) -> None:
        self._start = new_game(players, variant=variant)  # refuses a bad configuration with its reason
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.seat = seat
        self.reward = check_reward(reward)
        self.illegal_reward = illegal_reward(self.reward)
        self.render_mode = render_mode
        chosen = opponents if isinstance(opponents, dict) else {s: opponents for s in range(players) if s != seat}
        self._opponents: dict[int, Policy] = {}
        for s in range(players):
            if s == seat:
                continue
            name = chosen.get(s, "greedy")
            if isinstance(name, str):
                if name not in BOTS:
                    raise ValueError(f"unknown bot {name!r}: use one of {', '.join(sorted(BOTS))} or a policy")
                self._opponents[s] = BOTS[name]
            else:
                self._opponents[s] = name
        size = observation_size() + PARTIAL_SIZE
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.MultiBinary(size),
                "action_mask": gymnasium.spaces.Box(0, 1, (NUM_DECISIONS,), np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(NUM_DECISIONS)
        self._rng = random.Random()
        self.partial = Partial(self._start)
        self._ended = False

    def _advance(self) -> None:
        """Chance and the opponents move until the agent decides or the game ends."""
        p = self.partial
        while p.seat is None and not finished(p.state):
            who = acting(p)
            if who is None or who == self.seat:
                break
            if who == CHANCE:
                move = sample_chance(p.state, self._rng)
            else:
                mine = tuple(m for m in legal_moves(p.state) if m.seat == who)
                move = self._opponents[who](p.state, mine, self._rng)
            p = Partial(apply_unchecked(p.state, move))  # a legal move: the policies choose among them
        self.partial = p

    def _observe(self) -> dict[str, npt.NDArray[Any]]:
        mask = np.zeros(NUM_DECISIONS, np.int8)
        if not self._over() and acting(self.partial) == self.seat:
            mask[list(legal_decisions(self.partial))] = 1
        vector = np.concatenate((observation_array(self.partial.state, self.seat), partial_array(self.partial, self.seat))).view(np.int8)
        return {"observation": vector, "action_mask": mask}

    def _over(self) -> bool:
        return self.partial.seat is None and finished(self.partial.state)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(seed) if seed is not None else random.Random(int(self.np_random.integers(1 << 62)))
        self.partial = Partial(self._start)
        self._ended = False
        self._advance()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        if self._over() or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        try:
            self.partial = decide(self.partial, decision_id(action), apply_unchecked)
        except IllegalMove as refused:
            self._ended = True
            return self._observe(), self.illegal_reward, True, False, {"illegal_move": str(refused)}
        self._advance()
        if self._over():
            points = scores(self.partial.state)
            info = {"score": points[self.seat]} if points is not None else {}
            return self._observe(), returns(self.partial.state, self.reward)[self.seat], True, False, info
        return self._observe(), 0.0, False, False, {}

    def render(self) -> Any:
        """``rgb_array``: the picture of the position as the agent's seat sees
        it (its projection, ``dlrules.records.views``: the others' secrets face down,
        LIB-AI-4); ``ansi``: a line of text."""
        if self.render_mode == "rgb_array":
            from dlrules.agents.adapters.pettingzoo import rgb_array

            return rgb_array(self.partial.state, self.seat)
        if self.render_mode == "ansi":
            s = self.partial.state
            return f"Year {s.year}, {s.season} ({s.phase.value}); Player {self.seat + 1} is the agent"
        return None


gymnasium.register(id=ENV_ID, entry_point="dlrules.agents.adapters.gym:DungeonLordsEnv", max_episode_steps=None)

__all__ = ["ENV_ID", "ILLEGAL_REWARD", "DungeonLordsEnv"]
