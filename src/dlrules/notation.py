"""A short text notation for moves (docs/notation.md).

One move is one line of words separated by spaces: who moves (``P1`` … ``P4``
for the players, ``chance`` for chance), a verb, then the move's values::

    P1 orders mine,food,dig
    P2 orders room,food,monster dummy=imps
    chance draw monsters goblin
    chance deal P2 food,mine,traps
    P1 dig D2
    P1 decline

The notation is position-independent: the text of a move depends on the move
alone, and ``parse_move(format_move(m)) == m`` for every move. Orders are
written by their keys (``food``, ``reputation``, ``dig``, ``mine``, ``imps``,
``traps``, ``monster``, ``room``), cards by their keys (``goblin``,
``chicken-coop``). Numbers are for people and count from 1 (LIB-TV-2): seats
``P1``.., combat cards 1..4, monsters in a lair 1.., squares as column letter
and row number (``C1`` is the square below the entrance; ``[row,column]`` in
brackets gives the JSON numbers instead). A move class without a verb of its
own (added after this module) is written generically, with its values as in
the JSON: ``P1 <ClassName> field=value …``.
Malformed text raises ``ValueError`` saying what is wrong.
"""

from __future__ import annotations

import contextvars
import re
import types
import typing
from collections.abc import Callable
from typing import Any

import attrs

from dlrules.components import Action
from dlrules.limits import excerpt
from dlrules.moves import (
    MOVE_TYPES,
    ActivateRoom,
    Attack,
    ChooseTrap,
    DiscardTrap,
    PlanDefence,
    ReleasePrisoner,
    Target,
    Transform,
    WordOfPeace,
    BuildRoom,
    ChooseOrders,
    DealOrders,
    Decline,
    DigTunnel,
    Draw,
    DrawDummyOrders,
    FinishDigging,
    FinishProduction,
    HireMonster,
    KeepUnavailable,
    MineGold,
    Move,
    PayMonster,
    PayTaxes,
    ReturnOrder,
    Spy,
    TakeAction,
    TableRuling,
    WitchHunt,
)
from dlrules.dungeon import in_grid, parse_square_name, square_name
from dlrules.notation_table import format_ruling, parse_ruling
from dlrules.state import CHANCE, DECK_NAMES, Square

_from_zero: contextvars.ContextVar[bool] = contextvars.ContextVar("dlrules_notation_from_zero", default=False)
"""Reading the notation of records written before LIB-TV-2 (squares as bare
``row,column`` and positions and indices from 0): ``parse_legacy_move``."""

_ACTIONS = {a.value: a for a in Action}
_KEY = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


# --- words ------------------------------------------------------------------------------


def _seat_word(seat: int) -> str:
    return "chance" if seat == CHANCE else f"P{seat + 1}"


def _colour_word(colour: int, players: int | None, dummy: bool = False) -> str:
    """``P<k>`` for a player's colour, ``D<k>`` for a dummy's (``k`` from 1)."""
    is_dummy = dummy or (players is not None and colour >= players)
    return f"{'D' if is_dummy else 'P'}{colour + 1}"


def _parse_seat(word: str, text: str) -> int:
    if word.lower() == "chance":
        return CHANCE
    m = re.fullmatch(r"[Pp]([1-9][0-9]*)", word)
    if not m:
        raise ValueError(f"{text!r}: a move starts with who moves, P1..P4 or 'chance', not {word!r}")
    return int(m.group(1)) - 1


def _parse_colour(word: str, text: str) -> int:
    m = re.fullmatch(r"[PpDd]([1-9][0-9]*)", word)
    if not m:
        raise ValueError(f"{text!r}: expected a colour, P1..P4 (a player) or D1..D4 (a dummy), not {word!r}")
    return int(m.group(1)) - 1


def _parse_action(word: str, text: str) -> Action:
    action = _ACTIONS.get(word.lower())
    if action is None:
        raise ValueError(f"{text!r}: {word!r} is not an order; orders are {', '.join(_ACTIONS)}")
    return action


def _parse_actions(word: str, text: str) -> tuple[Action, ...]:
    return tuple(_parse_action(w, text) for w in word.split(",")) if word else ()


def _actions_word(actions: tuple[Action, ...]) -> str:
    return ",".join(a.value for a in actions)


def _parse_int(word: str, text: str, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]+", word):
        raise ValueError(f"{text!r}: {what} must be a whole number, not {word!r}")
    return int(word)


def _parse_square(word: str, text: str) -> Square:
    """``C1`` (column letter, row number from the surface), or ``[row,column]``
    with the JSON numbers (LIB-TV-2)."""
    named = parse_square_name(word)
    if named is not None:
        return named
    pattern = r"([0-9]+),([0-9]+)" if _from_zero.get() else r"\[(-?[0-9]+),(-?[0-9]+)\]"
    m = re.fullmatch(pattern, word)
    if not m:
        raise ValueError(
            f"{text!r}: a square is a column letter A-E and a row number 1-4 (e.g. C1, below the entrance), "
            f"or [row,column] with the JSON numbers; not {word!r}"
        )
    return (int(m.group(1)), int(m.group(2)))


def _square_word(square: Square) -> str:
    if in_grid(square):
        return square_name(square)
    return f"[{square[0]},{square[1]}]"


def _number_word(index: int) -> str:
    """A position or index (from 0 in the JSON) for people: from 1 (LIB-TV-2)."""
    return str(index + 1)


def _parse_number(word: str, text: str, what: str) -> int:
    """A number people count from 1, as the JSON index from 0 (LIB-TV-2)."""
    value = _parse_int(word, text, what)
    return value if _from_zero.get() else value - 1


def _parse_key(word: str, text: str, what: str) -> str:
    if not _KEY.fullmatch(word):
        raise ValueError(f"{text!r}: {word!r} is not a {what} key (lower-case letters, digits and '-')")
    return word


def _options(words: list[str], allowed: set[str], text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for word in words:
        name, eq, value = word.partition("=")
        if not eq or name not in allowed:
            names = ", ".join(f"{a}=…" for a in sorted(allowed)) or "none"
            raise ValueError(f"{text!r}: unexpected {word!r} (options here: {names})")
        if name in found:
            raise ValueError(f"{text!r}: {name}= given twice")
        found[name] = value
    return found


def _arity(words: list[str], n: int, text: str, usage: str) -> None:
    if len(words) != n:
        raise ValueError(f"{text!r}: expected {usage}")


# --- formatting -------------------------------------------------------------------------


_KNOWN_FIELDS: dict[type, frozenset[str]] = {
    cls: frozenset(names.split())
    for cls, names in {
        DealOrders: "seat target orders",
        DrawDummyOrders: "seat colour orders",
        Draw: "seat deck card",
        KeepUnavailable: "seat orders",
        ChooseOrders: "seat orders dummy_order",
        TakeAction: "seat",
        Decline: "seat",
        Spy: "seat position",
        DigTunnel: "seat square",
        FinishDigging: "seat",
        MineGold: "seat imps",
        HireMonster: "seat monster dismiss trap",
        BuildRoom: "seat room square",
        ActivateRoom: "seat room trolls target",
        FinishProduction: "seat",
        ReturnOrder: "seat action",
        PayMonster: "seat monster pay trap feed",
        PayTaxes: "seat gold",
        PlanDefence: "seat tile traps monsters",
        ReleasePrisoner: "seat prisoner",
        ChooseTrap: "seat trap",
        Target: "seat adventurer",
        Attack: "seat monster option target",
        WordOfPeace: "seat withdraw",
        DiscardTrap: "seat trap",
        Transform: "seat monster",
        WitchHunt: "seat monster",
    }.items()
}
"""The fields each verb writes; a field added to a move class later is
written after the verb's words as ``name=value`` (when not its default)."""


def _extra_fields(cls: type) -> tuple[Any, ...]:
    known = _KNOWN_FIELDS.get(cls, frozenset())
    return tuple(f for f in attrs.fields(cls) if f.name not in known)


def format_seen_move(move: Move, *, players: int | None = None) -> str:
    """The notation of a move as one seat may know it (``views.project_move``):
    ``format_move``, with ``?`` for what is hidden (orders chosen, kept or
    dealt in secret, the position of a spy's look; the placeholder ``"?"``
    of a card reads ``?`` already). For people: it does not parse back."""
    if isinstance(move, (ChooseOrders, KeepUnavailable, DealOrders)) and not move.orders:
        return format_move(move, players=players).rstrip() + " ?"
    if isinstance(move, Spy) and move.position < 0:
        return f"{_seat_word(move.seat)} spy ?"
    return format_move(move, players=players)


def format_move(move: Move, *, players: int | None = None) -> str:
    """The notation of ``move``. ``players`` (optional) only chooses the label
    of a dealt colour: ``D3`` rather than ``P3`` for a dummy (RUL-8); both
    parse to the same move."""
    if isinstance(move, TableRuling):  # LIB-TAB-8: its own small grammar
        return format_ruling(move)
    cls = type(move)
    extras = _extra_fields(cls)
    if cls not in _KNOWN_FIELDS or any(f.default is attrs.NOTHING for f in extras):
        return _format_generic(move)
    text = _format_known(move, players)
    for field in extras:
        value = getattr(move, field.name)
        if value != field.default:
            text += f" {field.name}={_encode(value)}"
    return text


def _format_known(move: Move, players: int | None) -> str:
    who = _seat_word(move.seat)
    if isinstance(move, DealOrders):
        return f"{who} deal {_colour_word(move.target, players)} {_actions_word(move.orders)}"
    if isinstance(move, DrawDummyOrders):
        return f"{who} dummy {_colour_word(move.colour, players, dummy=True)} {_actions_word(move.orders)}"
    if isinstance(move, Draw):
        return f"{who} draw {move.deck} {move.card}"
    if isinstance(move, KeepUnavailable):
        return f"{who} keep {_actions_word(move.orders)}"
    if isinstance(move, ChooseOrders):
        extra = f" dummy={move.dummy_order.value}" if move.dummy_order is not None else ""
        return f"{who} orders {_actions_word(move.orders)}{extra}"
    if isinstance(move, TakeAction):
        return f"{who} take"
    if isinstance(move, Decline):
        return f"{who} decline"
    if isinstance(move, Spy):
        return f"{who} spy {_number_word(move.position)}"
    if isinstance(move, DigTunnel):
        return f"{who} dig {_square_word(move.square)}"
    if isinstance(move, FinishDigging):
        return f"{who} finish dig"
    if isinstance(move, MineGold):
        return f"{who} mine {move.imps}"
    if isinstance(move, HireMonster):
        extra = f" dismiss={_number_word(move.dismiss)}" if move.dismiss is not None else ""
        extra += f" trap={move.trap}" if move.trap is not None else ""
        return f"{who} hire {move.monster}{extra}"
    if isinstance(move, BuildRoom):
        return f"{who} build {move.room} {_square_word(move.square)}"
    if isinstance(move, ActivateRoom):
        extra = f" trolls={move.trolls}" if move.trolls else ""
        extra += f" target={_square_word(move.target)}" if move.target is not None else ""
        return f"{who} activate {_square_word(move.room)}{extra}"
    if isinstance(move, FinishProduction):
        return f"{who} finish production"
    if isinstance(move, ReturnOrder):
        return f"{who} return {move.action.value}"
    if isinstance(move, PayMonster):
        extra = f" trap={move.trap}" if move.trap is not None else ""
        extra += f" feed={_number_word(move.feed)}" if move.feed is not None else ""
        return f"{who} payday {_number_word(move.monster)} {'pay' if move.pay else 'release'}{extra}"
    if isinstance(move, PayTaxes):
        return f"{who} taxes {move.gold}"
    return _format_combat(who, move)


def _format_combat(who: str, move: Move) -> str:
    if isinstance(move, PlanDefence):
        extra = f" traps={','.join(move.traps)}" if move.traps else ""
        extra += f" monsters={','.join(map(_number_word, move.monsters))}" if move.monsters else ""
        return f"{who} plan {_square_word(move.tile)}{extra}"
    if isinstance(move, ReleasePrisoner):
        return f"{who} release {_number_word(move.prisoner)}"
    if isinstance(move, ChooseTrap):
        return f"{who} first-trap {move.trap}"
    if isinstance(move, Target):
        return f"{who} target {_number_word(move.adventurer)}"
    if isinstance(move, Attack):
        extra = f" target={_number_word(move.target)}" if move.target is not None else ""
        return f"{who} attack {_number_word(move.monster)} {_number_word(move.option)}{extra}"
    if isinstance(move, WordOfPeace):
        return f"{who} peace {'withdraw' if move.withdraw else 'evil'}"
    if isinstance(move, DiscardTrap):
        return f"{who} discard-trap {move.trap}"
    if isinstance(move, Transform):
        return f"{who} transform {_number_word(move.monster)}"
    if isinstance(move, WitchHunt):
        return f"{who} witch-hunt {'evil' if move.monster is None else _number_word(move.monster)}"
    raise AssertionError(f"{type(move).__name__} has no verb")  # pragma: no cover - guarded by _KNOWN_FIELDS


# --- parsing ----------------------------------------------------------------------------

_Parser = Callable[[int, list[str], str], Move]


def _p_deal(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 2, text, "'chance deal P<k> <order>,<order>,<order>'")
    return DealOrders(_parse_colour(w[0], text), _parse_actions(w[1], text), seat)


def _p_dummy(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 2, text, "'chance dummy D<k> <order>,<order>'")
    return DrawDummyOrders(_parse_colour(w[0], text), _parse_actions(w[1], text), seat)


def _p_draw(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 2, text, "'chance draw <deck> <card>'")
    if w[0] not in DECK_NAMES:
        raise ValueError(f"{text!r}: {w[0]!r} is not a deck; decks are {', '.join(DECK_NAMES)}")
    return Draw(w[0], _parse_key(w[1], text, "card"), seat)


def _p_keep(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> keep <order>,<order>'")
    return KeepUnavailable(seat, _parse_actions(w[0], text))


def _p_orders(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> orders <first>,<second>,<third> [dummy=<order>]'")
    opts = _options(w[1:], {"dummy"}, text)
    dummy = _parse_action(opts["dummy"], text) if "dummy" in opts else None
    return ChooseOrders(seat, _parse_actions(w[0], text), dummy)


def _p_take(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 0, text, "'P<k> take' with nothing after it")
    return TakeAction(seat)


def _p_decline(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 0, text, "'P<k> decline' with nothing after it")
    return Decline(seat)


def _p_spy(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> spy <combat card 1-4>'")
    return Spy(seat, _parse_number(w[0], text, "the combat card"))


def _p_dig(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> dig <square>' (e.g. C2)")
    return DigTunnel(seat, _parse_square(w[0], text))


def _p_finish(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> finish dig' or 'P<k> finish production'")
    if w[0] == "dig":
        return FinishDigging(seat)
    if w[0] == "production":
        return FinishProduction(seat)
    raise ValueError(f"{text!r}: finish what? 'finish dig' or 'finish production', not {w[0]!r}")


def _p_mine(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> mine <imps>'")
    return MineGold(seat, _parse_int(w[0], text, "the number of imps"))


def _p_hire(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> hire <monster> [dismiss=<monster number>] [trap=<trap>]'")
    opts = _options(w[1:], {"dismiss", "trap"}, text)
    dismiss = _parse_number(opts["dismiss"], text, "dismiss") if "dismiss" in opts else None
    trap = _parse_key(opts["trap"], text, "trap") if "trap" in opts else None
    return HireMonster(seat, _parse_key(w[0], text, "monster"), dismiss, trap)


def _p_build(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 2, text, "'P<k> build <room> <square>' (e.g. B2)")
    return BuildRoom(seat, _parse_key(w[0], text, "room"), _parse_square(w[1], text))


def _p_activate(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> activate <square> [trolls=<n>] [target=<square>]'")
    opts = _options(w[1:], {"trolls", "target"}, text)
    trolls = _parse_int(opts["trolls"], text, "trolls") if "trolls" in opts else 0
    target = _parse_square(opts["target"], text) if "target" in opts else None
    return ActivateRoom(seat, _parse_square(w[0], text), trolls, target)


def _p_return(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> return <order>'")
    return ReturnOrder(seat, _parse_action(w[0], text))


def _p_payday(seat: int, w: list[str], text: str) -> Move:
    usage = "'P<k> payday <monster number> pay|release [trap=<trap>] [feed=<monster number>]'"
    if len(w) < 2:
        raise ValueError(f"{text!r}: expected {usage}")
    if w[1] not in ("pay", "release"):
        raise ValueError(f"{text!r}: payday says 'pay' or 'release' after the monster number, not {w[1]!r}")
    opts = _options(w[2:], {"trap", "feed"}, text)
    trap = _parse_key(opts["trap"], text, "trap") if "trap" in opts else None
    feed = _parse_number(opts["feed"], text, "the monster fed") if "feed" in opts else None
    return PayMonster(seat, _parse_number(w[0], text, "the monster number"), w[1] == "pay", trap, feed)


def _p_taxes(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> taxes <gold>'")
    return PayTaxes(seat, _parse_int(w[0], text, "the gold paid"))


def _p_discard_trap(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> discard-trap <trap>'")
    return DiscardTrap(seat, _parse_key(w[0], text, "trap"))


def _p_plan(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> plan <square> [traps=<trap>,…] [monsters=<monster number>,…]'")
    opts = _options(w[1:], {"traps", "monsters"}, text)
    traps = tuple(_parse_key(t, text, "trap") for t in opts["traps"].split(",")) if opts.get("traps") else ()
    monsters = tuple(_parse_number(i, text, "a monster number") for i in opts["monsters"].split(",")) if opts.get("monsters") else ()
    return PlanDefence(seat, _parse_square(w[0], text), traps, monsters)


def _p_release(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> release <prisoner number>'")
    return ReleasePrisoner(seat, _parse_number(w[0], text, "the prisoner number"))


def _p_first_trap(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> first-trap <trap>'")
    return ChooseTrap(seat, _parse_key(w[0], text, "trap"))


def _p_target(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> target <adventurer number>'")
    return Target(seat, _parse_number(w[0], text, "the adventurer number"))


def _p_attack(seat: int, w: list[str], text: str) -> Move:
    if len(w) < 2:
        raise ValueError(f"{text!r}: expected 'P<k> attack <monster number> <option 1|2> [target=<adventurer number>]'")
    opts = _options(w[2:], {"target"}, text)
    target = _parse_number(opts["target"], text, "target") if "target" in opts else None
    monster = _parse_number(w[0], text, "the monster number")
    return Attack(seat, monster, _parse_number(w[1], text, "the option"), target)


def _p_peace(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> peace withdraw|evil'")
    if w[0] not in ("withdraw", "evil"):
        raise ValueError(f"{text!r}: peace is 'withdraw' or 'evil', not {w[0]!r}")
    return WordOfPeace(seat, w[0] == "withdraw")


def _p_transform(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> transform <monster number>'")
    return Transform(seat, _parse_number(w[0], text, "the monster number"))


def _p_witch_hunt(seat: int, w: list[str], text: str) -> Move:
    _arity(w, 1, text, "'P<k> witch-hunt <monster number>|evil'")
    return WitchHunt(seat, None if w[0] == "evil" else _parse_number(w[0], text, "the monster number"))


_VERBS: dict[str, tuple[_Parser, bool]] = {
    # verb: (parser, made by chance)
    "deal": (_p_deal, True),
    "dummy": (_p_dummy, True),
    "draw": (_p_draw, True),
    "keep": (_p_keep, False),
    "orders": (_p_orders, False),
    "take": (_p_take, False),
    "decline": (_p_decline, False),
    "spy": (_p_spy, False),
    "dig": (_p_dig, False),
    "finish": (_p_finish, False),
    "mine": (_p_mine, False),
    "hire": (_p_hire, False),
    "build": (_p_build, False),
    "activate": (_p_activate, False),
    "return": (_p_return, False),
    "payday": (_p_payday, False),
    "taxes": (_p_taxes, False),
    "plan": (_p_plan, False),
    "release": (_p_release, False),
    "first-trap": (_p_first_trap, False),
    "target": (_p_target, False),
    "attack": (_p_attack, False),
    "peace": (_p_peace, False),
    "discard-trap": (_p_discard_trap, False),
    "transform": (_p_transform, False),
    "witch-hunt": (_p_witch_hunt, False),
}

_VERB_CLASSES: dict[str, tuple[type, ...]] = {
    "deal": (DealOrders,),
    "dummy": (DrawDummyOrders,),
    "draw": (Draw,),
    "keep": (KeepUnavailable,),
    "orders": (ChooseOrders,),
    "take": (TakeAction,),
    "decline": (Decline,),
    "spy": (Spy,),
    "dig": (DigTunnel,),
    "finish": (FinishDigging, FinishProduction),
    "mine": (MineGold,),
    "hire": (HireMonster,),
    "build": (BuildRoom,),
    "activate": (ActivateRoom,),
    "return": (ReturnOrder,),
    "payday": (PayMonster,),
    "taxes": (PayTaxes,),
    "plan": (PlanDefence,),
    "release": (ReleasePrisoner,),
    "first-trap": (ChooseTrap,),
    "target": (Target,),
    "attack": (Attack,),
    "peace": (WordOfPeace,),
    "discard-trap": (DiscardTrap,),
    "transform": (Transform,),
    "witch-hunt": (WitchHunt,),
}

_CLASSES: dict[str, type] = {cls.__name__: cls for cls in MOVE_TYPES}

MAX_NOTATION = 200
"""The longest notation ``parse_move`` reads (the longest move written is
far shorter); longer text is refused, quoting only an excerpt."""


def parse_legacy_move(text: str) -> Move:
    """``parse_move`` for the notation written before LIB-TV-2: squares as
    bare ``row,column`` and positions and indices from 0, as in the JSON
    (records of dlrules 0.1.0 carry it; records.py reads them with this)."""
    token = _from_zero.set(True)
    try:
        return parse_move(text)
    finally:
        _from_zero.reset(token)


def parse_move(text: str) -> Move:
    """The move written as ``text`` (see the module docstring); ``ValueError``
    with the reason for malformed text. Legality is not checked here."""
    if not isinstance(text, str):
        raise ValueError(f"a move's notation is text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION:
        raise ValueError(f"{excerpt(text)}: a move's notation is at most {MAX_NOTATION} characters")
    words = text.split()
    if words and words[0].lower() == "table":
        return parse_ruling(text)  # LIB-TAB-8
    if len(words) < 2:
        raise ValueError(f"{text!r}: a move is '<who> <verb> …' (e.g. 'P1 decline')")
    seat = _parse_seat(words[0], text)
    verb = words[1]
    if verb in _CLASSES:
        return _parse_generic(_CLASSES[verb], seat, words[2:], text)
    entry = _VERBS.get(verb.lower())
    if entry is None:
        raise ValueError(f"{text!r}: unknown verb {verb!r}; verbs are {', '.join(_VERBS)}")
    parser, by_chance = entry
    if by_chance != (seat == CHANCE):
        who = "chance" if by_chance else "a player (P1..P4)"
        raise ValueError(f"{text!r}: '{verb}' is a move made by {who}")
    classes = _VERB_CLASSES[verb.lower()]
    extra_names = {f.name for cls in classes for f in _extra_fields(cls)}
    rest = [w for w in words[2:] if w.partition("=")[0] not in extra_names or "=" not in w]
    extra_words = [w for w in words[2:] if w not in rest]
    try:
        move = parser(seat, rest, text)
    except TypeError as exc:  # a field added to the class and not given
        raise ValueError(f"{text!r}: {exc}") from exc
    if not extra_words:
        return move
    hints = typing.get_type_hints(type(move))
    own = {f.name for f in _extra_fields(type(move))}
    opts = _options(extra_words, own, text)
    return attrs.evolve(move, **{k: _decode(v, hints[k], text, k) for k, v in opts.items()})


# --- the generic form for move classes without a verb -------------------------------------


def _encode(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Action):
        return value.value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return ",".join(_encode(v) for v in value)
    raise ValueError(f"no notation for the value {value!r}")


def _decode(word: str, tp: Any, text: str, name: str) -> Any:
    args = typing.get_args(tp)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        if word == "-":
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _decode(word, inner, text, name)
    if tp is bool:
        if word not in ("yes", "no"):
            raise ValueError(f"{text!r}: {name}= is yes or no, not {word!r}")
        return word == "yes"
    if tp is int:
        return _parse_int(word, text, name)
    if tp is str:
        return _parse_key(word, text, name)
    if tp is Action:
        return _parse_action(word, text)
    if origin is tuple:
        parts = word.split(",") if word else []
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(p, args[0], text, name) for p in parts)
        if len(parts) != len(args):
            raise ValueError(f"{text!r}: {name}= needs {len(args)} values separated by ',', not {word!r}")
        return tuple(_decode(p, a, text, name) for p, a in zip(parts, args))
    raise ValueError(f"{text!r}: {name}= has a type the notation cannot read ({tp!r})")


def _format_generic(move: Move) -> str:
    parts = [_seat_word(move.seat), type(move).__name__]
    for field in attrs.fields(type(move)):
        if field.name != "seat":
            parts.append(f"{field.name}={_encode(getattr(move, field.name))}")
    return " ".join(parts)


def _parse_generic(cls: type, seat: int, words: list[str], text: str) -> Move:
    hints = typing.get_type_hints(cls)
    fields = [f.name for f in attrs.fields(cls) if f.name != "seat"]
    opts = _options(words, set(fields), text)
    missing = [f for f in fields if f not in opts and attrs.fields_dict(cls)[f].default is attrs.NOTHING]
    if missing:
        raise ValueError(f"{text!r}: {cls.__name__} needs {', '.join(f + '=…' for f in missing)}")
    values = {name: _decode(value, hints[name], text, name) for name, value in opts.items()}
    move: Move = cls(seat=seat, **values)
    return move
