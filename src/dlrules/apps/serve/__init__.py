"""``dlrules serve``: a table server that referees a live game night from
everyone's phone (docs/serve.md). Needs the ``serve`` extra
(``pip install 'dlrules[serve]'``: Starlette and uvicorn).

- :mod:`dlrules.apps.serve.store`: the SQLite database (records and snapshots);
- :mod:`dlrules.apps.serve.table`: games, tokens, moves, chance, without HTTP;
- :mod:`dlrules.apps.serve.app`: the Starlette application (``create_app``);
- :mod:`dlrules.apps.serve.pages`: the HTML.
"""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":  # Starlette is imported only when the app is wanted
        from dlrules.apps.serve.app import create_app

        return create_app
    raise AttributeError(name)
