"""The combat's automatic steps: setup, revealing the card, and a battle's
steps in order (CMB-4, CMB-BAT-1, CMB-BAT-3, CMB-REF-1).

Owns: combat setup (CMB-CARD-3, CMB-REF-1, CMB-PARTY-1, RS-2), passing lords with
nothing to plan (CMB-PLAN-1, CMB-END-3), revealing the round's card (CMB-CARD-4,
CMB-CARD-7, CMB-REV-1), starting a battle or finding none (CMB-BAT-1, CMB-END-5)
and running its steps: trap, fast spell, monsters, slow spell, healing,
conquest (CMB-4, CMB-BAT-3), each step taken from the modules below.

A run of automatic steps works on local values (``fight.Run``: the
players, the plans, the battle, the paladin) and writes the state once,
where a decision stops it (issue 25).
"""

from __future__ import annotations

from typing import Final

from dlrules.components import COMBAT_CARDS, PALADINS, Speed
from dlrules.core.dungeon import square_name
from dlrules.core.phases.combat.conquest import _last_steps
from dlrules.core.phases.combat.ending import _end_battle, _end_round
from dlrules.core.phases.combat.fight import _SET_LEFT_OVER, _SET_PLAN_TRAPS, _SET_STATE_FIGHT, Run, _card, _fight, _knocked_out, _open_tile_left
from dlrules.core.phases.combat.monsters import _cannot_attack, _stuck
from dlrules.core.phases.combat.party import _party_in
from dlrules.core.phases.combat.spells import _cast
from dlrules.core.phases.combat.traps import _trap
from dlrules.core.phases.common import announce, narrating, replaced, square_data
from dlrules.core.state import Adventurer, Battle, Decks, Fight, GameState, Phase, Plan, evolve, setter


_SET_STAGE_POSITION: Final = setter(Fight, "stage", "position")
_SET_STEP: Final = setter(Battle, "step")
_SET_TRAPS_SENT: Final = setter(Battle, "traps", "sent")
_SET_COMBAT_DECK: Final = setter(Decks, "combat")
_SET_PLAN_EMPTIED: Final = setter(Plan, "traps", "gold")
_FAST: Final = Speed.FAST
_SLOW: Final = Speed.SLOW
"""The spells' speeds as constants of this compiled module (read in every battle)."""
_SPEEDS: Final = {key: card.speed for key, card in COMBAT_CARDS.items()}
"""Each combat card's speed (CMB-1): a table of this compiled module, read in
every battle without an attribute read of the card (components are constants)."""


def _reveal(run: Run, card: str, *, drawn: bool) -> None:
    """CMB-REV-1, CMB-CARD-4, CMB-CARD-7: the round's card is turned face up
    and is public from now on (every seat has seen it)."""
    pos = run.round - 1
    run.spied = tuple([seen if pos in seen else tuple(sorted(seen + (pos,))) for seen in run.spied])
    if run.narrate:
        c = COMBAT_CARDS[card]
        announce("card", f"Combat round {run.round}: the card is {c.name} ({c.speed.value}, fatigue {c.fatigue}): {c.effect}.", None, card=card, round=run.round, speed=c.speed.value, fatigue=c.fatigue)
    run.stage, run.position = "battle", 0
    if drawn:
        decks = run.decks
        run.decks = _SET_COMBAT_DECK(decks, decks.combat.without(card))
        run.combat = replaced(run.combat, pos, card)


def _revealed(state: GameState, card: str, *, drawn: bool) -> GameState:
    """The state after the round's card is revealed (``_reveal``) and the
    battles' automatic steps after it (``_go_on``), written once."""
    run = Run(state)
    _reveal(run, card, drawn=drawn)
    _go_on(run)
    return run.written()


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """CMB-CARD-3, CMB-REF-1: combat setup; the year's paladin (the weaker in
    year 1, the stronger in year 2: PAL-10) is ready to fight with no damage
    (CMB-PARTY-1)."""
    n = state.n_players
    paladin = Adventurer(PALADINS[state.year].key)
    if narrating():
        announce("combat", f"Combat of year {state.year} begins: the four combat cards lie face down on rounds 1 to 4.", None, year=state.year)
    return evolve(state, fight=Fight(plans=(None,) * n, paladin=paladin), phase=state.phase if phase is None else phase)  # RS-2, in the same copy


def _step(state: GameState) -> GameState:
    """The next automatic step and those after it that cannot stop for a
    decision (``_go_on``); a round's card identified earlier is turned face
    up (CMB-REV-1)."""
    f = _fight(state)
    if f.stage == "reveal":
        card = _card(state)
        assert card is not None
        return _revealed(state, card, drawn=False)
    run = Run(state)
    if f.stage == "plan":
        _pass(run)  # changes only where the fight stands
        return _SET_STATE_FIGHT(state, _SET_STAGE_POSITION(f, run.stage, run.position))
    if f.stage == "battle":
        _battle_step(run)  # due even where a decision could be, when there is none (a party gone: CMB-BAT-3)
    _go_on(run)
    return run.written()


def _go_on(run: Run) -> None:
    """Run the automatic steps in a row on ``run``'s values, one battle after
    another (CMB-4), the end of the round and the next round's players with
    nothing to plan, until a decision may be due; the caller writes the
    state once (issue 25)."""
    while True:
        stage = run.stage
        if stage == "battle":
            if not _automatic(run.battle):
                return
            _battle_step(run)
        elif stage == "plan":
            _pass(run)
            return
        else:
            return


def _automatic(b: Battle | None) -> bool:
    """A battle step is due where no decision can be (``_battle_moves``)."""
    return b is None or (
        b.aiming is None
        and b.choosing is None
        and not (b.step == "monsters" and b.sent)
        and not (b.step == "trap" and len(b.traps) > 1)
    )


def _pass(run: Run) -> None:
    """Pass in one step every player with nothing to plan (CMB-PLAN-1); with
    nobody left to plan, the round's card is revealed next."""
    order = run.order
    plans = run.plans
    position = run.position
    while position < len(order):
        seat = order[position]
        if plans[seat] is None and _party_in(run, seat):
            p = run.players[seat]
            if p.prison or _open_tile_left(p.dungeon):
                break  # a decision (``legal``)
            if run.narrate:
                announce("release", f"Player {seat + 1} has no unconquered tile and an empty prison: nothing happens (CMB-END-3).", seat, adventurer=None, prisoner=None)
        position += 1
    if position >= len(order):
        run.stage, run.position = "reveal", 0
    else:
        run.position = position


def _battle_step(run: Run) -> None:
    """The battle at the next position in play order: started, or taken on
    from where it stands, its steps in order (CMB-4) until a decision stops
    it or it ends; after the round's last battle, the end of the round."""
    order = run.order
    plans = run.plans
    position = run.position
    while position < len(order) and plans[order[position]] is None:
        position += 1  # CMB-BAT-1: no plan, no battle
    if position >= len(order):
        _end_round(run)
        return
    seat = order[position]
    plan = plans[seat]
    assert plan is not None
    b = run.battle
    if b is None:
        b = _start_battle(run, seat, plan, position)
        if b is None:
            return  # CMB-END-5: no battle
        if len(b.traps) > 1:
            return  # the Labyrinth's order is asked (ChooseTrap)
    elif position != run.position:
        run.position = position
        return
    elif not _party_in(run, seat):
        _end_battle(run)  # CMB-BAT-3
        return
    step = b.step
    card = run.combat[run.round - 1]
    assert card is not None
    speed = _SPEEDS[card]  # the step of the round's spell
    if step == "trap":
        if b.traps:
            _trap(run, b.traps[0])
            b = run.at_battle()
            if b.traps or b.aiming is not None or not _party_in(run, seat):
                return  # the next trap, a dart's target (Target), or the battle stops (CMB-BAT-3)
        step = "fast"
    if step == "fast":
        step = "monsters"
        if speed is _FAST:
            if _cast(run, card) and _waiting(run, seat):  # a spell not cast changes nothing
                _at(run, step)
                return
    if step == "monsters":
        b = run.battle
        assert b is not None
        if b.sent:
            _at(run, step)
            stuck = _cannot_attack(run)
            if stuck is not None:
                _stuck(run, stuck)
            return  # the defender's monsters act (Attack)
        step = "slow"
    if step == "slow":
        step = "heal"
        if speed is _SLOW:
            if _cast(run, card) and _waiting(run, seat):
                _at(run, step)
                return
    _last_steps(run, seat, position)  # healing, conquest and the battle's end


_FRESH: Final = tuple([Battle(seat) for seat in range(4)])
"""A battle as it begins at each seat (``evolve`` copies it faster than ``Battle`` builds one)."""


def _waiting(run: Run, seat: int) -> bool:
    """A spell asks the defender something, or nobody is left (CMB-BAT-3)."""
    b = run.battle
    assert b is not None
    return b.choosing is not None or b.aiming is not None or not _party_in(run, seat)


def _at(run: Run, step: str) -> None:
    """The battle standing at ``step`` (where a decision stops it)."""
    b = run.at_battle()
    if b.step != step:
        run.battle = _SET_STEP(b, step)


def _start_battle(run: Run, seat: int, plan: Plan, position: int) -> Battle | None:
    """CMB-BAT-1 at ``position`` in play order: the battle begins, the trap
    cards moved from the plan to the battle, where they go off one by one;
    CMB-END-5 when the party is already gone: no battle, the next
    defender's turn."""
    if not _party_in(run, seat):
        p = run.players[seat]
        if run.narrate:
            announce(
                "no_battle",
                f"Player {seat + 1}'s party is gone before the battle: the trap cards come back unrevealed, the sent monsters are knocked out (CMB-END-5).",
                seat,
                tile=square_data(plan.tile),
                trap_cards=len(plan.traps),
                gold=plan.gold,
                monsters=[p.monsters[i].kind for i in plan.monsters],
            )
        run.players[seat] = _SET_LEFT_OVER(p, _knocked_out(p.monsters, plan.monsters), p.traps + plan.traps, p.gold + plan.gold)
        run.plans = replaced(run.plans, seat, _SET_PLAN_EMPTIED(plan, (), 0))
        run.position = position + 1
        return None
    if run.narrate:
        announce("battle", f"Battle in Player {seat + 1}'s dungeon at {square_name(plan.tile)}.", seat, tile=square_data(plan.tile), round=run.round)
    b = _FRESH[seat] if seat < len(_FRESH) else Battle(seat)
    traps = plan.traps
    sent = plan.monsters
    if traps or sent:
        b = _SET_TRAPS_SENT(b, traps, sent)
    run.battle = b
    run.position = position
    if traps:
        run.plans = replaced(run.plans, seat, _SET_PLAN_TRAPS(plan, ()))  # they are the battle's now
    return b
