"""The old module paths (docs/architecture.md, "Old module paths").

Until 0.2 every module stood at the top of the package (``dlrules.state``,
``dlrules.phases.orders``, ``dlrules.adapters.openspiel``, ...). They now
live in the package's rooms; the old dotted paths still import, as the same
module objects, through the finder here, which ``dlrules/__init__.py``
installs (no copies, no warnings). ``dlrules.records`` needs no alias: it is
now the room of records and notation, whose face re-exports the game records'
names as the old module had them. New code uses the new paths;
``python -m dlrules.tools.relayout FILE`` rewrites old ones. Type checkers
know only the new paths.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types

MOVED: dict[str, str] = {
    "dlrules.state": "dlrules.core.state",
    "dlrules.moves": "dlrules.core.moves",
    "dlrules.errors": "dlrules.core.errors",
    "dlrules.dungeon": "dlrules.core.dungeon",
    "dlrules.known": "dlrules.core.known",
    "dlrules.wellformed": "dlrules.core.wellformed",
    "dlrules.loop": "dlrules.core.loop",
    "dlrules.engine": "dlrules.core.engine",
    "dlrules.chance": "dlrules.core.chance",
    "dlrules.phases": "dlrules.core.phases",
    "dlrules.limits": "dlrules.records.limits",
    "dlrules.validity": "dlrules.records.validity",
    "dlrules.serialization": "dlrules.records.serialization",
    "dlrules.notation": "dlrules.records.notation",
    "dlrules.notation_table": "dlrules.records.notation_table",
    "dlrules.views": "dlrules.records.views",
    "dlrules.wording": "dlrules.display.wording",
    "dlrules.render": "dlrules.display.render",
    "dlrules.scoresheet": "dlrules.display.scoresheet",
    "dlrules.svg": "dlrules.display.svg",
    "dlrules.svg_battle": "dlrules.display.svg_battle",
    "dlrules.svg_draw": "dlrules.display.svg_draw",
    "dlrules.page": "dlrules.display.page",
    "dlrules.actions": "dlrules.agents.actions",
    "dlrules.decisions": "dlrules.agents.decisions",
    "dlrules.resample": "dlrules.agents.resample",
    "dlrules.bots": "dlrules.agents.bots",
    "dlrules.adapters": "dlrules.agents.adapters",
    "dlrules.cli": "dlrules.apps.cli.main",
    "dlrules.cli_common": "dlrules.apps.cli.common",
    "dlrules.cli_conformance": "dlrules.apps.cli.conformance",
    "dlrules.cli_docs": "dlrules.apps.cli.docs",
    "dlrules.cli_limits": "dlrules.apps.cli.limits",
    "dlrules.cli_rules": "dlrules.apps.cli.rules",
    "dlrules.cli_serve": "dlrules.apps.cli.serve",
    "dlrules.cli_show": "dlrules.apps.cli.show",
    "dlrules.cli_simulate": "dlrules.apps.cli.simulate",
    "dlrules.serve": "dlrules.apps.serve",
    "dlrules.conformance": "dlrules.apps.conformance",
    "dlrules.simulate": "dlrules.apps.simulate",
    "dlrules.simreport": "dlrules.apps.simreport",
}
"""Each old module path and where that module lives now."""


class _MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an old module path (or anything under an old package path) as
    the module at its new path."""

    @staticmethod
    def new_name(fullname: str) -> str | None:
        if not fullname.startswith("dlrules."):
            return None
        head, _, rest = fullname.partition(".")[2].partition(".")
        new = MOVED.get("dlrules." + head)
        if new is None:
            return None
        return new + "." + rest if rest else new

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if self.new_name(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        new = self.new_name(spec.name)
        assert new is not None
        module = importlib.import_module(new)
        spec.loader_state = module.__spec__  # the import system writes the old path's spec on it next
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        own = module.__spec__.loader_state if module.__spec__ is not None else None
        if isinstance(own, importlib.machinery.ModuleSpec):
            module.__spec__ = own  # the module keeps its own spec, under its own name



def install() -> None:
    """Put the finder of old module paths first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _MovedFinder())


