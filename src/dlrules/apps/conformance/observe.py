"""The observation document (the kit's protocol.md, "Observations"): the
language-neutral view of a position that scenario paths point into and that
differential play compares. Another engine builds the same document from its
own state; ``observe`` is dlrules' (the protocol's ``observe`` answers it).

An observation is made for a *viewer*: ``"referee"`` (everything the position
holds that a table could show), a seat ``0..n-1`` or ``"spectator"``. A seat's
or the spectator's observation is built from the library's projection
(``dlrules.records.views.redact``): what that seat may not know reads as ``null``,
``[]`` or ``"?"`` (ORD-3, DUM2-3, RUL-13, ACT-TRAP-2, ACT-REP-2, CMB-PLAN-9,
SETUP-3, Y2-8, LIB-CMB-3), and the public facts the redaction would erase
(who has chosen orders, how many were dealt) are given beside it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from dlrules.core.engine import legal_moves, to_move
from dlrules.core.moves import Move
from dlrules.core.phases.scoring import is_over, outcome
from dlrules.core.state import DECK_NAMES, GameState
from dlrules.components import ACTION_ORDER, Action
from dlrules.records.views import redact
from dlrules.apps.conformance.position import _fight

REFEREE = "referee"
SPECTATOR = "spectator"
Viewer = int | str
"""Whom an observation is for: a seat (0-based), ``"spectator"`` or ``"referee"``."""


def viewer_error(state: GameState, viewer: object) -> str | None:
    """Why ``viewer`` is not a viewer of ``state``'s game (a sentence), or None."""
    if viewer in (REFEREE, SPECTATOR):
        return None
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < state.n_players:
        return None
    return f'seat: a seat 0..{state.n_players - 1}, "spectator" or "referee", not {viewer!r}'


def _actions(actions: Any) -> list[str]:
    """A set of order cards, in board order (Get Food first)."""
    wanted = set(actions)
    return [a.value for a in Action if a in wanted]


def observe(state: GameState, viewer: Viewer = REFEREE, moves: Sequence[Move] | None = None) -> dict[str, Any]:
    """The observation document of ``state`` for ``viewer`` (protocol.md,
    "Observations"); ``moves``: ``legal_moves(state)`` when the caller has them.
    Raises ``ValueError`` for a viewer that is not in the game."""
    problem = viewer_error(state, viewer)
    if problem is not None:
        raise ValueError(problem)
    legal = legal_moves(state) if moves is None else moves
    seat = viewer if isinstance(viewer, int) else None
    seen = state if viewer == REFEREE else redact(state, seat)
    count = len(legal) if viewer == REFEREE else sum(1 for m in legal if m.seat == seat) if seat is not None else 0
    spied = seen.spied or tuple(() for _ in seen.players)
    r = seen.resolution
    return {
        "viewer": viewer,
        "year": seen.year,
        "round": seen.round,
        "phase": seen.phase.value,
        "first_player": seen.first_player,
        "to_move": sorted(to_move(state)),
        "legal_count": count,
        "orders_chosen": [p.committed is not None for p in state.players],
        "unavailable_chosen": [p.kept is not None for p in state.players],
        "dealt_counts": [len(p.dealt) for p in state.players],
        "board": {a.value: list(seen.board[a.index]) for a in Action},
        "players": [
            {
                "gold": p.gold,
                "food": p.food,
                "imps": p.imps,
                "free_imps": p.free_imps,
                "evil": p.evil,
                "hand": _actions(p.hand),
                "unavailable": _actions(p.unavailable),
                "dealt": _actions(p.dealt),
                "kept": None if p.kept is None else _actions(p.kept),
                "committed": None if p.committed is None else [a.value for a in p.committed],
                "dummy_choice": None if p.dummy_choice is None else p.dummy_choice.value,
                "played": [
                    {"action": o.action.value, "slot": o.slot, "outcome": o.outcome.value} for o in p.played
                ],
                "monsters": [{"kind": m.kind, "ready": m.ready} for m in p.monsters],
                "traps": sorted(p.traps),
                "tiles": [
                    {"square": list(t.square), "room": t.room, "conquered": t.conquered} for t in p.dungeon.tiles
                ],
                "party": [{"key": a.key, "damage": a.damage} for a in p.party],
                "prison": list(p.prison),
                "damage_tokens": p.damage_tokens,
                "spied": sorted(looked),
            }
            for p, looked in zip(seen.players, spied, strict=True)
        ],
        "dummies": [
            {
                "colour": d.colour,
                "unavailable": _actions(d.unavailable),
                "drawn": _actions(d.drawn),
                "third": d.third.value if d.third is not None else None,
            }
            for d in seen.dummies
        ],
        "tavern": list(seen.tavern),
        "room_shop": list(seen.room_shop),
        "adventurers_next": list(seen.adventurers_next),
        "adventurers_now": list(seen.adventurers_now),
        "events": list(seen.events),
        "special_event": seen.special_event,
        "combat_cards": list(seen.combat),
        "far_lands": sorted(seen.far_lands),
        "trap_discard": len(seen.trap_discard),
        "box": sorted(seen.box),
        "paladin": seen.paladin,
        "dummy_evil": seen.dummy_evil,
        "decks": {
            name: {"size": getattr(seen.decks, name).size, "bottom": list(getattr(seen.decks, name).bottom)}
            for name in DECK_NAMES
        },
        "resolution": None if r is None else {
            "space": ACTION_ORDER[r.space].value if r.space < len(ACTION_ORDER) else None,
            "slot": r.slot, "dug": r.dug, "draws": r.draws, "spy": r.spy, "discarding": r.discarding,
        },  # fmt: skip
        "combat": None if seen.fight is None else _fight(seen.fight),
        "over": is_over(state),
        "outcome": _outcome(state),
    }


def _outcome(state: GameState) -> dict[str, Any] | None:
    """The final scores once the game is over (SCO-14), else None:
    per player the total, the licence, each SCO-1 line's points by rule ID, the
    points of each title held by rule ID, the Hall of Fame bonus; the winners."""
    result = outcome(state)
    if result is None:
        return None
    return {
        "winners": list(result.winners),
        "players": [
            {
                "total": p.total,
                "licence": p.licence,
                "lines": {line.rule: line.points for line in p.lines},
                "titles": {t.rule: t.points for t in p.titles},
                "hall_of_fame": p.hall_of_fame,
            }
            for p in result.players
        ],
    }


def lookup(document: Any, path: str) -> Any:
    """The value at a dotted ``path`` ("players.0.gold", "board.mine.2")."""
    value = document
    for part in path.split("."):
        if isinstance(value, list):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise KeyError(f"the observation has no {path!r} (stopped at {part!r})")
    return value


def leaves(document: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, value) whose value is a scalar or a list of scalars."""
    if isinstance(document, dict):
        for key, value in document.items():
            yield from leaves(value, f"{prefix}{key}.")
    elif isinstance(document, list) and any(isinstance(v, (dict, list)) for v in document):
        if all(isinstance(v, dict) for v in document) and prefix.rstrip(".").rsplit(".", 1)[-1] in (
            "played", "monsters", "tiles", "party",
        ):
            yield prefix.rstrip("."), document  # a list of records compares whole
            return
        for i, value in enumerate(document):
            yield from leaves(value, f"{prefix}{i}.")
    else:
        yield prefix.rstrip("."), document
