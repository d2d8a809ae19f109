"""Dungeon Lords as a PettingZoo AEC environment (docs/ai.md); extra ``dlrules[pettingzoo]``.

::

    from dlrules.agents.adapters.pettingzoo import env
    e = env(players=3, variant="first")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

- Agents are ``player_0 .. player_{n-1}`` (seat i is ``player_i``); the
  actions are the decisions of ``dlrules.agents.decisions`` (``Discrete(NUM_DECISIONS)``):
  a move is made field by field, each field a step of the same agent.
- Each observation is ``{"observation": 0/1 int8 vector (MultiBinary),
  "action_mask": int8 vector}``: the vector of ``dlrules.agents.adapters.common``
  built from the agent's projection, then the decisions it has made of the
  move under way; and 1 for each decision open to that agent now (all 0 for
  an agent not to act).
- Chance is resolved inside the environment, drawn from a ``random.Random``
  seeded by ``reset(seed=...)``: the same seed and actions give the same game.
- In the secret simultaneous choices the agents to move act one after another
  in seat order; nobody's observation shows a choice not yet revealed.
- Rewards come at the end only (``reward=``: "win", "score" or "rank",
  ``dlrules.agents.adapters.common.REWARDS``), with each final score in
  ``infos[agent]["score"]``.
- An illegal action follows PettingZoo's classic convention: the game ends,
  the offender gets ``illegal_reward(reward)`` and the others 0
  (``infos[agent]["illegal_move"]`` holds the reason, with its rule ID): -1
  with "win" and "rank", -201 with "score", below every real return, so the
  reward alone tells it; ``strict=True`` raises ``IllegalMove`` instead and
  changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dlrules.agents.adapters.common import (
    PARTIAL_SIZE,
    check_reward,
    decision_id,
    finished,
    illegal_reward,
    observation_array,
    observation_size,
    partial_array,
    returns,
    scores,
    state_vector,
)
from dlrules.core.chance import sample_chance
from dlrules.agents.decisions import NUM_DECISIONS, Partial, acting, decide, describe_decision, legal_decisions, resume
from dlrules.core.engine import apply_unchecked, new_game, to_move
from dlrules.core.errors import IllegalMove
from dlrules.core.state import CHANCE, GameState

Observation = dict[str, npt.NDArray[Any]]

ILLEGAL_REWARD = -1.0
"""The reward of an illegal move with ``reward`` "win" or "rank" (PettingZoo's
classic convention); with "score" it is ``illegal_reward("score")`` = -201,
below any final score. Either way below every real return (docs/ai.md)."""


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's own name
    """The AEC environment, unwrapped (``env()`` adds PettingZoo's usual checks):
    ``players`` (2..4), ``variant`` ("full" or "first"), and as ``new_game``
    has them ``deal_and_keep`` (RUL-13) and ``first_player`` (SETUP-1)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "rgb_array"], "name": "dungeon_lords_v2", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        players: int = 4,
        variant: str = "full",
        render_mode: str | None = None,
        *,
        deal_and_keep: bool | None = None,
        first_player: int = 0,
        reward: str = "win",
        strict: bool = False,
    ) -> None:
        super().__init__()
        self.reward = check_reward(reward)
        self.strict = strict
        # new_game refuses a bad configuration with its reason (RUL-13, SETUP-1)
        self._start = new_game(players, variant=variant, deal_and_keep=deal_and_keep, first_player=first_player)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.players = players
        self.variant = variant
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.illegal_reward = illegal_reward(self.reward)
        size = observation_size() + PARTIAL_SIZE
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.MultiBinary(size),
                    "action_mask": gymnasium.spaces.Box(0, 1, (NUM_DECISIONS,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(NUM_DECISIONS) for a in self.possible_agents}
        self.state_space = gymnasium.spaces.MultiBinary(observation_size())
        self._rng = random.Random()
        self.partial = Partial(self._start)

    # --- spaces ---------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the game -------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    @property
    def state_(self) -> GameState:
        """The library's state (a move under way is in ``partial``)."""
        return self.partial.state

    @state_.setter
    def state_(self, state: GameState) -> None:
        """Put another position in (a test, a puzzle): a move under way goes on
        if ``state`` still allows it (``dlrules.agents.decisions.resume``)."""
        self.partial = resume(state, self.partial.seat, self.partial.chosen)

    def _resolve_chance(self) -> None:
        """Draw chance's moves with the environment's RNG until a player is to decide or the game is over."""
        p = self.partial
        while p.seat is None and not finished(p.state) and acting(p) == CHANCE:
            p = Partial(apply_unchecked(p.state, sample_chance(p.state, self._rng)))  # one of the legal chance moves
        self.partial = p

    def _over(self) -> bool:
        return self.partial.seat is None and finished(self.partial.state)

    def _select(self) -> None:
        if self._over():
            return
        who = acting(self.partial)
        assert who is not None and who != CHANCE
        self.agent_selection = self.possible_agents[who]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = random.Random(seed) if seed is not None else random.Random()
        self.partial = Partial(self._start)  # immutable: every game starts from this one
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
        mask = np.zeros(NUM_DECISIONS, np.int8)
        if agent == self.agent_selection and not self._over() and acting(self.partial) == seat:  # only the agent to act, as AEC has it
            mask[list(legal_decisions(self.partial))] = 1
        vector = np.concatenate((observation_array(self.state_, seat), partial_array(self.partial, seat))).view(np.int8)  # 0/1: MultiBinary's dtype
        return {"observation": vector, "action_mask": mask}

    def state(self) -> npt.NDArray[np.int8]:
        """The whole position as 0/1, nothing hidden (``state_space``;
        ``dlrules.agents.adapters.common.state_vector``): for centralised critics, never for a player."""
        return np.asarray(state_vector(self.state_), np.int8)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: give an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        try:
            self.partial = decide(self.partial, decision_id(action), apply_unchecked)  # the last decision names a legal move
        except IllegalMove as refused:
            if self.strict:
                raise
            self._illegal(agent, refused)
            return
        self._resolve_chance()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self._over():
            points = scores(self.state_)
            for seat, (a, r) in enumerate(zip(self.possible_agents, returns(self.state_, self.reward))):
                if a in self.agents:
                    self.rewards[a] = r
                    if points is not None:
                        self.infos[a] = {"score": points[seat]}
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, refused: IllegalMove) -> None:
        """PettingZoo's classic convention for an illegal move: the offender
        gets ``ILLEGAL_REWARD``, the others 0, and every agent terminates."""
        reason = str(refused)
        self.rewards = {a: (self.illegal_reward if a == agent else 0.0) for a in self.agents}
        self.infos = {a: ({"illegal_move": reason} if a == agent else {}) for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self, agent: str | None = None) -> Any:
        """``ansi``: a short text summary; ``human``: that text printed;
        ``rgb_array``: the position's picture (``dlrules.display.svg.position``) as a
        height × width × 3 uint8 array, rasterised by cairosvg (extra
        ``dlrules[render]``): the spectator's projection (public information
        only, ``dlrules.records.views``) by default, ``agent``'s own projection when
        an agent is named (LIB-AI-4: no picture shows a secret of another)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            return rgb_array(self.state_, None if agent is None else self._seat(agent))
        s = self.state_
        lines = [f"Year {s.year}, {s.season} ({s.phase.value}); to move: {sorted(to_move(s))}"]
        for i, p in enumerate(s.players):
            lines.append(f"  player_{i}: gold {p.gold}, food {p.food}, imps {p.imps}, evil {p.evil}, tiles {len(p.dungeon.tiles)}, monsters {len(p.monsters)}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def describe_action(self, action: int, agent: str | None = None) -> str:
        """A decision id in words, as ``agent`` (default: the one to move) would make it."""
        seat = self._seat(agent or self.agent_selection)
        return f"P{seat + 1} {describe_decision(int(action))}"


def rgb_array(state: GameState, seat: int | None = None) -> npt.NDArray[np.uint8]:
    """The picture of ``state`` as ``seat`` sees it (``None``: a spectator) as
    an RGB array, rasterised with cairosvg (``pip install 'dlrules[render]'``).

    The picture is drawn from the seat's projection (``dlrules.records.views.redact``)
    only: the spectator's shows every secret face down (LIB-AI-4), so two
    positions the spectator cannot tell apart give the same image."""
    import io

    import cairosvg
    from PIL import Image

    from dlrules.display.svg import position
    from dlrules.records.views import redact

    # position redacts for a seat itself; the spectator's projection is made here (None draws the referee's whole state)
    svg = position(state, seat) if seat is not None else position(redact(state, None), None)
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), np.uint8)


def env(
    players: int = 4,
    variant: str = "full",
    render_mode: str | None = None,
    *,
    deal_and_keep: bool | None = None,
    first_player: int = 0,
    reward: str = "win",
    strict: bool = False,
) -> Any:
    """The environment with PettingZoo's usual wrappers (order and bounds checks);
    the arguments as ``raw_env``'s."""
    e = raw_env(players, variant, render_mode, deal_and_keep=deal_and_keep, first_player=first_player, reward=reward, strict=strict)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


__all__ = ["ILLEGAL_REWARD", "env", "raw_env", "rgb_array"]
