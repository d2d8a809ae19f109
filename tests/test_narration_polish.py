"""Narration for people: plurals agree with the numbers, each special event
card has one name, adventurers are named by class and strength, and the
2-player dummies are spoken of as two (ADV-2P-1, ADV-2P-2); one name per
special event card (LIB-TR-1)."""

from __future__ import annotations

import random
import re

import dlrules
from dlrules import apply_with_events
from dlrules.components import ADVENTURERS, EVENTS, PALADINS, SPECIAL_EVENTS
from dlrules.components.report import render
from dlrules.core.phases.common import Event, plural


def _events(players: int, seeds: range) -> list[Event]:
    seen: list[Event] = []
    for seed in seeds:
        state = dlrules.new_game(players)
        rng = random.Random(seed)
        while dlrules.to_move(state):
            seats = dlrules.to_move(state)
            move = dlrules.sample_chance(state, rng) if dlrules.CHANCE in seats else rng.choice(dlrules.legal_moves(state))
            state, events = apply_with_events(state, move)
            seen.extend(events)
    return seen


EVENTS_2P = _events(2, range(6))
EVENTS_4P = _events(4, range(3))


def test_plural_helper() -> None:
    assert [plural(n, "imp") for n in (0, 1, 2)] == ["0 imps", "1 imp", "2 imps"]
    assert plural(1, "copy", "copies") == "1 copy" and plural(3, "copy", "copies") == "3 copies"


def test_mining_says_1_imp_mines_and_2_imps_mine() -> None:
    mines = [e for e in EVENTS_2P + EVENTS_4P if e.kind == "mine"]
    assert {e.data["imps"] for e in mines} >= {1, 2}
    for e in mines:
        n = e.data["imps"]
        assert (f"1 imp mines 1 gold" if n == 1 else f"{n} imps mine {n} gold") in e.text
        assert "(s)" not in e.text


def test_no_sentence_has_a_number_with_the_wrong_plural() -> None:
    wrong = re.compile(r"\b1 (imps|tokens|damage tokens|troll tokens|workers|cards|copies)\b|\b([02-9]|1[0-9]) (imp|damage token|troll token|worker|card)\b(?!s)")
    for e in EVENTS_2P + EVENTS_4P:
        assert not wrong.search(e.text), e.text


def test_the_values_to_verify_count_copies_in_the_right_number() -> None:
    text = render()
    assert "1 copy" in text and "1 copies" not in text


def test_sentences_begin_with_a_capital() -> None:
    for e in EVENTS_2P:
        assert e.text[:1].isupper() or e.text[:1] == ">", e.text
    assert any(e.text.startswith("Dummy ") for e in EVENTS_2P)


def test_two_dummies_share_one_evil_marker_and_are_spoken_of_as_two() -> None:
    """ADV-2P-1, ADV-2P-2: with 2 players there are two dummy colours and one
    shared evil marker: no sentence speaks of "the dummy" as if there were one."""
    moved = [e for e in EVENTS_2P if e.kind == "dummy_evil"]
    assert moved and all(e.text.startswith("The dummies' evil marker") for e in moved)
    assert any("the dummies' evil marker and goes on to the far lands" in e.text for e in EVENTS_2P)
    assert not any(re.search(r"\bthe dummy\b", e.text, flags=re.IGNORECASE) for e in EVENTS_2P)


def test_adventurers_are_named_by_class_and_strength_everywhere() -> None:
    """Also in combat (eliminated, targeted, shielded, released; LIB-TX-2):
    the paladin by his hit points (table P), never a tile key."""
    named = [e for e in EVENTS_2P + EVENTS_4P if e.data.get("adventurer") is not None]
    assert {e.kind for e in named} >= {"adventurer", "eliminated"}
    for e in named:
        key = e.data["adventurer"]
        if key in ADVENTURERS:
            label = ADVENTURERS[key].label  # "a thief (HP 3, 1 anti-trap icon)"
            assert label.split(" ", 1)[1] in e.text
        elif key in {p.key for p in PALADINS.values()}:
            hp = next(p.hp for p in PALADINS.values() if p.key == key)
            assert f"paladin (HP {hp})" in e.text
        else:
            assert key == "illusion" and "illusion" in e.text
        assert key not in e.text or key == "illusion"  # never the tile key
    survivors = [e for e in EVENTS_2P + EVENTS_4P if e.kind == "distant_lands"]
    for e in survivors:
        for key in e.data["adventurers"]:
            if key in ADVENTURERS:
                assert ADVENTURERS[key].label.split(" ", 1)[1] in e.text


def test_each_special_event_card_has_one_name_of_its_own() -> None:
    """LIB-TR-1; SPE-12: a card whose text is not established is announced by its name;
    the four with no known name share one description, never their key (issue 23)."""
    names = [card.name for card in SPECIAL_EVENTS.values()]
    named = [n for n in names if n != "a special event card the referee cannot read"]
    assert len(names) == 9 and len(set(named)) == len(named) == 5
    assert EVENTS["special"].name not in names
    assert SPECIAL_EVENTS["embezzlement"].name == "Embezzlement"  # SPE-C-1, printed in the rulebook
    for e in EVENTS_4P:
        if e.kind in ("special_event", "event") and e.data.get("card"):
            assert SPECIAL_EVENTS[e.data["card"]].name in e.text
