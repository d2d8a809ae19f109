"""A position as people write it (issue 38, docs/position-text.md): the
examples of the page, and every kind of mistake answered in one sentence with
its line and column. The round trip over played games is
properties/test_position_text.py."""

from __future__ import annotations

import re

import pytest

import dlrules
from dlrules import PositionTextError, position_text, read_position_text
from dlrules.core.state import Phase
from deskkit import first_position


@pytest.fixture(scope="module")
def production() -> str:
    """A 3-player game in year 1's first production, written out."""
    state = first_position(3, Phase.PRODUCTION)
    return position_text(state)


def refused(text: str) -> PositionTextError:
    with pytest.raises(PositionTextError) as caught:
        read_position_text(text)
    message = str(caught.value)
    assert re.fullmatch(r"line \d+, column \d+: [^\n]+", message), message  # one sentence, with where
    return caught.value


def line_of(text: str, label: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), start=1) if line.startswith(label + ":"))


def test_a_new_game_reads_back_and_its_hidden_decks_are_question_marks() -> None:
    state = dlrules.new_game(4)
    text = position_text(state)
    assert text.startswith("dungeon lords position\ngame: full year=1 round=1 phase=setup first=P1\n")
    assert "decks: monsters=? rooms=? traps=? adventurers=? events=? combat=? special=?" in text
    assert read_position_text(text) == state


def test_a_deck_may_be_written_out_card_by_card(production: str) -> None:
    state = read_position_text(production)
    monsters = ",".join(k if n == 1 else f"{k}*{n}" for k, n in state.decks.monsters.unseen)
    written = production.replace("monsters=?", f"monsters={monsters}")
    assert read_position_text(written) == state


def test_a_face_down_combat_card_is_a_question_mark(production: str) -> None:
    state = read_position_text(production)
    assert re.search(r"^combat: [?,a-z0-9-]+$", production, re.M)
    assert all((c is None) == (w == "?") for c, w in zip(state.combat, re.search(r"^combat: (.*)$", production, re.M).group(1).split(",")))  # type: ignore[union-attr]


def test_comments_blank_lines_and_the_order_of_lines_do_not_matter(production: str) -> None:
    lines = production.strip().split("\n")
    shuffled = "# a dispute at table 4\n\n" + lines[0] + "  # the header\n" + "\n".join(reversed(lines[1:])) + "\n"
    assert read_position_text(shuffled) == read_position_text(production)


def test_a_misspelt_card_names_the_line_the_column_and_the_closest_card(production: str) -> None:
    text = production.replace("tavern: ", "tavern: gobbo,", 1)
    error = refused(text)
    assert (error.line, error.column) == (line_of(text, "tavern"), len("tavern: ") + 1)
    assert "expected a monster by its key, not 'gobbo'" in str(error)


def test_a_misspelt_field_lists_the_fields_of_its_line(production: str) -> None:
    error = refused(production.replace("P2: gold=", "P2: gld=", 1))
    assert error.column == len("P2: ") + 1
    assert "P2: expected one of gold=, food=, imps=, evil=" in str(error)


def test_a_number_that_is_not_a_number(production: str) -> None:
    text = re.sub(r"^P1: gold=\d+", "P1: gold=lots", production, flags=re.M)
    assert "expected gold as a whole number, not 'lots'" in str(refused(text))


def test_a_missing_header_a_missing_player_and_an_unknown_line(production: str) -> None:
    assert "expected the first line 'dungeon lords position'" in str(refused(production.split("\n", 1)[1]))
    no_p2 = "\n".join(line for line in production.split("\n") if not line.startswith("P2"))
    assert "P2: is missing" in str(refused(no_p2))
    error = refused(production.replace("P2 dungeon:", "P2 dungen:"))
    assert "did you mean 'p2 dungeon:'?" in str(error)


def test_a_line_written_twice(production: str) -> None:
    error = refused(production + "tavern: -\n")
    assert "'tavern:' is written twice (first on line" in str(error)


def test_an_impossible_position_gets_validates_path_and_reason_at_its_line(production: str) -> None:
    text = re.sub(r"^P2: (.*) evil=\d+", r"P2: \1 evil=20", production, flags=re.M)
    error = refused(text)
    assert error.line == line_of(text, "P2")
    assert "not a possible position: $.players[1].evil" in str(error)
    assert "expected gold of at least 0, not -3" in str(refused(re.sub(r"^P2: gold=\d+", "P2: gold=-3", production, flags=re.M)))
    twice = production.replace("tavern: ", "tavern: dragon,dragon,dragon,", 1)
    assert "monsters" in str(refused(twice)) and "more places than the game has copies" in str(refused(twice))


def test_nothing_crashes_on_garbage(production: str) -> None:
    for text in ["", "\n\n", "dungeon lords position", "dungeon lords position\ngame:", "dungeon lords position\n:::",
                 production.replace("=", "=="), production.replace(",", ",,"), production.replace("(", ""), production[:-200],
                 "x" * 30_000]:  # fmt: skip
        refused(text)
    with pytest.raises(TypeError):
        read_position_text(b"dungeon lords position")  # type: ignore[arg-type]


def test_checked_false_reads_a_hand_made_test_position(production: str) -> None:
    text = re.sub(r"^P2: (.*) evil=\d+", r"P2: \1 evil=20", production, flags=re.M)
    assert read_position_text(text, checked=False).players[1].evil == 20


def test_the_variants_read_are_the_games_variants() -> None:
    from dlrules.core.phases.setup import VARIANTS
    from dlrules.records.position_text_read import VARIANTS as READ

    assert READ == VARIANTS


def test_trap_cards_the_table_cannot_see_are_question_marks_filled_from_the_rest() -> None:
    """Another player's trap cards lie face down: ``P2 traps: ? ?`` is two
    cards found nowhere else (the first in key order), the deck one card less each."""
    from dlrules.apps.desk.faq import disputes

    text = next(d.position for d in disputes() if d.slug == "a-trap-in-a-room-costs-gold")
    known = read_position_text(text)
    guessed = read_position_text(text.replace("P1 traps: rolling-stone", "P1 traps: ? ?"))
    assert len(guessed.players[0].traps) == 2 and "?" not in guessed.players[0].traps
    assert guessed.decks.traps.size == known.decks.traps.size - 1  # one card more in the hand than the rolling stone
    error = refused(text.replace("P1 traps: rolling-stone", "P1 traps: " + " ".join(["?"] * 40)))
    assert "40 unseen trap cards (?), but only" in str(error)


def test_the_easier_game_without_special_events_is_a_possible_position() -> None:
    """SPE-3, LIB-TAB-7: a full game set up without the special event cards
    leaves them in the box; ``validate`` expected them in play (fixed with issue 38)."""
    state = dlrules.new_game(3, special_events=False)
    assert dlrules.validate(state) == ()
    assert read_position_text(position_text(state)) == state
    assert "no-special-events" in position_text(state).splitlines()[1]
