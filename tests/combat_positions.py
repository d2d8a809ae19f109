"""Combat positions for tests: a game put straight into the Combat phase with
the parties, dungeons, monsters, traps and combat cards a test names.

The combat cards are identified in advance (so no chance move is needed to
reveal them); the rulebook's Combat Training uses fatigue 2 each round and
no spells, which ``TRAINING`` gives to a party without wizards (the four
fatigue-2 cards of year 1; with no magic point nothing is cast)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from dlrules import new_game
from dlrules.components import COMBAT_DECKS
from dlrules.core.engine import apply, apply_with_events, settle
from dlrules.core.phases.common import Event
from dlrules.core.errors import IllegalMove
from dlrules.core.moves import Draw, Move
from dlrules.core.phases import combat
from dlrules.core.state import Adventurer, Deck, Dungeon, GameState, Monster, Phase, Square, Tile

from conformance.runner import reveal_known  # the certain reveals (LIB-RC-3), as the conformance runner plays them

TRAINING: tuple[str, ...] = ("graffiti", "detect-evil", "word-of-peace", "suggestion")
"""Year-1 cards of fatigue 2 (CMB-1; COMPONENTS-COMBAT table C)."""

COLUMN: tuple[Square, ...] = ((0, 2), (1, 2), (2, 2))
"""The three starting tunnels, entrance first."""


def tunnels(*squares: Square, rooms: Mapping[Square, str] | None = None) -> Dungeon:
    rooms = rooms or {}
    return Dungeon(tuple(Tile(sq, rooms.get(sq)) for sq in sorted(squares or COLUMN)))


def _adventurer(text: str) -> Adventurer:
    """``"y1-warrior-4:2"``: a warrior with 2 damage counters already."""
    key, _, hurt = text.partition(":")
    return Adventurer(key, int(hurt) if hurt else 0)


def position(
    parties: Mapping[int, Sequence[str]],
    *,
    players: int = 2,
    year: int = 1,
    cards: Sequence[str | None] = TRAINING,
    dungeons: Mapping[int, Dungeon] | None = None,
    monsters: Mapping[int, Sequence[str]] | None = None,
    traps: Mapping[int, Sequence[str]] | None = None,
    gold: int = 5,
    food: int = 0,
    imps: int = 3,
    evil: Mapping[int, int] | None = None,
    paladin: int | None = None,
    paladin_damage: int = 0,
    first: int = 0,
    spare: str | None = "kamikaze-imp",
    prisons: Mapping[int, Sequence[str]] | None = None,
) -> GameState:
    """The position at the start of a year's combat (settled: the first
    decision is due). Every defender also holds a ``spare`` trap card, so
    each Planning phase is a real decision and a test can stop between
    rounds (a forced plan would be made automatically, LIB-CMB-1)."""
    s = new_game(players)
    lords = []
    for seat, p in enumerate(s.players):
        lords.append(
            attrs.evolve(
                p,
                party=tuple(_adventurer(k) for k in parties.get(seat, ())),
                dungeon=(dungeons or {}).get(seat, tunnels()),
                monsters=tuple(Monster(k) for k in (monsters or {}).get(seat, ())),
                traps=tuple((traps or {}).get(seat, ())) + ((spare,) if spare and seat in parties else ()),
                gold=gold,
                food=food,
                imps=imps,
                evil=(evil or {}).get(seat, 5),
                hand=(),
                unavailable=(),
                prison=tuple((prisons or {}).get(seat, ())),
            )
        )
    deck = Deck.of(COMBAT_DECKS[year])
    for c in cards:
        if c is not None:  # None: a card nobody has identified yet (LIB-RES-3)
            deck = deck.without(c)
    state = attrs.evolve(
        s,
        year=year,
        round=4,
        phase=Phase.COMBAT,
        first_player=first,
        players=tuple(lords),
        combat=tuple(cards),
        decks=attrs.evolve(s.decks, combat=deck),
        paladin=paladin,
        spied=tuple(() for _ in range(players)),
    )
    state = combat.enter(state)
    if paladin_damage:
        assert state.fight is not None and state.fight.paladin is not None
        fight = attrs.evolve(state.fight, paladin=attrs.evolve(state.fight.paladin, damage=paladin_damage))
        state = attrs.evolve(state, fight=fight)
    return reveal_known(settle(state))


def play_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """``apply_with_events`` and then the certain reveals (``reveal_known``),
    with the events of all of them."""
    state, said = apply_with_events(state, move)
    events = list(said)
    while True:
        f = state.fight
        if state.phase is not Phase.COMBAT or f is None or f.stage != "reveal" or state.combat[f.round - 1] is None:
            return state, tuple(events)
        state, said = apply_with_events(state, Draw("combat", state.combat[f.round - 1] or ""))
        events.extend(said)


def play(state: GameState, *moves: Move) -> GameState:
    state = reveal_known(state)
    for m in moves:
        state = reveal_known(apply(state, m))
    return state


def refused(state: GameState, move: Move) -> list[str]:
    """The rule IDs ``apply`` cites refusing ``move`` (and the state is unchanged)."""
    try:
        apply(state, move)
    except IllegalMove as exc:
        return [v.rule for v in exc.violations]
    raise AssertionError(f"{move!r} was accepted")


def damage(state: GameState, seat: int) -> list[int]:
    return [a.damage for a in combat.party(state, seat)]
