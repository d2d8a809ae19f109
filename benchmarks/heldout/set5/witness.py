"""Witness that every held-out set-5 mutant takes effect.

    .venv/bin/python benchmarks/heldout/set5/witness.py [NAME ...]

For each mutant, a fresh subprocess applies the mutation and plays seeded
random games through the Referee hooks (``moves``, ``odds``, ``play``,
``observation``), printing one trace line per step: the legal moves, their
probabilities, a hash of every seat's observation and of the position. The
real dlrules plays the same seeds in another subprocess; the first step where
the traces differ is the witness (for an observation, the first differing
path is shown). ``PLANS`` may give a mutant other setups, seeds or a move
preference (a substring of the moves random play should favour).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SEEDS = tuple(range(12))
MAX_STEPS = 4000

# per mutant: {"setups": [...], "seeds": [...], "prefer": str}; the default: 3 players, SEEDS, no preference
PLANS: dict[str, dict[str, Any]] = {}


def _h(value: Any) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]


def trace(name: str, seeds: list[int], setup: dict[str, Any], prefer: str | None, dump_at: int | None = None) -> None:
    sys.path.insert(0, str(HERE))
    from dlrules.apps.conformance.engines import Referee, canonical, move_of
    from dlrules.apps.conformance.position import to_position

    referee = Referee()
    if name != "real":
        import mutants

        referee = mutants.MUTANTS[name][0]() or Referee()
    for seed in seeds:
        rng = random.Random(seed)
        answer = referee.handle({"cmd": "new_game", **setup})
        assert answer["ok"], answer
        for step in range(MAX_STEPS):
            state = referee.state
            listed = referee.moves(state)
            odds = referee.odds(state, listed)
            order = sorted(range(len(listed)), key=lambda i: canonical(listed[i]))
            moves = [canonical(listed[i]) for i in order]
            probs = [odds[i] for i in order]
            seats = len(state.players)
            if dump_at is not None and step == dump_at:
                print(json.dumps({str(s): referee.observation(state, s) for s in range(seats)}))
                return
            obs = {str(s): _h(referee.observation(state, s)) for s in range(seats)}
            line = {"seed": seed, "step": step, "moves": moves, "probs": probs, "obs": obs,
                    "pos": _h(to_position(state))}
            print(json.dumps(line), flush=True)
            if not moves:
                break
            if probs and probs[0] is not None:
                r = Fraction(rng.random())
                acc = Fraction(0)
                pick = len(moves) - 1
                for i, p in enumerate(probs):
                    acc += Fraction(p) if p is not None else 0
                    if r < acc:
                        pick = i
                        break
            else:
                pick = rng.randrange(len(moves))
                if prefer:
                    liked = [i for i, m in enumerate(moves) if prefer in m]
                    if liked and rng.random() < 0.8:
                        pick = rng.choice(liked)
            referee.state = referee.play(state, move_of(json.loads(moves[pick])))


def run(name: str, seeds: list[int], setup: dict[str, Any], prefer: str | None, dump_at: int | None = None) -> list[dict[str, Any]]:
    out = subprocess.run(
        [sys.executable, __file__, "--trace", name, json.dumps(seeds), json.dumps(setup), json.dumps(prefer), json.dumps(dump_at)],
        capture_output=True, text=True, timeout=900,
    )
    if out.returncode != 0:
        raise RuntimeError(f"{name}: trace failed: {out.stderr[-2000:]}")
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The first path where two JSON documents differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key, "<absent>") != b.get(key, "<absent>"):
                return first_difference(a.get(key, "<absent>"), b.get(key, "<absent>"), f"{path}.{key}")
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        return None
    return None if a == b else f"{path}: real {json.dumps(a)[:160]}, mutant {json.dumps(b)[:160]}"


def explain_observation(name: str, seed: int, step: int, setup: dict[str, Any], prefer: str | None) -> str:
    real = run("real", [seed], setup, prefer, step)[-1]
    mut = run(name, [seed], setup, prefer, step)[-1]
    for seat in real:
        found = first_difference(real[seat], mut[seat])
        if found:
            return f"seat {seat} sees {found}"
    return "?"


def compare(real: list[dict[str, Any]], mut: list[dict[str, Any]]) -> str | None:
    for a, b in zip(real, mut):
        where = f"seed {a['seed']} step {a['step']}"
        if a["moves"] != b["moves"]:
            gone = sorted(set(a["moves"]) - set(b["moves"]))
            new = sorted(set(b["moves"]) - set(a["moves"]))
            return f"{where}: legal moves differ; only real {gone[:2]} (+{max(0, len(gone) - 2)}), only mutant {new[:2]} (+{max(0, len(new) - 2)})"
        if a["probs"] != b["probs"]:
            diffs = [(m, p, q) for m, p, q in zip(a["moves"], a["probs"], b["probs"]) if p != q]
            return f"{where}: chance probabilities differ, e.g. {diffs[0][0]}: real {diffs[0][1]}, mutant {diffs[0][2]}"
        if a["obs"] != b["obs"]:
            seats = [s for s in a["obs"] if a["obs"][s] != b["obs"][s]]
            return f"{where}: the observation of seat(s) {seats} differs (same legal moves) @@{a['seed']}@@{a['step']}"
        if a["pos"] != b["pos"]:
            return f"{where}: the position differs (same moves, same observations)"
    if len(real) != len(mut):
        return f"the games differ in length: real {len(real)} steps, mutant {len(mut)}"
    return None


def witness(name: str) -> str | None:
    plan = PLANS.get(name, {})
    setups = plan.get("setups", [{"players": 3}])
    prefer = plan.get("prefer")
    seeds = list(plan.get("seeds", SEEDS))
    for setup in setups:
        found = compare(run("real", seeds, setup, prefer), run(name, seeds, setup, prefer))
        if found and "@@" in found:
            found, seed, step = found.split("@@")
            found += "; " + explain_observation(name, int(seed), int(step), setup, prefer)
        if found:
            return f"{setup} {found}"
    return None


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--trace":
        trace(argv[1], json.loads(argv[2]), json.loads(argv[3]), json.loads(argv[4]), json.loads(argv[5]))
        return 0
    sys.path.insert(0, str(HERE))
    import mutants

    names = argv or list(mutants.MUTANTS)
    bad = 0
    for name in names:
        try:
            found = witness(name)
        except Exception as exc:  # noqa: BLE001
            found, bad = None, bad
            print(f"{name}: NO EFFECT (error: {exc})")
            bad += 1
            continue
        if found:
            print(f"{name}: takes effect: {found}")
        else:
            print(f"{name}: NO EFFECT")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
