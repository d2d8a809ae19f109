"""Adapters to AI frameworks (docs/ai.md): ``dlrules.agents.adapters.openspiel``
(extra ``dlrules[openspiel]``), ``dlrules.agents.adapters.pettingzoo`` (extra
``dlrules[pettingzoo]``; also as ``dlrules.agents.adapters.dungeon_lords_v2``) and
``dlrules.agents.adapters.gym`` (Gymnasium, registered as ``dlrules/DungeonLords-v1``).
``dlrules.agents.adapters.common``, ``tensors``, ``tensor_parts`` and ``recall`` are
what they share and need no framework: the end of a game, returns, the 0/1
observation built from the seat's projection, and perfect recall."""
