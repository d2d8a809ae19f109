"""Adapters to AI frameworks (docs/ai.md): ``dlrules.agents.adapters.openspiel``
(extra ``dlrules[openspiel]``) and ``dlrules.agents.adapters.pettingzoo`` (extra
``dlrules[pettingzoo]``). ``dlrules.agents.adapters.common`` is what they share and
needs no framework: the end of a game, returns, observations from ``view``."""
