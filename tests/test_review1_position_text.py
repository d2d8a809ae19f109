"""Review of issues 35 and 38: malformed position texts that were read
wrongly or slowly (docs/position-text.md, "Mistakes"; LIB-IN-4)."""

from __future__ import annotations

import re
import time

import pytest

from dlrules import PositionTextError, position_text, read_position_text
from dlrules.core.state import Phase
from deskkit import first_position


@pytest.fixture(scope="module")
def production() -> str:
    return position_text(first_position(3, Phase.PRODUCTION))


def refused(text: str) -> PositionTextError:
    with pytest.raises(PositionTextError) as caught:
        read_position_text(text, checked=False)
    assert re.fullmatch(r"line \d+, column \d+: [^\n]+", str(caught.value)), str(caught.value)
    return caught.value


@pytest.mark.parametrize(
    ("tavern", "column"),
    [("goblin,troll(", 21), ("goblin),troll", 15), ("(goblin", 9), ("goblin,troll,(", 22)],
)
def test_an_unbalanced_parenthesis_is_refused_not_swallowed(production: str, tavern: str, column: int) -> None:
    """``tavern: goblin),troll`` was read as an empty tavern (and ``goblin,troll(``
    as goblin alone): the unbalanced parenthesis swallowed the rest of the word."""
    line = next(ln for ln in production.split("\n") if ln.startswith("tavern:"))
    error = refused(production.replace(line, f"tavern: {tavern}"))
    assert "'('" in error.reason or "')'" in error.reason
    assert error.column == column


def test_a_text_of_many_short_lines_is_read_in_linear_time() -> None:
    """18,000 characters of short lines took 4 to 6 seconds (the first line
    was looked for again on every line)."""
    text = "dungeon lords position\n" + "x:\n" * 6000
    start = time.perf_counter()
    error = refused(text)
    assert time.perf_counter() - start < 1.0
    assert (error.line, error.column) == (3, 1)


def test_a_fight_with_more_plans_than_players_is_refused_at_its_word(production: str) -> None:
    """``plans=999999`` built a list of a million plans before ``validate``
    refused it (two seconds); it is refused where it is written (LIB-IN-4)."""
    text = production + "fight: round=1 stage=plan plans=999999\n"
    start = time.perf_counter()
    error = refused(text)
    assert time.perf_counter() - start < 0.5
    assert error.reason == "expected plans= of at most 3, one a player, not 999999"
    assert error.column == len("fight: round=1 stage=plan plans=") + 1


def test_an_unseen_trap_card_is_none_of_the_cards_a_written_deck_holds() -> None:
    """``P2 traps: ?`` with the trap deck written card by card: the ``?`` was
    filled with the first trap card in key order although the written deck
    held all of them, and the position was refused ('anti-magic-dart (4 of
    3)'); it is the one card the text leaves unaccounted for."""
    from test_review1_explain_seat import COMBAT

    state = read_position_text(COMBAT)
    deck = ",".join(k if n == 1 else f"{k}*{n}" for k, n in state.decks.traps.unseen)
    hidden = COMBAT.replace("P2 traps: rolling-stone", "P2 traps: ?")
    assert read_position_text(hidden.replace("traps=?", f"traps={deck}")) == state
    bottom = hidden.replace("traps=?", f"traps={deck.replace('rolling-stone*2', 'rolling-stone')} traps-bottom=rolling-stone")
    assert read_position_text(bottom).players[1].traps == ("rolling-stone",)


def test_a_fifth_player_is_refused_at_its_line(production: str) -> None:
    """``P5:`` got 'expected a label such as game:, board:, P1: …', which does
    not say that a game has at most 4 players."""
    p3 = [ln for ln in production.split("\n") if ln.startswith("P3")]
    extra = "\n".join(ln.replace("P3", "P4", 1) for ln in p3) + "\n" + "\n".join(ln.replace("P3", "P5", 1) for ln in p3)
    text = "\n".join(ln for ln in production.split("\n") if not ln.startswith("D4")) + "\n" + extra + "\n"
    error = refused(text)
    assert error.reason == "a game has 2 to 4 players, P1: to P4:; not 'P5:'"
    assert text.split("\n")[error.line - 1].startswith("P5:")


@pytest.mark.parametrize(("bad", "code"), [("\x1b[2J", "U+001B"), ("\x07", "U+0007"), ("\x00", "U+0000"), ("\ud800", "U+D800")])
def test_a_control_character_is_refused_at_its_column(production: str, bad: str, code: str) -> None:
    """A label holding an escape sequence was quoted raw ('P1 lair\\x1b[31m:' is
    written twice): ``dlrules explain --position`` sent it to the terminal."""
    line = next(ln for ln in production.split("\n") if ln.startswith("P1 lair:"))
    error = refused(production + line.replace("lair", "lair" + bad) + "\n")
    assert (error.column, error.reason) == (8, f"expected letters, digits and punctuation, not the control character {code}")
    assert "\x1b" not in str(error)


def test_a_comment_may_hold_anything_and_windows_line_ends_are_read(production: str) -> None:
    text = production.replace("\n", "  # \x07 a bell in a comment\r\n", 1)
    assert read_position_text(text.replace("\n", "\r\n")) == read_position_text(production)


def test_an_attribute_written_twice_is_refused(production: str) -> None:
    """``y1-warrior-3(damage=1,damage=2)`` was read with the last value, silently."""
    line = next(ln for ln in production.split("\n") if ln.startswith("P1 lair:"))
    text = production.replace(line, "P1 lair: -") + "P1 party: y1-warrior-3(damage=1,damage=2)\n"
    error = refused(text)
    assert error.reason == "'damage' is written twice in the parentheses of 'y1-warrior-3(damage=1,damage=2)'"
    assert error.column == len("P1 party: y1-warrior-3(damage=1,") + 1
