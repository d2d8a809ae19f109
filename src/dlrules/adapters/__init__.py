"""Adapters to AI frameworks (docs/ai.md): ``dlrules.adapters.openspiel``
(extra ``dlrules[openspiel]``) and ``dlrules.adapters.pettingzoo`` (extra
``dlrules[pettingzoo]``). ``dlrules.adapters.common`` is what they share and
needs no framework: the end of a game, returns, observations from ``view``."""
