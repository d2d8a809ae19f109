"""A position fuzzer (issue 35): positions built from real ones by random
field changes, within and past the bounds (LIB-IN-4: ``dlrules.records.bounds``).

The property: a position is either refused (by ``loads``, each refusal with
its ``$.`` path, or by ``validate``, each problem with its path), or every
public function completes within a bound proportional to the position's
size. The bound is counted, not timed (tests never fail on a time): the
function calls made (Python and C, ``sys.setprofile``) are at most
``CALLS_PER_CHARACTER`` times the characters of the position's JSON, plus a
constant; a function that goes beyond is stopped there and the example fails.

The budget is ``fuzz_examples`` of the profile (properties/profiles.py).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from functools import cache
from types import FrameType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import dlrules
from dlrules import GameState, loads, validate
from dlrules.records.bounds import SMALL_LIMIT, SUPPLY_LIMIT
from dlrules.records.serialization import dumps
from properties.profiles import PROFILE

CALLS_PER_CHARACTER = 200
"""The work allowed per character of a position's JSON: every function below
together takes 50 to 110 calls a character on real positions (3,000 to 6,000
characters: at most a quarter of the budget with the floor); a loop over a
count of 10**6 (the report's imps, drawn one by one) takes millions."""

CALLS_FLOOR = 1_000_000
"""The work allowed to any position, however short."""

INTERESTING = (-(10**18), -1, 0, 1, 2, 3, 4, 5, 8, 15, 16, SMALL_LIMIT, SMALL_LIMIT + 1, SUPPLY_LIMIT, SUPPLY_LIMIT + 1, 10**6, 10**18)
"""Integers at and past the bounds."""

NAMES = ("goblin", "troll", "ghost", "chicken-coop", "mint", "rolling-stone", "warrior-1", "illusion", "", "x" * 80, "setup", "battle")


@cache
def bases() -> tuple[str, ...]:
    """Real positions as JSON: new games, and states along random games (building, combat, year 2, the end)."""
    found = [dumps(dlrules.new_game(n)) for n in (2, 3, 4)]
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        state = dlrules.new_game(players)
        rng = random.Random(seed)
        moves = dlrules.play_out(state, None, rng).moves
        for k, move in enumerate(moves):
            state = dlrules.apply(state, move)
            if k % 97 == 50 or state.fight is not None and k % 11 == 0:
                found.append(dumps(state))
    return tuple(found)


def _places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in ``data``: each value and each list (their paths)."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _places(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _places(value, (*path, i))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _within_bounds(draw: st.DrawFn, old: Any) -> Any:
    """A value of the same kind as ``old``, within the bounds: a number from 0
    to the supply limit or next to the old one, a list with its entries
    reordered or one entry dropped, another name, the other truth value."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return draw(st.one_of(st.integers(0, SUPPLY_LIMIT), st.sampled_from((old - 1, old + 1, 0, SMALL_LIMIT, SUPPLY_LIMIT))))
    if isinstance(old, str):
        return draw(st.sampled_from(NAMES[:8]))
    if isinstance(old, list) and old:
        return draw(st.sampled_from((old[::-1], old[1:], old[:-1])))
    return old


@st.composite
def changed(draw: st.DrawFn) -> str:
    """A real position with one to three fields changed, each within the
    bounds (a value of the same kind, in range) or past them: a number at or
    beyond a bound, a list repeated or with an entry given twice, a value of
    another kind."""
    data = json.loads(draw(st.sampled_from(bases())))
    for _ in range(draw(st.sampled_from((1, 1, 1, 2, 3)))):
        places = list(_places(data))[1:]
        if draw(st.booleans()):  # within the bounds, mostly a number (most other changes break card conservation)
            numbers = [p for p in places if type(_get(data, p)) is int]
            path = draw(st.sampled_from(numbers if numbers and draw(st.integers(0, 3)) > 0 else places))
            data = _set(data, path, _within_bounds(draw, _get(data, path)))
            continue
        path = draw(st.sampled_from(places))
        old = _get(data, path)
        if isinstance(old, list) and old:
            how = draw(st.sampled_from(("twice", "repeat", "drop", "empty")))
            new: Any = {
                "twice": old + [old[draw(st.integers(0, len(old) - 1))]],
                "repeat": old * draw(st.sampled_from((2, 3, 10, 200))),
                "drop": old[1:],
                "empty": [],
            }[how]
        elif isinstance(old, bool) or old is None:
            new = draw(st.sampled_from((True, False, None, 0, 3, "goblin", [])))
        elif isinstance(old, int):
            new = draw(st.one_of(st.sampled_from(INTERESTING), st.integers(-(10**6), 10**6)))
        elif isinstance(old, str):
            new = draw(st.sampled_from(NAMES))
        else:
            new = draw(st.sampled_from((None, 0, [], {})))
        data = _set(data, path, new)
    return json.dumps(data)


@st.composite
def nudged(draw: st.DrawFn) -> str:
    """A real position with one number changed within the bounds (a supply,
    an evil marker, a counter, a cursor): often still a possible position."""
    data = json.loads(draw(st.sampled_from(bases())))
    numbers = [p for p in list(_places(data))[1:] if type(_get(data, p)) is int]
    supplies = [p for p in numbers if p[-1] in SUPPLIES]
    path = draw(st.sampled_from(supplies if supplies and draw(st.integers(0, 3)) > 0 else numbers))
    return json.dumps(_set(data, path, _within_bounds(draw, _get(data, path))))


SUPPLIES = ("gold", "food", "imps", "evil", "damage_tokens", "damage", "poison")
"""The numbers a table changes most (``nudged`` prefers them)."""


class Budget(Exception):
    """A function went past the work allowed."""


def _within(budget: int, work: Callable[[], object]) -> int:
    """Run ``work`` counting its calls; ``Budget`` once they pass ``budget``. The calls made."""
    calls = 0

    def count(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1
            if calls > budget:
                raise Budget(f"more than {budget} calls")

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


def _public(state: GameState) -> None:
    """Every public function of a position, as a table and its tools use them:
    the rules, the views, the text, the pictures, the HTML page, the server's pages."""
    seats = (None, *range(state.n_players))
    to_move = dlrules.to_move(state)
    legal = dlrules.legal_moves(state) if to_move else []
    for move in legal[:8]:
        dlrules.apply(state, move)
        dlrules.format_move(move)
        dlrules.describe_move(state, move)
    if dlrules.CHANCE in to_move:
        dlrules.chance_outcomes(state)
    for seat in seats:
        dlrules.view(state, seat)
        dlrules.view_hash(state, seat)
        dlrules.describe(state, seat)
        dlrules.display.svg.position(state, seat)
    dlrules.state_hash(state)
    if dlrules.is_over(state):
        dlrules.outcome(state)
    from dlrules.display.page import Frame, game_page

    game_page([Frame(dlrules.display.svg.position(state), dlrules.describe(state))], title="fuzz")
    _server_pages(state)


def _server_pages(state: GameState) -> None:
    """The table server's pages of the position (``page_data``, ``picture``), for the host and every seat."""
    from dlrules.apps.serve.store import GameRow
    from dlrules.apps.serve.pictures import picture
    from dlrules.apps.serve.table import Game
    from dlrules.apps.serve.shown import page_data

    n = state.n_players
    row = GameRow("fuzz", n, state.variant, state.first_player, None, False, b"\0" * 32, (b"\1" * 32,) * n, ("",) * n)
    game = Game(row, state, 0, {}, [])
    for role in (None, *range(n)):
        page_data(game, role)
        picture(game, role)


@settings(max_examples=PROFILE.fuzz_examples)
@given(st.one_of(changed(), nudged()))
def test_a_changed_position_is_refused_with_a_path_or_every_public_function_does_bounded_work(text: str) -> None:
    try:
        state: GameState = loads(text, GameState)
    except ValueError as exc:
        assert " @ $" in str(exc), str(exc)[:300]
        return
    problems = validate(state)
    if problems:
        assert all(p.path.startswith("$") for p in problems), problems[:3]
        return
    budget = CALLS_FLOOR + CALLS_PER_CHARACTER * len(text)
    _within(budget, lambda: _public(state))


def test_the_budget_catches_work_beyond_the_bounds() -> None:
    """The counter stops a loop over a count no valid position has (the
    report's 10**6 imps drawn one by one), long before it would end."""
    state = dlrules.new_game(2)
    budget = CALLS_FLOOR + CALLS_PER_CHARACTER * len(dumps(state))
    try:
        _within(budget, lambda: [abs(i) for i in range(10**7)])
    except Budget:
        pass
    else:  # pragma: no cover - the counter failed
        raise AssertionError("10**7 calls went unnoticed")
    assert _within(budget, lambda: _public(state)) < budget // 4  # a real position stays far below


def test_positions_at_the_limits_do_bounded_work() -> None:
    """Every supply of every player at the table limit (999 imps drawn, 999
    gold and food), in every base position: valid, and within the budget."""
    import attrs

    for text in bases()[::3]:
        state: GameState = loads(text, GameState)
        full = tuple(attrs.evolve(p, gold=SUPPLY_LIMIT, food=SUPPLY_LIMIT, imps=SUPPLY_LIMIT) for p in state.players)
        state = attrs.evolve(state, players=full)
        assert validate(state) == ()
        _within(CALLS_FLOOR + CALLS_PER_CHARACTER * len(dumps(state)), lambda: _public(state))
