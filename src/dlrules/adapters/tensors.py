"""A seat's observation as a 0/1 vector (docs/ai.md, LIB-AI-4), built part by
part from the seat's projection and cached, with no framework imported.

Every value is 0 or 1: a flag, a one-hot, a set (one bit a member), or a
**thermometer** for a number or a count (``value`` ones then zeros, so
``bits[k]`` is 1 when the number is more than ``k``; a number above the
part's cap reads as the cap: "at least"). ``observation_layout`` names every
part with its first bit and size; docs/ai.md has the table and the caps.

What a seat sees goes through ``dlrules.views`` only: each part is drawn
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

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from dlrules.actions import CARD_CAPACITY, CARD_KEYS, MAX_MONSTERS
from dlrules.components import ACTION_ORDER, PALADINS
from dlrules.dungeon import GRID
from dlrules.phases.scoring import outcome
from dlrules.state import CHANCE, DECK_NAMES, Fight, GameState, Outcome, Phase, PlayerState, Resolution, Turn
from dlrules.views import HIDDEN, PlayerView, redact_combat_deck, redact_fight, redact_player, redact_spy

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
    (``dlrules.actions.CARD_CAPACITY``): cards added to the components later
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
        out = np.zeros(self.pos, np.uint8)
        out[self.ones] = 1
        return out

    def part(self, name: str) -> None:
        """A new part of the layout begins (size -1 marks it in ``fields``)."""
        if self.record:
            self.fields.append((name, -1, ""))

    def span(self, name: str, size: int, ones: Iterable[int], how: str) -> None:
        """A field of ``size`` bits with ones at ``ones`` (relative to the field)."""
        pos = self.pos
        self.ones.extend(pos + i for i in ones)
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
        chosen = set(items or ())
        pos = self.pos
        self.ones.extend(pos + i for i, d in enumerate(domain) if d in chosen)
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


# --- the cache ------------------------------------------------------------------

_MEMO: dict[tuple[Any, ...], tuple[object, Bits]] = {}
_MEMO_LIMIT: Final[int] = 200_000


def _cached(key: tuple[Any, ...], pin: object, make: Callable[[W], None]) -> Bits:
    """``make``'s bits, cached under ``key`` (which holds ``id(pin)``); ``pin`` is kept with them."""
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        w = W()
        make(w)
        got = _MEMO[key] = (pin, w.bits())
    return got[1]


def clear_cache() -> None:
    """Forget every cached part (memory only: a part's bits never change)."""
    _MEMO.clear()
    _LAST.clear()
    _REDACTED.clear()
    _FIGHTS.clear()


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


def _head(w: W, s: GameState, me: int, facts: Facts) -> None:
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
    w.part("to_move")
    w.flag("chance", CHANCE in facts.to_move, "chance is to move")
    w.members("seats", range(MAX_PLAYERS), [rel(x) for x in facts.to_move], "relative seat to move")


def _board(w: W, board: tuple[tuple[int | None, ...], ...], me: int, n: int) -> None:
    rel = _rel(me, n)
    w.part("board")
    ones: list[int] = []
    for space in range(min(len(board), len(ACTION_ORDER))):
        for slot, colour in enumerate(board[space][:_SLOTS]):
            who = rel(colour)
            if who is not None and who < MAX_PLAYERS:
                ones.append((space * _SLOTS + slot) * MAX_PLAYERS + who)
    w.span("slots", len(ACTION_ORDER) * _SLOTS * MAX_PLAYERS, ones, "8 spaces (board order) × 3 slots (I, II, III) × one-hot over 4 relative seats (zeros: empty or a dummy)")


def _cards(w: W, name: str, slots: Slots, keys: Iterable[str | None], depth: str, what: str) -> None:
    """A part that counts cards per key (the tavern, the shop, the adventurers, the far lands)."""
    w.part(name)
    w.counts(name, slots, keys, depth, what)


def _events(w: W, s: GameState) -> None:
    w.part("events")
    for rnd in range(_ROUNDS):
        w.card(f"round {rnd + 1}", EVENT_SLOTS, s.events[rnd] if rnd < len(s.events) else None, "that round's event")
    w.part("special_event")
    w.card("special_event", SPECIAL_SLOTS, s.special_event, "the year's special event")


def _combat(w: W, cards: tuple[str | None, ...]) -> None:
    w.part("combat")
    for p in range(_SPY_POSITIONS):
        w.card(f"position {p + 1}", COMBAT_SLOTS, cards[p] if p < len(cards) else None, "the combat card there, when seen (ACT-REP-2)")


def _paladin(w: W, s: GameState, me: int, n: int) -> None:
    w.part("paladin")
    w.onehot("paladin", MAX_PLAYERS, _rel(me, n)(s.paladin), "whose dungeon he attacks, relative seat")
    w.part("dummy_evil")
    w.thermo("dummy_evil", "dummy_evil", s.dummy_evil or 0, "the 2-player dummy's evil marker")


def _resolution(w: W, r: Resolution | None) -> None:
    w.part("resolution")
    w.flag("present", r, "actions are being resolved")
    w.onehot("space", len(ACTION_ORDER) + 1, r.space if r else None, "the action space (8, then done)")
    w.onehot("slot", _SLOTS, r.slot if r else None, "slot I, II, III")
    w.thermo("dug", "dug", r.dug if r else 0, "tunnels dug by the acting minion")
    w.thermo("trap_draws", "trap_draws", r.draws if r else 0, "trap cards chance still owes")
    w.flag("discarding", r and r.discarding, "the acting player must discard a trap card (Y2-3)")
    w.onehot("spy", _SPY_POSITIONS, r.spy if r else None, "the combat position being looked at (own look only)")


def _turn(w: W, t: Turn | None) -> None:
    w.part("turn")
    w.flag("present", t, "production or events, player by player")
    w.onehot("position", MAX_PLAYERS + 1, t.position if t else None, "in play order (4: everyone done)")
    w.thermo("payday_step", "payday_step", t.step if t else 0, "where payday's lair order stands")
    w.thermo("workshop_draws", "workshop_draws", t.draws if t else 0, "Workshop trap cards owed")
    w.thermo("dismissed", "dismissed", t.dismissed if t else 0, "monsters let go at this payday")


def _decks(w: W, s: GameState, hide: bool) -> None:
    decks = [getattr(s.decks, name) for name in DECK_NAMES]
    if hide:
        decks[DECK_NAMES.index("combat")] = redact_combat_deck(s)
    w.part("deck_sizes")
    for name, deck, cap in zip(DECK_NAMES, decks, _DECK_CAPS):
        w.span(name, cap, range(min(deck.size, cap)), f"thermometer (cap {cap}): cards in the {name} deck")
    w.part("deck_bottoms")
    w.counts("deck_bottoms", ANY_CARD, (k for d in decks for k in d.bottom), "deck_bottoms", "the known cards under the decks (RST-5)")


def _counts(w: W, s: GameState) -> None:
    w.part("trap_discard")
    w.thermo("trap_discard", "trap_discard", len(s.trap_discard), "trap cards discarded face down (SETUP-3): how many")
    w.part("box")
    w.thermo("box", "box", len(s.box), "cards put back in the box face down (Y2-8, Y2-10): how many")


def _dummies(w: W, s: GameState, me: int) -> None:
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
    w.members(name, range(MAX_MONSTERS), indices, f"lair place (16): {what}")


def _fight(w: W, f: Fight | None, me: int, n: int) -> None:
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


def _outcome(w: W, s: GameState, me: int) -> None:
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


def _player_numbers(w: W, block: int, p: PlayerState | None) -> None:
    """A player block's first fields: present, then its numbers (``p``: the
    record as the viewer sees it; None: no such seat, all zeros)."""
    w.part(f"player[{block}]")
    w.flag("present", p, "this relative seat is in the game")
    for name, what in _NUMBERS:
        w.thermo(name, name, getattr(p, name) if p else 0, what)


def _player_orders(w: W, p: PlayerState | None, chosen: bool, kept: bool, dealt: int) -> None:
    """A player block's order cards, with the view's public facts about them."""
    w.members("hand", ACTION_ORDER, p.hand if p else (), "order card in hand")
    w.members("unavailable", ACTION_ORDER, p.unavailable if p else (), "order card unavailable")
    for i in range(_SLOTS):
        o = p.played[i] if p and i < len(p.played) else None
        w.onehot(f"played {i + 1}", len(ACTION_ORDER), o.action.index if o else None, "the action of an order played this round")
        w.onehot(f"played {i + 1} slot", _SLOTS + 1, (_SLOTS if o.slot is None else o.slot) if o else None, "its slot I, II, III, or on the card")
        w.onehot(f"played {i + 1} outcome", len(_OUTCOMES), _OUTCOMES.index(o.outcome) if o else None, "its outcome")
    for i in range(_SLOTS):
        c = p.committed[i] if p and p.committed is not None and i < len(p.committed) else None
        w.onehot(f"committed {i + 1}", len(ACTION_ORDER), c.index if c else None, "a committed order (own only, ORD-3)")
    w.flag("chosen", p and chosen, "has chosen its orders")
    w.onehot("dummy_choice", len(ACTION_ORDER), p.dummy_choice.index if p and p.dummy_choice else None, "the 2-player dummy's third order (own only)")
    w.members("dealt", ACTION_ORDER, p.dealt if p else (), "order dealt at setup (own only, RUL-13)")
    w.thermo("dealt_count", "dealt", dealt if p else 0, "how many were dealt")
    w.members("kept", ACTION_ORDER, p.kept if p else (), "order kept (own only)")
    w.flag("has_kept", p and kept, "has kept its unavailable orders")


def _player_lair(w: W, p: PlayerState | None) -> None:
    """A player block's monsters and trap cards."""
    w.counts("monsters_ready", MONSTER_SLOTS, (m.kind for m in p.monsters if m.ready) if p else (), "monsters", "monsters ready")
    w.counts("monsters_used", MONSTER_SLOTS, (m.kind for m in p.monsters if not m.ready) if p else (), "monsters", "monsters used")
    w.counts("trap_cards", TRAP_SLOTS, p.traps if p else (), "traps", "trap cards (own only)")
    w.thermo("traps", "traps", len(p.traps) if p else 0, "how many trap cards")
    w.thermo("hidden_traps", "hidden_traps", sum(1 for t in p.traps if t == HIDDEN) if p else 0, "how many of them face down to the viewer")


def _player_dungeon(w: W, p: PlayerState | None) -> None:
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


def _player_party(w: W, p: PlayerState | None, spied: tuple[int, ...]) -> None:
    """A player block's last fields: the party, the prison, the rooms used, the combat positions spied (own only)."""
    for i in range(_PARTY_PLACES):
        a = p.party[i] if p and i < len(p.party) else None
        w.card(f"party {i + 1}", PARTY_CARDS, a.key if a else None, "the adventurer or paladin in this party place")
        w.thermo(f"party {i + 1} damage", "party_damage", a.damage if a else 0, "its damage")
    w.counts("prison", PARTY_CARDS, p.prison if p else (), "prison", "prisoners")
    w.members("rooms_used", GRID, p.rooms_used if p else (), "square whose room was used this round")
    w.members("spied", range(_SPY_POSITIONS), spied, "combat position spied (own only)")


def _player_groups(block: int, p: PlayerState | None, own: bool, chosen: bool, kept: bool, dealt: int, spied: tuple[int, ...]) -> list[Group]:
    """A player block as four cached groups (a move mostly changes the first
    only); the bits do not depend on ``block``, which only names the part."""
    if p is None:
        return [(("absent",), None, lambda w: (_player_numbers(w, block, None), _player_orders(w, None, False, False, 0), _player_lair(w, None), _player_dungeon(w, None), _player_party(w, None, ())) and None)]
    return [
        (("numbers", p.gold, p.food, p.imps, p.free_imps, p.evil, p.busy_imps, p.foreimps, p.busy_trolls, p.damage_tokens), None, lambda w: _player_numbers(w, block, p)),
        (("orders", p.hand, p.unavailable, p.played, p.committed, chosen, p.dummy_choice, p.dealt, dealt, p.kept, kept), None, lambda w: _player_orders(w, p, chosen, kept, dealt)),
        (("lair", id(p.monsters), p.traps), p.monsters, lambda w: _player_lair(w, p)),
        (("dungeon", id(p.dungeon)), p.dungeon, lambda w: _player_dungeon(w, p)),
        (("party", id(p.party), id(p.prison), p.rooms_used, spied), (p.party, p.prison), lambda w: _player_party(w, p, spied)),
    ]  # fmt: skip


# --- the vector -------------------------------------------------------------------

Group = tuple[tuple[Any, ...], object, Callable[[W], None]]


class Source:
    """The state as one viewer sees it, for seat ``me`` (block 0): redacted
    part by part through ``dlrules.views`` (``redacted`` false), or taken from
    a ``PlayerView`` already redacted whole (``reference_bits``: ``facts`` given)."""

    __slots__ = ("facts", "hide", "me", "state", "viewer")

    def __init__(self, state: GameState, me: int, viewer: int | None, facts: Facts | None = None) -> None:
        if viewer is not None and viewer != ALL and not 0 <= viewer < state.n_players:
            raise ValueError(f"there is no seat {viewer} in a {state.n_players}-player game")
        self.state, self.me, self.viewer, self.facts = state, me, viewer, facts
        # as redact: nothing is hidden at the end of the game (LIB-WG-1), from ALL, or in a view already redacted
        self.hide = facts is None and viewer != ALL and state.phase is not Phase.GAME_OVER

    def to_move(self) -> tuple[int, ...]:
        if self.facts is not None:
            return self.facts.to_move
        from dlrules.engine import to_move

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
    return [(("head", me, s.n_players, s.variant, s.deal_and_keep, s.year, s.round, s.phase, s.first_player, to_move), None, lambda w: _head(w, s, me, facts))]


def _g_board(src: Source) -> list[Group]:
    s, me, n = src.state, src.me, src.state.n_players
    return [(("board", s.board, me, n), None, lambda w: _board(w, s.board, me, n))]


def _g_public(src: Source) -> list[Group]:
    s, me, n = src.state, src.me, src.state.n_players
    return [
        (("tavern", s.tavern), None, lambda w: _cards(w, "tavern", MONSTER_SLOTS, s.tavern, "tavern", "monsters on offer")),
        (("room_shop", s.room_shop), None, lambda w: _cards(w, "room_shop", ROOM_SLOTS, s.room_shop, "room_shop", "rooms on offer")),
        (("adventurers_next", s.adventurers_next), None, lambda w: _cards(w, "adventurers_next", ADVENTURER_SLOTS, s.adventurers_next, "adventurers", "next round's adventurers")),
        (("adventurers_now", s.adventurers_now), None, lambda w: _cards(w, "adventurers_now", ADVENTURER_SLOTS, s.adventurers_now, "adventurers", "this round's adventurers")),
        (("events", s.events, s.special_event), None, lambda w: _events(w, s)),
        (("paladin", s.paladin, s.dummy_evil, me, n), None, lambda w: _paladin(w, s, me, n)),
        (("far_lands", id(s.far_lands)), s.far_lands, lambda w: _cards(w, "far_lands", ANY_CARD, s.far_lands, "far_lands", "discarded cards")),
        (("turn", id(s.turn)), s.turn, lambda w: _turn(w, s.turn)),
        (("counts", len(s.trap_discard), len(s.box)), None, lambda w: _counts(w, s)),
        (("dummies", id(s.dummies), me, n), s.dummies, lambda w: _dummies(w, s, me)),
    ]  # fmt: skip


def _g_combat(src: Source) -> list[Group]:
    s, viewer = src.state, src.viewer
    seen = s.spied[viewer] if src.hide and viewer is not None and 0 <= viewer < len(s.spied) else ()
    cards = s.combat if not src.hide else tuple(c if pos in seen else None for pos, c in enumerate(s.combat))  # ACT-REP-2
    return [(("combat", cards), None, lambda w: _combat(w, cards))]


def _g_resolution(src: Source) -> list[Group]:
    r = src.state.resolution
    shown = redact_spy(src.state, src.viewer) if src.hide and r is not None and r.spy is not None else r
    return [(("resolution", id(r), shown.spy if shown else None), r, lambda w: _resolution(w, shown))]


def _g_decks(src: Source) -> list[Group]:
    s, hide = src.state, src.hide
    return [(("decks", id(s.decks), hide, s.combat if hide else None), s.decks, lambda w: _decks(w, s, hide))]


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
    return [(("fight", id(fight), me, n), fight, lambda w: _fight(w, fight, me, n))]


def _g_outcome(src: Source) -> list[Group]:
    s, me = src.state, src.me
    over = s.phase is Phase.GAME_OVER
    return [(("outcome", id(s), me) if over else ("no outcome",), s if over else None, lambda w: _outcome(w, s, me))]


_BUILDERS: tuple[tuple[Callable[[Source], list[Group]], tuple[str, ...] | None], ...] = (
    (_g_head, None),  # who is to move depends on the whole state
    (_g_board, ("board",)),
    (_g_public, ("tavern", "room_shop", "adventurers_next", "adventurers_now", "events", "special_event", "paladin", "dummy_evil", "far_lands", "turn", "trap_discard", "box", "dummies")),
    (_g_combat, ("combat", "spied")),
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


def _bits(groups: list[Group]) -> Bits:
    """The bits of groups cached together: looked up under all their keys at once."""
    if len(groups) == 1:
        key, pin, make = groups[0]
        return _cached(key, pin, make)
    key = tuple(k for k, _, _ in groups)
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        got = _MEMO[key] = (tuple(p for _, p, _ in groups), np.concatenate([_cached(k, p, make) for k, p, make in groups]))
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
    """The last observation made for one (seat, viewer): its state, each group's bits and the whole."""

    __slots__ = ("bits", "parts", "state")

    def __init__(self, state: GameState, parts: list[Bits], bits: Bits) -> None:
        self.state, self.parts, self.bits = state, parts, bits


_LAST: dict[tuple[int, int | None, int], _Last] = {}


def _unchanged(state: GameState, before: GameState, fields: tuple[str, ...] | None, block: int | None, me: int) -> bool:
    """Every field the group reads is the same record as before (a player block: its seat's record)."""
    if fields is None:
        return False
    if block is not None:
        n = state.n_players
        if block >= n:
            return True
        seat = (me + block) % n
        return state.players[seat] is before.players[seat] and state.spied is before.spied
    if fields == ("resolution",):
        r = state.resolution
        return r is before.resolution and (r is None or r.spy is None)
    return all(getattr(state, f) is getattr(before, f) for f in fields)


_PLAYER_GROUP: Final[tuple[int | None, ...]] = tuple(
    i - 6 if 6 <= i < 6 + MAX_PLAYERS else None for i in range(len(_BUILDERS))
)


def observation_bits(state: GameState, me: int, viewer: int | None) -> Bits:
    """The observation of seat ``me`` (block 0) as ``viewer`` sees the state
    (``me`` itself; ``None``: the spectator; ``ALL``: nothing hidden), 0/1
    uint8 (read-only: shared). Incremental: against the last observation
    made for the same seat and viewer, only the groups whose records changed
    are looked up again (each from the cache when seen before)."""
    key = (me, viewer, state.n_players)
    last = _LAST.get(key)
    if last is not None and last.state is state:
        return last.bits
    src = Source(state, me, viewer)
    before = last.state if last is not None and (last.state.phase is Phase.GAME_OVER) == (state.phase is Phase.GAME_OVER) else None
    parts: list[Bits] = []
    n = state.n_players
    hide = src.hide
    for i, (build, fields) in enumerate(_BUILDERS):
        block = _PLAYER_GROUP[i]
        if before is not None and last is not None and _unchanged(state, before, fields, block, me):
            parts.append(last.parts[i])
        elif block is not None and block < n:
            # a seat's block does not depend on where it sits: any observer's earlier look at the same record serves
            seat = (me + block) % n
            p = state.players[seat]
            own = not hide or seat == viewer
            quick = ("seat", id(p), own, state.spied[seat] if own and seat < len(state.spied) else None)
            got = _MEMO.get(quick)
            if got is None:
                got = _MEMO[quick] = (p, _bits(build(src)))
            parts.append(got[1])
        else:
            parts.append(_bits(build(src)))
    bits = np.concatenate(parts)
    bits.flags.writeable = False
    _LAST[key] = _Last(state, parts, bits)
    return bits


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
    from dlrules.engine import new_game

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
