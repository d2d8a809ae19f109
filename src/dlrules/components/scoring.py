"""Final scoring values (the scoring rules, combat component table R): the points
of each scoring line, the title points by player count, the titles themselves
and the point-scoring rooms' bonuses. The rules that use them live in
``phases/scoring.py``; every number is here, with its confidence and source.
"""

from __future__ import annotations

import enum

import attrs

from dlrules.components.base import Conf, Fact

_SCO = "the scoring rules"
_RB = "rulebook p.11 (overview card), p.21"


# --- SCO-1: what each counted thing scores -------------------------------------------------


class Item(enum.Enum):
    """The scoring lines of SCO-1, in the overview card's order (SCO-7); the
    value is the line's rule ID."""

    UNCONQUERED_ROOMS = "SCO-1a"
    MONSTERS = "SCO-1b"
    PRISONERS = "SCO-1c"
    PALADINS = "SCO-1d"
    CONQUERED_TILES = "SCO-1e"
    RED_MARKS = "SCO-1f"
    SCORING_ROOMS = "SCO-1g"


@attrs.frozen
class ItemValue:
    """One scoring line: ``points`` for each counted thing (``None`` for the
    scoring rooms, whose bonus is per room: ``SCORING_ROOMS``)."""

    item: Item
    what: str
    points: int | None
    conf: Conf
    source: str = f"{_SCO} SCO-1; {_RB}"


ITEM_VALUES: dict[Item, ItemValue] = {
    v.item: v
    for v in (
        ItemValue(Item.UNCONQUERED_ROOMS, "unconquered rooms", 2, Conf.H),
        ItemValue(Item.MONSTERS, "monsters (ghosts score nothing)", 1, Conf.H),
        ItemValue(Item.PRISONERS, "adventurers in prison (not paladins)", 2, Conf.H),
        ItemValue(Item.PALADINS, "paladins in prison", 5, Conf.H),
        ItemValue(Item.CONQUERED_TILES, "conquered tiles", -2, Conf.H),
        ItemValue(Item.RED_MARKS, "red marks (unpaid taxes)", -3, Conf.H),
        ItemValue(Item.SCORING_ROOMS, "point-scoring rooms", None, Conf.H, f"{_SCO} SCO-6; rulebook p.24"),
    )
}  # fmt: skip


# --- SCO-2: title points by player count -----------------------------------------------------


@attrs.frozen
class TitlePoints:
    """Points for a title held alone (exclusive) or tied (shared, to each)."""

    players: int
    exclusive: int
    shared: int
    conf: Conf
    source: str = f"{_SCO} SCO-2; {_RB}"


TITLE_POINTS: dict[int, TitlePoints] = {
    2: TitlePoints(2, 2, 1, Conf.H),
    3: TitlePoints(3, 3, 2, Conf.H),
    4: TitlePoints(4, 3, 2, Conf.H),
}


# --- SCO-8: the seven titles ------------------------------------------------------------------


class Title(enum.Enum):
    """The seven titles, keyed by what they measure (SCO-8, the open questions
    U-10); the value is the title's rule ID."""

    EVIL = "SCO-8a"
    ROOMS = "SCO-8b"
    TUNNELS = "SCO-8c"
    MONSTERS = "SCO-8d"
    IMPS = "SCO-8e"
    RICHES = "SCO-8f"
    FEWEST_CONQUERED = "SCO-8g"


@attrs.frozen
class TitleSpec:
    """A title: its display name, what it measures and whether the fewest
    (rather than the most) wins it. ``name_conf`` is M for the three names the
    rulebook's extraction lost (U-10)."""

    title: Title
    name: str
    measures: str
    fewest: bool
    conf: Conf
    name_conf: Conf = Conf.H
    source: str = f"{_SCO} SCO-8; {_RB}"


TITLES: dict[Title, TitleSpec] = {
    t.title: t
    for t in (
        TitleSpec(Title.EVIL, "The Lord of Dark Deeds", "highest on the Evilometer", False, Conf.H),
        TitleSpec(Title.ROOMS, "The Lord of Halls", "most rooms, conquered or not", False, Conf.H),
        TitleSpec(Title.TUNNELS, "Tunnel Lord", "most tunnel tiles, conquered or not", False, Conf.H, Conf.M),
        TitleSpec(Title.MONSTERS, "Monster Lord", "most monsters (not ghosts)", False, Conf.H, Conf.M),
        TitleSpec(Title.IMPS, "The Lord of Imps", "most imps (not trolls)", False, Conf.H),
        TitleSpec(Title.RICHES, "The Lord of Riches", "most gold + food + unplayed trap cards", False, Conf.H),
        TitleSpec(Title.FEWEST_CONQUERED, "Battle Lord", "fewest conquered tiles", True, Conf.H, Conf.M),
    )
}  # fmt: skip


# --- SCO-6, SCO-12: the point-scoring rooms -----------------------------------------------


@attrs.frozen
class ScoringRoom:
    """A year-2 point-scoring room (R-5..R-7): points per
    monster or ghost of the listed kinds in its owner's lair, if unconquered."""

    room: str  # a key of components.cards.ROOMS
    per_kind: tuple[tuple[str, int], ...]  # (monster kind, points each)
    conf: Conf
    source: str


SCORING_ROOMS: dict[str, ScoringRoom] = {
    r.room: r
    for r in (
        ScoringRoom("cafeteria", (("goblin", 1), ("slime", 1), ("troll", 1), ("witch", 1)), Conf.H, "R-5; SCO-6; rulebook p.24"),
        ScoringRoom("chapel", (("ghost", 2), ("vampire", 2)), Conf.H, "R-6; SCO-6; rulebook p.24"),
        ScoringRoom("pandemonium", (("demon", 2), ("dragon", 2), ("golem", 2)), Conf.H, "R-7; SCO-6; rulebook p.24"),
    )
}  # fmt: skip


@attrs.frozen
class HallOfFame:
    """R-8, SCO-12: points per exclusive title its owner
    holds, by player count, scored with the titles; shared titles give none."""

    room: str
    per_exclusive: dict[int, int]
    conf: Conf
    source: str = "R-8; SCO-12; rulebook p.24"


HALL_OF_FAME = HallOfFame("hall-of-fame", {2: 1, 3: 1, 4: 2}, Conf.H)

TITLE_AT_ZERO = Fact(
    "a 'most' title whose best count is 0 is still awarded, shared by all (SCO-13)",
    True,
    Conf.L,
    "SCO-13; U-11",
)
"""The one switch for the open point U-11: False would give such a title to nobody.
It changes no ranking, only totals near the licence line."""
