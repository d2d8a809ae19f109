"""SPE-14 through the table's ruling (LIB-TAB-8, LIB-TAB-9): besides gold,
food, imps and Evil, the table may remove a monster from a lair (``dismiss``:
to the Distant Lands) and discard a trap card from a hand (``discard_trap``:
face down, out of the game), each checked against what the player has. A
trap card is hidden: the other seats learn only that one was discarded."""

from __future__ import annotations

import json

import pytest

from dlrules import TABLE, IllegalMove, apply, check, describe_move, format_move, parse_move
from dlrules.core.engine import PHASES
from dlrules.core.moves import Adjustment, TableRuling
from dlrules.core.phases.common import Event, collecting
from dlrules.records.serialization import dumps
from dlrules.core.state import GameState, Monster
from dlrules.records.views import knows_move, project_move, redact, seen_apply

from test_table_ruling import _battle_waiting_for_the_table
from test_year2_events import at_event
from year_helpers import monsters


def _monster_strike() -> GameState:
    """Year 2's spring at a real table: the special event is one the referee
    cannot read (special-7). Player 1 has a Goblin and a Troll whose token is
    at work, evil 5; Player 2 holds the Pendulum and the Rolling Stone (drawn in that
    order); Player 3 has nothing of either."""
    return at_event(
        "special", "special-7", players=3, table_rulings=True,
        p0={"evil": 5, "monsters": monsters("goblin", "troll"), "busy_trolls": 1, "traps": ()},
        p1={"traps": ("pendulum", "rolling-stone"), "monsters": ()},
        p2={"traps": (), "monsters": ()},
    )  # fmt: skip


def _ruled(state: GameState, ruling: TableRuling) -> tuple[GameState, list[Event]]:
    """The position right after the ruling (before the round goes on) and
    what it said; ``apply`` accepts the same ruling."""
    assert not check(state, ruling)
    with collecting() as said:
        after = PHASES[state.phase].play(state, ruling)
    return after, said


def _refusal(state: GameState, *changes: Adjustment) -> str:
    """The one refusal of a ruling with ``changes``, which must cite LIB-TAB-8
    and change nothing."""
    ruling = TableRuling(TABLE, "Monster Strike", changes)
    found = check(state, ruling)
    assert [v.rule for v in found] == ["LIB-TAB-8"]
    with pytest.raises(IllegalMove):
        apply(state, ruling)
    return found[0].message


# --- removing a monster -----------------------------------------------------------------------


def test_SPE_14_LIB_TAB_9_the_table_removes_a_monster_to_the_distant_lands() -> None:
    """The table rules that Player 1's Troll leaves: it goes to the Distant
    Lands and its token comes back from work (ACT-MON-5); the Goblin stays,
    now monster 1; no Evil comes with it (the table would add an ``evil``
    change if the card said so)."""
    state = _monster_strike()
    ruling = TableRuling(TABLE, "Monster Strike", (Adjustment("dismiss", 0, 0, 1),))
    after, events = _ruled(state, ruling)
    assert after.players[0].monsters == (Monster("goblin"),)
    assert after.players[0].busy_trolls == 0
    assert after.far_lands == state.far_lands + ("troll",)
    assert after.players[0].evil == 5
    assert events[0].text == "The table applies Monster Strike: Player 1's Troll (monster 2) leaves for the Distant Lands."
    assert events[0].data["changes"] == [{"kind": "dismiss", "player": 0, "amount": 0, "target": 1}]


def test_SPE_14_each_change_is_checked_on_the_lair_the_changes_before_it_leave() -> None:
    """Both monsters leave, the second named as it then stands (monster 1);
    a third removal finds the lair empty."""
    state = _monster_strike()
    both = TableRuling(TABLE, "", (Adjustment("dismiss", 0, 0, 0), Adjustment("dismiss", 0, 0, 0)))
    after, events = _ruled(state, both)
    assert after.players[0].monsters == () and after.far_lands[-2:] == ("goblin", "troll")
    assert "Player 1's Goblin (monster 1) leaves for the Distant Lands; Player 1's Troll (monster 1) leaves" in events[0].text
    three = (Adjustment("dismiss", 0, 0, 0),) * 3
    assert _refusal(state, *three) == "change 3: Player 1 has no monster to remove (SPE-14)"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (Adjustment("dismiss", 0, 0, 2), "change 1: Player 1 has 2 monsters: name one, 1 to 2 (SPE-14)"),
        (Adjustment("dismiss", 0, 0, None), "change 1: Player 1 has 2 monsters: name one, 1 to 2 (SPE-14)"),
        (Adjustment("dismiss", 2, 0, 0), "change 1: Player 3 has no monster to remove (SPE-14)"),
        (Adjustment("dismiss", 0, 1, 0), "change 1: dismiss takes no amount (one monster leaves)"),
    ],
)
def test_SPE_14_a_monster_removed_is_one_the_player_has(change: Adjustment, message: str) -> None:
    state = _monster_strike()
    assert _refusal(state, change) == message


# --- discarding a trap card -------------------------------------------------------------------


def test_SPE_14_LIB_TAB_9_the_table_discards_a_trap_card_face_down() -> None:
    """Player 2 tells the host to discard the second card of their hand (the
    Rolling Stone): it goes face down out of the game, and the sentence every
    seat reads does not say which card."""
    state = _monster_strike()
    ruling = TableRuling(TABLE, "Monster Strike", (Adjustment("discard_trap", 1, 0, 1),))
    after, events = _ruled(state, ruling)
    assert after.players[1].traps == ("pendulum",)
    assert after.trap_discard == state.trap_discard + ("rolling-stone",)
    assert events[0].text == "The table applies Monster Strike: Player 2 discards a trap card face down, out of the game."
    assert events[0].data["changes"] == [{"kind": "discard_trap", "player": 1, "amount": 0, "target": None}]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (Adjustment("discard_trap", 1, 0, 2), "change 1: Player 2 holds 2 trap cards: name one by its place in the hand, 1 to 2 (SPE-14)"),
        (Adjustment("discard_trap", 1, 0, None), "change 1: Player 2 holds 2 trap cards: name one by its place in the hand, 1 to 2 (SPE-14)"),
        (Adjustment("discard_trap", 0, 0, 0), "change 1: Player 1 holds no trap card to discard (SPE-14)"),
        (Adjustment("discard_trap", 1, 2, 0), "change 1: discard trap takes no amount (one trap card is discarded)"),
    ],
)
def test_SPE_14_a_trap_card_discarded_is_one_the_player_holds(change: Adjustment, message: str) -> None:
    """The check counts the hand, which is public (ACT-TRAP-2: only the count):
    a refusal tells the host nothing about which cards the player holds."""
    state = _monster_strike()
    assert _refusal(state, change) == message


def test_SPE_14_a_refused_ruling_changes_nothing() -> None:
    """A good change followed by a bad one: the whole ruling is refused, the
    Troll stays and the Pendulum stays."""
    state = _monster_strike()
    message = _refusal(state, Adjustment("dismiss", 0, 0, 1), Adjustment("discard_trap", 1, 0, 0), Adjustment("discard_trap", 1, 0, 1))
    assert message == "change 3: Player 2 holds 1 trap card: name one by its place in the hand, 1 to 1 (SPE-14)"
    assert state.players[0].monsters == monsters("goblin", "troll") and state.players[1].traps == ("pendulum", "rolling-stone")


def test_LIB_TAB_9_the_other_seats_learn_only_that_a_trap_card_was_discarded() -> None:
    """Player 1, Player 3 and a spectator (the host's page) see the ruling
    without the card's place, the narration and event data without it, and
    the hand and the discard as counts; Player 2 sees their own card go.
    Discarding the Pendulum or the Rolling Stone looks the same to them."""
    state = _monster_strike()
    rulings = [TableRuling(TABLE, "Monster Strike", (Adjustment("gold", 0, 1), Adjustment("discard_trap", 1, 0, i))) for i in (0, 1)]
    for seat in (0, 2, None):
        seen = [seen_apply(state, r, seat) for r in rulings]
        first, second = (dumps(s[1]) + dumps(s[2]) + json.dumps([e.text for e in s[3]]) + json.dumps([e.data for e in s[3]]) for s in seen)
        assert first == second  # nothing tells the two discards apart
        assert not any(word in first for word in ('"pendulum"', '"rolling-stone"', 'Pendulum', 'Rolling Stone'))
        seen_move = project_move(state, rulings[1], seat)
        assert isinstance(seen_move, TableRuling) and seen_move.changes[1].target is None
        assert seat is None or not knows_move(state, rulings[1], seat)  # (knows_move's None is the referee)
        assert describe_move(state, rulings[1], seat) == describe_move(state, rulings[0], seat)
        assert redact(seen[1][2], seat).players[1].traps == ("?",) and redact(seen[1][2], seat).trap_discard[-1:] == ("?",)
    _, move, after, _ = seen_apply(state, rulings[1], 1)
    assert move == rulings[1] and knows_move(state, rulings[1], 1)  # the owner knows which of their cards went
    assert after.players[1].traps == ("pendulum",)


def test_SPE_14_the_removals_are_made_outside_a_battle() -> None:
    """In a battle the lair and the trap cards are laid out already: the
    table uses the battle's own kinds there (withdraw, knock out)."""
    state = _battle_waiting_for_the_table()
    for kind in ("dismiss", "discard_trap"):
        found = check(state, TableRuling(TABLE, "Aura of Fear", (Adjustment(kind, 0, 0, 0),)))
        assert [v.rule for v in found] == ["LIB-TAB-8"]
        assert f"{kind.replace('_', ' ')} is a change outside a battle (LIB-TAB-9)" in found[0].message


def test_SPE_14_LIB_TAB_9_the_notation_names_the_monster_and_the_trap_card_from_1() -> None:
    ruling = TableRuling(TABLE, "Monster Strike", (Adjustment("dismiss", 0, 0, 1), Adjustment("discard_trap", 1, 0, 0), Adjustment("evil", 0, 1)))
    text = format_move(ruling)
    assert text == "table rules Monster Strike: dismiss P1 2; discard_trap P2 1; evil P1 +1"
    assert parse_move(text) == ruling
    with pytest.raises(ValueError, match="'discard_trap' takes the trap card"):
        parse_move("table rules: discard_trap P2")
    with pytest.raises(ValueError, match="'dismiss' takes the monster"):
        parse_move("table rules: dismiss P1 1 2")


def test_LIB_TAB_9_the_hosts_form_counts_each_hand_and_names_no_card() -> None:
    """The host's page (docs/serve.md) is no seat: it shows how many trap
    cards each player holds, so that the player can tell the host which place
    in their hand to discard, and never which cards they are."""
    from dlrules.apps.serve.ruling import ruling_data

    data = ruling_data(_monster_strike())
    assert [p["trap_cards"] for p in data["players"]] == [0, 2, 0]
    assert {"dismiss", "discard_trap"} <= set(data["kinds"])
    text = json.dumps(data)
    assert not any(word in text for word in ("pendulum", "rolling-stone", "Pendulum", "Rolling Stone"))
