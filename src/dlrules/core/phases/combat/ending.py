"""The end of a battle, of a combat round and of the combat (CMB-EOR-1..3,
CMB-END-1..2, CMB-END-4, CMB-9).

Owns: the Poisoned Dart's later damage at the end of the combat round, after
its last battle, also on a paladin who moved on (CMB-EOR-1, CMB-EOR-2, CMB-4,
LIB-CMB-6, LIB-RC-1, PAL-7; eliminated into the prison where he then is,
CMB-8), a battle stopped for want of a party (CMB-BAT-3)
and the next defender's turn (CMB-BAT-1), monsters that did not act
and traps not revealed (CMB-MON-8, CMB-TRAP-9), the next round or the end
(CMB-EOR-3, CMB-END-1), and survivors leaving for the Distant Lands with every
monster face up again (CMB-END-2, CMB-END-4, CMB-9).
"""

from __future__ import annotations

from typing import Final

from dlrules.components.combat import COMBAT_ROUNDS
from dlrules.core.phases.combat.fight import _SET_LEFT_OVER, _SET_READY, Run, _left_over, ground_of
from dlrules.core.phases.combat.party import _SET_PARTY, _SET_POISON, _hurt, _name, _party_in, _with_party, is_illusion
from dlrules.core.phases.common import announce, plural
from dlrules.core.state import PlayerState, setter


_SET_PARTY_MONSTERS: Final = setter(PlayerState, "party", "monsters")
"""The survivors gone and the monsters face up again (``_finish``)."""


def _end_battle(run: Run) -> None:
    """CMB-BAT-3: nobody is left in the party, so the battle stops;
    CMB-MON-8, CMB-TRAP-9: monsters that did not act are knocked out, traps
    not revealed go back unpaid with their gold. (A battle that reaches its
    last steps ends in ``conquest._last_steps``, with the same helpers; the
    Poisoned Dart's later damage on a wizard made invisible is dropped there,
    C1-4, U-13: with nobody left there is none to drop.) The battle over,
    the next defender's turn (CMB-BAT-1)."""
    b = run.at_battle()
    seat = b.seat
    if run.narrate:
        announce("battle_over", f"Nobody is left in Player {seat + 1}'s party: the battle stops (CMB-BAT-3).", seat, round=run.round)
    run.battle = None
    run.position += 1
    if b.sent or b.traps:
        p = run.players[seat]
        surcharge = ground_of(run.tile(seat)).surcharge if b.traps else 0
        monsters, traps, gold = _left_over(p, b, surcharge)
        run.players[seat] = _SET_LEFT_OVER(p, monsters, traps, gold)


def _end_of_round(run: Run) -> None:
    """CMB-EOR-1, CMB-EOR-2 (LIB-CMB-6, LIB-RC-1): after the round's last
    battle, every adventurer a Poisoned Dart hit this round and not
    eliminated since takes its 2 more damage, which anti-trap cannot prevent;
    dungeon by dungeon in play order, which is the play order of the battles
    the darts were played in (L). A poisoned paladin who moved on takes them
    in the dungeon he is now in, after any battle he fought there, and goes
    to that dungeon's prison if they eliminate him (CMB-8; L). A tile
    conquered this round stays conquered; a party emptied here ends that
    lord's combat (CMB-END-1)."""
    for seat in run.order:
        members = _party_in(run, seat)
        for a in members:
            if a.poison:
                break
        else:
            continue  # nobody poisoned here
        amounts = [a.poison for a in members]
        _with_party(run, seat, [_SET_POISON(a, 0) for a in members])
        _hurt(run, seat, amounts, "The Poisoned Dart's later damage, at the end of the round", "poison")


def _end_round(run: Run) -> None:
    """CMB-EOR-1 then CMB-EOR-3, CMB-END-1, CMB-END-2: the end-of-round
    effects, then the next round or, after round 4 or with no party left,
    the end of the combat."""
    _end_of_round(run)
    n = run.state.n_players
    if run.round >= COMBAT_ROUNDS.value or not any([_party_in(run, s) for s in range(n)]):
        _finish(run)
        return
    if run.narrate:
        announce("combat_round", f"Combat round {run.round + 1} begins.", None, round=run.round + 1)
    run.round += 1
    run.stage = "plan"
    run.position = 0
    run.plans = (None,) * n


def _finish(run: Run) -> None:
    """CMB-END-2, CMB-END-4, CMB-9: survivors leave for the Distant Lands
    unscored; every monster and ghost face up again."""
    far = run.far_lands
    players = run.players
    for seat, p in enumerate(players):
        members = _party_in(run, seat)
        leaving = [a.key for a in members if not is_illusion(a)]
        if members and run.narrate:
            names = ", ".join(_name(a) for a in members if not is_illusion(a)) or "nobody but the illusion"
            announce("distant_lands", f"Player {seat + 1}'s {plural(len(leaving), 'survivor')} leave{'s' if len(leaving) == 1 else ''} for the Distant Lands unscored (CMB-END-2): {names}.", seat, adventurers=leaving)
        far += tuple(leaving)
        lair = p.monsters
        tired = False  # a monster face down
        for m in lair:
            if not m.ready:
                tired = True
                break
        if tired:
            players[seat] = _SET_PARTY_MONSTERS(p, (), tuple([m if m.ready else _SET_READY(m, True) for m in lair]))
        elif p.party:
            players[seat] = _SET_PARTY(p, ())  # (an empty queue and a lair all face up: the record stays as it is)
    if run.holder is not None and not run.gone:
        run.gone, run.holder = True, None
    if run.narrate:
        announce("combat_over", "Combat is over: every monster and ghost is face up again (CMB-9).", None, year=run.state.year)
    run.far_lands = far
    run.stage = "over"
    run.battle = None
    run.paladin = None
