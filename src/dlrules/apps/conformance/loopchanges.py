"""The changes to the order of a rule function's loops that ``counterfactual``
tries (docs/conformance.md, "Diagnosis").

An order is a rule as often as a number is: adventurers are hurt front
first (CMB-5), monsters and rooms resolve from slot III down (ACT-MON-1,
ACT-ROOM-1), first orders are all placed before second ones (ORD-5). An
engine that takes a loop from the wrong end, or nests two loops the wrong
way round, breaks such a rule with no value or condition changed, and no
change of ``counterfactual``'s bytecode can make that bug. These changes are
made on the function's source (``ast``) and compiled afresh, with the
function's file and lines, so a traced line is still the function's.
"""

from __future__ import annotations

import __future__
import ast
import copy
import functools
import inspect
import textwrap
import types
from collections.abc import Callable, Iterator


def loop_changes(fn: types.FunctionType) -> Iterator[tuple[str, Callable[[], types.CodeType | None], tuple[int, ...]]]:
    """Each loop of ``fn`` taken from its end, and each loop holding only
    another loop swapped with it (the inner one not depending on the outer
    one's variable): (phrase, a maker of ``fn``'s changed code, the loop's
    line). The source is read here; each change is compiled only when its
    maker is called (in the child trying it: most are never tried). Nothing
    for a function whose source cannot be read or that uses variables of an
    enclosing function (its code could not take their place)."""
    code = fn.__code__
    tree = source_tree(fn)
    if tree is None:
        return
    for index, loop in enumerate(_loops(tree)):
        yield f"a loop taken from its end (line {loop.lineno})", functools.partial(_reversed, tree, index, code), (loop.lineno,)
        inner = loop.body[0] if len(loop.body) == 1 else None
        if isinstance(inner, ast.For) and not inner.orelse and not loop.orelse and not _names(loop.target) & _names(inner.iter):
            yield f"two loops swapped (line {loop.lineno})", functools.partial(_swapped, tree, index, code), (loop.lineno,)


def source_tree(fn: types.FunctionType) -> ast.Module | None:
    """``fn``'s source parsed, with the line numbers of its file; None when it
    cannot be read or uses variables of an enclosing function (a code
    compiled from it could not take their place)."""
    if fn.__code__.co_freevars:
        return None
    try:
        lines, first = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return None
    ast.increment_lineno(tree, first - 1)
    return tree


def _reversed(tree: ast.Module, index: int, code: types.CodeType) -> types.CodeType | None:
    changed = copy.deepcopy(tree)
    loop = _loops(changed)[index]
    loop.iter = ast.Call(ast.Name("reversed", ast.Load()), [ast.Call(ast.Name("tuple", ast.Load()), [loop.iter], [])], [])
    return compiled(changed, code)


def _swapped(tree: ast.Module, index: int, code: types.CodeType) -> types.CodeType | None:
    changed = copy.deepcopy(tree)
    loop = _loops(changed)[index]
    inner = loop.body[0]
    assert isinstance(inner, ast.For)
    loop.target, inner.target = inner.target, loop.target
    loop.iter, inner.iter = inner.iter, loop.iter
    return compiled(changed, code)


def _loops(tree: ast.AST) -> list[ast.For]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.For)]


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def compiled(tree: ast.Module, code: types.CodeType) -> types.CodeType | None:
    """The code of the function ``tree`` defines, compiled as ``code`` was
    (its file, its name); None when it does not compile to a function of that name."""
    ast.fix_missing_locations(tree)
    try:
        module = compile(tree, code.co_filename, "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    for const in module.co_consts:
        if isinstance(const, types.CodeType) and const.co_name == code.co_name and not const.co_freevars:
            return const
    return None
