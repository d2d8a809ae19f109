"""Dungeon Lords as a PettingZoo AEC environment (docs/ai.md); extra ``dlrules[pettingzoo]``.

::

    from dlrules.adapters.pettingzoo import env
    e = env(players=3, variant="first")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

- Agents are ``player_0 .. player_{n-1}`` (seat i is ``player_i``); the
  actions are the ids of ``dlrules.actions`` (``Discrete(NUM_ACTIONS)``).
- Each observation is ``{"observation": float32 vector, "action_mask": int8
  vector}``: the vector of ``dlrules.adapters.common`` built from the agent's
  ``view``, and 1 for each id legal for that agent now (all 0 for an agent
  that is not the one to act).
- Chance is resolved inside the environment, drawn from a ``random.Random``
  seeded by ``reset(seed=...)``: the same seed and actions give the same game.
- In the secret simultaneous choices the agents to move act one after another
  in seat order; nobody's observation shows a choice not yet revealed.
- A game is played to its end (``Phase.GAME_OVER``, both years and the final
  scoring). Rewards come at the end only (``dlrules.adapters.common.returns``,
  LIB-AI-3: 1 for the winner, shared equally among tied winners, 0 otherwise,
  from ``dlrules.outcome``), with each final score in ``infos[agent]["score"]``;
  an illegal action raises ``IllegalMove`` with the rules it breaks.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dlrules.actions import NUM_ACTIONS, decode, legal_actions
from dlrules.adapters.common import finished, observation_size, observation_vector, returns, scores
from dlrules.chance import sample_chance
from dlrules.engine import apply, apply_unchecked, new_game, to_move
from dlrules.notation import format_move
from dlrules.state import CHANCE, GameState

Observation = dict[str, npt.NDArray[Any]]

OBSERVATION_HIGH = 255.0
"""Upper bound of every number in the observation vector (counts and resources are far smaller)."""

OBSERVATION_LOW = -255.0
"""Lower bound: every number is 0 or more except the final scores (``outcome``), which may be negative (SCO-3)."""


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's own name
    """The AEC environment, unwrapped (``env()`` adds PettingZoo's usual checks):
    ``players`` (2..4), ``variant`` ("full" or "first"), and as ``new_game``
    has them ``deal_and_keep`` (RUL-13) and ``first_player`` (SETUP-1)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "dungeon_lords_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 4,
        variant: str = "full",
        render_mode: str | None = None,
        *,
        deal_and_keep: bool | None = None,
        first_player: int = 0,
    ) -> None:
        super().__init__()
        # new_game refuses a bad configuration with its reason (RUL-13, SETUP-1)
        self._start = new_game(players, variant=variant, deal_and_keep=deal_and_keep, first_player=first_player)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.players = players
        self.variant = variant
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        size = observation_size()
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.state_: GameState = self._start

    # --- spaces ---------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the game -------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _resolve_chance(self) -> None:
        """Draw chance's moves with the environment's RNG until a player is to move or the game is over."""
        while not finished(self.state_) and CHANCE in to_move(self.state_):
            self.state_ = apply(self.state_, sample_chance(self.state_, self._rng))

    def _select(self) -> None:
        if finished(self.state_):
            return
        self.agent_selection = self.possible_agents[min(to_move(self.state_))]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else random.Random()
        self.state_ = self._start  # immutable: every game starts from this one
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._resolve_chance()
        self._select()

    def observe(self, agent: str) -> Observation:
        seat = self._seat(agent)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if agent == self.agent_selection and not finished(self.state_):  # only the agent to act, as AEC has it
            mask[list(legal_actions(self.state_, seat))] = 1
        return {"observation": np.asarray(observation_vector(self.state_, seat), np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action id, not None")
        move = decode(self.state_, int(action), self._seat(agent))  # IllegalMove with the rules broken
        self._cumulative_rewards[agent] = 0.0
        self.state_ = apply_unchecked(self.state_, move)  # decode checked it
        self._resolve_chance()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if finished(self.state_):
            points = scores(self.state_)
            for seat, (a, r) in enumerate(zip(self.possible_agents, returns(self.state_))):
                if a in self.agents:
                    self.rewards[a] = r
                    if points is not None:
                        self.infos[a] = {"score": points[seat]}
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        s = self.state_
        lines = [f"Year {s.year}, {s.season} ({s.phase.value}); to move: {sorted(to_move(s))}"]
        for i, p in enumerate(s.players):
            lines.append(f"  player_{i}: gold {p.gold}, food {p.food}, imps {p.imps}, evil {p.evil}, tiles {len(p.dungeon.tiles)}, monsters {len(p.monsters)}")
        return "\n".join(lines)

    def close(self) -> None:
        pass

    def describe_action(self, action: int, agent: str | None = None) -> str:
        """An action id in the move notation, as ``agent`` (default: the one to move) would make it."""
        from dlrules.actions import move_of

        seat = self._seat(agent or self.agent_selection)
        return format_move(move_of(int(action), seat))


def env(
    players: int = 4,
    variant: str = "full",
    render_mode: str | None = None,
    *,
    deal_and_keep: bool | None = None,
    first_player: int = 0,
) -> Any:
    """The environment with PettingZoo's usual wrappers (order and bounds checks);
    the arguments as ``raw_env``'s."""
    e = raw_env(players, variant, render_mode, deal_and_keep=deal_and_keep, first_player=first_player)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


__all__ = ["env", "raw_env"]
