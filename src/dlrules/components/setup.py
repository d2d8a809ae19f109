"""Setup numbers and dungeon geometry (the component tables, "Geometry and setup")."""

from __future__ import annotations

from typing import Any

from dlrules.components.base import Conf, Fact

_G = "component tables, geometry and setup"

GRID_COLUMNS = Fact("dungeon grid columns", 5, Conf.H, _G)
GRID_ROWS = Fact("dungeon grid rows (row 0 next to the surface)", 4, Conf.H, _G)
ENTRANCE_COLUMN = Fact("entrance column (above row 0)", 2, Conf.H, _G)
STARTING_TUNNEL_COUNT = Fact("starting unconquered tunnels (SETUP-5)", 3, Conf.H, _G)
STARTING_TUNNELS = Fact(
    "starting unconquered tunnels, their squares (row, column)", ((0, 2), (1, 2), (2, 2)), Conf.M, _G
)
START_GOLD = Fact("starting gold", 3, Conf.H, _G)
START_FOOD = Fact("starting food", 3, Conf.H, _G)
START_IMPS = Fact("starting imps", 3, Conf.H, _G)
MINIONS = Fact("minions per colour", 3, Conf.H, _G)
ORDER_CARDS = Fact("order cards per colour", 8, Conf.H, _G)
FIRST_DEAL = Fact("orders dealt to keep 2 as the first unavailable ones (full game, RUL-13)", 3, Conf.H, _G)
UNAVAILABLE = Fact("unavailable orders per player (ORD-2)", 2, Conf.H, "ORD-2")
DUMMY_UNAVAILABLE = Fact("unavailable orders per dummy (DUM3-1, DUM2-1)", 3, Conf.H, "DUM3-1")
EVIL_MIN = Fact("lowest evilometer space", 1, Conf.H, _G)
EVIL_MAX = Fact("highest evilometer space", 15, Conf.H, _G)
EVIL_START = Fact("evil start space", 5, Conf.M, _G)
PALADIN_SPACE = Fact("paladin space (on or above: egregiously evil)", 10, Conf.H, _G)
FIRST_PLAYER = Fact("first player at start: the table's choice, a setup parameter (SETUP-1); default seat", 0, Conf.H, _G)
TROLL_TOKENS = Fact("troll tokens (SETUP-2)", 3, Conf.H, _G)
DAMAGE_COUNTERS_UNLIMITED = Fact("damage counters are unlimited (SETUP-2)", True, Conf.L, _G)
TAVERN_SIZE = Fact("monsters revealed each round (RST-1)", 3, Conf.H, _G)
ROOM_SHOP_SIZE = Fact("rooms revealed each round (RST-1)", 2, Conf.H, _G)
ADVENTURERS_4P = Fact("adventurers drawn a round, 4 players (RST-3)", 4, Conf.H, _G)
ADVENTURERS_2P_3P = Fact("adventurers drawn a round, 2 or 3 players (RST-3)", 3, Conf.H, _G)
COMBAT_CARDS_DEALT = Fact("combat cards dealt face down per year (CMB-1)", 4, Conf.H, "CMB-1")
HIRE_FIRST_GOLD = Fact(
    "full game: gold paid when Hire Monster is revealed as a first order (ORD-9)",
    1,
    Conf.H,
    "component tables, central board; ORD-8, ORD-9",
)
Y2_EXTRA_TRAP_CARDS = Fact(
    "year-2 Buy Traps: cards drawn beyond the slot's, then one trap card discarded (Y2-3)",
    1,
    Conf.H,
    "component tables, central board; Y2-3",
)
ROUNDS_PER_YEAR = Fact("rounds a year (RS-1)", 4, Conf.H, "RS-1")
YEARS = Fact("years in a game (Y2-1)", 2, Conf.H, "Y2-1")

SEASONS = ("winter", "spring", "summer", "autumn")

FACTS: tuple[Fact[Any], ...] = (
    GRID_COLUMNS, GRID_ROWS, ENTRANCE_COLUMN, STARTING_TUNNEL_COUNT, STARTING_TUNNELS, START_GOLD, START_FOOD,
    START_IMPS, MINIONS, ORDER_CARDS, FIRST_DEAL, UNAVAILABLE, DUMMY_UNAVAILABLE,
    EVIL_MIN, EVIL_MAX, EVIL_START, PALADIN_SPACE, FIRST_PLAYER, TROLL_TOKENS,
    DAMAGE_COUNTERS_UNLIMITED, TAVERN_SIZE,
    ROOM_SHOP_SIZE, ADVENTURERS_4P, ADVENTURERS_2P_3P, COMBAT_CARDS_DEALT,
    HIRE_FIRST_GOLD, Y2_EXTRA_TRAP_CARDS, ROUNDS_PER_YEAR, YEARS,
)  # fmt: skip


def adventurers_per_round(players: int) -> int:
    """RST-3: 4 adventurers with 4 players, 3 with 2 or 3."""
    return ADVENTURERS_4P.value if players == 4 else ADVENTURERS_2P_3P.value


# Year-1 room areas (the component tables region names; row 0 = surface side).
_ALL = tuple((r, c) for r in range(4) for c in range(5))
UPPER_HALF = Fact("region 'upper half': rows 0-1", frozenset(s for s in _ALL if s[0] <= 1), Conf.H, _G)
LOWER_HALF = Fact("region 'lower half': rows 2-3", frozenset(s for s in _ALL if s[0] >= 2), Conf.H, _G)
INNER = Fact(
    "region 'inner': columns 1-3 x rows 1-2",
    frozenset(s for s in _ALL if 1 <= s[0] <= 2 and 1 <= s[1] <= 3),
    Conf.H,
    _G,
)
OUTER_RING = Fact(
    "region 'outer ring': every square not inner, 14 (U-19: a tile photo suggests 12)",
    frozenset(_ALL) - INNER.value,
    Conf.M,
    _G,
)
ANYWHERE = Fact("no area restriction (year-2 rooms, Y2-4)", frozenset(_ALL), Conf.H, "Y2-4")

REGIONS: dict[str, Fact[frozenset[tuple[int, int]]]] = {
    "upper half": UPPER_HALF,
    "lower half": LOWER_HALF,
    "inner": INNER,
    "outer ring": OUTER_RING,
    "anywhere": ANYWHERE,
}
