"""Dungeon Lords under PettingZoo's naming (``pettingzoo.classic.chess_v6``
style): ``from dlrules.agents.adapters import dungeon_lords_v2; env = dungeon_lords_v2.env()``.
The environment is ``dlrules.agents.adapters.pettingzoo``'s (docs/ai.md); the
version follows its ``metadata["name"]``, raised when observations change."""

from __future__ import annotations

from dlrules.agents.adapters.pettingzoo import env, raw_env

__all__ = ["env", "raw_env"]
