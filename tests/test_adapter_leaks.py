"""No leak through the adapters (ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2,
CMB-PLAN-9): whole random games played through each framework, to the end; at
every decision (OpenSpiel: every combat decision and half the others, drawn at
random, to keep CI short), a player's observation and information state are the same for
a state that differs only in what that player may not know (the others' secret
orders, dealt and kept orders, dummy choices, trap cards, unseen and spied
combat cards, the trap cards another defender planned or has left in his
battle, deck contents and order, the cards in the box, Y2-8, Y2-10). ``with_any_secrets``
(secrets put in by hand: trap cards in hand and planned in combat, looks at
combat cards) and ``perturb_any`` are the no-leak property's helpers
(properties/siblings.py)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")  # the adapters' tensors (extras openspiel, pettingzoo)

import dlrules  # noqa: E402
from dlrules import ChooseOrders, GameState, Phase
from dlrules.agents.adapters.common import observation_string, observation_vector
from dlrules.agents.adapters.tensors import clear_cache
from properties.siblings import perturb_any, with_any_secrets
from test_views import _choosing

SEEDS = (0,)


def test_ORD_3_the_shared_observation_does_not_depend_on_hidden_parts() -> None:
    for players in (2, 3, 4):
        state = dlrules.play_out(dlrules.new_game(players), None, random.Random(players), max_moves=70).state
        rng = random.Random(players)
        state = with_any_secrets(state, rng)
        for seat in range(players):
            other = perturb_any(state, seat, rng)
            assert observation_vector(other, seat) == observation_vector(state, seat)
            assert observation_string(other, seat) == observation_string(state, seat)
            assert observation_vector(other, seat, public=True) == observation_vector(state, seat, public=True)


def test_the_leak_check_would_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the views' player redaction switched off, committed orders show in the vector."""
    import dlrules.records.views as views

    state = with_any_secrets(_choosing(3), random.Random(1))
    state = dlrules.apply(state, ChooseOrders(0, state.players[0].hand[:3]))
    other = perturb_any(state, 1, random.Random(7))
    assert observation_vector(other, 1) == observation_vector(state, 1)
    monkeypatch.setattr(views, "_redact_player", lambda p: p)
    clear_cache()  # the vectors of these very states were cached, redacted, a moment ago
    assert observation_vector(other, 1) != observation_vector(state, 1)
    monkeypatch.undo()
    clear_cache()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_leak_through_openspiel(players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    from dlrules.agents.adapters.openspiel import DungeonLordsState

    game = pyspiel.load_game("python_dungeon_lords", {"players": players, "variant": "full"})
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_initial_state()
        fought = False
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(np.random.RandomState(rng.randrange(2**31)).choice(actions, p=probs)))
                continue
            if state.partial.seat is not None or (state.game_state.fight is None and rng.random() < 0.5):
                # the first decision of half the building moves and of every combat move (the rest of a
                # move is the maker's own decisions, shown to that seat alone)
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            secret = with_any_secrets(state.game_state, rng)
            fought = fought or secret.fight is not None
            one = DungeonLordsState(game, secret, state.recall)
            for p in range(players):  # every player, the one to move and the others
                two = DungeonLordsState(game, perturb_any(secret, p, rng), state.recall)
                assert one.information_state_string(p) == two.information_state_string(p)
                assert one.observation_string(p) == two.observation_string(p)
                assert one.information_state_tensor(p) == two.information_state_tensor(p)
                assert one.observation_tensor(p) == two.observation_tensor(p)
                if not one.is_chance_node():  # a look at a combat card in progress: chance's outcomes are the deck's
                    assert one.legal_actions(p) == two.legal_actions(p)
            state.apply_action(rng.choice(state.legal_actions()))
        assert fought and state.game_state.phase is Phase.GAME_OVER


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_leak_through_pettingzoo(players: int) -> None:
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from dlrules.agents.adapters.pettingzoo import raw_env

    for seed in SEEDS:
        rng = random.Random(seed)
        env = raw_env(players=players)
        env.reset(seed=seed)
        twin = raw_env(players=players)
        twin.reset(seed=seed)
        fought = False
        for agent in env.agent_iter():
            _, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            real: GameState = env.state_
            if env.partial.seat is not None:  # the rest of a move: the maker's own decisions
                env.step(int(rng.choice(list(np.flatnonzero(env.observe(agent)["action_mask"])))))
                continue
            env.state_ = with_any_secrets(real, rng)
            fought = fought or real.fight is not None
            twin.agent_selection = agent
            for seat, name in enumerate(env.possible_agents):  # every agent, the one to move and the others
                twin.state_ = perturb_any(env.state_, seat, rng)
                mine, theirs = env.observe(name), twin.observe(name)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            env.state_ = real
            env.step(int(rng.choice(list(np.flatnonzero(env.observe(agent)["action_mask"])))))
        assert fought and env.state_.phase is Phase.GAME_OVER
