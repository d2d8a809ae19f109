"""Round start (RST-1..5, RUL-7): tavern, room shop, next event, next adventurers."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from scenario import deal_and_keep, first_chance

import dlrules
from dlrules import CHANCE, Draw, IllegalMove, Phase
from dlrules.core.phases import round_start
from dlrules.core.state import Deck


@pytest.mark.parametrize(("players", "adventurers"), [(2, 3), (3, 3), (4, 4)])
def test_RST_1_to_3_round_start_draws(players: int, adventurers: int) -> None:
    state = first_chance(deal_and_keep(players))
    assert state.phase is Phase.ORDERS
    assert len(state.tavern) == 3 and len(state.room_shop) == 2  # RST-1
    assert state.events[1] is not None and state.events[0] is None  # RST-2: spring's event
    assert len(state.adventurers_next) == adventurers  # RST-3
    assert state.decks.monsters.size == 9 and state.decks.rooms.size == 6


def test_RST_1_draws_are_chance_moves_weighted_by_copies() -> None:
    state = deal_and_keep(4)
    assert dlrules.to_move(state) == {CHANCE}
    outcomes = dict(dlrules.chance_outcomes(state))
    assert outcomes == {Draw("monsters", k): Fraction(2, 12) for k in ("ghost", "goblin", "slime", "troll", "vampire", "witch")}
    after = dlrules.apply(state, Draw("monsters", "troll"))
    assert after.tavern == ("troll",)
    assert dict(dlrules.chance_outcomes(after))[Draw("monsters", "troll")] == Fraction(1, 11)


def test_RST_1_leftovers_are_discarded() -> None:
    state = attrs.evolve(deal_and_keep(4), tavern=("goblin",), room_shop=("mint",))
    state = round_start.enter(state)
    assert state.tavern == () and state.room_shop == ()
    assert state.far_lands[-2:] == ("goblin", "mint")


def test_RST_1_refuses_a_card_not_in_the_deck_and_the_wrong_deck() -> None:
    state = deal_and_keep(4)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, Draw("monsters", "dragon"))  # a year-2 monster
    assert info.value.rules == ("RST-1",)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, Draw("rooms", "mint"))
    assert "monsters deck now" in str(info.value)


def test_RST_2_autumn_reveals_no_event_and_draws_no_adventurers() -> None:
    state = attrs.evolve(deal_and_keep(4), round=4, phase=Phase.ROUND_START)
    state = first_chance(state)
    assert state.phase is Phase.ORDERS
    assert state.events == (None, None, None, None)
    assert state.adventurers_next == ()


def _at_adventurers(players: int = 4) -> dlrules.GameState:
    state = deal_and_keep(players)
    while round_start.needed(state) != "adventurers":
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    return state


def test_RST_4_sorts_by_each_tiles_glyph_rank_not_by_class() -> None:
    """RST-4 (COMPONENTS-COMBAT.md table A): the 5-HP warrior (rank 3) sorts
    right of the 3-HP wizard (rank 1); equal ranks keep their drawn order."""
    state = _at_adventurers()
    for key in ("y1-warrior-5", "y1-thief-4-1", "y1-wizard-3-1", "y1-priest-3-2"):
        state = dlrules.apply(state, Draw("adventurers", key))
    # rank 1 wizard; then the two rank-2 tiles in drawn order (thief, priest); rank 3 warrior
    assert state.adventurers_next == ("y1-wizard-3-1", "y1-thief-4-1", "y1-priest-3-2", "y1-warrior-5")


def test_RST_4_ranks_are_table_A_per_tile() -> None:
    """RST-4: year 1 ranks 1-3, year 2 ranks 4-7; each class has one tile of rank 1 and 3 in year 1."""
    from dlrules.components import ADVENTURERS

    assert ADVENTURERS["y1-warrior-3"].rank == 1 and ADVENTURERS["y1-warrior-4"].rank == 2
    assert ADVENTURERS["y1-warrior-5"].rank == 3 and ADVENTURERS["y1-wizard-3-1"].rank == 1
    assert {a.rank for a in ADVENTURERS.values() if a.year == 1} == {1, 2, 3}
    assert {a.rank for a in ADVENTURERS.values() if a.year == 2} == {4, 5, 6, 7}
    rank_2 = sum(a.copies for a in ADVENTURERS.values() if a.year == 1 and a.rank == 2)
    assert rank_2 == 8  # RST-5: eight year-1 tiles share rank 2


def test_RST_5_same_rank_of_different_classes_is_redrawn() -> None:
    """RST-5, RUL-7: a rank-1 thief, priest and wizard (3 players) share a glyph
    rank: the last one goes under the deck and another is drawn."""
    state = _at_adventurers(3)
    for key in ("y1-thief-3-1", "y1-priest-3-1", "y1-wizard-3-1"):
        state = dlrules.apply(state, Draw("adventurers", key))
    assert state.adventurers_next == ("y1-thief-3-1", "y1-priest-3-1")
    assert state.decks.adventurers.bottom == ("y1-wizard-3-1",)
    assert dlrules.to_move(state) == {CHANCE}
    state = dlrules.apply(state, Draw("adventurers", "y1-warrior-3"))  # rank 1 again
    assert state.decks.adventurers.bottom == ("y1-wizard-3-1", "y1-warrior-3")
    state = dlrules.apply(state, Draw("adventurers", "y1-priest-4-1"))  # rank 2
    assert state.adventurers_next == ("y1-thief-3-1", "y1-priest-3-1", "y1-priest-4-1")
    assert state.phase is Phase.ORDERS


def test_RST_5_one_class_of_different_ranks_is_not_redrawn() -> None:
    """RST-5: three warriors of ranks 1, 2, 3 show different glyphs: no redraw."""
    state = _at_adventurers(3)
    for key in ("y1-warrior-5", "y1-warrior-3", "y1-warrior-4"):
        state = dlrules.apply(state, Draw("adventurers", key))
    assert state.decks.adventurers.bottom == ()
    assert state.adventurers_next == ("y1-warrior-3", "y1-warrior-4", "y1-warrior-5")
    assert state.phase is Phase.ORDERS


def test_RST_5_bottom_cards_come_after_the_unseen_ones() -> None:
    deck = Deck.of({"a": 1}).with_bottom("b")
    assert deck.size == 2
    assert deck.without("a") == Deck((), ("b",))
    assert deck.without("a").without("b").size == 0


def test_RST_5_no_endless_redraw_when_only_one_rank_is_left() -> None:
    """LIB-3: nothing of another rank left to draw: keep the set."""
    state = _at_adventurers(3)
    only_rank_2 = Deck.of({"y1-priest-3-2": 1, "y1-thief-4-1": 1, "y1-wizard-4-1": 1})
    state = attrs.evolve(state, decks=attrs.evolve(state.decks, adventurers=only_rank_2))
    for key in ("y1-priest-3-2", "y1-thief-4-1", "y1-wizard-4-1"):
        state = dlrules.apply(state, Draw("adventurers", key))
    assert len(state.adventurers_next) == 3 and state.phase is Phase.ORDERS


def test_RST_1_a_deck_has_a_card_left_exactly_when_its_size_is_not_zero() -> None:
    """RST-1, RST-5: the round start asks whether a deck has a card left
    without counting it; the answer is ``size > 0`` for full decks, decks
    of one copy, bottom cards only and empty decks."""
    decks = list(attrs.astuple(deal_and_keep(4).decks, recurse=False))
    decks += [Deck.of({"a": 1}), Deck((), ("b",)), Deck(()), Deck.of({"a": 1}).without("a")]
    for deck in decks:
        assert round_start._left(deck) == (deck.size > 0)


def test_RST_1_a_drawn_card_leaves_the_deck_as_the_general_rule_says() -> None:
    """RST-1, RST-5: ``Deck.without``'s quick removal of a drawn card (one
    bisection of the sorted unseen cards) leaves the deck the rule says,
    worked out here entry by entry: a card with several copies loses one, a
    single copy goes, the known card under an emptied deck comes off it, and
    a card the deck does not hold is refused."""
    from dlrules.core.state import DECK_NAMES

    def by_hand(deck: Deck, card: str) -> Deck:
        if not deck.unseen:
            assert deck.bottom[0] == card
            return Deck((), deck.bottom[1:])
        kept = [(k, n - 1 if k == card else n) for k, n in deck.unseen]
        return Deck(tuple([(k, n) for k, n in kept if n > 0]), deck.bottom)

    state = dlrules.new_game(4)
    for name in DECK_NAMES:
        deck = getattr(state.decks, name)
        for card, _ in deck.unseen:
            assert deck.without(card) == by_hand(deck, card)
    several = Deck.of({"goblin": 2, "troll": 1, "witch": 3})
    for card in ("goblin", "troll", "witch"):
        assert several.without(card) == by_hand(several, card)
    assert Deck((), ("y1-thief-2",)).without("y1-thief-2") == Deck((), ())
    unsorted = Deck((("witch", 1), ("goblin", 2)))  # built by hand: searched entry by entry
    assert unsorted.without("goblin") == Deck((("witch", 1), ("goblin", 1)))
    for missing in ("aaa", "ghost", "zzz"):
        with pytest.raises(KeyError):
            several.without(missing)
