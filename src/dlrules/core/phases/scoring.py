"""Final scoring and the end of the game (SCO-1..15).

Scoring is computed; nobody decides anything (SCO-1). It happens once, after
year 2's combat and its clean-up (SCO-4), when the game enters
``Phase.GAME_OVER``; from then on every move is refused citing SCO-3 (after
scoring the game is over). ``final_scores(state)`` is a pure function of the
position: the engine cannot reach ``GAME_OVER`` until year 2 is built, so it
also scores a constructed end-of-game position (docs/api.md, "The outcome").

Every value comes from ``components/scoring.py``; this module only counts.
What is counted (SCO-15): tiles by kind and conquered flag, monsters and ghosts
by kind in the lair (all face up after clean-up, and counted face up or not),
prisoners by kind (paladins apart), red marks in the Dead Letter Office
(``PlayerState.damage_tokens``), imp figures (``PlayerState.imps``: troll tokens
are not imps), gold, food and trap cards still held.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import attrs

from dlrules.components import MONSTERS, PALADINS
from dlrules.components.scoring import (
    HALL_OF_FAME,
    ITEM_VALUES,
    SCORING_ROOMS,
    TITLE_AT_ZERO,
    TITLE_POINTS,
    TITLES,
    Item,
    Title,
)
from dlrules.core.errors import Violation
from dlrules.core.moves import Move
from dlrules.core.phases import PhaseRules
from dlrules.core.state import GameState, Phase, PlayerState

PALADIN_KEYS: frozenset[str] = frozenset(p.key for p in PALADINS.values())
"""Prison entries that are paladins (SCO-1d): either year's."""


# --- the records ----------------------------------------------------------------------------


@attrs.frozen
class ScoreLine:
    """One SCO-1 line of a player's score: what was counted and its points.
    ``rooms`` (SCO-1g only): each unconquered point-scoring room's bonus."""

    item: Item
    what: str
    count: int
    points: int
    rooms: tuple[tuple[str, int], ...] = ()

    @property
    def rule(self) -> str:
        return self.item.value


@attrs.frozen
class TitleResult:
    """How one title went (SCO-8, SCO-9): each player's value, the holders
    (every player with the best value, SCO-10: no tie-breaker), whether it is
    exclusive (one holder) and what each holder scores (SCO-2)."""

    title: Title
    name: str
    values: tuple[int, ...]
    holders: tuple[int, ...]
    exclusive: bool
    points: int

    @property
    def rule(self) -> str:
        return self.title.value


@attrs.frozen
class TitleLine:
    """A title a player holds, on his score sheet (SCO-1h)."""

    title: Title
    name: str
    value: int
    exclusive: bool
    points: int

    @property
    def rule(self) -> str:
        return self.title.value


@attrs.frozen
class PlayerScore:
    """One player's final score (SCO-14): the SCO-1 lines in the overview
    card's order (SCO-7), the titles held, the Hall of Fame bonus (SCO-12), the
    total and the licence (SCO-3: a total above 0)."""

    seat: int
    lines: tuple[ScoreLine, ...]
    titles: tuple[TitleLine, ...]
    hall_of_fame: int
    total: int
    licence: bool

    @property
    def breakdown(self) -> tuple[tuple[str, int], ...]:
        """(rule ID, points) for every line, title held and the Hall of Fame,
        in scoring order (LIB-SCO-4); the points add up to ``total``."""
        out = [(line.rule, line.points) for line in self.lines]
        out += [(t.rule, t.points) for t in self.titles]
        out.append(("SCO-12", self.hall_of_fame))
        return tuple(out)

    def line(self, item: Item) -> ScoreLine:
        return next(line for line in self.lines if line.item is item)


@attrs.frozen
class GameOutcome:
    """The game's result (SCO-14): every player's score, how each title went,
    and the winners (SCO-3: every player with the highest total; more than one
    is a shared victory)."""

    players: tuple[PlayerScore, ...]
    titles: tuple[TitleResult, ...]
    winners: tuple[int, ...]

    @property
    def shared_victory(self) -> bool:
        return len(self.winners) > 1

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)


# --- counting (SCO-15) --------------------------------------------------------------------------


_GHOSTS: frozenset[str] = frozenset(k for k, m in MONSTERS.items() if m.ghost)
"""The ghost kinds (SCO-1b, SCO-8d: not counted as monsters)."""


def _is_ghost(kind: str) -> bool:
    return kind in _GHOSTS


def monsters_counted(player: PlayerState) -> int:
    """SCO-1b, SCO-8d: monsters in the lair, ghosts not counted."""
    return len([m for m in player.monsters if m.kind not in _GHOSTS])


_PER_KIND: dict[str, dict[str, int]] = {room: dict(spec.per_kind) for room, spec in SCORING_ROOMS.items()}
"""SCO-6: each point-scoring room's bonus per monster kind (a table of the components)."""


def scoring_room_bonus(player: PlayerState, room: str) -> int:
    """SCO-6: a point-scoring room's bonus from the owner's monsters and ghosts."""
    per_kind = _PER_KIND[room]
    return sum([per_kind.get(m.kind, 0) for m in player.monsters])


class _Tally(NamedTuple):
    """What one pass over a player's dungeon and lair counts (SCO-15), for
    both the SCO-1 lines and the SCO-8 titles."""

    unconquered_rooms: list[str]  # SCO-1a, in dungeon order
    rooms: int  # SCO-8b: conquered ones too
    tunnels: int  # SCO-8c: conquered ones too
    conquered: int  # SCO-1e, SCO-8g
    halls: int  # SCO-12: unconquered Halls of Fame
    monsters: int  # SCO-1b, SCO-8d: ghosts not counted


def _tally(player: PlayerState) -> _Tally:
    """SCO-15: the counts of ``player``'s dungeon and lair, in one pass over the tiles."""
    unconquered_rooms: list[str] = []
    rooms = tunnels = conquered = halls = 0
    hall = HALL_OF_FAME.room
    for t in player.dungeon.tiles:
        room = t.room
        if room is None:
            tunnels += 1
        else:
            rooms += 1
        if t.conquered:
            conquered += 1  # SCO-1e: tunnels and rooms
        elif room is not None:
            unconquered_rooms.append(room)  # SCO-1a: the Labyrinth is a room too
            if room == hall:
                halls += 1
    return _Tally(unconquered_rooms, rooms, tunnels, conquered, halls, monsters_counted(player))


def _item_row(item: Item) -> tuple[Item, str, int]:
    """A counted line of SCO-1: the item, what it counts, points each."""
    value = ITEM_VALUES[item]
    assert value.points is not None
    return (item, value.what, value.points)


_COUNTED: tuple[tuple[Item, str, int], ...] = tuple(
    _item_row(item)
    for item in (Item.UNCONQUERED_ROOMS, Item.MONSTERS, Item.PRISONERS, Item.PALADINS, Item.CONQUERED_TILES, Item.RED_MARKS)
)
"""SCO-1a..f in SCO-7's order, with their values (a table of the components)."""


def _item_lines(player: PlayerState, tally: _Tally) -> tuple[ScoreLine, ...]:
    """SCO-1a..g for one player (counted once in ``tally``), in SCO-7's
    order. Unconquered tunnels, gold, food, imps and trap cards score nothing
    here (only through titles). Where each count comes from: LIB-SCO-2."""
    unconquered_rooms = tally.unconquered_rooms
    prison = player.prison
    paladins = len([key for key in prison if key in PALADIN_KEYS]) if prison else 0
    lines = [
        _counted_line(0, len(unconquered_rooms)),  # SCO-1a
        _counted_line(1, tally.monsters),  # SCO-1b
        _counted_line(2, len(prison) - paladins),  # SCO-1c
        _counted_line(3, paladins),  # SCO-1d, CMB-PAL-5: both years' paladins, 5 each
        _counted_line(4, tally.conquered),  # SCO-1e
        _counted_line(5, player.damage_tokens),  # SCO-1f
    ]
    # SCO-1g, SCO-6: an unconquered point-scoring room's bonus (a conquered one
    # scores nothing; the Hall of Fame is scored with the titles, SCO-12).
    rooms = tuple([(room, scoring_room_bonus(player, room)) for room in unconquered_rooms if room in SCORING_ROOMS])
    if rooms:
        lines.append(ScoreLine(Item.SCORING_ROOMS, _SCORING_ROOMS_WHAT, len(rooms), sum([b for _, b in rooms]), rooms))
    else:
        lines.append(_NO_SCORING_ROOMS)
    return tuple(lines)


@functools.lru_cache(maxsize=1024, typed=True)
def _counted_line(k: int, count: int) -> ScoreLine:
    """The SCO-1 line ``_COUNTED[k]`` for ``count`` things: shared between
    outcomes (records are immutable; most counts are small, many 0)."""
    item, what, points = _COUNTED[k]
    return ScoreLine(item, what, count, count * points)


_SCORING_ROOMS_WHAT: str = ITEM_VALUES[Item.SCORING_ROOMS].what
_NO_SCORING_ROOMS: ScoreLine = ScoreLine(Item.SCORING_ROOMS, _SCORING_ROOMS_WHAT, 0, 0, ())
"""SCO-1g with no unconquered point-scoring room (the usual line), shared."""


_MEASURED: tuple[Title, ...] = (
    Title.EVIL,
    Title.ROOMS,
    Title.TUNNELS,
    Title.MONSTERS,
    Title.IMPS,
    Title.RICHES,
    Title.FEWEST_CONQUERED,
)
"""The order of ``title_values``."""


def title_values(player: PlayerState) -> tuple[int, ...]:
    """SCO-8a..g: what each title measures for one player, in ``_MEASURED``'s
    order (one pass over the dungeon for all seven)."""
    return _title_values(player, _tally(player))


def _title_values(player: PlayerState, tally: _Tally) -> tuple[int, ...]:
    """``title_values`` from the player's ``tally``."""
    return (
        player.evil,  # SCO-8a: the player's own marker on the Evilometer
        tally.rooms,  # SCO-8b: conquered rooms count
        tally.tunnels,  # SCO-8c: tunnel tiles, conquered ones too (a count, not a path)
        tally.monsters,  # SCO-8d: ghosts do not count
        player.imps,  # SCO-8e: imp figures; troll tokens are not imps
        player.gold + player.food + len(player.traps),  # SCO-8f: gold + food + trap cards still held
        tally.conquered,  # SCO-8g: conquered tiles, the fewest wins
    )


def title_value(player: PlayerState, title: Title) -> int:
    """SCO-8a..g: what a title measures for one player (``title_values``)."""
    return title_values(player)[_MEASURED.index(title)]


def award(title: Title, values: tuple[int, ...]) -> tuple[int, ...]:
    """SCO-9, SCO-10, SCO-13: the seats holding ``title`` given each real
    player's value: every player with the best value (most, or fewest for
    SCO-8g); ties are never broken. A "most" title whose best value is 0 is
    awarded to all (SCO-13, the data switch ``TITLE_AT_ZERO``, LIB-SCO-5)."""
    return _award(TITLES[title].fewest, values)


def _award(fewest: bool, values: tuple[int, ...]) -> tuple[int, ...]:
    """``award`` for a title won by the fewest (``fewest``) or the most."""
    if not values:
        return ()
    best = min(values) if fewest else max(values)
    if best == 0 and not fewest and not TITLE_AT_ZERO.value:
        return ()
    return tuple([seat for seat, v in enumerate(values) if v == best])


_TITLE_ROWS: tuple[tuple[Title, str, bool, int], ...] = tuple(
    (title, spec.name, spec.fewest, _MEASURED.index(title)) for title, spec in TITLES.items()
)
"""Each title in ``TITLES``'s order: its name, whether the fewest wins it and
where ``title_values`` puts its measure (a table of the components)."""


def _title_results(n_players: int, measured: list[tuple[int, ...]]) -> tuple[TitleResult, ...]:
    """SCO-2, SCO-8..11: the seven titles among the real players only, from
    each player's ``title_values`` (the 2-player game's dummies, with their
    dungeons and their one Evil marker, never hold or block one; with 3
    players the missing colour has neither). Exclusive and shared points by
    player count from ``TITLE_POINTS`` (LIB-SCO-3)."""
    points = TITLE_POINTS[n_players]
    out = []
    for title, name, fewest, k in _TITLE_ROWS:
        values = tuple([m[k] for m in measured])
        holders = _award(fewest, values)
        exclusive = len(holders) == 1
        each = points.exclusive if exclusive else points.shared if holders else 0
        out.append(TitleResult(title, name, values, holders, exclusive, each))
    return tuple(out)


@functools.lru_cache(maxsize=1024, typed=True)
def _title_line(row: int, value: int, exclusive: bool, points: int) -> TitleLine:
    """SCO-1h: the title of ``_TITLE_ROWS[row]`` on a holder's score sheet,
    shared between outcomes (records are immutable; values are small)."""
    title, name, _, _ = _TITLE_ROWS[row]
    return TitleLine(title, name, value, exclusive, points)


def _hall_bonus(halls: int, exclusive: int, n_players: int) -> int:
    """SCO-12: an unconquered Hall of Fame gives its owner points for each
    exclusive title he holds (by player count; shared titles give nothing):
    ``halls`` unconquered Halls of Fame and ``exclusive`` titles held alone."""
    return halls * exclusive * HALL_OF_FAME.per_exclusive[n_players]


def final_scores(state: GameState) -> GameOutcome:
    """SCO-1..15: every player's score and the winners, computed from the
    position as it stands (a pure function; ``outcome`` applies it only at the
    end of the game). Scores may be negative (SCO-5). Each player's dungeon
    and lair are counted once (``_tally``) for the lines and the titles."""
    players = state.players
    n = len(players)
    tallies = [_tally(p) for p in players]
    titles = _title_results(n, [_title_values(p, t) for p, t in zip(players, tallies)])  # SCO-1h
    held: list[list[TitleLine]] = [[] for _ in players]
    exclusives = [0] * n  # SCO-12: the exclusive titles each player holds
    for row, t in enumerate(titles):  # in ``_TITLE_ROWS``'s order
        for seat in t.holders:
            held[seat].append(_title_line(row, t.values[seat], t.exclusive, t.points))
        if t.exclusive:
            exclusives[t.holders[0]] += 1
    scores = []
    for seat, player in enumerate(players):
        tally = tallies[seat]
        lines = _item_lines(player, tally)
        # SCO-12 (``_hall_bonus``): each unconquered Hall of Fame, per exclusive title held
        hall = _hall_bonus(tally.halls, exclusives[seat], n) if tally.halls else 0
        mine = tuple(held[seat])
        total = sum([line.points for line in lines]) + sum([t.points for t in mine]) + hall
        scores.append(PlayerScore(seat, lines, mine, hall, total, licence=total > 0))  # SCO-3: above 0
    best = max([p.total for p in scores])
    winners = tuple([p.seat for p in scores if p.total == best])  # SCO-3: a tie shares the victory
    return GameOutcome(tuple(scores), titles, winners)


# --- the end of the game --------------------------------------------------------------------


def is_over(state: GameState) -> bool:
    """The game is over: final scoring is done (SCO-3, SCO-4)."""
    return state.phase is Phase.GAME_OVER


def outcome(state: GameState) -> GameOutcome | None:
    """The final scores and winners once the game is over (SCO-14); ``None``
    before the end. Computed from the position, never stored (LIB-SCO-1)."""
    return final_scores(state) if is_over(state) else None


def _seats(seats: tuple[int, ...]) -> str:
    names = [f"Player {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe(result: GameOutcome) -> str:
    """The result in a sentence: "Player 2 wins with 28 points" (SCO-3)."""
    best = result.players[result.winners[0]].total
    if result.shared_victory:
        return f"{_seats(result.winners)} share the victory with {best} point{'' if abs(best) == 1 else 's'}"
    return f"{_seats(result.winners)} wins with {best} point{'' if abs(best) == 1 else 's'}"


def _refuse(state: GameState, move: Move) -> tuple[Violation, ...]:
    """SCO-3: after final scoring the game is over; no move is legal (LIB-SCO-6)."""
    return (Violation("SCO-3", f"the game is over: final scoring is done ({describe(final_scores(state))}), so nobody moves any more"),)


def _no_play(state: GameState, move: Move) -> GameState:  # pragma: no cover - nothing is ever legal
    raise AssertionError("no move is legal once the game is over (SCO-3)")


RULES: PhaseRules = PhaseRules(
    to_move=lambda s: frozenset(),
    legal=lambda s: (),
    explain=_refuse,
    play=_no_play,
    auto=lambda s: s,
    done=lambda s: False,
    turn_rule="SCO-3",
    nobody_moves=True,
)
"""The game-over phase: nobody is to move and every move is refused citing SCO-3."""
