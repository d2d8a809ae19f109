"""Conformance scenarios (docs/conformance.md): load them and check one
against any ``Engine`` (dlrules in-process or a program over the protocol).

A scenario is a start (``setup`` + ``moves``, or a ``position``), one
``move``, and what must happen: legal, with its changes to the observation
(and, in ``views``, what each seat's or the spectator's observation holds
after it: what it must see and what it must not), or refused, citing the
listed rule IDs.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.conformance.engines import (
    SETUP_KEYS,
    Engine,
    canonical,
    read_fraction,
)
from dlrules.apps.conformance.observe import lookup

FORMAT = 2
"""The scenario format (``"format": 2``): format 1 also allowed a dlrules
``state``; ``dlrules conformance convert`` turns such files into format 2."""

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
"""The kit's scenarios, one folder per area (installed with the package)."""


UNLISTED = frozenset({"TableRuling"})
"""Move types checked but not listed in full by ``legal_moves``: a table's
ruling on a card the referee cannot read, whose changes are free (LIB-TAB-8)."""


class ScenarioError(ValueError):
    """A scenario file that is not a valid scenario of this format."""


def scenario_files(folder: Path = SCENARIOS) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def load(path: Path) -> dict[str, Any]:
    """A scenario file's data; ``ScenarioError`` for another format or a dlrules ``state``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ScenarioError(f"{path}: cannot read it: {exc}") from exc
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a JSON object")
    if data.get("format") != FORMAT or "state" in data:
        raise ScenarioError(
            f"{path.name}: scenario format {data.get('format')!r}{' with a dlrules state' if 'state' in data else ''}; "
            f"this runner reads format {FORMAT} (convert it: dlrules conformance convert {path})"
        )
    expect = data.get("expect")
    odds = expect.get("odds", []) if isinstance(expect, dict) else []
    if not isinstance(odds, list) or not all(_odds_item(item) for item in odds):
        raise ScenarioError(f'{path.name}: expect.odds is a list of {{"move": {{...}}, "probability": "n/d"}}, not {json.dumps(odds)[:200]}')
    return data


def _odds_item(item: Any) -> bool:
    """One item of ``expect.odds``: ``{"move": {...}, "probability": "n/d"}`` with 0 <= n/d <= 1."""
    return isinstance(item, dict) and set(item) == {"move", "probability"} and isinstance(item["move"], dict) \
        and read_fraction(item["probability"]) is not None


class Failed(AssertionError):
    """The engine does not do what the scenario expects (the message says what)."""


@attrs.frozen
class Result:
    """One scenario's outcome: ``message`` is None when it passed."""

    id: str
    rules: tuple[str, ...]
    message: str | None
    seconds: float = 0.0
    parted: tuple[str, ...] = ()
    """For a failure: the rules named where the engine parts from dlrules when
    the scenario is replayed on both (``localise``), most likely first."""
    where: str = ""
    """For a failure: where and how the engine parts from dlrules (empty: it never does)."""
    early: bool = False
    """For a failure: the engine parts from dlrules before the scenario's own move (in its setup moves)."""
    explained: tuple[str, ...] = ()
    """For a failure: the rules of the narrowest code of dlrules that one
    small change makes do what the engine did where they part, and give the
    engine's verdict on every other scenario of the run checked
    (``counterfactual``; ``suite``): the change reproduces the engine's bug.
    Empty when not asked or no change does."""
    explained_at: tuple[str, ...] = ()
    """Of ``explained``: the rules cited at the line changed (a condition or
    a comparison, within three lines), nearest first."""
    explained_by: tuple[str, ...] = ()
    """The changes that reproduce it, as ``unit: change`` (``fact:CONQUEST_EVIL:
    CONQUEST_EVIL as 2``; ``core/phases/combat/spells.py:_cast: < as <= (line 56)``)."""
    named: tuple[str, ...] = ()
    """For a failure: the rules naming the fields of the observation that
    differ where the engine parts from dlrules (a title's points are kept
    under its rule ID: ``diff.field_rules``)."""

    @property
    def passed(self) -> bool:
        return self.message is None


def start(engine: Engine, scenario: dict[str, Any]) -> None:
    """Put ``engine`` at the scenario's starting position."""
    if "position" in scenario:
        engine.load_position(scenario["position"])  # an error is the engine's (EngineError)
        return
    setup = scenario["setup"]
    engine.new_game({k: setup[k] for k in SETUP_KEYS if k in setup})
    for i, move in enumerate(scenario.get("moves", [])):
        refusal = engine.apply(move)
        if refusal is not None:
            raise Failed(f"setup move {i} ({json.dumps(move)}) is refused, citing {list(refusal.rules)}: {'; '.join(refusal.messages)}")


FORCED_REVEALS = 4
"""At most how many forced reveals follow a scenario's move (a year's four combat rounds)."""


def forced_reveal(moves: list[dict[str, Any]]) -> bool:
    """Whether these legal moves (as data) are a forced reveal: one chance
    ``Draw`` from the ``combat`` deck, a combat card already identified, which
    the table turns up without thinking (LIB-RC-3)."""
    return len(moves) == 1 and moves[0].get("type") == "Draw" and moves[0].get("deck") == "combat"


def reveal_forced(engine: Engine) -> None:
    """After the move, turn up combat cards already identified: while the
    engine's legal moves are a ``forced_reveal``, play it. Any other chance
    turn stays to be played."""
    for _ in range(FORCED_REVEALS):
        moves = engine.legal_moves()
        if not forced_reveal(moves):
            return
        refusal = engine.apply(moves[0])
        if refusal is not None:
            raise Failed(f"the engine refuses its own only legal move {json.dumps(moves[0])}, citing {list(refusal.rules)}")


def _check(document: dict[str, Any], path: str, wanted: Any, when: str) -> None:
    try:
        value = lookup(document, path)
    except (KeyError, IndexError, ValueError):
        raise Failed(f"{when}, {path} is absent from the observation, not {json.dumps(wanted)}") from None
    if value != wanted:
        raise Failed(f"{when}, {path} is {json.dumps(value)}, not {json.dumps(wanted)}")


def _check_odds(listed: dict[str, Fraction | None], wanted: list[dict[str, Any]]) -> None:
    """``expect.odds``: each ``{"move", "probability"}`` must be a chance move
    the engine lists at the start, with exactly that probability (``"n/d"``)."""
    for item in wanted:
        probability = read_fraction(item["probability"])
        key = canonical(item["move"])
        if key not in listed:
            raise Failed(f"before the move, the chance outcome {json.dumps(item['move'])} is not among the legal moves")
        if listed[key] != probability:
            have = listed[key]
            said = "no probability" if have is None else f"probability {have.numerator}/{have.denominator}"
            raise Failed(f"before the move, {json.dumps(item['move'])} has {said}, not {item['probability']}")


def check(engine: Engine, scenario: dict[str, Any]) -> None:
    """Check one scenario on ``engine``; raises ``Failed`` saying what differs
    (``EngineError`` when the engine itself fails). ``expect.odds``, when
    given, is checked at the start, against the engine's listed probabilities."""
    start(engine, scenario)
    before = engine.observe()
    for path, value in scenario.get("before", {}).items():
        _check(before, path, value, "before the move")
    move = scenario["move"]
    expect = scenario["expect"]
    if "odds" in expect:
        moves, odds = engine.chances()
        _check_odds(dict(zip(map(canonical, moves), odds, strict=True)), expect["odds"])
        listed = canonical(move) in set(map(canonical, moves))
    else:
        listed = canonical(move) in {canonical(m) for m in engine.legal_moves()}
    if expect["legal"]:
        if not listed and move.get("type") not in UNLISTED:
            raise Failed(f"the move {json.dumps(move)} is not among the legal moves")
        refusal = engine.apply(move)
        if refusal is not None:
            raise Failed(f"the move is refused, citing {list(refusal.rules)}: {'; '.join(refusal.messages)}")
        reveal_forced(engine)
        after = engine.observe()
        for path, (was, now) in expect.get("changes", {}).items():
            _check(before, path, was, "before the move")
            _check(after, path, now, "after the move")
        for path, now in expect.get("after", {}).items():
            _check(after, path, now, "after the move")
        for viewer, wanted in expect.get("views", {}).items():
            seen = engine.observe(int(viewer) if viewer.isdigit() else viewer)
            for path, now in wanted.items():
                _check(seen, path, now, f"after the move, in the observation of {'seat ' + viewer if viewer.isdigit() else 'the ' + viewer}")
        return
    if listed:
        raise Failed(f"the move is listed among the legal moves; it should be refused citing {expect['rules']}")
    refusal = engine.apply(move)
    if refusal is None:
        raise Failed(f"the move is accepted; it should be refused citing {expect['rules']}")
    missing = [r for r in expect["rules"] if r not in refusal.rules]
    if missing:
        raise Failed(f"the refusal cites {list(refusal.rules)}, not {missing}: {'; '.join(refusal.messages)}")
    if engine.observe() != before:
        raise Failed("the refused move changed the position")
