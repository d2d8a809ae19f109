"""A table's ruling (LIB-TAB-8): at a real table, when a card the referee
cannot read comes up (``components.ANNOUNCED_ONLY``: special event cards
whose text is not established, SPE-12; combat cards with no established
effect, CMB-SPELL-8), the host applies its effect as an explicit
``TableRuling``, written into the game record with the card's name as the
table entered it, narrated ("the table applies Song of Courage: …"), checked
like any move and replayed exactly.

The changes are SPE-14's elementary changes (lose or gain gold, food, imps,
Evil; remove a monster, ``dismiss``; discard a trap card, ``discard_trap``),
each checked against what the player has, and the battle's own (damage,
healing, a monster withdrawn or knocked out, a party's healing or conquest
skipped). A monster removed goes to the Distant Lands and a trap card
discarded goes face down out of the game, as at Pay Day and in the trap
discard (LIB-TAB-9); the card discarded is named by its place in the hand,
which only its owner may know (``views.project_move``), and no sentence or
event data tells the other seats more than that a trap card was discarded.

Only in a game set up with ``table_rulings=True``; the phase that owns the
card's step asks the table's pseudo-seat (``TABLE``) there and nowhere else,
so seats, bots and the AI adapters (whose games never set the option) are
never offered it. The phase calls ``explain`` and ``play``; this module knows
the adjustments, not the steps.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import attrs

from dlrules.components import ADVENTURERS, COMBAT_CARDS, MONSTERS, PALADINS, SPECIAL_EVENTS
from dlrules.core.errors import Violation
from dlrules.core.moves import ADJUSTMENTS, Adjustment, TableRuling
from dlrules.core.phases.common import announce, clamp_evil, collecting, move_evil, narrating, plural, replaced, update_player, without_monster
from dlrules.core.state import TABLE, Adventurer, GameState, Monster, evolve

RULE = "LIB-TAB-8"
MAX_NAME = 60
"""The longest card name the table may enter (a printed name is short)."""
MAX_CHANGES = 16
"""At most this many adjustments in one ruling."""
MAX_AMOUNT = 99
"""The largest amount of one change, either way (a card moves a few items;
and a game's numbers stay short enough for its record to be read back)."""
COMBAT_ONLY = frozenset({"withdraw", "skip_healing", "skip_conquest"})
"""Kinds that only mean something in a battle (the combat phase applies them)."""
OUTSIDE_BATTLE = frozenset({"dismiss", "discard_trap"})
"""SPE-14's removals, outside a battle only (LIB-TAB-9): a battle has laid out
the lair and the hand already (plans, monsters sent, trap cards face down)."""
BATTLE_KINDS = COMBAT_ONLY | {"damage", "heal", "knock_out"}
"""Kinds the combat phase applies itself during a battle (its party holds the
paladin, its sent monsters may stop acting)."""


def card_title(deck: str, key: str) -> str:
    """The referee's own name of ``key`` (never a placeholder key)."""
    if deck == "special":
        return SPECIAL_EVENTS[key].name
    return COMBAT_CARDS[key].name


OFFERED = TableRuling(TABLE, "", ())
"""The one ruling ``legal_moves`` lists at a card's step: the table applies
nothing. Any other ruling is checked by ``explain``."""


def name_of(move: TableRuling, deck: str, key: str) -> str:
    """The card's name as the narration gives it: the table's, else the referee's."""
    return move.card.strip() or card_title(deck, key)


def _name_violation(name: object) -> Violation | None:
    if not isinstance(name, str):
        return Violation(RULE, "the card's name is text")
    if len(name) > MAX_NAME:
        return Violation(RULE, f"the card's name is at most {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(c)[0] == "C" for c in name):
        return Violation(RULE, "the card's name is one line of printable text")
    return None


@attrs.frozen
class InBattle:
    """How the combat phase sees a ruling made in a battle: the ``party`` of
    a dungeon (the paladin at its head when he attacks it), an adventurer's
    ``hit_points`` (Create Food included), the battle's own ``limit`` on a
    change (None: allowed) and the ``change`` it makes itself
    (``BATTLE_KINDS``). Passed in by the combat phase, which this module does
    not import."""

    party: Callable[[GameState, int], tuple[Adventurer, ...]]
    hit_points: Callable[[Adventurer], int]
    limit: Callable[[GameState, Adjustment], str | None]
    change: Callable[[GameState, Adjustment], GameState]


def explain(state: GameState, move: TableRuling, deck: str | None, key: str | None, battle: InBattle | None = None) -> tuple[Violation, ...]:
    """LIB-TAB-8: why ``move`` is refused now, or () when it may be applied.
    ``deck``, ``key``: the card whose step it is (None: no card of the
    table's now); ``battle``: the step is in a battle (combat-only kinds
    allowed)."""
    if not state.table_rulings:
        return (Violation(RULE, "this game was not set up for table rulings (new_game(..., table_rulings=True))"),)
    if move.seat != TABLE:
        return (Violation(RULE, "a table's ruling is the table's own move (seat TABLE), never a player's"),)
    if deck is None or key is None:
        return (Violation(RULE, "a table's ruling is made only during the step of a card the referee cannot read"),)
    found = _name_violation(move.card)
    if found is not None:
        return (found,)
    if len(move.changes) > MAX_CHANGES:
        return (Violation(RULE, f"at most {MAX_CHANGES} changes in one ruling, not {len(move.changes)}"),)
    trial = state
    with collecting():  # the trial run tells nobody anything
        for n, change in enumerate(move.changes, start=1):
            problem = _change_violation(trial, change, battle)
            if problem is None and battle is not None:
                problem = battle.limit(trial, change)
            if problem is not None:
                return (Violation(RULE, f"change {n}: {problem}"),)
            trial = _one_change(trial, change, battle)  # as ``play`` will: the paladin may move (CMB-PAL-1)
    return ()


def _change_violation(state: GameState, c: Adjustment, battle: InBattle | None) -> str | None:
    """What is wrong with one change against ``state`` (the changes before it
    applied), or None."""
    if c.kind not in ADJUSTMENTS:
        return f"{c.kind!r} is not a kind of change (one of {', '.join(ADJUSTMENTS)})"
    if not 0 <= c.player < state.n_players:
        return f"there is no Player {c.player + 1} in a {state.n_players}-player game"
    if c.kind in COMBAT_ONLY and battle is None:
        return f"{c.kind.replace('_', ' ')} is a change for a battle, and no battle is being fought"
    if c.kind in OUTSIDE_BATTLE and battle is not None:
        return f"{c.kind.replace('_', ' ')} is a change outside a battle (LIB-TAB-9): the battle has laid out the lair and the trap cards already"
    if abs(c.amount) > MAX_AMOUNT:
        return f"an amount is at most {MAX_AMOUNT} either way, not {c.amount}"
    p = state.players[c.player]
    who = f"Player {c.player + 1}"
    if c.kind in ("damage", "heal"):
        party = party_of(state, c.player, battle)
        if c.target is None or not 0 <= c.target < len(party):
            return f"{who}'s party has {plural(len(party), 'adventurer')}: name one, 1 to {len(party)}" if party else f"{who}'s party is empty"
        if c.amount < 1:
            return f"the {'damage' if c.kind == 'damage' else 'healing'} is at least 1, not {c.amount}"
        a = party[c.target]
        if c.kind == "heal" and c.amount > a.damage:
            return f"adventurer {c.target + 1} of {who}'s party has {plural(a.damage, 'damage counter')}: it cannot lose {c.amount}"
        hp = battle.hit_points(a) if battle is not None else _printed_hit_points(a.key)
        if c.kind == "damage" and a.damage + c.amount >= hp:
            return (
                f"adventurer {c.target + 1} of {who}'s party has {hp - a.damage} hit points left: a table's ruling "
                "may not eliminate him (the referee's rules decide eliminations)"
            )
        return None
    if c.kind in ("withdraw", "knock_out"):
        if c.target is None or not 0 <= c.target < len(p.monsters):
            return f"{who} has {plural(len(p.monsters), 'monster')}: name one, 1 to {len(p.monsters)}" if p.monsters else f"{who} has no monster"
        if c.kind == "knock_out" and not p.monsters[c.target].ready:
            return f"monster {c.target + 1} of {who} is knocked out already"
        return None if not c.amount else f"{c.kind.replace('_', ' ')} takes no amount"
    if c.kind == "dismiss":  # SPE-14: remove a monster the player has
        if c.target is None or not 0 <= c.target < len(p.monsters):
            held = f"{who} has {plural(len(p.monsters), 'monster')}: name one, 1 to {len(p.monsters)}"
            return f"{held} (SPE-14)" if p.monsters else f"{who} has no monster to remove (SPE-14)"
        return None if not c.amount else "dismiss takes no amount (one monster leaves)"
    if c.kind == "discard_trap":  # SPE-14: discard a trap card the player holds (only the count is public)
        if c.target is None or not 0 <= c.target < len(p.traps):
            held = f"{who} holds {plural(len(p.traps), 'trap card')}: name one by its place in the hand, 1 to {len(p.traps)}"
            return f"{held} (SPE-14)" if p.traps else f"{who} holds no trap card to discard (SPE-14)"
        return None if not c.amount else "discard trap takes no amount (one trap card is discarded)"
    if c.target is not None:
        return f"a change of {c.kind} names no adventurer or monster"
    if c.kind in ("gold", "food", "imps", "evil"):
        if c.amount == 0:
            return f"a change of {c.kind} of 0 changes nothing"
        now = {"gold": p.gold, "food": p.food, "imps": p.imps, "evil": p.evil}[c.kind]
        after = now + c.amount
        if c.kind == "evil" and clamp_evil(after) != after:
            return f"{who}'s evil is {now}: moving it {c.amount:+d} leaves the evilometer (1 to 15)"
        if after < 0:
            return f"{who} has {now} {c.kind}: losing {-c.amount} would leave less than none"
        if c.kind == "imps" and after < p.busy_imps + p.foreimps:
            return f"{who} has {p.busy_imps + p.foreimps} imps at work: at most {now - p.busy_imps - p.foreimps} can be lost"
        return None
    if c.amount:
        return f"{c.kind.replace('_', ' ')} takes no amount"
    return None


def party_of(state: GameState, seat: int, battle: InBattle | None = None) -> tuple[Adventurer, ...]:
    """``seat``'s party as the ruling numbers it: in a battle as the combat
    phase sees it (the paladin at its head when he attacks that dungeon)."""
    return battle.party(state, seat) if battle is not None else state.players[seat].party


def _printed_hit_points(key: str) -> int:
    """An adventurer's printed hit points, outside a combat (no Create Food)."""
    tile = ADVENTURERS.get(key)
    if tile is not None:
        return tile.hp
    return next((p.hp for p in PALADINS.values() if p.key == key), 1)


def play(state: GameState, move: TableRuling, deck: str, key: str, battle: InBattle | None = None) -> GameState:
    """Apply ``move`` (already checked) and narrate it; in a ``battle`` the
    combat phase applies the kinds it owns (``BATTLE_KINDS``)."""
    if not narrating():
        for c in move.changes:
            state = _one_change(state, c, battle)
        return state
    said: list[str] = []
    with collecting() as followed:  # what the changes set off (the evil, the paladin) comes after the ruling
        for c in move.changes:
            said.append(describe(state, c, battle))  # each change as the changes before it left the game
            state = _one_change(state, c, battle)
    name = name_of(move, deck, key)
    announce(
        "table_ruling", f"The table applies {name}: {'; '.join(said) or 'no change'}.", None,
        card=name, deck=deck, changes=[_change_data(c) for c in move.changes],
    )  # fmt: skip
    for e in followed:
        announce(e.code, e.text, e.seat, **e.data)
    return state


def _change_data(c: Adjustment) -> dict[str, object]:
    """One change as the event's data gives it to every seat (LIB-TX-1): a
    discarded trap card's place in the hand is its owner's secret (LIB-TAB-9),
    so its ``target`` is null."""
    target = None if c.kind == "discard_trap" else c.target
    return {"kind": c.kind, "player": c.player, "amount": c.amount, "target": target}


def _one_change(state: GameState, c: Adjustment, battle: InBattle | None) -> GameState:
    if battle is not None and c.kind in BATTLE_KINDS:
        return battle.change(state, c)
    return _apply(state, c)


def describe(state: GameState, c: Adjustment, battle: InBattle | None = None) -> str:
    """One change in words, with the numbers it applies."""
    who = f"Player {c.player + 1}"
    if c.kind in ("damage", "heal"):
        a = party_of(state, c.player, battle)[c.target or 0]
        what = f"the {_adventurer_words(a.key)} (adventurer {(c.target or 0) + 1} of {who}'s party)"
        return f"{what} {'takes' if c.kind == 'damage' else 'heals'} {c.amount} damage"
    if c.kind in ("withdraw", "knock_out"):
        m = state.players[c.player].monsters[c.target or 0]
        verb = "is withdrawn face up" if c.kind == "withdraw" else "is knocked out (face down)"
        return f"{who}'s {MONSTERS[m.kind].name} (monster {(c.target or 0) + 1}) {verb}"
    if c.kind == "dismiss":
        m = state.players[c.player].monsters[c.target or 0]
        return f"{who}'s {MONSTERS[m.kind].name} (monster {(c.target or 0) + 1}) leaves for the Distant Lands"
    if c.kind == "discard_trap":  # every seat reads it: never which card, nor its place (LIB-TAB-9)
        return f"{who} discards a trap card face down, out of the game"
    if c.kind == "imps":
        return f"{who} {'gains' if c.amount > 0 else 'loses'} {plural(abs(c.amount), 'imp')}"
    if c.kind in ("gold", "food", "evil"):
        return f"{who} {'gains' if c.amount > 0 else 'loses'} {abs(c.amount)} {c.kind}"
    return f"{who}'s party {'does not heal' if c.kind == 'skip_healing' else 'does not conquer'} this round"


def _adventurer_words(key: str) -> str:
    """``warrior HP8``, ``paladin HP5``: an adventurer as the ruling names him
    (the words of ``render.adventurer_label``, which sits above the phases)."""
    tile = ADVENTURERS.get(key)
    if tile is not None:
        return f"{tile.cls.value} HP{tile.hp}"
    paladin = next((p for p in PALADINS.values() if p.key == key), None)
    return f"paladin HP{paladin.hp}" if paladin is not None else "illusion"


def _apply(state: GameState, c: Adjustment) -> GameState:
    """One change outside a battle's own bookkeeping (the checks are done)."""
    p = state.players[c.player]
    if c.kind in ("damage", "heal"):
        i = c.target or 0
        a = p.party[i]
        hurt = evolve(a, damage=a.damage + (c.amount if c.kind == "damage" else -c.amount))
        return update_player(state, c.player, party=p.party[:i] + (hurt,) + p.party[i + 1 :])
    if c.kind == "knock_out":
        i = c.target or 0
        return update_player(state, c.player, monsters=p.monsters[:i] + (Monster(p.monsters[i].kind, False),) + p.monsters[i + 1 :])
    if c.kind == "dismiss":  # SPE-14, LIB-TAB-9: to the Distant Lands, a troll's token with it; no Evil
        i = c.target or 0
        return evolve(state, players=replaced(state.players, c.player, without_monster(p, i)), far_lands=state.far_lands + (p.monsters[i].kind,))
    if c.kind == "discard_trap":  # SPE-14, LIB-TAB-9: face down, out of the game (SETUP-3)
        i = c.target or 0
        players = replaced(state.players, c.player, evolve(p, traps=p.traps[:i] + p.traps[i + 1 :]))
        return evolve(state, players=players, trap_discard=state.trap_discard + (p.traps[i],))
    if c.kind in ("gold", "food"):
        return update_player(state, c.player, **{c.kind: getattr(p, c.kind) + c.amount})
    if c.kind == "imps":
        imps = p.imps + c.amount
        return update_player(state, c.player, imps=imps)
    if c.kind == "evil":
        return move_evil(state, c.player, c.amount)  # the paladin checked after every space (PAL-5)
    return state  # the combat-only kinds: the combat phase applies them
