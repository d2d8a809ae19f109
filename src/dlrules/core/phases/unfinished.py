"""Phases whose rules have not landed yet (tracked by open issues).

A game that reaches one of them stops there: nobody is to move, no move is
legal, and any move is refused citing the phase, so the engine never makes
up rules it does not implement.
"""

from __future__ import annotations

from dlrules.core.phases import PhaseRules, no_decisions


def unfinished(rule: str, what: str) -> PhaseRules:
    return no_decisions(rule, f"{what} is not implemented by this version of dlrules yet", done=False, implemented=False)
