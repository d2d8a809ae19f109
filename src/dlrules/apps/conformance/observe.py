"""The observation document (docs/conformance.md, "Observations"): the
language-neutral view of a position that scenario paths point into and that
differential play compares. Another engine builds the same document from its
own state; ``observe`` is dlrules' (the protocol's ``observe`` answers it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dlrules.core.engine import legal_moves, to_move
from dlrules.core.phases.scoring import is_over, outcome
from dlrules.core.state import DECK_NAMES, GameState
from dlrules.components import Action


def _actions(actions: Any) -> list[str]:
    """A set of order cards, in board order (Get Food first)."""
    wanted = set(actions)
    return [a.value for a in Action if a in wanted]


def observe(state: GameState) -> dict[str, Any]:
    """The observation document of ``state`` (docs/conformance.md, "Observations")."""
    moves = legal_moves(state)
    return {
        "year": state.year,
        "round": state.round,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "to_move": sorted(to_move(state)),
        "legal_count": len(moves),
        "board": {a.value: list(state.board[a.index]) for a in Action},
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
            }
            for p in state.players
        ],
        "dummies": [
            {
                "colour": d.colour,
                "unavailable": _actions(d.unavailable),
                "drawn": _actions(d.drawn),
                "third": d.third.value if d.third is not None else None,
            }
            for d in state.dummies
        ],
        "tavern": list(state.tavern),
        "room_shop": list(state.room_shop),
        "adventurers_next": list(state.adventurers_next),
        "adventurers_now": list(state.adventurers_now),
        "events": list(state.events),
        "special_event": state.special_event,
        "far_lands": sorted(state.far_lands),
        "trap_discard": len(state.trap_discard),
        "paladin": state.paladin,
        "dummy_evil": state.dummy_evil,
        "decks": {
            name: {"size": getattr(state.decks, name).size, "bottom": list(getattr(state.decks, name).bottom)}
            for name in DECK_NAMES
        },
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
