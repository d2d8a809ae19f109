"""The property suite's profiles, chosen by the DLRULES_PROFILE environment
variable: ``ci`` (the default: derandomized, a few minutes on 2 cores for the
whole suite) or ``nightly`` (many more examples and play-outs, every listed
move applied at every step). Registered with Hypothesis in conftest.py."""

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


PROFILES = {
    "ci": Profile("ci", max_examples=6, step_count=200, sim_games=2, thorough=False),
    "nightly": Profile("nightly", max_examples=300, step_count=3000, sim_games=200, thorough=True),
}

NAME = os.environ.get("DLRULES_PROFILE", "ci")
if NAME not in PROFILES:
    raise RuntimeError(f"DLRULES_PROFILE={NAME!r}: choose one of {', '.join(PROFILES)}")
PROFILE = PROFILES[NAME]
