"""Issue 23, reviewed from the rule texts (a second pair of eyes on revision 3
and the table's ruling): Pay Day with Demons (Y2-21, EXAMPLES E6), the
Poisoned Dart at the end of the round (CMB-EOR-1, CMB-EOR-2) and what a table's
ruling may never do (LIB-TAB-8). Each expected outcome is computed here from
the rule, not read from the referee."""

from __future__ import annotations

import itertools
from collections import Counter
from random import Random

import attrs
import pytest

from dlrules import CHANCE, TABLE, IllegalMove, PayMonster, apply, check, format_move, legal_moves, new_game, parse_move, sample_chance, to_move
from dlrules.components import MONSTERS
from dlrules.components.setup import EVIL_MAX
from dlrules.core.engine import PHASES
from dlrules.core.phases.combat import party as combat_party
from dlrules.core.phases.common import collecting
from dlrules.core.moves import Adjustment, PlanDefence, TableRuling, Target
from dlrules.core.state import GameState, Phase

from combat_positions import COLUMN, play, play_with_events, position, tunnels
from test_table_ruling import _battle_waiting_for_the_table
from test_year2_events import at_event
from year_helpers import monsters


# --- Y2-21, EXAMPLES E6: Pay Day with a Demon ----------------------------------------------

Outcome = tuple[tuple[str, ...], int, int, int, int]
"""Player 1 after his Pay Day: the kinds in his lair (sorted: alike monsters are
interchangeable, LIB-REV-2), gold, food, evil, trap cards."""


def _referee_outcomes(state: GameState) -> set[Outcome]:
    """Every end of Player 1's Pay Day the referee lets him reach (every
    legal move tried)."""
    out: set[Outcome] = set()
    todo = [state]
    while todo:
        s = todo.pop()
        if 0 in to_move(s) and s.phase is Phase.EVENTS:
            todo.extend(apply(s, m) for m in legal_moves(s))
            continue
        p = s.players[0]
        out.add((tuple(sorted(m.kind for m in p.monsters)), p.gold, p.food, p.evil, len(p.traps)))
    return out


def _rule_outcomes(lair: tuple[str, ...], gold: int, food: int, evil: int, traps: int) -> set[Outcome]:
    """Y2-19..21, EVT-PAY-1/2, RUL-14, RES-10 read directly: every monster is
    paid, let go or fed to a Demon that is paid; a paid Demon eats exactly one
    other monster, not a ghost and not a paid one; a fed monster needs no wage
    and gives no evil; the evil wages must fit on the evilometer (full game);
    each let-go monster gives +1 evil after the wages, stopping at the top."""
    out: set[Outcome] = set()
    n = len(lair)
    for fates in itertools.product(("pay", "go", "fed"), repeat=n):
        paid = [i for i in range(n) if fates[i] == "pay"]
        fed = [i for i in range(n) if fates[i] == "fed"]
        eaters = [i for i in paid if MONSTERS[lair[i]].monster_cost]
        if len(fed) != len(eaters) or any(MONSTERS[lair[i]].ghost for i in fed):
            continue  # each paid Demon eats one monster, each fed one is eaten once
        g = sum(MONSTERS[lair[i]].gold for i in paid)
        f = sum(MONSTERS[lair[i]].food for i in paid)
        t = sum(MONSTERS[lair[i]].trap_cost for i in paid)
        wages = sum(MONSTERS[lair[i]].evil for i in paid)
        if g > gold or f > food or t > traps or evil + wages > EVIL_MAX.value:
            continue
        e = min(EVIL_MAX.value, evil + wages + fates.count("go"))
        out.add((tuple(sorted(lair[i] for i in paid)), gold - g, food - f, e, traps - t))
    return out


@pytest.mark.parametrize(
    ("lair", "gold", "food", "traps", "evil"),
    [
        (("troll", "demon"), 0, 2, 0, 5),  # issue 23: Demon kept, 2 food left, evil 6 is one outcome
        (("troll", "demon"), 0, 0, 0, 5),  # and with no food the Demon still eats the troll
        (("golem", "demon"), 5, 5, 0, 5),  # E6 (a)
        (("demon", "demon", "goblin"), 5, 1, 0, 5),  # E6 (b)
        (("goblin", "demon", "ghost", "demon", "golem"), 1, 1, 1, 5),
        (("witch", "demon", "troll", "demon"), 0, 2, 0, 5),
        (("demon", "ghost"), 0, 0, 0, 5),
        (("vampire", "demon", "witch", "demon"), 0, 1, 0, 13),  # room for 2 evil of wages (RES-10, RUL-14)
    ],
)
def test_Y2_21_E6_the_referee_reaches_exactly_the_rules_outcomes(lair: tuple[str, ...], gold: int, food: int, traps: int, evil: int) -> None:
    """Y2-21: Demons settled first lose no outcome the rules allow, and allow
    none they forbid (a paid Demon eaten, a ghost eaten, a wage unpaid)."""
    state = at_event("payday", p0={"monsters": monsters(*lair), "gold": gold, "food": food, "evil": evil, "traps": ("pendulum",) * traps}, p1={"monsters": ()})
    assert _referee_outcomes(state) == _rule_outcomes(lair, gold, food, evil, traps)


def test_Y2_21_issue_23_troll_then_demon_with_two_food() -> None:
    """Issue 23: lair Troll then Demon, evil 5, 2 food: feeding the Troll
    keeps the Demon with 2 food left and evil 6."""
    state = at_event("payday", p0={"monsters": monsters("troll", "demon"), "gold": 0, "food": 2, "evil": 5}, p1={"monsters": ()})
    after = apply(state, PayMonster(0, 1, True, feed=0))
    p = after.players[0]
    assert (tuple(m.kind for m in p.monsters), p.food, p.evil) == (("demon",), 2, 6)


# --- CMB-EOR-1, CMB-EOR-2: the Poisoned Dart's 2 at the end of the round -------------------

W5 = "y1-warrior-5"
FIREBALL_FIRST = ("fireball", "graffiti", "detect-evil", "invisibility")  # fatigue 1 in round 1


def test_CMB_EOR_1_CMB_EOR_3_in_round_4_the_2_fall_before_the_combat_ends() -> None:
    """Round 4 (Invisibility, fatigue 0; a party of warriors casts nothing):
    the dart's 1 leaves the warrior 2 short of his 5 hit points; after the
    round's last battle the 2 eliminate him into Player 1's prison (CMB-8)
    before the combat ends and the survivors leave unscored (CMB-EOR-3,
    CMB-END-2)."""
    state = position({0: ["y1-warrior-5:2", W5]}, traps={0: ["poisoned-dart"]}, cards=("graffiti", "detect-evil", "word-of-peace", "invisibility"))
    assert state.fight is not None
    state = attrs.evolve(state, fight=attrs.evolve(state.fight, round=4))
    state = play(state, PlanDefence(0, COLUMN[0], ("poisoned-dart",)))
    state, said = play_with_events(state, Target(0, 0))
    texts = [e.text for e in said]
    poison = texts.index("The Poisoned Dart's later damage, at the end of the round: 2 on the warrior (HP 5) in position 1 (Player 1's dungeon).")
    assert poison < next(i for i, t in enumerate(texts) if t.startswith("Combat is over"))
    assert state.players[0].prison == (W5,)
    assert Counter(state.far_lands)[W5] == 1  # only the second warrior leaves unscored


def test_CMB_EOR_2_a_poisoned_paladin_who_moved_to_a_dungeon_that_fought_earlier_takes_the_2_there() -> None:
    """Player 2 starts the round. In Player 1's battle, after Player 2's, the
    dart hits the paladin (his icons cancel its 1); Player 1's conquest drops
    Player 1 below Player 2, so the paladin moves to Player 2's dungeon, whose
    battle is over. After the round's last battle the 2 follow him there
    (2 + 1 fatigue + 2 = his 5 hit points): Player 2's prison gets him."""
    state = position({0: [W5], 1: [W5]}, paladin=0, paladin_damage=2, traps={0: ["poisoned-dart"]},
                     evil={0: 11, 1: 12}, cards=FIREBALL_FIRST, first=1)
    state = play(state, PlanDefence(1, COLUMN[0]), PlanDefence(0, COLUMN[0], ("poisoned-dart",)))
    state, said = play_with_events(state, Target(0, 0))
    texts = [e.text for e in said]
    poison = texts.index("The Poisoned Dart's later damage, at the end of the round: 2 on the paladin (HP 5) in position 1 (Player 2's dungeon).")
    assert poison < texts.index("Combat round 2 begins.")
    assert "paladin-1" in state.players[1].prison and "paladin-1" not in state.players[0].prison


# --- C2-3: Metamorphosis ----------------------------------------------------------------------

Y2_CARDS = ("metamorphosis", "blind-rage", "regeneration", "illusion")


def test_C2_3_LIB_CMB_1_a_lone_candidate_becomes_a_sheep_and_a_sheep_golem_ends_knocked_out() -> None:
    """C2-3: the defender must choose one of the monsters he sent, never a
    ghost: with a Golem and a ghost sent, the Golem is the only choice, so it
    is made for him (LIB-CMB-1); a sheep loses every ability, the Golem's
    return face up included, so it ends knocked out; the ghost still acts."""
    room = tunnels(rooms={COLUMN[0]: "mint"})
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"]}, monsters={0: ["golem", "ghost"]}, year=2, cards=Y2_CARDS, dungeons={0: room})
    state, said = play_with_events(state, PlanDefence(0, COLUMN[0], (), (0, 1)))
    assert "Player 1's Golem becomes a sheep: it does not act and is knocked out (Metamorphosis)." in [e.text for e in said]
    assert [e.data.get("by") for e in said if e.code == "damage"] == ["ghost", "fatigue"]  # the sheep does not act
    assert [m.ready for m in state.players[0].monsters] == [False, False]  # the sheep; the ghost after its attack


# --- LIB-TAB-8: what a table's ruling may never do -------------------------------------------


def _a_seat_to_move(table_rulings: bool) -> GameState:
    """A new 2-player game at the first point where Player 1 must decide
    (setup: the unavailable orders he keeps)."""
    import random

    rng = random.Random(3)
    state = new_game(2, table_rulings=table_rulings)
    while 0 not in to_move(state):
        state = apply(state, sample_chance(state, rng) if CHANCE in to_move(state) else legal_moves(state)[0])
    return state


@pytest.mark.parametrize("table_rulings", [False, True])
def test_LIB_TAB_8_a_seat_to_move_cannot_send_a_table_ruling(table_rulings: bool) -> None:
    """A ruling is the table's alone (seat TABLE), only at a card's step: a
    player whose turn it is gets a clear refusal, in any game, and nothing
    changes (before: ``check`` found nothing wrong and ``apply`` crashed)."""
    state = _a_seat_to_move(table_rulings)
    ruling = TableRuling(0, "Rats", (Adjustment("gold", 0, 5),))
    assert [v.rule for v in check(state, ruling)] == ["LIB-TAB-8"]
    with pytest.raises(IllegalMove):
        apply(state, ruling)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_LIB_TAB_8_a_seats_page_sending_a_ruling_in_its_own_name_is_refused() -> None:
    """On the server, Player 1's own page posts a ruling in his name while he
    is to move (orders): refused with the rule (422), nothing played."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    import random

    from clientkit import table_client
    from test_serve import Table

    client = table_client()
    t = Table(client, players=2, seed=5, replayable=True, table_rulings=True)
    t.play_until(lambda s: s.phase is Phase.ORDERS and 0 in to_move(s), random.Random(5))
    n = t.game.n
    r = t.move(0, TableRuling(0, "Rats", (Adjustment("gold", 0, 5),)))
    assert r.status_code == 422 and "LIB-TAB-8" in r.text
    assert t.game.n == n


def _aura_of_fear_with_the_paladin() -> GameState:
    """Year-2 combat at a real table: the paladin attacks Player 1 (evil 11,
    as Player 2); Player 1's battle waits for the table's ruling on Aura of
    Fear, his party as the battle sees it: paladin, warrior, wizard."""
    y2 = ("aura-of-fear", "blind-rage", "regeneration", "illusion")
    state = position({0: ["y2-warrior-8", "y2-wizard-4-2"], 1: ["y2-warrior-8"]}, monsters={0: ["goblin"]},
                     year=2, cards=y2, paladin=0, evil={0: 11, 1: 11})
    state = play(attrs.evolve(state, table_rulings=True), PlanDefence(0, COLUMN[0], (), (0,)), PlanDefence(1, COLUMN[0]))
    assert to_move(state) == frozenset({TABLE})
    assert [a.key for a in combat_party(state, 0)] == ["paladin-2", "y2-warrior-8", "y2-wizard-4-2"]
    return state


def test_LIB_TAB_8_CMB_PAL_1_a_change_is_checked_against_the_party_the_changes_before_it_leave() -> None:
    """The ruling's first change drops Player 1 to evil 10, below Player 2:
    the paladin leaves at once (CMB-PAL-1, PAL-7), so Player 1's party has
    two adventurers when the second change comes; a third one cannot be
    named (before: the check let it pass and apply crashed)."""
    state = _aura_of_fear_with_the_paladin()
    ruling = TableRuling(TABLE, "Aura of Fear", (Adjustment("evil", 0, -1), Adjustment("damage", 0, 1, 2)))
    found = check(state, ruling)
    assert [v.rule for v in found] == ["LIB-TAB-8"] and "change 2: Player 1's party has 2 adventurers" in found[0].message
    with pytest.raises(IllegalMove):
        apply(state, ruling)


def test_LIB_TAB_8_CMB_PAL_1_each_change_is_narrated_and_applied_where_the_changes_before_it_leave_the_party() -> None:
    """The same first change; then 1 damage on adventurer 1 of Player 1's
    party, who is now the warrior (the paladin has left): the warrior takes
    it and the narration names him."""
    state = _aura_of_fear_with_the_paladin()
    ruling = TableRuling(TABLE, "Aura of Fear", (Adjustment("evil", 0, -1), Adjustment("damage", 0, 1, 0)))
    with collecting() as said:
        after = PHASES[state.phase].play(state, ruling)  # the ruling alone, before the battle goes on
    assert said[0].text == (
        "The table applies Aura of Fear: Player 1 loses 1 evil; "
        "the warrior HP8 (adventurer 1 of Player 1's party) takes 1 damage."
    )
    assert [e.code for e in said] == ["table_ruling", "paladin", "evil"]  # what the ruling set off comes after it
    assert after.paladin == 1
    assert [(a.key, a.damage) for a in combat_party(after, 0)] == [("y2-warrior-8", 1), ("y2-wizard-4-2", 0)]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (Adjustment("knock_out", 0, 7, 0), "knock out takes no amount"),  # it would be kept in the record, unused, and lost by the notation
        (Adjustment("withdraw", 0, 1, 0), "no battle is being fought"),
        (Adjustment("gold", 0, 10**400), "at most 99"),  # a record with it could not be read back (max_int_digits)
        (Adjustment("food", 0, -(10**20)), "at most 99"),
        (Adjustment("imps", 0, 100), "at most 99"),
    ],
)
def test_LIB_TAB_8_a_ruling_keeps_its_numbers_in_range(change: Adjustment, fragment: str) -> None:
    """Checked like any move: nothing out of range, no number that means
    nothing, so every ruling apply takes is written, read back and replayed
    exactly, and its notation says all of it."""
    state = at_event("special", "special-7", players=3, table_rulings=True, p0={"gold": 5, "food": 5, "monsters": monsters("goblin")})
    found = check(state, TableRuling(TABLE, "Rats", (change,)))
    assert [v.rule for v in found] == ["LIB-TAB-8"] and fragment in found[0].message


def test_LIB_TAB_8_play_out_stops_for_the_table_and_gives_its_ruling_to_no_policy() -> None:
    """A table's ruling is a person's reading of a printed card: play_out
    (which plays seats by their policies, uniform random by default) stops
    when the table must rule instead of letting a policy make the ruling."""
    import random

    from dlrules import play_out

    result = play_out(new_game(2, table_rulings=True), None, random.Random(11))
    assert TABLE in to_move(result.state)
    assert not any(isinstance(m, TableRuling) for m in result.moves)


@pytest.mark.parametrize(
    "changes",
    [
        (Adjustment("knock_out", 0, 0, 0), Adjustment("withdraw", 0, 0, 0)),  # face down, then "withdrawn face up"?
        (Adjustment("withdraw", 0, 0, 0), Adjustment("withdraw", 0, 0, 0)),
    ],
)
def test_LIB_TAB_8_CMB_SPELL_5_only_a_monster_still_in_the_battle_can_be_withdrawn(changes: tuple[Adjustment, ...]) -> None:
    """A battle's own limits are checked, like the rest, on the battle the
    changes before leave: once the goblin is knocked out or withdrawn it is
    no longer in the battle, and a second change cannot withdraw it (before:
    accepted, narrated as going back face up while it stayed face down)."""
    state = _battle_waiting_for_the_table()
    found = check(state, TableRuling(TABLE, "Aura of Fear", changes))
    assert [v.rule for v in found] == ["LIB-TAB-8"]
    assert found[0].message.startswith("change 2: only a monster sent to this battle can be withdrawn")


def _random_change(rng: Random) -> Adjustment:
    """A change of a plausible shape, one field in six made wrong."""
    kind = rng.choice(("damage", "heal", "withdraw", "knock_out", "dismiss", "discard_trap", "gold", "food", "imps", "evil", "skip_healing", "skip_conquest"))
    amount, target = 0, None
    if kind in ("damage", "heal"):
        amount, target = rng.randrange(1, 4), rng.randrange(3)
    elif kind in ("withdraw", "knock_out", "dismiss", "discard_trap"):
        target = rng.randrange(2)
    elif kind in ("gold", "food", "imps", "evil"):
        amount = rng.choice((-3, -2, -1, 1, 2, 3))
    change = Adjustment(kind, rng.randrange(2), amount, target)
    wrong = rng.randrange(18)
    if wrong == 0:
        change = attrs.evolve(change, player=rng.choice((-1, 3)))
    elif wrong == 1:
        change = attrs.evolve(change, amount=rng.choice((-1, 0, 5, 120)))
    elif wrong == 2:
        change = attrs.evolve(change, target=rng.choice((None, -1, 0, 4)))
    return change


def _random_rulings(rng: Random, count: int) -> list[TableRuling]:
    return [TableRuling(TABLE, "Rats", tuple(_random_change(rng) for _ in range(rng.randrange(1, 4)))) for _ in range(count)]


@pytest.mark.parametrize("where", ["special", "battle"])
def test_LIB_TAB_8_what_check_accepts_apply_plays_and_the_notation_keeps(where: str) -> None:
    """Random rulings at a special event card's step and in a battle with
    the paladin: check accepts exactly what apply plays (never a crash), and
    every accepted ruling survives its notation."""
    state = _aura_of_fear_with_the_paladin() if where == "battle" else at_event(
        "special", "special-7", players=3, table_rulings=True,
        p0={"gold": 2, "food": 1, "evil": 14, "monsters": monsters("goblin", "troll")}, p1={"evil": 2, "traps": ("pendulum", "rolling-stone")},
    )  # fmt: skip
    accepted = 0
    for ruling in _random_rulings(Random(23), 200):
        if check(state, ruling):
            with pytest.raises(IllegalMove):
                apply(state, ruling)
            continue
        accepted += 1
        apply(state, ruling)
        assert parse_move(format_move(ruling)) == ruling
    assert accepted >= 20  # the sample is not all refusals
