"""Building the state from a position text's lines (``dlrules.records.position_text_read``
splits and reads the words; docs/position-text.md gives the grammar)."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from dlrules.components import ACTION_ORDER
from dlrules.records.position_text import BATTLE_FLAGS, PLAYER_FIELDS, UNKNOWN, rest_of
from dlrules.records.position_text_read import (
    Line,
    PositionTextError,
    Word,
    _action,
    _adventurer,
    _board,
    _card,
    _cards_line,
    _deck,
    _game,
    _index,
    _int,
    _list,
    _monster,
    _pairs,
    _played,
    _seat,
    _single,
    _slot,
    _spaced,
    _square,
    _tile,
    lines_of,
)
from dlrules.records.validity import validate
from dlrules.core.state import DECK_NAMES, Battle, Deck, Decks, DummyState, Dungeon, Fight, GameState, Plan, PlayerState, Resolution, Turn, evolve

_TABLE_LINES = {
    "events": "events", "special-event": "special_event", "combat": "combat", "spied": "spied", "tavern": "tavern",
    "room-shop": "room_shop", "adventurers-now": "adventurers_now", "adventurers-next": "adventurers_next",
    "far-lands": "far_lands", "trap-discard": "trap_discard", "box": "box", "paladin": "paladin", "dummy-evil": "dummy_evil",
}  # fmt: skip
_PLAYER_PARTS = ("orders", "dungeon", "lair", "traps", "party", "prison", "rooms-used")
_FIXED = ("game", "board", "decks", "resolution", "turn", "fight", "battle", *_TABLE_LINES)


def _labels_known(sections: dict[str, Line], players: int) -> None:
    known = set(_FIXED)
    for k in range(1, 5):
        known.add(f"d{k}")
        if k <= players:
            known |= {f"p{k}", f"plan p{k}", *(f"p{k} {part}" for part in _PLAYER_PARTS)}
    for label, line in sections.items():
        if label not in known:
            close = difflib.get_close_matches(label, sorted(known), n=1)
            hint = f" (did you mean '{close[0]}:'?)" if close else ""
            m = re.fullmatch(r"(?:plan )?p([0-9]+)(?: .*)?", label)
            if m and int(m.group(1)) > players:
                raise line.fail(f"'{line.head.text}:' is about Player {m.group(1)}, but the players' lines are P1: to P{players}:")
            raise line.fail(f"expected a label such as game:, board:, P1:, P1 dungeon:, decks: … not '{line.head.text}:'{hint}")


def _player(sections: dict[str, Line], seat: int) -> PlayerState:
    k = f"p{seat + 1}"
    main = sections[k]
    names = tuple(w for _, w in PLAYER_FIELDS)
    values, _ = _pairs(main, names)
    for needed in names[:4]:
        if needed not in values:
            raise main.fail(f"{k.upper()}: expected {needed}= (such as '{k.upper()}: gold=3 food=1 imps=3 evil=1')")
    fields: dict[str, Any] = {f: _int(values[w], w) for f, w in PLAYER_FIELDS if w in values}
    orders = sections.get(f"{k} orders")
    if orders is not None:
        ov, _ = _pairs(orders, ("hand", "unavailable", "played", "committed", "dummy-choice", "dealt", "kept"))
        fields["hand"] = _list(ov["hand"], _action) if "hand" in ov else ()
        fields["unavailable"] = _list(ov["unavailable"], _action) if "unavailable" in ov else ()
        if "played" in ov:
            fields["played"] = _list(ov["played"], _played)
        if "committed" in ov:
            fields["committed"] = _list(ov["committed"], _action)
        if "dummy-choice" in ov:
            fields["dummy_choice"] = _action(ov["dummy-choice"])
        if "dealt" in ov:
            fields["dealt"] = _list(ov["dealt"], _action)
        if "kept" in ov:
            fields["kept"] = _list(ov["kept"], _action)
    else:
        fields["hand"], fields["unavailable"] = (), ()
    tiles = sections.get(f"{k} dungeon")
    read_tiles = _spaced(tiles, _tile) if tiles is not None else ()
    fields["dungeon"] = Dungeon(tuple(sorted(read_tiles, key=lambda t: t.square)))
    for part, field, read in (("lair", "monsters", _monster), ("traps", "traps", _hand_trap), ("party", "party", _adventurer),
                              ("prison", "prison", _card("adventurer")), ("rooms-used", "rooms_used", _square)):  # fmt: skip
        line = sections.get(f"{k} {part}")
        if line is not None:
            fields[field] = _spaced(line, read)
    return PlayerState(**fields)


def _hand_trap(w: Word) -> str:
    """A trap card in a hand, or ``?``: a card the table cannot see (``_unseen_traps``)."""
    return UNKNOWN if w.text == UNKNOWN else _card("trap card")(w)


def _unseen_traps(state: GameState, sections: dict[str, Line]) -> GameState:
    """The state with each ``?`` in a hand of trap cards filled: with the
    first cards, in key order, of the trap cards found nowhere else (a hand
    the table cannot see; an answer that depends on which cards they are is
    only as good as this guess, docs/position-text.md)."""
    if not any(UNKNOWN in p.traps for p in state.players):
        return state
    known = evolve(state, players=tuple(evolve(p, traps=tuple(t for t in p.traps if t != UNKNOWN)) for p in state.players))
    rest = rest_of(known, "traps")
    pool = sorted(((rest or Counter()) - _written_traps(state, sections)).elements())
    wanted = sum(p.traps.count(UNKNOWN) for p in state.players)
    if rest is None or len(pool) < wanted:
        line = next(sections[f"p{s + 1} traps"] for s, p in enumerate(state.players) if UNKNOWN in p.traps)
        raise line.fail(f"{wanted} unseen trap cards (?), but only {len(pool)} trap cards are nowhere else")
    players = []
    for p in state.players:
        hand = []
        for t in p.traps:
            hand.append(pool.pop(0) if t == UNKNOWN else t)
        players.append(evolve(p, traps=tuple(hand)))
    return evolve(state, players=tuple(players))


def _written_traps(state: GameState, sections: dict[str, Line]) -> Counter[str]:
    """The trap cards the ``decks:`` line writes out (``traps=`` card by card
    and ``traps-bottom=``): a ``?`` in a hand is none of them."""
    words = _deck_words(sections)
    written: Counter[str] = Counter()
    if "traps" in words and words["traps"].text != UNKNOWN:
        written.update(dict(_deck(state, "traps", words["traps"])))
    if "traps-bottom" in words:
        written.update(_list(words["traps-bottom"], _card("trap card")))
    return written


def _deck_words(sections: dict[str, Line]) -> dict[str, Word]:
    """The words of the ``decks:`` line by name (none when it is left out)."""
    line = sections.get("decks")
    names = tuple(n.replace("_", "-") for n in DECK_NAMES)
    return _pairs(line, names + tuple(f"{n}-bottom" for n in names))[0] if line is not None else {}


def _dummies(sections: dict[str, Line], players: int) -> tuple[DummyState, ...]:
    out = []
    for label, line in sections.items():
        m = re.fullmatch(r"d([1-4])", label)
        if not m:
            continue
        colour = int(m.group(1)) - 1
        if colour < players:
            raise line.fail(f"'{label.upper()}:' is a player's colour in a {players}-player game; the dummies are D{players + 1} to D4")
        values, _ = _pairs(line, ("unavailable", "responsible", "drawn", "third"))
        out.append(DummyState(
            colour,
            _list(values["unavailable"], _action) if "unavailable" in values else (),
            _seat(values["responsible"], players) if "responsible" in values else None,
            _list(values["drawn"], _action) if "drawn" in values else (),
            _action(values["third"]) if "third" in values else None,
        ))  # fmt: skip
    return tuple(out)


def _table(sections: dict[str, Line], players: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for label, field in _TABLE_LINES.items():
        line = sections.get(label)
        if line is None:
            continue
        if field == "events":
            out[field] = tuple(None if w.text == "-" else _card("event")(w) for w in _fixed(line, 4, "the 4 rounds' event tiles (- for one not yet out)"))
        elif field == "combat":
            out[field] = tuple(None if w.text == "?" else _card("combat card")(w) for w in _fixed(line, 4, "the 4 combat cards (? for one face down)"))
        elif field == "special_event":
            w = _single(line, "the special event card's key (or -)")
            out[field] = None if w.text == "-" else _card("special event")(w)
        elif field == "spied":
            values, _ = _pairs(line, tuple(f"p{k}" for k in range(1, players + 1)))
            out[field] = tuple(_list(values[f"p{k}"], lambda w: _index(w, "a combat card")) if f"p{k}" in values else () for k in range(1, players + 1))
        elif field == "paladin":
            w = _single(line, "the player the paladin attacks (or -)")
            out[field] = None if w.text == "-" else _seat(w, players)
        elif field == "dummy_evil":
            out[field] = _int(_single(line, "the dummy evil marker's place"), "the dummy's evil")
        else:
            kind = {"tavern": "monster", "room_shop": "room", "adventurers_now": "adventurer", "adventurers_next": "adventurer",
                    "trap_discard": "trap card"}.get(field, "card")  # fmt: skip
            out[field] = _cards_line(line, kind)
    return out


def _fixed(line: Line, n: int, what: str) -> list[Word]:
    parts = _list(_single(line, what + ", separated by commas"), lambda w: w)
    if len(parts) != n:
        raise line.words[0].fail(f"{line.label}: expected {what}, {n} separated by commas; found {len(parts)}")
    return list(parts)


def _resolution(line: Line) -> Resolution:
    v, flags = _pairs(line, ("space", "slot", "dug", "draws", "spy"), ("discarding",))
    if "space" not in v or "slot" not in v:
        raise line.fail("resolution: expected space= and slot= (such as 'resolution: space=dig slot=II')")
    sw = v["space"]
    space = len(ACTION_ORDER) if sw.text.lower() == "end" else ACTION_ORDER.index(_action(sw))
    slot = _slot(v["slot"])
    if slot is None:
        raise v["slot"].fail("expected the slot acting now, I, II or III")
    return Resolution(
        space, slot, _int(v["dug"], "dug") if "dug" in v else 0, _int(v["draws"], "draws") if "draws" in v else 0,
        _index(v["spy"], "the combat card spied") if "spy" in v else None, "discarding" in flags,
    )  # fmt: skip


def _turn(line: Line) -> Turn:
    v, _ = _pairs(line, ("position", "step", "draws", "dismissed", "settled"))
    if "position" not in v:
        raise line.fail("turn: expected position= (the acting player's place in player order, from 1)")
    settled = _list(v["settled"], lambda w: _index(w, "a monster")) if "settled" in v else ()
    return Turn(
        _index(v["position"], "the position"), _index(v["step"], "the step") if "step" in v else 0,
        _int(v["draws"], "draws") if "draws" in v else 0, _int(v["dismissed"], "dismissed") if "dismissed" in v else 0, settled,
    )  # fmt: skip


def _monsters(w: Word) -> tuple[int, ...]:
    return _list(w, lambda p: _index(p, "a monster"))


def _fight(sections: dict[str, Line], players: int) -> Fight:
    line = sections["fight"]
    v, flags = _pairs(line, ("round", "stage", "position", "plans", "paladin"), ("paladin-gone",))
    if "round" not in v or "stage" not in v:
        raise line.fail("fight: expected round= and stage= (such as 'fight: round=1 stage=plan position=1')")
    count = _int(v["plans"], "the number of plans") if "plans" in v else 0
    if count > players:  # one plan a player (LIB-IN-4: bounded before anything is built from it)
        raise v["plans"].fail(f"expected plans= of at most {players}, one a player, not {count}")
    plans: list[Plan | None] = [None] * count
    for k in range(players):
        pl = sections.get(f"plan p{k + 1}")
        if pl is None:
            continue
        if k >= count:
            raise pl.fail(f"'plan P{k + 1}:' needs plans={k + 1} or more on the fight: line")
        pv, _ = _pairs(pl, ("tile", "traps", "monsters", "gold"))
        if "tile" not in pv:
            raise pl.fail("a plan needs tile= (the battle tile, such as tile=B2)")
        plans[k] = Plan(_square(pv["tile"]), _list(pv["traps"], _card("trap card")) if "traps" in pv else (),
                        _monsters(pv["monsters"]) if "monsters" in pv else (), _int(pv["gold"], "gold") if "gold" in pv else 0)  # fmt: skip
    battle = None
    if "battle" in sections:
        battle = _battle(sections["battle"], players)
    stage = v["stage"].text.lower()
    if not re.fullmatch(r"[a-z]{1,20}", stage):
        raise v["stage"].fail(f"expected the fight's stage (plan, reveal, battle, over), not {v['stage'].text!r}")
    return Fight(
        _int(v["round"], "the combat round", 1), stage, _index(v["position"], "the position") if "position" in v else 0,
        tuple(plans), battle, _adventurer(v["paladin"]) if "paladin" in v else None, "paladin-gone" in flags,
    )  # fmt: skip


def _battle(line: Line, players: int) -> Battle:
    if not line.words:
        raise line.fail("battle: expected the defender first, such as 'battle: P2 step=trap'")
    seat = _seat(line.words[0], players)
    rest = Line(line.label, line.head, line.words[1:])
    v, flags = _pairs(rest, ("step", "traps", "aiming", "sent", "choosing", "icons-used", "asking", "shield"), tuple(w for _, w in BATTLE_FLAGS))
    fields: dict[str, Any] = {f: w in flags for f, w in BATTLE_FLAGS}
    if "step" in v:
        step = v["step"].text.lower()
        if not re.fullmatch(r"[a-z]{1,20}", step):
            raise v["step"].fail(f"expected the battle's step (trap, fast, monsters, slow, heal), not {v['step'].text!r}")
        fields["step"] = step
    if "traps" in v:
        fields["traps"] = _list(v["traps"], _card("trap card"))
    for name in ("aiming", "choosing"):  # a trap, a monster or a spell card, or "table" (LIB-TAB-8: the table rules on it)
        if name in v:
            w = v[name]
            if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,40}", w.text):
                raise w.fail(f"expected the key of the card {name} (such as {'poisoned-dart' if name == 'aiming' else 'metamorphosis'}), not {w.text!r}")
            fields[name] = w.text
    for name, field in (("sent", "sent"), ("asking", "asking")):
        if name in v:
            fields[field] = _monsters(v[name])
    for name, field in (("icons-used", "icons_used"), ("shield", "shield")):
        if name in v:
            fields[field] = _int(v[name], name)
    return Battle(seat, **fields)


def _decks(sections: dict[str, Line], state: GameState) -> Decks:
    line = sections.get("decks")
    v = _deck_words(sections)
    bottoms = {n: (_list(v[f"{n}-bottom"], _card(_KIND[n])) if f"{n}-bottom" in v else ()) for n in DECK_NAMES}
    state = evolve(state, decks=Decks(**{n: Deck((), bottoms[n]) for n in DECK_NAMES}))
    decks = {}
    for n in DECK_NAMES:
        word = v.get(n) if line is not None else None
        if word is None:
            word = Word("?", line.head.line if line is not None else 1, 1)
        decks[n] = Deck(_deck(state, n, word), bottoms[n])
    return Decks(**decks)


_KIND = {"monsters": "monster", "rooms": "room", "traps": "trap card", "adventurers": "adventurer",
         "events": "event", "combat": "combat card", "special": "special event"}  # fmt: skip


def _where(sections: dict[str, Line], game: Line) -> Callable[[str], Line]:
    """The line a ``validate`` path is about (``$.players[1].dungeon`` is ``P2 dungeon:``)."""
    parts = {"monsters": "lair", "traps": "traps", "dungeon": "dungeon", "party": "party", "prison": "prison", "rooms_used": "rooms-used"}

    def where(path: str) -> Line:
        m = re.match(r"\$\.players\[([0-9]+)\](?:\.([a-z_]+))?", path)
        if m:
            k = f"p{int(m.group(1)) + 1}"
            field = m.group(2) or ""
            part = parts.get(field, "orders" if field in ("hand", "unavailable", "played", "committed", "dealt", "kept", "dummy_choice") else "")
            return sections.get(f"{k} {part}") or sections.get(k) or game
        m = re.match(r"\$\.([a-z_]+)", path)
        label = m.group(1).replace("_", "-") if m else "game"
        if label == "dummies":
            return next((line for lab, line in sections.items() if re.fullmatch(r"d[1-4]", lab)), game)
        return sections.get(label) or sections.get("board" if label == "board" else "game") or game

    return where


def build(sections: dict[str, Line]) -> tuple[GameState, Callable[[str], Line]]:
    """The state the sections describe (not yet checked by ``validate``), and
    a function giving the line a ``validate`` path is about."""
    if "game" not in sections:
        raise PositionTextError(2, 1, "expected the game: line second (such as 'game: full year=1 round=2 phase=orders first=P1')")
    game = _game(sections["game"])
    seats = sorted(int(m.group(1)) for label in sections if (m := re.fullmatch(r"p([0-9]+)", label)))
    players = len(seats)
    if seats and seats[-1] > 4:  # the box seats 2 to 4 players (new_game refuses others too)
        raise sections[f"p{seats[-1]}"].fail(f"a game has 2 to 4 players, P1: to P4:; not 'P{seats[-1]}:'")
    if players < 2 or seats != list(range(1, players + 1)):
        missing = next((k for k in range(1, 5) if k not in seats), 1)
        raise sections["game"].fail(f"expected a line for each player, P1: to P2:, P3: or P4:; P{missing}: is missing")
    _labels_known(sections, players)
    if "board" not in sections:
        raise sections["game"].fail("expected a board: line with the 8 action spaces (such as 'board: food=P1,-,- reputation=-,-,- …')")
    first = game["first_player"]
    if isinstance(first, int) and first >= players:
        raise sections["game"].fail(f"first=P{first + 1}: this is a {players}-player game")
    empty = Decks(*(Deck(()) for _ in DECK_NAMES))
    state = GameState(
        players=tuple(_player(sections, s) for s in range(players)), dummies=_dummies(sections, players), board=_board(sections["board"]),
        decks=empty, **game, **_table(sections, players),  # type: ignore[arg-type]
    )  # fmt: skip
    changes: dict[str, Any] = {}
    if "resolution" in sections:
        changes["resolution"] = _resolution(sections["resolution"])
    if "turn" in sections:
        changes["turn"] = _turn(sections["turn"])
    if "fight" in sections:
        changes["fight"] = _fight(sections, players)
    elif "battle" in sections or any(label.startswith("plan ") for label in sections):
        line = sections.get("battle") or next(v for k, v in sections.items() if k.startswith("plan "))
        raise line.fail(f"'{line.head.text}:' needs a fight: line (such as 'fight: round=1 stage=plan position=1')")
    state = _unseen_traps(evolve(state, **changes), sections)
    state = evolve(state, decks=_decks(sections, state))
    return state, _where(sections, sections["game"])


def read_position_text(text: str, *, checked: bool = True) -> GameState:
    """The position written in ``text`` (``dlrules.records.position_text``'s grammar,
    docs/position-text.md). A malformed text raises ``PositionTextError``
    naming the line, the column and what was expected; an impossible position
    (``checked``, the default) raises it with ``dlrules.validate``'s field
    path and reason, at the line that holds the field."""
    sections = lines_of(text)
    state, line_of = build(sections)
    if checked:
        problems = validate(state)
        if problems:
            line = line_of(problems[0].path)
            more = f" ({len(problems) - 1} more problems)" if len(problems) > 1 else ""
            raise line.fail(f"not a possible position: {problems[0]}{more}")
    return state


__all__ = ["build", "read_position_text"]
