"""Packaging like a published library: a LICENSE matching pyproject.toml,
classifiers and project URLs, extras without duplicates and with version bounds
that CI tests, no private functions of dependencies, the rule statements in the
wheel and the developer tools out of it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].lower()


def test_the_license_file_is_the_mit_licence_pyproject_declares() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    assert PROJECT["license"] == {"text": "MIT"}
    assert "License :: OSI Approved :: MIT License" in PROJECT["classifiers"]


def test_classifiers_and_urls_describe_the_project() -> None:
    classifiers = PROJECT["classifiers"]
    assert "Typing :: Typed" in classifiers and "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert f"Programming Language :: Python :: {PROJECT['requires-python'].removeprefix('>=')}" in classifiers
    assert PROJECT["urls"] and all(url.startswith("https://") for url in PROJECT["urls"].values())


def test_every_requirement_has_a_lower_and_an_upper_bound() -> None:
    extras = PROJECT["optional-dependencies"]
    requirements = list(PROJECT["dependencies"]) + [r for reqs in extras.values() for r in reqs if not r.startswith("dlrules[")]
    for requirement in requirements:
        assert ">=" in requirement and "<" in requirement.replace("<=", ""), requirement


def test_extras_list_no_package_twice() -> None:
    """``dev`` gathers the others by reference instead of repeating them."""
    extras = PROJECT["optional-dependencies"]
    seen: dict[str, str] = {}
    for extra, requirements in extras.items():
        for requirement in requirements:
            if requirement.startswith("dlrules["):
                named = requirement[len("dlrules[") : -1].split(",")
                assert set(named) <= set(extras) - {extra}
                continue
            name = _name(requirement)
            assert name not in seen, f"{name} is in both [{seen[name]}] and [{extra}]"
            seen[name] = extra
    assert not {_name(r) for r in PROJECT["dependencies"]} & set(seen)


def test_the_lower_bounds_are_the_versions_ci_tests() -> None:
    """.ci/run installs exactly the lower bounds of the dependencies and the test
    extra in a second environment and runs the suite there."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"'([a-z-]+)==([0-9.]+)'", ci))
    for requirement in list(PROJECT["dependencies"]) + [r for r in PROJECT["optional-dependencies"]["test"] if not r.startswith("mypy")]:
        lower = re.search(r">=([0-9.]+)", requirement)
        assert lower is not None
        version = pinned.get(_name(requirement), "")
        assert version.startswith(lower.group(1)) and version.rstrip(".0") == lower.group(1).rstrip(".0"), requirement


def test_no_private_function_of_a_dependency_is_used() -> None:
    private = re.compile(r"\b(?:attrs|attr|cattrs|cattr|converter|hypothesis|chess|pytest|sphinx)\.(?:[a-z]\w*\.)*_[a-z]\w*|\bfrom (?:attrs|attr|cattrs|cattr|hypothesis|chess)\S* import _|\b(?:attrs|attr|cattrs|hypothesis)\.internal\b|\bfrom (?:attrs|cattrs|hypothesis)\S*\._")
    files = [*(ROOT / "src").rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "properties").rglob("*.py")]
    files += [*(ROOT / "benchmarks").rglob("*.py"), *(ROOT / "examples").rglob("*.py")]
    hits = [f"{p.relative_to(ROOT)}:{n}" for p in files if p != Path(__file__) for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if private.search(line)]
    assert hits == []


def _help_pointers() -> list[str]:
    """The documentation topics the ``--help`` of every command names (``dlrules docs TOPIC``);
    no help points to a ``docs/*.md`` path, which an installed package does not have."""
    from dlrules.apps.cli.main import build_parser

    parser = build_parser()
    texts = [parser.format_help()]
    sub = next(a for a in parser._actions if a.dest == "command")  # noqa: SLF001 - argparse keeps subparsers here
    texts += [p.format_help() for p in sub.choices.values()]  # type: ignore[union-attr]
    joined = "\n".join(texts)
    assert not re.search(r"docs/[\w-]+\.md", joined.replace("docs/*.md", "")), re.findall(r"docs/[\w-]+\.md", joined)
    return re.findall(r"dlrules docs ([\w-]+)", joined.replace("\n", " "))


def test_the_help_points_only_to_pages_the_docs_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from dlrules.apps.cli.main import main

    pointers = _help_pointers()
    assert {"records", "notation", "serve"} <= set(pointers)
    for topic in set(pointers) - {"TOPIC"}:
        assert main(["docs", topic]) == 0
        assert capsys.readouterr().out == (ROOT / "docs" / f"{topic}.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel a non-editable ``pip install .`` installs, built from a clean copy."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    source = tmp_path / "source"  # a clean copy: no build/ or egg-info left from other builds
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(source)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"no wheel could be built here (no build backend available): {done.stderr.strip()[-200:]}")
    (built,) = tmp_path.glob("dlrules-*.whl")
    return built


def test_the_wheel_ships_the_rulebook_and_leaves_the_developer_tools_out(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"dlrules/py.typed", "dlrules/rulebook/year1.json", "dlrules/rulebook/rulings.json", "dlrules/apps/cli/rules.py"} <= names
    assert not [n for n in names if n.startswith("dlrules/tools/")]
    # Issue 22: every page --help points to ships with the package ('dlrules docs TOPIC'), and no docs code.
    shipped = {n.removeprefix("dlrules/docs/").removesuffix(".md") for n in names if n.startswith("dlrules/docs/") and n.endswith(".md")}
    assert shipped == {p.stem for p in (ROOT / "docs").glob("*.md")}
    assert not [n for n in names if n.startswith("dlrules/docs/") and not n.endswith(".md")]
    assert set(_help_pointers()) <= shipped, _help_pointers()
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names)


def test_the_installed_package_carries_the_conformance_kit_and_runs_it(wheel: Path, tmp_path: Path) -> None:
    """Issue 27: scenarios, schemas, the protocol and the perft anchors are package
    data; installed from the wheel (not editable), ``dlrules conformance run`` finds
    and passes every scenario of the kit."""
    kit = ROOT / "src" / "dlrules" / "apps" / "conformance"
    names = set(zipfile.ZipFile(wheel).namelist())
    files = [p for p in kit.rglob("*") if p.is_file() and p.suffix in (".json", ".md") and "__pycache__" not in p.parts]
    assert {"dlrules/apps/" + p.relative_to(kit.parent).as_posix() for p in files} <= names
    assert len([n for n in names if n.startswith("dlrules/apps/conformance/scenarios/")]) == len(list((kit / "scenarios").rglob("*.json")))
    target = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    code = "import dlrules.apps.conformance as k, dlrules.apps.cli.main as c, sys; print(k.KIT); sys.exit(c.main(['conformance', 'run']))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    first, *rest = run.stdout.splitlines()
    assert first.startswith(str(target))
    count = len(list((kit / "scenarios").rglob("*.json")))
    assert f"{count} of {count} scenarios passed" in rest[-1]
