"""Events (EVT-1..3, EVT-PAY-1..3, EVT-TAX-1..3, EVT-SPECIAL-1, RUL-5, RUL-6,
RUL-9, RUL-10): the event revealed a round earlier happens now (not in winter,
RS-1), player by player from the first player (EVT-2, PAL-5).

- Payday: the acting player's Demons first, in the order he chooses (Y2-21),
  then each other monster (or ghost) in turn, in lair order, is paid
  (``PayMonster`` with ``pay=True``) or leaves for the far lands
  (``pay=False``); the +1 evil
  of every monster a player lets go comes after all of that player's wages
  (RUL-14), so it never blocks a wage. The paladin is checked after every
  single space of evil (PAL-5). A monster the player cannot pay leaves by
  itself (EVT-PAY-2: "won't or can't"); in the full game that includes an
  evil wage the marker has no room for (RES-10).
- Taxes: ⌈tiles / 2⌉ gold; the player chooses how much to pay (``PayTaxes``),
  one damage token per gold unpaid. A player with no gold pays nothing by itself.
- Year 2 (Y2-19..21, SPE-2): the Golem's wage also takes one of the player's
  trap cards (``PayMonster.trap``, discarded face down), the Demon's one of
  his other monsters not yet settled, not a ghost (``PayMonster.feed``), which
  leaves at once for the Distant Lands: a payment, so no +1 Evil for it
  (LIB-Y2-4). Settling the Demons first lets any monster be fed instead of
  paid, wherever it lies in the lair (Y2-21, EXAMPLES E6).
- Special event (EVT-SPECIAL-1, SPE-3..12): none in the first game; in the
  full game the year's card was turned up with its tile (round start) and is
  resolved now player by player as its component row says (``treat``):
  Embezzlement takes half of everyone's gold (rounded down, SPE-C-1), Witch
  Hunt asks each player to give up a monster or gain the Evil (``WitchHunt``,
  SPE-C-2), and a card whose text is not established (SPE-C-3..9) is
  announced and does nothing else (SPE-12).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, Final

from dlrules.components import EVENTS, MONSTERS, SPECIAL_EVENTS, MonsterKind, SpecialEventCard, announced_only
from dlrules.core.errors import Violation
from dlrules.core.known import leave
from dlrules.core.moves import Move, PayMonster, PayTaxes, TableRuling, WitchHunt
from dlrules.core.phases import PhaseRules, table
from dlrules.core.phases.common import announce, evil_cost_fits, evil_cost_violation, in_play_order, move_evil, narrating, plural, replaced, seat_only, turn_seat, without_monster
from dlrules.core.state import TABLE, GameState, Phase, PlayerState, Turn, evolve, setter


_DEMONS: Final[frozenset[str]] = frozenset(k for k, m in MONSTERS.items() if m.monster_cost)
"""Y2-20, Y2-21: the monster kinds whose wage is another monster (the Demon):
settled before the others. A table of the components, built once."""

_GHOSTS: Final[frozenset[str]] = frozenset(k for k, m in MONSTERS.items() if m.ghost)
"""Y2-20, SPE-9: the ghost kinds, never fed to a Demon nor given up to a Witch Hunt."""

_FRESH_TURNS: Final[tuple[Turn, ...]] = tuple(Turn(position=k) for k in range(8))
"""EVT-2: a fresh turn for each player position, shared between states
(records are immutable; see ``_fresh_turn``)."""


_with_turn: Final = setter(GameState, "turn")
_with_turn_phase: Final = setter(GameState, "turn", "phase")
_with_players_turn: Final = setter(GameState, "players", "turn")
_with_dismissal: Final = setter(GameState, "players", "far_lands", "turn")
_paid: Final = setter(PlayerState, "gold", "food")
_SET_GOLD: Final = setter(PlayerState, "gold")
_taxed: Final = setter(PlayerState, "gold", "damage_tokens")
_stepped: Final = setter(Turn, "step")
_dismissed: Final = setter(Turn, "dismissed", "settled")
"""The usual steps' copies, each with a fixed set of fields (``state.setter``: as ``evolve``, faster)."""


def _fresh_turn(position: int) -> Turn:
    """``Turn(position=position)``: the turn passes to the player at ``position``
    with nothing decided yet (EVT-2); the shared record when there is one."""
    return _FRESH_TURNS[position] if position < len(_FRESH_TURNS) else Turn(position=position)


def current_event(state: GameState) -> str | None:
    """RUL-9: the event revealed a round earlier for this round."""
    return state.events[state.round - 1]


def tax_due(player: PlayerState) -> int:
    """EVT-TAX-1, RUL-6: 1 gold per 2 tiles, rounded up, every tile counted."""
    return (len(player.dungeon.tiles) + 1) // 2


def feedable(player: PlayerState, index: int, settled: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Y2-20, Y2-21: the monsters the Demon at ``index`` may be fed: any other
    monster of the lair not yet settled (``settled``: the Demons paid already
    at this Pay Day), never a ghost. Of alike monsters (same kind, same side
    up) only the first is listed, as either has the same effect (LIB-REV-2)."""
    seen: set[tuple[str, bool]] = set()
    out = []
    for i, m in enumerate(player.monsters):
        if i == index or i in settled or m.kind in _GHOSTS:
            continue
        key = (m.kind, m.ready)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return tuple(out)


def deciding(player: PlayerState, turn: Turn) -> tuple[int, ...]:
    """Y2-21, LIB-EVT-1: the monsters the acting player may decide now. While
    he has a Demon not yet settled, those Demons, in the order he chooses
    (the first of alike ones, LIB-REV-2); then his next other monster in
    lair order from ``turn.step`` (every Demon left is settled by then); ()
    when all are decided."""
    monsters = player.monsters
    demons: list[int] = []
    seen: set[bool] = set()
    settled = turn.settled
    for i, m in enumerate(monsters):
        if m.kind in _DEMONS and i not in settled and m.ready not in seen:
            seen.add(m.ready)
            demons.append(i)
    if demons:
        return tuple(demons)
    for i in range(turn.step, len(monsters)):
        if monsters[i].kind not in _DEMONS:
            return (i,)
    return ()


def can_pay(
    player: PlayerState, kind: MonsterKind, variant: str = "first", index: int | None = None, settled: tuple[int, ...] = ()
) -> bool:
    """EVT-PAY-1/2: all or nothing; an evil wage can be paid at the top in the
    first game (RES-8), but must fit in the full game (RES-10). Year 2: the
    Golem's wage needs a trap card (Y2-19), the Demon's another monster that
    is not a ghost and not settled yet (Y2-20, Y2-21)."""
    return (
        player.gold >= kind.gold
        and player.food >= kind.food
        and evil_cost_fits(variant, player, kind.evil)
        and (not kind.trap_cost or bool(player.traps))
        and (not kind.monster_cost or bool(feedable(player, -1 if index is None else index, settled)))
    )


def _wages(seat: int, player: PlayerState, index: int, settled: tuple[int, ...]) -> tuple[PayMonster, ...]:
    """The ways to pay the monster at ``index`` (EVT-PAY-1, Y2-19, Y2-20, Y2-21)."""
    kind = MONSTERS[player.monsters[index].kind]
    if not kind.trap_cost and not kind.monster_cost:
        return _plain_wage(seat, index)  # the usual wage: gold, food or evil only
    traps: tuple[str | None, ...] = tuple(sorted(set(player.traps))) if kind.trap_cost else (None,)
    feeds: tuple[int | None, ...] = feedable(player, index, settled) if kind.monster_cost else (None,)
    return tuple(PayMonster(seat, index, True, t, f) for t in traps for f in feeds)


@functools.lru_cache(maxsize=256, typed=True)
def _plain_wage(seat: int, index: int) -> tuple[PayMonster, ...]:
    """EVT-PAY-1: the one way to pay a monster whose wage takes no card and
    no monster, shared between states (moves are immutable)."""
    return (PayMonster(seat, index, True),)


@functools.lru_cache(maxsize=256, typed=True)
def _let_go(seat: int, index: int) -> PayMonster:
    """EVT-PAY-2: ``PayMonster(seat, index, False)``, shared between states."""
    return PayMonster(seat, index, False)


def special_card(state: GameState) -> SpecialEventCard | None:
    """SPE-6, SPE-7: the year's special event card, in the full game; what
    it does is its component row (LIB-Y2-6)."""
    if state.variant != "full" or state.special_event is None:
        return None
    return SPECIAL_EVENTS[state.special_event]


def ruling_card(state: GameState) -> str | None:
    """LIB-TAB-8: the special event card the table rules on now, in a game
    set up with ``table_rulings``: one the referee cannot read (SPE-12), at
    its step, before anyone has resolved it; else None."""
    if not state.table_rulings or current_event(state) != "special" or state.turn is None or state.turn.position:
        return None
    card = special_card(state)
    return card.key if card is not None and announced_only("special", card.key) else None


def huntable(player: PlayerState) -> tuple[int, ...]:
    """SPE-C-2, SPE-9: the monsters a Witch Hunt may take, ghosts never; the
    first of each alike group (LIB-REV-2)."""
    return feedable(player, -1)


def _next_turn(state: GameState) -> Turn:
    """EVT-2: the next player in player order decides."""
    turn = state.turn
    assert turn is not None
    return _fresh_turn(turn.position + 1)


def _next_seat(state: GameState) -> GameState:
    return _with_turn(state, _next_turn(state))


def _payday_choices(state: GameState, seat: int, player: PlayerState, turn: Turn, now: tuple[int, ...]) -> tuple[Move, ...]:
    """EVT-PAY-1/2, Y2-19..21: for each monster decided ``now`` (every monster
    in the lair is decided in turn, those hired this round included: RUL-10),
    its wages when it can be paid, then letting it go; () when none can be
    paid (then each leaves by itself: no decision)."""
    moves: list[Move] = []
    payable = False
    for i in now:
        if can_pay(player, MONSTERS[player.monsters[i].kind], state.variant, i, turn.settled):  # EVT-PAY-1/2, Y2-19..21
            payable = True
            moves += _wages(seat, player, i, turn.settled)
        moves.append(_let_go(seat, i))
    return tuple(moves) if payable else ()


def _choices(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of the acting player, ``seat`` (``turn_seat``), when
    he has a real choice; () when he has none (``auto`` then steps)."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    event = current_event(state)
    if event == "payday":
        return _payday_choices(state, seat, player, turn, deciding(player, turn))
    if event == "taxes":
        return _tax_choices(seat, min(tax_due(player), player.gold)) if player.gold > 0 else ()
    card = special_card(state) if event == "special" else None
    if card is not None and card.treat == "witch-hunt":
        hunts = huntable(player)  # SPE-C-2: a player with no monster must gain the Evil
        return tuple([WitchHunt(seat, i) for i in hunts]) + (WitchHunt(seat, None),) if hunts else ()
    return ()


# --- who moves and what is legal ----------------------------------------------------

_TABLE_ONLY: Final[frozenset[int]] = frozenset({TABLE})
_NOBODY: Final[frozenset[int]] = frozenset()


def to_move(state: GameState) -> frozenset[int]:
    if ruling_card(state) is not None:
        return _TABLE_ONLY
    seat = turn_seat(state)
    if seat is None or not _choices(state, seat):  # (``auto`` leaves the seat for the engine as it lists the moves)
        return _NOBODY
    return seat_only(seat)


def legal(state: GameState) -> tuple[Move, ...]:
    if ruling_card(state) is not None:
        return (table.OFFERED,)
    seat = turn_seat(state)
    if seat is None:
        return ()
    return _choices(state, seat)


@functools.lru_cache(maxsize=256, typed=True)
def _tax_choices(seat: int, most: int) -> tuple[Move, ...]:
    """EVT-TAX-1, EVT-TAX-3: paying 0 to ``most`` gold, as a legal-move list
    shared between states (moves are immutable)."""
    return tuple([PayTaxes(seat, gold) for gold in range(most + 1)])


def explain(state: GameState, move: Move) -> tuple[Violation, ...]:
    if isinstance(move, TableRuling):
        key = ruling_card(state)
        return table.explain(state, move, None if key is None else "special", key)
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
        now = deciding(player, turn)
        if move.monster not in now:
            return (_order_violation(player, turn, move.monster, now),)
        kind = MONSTERS[player.monsters[move.monster].kind]
        found = _year_two_wage_violation(player, kind, move, turn.settled)
        if found is not None:
            return (found,)
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
    if isinstance(move, WitchHunt):
        return (_witch_hunt_violation(state, player, move),)
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


def _numbers(indices: Iterable[int]) -> str:
    """Monsters in a lair as people count them, from 1 (LIB-TV-2)."""
    return ", ".join(str(i + 1) for i in indices)


def _order_violation(player: PlayerState, turn: Turn, index: int, now: tuple[int, ...]) -> Violation:
    """Y2-21, LIB-EVT-1: which monsters are decided now, and why not ``index``."""
    kinds = [MONSTERS[m.kind] for m in player.monsters]
    asked = kinds[index].name
    if now and kinds[now[0]].monster_cost:
        if kinds[index].monster_cost and index in turn.settled:
            return Violation("Y2-21", f"the {asked} (monster {index + 1}) is paid already at this Pay Day")
        if kinds[index].monster_cost:
            return Violation("LIB-REV-2", f"alike Demons have the same effect: name the first of them (monster {_numbers(now)})")
        return Violation("Y2-21", f"a player's Demons are settled before his other monsters: decide the Demon first (monster {_numbers(now)}), not the {asked} (monster {index + 1})")
    if kinds[index].monster_cost:
        return Violation("Y2-21", f"the {asked} (monster {index + 1}) is settled already at this Pay Day")
    nxt = f"the {kinds[now[0]].name} (monster {now[0] + 1}) is next" if now else "every monster is decided"
    return Violation("EVT-PAY-1", f"monsters are paid one at a time in lair order, the Demons first (Y2-21); {nxt}, not monster {index + 1}")


def _year_two_wage_violation(player: PlayerState, kind: MonsterKind, move: PayMonster, settled: tuple[int, ...]) -> Violation | None:
    """Y2-19, Y2-20, Y2-21: the trap card and the fed monster of a wage."""
    if not move.pay:
        return None
    if kind.trap_cost:
        if not player.traps:
            return Violation("Y2-19", f"the {kind.name}'s wage is {kind.describe_cost()}; you hold no trap card: it leaves")
        if move.trap not in player.traps:
            held = ", ".join(sorted(set(player.traps)))
            return Violation("Y2-19", f"the {kind.name}'s wage includes one of your trap cards: name one you hold ({held})")
    elif move.trap is not None:
        return Violation("EVT-PAY-1", f"the {kind.name}'s wage takes no trap card")
    if kind.monster_cost:
        options = feedable(player, move.monster, settled)
        if not options:
            return Violation("Y2-20", f"the {kind.name}'s wage is another of your monsters not yet settled (not a ghost); you have none: it leaves")
        if move.feed is None or not 0 <= move.feed < len(player.monsters) or move.feed == move.monster:
            return Violation("Y2-21", f"the {kind.name}'s wage is another of your monsters: name which one leaves (one of {_numbers(options)})")
        fed = player.monsters[move.feed]
        if MONSTERS[fed.kind].ghost:
            return Violation("Y2-20", f"a ghost cannot be fed to the {kind.name}; name a monster (one of {_numbers(options)})")
        if move.feed in settled:
            return Violation("Y2-21", f"the {MONSTERS[fed.kind].name} (monster {move.feed + 1}) is paid already at this Pay Day and cannot be fed (one of {_numbers(options)})")
        if move.feed not in options:
            return Violation("LIB-REV-2", f"alike monsters have the same effect: name the first of them (one of {_numbers(options)})")
    elif move.feed is not None:
        return Violation("EVT-PAY-1", f"the {kind.name}'s wage takes no other monster; only the Demon's does")
    return None


def _witch_hunt_violation(state: GameState, player: PlayerState, move: WitchHunt) -> Violation:
    card = special_card(state)
    if current_event(state) != "special" or card is None or card.treat != "witch-hunt":
        what = card.name if card is not None and current_event(state) == "special" else "not the Witch Hunt"
        return Violation("SPE-7", f"this round's event is {what}: there is no witch hunt to answer")
    options = huntable(player)
    if move.monster is None:  # pragma: no cover - always listed when the player is asked
        return Violation("SPE-C-2", "you may always gain the Evil instead")
    if not 0 <= move.monster < len(player.monsters):
        return Violation("SPE-C-2", f"there is no monster {move.monster + 1} in your lair (you have {len(player.monsters)})")
    if MONSTERS[player.monsters[move.monster].kind].ghost:
        return Violation("SPE-9", "the Witch Hunt speaks of monsters: a ghost cannot be given up")
    return Violation("LIB-REV-2", f"alike monsters have the same effect: name the first of them (one of {_numbers(options)})")


# --- changes ------------------------------------------------------------------------------


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """EVT-1: the event happens now; EVT-2: decisions in player order from
    the first player."""
    event = current_event(state)
    if event is not None and event != "special":
        if narrating():
            announce("event", f"{EVENTS[event].name}!", None, event=event)
    card = special_card(state) if event == "special" else None
    if card is not None and narrating():
        announce("event", f"Special event: {card.name} ({card.effect}).", None, event="special", card=card.key)
    return _with_turn_phase(state, _FRESH_TURNS[0], state.phase if phase is None else phase)  # RS-2, in the same copy


def _wage(kind: MonsterKind) -> dict[str, int]:
    """Event data: a monster's wage (EVT-PAY-1), its non-zero parts."""
    parts = {"gold": kind.gold, "food": kind.food, "evil": kind.evil, "trap_cards": kind.trap_cost, "monsters": kind.monster_cost}
    return {k: v for k, v in parts.items() if v}


def _pay_monster(
    state: GameState, seat: int, index: int, pay: bool, trap: str | None = None, feed: int | None = None
) -> GameState:
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    monster = player.monsters[index]
    kind = MONSTERS[monster.kind]
    if pay:
        # EVT-PAY-1, EVT-PAY-3: upkeep = the cost on the tile; evil one space
        # at a time (``move_evil``, PAL-5), first: the gold, the food and the
        # trap card touch nothing the paladin looks at and are written after.
        if narrating():
            fed = f" ({MONSTERS[player.monsters[feed].kind].name} leaves with the Demon's wage)" if feed is not None else ""
            extra = {"fed": player.monsters[feed].kind} if feed is not None else {}
            announce("payday", f"Player {seat + 1} pays the {kind.name}: {kind.describe_cost()}{fed}.", seat, monster=monster.kind, paid=True, cost=_wage(kind), **extra)
        if kind.evil:  # EVT-PAY-3: the wage's evil moves the marker up
            state = move_evil(state, seat, kind.evil)
        if trap is None and not kind.monster_cost:  # the usual wage: one copy of the player, of the turn and of the state
            after = _paid(state.players[seat], player.gold - kind.gold, player.food - kind.food)
            return _with_players_turn(state, replaced(state.players, seat, after), _stepped(turn, index + 1))
        paid: dict[str, Any] = {"gold": player.gold - kind.gold, "food": player.food - kind.food}
        also: dict[str, Any] = {}
        if trap is not None:  # Y2-19: the Golem's trap card, face down out of the game (SETUP-3)
            traps = list(player.traps)
            traps.remove(trap)
            paid["traps"] = tuple(traps)
            also["trap_discard"] = state.trap_discard + (trap,)
        wage = replaced(state.players, seat, evolve(state.players[seat], **paid))
        if not kind.monster_cost:
            return evolve(state, players=wage, turn=evolve(turn, step=index + 1), **also)
        # Y2-21: the Demon is settled (it stays, and the lair order starts
        # once every Demon is); Y2-20: the fed monster leaves at once, no +1
        # evil (LIB-Y2-4)
        settled = turn.settled + (index,)
        if feed is None:  # pragma: no cover - a Demon's wage always names its meal
            return evolve(state, players=wage, turn=evolve(turn, settled=settled), **also)
        return _leave(evolve(state, players=wage, **also), seat, feed, "demon", turn=evolve(turn, settled=_shifted(settled, feed)))
    # EVT-PAY-2: it leaves for the far lands; a troll takes its token (ACT-MON-5).
    # Its +1 evil comes after all this player's wages (RUL-14): counted in the turn.
    if narrating():
        announce("payday", f"Player {seat + 1} does not pay the {kind.name}: it leaves for the Distant Lands (+1 evil after the wages).", seat, monster=monster.kind, paid=False)
    return _with_dismissal(
        state,
        replaced(state.players, seat, without_monster(player, index)),
        state.far_lands + (monster.kind,),
        _dismissed(turn, turn.dismissed + 1, _shifted(turn.settled, index)),
    )


def _shifted(settled: tuple[int, ...], gone: int) -> tuple[int, ...]:
    """The settled Demons' indices once the monster at ``gone`` (never a
    settled one) has left the lair."""
    if not settled:
        return settled  # no Demon settled (the usual case)
    return tuple([i - 1 if i > gone else i for i in settled])


def _leave(state: GameState, seat: int, index: int, why: str, **also: Any) -> GameState:
    """The monster at ``index`` leaves for the Distant Lands; a troll takes
    its token back (ACT-MON-5). No Evil: the caller decides that. ``why`` is
    what sends it: ``"demon"`` (Y2-20) or ``"witch-hunt"`` (SPE-C-2);
    ``also``: the caller's other changes to the state, in the same copy."""
    player = state.players[seat]
    monster = player.monsters[index]
    if narrating():
        cause = "fed to the Demon" if why == "demon" else "given up to the Witch Hunt"
        announce("leaves", f"Player {seat + 1}'s {MONSTERS[monster.kind].name} leaves for the Distant Lands ({cause}).", seat, monster=monster.kind, index=index, by=why)
    players = replaced(state.players, seat, without_monster(player, index))
    return evolve(state, players=players, far_lands=state.far_lands + (monster.kind,), **also)


def _embezzlement(state: GameState, seat: int) -> GameState:
    """SPE-C-1: the player loses half his gold, rounded down (keeps the
    larger half); nothing is ever unpaid, so no red marks (SPE-13)."""
    player = state.players[seat]
    lost = player.gold // 2
    if narrating():
        announce("embezzlement", f"Player {seat + 1} loses {lost} of {player.gold} gold (Embezzlement).", seat, card="embezzlement", gold=player.gold, lost=lost)
    return _with_players_turn(state, replaced(state.players, seat, _SET_GOLD(player, player.gold - lost)), _next_turn(state))


def _witch_hunt(state: GameState, seat: int, monster: int | None, evil: int) -> GameState:
    """SPE-C-2 (M; details L, LIB-Y2-5): give up the monster (to the Distant
    Lands, a troll's token with it, no +1 Evil: not a Pay Day dismissal) or
    gain the Evil, which stops at the top (SPE-8), the paladin checked after
    every space (PAL-5)."""
    if monster is not None:
        return _leave(state, seat, monster, "witch-hunt", turn=_next_turn(state))
    if narrating():
        announce("witch_hunt", f"Player {seat + 1} keeps their monsters and gains {evil} evil (Witch Hunt).", seat, card="witch-hunt", evil=evil)
    return _next_seat(move_evil(state, seat, evil))


def _dismissal_evil(state: GameState, seat: int) -> GameState:
    """RUL-14, EVT-PAY-2: once every wage of ``seat`` is settled, +1 evil per
    monster they let go: a gain, which stops at the top (RES-10), with the
    paladin checked after every single space (PAL-5). In both games
    (LIB-Y1-5). The caller then moves the turn on (a fresh ``Turn``, so the
    count of monsters let go starts again from 0)."""
    turn = state.turn
    assert turn is not None
    if not turn.dismissed:
        return state
    if narrating():
        announce("payday", f"Player {seat + 1} gains {turn.dismissed} evil for the {'monster' if turn.dismissed == 1 else 'monsters'} that left (RUL-14).", seat, evil=turn.dismissed)
    return move_evil(state, seat, turn.dismissed)


def _pay_taxes(state: GameState, seat: int, gold: int) -> GameState:
    """EVT-TAX-2: ``seat`` pays ``gold`` of the tax due (EVT-TAX-1) and takes a
    damage token for each gold of it not paid."""
    player = state.players[seat]
    due = tax_due(player)
    unpaid = due - gold
    if narrating():
        text = f"Player {seat + 1} pays {gold} of {due} gold in taxes"
        tokens = f" and takes {plural(unpaid, 'damage token')} (EVT-TAX-2)." if unpaid else "."
        announce("taxes", text + tokens, seat, due=due, gold=gold, damage_tokens=unpaid)
    player = _taxed(player, player.gold - gold, player.damage_tokens + unpaid)
    return _with_players_turn(state, replaced(state.players, seat, player), _next_turn(state))


def play(state: GameState, move: Move) -> GameState:
    if isinstance(move, PayMonster):
        return _pay_monster(state, move.seat, move.monster, move.pay, move.trap, move.feed)
    if isinstance(move, PayTaxes):
        return _pay_taxes(state, move.seat, move.gold)
    if isinstance(move, WitchHunt):
        card = special_card(state)
        assert card is not None
        return _witch_hunt(state, move.seat, move.monster, card.evil)
    assert isinstance(move, TableRuling)  # LIB-TAB-8: the table applies the card; nothing else happens
    key = ruling_card(state)
    assert key is not None
    return evolve(table.play(state, move, "special", key), turn=_fresh_turn(state.n_players))


def auto(state: GameState) -> GameState:
    """One forced step: the event announced, a monster that cannot be paid
    leaving, a player with no gold taxed, a player with nothing left passed;
    ``state`` itself when the acting player has a choice (its legal moves,
    listed here, are left for the engine: ``known.leave``)."""
    turn = state.turn
    players = state.players
    if turn is None or turn.position >= len(players):
        return state  # everyone has finished (``turn_seat`` is None): ``done``
    event = state.events[state.round - 1]  # RUL-9: ``current_event``, inline
    if event == "special" and state.table_rulings and ruling_card(state) is not None:
        return state  # LIB-TAB-8: the table rules on the card first (only ever a special event's)
    seat = in_play_order(state)[turn.position]  # EVT-2: ``turn_seat``, inline (a step per player and decision)
    player = players[seat]
    if event == "payday":
        now = deciding(player, turn)
        moves = _payday_choices(state, seat, player, turn, now)
        if moves:
            return leave(state, seat_only(seat), moves)  # a decision is due: who moves and the moves left for the engine
        if now:
            kind = MONSTERS[player.monsters[now[0]].kind]
            if narrating():
                announce("payday", f"Player {seat + 1} cannot pay the {kind.name} ({kind.describe_cost()}).", seat, monster=kind.key, paid=False, cost=_wage(kind), can_pay=False)
            return _pay_monster(state, seat, now[0], False)
        return _next_seat(_dismissal_evil(state, seat))
    moves = _choices(state, seat)
    if moves:
        return leave(state, seat_only(seat), moves)
    if event == "taxes":
        return _pay_taxes(state, seat, 0)
    if event == "special":
        card = special_card(state)
        if card is not None and card.treat == "embezzlement":
            return _embezzlement(state, seat)  # SPE-C-1
        if card is not None and card.treat == "witch-hunt":
            return _witch_hunt(state, seat, None, card.evil)  # SPE-C-2: no monster to give up
        if narrating():
            if state.variant == "first":
                announce("event", "Special event: the first game uses no special events (EVT-SPECIAL-1, SPE-3).", None, event="special", card=None)
            elif not state.special_events:
                announce("event", "Special event: this game is played without the special event cards, so nothing happens (SPE-3).", None, event="special", card=None)
            elif card is None:
                announce("event", "Special event: no card (the special deck is empty).", None, event="special", card=None)
            else:
                announce("event", f"{card.name[:1].upper()}{card.name[1:]}: its text is not established, so nothing else happens (SPE-12).", None, event="special", card=card.key)
    else:
        if narrating():
            announce("event", "No event this round.", None, event=None)
    return _with_turn(state, _fresh_turn(len(state.players)))  # everyone has finished (``n_players``)


def done(state: GameState) -> bool:
    turn = state.turn
    return turn is not None and turn.position >= len(state.players)  # ``n_players``, without the property's call


RULES: PhaseRules = PhaseRules(to_move, legal, explain, play, auto, done, turn_rule="EVT-2")
