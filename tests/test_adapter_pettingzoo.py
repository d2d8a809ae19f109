"""The PettingZoo AEC environment (dlrules.agents.adapters.pettingzoo, docs/ai.md)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import dlrules  # noqa: E402
from dlrules import IllegalMove, Phase  # noqa: E402
from dlrules.agents.adapters.pettingzoo import ILLEGAL_REWARD, env, raw_env  # noqa: E402
from dlrules.agents.decisions import NUM_DECISIONS, legal_decisions  # noqa: E402


def _play(e: Any, seed: int) -> list[tuple[str, int | None]]:
    """A random-policy game (actions drawn from the mask with ``seed``): the agents and actions."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail: list[tuple[str, int | None]] = []
    for agent in e.agent_iter():
        obs, _, termination, truncation, _ = e.last()
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        trail.append((agent, action))
        e.step(action)
    return trail


@pytest.mark.parametrize(("players", "variant"), [(2, "first"), (4, "full")])
def test_pettingzoo_api_test_passes(players: int, variant: str) -> None:
    with warnings.catch_warnings():
        # The two notes api_test gives every environment with dict observations (chess, connect four too).
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(players=players, variant=variant), num_cycles=200)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: env(players=3, variant="full"), num_cycles=50)  # each cycle compares masks of NUM_DECISIONS


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    first = _play(env(players=3), 5)
    assert first == _play(env(players=3), 5)
    assert first != _play(env(players=3), 6)


def test_LIB_AI_3_agents_observations_and_rewards_at_the_end_of_the_game() -> None:
    e = raw_env(players=3, variant="first")
    e.reset(seed=1)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    obs = e.observe(e.agent_selection)
    assert set(obs) == {"observation", "action_mask"}
    assert obs["action_mask"].shape == (NUM_DECISIONS,) and obs["action_mask"].dtype == np.int8
    assert list(np.flatnonzero(obs["action_mask"])) == list(legal_decisions(e.partial))
    rewards: dict[str, float] = {}
    scores: dict[str, int] = {}
    for agent in e.agent_iter():
        _, reward, termination, truncation, info = e.last()
        if termination:
            rewards[agent] = reward
            scores[agent] = info["score"]
        e.step(None if termination or truncation else int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert e.state_.phase is Phase.GAME_OVER
    result = dlrules.outcome(e.state_)
    assert result is not None
    # LIB-AI-3: 1 to the winner, shared equally among tied winners; the points in infos
    assert rewards == {f"player_{s}": (1.0 / len(result.winners) if s in result.winners else 0.0) for s in range(3)}
    assert scores == {f"player_{s}": result.totals[s] for s in range(3)}
    assert e.agents == []


def test_chance_is_resolved_by_the_environment() -> None:
    e = raw_env(players=2)
    e.reset(seed=3)
    assert dlrules.CHANCE not in dlrules.to_move(e.state_)
    assert e.state_.players[0].dealt  # the first deal was drawn


def test_an_illegal_action_ends_the_game_with_the_offender_losing_the_classic_convention() -> None:
    e = raw_env(players=2)
    e.reset(seed=3)
    offender = e.agent_selection
    mask = e.observe(offender)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[-1]))
    assert all(e.terminations.values())
    assert e.rewards == {a: (ILLEGAL_REWARD if a == offender else 0.0) for a in e.possible_agents}
    assert "LIB-AI-6" in e.infos[offender]["illegal_move"]


def test_LIB_AI_3_an_illegal_move_is_told_by_its_reward_alone_below_every_real_return() -> None:
    """With reward="score" a real return may be -1 (final points), so the
    illegal move's reward is one below the least final score instead."""
    from dlrules.agents.adapters.common import MIN_SCORE, illegal_reward

    e = raw_env(players=2, reward="score")
    e.reset(seed=3)
    offender = e.agent_selection
    e.step(int(np.flatnonzero(e.observe(offender)["action_mask"] == 0)[-1]))
    assert e.rewards[offender] == illegal_reward("score") == MIN_SCORE - 1  # no game ends below MIN_SCORE points
    assert illegal_reward("win") == illegal_reward("rank") == ILLEGAL_REWARD == -1.0


def test_observations_are_0_1_in_their_multibinary_space_and_the_name_follows_pettingzoo() -> None:
    e = raw_env(players=3)
    e.reset(seed=4)
    assert e.metadata["name"] == "dungeon_lords_v2"
    for agent in e.possible_agents:
        obs = e.observe(agent)
        assert e.observation_space(agent).contains(obs)
        assert set(np.unique(obs["observation"])) <= {0, 1}


def test_strict_refuses_an_illegal_action_with_its_rule_and_changes_nothing() -> None:
    e = raw_env(players=2, strict=True)
    e.reset(seed=3)
    before = e.partial
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(IllegalMove) as refused:
        e.step(int(np.flatnonzero(mask == 0)[-1]))
    assert refused.value.rules == ("LIB-AI-6",)
    assert e.partial is before


def test_pettingzoo_render_test_passes_and_rgb_array_is_the_picture() -> None:
    pytest.importorskip("cairosvg")
    render_test(lambda render_mode=None: env(players=2, render_mode=render_mode))
    e = raw_env(players=2, render_mode="rgb_array")
    e.reset(seed=1)
    picture = e.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3 and picture.shape[0] > 100
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 10  # a drawing, not a blank page


def test_state_is_the_whole_position_for_a_centralised_critic() -> None:
    e = raw_env(players=3)
    e.reset(seed=2)
    state = e.state()
    assert state.shape == e.state_space.shape and state.dtype == np.int8 and e.state_space.contains(state)
    seat = e.possible_agents.index(e.agent_selection)
    assert e.state_.players[seat].dealt  # dealt orders: private, but in the state
    mine = e.observe(e.possible_agents[(seat + 1) % 3])["observation"][: len(state)]
    assert not np.array_equal(state, mine)  # another seat's observation lacks them


@pytest.mark.parametrize("reward", ["score", "rank"])
def test_LIB_AI_3_other_rewards(reward: str) -> None:
    e = raw_env(players=3, variant="first", reward=reward)
    e.reset(seed=1)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        _, r, termination, truncation, info = e.last()
        if termination:
            final[agent] = r
        e.step(None if termination or truncation else int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    result = dlrules.outcome(e.state_)
    assert result is not None
    if reward == "score":
        assert final == {f"player_{s}": float(result.totals[s]) for s in range(3)}
    else:
        assert sum(final.values()) == pytest.approx(1.5)


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="not 5"):
        raw_env(players=5)
    with pytest.raises(ValueError, match="variant"):
        raw_env(variant="long")
    with pytest.raises(ValueError, match="SETUP-1"):
        raw_env(players=2, first_player=3)


def test_RUL_13_SETUP_1_the_first_game_may_deal_and_keep_and_any_seat_may_begin() -> None:
    e = raw_env(players=3, variant="first", deal_and_keep=True, first_player=1)
    e.reset(seed=0)
    assert e.state_.deal_and_keep and e.state_.first_player == 1
    assert e.agent_selection == "player_0"  # everyone keeps unavailable orders at once: in seat order


def test_only_the_agent_to_act_has_legal_actions_in_its_mask() -> None:
    e = raw_env(players=3)
    e.reset(seed=2)
    acting = e.agent_selection
    for agent in e.possible_agents:
        assert e.observe(agent)["action_mask"].any() == (agent == acting)


def test_ansi_render_and_action_descriptions_are_text() -> None:
    e = raw_env(players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.startswith("Year 1, winter (setup)") and "player_1: gold 3" in text
    action = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    assert e.describe_action(action).startswith("P1 KeepUnavailable.orders ")


def test_the_versioned_module_follows_pettingzoo_naming() -> None:
    from dlrules.agents.adapters import dungeon_lords_v2

    e = dungeon_lords_v2.env(players=2)
    assert e.metadata["name"] == "dungeon_lords_v2" and dungeon_lords_v2.raw_env is raw_env
