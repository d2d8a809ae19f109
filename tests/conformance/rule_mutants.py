"""Single-rule mutants of dlrules for every rule family (issue 36 item 2):
the catalogue that ``benchmarks/mutation.py`` runs the kit against.

Two kinds, each breaking one rule in its own process, as a bug in another
engine would:

- *data* mutants: a hand-written change to one piece of rule data (a slot's
  reward, a card's cost, a title's points), with the four shipped mutants of
  ``mutants.py``; each checks first that the data it changes is what it
  expects (else the mutant is *broken*: the reference moved on);
- *function* mutants, built from the source: a rule function (one citing one
  or two rule IDs of a family, module level, returning a ``bool``, an ``int``
  or a tuple) whose result is perturbed (``not``, ``+ 1``, the last element
  dropped). The substitution replaces the function's code, so every
  reference to it (imports, tables) sees it. It counts the calls whose result
  it changed: a mutant that changed no result while the kit ran and while
  ten seeded games were played is *broken* (its function is no longer used),
  never *caught*.

Any mutant that no scenario fails and whose ten seeded games hash as the
reference's (``games_fingerprint``) showed no effect: ``benchmarks/mutation.py``
reports it as such, not as missed (nor caught).

    .venv/bin/python tests/conformance/rule_mutants.py list
    .venv/bin/python tests/conformance/rule_mutants.py fingerprint  # the reference's seeded games, hashed
    .venv/bin/python tests/conformance/rule_mutants.py serve NAME   # the referee protocol, broken
    .venv/bin/python tests/conformance/rule_mutants.py run NAME [--rule=PREFIX]  # the kit's run in-process, as JSON
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs

import dlrules
from conformance import mutants as shipped
from conformance.substitute import Counter, find, replace
from dlrules import CHANCE
from dlrules.apps.conformance.engines import EngineError, InProcess, Referee

ROOT = HERE.parents[1]


class Broken(Exception):
    """The mutant's change cannot be made: its target is gone or changed."""


@attrs.frozen
class Mutant:
    name: str
    family: str
    rules: tuple[str, ...]  # the rule it breaks first, then any other its change touches
    kind: str  # "data" or "function"
    make: Callable[[], Referee | None]
    what: str


# --- data mutants ------------------------------------------------------------------------------


def _expect(ok: bool, what: str) -> None:
    if not ok:
        raise Broken(what)


def _slot(action: str, index: int, cost: dict[str, int] | None = None, **reward: int) -> Callable[[], None]:
    def make() -> None:
        from dlrules.components import Action, board

        space = board.SPACES[Action(action).index]
        slot = space.slots[index]
        for key in reward:
            _expect(hasattr(slot.reward, key), f"{action} slot {index + 1} has no reward field {key}")
        for key in cost or {}:
            _expect(hasattr(slot.cost, key), f"{action} slot {index + 1} has no cost field {key}")
        slots: list[Any] = list(space.slots)
        slots[index] = attrs.evolve(slot, reward=attrs.evolve(slot.reward, **reward), cost=attrs.evolve(slot.cost, **(cost or {})))  # type: ignore[arg-type]
        spaces = list(board.SPACES)
        spaces[Action(action).index] = attrs.evolve(space, slots=(slots[0], slots[1], slots[2]))
        board.SPACES = tuple(spaces)

    return make


def _monster(kind: str, **change: Any) -> Callable[[], None]:
    def make() -> None:
        from dlrules.components import MONSTERS

        _expect(kind in MONSTERS, f"no monster {kind}")
        card = MONSTERS[kind]
        for key in change:
            _expect(hasattr(card, key), f"monster {kind} has no field {key}")
        MONSTERS[kind] = attrs.evolve(card, **change)

    return make


def _card(table: str, key: Any, **change: Any) -> Callable[[], None]:
    """A change to one row of a component table (``module:NAME``), in place."""

    def make() -> None:
        import importlib

        module, name = table.split(":")
        rows = getattr(importlib.import_module(module), name, None)
        _expect(isinstance(rows, dict) and key in rows, f"{table} has no row {key!r}")
        assert isinstance(rows, dict)
        for field in change:
            _expect(hasattr(rows[key], field), f"{table}[{key!r}] has no field {field}")
        rows[key] = attrs.evolve(rows[key], **change)

    return make


def _hit_points(table: str, key: Any, hp: int) -> Callable[[], None]:
    """A card's printed hit points, and the combat code's table built from them at import (``party._HP``)."""
    card = _card(table, key, hp=hp)

    def make() -> None:
        import importlib

        party = importlib.import_module("dlrules.core.phases.combat.party")  # the module, not the package's function
        card()
        rows = getattr(importlib.import_module(table.split(":")[0]), table.split(":")[1])
        name = rows[key].key if hasattr(rows[key], "key") else key
        _expect(name in party._HP, f"the combat code's hit-point table has no {name}")
        party._HP[name] = hp

    return make


def _item_points(item: str, points: int) -> Callable[[], None]:
    """A scoring line's points, and the scoring code's table built from them at import (``scoring._COUNTED``)."""

    def make() -> None:
        from dlrules.components.scoring import Item
        from dlrules.core.phases import scoring

        _card("dlrules.components.scoring:ITEM_VALUES", Item(item), points=points)()
        rows = [(i, what, points if i is Item(item) else p) for i, what, p in scoring._COUNTED]
        _expect(any(i is Item(item) for i, _, _ in rows), f"the scoring code does not count {item}")
        scoring._COUNTED = tuple(rows)

    return make


def _trap_damage(key: str, delta: int) -> Callable[[], None]:
    def make() -> None:
        from dlrules.components.combat import TRAP_COMBAT

        _expect(key in TRAP_COMBAT, f"no trap {key}")
        trap = TRAP_COMBAT[key]
        _expect(hasattr(trap, "damage") and isinstance(trap.damage, int), f"trap {key} has no damage number")
        TRAP_COMBAT[key] = attrs.evolve(trap, damage=trap.damage + delta)

    return make


DATA: tuple[Mutant, ...] = (
    Mutant("hire-monster-i-first", "RES", ("RES-2", "ACT-MON-1"), "data", shipped.hire_monster_i_first, "Hire Monster resolves I first"),
    Mutant("ghost-hits-the-first", "CMB-MON", ("CMB-MON-5", "M-3"), "data", shipped.ghost_hits_the_first, "a ghost may attack the first adventurer"),
    Mutant("food-slot-i-three-food", "ACT-FOOD", ("ACT-FOOD-1",), "data", shipped.food_slot_i_three_food, "Get Food I gives 3 food"),
    Mutant("unavailable-orders-playable", "ORD", ("ORD-2",), "data", shipped.unavailable_orders_playable, "an unavailable order may be played"),
    Mutant("food-slot-iii-four-food", "ACT-FOOD", ("ACT-FOOD-1",), "data", _slot("food", 2, food=4), "Get Food III gives 4 food"),
    Mutant("goblin-costs-2-food", "ACT-MON", ("ACT-MON-2", "ACT-MON-4", "M-1"), "data", _monster("goblin", food=2), "the goblin costs 2 food"),
    Mutant("fire-wall-deals-2", "T", ("T-1", "CMB-TRAP-3"), "data", _trap_damage("wall-of-fire", 1), "Fire Wall deals one more"),
    Mutant("dig-slot-i-three-imps", "ACT-DIG", ("ACT-DIG-1",), "data", _slot("dig", 0, imps_work=3), "Dig Tunnels I lets 3 imps dig"),
    Mutant("mine-slot-ii-four-imps", "ACT-MINE", ("ACT-MINE-1",), "data", _slot("mine", 1, imps_work=4), "Mine Gold II lets 4 imps mine"),
    Mutant("imps-slot-i-two-imps", "ACT-IMP", ("ACT-IMP-1",), "data", _slot("imps", 0, imps=2), "Recruit Imps I gives 2 imps"),
    Mutant("reputation-slot-ii-three-down", "ACT-REP", ("ACT-REP-1",), "data", _slot("reputation", 1, evil_down=3), "Improve Reputation II: 3 down"),
    Mutant("traps-slot-ii-two-traps", "ACT-TRAP", ("ACT-TRAP-1",), "data", _slot("traps", 1, traps=2), "Buy Traps II gives 2 traps"),
    Mutant("room-slot-ii-free", "ACT-ROOM", ("ACT-ROOM-2",), "data", _slot("room", 1, cost={"gold": 0}), "Build Room II costs nothing"),
    Mutant("monster-slot-iii-no-extra-food", "ACT-MON", ("ACT-MON-3",), "data", _slot("monster", 2, cost={"food": 0}), "Hire Monster III: no extra food"),
    Mutant("chicken-coop-two-imps", "PROD", ("PROD-1",), "data", _card("dlrules.components.cards:ROOMS", "chicken-coop", imps=2), "the Chicken Coop needs 2 imps"),
    Mutant("paladin-1-six-hit-points", "PAL", ("PAL-10", "P-1"), "data", _hit_points("dlrules.components.cards:PALADINS", 1, 6), "the year-1 paladin has 6 hit points"),
    Mutant("warrior-3-four-hit-points", "CMB-PARTY", ("CMB-PARTY-4",), "data", _hit_points("dlrules.components.cards:ADVENTURERS", "y1-warrior-3", 4), "a 3-point warrior has 4"),
    Mutant("red-mark-minus-2", "SCO", ("SCO-1f", "SCO-1"), "data", _item_points("SCO-1f", -2), "a red mark costs 2"),
    Mutant("titles-4-players-exclusive-4", "SCO", ("SCO-2",), "data", _card("dlrules.components.scoring:TITLE_POINTS", 4, exclusive=4), "an exclusive title with 4 players gives 4"),
)


# --- function mutants --------------------------------------------------------------------------


COUNTER = Counter()


def substitute(module: str, name: str, kind: str) -> Callable[[], None]:
    """Replace ``module.name``'s code by one that returns its result perturbed
    (``kind``: bool, int or tuple), counting the calls it changed (``COUNTER``)."""

    def make() -> None:
        fn = find(module, name)
        if fn is None:
            raise Broken(f"{module}.{name} is no longer a module-level function")
        replace(fn, kind, COUNTER)

    return make


_KIND = {"bool": "bool", "int": "int"}
RULE_MODULES = ("dlrules.core.phases", "dlrules.core.dungeon", "dlrules.core.chance", "dlrules.core.loop", "dlrules.core.engine")
"""Where the rules live (not the bots, the server, the pictures or the words)."""


def _return_kind(node: Any) -> str | None:
    import ast

    text = ast.unparse(node.returns) if node.returns is not None else ""
    if text in _KIND:
        return _KIND[text]
    if text.startswith("tuple[") and "..." in text:
        return "tuple"
    return None


def function_mutants(per_family: int = 2) -> tuple[Mutant, ...]:
    """Up to ``per_family`` function substitutions per rule family, built from
    the rule code's citations (``dlrules.tools.spectra.rule_functions``)."""
    import ast

    from dlrules.tools.spectra import rule_functions

    ids = {line.split("\t")[0] for line in (ROOT / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines()
           if line and not line.startswith("#")}  # fmt: skip
    nodes: dict[tuple[str, int], ast.FunctionDef] = {}
    functions = rule_functions(ROOT)
    for file in {f for f, _ in functions}:
        tree = ast.parse(Path(file).read_text(encoding="utf-8"))
        for top in tree.body:
            if isinstance(top, ast.FunctionDef):
                first = min([top.lineno] + [d.lineno for d in top.decorator_list])
                nodes[(file, first)] = top
    picked: dict[str, list[Mutant]] = {}
    for (file, line), cites in sorted(functions.items(), key=lambda kv: (len(kv[1]), kv[0])):
        rules = sorted(r for r in cites if r in ids)
        node = nodes.get((file, line))
        if node is None or not rules or len(rules) > 2 or node.name.startswith("__"):
            continue
        declared = {r for r, places in cites.items() if any(in_doc for _, in_doc in places)}
        if declared and not declared & ids:
            continue  # its docstring says it decides library rulings only: a rule its comments cite is one it relies on
        kind = _return_kind(node)
        if kind is None:
            continue
        rel = Path(file).relative_to(ROOT / "src").with_suffix("")
        module = ".".join(rel.parts)
        if not module.startswith(RULE_MODULES):
            continue
        if find(module, node.name) is None:
            continue  # not substitutable (decorated, or made by another function): it could only be broken
        family = re.sub(r"-[0-9]+[a-z]?$", "", rules[0])
        entries = picked.setdefault(family, [])
        if len(entries) >= per_family:
            continue
        entries.append(Mutant(f"{module.removeprefix('dlrules.')}.{node.name}", family, tuple(rules), "function",
                              substitute(module, node.name, kind), f"{node.name} returns its {kind} result perturbed"))  # fmt: skip
    return tuple(m for family in sorted(picked) for m in picked[family])


def catalogue() -> dict[str, Mutant]:
    return {m.name: m for m in (*DATA, *function_mutants())}


# --- running one mutant ------------------------------------------------------------------------


def build(mutant: Mutant) -> Referee:
    referee = mutant.make() or Referee()
    referee.name = f"mutant {mutant.name} of dlrules"
    return referee


def _game(g: int, digest: Any) -> None:
    rng = random.Random(g)
    state = dlrules.new_game(2 + g % 3)
    for _ in range(3000):
        seats = dlrules.to_move(state)
        if not seats:
            return
        if CHANCE in seats:
            move = dlrules.sample_chance(state, rng)
        else:
            moves = dlrules.legal_moves(state)
            acting = [m for m in moves if type(m).__name__ not in ("Decline", "FinishDigging", "FinishProduction")]
            pool = acting if acting and rng.random() < 0.85 else moves
            move = pool[rng.randrange(len(pool))]
        state = dlrules.apply(state, move)
        digest.update(dlrules.state_hash(state).encode())


def games_fingerprint(n: int = 10) -> str:
    """Seeded games on the (mutated) library, preferring to act: the hash of
    every position reached, and of any failure (the effect probe: a mutant
    whose fingerprint is the reference's changed nothing these games show)."""
    import hashlib
    import signal

    digest = hashlib.sha256()

    def late(signum: int, frame: Any) -> None:
        raise TimeoutError("a seeded game took too long")

    previous = signal.signal(signal.SIGALRM, late)
    for g in range(n):
        signal.alarm(GAME_SECONDS)
        try:
            _game(g, digest)
        except Exception as exc:  # noqa: BLE001 - a mutant may break or hang its own game: that is an effect
            digest.update(f"failed: {type(exc).__name__}".encode())
            break  # the effect is shown; the other games would only take time
        finally:
            signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
    return digest.hexdigest()


ANSWER_SECONDS = 5
"""How long one request may take in the mutant's own run: a mutant that hangs
(a loop its change made endless) fails that scenario as an engine that does
not answer would (the protocol's driver waits 60 s by default; dlrules answers in milliseconds)."""


GAME_SECONDS = 10
"""How long one seeded game of the effect probe may take (the reference plays one in well under a second)."""


class Timed(InProcess):
    """``InProcess`` with a time limit on each request (SIGALRM): no answer in
    time is an ``EngineError``, which fails that scenario and lets the run go on."""

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        import signal

        def late(signum: int, frame: Any) -> None:
            raise EngineError(f"{request.get('cmd')}: no answer in {ANSWER_SECONDS} s")

        previous = signal.signal(signal.SIGALRM, late)
        signal.alarm(ANSWER_SECONDS)
        try:
            return super().request(request)
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)


def run_one(mutant: Mutant, rules: tuple[str, ...] = ()) -> dict[str, Any]:
    """The kit's ``run`` (in-process) on ``mutant`` (only the scenarios
    citing a rule starting with one of ``rules``, when given): its failing
    scenarios, and whether its change took effect. Call it once per process:
    the change stays."""
    from dlrules.apps.conformance.suite import run_suite

    try:
        referee = build(mutant)
    except Broken as exc:
        return {"name": mutant.name, "broken": str(exc)}
    select = (lambda s: any(r.startswith(rules) for r in s["rules"])) if rules else None
    report = run_suite(Timed(referee), select=select)
    fingerprint = games_fingerprint()
    if mutant.kind == "function" and COUNTER.changed == 0:
        return {"name": mutant.name, "broken": "the substituted function changed no result (not called, or never mattered)"}
    failed = [{"id": r.id, "rules": list(r.rules), "message": (r.message or "")[:200]} for r in report.results if not r.passed]
    suspects = [s.as_json() for s in report.suspects()[:10]]  # the report's diagnosis, likeliest broken first
    return {"name": mutant.name, "scenarios": len(report.results), "failed": failed, "suspects": suspects,
            "fingerprint": fingerprint, "changed": COUNTER.changed if mutant.kind == "function" else None}  # fmt: skip


def main(argv: list[str]) -> int:
    if argv[:1] == ["fingerprint"]:
        print(games_fingerprint())
        return 0
    if argv[:1] == ["list"]:
        for m in catalogue().values():
            print(f"{m.name}\t{m.kind}\t{m.family}\t{','.join(m.rules)}\t{m.what}")
        return 0
    rules = [a.removeprefix("--rule=") for a in argv if a.startswith("--rule=")]
    argv = [a for a in argv if not a.startswith("--rule=")]
    if len(argv) == 2 and argv[0] in ("serve", "run"):
        if argv[1] not in catalogue():
            print(f"no mutant {argv[1]!r} (list them: rule_mutants.py list)", file=sys.stderr)
            return 2
        mutant = catalogue()[argv[1]]
        if argv[0] == "run":
            print(json.dumps(run_one(mutant, tuple(rules))))
            return 0
        from dlrules.apps.conformance.protocol import serve

        try:
            referee = build(mutant)
        except Broken as exc:
            print(f"broken mutant: {exc}", file=sys.stderr)
            return 3
        return serve(referee)
    print("usage: rule_mutants.py list | serve NAME | run NAME", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
