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

import typing
from collections.abc import Callable
from typing import Any

import attrs

from dlrules.records.limits import excerpt
from dlrules.core.moves import (
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
from dlrules.records.notation_table import format_ruling, parse_ruling
from dlrules.records.notation_words import (
    from_zero,
    seat_word,
    colour_word,
    parse_seat,
    parse_colour,
    parse_action,
    parse_actions,
    actions_word,
    parse_int,
    parse_square,
    square_word,
    number_word,
    parse_number,
    parse_key,
    options,
    arity,
    encode,
    decode,
    format_generic,
    parse_generic,
)
from dlrules.core.state import CHANCE, DECK_NAMES

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
        return f"{seat_word(move.seat)} spy ?"
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
        return format_generic(move)
    text = _format_known(move, players)
    for field in extras:
        value = getattr(move, field.name)
        if value != field.default:
            text += f" {field.name}={encode(value)}"
    return text


def _format_known(move: Move, players: int | None) -> str:
    who = seat_word(move.seat)
    if isinstance(move, DealOrders):
        return f"{who} deal {colour_word(move.target, players)} {actions_word(move.orders)}"
    if isinstance(move, DrawDummyOrders):
        return f"{who} dummy {colour_word(move.colour, players, dummy=True)} {actions_word(move.orders)}"
    if isinstance(move, Draw):
        return f"{who} draw {move.deck} {move.card}"
    if isinstance(move, KeepUnavailable):
        return f"{who} keep {actions_word(move.orders)}"
    if isinstance(move, ChooseOrders):
        extra = f" dummy={move.dummy_order.value}" if move.dummy_order is not None else ""
        return f"{who} orders {actions_word(move.orders)}{extra}"
    if isinstance(move, TakeAction):
        return f"{who} take"
    if isinstance(move, Decline):
        return f"{who} decline"
    if isinstance(move, Spy):
        return f"{who} spy {number_word(move.position)}"
    if isinstance(move, DigTunnel):
        return f"{who} dig {square_word(move.square)}"
    if isinstance(move, FinishDigging):
        return f"{who} finish dig"
    if isinstance(move, MineGold):
        return f"{who} mine {move.imps}"
    if isinstance(move, HireMonster):
        extra = f" dismiss={number_word(move.dismiss)}" if move.dismiss is not None else ""
        extra += f" trap={move.trap}" if move.trap is not None else ""
        return f"{who} hire {move.monster}{extra}"
    if isinstance(move, BuildRoom):
        return f"{who} build {move.room} {square_word(move.square)}"
    if isinstance(move, ActivateRoom):
        extra = f" trolls={move.trolls}" if move.trolls else ""
        extra += f" target={square_word(move.target)}" if move.target is not None else ""
        return f"{who} activate {square_word(move.room)}{extra}"
    if isinstance(move, FinishProduction):
        return f"{who} finish production"
    if isinstance(move, ReturnOrder):
        return f"{who} return {move.action.value}"
    if isinstance(move, PayMonster):
        extra = f" trap={move.trap}" if move.trap is not None else ""
        extra += f" feed={number_word(move.feed)}" if move.feed is not None else ""
        return f"{who} payday {number_word(move.monster)} {'pay' if move.pay else 'release'}{extra}"
    if isinstance(move, PayTaxes):
        return f"{who} taxes {move.gold}"
    return _format_combat(who, move)


def _format_combat(who: str, move: Move) -> str:
    if isinstance(move, PlanDefence):
        extra = f" traps={','.join(move.traps)}" if move.traps else ""
        extra += f" monsters={','.join(map(number_word, move.monsters))}" if move.monsters else ""
        return f"{who} plan {square_word(move.tile)}{extra}"
    if isinstance(move, ReleasePrisoner):
        return f"{who} release {number_word(move.prisoner)}"
    if isinstance(move, ChooseTrap):
        return f"{who} first-trap {move.trap}"
    if isinstance(move, Target):
        return f"{who} target {number_word(move.adventurer)}"
    if isinstance(move, Attack):
        extra = f" target={number_word(move.target)}" if move.target is not None else ""
        return f"{who} attack {number_word(move.monster)} {number_word(move.option)}{extra}"
    if isinstance(move, WordOfPeace):
        return f"{who} peace {'withdraw' if move.withdraw else 'evil'}"
    if isinstance(move, DiscardTrap):
        return f"{who} discard-trap {move.trap}"
    if isinstance(move, Transform):
        return f"{who} transform {number_word(move.monster)}"
    if isinstance(move, WitchHunt):
        return f"{who} witch-hunt {'evil' if move.monster is None else number_word(move.monster)}"
    raise AssertionError(f"{type(move).__name__} has no verb")  # pragma: no cover - guarded by _KNOWN_FIELDS


# --- parsing ----------------------------------------------------------------------------

_Parser = Callable[[int, list[str], str], Move]


def _p_deal(seat: int, w: list[str], text: str) -> Move:
    arity(w, 2, text, "'chance deal P<k> <order>,<order>,<order>'")
    return DealOrders(parse_colour(w[0], text), parse_actions(w[1], text), seat)


def _p_dummy(seat: int, w: list[str], text: str) -> Move:
    arity(w, 2, text, "'chance dummy D<k> <order>,<order>'")
    return DrawDummyOrders(parse_colour(w[0], text), parse_actions(w[1], text), seat)


def _p_draw(seat: int, w: list[str], text: str) -> Move:
    arity(w, 2, text, "'chance draw <deck> <card>'")
    if w[0] not in DECK_NAMES:
        raise ValueError(f"{text!r}: {w[0]!r} is not a deck; decks are {', '.join(DECK_NAMES)}")
    return Draw(w[0], parse_key(w[1], text, "card"), seat)


def _p_keep(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> keep <order>,<order>'")
    return KeepUnavailable(seat, parse_actions(w[0], text))


def _p_orders(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> orders <first>,<second>,<third> [dummy=<order>]'")
    opts = options(w[1:], {"dummy"}, text)
    dummy = parse_action(opts["dummy"], text) if "dummy" in opts else None
    return ChooseOrders(seat, parse_actions(w[0], text), dummy)


def _p_take(seat: int, w: list[str], text: str) -> Move:
    arity(w, 0, text, "'P<k> take' with nothing after it")
    return TakeAction(seat)


def _p_decline(seat: int, w: list[str], text: str) -> Move:
    arity(w, 0, text, "'P<k> decline' with nothing after it")
    return Decline(seat)


def _p_spy(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> spy <combat card 1-4>'")
    return Spy(seat, parse_number(w[0], text, "the combat card"))


def _p_dig(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> dig <square>' (e.g. C2)")
    return DigTunnel(seat, parse_square(w[0], text))


def _p_finish(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> finish dig' or 'P<k> finish production'")
    if w[0] == "dig":
        return FinishDigging(seat)
    if w[0] == "production":
        return FinishProduction(seat)
    raise ValueError(f"{text!r}: finish what? 'finish dig' or 'finish production', not {w[0]!r}")


def _p_mine(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> mine <imps>'")
    return MineGold(seat, parse_int(w[0], text, "the number of imps"))


def _p_hire(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> hire <monster> [dismiss=<monster number>] [trap=<trap>]'")
    opts = options(w[1:], {"dismiss", "trap"}, text)
    dismiss = parse_number(opts["dismiss"], text, "dismiss") if "dismiss" in opts else None
    trap = parse_key(opts["trap"], text, "trap") if "trap" in opts else None
    return HireMonster(seat, parse_key(w[0], text, "monster"), dismiss, trap)


def _p_build(seat: int, w: list[str], text: str) -> Move:
    arity(w, 2, text, "'P<k> build <room> <square>' (e.g. B2)")
    return BuildRoom(seat, parse_key(w[0], text, "room"), parse_square(w[1], text))


def _p_activate(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> activate <square> [trolls=<n>] [target=<square>]'")
    opts = options(w[1:], {"trolls", "target"}, text)
    trolls = parse_int(opts["trolls"], text, "trolls") if "trolls" in opts else 0
    target = parse_square(opts["target"], text) if "target" in opts else None
    return ActivateRoom(seat, parse_square(w[0], text), trolls, target)


def _p_return(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> return <order>'")
    return ReturnOrder(seat, parse_action(w[0], text))


def _p_payday(seat: int, w: list[str], text: str) -> Move:
    usage = "'P<k> payday <monster number> pay|release [trap=<trap>] [feed=<monster number>]'"
    if len(w) < 2:
        raise ValueError(f"{text!r}: expected {usage}")
    if w[1] not in ("pay", "release"):
        raise ValueError(f"{text!r}: payday says 'pay' or 'release' after the monster number, not {w[1]!r}")
    opts = options(w[2:], {"trap", "feed"}, text)
    trap = parse_key(opts["trap"], text, "trap") if "trap" in opts else None
    feed = parse_number(opts["feed"], text, "the monster fed") if "feed" in opts else None
    return PayMonster(seat, parse_number(w[0], text, "the monster number"), w[1] == "pay", trap, feed)


def _p_taxes(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> taxes <gold>'")
    return PayTaxes(seat, parse_int(w[0], text, "the gold paid"))


def _p_discard_trap(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> discard-trap <trap>'")
    return DiscardTrap(seat, parse_key(w[0], text, "trap"))


def _p_plan(seat: int, w: list[str], text: str) -> Move:
    if not w:
        raise ValueError(f"{text!r}: expected 'P<k> plan <square> [traps=<trap>,…] [monsters=<monster number>,…]'")
    opts = options(w[1:], {"traps", "monsters"}, text)
    traps = tuple(parse_key(t, text, "trap") for t in opts["traps"].split(",")) if opts.get("traps") else ()
    monsters = tuple(parse_number(i, text, "a monster number") for i in opts["monsters"].split(",")) if opts.get("monsters") else ()
    return PlanDefence(seat, parse_square(w[0], text), traps, monsters)


def _p_release(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> release <prisoner number>'")
    return ReleasePrisoner(seat, parse_number(w[0], text, "the prisoner number"))


def _p_first_trap(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> first-trap <trap>'")
    return ChooseTrap(seat, parse_key(w[0], text, "trap"))


def _p_target(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> target <adventurer number>'")
    return Target(seat, parse_number(w[0], text, "the adventurer number"))


def _p_attack(seat: int, w: list[str], text: str) -> Move:
    if len(w) < 2:
        raise ValueError(f"{text!r}: expected 'P<k> attack <monster number> <option 1|2> [target=<adventurer number>]'")
    opts = options(w[2:], {"target"}, text)
    target = parse_number(opts["target"], text, "target") if "target" in opts else None
    monster = parse_number(w[0], text, "the monster number")
    return Attack(seat, monster, parse_number(w[1], text, "the option"), target)


def _p_peace(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> peace withdraw|evil'")
    if w[0] not in ("withdraw", "evil"):
        raise ValueError(f"{text!r}: peace is 'withdraw' or 'evil', not {w[0]!r}")
    return WordOfPeace(seat, w[0] == "withdraw")


def _p_transform(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> transform <monster number>'")
    return Transform(seat, parse_number(w[0], text, "the monster number"))


def _p_witch_hunt(seat: int, w: list[str], text: str) -> Move:
    arity(w, 1, text, "'P<k> witch-hunt <monster number>|evil'")
    return WitchHunt(seat, None if w[0] == "evil" else parse_number(w[0], text, "the monster number"))


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
    token = from_zero.set(True)
    try:
        return parse_move(text)
    finally:
        from_zero.reset(token)


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
    seat = parse_seat(words[0], text)
    verb = words[1]
    if verb in _CLASSES:
        return parse_generic(_CLASSES[verb], seat, words[2:], text)
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
    opts = options(extra_words, own, text)
    return attrs.evolve(move, **{k: decode(v, hints[k], text, k) for k, v in opts.items()})
