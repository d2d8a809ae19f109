"""Run conformance scenarios (docs/conformance.md) against dlrules.

A scenario is a JSON file: a start (``setup`` + ``moves``, or a ``state``), one
``move``, and what must happen (``expect``): either ``legal`` with the changes
it makes to the *observation* of the game, or ``illegal`` with the rule IDs the
refusal must cite. ``observe(state)`` builds the observation document, the
language-neutral view of a position that the scenarios' paths point into;
another implementation builds the same document from its own state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dlrules
from dlrules import GameState, IllegalMove, Move
from dlrules.components import Action
from dlrules.moves import Draw
from dlrules.state import Phase

HERE = Path(__file__).resolve().parent
FORMAT = 1


def _actions(actions: Any) -> list[str]:
    """A set of order cards, in board order (Get Food first)."""
    wanted = set(actions)
    return [a.value for a in Action if a in wanted]


def observe(state: GameState) -> dict[str, Any]:
    """The observation document of ``state`` (docs/conformance.md, "Observations")."""
    moves = dlrules.legal_moves(state)
    return {
        "year": state.year,
        "round": state.round,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "to_move": sorted(dlrules.to_move(state)),
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
            for name in dlrules.state.DECK_NAMES
        },
        "over": dlrules.is_over(state),
        "outcome": _outcome(state),
    }


def _outcome(state: GameState) -> dict[str, Any] | None:
    """The final scores once the game is over (SCORING.md SCO-14), else None:
    per player the total, the licence, each SCO-1 line's points by rule ID, the
    points of each title held by rule ID, the Hall of Fame bonus; the winners."""
    result = dlrules.outcome(state)
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


def scenarios(folder: Path = HERE) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path.name}: unknown scenario format {data.get('format')!r} (expected {FORMAT})")
    return data


def move_of(data: Any) -> Move:
    move: Move = dlrules.loads(json.dumps(data), Move)
    return move


def start(scenario: dict[str, Any]) -> GameState:
    """The position before the scenario's move: a dlrules ``state``, or a new
    game from ``setup`` with every move of ``moves`` applied (each must be legal)."""
    if "state" in scenario:
        state: GameState = dlrules.loads(json.dumps(scenario["state"]), GameState)
        return state
    setup = scenario["setup"]
    state = dlrules.new_game(
        setup["players"],
        variant=setup.get("variant", "full"),
        deal_and_keep=setup.get("deal_and_keep"),
        first_player=setup.get("first_player", 0),
        special_events=setup.get("special_events", True),
        dummy_hires=setup.get("dummy_hires", False),
        table_rulings=setup.get("table_rulings", False),
    )
    for i, data in enumerate(scenario.get("moves", [])):
        move = move_of(data)
        try:
            state = dlrules.apply(state, move)
        except IllegalMove as exc:
            raise AssertionError(f"setup move {i} ({data}) is refused: {exc}") from exc
    return state


def reveal_known(state: GameState) -> GameState:
    """After the move, turn up combat cards already identified: each is a
    chance turn with one certain outcome (LIB-RC-3), which the table does
    without thinking; an unidentified card stays a real chance turn."""
    while True:
        f = state.fight
        if state.phase is not Phase.COMBAT or f is None or f.stage != "reveal" or state.combat[f.round - 1] is None:
            return state
        state = dlrules.apply(state, Draw("combat", state.combat[f.round - 1] or ""))


def run(scenario: dict[str, Any]) -> None:
    """Check one scenario; raises AssertionError saying what differs."""
    state = start(scenario)
    before = observe(state)
    for path, value in scenario.get("before", {}).items():
        assert lookup(before, path) == value, f"before the move, {path} is {lookup(before, path)!r}, not {value!r}"
    move = move_of(scenario["move"])
    expect = scenario["expect"]
    violations = dlrules.check(state, move)
    if expect["legal"]:
        assert not violations, f"the move is refused: {'; '.join(map(str, violations))}"
        if scenario["move"].get("type") != "TableRuling":  # a table's ruling is checked, not listed in full (LIB-TAB-8)
            assert move in dlrules.legal_moves(state), "the move is accepted but not listed by legal_moves"
        after = observe(reveal_known(dlrules.apply(state, move)))
        for path, (was, now) in expect.get("changes", {}).items():
            assert lookup(before, path) == was, f"before the move, {path} is {lookup(before, path)!r}, not {was!r}"
            assert lookup(after, path) == now, f"after the move, {path} is {lookup(after, path)!r}, not {now!r}"
        for path, now in expect.get("after", {}).items():
            assert lookup(after, path) == now, f"after the move, {path} is {lookup(after, path)!r}, not {now!r}"
    else:
        cited = [v.rule for v in violations]
        assert cited, "the move is accepted; it should be refused"
        assert move not in dlrules.legal_moves(state), "the move is refused but listed by legal_moves"
        missing = [r for r in expect["rules"] if r not in cited]
        assert not missing, f"the refusal cites {cited}, not {missing}: {'; '.join(map(str, violations))}"
        try:
            dlrules.apply(state, move)
        except IllegalMove as exc:
            assert list(exc.rules) == cited
        else:  # pragma: no cover - the failure itself
            raise AssertionError("apply accepted a move check refuses")
