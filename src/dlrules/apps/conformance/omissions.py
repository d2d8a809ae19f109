"""The omissions ``counterfactual`` tries in a rule function: one thing its
author could have forgotten (docs/conformance.md, "Diagnosis").

A bug is as often something left out as something changed: a field a
record is made without (``kept=None`` forgotten where a seat's view hides
the orders kept aside, RUL-13), a step skipped (a card's exception never
checked, a counter never reset). No change of a comparison, a constant or an
order makes that bug, and the rule it breaks is the one cited where the
thing was left out. Each omission is made on the function's source (``ast``,
as ``loopchanges``' orders are) and compiled in the child that tries it: a
keyword argument of a call left out; a part of an expression (a term of a
sum: miners never made busy, ``busy + imps`` as ``busy``; a case of a
conditional expression: monsters left over never knocked out; a condition
of an ``and`` or ``or``); or a statement left out (a block whole: an ``if``
with its branches, a loop with its body). A ``return``
is never left out (the function would answer nothing), nor a docstring,
a nested definition or a ``pass``.
"""

from __future__ import annotations

import ast
import copy
import functools
import types
from collections.abc import Callable, Iterator

from dlrules.apps.conformance.loopchanges import compiled, source_tree

_KEPT = (ast.Return, ast.Pass, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom)
"""Statements never left out."""


def omissions(fn: types.FunctionType) -> Iterator[tuple[str, Callable[[], types.CodeType | None], tuple[int, ...]]]:
    """Each keyword argument of each call in ``fn`` left out, then each part
    of an expression (``_parts``), then each of its statements, in the order of their lines: (phrase, a maker of
    ``fn``'s changed code, the lines it stands on: a block's first only). Nothing for a function whose source
    cannot be read (``loopchanges.source_tree``)."""
    tree = source_tree(fn)
    if tree is None:
        return
    code = fn.__code__
    for index, (call, keyword) in enumerate(_keywords(tree)):
        yield (f"its {keyword.arg}= argument left out (line {keyword.lineno})", functools.partial(_without_keyword, tree, index, code),
               _span(keyword))  # fmt: skip
    for index, (node, variant, what) in enumerate(_parts(tree)):
        yield f"{what} left out (line {node.lineno}: {_dropped(node, variant)})", functools.partial(_without_part, tree, index, code), _span(node)
    for index, statement in enumerate(_statements(tree)):
        block = isinstance(statement, (ast.If, ast.For, ast.While, ast.With, ast.Try))
        lines = (statement.lineno,) if block else _span(statement)  # a block: its first line (what its own comment is about)
        yield f"{'a block' if block else 'a statement'} left out (line {statement.lineno})", functools.partial(_without_statement, tree, index, code), lines


def _span(node: ast.stmt | ast.expr | ast.keyword) -> tuple[int, ...]:
    """The lines ``node`` stands on, the first first."""
    return tuple(range(node.lineno, (node.end_lineno or node.lineno) + 1))


def _keywords(tree: ast.Module) -> list[tuple[ast.Call, ast.keyword]]:
    """Every named keyword argument of every call (not ``**``), by line."""
    found = [(node, keyword) for statement in _body(tree).body for node in ast.walk(statement) if isinstance(node, ast.Call)
             for keyword in node.keywords if keyword.arg is not None]  # fmt: skip
    return sorted(found, key=lambda pair: (pair[1].lineno, pair[1].col_offset))


def _parts(tree: ast.Module) -> list[tuple[ast.expr, int, str]]:
    """Every part of an expression that may be left out, by line: (the
    expression, which variant, its phrase). A term of a sum (``a + b`` as
    ``a`` or ``b``; ``a - b`` as ``a``), a case of a conditional expression
    (``x if c else y`` as ``y`` or ``x``), a condition of an ``and`` or an
    ``or`` (each left out in turn)."""
    found: list[tuple[ast.expr, int, str]] = []
    for statement in _body(tree).body:
        for node in ast.walk(statement):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                found += [(node, 0, "a term"), (node, 1, "a term")]
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
                found.append((node, 0, "a term"))
            elif isinstance(node, ast.IfExp):
                found += [(node, 0, "a case"), (node, 1, "a case")]
            elif isinstance(node, ast.BoolOp):
                found += [(node, i, "a condition") for i in range(len(node.values))]
    return sorted(found, key=lambda part: (part[0].lineno, part[0].col_offset, part[1]))


def _part_left_out(node: ast.expr, variant: int) -> ast.expr:
    """What ``node`` is with the part ``variant`` names left out (``_parts``)."""
    if isinstance(node, ast.BinOp):
        return node.right if variant else node.left  # ``a + b`` without ``a`` is ``b``; without ``b``, ``a``
    if isinstance(node, ast.IfExp):
        return node.orelse if variant == 0 else node.body  # its first case never taken, or always
    assert isinstance(node, ast.BoolOp)
    rest = [v for i, v in enumerate(node.values) if i != variant]
    return rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest)


def _dropped(node: ast.expr, variant: int) -> str:
    """The part ``variant`` leaves out of ``node``, as source (``+ imps``), shortened."""
    if isinstance(node, ast.BinOp):
        op = "+" if isinstance(node.op, ast.Add) else "-"
        text = f"{ast.unparse(node.left)} {op}" if variant else f"{op} {ast.unparse(node.right)}"
    elif isinstance(node, ast.IfExp):
        text = f"{ast.unparse(node.body)} if {ast.unparse(node.test)}" if variant == 0 else f"else {ast.unparse(node.orelse)}"
    else:
        assert isinstance(node, ast.BoolOp)
        text = ast.unparse(node.values[variant])
    return text if len(text) <= 48 else text[:45] + "..."


def _statements(tree: ast.Module) -> list[ast.stmt]:
    """Every statement of the function's body at any depth that may be left
    out, by line (not its docstring, a ``return``, a nested definition)."""
    function = _body(tree)
    docstring = function.body[0] if function.body and _is_docstring(function.body[0]) else None
    found = [node for statement in function.body for node in ast.walk(statement)
             if isinstance(node, ast.stmt) and node is not docstring and not isinstance(node, _KEPT)]  # fmt: skip
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))


def _body(tree: ast.Module) -> ast.FunctionDef | ast.AsyncFunctionDef:
    function = tree.body[0]
    assert isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)), "source_tree parses one function"
    return function


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _without_keyword(tree: ast.Module, index: int, code: types.CodeType) -> types.CodeType | None:
    changed = copy.deepcopy(tree)
    call, keyword = _keywords(changed)[index]
    call.keywords = [k for k in call.keywords if k is not keyword]
    return compiled(changed, code)


def _without_part(tree: ast.Module, index: int, code: types.CodeType) -> types.CodeType | None:
    changed = copy.deepcopy(tree)
    node, variant, _ = _parts(changed)[index]
    if not _replace(changed, node, ast.copy_location(_part_left_out(node, variant), node)):
        return None
    return compiled(changed, code)


def _replace(tree: ast.AST, node: ast.AST, by: ast.AST) -> bool:
    """Put ``by`` where ``node`` stands in ``tree``."""
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is node:
                setattr(parent, field, by)
                return True
            if isinstance(value, list) and any(item is node for item in value):
                setattr(parent, field, [by if item is node else item for item in value])
                return True
    return False


def _without_statement(tree: ast.Module, index: int, code: types.CodeType) -> types.CodeType | None:
    changed = copy.deepcopy(tree)
    statement = _statements(changed)[index]
    return compiled(changed, code) if _replace(changed, statement, ast.copy_location(ast.Pass(), statement)) else None
