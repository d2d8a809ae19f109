"""The no-leak property (issue 11, docs/views.md, LIB-IN-3): for random pairs of
states that differ only in what one seat may not know (the other players'
committed, dealt and kept orders, their dummy's third order and trap cards;
the deck contents; combat cards the seat has not seen and the other seats'
spied positions), everything that seat observes is the same:

- its view (the redacted state, who has chosen, the deal sizes), the seats to
  move and the legal moves offered to it;
- the hash it is shown (``view_hash``);
- the events the referee announces for any move possible in both states
  (the seat's own or another's, chance included), whenever the move leaves
  the seat's view the same in both (a move that reveals a secret, like the
  last order choice, changes the view and may then announce it).

The perturbation keeps each state consistent (chosen orders come from the
hand, kept orders from the deal, a combat card is known exactly where some
seat has seen it), so that the moves can be applied to both.
``DLRULES_PROFILE=nightly`` checks many more pairs (``leak_examples``).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import dlrules
from dlrules import Action, GameState, IllegalMove, Move
from dlrules.components import COMBAT_CARDS, TRAPS
from dlrules.engine import apply_with_events, legal_moves, to_move
from dlrules.phases.common import Event
from dlrules.state import DECK_NAMES, Deck, Decks, Phase, PlayerState
from dlrules.views import redact, view, view_hash
from properties.profiles import PROFILE

MOVES_TRIED = 12 if PROFILE.name == "ci" else 60
"""Moves possible in both states applied per pair (a sample when there are more)."""


def _perturb_player(player: PlayerState, seat: int, state: GameState, rng: random.Random, fighting: bool) -> PlayerState:
    changes: dict[str, Any] = {}
    if player.committed is not None and len(player.hand) >= len(player.committed):
        changes["committed"] = tuple(rng.sample(list(player.hand), len(player.committed)))
    if player.dummy_choice is not None:
        mine = [d for d in state.dummies if d.responsible == seat and d.candidates]
        if mine:
            changes["dummy_choice"] = rng.choice(list(mine[0].candidates))
    if player.dealt:
        dealt = rng.sample(list(Action), len(player.dealt))
        changes["dealt"] = tuple(a for a in Action if a in dealt)
        if player.kept is not None:
            kept = rng.sample(dealt, len(player.kept))
            changes["kept"] = tuple(a for a in Action if a in kept)
    if not fighting:
        changes["traps"] = tuple(rng.choice(sorted(TRAPS)) for _ in player.traps)
    return attrs.evolve(player, **changes)


def _perturb_deck(deck: Deck, rng: random.Random) -> Deck:
    """The same number of unseen cards, spread differently over the deck's own keys."""
    keys = [k for k, _ in deck.unseen]
    if len(keys) < 2:
        return deck
    counts = dict.fromkeys(keys, 0)
    for _ in range(deck.unseen_count):
        counts[rng.choice(keys)] += 1
    return Deck(Deck.of(counts).unseen, deck.bottom) if all(counts.values()) else deck  # the known bottom stays


def perturb(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """A consistent state differing from ``state`` only in what ``seat`` may not know."""
    fighting = _fighting(state)
    players = tuple(p if s == seat else _perturb_player(p, s, state, rng, fighting) for s, p in enumerate(state.players))
    decks = Decks(**{name: _perturb_deck(getattr(state.decks, name), rng) for name in DECK_NAMES})
    trap_discard = tuple(rng.choice(sorted(TRAPS)) for _ in state.trap_discard)  # face down for everyone
    hidden: dict[str, Any] = {"players": players, "decks": decks, "trap_discard": trap_discard}
    if hasattr(state, "box"):  # back in the box at the change of year, face down (Y2-8)
        hidden["box"] = tuple(rng.choice(sorted(COMBAT_CARDS)) for _ in state.box)
    if fighting:  # the combat cards and trap cards in play stay (see _fighting)
        return attrs.evolve(state, **hidden)
    spied = tuple(
        sp if s == seat else tuple(sorted(rng.sample(range(4), rng.randint(0, 2)))) for s, sp in enumerate(state.spied)
    )
    seen_by_anyone = {pos for sp in spied for pos in sp}
    mine = set(state.spied[seat]) if seat is not None and seat < len(state.spied) else set()
    combat = tuple(
        state.combat[pos] if pos in mine else (rng.choice(sorted(COMBAT_CARDS)) if pos in seen_by_anyone else None)
        for pos in range(len(state.combat))
    )
    return attrs.evolve(state, combat=combat, spied=spied, **hidden)


def _fighting(state: GameState) -> bool:
    """In combat the year's combat cards are being turned up and the trap cards
    are planned into the fight (CMB): changing them there would make a state
    the engine cannot reach, so the pairs keep them (the other secrets still
    differ). Outside combat every hidden field differs."""
    return state.phase is dlrules.Phase.COMBAT or getattr(state, "fight", None) is not None


PERTURBED_PLAYER_FIELDS = frozenset({"committed", "dummy_choice", "dealt", "kept", "traps"})
PERTURBED_GAME_FIELDS = frozenset({"players", "decks", "combat", "spied", "trap_discard", "box"})


def test_the_perturbation_changes_every_hidden_field() -> None:
    """A hidden field added to views.py must be perturbed here too, or the
    property would not look at it."""
    from dlrules.views import HIDDEN_GAME_FIELDS, HIDDEN_PLAYER_FIELDS

    assert HIDDEN_PLAYER_FIELDS == PERTURBED_PLAYER_FIELDS
    assert HIDDEN_GAME_FIELDS <= PERTURBED_GAME_FIELDS


def with_secrets(state: GameState, rng: random.Random) -> GameState:
    """Some trap cards and spied combat cards, so every hidden field is in play
    (outside combat, see ``_fighting``)."""
    if _fighting(state):
        return state
    players = tuple(
        attrs.evolve(p, traps=p.traps + tuple(rng.choice(sorted(TRAPS)) for _ in range(rng.randint(0, 2)))) for p in state.players
    )
    spied = tuple(tuple(sorted(rng.sample(range(4), rng.randint(0, 2)))) for _ in state.players)
    seen = {pos for sp in spied for pos in sp}
    combat = tuple(
        (state.combat[pos] or rng.choice(sorted(COMBAT_CARDS))) if pos in seen else state.combat[pos] for pos in range(4)
    )
    return attrs.evolve(state, players=players, spied=spied, combat=combat)


def observed(state: GameState, seat: int | None) -> tuple[Any, ...]:
    """Everything ``seat`` is shown about ``state``."""
    shown = view(state, seat)
    return (shown, tuple(sorted(to_move(state))), shown.legal, view_hash(state, seat))


def _after(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]] | None:
    try:
        return apply_with_events(state, move)
    except IllegalMove:
        return None


def check_pair(state: GameState, other: GameState, seat: int | None, rng: random.Random) -> None:
    assert observed(other, seat) == observed(state, seat), "the seat sees a difference in another seat's secrets"
    common = sorted(set(legal_moves(state)) & set(legal_moves(other)), key=repr)
    for move in rng.sample(common, min(len(common), MOVES_TRIED)):
        one, two = _after(state, move), _after(other, move)
        assert (one is None) == (two is None), f"{move!r} is legal in one state only"
        if one is None or two is None:
            continue
        same_view = redact(one[0], seat) == redact(two[0], seat) and to_move(one[0]) == to_move(two[0])
        if same_view:
            assert one[1] == two[1], f"{move!r}: the events tell the seat what its view does not: {one[1]} / {two[1]}"


@settings(max_examples=PROFILE.leak_examples)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 100_000),
    where=st.floats(0.0, 1.0),
    who=st.integers(-1, 3),
    noise=st.integers(0, 2**32),
)
def test_no_leak_a_seat_observes_nothing_of_the_other_seats_secrets(
    players: int, seed: int, where: float, who: int, noise: int
) -> None:
    """ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, LIB-TAB-2..4, LIB-IN-3:
    a state at a random point (``where``: 0 the start, 1 the end) of a
    random play-out."""
    seat = None if who < 0 or who >= players else who
    rng = random.Random(noise)
    start = dlrules.new_game(players)
    moves = dlrules.play_out(start, None, random.Random(seed)).moves
    state = start
    for move in moves[: int(where * len(moves))]:
        state = dlrules.apply(state, move)
    state = with_secrets(state, rng)
    if state.phase is Phase.GAME_OVER:
        # LIB-WG-1: once the game is over nothing is secret: every seat's view is the whole state.
        assert all(redact(state, s) == state for s in (None, *range(players)))
        return
    check_pair(state, perturb(state, seat, rng), seat, rng)


def test_no_leak_check_would_catch_an_event_that_tells_a_secret(monkeypatch: Any) -> None:
    """A check on the property: with the views unchanged, an event naming
    Player 1's committed orders is caught."""
    import pytest

    import sys

    here = sys.modules[__name__]
    state = dlrules.play_out(
        dlrules.new_game(3),
        None,
        random.Random(3),
        until=lambda s: s.phase is dlrules.Phase.ORDERS and dlrules.CHANCE not in to_move(s),
    ).state
    state = dlrules.apply(state, next(m for m in legal_moves(state) if m.seat == 0))  # Player 1 commits
    other = perturb(state, 1, random.Random(2))
    assert other.players[0].committed != state.players[0].committed
    check_pair(state, other, 1, random.Random(1))  # no leak: passes

    real = here.apply_with_events

    def telling(before: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
        after, events = real(before, move)
        secret = ",".join(a.value for a in before.players[0].committed or ())
        return after, (*events, Event("gossip", f"Player 1 chose {secret}"))

    monkeypatch.setattr(here, "apply_with_events", telling)
    with pytest.raises(AssertionError, match="the events tell the seat"):
        check_pair(state, other, 1, random.Random(1))
