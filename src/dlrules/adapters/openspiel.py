"""Dungeon Lords as an OpenSpiel game (docs/ai.md); extra ``dlrules[openspiel]``.

Importing this module registers ``python_dungeon_lords`` with pyspiel::

    import pyspiel
    import dlrules.adapters.openspiel  # registers the game
    game = pyspiel.load_game("python_dungeon_lords", {"players": 3, "variant": "first"})

Parameters: ``players`` (2..4, default 4), ``variant`` ("full" or "first"),
``deal_and_keep`` (True: a first game deals 3 unavailable orders and each
player keeps 2, as the full game does, RUL-13; False: the variant's own way)
and ``first_player`` (the seat that begins, SETUP-1).

- Actions are the ids of ``dlrules.actions`` (``num_distinct_actions`` =
  ``max_chance_outcomes`` = ``NUM_ACTIONS``); chance nodes are the library's
  chance moves, with the probabilities of ``chance_outcomes``.
- The secret simultaneous choices (orders, the first unavailable orders) are
  sequential with imperfect information: the seats to move choose one after
  another in seat order, and nobody's information state shows a choice not
  yet revealed (``view`` redacts it).
- Information state and observation: the seat's ``view`` as JSON (strings)
  and as the vector of ``dlrules.adapters.common`` (tensors); the public
  observer (``private_info`` NONE) uses the spectator's view.
- The game is played to its end (``Phase.GAME_OVER``: both years' building
  and combat, then the final scoring), with the returns of
  ``dlrules.adapters.common.returns`` from ``dlrules.outcome`` (LIB-AI-3: 1
  to the winner, shared equally among tied winners, 0 to the others).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from dlrules.actions import NUM_ACTIONS, chance_actions, decode, legal_actions, move_of
from dlrules.adapters.common import (
    MAX_GAME_LENGTH,
    MAX_PLAYERS,
    MAX_RETURN,
    MIN_RETURN,
    finished,
    observation_layout,
    observation_size,
    observation_string,
    observation_vector,
    returns,
)
from dlrules.engine import apply_unchecked, new_game, to_move
from dlrules.notation import format_move
from dlrules.state import CHANCE, GameState

SHORT_NAME = "python_dungeon_lords"

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Dungeon Lords (dlrules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4, "variant": "full", "deal_and_keep": False, "first_player": 0},
)


class DungeonLordsGame(pyspiel.Game):  # type: ignore[misc]
    """The game for ``players`` (2..4), ``variant`` ("full" or "first"),
    ``deal_and_keep`` and ``first_player`` (module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 4))
        variant = str(params.get("variant", "full"))
        deal_and_keep = bool(params.get("deal_and_keep", False))
        first_player = int(params.get("first_player", 0))
        # new_game refuses a bad configuration with its reason (RUL-13, SETUP-1)
        self.start = new_game(players, variant=variant, deal_and_keep=deal_and_keep or None, first_player=first_player)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_ACTIONS,
            num_players=players,
            min_utility=MIN_RETURN,
            max_utility=MAX_RETURN,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(
            GAME_TYPE,
            info,
            {"players": players, "variant": variant, "deal_and_keep": deal_and_keep, "first_player": first_player},
        )

    def new_initial_state(self) -> DungeonLordsState:
        return DungeonLordsState(self, self.start)  # states are immutable: every game starts from this one

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DungeonLordsObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not offered (LIB-AI-4)")
        return DungeonLordsObserver(public_only)


class _Shared:
    """Holds an immutable ``GameState``; a deep copy of it is itself (states are
    never mutated), so OpenSpiel's ``clone`` costs no copy of the game."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class DungeonLordsState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an immutable ``GameState`` (``.game_state``)."""

    def __init__(self, game: DungeonLordsGame, state: GameState) -> None:
        super().__init__(game)
        self._shared = _Shared(state)

    @property
    def game_state(self) -> GameState:
        """The library's state at this node."""
        return self._shared.state

    def current_player(self) -> int:
        s = self.game_state
        if finished(s):
            return int(pyspiel.PlayerId.TERMINAL)
        seats = to_move(s)
        if CHANCE in seats:
            return int(pyspiel.PlayerId.CHANCE)
        return min(seats)  # simultaneous secret choices: one after another, in seat order

    def _legal_actions(self, player: int) -> list[int]:
        if finished(self.game_state) or player not in to_move(self.game_state):
            return []
        return list(legal_actions(self.game_state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, float(p)) for a, p in chance_actions(self.game_state)]

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        move = decode(self.game_state, int(action), CHANCE if seat == pyspiel.PlayerId.CHANCE else seat)  # IllegalMove if not legal
        self._shared = _Shared(apply_unchecked(self.game_state, move))  # decode checked it

    def _action_to_string(self, player: int, action: int) -> str:
        return format_move(move_of(int(action), CHANCE if player == pyspiel.PlayerId.CHANCE else player))

    def is_terminal(self) -> bool:
        return finished(self.game_state)

    def returns(self) -> list[float]:
        if not finished(self.game_state):
            return [0.0] * self.game_state.n_players
        return list(returns(self.game_state))

    def __str__(self) -> str:
        s = self.game_state
        return f"year {s.year} round {s.round} {s.phase.value}; to move {sorted(to_move(s))}; {len(self.history())} moves"


class DungeonLordsObserver:
    """OpenSpiel's observer interface over ``dlrules.adapters.common``:
    ``tensor`` (with named parts in ``dict``) and strings, from ``view`` only."""

    def __init__(self, public_only: bool) -> None:
        self.public_only = public_only
        self.tensor = np.zeros(observation_size(), np.float32)
        self.dict = {p.name: self.tensor[p.start : p.start + p.size] for p in observation_layout()}

    def set_from(self, state: DungeonLordsState, player: int) -> None:
        self.tensor[:] = observation_vector(state.game_state, player, public=self.public_only)

    def string_from(self, state: DungeonLordsState, player: int) -> str:
        return observation_string(state.game_state, None if self.public_only else player)


pyspiel.register_game(GAME_TYPE, DungeonLordsGame)

__all__ = ["GAME_TYPE", "SHORT_NAME", "DungeonLordsGame", "DungeonLordsObserver", "DungeonLordsState"]
