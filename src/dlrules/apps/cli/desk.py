"""``dlrules desk`` (the arbiter's desk, a local page: docs/desk.md) and the
question ``dlrules explain --position FILE --move "P2 …"`` (issue 38).

    dlrules explain --position dispute.txt --move "P2 dig B2"   # legal or not, and the rules
    dlrules explain --position position.json --move "P1 take" --json
    dlrules desk                                                # the page, on http://127.0.0.1:8038/

A position file holds a position as people write it (docs/position-text.md)
or a state's JSON. The answer's exit status: 0 legal, 1 not legal, 2 a file
or a move that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dlrules.apps.cli.common import ascii_int

from dlrules.core.state import GameState

DEFAULT_PORT = 8038


class DeskUsageError(Exception):
    """A file or a move that cannot be read: message, exit status 2."""


def _read_file(path: str, max_size: int) -> str:
    try:
        with open(path, encoding="utf-8-sig") as fh:  # a byte-order mark, as Windows editors write, is not text
            text = fh.read(max_size + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise DeskUsageError(f"{path}: cannot read it: {exc}") from exc
    if len(text) > max_size:
        raise DeskUsageError(f"{path}: larger than {max_size} characters; a position is a few thousand")
    return text


def load_position(path: str, *, checked: bool = True, max_size: int = 1_000_000) -> GameState:
    """The position in the file ``path`` (``explain --position``): written as
    people write it or a state's JSON; ``DeskUsageError`` with the file's name
    and the mistake (its line and column in a text)."""
    from dlrules.apps.desk import DeskError, read_position

    text = _read_file(path, max_size)
    try:
        return read_position(text, checked=checked)
    except DeskError as exc:
        raise DeskUsageError(f"{path}: {exc}") from exc


def _desk(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from dlrules.apps.desk.app import create_app
        from dlrules.apps.serve.timeouts import with_header_timeout
    except ImportError:
        print("dlrules desk: needs the serve extra: pip install 'dlrules[serve]'", file=sys.stderr)
        return 2
    app = create_app()
    print(f"dlrules desk: the arbiter's desk at http://{args.host}:{args.port}/ (stop it with Ctrl-C)", flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, access_log=False, timeout_graceful_shutdown=2,
        http=with_header_timeout(),  # LIB-SRV-12, as the table server: a client slow to send its headers is dropped
    )  # fmt: skip
    return 0


def register(sub: Any) -> None:
    """Add ``desk`` to the ``dlrules`` command's subcommands."""
    p = sub.add_parser(
        "desk",
        help="the arbiter's desk: enter a position from a physical table and ask whether a move is legal",
        description="Serve the arbiter's desk, a local page ('dlrules docs desk'): enter a position from the table "
        "(validate's objections show as you go), ask 'may Player K do this?', read the answer with its rules, "
        "export the position as text, JSON, SVG or a link.",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this computer only)")
    p.add_argument("--port", type=ascii_int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    p.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"), help="uvicorn's log level")
    p.set_defaults(func=_desk)
