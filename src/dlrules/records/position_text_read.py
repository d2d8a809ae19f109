"""Reading a position text (docs/position-text.md; written by
``dlrules.records.position_text``). Every mistake is one sentence naming the line, the
column and what was expected (``PositionTextError``); nothing is half-built.
A position that reads but no game can reach is refused with
``dlrules.validate``'s field path and reason, at the line that holds it."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Final, TypeVar

import attrs

from dlrules.components import (
    ADVENTURERS,
    COMBAT_CARDS,
    EVENTS,
    MONSTERS,
    PALADINS,
    ROOMS,
    SLOT_NAMES,
    SPECIAL_EVENTS,
    TRAPS,
    Action,
)
from dlrules.components.combat import ILLUSION_KEY
from dlrules.core.dungeon import parse_square_name
from dlrules.records.position_text import HEADER, NONE, ON_CARD, UNKNOWN, rest_of
from dlrules.core.state import Adventurer, Deck, GameState, Monster, Outcome, Phase, PlayedOrder, Square, Tile

MAX_TEXT: Final[int] = 20_000
"""A position text longer than this is refused unread (a real one is about 2,000 characters)."""

VARIANTS: Final[tuple[str, ...]] = ("first", "full")
"""The game's variants, as ``dlrules.core.phases.setup.VARIANTS`` (a floor above
this one; tests/test_position_text.py keeps the two the same)."""

T = TypeVar("T")


class PositionTextError(ValueError):
    """A position text that cannot be read: one sentence with the line and column (from 1)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line, self.column, self.reason = line, column, message
        super().__init__(f"line {line}, column {column}: {message}")


@attrs.frozen
class Word:
    """One word of a line, where it stands (line and column from 1)."""

    text: str
    line: int
    column: int

    def fail(self, message: str) -> PositionTextError:
        return PositionTextError(self.line, self.column, message)

    def after(self, offset: int, text: str) -> Word:
        return Word(text, self.line, self.column + offset)


@attrs.frozen
class Line:
    label: str
    head: Word  # the label, where it stands
    words: tuple[Word, ...]

    def fail(self, message: str) -> PositionTextError:
        return self.head.fail(message)


_CARD_KINDS: Final[dict[str, frozenset[str]]] = {
    "monster": frozenset(MONSTERS),
    "room": frozenset(ROOMS),
    "trap card": frozenset(TRAPS),
    "adventurer": frozenset(ADVENTURERS) | {p.key for p in PALADINS.values()} | {ILLUSION_KEY},
    "event": frozenset(EVENTS),
    "combat card": frozenset(COMBAT_CARDS),
    "special event": frozenset(SPECIAL_EVENTS),
}
_ANY_CARD: Final[frozenset[str]] = frozenset().union(*_CARD_KINDS.values())
_DECK_KIND: Final[dict[str, str]] = {
    "monsters": "monster", "rooms": "room", "traps": "trap card", "adventurers": "adventurer",
    "events": "event", "combat": "combat card", "special": "special event",
}  # fmt: skip
_ACTIONS: Final[dict[str, Action]] = {a.value: a for a in Action}
_OUTCOMES: Final[dict[str, Outcome]] = {"": Outcome.PENDING, "done": Outcome.CARRIED_OUT, "not-done": Outcome.NOT_CARRIED_OUT}
_ITEM = re.compile(r"^(?P<head>[^()=@]+)(?:@(?P<at>[^()=]+))?(?:=(?P<value>[^()]+))?(?:\((?P<attrs>[^()]*)\))?$")


# --- words -----------------------------------------------------------------------------------


def _lines(text: str) -> list[Line]:
    out: list[Line] = []
    first = _first_line(text)  # once: per line, it made a text of many short lines quadratic
    for number, raw in enumerate(text.split("\n"), start=1):
        content = raw.split("#", 1)[0].rstrip()
        if not content.strip():
            continue
        _no_control(content, number)
        if number == first and content.strip().lower() == HEADER:
            out.append(Line(HEADER, Word(content.strip(), number, 1 + len(content) - len(content.lstrip())), ()))
            continue
        label, colon, rest = content.partition(":")
        start = len(label) - len(label.lstrip()) + 1
        head = Word(" ".join(label.split()), number, start)
        if not out:
            raise head.fail(f"expected the first line '{HEADER}', not {content.strip()[:30]!r}")
        if not colon:
            raise head.fail(f"expected a label and a colon (such as 'P1: gold=3 …'), not {content.strip()[:30]!r}")
        words = tuple(Word(m.group(), number, len(label) + 2 + m.start()) for m in re.finditer(r"\S+", rest))
        out.append(Line(head.text.lower(), head, words))
    return out


def _no_control(content: str, number: int) -> None:
    """A control character (or a lone surrogate) outside a comment is
    refused at its column: no position holds one, and a message quoting the
    line would send it to the terminal (an escape sequence) or fail to encode."""
    for column, ch in enumerate(content, start=1):
        if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cs"):
            raise PositionTextError(number, column, f"expected letters, digits and punctuation, not the control character U+{ord(ch):04X}")


def _first_line(text: str) -> int:
    for number, raw in enumerate(text.split("\n"), start=1):
        if raw.split("#", 1)[0].strip():
            return number
    return 0


def _split(w: Word, separator: str = ",") -> list[Word]:
    """The parts of a word between separators outside parentheses; a
    parenthesis closed before it opens, or left open, is refused at its
    column (it would otherwise swallow the rest of the word)."""
    parts: list[Word] = []
    depth, start, opened = 0, 0, 0
    for i, ch in enumerate(w.text + separator):
        if ch == "(":
            depth, opened = depth + 1, (i if depth == 0 else opened)
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise w.after(i, ")").fail(f"a ')' without its '(' in {w.text[:40]!r}")
        elif ch == separator and depth == 0:
            parts.append(w.after(start, w.text[start:i]))
            start = i + 1
    if depth > 0:
        raise w.after(opened, "(").fail(f"a '(' that is never closed in {w.text[:40]!r}")
    return parts


def _pair(w: Word) -> tuple[str, Word]:
    """``name=value``: the name (lower case) and the value's word."""
    name, eq, value = w.text.partition("=")
    if not eq or not name:
        raise w.fail(f"expected name=value, not {w.text!r}")
    return name.lower().replace("_", "-"), w.after(len(name) + 1, value)


def _pairs(line: Line, names: Iterable[str], flags: Iterable[str] = ()) -> tuple[dict[str, Word], set[str]]:
    """A line of ``name=value`` words (each name once, from ``names``) and flag words."""
    allowed, flagset = tuple(names), set(flags)
    values: dict[str, Word] = {}
    seen_flags: set[str] = set()
    for w in line.words:
        if "=" not in w.text and w.text.lower() in flagset:
            if w.text.lower() in seen_flags:
                raise w.fail(f"{w.text!r} is written twice")
            seen_flags.add(w.text.lower())
            continue
        name, value = _pair(w) if "=" in w.text else (w.text, w)
        if name not in allowed:
            expected = ", ".join([f"{n}=" for n in allowed] + sorted(flagset))
            raise w.fail(f"{line.head.text}: expected one of {expected}; not {w.text!r}")
        if name in values:
            raise w.fail(f"{name}= is written twice on this line")
        values[name] = value
    return values, seen_flags


def _int(w: Word, what: str, low: int | None = 0) -> int:
    if not re.fullmatch(r"-?[0-9]{1,6}", w.text):
        raise w.fail(f"expected {what} as a whole number, not {w.text!r}")
    n = int(w.text)
    if low is not None and n < low:
        raise w.fail(f"expected {what} of at least {low}, not {n}")
    return n


def _index(w: Word, what: str) -> int:
    """A number people count from 1, as the state's index from 0."""
    return _int(w, what, 1) - 1


def _seat(w: Word, players: int | None = None) -> int:
    m = re.fullmatch(r"[Pp]([1-4])", w.text)
    if not m or (players is not None and int(m.group(1)) > players):
        bound = f"P1 to P{players}" if players else "P1 to P4"
        raise w.fail(f"expected a player, {bound}, not {w.text!r}")
    return int(m.group(1)) - 1


def _colour(w: Word) -> int | None:
    if w.text == NONE:
        return None
    m = re.fullmatch(r"[PpDd]([1-4])", w.text)
    if not m:
        raise w.fail(f"expected a colour (P1 to P4, D3 or D4 for a dummy) or - for an empty slot, not {w.text!r}")
    return int(m.group(1)) - 1


def _action(w: Word) -> Action:
    action = _ACTIONS.get(w.text.lower())
    if action is None:
        raise w.fail(f"expected an order ({', '.join(_ACTIONS)}), not {w.text!r}")
    return action


def _list(w: Word, read: Callable[[Word], T]) -> tuple[T, ...]:
    if w.text == NONE:
        return ()
    return tuple(read(part) for part in _split(w))


def _card(kind: str) -> Callable[[Word], str]:
    known = _CARD_KINDS.get(kind, _ANY_CARD)

    def read(w: Word) -> str:
        key = w.text.lower()
        if key not in known:
            close = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise w.fail(f"expected a {kind if kind in _CARD_KINDS else 'card'} by its key, not {w.text!r}{hint}")
        return key

    return read


def _square(w: Word) -> Square:
    square = parse_square_name(w.text)
    if square is None:
        m = re.fullmatch(r"\[(-?[0-9]{1,3});(-?[0-9]{1,3})\]", w.text)
        if not m:
            raise w.fail(f"expected a square, a column A-E and a row 1-4 (C1 is below the entrance), not {w.text!r}")
        return (int(m.group(1)), int(m.group(2)))
    return square


def _slot(w: Word) -> int | None:
    if w.text.lower() == ON_CARD:
        return None
    if w.text.upper() in SLOT_NAMES:
        return SLOT_NAMES.index(w.text.upper())
    raise w.fail(f"expected a slot, I, II or III (or 'card' for a minion on its order card), not {w.text!r}")


def _item(w: Word, what: str) -> tuple[str, str | None, str | None, dict[str, Word]]:
    """``head[@at][=value][(name[=value],…)]``: the parts and the attributes."""
    m = _ITEM.match(w.text)
    if not m:
        raise w.fail(f"expected {what}, not {w.text!r}")
    attrs_: dict[str, Word] = {}
    if m.group("attrs") is not None:
        inner = w.after(m.start("attrs"), m.group("attrs"))
        for part in _split(inner) if inner.text else []:
            name, _, value = part.text.partition("=")
            if name.lower() in attrs_:
                raise part.fail(f"{name!r} is written twice in the parentheses of {w.text[:40]!r}")
            attrs_[name.lower()] = part.after(len(name) + 1, value) if value else part
    return m.group("head"), m.group("at"), m.group("value"), attrs_


def _only(w: Word, attrs_: dict[str, Word], allowed: Iterable[str], what: str) -> None:
    names = tuple(allowed)
    for name, value in attrs_.items():
        if name not in names:
            raise value.fail(f"{what} takes ({', '.join(names) or 'nothing'}) in parentheses, not {name!r}")


# --- the sections ----------------------------------------------------------------------------


def _adventurer(w: Word) -> Adventurer:
    head, at, value, extra = _item(w, "an adventurer, key(damage=N,poison=N,food=N)")
    if at is not None or value is not None:
        raise w.fail(f"expected an adventurer, key(damage=N,poison=N,food=N), not {w.text!r}")
    _only(w, extra, ("damage", "poison", "food"), "an adventurer")
    key = _card("adventurer")(w.after(0, head))
    amounts = {name: _int(v, name) for name, v in extra.items()}
    return Adventurer(key, **amounts)


def _monster(w: Word) -> Monster:
    head, at, value, extra = _item(w, "a monster, key or key(tired)")
    if at is not None or value is not None:
        raise w.fail(f"expected a monster, key or key(tired), not {w.text!r}")
    _only(w, extra, ("tired",), "a monster")
    return Monster(_card("monster")(w.after(0, head)), ready="tired" not in extra)


def _played(w: Word) -> PlayedOrder:
    head, at, value, extra = _item(w, "a played order, order@slot or order@slot(done|not-done)")
    if at is None or value is not None or len(extra) > 1:
        raise w.fail(f"expected a played order, order@slot with (done) or (not-done) when resolved, such as mine@II(done); not {w.text!r}")
    outcome = _OUTCOMES.get(next(iter(extra), ""))
    if outcome is None:
        raise w.fail(f"a played order's outcome is (done) or (not-done), not {w.text[w.text.index('('):]!r}")
    return PlayedOrder(_action(w.after(0, head)), _slot(w.after(len(head) + 1, at)), outcome)


def _tile(w: Word) -> Tile:
    head, at, value, extra = _item(w, "a dungeon tile, a square (a tunnel) or square=room, (conquered) when conquered")
    if at is not None:
        raise w.fail(f"expected a dungeon tile, such as C1 or B2=chicken-coop(conquered); not {w.text!r}")
    _only(w, extra, ("conquered",), "a tile")
    room = _card("room")(w.after(len(head) + 1, value)) if value is not None else None
    return Tile(_square(w.after(0, head)), room, "conquered" in extra)


def _game(line: Line) -> dict[str, object]:
    if not line.words:
        raise line.fail("game: expected the variant (full or first) first")
    variant = line.words[0]
    if variant.text.lower() not in VARIANTS:
        raise variant.fail(f"expected the variant first, {' or '.join(VARIANTS)}; not {variant.text!r}")
    rest = Line(line.label, line.head, line.words[1:])
    flags = ("no-deal-and-keep", "no-special-events", "dummy-hires", "table-rulings")
    values, on = _pairs(rest, ("year", "round", "phase", "first"), flags)
    for needed in ("year", "round", "phase", "first"):
        if needed not in values:
            raise line.fail(f"game: expected {needed}= (such as 'game: full year=1 round=2 phase=orders first=P1')")
    phase_word = values["phase"]
    phases = {p.value.replace("_", "-"): p for p in Phase}
    phase = phases.get(phase_word.text.lower().replace("_", "-"))
    if phase is None:
        raise phase_word.fail(f"expected a phase ({', '.join(phases)}), not {phase_word.text!r}")
    return {
        "variant": variant.text.lower(), "year": _int(values["year"], "the year", 1), "round": _int(values["round"], "the round", 1),
        "phase": phase, "first_player": _seat(values["first"]),
        "deal_and_keep": "no-deal-and-keep" not in on, "special_events": "no-special-events" not in on,
        "dummy_hires": "dummy-hires" in on, "table_rulings": "table-rulings" in on,
    }  # fmt: skip


def _board(line: Line) -> tuple[tuple[int | None, ...], ...]:
    values, _ = _pairs(line, tuple(_ACTIONS))
    missing = [a for a in _ACTIONS if a not in values]
    if missing:
        raise line.fail(f"board: expected every action space with its 3 slots; {missing[0]}= is missing (such as {missing[0]}=P1,-,-)")
    out = []
    for a in Action:
        slots = tuple(_colour(part) for part in _split(values[a.value]))
        if len(slots) != len(SLOT_NAMES):
            raise values[a.value].fail(f"expected the 3 slots of {a.value} (I, II, III), such as P1,-,-; not {values[a.value].text!r}")
        out.append(slots)
    return tuple(out)


def _single(line: Line, what: str) -> Word:
    if len(line.words) != 1:
        at = line.words[1] if len(line.words) > 1 else None
        message = f"{line.label}: expected {what}" + (f" as one word, without spaces; {at.text!r} is one too many" if at else "")
        raise (at.fail(message) if at else line.fail(message))
    return line.words[0]


def _cards_line(line: Line, kind: str) -> tuple[str, ...]:
    return _list(_single(line, f"{kind}s by key, separated by commas (or -)"), _card(kind))


def _spaced(line: Line, read: Callable[[Word], T]) -> tuple[T, ...]:
    """A line of items separated by spaces (``-`` for none)."""
    if len(line.words) == 1 and line.words[0].text == NONE:
        return ()
    return tuple(read(w) for w in line.words)


def _deck(state: GameState, name: str, word: Word) -> tuple[tuple[str, int], ...]:
    """A deck's unseen cards: ``?`` (the rest of its kind), ``-`` or ``key*N,…``."""
    if word.text == UNKNOWN:
        rest = rest_of(state, name)
        if rest is None:
            raise word.fail(f"decks: {name}=? is the rest of the {name}, but some card is in more places than the game has copies")
        return Deck.of(dict(rest)).unseen
    counts: dict[str, int] = {}
    for part in _split(word) if word.text != NONE else []:
        key, star, n = part.text.partition("*")
        copies = _int(part.after(len(key) + 1, n), "the number of copies", 1) if star else 1
        card = _card(_DECK_KIND[name])(part.after(0, key))
        counts[card] = counts.get(card, 0) + copies
    return Deck.of(counts).unseen


def is_position_text(text: str) -> bool:
    """The text's first line that is not blank or a comment is the header
    (what the reader asks of a position text, however many lines come before)."""
    first = _first_line(text)
    return first > 0 and text.split("\n")[first - 1].split("#", 1)[0].strip().lower() == HEADER


# --- the whole text --------------------------------------------------------------------------


def lines_of(text: str) -> dict[str, Line]:
    """The text's lines after the header, by label (lower case); a text too
    long, without its header, with a line that has no label or a label
    written twice is refused."""
    if not isinstance(text, str):
        raise TypeError(f"a position text is a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionTextError(1, 1, f"the text is {len(text)} characters, more than {MAX_TEXT} (a position is about 2,000)")
    lines = _lines(text)
    if not lines or lines[0].label != HEADER:
        where = lines[0].head if lines else Word("", 1, 1)
        raise where.fail(f"expected the first line '{HEADER}'")
    sections: dict[str, Line] = {}
    for line in lines[1:]:
        if line.label in sections:
            raise line.fail(f"'{line.head.text}:' is written twice (first on line {sections[line.label].head.line})")
        sections[line.label] = line
    return sections


__all__ = ["Line", "PositionTextError", "Word", "is_position_text", "lines_of"]
