"""Small text defects (issue 22 item 8): '1 point'; rule statements without
the project's history or foreign quotations, their confidence marks
explained; a seat that waits is told who is to move and why; a dummy's orders
said once; the table's log numbered once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

import dlrules
from dlrules.apps.cli.main import main
from dlrules.core.phases.scoring import describe
from dlrules.records import read_record, replay

FIXTURES = Path(__file__).parent / "fixtures"
RECORD = FIXTURES / "whole-game-4p-seed1.jsonl"


def test_one_point_is_singular() -> None:
    result = dlrules.outcome(replay(read_record(RECORD)).state)
    assert result is not None
    winner = result.winners[0]
    players = tuple(attrs.evolve(p, total=1) if p.seat == winner else p for p in result.players)
    assert describe(attrs.evolve(result, players=players)) == f"Player {winner + 1} wins with 1 point"
    assert describe(result) == "Player 2 wins with -5 points"


def test_shipped_rulings_carry_no_project_history_nor_foreign_quotations() -> None:
    data = json.loads((Path(dlrules.__file__).parent / "rulebook" / "rulings.json").read_text(encoding="utf-8"))
    for rid, rule in data["rules"].items():
        text = rule["title"] + " " + rule["text"]
        assert not re.search(r"\(issues? \d", text), rid
        assert not re.search("[\u0400-\u04ff]", text), rid  # in our own words


def test_rules_search_explains_the_confidence_marks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--search", "troll"]) == 0
    out = capsys.readouterr().out
    assert "(L)" in out and out.rstrip().endswith("unmarked statements follow the printed rules ('dlrules docs rulebook').")
    assert "(issue" not in out
    assert main(["rules", "ORD-6"]) == 0
    assert "(L), (M)" not in capsys.readouterr().out  # no mark, no note


def test_a_waiting_seat_is_told_who_is_to_move_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    """RES-3: during resolution only the acting player moves."""
    assert main(["explain", str(RECORD), "--at", "100", "--seat", "2"]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last == "Legal moves of Player 2: none. Player 2 may not move now (resolution); waiting for Player 3 (RES-3)."


def test_a_three_player_dummys_orders_are_said_once() -> None:
    """DUM3-1: the 3 orders drawn are laid face up as its new unavailable orders."""
    state = dlrules.new_game(3)
    rng = __import__("random").Random(2)
    while not state.dummies[0].drawn:
        state = dlrules.apply(state, dlrules.sample_chance(state, rng) if dlrules.CHANCE in dlrules.to_move(state) else dlrules.legal_moves(state)[0])
    line = next(x for x in dlrules.describe(state).splitlines() if x.startswith("Dummy D4"))
    names = ", ".join(a.title for a in state.dummies[0].unavailable)
    assert line == f"Dummy D4: this round's orders {names} (face up: its unavailable orders)"


def test_the_table_log_numbers_each_move_once() -> None:
    """The host page listed '12. 27.': a numbered list around 'N. text'. Now one number: 'Move 27: …'."""
    pytest.importorskip("starlette")
    from dlrules.apps.serve.pages import game_page

    page = game_page("a game")
    assert "<ul id='log'></ul>" in page and "<ol id='log'" not in page
    assert "'Move ' + e.n + ': ' + e.text" in page
