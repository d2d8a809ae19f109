"""What a move did, in a player's words, read from the events ``apply``
reports (docs/render.md, issue 22).

One source of truth: ``apply_with_events`` returns a move's events; the
narration prints their sentences, and ``move_words`` turns the same events
into the move's description (``describe_move``), the HTML captions
(``dlrules show --html``) and the table server's log line. Nothing here knows
what a move type does: each event kind has one phrase, written from the
event's data (and, for the few kinds whose data do not carry the names, from
the event's own sentence).

A description is the actor (``P2``, ``chance``) followed by clauses joined by
``"; "``. The first clause is the actor's own deed ("P2 sends the Troll: 3
damage on the warrior (HP 5) in position 1"); a later clause about another
player starts with that player (``P3 …``, ``P3's evil …``); any other later
clause is about the actor or about no one (a battle starting, a phase).
Amounts are written the same way everywhere: ``pays 1 gold and 2 food``,
``gains 3 food``, ``loses 1 gold``, ``mines 2 gold``, ``evil 5 → 7``,
``N damage on …``, ``heals N damage`` (``tests/test_wording.py`` reads them
back and compares them with the state change ``apply`` made).

Hidden information: events never carry what their sentence hides (LIB-TX-1),
so every clause read from them is public. The move itself may hold a secret
(the orders chosen, the trap cards planned face down, the card drawn, the
combat card looked at): ``move_words(..., viewer=seat)`` names it only when
``views.knows_move(state, move, seat)`` (``viewer=None`` is the referee, who knows
everything).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from dlrules.components import ADVENTURERS, COMBAT_CARDS, MONSTERS, PALADINS, ROOMS, SLOT_NAMES, TRAPS, Action
from dlrules.components.cards import EVENTS, SPECIAL_EVENTS
from dlrules.core.dungeon import square_name
from dlrules.core.phases.common import Event
from dlrules.core.state import CHANCE, TABLE, GameState
from dlrules.records.views import knows_move

__all__ = ["DISCLOSING", "combat_card_text", "foreseen", "knows", "move_words", "seat_label"]

knows = knows_move
"""``views.knows_move``: may a viewer know everything a move holds."""


# --- names ----------------------------------------------------------------------------


def seat_label(seat: int) -> str:
    """``P1`` for seat 0 (LIB-TV-2); ``chance`` for the seat of chance,
    ``table`` for the table's (LIB-TAB-8)."""
    return "chance" if seat == CHANCE else "table" if seat == TABLE else f"P{seat + 1}"


def monster_name(key: str) -> str:
    """A monster's printed name (its key if the key is unknown)."""
    kind = MONSTERS.get(key)
    return kind.name if kind is not None else key


def room_name(key: str) -> str:
    """A room's printed name (its key if the key is unknown)."""
    kind = ROOMS.get(key)
    return kind.name if kind is not None else key


def trap_name(key: str) -> str:
    """A trap card's printed name (its key if the key is unknown)."""
    kind = TRAPS.get(key)
    return kind.name if kind is not None else key


def _adventurer(key: str) -> str:
    tile = ADVENTURERS.get(key)
    if tile is not None:
        return f"the {tile.cls.value} (HP {tile.hp})"
    for paladin in PALADINS.values():
        if paladin.key == key:
            return f"the paladin (HP {paladin.hp})"
    return key


def combat_card_text(key: str) -> str:
    """A combat card for those who may know it (CMB-CARD-7): its name, speed,
    fatigue and text: ``Detect Evil (slow, fatigue 2: the defender gains 2 evil)``."""
    card = COMBAT_CARDS.get(key)
    if card is None:
        return key
    return f"{card.name} ({card.speed.value}, fatigue {card.fatigue}: “{card.effect}”)"


def _card_name(deck: str, key: str) -> str:
    names: dict[str, Callable[[str], str]] = {
        "monsters": lambda k: f"the {monster_name(k)}", "rooms": lambda k: f"the {room_name(k)}", "traps": lambda k: f"the {trap_name(k)}",
        "adventurers": lambda k: _adventurer(k).replace("the ", "a ", 1), "combat": combat_card_text,
        "events": lambda k: EVENTS[k].name if k in EVENTS else k,
        "special": lambda k: SPECIAL_EVENTS[k].name if k in SPECIAL_EVENTS else k,
    }  # fmt: skip
    name = names.get(deck)
    return name(key) if name is not None else key


def _space(data: dict[str, Any]) -> str:
    """``Get Food II`` from an event's ``action`` and ``slot``."""
    action = Action(data["action"]).title
    slot = data.get("slot")
    return f"{action} {SLOT_NAMES[slot]}" if isinstance(slot, int) and 0 <= slot < len(SLOT_NAMES) else action


def _orders(values: Sequence[Any]) -> str:
    return ", ".join(Action(v).title if isinstance(v, str) else v.title for v in values)


def _count(n: int, noun: str, many: str | None = None) -> str:
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def _and(parts: Sequence[str]) -> str:
    parts = [p for p in parts if p]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else ""


def _goods(amounts: dict[str, Any], *, evil: bool = False) -> str:
    """``1 gold and 2 food`` (``imps``, ``trap_cards``, ``monsters`` too;
    ``evil`` only when asked: an evil change has its own clause)."""
    words = {"gold": ("gold", "gold"), "food": ("food", "food"), "imps": ("imp", "imps"), "trap_cards": ("trap card", "trap cards"),
             "monsters": ("other monster", "other monsters"), "evil": ("evil", "evil")}  # fmt: skip
    parts = []
    for key in ("gold", "food", "imps", "trap_cards", "monsters", "evil"):
        n = amounts.get(key)
        if n and (key != "evil" or evil):
            one, many = words[key]
            parts.append(f"{n} {one if n == 1 else many}")
    return _and(parts)


def _pays(cost: dict[str, Any]) -> str:
    """``pays 1 gold and 1 food``; an evil cost as ``for 2 evil``; nothing: ``pays nothing``."""
    goods = _goods(cost)
    evil = f"for {cost['evil']} evil" if cost.get("evil", 0) > 0 else ""
    return _and([f"pays {goods}" if goods else "", evil]) or "pays nothing"


# --- the party's names in a damage sentence ----------------------------------------------

_HIT = re.compile(r"(\d+) on (the .+?) in position (\d+)")


def _hits(e: Event) -> str:
    """``3 damage on the warrior (HP 5) in position 1`` for each adventurer a
    ``damage`` event hurts (names as the event's sentence gives them)."""
    found = _HIT.findall(e.text)
    if found:
        return ", ".join(f"{n} damage on {who} in position {pos}" for n, who, pos in found)
    amounts = e.data.get("amounts", ())
    return ", ".join(f"{n} damage on position {i + 1}" for i, n in enumerate(amounts) if n)


def _by(key: str) -> str:
    if key in MONSTERS:
        return f"the {monster_name(key)}"
    if key in TRAPS:
        return f"the {trap_name(key)}"
    return {"fatigue": "the party tires", "poison": "the Poisoned Dart's later damage", "witch": "the Witch"}.get(key, key)


# --- one phrase per event kind -------------------------------------------------------------


class _Context:
    """What a phrase may name: the move, the viewer's knowledge of it, the actor."""

    def __init__(self, move: Any, known: bool, actor: int) -> None:
        self.move = move
        self.known = known
        self.actor = actor

    def own(self, e: Event) -> bool:
        """The event is the mover's own deed, and the viewer may know the move's content."""
        return self.known and e.seat == self.actor and getattr(self.move, "seat", None) == self.actor


_Phrase = Callable[[Event, _Context], str]


def _take(e: Event, c: _Context) -> str:
    d = e.data
    cost = d.get("cost", {})
    gains, goods = _goods(d.get("reward", {})), _goods(cost)
    evil = f" for {cost['evil']} evil" if cost.get("evil", 0) > 0 else ""
    return f"takes {_space(d)}{evil}: " + (_and([f"pays {goods}" if goods else "", f"gains {gains}" if gains else ""]) or "pays nothing")


def _spy(e: Event, c: _Context) -> str:
    which = f"combat card {c.move.position + 1}" if c.own(e) and hasattr(c.move, "position") else "a combat card"
    return f"takes {_space(e.data)}: {_pays(e.data.get('cost', {}))} and looks at {which}"


def _plan(e: Event, c: _Context) -> str:
    d = e.data
    n = d.get("trap_cards", 0)
    if n and c.own(e) and getattr(c.move, "traps", ()):
        traps = _and([f"the {trap_name(t)}" for t in c.move.traps]) + " face down"
    else:
        traps = f"{_count(n, 'trap card')} face down" if n else "no trap card"
    gold = f" (pays {d['gold']} gold on them)" if d.get("gold") else ""
    sent = _and([f"the {monster_name(m)}" for m in d.get("monsters", ())]) or "no monster"
    return f"defends {square_name(tuple(d['tile']))} with {traps}{gold}, sends {sent}"


def _damage(e: Event, c: _Context) -> str:
    return f"{_by(e.data.get('by', ''))}: {_hits(e)}"


def _invisible(e: Event, c: _Context) -> str:
    """C1-4, U-13: the damage an invisible wizard does not take, and whose it was."""
    d = e.data
    by = str(d.get("by") or "")
    source = f" from {_by(by)}" if by in MONSTERS or by in TRAPS else ""
    who = f"{_adventurer(d['adventurer'])} in position {d['position'] + 1}"
    return f"{who} is invisible and takes none of the {d['prevented']} damage{source} (Invisibility)"


def _attack(e: Event, c: _Context) -> str:
    cost = e.data.get("cost", {})
    return f"sends the {monster_name(e.data['monster'])}" + (f" and {_pays(cost)}" if cost else "")


def _produce(e: Event, c: _Context) -> str:
    d = e.data
    staff = _and([_count(d.get("imps", 0), "imp") if d.get("imps") else "", _count(d["trolls"], "troll") if d.get("trolls") else ""])
    made = []
    if d.get("cost"):
        made.append(_pays(d["cost"]))
    for key in ("food", "gold"):
        if d.get(key):
            made.append(f"gains {d[key]} {key}")
    if d.get("new_imps"):
        made.append(f"gets {_count(d['new_imps'], 'imp')}")
    if d.get("tunnel"):
        made.append(f"digs a tunnel at {square_name(tuple(d['tunnel']))}")
    if d.get("traps"):
        made.append(f"will draw {_count(d['traps'], 'trap card')}")
    if d.get("evil"):
        made.append("improves their reputation")
    return f"staffs the {room_name(d['room'])} at {square_name(tuple(d['square']))} with {staff or 'nobody'}: " + _and(made)


def _payday(e: Event, c: _Context) -> str:
    d = e.data
    if "evil" in d and "monster" not in d:
        return f"gains {d['evil']} evil for the monsters that left"
    name = monster_name(d.get("monster", ""))
    cost = dict(d.get("cost", {}))
    if d.get("paid"):
        trap = getattr(c.move, "trap", None) if c.own(e) else None
        if trap and cost.get("trap_cards"):
            cost.pop("trap_cards")
            extra = f", discarding the {trap_name(trap)} face down"
        else:
            extra = ""
        return f"keeps the {name}: {_pays(cost)}{extra}"
    if d.get("can_pay") is False:
        return f"cannot pay the {name}'s wage ({_goods(cost, evil=True)})"
    return f"lets the {name} go to the Distant Lands"


def _discard_trap(e: Event, c: _Context) -> str:
    trap = getattr(c.move, "trap", None) if c.own(e) else None
    return f"discards the {trap_name(trap)} face down" if trap else "discards a trap card face down"


def _spell(e: Event, c: _Context) -> str:
    d = e.data
    if "lost" in d:
        lost = d["lost"]
        if lost.get("trap_cards"):
            return _discard_trap(e, c) + f" ({_card_name('combat', d['card']).split(' (')[0]})"
        return f"loses {_goods(lost)} ({COMBAT_CARDS[d['card']].name})" if d["card"] in COMBAT_CARDS else f"loses {_goods(lost)}"
    if d.get("card") == "metamorphosis" and "monster" in d:
        return f"turns the {monster_name(d['monster'])} into a sheep: it does not act and is knocked out (Metamorphosis)"
    if d.get("choice") == "withdraw":
        return "withdraws the monsters: there is none to take back (Word of Peace)"
    if d.get("choice") == "evil":
        return f"keeps the monsters and takes {d.get('evil')} evil (Word of Peace)"
    if d.get("choice") == "pay":
        return f"keeps the {monster_name(d.get('monster', ''))}: {_pays(d.get('cost', {}))} (Suggestion)"
    card = COMBAT_CARDS.get(d.get("card", ""))
    if d.get("cast") is True and card is not None:
        return f"the party casts {card.name} (“{card.effect}”)"
    return _sentence(e)


def _evil(e: Event, c: _Context) -> str:
    return f"evil {e.data['start']} → {e.data['end']}" + ("" if e.data["start"] != e.data["end"] else " (at the end of the track)")


def _commit(e: Event, c: _Context) -> str:
    m = c.move
    if c.own(e) and getattr(m, "orders", None):
        text = f"chooses {_orders(m.orders)}, first to third (secret until all have chosen)"
        return text + (f"; the dummy's third order: {m.dummy_order.title}" if getattr(m, "dummy_order", None) is not None else "")
    return "chooses their orders (secret until all have chosen)"


def _keep(e: Event, c: _Context) -> str:
    if c.own(e) and getattr(c.move, "orders", None):
        return f"keeps {_and([a.title for a in c.move.orders])} unavailable (secret until all have chosen)"
    return "chooses the orders kept unavailable (secret until all have chosen)"


_PHRASES: dict[str, _Phrase] = {
    "take": _take,
    "spy": _spy,
    "decline": lambda e, c: f"declines {_space(e.data)}",
    "order_card": lambda e, c: f"the minion on {_space(e.data)} stands on the order card (not carried out)",
    "home": lambda e, c: f"the minion on {_space(e.data)} goes home (order carried out)",
    "dig": lambda e, c: f"digs a tunnel at {square_name(tuple(e.data['square']))}" + (" with the foreimp" if e.data.get("foreimp") else ""),
    "mine": lambda e, c: f"mines {e.data['gold']} gold with {_count(e.data['imps'], 'imp')}" + (" and the foreimp" if e.data.get("foreimp") else ""),
    "hire": lambda e, c: f"hires the {monster_name(e.data['monster'])}: {_pays(e.data.get('cost', {}))}",
    "dismiss": lambda e, c: f"sends the {monster_name(e.data['monster'])} away to the Distant Lands (the Demon's cost)",
    "troll": lambda e, c: "places a troll token with the imps",
    "room": lambda e, c: f"builds the {room_name(e.data['room'])} at {square_name(tuple(e.data['square']))}: {_pays(e.data.get('cost', {}))}",
    "hire_first": lambda e, c: f"plays Hire Monster first: {_pays(e.data.get('cost', {}))}" if e.data.get("paid") else _sentence(e),
    "produce": _produce,
    "production": lambda e, c: "finishes production",
    "return": lambda e, c: f"takes back {_orders(e.data['returned'])} ({_orders(e.data['unavailable'])} become unavailable)",
    "payday": _payday,
    "taxes": lambda e, c: f"pays {e.data['gold']} gold of the {e.data['due']} due in taxes" + (f" and takes {_count(e.data['damage_tokens'], 'damage token')}" if e.data.get("damage_tokens") else ""),
    "embezzlement": lambda e, c: f"loses {e.data['lost']} gold (Embezzlement)",
    "witch_hunt": lambda e, c: f"keeps their monsters and takes {e.data['evil']} evil (Witch Hunt)",
    "leaves": lambda e, c: f"gives up the {monster_name(e.data['monster'])}: it leaves for the Distant Lands" + (" (fed to the Demon)" if e.data.get("by") == "demon" else " (Witch Hunt)"),
    "discard_trap": _discard_trap,
    "plan": _plan,
    "release": lambda e, c: f"releases {_adventurer(e.data['adventurer'])} to the Distant Lands (no unconquered tile)" if e.data.get("adventurer") else _sentence(e),
    "target": lambda e, c: f"aims {_by(e.data['by'])}{chr(39) + 's second small attack' if e.data['by'] == 'witch' else ''} at {_adventurer(e.data['adventurer'])} in position {e.data['position'] + 1}",
    "damage": _damage,
    "invisible": _invisible,
    "attack": _attack,
    "hold": lambda e, c: f"the {monster_name(e.data['monster'])} holds the party (no attack, no fatigue, no conquest this round)",
    "no_attack": lambda e, c: f"the {monster_name(e.data['monster'])} finds no one it may attack",
    "withdraw": lambda e, c: f"takes {_and(['the ' + monster_name(m) for m in e.data['monsters']])} back to the lair face up",
    "spell": _spell,
    "evil": _evil,
    "commit": _commit,
    "keep": _keep,
    "reveal_trap": lambda e, c: f"reveals the {trap_name(e.data['trap'])}" + (f": {_pays(e.data['cost'])}" if e.data.get("cost") else ""),
    "spied": lambda e, c: "has looked at the combat card",
    "trap": lambda e, c: f"gets {_count(e.data.get('cards', 1), 'trap card')} (face down)",
}
"""A clause per event kind whose subject is the event's seat; the other
kinds are told by their own sentence (``_sentence``)."""

_PUBLIC: dict[str, _Phrase] = {
    "card": lambda e, c: f"combat round {e.data['round']}: the card is {combat_card_text(e.data['card'])}",
}
"""Clauses for events about no one whose sentence quotes a rule text (a
card's words are quoted, so that its numbers are not taken for the move's)."""

_SMALL = ("The ", "A ", "An ", "All ", "No ", "Nobody ", "Anti-trap ", "Leftover ", "Next ", "Fatigue", "Battle ", "Combat ")


def _sentence(e: Event) -> str:
    """An event's own sentence as a clause: no final stop, a small first letter
    when it starts with a common word."""
    text = e.text.rstrip(".")
    return text[0].lower() + text[1:] if text.startswith(_SMALL) else text


def _clause(e: Event, c: _Context, first: bool) -> str:
    if e.seat is None and e.code in _PUBLIC:
        return _PUBLIC[e.code](e, c)
    phrase = _PHRASES.get(e.code)
    if phrase is None or e.seat is None or e.seat < 0:
        return _sentence(e)
    text = phrase(e, c)
    if e.seat == c.actor or text == _sentence(e):
        return text
    who = seat_label(e.seat)
    if text.startswith("the "):
        return f"{who}'s {text[4:]}"
    return f"{who}'s {text}" if text.startswith("evil ") else f"{who} {text}"


# --- the move's words ------------------------------------------------------------------------


def _chance_headline(state: GameState, move: Any, known: bool) -> str:
    name = type(move).__name__
    if name == "Draw":
        if known:
            return f"turns up {_card_name(move.deck, move.card)} from the {move.deck} deck"
        if move.deck == "combat":
            from dlrules.core.phases.resolution import acting_seat

            looker = acting_seat(state)
            return f"turns up the combat card {seat_label(looker) if looker is not None else 'a player'} looks at (secret)"
        return f"turns up a {'trap card' if move.deck == 'traps' else 'card'} (face down)"
    if name == "DealOrders":
        who = seat_label(move.target) if move.target < state.n_players else f"dummy D{move.target + 1}"
        return f"deals {who} {_orders(move.orders)}" if known else f"deals {who} orders to choose from (secret)"
    if name == "DrawDummyOrders":
        return f"draws dummy D{move.colour + 1}'s orders: {_orders(move.orders)}"
    from dlrules.records.notation import format_move

    return format_move(move, players=state.n_players).removeprefix("chance ")


DISCLOSING: frozenset[str] = frozenset({"unavailable", "place", "full", "hire_first", "dummy", "card", "battle", "reveal_trap", "no_battle"})
"""Event kinds that turn something face up that was hidden before: the kept
and chosen orders (RUL-13, ORD-3..9), a combat card (CMB-REV-1), another
defender's battle and planned trap cards (CMB-PLAN-9)."""


def foreseen(events: Sequence[Event], actor: int, viewer: int | None) -> list[Event]:
    """The events a ``viewer`` may be told of a move *not yet made*: all for the
    referee (None); for a seat, the move's own effects, up to the first event
    about someone else or one that would disclose what is still hidden
    (``DISCLOSING``): the last player to choose orders must not learn the
    others' from the description of their own choice. Once the move is made
    its events are public (LIB-TX-1) and all are told."""
    if viewer is None:
        return list(events)
    out: list[Event] = []
    for e in events:
        if e.code in DISCLOSING or (actor != CHANCE and e.seat != actor):
            break
        out.append(e)
    return out


def _name_the_actor_again(clauses: list[str], events: Sequence[Event | None], actor: int) -> None:
    """A clause of the mover's own that follows a clause about somebody else
    names the mover again (in place): "P3 chooses …; P2 plays Hire Monster
    first: pays 1 gold; P3 plays Hire Monster first: pays 1 gold", never a
    bare "plays …" that reads as P2's (issue 37). The first clause is the
    headline, which ``move_words`` names."""
    if actor < 0:
        return
    me = seat_label(actor)
    for i in range(1, len(clauses)):
        e, before = events[i], events[i - 1]
        if e is None or e.seat != actor or e.code not in _PHRASES or (before is not None and before.seat == actor):
            continue
        text = clauses[i]
        if text.startswith((me + " ", me + "'s ", f"Player {actor + 1} ", f"Player {actor + 1}'s ")):
            continue
        clauses[i] = f"{me}'s {text[4:]}" if text.startswith("the ") else f"{me} {text}"


def _merged(clauses: list[str], events: Sequence[Event | None]) -> list[str]:
    """A monster's action in one clause: ``attack`` and what the monster then
    did (``the Troll: 4 damage on …``, ``the Slime holds …``) read as
    ``sends the Troll and pays 1 food: 4 damage on …``."""
    out: list[str] = []
    i = 0
    while i < len(clauses):
        e = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if e is not None and e.code == "attack" and nxt is not None and nxt.seat == e.seat and nxt.code in ("damage", "hold", "no_attack"):
            name = f"the {monster_name(e.data['monster'])}"
            after = clauses[i + 1]
            who, _, rest = after.partition(name)
            if rest and who in ("", f"{seat_label(e.seat or 0)}'s "):
                out.append(f"{clauses[i]}: " + (rest.removeprefix(": ") if rest.startswith(": ") else "it" + rest))
                i += 2
                continue
        out.append(clauses[i])
        i += 1
    return out


def move_words(state: GameState, move: Any, events: Sequence[Event], viewer: int | None = None, *, played: bool = False) -> str:
    """The description of ``move`` in ``state`` with the ``events`` it
    produces (``apply_with_events``), as ``viewer`` may be told it (None: the
    referee). ``played``: the move has been made (a log, a caption), so every
    event is public; otherwise a seat is told only what it may foresee
    (``foreseen``). See the module docstring for the form."""
    actor = getattr(move, "seat", CHANCE)
    known = knows_move(state, move, viewer)
    c = _Context(move, known, actor)
    told = events if played else foreseen(events, actor, viewer)
    shown = [e for e in told if not (e.code == "spied" and e.seat == actor)]
    if actor == TABLE:  # LIB-TAB-8: the table's ruling, as its event says it ("the table applies …")
        return "; ".join(_clause(e, c, False) for e in shown) or "the table applies a card: no change"
    clauses: list[str] = []
    order: list[Event | None] = []  # the event of each clause (None: the chance headline)
    if actor == CHANCE:
        clauses.append(_chance_headline(state, move, known))
        order.append(None)
        rest = shown
    else:
        first = next((i for i, e in enumerate(shown) if e.seat == actor and e.code in _PHRASES), None)
        if first is None:
            from dlrules.records.notation import format_move

            head = format_move(move, players=state.n_players)
            return head + (": " + "; ".join(_clause(e, c, False) for e in shown) if shown else "")
        clauses.append(_clause(shown[first], c, True))
        order.append(shown[first])
        rest = shown[:first] + shown[first + 1 :]
    clauses.extend(_clause(e, c, False) for e in rest)
    order.extend(rest)
    _name_the_actor_again(clauses, order, actor)
    head, *tail = _merged(clauses, order)
    named = f"Player {actor + 1}"
    if head.startswith(named) and not head[len(named) : len(named) + 1].isdigit():  # a sentence naming the actor: "P2's Golem …"
        who = seat_label(actor) + head[len(named) :]
    elif head.startswith("the "):
        who = f"{seat_label(actor)}'s {head[4:]}"  # P2's minion …, P2's party …
    else:
        who = f"{seat_label(actor)} {head}"
    return who + ("; " + "; ".join(tail) if tail else "")
