"""The OpenSpiel game python_dungeon_lords (dlrules.agents.adapters.openspiel, docs/ai.md)."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import dlrules  # noqa: E402
from dlrules.agents.actions import encode  # noqa: E402
from dlrules.agents.adapters import openspiel as dl_openspiel  # noqa: E402
from dlrules.agents.adapters.common import PARTIAL_SIZE, observation_size, observation_vector  # noqa: E402
from dlrules.agents.adapters.recall import STEP_BITS  # noqa: E402
from dlrules.agents.decisions import NUM_CHANCE_OUTCOMES, NUM_DECISIONS  # noqa: E402


def _game(players: int = 2, variant: str = "first") -> Any:
    return pyspiel.load_game(dl_openspiel.SHORT_NAME, {"players": players, "variant": variant})


def test_importing_registers_the_game_with_its_parameters() -> None:
    assert dl_openspiel.SHORT_NAME in pyspiel.registered_names()
    game = _game(3, "full")
    assert game.num_players() == 3
    assert game.get_parameters() == {"players": 3, "variant": "full", "deal_and_keep": False, "first_player": 0, "reward": "win"}
    assert game.num_distinct_actions() == NUM_DECISIONS <= 2048
    assert game.max_chance_outcomes() == NUM_CHANCE_OUTCOMES
    assert game.observation_tensor_shape() == [observation_size() + PARTIAL_SIZE]
    assert game.information_state_tensor_shape() == [observation_size() + PARTIAL_SIZE + STEP_BITS * dl_openspiel.MAX_RECALL]
    assert pyspiel.load_game(dl_openspiel.SHORT_NAME).num_players() == 4  # the defaults


@pytest.mark.parametrize(
    ("params", "message"),
    [({"players": 5}, "not 5"), ({"variant": "long"}, "variant"), ({"players": 2, "first_player": 2}, "SETUP-1")],
)
def test_bad_parameters_are_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(dl_openspiel.SHORT_NAME, params)


@pytest.mark.parametrize(("players", "variant"), [(2, "first"), (3, "full"), (4, "full")])
def test_pyspiel_random_sim_test_passes_with_serialization_on_whole_games(players: int, variant: str) -> None:
    """Random games from the first deal to the final scoring (both years, both combats)."""
    pyspiel.random_sim_test(_game(players, variant), num_sims=1, serialize=True, verbose=False)


def test_chance_nodes_are_the_library_chance_outcomes() -> None:
    state = _game(3).new_initial_state()
    assert state.is_chance_node()
    expected = [(encode(m), float(p)) for m, p in dlrules.chance_outcomes(state.game_state)]
    assert sorted(state.chance_outcomes()) == sorted(expected)
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_ORD_3_secret_orders_are_chosen_one_after_another_without_seeing_the_others() -> None:
    """The simultaneous choice is sequential with imperfect information: the
    second chooser's information state is the same whatever the first chose."""
    game = _game(3)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while state.game_state.phase is not dlrules.Phase.ORDERS or state.is_chance_node():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    first = state.current_player()
    assert first == 0 and set(dlrules.to_move(state.game_state)) == {0, 1, 2}
    a, b = state.legal_actions()[0], state.legal_actions()[-1]
    one, two = state.child(a), state.child(b)
    for node in (one, two):  # Player 1 makes the rest of the move: its second and third orders
        while node.current_player() == 0:
            node.apply_action(node.legal_actions()[0])
    assert one.current_player() == two.current_player() == 1
    assert one.information_state_string(1) == two.information_state_string(1)
    assert one.information_state_string(0) != two.information_state_string(0)
    assert one.legal_actions() == two.legal_actions()


def test_serialized_states_read_back_to_the_same_game_state() -> None:
    game = _game(2)
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(40):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    again = game.deserialize_state(state.serialize())
    assert again.game_state == state.game_state
    assert again.history() == state.history()


def test_action_strings_are_the_move_notation() -> None:
    state = _game(2).new_initial_state()
    action = state.chance_outcomes()[0][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, action).startswith("chance deal")


def test_an_mcts_bot_plays_a_game_against_random_bots_to_the_end() -> None:
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots import uniform_random

    game = _game(3, "first")
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
        uniform_random.UniformRandomBot(2, rng),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert state.game_state.phase is dlrules.Phase.GAME_OVER
    result = dlrules.outcome(state.game_state)
    assert result is not None
    # LIB-AI-3: 1 to the winner, shared equally among tied winners
    assert state.returns() == [1.0 / len(result.winners) if s in result.winners else 0.0 for s in range(3)]


def test_LIB_AI_4_the_observation_is_the_seat_view_and_the_information_state_its_history() -> None:
    game = _game(3)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(30):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    while state.partial.seat is not None:  # finish the move under way
        state.apply_action(state.legal_actions()[0])
    for seat in range(3):
        assert state.observation_string(seat) == dlrules.dumps(dlrules.view(state.game_state, seat))
        assert state.information_state_string(seat).count("\n") == len(state.recall.nodes())  # a line per move, after the header
        tensor = state.information_state_tensor(seat)
        assert tensor[: observation_size() + PARTIAL_SIZE] == state.observation_tensor(seat)
        assert set(tensor) == {0.0, 1.0}  # 0/1 throughout (issue 39)
    from open_spiel.python.observation import make_observation

    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 1) == dlrules.dumps(dlrules.view(state.game_state, None))
    public.set_from(state, 1)
    assert list(public.tensor) == pytest.approx(observation_vector(state.game_state, 1, public=True) + [0.0] * PARTIAL_SIZE)


def test_LIB_AI_4_no_observer_of_every_private_part_is_offered() -> None:
    everything = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(Exception, match="LIB-AI-4"):
        _game(2).make_py_observer(everything)


def test_a_clone_shares_nothing_that_changes() -> None:
    """Clones share the immutable GameState; applying to one leaves the other as it was."""
    state = _game(2).new_initial_state()
    clone = state.clone()
    assert clone.game_state is state.game_state
    clone.apply_action(clone.chance_outcomes()[0][0])
    assert clone.game_state is not state.game_state
    assert state.game_state == dlrules.new_game(2, variant="first") and state.history() == []


def test_an_illegal_action_is_refused_with_its_rule() -> None:
    state = _game(2).new_initial_state()
    with pytest.raises(Exception, match="LIB-AI-1"):
        state.apply_action(encode(dlrules.Decline(0)))  # chance is to move: a player's move is no chance outcome


def test_LIB_AI_3_a_scored_end_position_is_terminal_with_the_winner_returning_1() -> None:
    from scoring_positions import end_of_game, lord

    end = end_of_game(lord(rooms=("chicken-coop", "mint")), lord())
    state = dl_openspiel.DungeonLordsState(_game(2, "full"), end)
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]


def test_RUL_13_SETUP_1_the_first_game_may_deal_and_keep_and_any_seat_may_begin() -> None:
    game = pyspiel.load_game(dl_openspiel.SHORT_NAME, {"players": 3, "variant": "first", "deal_and_keep": True, "first_player": 2})
    start = game.new_initial_state().game_state
    assert start == dlrules.new_game(3, variant="first", deal_and_keep=True, first_player=2)
    assert start.deal_and_keep and start.first_player == 2
    assert not _game(3, "first").new_initial_state().game_state.deal_and_keep  # the first game's own way


def _to_digging(game: Any, seed: int) -> Any:
    """A node where the player to move may dig at two squares or more (ACT-DIG)."""
    from dlrules.agents.decisions import block_of

    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        digs = [a for a in state.legal_actions() if block_of(a).name == "DigTunnel.square"]
        if len(digs) >= 2:
            return state
        state.apply_action(int(rng.choice(state.legal_actions())))
    raise AssertionError("no digging in this game")


def test_LIB_AI_4_perfect_recall_digging_x_then_y_and_y_then_x_are_different_information_states() -> None:
    from dlrules.agents.decisions import block_of

    game = _game(3)
    state = _to_digging(game, 5)
    digger = state.current_player()
    x, y = [a for a in state.legal_actions() if block_of(a).name == "DigTunnel.square"][:2]
    one, two = state.child(x), state.child(y)
    if y not in one.legal_actions() or x not in two.legal_actions():
        pytest.skip("this position does not let both squares be dug one after the other")
    one.apply_action(y)
    two.apply_action(x)
    assert one.game_state == two.game_state  # the same dungeon either way
    for seat in range(3):
        assert one.observation_string(seat) == two.observation_string(seat)  # the view forgets the order
        assert one.information_state_string(seat) != two.information_state_string(seat)  # the history does not
        assert one.information_state_tensor(seat) != two.information_state_tensor(seat)
    assert digger in range(3)


def test_ismcts_from_open_spiel_plays_a_whole_game_with_resampling() -> None:
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots import uniform_random

    game = _game(2, "first")
    rng = np.random.RandomState(1)
    bots = [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng), uniform_random.UniformRandomBot(1, rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert state.game_state.phase is dlrules.Phase.GAME_OVER


def test_LIB_AI_7_a_resampled_state_has_the_seat_information_state() -> None:
    game = _game(3)
    state = game.new_initial_state()
    rng = np.random.RandomState(8)
    for _ in range(120):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player() if state.current_player() >= 0 else 0
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    assert dlrules.view(sample.game_state, player) == dlrules.view(state.game_state, player)


@pytest.mark.parametrize(("reward", "utility", "total"), [("win", "CONSTANT_SUM", 1.0), ("rank", "CONSTANT_SUM", 1.5), ("score", "GENERAL_SUM", None)])
def test_LIB_AI_3_reward_kinds(reward: str, utility: str, total: float | None) -> None:
    game = pyspiel.load_game(dl_openspiel.SHORT_NAME, {"players": 3, "variant": "first", "reward": reward})
    assert game.get_type().utility == getattr(pyspiel.GameType.Utility, utility)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    result = dlrules.outcome(state.game_state)
    assert result is not None
    if total is None:
        assert state.returns() == [float(t) for t in result.totals]
    else:
        assert sum(state.returns()) == pytest.approx(total)
        assert game.utility_sum() == pytest.approx(total)
    with pytest.raises(Exception, match="reward"):
        pyspiel.load_game(dl_openspiel.SHORT_NAME, {"reward": "money"})


def test_the_library_bots_play_as_openspiel_bots() -> None:
    from open_spiel.python.bots import uniform_random

    game = _game(3, "first")
    rng = np.random.RandomState(2)
    bots = [dl_openspiel.PolicyBot(0, "greedy", seed=1), dl_openspiel.PolicyBot(1, "random", seed=2), uniform_random.UniformRandomBot(2, rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert state.game_state.phase is dlrules.Phase.GAME_OVER
    with pytest.raises(ValueError, match="unknown bot"):
        dl_openspiel.PolicyBot(0, "clever")


def _random_game(players: int, seed: int) -> Any:
    state = _game(players, "full").new_initial_state()
    rng = np.random.RandomState(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_a_finished_4_player_game_round_trips_through_serialization_and_pickle() -> None:
    """Serialized as the action history and read back by replay (issue 39):
    a whole game, far past the ~250 moves where a nested history overflowed."""
    import pickle

    state = _random_game(4, 1)
    assert len(state.recall.nodes()) > 300 and state.is_terminal()
    again = [
        state.get_game().deserialize_state(state.serialize()),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(state.get_game(), state))[1],
        pickle.loads(pickle.dumps(state)),
    ]
    for other in again:
        assert other.game_state == state.game_state and other.history() == state.history()
        assert other.is_terminal() and other.returns() == state.returns()
        assert other.information_state_string(2) == state.information_state_string(2)
        assert other.information_state_tensor(3) == state.information_state_tensor(3)
    assert len(pickle.dumps(state)) < 20_000  # the moves' ids, not every position


def test_a_move_under_way_and_a_resampled_state_round_trip_too() -> None:
    import pickle

    state = _game(3).new_initial_state()
    rng = np.random.RandomState(5)
    while state.partial.seat is None or state.partial.state.round < 2:
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    again = pickle.loads(pickle.dumps(state))
    assert again.partial.chosen == state.partial.chosen and again.legal_actions() == state.legal_actions()
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    back = pickle.loads(pickle.dumps(sample))  # its history is the seat's lines only: kept as they are
    assert back.game_state == sample.game_state
    assert back.information_state_string(player) == state.information_state_string(player)


def test_a_tampered_history_is_refused_with_the_rule_it_breaks() -> None:
    """Deserialization replays every move through the referee's apply."""
    import pickle

    from dlrules.agents.adapters.openspiel import _replayed

    state = _game(2).new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(30):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    start = state.recall.start
    record = tuple((m.seat, encode(m)) for m in state.recall.moves())
    assert _replayed(start, record, None, ()).partial.state == state.game_state
    bad = ((record[0][0], encode(dlrules.Decline(0))),) + record[1:]
    with pytest.raises(dlrules.IllegalMove):
        _replayed(start, bad, None, ())
    assert pickle.loads(pickle.dumps(state)).game_state == state.game_state
