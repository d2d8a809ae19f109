"""A seat's observation as a 0/1 vector (docs/ai.md, LIB-AI-4), built part by
part from the seat's projection and cached, with no framework imported.

Every value is 0 or 1: a flag, a one-hot, a set (one bit a member), or a
**thermometer** for a number or a count (``value`` ones then zeros, so
``bits[k]`` is 1 when the number is more than ``k``; a number above the
part's cap reads as the cap: "at least"). ``observation_layout`` names every
part with its first bit and size; docs/ai.md has the table and the caps.

What a seat sees goes through ``dlrules.records.views`` only: each part is drawn
either from a redacted record (``redact_player``, ``redact_fight``, the
combat deck and the spy's position as ``redact`` has them) or from what
``view`` itself shows (who has chosen, how many orders were dealt, who is to
move). ``reference_bits`` builds the same vector from ``view(state, seat)``
whole, the slow way, and the tests hold the two equal.

**Speed (issue 39).** States are immutable and share their unchanged parts
from one move to the next, so each part's bits are cached under the identity
of the records it is drawn from (the record is kept alive with its bits, so
an identity is never reused while cached): a move recomputes only the parts
it changed.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from itertools import compress
from operator import is_not
from typing import Any, Final

import attrs
import numpy as np

from dlrules.agents.adapters.tensor_parts import (
    ADVENTURER_SLOTS, ALL, ANY_CARD, CAPS, DEPTHS, MAX_PLAYERS, MONSTER_SLOTS, NUMBER_VALUES, ROOM_SLOTS, Bits, Facts, W, absent, board, cards, combat_part,
    counts, decks_part, dummies, events, fight_part, head, head_time, head_to_move, outcome_part, paladin, player_dungeon, player_lair, player_numbers,
    player_orders, player_party, resolution_part, turn_part,
)  # fmt: skip
from dlrules.core.engine import to_move
from dlrules.core.state import Fight, GameState, Phase, PlayerState
from dlrules.records.views import PlayerView, redact_combat, redact_fight, redact_player, redact_spy

# --- the cache ------------------------------------------------------------------

_MEMO: dict[tuple[Any, ...], tuple[object, bytearray]] = {}
_MEMO_LIMIT: Final[int] = 200_000


def _cached(key: tuple[Any, ...], pin: object, make: Callable[[W], None]) -> bytearray:
    """``make``'s bits, cached under ``key`` (which holds ``id(pin)``); ``pin`` is kept with them."""
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        w = W()
        make(w)
        got = _MEMO[key] = (pin, w.data())
    return got[1]


def clear_cache() -> None:
    """Forget every cached part (memory only: a part's bits never change)."""
    _MEMO.clear()
    _BLOCKS.clear()
    _LAST.clear()
    _REDACTED.clear()
    _FIGHTS.clear()


# --- the vector -------------------------------------------------------------------

Group = tuple[tuple[Any, ...], object, Callable[[W], None]]


def _player_groups(block: int, p: PlayerState | None, own: bool, chosen: bool, kept: bool, dealt: int, spied: tuple[int, ...]) -> list[Group]:
    """A player block as four cached groups (a move mostly changes the first
    only); the bits do not depend on ``block``, which only names the part."""
    if p is None:
        return [(("absent",), None, lambda w: absent(w, block))]
    return [
        (("numbers", NUMBER_VALUES(p)), None, lambda w: player_numbers(w, block, p)),
        (("orders", p.hand, p.unavailable, id(p.played), p.committed, chosen, p.dummy_choice, p.dealt, dealt, p.kept, kept), p.played, lambda w: player_orders(w, p, chosen, kept, dealt)),
        (("lair", id(p.monsters), p.traps), p.monsters, lambda w: player_lair(w, p)),
        (("dungeon", id(p.dungeon)), p.dungeon, lambda w: player_dungeon(w, p)),
        (("party", id(p.party), id(p.prison), p.rooms_used, spied), (p.party, p.prison), lambda w: player_party(w, p, spied)),
    ]  # fmt: skip


def _made(key: tuple[Any, ...], pin: object, make: Callable[..., None], *args: Any) -> bytearray:
    """``make(w, *args)``'s bits, cached under ``key`` (looked up first: no closure made for a hit)."""
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        w = W()
        make(w, *args)
        got = _MEMO[key] = (pin, w.data())
    return got[1]


Block = tuple[bytearray, bytearray, bytearray, bytearray, bytearray]
"""A player block's five groups (numbers, orders, lair, dungeon, party), each
cached on its own, in the vector one after another."""


def _block_bits(p: PlayerState, chosen: bool, kept: bool, dealt: int, spied: tuple[int, ...]) -> Block:
    """The five groups of the block of ``p`` (the record as the viewer sees
    it), as ``_player_groups`` has them (the same keys), without closures."""
    return (
        _made(("numbers", NUMBER_VALUES(p)), None, player_numbers, 0, p),
        _made(("orders", p.hand, p.unavailable, id(p.played), p.committed, chosen, p.dummy_choice, p.dealt, dealt, p.kept, kept), p.played, player_orders, p, chosen, kept, dealt),
        _made(("lair", id(p.monsters), p.traps), p.monsters, player_lair, p),
        _made(("dungeon", id(p.dungeon)), p.dungeon, player_dungeon, p),
        _made(("party", id(p.party), id(p.prison), p.rooms_used, spied), (p.party, p.prison), player_party, p, spied),
    )  # fmt: skip


_ABSENT: list[Block] = []
_BLOCKS: dict[tuple[Any, ...], tuple[PlayerState, Block]] = {}
"""Player blocks by the identity of the record (kept with them), whether the
viewer is its owner, and the positions it spied when so."""


def _absent_block() -> Block:
    """The block of a seat not in the game: five groups of zeros."""
    if not _ABSENT:
        parts: list[bytearray] = []
        makes: tuple[Callable[[W], None], ...] = (
            lambda w: player_numbers(w, 0, None), lambda w: player_orders(w, None, False, False, 0), lambda w: player_lair(w, None),
            lambda w: player_dungeon(w, None), lambda w: player_party(w, None, ()),
        )  # fmt: skip
        for make in makes:
            w = W()
            make(w)
            parts.append(w.data())
        _ABSENT.append((parts[0], parts[1], parts[2], parts[3], parts[4]))
    return _ABSENT[0]


class Source:
    """The state as one viewer sees it, for seat ``me`` (block 0): redacted
    part by part through ``dlrules.records.views`` (``redacted`` false), or taken from
    a ``PlayerView`` already redacted whole (``reference_bits``: ``facts`` given)."""

    __slots__ = ("facts", "hide", "me", "n", "state", "viewer")

    def __init__(self, state: GameState, me: int, viewer: int | None, facts: Facts | None = None) -> None:
        self.n = n = state.n_players
        if viewer is not None and viewer != ALL and not 0 <= viewer < n:
            raise ValueError(f"there is no seat {viewer} in a {n}-player game")
        self.state, self.me, self.viewer, self.facts = state, me, viewer, facts
        # as redact: nothing is hidden at the end of the game (LIB-WG-1), from ALL, or in a view already redacted
        self.hide = facts is None and viewer != ALL and state.phase is not Phase.GAME_OVER

    def to_move(self) -> tuple[int, ...]:
        if self.facts is not None:
            return self.facts.to_move
        return tuple(sorted(to_move(self.state)))

    def player(self, seat: int) -> tuple[PlayerState, bool, bool, int]:
        """Seat ``seat``'s record as the viewer sees it, whether it has chosen
        orders and kept unavailable ones, and how many orders it was dealt."""
        p = self.state.players[seat]
        f = self.facts
        if f is not None:
            return p, f.orders_chosen[seat], f.unavailable_chosen[seat], f.dealt_counts[seat]
        return (_redacted_player(p) if self.hide and seat != self.viewer else p), p.committed is not None, p.kept is not None, len(p.dealt)

    def fight(self) -> Fight | None:
        fight = self.state.fight
        if fight is None or not self.hide:
            return fight
        got = _FIGHTS.get((id(fight), self.viewer))
        if got is None:
            if len(_FIGHTS) > 10_000:
                _FIGHTS.clear()
            got = _FIGHTS[(id(fight), self.viewer)] = (fight, redact_fight(fight, self.viewer))
        return got[1]


def _g_head(src: Source) -> list[Group]:
    s, me, to_move = src.state, src.me, src.to_move()
    facts = Facts(to_move, (), (), ())
    return [(("head", me, s.n_players, s.variant, s.deal_and_keep, s.year, s.round, s.phase, s.first_player, to_move), None, lambda w: head(w, s, me, facts))]


def _g_board(src: Source) -> list[Group]:
    s, me, n = src.state, src.me, src.state.n_players
    return [(("board", s.board, me, n), None, lambda w: board(w, s.board, me, n))]


def _g_public(src: Source) -> list[Group]:
    s, me, n = src.state, src.me, src.state.n_players
    return [
        (("tavern", s.tavern), None, lambda w: cards(w, "tavern", MONSTER_SLOTS, s.tavern, "tavern", "monsters on offer")),
        (("room_shop", s.room_shop), None, lambda w: cards(w, "room_shop", ROOM_SLOTS, s.room_shop, "room_shop", "rooms on offer")),
        (("adventurers_next", s.adventurers_next), None, lambda w: cards(w, "adventurers_next", ADVENTURER_SLOTS, s.adventurers_next, "adventurers", "next round's adventurers")),
        (("adventurers_now", s.adventurers_now), None, lambda w: cards(w, "adventurers_now", ADVENTURER_SLOTS, s.adventurers_now, "adventurers", "this round's adventurers")),
        (("events", s.events, s.special_event), None, lambda w: events(w, s)),
        (("paladin", s.paladin, s.dummy_evil, me, n), None, lambda w: paladin(w, s, me, n)),
        (("far_lands", id(s.far_lands)), s.far_lands, lambda w: cards(w, "far_lands", ANY_CARD, s.far_lands, "far_lands", "discarded cards")),
        (("turn", id(s.turn)), s.turn, lambda w: turn_part(w, s.turn)),
        (("counts", len(s.trap_discard), len(s.box)), None, lambda w: counts(w, s)),
        (("dummies", id(s.dummies), me, n), s.dummies, lambda w: dummies(w, s, me)),
    ]  # fmt: skip


def _sub(fields: tuple[str, ...], lookup: Callable[[GameState, int, int], bytearray]) -> tuple[Callable[[GameState, GameState], bool], Callable[[GameState, int, int], bytearray]]:
    get = operator.attrgetter(*fields)

    def same(state: GameState, before: GameState) -> bool:
        return bool(get(state) == get(before))

    return same, lookup


_PUBLIC_SUBS: tuple[tuple[Callable[[GameState, GameState], bool], Callable[[GameState, int, int], bytearray]], ...] = (
    _sub(("tavern",), lambda s, me, n: _made(("tavern", s.tavern), None, cards, "tavern", MONSTER_SLOTS, s.tavern, "tavern", "monsters on offer")),
    _sub(("room_shop",), lambda s, me, n: _made(("room_shop", s.room_shop), None, cards, "room_shop", ROOM_SLOTS, s.room_shop, "room_shop", "rooms on offer")),
    _sub(("adventurers_next",), lambda s, me, n: _made(("adventurers_next", s.adventurers_next), None, cards, "adventurers_next", ADVENTURER_SLOTS, s.adventurers_next, "adventurers", "next round's adventurers")),
    _sub(("adventurers_now",), lambda s, me, n: _made(("adventurers_now", s.adventurers_now), None, cards, "adventurers_now", ADVENTURER_SLOTS, s.adventurers_now, "adventurers", "this round's adventurers")),
    _sub(("events", "special_event"), lambda s, me, n: _made(("events", s.events, s.special_event), None, events, s)),
    _sub(("paladin", "dummy_evil"), lambda s, me, n: _made(("paladin", s.paladin, s.dummy_evil, me, n), None, paladin, s, me, n)),
    _sub(("far_lands",), lambda s, me, n: _made(("far_lands", id(s.far_lands)), s.far_lands, cards, "far_lands", ANY_CARD, s.far_lands, "far_lands", "discarded cards")),
    _sub(("turn",), lambda s, me, n: _made(("turn", id(s.turn)), s.turn, turn_part, s.turn)),
    _sub(("trap_discard", "box"), lambda s, me, n: _made(("counts", len(s.trap_discard), len(s.box)), None, counts, s)),
    _sub(("dummies",), lambda s, me, n: _made(("dummies", id(s.dummies), me, n), s.dummies, dummies, s, me)),
)  # fmt: skip
"""The public group's ten parts as ``_g_public`` has them (the same keys and
bits), each with the fields it reads: ``observation_bits`` looks up only
those whose fields changed."""


def _g_combat(src: Source) -> list[Group]:
    s = src.state
    cards = s.combat if not src.hide else redact_combat(s, src.viewer)  # ACT-REP-2, CMB-CARD-7: as views.redact has them
    return [(("combat", cards), None, lambda w: combat_part(w, cards))]


def _g_resolution(src: Source) -> list[Group]:
    r = src.state.resolution
    shown = redact_spy(src.state, src.viewer) if src.hide and r is not None and r.spy is not None else r
    return [(("resolution", id(r), shown.spy if shown else None), r, lambda w: resolution_part(w, shown))]


def _g_decks(src: Source) -> list[Group]:
    s, hide = src.state, src.hide
    return [(("decks", id(s.decks), hide, s.combat if hide else None), s.decks, lambda w: decks_part(w, s, hide))]


def _g_player(block: int) -> Callable[[Source], list[Group]]:
    def groups(src: Source) -> list[Group]:
        n = src.state.n_players
        if block >= n:
            return _player_groups(block, None, False, False, False, 0, ())
        seat = (src.me + block) % n
        own = not src.hide or seat == src.viewer
        spied = src.state.spied[seat] if own and seat < len(src.state.spied) else ()
        p, chosen, kept, dealt = src.player(seat)
        return _player_groups(block, p, own, chosen, kept, dealt, spied)

    return groups


def _g_fight(src: Source) -> list[Group]:
    fight, me, n = src.fight(), src.me, src.state.n_players
    return [(("fight", id(fight), me, n), fight, lambda w: fight_part(w, fight, me, n))]


def _g_outcome(src: Source) -> list[Group]:
    s, me = src.state, src.me
    over = s.phase is Phase.GAME_OVER
    return [(("outcome", id(s), me) if over else ("no outcome",), s if over else None, lambda w: outcome_part(w, s, me))]


_BUILDERS: tuple[tuple[Callable[[Source], list[Group]], tuple[str, ...] | None], ...] = (
    (_g_head, None),  # who is to move depends on the whole state
    (_g_board, ("board",)),
    (_g_public, ("tavern", "room_shop", "adventurers_next", "adventurers_now", "events", "special_event", "paladin", "dummy_evil", "far_lands", "turn", "trap_discard", "box", "dummies")),
    (_g_combat, ("combat", "spied", "fight", "phase")),  # a card turned face up in its round is public
    (_g_resolution, ("resolution",)),  # while a spy looks, who sees the position depends on who acts: _unchanged says no
    (_g_decks, ("decks", "combat")),
    *((_g_player(block), ("players", "spied")) for block in range(MAX_PLAYERS)),
    (_g_fight, ("fight",)),
    (_g_outcome, ("phase",)),  # zeros until the game is over; the end of the game rebuilds every group
)  # fmt: skip
"""The layout's groups in order, each with the state fields it reads (None:
built again each time, from the cache)."""


def _groups(src: Source) -> list[list[Group]]:
    return [build(src) for build, _ in _BUILDERS]


def _bits(groups: list[Group]) -> bytearray:
    """The bits of groups cached together: looked up under all their keys at once."""
    if len(groups) == 1:
        key, pin, make = groups[0]
        return _cached(key, pin, make)
    key = tuple(k for k, _, _ in groups)
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        got = _MEMO[key] = (tuple(p for _, p, _ in groups), bytearray(b"".join([_cached(k, p, make) for k, p, make in groups])))
    return got[1]


_REDACTED: dict[int, tuple[PlayerState, PlayerState]] = {}
_FIGHTS: dict[tuple[int, int | None], tuple[Fight, Fight | None]] = {}


def _redacted_player(p: PlayerState) -> PlayerState:
    got = _REDACTED.get(id(p))
    if got is None:
        if len(_REDACTED) > 50_000:
            _REDACTED.clear()
        got = _REDACTED[id(p)] = (p, redact_player(p))
    return got[1]


class _Last:
    """The last observation made for one (seat, viewer): its state, each
    group's bits, the whole (``buf``, never written once made) and the
    read-only array over it."""

    __slots__ = ("bits", "buf", "parts", "state", "to_move")

    def __init__(self, state: GameState, parts: list[Any], buf: bytearray, bits: Bits, to_move: tuple[int, ...]) -> None:
        self.state, self.parts, self.buf, self.bits, self.to_move = state, parts, buf, bits, to_move


_LAST: dict[tuple[int, int | None, int], _Last] = {}


def _same_records(fields: tuple[str, ...]) -> Callable[[GameState, GameState], bool]:
    """Whether two states hold the same records in ``fields`` (one C-level
    read of each: the same objects, or equal ones, which give the same bits)."""
    get = operator.attrgetter(*fields)

    def same(state: GameState, before: GameState) -> bool:
        return bool(get(state) == get(before))

    return same


def _outcome_same(state: GameState, before: GameState) -> bool:
    """The outcome: zeros before the end, whatever the phase; at the end, the game's own scores (never another game's)."""
    return state.phase is not Phase.GAME_OVER and before.phase is not Phase.GAME_OVER


def _resolution_same(state: GameState, before: GameState) -> bool:
    """While a spy looks, who sees the position depends on who acts: looked up again."""
    r = state.resolution
    return r is before.resolution and (r is None or r.spy is None)


def _never(state: GameState, before: GameState) -> bool:
    return False


_SAME: tuple[Callable[[GameState, GameState], bool] | None, ...] = tuple(
    None if 6 <= i < 6 + MAX_PLAYERS  # a player block: its seat's record, below
    else _never if fields is None
    else _outcome_same if fields == ("phase",)
    else _resolution_same if fields == ("resolution",)
    else _same_records(fields)
    for i, (_, fields) in enumerate(_BUILDERS)
)  # fmt: skip


_same_public: Final[Callable[[GameState, GameState], bool]] = _same_records(_BUILDERS[2][1] or ())

_PLAYER_GROUP: Final[tuple[int | None, ...]] = tuple(
    i - 6 if 6 <= i < 6 + MAX_PLAYERS else None for i in range(len(_BUILDERS))
)


_GENERIC: Final[tuple[tuple[int, Callable[[Source], list[Group]], Callable[[GameState, GameState], bool]], ...]] = tuple(
    (i, build, same) for i, ((build, _), same) in enumerate(zip(_BUILDERS, _SAME)) if same is not None and i > 2
)
"""The groups after the public one that are not player blocks (combat,
resolution, decks, fight, outcome): looked up again when ``_SAME`` says they changed."""

_GAME_OVER: Final[Phase] = Phase.GAME_OVER


def observation_bits(state: GameState, me: int, viewer: int | None) -> Bits:
    """The observation of seat ``me`` (block 0) as ``viewer`` sees the state
    (``me`` itself; ``None``: the spectator; ``ALL``: nothing hidden), 0/1
    uint8 (read-only: shared). Incremental: against the last observation
    made for the same seat and viewer, only the groups whose records changed
    are looked up again (each from the cache when seen before)."""
    n = len(state.players)
    key = (me, viewer, n)
    last = _LAST.get(key)
    if last is not None and last.state is state:
        return last.bits
    src = Source(state, me, viewer)
    before = last.state if last is not None and (last.state.phase is _GAME_OVER) == (state.phase is _GAME_OVER) else None
    old: list[Any] = last.parts if last is not None and before is not None else []  # empty: every group looked up
    moving = src.to_move()
    s = state
    # the head, as two parts: the time of the game, and the seats to move
    if old and before is not None and (
        s.phase is before.phase and s.round == before.round and s.year == before.year and s.first_player == before.first_player
        and s.variant == before.variant and s.deal_and_keep == before.deal_and_keep
    ):  # fmt: skip
        time_part = old[0][0]
    else:
        time_part = _made(("head", me, n, s.variant, s.deal_and_keep, s.year, s.round, s.phase, s.first_player), None, head_time, s, me)
    if old and last is not None and last.to_move == moving:
        moving_part = old[0][1]
    else:
        moving_part = _made(("to_move", me, n, moving), None, head_to_move, me, n, moving)
    parts: list[Any] = [old[0] if old and time_part is old[0][0] and moving_part is old[0][1] else (time_part, moving_part)]
    # the board
    if old and before is not None and (s.board is before.board or s.board == before.board):
        parts.append(old[1])
    else:
        parts.append(_made(("board", s.board, me, n), None, board, s.board, me, n))
    # the public group: its ten parts, each looked up only when its fields changed
    if old and before is not None:
        if _same_public(s, before):
            parts.append(old[2])
        else:
            was = old[2]
            parts.append(tuple(was[j] if same_j(s, before) else lookup(s, me, n) for j, (same_j, lookup) in enumerate(_PUBLIC_SUBS)))
    else:
        parts.append(tuple(lookup(s, me, n) for _, lookup in _PUBLIC_SUBS))
    # combat, resolution and decks; the player blocks; the fight and the outcome
    generic = _GENERIC
    for i, build, same in generic[:3]:
        parts.append(old[i] if old and before is not None and same(s, before) else _bits(build(src)))
    hide = src.hide
    players, spied = s.players, s.spied
    same_spied = before is not None and spied is before.spied
    for block in range(MAX_PLAYERS):
        if block >= n:
            parts.append(_absent_block())
            continue
        seat = (me + block) % n
        p = players[seat]
        if old and same_spied and before is not None and p is before.players[seat]:
            parts.append(old[6 + block])
            continue
        # a seat's block does not depend on where it sits: any observer's earlier look at the same record serves
        own = not hide or seat == viewer
        seen = spied[seat] if own and seat < len(spied) else None
        quick = ("seat", id(p), own, seen)
        got = _BLOCKS.get(quick)
        if got is None:  # its five groups, each from the cache when unchanged
            if len(_BLOCKS) >= _MEMO_LIMIT:
                _BLOCKS.clear()
            shown, chosen, kept, dealt = src.player(seat)
            got = _BLOCKS[quick] = (p, _block_bits(shown, chosen, kept, dealt, seen or ()))
        parts.append(got[1])
    for i, build, same in generic[3:]:
        parts.append(old[i] if old and before is not None and same(s, before) else _bits(build(src)))
    if old:  # the last vector, with the groups that changed written over it
        assert last is not None
        buf = bytearray(last.buf)  # (bytes copied and written: cheaper than numpy's slices for a few parts)
        starts = _starts(parts)
        for i in compress(range(len(parts)), map(is_not, parts, old)):  # (the groups that changed, found in C)
            part, start = parts[i], starts[i]
            if type(part) is tuple:  # a player block, the head or the public group: the parts that changed in it
                offsets, was = _OFFSETS[i], old[i]
                for j in compress(range(len(part)), map(is_not, part, was)):
                    buf[start + offsets[j] : start + offsets[j + 1]] = part[j]
            else:
                buf[start : starts[i + 1]] = part
    else:
        buf = bytearray(b"".join([x for part in parts for x in (part if type(part) is tuple else (part,))]))
    bits = np.frombuffer(memoryview(buf).toreadonly(), np.uint8)  # read-only for good: its writeable flag cannot be set again
    _LAST[key] = _Last(state, parts, buf, bits, moving)
    return bits


_STARTS: list[tuple[int, ...]] = []
_OFFSETS: dict[int, tuple[int, ...]] = {}
"""Where each part of a group kept in parts (a tuple) begins in the group, and its end."""


def _starts(parts: list[Any]) -> tuple[int, ...]:
    """Where each group begins in the vector (the same for every state), and its end."""
    if not _STARTS:
        out = [0]
        for part in parts:
            out.append(out[-1] + (sum(map(len, part)) if type(part) is tuple else len(part)))
        for i, part in enumerate(parts):
            if type(part) is tuple:
                offsets = [0]
                for group in part:
                    offsets.append(offsets[-1] + len(group))
                _OFFSETS[i] = tuple(offsets)
        _STARTS.append(tuple(out))
    return _STARTS[0]


def reference_bits(v: PlayerView, me: int) -> Bits:
    """The same vector built from ``view`` whole and uncached (the tests' reference)."""
    w = W()
    for groups in _groups(Source(v.state, me, v.seat, Facts(v.to_move, v.orders_chosen, v.unavailable_chosen, v.dealt_counts))):
        for _, _, make in groups:
            make(w)
    return w.bits()


@attrs.frozen
class Field:
    """A field of the vector: ``bits[start:start + size]``, of part ``part``, encoded as ``how``."""

    part: str
    name: str
    start: int
    size: int
    how: str


def observation_fields() -> tuple[Field, ...]:
    """Every field of the vector, in order, with its part, place, size and encoding (docs/ai.md)."""
    from dlrules.core.engine import new_game

    w = W(record=True)
    for groups in _groups(Source(new_game(2, variant="first"), 0, 0)):
        for _, _, make in groups:
            make(w)
    out: list[Field] = []
    part, start = "", 0
    for name, size, how in w.fields:
        if size < 0:
            part = name
            continue
        out.append(Field(part, name, start, size, how))
        start += size
    return tuple(out)


__all__ = ["ALL", "CAPS", "DEPTHS", "Field", "clear_cache", "observation_bits", "observation_fields", "reference_bits"]
