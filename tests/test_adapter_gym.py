"""The Gymnasium single-agent environment (dlrules.agents.adapters.gym, docs/ai.md)."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import dlrules  # noqa: E402
from dlrules.agents.adapters.gym import ILLEGAL_REWARD, DungeonLordsEnv  # noqa: E402
from dlrules.agents.decisions import NUM_DECISIONS  # noqa: E402


def test_gymnasium_check_env_passes() -> None:
    check_env(DungeonLordsEnv(players=2), skip_render_check=True)


def _episode(env: DungeonLordsEnv, seed: int) -> tuple[list[int], float, dict[str, object]]:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return actions, float(reward), info


def test_an_episode_is_one_seat_against_the_bots_to_the_end_and_repeats_from_its_seed() -> None:
    env = DungeonLordsEnv(players=3, seat=1, opponents="greedy", variant="first", reward="score")
    actions, reward, info = _episode(env, 4)
    assert env.partial.state.phase is dlrules.Phase.GAME_OVER
    assert reward == info["score"]  # reward="score": the agent's final points
    assert (actions, reward) == _episode(env, 4)[:2]


def test_an_illegal_action_ends_the_episode_with_the_offender_losing() -> None:
    env = DungeonLordsEnv(players=2)
    observation, _ = env.reset(seed=1)
    closed = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(closed)
    assert terminated and reward == ILLEGAL_REWARD and "LIB-AI-6" in str(info["illegal_move"])
    assert env.action_space == gymnasium.spaces.Discrete(NUM_DECISIONS)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        DungeonLordsEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="unknown bot"):
        DungeonLordsEnv(players=2, opponents="clever")


def test_gymnasium_make_knows_the_dlrules_id() -> None:
    from dlrules.agents.adapters.gym import ENV_ID

    env = gymnasium.make(ENV_ID, players=2, variant="first")
    observation, _ = env.reset(seed=1)
    assert env.observation_space.contains(observation) and set(np.unique(observation["observation"])) <= {0, 1}
    assert isinstance(env.unwrapped, DungeonLordsEnv)
    again = gymnasium.make("dlrules.agents.adapters.gym:" + ENV_ID)  # the module prefix imports the adapter first
    assert isinstance(again.unwrapped, DungeonLordsEnv)


def test_an_illegal_action_with_score_rewards_is_below_every_score() -> None:
    from dlrules.agents.adapters.common import MIN_SCORE

    env = DungeonLordsEnv(players=2, reward="score")
    observation, _ = env.reset(seed=1)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert terminated and reward == MIN_SCORE - 1 and "illegal_move" in info
