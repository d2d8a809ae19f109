"""Record conformance scenarios (docs/conformance.md) from dlrules itself.

From a seeded play-out (the command line)::

    .venv/bin/python tests/conformance/record.py --players 3 --seed 7 --phase orders \\
        --index 0 --rules ORD-3 --id ORD-3-three-players-choose \\
        --description "..." --folder src/dlrules/apps/conformance/scenarios/<area>

stops at the first position of ``--phase`` where a player (not chance) is to
move (``--chance`` to stop where chance is), or after ``--after`` more moves,
then records the ``--index``-th legal move, or ``--move '<move JSON>'`` (legal
or not: an illegal move is recorded with the rule IDs dlrules cites).

From Python (as ``seed_foundation.py`` does): build the position move by move
with ``Builder`` and call ``Builder.record(...)``.

The expectations are what dlrules does now: read every recorded scenario
against the rules before committing it; the file shows each change as
``[before, after]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Self

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dlrules
from conformance.runner import FORMAT, SCENARIOS, leaves, lookup, observe, reveal_known, run
from dlrules import CHANCE, GameState, Move, Phase
from dlrules.apps.conformance.convert import format_scenario
from dlrules.apps.conformance.position import to_position


def move_data(move: Move) -> Any:
    return json.loads(dlrules.dumps(move))


def expectation(state: GameState, move: Move, only: tuple[str, ...] | None = None) -> dict[str, Any]:
    """What dlrules does with ``move``: refused with its rule IDs, or the changes
    it makes to the observation (restricted to paths starting with ``only``).
    A path of ``only`` that is a field of the observation and does not change
    is recorded too, as a change to the same value: named to be watched, it
    must stay as it is (held-out set 11: the first game's ORD-8 scenario named
    the gold, which did not change, and so asserted nothing about it)."""
    violations = dlrules.check(state, move)
    if violations:
        return {"legal": False, "rules": sorted({v.rule for v in violations}), "messages": [str(v) for v in violations]}
    was, now = observe(state), observe(reveal_known(dlrules.apply(state, move)))  # as the runner checks it
    before, after = dict(leaves(was)), dict(leaves(now))
    changes: dict[str, list[Any]] = {}
    for path in [*after, *(p for p in before if p not in after)]:
        if only is not None and not path.startswith(only):
            continue
        if path in before and path in after:
            if before[path] != after[path]:
                changes[path] = [before[path], after[path]]
            continue
        # a field that appears where there was a leaf (``combat``: null → a battle), or vanishes into one:
        # the change is the leaf's, whole, on both sides (a path absent on one side cannot be checked there)
        changed = _leaf_above(path, before if path in after else after)
        try:
            changes[changed] = [lookup(was, changed), lookup(now, changed)]
        except (KeyError, IndexError, ValueError):
            continue  # a key gone from a table that stays: nothing on that side to check
    for path in only or ():
        if path not in changes and path in before and after.get(path) == before[path]:
            changes[path] = [before[path], before[path]]
    return {"legal": True, "changes": changes}


def _leaf_above(path: str, leaves_of: dict[str, Any]) -> str:
    """The path's nearest ancestor that is a leaf of the other side (``combat.round`` → ``combat``), else the path."""
    parts = path.split(".")
    return next((p for i in range(len(parts) - 1, 0, -1) if (p := ".".join(parts[:i])) in leaves_of), path)


class Builder:
    """A position built move by move from a new game, remembering the moves."""

    def __init__(
        self, players: int, variant: str = "full", deal_and_keep: bool | None = None, **options: bool
    ) -> None:
        """``options``: the optional setup parameters ``special_events``,
        ``dummy_hires`` and ``table_rulings`` (docs/conformance.md), written
        only when given."""
        self.setup: dict[str, Any] = {"players": players, "variant": variant}
        if deal_and_keep is not None:
            self.setup["deal_and_keep"] = deal_and_keep
        self.setup.update(options)
        self.state = dlrules.new_game(players, variant=variant, deal_and_keep=deal_and_keep, **options)
        self.moves: list[Move] = []

    def play(self, *moves: Move) -> Self:
        for move in moves:
            self.state = dlrules.apply(self.state, move)
            self.moves.append(move)
        return self

    def chance_first(self, stop: Phase | None = None) -> Self:
        """Chance turns up its first listed outcome while it is to move."""
        while CHANCE in dlrules.to_move(self.state) and self.state.phase is not stop:
            self.play(dlrules.legal_moves(self.state)[0])
        return self

    def play_random(self, rng: random.Random, until: Phase, chance: bool = False, after: int = 0) -> Self:
        """A seeded play-out until ``until`` with a player (or chance) to move."""

        def arrived() -> bool:
            seats = dlrules.to_move(self.state)
            return self.state.phase is until and bool(seats) and ((CHANCE in seats) == chance)

        while not arrived():
            if not dlrules.to_move(self.state):
                raise SystemExit(f"the play-out stopped in {self.state.phase.value} before reaching {until.value}")
            self._random_step(rng)
        for _ in range(after):
            self._random_step(rng)
        return self

    def _random_step(self, rng: random.Random) -> None:
        if CHANCE in dlrules.to_move(self.state):
            self.play(dlrules.sample_chance(self.state, rng))
        else:
            moves = dlrules.legal_moves(self.state)
            self.play(moves[rng.randrange(len(moves))])

    def record(
        self, id: str, rules: list[str], description: str, move: Move, *, folder: Path = SCENARIOS,
        before: dict[str, Any] | None = None, only: tuple[str, ...] | None = None,
        after: dict[str, Any] | None = None,
    ) -> Path:
        """Write ``<folder>/<id>.json``. ``only``: record just the changes under
        these paths (e.g. ("board", "players") for a move that ends a phase,
        so the scenario does not depend on the next phase's first steps)."""
        scenario: dict[str, Any] = {
            "format": FORMAT,
            "id": id,
            "rules": rules,
            "description": description,
            "setup": self.setup,
            "moves": [move_data(m) for m in self.moves],
            "move": move_data(move),
        }
        if before:
            scenario["before"] = before
        scenario["expect"] = expectation(self.state, move, only)
        if after:
            scenario["expect"]["after"] = after
        run(scenario)  # it must pass as recorded
        path = folder / f"{id}.json"
        path.write_text(format_scenario(scenario), encoding="utf-8")
        return path


def record_position(
    folder: Path, id: str, rules: list[str], description: str, state: GameState, move: Move,
    *, before: dict[str, Any] | None = None, only: tuple[str, ...] | None = None, after: dict[str, Any] | None = None,
    views: dict[str, dict[str, Any]] | None = None,
) -> Path:
    """Write ``<folder>/<id>.json``: a scenario starting from a ``position``
    (the position format, docs/conformance.md), for a position that a short
    list of moves from a new game cannot reach; ``before``: observation paths checked before the
    move; ``only``: the expected changes restricted to paths starting with
    these; ``after``: paths checked after the move besides the changes;
    ``views``: viewer ("0".."3", "spectator") → paths → values that viewer's
    observation must hold after the move: what each seat sees then says the
    rule, and the referee's changes are left out. The scenario must pass as
    recorded."""
    scenario: dict[str, Any] = {
        "format": FORMAT,
        "id": id,
        "rules": rules,
        "description": description,
        "position": to_position(state),
    }
    if before:
        scenario["before"] = before
    scenario["move"] = move_data(move)
    scenario["expect"] = expectation(state, move, only)
    if after:
        scenario["expect"]["after"] = after
    if views is not None:
        del scenario["expect"]["changes"]
        scenario["expect"]["views"] = views
    run(scenario)  # it must pass as written
    folder.mkdir(exist_ok=True)
    path = folder / f"{id}.json"
    path.write_text(format_scenario(scenario), encoding="utf-8")
    return path


Writer = Callable[[], list[Path]]
"""A function writing some scenarios (``record_position``, ``Builder.record``): the paths it wrote."""


class Writers:
    """A seeding script's scenario writers, in the order they are registered
    (``seed_by_rule_more.py``, ``seed_gaps.py``, ``seed_cosmic_gaps.py``)."""

    def __init__(self) -> None:
        self._writers: list[Writer] = []

    def writer(self, f: Writer) -> Writer:
        """Register ``f`` (a decorator: ``f`` is returned unchanged)."""
        self._writers.append(f)
        return f

    def run(self, names: Iterable[str] = ()) -> list[Path]:
        """Call the writers in order (only those whose function name contains
        one of ``names``, when any is given); the paths they wrote."""
        wanted = tuple(names)
        return [path for f in self._writers if not wanted or any(n in f.__name__ for n in wanted) for path in f()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Record a conformance scenario from a seeded play-out.")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--variant", default="full")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--phase", required=True, help="stop at this phase (e.g. orders, resolution)")
    parser.add_argument("--chance", action="store_true", help="stop where chance (not a player) is to move")
    parser.add_argument("--after", type=int, default=0, help="then play this many more random moves")
    parser.add_argument("--index", type=int, default=None, help="record the INDEX-th legal move")
    parser.add_argument("--move", default=None, help="record this move (dlrules JSON with a \"type\")")
    parser.add_argument("--id", required=True, help="scenario id, also the file name")
    parser.add_argument("--rules", required=True, help="comma-separated rule IDs the scenario exercises")
    parser.add_argument("--description", required=True)
    parser.add_argument("--folder", type=Path, default=SCENARIOS)
    args = parser.parse_args(argv)
    builder = Builder(args.players, args.variant).play_random(
        random.Random(args.seed), Phase(args.phase), chance=args.chance, after=args.after
    )
    if args.move is not None:
        move: Move = dlrules.loads(args.move, Move)
    else:
        move = dlrules.legal_moves(builder.state)[args.index or 0]
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    print(builder.record(args.id, rules, args.description, move, folder=args.folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
