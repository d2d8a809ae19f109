"""Events (EVT-1..3, EVT-PAY-1..3, EVT-TAX-1..3, EVT-SPECIAL-1, RUL-5, RUL-6,
RUL-9, RUL-10): the event revealed a round earlier happens now (not in winter,
RS-1), player by player from the first player (EVT-2, PAL-5).

- Payday: each monster (or ghost) in turn, in lair order, is paid (``PayMonster``
  with ``pay=True``) or leaves for the far lands (``pay=False``); the +1 evil
  of every monster a player lets go comes after all of that player's wages
  (RUL-14), so it never blocks a wage. The paladin is checked after every
  single space of evil (PAL-5). A monster the player cannot pay leaves by
  itself (EVT-PAY-2: "won't or can't"); in the full game that includes an
  evil wage the marker has no room for (RES-10).
- Taxes: ⌈tiles / 2⌉ gold; the player chooses how much to pay (``PayTaxes``),
  one damage token per gold unpaid. A player with no gold pays nothing by itself.
- Special event: none in the first game; in the full game the year's card was
  turned up with its tile (round start), and its effect is NOT implemented:
  the card texts are not established (SPE, LIB-6). The referee
  says so when the event comes up.
"""

from __future__ import annotations

from dlrules.components import EVENTS, MONSTERS, SPECIAL_EVENTS, MonsterKind
from dlrules.errors import Violation
from dlrules.moves import Move, PayMonster, PayTaxes
from dlrules.phases import PhaseRules
from dlrules.phases.common import (
    announce,
    evil_cost_fits,
    evil_cost_violation,
    move_evil,
    narrating,
    plural,
    turn_seat,
    update_player,
)
from dlrules.state import GameState, PlayerState, Turn, evolve


def current_event(state: GameState) -> str | None:
    """RUL-9: the event revealed a round earlier for this round."""
    return state.events[state.round - 1]


def tax_due(player: PlayerState) -> int:
    """EVT-TAX-1, RUL-6: 1 gold per 2 tiles, rounded up, every tile counted."""
    return (len(player.dungeon.tiles) + 1) // 2


def unsupported_upkeep(kind: MonsterKind) -> bool:
    """A year-2 upkeep of a trap card (Golem) or another monster (Demon): its
    payment needs a choice no move carries yet (year 2 is a later issue), so
    paying it is refused as not implemented (LIB-EVT-3)."""
    return bool(kind.trap_cost or kind.monster_cost)


def can_pay(player: PlayerState, kind: MonsterKind, variant: str = "first") -> bool:
    """EVT-PAY-1/2: all or nothing; an evil wage can be paid at the top in the
    first game (RES-8), but must fit in the full game (RES-10)."""
    return (
        player.gold >= kind.gold
        and player.food >= kind.food
        and evil_cost_fits(variant, player, kind.evil)
        and not unsupported_upkeep(kind)
    )


def _next_seat(state: GameState) -> GameState:
    turn = state.turn
    assert turn is not None
    return evolve(state, turn=Turn(position=turn.position + 1))


def _decision_due(state: GameState) -> bool:
    """The acting player has a real choice now (otherwise ``auto`` steps)."""
    seat = turn_seat(state)
    turn = state.turn
    if seat is None or turn is None:
        return False
    player = state.players[seat]
    event = current_event(state)
    if event == "payday":
        if turn.step >= len(player.monsters):
            return False
        kind = MONSTERS[player.monsters[turn.step].kind]
        # A year-2 upkeep the library cannot take yet (LIB-EVT-3) is left to the
        # player (dismiss, or be told paying is not implemented), never decided silently.
        return can_pay(player, kind, state.variant) or unsupported_upkeep(kind)
    if event == "taxes":
        return player.gold > 0
    return False


# --- who moves and what is legal ----------------------------------------------------


def to_move(state: GameState) -> frozenset[int]:
    seat = turn_seat(state)
    return frozenset({seat}) if seat is not None and _decision_due(state) else frozenset()


def legal(state: GameState) -> tuple[Move, ...]:
    if not _decision_due(state):
        return ()
    seat = turn_seat(state)
    turn = state.turn
    assert seat is not None and turn is not None
    player = state.players[seat]
    if current_event(state) == "payday":
        kind = MONSTERS[player.monsters[turn.step].kind]
        pay = (PayMonster(seat, turn.step, True),) if can_pay(player, kind, state.variant) else ()
        return pay + (PayMonster(seat, turn.step, False),)
    return tuple(PayTaxes(seat, gold) for gold in range(min(tax_due(player), player.gold) + 1))


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    event = current_event(state)
    name = EVENTS[event].name if event is not None else "no event"
    player = state.players[move.seat]
    turn = state.turn
    if isinstance(move, PayMonster):
        if event != "payday":
            return (Violation("EVT-1", f"this round's event is {name}, not Payday"),)
        assert turn is not None
        if not 0 <= move.monster < len(player.monsters):
            return (Violation("EVT-PAY-1", f"there is no monster {move.monster + 1} in your lair (you have {len(player.monsters)})"),)
        nxt = MONSTERS[player.monsters[turn.step].kind].name
        if move.monster != turn.step:
            return (
                Violation("EVT-PAY-1", f"monsters are paid one at a time in lair order; the {nxt} (monster {turn.step + 1}) is next, not monster {move.monster + 1}"),
            )
        kind = MONSTERS[player.monsters[turn.step].kind]
        if unsupported_upkeep(kind):
            return (
                Violation(
                    "LIB-EVT-3",
                    f"paying the {kind.name}'s upkeep ({kind.describe_cost()}) is not implemented by this version of dlrules yet (year 2)",
                ),
            )
        if player.gold >= kind.gold and player.food >= kind.food:
            found = evil_cost_violation(state.variant, player, kind.evil, f"the {kind.name}'s wage")
            if found is not None:
                return (found,)
        return (
            Violation(
                "EVT-PAY-2",
                f"the {kind.name}'s upkeep is {kind.describe_cost()}; you have {player.gold} gold and {player.food} food: it leaves",
            ),
        )
    if isinstance(move, PayTaxes):
        if event != "taxes":
            return (Violation("EVT-1", f"this round's event is {name}, not Taxes"),)
        due = tax_due(player)
        if move.gold < 0:
            return (Violation("EVT-TAX-3", f"you cannot pay a negative amount ({move.gold})"),)
        if move.gold > due:
            return (Violation("EVT-TAX-1", f"your tax is {due} gold ({len(player.dungeon.tiles)} tiles); you cannot pay {move.gold}"),)
        return (Violation("EVT-TAX-1", f"you have {player.gold} gold; you cannot pay {move.gold}"),)
    return ()


# --- changes ------------------------------------------------------------------------------


def enter(state: GameState) -> GameState:
    """EVT-1: the event happens now; EVT-2: decisions in player order from
    the first player."""
    event = current_event(state)
    if event is not None and event != "special":
        if narrating():
            announce("event", f"{EVENTS[event].name}!", None, event=event)
    return evolve(state, turn=Turn(position=0))


def _wage(kind: MonsterKind) -> dict[str, int]:
    """Event data: a monster's wage (EVT-PAY-1), its non-zero parts."""
    parts = {"gold": kind.gold, "food": kind.food, "evil": kind.evil, "trap_cards": kind.trap_cost, "monsters": kind.monster_cost}
    return {k: v for k, v in parts.items() if v}


def _pay_monster(state: GameState, seat: int, index: int, pay: bool) -> GameState:
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    monster = player.monsters[index]
    kind = MONSTERS[monster.kind]
    if pay:
        # EVT-PAY-1, EVT-PAY-3: upkeep = the cost on the tile; evil one space at a time.
        if narrating():
            announce("payday", f"Player {seat + 1} pays the {kind.name}: {kind.describe_cost()}.", seat, monster=monster.kind, paid=True, cost=_wage(kind))
        state = update_player(state, seat, gold=player.gold - kind.gold, food=player.food - kind.food)
        state = move_evil(state, seat, kind.evil)
        return evolve(state, turn=evolve(turn, step=index + 1))
    # EVT-PAY-2: it leaves for the far lands; a troll takes its token (ACT-MON-5).
    # Its +1 evil comes after all this player's wages (RUL-14): counted in the turn.
    monsters = player.monsters[:index] + player.monsters[index + 1 :]
    trolls = sum(1 for m in monsters if m.kind == "troll")
    if narrating():
        announce("payday", f"Player {seat + 1} does not pay the {kind.name}: it leaves for the far lands (+1 evil after the wages).", seat, monster=monster.kind, paid=False)
    state = update_player(state, seat, monsters=monsters, busy_trolls=min(player.busy_trolls, trolls))
    return evolve(state, far_lands=state.far_lands + (monster.kind,), turn=evolve(turn, dismissed=turn.dismissed + 1))


def _dismissal_evil(state: GameState, seat: int) -> GameState:
    """RUL-14, EVT-PAY-2: once every wage of ``seat`` is settled, +1 evil per
    monster they let go: a gain, which stops at the top (RES-10), with the
    paladin checked after every single space (PAL-5). In both games
    (LIB-Y1-5)."""
    turn = state.turn
    assert turn is not None
    if not turn.dismissed:
        return state
    if narrating():
        announce("payday", f"Player {seat + 1} gains {turn.dismissed} evil for the {'monster' if turn.dismissed == 1 else 'monsters'} that left (RUL-14).", seat, evil=turn.dismissed)
    return move_evil(evolve(state, turn=evolve(turn, dismissed=0)), seat, turn.dismissed)


def _pay_taxes(state: GameState, seat: int, gold: int) -> GameState:
    player = state.players[seat]
    due = tax_due(player)
    unpaid = due - gold
    text = f"Player {seat + 1} pays {gold} of {due} gold in taxes"
    if narrating():
        tokens = f" and takes {plural(unpaid, 'damage token')} (EVT-TAX-2)." if unpaid else "."
        announce("taxes", text + tokens, seat, due=due, gold=gold, damage_tokens=unpaid)
    state = update_player(state, seat, gold=player.gold - gold, damage_tokens=player.damage_tokens + unpaid)
    return _next_seat(state)


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, PayMonster):
        return _pay_monster(state, move.seat, move.monster, move.pay)
    assert isinstance(move, PayTaxes)
    return _pay_taxes(state, move.seat, move.gold)


def auto(state: GameState) -> GameState:
    """One forced step: the event announced, a monster that cannot be paid
    leaving, a player with no gold taxed, a player with nothing left passed."""
    turn = state.turn
    seat = turn_seat(state)
    if turn is None or seat is None or _decision_due(state):
        return state
    event = current_event(state)
    player = state.players[seat]
    if event == "payday":
        if turn.step < len(player.monsters):
            kind = MONSTERS[player.monsters[turn.step].kind]
            if narrating():
                announce("payday", f"Player {seat + 1} cannot pay the {kind.name} ({kind.describe_cost()}).", seat, monster=kind.key, paid=False, cost=_wage(kind), can_pay=False)
            return _pay_monster(state, seat, turn.step, False)
        return _next_seat(_dismissal_evil(state, seat))
    if event == "taxes":
        return _pay_taxes(state, seat, 0)
    # EVT-SPECIAL-1: no special events in the first game; the full game's card
    # texts are not established (SPE), so the card has no effect yet (LIB-6).
    if event == "special":
        if state.variant == "first":
            if narrating():
                announce("event", "Special event: the first game uses no special events (EVT-SPECIAL-1).", None, event="special", card=None)
        else:
            card = state.special_event
            name = SPECIAL_EVENTS[card].name if card is not None else "no card (the special deck is empty)"
            if narrating():
                announce(
                    "event",
                    f"Special event: {name}. Its text is not established (SPE-12), "
                    "so dlrules does not implement its effect: nothing happens (LIB-6).",
                    None,
                    event="special",
                    card=card,
                )
    else:
        if narrating():
            announce("event", "No event this round.", None, event=None)
    return evolve(state, turn=Turn(position=state.n_players))


def done(state: GameState) -> bool:
    return state.turn is not None and state.turn.position >= state.n_players


RULES = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="EVT-2")
