"""Final scoring (SCORING.md): the worked examples SCO-X1 and SCO-X2, every
scoring line, each title with and without ties for 2, 3 and 4 players, the
Hall of Fame, the winners and the licence, and the game-over phase.

Positions are constructed at the end of year 2 (tests/scoring_positions.py):
the engine reaches the game's end only once year 2 is built."""

from __future__ import annotations

import attrs
import pytest

import dlrules
import dlrules.core.moves
import dlrules.core.phases.scoring
import dlrules.display.scoresheet
from dlrules import IllegalMove, Phase
from dlrules.components.scoring import HALL_OF_FAME, ITEM_VALUES, TITLE_POINTS, Item, Title
from dlrules.core.moves import ChooseOrders, Decline, Draw, FinishProduction, PayTaxes
from dlrules.core.phases.scoring import GameOutcome, final_scores, outcome
from scoring_positions import end_of_game, lord, plain

WARRIOR, THIEF, PRIEST, WIZARD = "y1-warrior-4", "y1-thief-3-1", "y2-priest-5-2", "y1-wizard-4-2"


def scored(*lords: dict[str, object], **changes: object) -> GameOutcome:
    result = outcome(end_of_game(*lords, **changes))  # type: ignore[arg-type]
    assert result is not None
    return result


def title(result: GameOutcome, which: Title) -> tuple[tuple[int, ...], int]:
    """(holders, points each) of one title."""
    t = next(t for t in result.titles if t.title is which)
    return t.holders, t.points


def line(result: GameOutcome, seat: int, item: Item) -> tuple[int, int]:
    """(count, points) of one SCO-1 line of a player's score."""
    found = result.players[seat].line(item)
    return found.count, found.points


# --- SCO-X2: the worked total ---------------------------------------------------------------------


def test_SCO_X2_worked_total_is_28() -> None:
    """SCO-X2, 4 players, player A (seat 0): rooms +8, monsters +5, prisoners +8,
    paladin +5, conquered tiles -6, red mark -3, the Chapel's bonus +6, the Lord
    of Halls alone +3, the monster title shared +2, no Hall of Fame: 28."""
    a = lord(
        rooms=("chapel", "mint", "workshop", "dark-room"),
        tunnels=0,
        conquered_tunnels=3,
        monsters=("vampire", "goblin", "troll", "witch", "slime", "ghost", "ghost"),
        prison=(WARRIOR, THIEF, PRIEST, WIZARD, "paladin-1"),
        red_marks=1,
        evil=4,
        imps=2,
        gold=1,
    )
    b = lord(rooms=("mint",), tunnels=6, monsters=("goblin",) * 5, evil=9, imps=6, gold=9)
    result = scored(a, b, lord(evil=3), lord(evil=3))
    score = result.players[0]
    assert [(ln.rule, ln.count, ln.points) for ln in score.lines] == [
        ("SCO-1a", 4, 8),
        ("SCO-1b", 5, 5),
        ("SCO-1c", 4, 8),
        ("SCO-1d", 1, 5),
        ("SCO-1e", 3, -6),
        ("SCO-1f", 1, -3),
        ("SCO-1g", 1, 6),
    ]
    assert score.line(Item.SCORING_ROOMS).rooms == (("chapel", 6),)
    assert [(t.rule, t.exclusive, t.points) for t in score.titles] == [("SCO-8b", True, 3), ("SCO-8d", False, 2)]
    assert score.hall_of_fame == 0
    assert score.total == 28 and score.licence


# --- SCO-X1: the cases the tests must cover -------------------------------------------------------


def test_SCO_X1_conquered_cafeteria_scores_nothing_and_costs_2() -> None:
    """SCO-X1, SCO-1e, SCO-6: a conquered Cafeteria gives neither its +2 nor its
    bonus; its owner loses 2 for the conquered tile. Kept, it would score 2 + 3."""
    hungry = ("goblin", "troll", "slime")
    lost = scored(lord(conquered_rooms=("cafeteria",), monsters=hungry), lord())
    kept = scored(lord(rooms=("cafeteria",), monsters=hungry), lord())
    assert line(lost, 0, Item.UNCONQUERED_ROOMS) == (0, 0)
    assert line(lost, 0, Item.SCORING_ROOMS) == (0, 0)
    assert line(lost, 0, Item.CONQUERED_TILES) == (1, -2)
    assert line(kept, 0, Item.UNCONQUERED_ROOMS) == (1, 2)
    assert line(kept, 0, Item.SCORING_ROOMS) == (1, 3)


def test_SCO_X1_ghost_scores_nothing_as_a_monster_but_2_in_an_unconquered_chapel() -> None:
    """SCO-X1, SCO-1b, SCO-6, R-6."""
    without = scored(lord(monsters=("ghost",)), lord())
    chapel = scored(lord(rooms=("chapel",), monsters=("ghost",)), lord())
    assert line(without, 0, Item.MONSTERS) == (0, 0)
    assert line(chapel, 0, Item.MONSTERS) == (0, 0)
    assert line(chapel, 0, Item.SCORING_ROOMS) == (1, 2)


def test_SCO_X1_two_paladins_in_one_prison_give_10() -> None:
    """SCO-X1, SCO-1d, CMB-PAL-5: both years' paladins in one prison; other prisoners +2 (SCO-1c)."""
    result = scored(lord(prison=("paladin-1", "paladin-2", WARRIOR)), lord())
    assert line(result, 0, Item.PALADINS) == (2, 10)
    assert line(result, 0, Item.PRISONERS) == (1, 2)


def test_SCO_X1_tied_for_most_rooms_2_each_and_no_hall_of_fame_bonus() -> None:
    """SCO-X1, SCO-9, SCO-12: two players tie for the most rooms (one of them a
    Hall of Fame): 2 points each, and a shared title feeds no Hall of Fame."""
    result = scored(
        lord(rooms=("hall-of-fame", "mint"), evil=3),
        lord(rooms=("mint", "workshop"), evil=3),
        lord(rooms=("mint",), evil=3),
        lord(evil=3),
    )
    assert title(result, Title.ROOMS) == ((0, 1), 2)
    assert result.players[0].hall_of_fame == 0
    assert all(t.title is not Title.ROOMS for t in result.players[2].titles)


@pytest.mark.parametrize(("players", "per_title"), [(2, 1), (3, 1), (4, 2)])
def test_SCO_X1_hall_of_fame_per_exclusive_title_by_player_count(players: int, per_title: int) -> None:
    """SCO-X1, SCO-12, R-8: an unconquered Hall of Fame gives +1 per exclusive
    title with 2 or 3 players and +2 with 4, scored with the titles. The owner
    holds the Lord of Dark Deeds and the Lord of Halls alone, the rest shared."""
    owner = lord(rooms=("hall-of-fame",), evil=12)
    result = scored(owner, *plain(players - 1))
    exclusive = [t.rule for t in result.players[0].titles if t.exclusive]
    assert exclusive == ["SCO-8a", "SCO-8b"]
    assert HALL_OF_FAME.per_exclusive[players] == per_title
    assert result.players[0].hall_of_fame == 2 * per_title
    assert ("SCO-12", 2 * per_title) in result.players[0].breakdown


def test_SCO_12_a_conquered_hall_of_fame_gives_nothing() -> None:
    result = scored(lord(conquered_rooms=("hall-of-fame",), evil=12), lord())
    assert title(result, Title.EVIL) == ((0,), 2)
    assert result.players[0].hall_of_fame == 0


def test_SCO_X1_two_players_pay_2_and_1_and_ignore_the_dummy_evil_marker() -> None:
    """SCO-X1, SCO-2, SCO-11, LIB-SCO-3: with 2 players an exclusive title is worth 2 and a
    shared one 1; the non-player Evil counter, even at the top, neither holds nor
    blocks the Lord of Dark Deeds."""
    result = scored(lord(evil=7), lord(evil=6), dummy_evil=15)
    assert title(result, Title.EVIL) == ((0,), 2)
    assert title(result, Title.IMPS) == ((0, 1), 1)
    assert (TITLE_POINTS[2].exclusive, TITLE_POINTS[2].shared) == (2, 1)


def test_SCO_X1_lord_of_riches_counts_trap_cards_still_held() -> None:
    """SCO-X1, SCO-8f: gold + food + unplayed trap cards; 2 gold and 2 food lose
    to 1 gold, 1 food and 3 trap cards."""
    result = scored(lord(gold=2, food=2), lord(gold=1, food=1, traps=("pendulum", "trap-door", "pendulum")))
    assert title(result, Title.RICHES) == ((1,), 2)
    assert next(t for t in result.titles if t.title is Title.RICHES).values == (4, 5)


def test_SCO_X1_a_tie_for_the_highest_total_gives_two_winners() -> None:
    """SCO-X1, SCO-3: players tied for the highest total share the victory."""
    result = scored(lord(rooms=("mint",), evil=3), lord(rooms=("mint",), evil=3), lord(evil=3))
    assert result.players[0].total == result.players[1].total > result.players[2].total
    assert result.winners == (0, 1) and result.shared_victory
    assert dlrules.core.phases.scoring.describe(result) == f"Player 1 and Player 2 share the victory with {result.players[0].total} points"


def test_SCO_X1_a_total_of_0_earns_no_licence() -> None:
    """SCO-X1, SCO-3: a total above 0 earns the licence; 0 or less does not.
    Player 1 shares six titles (+12) and loses 12: three conquered tunnels and
    two red marks."""
    base = scored(*plain(3))
    shared = base.players[0].total  # every title shared: 7 x 2
    assert shared == 7 * TITLE_POINTS[3].shared
    # Conquered tunnels: -2 each and the battle title lost; they still count as tunnels (SCO-8c).
    zero = lord(tunnels=0, conquered_tunnels=3, red_marks=2)
    result = scored(zero, lord(), lord())
    assert result.players[0].total == 0
    assert not result.players[0].licence
    assert result.players[1].licence
    one = scored(lord(tunnels=0, conquered_tunnels=3, red_marks=2, gold=9), lord(), lord())
    assert one.players[0].total > 0 and one.players[0].licence


def test_SCO_5_scores_may_be_negative() -> None:
    result = scored(lord(tunnels=0, conquered_tunnels=5, red_marks=4, evil=1, imps=0), lord(), lord())
    assert result.players[0].total < 0
    assert not result.players[0].licence
    assert result.winners == (1, 2)


# --- SCO-1: each line's value -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("item", "changes", "count"),
    [
        (Item.UNCONQUERED_ROOMS, {"rooms": ("labyrinth", "mint", "workshop")}, 3),
        (Item.MONSTERS, {"monsters": ("troll", "golem", "ghost", "dragon")}, 3),
        (Item.PRISONERS, {"prison": (WARRIOR, THIEF, "paladin-2")}, 2),
        (Item.PALADINS, {"prison": ("paladin-1",)}, 1),
        (Item.CONQUERED_TILES, {"conquered_rooms": ("mint",), "conquered_tunnels": 2}, 3),
        (Item.RED_MARKS, {"red_marks": 2}, 2),
    ],
)
def test_SCO_1_each_line_counts_and_scores_its_value(item: Item, changes: dict[str, object], count: int) -> None:
    """SCO-1a..1f: the count and the points of each line (the Labyrinth is a
    room; a troll is a monster; ghosts are not; conquered rooms and tunnels both
    cost 2)."""
    result = scored(lord(**changes), lord())  # type: ignore[arg-type]
    points = ITEM_VALUES[item].points
    assert points is not None
    assert line(result, 0, item) == (count, count * points)


def test_SCO_1_tunnels_gold_food_imps_and_traps_score_nothing_directly() -> None:
    """SCO-1: unconquered tunnels, gold, food, imps and trap cards only count for titles."""
    poor = scored(lord(tunnels=3, imps=3), lord(tunnels=3, imps=3))
    rich = scored(lord(tunnels=9, imps=9, gold=9, food=9, traps=("pendulum",)), lord(tunnels=3, imps=3))
    assert sum(p for _, p in poor.players[0].breakdown[:7]) == sum(p for _, p in rich.players[0].breakdown[:7]) == 0


def test_SCO_15_face_down_monsters_count() -> None:
    """SCO-15, SCO-4, LIB-SCO-2: after clean-up every monster is face up; a face-down one
    (a constructed position) is still in the lair and counts."""
    state = end_of_game(lord(monsters=("goblin", "witch")), lord())
    lair = tuple(attrs.evolve(m, ready=False) for m in state.players[0].monsters)
    state = attrs.evolve(state, players=(attrs.evolve(state.players[0], monsters=lair), state.players[1]))
    result = outcome(state)
    assert result is not None and line(result, 0, Item.MONSTERS) == (2, 2)


@pytest.mark.parametrize(
    ("room", "monsters", "bonus"),
    [
        ("cafeteria", ("troll", "goblin", "slime", "witch", "vampire", "dragon", "ghost"), 4),
        ("chapel", ("vampire", "vampire", "ghost", "goblin", "demon"), 6),
        ("pandemonium", ("golem", "dragon", "demon", "witch", "ghost"), 6),
    ],
)
def test_SCO_6_scoring_room_bonuses(room: str, monsters: tuple[str, ...], bonus: int) -> None:
    """SCO-6, R-5..R-7: Cafeteria +1 per troll, goblin, slime, witch; Chapel +2
    per vampire and ghost; Pandemonium +2 per golem, dragon, demon; on top of the
    room's own +2."""
    result = scored(lord(rooms=(room,), monsters=monsters), lord())
    assert line(result, 0, Item.SCORING_ROOMS) == (1, bonus)
    assert line(result, 0, Item.UNCONQUERED_ROOMS) == (1, 2)


def test_SCO_7_lines_in_the_overview_cards_order() -> None:
    """SCO-7, SCO-14, LIB-SCO-4: the lines, then the titles held, then the Hall of Fame (SCO-1h)."""
    result = scored(lord(rooms=("hall-of-fame",), evil=9), lord())
    rules = [rule for rule, _ in result.players[0].breakdown]
    assert rules[:7] == ["SCO-1a", "SCO-1b", "SCO-1c", "SCO-1d", "SCO-1e", "SCO-1f", "SCO-1g"]
    assert rules[7:-1] == sorted(rules[7:-1]) and all(r.startswith("SCO-8") for r in rules[7:-1])
    assert rules[-1] == "SCO-12"


# --- SCO-8: each title, exclusive and shared, by player count -----------------------------------

# For each title: the lord who leads it, one who ties the leader, and the rest.
LEAD: dict[Title, tuple[dict[str, object], dict[str, object]]] = {
    Title.EVIL: ({"evil": 11}, {"evil": 4}),  # SCO-8a
    Title.ROOMS: ({"rooms": ("mint",), "conquered_rooms": ("workshop",)}, {}),  # SCO-8b: conquered count
    Title.TUNNELS: ({"tunnels": 2, "conquered_tunnels": 3}, {}),  # SCO-8c: conquered count, 5 against 3
    Title.MONSTERS: ({"monsters": ("goblin", "troll")}, {"monsters": ("ghost", "ghost", "ghost")}),  # SCO-8d
    Title.IMPS: ({"imps": 5}, {"imps": 2}),  # SCO-8e
    Title.RICHES: ({"gold": 2, "food": 1, "traps": ("pendulum",)}, {"gold": 3}),  # SCO-8f
    Title.FEWEST_CONQUERED: ({}, {"conquered_tunnels": 1}),  # SCO-8g
}


def _field(changes: dict[str, object], **base: object) -> dict[str, object]:
    merged = dict(base)
    merged.update(changes)
    return lord(**merged)  # type: ignore[arg-type]


def _lords(which: Title, leaders: int, players: int) -> list[dict[str, object]]:
    """``leaders`` lords lead ``which`` (the first seats), the others trail it."""
    lead, trail = LEAD[which]
    return [_field(lead if seat < leaders else trail) for seat in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("which", list(Title))
def test_SCO_8_title_held_alone_is_exclusive(which: Title, players: int) -> None:
    """SCO-2, SCO-8a..g, SCO-9: one player with the best value holds the title
    alone: 3 points (2 with 2 players); the others get nothing for it."""
    result = scored(*_lords(which, 1, players))
    points = TITLE_POINTS[players]
    assert title(result, which) == ((0,), points.exclusive)
    held = [t for t in result.players[0].titles if t.title is which]
    assert len(held) == 1 and held[0].exclusive and held[0].points == points.exclusive
    for seat in range(1, players):
        assert all(t.title is not which for t in result.players[seat].titles)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("which", list(Title))
def test_SCO_8_title_tied_is_shared_by_exactly_the_tied(which: Title, players: int) -> None:
    """SCO-2, SCO-8a..g, SCO-9, SCO-10: every player with the best value holds
    the title, shared: 2 points each (1 with 2 players); no tie-breaker, the
    first-player token included; nobody else holds it."""
    leaders = 2
    for first in range(players):
        result = scored(*_lords(which, leaders, players), first_player=first)
        assert title(result, which) == (tuple(range(leaders)), TITLE_POINTS[players].shared)
        for seat in range(leaders, players):
            assert all(t.title is not which for t in result.players[seat].titles)


def test_SCO_8b_SCO_8c_rooms_and_tunnels_are_counted_apart() -> None:
    """SCO-8b counts rooms (conquered too) and not tunnels; SCO-8c tunnel tiles
    (conquered too) and not rooms."""
    result = scored(lord(rooms=("mint", "workshop"), tunnels=1), lord(tunnels=2, conquered_tunnels=1))
    assert title(result, Title.ROOMS) == ((0,), 2)
    assert title(result, Title.TUNNELS) == ((1,), 2)


def test_SCO_8d_SCO_8e_ghosts_are_not_monsters_and_trolls_are_not_imps() -> None:
    """SCO-8d: ghosts do not count; SCO-8e: imp figures only (a troll is a
    monster, its token is no imp)."""
    result = scored(lord(monsters=("ghost", "ghost"), imps=3), lord(monsters=("troll",), imps=3))
    assert title(result, Title.MONSTERS) == ((1,), 2)
    assert title(result, Title.IMPS) == ((0, 1), 1)


def test_SCO_8g_fewest_conquered_tiles_wins() -> None:
    result = scored(lord(conquered_tunnels=2), lord(conquered_tunnels=1), lord(conquered_tunnels=1), lord(conquered_rooms=("mint",), conquered_tunnels=1))
    assert title(result, Title.FEWEST_CONQUERED) == ((1, 2), 2)


def test_SCO_13_a_best_of_0_is_shared_by_all() -> None:
    """SCO-13 (U-11, LIB-SCO-5): nobody has a room or a monster: every player holds those titles, shared."""
    result = scored(*plain(4))
    assert title(result, Title.ROOMS) == ((0, 1, 2, 3), 2)
    assert title(result, Title.MONSTERS) == ((0, 1, 2, 3), 2)


def test_SCO_11_three_players_the_missing_colour_never_counts() -> None:
    """SCO-11: only the real players' values are compared (3 players: 3 values)."""
    result = scored(lord(evil=2), lord(evil=2), lord(evil=2))
    assert all(len(t.values) == 3 for t in result.titles)
    assert title(result, Title.EVIL) == ((0, 1, 2), 2)


# --- SCO-3, SCO-4: the end of the game ------------------------------------------------------------


def test_SCO_4_no_outcome_before_the_end() -> None:
    """SCO-4, SCO-14: ``outcome`` is None and ``is_over`` false until the game is over."""
    state = dlrules.new_game(3)
    assert dlrules.outcome(state) is None and not dlrules.is_over(state)
    year1_combat = attrs.evolve(end_of_game(*plain(3)), year=1, phase=Phase.COMBAT)
    assert dlrules.outcome(year1_combat) is None and not dlrules.is_over(year1_combat)
    over = end_of_game(*plain(3))
    assert dlrules.is_over(over) and dlrules.outcome(over) == final_scores(over)


MOVES: list[dlrules.Move] = [
    ChooseOrders(0, (dlrules.Action.FOOD, dlrules.Action.DIG, dlrules.Action.MINE)),
    Decline(1),
    FinishProduction(0),
    PayTaxes(2, 0),
    Draw("monsters", "goblin"),
]


@pytest.mark.parametrize("move", MOVES, ids=[type(m).__name__ + str(m.seat) for m in MOVES])
def test_SCO_3_every_move_is_refused_once_the_game_is_over(move: dlrules.Move) -> None:
    """SCO-3, LIB-SCO-6: after scoring the game is over: nobody is to move, and
    every move (chance's too) is refused citing SCO-3, the state left unchanged."""
    state = end_of_game(lord(rooms=("mint",)), lord(), lord())
    assert dlrules.to_move(state) == frozenset() and dlrules.legal_moves(state) == ()
    violations = dlrules.check(state, move)
    assert [v.rule for v in violations] == ["SCO-3"]
    assert "the game is over" in violations[0].message and "Player 1 wins with" in violations[0].message
    before = dlrules.dumps(state)
    with pytest.raises(IllegalMove) as info:
        dlrules.apply(state, move)
    assert info.value.rules == ("SCO-3",)
    assert dlrules.dumps(state) == before


def test_SCO_3_a_seat_that_does_not_exist_is_still_told_so() -> None:
    state = end_of_game(*plain(2))
    assert [v.rule for v in dlrules.check(state, Decline(3))] == ["RS-3"]


def test_SCO_14_the_outcome_survives_a_json_round_trip_of_the_state() -> None:
    """SCO-14, LIB-SCO-1: the outcome is a function of the state, so a saved end
    position gives the same result."""
    state = end_of_game(lord(rooms=("chapel",), monsters=("ghost", "vampire"), prison=("paladin-2",)), lord(gold=4))
    again: dlrules.GameState = dlrules.loads(dlrules.dumps(state), dlrules.GameState)
    assert dlrules.outcome(again) == dlrules.outcome(state)


def test_SCO_14_total_is_the_sum_of_its_breakdown_and_winners_have_the_best_total() -> None:
    result = scored(
        lord(rooms=("hall-of-fame", "pandemonium"), monsters=("golem", "demon"), evil=10),
        lord(rooms=("cafeteria",), monsters=("troll", "goblin"), conquered_tunnels=1, red_marks=1),
        lord(prison=(WARRIOR, "paladin-1"), gold=5),
    )
    for score in result.players:
        assert score.total == sum(points for _, points in score.breakdown)
        assert score.licence == (score.total > 0)
    best = max(result.totals)
    assert result.winners == tuple(s for s, t in enumerate(result.totals) if t == best)


def test_SCO_13_the_reading_is_one_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """LIB-SCO-5: with the other reading of U-11 a "most" title at 0 goes to
    nobody; the fewest-conquered title at 0 is still awarded."""
    from dlrules.components import scoring as data

    monkeypatch.setattr(data, "TITLE_AT_ZERO", attrs.evolve(data.TITLE_AT_ZERO, value=False))
    monkeypatch.setattr(dlrules.core.phases.scoring, "TITLE_AT_ZERO", data.TITLE_AT_ZERO)
    result = scored(*plain(3))
    assert title(result, Title.ROOMS) == ((), 0)
    assert all(t.title is not Title.ROOMS for p in result.players for t in p.titles)
    assert title(result, Title.FEWEST_CONQUERED) == ((0, 1, 2), TITLE_POINTS[3].shared)



def test_SCO_14_the_outcome_is_json_and_the_score_sheet_shows_every_line() -> None:
    """SCO-14, SCO-7: the outcome round-trips through dlrules JSON; the score
    sheet shows every SCO-1 line, every title (shared ones marked "="), the Hall
    of Fame, the totals, the licences and the winner."""
    from dlrules.display.scoresheet import score_sheet

    state = end_of_game(
        lord(rooms=("chapel", "hall-of-fame"), monsters=("ghost", "vampire"), evil=9, prison=("paladin-1", WARRIOR), conquered_tunnels=1),
        lord(red_marks=2, gold=5),
        lord(),
    )
    result = outcome(state)
    assert result is not None
    assert dlrules.loads(dlrules.dumps(result), GameOutcome) == result
    sheet = score_sheet(result).splitlines()
    assert [row.split()[0] for row in sheet[1:8]] == ["SCO-1a", "SCO-1b", "SCO-1c", "SCO-1d", "SCO-1e", "SCO-1f", "SCO-1g"]
    assert sheet[4].split()[-4:] == ["+5", "(1)", "0", "0"]  # SCO-1d: a paladin
    assert sheet[5].split()[-4:] == ["-2", "(1)", "0", "0"]  # SCO-1e: one conquered tunnel
    assert sheet[6].split()[-4:] == ["0", "-6", "(2)", "0"]  # SCO-1f: two red marks
    assert sheet[12].split()[-3:] == ["+2=", "+2=", "+2="]  # SCO-8e shared by all three
    assert sheet[15].split()[-3:] == ["+4", "0", "0"]  # SCO-12: 4 exclusive titles x 1 (3 players)
    assert sheet[16].split()[-3:] == [str(p.total) for p in result.players] == ["32", "1", "4"]
    assert sheet[-1] == "Player 1 wins with 32 points."
