"""A position written as people write it (issue 38): lines of short words,
one section per line, readable aloud and typeable at a physical table; chess's
FEN with a line per player. The grammar is docs/position-text.md.

``position_text(state)`` writes a state; ``read_position_text(text)``
(``dlrules.records.position_text_build``, with the words read by
``dlrules.records.position_text_read``) reads one back, checks it with
``dlrules.validate`` and reports a mistake in one sentence with its line and
column. ``read_position_text(position_text(s)) == s`` for every position a
game reaches.

This module holds the words both directions share and the writer. Numbers
count from 1 wherever they index something (seats, slots, monsters in a lair,
combat cards, a turn's place in player order), as in the move notation
(LIB-TV-2); amounts are amounts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from dlrules.components import (
    ACTION_ORDER,
    ADVENTURER_DECKS,
    ADVENTURERS,
    COMBAT_CARDS,
    COMBAT_DECKS,
    EVENT_DECK,
    MONSTER_DECKS,
    MONSTERS,
    PALADINS,
    ROOM_DECKS,
    ROOMS,
    SLOT_NAMES,
    SPECIAL_EVENT_DECK,
    SPECIAL_EVENTS,
    TRAP_DECK,
    Action,
)
from dlrules.components.combat import ILLUSION_KEY
from dlrules.core.dungeon import in_grid, square_name
from dlrules.core.state import DECK_NAMES, Adventurer, Battle, Deck, DummyState, Fight, GameState, Monster, Outcome, Plan, PlayedOrder, PlayerState, Square

HEADER: Final[str] = "dungeon lords position"
"""The first line of every position text (a comment may follow it)."""

UNKNOWN: Final[str] = "?"
"""A hidden part the table cannot see: a face-down combat card, or a deck's
unseen cards (then: every card of its kind that is nowhere else)."""

NONE: Final[str] = "-"
"""Nothing: an empty list, an empty slot, no card."""

OUTCOME_WORDS: Final[dict[Outcome, str]] = {Outcome.PENDING: "", Outcome.CARRIED_OUT: "done", Outcome.NOT_CARRIED_OUT: "not-done"}
"""A played order's outcome as the attribute written after it (pending: none)."""

ON_CARD: Final[str] = "card"
"""The slot word of a minion standing on its order card (ORD-6)."""

PLAYER_FIELDS: Final[tuple[tuple[str, str], ...]] = (
    ("gold", "gold"), ("food", "food"), ("imps", "imps"), ("evil", "evil"), ("busy_imps", "busy-imps"),
    ("foreimps", "foreimps"), ("busy_trolls", "busy-trolls"), ("damage_tokens", "damage-tokens"),
)  # fmt: skip
"""A player's supplies: (field, word); the first four always written, the others when not 0."""

BATTLE_FLAGS: Final[tuple[tuple[str, str], ...]] = (
    ("attacked", "attacked"), ("no_heal", "no-heal"), ("no_spells", "no-spells"), ("no_conquest", "no-conquest"), ("invisible", "invisible"),
)
"""The battle's yes/no fields: (field, flag word written when true)."""


def word(text: str) -> str:
    """A field or phase name for people: hyphens, not underscores."""
    return text.replace("_", "-")


def seat_word(seat: int) -> str:
    return f"P{seat + 1}"


def colour_word(colour: int | None, players: int) -> str:
    if colour is None:
        return NONE
    return f"P{colour + 1}" if colour < players else f"D{colour + 1}"


def cards_word(cards: Iterable[str]) -> str:
    return ",".join(cards) or NONE


def actions_word(actions: Iterable[Action]) -> str:
    return ",".join(a.value for a in actions) or NONE


def numbers_word(indices: Iterable[int]) -> str:
    """Indices (from 0 in the state) for people, from 1."""
    return ",".join(str(i + 1) for i in indices) or NONE


def square_word(square: Square) -> str:
    return square_name(square) if in_grid(square) else f"[{square[0]};{square[1]}]"


def slot_word(slot: int | None) -> str:
    if slot is None:
        return ON_CARD
    return SLOT_NAMES[slot] if 0 <= slot < len(SLOT_NAMES) else str(slot + 1)


def multiset_word(unseen: tuple[tuple[str, int], ...]) -> str:
    return ",".join(k if n == 1 else f"{k}*{n}" for k, n in unseen) or NONE


# --- a deck's unseen cards: the rest of its kind -----------------------------------------------


def _totals(decks: dict[int, dict[str, int]], year: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for y in range(1, year + 1):
        out.update(decks.get(y, {}))
    return out


def deck_components(state: GameState, name: str) -> Counter[str]:
    """Every card of the kind ``name``'s deck holds, in the years dealt so far
    (the components; ``dlrules.validate``'s card conservation)."""
    y = state.year
    if name == "monsters":
        return _totals(MONSTER_DECKS, y)
    if name == "rooms":
        return _totals(ROOM_DECKS, y)
    if name == "traps":
        return Counter(TRAP_DECK)
    if name == "adventurers":
        return _totals(ADVENTURER_DECKS, y)
    if name == "events":
        return Counter(EVENT_DECK)
    if name == "combat":
        return Counter(COMBAT_DECKS.get(y, {}))
    return Counter(SPECIAL_EVENT_DECK) if state.variant == "full" and state.special_events else Counter()


def cards_elsewhere(state: GameState, name: str) -> Counter[str]:
    """The cards of ``name``'s kind in every place but that deck's unseen part
    (its known bottom cards included)."""
    players, far, box = state.players, state.far_lands, state.box
    out: Counter[str] = Counter(getattr(state.decks, name).bottom)
    if name == "monsters":
        out += Counter(state.tavern) + Counter(k for k in far + box if k in MONSTERS) + Counter(m.kind for p in players for m in p.monsters)
    elif name == "rooms":
        out += Counter(state.room_shop) + Counter(k for k in far + box if k in ROOMS)
        out += Counter(t.room for p in players for t in p.dungeon.tiles if t.room is not None)
    elif name == "traps":
        out += Counter(state.trap_discard) + Counter(t for p in players for t in p.traps)
        if state.fight is not None:
            out += Counter(t for plan in state.fight.plans if plan is not None for t in plan.traps)
            out += Counter(state.fight.battle.traps if state.fight.battle is not None else ())
    elif name == "adventurers":
        paladins = {p.key for p in PALADINS.values()}
        out += Counter(state.adventurers_next) + Counter(state.adventurers_now) + Counter(k for k in far + box if k in ADVENTURERS)
        out += Counter(a.key for p in players for a in p.party if a.key not in paladins and a.key != ILLUSION_KEY)
        out += Counter(k for p in players for k in p.prison if k not in paladins)
    elif name == "events":
        out += Counter(e for e in state.events if e is not None)
    elif name == "combat":
        out += Counter(c for c in state.combat if c is not None and c in COMBAT_CARDS)
    else:
        out += Counter([state.special_event] if state.special_event else []) + Counter(k for k in far if k in SPECIAL_EVENTS)
    return out


def rest_of(state: GameState, name: str) -> Counter[str] | None:
    """The cards of ``name``'s kind found nowhere else (``?`` for a deck), or
    None when some card is in more places than the game has copies."""
    total = deck_components(state, name)
    found = cards_elsewhere(state, name)
    if any(found[k] > total[k] for k in found):
        return None
    return total - found


def _deck_word(state: GameState, name: str) -> str:
    deck: Deck = getattr(state.decks, name)
    rest = rest_of(state, name)
    if rest is not None and Deck.of(dict(rest)).unseen == deck.unseen:
        return UNKNOWN
    return multiset_word(deck.unseen)


# --- the writer ------------------------------------------------------------------------------


def _adventurer_word(a: Adventurer) -> str:
    extra = [f"{name}={getattr(a, name)}" for name in ("damage", "poison", "food") if getattr(a, name)]
    return a.key + (f"({','.join(extra)})" if extra else "")


def _monster_word(m: Monster) -> str:
    return m.kind if m.ready else f"{m.kind}(tired)"


def _played_word(o: PlayedOrder) -> str:
    outcome = OUTCOME_WORDS[o.outcome]
    return f"{o.action.value}@{slot_word(o.slot)}" + (f"({outcome})" if outcome else "")


def _items(*pairs: tuple[str, str | None]) -> str:
    """``name=value`` words, leaving out those whose value is None (the default)."""
    return " ".join(f"{name}={value}" for name, value in pairs if value is not None)


def _game_line(s: GameState) -> str:
    flags = [f for f, on in (("no-deal-and-keep", not s.deal_and_keep), ("no-special-events", not s.special_events),
                             ("dummy-hires", s.dummy_hires), ("table-rulings", s.table_rulings)) if on]  # fmt: skip
    parts = [s.variant, f"year={s.year}", f"round={s.round}", f"phase={word(s.phase.value)}", f"first={seat_word(s.first_player)}", *flags]
    return "game: " + " ".join(parts)


def _board_line(s: GameState) -> str:
    n = s.n_players
    return "board: " + " ".join(f"{a.value}={','.join(colour_word(c, n) for c in slots)}" for a, slots in zip(Action, s.board))


def _table_lines(s: GameState) -> list[str]:
    lines = [
        "events: " + ",".join(e if e is not None else NONE for e in s.events),
        f"special-event: {s.special_event or NONE}",
        "combat: " + ",".join(c if c is not None else UNKNOWN for c in s.combat),
    ]
    if s.spied:
        lines.append("spied: " + " ".join(f"{seat_word(i)}={numbers_word(seen)}" for i, seen in enumerate(s.spied)))
    lines += [
        f"tavern: {cards_word(s.tavern)}",
        f"room-shop: {cards_word(s.room_shop)}",
        f"adventurers-now: {cards_word(s.adventurers_now)}",
        f"adventurers-next: {cards_word(s.adventurers_next)}",
        f"far-lands: {cards_word(s.far_lands)}",
        f"trap-discard: {cards_word(s.trap_discard)}",
        f"box: {cards_word(s.box)}",
        f"paladin: {NONE if s.paladin is None else seat_word(s.paladin)}",
    ]
    if s.dummy_evil is not None:
        lines.append(f"dummy-evil: {s.dummy_evil}")
    decks = [f"{name}={_deck_word(s, name)}" for name in DECK_NAMES]
    decks += [f"{name}-bottom={cards_word(getattr(s.decks, name).bottom)}" for name in DECK_NAMES if getattr(s.decks, name).bottom]
    lines.append("decks: " + " ".join(decks))
    return lines


def _player_lines(seat: int, p: PlayerState) -> list[str]:
    who = seat_word(seat)
    supplies = [f"{w}={getattr(p, f)}" for i, (f, w) in enumerate(PLAYER_FIELDS) if i < 4 or getattr(p, f)]
    orders = _items(
        ("hand", actions_word(p.hand)),
        ("unavailable", actions_word(p.unavailable)),
        ("played", ",".join(_played_word(o) for o in p.played) or None),
        ("committed", None if p.committed is None else actions_word(p.committed)),
        ("dummy-choice", None if p.dummy_choice is None else p.dummy_choice.value),
        ("dealt", actions_word(p.dealt) if p.dealt else None),
        ("kept", None if p.kept is None else actions_word(p.kept)),
    )
    tiles = " ".join(square_word(t.square) + (f"={t.room}" if t.room else "") + ("(conquered)" if t.conquered else "") for t in p.dungeon.tiles)
    lines = [
        f"{who}: " + " ".join(supplies),
        f"{who} orders: {orders}",
        f"{who} dungeon: {tiles or NONE}",
        f"{who} lair: {' '.join(_monster_word(m) for m in p.monsters) or NONE}",
        f"{who} traps: {' '.join(p.traps) or NONE}",
    ]
    if p.party:
        lines.append(f"{who} party: " + " ".join(_adventurer_word(a) for a in p.party))
    if p.prison:
        lines.append(f"{who} prison: " + " ".join(p.prison))
    if p.rooms_used:
        lines.append(f"{who} rooms-used: " + " ".join(square_word(q) for q in p.rooms_used))
    return lines


def _dummy_line(d: DummyState, players: int) -> str:
    items = _items(
        ("unavailable", actions_word(d.unavailable)),
        ("responsible", None if d.responsible is None else seat_word(d.responsible)),
        ("drawn", actions_word(d.drawn) if d.drawn else None),
        ("third", None if d.third is None else d.third.value),
    )
    return f"{colour_word(d.colour, players) if d.colour >= players else f'D{d.colour + 1}'}: {items}"


def _progress_lines(s: GameState) -> list[str]:
    lines: list[str] = []
    r = s.resolution
    if r is not None:
        space = ACTION_ORDER[r.space].value if 0 <= r.space < len(ACTION_ORDER) else "end"
        lines.append("resolution: " + " ".join(
            [f"space={space}", f"slot={slot_word(r.slot)}"]
            + [f"{n}={v}" for n, v in (("dug", r.dug), ("draws", r.draws)) if v]
            + ([f"spy={r.spy + 1}"] if r.spy is not None else []) + (["discarding"] if r.discarding else [])
        ))  # fmt: skip
    t = s.turn
    if t is not None:
        parts = [f"position={t.position + 1}"] + [f"{n}={v}" for n, v in (("draws", t.draws), ("dismissed", t.dismissed)) if v]
        if t.step:
            parts.append(f"step={t.step + 1}")
        if t.settled:
            parts.append(f"settled={numbers_word(t.settled)}")
        lines.append("turn: " + " ".join(parts))
    if s.fight is not None:
        lines += _fight_lines(s.fight)
    return lines


def _fight_lines(f: Fight) -> list[str]:
    parts = [f"round={f.round}", f"stage={f.stage}", f"position={f.position + 1}"]
    if f.plans:
        parts.append(f"plans={len(f.plans)}")
    if f.paladin is not None:
        parts.append(f"paladin={_adventurer_word(f.paladin)}")
    if f.paladin_gone:
        parts.append("paladin-gone")
    lines = ["fight: " + " ".join(parts)]
    for i, plan in enumerate(f.plans):
        if plan is not None:
            lines.append(f"plan {seat_word(i)}: " + _plan_items(plan))
    if f.battle is not None:
        lines.append("battle: " + _battle_items(f.battle))
    return lines


def _plan_items(plan: Plan) -> str:
    parts = [f"tile={square_word(plan.tile)}"]
    if plan.traps:
        parts.append(f"traps={cards_word(plan.traps)}")
    if plan.monsters:
        parts.append(f"monsters={numbers_word(plan.monsters)}")
    if plan.gold:
        parts.append(f"gold={plan.gold}")
    return " ".join(parts)


def _battle_items(b: Battle) -> str:
    parts = [seat_word(b.seat), f"step={b.step}"]
    if b.traps:
        parts.append(f"traps={cards_word(b.traps)}")
    if b.aiming is not None:
        parts.append(f"aiming={b.aiming}")
    if b.sent:
        parts.append(f"sent={numbers_word(b.sent)}")
    if b.choosing is not None:
        parts.append(f"choosing={b.choosing}")
    if b.icons_used:
        parts.append(f"icons-used={b.icons_used}")
    if b.asking:
        parts.append(f"asking={numbers_word(b.asking)}")
    if b.shield:
        parts.append(f"shield={b.shield}")
    parts += [w for f, w in BATTLE_FLAGS if getattr(b, f)]
    return " ".join(parts)


def position_text(state: GameState) -> str:
    """The position as people write it (docs/position-text.md): a line for the
    game, the central board and the table's cards, lines per player, the
    dummies, and where a phase taken step by step stands. Hidden decks whose
    unseen cards are exactly the rest of their kind are written ``?``."""
    s = state
    lines = [HEADER, _game_line(s), _board_line(s), *_table_lines(s)]
    for seat, p in enumerate(s.players):
        lines += _player_lines(seat, p)
    lines += [_dummy_line(d, s.n_players) for d in s.dummies]
    lines += _progress_lines(s)
    return "\n".join(lines) + "\n"


__all__ = ["HEADER", "NONE", "UNKNOWN", "position_text"]
