"""Witness for held-out set 10: shows that each mutant of mutants.py takes effect.

    .venv/bin/python benchmarks/heldout/set10/witness.py [NAME ...]

For each mutant, two fresh subprocesses play the same seeded random games
(for a few mutants, random play that favours some moves: ``PREFER``) through the referee's hooks (``moves``, ``odds``, ``play``, ``observation``):
one with dlrules as it is, one with the mutation applied. The parent reads
both step by step and stops at the first step where they differ: the legal
moves, a chance probability, the resulting state, or an observation (seats'
observations are compared during combat, the referee's at the game's end).
It then replays that step in both and prints what differs concretely.
One line per mutant, "takes effect: ..." or "NO EFFECT"; exit 1 if any has none.
(The machinery is set 8's witness; only ``PREFER`` is set 10's.)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
SEEDS = int(os.environ.get("WITNESS_SEEDS", "60"))
MAX_STEPS = 3000

PREFER: dict[str, tuple[str, ...]] = {
    # PROD-2's troll tokens need a troll hired and a Tool Shed or a Magic Room to staff.
    "trolls-barred-from-shed-and-magic-room": ('"troll"', '"tool-shed"', '"magic-room"', '"monster"', '"room"', '"ActivateRoom"'),
}
"""Per mutant, substrings of the canonical moves a seat's random choice favours
(9 times in 10, among its moves holding one of them, orders with Improve
Reputation left out); the default is uniform random play."""


def _h(data: Any) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _referee(name: str) -> Any:
    from dlrules.apps.conformance.engines import Referee

    if name == "real":
        return Referee()
    sys.path.insert(0, HERE)
    import mutants

    return mutants.MUTANTS[name][0]() or Referee()


def _players(seed: int) -> int:
    return (4, 3, 2)[seed % 3]


def _games(name: str, only: tuple[int, int] | None = None, prefer: tuple[str, ...] = ()) -> Any:
    """Yield (seed, step, record) for every step of the seeded games; with
    ``only`` = (seed, step), yield that one step's full record; ``prefer``:
    the mutant's ``PREFER`` (both runs play the same)."""
    from dlrules.apps.conformance.engines import canonical, move_of
    from dlrules.core.engine import new_game
    from dlrules.records.serialization import dumps

    referee = _referee(name)
    seeds = range(SEEDS) if only is None else (only[0],)
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(_players(seed))
        for step in range(MAX_STEPS):
            moves = referee.moves(state)
            odds = referee.odds(state, moves)
            keyed = sorted(zip((canonical(m) for m in moves), odds, moves), key=lambda t: t[0])
            canon = [k for k, _, _ in keyed]
            chances = {k: o for k, o, _ in keyed if o is not None}
            over = not moves
            views: dict[str, Any] = {}
            if state.fight is not None or over:
                viewers: list[Any] = ["referee"] if over else list(range(state.n_players))
                for v in viewers:
                    views[str(v)] = referee.observation(state, v)
            full = {
                "phase": state.phase.value, "year": state.year, "moves": canon, "odds": chances,
                "state": json.loads(dumps(state)), "views": views,
            }  # fmt: skip
            if only is None:
                yield seed, step, {
                    "phase": full["phase"], "year": full["year"], "n": len(canon), "moves": _h(canon), "odds": _h(chances),
                    "state": _h(full["state"]), "views": {v: _h(o) for v, o in views.items()},
                }  # fmt: skip
            elif step == only[1]:
                yield seed, step, full
                return
            if over:
                break
            if chances:
                outcomes = [(k, Fraction(o), m) for k, o, m in keyed if o is not None]
                d = math.lcm(*(p.denominator for _, p, _ in outcomes))
                x = rng.randrange(d)
                acc = 0
                chosen = outcomes[-1][2]
                for _, p, m in outcomes:
                    acc += int(p * d)
                    if x < acc:
                        chosen = m
                        break
            else:
                seat = min(m["seat"] for _, _, m in keyed)
                mine = [(k, m) for k, _, m in keyed if m["seat"] == seat]
                liked = [m for k, m in mine if any(p in k for p in prefer) and '"reputation"' not in k] if prefer else []
                if liked and rng.random() < 0.9:
                    chosen = liked[rng.randrange(len(liked))]
                else:
                    chosen = mine[rng.randrange(len(mine))][1]
            state = referee.play(state, move_of(chosen))


def _child(argv: list[str]) -> int:
    name, plan = argv[0], argv[-1]  # plan: the mutant whose PREFER both runs follow
    prefer = PREFER.get(plan, ())
    if len(argv) == 4:
        for _, _, record in _games(name, (int(argv[1]), int(argv[2])), prefer):
            print(json.dumps(record, sort_keys=True))
        return 0
    for seed, step, record in _games(name, None, prefer):
        print(json.dumps({"seed": seed, "step": step, **record}, sort_keys=True), flush=True)
    print(json.dumps({"done": True}), flush=True)
    return 0


def _first_path(a: Any, b: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first path where ``a`` and ``b`` differ, with both values there."""
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}", a.get(k, "<absent>"), b.get(k, "<absent>")
            found = _first_path(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            for i in range(min(len(a), len(b))):
                found = _first_path(a[i], b[i], f"{path}[{i}]")
                if found:
                    return found
            return f"{path} (length)", len(a), len(b)
        for i in range(len(a)):
            found = _first_path(a[i], b[i], f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else (path, a, b)


def _short(x: Any, n: int = 160) -> str:
    text = json.dumps(x, sort_keys=True)
    return text if len(text) <= n else text[: n - 3] + "..."


def _explain(name: str, seed: int, step: int, what: str) -> str:
    def run(who: str) -> Any:
        return json.loads(subprocess.run(
            [sys.executable, __file__, "--child", who, str(seed), str(step), name], capture_output=True, text=True, check=True,
        ).stdout)  # fmt: skip

    real, mut = run("real"), run(name)
    where = f"seed {seed} ({_players(seed)} players), step {step}, year {real['year']} {real['phase']}"
    if real["moves"] != mut["moves"]:
        only_real = sorted(set(real["moves"]) - set(mut["moves"]))
        only_mut = sorted(set(mut["moves"]) - set(real["moves"]))
        return f"{where}: legal moves differ ({len(real['moves'])} real vs {len(mut['moves'])} mutant); only real: {_short(only_real[:2])}; only mutant: {_short(only_mut[:2])}"
    if real["odds"] != mut["odds"]:
        diff = [(k, real["odds"].get(k), mut["odds"].get(k)) for k in sorted(set(real["odds"]) | set(mut["odds"])) if real["odds"].get(k) != mut["odds"].get(k)]
        k, a, b = diff[0]
        return f"{where}: chance probability of {_short(json.loads(k), 90)} is {a} real vs {b} mutant ({len(diff)} outcomes differ)"
    if real["state"] != mut["state"]:
        path, a, b = _first_path(real["state"], mut["state"]) or ("?", None, None)
        return f"{where}: the state after the previous move differs at {path}: real {_short(a, 90)} vs mutant {_short(b, 90)}"
    for v in sorted(set(real["views"]) | set(mut["views"])):
        found = _first_path(real["views"].get(v), mut["views"].get(v))
        if found:
            path, a, b = found
            return f"{where}: observation for viewer {v} differs at {path}: real {_short(a, 90)} vs mutant {_short(b, 90)}"
    return f"{where}: {what} differs"


def witness(name: str) -> tuple[bool, str]:
    procs = [
        subprocess.Popen([sys.executable, __file__, "--child", who, name], stdout=subprocess.PIPE, text=True)
        for who in ("real", name)
    ]  # fmt: skip
    found: tuple[int, int, str] | None = None
    later: tuple[int, int, str] | None = None  # the first moves or odds difference after a state difference
    steps = 0
    year = None
    try:
        assert procs[0].stdout is not None and procs[1].stdout is not None
        while True:
            a, b = procs[0].stdout.readline(), procs[1].stdout.readline()
            if not a or not b:
                if a != b:
                    found = (-1, -1, "one run stopped early")
                break
            ra, rb = json.loads(a), json.loads(b)
            if ra.get("done") or rb.get("done"):
                if ra != rb:
                    found = (-1, -1, "game lengths")
                break
            steps += 1
            if ra != rb and found is None:
                what = next(k for k in ("moves", "odds", "state", "views") if ra.get(k) != rb.get(k))
                found = (ra["seed"], ra["step"], what)
                year = ra.get("year")
                if what in ("moves", "odds"):
                    break
                continue  # a state or view difference: read on in this game and year for a move or odds difference it leads to
            if found is not None:
                if ra.get("seed") != found[0] or ra.get("year") != rb.get("year") or ra.get("year") != year:
                    break
                if ra.get("moves") != rb.get("moves") or ra.get("odds") != rb.get("odds"):
                    later = (ra["seed"], ra["step"], "moves" if ra.get("moves") != rb.get("moves") else "odds")
                    break
    finally:
        for p in procs:  # only the two children started here
            if p.poll() is None:
                p.kill()
            p.wait()
    if found is None:
        return False, f"NO EFFECT in {SEEDS} seeded games ({steps} steps)"
    seed, step, what = found
    if seed < 0:
        return True, f"takes effect: {what} differ"
    line = "takes effect: " + _explain(name, seed, step, what)
    if later is not None:
        line += "; and then: " + _explain(name, *later).split(": ", 1)[1].replace(" differ ", " differ at step %d " % later[1], 1)
    return True, line


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        return _child(argv[1:])
    sys.path.insert(0, HERE)
    import mutants

    names = argv or list(mutants.MUTANTS)
    failed = 0
    for name in names:
        ok, line = witness(name)
        print(f"{name}: {line}", flush=True)
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
