"""The parts of a seat's 0/1 observation (docs/ai.md): the encodings
(flags, one-hots, sets, thermometers with their ``CAPS``, card counts with
their ``DEPTHS``), the writer that collects a part's bits and names its
fields, and one function per group of parts, each drawing from the records
it is given (already redacted for the viewer: ``dlrules.agents.adapters.tensors``
assembles and caches them)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from typing import Final

import attrs
import numpy as np
import numpy.typing as npt

from dlrules.agents.actions import CARD_CAPACITY, CARD_KEYS, MAX_MONSTERS
from dlrules.components import ACTION_ORDER, PALADINS
from dlrules.core.dungeon import GRID
from dlrules.core.phases.scoring import outcome
from dlrules.core.state import CHANCE, DECK_NAMES, Fight, GameState, Outcome, Phase, PlayerState, Resolution, Turn
from dlrules.records.views import HIDDEN, redact_combat_deck

Bits = npt.NDArray[np.uint8]

MAX_PLAYERS: Final[int] = 4
PALADIN_SLOTS: Final[int] = 4
_PHASE_SLOTS: Final[int] = 16
_SLOTS: Final[int] = 3
_SPY_POSITIONS: Final[int] = 4
_ROUNDS: Final[int] = 4
_YEARS: Final[int] = 2
_PARTY_PLACES: Final[int] = 6
_COMBAT_ROUNDS: Final[int] = 4
_PHASES: tuple[Phase, ...] = tuple(Phase)
_STAGES: tuple[str, ...] = ("plan", "reveal", "battle", "over")
_STEPS: tuple[str, ...] = ("trap", "fast", "monsters", "slow", "heal")
_OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
_SEAT_RANGE: Final[range] = range(MAX_PLAYERS)
_LAIR_RANGE: Final[range] = range(MAX_MONSTERS)
_SPY_RANGE: Final[range] = range(_SPY_POSITIONS)

CAPS: dict[str, int] = {
    "gold": 24, "food": 24, "imps": 20, "free_imps": 20, "evil": 16, "busy_imps": 20, "foreimps": 4,
    "busy_trolls": 4, "damage_tokens": 16, "dealt": 3, "traps": 16, "hidden_traps": 16, "party_damage": 16,
    "dummy_evil": 16, "dug": 4, "trap_draws": 4, "payday_step": 16, "workshop_draws": 4, "dismissed": 8,
    "trap_discard": 32, "box": 64, "plan_traps": 2, "plan_gold": 4, "battle_traps": 2, "icons_used": 4,
    "shield": 8, "paladin_damage": 16, "total_below_zero": 64, "total_above_zero": 96,
    "monsters": 32, "rooms": 32, "traps_deck": 32, "adventurers": 64, "events": 8, "combat": 32, "special": 16,
}  # fmt: skip
"""Thermometer sizes: a number is shown up to its cap (docs/ai.md). The game
reaches far less than most (random and greedy games: gold 12, food 14, evil
15, imps 10, trap cards 7, final totals -29..60); the deck caps are each
deck's size or more."""

_DECK_CAPS: tuple[int, ...] = tuple(CAPS[{"traps": "traps_deck"}.get(name, name)] for name in DECK_NAMES)

DEPTHS: dict[str, int] = {
    "tavern": 3, "room_shop": 2, "adventurers": 4, "far_lands": 4, "deck_bottoms": 2, "monsters": 4,
    "traps": 4, "prison": 4, "plan_traps": 2,
}  # fmt: skip
"""Counts of cards of one key, as a thermometer of this depth per key (how
many copies of a card a place can hold, with room to spare)."""


class Slots:
    """Card keys of some kinds, each kind in its fixed number of slots
    (``dlrules.agents.actions.CARD_CAPACITY``): cards added to the components later
    take free slots, so the layout does not move."""

    def __init__(self, *kinds: str) -> None:
        self.index: dict[str, int] = {}
        base = 0
        for kind in kinds:
            keys = CARD_KEYS[kind] if kind != "paladins" else tuple(p.key for p in PALADINS.values())
            capacity = CARD_CAPACITY[kind] if kind != "paladins" else PALADIN_SLOTS
            for i, key in enumerate(keys[:capacity]):
                self.index.setdefault(key, base + i)
            base += capacity
        self.size = base


MONSTER_SLOTS = Slots("monsters")
ROOM_SLOTS = Slots("rooms")
TRAP_SLOTS = Slots("traps")
ADVENTURER_SLOTS = Slots("adventurers")
EVENT_SLOTS = Slots("events")
COMBAT_SLOTS = Slots("combat")
SPECIAL_SLOTS = Slots("special")
PARTY_CARDS = Slots("adventurers", "paladins")
ANY_CARD = Slots(*DECK_NAMES, "paladins")
AIMING = Slots("traps", "monsters")


# --- the writer -----------------------------------------------------------------


_INDEX: dict[int, tuple[Sequence[object], dict[object, int]]] = {}
"""Each domain of ``W.members`` as a map from member to place (under the
domain's identity, the domain kept with it)."""


class W:
    """Collects a part's bits, sparsely (the places of its ones; every other
    bit is 0); when ``record`` is set it also names each field with its size
    and encoding (``observation_fields``, docs/ai.md)."""

    __slots__ = ("fields", "ones", "pos", "record")

    def __init__(self, record: bool = False) -> None:
        self.ones: list[int] = []
        self.pos = 0
        self.fields: list[tuple[str, int, str]] = []
        self.record = record

    def bits(self) -> Bits:
        buf = bytearray(self.pos)  # zeros; the few ones set one by one (cheaper than numpy's fancy indexing for a part)
        for i in self.ones:
            buf[i] = 1
        return np.frombuffer(buf, np.uint8) if buf else np.zeros(0, np.uint8)

    def data(self) -> bytearray:
        """The same bits as ``bits``, one byte each (0 or 1): the cache's form
        (``dlrules.agents.adapters.tensors`` copies them into the vector's
        ``bytearray``: from a ``bytearray``, a slice is copied at once, where
        ``bytes`` would be copied twice). Never written once made."""
        buf = bytearray(self.pos)
        for i in self.ones:
            buf[i] = 1
        return buf

    def part(self, name: str) -> None:
        """A new part of the layout begins (size -1 marks it in ``fields``)."""
        if self.record:
            self.fields.append((name, -1, ""))

    def span(self, name: str, size: int, ones: Iterable[int], how: str) -> None:
        """A field of ``size`` bits with ones at ``ones`` (relative to the field)."""
        pos = self.pos
        self.ones.extend(map(operator.add, repeat(pos), ones))  # (pos + i for each, in C)
        self.pos = pos + size
        if self.record:
            self.fields.append((name, size, how))

    def flag(self, name: str, value: object, what: str) -> None:
        if value:
            self.ones.append(self.pos)
        self.pos += 1
        if self.record:
            self.fields.append((name, 1, f"flag: {what}"))

    def onehot(self, name: str, size: int, index: int | None, what: str) -> None:
        if index is not None and 0 <= index < size:
            self.ones.append(self.pos + index)
        self.pos += size
        if self.record:
            self.fields.append((name, size, f"one-hot: {what}"))

    def thermo(self, name: str, cap: str, value: int, what: str) -> None:
        size = CAPS[cap]
        pos = self.pos
        self.ones.extend(range(pos, pos + min(max(int(value), 0), size)))
        self.pos = pos + size
        if self.record:
            self.fields.append((name, size, f"thermometer (cap {size}): {what}"))

    def members(self, name: str, domain: Sequence[object], items: Iterable[object] | None, what: str) -> None:
        pos = self.pos
        if items:
            index = _INDEX.get(id(domain))
            if index is None or index[0] is not domain:
                index = _INDEX[id(domain)] = (domain, {d: i for i, d in enumerate(domain)})
            get = index[1].get
            self.ones.extend({pos + i for i in map(get, items) if i is not None})  # a set: a member named twice is one bit
        self.pos = pos + len(domain)
        if self.record:
            self.fields.append((name, len(domain), f"set, a bit per {what}"))

    def counts(self, name: str, slots: Slots, keys: Iterable[str | None], depth: str, what: str) -> None:
        d = DEPTHS[depth]
        pos = self.pos
        seen: dict[int, int] = {}
        for k in keys:
            i = slots.index.get(k) if k is not None else None
            if i is not None:
                c = seen.get(i, 0)
                if c < d:
                    self.ones.append(pos + i * d + c)
                seen[i] = c + 1
        self.pos = pos + slots.size * d
        if self.record:
            self.fields.append((name, slots.size * d, f"{slots.size} card slots × thermometer of {d}: {what}"))

    def card(self, name: str, slots: Slots, key: str | None, what: str) -> None:
        i = slots.index.get(key) if key is not None else None
        if i is not None:
            self.ones.append(self.pos + i)
        self.pos += slots.size
        if self.record:
            self.fields.append((name, slots.size, f"one-hot over {slots.size} card slots: {what}"))


# --- the parts ------------------------------------------------------------------

ALL: Final[int] = -2
"""The viewer who sees everything (``state_vector``: a centralised critic's input, never a player's)."""


@attrs.frozen
class Facts:
    """What ``view`` shows beyond the redacted state (docs/views.md): who is
    to move, who has chosen orders and kept unavailable ones, how many orders
    each was dealt."""

    to_move: tuple[int, ...]
    orders_chosen: tuple[bool, ...]
    unavailable_chosen: tuple[bool, ...]
    dealt_counts: tuple[int, ...]


def _rel(me: int, n: int) -> Callable[[int | None], int | None]:
    def rel(colour: int | None) -> int | None:
        """A player colour relative to ``me``; dummy colours stay themselves."""
        if colour is None or colour == CHANCE:
            return None
        return (colour - me) % n if colour < n else colour

    return rel


def head(w: W, s: GameState, me: int, facts: Facts) -> None:
    head_time(w, s, me)
    head_to_move(w, me, s.n_players, facts.to_move)


def head_time(w: W, s: GameState, me: int) -> None:
    """The head's first parts: the observer, the game, the time of the game."""
    n = s.n_players
    rel = _rel(me, n)
    w.part("seat")
    w.onehot("seat", MAX_PLAYERS, me, "the observer's own seat (absolute)")
    w.part("players")
    w.onehot("players", MAX_PLAYERS + 1, n, "number of players (2..4)")
    w.part("variant")
    w.flag("full", s.variant == "full", "the full game (not the first game)")
    w.flag("deal_and_keep", s.deal_and_keep, "the first unavailable orders are dealt 3, kept 2 (RUL-13)")
    w.part("year")
    w.onehot("year", _YEARS, s.year - 1, "year 1, 2")
    w.part("round")
    w.onehot("round", _ROUNDS, s.round - 1, "winter … autumn")
    w.part("phase")
    w.onehot("phase", _PHASE_SLOTS, _PHASES.index(s.phase), "over `Phase` (16 slots)")
    w.part("first_player")
    w.onehot("first_player", MAX_PLAYERS, rel(s.first_player), "relative seat")


def head_to_move(w: W, me: int, n: int, to_move: tuple[int, ...]) -> None:
    """The head's last part: who is to move (``view``'s ``to_move``)."""
    rel = _rel(me, n)
    w.part("to_move")
    w.flag("chance", CHANCE in to_move, "chance is to move")
    w.members("seats", _SEAT_RANGE, [rel(x) for x in to_move], "relative seat to move")


_BOARD_SEATS: dict[tuple[int, int], dict[int | None, int | None]] = {}
"""For each (me, n): ``_rel(me, n)`` of each colour met on a board, or None
when the board part shows no bit for it (an empty slot, chance, a colour
beyond the 4 relative seats)."""


def board(w: W, board: tuple[tuple[int | None, ...], ...], me: int, n: int) -> None:
    seats = _BOARD_SEATS.get((me, n))
    if seats is None:
        seats = _BOARD_SEATS[(me, n)] = {}
    w.part("board")
    ones: list[int] = []
    for space in range(min(len(board), len(ACTION_ORDER))):
        for slot, colour in enumerate(board[space][:_SLOTS]):
            if colour is None:
                continue  # an empty slot
            if colour in seats:
                who = seats[colour]
            else:
                who = _rel(me, n)(colour)
                who = seats[colour] = who if who is not None and who < MAX_PLAYERS else None
            if who is not None:
                ones.append((space * _SLOTS + slot) * MAX_PLAYERS + who)
    w.span("slots", len(ACTION_ORDER) * _SLOTS * MAX_PLAYERS, ones, "8 spaces (board order) × 3 slots (I, II, III) × one-hot over 4 relative seats (zeros: empty or a dummy)")


def cards(w: W, name: str, slots: Slots, keys: Iterable[str | None], depth: str, what: str) -> None:
    """A part that counts cards per key (the tavern, the shop, the adventurers, the far lands)."""
    w.part(name)
    w.counts(name, slots, keys, depth, what)


def events(w: W, s: GameState) -> None:
    w.part("events")
    for rnd in range(_ROUNDS):
        w.card(f"round {rnd + 1}", EVENT_SLOTS, s.events[rnd] if rnd < len(s.events) else None, "that round's event")
    w.part("special_event")
    w.card("special_event", SPECIAL_SLOTS, s.special_event, "the year's special event")


def combat_part(w: W, cards: tuple[str | None, ...]) -> None:
    w.part("combat")
    for p in range(_SPY_POSITIONS):
        w.card(f"position {p + 1}", COMBAT_SLOTS, cards[p] if p < len(cards) else None, "the combat card there, when seen (ACT-REP-2)")


def paladin(w: W, s: GameState, me: int, n: int) -> None:
    w.part("paladin")
    w.onehot("paladin", MAX_PLAYERS, _rel(me, n)(s.paladin), "whose dungeon he attacks, relative seat")
    w.part("dummy_evil")
    w.thermo("dummy_evil", "dummy_evil", s.dummy_evil or 0, "the 2-player dummy's evil marker")


def resolution_part(w: W, r: Resolution | None) -> None:
    w.part("resolution")
    w.flag("present", r, "actions are being resolved")
    w.onehot("space", len(ACTION_ORDER) + 1, r.space if r else None, "the action space (8, then done)")
    w.onehot("slot", _SLOTS, r.slot if r else None, "slot I, II, III")
    w.thermo("dug", "dug", r.dug if r else 0, "tunnels dug by the acting minion")
    w.thermo("trap_draws", "trap_draws", r.draws if r else 0, "trap cards chance still owes")
    w.flag("discarding", r and r.discarding, "the acting player must discard a trap card (Y2-3)")
    w.onehot("spy", _SPY_POSITIONS, r.spy if r else None, "the combat position being looked at (own look only)")


def turn_part(w: W, t: Turn | None) -> None:
    w.part("turn")
    w.flag("present", t, "production or events, player by player")
    w.onehot("position", MAX_PLAYERS + 1, t.position if t else None, "in play order (4: everyone done)")
    w.thermo("payday_step", "payday_step", t.step if t else 0, "where payday's lair order stands")
    w.thermo("workshop_draws", "workshop_draws", t.draws if t else 0, "Workshop trap cards owed")
    w.thermo("dismissed", "dismissed", t.dismissed if t else 0, "monsters let go at this payday")


def decks_part(w: W, s: GameState, hide: bool) -> None:
    decks = [getattr(s.decks, name) for name in DECK_NAMES]
    if hide:
        decks[DECK_NAMES.index("combat")] = redact_combat_deck(s)
    w.part("deck_sizes")
    for name, deck, cap in zip(DECK_NAMES, decks, _DECK_CAPS):
        w.span(name, cap, range(min(deck.size, cap)), f"thermometer (cap {cap}): cards in the {name} deck")
    w.part("deck_bottoms")
    w.counts("deck_bottoms", ANY_CARD, (k for d in decks for k in d.bottom), "deck_bottoms", "the known cards under the decks (RST-5)")


def counts(w: W, s: GameState) -> None:
    w.part("trap_discard")
    w.thermo("trap_discard", "trap_discard", len(s.trap_discard), "trap cards discarded face down (SETUP-3): how many")
    w.part("box")
    w.thermo("box", "box", len(s.box), "cards put back in the box face down (Y2-8, Y2-10): how many")


def dummies(w: W, s: GameState, me: int) -> None:
    rel = _rel(me, s.n_players)
    for colour in (2, 3):  # dummy colours 2 and 3 (DUM2, DUM3)
        dummy = next((d for d in s.dummies if d.colour == colour), None)
        w.part(f"dummy_{colour}")
        w.flag("present", dummy, f"dummy colour {colour} is in the game")
        w.members("unavailable", ACTION_ORDER, dummy.unavailable if dummy else (), "action")
        w.members("drawn", ACTION_ORDER, dummy.drawn if dummy else (), "action (this round's random orders)")
        w.onehot("third", len(ACTION_ORDER), dummy.third.index if dummy and dummy.third else None, "the 2-player dummy's chosen third order")
        w.onehot("responsible", MAX_PLAYERS, rel(dummy.responsible) if dummy else None, "relative seat choosing its third order")


def _lair_set(w: W, name: str, indices: tuple[int, ...], what: str) -> None:
    w.members(name, _LAIR_RANGE, indices, f"lair place (16): {what}")


def fight_part(w: W, f: Fight | None, me: int, n: int) -> None:
    """The combat (CMB-REF-1) as ``f`` shows it (redacted for the viewer:
    another defender's planned trap cards are ``"?"``, CMB-PLAN-9)."""
    rel = _rel(me, n)
    w.part("fight")
    w.flag("present", f, "combat is under way (CMB-REF-1)")
    w.onehot("round", _COMBAT_ROUNDS, f.round - 1 if f else None, "combat round")
    w.onehot("stage", len(_STAGES), _STAGES.index(f.stage) if f and f.stage in _STAGES else None, "plan, reveal, battle, over")
    w.onehot("position", MAX_PLAYERS + 1, f.position if f else None, "in play order")
    w.flag("paladin_gone", f and f.paladin_gone, "the paladin is imprisoned or gone")
    for block in range(MAX_PLAYERS):
        seat = (me + block) % n
        plan = f.plans[seat] if f and block < n and seat < len(f.plans) else None
        w.part(f"plan[{block}]")
        w.flag("present", plan, "this relative seat's plan this combat round")
        w.onehot("tile", len(GRID), GRID.index(plan.tile) if plan and plan.tile in GRID else None, "the battle tile (20 squares)")
        w.thermo("traps", "plan_traps", len(plan.traps) if plan else 0, "trap cards played")
        w.thermo("gold", "plan_gold", plan.gold if plan else 0, "gold put on them")
        w.counts("trap_cards", TRAP_SLOTS, plan.traps if plan else (), "plan_traps", "which (another's read as unknown: zeros, CMB-PLAN-9)")
        _lair_set(w, "sent", plan.monsters if plan else (), "monsters and ghosts sent")
    b = f.battle if f else None
    w.part("battle")
    w.flag("present", b, "a battle is in progress")
    w.onehot("defender", MAX_PLAYERS, rel(b.seat) if b else None, "relative seat")
    w.onehot("step", len(_STEPS), _STEPS.index(b.step) if b and b.step in _STEPS else None, "trap, fast, monsters, slow, heal")
    w.thermo("traps", "battle_traps", len(b.traps) if b else 0, "planned traps not gone off")
    w.counts("trap_cards", TRAP_SLOTS, b.traps if b else (), "plan_traps", "which (the defender's own only)")
    w.flag("aiming", b and b.aiming, "a trap or monster waits for its target")
    w.card("aiming_card", AIMING, b.aiming if b else None, "which (trap or monster key)")
    _lair_set(w, "sent", b.sent if b else (), "monsters and ghosts that have not acted")
    w.flag("choosing", b and b.choosing, "a spell waits for the defender's choice")
    w.card("spell", COMBAT_SLOTS, b.choosing if b else None, "which")
    w.thermo("icons_used", "icons_used", b.icons_used if b else 0, "Labyrinth anti-trap icons used (CMB-TRAP-4)")
    w.thermo("shield", "shield", b.shield if b else 0, "Magic Shield points left (C1-3)")
    for flag, what in (("attacked", "a monster attacked"), ("no_heal", "no healing"), ("no_spells", "no spells"), ("no_conquest", "no conquest"), ("invisible", "Invisibility")):
        w.flag(flag, b and getattr(b, flag), what)
    _lair_set(w, "asking", b.asking if b else (), "places still asked (Suggestion)")
    pal = f.paladin if f else None
    w.part("fight_paladin")
    w.flag("present", pal, "the year's paladin is in combat")
    w.card("which", PARTY_CARDS, pal.key if pal else None, "which paladin")
    w.thermo("damage", "paladin_damage", pal.damage if pal else 0, "his damage")


def outcome_part(w: W, s: GameState, me: int) -> None:
    """The final scores (SCO-14) once the game is over: for each relative
    seat present, its total (below and above zero, thermometers) and whether it won (SCO-3)."""
    result = outcome(s) if s.phase is Phase.GAME_OVER else None
    n = s.n_players
    w.part("outcome")
    w.flag("present", result, "the game is over and scored (SCO-14)")
    for block in range(MAX_PLAYERS):
        seat = (me + block) % n
        ok = result is not None and block < n
        total = result.players[seat].total if result is not None and ok else 0
        w.flag(f"seat {block}", ok, "this relative seat is in the game")
        w.thermo(f"seat {block} below zero", "total_below_zero", -total, "its final total below zero")
        w.thermo(f"seat {block} above zero", "total_above_zero", total, "its final total above zero")
        w.flag(f"seat {block} won", ok and result is not None and seat in result.winners, "it won (SCO-3)")


_NUMBERS: tuple[tuple[str, str], ...] = (
    ("gold", "gold"), ("food", "food"), ("imps", "imps"), ("free_imps", "free imps"), ("evil", "the evilometer"),
    ("busy_imps", "imps at work"), ("foreimps", "foreimps"), ("busy_trolls", "trolls at work"), ("damage_tokens", "damage tokens"),
)  # fmt: skip


NUMBER_VALUES: Final[Callable[[PlayerState], tuple[int, ...]]] = operator.attrgetter(*(name for name, _ in _NUMBERS))
"""A record's numbers, in the block's order (one C-level read: the numbers' cache key)."""
_NUMBER_CAPS: Final[tuple[int, ...]] = tuple(CAPS[name] for name, _ in _NUMBERS)
_BLOCK_NAMES: Final[tuple[str, ...]] = tuple(f"player[{block}]" for block in range(MAX_PLAYERS))


def player_numbers(w: W, block: int, p: PlayerState | None) -> None:
    """A player block's first fields: present, then its numbers (``p``: the
    record as the viewer sees it; None: no such seat, all zeros)."""
    w.part(_BLOCK_NAMES[block])
    w.flag("present", p, "this relative seat is in the game")
    if p is not None and not w.record:  # the thermometers written at once (the same bits as ``thermo``'s)
        pos, ones = w.pos, w.ones
        for value, cap in zip(NUMBER_VALUES(p), _NUMBER_CAPS):
            ones.extend(range(pos, pos + min(max(int(value), 0), cap)))
            pos += cap
        w.pos = pos
        return
    for name, what in _NUMBERS:
        w.thermo(name, name, getattr(p, name) if p else 0, what)


_PLAYED_NAMES: Final[tuple[tuple[str, str, str], ...]] = tuple(
    (f"played {i + 1}", f"played {i + 1} slot", f"played {i + 1} outcome") for i in range(_SLOTS)
)
_COMMITTED_NAMES: Final[tuple[str, ...]] = tuple(f"committed {i + 1}" for i in range(_SLOTS))
_PARTY_NAMES: Final[tuple[tuple[str, str], ...]] = tuple((f"party {i + 1}", f"party {i + 1} damage") for i in range(_PARTY_PLACES))


def player_orders(w: W, p: PlayerState | None, chosen: bool, kept: bool, dealt: int) -> None:
    """A player block's order cards, with the view's public facts about them."""
    if p is not None and not w.record:
        _orders_fast(w, p, chosen, kept, dealt)
        return
    w.members("hand", ACTION_ORDER, p.hand if p else (), "order card in hand")
    w.members("unavailable", ACTION_ORDER, p.unavailable if p else (), "order card unavailable")
    for i, (played, slot, outcome) in enumerate(_PLAYED_NAMES):
        o = p.played[i] if p and i < len(p.played) else None
        w.onehot(played, len(ACTION_ORDER), o.action.index if o else None, "the action of an order played this round")
        w.onehot(slot, _SLOTS + 1, (_SLOTS if o.slot is None else o.slot) if o else None, "its slot I, II, III, or on the card")
        w.onehot(outcome, len(_OUTCOMES), _OUTCOMES.index(o.outcome) if o else None, "its outcome")
    for i, committed in enumerate(_COMMITTED_NAMES):
        c = p.committed[i] if p and p.committed is not None and i < len(p.committed) else None
        w.onehot(committed, len(ACTION_ORDER), c.index if c else None, "a committed order (own only, ORD-3)")
    w.flag("chosen", p and chosen, "has chosen its orders")
    w.onehot("dummy_choice", len(ACTION_ORDER), p.dummy_choice.index if p and p.dummy_choice else None, "the 2-player dummy's third order (own only)")
    w.members("dealt", ACTION_ORDER, p.dealt if p else (), "order dealt at setup (own only, RUL-13)")
    w.thermo("dealt_count", "dealt", dealt if p else 0, "how many were dealt")
    w.members("kept", ACTION_ORDER, p.kept if p else (), "order kept (own only)")
    w.flag("has_kept", p and kept, "has kept its unavailable orders")


_ACTIONS: Final[int] = len(ACTION_ORDER)
_PLAYED_WIDTH: Final[int] = _ACTIONS + _SLOTS + 1 + len(_OUTCOMES)


def _orders_fast(w: W, p: PlayerState, chosen: bool, kept: bool, dealt: int) -> None:
    """``player_orders``' bits for a record, written at once (the same places as the fields' writers)."""
    members = w.members
    members("hand", ACTION_ORDER, p.hand, "")
    members("unavailable", ACTION_ORDER, p.unavailable, "")
    pos, ones = w.pos, w.ones
    for i, o in enumerate(p.played[:_SLOTS]):
        if not o:
            continue
        at = pos + i * _PLAYED_WIDTH
        ones.append(at + o.action.index)
        ones.append(at + _ACTIONS + (_SLOTS if o.slot is None else o.slot))
        ones.append(at + _ACTIONS + _SLOTS + 1 + _OUTCOMES.index(o.outcome))
    pos += _SLOTS * _PLAYED_WIDTH
    if p.committed is not None:
        for i, c in enumerate(p.committed[:_SLOTS]):
            if c:
                ones.append(pos + i * _ACTIONS + c.index)
    pos += _SLOTS * _ACTIONS
    if chosen:
        ones.append(pos)
    pos += 1
    if p.dummy_choice:
        ones.append(pos + p.dummy_choice.index)
    w.pos = pos + _ACTIONS
    members("dealt", ACTION_ORDER, p.dealt, "")
    w.thermo("dealt_count", "dealt", dealt, "")
    members("kept", ACTION_ORDER, p.kept, "")
    w.flag("has_kept", kept, "")


def player_lair(w: W, p: PlayerState | None) -> None:
    """A player block's monsters and trap cards."""
    w.counts("monsters_ready", MONSTER_SLOTS, (m.kind for m in p.monsters if m.ready) if p else (), "monsters", "monsters ready")
    w.counts("monsters_used", MONSTER_SLOTS, (m.kind for m in p.monsters if not m.ready) if p else (), "monsters", "monsters used")
    w.counts("trap_cards", TRAP_SLOTS, p.traps if p else (), "traps", "trap cards (own only)")
    w.thermo("traps", "traps", len(p.traps) if p else 0, "how many trap cards")
    w.thermo("hidden_traps", "hidden_traps", sum(1 for t in p.traps if t == HIDDEN) if p else 0, "how many of them face down to the viewer")


def player_dungeon(w: W, p: PlayerState | None) -> None:
    """A player block's dungeon."""
    ones: list[int] = []
    width = 2 + ROOM_SLOTS.size
    for i, square in enumerate(GRID):
        tile = p.dungeon.at(square) if p else None
        if tile:
            ones.append(i * width)
            if tile.conquered:
                ones.append(i * width + 1)
            room = ROOM_SLOTS.index.get(tile.room) if tile.room is not None else None
            if room is not None:
                ones.append(i * width + 2 + room)
    w.span("dungeon", len(GRID) * width, ones, f"20 squares (reading order) × (dug, conquered, one-hot over {ROOM_SLOTS.size} room slots)")


def player_party(w: W, p: PlayerState | None, spied: tuple[int, ...]) -> None:
    """A player block's last fields: the party, the prison, the rooms used, the combat positions spied (own only)."""
    for i, (place, damage) in enumerate(_PARTY_NAMES):
        a = p.party[i] if p and i < len(p.party) else None
        w.card(place, PARTY_CARDS, a.key if a else None, "the adventurer or paladin in this party place")
        w.thermo(damage, "party_damage", a.damage if a else 0, "its damage")
    w.counts("prison", PARTY_CARDS, p.prison if p else (), "prison", "prisoners")
    w.members("rooms_used", GRID, p.rooms_used if p else (), "square whose room was used this round")
    w.members("spied", _SPY_RANGE, spied, "combat position spied (own only)")


def absent(w: W, block: int) -> None:
    """A player block for a seat not in the game: all zeros."""
    player_numbers(w, block, None)
    player_orders(w, None, False, False, 0)
    player_lair(w, None)
    player_dungeon(w, None)
    player_party(w, None, ())


__all__ = ["ALL", "CAPS", "DEPTHS", "Facts", "Slots", "W"]
