"""Adventurers (ADV-1..5, ADV-2P-1, ADV-2P-2, PAL-2, PAL-3, RUL-11, RUL-12):
this round's adventurers go, weakest first, to the lords from the nicest up;
each joins its lord's party queue. No decision is involved: the whole phase is
one automatic step on entry.

The paladin is not stored in ``PlayerState.party``: ``GameState.paladin`` is
the one record of whom he attacks (common.check_paladin keeps it, PAL-2,
PAL-6..8), and ``party_queue`` puts him in front of that lord's queue
(PAL-2, PAL-3: he always leads, warriors never pass him). See LIB-ADV-1.
"""

from __future__ import annotations

from dlrules.components import ADVENTURERS, PALADINS, AdventurerClass
from dlrules.core.phases import PhaseRules, no_decisions
from dlrules.core.phases.common import announce, clamp_evil, in_play_order, narrating
from dlrules.core.state import Adventurer, GameState, Phase, PlayerState, evolve, setter

_joined = setter(PlayerState, "party")
_assigned = setter(GameState, "players", "adventurers_now", "far_lands", "phase")
_assigned_2p = setter(GameState, "players", "adventurers_now", "far_lands", "dummy_evil", "phase")
"""The copies of ``enter``, each with its fixed set of fields (``state.setter``: as ``evolve``, faster)."""

DUMMY: None = None
"""The 2-player dummy's evil marker in the order of lords (ADV-2P-1)."""


def nicest_first(state: GameState) -> tuple[int | None, ...]:
    """ADV-2, ADV-3: the lords from the nicest (lowest evil) to the most evil;
    ties go to the first player, then to their left. With two players the
    dummy marker (``DUMMY``) takes part and counts nicer in ties (ADV-2P-1)."""
    return _nicest_first(state, state.dummy_evil)


def _nicest_first(state: GameState, dummy_evil: int | None) -> tuple[int | None, ...]:
    """ADV-2, ADV-3: ``nicest_first`` with the dummy marker on ``dummy_evil``
    (ADV-2P-1): the lowest evil first, a tie to the lord earlier in player order."""
    players = state.players
    ranked: list[tuple[int, int, int | None]] = [
        (players[seat].evil, position, seat) for position, seat in enumerate(in_play_order(state))
    ]
    if dummy_evil is not None:
        ranked.append((dummy_evil, -1, DUMMY))
    ranked.sort()  # by evil, then position: positions differ, so the seats are never compared
    return tuple([seat for _, _, seat in ranked])


_ARRIVING: dict[str, Adventurer] = {key: Adventurer(key) for key in ADVENTURERS}
"""Each adventurer as he arrives, unhurt: one record per card, shared
between states (records are immutable)."""

_ALONE: dict[str, tuple[Adventurer]] = {key: (a,) for key, a in _ARRIVING.items()}
"""Each arriving adventurer as a queue of one, to put at either end of a party."""

_WARRIORS: frozenset[str] = frozenset(key for key, a in ADVENTURERS.items() if a.cls is AdventurerClass.WARRIOR)
"""ADV-5: the warriors' keys (a table of the components, built once)."""


def joined(party: tuple[Adventurer, ...], key: str) -> tuple[Adventurer, ...]:
    """ADV-4, ADV-5: an adventurer joins at the back (entrance first), except a
    warrior, who goes in front of everyone, warriors already there included.
    (The paladin, kept apart, stays in front of all: PAL-3.)"""
    alone = _ALONE.get(key)
    if alone is None:
        alone = (Adventurer(key),)
        if ADVENTURERS[key].cls is AdventurerClass.WARRIOR:  # a key the components lack raises here, as always
            return alone + party
        return party + alone  # pragma: no cover - every card key has its record
    if key in _WARRIORS:
        return alone + party
    return party + alone


def party_queue(state: GameState, seat: int) -> tuple[Adventurer, ...]:
    """The queue at ``seat``'s entrance, entrance first: the paladin when he
    attacks this dungeon (PAL-2, PAL-3), then the party (ADV-4, ADV-5)."""
    party = state.players[seat].party
    if state.paladin == seat:
        return (Adventurer(PALADINS[state.year].key),) + party
    return party


def enter(state: GameState, phase: Phase | None = None) -> GameState:
    """ADV-2P-1 / RUL-12: the dummy marker first moves up 1; then ADV-1..3
    (evil as it stands after the events, RUL-11). Everything is written in
    one copy of the state, with the progress marker when ``phase`` is given
    (RS-2)."""
    dummy_evil = state.dummy_evil
    if dummy_evil is not None:
        # ADV-2P-1; never past the top (RES-8); it never attracts the paladin (PAL-11).
        # RUL-12: before every Adventurers phase, even one with nobody to assign.
        dummy_evil = clamp_evil(dummy_evil + 1)
        if narrating():
            announce("dummy_evil", f"The dummies' evil marker (one for both dummies, ADV-2P-2) moves up to {dummy_evil}.", None, evil=dummy_evil)
    arriving = state.adventurers_now
    if not arriving:
        if dummy_evil is None:
            return state if phase is None else evolve(state, phase=phase)
        return evolve(state, dummy_evil=dummy_evil, phase=state.phase if phase is None else phase)
    lords = _nicest_first(state, dummy_evil)  # the dummy marker's new place counts (ADV-2P-1)
    far_lands = state.far_lands
    telling = narrating()
    players = list(state.players)  # each player whose party changes is copied once, at the end
    parties: dict[int, tuple[Adventurer, ...]] = {}
    for key, lord in zip(arriving, lords):
        if lord is None:
            if telling:
                announce("adventurer", f"{_named(key)} is assigned to the dummies' evil marker and goes on to the far lands (ADV-2P-1).", None, adventurer=key, to=None)
            far_lands += (key,)
            continue
        party = parties[lord] = joined(parties[lord] if lord in parties else players[lord].party, key)
        if telling:
            where = "goes to the front of the queue" if party[0].key == key and len(party) > 1 else "joins the party"
            announce("adventurer", f"{_named(key)} comes to Player {lord + 1}'s dungeon and {where}.", lord, adventurer=key, to=lord, position=party.index(next(a for a in party if a.key == key)))
    for seat, party in parties.items():
        players[seat] = _joined(players[seat], party)
    if phase is None:
        phase = state.phase
    if dummy_evil is None:
        return _assigned(state, tuple(players), (), far_lands, phase)
    return _assigned_2p(state, tuple(players), (), far_lands, dummy_evil, phase)


def _named(key: str) -> str:
    label = ADVENTURERS[key].label
    return label[0].upper() + label[1:]


RULES: PhaseRules = no_decisions("ADV-1", "adventurers are assigned by the rules; nobody decides anything now", done=True)
