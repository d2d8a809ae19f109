"""Constructed end-of-game positions for the scoring tests (SCORING.md).

The engine reaches ``Phase.GAME_OVER`` only once year 2 is built, so these
tests build the position after year 2's combat directly: a new game moved to
the end, each lord given what he owns. ``lord(...)`` describes one player in
the game's own words; ``end_of_game(lord(...), lord(...), ...)`` is the state.
"""

from __future__ import annotations

from typing import Any

import attrs

import dlrules
from dlrules.core.state import Dungeon, GameState, Monster, Phase, Tile

SQUARES = tuple((r, c) for r in range(4) for c in range(5))
"""Every dungeon square; a constructed dungeon fills them in order (scoring
looks at what the tiles are, never where they lie)."""


def lord(
    *,
    rooms: tuple[str, ...] = (),
    conquered_rooms: tuple[str, ...] = (),
    tunnels: int = 3,
    conquered_tunnels: int = 0,
    monsters: tuple[str, ...] = (),
    prison: tuple[str, ...] = (),
    red_marks: int = 0,
    evil: int = 5,
    imps: int = 3,
    gold: int = 0,
    food: int = 0,
    traps: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The ``PlayerState`` fields of one lord at the end of the game."""
    kinds: list[tuple[str | None, bool]] = []
    kinds += [(room, False) for room in rooms]
    kinds += [(room, True) for room in conquered_rooms]
    kinds += [(None, False)] * tunnels + [(None, True)] * conquered_tunnels
    tiles = tuple(Tile(square, room, conquered) for square, (room, conquered) in zip(SQUARES, kinds, strict=False))
    assert len(tiles) == len(kinds), "more tiles than dungeon squares"
    return {
        "dungeon": Dungeon(tiles),
        "monsters": tuple(Monster(kind) for kind in monsters),
        "prison": prison,
        "damage_tokens": red_marks,
        "evil": evil,
        "imps": imps,
        "gold": gold,
        "food": food,
        "traps": traps,
    }


def end_of_game(*lords: dict[str, Any], variant: str = "full", **changes: Any) -> GameState:
    """The position after year 2's combat and clean-up (SCO-4), in the game-over
    phase, with one player per ``lord``; ``changes`` are further GameState fields."""
    state = dlrules.new_game(len(lords), variant=variant)
    players = tuple(attrs.evolve(p, **fields) for p, fields in zip(state.players, lords, strict=True))
    return attrs.evolve(state, year=2, round=4, phase=Phase.GAME_OVER, players=players, **changes)


def plain(n: int) -> tuple[dict[str, Any], ...]:
    """``n`` lords with the same nothing-special dungeon (every title shared)."""
    return tuple(lord() for _ in range(n))
