"""The dungeon grid alone (dlrules.core.dungeon): neighbours, digging squares
(ACT-DIG-5, ACT-DIG-6, ACT-ROOM-8), regions (ACT-ROOM-4), room squares
(ACT-ROOM-3..6) and walking distance from the entrance (CMB-2)."""

from __future__ import annotations

import random

from dlrules.components import ROOMS
from dlrules.core.dungeon import (
    ENTRANCE,
    GRID,
    dig_squares,
    dig_violation,
    dungeon_dig_squares,
    full_block_with,
    full_blocks,
    in_grid,
    neighbours,
    open_tunnels,
    region,
    room_squares,
    room_violation,
    walking_distances,
)
from dlrules.core.state import Dungeon, Tile

START = frozenset({(0, 2), (1, 2), (2, 2)})


def test_grid_is_5_columns_by_4_rows_with_the_entrance_above_column_2() -> None:
    """COMPONENTS.md geometry: 20 squares; row 0 next to the surface."""
    assert len(GRID) == 20
    assert ENTRANCE == (0, 2)
    assert in_grid((3, 4)) and not in_grid((4, 0)) and not in_grid((0, 5)) and not in_grid((-1, 2))


def test_neighbours_share_a_side_and_stay_inside() -> None:
    assert set(neighbours((0, 0))) == {(0, 1), (1, 0)}
    assert set(neighbours((1, 2))) == {(0, 2), (2, 2), (1, 1), (1, 3)}
    assert set(neighbours((3, 4))) == {(2, 4), (3, 3)}


def test_ACT_DIG_5_legal_squares_from_the_starting_tunnels() -> None:
    """ACT-DIG-5: every square sharing a side with the starting column."""
    assert dig_squares(START) == ((0, 1), (0, 3), (1, 1), (1, 3), (2, 1), (2, 3), (3, 2))
    v = dig_violation(START, (0, 0))
    assert v is not None and v.rule == "ACT-DIG-5"


def test_ACT_DIG_6_no_completely_filled_2x2_block() -> None:
    """ACT-DIG-6: with (1, 1) dug, (0, 1) and (2, 1) would each complete a block."""
    filled = START | {(1, 1)}
    assert full_block_with(filled, (0, 1)) == ((0, 1), (0, 2), (1, 1), (1, 2))
    for square in ((0, 1), (2, 1)):
        v = dig_violation(filled, square)
        assert v is not None and v.rule == "ACT-DIG-6"
    assert (0, 1) not in dig_squares(filled) and (1, 0) in dig_squares(filled)
    assert full_blocks(filled) == ()
    assert full_blocks(filled | {(0, 1)}) == (((0, 1), (0, 2), (1, 1), (1, 2)),)


def test_ACT_ROOM_8_rooms_count_as_filled() -> None:
    """ACT-ROOM-8: the 2x2 rule counts rooms; the squares are what matters."""
    d = Dungeon((Tile((0, 2)), Tile((1, 1), "printing-press"), Tile((1, 2)), Tile((2, 2))))
    v = dig_violation(d.squares, (0, 1))
    assert v is not None and v.rule == "ACT-DIG-6"


def test_regions_of_COMPONENTS_md() -> None:
    """Upper half rows 0-1, lower half rows 2-3, inner columns 1-3 x rows 1-2
    (6 squares), outer ring the other 14 (LIB-7)."""
    assert len(region("upper half")) == 10 and (1, 4) in region("upper half")
    assert len(region("lower half")) == 10 and (2, 0) in region("lower half")
    assert region("inner") == frozenset({(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)})
    assert len(region("outer ring")) == 14 and not region("outer ring") & region("inner")
    assert len(region("anywhere")) == 20


def test_ACT_ROOM_3_to_6_room_squares() -> None:
    """ACT-ROOM-3..6: an unconquered tunnel, in the room's area, no side shared
    with another room."""
    d = Dungeon((Tile((0, 2)), Tile((1, 2)), Tile((2, 2))))
    assert room_squares(d, "chicken-coop") == ((0, 2), (1, 2))  # upper half
    assert room_squares(d, "mint") == ((2, 2),)  # lower half
    assert room_squares(d, "printing-press") == ((1, 2), (2, 2))  # inner
    assert room_squares(d, "workshop") == ((0, 2),)  # outer ring
    assert room_squares(d, "chapel") == ((0, 2), (1, 2), (2, 2))  # year 2: anywhere (Y2-4)
    with_room = Dungeon((Tile((0, 2)), Tile((1, 2), "mint"), Tile((2, 2))))
    assert room_squares(with_room, "chicken-coop") == ()
    v = room_violation(with_room, "chicken-coop", (0, 2))
    assert v is not None and v.rule == "ACT-ROOM-5"
    conquered = Dungeon((Tile((0, 2), conquered=True), Tile((1, 2)), Tile((2, 2))))
    v = room_violation(conquered, "chicken-coop", (0, 2))
    assert v is not None and v.rule == "ACT-ROOM-3"
    v = room_violation(d, "mint", (0, 2))
    assert v is not None and v.rule == "ACT-ROOM-4"


def test_CMB_2_walking_distance_from_the_entrance() -> None:
    """CMB-2: steps through tiles by their sides; the entrance tile is 1."""
    filled = START | {(1, 1), (1, 0), (3, 2)}
    assert walking_distances(filled) == {(0, 2): 1, (1, 2): 2, (2, 2): 3, (1, 1): 3, (1, 0): 4, (3, 2): 4}
    assert walking_distances(frozenset({(1, 2)})) == {}


def _random_dungeons(count: int, seed: int) -> list[Dungeon]:
    """Dungeons of every density (not all of them reachable in a game): each
    square a tunnel, a room or empty, conquered or not, at random."""
    rng = random.Random(seed)
    rooms = sorted(ROOMS)
    out = []
    for _ in range(count):
        density, roomy = rng.random(), rng.random() / 2
        tiles = tuple(
            Tile(s, rng.choice(rooms) if rng.random() < roomy else None, rng.random() < 0.2)
            for s in GRID
            if rng.random() < density
        )
        out.append(Dungeon(tiles))
    return out


def test_ACT_DIG_5_6_dig_squares_agree_with_dig_violation_square_by_square() -> None:
    """``dig_squares`` (bit masks, for the legal moves) and ``dig_violation``
    (which words the refusals) are two ways of ACT-DIG-5/6: a square is
    listed exactly when it is not refused, for every dungeon tried, and the
    dungeon's own answer (``dungeon_dig_squares``) is the same."""
    for dungeon in _random_dungeons(600, seed=5):
        filled = dungeon.squares
        expected = tuple(s for s in GRID if dig_violation(filled, s) is None)
        assert dig_squares(filled) == expected
        assert dungeon_dig_squares(dungeon) == expected
        assert dungeon_dig_squares(dungeon) is dungeon_dig_squares(dungeon)  # asked again: the same answer


def test_ACT_ROOM_3_to_6_room_squares_agree_with_room_violation_square_by_square() -> None:
    """``room_squares`` (the open tunnels in the room's area, for the legal
    moves) and ``room_violation`` (which words the refusals) are two ways of
    ACT-ROOM-3..6 and Y2-5: a square is listed exactly when it is not
    refused, for every room and every dungeon tried."""
    for dungeon in _random_dungeons(300, seed=6):
        tunnels = open_tunnels(dungeon)
        for room in ROOMS:
            expected = tuple(s for s in GRID if room_violation(dungeon, room, s) is None)
            assert room_squares(dungeon, room) == expected
            assert room_squares(dungeon, room, tunnels) == expected
