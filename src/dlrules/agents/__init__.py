"""Agents and the frameworks they live in: the integer action space
(``actions``), the factored decisions (``decisions``), resampling from what a
seat knows (``resample``), the built-in bots (``bots``) and the OpenSpiel,
PettingZoo and Gymnasium adapters (``adapters``); docs/ai.md."""
