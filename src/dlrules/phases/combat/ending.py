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

from dlrules.components.combat import COMBAT_ROUNDS
from dlrules.phases.combat.fight import _battle, _fight, _left_over, _plan_of, _tile, ground_of
from dlrules.phases.combat.party import _name, _spared, _with_party, hurt, is_illusion, party
from dlrules.phases.common import announce, narrating, plural, replaced
from dlrules.state import GameState, evolve


def _ended(state: GameState, position: int) -> GameState:
    """The battle at ``position`` over, the next defender's turn (CMB-BAT-1)."""
    return evolve(state, fight=evolve(_fight(state), battle=None, position=position + 1))


def _end_battle(state: GameState, *, stopped: bool) -> GameState:
    """CMB-MON-8, CMB-TRAP-9: monsters that did not act are knocked out,
    traps not revealed go back unpaid with their gold. The Poisoned Dart's
    later damage waits for the end of the round (``_end_of_round``, CMB-EOR-1),
    except on a wizard made invisible in this battle, who cannot be harmed
    this round: his is dropped now (C1-4, U-13). (A battle that reaches its
    last steps ends in ``conquest._last_steps``, with the same helpers.)"""
    b = _battle(state)
    seat = b.seat
    spared = _spared(party(state, seat), b) if b.invisible else None
    if spared is not None:
        state = _with_party(state, seat, spared)
    f = _fight(state)
    b = _battle(state)
    if stopped and narrating():
        announce("battle_over", f"Nobody is left in Player {seat + 1}'s party: the battle stops (CMB-BAT-3).", seat, round=f.round)
    if not b.sent and not b.traps:
        return _ended(state, f.position)
    fight = evolve(f, battle=None, position=f.position + 1)
    p = state.players[seat]
    surcharge = ground_of(_tile(state, seat, _plan_of(state, seat).tile)).surcharge if b.traps else 0
    players = replaced(state.players, seat, evolve(p, **_left_over(p, b, surcharge)))
    return evolve(state, players=players, fight=fight)  # one copy


def _end_of_round(state: GameState) -> GameState:
    """CMB-EOR-1, CMB-EOR-2 (LIB-CMB-6, LIB-RC-1): after the round's last
    battle, every adventurer a Poisoned Dart hit this round and not
    eliminated since takes its 2 more damage, which anti-trap cannot prevent;
    dungeon by dungeon in play order, which is the play order of the battles
    the darts were played in (L). A poisoned paladin who moved on takes them
    in the dungeon he is now in, after any battle he fought there, and goes
    to that dungeon's prison if they eliminate him (CMB-8; L). A tile
    conquered this round stays conquered; a party emptied here ends that
    lord's combat (CMB-END-1)."""
    for seat in state.player_order():
        members = party(state, seat)
        if not any([a.poison for a in members]):
            continue
        amounts = [a.poison for a in members]
        state = _with_party(state, seat, [evolve(a, poison=0) for a in members])
        state = hurt(state, seat, amounts, "The Poisoned Dart's later damage, at the end of the round", "poison")
    return state


def _end_round(state: GameState) -> GameState:
    """CMB-EOR-1 then CMB-EOR-3, CMB-END-1, CMB-END-2: the end-of-round
    effects, then the next round or, after round 4 or with no party left,
    the end of the combat."""
    state = _end_of_round(state)
    f = _fight(state)
    n = state.n_players
    if f.round >= COMBAT_ROUNDS.value or not any([party(state, s) for s in range(n)]):
        return _finish(state)
    if narrating():
        announce("combat_round", f"Combat round {f.round + 1} begins.", None, round=f.round + 1)
    return evolve(state, fight=evolve(f, round=f.round + 1, stage="plan", position=0, plans=(None,) * n))


def _finish(state: GameState) -> GameState:
    """CMB-END-2, CMB-END-4, CMB-9: survivors leave for the Distant Lands
    unscored; every monster and ghost face up again."""
    far = state.far_lands
    players = []
    for seat, p in enumerate(state.players):
        members = party(state, seat)
        if members and narrating():
            leaving = [a.key for a in members if not is_illusion(a)]
            names = ", ".join(_name(a) for a in members if not is_illusion(a)) or "nobody but the illusion"
            announce("distant_lands", f"Player {seat + 1}'s {plural(len(leaving), 'survivor')} leave{'s' if len(leaving) == 1 else ''} for the Distant Lands unscored (CMB-END-2): {names}.", seat, adventurers=leaving)
        far += tuple(a.key for a in members if not is_illusion(a))
        players.append(evolve(p, party=(), monsters=tuple(m if m.ready else evolve(m, ready=True) for m in p.monsters)))
    f = _fight(state)
    gone, holder = f.paladin_gone, state.paladin
    if holder is not None and not gone:
        gone, holder = True, None
    if narrating():
        announce("combat_over", "Combat is over: every monster and ghost is face up again (CMB-9).", None, year=state.year)
    fight = evolve(f, stage="over", battle=None, paladin=None, paladin_gone=gone)
    return evolve(state, players=tuple(players), paladin=holder, far_lands=far, fight=fight)  # one copy
