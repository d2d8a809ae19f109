"""The fast paths (docs/performance.md) change no answer: the legal-move
cache, the identity scan in ``check``, ``apply_unchecked``, the integer
chance sampler, ``state.evolve``, the cached layouts and move tuples. And the
benchmark script runs (when python-chess is installed)."""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import dlrules
import dlrules.core.engine
import dlrules.core.phases.common
import dlrules.core.state
from dlrules import CHANCE, GameState, Move, Phase
from dlrules.core.engine import apply_unchecked
from dlrules.core.state import evolve

ROOT = Path(__file__).resolve().parent.parent


def _states(players: int, seed: int) -> list[GameState]:
    """Every decision point of one seeded random play-out."""
    out = []
    rng = random.Random(seed)
    state = dlrules.new_game(players)
    while dlrules.to_move(state):
        out.append(state)
        if CHANCE in dlrules.to_move(state):
            move = dlrules.sample_chance(state, rng)
        else:
            moves = dlrules.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = dlrules.apply(state, move)
    return out


CORPUS = [s for players in (2, 3, 4) for seed in range(3) for s in _states(players, seed)]


def _exact_sample(state: GameState, rng: random.Random) -> Move:
    """The sampler as specified (docs/api.md): the exact fractions over their
    least common denominator, one ``randrange``."""
    outcomes = dlrules.chance_outcomes(state)
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    x = rng.randrange(denominator)
    for (move, _), bound in zip(outcomes, itertools.accumulate(int(p * denominator) for _, p in outcomes)):
        if x < bound:
            return move
    raise AssertionError("outcomes do not sum to 1")


def test_sample_chance_draws_exactly_what_the_fractions_draw() -> None:
    """The integer weights give the same outcome as the fractions for the same seed."""
    chance_states = [s for s in CORPUS if CHANCE in dlrules.to_move(s)]
    assert len(chance_states) > 30
    for k, state in enumerate(chance_states):
        assert dlrules.sample_chance(state, random.Random(k)) == _exact_sample(state, random.Random(k))


def test_RS_3_check_accepts_an_equal_copy_of_a_listed_move_and_refuses_others() -> None:
    """Legality is membership by equality, whether or not the move object is
    the listed one; a move legal elsewhere is still refused here."""
    for a, b in zip(CORPUS, CORPUS[1:]):
        moves = dlrules.legal_moves(a)
        copy = attrs.evolve(moves[-1])
        assert copy is not moves[-1]
        assert dlrules.check(a, copy) == ()
        assert dlrules.check(attrs.evolve(a), moves[0]) == ()  # an equal state, a new object
        stranger = next((m for m in dlrules.legal_moves(b) if m not in moves), None)
        if stranger is not None:
            assert dlrules.check(a, stranger) != ()
            with pytest.raises(dlrules.IllegalMove):
                dlrules.apply(a, stranger)


def test_legal_moves_follow_the_state_not_the_last_question() -> None:
    """Asking about many states in turn (more than the cache holds) answers each one afresh."""
    expected = [dlrules.core.engine.PHASES[s.phase].legal(s) for s in CORPUS]
    for _ in range(2):
        for state, moves in zip(CORPUS, expected):
            assert dlrules.legal_moves(state) == moves
            assert dlrules.to_move(state) == dlrules.core.engine.PHASES[state.phase].to_move(state)
    for state, moves in zip(reversed(CORPUS), reversed(expected)):
        assert dlrules.legal_moves(attrs.evolve(state)) == moves


def test_apply_unchecked_agrees_with_apply_on_listed_moves() -> None:
    for k, state in enumerate(CORPUS[::3]):
        moves = dlrules.legal_moves(state)
        move = moves[k % len(moves)]
        assert apply_unchecked(state, move) == dlrules.apply(state, move)


def test_evolve_agrees_with_attrs_evolve() -> None:
    state = CORPUS[-1]
    assert evolve(state, round=2, phase=Phase.ORDERS) == attrs.evolve(state, round=2, phase=Phase.ORDERS)
    player = state.players[0]
    assert evolve(player, gold=9) == attrs.evolve(player, gold=9)
    assert evolve(player) == player and evolve(player) is not player
    with pytest.raises(TypeError, match="no field 'coins'"):
        evolve(player, coins=1)


def test_evolve_copies_every_state_record_like_attrs() -> None:
    """Each record the engine copies (made without its ``__init__``) equals,
    hashes and prints like the ``attrs.evolve`` copy, and round-trips."""
    seen: dict[type, Any] = {}

    def walk(value: object) -> None:
        cls = type(value)
        if attrs.has(cls):
            seen.setdefault(cls, value)
            for field in attrs.fields(cls):
                walk(getattr(value, field.name))
        elif isinstance(value, (tuple, list, frozenset)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    for state in CORPUS:
        walk(state)
    assert len(seen) >= 8
    for record in seen.values():
        ours = evolve(record)
        theirs = attrs.evolve(record)
        assert ours == theirs and hash(ours) == hash(theirs) and repr(ours) == repr(theirs)
        assert type(ours) is type(record) and ours is not record
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(ours, attrs.fields(type(record))[0].name, None)
    state = CORPUS[-1]
    assert dlrules.loads(dlrules.dumps(evolve(state, round=3)), GameState) == evolve(state, round=3)


def test_evolve_runs_the_init_of_records_that_check_their_fields() -> None:
    """A record with a validator is copied through its ``__init__``."""

    @attrs.frozen
    class Checked:
        amount: int = attrs.field(validator=attrs.validators.ge(0))

    assert evolve(Checked(1), amount=2) == Checked(2)
    with pytest.raises(ValueError):
        evolve(Checked(1), amount=-1)


def test_new_game_layouts_are_shared_but_games_stay_apart() -> None:
    """A cached layout is immutable: one game's moves never show in another."""
    a, b = dlrules.new_game(4), dlrules.new_game(4)
    assert a == b
    after = dlrules.apply(a, dlrules.legal_moves(a)[0])
    assert dlrules.new_game(4) == b and after != b
    with pytest.raises(ValueError, match="not 5"):
        dlrules.new_game(5)


def test_benchmark_script_runs_quickly() -> None:
    """benchmarks/playouts.py --quick prints every figure and the players' ratio last."""
    pytest.importorskip("chess")
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "playouts.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for figure in (
        "decisions/s",
        "all moves/s",
        "chance",
        "play-outs/s",
        "µs/move",
        "legal_moves",
        "apply (checked)",
        "JSON round trip",
        "peak RSS",
        "plies/s",
        "combat card",
        "building",
        "games per CPU second",
        "4-player game ÷ chess game",
    ):
        assert figure in out
    assert out.strip().splitlines()[-1].startswith("ratio ours/theirs (players' decisions/s")


def test_play_outs_in_threads_agree_with_play_outs_in_turn() -> None:
    """The engine's cache of recent states is shared: threads playing at once
    get the same moves and states as one thread playing the games in turn."""
    import threading

    def play(players: int, seed: int) -> tuple[Move, ...]:
        return dlrules.play_out(dlrules.new_game(players), None, random.Random(seed)).moves

    jobs = [(players, seed) for players in (2, 3, 4) for seed in range(2)]
    alone = [play(*job) for job in jobs]
    together: list[tuple[Move, ...] | None] = [None] * len(jobs)

    def run(i: int) -> None:
        together[i] = play(*jobs[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, inside the engine's calls
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone


@pytest.mark.skipif(shutil.which("valgrind") is None or shutil.which("callgrind_control") is None, reason="benchmarks/instructions.py needs valgrind")
def test_instruction_count_agrees_from_run_to_run() -> None:
    """benchmarks/instructions.py counts the instructions of seeded whole
    games under callgrind: the same figure on every run to within 0.1 %,
    whatever the load (the A/B tool of issue 25's speed work; a few objects
    hash by address, so a run may differ from another by a few thousand
    instructions in millions)."""
    spec = importlib.util.spec_from_file_location("instructions", ROOT / "benchmarks" / "instructions.py")
    assert spec is not None and spec.loader is not None
    instructions = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(instructions)
    first = instructions.count(ROOT / "src", warm=1, games=1)
    assert first > 1_000_000  # a whole game: millions of instructions
    second = instructions.count(ROOT / "src", warm=1, games=1)
    assert abs(second - first) <= first // 1000


def test_in_play_order_is_the_player_order() -> None:
    """ORD-4, ADV-3: the rules' table read (``common.in_play_order``) gives
    ``GameState.player_order()`` for every count of players and first player,
    and for a state whose count of players has no table row."""
    from dlrules.core.phases.common import in_play_order

    for n in (2, 3, 4):
        state = dlrules.new_game(n)
        for first in range(n):
            moved = attrs.evolve(state, first_player=first)
            assert in_play_order(moved) == moved.player_order() == tuple(range(first, n)) + tuple(range(first))
    odd = attrs.evolve(dlrules.new_game(4), players=dlrules.new_game(4).players + dlrules.new_game(2).players)  # six seats
    assert in_play_order(odd) == odd.player_order() == (0, 1, 2, 3, 4, 5)


def _benchmark(name: str) -> Any:
    """``benchmarks/<name>.py`` loaded as a module (beside it: ``playouts``)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return module


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="benchmarks/instructions.py needs valgrind")
def test_instructions_per_apply_count_every_combat_card_of_the_games() -> None:
    """``instructions.py --per-apply`` counts the applies of one kind in the
    benchmark's loop (``playouts.kinds_of``): as many combat cards as the same
    seeded game turns up (that callgrind's count does not move from run to
    run is the whole-game test's, above)."""
    instructions = _benchmark("instructions")
    playouts = _benchmark("playouts")
    cards = 0

    def counting(state: dlrules.GameState, move: Move, kinds: tuple[str, ...]) -> dlrules.GameState:
        nonlocal cards
        cards += "combat card" in kinds
        return dlrules.apply(state, move)

    playouts.play_by_kind(1, 2009 + 1000, counting)  # the game --per-apply counts after no warm-up game
    each, applies = instructions.count_per_apply(ROOT / "src", "combat card", warm=0, games=1)
    assert applies == cards > 0
    assert 10_000 < each < 10_000_000  # a draw runs battles: far more than a few calls, far less than a game


def test_records_probe_builds_native_twins_of_the_player_record() -> None:
    """``benchmarks/records.py`` compares copies and reads of ``PlayerState``
    with a class of the same fields; its probe module (run here by the
    interpreter, compiled by mypyc in the benchmark) copies every field."""
    from dlrules.core.state import PlayerState

    records = _benchmark("records")
    names = [f.name for f in attrs.fields(PlayerState)]
    namespace: dict[str, Any] = {}
    exec(compile(records.source(names), "records_probe", "exec"), namespace)
    player = dlrules.new_game(4).players[0]
    native = namespace["native_of"](player)
    assert all(getattr(native, n) is getattr(player, n) for n in names)
    for loop in ("attrs_setter", "attrs_evolve"):
        namespace[loop](player, 2)
    namespace["native_copy"](native, 2)
    assert namespace["attrs_reads"](player, 3) == namespace["native_reads"](native, 3) == 3
