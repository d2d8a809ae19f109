"""Hypothesis profiles for the property suite (see profiles.py):
``DLRULES_PROFILE=nightly .venv/bin/python -m pytest properties`` for the long run."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from properties.profiles import PROFILES, PROFILE

for _profile in PROFILES.values():
    settings.register_profile(
        _profile.name,
        derandomize=True,  # the same examples on every run: CI failures reproduce
        max_examples=_profile.max_examples,
        stateful_step_count=_profile.step_count,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
settings.load_profile(PROFILE.name)
