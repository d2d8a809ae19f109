"""The no-leak property over every channel (issues 11 and 21, docs/views.md,
LIB-IN-3): for pairs of states from real play-outs that differ only in what
one seat may not know (``properties.siblings.perturb``: the other players'
orders, dealt and kept orders, dummy choices and trap cards; which combat
cards the others looked at and so which are identified; the position of
another seat's look; every deck's contents and order; the face-down discard
and the box), with the same moves as that seat sees them applied to both,
that seat is shown byte-identical output on every channel: its view and
``view_hash``, ``describe``, the SVG, ``explain --seat --json``, the
OpenSpiel/PettingZoo observation string and tensors, who is to move (so
whether a chance turn follows), the table server's page JSON and pictures
by part for the seat's link or the host's, the conformance protocol's
``observe`` for the seat or the spectator, the adapters' 0/1 tensors from
every seat's place (``properties.siblings.new_channels``), and for every move its projection, notation
and words (``show --html`` captions, the server's log), its events, and the
HTML page of the moves (``properties.siblings.walk``).

The quick profile compares a few hundred pairs, the thorough one a few
thousand, the nightly one more than 20,000 (``PROFILE.leak_examples``
play-outs, at least ``PROFILE.leak_pairs`` pairs). A second property covers the
secrets play-outs leave unused or the walk must keep as they are
(``with_any_secrets``, ``perturb_any``: trap cards planned in combat, looks
at combat cards and a look in progress put in by hand), on every channel of
the position. The tests at the end put each leak of issue 21 back (2, 3a, 3b,
3c, and 4: the server's card entry) and switch off the redaction of the other
players and of the fight, and show that the property fails.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlrules
from dlrules import CHANCE, GameState, Move, Phase
from dlrules.core.engine import legal_moves, to_move
from dlrules.core.moves import PlanDefence, Spy
from dlrules.records.views import redact
from properties.profiles import PROFILE
from properties.siblings import (
    PERTURBED_GAME_FIELDS,
    PERTURBED_PLAYER_FIELDS,
    Leak,
    channels,
    perturb,
    perturb_any,
    playout,
    same,
    walk,
    with_any_secrets,
    with_secrets,
)

POINTS = 8
"""Positions of each play-out where pairs are made (for every seat and a spectator)."""

STEPS = 4
"""Moves applied to both siblings after the first comparison."""

def test_the_perturbation_changes_every_hidden_field() -> None:
    """A hidden field added to views.py must be perturbed too, or the property
    would not look at it."""
    from dlrules.records.views import HIDDEN_GAME_FIELDS, HIDDEN_PLAYER_FIELDS

    assert HIDDEN_PLAYER_FIELDS == PERTURBED_PLAYER_FIELDS
    assert HIDDEN_GAME_FIELDS <= PERTURBED_GAME_FIELDS


def pairs_of(players: int, seed: int, noise: int, points: int = POINTS, steps: int = STEPS) -> int:
    """Compare every channel for pairs made at ``points`` positions of one
    seeded play-out, for every seat and a spectator; the number of pairs."""
    rng = random.Random(noise)
    state, moves = playout(players, seed)
    chosen = set(rng.sample(range(len(moves)), min(points, len(moves))))
    compared = 0
    for n, move in enumerate(moves):
        if n in chosen:
            secret = with_secrets(state, rng)
            for seat in (None, *range(players)):
                compared += walk(secret, perturb(secret, seat, rng), seat, rng, steps)
        state = dlrules.apply(state, move)
    assert state.phase is Phase.GAME_OVER  # LIB-WG-1: then nothing is secret any more
    assert all(redact(state, s) == state for s in (None, *range(players)))
    return compared


def test_no_leak_on_any_channel() -> None:
    """ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, LIB-CMB-3, CMB-PLAN-9,
    SETUP-3, Y2-8, RST-5, LIB-IN-3: a seat tells no two siblings apart; and the
    play-outs compared at least ``PROFILE.leak_pairs`` pairs (issue 21: a few
    thousand in the thorough profile, 20,000 at night). One test, so that the
    count never depends on the order or the worker tests run in."""
    counted: list[int] = []

    @settings(max_examples=PROFILE.leak_examples)
    @given(players=st.integers(2, 4), seed=st.integers(0, 100_000), noise=st.integers(0, 2**32))
    def play_outs(players: int, seed: int, noise: int) -> None:
        counted.append(pairs_of(players, seed, noise))

    play_outs()
    print(f"no-leak: {sum(counted)} pairs compared")
    assert sum(counted) >= PROFILE.leak_pairs, f"{sum(counted)} pairs compared"


@settings(max_examples=PROFILE.any_secret_examples)
@given(players=st.integers(2, 4), seed=st.integers(0, 100_000), noise=st.integers(0, 2**32))
def test_no_leak_of_secrets_no_play_out_reached(players: int, seed: int, noise: int) -> None:
    """ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, LIB-CMB-3, CMB-PLAN-9,
    CMB-REF-6, SETUP-3: with secrets put in by hand (trap cards in hand and
    planned in combat, looks at combat cards, a look in progress: where the
    walk keeps them as play left them), a seat or a spectator tells no two
    siblings' positions apart on any channel. One position of each phase of
    each year of a seeded play-out, each for one seat in turn."""
    rng = random.Random(noise)
    state, moves = playout(players, seed)
    phases: dict[tuple[int, Phase], list[GameState]] = {}
    for move in moves:
        phases.setdefault((state.year, state.phase), []).append(state)
        state = dlrules.apply(state, move)
    assert (1, Phase.COMBAT) in phases and (2, Phase.COMBAT) in phases
    seats = (None, *range(players))
    for n, positions in enumerate(phases.values(), start=rng.randrange(len(seats))):
        secret = with_any_secrets(rng.choice(positions), rng)
        seat = seats[n % len(seats)]
        same("the position", channels(secret, seat), channels(perturb_any(secret, seat, rng), seat))


def _choosing(players: int, seed: int) -> GameState:
    """The first position of a play-out where the lords choose their orders (ORD-3)."""
    return _until(players, seed, lambda s: s.phase is Phase.ORDERS and CHANCE not in to_move(s))


def test_the_property_would_catch_committed_orders_shown_to_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """ORD-3: with the other players' redaction switched off, Player 1's
    committed orders would show to Player 2, and the position differs."""
    import dlrules.records.views as views

    state = with_any_secrets(_choosing(3, 1), random.Random(1))
    state = dlrules.apply(state, dlrules.ChooseOrders(0, state.players[0].hand[:3]))
    siblings = [perturb_any(state, 1, random.Random(n)) for n in range(5)]
    for other in siblings:
        same("the position", channels(state, 1), channels(other, 1))
    monkeypatch.setattr(views, "_redact_player", lambda p: p)
    with pytest.raises(Leak, match="view"):
        for other in siblings:
            same("the position", channels(state, 1), channels(other, 1))


def test_the_property_would_catch_planned_traps_shown_to_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """CMB-PLAN-9: a defender has planned a trap card face down; with the
    fight's redaction switched off another seat would see which."""
    import dlrules.records.views as views

    state, _, viewer, plan = _plan_pair()
    planned = dlrules.apply(state, plan)
    siblings = [perturb(planned, viewer, random.Random(n)) for n in range(5)]
    for other in siblings:
        assert other.fight != planned.fight  # the planned trap cards differ
        for seat in (viewer, None):
            same("the position", channels(planned, seat), channels(other, seat))
    monkeypatch.setattr(views, "_redact_fight", lambda fight, seat: fight)
    with pytest.raises(Leak, match="view"):
        for other in siblings:
            same("the position", channels(planned, viewer), channels(other, viewer))


# --- each leak of issue 21, put back, is caught ----------------------------------------------


def _until(players: int, seed: int, found: Any) -> GameState:
    """The first position of a seeded play-out where ``found(state)`` holds."""
    state, moves = playout(players, seed)
    for move in moves:
        if found(state):
            return state
        state = dlrules.apply(state, move)
    raise AssertionError("the play-out never reached such a position")  # pragma: no cover


def _forced(state: GameState, other: GameState, seat: int | None, first: Move, steps: int = 2) -> int:
    """``walk`` with ``first`` as the first move in both siblings."""
    return walk(state, other, seat, _FirstThen(first), steps)


class _FirstThen(random.Random):
    """An rng whose first ``choice`` is ``first`` (then seeded choices)."""

    def __init__(self, first: Move) -> None:
        super().__init__(0)
        self.first: Move | None = first

    def choice(self, seq: Any) -> Any:
        if self.first is not None and self.first in seq:
            first, self.first = self.first, None
            return first
        return super().choice(seq)


def _planning(state: GameState) -> bool:
    return any(isinstance(m, PlanDefence) and m.traps for m in legal_moves(state))


def _plan_pair() -> tuple[GameState, GameState, int, Move]:
    """A defender about to plan with trap cards, and a sibling for another
    seat in which the defender holds other trap cards."""
    state = _until(3, 4, _planning)
    plan = next(m for m in legal_moves(state) if isinstance(m, PlanDefence) and m.traps)
    viewer = (plan.seat + 1) % state.n_players
    others = (perturb(state, viewer, random.Random(n)) for n in range(100))
    other = next(o for o in others if dlrules.check(o, plan))  # the defender holds other trap cards there
    return state, other, viewer, plan


def test_leak_2_is_caught_a_face_down_trap_named_in_another_seats_caption(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, leak 2 (CMB-PLAN-9): with the trap cards of another seat's
    PlanDefence no longer hidden in its projection, the captions differ."""
    import dlrules.records.views as views

    state, other, viewer, plan = _plan_pair()
    _forced(state, other, viewer, plan)  # the fix: no leak
    real = views._others_move
    monkeypatch.setattr(views, "_others_move", lambda m: m if isinstance(m, PlanDefence) else real(m))
    with pytest.raises(Leak, match="caption|move|description"):
        _forced(state, other, viewer, plan)


def _spy_pair(identified_by_other: bool) -> tuple[GameState, GameState, int, Spy]:
    """A seat about to spy on a card it has not seen, and a sibling (for
    that seat) in which another seat has identified that card in one of the
    two states only."""
    state = _until(3, 2, lambda s: any(isinstance(m, Spy) for m in legal_moves(s)))
    spy = next(m for m in legal_moves(state) if isinstance(m, Spy) and m.position not in state.spied[m.seat])
    looker, pos = spy.seat, spy.position
    helper = (looker + 1) % state.n_players
    from properties.siblings import _identify

    rng = random.Random(3)
    spied_without = tuple(() if s != looker else sp for s, sp in enumerate(state.spied))
    spied_with = tuple((pos,) if s == helper else sp for s, sp in enumerate(spied_without))
    keep = {p: c for p in state.spied[looker] if (c := state.combat[p]) is not None}
    one = _identify(state, spied_with, keep, rng)
    two = _identify(state, spied_without, keep, rng)
    return (one, two, looker, spy) if identified_by_other else (two, one, looker, spy)


def test_leak_3a_is_caught_the_lookers_view_before_the_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, leak 3a (LIB-CMB-3): if the look joined the looker's ``spied``
    with ``Spy`` (before chance's draw), its view would show the card at once
    when another seat had identified it, and nothing otherwise."""
    one, two, looker, spy = _spy_pair(True)
    _forced(one, two, looker, spy)  # the fix: no leak
    _put_back_the_old_spy(monkeypatch, at_once=False)
    with pytest.raises(Leak, match="view"):
        _forced(one, two, looker, spy)


def test_leak_3b_is_caught_the_combat_deck_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, leak 3b: if the combat deck's shown size counted the cards
    still unidentified (the old redaction), it would tell every seat whether
    somebody had identified a card."""
    import dlrules.records.views as views

    one, two, looker, _ = _spy_pair(True)
    viewer = (looker + 2) % one.n_players
    walk(one, two, viewer, random.Random(0), 0)  # the fix: no leak
    monkeypatch.setattr(views, "_redact_combat_deck", lambda state: views._redact_deck(state.decks.combat))
    with pytest.raises(Leak, match="view"):
        walk(one, two, viewer, random.Random(0), 0)


def test_leak_3c_is_caught_whether_a_chance_turn_follows(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, leak 3c: if a second look at a card the looker had seen
    needed no chance turn, the others would see from ``to_move`` whether the
    looker had seen it."""
    state = _until(3, 2, lambda s: any(isinstance(m, Spy) for m in legal_moves(s)))
    spy = next(m for m in legal_moves(state) if isinstance(m, Spy))
    looker, pos = spy.seat, spy.position
    from properties.siblings import _identify

    keep = {p: c for p in range(4) if (c := state.combat[p]) is not None}
    seen = _identify(state, tuple((pos,) if s == looker else sp for s, sp in enumerate(state.spied)), keep, random.Random(4))
    unseen = _identify(state, tuple(() if s == looker else sp for s, sp in enumerate(state.spied)), keep, random.Random(4))
    viewer = (looker + 1) % state.n_players
    assert Spy(looker, pos) in legal_moves(seen) and Spy(looker, pos) in legal_moves(unseen)
    _forced(seen, unseen, viewer, Spy(looker, pos))  # the fix: a chance turn in both
    _put_back_the_old_spy(monkeypatch, at_once=True)
    with pytest.raises(Leak, match="to_move|events|caption|description"):  # no chance turn follows: the look ends at once
        _forced(seen, unseen, viewer, Spy(looker, pos))


def _put_back_the_old_spy(monkeypatch: pytest.MonkeyPatch, *, at_once: bool) -> None:
    """The spy look as it was before issue 21: the position joins ``spied``
    with ``Spy`` itself (3a), and (``at_once``) a look at a card the looker had
    seen is over at once, with no chance turn (3c)."""
    import dlrules.core.engine as engine
    from dlrules.core.phases.resolution import acting_seat

    rules = engine.PHASES[Phase.RESOLUTION]
    real_play = rules.play

    def old_play(state: GameState, move: Move) -> GameState:
        if not isinstance(move, Spy):
            return real_play(state, move)
        had_seen = move.position in state.spied[move.seat]
        after = real_play(state, move)
        spied = tuple(sorted({*after.spied[move.seat], move.position}))
        after = attrs.evolve(after, spied=tuple(spied if s == move.seat else sp for s, sp in enumerate(after.spied)))
        if at_once and had_seen:
            card = after.combat[move.position]
            assert card is not None and acting_seat(after) == move.seat
            after = real_play(after, dlrules.Draw("combat", card))
        return after

    monkeypatch.setitem(engine.PHASES, Phase.RESOLUTION, rules.replaced(play=old_play))


def test_leak_4_is_caught_the_servers_card_entry_as_an_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, leak 4: if the server offered the looker only the cards
    chance may draw (what its refusals used to tell, one card at a time), the
    offer would show whether another seat had identified the card."""
    import dlrules.apps.serve.seats as seats

    one, two, looker, spy = _spy_pair(True)
    _forced(one, two, looker, spy)  # the fix: the same cards offered in both
    monkeypatch.setattr(seats, "entry_options", lambda state, role, legal: list(legal))
    with pytest.raises(Leak, match="entry_options"):
        _forced(one, two, looker, spy)


def test_the_walk_compares_whether_a_chance_turn_follows() -> None:
    """The channels include ``to_move`` (a chance turn included): after a
    look, chance is to move in both siblings."""
    one, two, looker, spy = _spy_pair(True)
    after = dlrules.apply(one, spy)
    assert to_move(after) == {CHANCE} == to_move(dlrules.apply(two, spy))
