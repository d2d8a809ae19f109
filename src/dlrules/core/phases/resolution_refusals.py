"""Resolution's refusals (RES-3, RES-5, RES-6, RES-10, ACT-DIG … ACT-ROOM,
Y2-3, Y2-20, LIB-REV-1, LIB-REV-2): why a move at the acting slot breaks a
rule, worded for the player; and the slots' costs, draws and choices that
the refusals share with ``resolution``'s legal moves (which imports them
from here). Apart from the rules of play, which are hot (the compiled build
compiles ``resolution``; only a refused move comes here)."""

from __future__ import annotations

import functools
from typing import Final

from dlrules.components import ACTION_ORDER, MONSTERS, ROOMS, SLOT_NAMES, Action, Cost, slot_spec
from dlrules.components.setup import COMBAT_CARDS_DEALT, Y2_EXTRA_TRAP_CARDS
from dlrules.core.dungeon import dig_violation, room_violation
from dlrules.core.errors import Violation
from dlrules.core.moves import BuildRoom, DigTunnel, DiscardTrap, Draw, FinishDigging, HireMonster, MineGold, Move, Spy, TakeAction
from dlrules.core.phases.common import evil_cost_violation
from dlrules.core.state import GameState, PlayerState, Resolution

# --- the slots' costs, draws and choices (shared with the legal moves) -----------------------


@functools.lru_cache(maxsize=256, typed=True)
def hire_cost(key: str, slot: int) -> Cost:
    """ACT-MON-2/3: the card's cost, plus slot III's extra food."""
    kind = MONSTERS[key]
    extra = slot_spec(Action.MONSTER, slot).cost
    return Cost(gold=kind.gold + extra.gold, food=kind.food + extra.food, evil=kind.evil + extra.evil)


def dismissable(player: PlayerState) -> tuple[int, ...]:
    """The Demon's cost (ACT-MON-2, LIB-REV-2, Y2-20): which of ``player``'s
    monsters may be named to leave: never a ghost; the first of each alike
    group (same kind, same side up), since sending away either of two alike
    monsters has the same effect."""
    return tuple(
        i for i, m in enumerate(player.monsters) if player.monsters.index(m) == i and not MONSTERS[m.kind].ghost
    )


def trap_draws(state: GameState, slot: int) -> int:
    """ACT-TRAP-1: the trap cards Buy Traps ``slot`` draws; year 2 draws
    ``Y2_EXTRA_TRAP_CARDS`` more, then the player discards one (Y2-3). The
    deck must hold the whole draw, the extra card included (LIB-Y1-4)."""
    extra = Y2_EXTRA_TRAP_CARDS.value if state.year == 2 else 0
    return slot_spec(Action.TRAPS, slot).reward.traps + extra


def spy_positions(state: GameState, seat: int) -> tuple[int, ...]:
    """ACT-REP-2, ACT-REP-3, LIB-REV-1, CMB-CARD-2: the positions of this
    year's face-down stack (CMB-CARD-1: 4 of its 9 cards, identified only when
    first seen, LIB-RES-3) ``seat`` may look at: every one not yet seen, and one already seen (the lowest). Looks at
    any of the cards already seen have the same effect (nothing new is learnt,
    ``spied`` is unchanged), so that look is listed once."""
    seen = state.spied[seat]
    if not seen:
        return _EVERY_POSITION
    lowest = min(seen)
    return tuple([p for p in _EVERY_POSITION if p not in seen or p == lowest])


_EVERY_POSITION: Final[tuple[int, ...]] = tuple(range(COMBAT_CARDS_DEALT.value))
"""The positions of the year's face-down combat cards (CMB-CARD-1)."""


def cost_violation(player: PlayerState, cost: Cost, what: str, variant: str = "first") -> Violation | None:
    """RES-5 (nothing to pay with) or RES-6 (only part of it): all or nothing;
    RES-10: an evil cost with no room on the evilometer (full game)."""
    if player.gold >= cost.gold and player.food >= cost.food:
        return evil_cost_violation(variant, player, cost.evil, what)
    has = f"you have {player.gold} gold and {player.food} food"
    partial = (cost.gold and player.gold > 0) or (cost.food and player.food > 0)
    if partial:
        return Violation("RES-6", f"{what} costs {cost.describe()}; {has}: all or nothing, no partial payment")
    return Violation("RES-5", f"{what} costs {cost.describe()}; {has}, so you can only decline")


# --- refusals ----------------------------------------------------------------------------


def _spy_slot(action: Action, slot: int) -> bool:
    return action is Action.REPUTATION and slot_spec(action, slot).reward.spy > 0


_TAKE_WITH: Final = {
    Action.FOOD: "TakeAction",
    Action.IMPS: "TakeAction",
    Action.TRAPS: "TakeAction",
    Action.DIG: "DigTunnel",
    Action.MINE: "MineGold",
    Action.MONSTER: "HireMonster",
    Action.ROOM: "BuildRoom",
}


def _expected(action: Action, slot: int) -> str:
    if action is Action.REPUTATION:
        return "Spy" if _spy_slot(action, slot) else "TakeAction"
    return _TAKE_WITH[action]


def refusal(state: GameState, move: Move, seat: int, r: Resolution, deck: str | None, where: str) -> Violation | None:
    """The rule ``move`` breaks (one), or None, with the minion of ``seat``
    acting at the cursor ``r`` (``where``: the slot for people) and ``deck``
    the deck chance turns a card from now, if any (``resolution.explain``)."""
    action = ACTION_ORDER[r.space]
    p = state.players[seat]
    if isinstance(move, Draw):
        rule = "ACT-REP-2" if deck == "combat" else "ACT-TRAP-1"
        if deck is not None and move.deck != deck:
            return Violation(rule, f"chance turns a card from the {deck} deck now, not from {move.deck}")
        return Violation(rule, f"{move.card!r} is not among the unseen cards of the {move.deck} deck")
    if r.discarding:
        if isinstance(move, DiscardTrap):
            held = ", ".join(sorted(set(p.traps))) or "none"
            return Violation("Y2-3", f"you hold no {move.trap!r} trap card to discard (you hold: {held})")
        return Violation("Y2-3", "in year 2 Buy Traps ends by discarding one trap card of your choice, face down (DiscardTrap)")
    if r.dug > 0:
        if isinstance(move, DigTunnel):
            return _dig_explain(state, seat, r, move)
        return Violation(
            "ACT-DIG-2", f"you have dug {r.dug} tunnel(s) on {where}: dig another (DigTunnel) or stop (FinishDigging)"
        )
    expected = _expected(action, r.slot)
    if type(move).__name__ != expected:
        if isinstance(move, FinishDigging) and action is Action.DIG:
            return Violation("ACT-DIG-4", "you have dug no tunnel: digging nothing is declining the order (Decline)")
        if isinstance(move, Spy) and action is Action.REPUTATION:
            return Violation("ACT-REP-2", f"{where} gives no spy look; take it with TakeAction or Decline")
        elif isinstance(move, TakeAction) and action is Action.REPUTATION:
            return Violation("ACT-REP-2", f"{where} includes a spy look: take it with Spy (a combat card, 1 to 4) or Decline")
        else:
            return Violation("RES-3", f"Player {seat + 1}'s minion acts on {where} now: take it with {expected} or Decline")
    spec = slot_spec(action, r.slot)
    if isinstance(move, TakeAction):
        found = cost_violation(p, spec.cost, where, state.variant)
        if found is None and action is Action.TRAPS:
            need, left = trap_draws(state, r.slot), state.decks.traps.size
            return Violation(
                "ACT-TRAP-1",
                f"{where} draws {need} trap card(s) but the trap deck has only {left} left: the slot cannot be "
                "taken (RES-6: no partial reward); Decline instead (RES-3)",
            )
        return found
    if isinstance(move, Spy):
        if not 0 <= move.position < COMBAT_CARDS_DEALT.value:
            return Violation("ACT-REP-2", f"there are {COMBAT_CARDS_DEALT.value} combat cards, 1 to {COMBAT_CARDS_DEALT.value}, not {move.position + 1}")
        found = cost_violation(p, spec.cost, where, state.variant)
        if found is not None or move.position in spy_positions(state, seat):
            return found
        seen = state.spied[seat]
        return Violation(
            "ACT-REP-3",
            f"you have already seen combat cards {', '.join(str(p + 1) for p in seen)}; another look at any of them "
            f"changes nothing, so it is the one move: spy on card {min(seen) + 1} (LIB-REV-1)",
        )
    if isinstance(move, DigTunnel):
        return _dig_explain(state, seat, r, move)
    if isinstance(move, MineGold):
        return _mine_explain(p, r.slot, move.imps)
    if isinstance(move, HireMonster):
        return _hire_explain(state, p, r.slot, move)
    if isinstance(move, BuildRoom):
        return _room_explain(state, p, r.slot, move)
    return None


def _dig_explain(state: GameState, seat: int, r: Resolution, move: DigTunnel) -> Violation | None:
    p = state.players[seat]
    reward = slot_spec(Action.DIG, r.slot).reward
    name = SLOT_NAMES[r.slot]
    if r.dug >= reward.imps_work:
        return Violation("ACT-DIG-1", f"slot {name} permits up to {reward.imps_work} tunnels; you have dug {r.dug}")
    need = 2 if reward.foreimp and r.dug == 0 else 1
    if p.free_imps < need <= p.free_imps + p.trolls - p.busy_trolls:  # the troll tokens would make up the count
        return Violation("PROD-2", f"digging needs {need} free imps; you have {p.free_imps}, and a troll token never digs nor stands in for an imp here")
    if need == 2 and p.free_imps < 2:
        return Violation("ACT-DIG-3", f"slot III needs a foreimp besides the digging imp: 2 free imps, you have {p.free_imps}")
    if p.free_imps < 1:
        return Violation("ACT-DIG-2", "each tunnel needs one free imp; you have none left (ACT-DIG-7: busy imps cannot dig)")
    return dig_violation(p.dungeon.squares, move.square)


def _mine_explain(p: PlayerState, slot: int, imps: int) -> Violation | None:
    reward = slot_spec(Action.MINE, slot).reward
    fore = 1 if reward.foreimp else 0
    tunnels = len(p.dungeon.unconquered_tunnels)
    if imps < 1:
        return Violation("ACT-MINE-6", "mining with no imps is not carrying out the order: Decline instead")
    if imps > reward.imps_work:
        return Violation("ACT-MINE-1", f"slot {SLOT_NAMES[slot]} permits up to {reward.imps_work} mining imps, not {imps}")
    if imps > tunnels:
        return Violation("ACT-MINE-4", f"at most one mining imp per unconquered tunnel: you have {tunnels} unconquered tunnels, not {imps}")
    if imps + fore > p.free_imps:
        extra = " plus a foreimp (ACT-MINE-6)" if fore else ""
        shortfall = f"{imps} mining imps{extra} need {imps + fore} free imps; you have {p.free_imps}"
        if imps + fore <= p.free_imps + p.trolls - p.busy_trolls:  # the troll tokens would make up the count
            return Violation("PROD-2", f"{shortfall}, and a troll token never mines gold nor stands in for an imp here")
        if imps <= p.free_imps:  # enough for the miners: it is slot III's foreimp that is missing
            return Violation("ACT-MINE-6", f"{shortfall}: on slot III the foreimp is needed besides the mining imps")
        return Violation("ACT-MINE-5", f"{shortfall} (busy imps do one job a round)")
    return None


def _hire_explain(state: GameState, p: PlayerState, slot: int, move: HireMonster) -> Violation | None:
    if move.monster not in state.tavern:
        offer = ", ".join(MONSTERS[k].name for k in state.tavern) or "nothing"
        return Violation("ACT-MON-2", f"{move.monster!r} is not in the tavern; it offers {offer}")
    kind = MONSTERS[move.monster]
    cost = hire_cost(move.monster, slot)
    if p.gold >= cost.gold and p.food >= cost.food:
        found = evil_cost_violation(state.variant, p, cost.evil, f"the {kind.name}")
        if found is not None:
            return found
    else:
        extra = " (with slot III's extra food)" if slot == 2 else ""
        return Violation(
            "ACT-MON-4", f"the {kind.name} costs {cost.describe()}{extra}; you have {p.gold} gold and {p.food} food"
        )
    if kind.trap_cost and not p.traps:
        return Violation("ACT-MON-4", f"the {kind.name} also costs one of your trap cards; you hold none")
    if kind.trap_cost and move.trap not in p.traps:
        held = ", ".join(sorted(set(p.traps))) or "none"
        return Violation("ACT-MON-2", f"the {kind.name} also costs one of your trap cards; name one you hold (you hold: {held})")
    if not kind.trap_cost and move.trap is not None:
        return Violation("ACT-MON-2", f"the {kind.name} costs no trap card")
    if kind.monster_cost:
        if not dismissable(p):
            return Violation("Y2-20", f"the {kind.name} costs another of your monsters (not a ghost), which leaves; you have none")
        if move.dismiss is None or not 0 <= move.dismiss < len(p.monsters):
            return Violation(
                "ACT-MON-2", f"the {kind.name} costs another of your monsters: name which leaves (1 to {len(p.monsters)})"
            )
        if MONSTERS[p.monsters[move.dismiss].kind].ghost:
            return Violation("Y2-20", f"a ghost cannot be given to the {kind.name}; name one of your monsters")
        if move.dismiss not in dismissable(p):
            first = p.monsters.index(p.monsters[move.dismiss])
            return Violation(
                "ACT-MON-2",
                f"your monsters {first + 1} and {move.dismiss + 1} are alike ({MONSTERS[p.monsters[first].kind].name}); "
                f"either leaving has the same effect, so name the first, {first + 1} (LIB-REV-2)",
            )
    elif move.dismiss is not None:
        return Violation("ACT-MON-2", f"the {kind.name} costs no other monster; only the Demon's cost dismisses one")
    return None


def _room_explain(state: GameState, p: PlayerState, slot: int, move: BuildRoom) -> Violation | None:
    if move.room not in state.room_shop:
        if not state.room_shop:
            return Violation("ACT-ROOM-2", "no room is left in the shop (slots III and II bought both)")
        offer = ", ".join(ROOMS[k].name for k in state.room_shop)
        return Violation("ACT-ROOM-1", f"{move.room!r} is not on offer; the room shop offers {offer}")
    found = cost_violation(p, slot_spec(Action.ROOM, slot).cost, f"Build Room {SLOT_NAMES[slot]}")
    if found is not None:
        return found
    return room_violation(p.dungeon, move.room, move.square)
