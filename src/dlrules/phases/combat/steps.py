"""The combat's automatic steps: setup, revealing the card, and a battle's
steps in order (CMB-4, CMB-BAT-1, CMB-BAT-3, CMB-REF-1).

Owns: combat setup (CMB-CARD-3, CMB-REF-1, CMB-PARTY-1, RS-2), passing lords with
nothing to plan (CMB-PLAN-1, CMB-END-3), revealing the round's card (CMB-CARD-4,
CMB-CARD-7, CMB-REV-1), starting a battle or finding none (CMB-BAT-1, CMB-END-5)
and running its steps: trap, fast spell, monsters, slow spell, healing,
conquest (CMB-4, CMB-BAT-3), each step taken from the modules below.

During a run of automatic steps the battle travels as an argument (``b``):
``state.fight.battle`` is written only where a decision stops the run.
"""

from __future__ import annotations

from dlrules.components import COMBAT_CARDS, PALADINS, Speed
from dlrules.dungeon import square_name
from dlrules.phases.combat.conquest import _last_steps
from dlrules.phases.combat.ending import _end_battle, _end_round
from dlrules.phases.combat.fight import _battle, _card, _fight, _knocked_out, _open_tile_left
from dlrules.phases.combat.monsters import _cannot_attack, _stuck
from dlrules.phases.combat.party import party
from dlrules.phases.combat.spells import _cast
from dlrules.phases.combat.traps import _trap
from dlrules.phases.common import announce, narrating, replaced, square_data
from dlrules.state import Adventurer, Battle, Fight, GameState, Phase, Plan, evolve


def _reveal(state: GameState, card: str, *, drawn: bool) -> GameState:
    """CMB-REV-1, CMB-CARD-4, CMB-CARD-7: the round's card is turned face up
    and is public from now on (every seat has seen it)."""
    f = _fight(state)
    pos = f.round - 1
    spied = tuple([seen if pos in seen else tuple(sorted(seen + (pos,))) for seen in state.spied])
    c = COMBAT_CARDS[card]
    if narrating():
        announce("card", f"Combat round {f.round}: the card is {c.name} ({c.speed.value}, fatigue {c.fatigue}): {c.effect}.", None, card=card, round=f.round, speed=c.speed.value, fatigue=c.fatigue)
    fight = evolve(f, stage="battle", position=0)
    if drawn:
        decks = evolve(state.decks, combat=state.decks.combat.without(card))
        combat = replaced(state.combat, pos, card)
        return evolve(state, spied=spied, fight=fight, decks=decks, combat=combat)
    return evolve(state, spied=spied, fight=fight)


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """CMB-CARD-3, CMB-REF-1: combat setup; the year's paladin is ready to
    fight with no damage (CMB-PARTY-1)."""
    n = state.n_players
    paladin = Adventurer(PALADINS[state.year].key)
    if narrating():
        announce("combat", f"Combat of year {state.year} begins: the four combat cards lie face down on rounds 1 to 4.", None, year=state.year)
    return evolve(state, fight=Fight(plans=(None,) * n, paladin=paladin), phase=state.phase if phase is None else phase)  # RS-2, in the same copy


def _step(state: GameState) -> GameState:
    f = _fight(state)
    order = state.player_order()
    if f.stage == "plan":
        # Pass in one step every player with nothing to plan (CMB-PLAN-1).
        position = f.position
        while position < len(order):
            seat = order[position]
            if party(state, seat) and f.plans[seat] is None:
                p = state.players[seat]
                if p.prison or _open_tile_left(p.dungeon):
                    break  # a decision (``legal``)
                if narrating():
                    announce("release", f"Player {seat + 1} has no unconquered tile and an empty prison: nothing happens (CMB-END-3).", seat, adventurer=None, prisoner=None)
            position += 1
        if position >= len(order):
            return evolve(state, fight=evolve(f, stage="reveal", position=0))
        return evolve(state, fight=evolve(f, position=position))
    if f.stage == "reveal":
        card = _card(state)
        assert card is not None
        return _reveal(state, card, drawn=False)
    position = f.position
    while position < len(order) and f.plans[order[position]] is None:
        position += 1  # CMB-BAT-1: no plan, no battle
    if position >= len(order):
        return _end_round(state)
    seat = order[position]
    plan = f.plans[seat]
    assert plan is not None
    b = f.battle
    if b is None:
        state, b = _start_battle(state, seat, plan, position)
        if b is None:
            return state  # CMB-END-5: no battle
        if b.traps:
            state = _hold(state, b, position)  # the trap cards go off from the battle
            if len(b.traps) > 1:
                return state  # the Labyrinth's order is asked (ChooseTrap)
    elif position != f.position:
        return evolve(state, fight=evolve(f, position=position))
    elif not party(state, seat):
        return _end_battle(state, stopped=True)  # CMB-BAT-3
    # CMB-4: the steps in order; consecutive automatic steps run in one go on
    # the battle ``b`` and the state; the battle (and its step) is written
    # only where a decision stops it (``_hold``), or not at all when it ends.
    step = b.step
    card = _card(state)
    assert card is not None
    speed = COMBAT_CARDS[card].speed  # the step of the round's spell
    if step == "trap":
        if b.traps:
            state = _trap(state, b.traps[0])
            b = _battle(state)
            if b.traps or b.aiming is not None or not party(state, seat):
                return state  # the next trap, a dart's target (Target), or the battle stops (CMB-BAT-3)
        step = "fast"
    if step == "fast":
        step = "monsters"
        if speed is Speed.FAST:
            state, b = _cast(state, b, card, plan)
            if _waiting(state, seat, b):
                return _hold(state, _at(b, step), position)
    if step == "monsters":
        if b.sent:
            b = _at(b, step)
            state = _hold(state, b, position)
            stuck = _cannot_attack(state, b)
            if stuck is not None:
                return _stuck(state, b, stuck)
            return state  # the defender's monsters act (Attack)
        step = "slow"
    if step == "slow":
        step = "heal"
        if speed is Speed.SLOW:
            state, b = _cast(state, b, card, plan)
            if _waiting(state, seat, b):
                return _hold(state, _at(b, step), position)
    return _last_steps(state, seat, b, position)  # healing, conquest and the battle's end, written once


def _hold(state: GameState, b: Battle, position: int) -> GameState:
    """The state with the battle ``b`` at ``position`` in play order written,
    its trap cards taken from the plan (CMB-BAT-1), if it is not yet."""
    f = _fight(state)
    if f.battle is b:
        return state
    plans = f.plans
    plan = plans[b.seat]
    if plan is not None and plan.traps:
        plans = replaced(plans, b.seat, evolve(plan, traps=()))
    return evolve(state, fight=evolve(f, plans=plans, position=position, battle=b))


def _waiting(state: GameState, seat: int, b: Battle) -> bool:
    """A spell asks the defender something, or nobody is left (CMB-BAT-3)."""
    return b.choosing is not None or b.aiming is not None or not party(state, seat)


def _at(b: Battle, step: str) -> Battle:
    """The battle ``b`` standing at ``step`` (where a decision stops it)."""
    return b if b.step == step else evolve(b, step=step)


def _start_battle(state: GameState, seat: int, plan: Plan, position: int) -> tuple[GameState, Battle | None]:
    """CMB-BAT-1 at ``position`` in play order: the battle begins (written
    by ``_hold`` if a decision stops it); CMB-END-5 when the party is
    already gone: no battle, and that is written at once."""
    f = _fight(state)
    p = state.players[seat]
    if not party(state, seat):
        if narrating():
            announce(
                "no_battle",
                f"Player {seat + 1}'s party is gone before the battle: the trap cards come back unrevealed, the sent monsters are knocked out (CMB-END-5).",
                seat,
                tile=square_data(plan.tile),
                trap_cards=len(plan.traps),
                gold=plan.gold,
                monsters=[p.monsters[i].kind for i in plan.monsters],
            )
        player = evolve(p, traps=p.traps + plan.traps, gold=p.gold + plan.gold, monsters=_knocked_out(p.monsters, plan.monsters))
        players = replaced(state.players, seat, player)
        plans = replaced(f.plans, seat, evolve(plan, traps=(), gold=0))
        return evolve(state, players=players, fight=evolve(f, plans=plans, position=position + 1)), None  # one copy
    if narrating():
        announce("battle", f"Battle in Player {seat + 1}'s dungeon at {square_name(plan.tile)}.", seat, tile=square_data(plan.tile), round=f.round)
    # The trap cards move from the plan to the battle, where they go off one by one.
    return state, Battle(seat, traps=plan.traps, sent=plan.monsters)
