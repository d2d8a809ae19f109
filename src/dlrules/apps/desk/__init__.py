"""The arbiter's desk (issue 38): a position from a physical table, a move
in question, and the referee's answer with the rules that decide it.

``read_position(text)`` takes a position as people write it
(docs/position-text.md) or as JSON (``dlrules.dumps``); ``ask(state, move)``
answers "may this player do this?": legal or not, the rule IDs with their
statements from the package (``dlrules.rulebook``), the rulebook's pages
where known, and what the move would do. ``dlrules explain --position FILE
--move "P2 …"``, the desk's page (``dlrules desk``) and docs/disputes.md all
give this answer."""

from __future__ import annotations

from typing import Any, Final

import attrs

from dlrules import rulebook
from dlrules.components import ACTION_ORDER
from dlrules.core.engine import check, legal_moves, to_move
from dlrules.core.moves import Decline, Move, TakeAction
from dlrules.records.notation import format_move, parse_move
from dlrules.records.position_text import HEADER
from dlrules.records.position_text_build import read_position_text
from dlrules.records.position_text_read import is_position_text
from dlrules.display.render import describe_move
from dlrules.records.serialization import loads, to_data
from dlrules.core.state import CHANCE, TABLE, GameState

GOVERNING: Final[dict[str, tuple[str, ...]]] = {
    "DealOrders": ("RUL-13", "RUL-8"), "DrawDummyOrders": ("DUM3-1",), "Draw": ("SETUP-3",),
    "KeepUnavailable": ("RUL-13",), "ChooseOrders": ("ORD-2", "ORD-3"), "TakeAction": ("RES-3",), "Decline": ("RES-3",), "Spy": ("ACT-REP-2",),
    "DigTunnel": ("ACT-DIG-1", "ACT-DIG-5"), "FinishDigging": ("ACT-DIG-1",), "MineGold": ("ACT-MINE-1",),
    "HireMonster": ("ACT-MON-1",), "BuildRoom": ("ACT-ROOM-1",), "ActivateRoom": ("PROD-1",),
    "FinishProduction": ("PROD-1",), "ReturnOrder": ("RET-1",), "PayMonster": ("EVT-PAY-1",), "PayTaxes": ("EVT-TAX-1",),
    "DiscardTrap": ("Y2-3",), "PlanDefence": ("CMB-PLAN-1", "CMB-PLAN-2"), "ReleasePrisoner": ("CMB-END-3",),
    "ChooseTrap": ("CMB-TRAP-1",), "Target": ("CMB-TRAP-1",), "Attack": ("CMB-MON-1",), "WordOfPeace": ("C1-1",),
    "Transform": ("C2-3",), "WitchHunt": ("SPE-9",), "TableRuling": ("LIB-TAB-8",),
}  # fmt: skip
"""The rules that govern a legal move of each class (a legal move breaks no
rule, so its answer names the rules that allow it); tests keep every ID in the
rulebook. Taking or declining an action adds the family of the action space
being resolved (``ACT-DIG``, …)."""

_SPACE_FAMILY: Final[dict[str, str]] = {
    "food": "ACT-FOOD-1", "reputation": "ACT-REP-1", "dig": "ACT-DIG-1", "mine": "ACT-MINE-1", "imps": "ACT-IMP-1",
    "traps": "ACT-TRAP-1", "monster": "ACT-MON-1", "room": "ACT-ROOM-1",
}  # fmt: skip


class DeskError(ValueError):
    """A position or a move the desk cannot read: the message says why."""


@attrs.frozen
class Cited:
    """A rule the answer rests on: its ID, what it says of this move (for a
    refusal), its statement from the package and the rulebook's pages."""

    rule: str
    message: str
    statement: str | None
    pages: str | None

    def data(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "statement": self.statement, "pages": self.pages}


@attrs.frozen
class Answer:
    """The desk's answer to "may this player do this?"."""

    move: Move
    notation: str
    legal: bool
    rules: tuple[Cited, ...]  # the rules broken (illegal) or the rules that allow it (legal)
    what: str  # what the move does (legal) or why it is refused, in context
    to_move: tuple[str, ...]  # who is to move in the position: "Player 2", "chance"

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(c.rule for c in self.rules)

    def verdict(self) -> str:
        who = self.notation.split(" ", 1)[0]
        return f"{self.notation}: {'legal' if self.legal else 'not legal'}" + ("" if self.legal else f" ({', '.join(self.rule_ids)})") + f" [{who}]"

    def lines(self) -> list[str]:
        """The answer for people, a line each: the verdict, what the move
        does or why not, and each rule with its statement and pages."""
        out = [f"{self.notation}: {'LEGAL' if self.legal else 'NOT LEGAL'}.", f"  {self.what}"]
        out.append("  Allowed by:" if self.legal else "  Refused by:")
        for c in self.rules:
            pages = f" [rulebook {c.pages}]" if c.pages else ""
            out.append(f"    {c.rule}{pages}: {c.statement or '(no statement in the package)'}")
        out.append(f"  To move in this position: {', '.join(self.to_move) or 'nobody (the game is over)'}.")
        return out

    def data(self) -> dict[str, Any]:
        return {
            "move": to_data(self.move), "notation": self.notation, "legal": self.legal, "what": self.what,
            "rules": [c.data() for c in self.rules], "to_move": list(self.to_move),
        }  # fmt: skip


def read_position(text: str, *, checked: bool = True) -> GameState:
    """A position written as people write it or as a state's JSON; ``DeskError``
    (a ``ValueError``) with the reason, line and column for the text, the
    field's path for JSON."""
    if not isinstance(text, str):
        raise DeskError(f"a position is text, not {type(text).__name__}")
    stripped = text.lstrip()
    try:
        if stripped.startswith("{"):
            return loads(stripped, GameState, strict=checked)
        if not is_position_text(text):
            raise DeskError(f"not a position: a position text starts with the line '{HEADER}' (docs/position-text.md); JSON starts with '{{'")
        return read_position_text(text, checked=checked)
    except DeskError:
        raise
    except ValueError as exc:
        raise DeskError(str(exc)) from exc


def read_move(text: str) -> Move:
    """A move in the notation (docs/notation.md); ``DeskError`` with the reason."""
    if not isinstance(text, str) or not text.strip():
        raise DeskError("no move: write one in the notation, such as 'P2 dig C2' (dlrules docs notation)")
    try:
        return parse_move(text.strip())
    except ValueError as exc:
        raise DeskError(str(exc)) from exc


def _cited(rule_id: str, message: str) -> Cited:
    return Cited(rule_id, message, rulebook.statement(rule_id), rulebook.pages(rule_id))


def _governing(state: GameState, move: Move) -> tuple[str, ...]:
    ids = GOVERNING.get(type(move).__name__, ())
    if isinstance(move, (TakeAction, Decline)) and state.resolution is not None and state.resolution.space < len(ACTION_ORDER):
        ids = (_SPACE_FAMILY[ACTION_ORDER[state.resolution.space].value], *ids)
    return ids or ("RS-3",)


def _who(seat: int) -> str:
    return "chance" if seat == CHANCE else "the table" if seat == TABLE else f"Player {seat + 1}"


def ask(state: GameState, move: Move | str, seat: int | None = None) -> Answer:
    """The answer to "may this player make this move here?" (a move or its
    notation). Nothing in ``state`` changes. With ``seat`` (from 0), the
    answer as that seat may be told it (docs/views.md): only that seat's own
    moves are answered, since whether another seat may make a move can turn
    on that seat's secrets (the trap cards in its hand, LIB-CMB-3's kind),
    and the move is described as ``describe_move`` tells it to the seat."""
    chosen = read_move(move) if isinstance(move, str) else move
    notation = format_move(chosen, players=state.n_players)
    if seat is not None and chosen.seat != seat:
        raise DeskError(f"Player {seat + 1}'s view answers Player {seat + 1}'s own moves only, not {notation!r}: "
                        "whether another player may make a move can depend on what only that player knows")  # fmt: skip
    movers = tuple(_who(s) for s in sorted(to_move(state), key=lambda s: (s < 0, s)))
    violations = check(state, chosen)
    if violations:
        rules = tuple(_cited(v.rule, v.message) for v in violations)
        return Answer(chosen, notation, False, rules, "; ".join(v.message for v in violations), movers)
    what = describe_move(state, chosen, seat=seat)
    rules = tuple(_cited(r, "") for r in _governing(state, chosen))
    return Answer(chosen, notation, True, rules, what, movers)


def legal_notations(state: GameState, seat: int | None = None) -> tuple[str, ...]:
    """The legal moves of the position in notation (of ``seat`` only, if given)."""
    return tuple(format_move(m, players=state.n_players) for m in legal_moves(state) if seat is None or m.seat == seat)


__all__ = ["GOVERNING", "Answer", "Cited", "DeskError", "ask", "legal_notations", "read_move", "read_position"]
