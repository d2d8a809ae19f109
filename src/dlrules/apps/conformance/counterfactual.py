"""Which small change to dlrules' rule code makes it do what the engine did?
(docs/conformance.md, "Diagnosis".)

Where a failing scenario parts from dlrules at a move, the localisation
knows the rule code dlrules ran for that move (``blame``), but a whole combat
round runs dozens of rule functions, and the spectra cannot tell the function
that decided the difference from the machinery around it. This module asks
the question the other way round, as mutation-based fault localisation does
(Metallaxis, Papadakis and Le Traon 2015): for each rule function the move
ran on dlrules, for each small change a bug could be (an integer constant one
more or one less, a comparison made strict or loose, ``==`` and ``!=``, ``in``
and ``not in``, a condition negated, the function's result negated, one more,
one less, or a tuple of it shortened), does dlrules with that change alone
give exactly the engine's outcome (its observation after the move, or the
moves it lists, or its refusal)? The functions with such a change *explain*
the difference, and their rules come first.

Each change is tried in a child process (``os.fork``): dlrules in the
driver is never changed, and a change that loops or crashes costs only its
child. Where there is no ``fork`` (Windows) nothing is explained and the
diagnosis stays as it was; under the compiled build (no Python code to trace
or change) only the components' values are tried. A change on a line the
move never ran is not tried. The search stops at ``seconds``.
"""

from __future__ import annotations

import dis
import hashlib
import json
import os
import re
import select
import sys
import time
import types
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from dlrules.apps.conformance.blame import Functions, Trace, dlrules_modules, rebind, shipped, unit_name
from dlrules.apps.conformance.children import PENDING, Install, child, collect, stop
from dlrules.apps.conformance.diagnose import load_units
from dlrules.apps.conformance.loopchanges import loop_changes
from dlrules.apps.conformance.omissions import omissions
from dlrules.apps.conformance.engines import canonical, move_data
from dlrules.apps.conformance.observe import REFEREE, Viewer, leaves, observe
from dlrules.apps.conformance.rowchanges import field_rule, row_changes, value_changes, watching
from dlrules.core.engine import apply, check, legal_moves
from dlrules.core.moves import Move
from dlrules.core.state import GameState

Outcome = tuple[str, str]
"""What a move did, comparable across processes: its kind ("observation",
"listing", "refusal") and a canonical text of it."""


@attrs.frozen
class Explanation:
    """A rule function of dlrules (``unit``: ``file:qualified name`` as the
    spectra name it), the rules it cites, and the change to it that gives the
    engine's outcome."""

    unit: str
    rules: tuple[str, ...]
    change: str
    install: Callable[[], None] | None = attrs.field(default=None, eq=False, repr=False)
    """Puts the change in place (in a child process: ``agreement``)."""
    local: tuple[str, ...] = ()
    """The rules cited on the lines around the change, when it changes one
    condition or comparison: what that line was written for (a constant may
    stand on a line written for something else)."""


def outcome(kind: str, state: GameState, move: Move | None) -> Outcome:
    """dlrules' outcome of ``move`` at ``state`` of the ``kind`` compared: the
    referee's observation after it, the moves listed at ``state``, whether
    it is refused, or (``view:VIEWER``, no move) what a seat or the spectator
    sees at ``state``."""
    if kind == "listing":
        return kind, json.dumps(sorted(canonical(move_data(m)) for m in legal_moves(state)))
    if kind.startswith(VIEW):
        return kind, observation_text(observe(state, viewer_of(kind), legal_moves(state)))
    assert move is not None, "only the listing is asked without a move"
    if kind == "refusal":
        return kind, json.dumps(bool(check(state, move)))
    after = apply(state, move)
    return kind, observation_text(observe(after, REFEREE, legal_moves(after)))


VIEW = "view:"
"""The kind of an outcome that is a seat's (or the spectator's) view: ``view:0``, ``view:spectator``."""


def view_kind(viewer: Viewer) -> str:
    """The outcome's kind for what ``viewer`` sees."""
    return f"{VIEW}{viewer}"


def viewer_of(kind: str) -> Viewer:
    """``view:0`` → 0; ``view:spectator`` → ``"spectator"``."""
    who = kind.removeprefix(VIEW)
    return int(who) if who.isdigit() else who


def digest(value: Outcome) -> bytes:
    """A short fingerprint of an outcome (what a child answers)."""
    return hashlib.sha256(json.dumps(value).encode()).digest()


def observation_text(observation: dict[str, Any]) -> str:
    """An observation as canonical text (its leaves, sorted)."""
    return json.dumps(sorted((path, json.dumps(value, sort_keys=True)) for path, value in leaves(observation)))


@attrs.frozen(eq=False)
class Case:
    """A difference to explain: ``move`` at ``state`` on dlrules, and the
    engine's outcome of it (``wanted``)."""

    state: GameState
    move: Move | None
    wanted: Outcome


def explain(case: Case, seconds: float = 10.0, workers: int | None = None) -> tuple[Explanation, ...]:
    """The rule functions the case's move runs on dlrules (the listing at its
    state, for a ``"listing"`` outcome; the view, for a ``view:`` one) that one small change makes give the
    engine's outcome, narrowest first (the fewest rules cited), with up to
    ``PER_UNIT`` such changes each; nothing when ``fork`` or the tracer is missing, or
    dlrules already gives that outcome. ``workers`` children at once (the
    cores, at most 4). The changes are tried for ``seconds``, then the
    omissions (``omissions``) for ``OMITTING`` times as long."""
    if not hasattr(os, "fork"):
        return ()
    state, move, wanted = case.state, case.move, case.wanted
    functions, _ = shipped()
    trace = Trace(functions)
    fresh = attrs.evolve(state)
    began = time.monotonic()
    try:
        with watching() as read:
            if wanted[0] == "listing":
                trace.run(lambda: legal_moves(fresh))
            elif wanted[0].startswith(VIEW):
                trace.run(lambda: observe(fresh, viewer_of(wanted[0]), legal_moves(fresh)))
            elif move is not None:
                trace.run(lambda: apply(fresh, move) if wanted[0] == "observation" else check(fresh, move))
        if outcome(wanted[0], attrs.evolve(state), move) == wanted:
            return ()
    except Exception:  # noqa: BLE001 - dlrules cannot play the move here: nothing to explain
        return ()
    limit = max(0.25, 20 * (time.monotonic() - began))  # a change that takes far longer loops
    deadline = time.monotonic() + seconds
    tasks = [Explanation(unit, rules, change, install) for unit, rules, change, install in fact_mutations()]  # few: first
    tasks += [Explanation(unit, _stating(unit, change, rules), change, install) for unit, rules in _rows(read) for change, install in row_changes(unit)]
    units = _units(trace, functions)
    tasks += [Explanation(unit, (one and _on_lines(functions, fn, lines)) or rules, change, install, _near(functions, fn, lines[0] if one else None))
              for unit, rules, fn in units for change, install, lines in mutations(fn)
              for one in [len(lines) == 1 and not change.startswith("its constant")]  # a constant may stand on a line about another thing
              if not lines or any((fn.__code__.co_filename, n) in trace.lines for n in lines)]  # a line that never ran changes nothing  # fmt: skip
    omitted = sorted(
        (Explanation(unit, _on_lines(functions, fn, lines) or rules, change, install, _near(functions, fn, lines[0]))
         for unit, rules, fn in units for change, install, lines in _omissions(fn)
         if any((fn.__code__.co_filename, n) in trace.lines for n in lines)),  # a line that never ran changes nothing
        key=lambda e: next(i for i, what in enumerate(OMISSIONS) if e.change.startswith(what)))  # fmt: skip
    target = digest(wanted)
    found: dict[str, list[Explanation]] = {}
    width = workers or min(4, os.cpu_count() or 1)

    def start(task: Explanation) -> tuple[int, int]:
        assert task.install is not None
        return _start(task.install, state, move, wanted[0])

    _search(tasks, deadline, found, start, target, limit, width)
    _search(omitted, time.monotonic() + OMITTING * seconds, found, start, target, limit, width)  # in time of their own
    tasks += omitted
    order: dict[str, int] = {}
    for i, task in enumerate(tasks):
        order.setdefault(task.unit, i)
    return tuple(sorted((e for es in found.values() for e in es), key=lambda e: (len(e.rules), order[e.unit])))


def _search(
    tasks: list[Explanation], deadline: float, found: dict[str, list[Explanation]],
    start: Callable[[Explanation], tuple[int, int]], target: bytes, limit: float, width: int,
) -> None:
    """Try ``tasks`` in order, ``width`` children at once, until ``deadline``;
    those giving ``target`` go in ``found`` (at most ``PER_UNIT`` a function)."""
    running: dict[int, tuple[Explanation, int, float]] = {}  # pid → the change tried, its pipe, its end
    queue = iter(tasks)
    try:
        while True:
            while len(running) < width and time.monotonic() < deadline:
                task = next((t for t in queue if len(found.get(t.unit, ())) < PER_UNIT), None)
                if task is None:
                    break
                pid, pipe = start(task)
                running[pid] = (task, pipe, time.monotonic() + limit)
            if not running:
                break
            for pid, (task, pipe, end) in list(running.items()):
                answer = collect(pid, pipe, end)
                if answer is PENDING:
                    continue
                del running[pid]
                if answer == target and len(found.get(task.unit, ())) < PER_UNIT:
                    found.setdefault(task.unit, []).append(task)
            if running:
                select.select([pipe for _, pipe, _ in running.values()], [], [], 0.01)
    finally:
        for pid, (_, pipe, _) in running.items():
            stop(pid, pipe)


OMITTING = 0.4
"""The time the omissions get after the other changes, as a share of ``explain``'s seconds: the other changes
take all of theirs on a combat move (held-out set 11, 4 December 2026: 300 to 400 of 600 to 1000 tried in 10
seconds), so the omissions, last, were rarely reached."""

OMISSIONS = ("its", "a term", "a case", "a condition", "a block", "a statement")
"""The order the omissions are tried in, by their phrases (``omissions``): every function's keyword arguments
left out (the fewest), then the parts of its expressions, then its blocks, then its statements."""

PER_UNIT = 2
"""How many changes to one function that explain the case ``explain`` keeps (their agreement elsewhere can differ)."""


def _rows(read: set[tuple[str, str]]) -> list[tuple[str, tuple[str, ...]]]:
    """The rows of the components' tables the move read (``rowchanges.watching``)
    that state rules (the spectra's ``data:TABLE:KEY`` units), the fewest rules first."""
    stated = load_units().rules
    rows = [(unit, stated[unit]) for unit in sorted(f"data:{table}:{key}" for table, key in read) if unit in stated]
    return sorted(rows, key=lambda r: len(r[1]))


def _stating(unit: str, change: str, rules: tuple[str, ...]) -> tuple[str, ...]:
    """The rules a change to a row breaks: the rule of the value changed when
    one states it alone (``rowchanges.field_rule``), else the row's."""
    own = field_rule(unit, change)
    return (own,) if own else rules


def _units(trace: Trace, functions: Functions) -> list[tuple[str, tuple[str, ...], types.FunctionType]]:
    """The rule functions the trace saw run that can be changed (a Python
    function reachable from its module), narrowest first: (unit, its rules, the function)."""
    known = _functions()
    out = []
    for code in trace.codes:
        key = (code.co_filename, code.co_firstlineno)
        rules = functions.get(key)
        fn = known.get(key)
        if rules and fn is not None:  # its rules as it cites them: the docstring's first, in the order of their lines
            cited = sorted(rules, key=lambda r: (not any(doc for _, doc in rules[r]), min(n for n, _ in rules[r]), r))
            out.append((unit_name(code), tuple(cited), fn))
    return sorted(out, key=lambda u: (len(u[1]), u[0]))


NEAR = 3
"""How many lines either side of a changed line a citation may stand to be that line's (a comment above a condition)."""


def _near(functions: Functions, fn: types.FunctionType, line: int | None) -> tuple[str, ...]:
    """The rules ``fn`` cites on the lines within ``NEAR`` of ``line`` (not in its docstring), nearest first."""
    if line is None:
        return ()
    cites = functions.get((fn.__code__.co_filename, fn.__code__.co_firstlineno), {})
    near = sorted((min(abs(n - line) for n, doc in places if not doc and abs(n - line) <= NEAR), rule)
                  for rule, places in cites.items() if any(not doc and abs(n - line) <= NEAR for n, doc in places))  # fmt: skip
    return tuple(rule for _, rule in near)


def _on_lines(functions: Functions, fn: types.FunctionType, lines: tuple[int, ...]) -> tuple[str, ...]:
    """The rules ``fn`` cites on ``lines`` themselves (not in its docstring):
    a thing left out where a rule is cited on its own line (``kept=None,  #
    RUL-13``) breaks that rule, whichever others the function cites."""
    cites = functions.get((fn.__code__.co_filename, fn.__code__.co_firstlineno), {})
    return tuple(sorted(rule for rule, places in cites.items() if any(not doc and n in lines for n, doc in places)))


def _functions() -> dict[tuple[str, int], types.FunctionType]:
    """dlrules' functions by (file, first line): module-level ones, those
    behind a cache (``__wrapped__``) and the methods of its classes."""
    out: dict[tuple[str, int], types.FunctionType] = {}

    def add(value: object) -> None:
        inner = getattr(value, "__wrapped__", value)
        if isinstance(inner, (staticmethod, classmethod)):
            inner = inner.__func__
        if isinstance(inner, types.FunctionType) and str(inner.__module__).startswith("dlrules."):
            out.setdefault((inner.__code__.co_filename, inner.__code__.co_firstlineno), inner)

    for module in dlrules_modules():
        for value in list(vars(module).values()):
            add(value)
            if isinstance(value, type) and value.__module__ == module.__name__:
                for member in vars(value).values():
                    add(member)
    return out


COMPARE_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
"""A comparison made strict or loose, or turned round."""

JUMP_SWAP = {
    "POP_JUMP_FORWARD_IF_FALSE": "POP_JUMP_FORWARD_IF_TRUE", "POP_JUMP_FORWARD_IF_TRUE": "POP_JUMP_FORWARD_IF_FALSE",
    "POP_JUMP_BACKWARD_IF_FALSE": "POP_JUMP_BACKWARD_IF_TRUE", "POP_JUMP_BACKWARD_IF_TRUE": "POP_JUMP_BACKWARD_IF_FALSE",
    "POP_JUMP_IF_FALSE": "POP_JUMP_IF_TRUE", "POP_JUMP_IF_TRUE": "POP_JUMP_IF_FALSE",
}  # fmt: skip
"""A condition negated (the jumps of CPython 3.11 and later that test one)."""

_SHIFT = {(3, 12): 4}.get(sys.version_info[:2], 5 if sys.version_info >= (3, 13) else 0)
"""Where a ``COMPARE_OP`` argument keeps the comparison: its low bits on 3.11, above 4 flag bits on 3.12, 5 after."""


def mutations(fn: types.FunctionType) -> Iterator[tuple[str, Install, tuple[int, ...]]]:
    """The small changes to ``fn`` tried, each with a phrase and its
    installer, the likeliest bugs first: a comparison changed, an integer
    constant one off, ``in`` or ``is`` negated, the result changed (as its
    annotation allows), a condition negated, a loop taken from its end or
    two nested loops swapped (line numbers as the source has them). The
    code ``fn`` holds (a comprehension's filter, a lambda, an inner
    function) is changed as its own lines are: a comprehension's condition
    is as much the rule's as an ``if`` is (held-out set 10: a conquered
    tunnel counted by the filter now in ``resolution._minable``)."""
    code = fn.__code__
    changes = list(_code_changes(code))
    for phrase, changed, lines in changes:
        if not phrase.startswith("a condition"):
            yield phrase, _code_change(fn, changed), lines
    returns = str(fn.__annotations__.get("return", ""))
    for phrase, change, kind in RESULTS:
        if returns == kind or returns.startswith(kind + "["):
            yield f"its result {phrase}", _result_change(fn, change), ()
    for phrase, changed, lines in changes:
        if phrase.startswith("a condition"):
            yield phrase, _code_change(fn, changed), lines
    for phrase, make, lines in loop_changes(fn):  # last: an order of iteration (``loopchanges``), compiled in the child
        yield phrase, _made_change(fn, make), lines


def _omissions(fn: types.FunctionType) -> Iterator[tuple[str, Install, tuple[int, ...]]]:
    """What its author could have left out of ``fn`` (``omissions``): tried after every function's changes."""
    for phrase, make, lines in omissions(fn):
        yield phrase, _made_change(fn, make), lines


def _code_changes(code: types.CodeType) -> Iterator[tuple[str, types.CodeType, tuple[int, ...]]]:
    """``mutations``' changes to one code object, and to each code object it
    holds (the whole changed in its constants): (phrase, the changed code, lines)."""
    raw = bytearray(code.co_code)
    instructions = list(dis.get_instructions(code))
    for ins in instructions:
        if ins.opname == "COMPARE_OP" and ins.argval in COMPARE_SWAP:
            index = dis.cmp_op.index(COMPARE_SWAP[str(ins.argval)])
            arg = (index << _SHIFT) | (ins.arg & ((1 << _SHIFT) - 1)) if ins.arg is not None else index
            if arg < 256:
                yield f"{ins.argval} as {COMPARE_SWAP[str(ins.argval)]}{_line(ins)}", _patched(code, raw, ins.offset, None, arg), _lines(ins)
    for i, value in enumerate(code.co_consts):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 100:
            lines = tuple(sorted({n for ins in instructions if ins.opname == "LOAD_CONST" and ins.arg == i for n in _lines(ins)}))
            for delta in (1, -1):
                consts = code.co_consts[:i] + (value + delta,) + code.co_consts[i + 1 :]
                yield f"its constant {value} as {value + delta}", code.replace(co_consts=consts), lines
    for ins in instructions:
        if ins.opname in ("IS_OP", "CONTAINS_OP") and ins.arg in (0, 1):
            yield f"{ins.opname.split('_')[0].lower()} negated{_line(ins)}", _patched(code, raw, ins.offset, None, 1 - ins.arg), _lines(ins)
    for ins in instructions:
        if ins.opname in JUMP_SWAP and JUMP_SWAP[ins.opname] in dis.opmap:
            yield f"a condition negated{_line(ins)}", _patched(code, raw, ins.offset, dis.opmap[JUMP_SWAP[ins.opname]], None), _lines(ins)
            if sys.version_info < (3, 13):  # no inline cache after a conditional jump: the condition popped, never jumping
                yield f"a condition ignored{_line(ins)}", _patched(code, raw, ins.offset, dis.opmap["POP_TOP"], 0), _lines(ins)
    for i, inner in enumerate(code.co_consts):
        if isinstance(inner, types.CodeType):
            for phrase, changed, lines in _code_changes(inner):
                yield phrase, code.replace(co_consts=code.co_consts[:i] + (changed,) + code.co_consts[i + 1 :]), lines


def _lines(ins: dis.Instruction) -> tuple[int, ...]:
    """The source line of an instruction (none when the compiler gives none)."""
    line = ins.positions.lineno if ins.positions is not None else None
    return (line,) if line else ()


def _line(ins: dis.Instruction) -> str:
    lines = _lines(ins)
    return f" (line {lines[0]})" if lines else ""


def fact_mutations() -> Iterator[tuple[str, tuple[str, ...], str, Install]]:
    """The changes to the components' sourced integer values (``Fact``), one
    more or one less, and to the values of their sourced records of their
    own (a tunnel's battle limits: ``rowchanges.value_changes``): (unit
    ``fact:NAME``, the rules its description or source names, the change,
    its installer). Each is put in place in every module of dlrules holding
    the value."""
    from dlrules.components.base import Fact

    seen: dict[int, tuple[str, Any]] = {}
    records: dict[int, tuple[str, Any]] = {}
    for module in dlrules_modules():
        if module.__name__.startswith("dlrules.components"):
            for attr, value in vars(module).items():
                if isinstance(value, Fact) and isinstance(value.value, int) and not isinstance(value.value, bool):
                    seen.setdefault(id(value), (attr, value))
                elif attrs.has(type(value)) and isinstance(getattr(value, "source", None), str):  # an instance (a class's type is ``type``)
                    records.setdefault(id(value), (attr, value))
    for attr, fact in seen.values():
        rules = tuple(dict.fromkeys(_RULE_ID.findall(fact.name)))
        if not rules:
            continue
        for delta in (1, -1):
            yield f"fact:{attr}", rules, f"{attr} as {fact.value + delta}", _fact_change(fact, attrs.evolve(fact, value=fact.value + delta))
    for attr, record in records.values():  # a sourced record of its own (a tunnel's and a room's battle limits, CMB-3)
        rules = tuple(dict.fromkeys(_RULE_ID.findall(record.source)))
        if rules:
            for change, changed in value_changes(record):
                yield f"fact:{attr}", rules, change, _fact_change(record, changed)


_RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+[a-z]?\b")
"""A rule ID in a text (CMB-CONQ-3, SCO-1f, C2-4)."""


def _fact_change(old: object, new: object) -> Install:
    def install() -> None:
        rebind(old, new)

    return install


def _patched(code: types.CodeType, raw: bytearray, offset: int, op: int | None, arg: int | None) -> types.CodeType:
    """``code`` with the instruction at ``offset`` given opcode ``op`` and/or argument ``arg``."""
    new = bytearray(raw)
    if op is not None:
        new[offset] = op
    if arg is not None:
        new[offset + 1] = arg
    return code.replace(co_code=bytes(new))


def _negated(value: Any) -> Any:
    return (not value) if isinstance(value, bool) else value


def _more(value: Any) -> Any:
    return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value


def _less(value: Any) -> Any:
    return value - 1 if isinstance(value, int) and not isinstance(value, bool) else value


def _shorter(value: Any) -> Any:
    return value[:-1] if isinstance(value, tuple) and value else value


def _behind(value: Any) -> Any:
    return value[1:] if isinstance(value, tuple) and value else value


RESULTS: tuple[tuple[str, Callable[[Any], Any], str], ...] = (
    ("negated", _negated, "bool"), ("one more", _more, "int"), ("one less", _less, "int"),
    ("without its last element", _shorter, "tuple"), ("without its first element", _behind, "tuple"),
)  # fmt: skip
"""The changes to a function's result, each for the results its annotation
says it returns (and leaving a value of another type as it is)."""


def _code_change(fn: types.FunctionType, code: types.CodeType) -> Install:
    return _made_change(fn, lambda: code)


def _made_change(fn: types.FunctionType, make: Callable[[], types.CodeType | None]) -> Install:
    """Puts ``make()``'s code in ``fn`` (made in the child trying the change; None: it does not compile)."""

    def install() -> None:
        code = make()
        if code is None:
            raise ValueError(f"{fn.__name__}: the change does not compile")  # the child answers that it explains nothing
        fn.__code__ = code

    return install


def _result_change(fn: types.FunctionType, change: Callable[[Any], Any]) -> Install:
    def install() -> None:
        original = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
        original.__kwdefaults__ = fn.__kwdefaults__
        tag = f"_counterfactual_{fn.__name__}"
        fn.__globals__[tag] = (original, change)
        wrapper = _CALL.__code__.replace(co_name=fn.__name__, co_names=tuple(tag if n == "_CF_PARTS" else n for n in _CALL.__code__.co_names))
        if fn.__closure__ is not None:
            raise ValueError("a closure's result is not changed")
        fn.__code__ = wrapper
        fn.__defaults__ = None
        fn.__kwdefaults__ = None

    return install


def _CALL(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - the template of a changed function's code
    original, change = _CF_PARTS  # type: ignore[name-defined]  # noqa: F821 - renamed per function (``_result_change``)
    return change(original(*args, **kwargs))


def _start(install: Install, state: GameState, move: Move | None, kind: str) -> tuple[int, int]:
    """A child process trying one change on the case: its pid and the pipe it answers on."""
    return child(install, lambda: digest(outcome(kind, attrs.evolve(state), move)))


def agreement(explanation: Explanation, scenarios: list[tuple[dict[str, Any], bool]], seconds: float = 5.0, whole: bool = False) -> float | None:
    """How many of ``scenarios`` (each with whether the engine passed it) give
    the engine's verdict on dlrules with the explanation's change, as a
    fraction; None when that cannot be known (no fork, no change, the child
    failed or outlasted ``seconds``). A change that explains one failure
    but fails scenarios the engine passes, or passes others it fails, is a
    poorer explanation of the engine than one that agrees with it everywhere.
    ``whole``: only whether it agrees on all of them matters, so the child
    stops at the first verdict that differs (the fraction is then below 1)."""
    if explanation.install is None or not scenarios or not hasattr(os, "fork"):
        return None

    def verdicts() -> bytes:
        from dlrules.apps.conformance.engines import InProcess
        from dlrules.apps.conformance.scenarios import check

        engine = InProcess()
        agree = 0
        for scenario, passed in scenarios:
            try:
                check(engine, scenario)
                ok = True
            except Exception:  # noqa: BLE001 - failed (or broke) with the change
                ok = False
            if ok != passed and whole:
                break  # one verdict off: not the engine's bug, whatever the rest say
            agree += ok == passed
        return str(agree).encode()

    pid, pipe = child(explanation.install, verdicts)
    end = time.monotonic() + seconds
    while (answer := collect(pid, pipe, end)) is PENDING:
        select.select([pipe], [], [], 0.05)
    if not isinstance(answer, bytes) or not answer.isdigit():
        return None
    return int(answer) / len(scenarios)
