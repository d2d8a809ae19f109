"""Which rules does a move exercise on the reference? ``diff`` names the rules
of a disagreement with it (docs/conformance.md, "Diagnosis"): the rule code
dlrules runs for the move where the engine parts from it, narrowest first.

The kit ships ``coderules.json`` (made with ``spectra.json`` by ``python -m
dlrules.tools.spectra --write``): every function of dlrules' rule code that
cites a rule ID, and where it cites it. A move is applied on dlrules under a
tracer; a rule is *exercised* when a function citing it ran and the citation
is in its docstring, or on a line that ran (or within the 3 lines after a
condition or comment that ran); a card's row (M-, T-, R-, C1-, C2-, SPE-C-)
when the move names the card or the card's effect ran. Each rule is ranked by
how many rules the narrowest such code cites (1: code about that rule
alone): the function, or for a rule cited on a line only, that line, when
it ran (a line citing two rules in a function citing eight is code about two
rules). So the code that decided the result comes before the machinery
around it.

The tracer sees Python functions only: under the optional compiled build
(mypyc) nothing is seen, and ``diff`` falls back on the kit's scenarios of
the same kind of move (``diff.rules_for_change``).
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import CodeType, FrameType, ModuleType
from typing import Any

import attrs

from dlrules.apps.conformance.diagnose import load_spectra
from dlrules.core.engine import PHASES, apply
from dlrules.core.memo import forget
from dlrules.core.moves import Move
from dlrules.core.state import GameState, evolve

_EVOLVE = evolve.__code__

CODE_RULES = Path(__file__).resolve().parent / "coderules.json"
"""The kit's map of dlrules' rule code (``python -m dlrules.tools.spectra --write``)."""

PACKAGE = Path(__file__).resolve().parents[2]
"""The installed package's folder (``coderules.json`` names files relative to it)."""

def unit_name(code: CodeType, package: Path = PACKAGE) -> str:
    """A rule function as the spectra name it: its file (relative to the
    package) and its qualified name, steady when lines move."""
    return f"{Path(code.co_filename).relative_to(package).as_posix()}:{code.co_qualname}"


def dlrules_modules() -> list[ModuleType]:
    """The modules of dlrules loaded now."""
    return [module for name, module in list(sys.modules.items()) if name == "dlrules" or name.startswith("dlrules.")]


def rebind(original: object, replacement: object) -> None:
    """Every loaded module of dlrules holding ``original`` as a global holds
    ``replacement`` instead (a table watched by ``tools.rows_read``, a value
    changed by ``counterfactual``)."""
    for module in dlrules_modules():
        for attr, value in list(vars(module).items()):
            if value is original:
                setattr(module, attr, replacement)


def clear_caches() -> None:
    """Empty every ``functools`` cache of dlrules' loaded modules (module-level
    functions), so that a call runs and reads afresh: for the spectra, what a
    scenario's check runs does not depend on the scenarios checked before it;
    for ``counterfactual``, a changed function is asked again. The results
    the rules keep by hand (``core.memo``) are forgotten too: kept, they
    would hide the reads that made them and the change being tried."""
    forget()
    for module in dlrules_modules():
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and hasattr(value, "__wrapped__"):
                clear()


Citation = tuple[int, bool]
"""A citation of a rule in a function: its line, and whether it is in the docstring."""

Functions = dict[tuple[str, int], dict[str, list[Citation]]]
"""(file, first line of a function's code object) → rule ID → where its own lines cite it."""

WRITERS = 2
"""How many rule functions up the stack from a store count as its writers."""

KEYED = frozenset({"_cast", "_trap", "_trap_hits"})
"""Combat functions whose ``key`` argument is the card in effect: a spell cast
(``_cast`` returning True) or a trap going off."""


@cache
def shipped() -> tuple[Functions, dict[str, tuple[str, ...]]]:
    """The rule functions (files as this installation has them) and each card's rows, from ``coderules.json``."""
    data: dict[str, Any] = json.loads(CODE_RULES.read_text(encoding="utf-8"))
    functions: Functions = {}
    for place, rules in data["functions"].items():
        file, line = place.rsplit(":", 1)
        functions[(str(PACKAGE / file), int(line))] = {r: [(n, bool(d)) for n, d in cites] for r, cites in rules.items()}
    return functions, {k: tuple(v) for k, v in data["cards"].items()}


class Trace:
    """What a traced call ran: the functions called, the lines run in the rule
    functions, the cards whose effect ran."""

    def __init__(self, watched: Functions, fields: frozenset[str] = frozenset()) -> None:
        self.watched = watched
        self.fields = fields
        self.codes: set[CodeType] = set()
        self.lines: set[tuple[str, int]] = set()
        self.cards: set[str] = set()
        self.writers: set[CodeType] = set()

    def _local(self, frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            self.lines.add((frame.f_code.co_filename, frame.f_lineno))
        elif event == "return" and frame.f_code.co_name == "_cast" and arg is True:
            self.cards.add(str(frame.f_locals.get("key")))
        return self._local

    def tracer(self, frame: FrameType, event: str, arg: object) -> Any:
        code = frame.f_code
        self.codes.add(code)
        if self.fields and _writes(code, frame, self.fields):
            self._writer(frame.f_back)
        if code.co_name in KEYED and code.co_name != "_cast":
            self.cards.add(str(frame.f_locals.get("key")))
        if (code.co_filename, code.co_firstlineno) in self.watched or code.co_name == "_cast":
            return self._local
        if code.co_name.startswith("<") and (caller := frame.f_back) is not None and (caller.f_code.co_filename, caller.f_code.co_firstlineno) in self.watched:
            return self._local  # a comprehension of a rule function: its lines are the function's
        return None

    def run(self, call: Callable[[], object]) -> None:
        previous = sys.gettrace()
        sys.settrace(self.tracer)
        try:
            call()
        finally:
            sys.settrace(previous)

    def _writer(self, frame: FrameType | None) -> None:
        """The nearest rule functions on the stack (``WRITERS`` of them): they
        wrote one of ``fields`` (the nearest may be a helper many rules share,
        as the evilometer's bounds: its callers are kept too)."""
        found = 0
        while frame is not None and found < WRITERS:
            if (frame.f_code.co_filename, frame.f_code.co_firstlineno) in self.watched:
                self.writers.add(frame.f_code)
                found += 1
            frame = frame.f_back

    def rules_written(self) -> set[str]:
        """The rules cited by the rule functions that wrote one of ``fields``."""
        return {r for code in self.writers for r in self.watched[(code.co_filename, code.co_firstlineno)]}

    def cited_run(self) -> dict[CodeType, set[str]]:
        """The rule functions that ran, each with the rules it cites whose
        citation counts as run (in its docstring, or on a line that ran, or
        within the 3 lines after a condition or comment that ran)."""
        out: dict[CodeType, set[str]] = {}
        for code in self.codes:
            entry = self.watched.get((code.co_filename, code.co_firstlineno), {})
            for rule, places in entry.items():
                for line, doc in places:
                    if doc or self.citation_ran(code.co_filename, line):
                        out.setdefault(code, set()).add(rule)
                        break
        return out

    def citation_ran(self, file: str, line: int) -> bool:
        """Whether a citation on ``line`` (not in a docstring) counts as run
        (``cited_lines``): the lines that must have run for it."""
        return any((file, k) in self.lines for k in cited_lines(file, line))

    def rules_run(self) -> dict[str, int]:
        """Rule ID → how many rules the narrowest code that ran citing it cites
        (1: a function, or a line, about that rule alone): a function's
        docstring citation counts the function's rules; a citation on lines
        only, the rules cited on the narrowest such line that ran."""
        out: dict[str, int] = {}
        for code, rules in self.cited_run().items():
            entry = self.watched[(code.co_filename, code.co_firstlineno)]
            cites = len(entry)
            for rule in rules:
                n = cites if any(doc for _, doc in entry[rule]) else min(self._line_cites(code, entry, rule), default=cites)
                out[rule] = min(out.get(rule, n), n)
        return out

    def _line_cites(self, code: CodeType, entry: dict[str, list[tuple[int, bool]]], rule: str) -> list[int]:
        """For each line citing ``rule`` (not in the docstring) whose citation
        ran (``cited_run``'s test), how many rules that line cites."""
        return [sum(1 for places in entry.values() if (line, False) in places)
                for line, doc in entry[rule] if not doc and self.citation_ran(code.co_filename, line)]  # fmt: skip


def _writes(code: CodeType, frame: FrameType, fields: frozenset[str]) -> bool:
    """Whether the call stores one of ``fields`` in a record: ``evolve`` with
    it among its changes, or a setter made for it (``state.setter``, whose
    generated function is named ``set_<its fields>``)."""
    if code is _EVOLVE:
        return bool(fields & frame.f_locals.get("changes", {}).keys())
    name = code.co_name
    return name.startswith("set_") and any(f in name[4:] for f in fields)


@cache
def _source(file: str) -> tuple[str, ...]:
    try:
        return tuple(Path(file).read_text(encoding="utf-8").splitlines())
    except OSError:
        return ()


def cited_lines(file: str, line: int) -> range:
    """The lines one of which must have run for a citation on ``line`` to
    count as run: on a condition (``if``, ``elif``, ``while``), its body (the
    rule is what the branch does); on a comment line, the statement it stands
    above; on a statement, that statement (a line of it up to the cited one:
    a call's arguments may stand on lines of their own); elsewhere (``else:``)
    the 3 lines after it. (Until 5 December 2026 any citation counted when one
    of the 3 lines after it ran: the rule of a narration line, or of a
    one-line branch, then counted as run by every scenario going past it.)"""
    lines = _source(file)
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    if text.startswith("#"):
        below = next((k for k in range(line + 1, len(lines) + 1) if lines[k - 1].strip() and not lines[k - 1].strip().startswith("#")), None)
        return range(line + 1, line + 4) if below is None else range(below, below + 1)
    body = _bodies(file).get(line)
    if body is not None:
        return range(body[0], body[1] + 1)
    start = _statement_starts(file).get(line)
    return range(line + 1, line + 4) if start is None else range(start, line + 1)


@cache
def _statement_starts(file: str) -> dict[int, int]:
    """Line → the first line of the innermost simple statement spanning it
    (or of the compound statement whose header spans it)."""
    starts: dict[int, int] = {}
    for node in ast.walk(_tree(file)):  # outer statements first: an inner one's lines are written over them
        if not isinstance(node, ast.stmt) or node.end_lineno is None:
            continue
        body = getattr(node, "body", None)
        last = body[0].lineno - 1 if isinstance(body, list) and body and isinstance(body[0], ast.stmt) else node.end_lineno
        for k in range(node.lineno, max(last, node.lineno) + 1):
            if k not in starts or starts[k] < node.lineno:
                starts[k] = node.lineno
    return starts


@cache
def _bodies(file: str) -> dict[int, tuple[int, int]]:
    """A condition's header line (``if``, ``elif``, ``while``) → the first
    and last lines of the body it guards."""
    out: dict[int, tuple[int, int]] = {}
    for node in ast.walk(_tree(file)):
        if isinstance(node, (ast.If, ast.While)) and node.body:
            last = node.body[-1].end_lineno or node.body[-1].lineno
            for k in range(node.lineno, node.body[0].lineno):
                out.setdefault(k, (node.body[0].lineno, last))
    return out


@cache
def _tree(file: str) -> ast.Module:
    try:
        return ast.parse("\n".join(_source(file)))
    except SyntaxError:
        return ast.Module([], [])


def named_cards(data: Any, known: dict[str, Any]) -> set[str]:
    """The card keys a move's data names (strings anywhere in it)."""
    if isinstance(data, str):
        return {data} if data in known else set()
    if isinstance(data, dict):
        return set().union(*(named_cards(v, known) for v in data.values())) if data else set()
    if isinstance(data, (list, tuple)):
        return set().union(*(named_cards(v, known) for v in data)) if data else set()
    return set()


@attrs.frozen
class Exercised:
    """What a move exercises on dlrules: ``rules``, those whose code wrote a
    differing field first (after the listing's that the move's code runs too,
    when ``exercised`` is asked with ``listing``), then the narrowest code
    first (ties: the rule ID); ``written``, the rules of the code that wrote one."""

    rules: tuple[str, ...] = ()
    written: frozenset[str] = frozenset()


LIBRARY = "LIB-"
"""How a ruling of dlrules' (docs/rulings.md) is named: beside a rule of the game in the same code, it comes after
it (a ruling settles an edge case of the rule; the game's rule is the one an engine's author looks up)."""


def exercised(state: GameState, move: Move, data: dict[str, Any] | None = None, fields: frozenset[str] = frozenset(),
              listing: bool = False) -> Exercised:  # fmt: skip
    """The rule IDs ``move`` at ``state`` exercises on dlrules; nothing when
    the tracer sees nothing (a compiled build) or dlrules refuses the move.
    ``data``: the move as the protocol sends it, for the cards it names.
    ``fields``: the names of the records' fields that differ; the rules of
    the code that wrote one of them (the nearest rule function calling
    ``evolve`` or a setter with it) come first; among those written and
    among the rest, a ruling of dlrules' (``LIBRARY``) after the game's rules
    (a reading of the library's explains a difference less often than a
    rule of the game the same code runs). ``listing``: the engine does not
    list the move: the rules of the code that lists the moves at ``state``
    (``listed``) which the move's own code runs too come first (the
    listing decides the move's legality there; the rest of the phase's
    listing, every seat's and every kind of move's, would push the move's
    own code back), then the move's own, then the rest of the listing. (An
    engine refusing a move it lists parts in its own checks, not its
    listing: no ``listing`` then.) With ``listing`` the move is applied to a
    copy of ``state``: its legality check then lists the moves afresh, as
    ``listed`` does, instead of finding them in the loop's cache of the
    moves listed for this very state (the replay listed them just before),
    so the move's own code includes the listing code that decides whether
    it is legal (Build Room's squares, ``room_squares``)."""
    functions, cards = shipped()
    trace = Trace(functions, fields)
    try:
        trace.run(lambda: apply(attrs.evolve(state) if listing else state, move))
    except Exception:  # noqa: BLE001 - refused (IllegalMove) or unreadable here: what it exercised so far is no verdict
        return Exercised()
    rules = trace.rules_run()
    lister = listed(state) if listing else ()
    first = [r for r in lister if r in rules]  # the listing's part the move's own code runs too
    for card in named_cards(data or {}, cards) | (trace.cards & cards.keys()):
        for row in cards[card]:
            rules[row] = 1
    written = frozenset(trace.rules_written() & rules.keys())
    often = exercised_by()
    ranked = sorted(rules, key=lambda r: (r not in written, r.startswith(LIBRARY),
                                          often.get(r, 0) if r in written else 0, rules[r], often.get(r, 0), r))  # fmt: skip
    return Exercised(tuple(dict.fromkeys([*first, *ranked, *lister])), written)


def listed(state: GameState) -> tuple[str, ...]:
    """The rule IDs the code listing the legal moves at ``state`` exercises
    on dlrules, narrowest code first (ties: fewer scenarios exercise it,
    then the rule ID). It runs afresh, past the loop's cache of the moves
    listed (``legal_moves`` may have listed them before the tracer ran):
    when an engine does not list a move dlrules lists, the code deciding
    which moves are legal parts from it, not the code the move then runs. The listing traced is that of a copy of ``state``: no
    cache keyed by the state's identity answers for it (combat's
    ``decisions.legal`` returns the loop's moves for its newest state)."""
    functions, _ = shipped()
    trace = Trace(functions)
    fresh = attrs.evolve(state)
    try:
        trace.run(lambda: PHASES[fresh.phase].legal(fresh))
    except Exception:  # noqa: BLE001 - a state dlrules cannot list: nothing to name
        return ()
    rules = trace.rules_run()
    often = exercised_by()
    return tuple(sorted(rules, key=lambda r: (rules[r], often.get(r, 0), r)))


@cache
def exercised_by() -> dict[str, int]:
    """Rule ID → how many of the kit's scenarios exercise it (``spectra.json``):
    code that runs everywhere (the evilometer's bounds, whose turn it is) says
    less about a difference than code few scenarios reach."""
    counts: dict[str, int] = {}
    for rules in load_spectra().values():
        for rule in rules:
            counts[rule] = counts.get(rule, 0) + 1
    return counts
