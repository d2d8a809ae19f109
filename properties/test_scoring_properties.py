"""Final scoring's properties (SCORING.md), over random end-of-game positions:

- a player's total is the sum of his breakdown (SCO-14, SCO-7);
- each title is held by exactly the players tied for the best value, exclusive
  for one holder and shared otherwise, at the points of the player count
  (SCO-2, SCO-9, SCO-10); non-holders get nothing for it;
- a position changed in one counted item changes that item's line by exactly
  the item's value, leaves every other line alone, and changes the total by that
  value plus whatever the titles and the Hall of Fame make of it; items that no
  title measures (prisoners, paladins, red marks) change the total by exactly
  their value (SCO-1c, SCO-1d, SCO-1f);
- the winners are exactly the players with the highest total, the licence
  exactly a total above 0 (SCO-3).

The positions are constructed (the engine reaches the end only once year 2 is
built): any dungeon of up to 20 tiles, any lair, prison, red marks, evil,
imps, gold, food and trap cards, 2 to 4 players.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlrules import is_over, new_game, play_out
from dlrules.components import MONSTERS, ROOMS, TRAPS
from dlrules.components.scoring import ITEM_VALUES, TITLE_POINTS, TITLES, Item
from dlrules.core.phases.scoring import GameOutcome, final_scores, outcome
from dlrules.core.state import Dungeon, GameState, Monster, Phase, PlayerState, Tile
from properties.profiles import PROFILE

CHEAP = settings(max_examples=PROFILE.max_examples * 25)
"""Scoring a position takes well under a millisecond: many more examples than a state machine."""

SQUARES = tuple((r, c) for r in range(4) for c in range(5))
ADVENTURER = "y1-warrior-4"

tiles = st.lists(
    st.tuples(st.sampled_from((None,) + tuple(ROOMS)), st.booleans()), max_size=len(SQUARES)
).map(lambda kinds: Dungeon(tuple(Tile(sq, room, conquered) for sq, (room, conquered) in zip(SQUARES, kinds))))

lords: st.SearchStrategy[dict[str, Any]] = st.builds(
    dict,
    dungeon=tiles,
    monsters=st.lists(st.sampled_from(tuple(MONSTERS)), max_size=8).map(lambda ks: tuple(Monster(k) for k in ks)),
    prison=st.lists(st.sampled_from((ADVENTURER, "y2-thief-4-2", "paladin-1", "paladin-2")), max_size=6).map(tuple),
    damage_tokens=st.integers(0, 4),
    evil=st.integers(1, 15),
    imps=st.integers(0, 12),
    gold=st.integers(0, 8),
    food=st.integers(0, 8),
    traps=st.lists(st.sampled_from(tuple(TRAPS)), max_size=4).map(tuple),
)


@st.composite
def ends(draw: st.DrawFn) -> GameState:
    """A position after year 2's combat and clean-up (SCO-4)."""
    n = draw(st.integers(2, 4))
    base = new_game(n)
    players = tuple(attrs.evolve(p, **draw(lords)) for p in base.players)
    first = draw(st.integers(0, n - 1))
    return attrs.evolve(base, year=2, round=4, phase=Phase.GAME_OVER, players=players, first_player=first)


def _scored(state: GameState) -> GameOutcome:
    result = outcome(state)
    assert result is not None
    return result


@CHEAP
@given(ends())
def test_SCO_14_total_is_the_sum_of_its_breakdown(state: GameState) -> None:
    for score in _scored(state).players:
        assert score.total == sum(points for _, points in score.breakdown)
        assert score.total == (
            sum(line.points for line in score.lines) + sum(t.points for t in score.titles) + score.hall_of_fame
        )


@CHEAP
@given(ends())
def test_SCO_9_titles_are_shared_exactly_among_the_tied(state: GameState) -> None:
    result = _scored(state)
    points = TITLE_POINTS[state.n_players]
    for t in result.titles:
        best = min(t.values) if TITLES[t.title].fewest else max(t.values)
        assert t.holders == tuple(s for s, v in enumerate(t.values) if v == best)
        assert t.exclusive == (len(t.holders) == 1)
        assert t.points == (points.exclusive if t.exclusive else points.shared)
        for seat, score in enumerate(result.players):
            held = [line for line in score.titles if line.title is t.title]
            if seat in t.holders:
                assert len(held) == 1 and held[0].points == t.points and held[0].value == t.values[seat]
            else:
                assert not held


@CHEAP
@given(ends())
def test_SCO_3_winners_have_the_highest_total_and_the_licence_is_a_total_above_0(state: GameState) -> None:
    result = _scored(state)
    best = max(result.totals)
    assert result.winners == tuple(s for s, total in enumerate(result.totals) if total == best)
    assert result.shared_victory == (len(result.winners) > 1)
    assert all(score.licence == (score.total > 0) for score in result.players)


def _changed(player: PlayerState, item: Item) -> PlayerState | None:
    """``player`` with one more of ``item``, or None when there is no room for it."""
    tiles = player.dungeon.tiles
    if item is Item.PRISONERS:
        return attrs.evolve(player, prison=player.prison + (ADVENTURER,))
    if item is Item.PALADINS:
        return attrs.evolve(player, prison=player.prison + ("paladin-2",))
    if item is Item.RED_MARKS:
        return attrs.evolve(player, damage_tokens=player.damage_tokens + 1)
    if item is Item.MONSTERS:
        return attrs.evolve(player, monsters=player.monsters + (Monster("goblin"),))
    if len(tiles) == len(SQUARES):
        return None
    square = SQUARES[len(tiles)]
    extra = Tile(square, "mint") if item is Item.UNCONQUERED_ROOMS else Tile(square, None, conquered=True)
    return attrs.evolve(player, dungeon=Dungeon(tiles + (extra,)))


NO_TITLE = (Item.PRISONERS, Item.PALADINS, Item.RED_MARKS)
"""Items no title measures: a change to them changes nothing but their line."""


@CHEAP
@given(
    ends(),
    st.sampled_from([i for i in Item if i is not Item.SCORING_ROOMS]),
    st.integers(0, 3),
)
def test_SCO_1_one_more_counted_item_scores_exactly_its_value(state: GameState, item: Item, seat: int) -> None:
    """SCO-1a..f: one more unconquered room (a Mint: no bonus), monster (a
    goblin), prisoner, paladin, conquered tile or red mark."""
    seat %= state.n_players
    changed = _changed(state.players[seat], item)
    if changed is None:
        return
    after_state = attrs.evolve(state, players=state.players[:seat] + (changed,) + state.players[seat + 1 :])
    before, after = _scored(state).players[seat], _scored(after_state).players[seat]
    value = ITEM_VALUES[item].points
    assert value is not None
    for old, new in zip(before.lines, after.lines):
        if old.item is item:
            assert (new.count, new.points) == (old.count + 1, old.points + value)
        elif old.item is Item.SCORING_ROOMS and item is Item.MONSTERS:
            pass  # a goblin feeds an unconquered Cafeteria (SCO-6)
        else:
            assert new == old
    titles_and_hall = (after.total - sum(ln.points for ln in after.lines)) - (
        before.total - sum(ln.points for ln in before.lines)
    )
    bonus = after.line(Item.SCORING_ROOMS).points - before.line(Item.SCORING_ROOMS).points
    assert after.total - before.total == value + bonus + titles_and_hall
    if item in NO_TITLE:
        assert after.total - before.total == value
    assert final_scores(state) == _scored(state)  # scoring reads the state only: the original is unchanged


@CHEAP
@given(ends(), st.sampled_from((Item.UNCONQUERED_ROOMS, Item.MONSTERS, Item.CONQUERED_TILES)))
def test_SCO_1_counted_items_only_move_their_own_titles(state: GameState, item: Item) -> None:
    """A room, a monster or a conquered tile more changes only the titles that
    measure it (SCO-8b/8c, 8d, 8g) and, through exclusive titles, the Hall of Fame."""
    measured: dict[Item, set[str]] = {
        Item.UNCONQUERED_ROOMS: {"SCO-8b"},
        Item.MONSTERS: {"SCO-8d"},
        Item.CONQUERED_TILES: {"SCO-8c", "SCO-8g"},
    }
    changed = _changed(state.players[0], item)
    if changed is None:
        return
    after_state = attrs.evolve(state, players=(changed,) + state.players[1:])
    values: dict[str, Any] = {t.rule: t.values for t in _scored(state).titles}
    for t in _scored(after_state).titles:
        if t.rule not in measured[item]:
            assert t.values == values[t.rule]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_SCO_4_the_outcome_exists_exactly_at_the_end(players: int) -> None:
    """SCO-4: a seeded play-out runs through year 1's combat, the change of
    year and year 2's combat to the end. Before the end (year 1's combat
    included) the game is not over and has no outcome; at the end it is over,
    nobody moves, and its outcome is the final scoring of that position."""
    before_the_end: list[Phase] = []

    def not_over_yet(state: GameState) -> bool:
        if state.phase is not Phase.GAME_OVER:
            assert not is_over(state) and outcome(state) is None, f"{state.phase.value}: an outcome before the end"
            before_the_end.append(state.phase)
        return False

    out = play_out(new_game(players), None, random.Random(players), until=not_over_yet)
    assert Phase.COMBAT in before_the_end  # both combats were played before the end
    assert out.state.phase is Phase.GAME_OVER and out.state.year == 2
    assert is_over(out.state) and outcome(out.state) == final_scores(out.state)
