"""The test suite's profiles (README, "Tests"): how big the property suite's
runs are, and the Hypothesis settings that go with them.

- ``quick`` (the default, the README's test command): a few examples of each
  property and state machine, one play-out per player count and variant:
  every property runs, the whole suite takes minutes on 2 cores.
- ``thorough`` (CI runs it after the quick run): more examples, longer state
  machine runs, more play-outs (what the default was before issue 34).
- ``nightly``: more examples and longer runs, up to 60 listed moves applied and
  many mutations at every step: about two hours on 2 cores.

Chosen with pytest's ``--hypothesis-profile NAME`` or the ``DLRULES_PROFILE``
environment variable (the option wins). The repository's conftest.py registers
them with Hypothesis and calls ``select`` before the tests are collected, so a
test module's ``from properties.profiles import PROFILE`` reads the chosen one."""

from __future__ import annotations

import os

import attrs
from hypothesis import HealthCheck, Phase, settings


@attrs.frozen
class Profile:
    name: str
    max_examples: int  # Hypothesis examples per state machine / property
    step_count: int  # stateful_step_count: moves per state-machine run
    sim_games: int  # random_sim play-outs per player count
    thorough: bool  # apply every listed move at every step (not a sample)
    shrink: bool  # shrink a failing example (minutes per failure on long games)
    fuzz_examples: int = 60  # Hypothesis examples per fuzz test (properties/test_fuzz_*.py)
    leak_examples: int = 16  # play-outs of the no-leak property, each giving ~150 state pairs (properties/test_no_leak.py)
    any_secret_examples: int = 20  # play-outs with secrets put in by hand, a position per phase and year (properties/test_no_leak.py)
    leak_pairs: int = 2_000  # at least this many sibling pairs compared by the no-leak property (properties/test_no_leak.py)


PROFILES = {
    "quick": Profile(
        "quick", max_examples=3, step_count=120, sim_games=2, thorough=False, shrink=False, fuzz_examples=25, leak_examples=3,
        any_secret_examples=5, leak_pairs=300,
    ),
    "thorough": Profile(
        "thorough", max_examples=6, step_count=200, sim_games=2, thorough=False, shrink=False, fuzz_examples=60, leak_examples=16,
        any_secret_examples=20, leak_pairs=2_000,
    ),
    "nightly": Profile(
        "nightly", max_examples=25, step_count=600, sim_games=40, thorough=True, shrink=True, fuzz_examples=5_000, leak_examples=180,
        any_secret_examples=1_000, leak_pairs=20_000,
    ),
}

DEFAULT = "quick"


def _named(name: str, where: str) -> Profile:
    if name not in PROFILES:
        raise ValueError(f"{where}={name!r}: choose one of {', '.join(PROFILES)}")
    return PROFILES[name]


PROFILE = _named(os.environ.get("DLRULES_PROFILE", DEFAULT), "DLRULES_PROFILE")
"""The chosen profile (``select`` changes it before the test modules are imported)."""


def register() -> None:
    """Register every profile with Hypothesis (a profile's name is its
    Hypothesis profile's name) and load the chosen one."""
    for profile in PROFILES.values():
        settings.register_profile(
            profile.name,
            derandomize=True,  # the same examples on every run: CI failures reproduce
            max_examples=profile.max_examples,
            stateful_step_count=profile.step_count,
            deadline=None,
            print_blob=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
            # quick and thorough report a failing game as found (its seed and
            # moves print) instead of spending minutes per state machine
            # shrinking it; nightly shrinks.
            phases=tuple(Phase) if profile.shrink else tuple(p for p in Phase if p is not Phase.shrink),
        )
    settings.load_profile(PROFILE.name)


def select(name: str, where: str = "--hypothesis-profile") -> Profile:
    """Make ``name`` the chosen profile, for Hypothesis and for ``PROFILE``."""
    global PROFILE
    PROFILE = _named(name, where)
    settings.load_profile(name)
    return PROFILE
