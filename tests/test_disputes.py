"""The publisher's FAQ as disputes (issue 38, docs/disputes.md): at least 20
answers of the FAQ that are questions about a position, each a position text
and a move; the desk's answer agrees with the FAQ's (the same verdict, and for
a refusal the rule the referee cites), and the generated page is up to date."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlrules.apps.cli.main import main
from dlrules.apps.desk.faq import Dispute, disputes, parse
from dlrules.records.position_text_build import read_position_text
from dlrules.tools import disputes as tool

ROOT = Path(__file__).resolve().parents[1]
ALL = disputes()
FAQ_PAGES = ("https://czechgames.com/en/faq/", "https://czechgames.com/en/dungeon-lords/")


def test_there_are_at_least_twenty_disputes_numbered_in_order() -> None:
    assert len(ALL) >= 20
    assert [d.number for d in ALL] == list(range(1, len(ALL) + 1))
    assert len({d.slug for d in ALL}) == len(ALL)
    assert len({d.question for d in ALL}) >= 10  # many of the FAQ's questions, not one question many times


@pytest.mark.parametrize("dispute", ALL, ids=[d.slug for d in ALL])
def test_the_desk_answers_each_dispute_as_the_faq_does(dispute: Dispute) -> None:
    read_position_text(dispute.position)  # a possible position (validate), written as people write it
    answer = dispute.answer()
    assert dispute.agrees(answer), (dispute.expect, answer.legal, answer.rule_ids, answer.what)
    assert all(c.statement for c in answer.rules)
    assert dispute.source.startswith(FAQ_PAGES)
    assert dispute.move.split()[0] in {f"P{k}" for k in range(1, 5)}


def test_the_page_is_generated_from_the_disputes() -> None:
    assert (ROOT / "docs" / "disputes.md").read_text(encoding="utf-8") == tool.page(), "run python -m dlrules.tools.disputes --write"
    assert f"{len(ALL)} disputes; the desk agrees with the FAQ on {len(ALL)}." in tool.page()


def test_a_dispute_file_with_a_header_line_missing_is_refused() -> None:
    text = ALL[0].position.replace("# expect:", "# expected:")
    with pytest.raises(ValueError, match="no '# expect:' line"):
        parse("01-mining-needs-unconquered-tunnels.txt", text)
    with pytest.raises(ValueError, match="named NN-slug.txt"):
        parse("mining.txt", ALL[0].position)


def test_a_dispute_reproduces_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = ALL[0]
    path = tmp_path / "dispute.txt"
    path.write_text(first.position, encoding="utf-8")
    code = main(["explain", "--position", str(path), "--move", first.move])
    out = capsys.readouterr().out
    assert code == (0 if first.expects_legal else 1)
    assert f"{first.move}: {'LEGAL' if first.expects_legal else 'NOT LEGAL'}." in out and str(first.expected_rule) in out


def test_a_dispute_about_the_paladin_checks_where_he_stands_after_the_move() -> None:
    """``# after: paladin=P3``: the FAQ's word on the position after the move
    is checked too; a wrong one is a disagreement."""
    moved = next(d for d in ALL if d.slug == "the-paladin-moves-to-a-more-evil-lord")
    assert moved.after == "paladin=P3" and moved.paladin_after() == "P3" and moved.agrees(moved.answer())
    name = f"{moved.number:02d}-{moved.slug}.txt"
    wrong = parse(name, moved.position.replace("# after: paladin=P3", "# after: paladin=P1"))
    assert not wrong.agrees(wrong.answer())
    with pytest.raises(ValueError, match="'# after:' is 'paladin=P1'"):
        parse(name, moved.position.replace("# after: paladin=P3", "# after: the paladin moves"))
