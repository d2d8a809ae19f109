"""The shape of a test run (README, "Tests"), written in one place.

- The profile (properties/profiles.py): ``quick`` by default, ``thorough`` or
  ``nightly`` with ``--hypothesis-profile NAME`` (or ``DLRULES_PROFILE=NAME``).
  It sizes the property suite and the Hypothesis settings of every test.
- ``profiled``: the marker of the tests whose size comes from the profile
  (every test of properties/, and a test module of tests/ that imports
  ``PROFILE``). CI runs them again in the thorough profile
  (``--hypothesis-profile thorough -m "profiled or slow"``).
- ``SLOW``: the tests the quick run leaves out. pyproject.toml's ``addopts``
  hold ``-m "not slow"``; ``-m slow`` runs only them, ``-m ""`` runs
  everything. Each entry says why it is slow and which test of the quick run
  covers the same rules or requirements.
- ``OUTSIDE_SUBSET``: the test files the compiled build's run and the
  lowest-versions run of .ci/run leave out (``-m "subset and not slow"``):
  programs driven through subprocesses, servers and documents, which exercise
  the same rules as the unit tests, each slower than a unit test file. Every
  other test carries the ``subset`` marker.
- ``GROUPS``: tests that must not run at the same time. Each carries the
  ``xdist_group`` marker (``--dist loadgroup`` in ``addopts``) and, because
  pytest-xdist 3.8's grouping has no effect under pytest 9 (it renames a node
  ID that pytest 9 no longer reads), holds a lock file for its group while it
  runs (``tempfile.gettempdir()``), which also keeps two test runs on one
  machine apart.

An entry is a test's node ID (its file and name; parameters, or a whole file
or class, included by prefix). An entry that names no test is an error of the
run, so the lists cannot go stale unseen.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from properties import profiles

profiles.register()

SLOW: dict[str, str] = {
    # callgrind: an instruction count of whole games, tens of seconds each.
    "tests/test_speed.py::test_instruction_count_agrees_from_run_to_run": (
        "callgrind over two whole games: the benchmark tool, not a rule (tests/test_fingerprint.py pins what the games do)"
    ),
    "tests/test_speed.py::test_instructions_per_apply_count_every_combat_card_of_the_games": (
        "callgrind over a whole game: the benchmark tool, not a rule (the combat cards' rules: tests/test_combat_*.py)"
    ),
    # Headless Chromium: a browser start and a page driven click by click.
    "tests/test_serve_browser.py": (
        "one Chromium per seat: tests/test_serve.py plays the same round through the server's pages over HTTP "
        "and checks no page holds another seat's secret lines (LIB-SRV-*), tests/test_serve_process.py the creation link (LIB-SRV-11)"
    ),
    "tests/test_page.py::test_stepping_through_the_whole_game_in_chromium_shows_each_positions_picture": (
        "Chromium: test_every_position_of_a_whole_4_player_game_reads_back_exactly_as_drawn checks every position's picture in the page"
    ),
    "tests/test_page.py::test_hostile_text_is_shown_as_text_in_chromium": (
        "Chromium: the escaping of hostile text is checked by the Hypothesis test of tests/test_page.py"
    ),
    "tests/test_svg.py::test_the_game_page_steps_next_and_previous_in_headless_chromium": (
        "Chromium: the page's frames and captions are checked in Python by tests/test_svg.py and tests/test_page.py"
    ),
    "tests/test_gameover_picture.py::test_the_game_over_page_in_headless_chromium": (
        "Chromium: test_the_game_pages_last_frame_is_the_score_picture_with_the_winner checks the same frame in Python"
    ),
    "tests/test_serve_night.py": (
        "four phone pages and the host's in Chromium through a whole 4-player game with a kill and a restart (minutes): "
        "tests/test_serve_bound.py checks over HTTP that a stale or forged button plays nothing, "
        "tests/test_serve_process.py that a killed server loses no move"
    ),
    "tests/test_serve_browser_bound.py::test_LIB_SRV_3_every_button_pressed_plays_the_move_it_names_through_a_whole_game": (
        "Chromium through a whole 2-player game: tests/test_serve_bound.py refuses the stale take and checks every "
        "button's words against the seat's moves over HTTP"
    ),
    "tests/test_desk_browser.py": (
        "Chromium at the desk: tests/test_desk_app.py asks the same question of the desk's API in process"
    ),
    # Ray: a local cluster started and stopped.
    "tests/test_simulate.py::test_ray_gives_the_same_results_as_the_process_pool": (
        "a local Ray: test_two_workers_write_the_same_bytes_as_one checks the process pool gives the same bytes"
    ),
    "tests/test_simulate.py::test_the_ray_backend_starts_and_stops_its_own_local_ray": (
        "a local Ray: the process pool's tests cover the simulation; the Ray errors are tested without Ray"
    ),
}
"""Tests the quick run leaves out: node ID -> why, and what covers it in the quick run."""

OUTSIDE_SUBSET: dict[str, str] = {
    "tests/test_conformance_kit.py": (
        "the kit's runner, mutants and adapter through subprocesses (about 35 CPU seconds); "
        "tests/test_conformance.py runs every scenario in process, on the build under test"
    ),
    "tests/test_docs_code.py": "the documents' commands in subprocesses: the documents, not the build",
    "tests/test_conformance_protocol.py": (
        "the protocol through engines in subprocesses (mutants, hangs, garbage): tests/test_conformance.py runs "
        "every scenario in process, on the build under test"
    ),
    "tests/test_conformance_mutation.py": "single-rule mutants, each a subprocess engine: the kit's power, not the build",
    "tests/test_heldout_sets.py::test_the_kit_catches_every_mutant_of_the_sample_held_out_set": (
        "the held-out mutants, each a subprocess engine patching dlrules' Python: the kit's power, not the build"
    ),
    "tests/test_conformance_blame.py": (
        "traces dlrules' Python code (blame, localisation) and reads the repository's generated code map: compiled code "
        "is not traced (docs/conformance.md says diff and run then fall back on the spectra)"
    ),
    "tests/test_conformance_counterfactual.py": (
        "changes dlrules' Python code in forked children (the diagnosis's counterfactual search): compiled code has "
        "none to change (docs/conformance.md says the ranking is then the spectra's alone)"
    ),
    "tests/test_adapter_playthrough.py": "OpenSpiel's playthrough (not installed in the lowest-versions run; the adapter is not compiled)",
    "tests/test_serve_process.py": "the server as a process with src/ first on its path (tests/servekit.py): never the compiled build",
    "tests/test_packaging.py": "builds and installs a wheel of the source tree: the packaging, not the build under test",
    "tests/test_adapter_openspiel.py": (
        "whole games through OpenSpiel (not installed in the lowest-versions run; the adapter is not compiled): "
        "the rules under it are the unit tests' and the property suite's"
    ),
}
"""Test files the compiled build's and the lowest versions' runs leave out: file -> why."""

GROUPS: dict[str, str] = {
    "tests/test_speed.py::test_instruction": "callgrind",  # two valgrind runs at once: minutes of both cores
    "tests/test_simulate.py::test_ray": "ray",  # one local Ray cluster at a time; each checks it leaves no Ray process behind
}
"""Tests that never run at the same time: node ID prefix -> group."""


def _matches(nodeid: str, entry: str) -> bool:
    return nodeid == entry or nodeid.startswith((entry + "::", entry + "["))


def pytest_configure(config: pytest.Config) -> None:
    option = config.getoption("hypothesis_profile", None)
    if option:
        try:
            profiles.select(str(option))
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from None


def pytest_report_header(config: pytest.Config) -> str:
    return f"dlrules profile: {profiles.PROFILE.name} (properties/profiles.py)"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow tests, the subset and the groups before ``-m`` selects."""
    used: set[str] = set()
    for item in items:
        nodeid = item.nodeid
        for entry in SLOW:
            if _matches(nodeid, entry):
                item.add_marker(pytest.mark.slow)
                used.add(entry)
        if nodeid.startswith("properties/") or getattr(getattr(item, "module", None), "PROFILE", None) is profiles.PROFILE:
            item.add_marker(pytest.mark.profiled)
        outside = [entry for entry in OUTSIDE_SUBSET if _matches(nodeid, entry)]
        used.update(outside)
        if not outside:
            item.add_marker(pytest.mark.subset)
        for entry, group in GROUPS.items():
            if nodeid.startswith(entry):
                item.add_marker(pytest.mark.xdist_group(group))
                used.add(entry)
    if any("::" in str(arg) for arg in config.args):
        return  # tests named one by one: the lists' other entries are not collected
    collected = {item.nodeid.split("::")[0] for item in items}
    stale = [e for e in (*SLOW, *OUTSIDE_SUBSET, *GROUPS) if e.split("::")[0] in collected and e not in used]
    stale += [e for e in (*SLOW, *OUTSIDE_SUBSET, *GROUPS) if not (Path(str(config.rootpath)) / e.split("::")[0]).exists()]
    if stale:
        raise pytest.UsageError(f"conftest.py names tests that do not exist (rename them there too): {', '.join(sorted(set(stale)))}")


@contextlib.contextmanager
def _locked(group: str) -> Iterator[None]:
    """Hold the machine's lock file of ``group`` (none where there is no ``fcntl``)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(Path(tempfile.gettempdir()) / f"dlrules-tests-{group}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    groups = sorted({str(m.args[0]) for m in item.iter_markers("xdist_group") if m.args})
    with contextlib.ExitStack() as stack:
        for group in groups:
            stack.enter_context(_locked(group))
        yield
