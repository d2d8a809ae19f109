"""Hypothesis profiles for the property suite (see profiles.py):
``DLRULES_PROFILE=nightly .venv/bin/python -m pytest properties`` for the long run."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

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
        # CI reports a failing game as found (its seed and moves print) instead of
        # spending minutes per state machine shrinking it; nightly shrinks.
        phases=tuple(Phase) if _profile.shrink else tuple(p for p in Phase if p is not Phase.shrink),
    )
settings.load_profile(PROFILE.name)
