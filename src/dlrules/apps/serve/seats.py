"""Who is who at a table and what each may enter (docs/serve.md): the
roles (the host, ``HOST``, and the seats), a refusal and its answer, the
links' tokens, who enters each chance draw (``chance_owner``, LIB-SRV-2) and
which cards a draw offers the party entering it (``entry_options``, from that
party's own view only, LIB-SRV-13). ``table`` referees the moves with them;
``shown`` lays out what a page shows."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any


from dlrules.components import SPECIAL_EVENTS
from dlrules.core.engine import legal_moves
from dlrules.core.errors import Violation
from dlrules.core.moves import Draw, Move
from dlrules.records.views import knows_move
from dlrules.core.state import CHANCE, GameState

HOST = None
"""The role of the host's link (a seat's role is its seat number)."""

Role = int | None

ENTRY_REFUSED = "that card cannot be entered for this draw"
"""The one answer to a card refused for a draw (LIB-SRV-2): the same whatever the reason."""

SECRET_ENTRY_REFUSED = ENTRY_REFUSED + "; this draw is now the server's: press 'Let the server draw at random'"
"""The one answer to a card refused for a seat's secret draw; after it, only the server draws that card (LIB-SRV-2)."""


HIDDEN_DECKS = ("traps", "combat")
"""The decks whose cards do not all come up face up (a trap card is drawn in
secret, a combat card looked at in secret): where their copies are is not
every party's knowledge, so an offered card of them is never refused (LIB-SRV-13)."""


class Refusal(Exception):
    """A request the server refuses: an HTTP status, a rule ID (a LIB-SRV ruling
    or the game rule broken), a message, and the violations when ``apply``
    refused the move."""

    def __init__(self, status: int, rule: str, message: str, violations: Sequence[Violation] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule
        self.message = message
        self.violations = tuple(violations)

    def data(self) -> dict[str, Any]:
        """The JSON of the refusal: a game rule's statement for the player; the
        server's own rulings (LIB-SRV) are not quoted (they describe the server,
        not the game)."""
        from dlrules.rulebook import statement

        return {
            "ok": False,
            "rule": self.rule,
            "message": self.message,
            "violations": [{"rule": v.rule, "message": v.message, "statement": v.statement} for v in self.violations],
            "statement": "" if self.rule.startswith("LIB-SRV") else statement(self.rule),
        }


def token_hash(token: str) -> bytes:
    """The SHA-256 of a token or key as kept and compared (LIB-SRV-1, LIB-SRV-11).
    A lone surrogate, which JSON may spell (``"\\ud800"``) but no UTF-8 text
    holds, is hashed as it stands (``surrogatepass``): it matches no token,
    and a request carrying one is refused, not a server error."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def new_id() -> str:
    return secrets.token_hex(6)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def chance_owner(state: GameState) -> Role:
    """Who enters the chance draw now: ``HOST`` (None) for public chance, a
    seat for a draw only that seat may see (LIB-SRV-2); read from
    ``views.knows_move``, which says who may know the move's content."""
    chance = [m for m in legal_moves(state) if m.seat == CHANCE]
    if not chance:
        return HOST
    move = chance[0]
    seers = [s for s in range(state.n_players) if knows_move(state, move, s)]
    if len(seers) == 1 and state.n_players > 1:
        return seers[0]
    return HOST


def deck_cards(deck: str, year: int) -> frozenset[str]:
    """Every card of ``deck`` in ``year``, from the component data (not from
    the state: the list must not depend on what was drawn)."""
    return frozenset(deck_counts(deck, year))


def deck_counts(deck: str, year: int) -> dict[str, int]:
    """The copies of each card of ``deck`` in ``year``, from the component data."""
    from dlrules.components.cards import (
        ADVENTURER_DECKS, COMBAT_DECKS, EVENT_DECK, MONSTER_DECKS, ROOM_DECKS, SPECIAL_EVENT_DECK, TRAP_DECK,
    )  # fmt: skip

    by_year: dict[str, dict[int, dict[str, int]]] = {
        "monsters": MONSTER_DECKS, "rooms": ROOM_DECKS, "adventurers": ADVENTURER_DECKS, "combat": COMBAT_DECKS,
    }  # fmt: skip
    flat: dict[str, dict[str, int]] = {"traps": TRAP_DECK, "events": EVENT_DECK, "special": SPECIAL_EVENT_DECK}
    if deck in by_year:
        return dict(by_year[deck].get(year, {}))
    return dict(flat.get(deck, {}))


def _seen_elsewhere(state: GameState, role: Role, deck: str) -> list[str]:
    """The cards of ``deck`` that ``role`` sees out of it, read from its own
    view (``redact``), so that nothing it may not know changes the list:
    its own trap cards; the combat cards it has seen at the other positions."""
    from dlrules.records.views import redact

    if role is HOST:
        return []
    seen = redact(state, role)
    if deck == "traps":
        return list(seen.players[role].traps)
    if deck == "combat":
        looking = seen.resolution.spy if seen.resolution is not None else None
        return [c for pos, c in enumerate(seen.combat) if c is not None and pos != looking]
    return []


def entry_options(state: GameState, role: Role, legal: Sequence[Move]) -> list[Move]:
    """The cards ``role`` may enter for the draw now (LIB-SRV-2): every card of
    that deck this year (the component data), less the copies ``role`` sees
    elsewhere in its own view. Computed from what ``role`` may know only, so
    the list tells nothing of what others drew or saw; the legal draws are
    always among them. Other chance moves (orders dealt) are listed as legal."""
    return list(entry_counts(state, role, legal))


def entry_counts(state: GameState, role: Role, legal: Sequence[Move]) -> dict[Move, int | None]:
    """``entry_options`` with the copies of each card ``role`` cannot rule
    out (the deck's copies this year less those it sees elsewhere; the unnamed
    special event cards are one option, of 1), in order; None for orders dealt."""
    first = legal[0]
    if not isinstance(first, Draw):
        return {m: None for m in legal}
    counts = deck_counts(first.deck, state.year)
    for card in _seen_elsewhere(state, role, first.deck):
        if card in counts:
            counts[card] -= 1
    if first.deck == "special":  # the unnamed cards are one option: the first of them still offered
        unnamed = _unreadable_specials()
        left = [k for k in unnamed if counts.get(k, 0) > 0]
        for k in unnamed:
            counts.pop(k, None)
        if left:
            counts[left[0]] = 1
    return {Draw(first.deck, k): counts[k] for k in sorted(counts) if counts[k] > 0}


def _unreadable_specials() -> tuple[str, ...]:
    """The special event cards with no known name (SPE-C-6 … SPE-C-9)."""
    from dlrules.components.cards import UNREADABLE_SPECIAL

    return tuple(k for k, c in SPECIAL_EVENTS.items() if c.name == UNREADABLE_SPECIAL)
