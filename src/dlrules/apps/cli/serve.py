"""``dlrules serve``: run the table server (docs/serve.md).

    dlrules serve --new-game 4                  # a 4-player game; prints its links
    dlrules serve --new-game 2 --bot 2=ismcts   # Player 2 is a bot the server plays
    dlrules serve --host 0.0.0.0 --port 8000    # reachable from the phones on the table's network
    dlrules serve --host 0.0.0.0 --public-url http://192.168.1.20:8000   # the address the phones use

Games are kept in an SQLite file (``--db``, default ``dlrules-games.sqlite``);
a restarted server carries on every game where it stood. At start the
server prints its creation link (``/new/KEY``, LIB-SRV-11): only whoever
has it creates games over HTTP; the key is new at each start.
"""

from __future__ import annotations

import argparse
import errno
import sys
from typing import Any

from dlrules.apps.cli.common import ascii_int

DEFAULT_DB = "dlrules-games.sqlite"


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from dlrules.apps.serve.app import create_app
        from dlrules.apps.serve.timeouts import with_header_timeout
    except ImportError:
        print("dlrules serve: needs the serve extra: pip install 'dlrules[serve]'", file=sys.stderr)
        return 2
    from dlrules.apps.serve.seats import Refusal, new_token

    if args.seed is not None and not args.replayable:
        print("dlrules serve: --seed makes every draw of the game foreseeable; give it only with --replayable", file=sys.stderr)
        return 2
    bots: dict[int, str] = {}
    for given in args.bot:
        seat, _, name = given.partition("=")
        if not (seat.strip().isascii() and seat.strip().isdigit()) or not name.strip():
            print(f"dlrules serve: --bot SEAT=NAME, e.g. --bot 2=greedy; not {given!r}", file=sys.stderr)
            return 2
        bots[int(seat) - 1] = name.strip()
    if bots and not args.new_game:
        print("dlrules serve: --bot seats a bot in the game --new-game creates; give both", file=sys.stderr)
        return 2
    busy = _port_taken(args.host, args.port)
    if busy:  # checked before any link is printed: a link to a server that never starts is a dead link (issue 37)
        print(f"dlrules serve: cannot listen on {args.host} port {args.port}: {busy}; choose another with --port", file=sys.stderr)
        return 2
    from dlrules.apps.serve.app import public_url_of

    try:
        public = None if args.public_url is None else public_url_of(args.public_url)
    except ValueError as exc:
        print(f"dlrules serve: --public-url: {exc}", file=sys.stderr)
        return 2
    key = new_token()  # the creation key (LIB-SRV-11): shown here once, only its hash kept
    if not (args.header_timeout > 0 and args.body_timeout > 0):
        print("dlrules serve: --header-timeout and --body-timeout are numbers of seconds above 0", file=sys.stderr)
        return 2
    app = create_app(args.db, names=args.allowed_host, create_key=key, body_seconds=args.body_timeout, public_url=public)
    shown = args.host if args.host not in ("0.0.0.0", "::") else _lan_address()
    base = public or f"http://{shown}:{args.port}"
    print(f"dlrules serve: games in {args.db}; create one at {base}/new/{key} (the creation link: keep it to yourself)", flush=True)
    if args.new_game:
        try:
            created = app.state.tables.create(
                args.new_game, args.variant, args.first_player - 1, args.seed, args.auto_chance, args.replayable,
                special_events=not args.no_special_events, table_rulings=args.table_rulings, bots=bots,
            )  # fmt: skip
        except Refusal as exc:
            print(f"dlrules serve: {exc.message}", file=sys.stderr)
            return 2
        if args.replayable:
            print(f"game {created.game} is replayable: whoever knows its seed foresees every draw; its pages say so", flush=True)
        print(f"game {created.game}: host {base}/g/{created.game}/{created.host}", flush=True)
        for i, token in enumerate(created.seats):
            if token is None:
                print(f"  Player {i + 1}: {bots[i]} bot, played by the server", flush=True)
            else:
                print(f"  Player {i + 1}: {base}/g/{created.game}/{token}", flush=True)
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, access_log=False, timeout_graceful_shutdown=2, timeout_keep_alive=75,
        http=with_header_timeout(args.header_timeout),  # LIB-SRV-12: a client slow to send its headers is dropped
    )  # fmt: skip  # no access log: every path holds a seat's or the creation key (LIB-SRV-1, LIB-SRV-11)
    return 0


def _port_taken(host: str, port: int) -> str:
    """Why the server could not listen on ``host``:``port`` ("" when it can):
    a trial bind, released at once, as uvicorn binds (``SO_REUSEADDR``)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        return f"the address is not usable ({exc})"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(address)
        except OSError as exc:
            return "the port is in use" if exc.errno == errno.EADDRINUSE else exc.strerror or str(exc)
    return ""


def _lan_address() -> str:
    """This computer's address on the table's network, which phones reach
    (its host name may be one they cannot look up): the address a UDP socket
    would send from (nothing is sent); the host name when there is no network."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address (RFC 5737): nothing is sent, only an interface chosen
            address = str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()
    return address if address != "0.0.0.0" else socket.gethostname()


def register(sub: Any) -> None:
    """Add ``serve`` to the ``dlrules`` command's subcommands."""
    p = sub.add_parser(
        "serve",
        help="referee a game night: each player's phone shows their view and moves",
        description="Run the table server ('dlrules docs serve' tells more): the host creates a game and hands each player "
        "their own link; every page shows only that seat's view and its legal moves, and updates live.",
    )
    p.add_argument("--db", default=DEFAULT_DB, metavar="FILE", help=f"the SQLite file of the games (default {DEFAULT_DB})")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1; 0.0.0.0 for the phones on your network)")
    p.add_argument("--port", type=ascii_int, default=8000, help="the port (default 8000)")
    p.add_argument(
        "--public-url", metavar="URL",
        help="the address the phones use, e.g. http://192.168.1.20:8000 (a proxy's, or this computer's on the table's "
        "network); the printed links and the links page use it (default: this computer's network address with --host 0.0.0.0)",
    )  # fmt: skip
    p.add_argument("--new-game", type=ascii_int, metavar="PLAYERS", choices=(2, 3, 4), help="create a game for 2, 3 or 4 players and print its links")
    p.add_argument("--variant", choices=("full", "first"), default="full", help="the new game's variant (default full)")
    p.add_argument("--first-player", type=ascii_int, default=1, metavar="K", help="the new game's first player, 1-based (default 1)")
    p.add_argument("--auto-chance", action="store_true", help="the server draws every card of the new game (no box on the table)")
    p.add_argument(
        "--replayable", action="store_true",
        help="make the new game replayable: the server's draws follow a seed (--seed, or a random one), so whoever knows it "
        "foresees them; every page says so. Without it the draws come from the system's secure random source",
    )  # fmt: skip
    p.add_argument("--seed", type=ascii_int, help="the seed of a --replayable game's draws (0 to 2**63-1)")
    p.add_argument(
        "--no-special-events", action="store_true",
        help="the new game leaves the special event cards out (the rulebook's easier game, SPE-3)",
    )  # fmt: skip
    p.add_argument(
        "--table-rulings", action="store_true",
        help="the new game asks the host to apply each card the referee cannot read (a table's ruling, LIB-TAB-8); else they are announced only",
    )  # fmt: skip
    p.add_argument(
        "--bot", action="append", default=[], metavar="SEAT=NAME",
        help="seat a bot the server plays in the new game, e.g. --bot 2=ismcts (bots: random, greedy, ismcts); repeatable",
    )  # fmt: skip
    p.add_argument(
        "--allowed-host", action="append", default=[], metavar="NAME",
        help="a host name the server answers to besides its addresses and its own names (e.g. a reverse proxy's); repeatable",
    )  # fmt: skip
    p.add_argument(
        "--header-timeout", type=float, default=10.0, metavar="SECONDS",
        help="drop a connection whose request headers are not complete within SECONDS (default 10)",
    )  # fmt: skip
    p.add_argument(
        "--body-timeout", type=float, default=10.0, metavar="SECONDS",
        help="refuse a request whose body is not complete within SECONDS of its headers (default 10)",
    )  # fmt: skip
    p.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"), help="uvicorn's log level")
    p.set_defaults(func=_serve)
