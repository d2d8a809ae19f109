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
  it changed: a mutant that changed nothing while the kit ran and while ten
  seeded games were played is *broken* (its function is no longer used, or
  never matters), never *caught*.

    .venv/bin/python tests/conformance/rule_mutants.py list
    .venv/bin/python tests/conformance/rule_mutants.py serve NAME   # the referee protocol, broken
    .venv/bin/python tests/conformance/rule_mutants.py run NAME     # the kit's run in-process, as JSON
"""

from __future__ import annotations

import json
import random
import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs  # noqa: E402

import dlrules  # noqa: E402
from dlrules import CHANCE  # noqa: E402
from dlrules.conformance.engines import InProcess, Referee  # noqa: E402

from conformance import mutants as shipped  # noqa: E402

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


def _slot(action: str, index: int, **reward: int) -> Callable[[], None]:
    def make() -> None:
        from dlrules.components import Action, board

        space = board.SPACES[Action(action).index]
        slot = space.slots[index]
        for key in reward:
            _expect(hasattr(slot.reward, key), f"{action} slot {index + 1} has no reward field {key}")
        slots = list(space.slots)
        slots[index] = attrs.evolve(slot, reward=attrs.evolve(slot.reward, **reward))
        spaces = list(board.SPACES)
        spaces[Action(action).index] = attrs.evolve(space, slots=tuple(slots))
        board.SPACES = tuple(spaces)

    return make


def _monster(kind: str, **change: Any) -> Callable[[], None]:
    def make() -> None:
        from dlrules.components import MONSTERS

        _expect(kind in MONSTERS, f"no monster {kind}")
        card = MONSTERS[kind]
        for key in change:
            _expect(hasattr(card, key), f"monster {kind} has no field {key}")
        MONSTERS[kind] = attrs.evolve(card, **change)  # type: ignore[index]

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
    Mutant("hire-monster-i-first", "RES", ("RES-2",), "data", shipped.hire_monster_i_first, "Hire Monster resolves I first"),
    Mutant("ghost-hits-the-first", "CMB-MON", ("CMB-MON-5",), "data", shipped.ghost_hits_the_first, "a ghost may attack the first adventurer"),
    Mutant("food-slot-i-three-food", "ACT-FOOD", ("ACT-FOOD-1",), "data", shipped.food_slot_i_three_food, "Get Food I gives 3 food"),
    Mutant("unavailable-orders-playable", "ORD", ("ORD-2",), "data", shipped.unavailable_orders_playable, "an unavailable order may be played"),
    Mutant("food-slot-iii-four-food", "ACT-FOOD", ("ACT-FOOD-1",), "data", _slot("food", 2, food=4), "Get Food III gives 4 food"),
    Mutant("goblin-costs-2-food", "ACT-MON", ("M-1",), "data", _monster("goblin", food=2), "the goblin costs 2 food"),
    Mutant("fire-wall-deals-3", "CMB-TRAP", ("T-1",), "data", _trap_damage("wall-of-fire", 1), "Fire Wall deals one more"),
)


# --- function mutants --------------------------------------------------------------------------


@attrs.define
class Counter:
    calls: int = 0
    changed: int = 0


COUNTER = Counter()


def _perturb(kind: str) -> Callable[[Any], Any]:
    if kind == "bool":
        return lambda value: (not value) if isinstance(value, bool) else value
    if kind == "int":
        return lambda value: value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
    return lambda value: value[:-1] if isinstance(value, tuple) and value else value


def substitute(module: str, name: str, kind: str) -> Callable[[], None]:
    """Replace ``module.name``'s code by one that returns its result perturbed
    (``kind``: bool, int or tuple), counting the calls it changed."""

    def make() -> None:
        import importlib

        mod = importlib.import_module(module)
        fn = getattr(mod, name, None)
        if not isinstance(fn, types.FunctionType) or fn.__closure__:
            raise Broken(f"{module}.{name} is no longer a module-level function")
        copy = types.FunctionType(fn.__code__, fn.__globals__, name, fn.__defaults__, None)
        copy.__kwdefaults__ = fn.__kwdefaults__
        perturb = _perturb(kind)

        def _mutant_call(*args: Any, **kwargs: Any) -> Any:
            value = _mutant_original(*args, **kwargs)  # type: ignore[name-defined]  # noqa: F821
            new = _mutant_perturb(value)  # type: ignore[name-defined]  # noqa: F821
            _mutant_counter.calls += 1  # type: ignore[name-defined]  # noqa: F821
            if new != value:
                _mutant_counter.changed += 1  # type: ignore[name-defined]  # noqa: F821
            return new

        fn.__globals__.update(_mutant_original=copy, _mutant_perturb=perturb, _mutant_counter=COUNTER)
        fn.__code__ = _mutant_call.__code__.replace(co_name=name)
        fn.__defaults__ = None
        fn.__kwdefaults__ = None

    return make


_KIND = {"bool": "bool", "int": "int"}
RULE_MODULES = ("dlrules.phases", "dlrules.dungeon", "dlrules.chance", "dlrules.loop", "dlrules.engine")
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
    the rule code's citations (tests/conformance/seed_by_rule.rule_functions)."""
    import ast

    from conformance.seed_by_rule import rule_functions

    ids = {line.split("\t")[0] for line in (ROOT / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines()
           if line and not line.startswith("#")}  # fmt: skip
    nodes: dict[tuple[str, int], Any] = {}
    functions = rule_functions()
    for file in {f for f, _ in functions}:
        tree = ast.parse(Path(file).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                nodes[(file, first)] = node
    picked: dict[str, list[Mutant]] = {}
    for (file, line), cites in sorted(functions.items(), key=lambda kv: (len(kv[1]), kv[0])):
        rules = sorted(r for r in cites if r in ids)
        node = nodes.get((file, line))
        if node is None or not rules or len(rules) > 2 or node.name.startswith("__"):
            continue
        kind = _return_kind(node)
        if kind is None:
            continue
        rel = Path(file).relative_to(ROOT / "src").with_suffix("")
        module = ".".join(rel.parts)
        if not module.startswith(RULE_MODULES):
            continue
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


def build(name: str) -> Referee:
    mutant = catalogue()[name]
    referee = mutant.make() or Referee()
    referee.name = f"mutant {name} of dlrules"
    return referee


def _games(n: int = 10) -> None:
    """Seeded games on the (mutated) library, preferring to act: the effect probe."""
    for g in range(n):
        rng = random.Random(g)
        state = dlrules.new_game(2 + g % 3)
        for _ in range(3000):
            seats = dlrules.to_move(state)
            if not seats:
                break
            if CHANCE in seats:
                move = dlrules.sample_chance(state, rng)
            else:
                moves = dlrules.legal_moves(state)
                acting = [m for m in moves if type(m).__name__ not in ("Decline", "FinishDigging", "FinishProduction")]
                pool = acting if acting and rng.random() < 0.85 else moves
                move = pool[rng.randrange(len(pool))]
            try:
                state = dlrules.apply(state, move)
            except Exception:  # noqa: BLE001 - a mutant may break its own game: that is an effect
                COUNTER.changed += 1
                break


def run_one(name: str) -> dict[str, Any]:
    """The kit's ``run`` (in-process) on mutant ``name``: its failing
    scenarios, and whether its change took effect."""
    from dlrules.conformance.suite import run_suite

    mutant = catalogue()[name]
    try:
        referee = build(name)
    except Broken as exc:
        return {"name": name, "broken": str(exc)}
    report = run_suite(InProcess(referee))
    effect: int | None = None
    if mutant.kind == "function":
        in_run = COUNTER.changed
        _games()
        effect = COUNTER.changed
        if in_run == 0 and effect == 0:
            return {"name": name, "broken": "the substituted function changed no result (not called, or never mattered)"}
    failed = [{"id": r.id, "rules": list(r.rules), "message": (r.message or "")[:200]} for r in report.results if not r.passed]
    return {"name": name, "scenarios": len(report.results), "failed": failed, "effect": effect}


def main(argv: list[str]) -> int:
    if argv[:1] == ["list"]:
        for m in catalogue().values():
            print(f"{m.name}\t{m.kind}\t{m.family}\t{','.join(m.rules)}\t{m.what}")
        return 0
    if len(argv) == 2 and argv[0] in ("serve", "run"):
        if argv[1] not in catalogue():
            print(f"no mutant {argv[1]!r} (list them: rule_mutants.py list)", file=sys.stderr)
            return 2
        if argv[0] == "run":
            print(json.dumps(run_one(argv[1])))
            return 0
        from dlrules.conformance.protocol import serve

        try:
            referee = build(argv[1])
        except Broken as exc:
            print(f"broken mutant: {exc}", file=sys.stderr)
            return 3
        return serve(referee)
    print("usage: rule_mutants.py list | serve NAME | run NAME", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
