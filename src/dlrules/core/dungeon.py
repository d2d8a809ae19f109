"""Dungeon grid geometry alone: squares, neighbours, the 2×2 rule, regions,
legal dig and room squares, walking distance from the entrance.

The grid is 5 columns × 4 rows, row 0 next to the surface, the entrance above
column 2 (the component tables, geometry). Functions here take sets of squares or a
:class:`~dlrules.core.state.Dungeon` and know nothing of players or phases.
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Final

from dlrules.components import ROOMS
from dlrules.components.setup import ENTRANCE_COLUMN, GRID_COLUMNS, GRID_ROWS, REGIONS
from dlrules.core.errors import Violation
from dlrules.core.state import Dungeon, Square, Tile, setter

ROWS: Final[int] = GRID_ROWS.value
COLUMNS: Final[int] = GRID_COLUMNS.value
GRID: Final[tuple[Square, ...]] = tuple((r, c) for r in range(ROWS) for c in range(COLUMNS))
ENTRANCE: Final[Square] = (0, ENTRANCE_COLUMN.value)
"""The square just below the entrance (the entrance lies above it)."""


def in_grid(square: Square) -> bool:
    """ACT-DIG-5 / the component tables: the square lies inside the 5×4 grid."""
    r, c = square
    return 0 <= r < ROWS and 0 <= c < COLUMNS


def plain_square(square: object) -> bool:
    """``square`` is a (row, column) pair of plain ints: a cache may be keyed
    on it. A dict (or ``lru_cache``, even ``typed``, inside a tuple) takes
    ``(True, 2)`` and ``(1, 2)`` for one key, so a state built by hand with a
    bool for a number would otherwise leave its moves for later games."""
    return type(square) is tuple and len(square) == 2 and type(square[0]) is int and type(square[1]) is int


def neighbours(square: Square) -> tuple[Square, ...]:
    """The squares sharing a side with ``square``, inside the grid (up, left, right, down)."""
    r, c = square
    around = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
    return tuple(s for s in around if in_grid(s))


def blocks_with(square: Square) -> tuple[tuple[Square, ...], ...]:
    """Every 2×2 block of the grid that contains ``square``."""
    r, c = square
    out = []
    for top in (r - 1, r):
        for left in (c - 1, c):
            block = ((top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1))
            if all(in_grid(s) for s in block):
                out.append(block)
    return tuple(out)


def full_block_with(filled: frozenset[Square], square: Square) -> tuple[Square, ...] | None:
    """ACT-DIG-6: the 2×2 block that filling ``square`` would complete, if any."""
    after = filled | {square}
    for block in blocks_with(square):
        if all(s in after for s in block):
            return block
    return None


def full_blocks(filled: Iterable[Square]) -> tuple[tuple[Square, ...], ...]:
    """Every completely filled 2×2 block (ACT-DIG-6 forbids any)."""
    squares = frozenset(filled)
    out = []
    for r in range(ROWS - 1):
        for c in range(COLUMNS - 1):
            block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
            if all(s in squares for s in block):
                out.append(block)
    return tuple(out)


_NEIGHBOURS: Final[dict[Square, tuple[Square, ...]]] = {s: neighbours(s) for s in GRID}
"""``neighbours`` of every square of the grid, computed once (digging asks often)."""
_BLOCKS: Final[dict[Square, tuple[tuple[Square, ...], ...]]] = {s: blocks_with(s) for s in GRID}
"""``blocks_with`` of every square of the grid, computed once."""


COLUMN_LETTERS: Final[str] = "ABCDE"
"""Squares for people (LIB-TV-2): column letter A..E from the left, row number
1..4 from the surface: the square below the entrance is C1."""


def square_name(square: Square) -> str:
    """The square for people (LIB-TV-2): ``(0, 2)`` is ``"C1"``, ``(3, 0)`` is
    ``"A4"``. A square outside the grid is named by its JSON numbers."""
    r, c = square
    if in_grid(square):
        return f"{COLUMN_LETTERS[c]}{r + 1}"
    return f"[{r}, {c}] (outside the grid)"


def parse_square_name(text: str) -> Square | None:
    """The square named ``text`` (``"C1"``, ``"c1"``), or None when ``text``
    names no square of the grid (LIB-TV-2)."""
    if len(text) < 2 or not text[1:].isdigit() or not text[1:].isascii():
        return None
    c = COLUMN_LETTERS.find(text[0].upper())
    r = int(text[1:]) - 1
    if c < 0 or not 0 <= r < ROWS:
        return None
    return (r, c)


# --- digging (ACT-DIG-5, ACT-DIG-6, ACT-ROOM-8) -----------------------------------


def _dig_problem(filled: frozenset[Square], square: Square) -> tuple[Square, ...] | str | None:
    """The test of ACT-DIG-5 and ACT-DIG-6 for one square, for
    ``dig_violation`` (which words the refusal): None when a tunnel may be
    dug at ``square``; otherwise ``"outside"``, ``"taken"``, ``"alone"`` or
    the 2×2 block it would complete. ``dig_squares``, which asks every square
    of the grid after every tunnel and needs only yes or no, makes the same
    tests on bit masks (``_dig_squares_of``); tests/test_dungeon.py keeps the
    two in agreement."""
    around = _NEIGHBOURS.get(square)
    if around is None:
        return "outside"
    if square in filled:
        return "taken"
    for n in around:
        if n in filled:
            break
    else:
        return "alone"
    for block in _BLOCKS[square]:
        for s in block:
            if s != square and s not in filled:
                break
        else:
            return block
    return None


def dig_violation(filled: frozenset[Square], square: Square) -> Violation | None:
    """Why a tunnel may not be dug at ``square`` next to the tiles ``filled``
    (tunnels and rooms, conquered or not), or None if it may."""
    problem = _dig_problem(filled, square)
    if problem is None:
        return None
    if problem == "outside":
        return Violation("ACT-DIG-5", f"{square_name(square)} lies outside the {COLUMNS}×{ROWS} dungeon grid (A1 to E4)")
    if problem == "taken":
        return Violation("ACT-DIG-5", f"{square_name(square)} already holds a tile")
    if problem == "alone":
        return Violation("ACT-DIG-5", f"a new tunnel must share a side with a tile; {square_name(square)} touches none")
    assert not isinstance(problem, str)
    corners = ", ".join(square_name(s) for s in problem)
    return Violation(
        "ACT-DIG-6",
        f"a tunnel at {square_name(square)} would fill the 2×2 block {corners} completely (rooms count, ACT-ROOM-8)",
    )


_square_of: Final = operator.attrgetter("square")


_TUNNELS: Final[dict[Square, Tile]] = {s: Tile(s) for s in GRID}
"""A new (unconquered) tunnel on each square of the grid: one shared record
per square (records are immutable)."""


def with_tunnel(dungeon: Dungeon, square: Square) -> Dungeon:
    """The dungeon with a new tunnel at ``square``, its tiles kept sorted by
    square (inserted in place: the same order as sorting them again)."""
    tiles = dungeon.tiles
    i = bisect.bisect_right(tiles, square, key=_square_of)
    return _SET_TILES(dungeon, tiles[:i] + (_TUNNELS.get(square) or Tile(square),) + tiles[i:])


def with_room(dungeon: Dungeon, room: str, square: Square) -> Dungeon:
    """ACT-ROOM-2, ACT-ROOM-7: the dungeon with ``room`` built on the tile at
    ``square`` (which keeps its place and its conquered side)."""
    tiles = dungeon.tiles
    built = list(tiles)
    for i, tile in enumerate(tiles):
        if tile.square == square:
            built[i] = _room_tile(square, room, tile.conquered)
    return _SET_TILES(dungeon, tuple(built))


_SET_TILES: Final = setter(Dungeon, "tiles")
"""A dungeon with new tiles: ``Dungeon(tiles)``, copied (``state.setter``)."""

_room_tile: Final = functools.lru_cache(maxsize=1024, typed=True)(Tile)
"""A tile holding a room: one shared record per square, room and side (records are immutable)."""


_BIT: Final[dict[Square, int]] = {s: 1 << i for i, s in enumerate(GRID)}
"""Each square of the grid as one bit of an int: a set of squares is the
union of their bits (a square outside the grid has none: it touches no
square of the grid, ACT-DIG-5)."""

_DIG_TESTS: Final[tuple[tuple[Square, int, int, tuple[int, ...]], ...]] = tuple(
    (s, _BIT[s], sum(_BIT[n] for n in _NEIGHBOURS[s]), tuple(sum(_BIT[o] for o in block if o != s) for block in _BLOCKS[s]))
    for s in GRID
)
"""``_dig_problem``'s tests of each square of the grid as bit masks: the
square's bit, its neighbours' bits (ACT-DIG-5), and for each 2×2 block
holding it the bits of the block's other three squares (ACT-DIG-6)."""


def _mask(filled: Iterable[Square]) -> int:
    """The squares ``filled`` as bits (``_BIT``)."""
    bits = _BIT
    mask = 0
    for s in filled:
        mask |= bits.get(s, 0)
    return mask


@functools.lru_cache(maxsize=8192)
def _dig_squares_of(filled: int) -> tuple[Square, ...]:
    """``dig_squares`` of the squares whose bits are ``filled``: the tests of
    ``_dig_problem`` (ACT-DIG-5, ACT-DIG-6) made on bits, which is what lets
    digging ask for every square of the grid after every tunnel.
    ``_dig_problem`` words the refusals (``dig_violation``); the two are
    kept in agreement by tests/test_dungeon.py, square by square."""
    out = []
    for square, bit, around, blocks in _DIG_TESTS:
        if filled & bit or not filled & around:
            continue  # ACT-DIG-5: the square holds a tile, or touches none
        for others in blocks:
            if filled & others == others:
                break  # ACT-DIG-6: a tunnel here would fill this 2×2 block
        else:
            out.append(square)
    return tuple(out)


def dig_squares(filled: frozenset[Square]) -> tuple[Square, ...]:
    """Every square where a tunnel may be dug next to the tiles ``filled``
    (tunnels and rooms, conquered or not), in grid order (cached: a pure
    function of the squares, asked by ``legal`` and ``auto`` alike)."""
    return _dig_squares_of(_mask(filled))


_LAST_DIG: tuple[Dungeon | None, tuple[Square, ...]] = (None, ())
"""The dungeon ``dungeon_dig_squares`` last answered for and its answer (one
tuple, replaced whole): after a tunnel, the resolution's automatic step
asks whether digging goes on, then ``legal`` lists the same squares."""


def dungeon_dig_squares(dungeon: Dungeon) -> tuple[Square, ...]:
    """``dig_squares`` of ``dungeon``'s squares (ACT-DIG-5, ACT-DIG-6);
    asked again for the same dungeon object, the same answer at once."""
    global _LAST_DIG
    last = _LAST_DIG
    if last[0] is dungeon:
        return last[1]
    bits = _BIT
    filled = 0
    for tile in dungeon.tiles:
        filled |= bits.get(tile.square, 0)
    squares = _dig_squares_of(filled)
    _LAST_DIG = (dungeon, squares)
    return squares


# --- rooms (ACT-ROOM-3..6, Y2-4, Y2-5) ----------------------------------------------


def region(name: str) -> frozenset[Square]:
    """A named year-1 room area (the component tables region names)."""
    return REGIONS[name].value


@functools.lru_cache(maxsize=None)
def room_area(room: str) -> frozenset[Square]:
    """ACT-ROOM-4 / Y2-4: where ``room`` may be placed ("anywhere" for year-2
    rooms); cached per room (the component tables are constants)."""
    return region(ROOMS[room].area)


def _sides(square: Square) -> tuple[Square, ...]:
    """ACT-ROOM-5: the squares sharing a side with ``square``, where no
    second room may stand beside a room; squares meeting it only at a corner
    are not among them (rooms may touch at corners)."""
    return _NEIGHBOURS.get(square) or neighbours(square)


def _room_problem(tiles: Mapping[Square, Tile], room: str, square: Square) -> Square | str | None:
    """The test of ACT-ROOM-3..5 (and Y2-5) for one square, for
    ``room_violation`` (which words the refusal): None when ``room`` may
    replace the tile at ``square`` of the dungeon whose ``tiles`` are given
    by square; otherwise ``"no tile"``, ``"room"``, ``"conquered"``,
    ``"area"``, or the square of the room it would touch. ``room_squares``,
    which lists every room of the shop at once, makes the same tests as
    ``open_tunnels`` and an area filter; tests/test_dungeon.py keeps the two
    in agreement."""
    tile = tiles.get(square)
    if tile is None:
        return "no tile"
    if tile.room is not None:
        return "room"
    if tile.conquered:
        return "conquered"
    if square not in room_area(room):
        return "area"
    for n in _sides(square):
        other = tiles.get(n)
        if other is not None and other.room is not None:
            return n
    return None


def _by_square(dungeon: Dungeon) -> dict[Square, Tile]:
    return {t.square: t for t in dungeon.tiles}


def room_violation(dungeon: Dungeon, room: str, square: Square) -> Violation | None:
    """Why ``room`` may not replace the tile at ``square``, or None if it may."""
    kind = ROOMS[room]
    problem = _room_problem(_by_square(dungeon), room, square)
    if problem is None:
        return None
    if problem == "no tile":
        return Violation("ACT-ROOM-3", f"a room replaces one of your tunnels; there is no tile at {square_name(square)}")
    if problem == "room":
        return Violation("ACT-ROOM-3", f"{square_name(square)} is already a room, not a tunnel")
    if problem == "conquered":
        return Violation("ACT-ROOM-3", f"the tunnel at {square_name(square)} is conquered; a room replaces an unconquered tunnel (Y2-5)")
    if problem == "area":
        return Violation("ACT-ROOM-4", f"the {kind.name} must be placed in the {kind.area} of the dungeon; {square_name(square)} is not")
    assert not isinstance(problem, str)
    return Violation("ACT-ROOM-5", f"two rooms may not share a side; {square_name(square)} touches the room at {square_name(problem)}")


def open_tunnels(dungeon: Dungeon) -> tuple[Square, ...]:
    """ACT-ROOM-3, ACT-ROOM-5 (Y2-5): the tunnels any room may replace, its
    area aside (ACT-ROOM-4): unconquered tunnels sharing no side with a
    room, in grid order. The same tests as ``_room_problem``'s, made once
    for every room on offer rather than once per room and tile (the shop's
    legal moves ask for all of them; tests/test_dungeon.py checks that both
    agree)."""
    tiles = dungeon.tiles
    rooms = [t.square for t in tiles if t.room is not None]
    if not rooms:
        return tuple([t.square for t in tiles if not t.conquered])
    beside: set[Square] = set()  # the squares sharing a side with a room
    for square in rooms:
        beside.update(_sides(square))
    return tuple([t.square for t in tiles if t.room is None and not t.conquered and t.square not in beside])


def room_squares(dungeon: Dungeon, room: str, tunnels: tuple[Square, ...] | None = None) -> tuple[Square, ...]:
    """ACT-ROOM-6: every tunnel where ``room`` may be placed, in grid order:
    the ``open_tunnels`` (passed in when known) in the room's area (ACT-ROOM-4).
    (Not cached: hashing a dungeon costs about what the test does, and a
    dungeon changes with almost every tunnel dug.)"""
    area = room_area(room)
    return tuple([s for s in (open_tunnels(dungeon) if tunnels is None else tunnels) if s in area])


# --- walking (CMB-2) -----------------------------------------------------------------


def walking_distances(filled: frozenset[Square]) -> dict[Square, int]:
    """CMB-2: steps from the entrance to each tile, walking through tiles by
    their sides; the tile below the entrance is 1 step in. Unreachable tiles
    are absent."""
    if ENTRANCE not in filled:
        return {}
    dist = {ENTRANCE: 1}
    queue = deque([ENTRANCE])
    while queue:
        here = queue.popleft()
        for n in _NEIGHBOURS[here]:  # ``neighbours``, made once per square (``here`` is always in the grid)
            if n in filled and n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist
