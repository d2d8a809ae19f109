"""The property suite's profiles, chosen by the DLRULES_PROFILE environment
variable: ``ci`` (the default: derandomized, well under a minute on 2 cores
for the whole property suite) or ``nightly`` (more examples and longer runs,
up to 60 listed moves applied and many mutations at every step: about two
hours on 2 cores with year 1 complete). Registered with Hypothesis in
conftest.py."""

from __future__ import annotations

import os

import attrs


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


PROFILES = {
    "ci": Profile("ci", max_examples=6, step_count=200, sim_games=2, thorough=False, shrink=False, fuzz_examples=60, leak_examples=16, any_secret_examples=20),
    "nightly": Profile(
        "nightly", max_examples=25, step_count=600, sim_games=40, thorough=True, shrink=True, fuzz_examples=5_000, leak_examples=180,
        any_secret_examples=1_000,
    ),
}

NAME = os.environ.get("DLRULES_PROFILE", "ci")
if NAME not in PROFILES:
    raise RuntimeError(f"DLRULES_PROFILE={NAME!r}: choose one of {', '.join(PROFILES)}")
PROFILE = PROFILES[NAME]
