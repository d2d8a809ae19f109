"""Player views (ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, RST-5, ORD-7):
a seat sees everything it may know and nothing else."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tablekit import played

import dlrules
from dlrules import Action, ChooseOrders, GameState, Phase, PlayerView, view
from dlrules.components import COMBAT_CARDS, TRAPS
from dlrules.phases.resolution import acting_seat
from dlrules.serialization import dumps, loads
from dlrules.state import DECK_NAMES, Deck, Decks, PlayerState
from dlrules.views import (
    HIDDEN,
    HIDDEN_POSITION,
    HIDDEN_GAME_FIELDS,
    HIDDEN_PLAYER_FIELDS,
    PUBLIC_GAME_FIELDS,
    PUBLIC_PLAYER_FIELDS,
)


def _choosing(players: int, seed: int = 3) -> GameState:
    state, _ = played(players, seed, until=lambda s: s.phase is Phase.ORDERS and dlrules.CHANCE not in dlrules.to_move(s))
    return state


def test_every_state_field_is_classified_public_or_hidden() -> None:
    """A field added to the state must be classified in views.py (else it would
    pass through unredacted without anyone deciding it is public)."""
    player_fields = {f.name for f in attrs.fields(PlayerState)}
    game_fields = {f.name for f in attrs.fields(GameState)}
    assert not player_fields - (PUBLIC_PLAYER_FIELDS | HIDDEN_PLAYER_FIELDS), "classify in views.py"
    assert not game_fields - (PUBLIC_GAME_FIELDS | HIDDEN_GAME_FIELDS), "classify in views.py"
    assert HIDDEN_PLAYER_FIELDS <= player_fields and HIDDEN_GAME_FIELDS <= game_fields
    assert not PUBLIC_PLAYER_FIELDS & HIDDEN_PLAYER_FIELDS and not PUBLIC_GAME_FIELDS & HIDDEN_GAME_FIELDS


def test_ORD_3_committed_orders_are_hidden_from_the_others_until_the_reveal() -> None:
    state = _choosing(3)
    mine = state.players[0].hand[:3]
    state = dlrules.apply(state, ChooseOrders(0, mine))
    own = view(state, 0)
    other = view(state, 1)
    assert own.state.players[0].committed == mine
    assert other.state.players[0].committed is None
    assert other.orders_chosen == own.orders_chosen == (True, False, False)  # that they chose is public
    assert view(state, None).state.players[0].committed is None


def test_DUM2_3_the_dummy_third_order_is_hidden_from_the_other_player() -> None:
    state = _choosing(2)
    move = next(m for m in dlrules.legal_moves(state) if m.seat == 0)
    assert isinstance(move, ChooseOrders) and move.dummy_order is not None
    state = dlrules.apply(state, move)
    assert view(state, 0).state.players[0].dummy_choice == move.dummy_order
    assert view(state, 1).state.players[0].dummy_choice is None


def test_RUL_13_dealt_and_kept_orders_are_private() -> None:
    state = dlrules.new_game(3)
    while dlrules.CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    dealt = state.players[1].dealt
    state = dlrules.apply(state, dlrules.KeepUnavailable(1, dealt[:2]))
    seen_by_0 = view(state, 0)
    assert seen_by_0.state.players[1].dealt == () and seen_by_0.state.players[1].kept is None
    assert seen_by_0.dealt_counts == (3, 3, 3)
    assert seen_by_0.unavailable_chosen == (False, True, False)
    seen_by_1 = view(state, 1)
    assert seen_by_1.state.players[1].dealt == dealt and seen_by_1.state.players[1].kept == dealt[:2]
    assert {m.seat for m in seen_by_0.legal} == {0}  # only the seat's own moves
    assert view(state, None).legal == ()


def test_ACT_TRAP_2_others_see_only_how_many_traps_a_player_holds() -> None:
    state = dlrules.new_game(3)
    state = attrs.evolve(state, players=(attrs.evolve(state.players[0], traps=("pendulum", "trap-door")), *state.players[1:]))
    assert view(state, 0).state.players[0].traps == ("pendulum", "trap-door")
    assert view(state, 2).state.players[0].traps == (HIDDEN, HIDDEN)
    assert view(state, None).state.players[0].traps == (HIDDEN, HIDDEN)


def test_SETUP_3_the_trap_discard_is_face_down_for_everyone() -> None:
    """SETUP-3, LIB-Y1-3: discarded trap cards show only their number, in every view."""
    state = attrs.evolve(_choosing(3), trap_discard=("pendulum", "trap-door"))
    for seat in (0, 1, 2, None):
        assert view(state, seat).state.trap_discard == (HIDDEN, HIDDEN)


def test_ACT_REP_2_a_seat_sees_the_combat_cards_it_spied_and_nobody_elses_spying() -> None:
    state = dlrules.new_game(3)
    state = attrs.evolve(state, combat=("invisibility", "word-of-peace", None, None), spied=((1,), (0, 1), ()))
    assert view(state, 0).state.combat == (None, "word-of-peace", None, None)
    assert view(state, 0).state.spied == ((1,), (), ())
    assert view(state, 1).state.combat == ("invisibility", "word-of-peace", None, None)
    assert view(state, 2).state.combat == (None, None, None, None)
    assert view(state, None).state.spied == ((), (), ())


def test_RST_5_deck_contents_are_hidden_but_sizes_and_known_bottom_cards_are_public() -> None:
    state = dlrules.new_game(4)
    adv = state.decks.adventurers.without("y1-warrior-3").with_bottom("y1-warrior-3")
    state = attrs.evolve(state, decks=attrs.evolve(state.decks, adventurers=adv))
    for seat in (0, None):
        decks = view(state, seat).state.decks
        for name in DECK_NAMES:
            original: Deck = getattr(state.decks, name)
            shown: Deck = getattr(decks, name)
            # LIB-CMB-3: the combat deck shows only the cards outside the four face-down ones
            face_down = state.combat.count(None) if name == "combat" else 0
            assert shown.size == original.size - face_down
            assert shown.bottom == original.bottom
            assert all(key == HIDDEN for key, _ in shown.unseen)
    assert view(state, 1).state.decks.adventurers.bottom == ("y1-warrior-3",)


def test_LIB_CMB_3_the_combat_deck_count_does_not_tell_whether_a_card_was_identified() -> None:
    """Issue 21, leak 3b: identifying a face-down card takes it out of the
    combat deck, but the count a seat is shown stays the same."""
    state = dlrules.new_game(3)
    card = sorted(k for k, _ in state.decks.combat.unseen)[0]
    known = attrs.evolve(
        state,
        decks=attrs.evolve(state.decks, combat=state.decks.combat.without(card)),
        combat=(None, card, None, None),
        spied=((), (1,), ()),
    )
    assert known.decks.combat.size == state.decks.combat.size - 1
    assert view(known, 0).state.decks.combat == view(state, 0).state.decks.combat
    assert view(known, 1).state.decks.combat.size == view(state, 1).state.decks.combat.size == 5


def test_ORD_7_unavailable_orders_hands_and_the_board_are_public() -> None:
    state, _ = played(3, 5, until=Phase.RESOLUTION)
    seen = view(state, None).state
    for mine, shown in zip(state.players, seen.players):
        assert shown.unavailable == mine.unavailable and shown.hand == mine.hand and shown.played == mine.played
    assert seen.board == state.board and seen.tavern == state.tavern and seen.dummies == state.dummies


def test_a_view_is_json_and_reads_back_equal() -> None:
    state = _choosing(2)
    state = dlrules.apply(state, next(m for m in dlrules.legal_moves(state) if m.seat == 1))
    got = view(state, 0)
    assert loads(dumps(got), PlayerView) == got


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 3 in a 3-player game"):
        view(dlrules.new_game(3), 3)


# --- the no-leak property ---------------------------------------------------------------


def _perturb_player(player: PlayerState, rng: random.Random) -> PlayerState:
    """Change everything hidden about ``player`` (keeping what is public: whether
    they chose, how many cards they were dealt and hold)."""
    changes: dict[str, Any] = {}
    if player.committed is not None:
        changes["committed"] = tuple(rng.sample(list(Action), 3))
    if player.dummy_choice is not None:
        changes["dummy_choice"] = rng.choice(list(Action))
    if player.dealt:
        changes["dealt"] = tuple(rng.sample(list(Action), len(player.dealt)))
    if player.kept is not None:
        changes["kept"] = tuple(rng.sample(list(Action), len(player.kept)))
    changes["traps"] = tuple(rng.choice(list(TRAPS)) for _ in player.traps)
    return attrs.evolve(player, **changes)


def _perturb_deck(deck: Deck, rng: random.Random) -> Deck:
    keys = ["a", "b", "c", "zz"]
    counts: dict[str, int] = {}
    for _ in range(deck.unseen_count):
        k = rng.choice(keys)
        counts[k] = counts.get(k, 0) + 1
    return Deck(tuple(sorted(counts.items())), deck.bottom)


def perturb(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """A state that differs from ``state`` only in what is hidden from ``seat``."""
    players = tuple(p if s == seat else _perturb_player(p, rng) for s, p in enumerate(state.players))
    mine = set(state.spied[seat]) if seat is not None else set()
    cards = [*COMBAT_CARDS, None]
    combat = tuple(c if pos in mine else rng.choice(cards) for pos, c in enumerate(state.combat))
    spied = tuple(
        sp if s == seat else tuple(sorted(rng.sample(range(4), rng.randint(0, 4)))) for s, sp in enumerate(state.spied)
    )
    outside = state.decks.combat.unseen_count - state.combat.count(None)  # the cards outside the face-down four
    if outside + combat.count(None) < 0:
        combat = tuple(c if pos in mine else (None if state.combat[pos] is None else rng.choice(list(COMBAT_CARDS))) for pos, c in enumerate(state.combat))
    decks = Decks(**{name: _perturb_deck(getattr(state.decks, name), rng) for name in DECK_NAMES})
    # LIB-CMB-3: an identified card has left the combat deck, so its size follows the identified positions
    combat_deck = _perturb_deck(Deck.of({"x": outside + combat.count(None)}) if outside + combat.count(None) else Deck(()), rng)
    decks = attrs.evolve(decks, combat=Deck(combat_deck.unseen, state.decks.combat.bottom))
    trap_discard = tuple(rng.choice(list(TRAPS)) for _ in state.trap_discard)  # SETUP-3: face down
    changes: dict[str, Any] = {}
    r = state.resolution
    if r is not None and r.spy is not None and acting_seat(state) != seat:
        changes["resolution"] = attrs.evolve(r, spy=rng.randrange(4))  # ACT-REP-2, LIB-CMB-3: which card is looked at
    fight = state.fight
    if fight is not None:  # CMB-PLAN-9: another defender's trap cards
        plans = tuple(
            p if p is None or s == seat else attrs.evolve(p, traps=tuple(rng.choice(list(TRAPS)) for _ in p.traps))
            for s, p in enumerate(fight.plans)
        )
        battle = fight.battle
        if battle is not None and battle.seat != seat:
            battle = attrs.evolve(battle, traps=tuple(rng.choice(list(TRAPS)) for _ in battle.traps))
        changes["fight"] = attrs.evolve(fight, plans=plans, battle=battle)
    return attrs.evolve(state, players=players, combat=combat, spied=spied, decks=decks, trap_discard=trap_discard, **changes)


def _with_secrets(state: GameState, rng: random.Random) -> GameState:
    """Give the play-out state some trap cards and spied combat cards, so the
    property also covers hidden fields the implemented phases have not used."""
    players = tuple(attrs.evolve(p, traps=tuple(rng.choice(list(TRAPS)) for _ in range(rng.randint(0, 2)))) for p in state.players)
    combat = tuple(rng.choice([*COMBAT_CARDS, None]) for _ in range(4))
    spied = tuple(tuple(sorted(rng.sample(range(4), rng.randint(0, 2)))) for _ in state.players)
    trap_discard = tuple(rng.choice(list(TRAPS)) for _ in range(rng.randint(0, 2)))
    changes: dict[str, Any] = {}
    if state.resolution is not None and acting_seat(state) is not None and rng.random() < 0.5:
        changes["resolution"] = attrs.evolve(state.resolution, spy=rng.randrange(4))  # a look in progress
    return attrs.evolve(state, players=players, combat=combat, spied=spied, trap_discard=trap_discard, **changes)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 260),
    who=st.integers(-1, 3),
    noise=st.integers(0, 2**32),
)
def test_no_leak_states_differing_only_in_hidden_parts_give_equal_views(
    players: int, seed: int, moves: int, who: int, noise: int
) -> None:
    """ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, CMB-PLAN-9, CMB-REF-6: a
    view does not depend on anything hidden from its seat (``who == -1``: a
    spectator): hidden cards, which combat card a spy is looking at
    (LIB-CMB-3), the trap cards another defender played face down."""
    seat = None if who < 0 or who >= players else who
    rng = random.Random(noise)
    state, _ = played(players, seed, max_moves=moves)
    state = _with_secrets(state, rng)
    if state.phase is Phase.GAME_OVER:  # LIB-WG-1: nothing is hidden any more
        assert view(state, seat).state == state
        return
    other = perturb(state, seat, rng)
    assert view(other, seat) == view(state, seat)


def test_no_leak_would_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check on the property: with the player redaction switched off, the
    perturbed state gives a different view (the committed orders leak)."""
    import dlrules.views as views

    state = _with_secrets(_choosing(3), random.Random(1))
    state = dlrules.apply(state, ChooseOrders(0, state.players[0].hand[:3]))
    other = perturb(state, 1, random.Random(7))
    assert view(other, 1) == view(state, 1)
    monkeypatch.setattr(views, "_redact_player", lambda p: p)
    assert view(other, 1) != view(state, 1)


def test_no_leak_CMB_PLAN_9_planned_traps_and_a_spy_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The property on a combat position where Player 1 has played a trap card
    face down; with the fight redaction switched off the trap would leak."""
    import dlrules.views as views
    from combat_positions import position

    from dlrules.moves import PlanDefence

    state = position({0: ["y1-warrior-5"], 1: ["y1-warrior-5"]}, traps={0: ["pendulum"]})
    state = dlrules.apply(state, PlanDefence(0, (0, 2), ("pendulum",)))
    for seed in range(5):
        other = perturb(state, 1, random.Random(seed))
        assert view(other, 1) == view(state, 1) and view(other, None) == view(state, None)
    monkeypatch.setattr(views, "_redact_fight", lambda fight, seat: fight)
    assert any(view(perturb(state, 1, random.Random(s)), 1) != view(state, 1) for s in range(5))


def test_ACT_REP_2_LIB_CMB_3_the_position_a_spy_looks_at_is_hidden_from_the_others() -> None:
    state, _ = played(3, 5, until=Phase.RESOLUTION)
    seat = acting_seat(state)
    assert seat is not None and state.resolution is not None
    looking = attrs.evolve(state, resolution=attrs.evolve(state.resolution, spy=2))
    others = [s for s in range(3) if s != seat]
    assert all(view(looking, s).state.resolution.spy == HIDDEN_POSITION for s in others)  # type: ignore[union-attr]
    assert view(looking, seat).state.resolution.spy == 2  # type: ignore[union-attr]
