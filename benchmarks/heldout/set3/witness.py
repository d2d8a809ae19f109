"""Witness that every mutant of set 3 takes effect.

    .venv/bin/python benchmarks/heldout/set3/witness.py            # all mutants
    .venv/bin/python benchmarks/heldout/set3/witness.py NAME ...   # some

For each mutant, seeded games are played in a fresh subprocess with the
mutation applied (``--trace NAME``) and in another fresh subprocess with the
real dlrules (``--trace real``), both through the referee protocol's requests
(``Referee.handle``: legal_moves with probabilities, apply, observe for the
referee and every seat). The seat policy and the chance draws come from the
seed only, so the two traces are identical step by step until the rules
differ. The first difference found (a legal move missing or extra, a
probability, an observation field) is printed as "takes effect: ...";
a mutant whose games never differ is "NO EFFECT" and the exit status is 1.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))

# (players, variant, seed): the games tried, batch by batch, until one differs.
BATCHES: list[list[tuple[int, str, int]]] = [
    [(3, "full", 1), (2, "full", 1), (4, "full", 1), (3, "first", 2), (2, "full", 2), (4, "full", 2)],
    [(p, v, s) for s in range(3, 9) for p, v in ((2, "full"), (3, "full"), (4, "first"))],
    [(p, "full", s) for s in range(9, 25) for p in (2, 3, 4)],
]
MAX_STEPS = 3000


# --- the child: play games and print their traces ---------------------------------------


def _pick_chance(rng: random.Random, moves: list[dict[str, Any]], odds: list[str | None]) -> dict[str, Any]:
    weights = [Fraction(o) for o in odds]  # type: ignore[arg-type]
    x = Fraction(rng.random())
    acc = Fraction(0)
    for move, w in zip(moves, weights):
        acc += w
        if x < acc:
            return move
    return moves[-1]


def _pick_seat(rng: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """A random move, but a decline or a stop only one time in five when
    something else is offered (so that games build dungeons and rooms)."""
    busy = [m for m in moves if m.get("type") not in ("Decline", "FinishDigging")]
    if busy and rng.random() < 0.8:
        return busy[rng.randrange(len(busy))]
    return moves[rng.randrange(len(moves))]


def trace(name: str, games: list[tuple[int, str, int]]) -> None:
    sys.path.insert(0, HERE)
    from dlrules.apps.conformance.engines import Referee, canonical

    if name == "real":
        referee = Referee()
    else:
        from mutants import MUTANTS

        referee = MUTANTS[name][0]() or Referee()
    out = sys.stdout
    for players, variant, seed in games:
        rng = random.Random(f"{players}-{variant}-{seed}")
        answer = referee.handle({"cmd": "new_game", "players": players, "variant": variant})
        out.write(json.dumps({"game": [players, variant, seed], "ok": answer.get("ok")}) + "\n")
        for step in range(MAX_STEPS):
            listed = referee.handle({"cmd": "legal_moves"})
            if not listed.get("ok"):
                out.write(json.dumps({"step": step, "error": listed}) + "\n")
                break
            moves, odds = listed["moves"], listed["probabilities"]
            pairs = sorted(zip((canonical(m) for m in moves), odds, moves), key=lambda t: t[0])
            obs = {"referee": referee.handle({"cmd": "observe"}).get("observation")}
            for seat in range(players):
                obs[str(seat)] = referee.handle({"cmd": "observe", "seat": seat}).get("observation")
            line: dict[str, Any] = {"step": step, "moves": [[c, o] for c, o, _ in pairs], "obs": obs}
            if not pairs:
                out.write(json.dumps(line) + "\n")
                break
            ordered = [m for _, _, m in pairs]
            if pairs[0][1] is not None:
                move = _pick_chance(rng, ordered, [o for _, o, _ in pairs])
            else:
                seats = sorted({m["seat"] for m in ordered})
                seat = seats[rng.randrange(len(seats))]
                move = _pick_seat(rng, [m for m in ordered if m["seat"] == seat])
            result = referee.handle({"cmd": "apply", "move": move})
            line["played"] = canonical(move)
            line["applied"] = result.get("ok")
            out.write(json.dumps(line) + "\n")
            if not result.get("ok"):
                break
        out.write(json.dumps({"end": [players, variant, seed]}) + "\n")
    out.flush()


# --- the parent: compare the traces -------------------------------------------------------


def _run(name: str, games: list[tuple[int, str, int]]) -> dict[tuple[int, str, int], list[dict[str, Any]]]:
    spec = json.dumps(games)
    proc = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--trace", name, spec],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(f"{name}: the trace failed: {proc.stderr[-2000:]}")
    traces: dict[tuple[int, str, int], list[dict[str, Any]]] = {}
    current: list[dict[str, Any]] = []
    for raw in proc.stdout.splitlines():
        record = json.loads(raw)
        if "game" in record:
            current = traces.setdefault(tuple(record["game"]), [])  # type: ignore[arg-type]
        current.append(record)
    return traces


def _leaf_differences(a: Any, b: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Every leaf where two observations differ (path, real value, mutant value)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[tuple[str, Any, Any]] = []
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                out.append((f"{path}{key}", a.get(key, "<absent>"), b.get(key, "<absent>")))
            else:
                out += _leaf_differences(a[key], b[key], f"{path}{key}.")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and not all(
        isinstance(x, (str, int, float, bool)) or x is None for x in a + b
    ):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += _leaf_differences(x, y, f"{path}{i}.")
        return out
    return [] if a == b else [(path.rstrip("."), a, b)]


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[: limit - 3] + "..."


def compare(real: list[dict[str, Any]], mutant: list[dict[str, Any]]) -> str | None:
    """The first difference between two traces of one game, as a sentence, or None."""
    previous = None
    for r, m in zip(real, mutant):
        if "step" not in r or "step" not in m:
            if r != m:
                return f"the game record differs: real {_short(r)} vs mutant {_short(m)}"
            continue
        r = {**r, "previous": previous}
        previous = r.get("played", previous)
        where = f"step {r['step']} ({(r.get('obs', {}).get('referee') or {}).get('phase')})"
        if r.get("error") or m.get("error"):
            if r.get("error") != m.get("error"):
                return f"at {where} legal_moves answers differ: real {_short(r.get('error'))} vs mutant {_short(m.get('error'))}"
            continue
        rm = {c: o for c, o in r["moves"]}
        mm = {c: o for c, o in m["moves"]}
        if set(rm) != set(mm):
            missing = sorted(set(rm) - set(mm))
            extra = sorted(set(mm) - set(rm))
            parts = []
            if missing:
                parts.append(f"{len(missing)} legal move(s) missing, e.g. {_short(missing[0])}")
            if extra:
                parts.append(f"{len(extra)} extra move(s), e.g. {_short(extra[0])}")
            return f"at {where} the legal moves differ: " + "; ".join(parts)
        for c in rm:
            if rm[c] != mm[c]:
                return f"at {where} the probability of {_short(c, 100)} is {mm[c]} (real {rm[c]})"
        for viewer in r["obs"]:
            found = _leaf_differences(r["obs"][viewer], m["obs"].get(viewer))
            if found:
                shown = "; ".join(f"{path}: mutant {_short(b, 80)} vs real {_short(a, 80)}" for path, a, b in found[:4])
                more = f" (+{len(found) - 4} more)" if len(found) > 4 else ""
                return f"at {where}, after {_short(r.get('previous'), 90)}, the observation for viewer {viewer} differs: {shown}{more}"
        if r.get("applied") != m.get("applied"):
            return f"at {where} applying {_short(r.get('played'))}: real ok={r.get('applied')} vs mutant ok={m.get('applied')}"
    if len(real) != len(mutant):
        return f"the game lasts {len(mutant)} records with the mutant, {len(real)} with the real referee"
    return None


def witness(names: list[str]) -> int:
    sys.path.insert(0, HERE)
    from mutants import MUTANTS

    real_cache: dict[tuple[int, str, int], list[dict[str, Any]]] = {}
    failed = 0
    for name in names:
        found = None
        for batch in BATCHES:
            todo = [g for g in batch if g not in real_cache]
            if todo:
                real_cache.update(_run("real", todo))
            mutated = _run(name, batch)
            for game in batch:
                diff = compare(real_cache[game], mutated[game])
                if diff:
                    found = f"game {game[0]} players, {game[1]}, seed {game[2]}: {diff}"
                    break
            if found:
                break
        rules = ", ".join((MUTANTS[name][1],) + MUTANTS[name][2])
        if found:
            print(f"{name} [{rules}]: takes effect: {found}", flush=True)
        else:
            failed += 1
            print(f"{name} [{rules}]: NO EFFECT", flush=True)
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--trace"]:
        trace(argv[1], [tuple(g) for g in json.loads(argv[2])])  # type: ignore[misc]
        return 0
    sys.path.insert(0, HERE)
    from mutants import MUTANTS

    names = argv or list(MUTANTS)
    unknown = [n for n in names if n not in MUTANTS]
    if unknown:
        print(f"unknown mutant(s): {', '.join(unknown)}", file=sys.stderr)
        return 2
    return witness(names)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
