"""The public surface (docs/api.md): chance, play-outs, check/apply agreement,
JSON, the command line."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction

import attrs
import pytest

import dlrules
from dlrules import CHANCE, ChooseOrders, Draw, GameState, IllegalMove, Move, Phase
from dlrules.core.state import Outcome


def _play_to_resolution(players: int, seed: int) -> dlrules.PlayOut:
    return dlrules.play_out(dlrules.new_game(players), None, random.Random(seed), until=Phase.RESOLUTION)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_play_out_reaches_resolution_with_every_minion_placed(players: int) -> None:
    """ORD-4..6, DUM3-2, DUM2-2/4: 3 minions per colour, on a slot or on an order card."""
    for seed in range(5):
        state = _play_to_resolution(players, seed).state
        assert state.phase is Phase.RESOLUTION
        for seat, p in enumerate(state.players):
            assert len(p.played) == 3 and len(p.hand) == 3 and len(p.unavailable) == 2
            on_board = sum(row.count(seat) for row in state.board)
            on_card = sum(1 for o in p.played if o.outcome is Outcome.NOT_CARRIED_OUT)
            assert on_board + on_card == 3
            for o in p.played:
                assert (o.slot is None) == (o.outcome is Outcome.NOT_CARRIED_OUT)
                if o.slot is not None:
                    assert state.board[o.action.index][o.slot] == seat
        cursor = state.resolution
        assert cursor is not None
        for dummy in state.dummies:
            played = dummy.drawn + ((dummy.third,) if dummy.third is not None else ())
            assert len(played) == 3
            for action in played:
                # DUM3-4/DUM2-7: a dummy minion on a space already resolved went home.
                assert dummy.colour in state.board[action.index] or action.index <= cursor.space


def test_play_out_is_deterministic_for_a_seed() -> None:
    a = _play_to_resolution(4, 11)
    b = _play_to_resolution(4, 11)
    assert a.moves == b.moves and a.state == b.state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_moves_are_exactly_what_apply_accepts(players: int) -> None:
    """Sampled: every listed move applies; moves from elsewhere are listed or refused."""
    rng = random.Random(players)
    foreign: list[Move] = []
    state = dlrules.new_game(players)
    while dlrules.to_move(state):
        moves = dlrules.legal_moves(state)
        assert moves and len(set(moves)) == len(moves)
        assert {m.seat for m in moves} == set(dlrules.to_move(state))
        for move in rng.sample(moves, min(5, len(moves))):
            assert dlrules.check(state, move) == ()
            dlrules.apply(state, move)
        for move in foreign[-20:]:
            violations = dlrules.check(state, move)
            assert (move in moves) == (violations == ())
            if violations:
                with pytest.raises(IllegalMove):
                    dlrules.apply(state, move)
        foreign.extend(rng.sample(moves, min(3, len(moves))))
        state = dlrules.apply(state, moves[rng.randrange(len(moves))])


def test_chance_outcomes_sum_to_one_along_a_game() -> None:
    state = dlrules.new_game(3)
    rng = random.Random(5)
    while dlrules.to_move(state):
        if CHANCE in dlrules.to_move(state):
            outcomes = dlrules.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == Fraction(1)
            state = dlrules.apply(state, dlrules.sample_chance(state, rng))
        else:
            assert dlrules.chance_outcomes(state) == ()
            with pytest.raises(ValueError, match="chance is not to move"):
                dlrules.sample_chance(state, rng)
            state = dlrules.apply(state, dlrules.legal_moves(state)[0])


def test_sample_chance_follows_the_probabilities() -> None:
    state = dlrules.new_game(4)
    while state.phase is Phase.SETUP:
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    assert state.phase is Phase.ROUND_START and dlrules.to_move(state) == {CHANCE}
    rng = random.Random(0)
    counts: dict[str, int] = {}
    for _ in range(1200):
        move = dlrules.sample_chance(state, rng)
        assert isinstance(move, Draw)
        counts[move.card] = counts.get(move.card, 0) + 1
    assert set(counts) == {"ghost", "goblin", "slime", "troll", "vampire", "witch"}
    assert all(140 < n < 260 for n in counts.values())  # 200 expected each


def test_apply_never_mutates_and_refusal_leaves_state_equal() -> None:
    state = _play_to_resolution(3, 2).state
    earlier = dlrules.new_game(3)
    snapshot = dlrules.dumps(earlier)
    dlrules.apply(earlier, dlrules.legal_moves(earlier)[0])
    assert dlrules.dumps(earlier) == snapshot
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.players[0].gold = 99  # type: ignore[misc]


def test_check_handles_junk_without_raising() -> None:
    state = dlrules.new_game(4)
    assert dlrules.check(state, "deal me in")[0].rule == "RS-3"
    bad = ChooseOrders(0, [dlrules.Action.FOOD])  # type: ignore[arg-type]
    assert dlrules.check(state, bad)[0].rule == "RS-3"
    with pytest.raises(IllegalMove):
        dlrules.apply(state, bad)


def test_json_round_trip_of_states_and_moves() -> None:
    run = _play_to_resolution(2, 3)
    text = dlrules.dumps(run.state)
    assert dlrules.loads(text, GameState) == run.state
    for move in run.moves:
        encoded = dlrules.dumps(move)
        assert '"type":"' + type(move).__name__ + '"' in encoded
        assert dlrules.loads(encoded, Move) == move


@pytest.mark.parametrize(
    "text",
    ["", "{", '{"type":"Nope","seat":0}', '{"type":"ChooseOrders","seat":"x","orders":["food"]}', "[1,2]"],
)
def test_loads_rejects_malformed_json_with_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError):
        dlrules.loads(text, Move)


def test_loads_rejects_a_state_with_missing_fields() -> None:
    with pytest.raises(ValueError, match="GameState"):
        dlrules.loads('{"year": 1}', GameState)


def test_command_line_help_version_and_play() -> None:
    run = [sys.executable, "-m", "dlrules"]
    out = subprocess.run([*run, "--help"], capture_output=True, text=True, check=True).stdout
    assert "play" in out
    out = subprocess.run([*run, "--version"], capture_output=True, text=True, check=True).stdout
    assert out.startswith("dlrules ")
    out = subprocess.run([*run, "play", "--players", "3", "--seed", "4"], capture_output=True, text=True, check=True).stdout
    assert "takes slot" in out
    bad = subprocess.run([*run, "play", "--players", "5"], capture_output=True, text=True)
    assert bad.returncode != 0 and "2, 3 or 4 players" in bad.stderr and "Traceback" not in bad.stderr
