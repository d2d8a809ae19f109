"""Every code block in README.md and docs/*.md runs and prints what its text
says it prints (issue 22 item 6).

- ``python`` blocks run in order, one namespace per file, in a fresh folder
  (the files a page's commands need are put there first: ``FILES``); a line
  ``... # prints TEXT`` says that TEXT is in what the block prints. A block
  whose first line is ``# NAME.py …`` is also written to NAME.py (a module
  the next commands import).
- ``sh`` blocks: each ``dlrules …`` line runs (``dlrules`` from this
  environment) and must exit 0; a ``python benchmarks/… --quick`` line runs
  too. The few lines that cannot run inside a test are listed in ``NOT_RUN``
  with the reason and the test that covers them instead; a simulation of
  thousands of games runs with ``--games 20``, its other options as written.
- ``json`` blocks parse (as one document, or line by line as JSON Lines; a
  line ``…`` stands for lines left out).
- Blocks without a language are sample output, not code.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import dlrules

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
FIXTURES = Path(__file__).parent / "fixtures"

NOT_RUN: tuple[tuple[str, str], ...] = (
    (r"pip install|python3 -m venv", "installing: what .ci/run itself does"),
    (r"-m pytest", "the test suite itself"),
    (r"^ray start|--backend ray|^export RAY_", "a Ray cluster: tests/test_simulate.py runs the Ray backend where Ray is installed"),
    (r"^dlrules serve", "a server that runs until stopped: tests/test_serve_process.py starts and stops it"),
    (r"^python benchmarks/(?!.*--quick)", "a benchmark measuring for minutes: tests/test_speed.py runs the --quick forms"),
    (r"-m dlrules\.tools\.compiled|^PYTHONPATH=build/mypyc", "the optional compiled build, a C compile of minutes: .ci/run builds it and runs the suite on it"),
)
"""Lines of sh blocks that a test cannot run, with the reason."""


def _whole_game(folder: Path) -> None:
    (folder / "game.jsonl").write_text((FIXTURES / "whole-game-4p-seed1.jsonl").read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "position.json").write_text(dlrules.dumps(dlrules.new_game(3)), encoding="utf-8")


def _illegal_record(folder: Path) -> None:
    (folder / "game.jsonl").write_text((FIXTURES / "winter-3p-illegal.jsonl").read_text(encoding="utf-8"), encoding="utf-8")


FILES: dict[str, Callable[[Path], None]] = {"render.md": _whole_game, "records.md": _illegal_record}
"""What a page's commands read that the page does not make itself."""


def _blocks(page: Path) -> list[tuple[str, str, int]]:
    text = page.read_text(encoding="utf-8")
    return [(m.group(1), m.group(2), text.count("\n", 0, m.start()) + 1) for m in BLOCK.finditer(text)]


def _run_python(code: str, namespace: dict[str, object], where: str) -> None:
    first = code.splitlines()[0] if code.strip() else ""
    module = re.match(r"#\s*(\w+\.py)\b", first)
    if module:
        Path(module.group(1)).write_text(code, encoding="utf-8")
    for name in re.findall(r"^(?:import|from) (pyspiel|open_spiel|numpy|pettingzoo|ray|matplotlib)\b", code, re.M):
        pytest.importorskip(name, reason=f"{where} needs {name} (an optional extra)")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, where, "exec"), namespace)  # noqa: S102 - the docs' own examples
    printed = out.getvalue()
    for promise in re.findall(r"#\s*prints (.+)$", code, re.M):
        assert promise.strip() in printed, f"{where}: the block says it prints {promise.strip()!r}; it printed:\n{printed[-2000:]}"


def _run_sh(code: str, where: str) -> None:
    for raw in code.splitlines():
        line = raw.split("  #")[0].strip()
        if not line or line.startswith("#"):
            continue
        if any(re.search(pattern, line) for pattern, _ in NOT_RUN):
            continue
        words = shlex.split(line)
        env = dict(os.environ)
        while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):  # PYTHONPATH=. dlrules …
            key, _, value = words.pop(0).partition("=")
            env[key] = str(Path(value).resolve()) if value == "." else value
        if words[0] == "dlrules":
            words = [sys.executable, "-m", "dlrules", *words[1:]]
            if words[3:4] == ["report"] and "--no-plots" not in words and importlib.util.find_spec("matplotlib") is None:
                continue  # the report's plots need the report extra (matplotlib); tests/test_simreport.py skips alike
            if "simulate" in words and "--games" in words:
                i = words.index("--games")
                words[i + 1] = str(min(int(words[i + 1]), 6))  # thousands of games: 6 of them, the rest as written
        elif words[0] == "python":
            if words[1].endswith("playouts.py") and importlib.util.find_spec("chess") is None:
                continue  # measured against python-chess: the bench extra (tests/test_speed.py skips alike)
            words = [sys.executable, str(ROOT / words[1]), *words[2:]]
        else:
            raise AssertionError(f"{where}: a command the docs test does not know how to run: {line!r}")
        done = subprocess.run(words, capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, f"{where}: {line!r} exited {done.returncode}:\n{done.stderr[-2000:]}"


def _check_json(code: str, where: str) -> None:
    try:
        json.loads(code)
        return
    except json.JSONDecodeError:
        pass
    for n, line in enumerate(code.splitlines(), start=1):
        if line.strip() in ("", "…"):
            continue
        json.loads(line)  # raises with the line: a JSON block that is neither a document nor JSON Lines


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_code_block_runs(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # a module a block writes (mybots.py) is importable
    if page.name in FILES:
        FILES[page.name](tmp_path)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for lang, code, line in _blocks(page):
        where = f"{page.relative_to(ROOT)}:{line}"
        if lang == "python":
            _run_python(code, namespace, where)
        elif lang == "sh":
            _run_sh(code, where)
        elif lang == "json":
            _check_json(code, where)


def test_the_readme_example_lists_moves_and_shows_an_ord_2_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's library example demonstrates what it says: moves listed
    with their descriptions, and the refusal of an unavailable order (ORD-2)."""
    monkeypatch.chdir(tmp_path)
    python = [code for lang, code, _ in _blocks(ROOT / "README.md") if lang == "python"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        namespace: dict[str, object] = {}
        for code in python:
            exec(code, namespace)  # noqa: S102
    printed = out.getvalue()
    assert "P3 takes Get Food I: pays 1 gold and gains 2 food" in printed and "P3 declines Get Food I" in printed
    assert "[ORD-2] you cannot play Get Food: it is unavailable this round" in printed
