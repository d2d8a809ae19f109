"""Witness for held-out set 4: proves each mutant of mutants.py takes effect.

    .venv/bin/python benchmarks/heldout/set4/witness.py [NAME ...]

For each mutant, a fresh subprocess applies the mutation and plays seeded
games through the referee hooks (``Referee.moves``, ``odds``,
``observation``, ``play``), step by step, comparing every step against the
same seeded games played by the real dlrules in this process (which is
never patched): the legal moves, their chance probabilities, every viewer's
observation and the position after the move. At the first step where they
differ the subprocess dumps the position before it; this process recomputes
the real answers there and prints what differs. One line per mutant:
"takes effect: ..." or "NO EFFECT"; exit status 1 if any has no effect.

A seat's moves are chosen by a seeded policy (active moves rather than
passive ones, heavy combat plans); chance moves are sampled with the
referee's own probabilities, exactly (the same draw on both sides while they
agree). Each mutant names the games to search (players, seeds).
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
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

PASSIVE = {"Decline", "FinishDigging", "FinishProduction"}
MAX_STEPS = 3000

# Which games to search for each mutant: (players, first seed, number of seeds).
SEARCH: dict[str, tuple[int, int, int]] = {}
DEFAULT_SEARCH = (3, 1, 40)


def _h(data: Any) -> str:
    return hashlib.md5(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]


def _viewers(players: int) -> list[Any]:
    return ["referee", "spectator", *range(players)]


def _choose(listed: list[dict[str, Any]], odds: list[str | None], rng: random.Random) -> dict[str, Any]:
    """The move played: chance sampled exactly by its odds; else the lowest
    seat to move, by the policy."""
    chance = [(m, Fraction(p)) for m, p in zip(listed, odds) if m.get("seat") == -1 and p is not None]
    if chance:
        den = math.lcm(*(p.denominator for _, p in chance))
        x = rng.randrange(den)
        acc = 0
        for m, p in chance:
            acc += int(p * den)
            if x < acc:
                return m
        return chance[-1][0]
    seat = min(m["seat"] for m in listed)
    mine = [m for m in listed if m["seat"] == seat]
    kinds = {m["type"] for m in mine}
    if "PlanDefence" in kinds and rng.random() < 0.75:
        plans = [m for m in mine if m["type"] == "PlanDefence"]
        most = max(len(m.get("traps", [])) + len(m.get("monsters", [])) for m in plans)
        return rng.choice([m for m in plans if len(m.get("traps", [])) + len(m.get("monsters", [])) == most])
    active = [m for m in mine if m["type"] not in PASSIVE and not (m["type"] == "PayMonster" and not m.get("pay", True))]
    if active and rng.random() < 0.85:
        return rng.choice(active)
    return rng.choice(mine)


def _step_data(referee: Any, state: Any, players: int) -> tuple[list[dict[str, Any]], list[str | None], dict[str, Any]]:
    from dlrules.apps.conformance.engines import canonical

    listed = referee.moves(state)
    listed = sorted(listed, key=canonical)
    odds = referee.odds(state, listed)
    obs = {str(v): referee.observation(state, v) for v in _viewers(players)}
    return listed, odds, obs


def play(referee: Any, players: int, seed: int, reference: list[str] | None = None):
    """Play one seeded game; yield (step, line, pre-position, detail) per step.
    With ``reference``, stop after the first line that differs from it."""
    from dlrules.apps.conformance.engines import move_data, move_of
    from dlrules.apps.conformance.position import to_position
    from dlrules.core.engine import new_game

    rng = random.Random(seed)
    state = new_game(players, first_player=seed % players)
    for step in range(MAX_STEPS):
        listed, odds, obs = _step_data(referee, state, players)
        if not listed:
            return
        chosen = _choose(listed, odds, rng)
        before = state
        state = referee.play(state, move_of(chosen))
        line = "|".join((_h(listed), _h(odds), _h(obs), _h(to_position(state))))
        yield step, line, before, {"moves": listed, "odds": odds, "observations": obs, "chosen": chosen, "after": to_position(state)}
        if reference is not None and (step >= len(reference) or reference[step] != line):
            return


def reference_lines(players: int, seed: int) -> list[str]:
    from dlrules.apps.conformance.engines import Referee

    return [line for _, line, _, _ in play(Referee(), players, seed)]


def probe(name: str, players: int, seeds: list[int], ref_dir: str) -> dict[str, Any] | None:
    """In the mutant's own process: the first step differing from the reference."""
    import mutants
    from dlrules.apps.conformance.engines import Referee
    from dlrules.apps.conformance.position import to_position

    referee = mutants.MUTANTS[name][0]() or Referee()
    for seed in seeds:
        reference = json.loads(Path(ref_dir, f"{players}-{seed}.json").read_text())
        for step, line, before, detail in play(referee, players, seed, reference):
            if step >= len(reference) or reference[step] != line:
                parts = ("moves", "odds", "observations", "after")
                want = reference[step].split("|") if step < len(reference) else ["?"] * 4
                which = [p for p, a, b in zip(parts, line.split("|"), want) if a != b]
                return {"seed": seed, "step": step, "which": which, "before": to_position(before), "detail": detail}
        # the game ended where the reference did, identically
    return None


def _leaf_diff(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for k in sorted(set(a) | set(b), key=str):
            out += _leaf_diff(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += _leaf_diff(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: real {json.dumps(a)[:80]} / mutant {json.dumps(b)[:80]}"]


def describe(found: dict[str, Any], players: int) -> str:
    """What the real dlrules answers at the divergence, against the mutant."""
    from dlrules.apps.conformance.engines import Referee, canonical, move_of
    from dlrules.apps.conformance.position import from_position, to_position

    referee = Referee()
    state = from_position(found["before"])
    listed, odds, obs = _step_data(referee, state, players)
    mut = found["detail"]
    where = f"seed {found['seed']} ({players} players), step {found['step']}, {state.phase.value} year {state.year}"
    which = found["which"]
    if "moves" in which:
        real = {canonical(m) for m in listed}
        got = {canonical(m) for m in mut["moves"]}
        extra, missing = sorted(got - real), sorted(real - got)
        return f"{where}: legal moves differ; mutant lists {len(extra)} extra (e.g. {extra[:1]}), misses {len(missing)} (e.g. {missing[:1]})"
    if "odds" in which:
        diffs = [f"{canonical(m)} real {p} / mutant {q}" for m, p, q in zip(listed, odds, mut["odds"]) if p != q]
        return f"{where}: chance probabilities differ: {diffs[0]} ({len(diffs)} outcomes differ)"
    if "observations" in which:
        for viewer in obs:
            d = _leaf_diff(obs[viewer], mut["observations"].get(viewer))
            if d:
                return f"{where}: observation for viewer {viewer} differs: {d[0]}"
    after_state = referee.play(state, move_of(mut["chosen"]))
    d = _leaf_diff(to_position(after_state), mut["after"])
    then = sorted(canonical(m) for m in referee.moves(after_state))
    waits = f" (real dlrules then waits for one of: {', '.join(then)})" if 0 < len(then) <= 3 else ""
    return f"{where}: after {json.dumps(mut['chosen'], sort_keys=True)} the state differs: {'; '.join(d[:3])}{waits}"


def main(argv: list[str]) -> int:
    if argv[:1] == ["--probe"]:
        name, players, first, count, ref_dir = argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5]
        found = probe(name, players, list(range(first, first + count)), ref_dir)
        print(json.dumps(found))
        return 0
    import mutants
    import tempfile

    names = argv or list(mutants.MUTANTS)
    failed = 0
    with tempfile.TemporaryDirectory() as ref_dir:
        for name in names:
            players, first, count = SEARCH.get(name, DEFAULT_SEARCH)
            for seed in range(first, first + count):
                path = Path(ref_dir, f"{players}-{seed}.json")
                if not path.exists():
                    path.write_text(json.dumps(reference_lines(players, seed)))
            done = subprocess.run(
                [sys.executable, __file__, "--probe", name, str(players), str(first), str(count), ref_dir],
                capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
            )  # fmt: skip
            if done.returncode != 0:
                print(f"{name}: NO EFFECT (the probe failed: {done.stderr.strip().splitlines()[-1:]})")
                failed += 1
                continue
            found = json.loads(done.stdout.strip().splitlines()[-1])
            if found is None:
                print(f"{name}: NO EFFECT (seeds {first}..{first + count - 1}, {players} players)")
                failed += 1
            else:
                print(f"{name}: takes effect: {describe(found, players)}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
