"""Dungeon Lords as an OpenSpiel game (docs/ai.md); extra ``dlrules[openspiel]``.

Importing this module registers ``python_dungeon_lords`` with pyspiel::

    import pyspiel
    import dlrules.agents.adapters.openspiel  # registers the game
    game = pyspiel.load_game("python_dungeon_lords", {"players": 3, "variant": "first"})

Parameters: ``players`` (2..4, default 4), ``variant`` ("full" or "first"),
``deal_and_keep`` (True: a first game deals 3 unavailable orders and each
player keeps 2, as the full game does, RUL-13; False: the variant's own way),
``first_player`` (the seat that begins, SETUP-1) and ``reward`` ("win",
"score" or "rank", LIB-AI-3: ``dlrules.agents.adapters.common.REWARDS``).

- Player actions are the decisions of ``dlrules.agents.decisions`` (a move made
  field by field, ``num_distinct_actions`` = ``NUM_DECISIONS``); chance
  outcomes keep the whole-move ids of ``dlrules.agents.actions``
  (``max_chance_outcomes`` = ``NUM_CHANCE_OUTCOMES``), with the
  probabilities of ``chance_outcomes``.
- The secret simultaneous choices (orders, the first unavailable orders) are
  sequential with imperfect information: the seats to move choose one after
  another in seat order, and nobody's information state shows a choice not
  yet revealed (``view`` redacts it).
- Information state (perfect recall, LIB-AI-4): what the seat saw of every
  move so far (``dlrules.agents.adapters.recall``) and the decisions of the move it
  is making; observation: the seat's current ``view``. The public observer
  (``private_info`` NONE) uses the spectator's view.
- ``resample_from_infostate`` draws a position the seat cannot tell from
  this one (``dlrules.agents.resample``), so OpenSpiel's ISMCTS can search.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyspiel

from dlrules.agents.adapters.common import (
    MAX_PLAYERS,
    PARTIAL_SIZE,
    check_reward,
    finished,
    observation_layout,
    observation_size,
    observation_string,
    partial_array,
    partial_string,
    return_bounds,
    return_sum,
    returns,
)
from dlrules.agents.adapters.tensors import observation_bits
from dlrules.agents.adapters.recall import STEP_BITS, History, recall_array, recall_lines, view_digest
from dlrules.core.chance import outcome_weights
from dlrules.core.phases.scoring import is_over as library_is_over
from dlrules.agents.decisions import (
    NUM_CHANCE_OUTCOMES, NUM_DECISIONS, Partial, acting, decide, decide_for, describe_decision, legal_decisions, open_decisions, resume,
)  # fmt: skip
from dlrules.agents.actions import encode, move_of
from dlrules.core.engine import apply_unchecked, legal_moves, new_game
from dlrules.records.notation import format_move
from dlrules.core.moves import Draw, Move
from dlrules.core.state import CHANCE, GameState

SHORT_NAME = "python_dungeon_lords"

MAX_GAME_LENGTH: Final[int] = 6000
"""An upper bound on the decisions and chance outcomes of a whole game
(random games take about 300 to 450)."""

MAX_RECALL: Final[int] = 1000
"""Library moves the information state tensor remembers (a whole game has
about 215 to 340, chance's included)."""


_TERMINAL: Final[int] = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final[int] = int(pyspiel.PlayerId.CHANCE)


def _game_type(reward: str) -> Any:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Dungeon Lords (dlrules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM if reward == "score" else pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 4, "variant": "full", "deal_and_keep": False, "first_player": 0, "reward": "win"},
    )


GAME_TYPE = _game_type("win")
"""The registered type (``reward`` "win": constant-sum; a game made with
``reward`` "score" reports GENERAL_SUM, "rank" CONSTANT_SUM)."""


class DungeonLordsGame(pyspiel.Game):  # type: ignore[misc]
    """The game for ``players`` (2..4), ``variant`` ("full" or "first"),
    ``deal_and_keep``, ``first_player`` and ``reward`` (module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 4))
        variant = str(params.get("variant", "full"))
        deal_and_keep = bool(params.get("deal_and_keep", False))
        first_player = int(params.get("first_player", 0))
        self.reward = check_reward(str(params.get("reward", "win")))
        # new_game refuses a bad configuration with its reason (RUL-13, SETUP-1)
        self.start = new_game(players, variant=variant, deal_and_keep=deal_and_keep or None, first_player=first_player)
        low, high = return_bounds(self.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_DECISIONS,
            max_chance_outcomes=NUM_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=return_sum(self.reward, players),
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(
            _game_type(self.reward),
            info,
            {"players": players, "variant": variant, "deal_and_keep": deal_and_keep, "first_player": first_player, "reward": self.reward},
        )

    def new_initial_state(self) -> DungeonLordsState:
        return DungeonLordsState(self, self.start)  # states are immutable: every game starts from this one

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> DungeonLordsObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private information is not offered (LIB-AI-4)")
        public_only = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)  # no type: the default observation, as OpenSpiel's own Python games have it
        return DungeonLordsObserver(public_only, perfect_recall and not public_only, self.start.n_players)


class _Shared:
    """Holds the immutable position (``Partial``) and its history; a deep copy
    of it is itself (nothing in it is mutated), so OpenSpiel's ``clone``
    costs no copy of the game."""

    __slots__ = ("chance", "history", "outcomes", "partial", "player")

    def __init__(self, partial: Partial, history: History) -> None:
        self.partial = partial
        self.history = history
        self.chance: dict[int, Any] | None = None  # chance id -> move, made once
        self.outcomes: list[tuple[int, float]] | None = None  # chance_outcomes, as floats, worked out once
        self.player: int | None = partial.seat  # current_player (known in the middle of a move), worked out once

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        """Serialized as the action history (issue 39; OpenSpiel pickles a
        Python state's attributes, ``serialize_game_and_state`` and ``pickle``
        alike): the start, each library move as (seat, ``dlrules.agents.actions`` id)
        and the decisions of a move under way; read back by replaying the
        moves with the referee's ``apply`` (``_replayed``). A history that
        cannot be replayed (a resampled one, a position put in by hand) is
        pickled flat with its position instead (``History.__reduce__``)."""
        p, history = self.partial, self.history
        if history.replayable() and (history.after is p.state or history.after == p.state):
            record = tuple((m.seat, encode(m)) for m in history.moves())
            return (_replayed, (history.start, record, p.seat, p.chosen))
        return (_restored, (p.state, history, p.seat, p.chosen))


def _replayed(start: GameState, record: tuple[tuple[int, int], ...], seat: int | None, chosen: tuple[int, ...]) -> _Shared:
    """The position after ``record`` from ``start``, each move checked by the
    referee (``IllegalMove`` with its rule for a record that was tampered
    with), and the decisions ``chosen`` of ``seat``'s move under way."""
    from dlrules.core.engine import apply

    state, history = start, History.begin(start)
    for mover, action in record:
        move = move_of(int(action), int(mover))
        state = apply(state, move)
        history = history.extend(move, state)
    return _Shared(resume(state, seat, tuple(chosen)), history)


def _restored(state: GameState, history: History, seat: int | None, chosen: tuple[int, ...]) -> _Shared:
    return _Shared(resume(state, seat, tuple(chosen)), history)


_DRAW_IDS: dict[tuple[str, str], int] = {}
"""The ids of card draws (chance, most chance outcomes) by deck and card:
looked up without hashing the move record."""


def _chance_id(move: Move) -> int:
    """``encode(move)`` for a chance move; a draw's id is remembered by its deck and card."""
    if type(move) is Draw and move.seat == CHANCE:
        key = (move.deck, move.card)
        got = _DRAW_IDS.get(key)
        if got is None:
            got = _DRAW_IDS[key] = encode(move)
        return got
    return encode(move)


class DungeonLordsState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: an immutable ``GameState`` (``.game_state``), the
    move under way (``.partial``) and what was played (``.recall``)."""

    def __init__(self, game: DungeonLordsGame, state: GameState, history: History | None = None, partial: Partial | None = None) -> None:
        super().__init__(game)
        self._reward: str = game.reward
        self._shared = _Shared(partial or Partial(state), history or History.begin(state))

    @property
    def game_state(self) -> GameState:
        """The library's state at this node (a move under way is not in it yet)."""
        return self._shared.partial.state

    @property
    def partial(self) -> Partial:
        """The position with the move under way (``dlrules.agents.decisions``)."""
        return self._shared.partial

    @property
    def recall(self) -> History:
        return self._shared.history

    def current_player(self) -> int:
        shared = self._shared
        if shared.player is None:
            p = shared.partial
            if p.seat is not None:
                shared.player = p.seat
            else:
                who = acting(p)  # None: nobody to move (finished, with is_over below)
                shared.player = _TERMINAL if who is None or library_is_over(p.state) else _CHANCE if who == CHANCE else who
        return shared.player

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As pyspiel's ``State.legal_actions`` (the chance outcomes' ids at a
        chance node, nothing at the end), answered in Python: a call from
        Python skips the trip through C++ (about 6 µs a call)."""
        shared = self._shared
        current = shared.player
        if current is None:
            current = self.current_player()
        if player is None:
            player = current
        if current == _CHANCE and player == _CHANCE:
            return sorted(self._chance_moves())
        if player < 0 or player != current:
            return []
        return list(open_decisions(shared.partial, current))

    def is_chance_node(self) -> bool:
        return self.current_player() == _CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        if player < 0 or player != self.current_player():
            return []
        return list(legal_decisions(self._shared.partial))

    def _chance_moves(self) -> dict[int, Any]:
        shared = self._shared
        if shared.chance is None:
            shared.chance = {_chance_id(m): (m, w) for m, w in outcome_weights(shared.partial.state)}
        return shared.chance

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes' ids and probabilities (floats), ascending by id;
        worked out once per node."""
        shared = self._shared
        if shared.outcomes is None:
            moves = self._chance_moves()
            total = sum(w for _, w in moves.values())
            shared.outcomes = [(a, moves[a][1] / total) for a in sorted(moves)]
        return list(shared.outcomes)

    def _apply_action(self, action: int) -> None:
        shared = self._shared
        p = shared.partial
        who = shared.player
        if who is None:
            who = self.current_player()
        if who == _CHANCE:
            got = self._chance_moves().get(int(action))
            if got is None:
                from dlrules.agents.actions import decode

                decode(p.state, int(action), CHANCE)  # IllegalMove with the reason
                raise AssertionError("unreachable")  # pragma: no cover
            move = got[0]
            after = apply_unchecked(p.state, move)  # one of the legal chance moves
            self._shared = _Shared(Partial(after), shared.history.extend(move, after))
            return
        # IllegalMove (LIB-AI-6) if not open (at the end: decide says why); the last decision names a legal move
        nxt = decide(p, int(action), apply_unchecked) if who < 0 else decide_for(p, who, int(action), apply_unchecked)
        history = shared.history.extend(nxt.made, nxt.state) if nxt.made is not None else shared.history
        self._shared = _Shared(nxt, history)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return format_move(move_of(int(action), CHANCE))
        return f"P{player + 1} {describe_decision(int(action))}"

    def is_terminal(self) -> bool:
        return self.current_player() == _TERMINAL  # no move under way and the game finished (worked out once)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.game_state.n_players
        return list(returns(self.game_state, self._reward))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> DungeonLordsState:
        """A position ``player_id`` cannot tell from this one, drawn by
        ``dlrules.agents.resample`` (uniform over the cards it has not seen); its
        history is ``player_id``'s lines only. ``probability_sampler`` (a
        pyspiel sampler) seeds the draw when given."""
        import random

        from dlrules.agents.resample import resample

        seed = None
        if probability_sampler is not None:
            seed = int(probability_sampler() * (1 << 53))
        rng = random.Random(seed)
        sample = resample(self.game_state, int(player_id), rng)
        p = self._shared.partial
        partial = resume(sample, p.seat, p.chosen)  # a move under way is the resampled seat's own: its view keeps it legal
        out = DungeonLordsState(self.get_game(), sample, History.carried(self._shared.history, int(player_id)), partial)
        return out

    def __str__(self) -> str:
        p = self._shared.partial
        s = p.state
        under_way = f"; P{p.seat + 1} deciding ({len(p.chosen)} made)" if p.seat is not None else ""
        return f"year {s.year} round {s.round} {s.phase.value}{under_way}; {self._shared.history.length} moves"


class DungeonLordsObserver:
    """OpenSpiel's observer interface (``tensor``, ``dict`` and strings), from
    the seat's projection and its own decisions only. With ``perfect_recall``
    (the information state) the history of what the seat saw follows.

    The tensor is 0/1 throughout (docs/ai.md has every part): the observation
    (``observation_fields``), the decisions of the move under way
    (``partial_array``, ``PARTIAL_SIZE``) and, for the information state,
    ``MAX_RECALL`` moves × ``STEP_BITS`` (``recall_array``)."""

    def __init__(self, public_only: bool, perfect_recall: bool, players: int) -> None:
        self.public_only = public_only
        self.perfect_recall = perfect_recall
        self.players = players
        obs = observation_size()
        size = obs + PARTIAL_SIZE + (STEP_BITS * MAX_RECALL if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self._obs = obs
        self._written: object = None  # the observation bits last written into the tensor (immutable arrays: by identity)
        self._deciding = False  # whether the decisions part holds ones
        self.dict = {p.name: self.tensor[p.start : p.start + p.size] for p in observation_layout()}
        self.dict["deciding"] = self.tensor[obs : obs + PARTIAL_SIZE]
        if perfect_recall:
            self.dict["recall"] = self.tensor[obs + PARTIAL_SIZE :]

    def set_from(self, state: DungeonLordsState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into ``self.tensor``. Parts
        already there are not written again (the observation of the same
        position, a decisions part of zeros): ``self.tensor`` is read, not
        written, by its users (copy it to change it)."""
        obs = self._obs
        tensor = self.tensor
        bits = observation_bits(state.game_state, player, None if self.public_only else player)  # observation_array's own call
        if bits is not self._written:  # the same vector as the last one written (a move under way): already there
            tensor[:obs] = bits
            self._written = bits
        partial = state.partial
        chosen = partial.chosen if not self.public_only and partial.seat == player else ()
        if chosen or self._deciding:  # the decisions part: zeros unless the seat is making a move
            tensor[obs : obs + PARTIAL_SIZE] = partial_array(partial, player) if chosen else 0
            self._deciding = bool(chosen)
        if self.perfect_recall:
            tensor[obs + PARTIAL_SIZE :] = recall_array(state.recall, player, self.players, MAX_RECALL)

    def string_from(self, state: DungeonLordsState, player: int) -> str:
        if not self.perfect_recall:
            text = observation_string(state.game_state, None if self.public_only else player)
            deciding = "" if self.public_only else partial_string(state.partial, player)
            return text + ("\n" + deciding if deciding else "")
        game = state.get_game().get_parameters()
        lines = [f"P{player + 1} of {game['players']}, {game['variant']} | start {view_digest(state.get_game().start, player)}"]
        lines += recall_lines(state.recall, player)
        deciding = partial_string(state.partial, player)
        if deciding:
            lines.append(deciding)
        if finished(state.game_state) and state.partial.seat is None:
            lines.append(observation_string(state.game_state, player).split("\n")[-1])
        return "\n".join(lines)


class PolicyBot(pyspiel.Bot):  # type: ignore[misc]
    """A policy of ``dlrules.agents.bots`` (``"greedy"``, ``"random"``, ``"ismcts"`` or
    any ``Policy``) as an OpenSpiel bot for ``player``: at the first decision
    of a move it picks a whole move among the seat's legal ones, then returns
    that move's decisions one at a time. ``seed`` seeds its own
    ``random.Random``. The policy gets the library's state, as in ``play_out``;
    the ISMCTS bot reads it only through resampling (docs/ai.md)."""

    def __init__(self, player: int, policy: Any = "greedy", seed: int | None = None) -> None:
        import random

        from dlrules.agents.bots import BOTS

        pyspiel.Bot.__init__(self)
        self.player = player
        if isinstance(policy, str):
            if policy not in BOTS:
                raise ValueError(f"unknown bot {policy!r}: use one of {', '.join(sorted(BOTS))} or a policy")
            policy = BOTS[policy]
        self.policy = policy
        self.rng = random.Random(seed)
        self._target: Any = None

    def restart_at(self, state: DungeonLordsState) -> None:
        self._target = None

    def step(self, state: DungeonLordsState) -> int:
        from dlrules.agents.decisions import decisions_of

        p = state.partial
        if state.current_player() != self.player:
            raise ValueError(f"it is not Player {self.player + 1}'s decision")
        target = self._target
        if p.seat is None or target is None or decisions_of(target)[: len(p.chosen)] != p.chosen:
            moves = p.open_moves if p.seat is not None else tuple(m for m in legal_moves(p.state) if m.seat == self.player)
            target = self._target = self.policy(p.state, moves, self.rng)
        return int(decisions_of(target)[len(p.chosen)])


pyspiel.register_game(GAME_TYPE, DungeonLordsGame)

__all__ = [
    "GAME_TYPE", "MAX_GAME_LENGTH", "MAX_RECALL", "SHORT_NAME", "DungeonLordsGame", "DungeonLordsObserver", "DungeonLordsState",
    "PolicyBot",
]  # fmt: skip
