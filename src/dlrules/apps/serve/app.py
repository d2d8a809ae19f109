"""The table server's HTTP side: a Starlette application (docs/serve.md).

Routes (``G`` a game's id, ``T`` a token: the host's or a seat's):

- ``GET /``: says where games are created; ``GET /new/K``: the form to
  create a game, for the server's creation key ``K`` (LIB-SRV-11: printed
  by ``dlrules serve`` at start, a new one each start); ``POST /games``
  creates one (form or JSON ``{"key", "players", "variant", "first_player",
  "auto_chance", "replayable", "seed", "no_special_events", "table_rulings",
  "bots"}``; ``key`` is the creation key; ``bots`` maps a seat, from "1", to
  a bot's name: ``{"2": "ismcts"}``) and answers with the host's link and one
  link per seat (shown once; ``null`` for a bot's seat);
- ``GET /g/G/T``: the page of that link (a seat's view, or the host's);
- ``GET /g/G/T/state``: the same as JSON (``dlrules.apps.serve.shown.page_data``);
- ``GET /g/G/T/picture``: the position's picture as that link sees it (SVG);
  ``?part=board``, ``?part=battle`` or ``?part=dungeon-K`` (K a player from
  1): one part of it (the phone's pictures, ``dlrules.apps.serve.pictures``);
- ``POST /g/G/T/move``: ``{"at": N, "move": <a move's JSON>, "id": <the
  request's id>}``;
- ``POST /g/G/T/draw``: ``{"at": N, "id": <the request's id>}``: the server
  draws the chance card;
- ``GET /g/G/T/events``: server-sent events, one ``move`` event (data: the
  move number) whenever the game moves; the stream ends after a while and the
  browser reconnects by itself;
- ``GET /g/G/T/record``: the game's record, for the host, once the game is over.

The ``id`` is any string the client makes (1 to 64 letters, digits and
``-_.:``), new for each move it means; a request sent again with the same id
gets the first answer back and plays nothing (LIB-SRV-7). Without an id, the
same move on the same position (``at``) is one request.

Writes (``POST``) are JSON (``Content-Type: application/json``; the home
page's form is the one exception) of at most ``MAX_BODY`` bytes, from this
server's own pages or from a program (no ``Origin`` of another site); every
request must name this server in its ``Host`` (LIB-SRV-8).

A field a request does not have is refused by its name; a request's headers
are due within ``--header-timeout`` seconds (``dlrules.apps.serve.timeouts``), its
body within ``BODY_SECONDS`` (LIB-SRV-12).

A refusal is JSON ``{"ok": false, "rule", "message", "violations": [...]}``
with status 400 (unreadable), 408 (the body came too slowly), 401 (a new game without the creation key),
403 (not this link's to do, a wrong creation key, or from another site),
404 (no such game or link: the same answer whether the game exists or
not), 409 (stale: the game moved on), 413 (too large), 415 (not JSON) or 422
(the rules forbid it; each violation carries the rule's statement).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import re
import socket
import urllib.parse
from collections.abc import AsyncIterator, Iterable, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dlrules.records.limits import JSONLimitError, Limits, parse_json, quote
from dlrules.apps.serve.pages import SCRIPT_HASH, STYLE_HASH, game_page, home_page, links_page, message_page, welcome_page
from dlrules.apps.serve.bots import BotRunner
from dlrules.apps.serve.store import Store
from dlrules.apps.serve.pictures import picture
from dlrules.apps.serve.seats import HOST, Refusal, Role, token_hash
from dlrules.apps.serve.table import MAX_SEED, Game, Tables
from dlrules.apps.serve.shown import page_data

MAX_BODY = 64 * 1024
"""The largest request body read, in bytes (a move's JSON is well under 1 KB);
reading stops there (LIB-SRV-6)."""

BODY_SECONDS = 10.0
"""How long a client has to send a request's body once its headers are read
(LIB-SRV-12): a late body is refused with 408 and the connection closed."""

REQUEST_LIMITS = Limits(max_size=MAX_BODY, max_depth=16, max_int_digits=20)
"""How a request's JSON is read (``dlrules.records.limits.parse_json``): a request nests
a few levels deep and its numbers are move numbers and seeds."""

_REQUEST_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")

SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the token in the address goes nowhere else
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
}
"""Sent with every answer (a page or a picture replaces the policy with its own)."""

_PAGE = {
    # The pages load nothing from anywhere else and talk only to this server;
    # only their own script and style run (named by their hashes).
    "Content-Security-Policy": f"default-src 'none'; script-src '{SCRIPT_HASH}'; style-src '{STYLE_HASH}'; "
    "connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
}

_FORM = dict(_PAGE, **{"Referrer-Policy": "same-origin"})
"""The creation form's page: as a page, but its referrer goes to this server (and nowhere else). A
browser sends a form posted from a page of policy ``no-referrer`` with ``Origin: null``, which
LIB-SRV-8 refuses as another site's; with ``same-origin`` it names this server."""

_SVG = {"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"}


def _refused(r: Refusal) -> JSONResponse:
    return JSONResponse(r.data(), status_code=r.status)


def _field(key: str) -> str:
    """A request's field name as a refusal's path shows it: at most 40
    characters, a lone surrogate (JSON may spell ``"\\ud800"``; no UTF-8
    answer can hold it, so quoting it raw made a 500) written as its escape."""
    return key[:40].encode("utf-8", "backslashreplace").decode("utf-8")


def _digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only (``str.isdigit`` also takes ``٣``, ``²``)."""
    return text.isascii() and text.isdigit()


async def _read(request: Request) -> bytes:
    """The body, read only up to ``MAX_BODY`` bytes: a longer one (by its
    ``Content-Length`` or as it streams in) is refused with 413 and the rest
    is never read (LIB-SRV-6); a body not complete within the server's body
    timeout (``BODY_SECONDS``) is refused with 408 (LIB-SRV-12)."""
    too_large = Refusal(413, "LIB-SRV-6", f"the request is larger than {MAX_BODY // 1024} KiB")
    length = request.headers.get("content-length")
    if length is not None and (not _digits(length) or len(length) > 12 or int(length) > MAX_BODY):
        raise too_large
    seconds: float = getattr(request.app.state, "body_seconds", BODY_SECONDS)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise too_large
                chunks.append(chunk)
    except TimeoutError:
        raise Refusal(408, "LIB-SRV-12", f"the request's body did not arrive within {seconds:g} seconds") from None
    except ClientDisconnect:
        raise Refusal(400, "LIB-SRV-12", "the client went away before its request was read") from None
    return b"".join(chunks)


def _only(body: Mapping[str, Any], fields: tuple[str, ...]) -> None:
    """Refuse a request with a field the server does not read, by its name
    (LIB-SRV-6): a misspelt ``"id"`` must not go unnoticed."""
    unknown = sorted(k for k in body if k not in fields)
    if unknown:
        raise Refusal(400, "LIB-SRV-6", f"$.{_field(unknown[0])}: not a field of this request (they are {', '.join(fields)})")


def _media_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


async def _body(request: Request) -> dict[str, Any]:
    """A JSON request (``Content-Type: application/json``, LIB-SRV-8), read
    within ``REQUEST_LIMITS`` by the library's bounded reader (LIB-SRV-6)."""
    if _media_type(request) != "application/json":
        raise Refusal(415, "LIB-SRV-8", "send the request as JSON (Content-Type: application/json)")
    raw = await _read(request)
    try:
        data = parse_json(raw.decode("utf-8"), REQUEST_LIMITS, what="the request")
    except UnicodeDecodeError:
        raise Refusal(400, "LIB-SRV-6", "the request is not UTF-8 text") from None
    except JSONLimitError as exc:
        raise Refusal(400, "LIB-SRV-6", f"the request is not JSON the server reads: {exc}") from None
    if not isinstance(data, dict):
        raise Refusal(400, "LIB-SRV-6", "the request is not a JSON object @ $")
    return data


def _request_id(body: Mapping[str, Any]) -> str | None:
    rid = body.get("id")
    if rid is None:
        return None
    if not isinstance(rid, str) or not _REQUEST_ID.fullmatch(rid):
        raise Refusal(400, "LIB-SRV-7", f"$.id: the request's id is 1 to 64 letters, digits or -_.: , not {quote(rid)}")
    return rid


class CreationKey:
    """The operator's key to create games over HTTP (LIB-SRV-11): only its
    SHA-256 is kept, and a key given is compared with it in constant time.
    ``None``: no game is created over HTTP (only by the program that runs
    the server, e.g. ``dlrules serve --new-game``)."""

    def __init__(self, key: str | None) -> None:
        self._hash = None if key is None else token_hash(key)

    def holds(self, given: object) -> bool:
        """Whether ``given`` is the key."""
        if self._hash is None or not isinstance(given, str):
            hmac.compare_digest(token_hash(""), b"\0" * 32)  # the same work as a comparison
            return False
        return hmac.compare_digest(token_hash(given), self._hash)

    def check(self, given: object) -> None:
        """Refuse to create a game without the key (401) or with another one (403)."""
        if self._hash is None:
            raise Refusal(403, "LIB-SRV-11", "this server creates games only from its command line (dlrules serve --new-game)")
        if given is None or given == "":
            raise Refusal(
                401, "LIB-SRV-11",
                "creating a game needs the server's creation key ($.key): open the creation link dlrules serve printed when it started",
            )  # fmt: skip
        if not self.holds(given):
            raise Refusal(
                403, "LIB-SRV-11",
                "$.key: not this server's creation key (dlrules serve prints a new creation link each time it starts)",
            )  # fmt: skip


CREATE_KEY_FIELD = "key"
"""The field of ``POST /games`` (JSON or the form's hidden field) that holds the creation key (LIB-SRV-11)."""

CREATE_FIELDS = ("players", "variant", "first_player", "auto_chance", "replayable", "seed", "no_special_events", "table_rulings", "bots")
"""The fields of a new game's request (``POST /games``)."""

MOVE_FIELDS = ("at", "move", "id")
"""The fields of a move request (``POST /g/G/T/move``); any other is refused by its name."""

DRAW_FIELDS = ("at", "id")
"""The fields of a draw request (``POST /g/G/T/draw``); any other is refused by its name."""

FORM_BOT_FIELDS = ("bot1", "bot2", "bot3", "bot4")
"""The home page's form seats bots with one list per seat instead of ``bots`` (empty: a person)."""


def _whole(data: Mapping[str, Any], key: str, default: int | None, low: int, high: int, form: bool) -> int | None:
    """The whole number ``data[key]`` from ``low`` to ``high`` (a JSON integer;
    in the form, digits), else a refusal with the field's path (LIB-SRV-5)."""
    value = data.get(key, default)
    if form and isinstance(value, str):
        text = value.strip()
        if text == "" and default is None:
            return None
        if _digits(text) and len(text) <= 20:
            value = int(text)
    if value is None and default is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise Refusal(400, "LIB-SRV-5", f"$.{key}: expected a whole number from {low} to {high}, not {quote(value)}")
    return value


def _yes(data: Mapping[str, Any], key: str, form: bool) -> bool:
    value = data.get(key, False)
    if form:
        return value in ("1", "on", "true")
    if type(value) is not bool:
        raise Refusal(400, "LIB-SRV-5", f"$.{key}: expected true or false, not {quote(value)}")
    return value


def game_request(data: Mapping[str, Any], form: bool = False) -> dict[str, Any]:
    """The arguments of ``Tables.create`` from a request, strictly (LIB-SRV-5):
    no unknown field, every number a whole number in its range (``2.9``
    players is refused, not rounded), true or false where a yes/no belongs."""
    fields = tuple(f for f in CREATE_FIELDS if f != "bots") + FORM_BOT_FIELDS if form else CREATE_FIELDS
    unknown = sorted(k for k in data if k not in fields)
    if unknown:
        raise Refusal(400, "LIB-SRV-5", f"$.{_field(unknown[0])}: not a field of a new game (they are {', '.join(fields)})")
    players = _whole(data, "players", 4, 2, 4, form)
    first = _whole(data, "first_player", 1, 1, 4, form)
    assert players is not None and first is not None
    variant = data.get("variant", "full")
    if not isinstance(variant, str):
        raise Refusal(400, "LIB-SRV-5", f'$.variant: expected "full" or "first", not {quote(variant)}')
    return {
        "players": players,
        "variant": variant,
        "first_player": first - 1,
        "seed": _whole(data, "seed", None, 0, MAX_SEED, form),
        "auto_chance": _yes(data, "auto_chance", form),
        "replayable": _yes(data, "replayable", form),
        "special_events": not _yes(data, "no_special_events", form),  # SPE-3's easier game
        "table_rulings": _yes(data, "table_rulings", form),  # LIB-TAB-8
        "bots": _bots(data, players, form),  # LIB-SRV-10
    }


def _bots(data: Mapping[str, Any], players: int, form: bool) -> dict[int, str]:
    """The bots to seat (seat from 0 → name) from ``bots`` (an object from
    seat numbers "1".."4" to bot names) or the form's ``bot1``..``bot4``;
    names and seats are checked by ``Tables.create`` (LIB-SRV-10)."""
    if form:
        return {int(k[3:]) - 1: v for k in FORM_BOT_FIELDS if (v := str(data.get(k, "")).strip())}
    given = data.get("bots", {})
    if not isinstance(given, dict):
        raise Refusal(400, "LIB-SRV-10", f'$.bots: expected an object from seats to bots, like {{"2": "greedy"}}, not {quote(given)}')
    bots: dict[int, str] = {}
    for key, name in given.items():
        if not (_digits(key) and len(key) <= 2 and 1 <= int(key) <= players):
            raise Refusal(400, "LIB-SRV-10", f"$.bots.{_field(key)}: a bot's seat is a player from 1 to {players}")
        if not isinstance(name, str):
            raise Refusal(400, "LIB-SRV-10", f"$.bots.{key}: expected a bot's name, not {quote(name)}")
        bots[int(key) - 1] = name
    return bots


def public_url_of(text: str) -> str:
    """The address phones reach the server at, as given to ``--public-url``
    (``http://192.168.1.20:8000``), without a final ``/``; raises
    ``ValueError`` with one sentence for anything else (a path, a query, no
    host, another scheme)."""
    parts = urllib.parse.urlsplit(text.strip())
    try:
        parts.port  # noqa: B018 - a port that is not a number raises
    except ValueError:
        raise ValueError(f"the public address's port is a number, like http://192.168.1.20:8000, not {text[:80]!r}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"the public address is http:// or https:// and a host, like http://192.168.1.20:8000, not {text[:80]!r}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username or parts.password:
        raise ValueError(f"the public address is a scheme, a host and a port only, like http://192.168.1.20:8000, not {text[:80]!r}")
    return f"{parts.scheme}://{parts.netloc}".lower()


def own_names() -> frozenset[str]:
    """The names this computer answers to besides its addresses: ``localhost``,
    its host name (and with ``.local``, as phones often find it) and its full name."""
    names = {"localhost"}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names |= {name.lower(), name.lower().split(".")[0] + ".local"}
    return frozenset(names)


def _host_name(host: str) -> str:
    """The name part of a ``Host`` header (no port, no IPv6 brackets), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """The server's door (LIB-SRV-8), an ASGI middleware:

    - every request must name this server in ``Host``: one of its addresses
      (any IP address) or one of ``names``, so a page of another site that
      points its own name at this server ("DNS rebinding") is refused;
    - a write (``POST``) that a browser sends from another site (its
      ``Origin`` is not this server, or ``Sec-Fetch-Site`` says cross-site) is
      refused: another site's page can neither create games nor move;
    - every answer carries ``SECURITY_HEADERS``.
    """

    def __init__(self, app: ASGIApp, names: Iterable[str]) -> None:
        self.app = app
        self.names = frozenset(n.lower() for n in names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(str(scope["method"]), headers)
        if refusal is not None:
            await _refused(refusal)(scope, receive, _secured(send))
            return
        await self.app(scope, receive, _secured(send))

    def refusal(self, method: str, headers: Mapping[str, str]) -> Refusal | None:
        """Why a request with these headers is refused, or None."""
        host = headers.get("host", "").strip().lower()
        name = _host_name(host)
        if not (_is_address(name) or name in self.names):
            return Refusal(400, "LIB-SRV-8", "this server does not answer to that name")
        if method in ("GET", "HEAD", "OPTIONS"):
            return None
        origin = headers.get("origin")
        if origin is not None:
            parts = urllib.parse.urlsplit(origin.strip())
            if parts.scheme not in ("http", "https") or parts.netloc.lower() != host:
                return Refusal(403, "LIB-SRV-8", "a request from another site is refused")
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return Refusal(403, "LIB-SRV-8", "a request from another site is refused")
        return None


def _secured(send: Send) -> Send:
    """``send`` with ``SECURITY_HEADERS`` added to the answer's headers (those it lacks)."""

    async def secured(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {k.decode("latin-1").lower() for k, _ in headers}
            extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.lower() not in present]
            message = dict(message, headers=headers + extra)
        await send(message)

    return secured


def create_app(
    db: str = "dlrules-games.sqlite",
    *,
    sse_seconds: float = 60.0,
    poll: float = 0.2,
    names: Iterable[str] = (),
    create_key: str | None = None,
    body_seconds: float = BODY_SECONDS,
    public_url: str | None = None,
) -> Starlette:
    """The server for the games in the SQLite file ``db`` (created if absent).
    ``sse_seconds`` bounds each event stream (the browser reconnects).
    ``names``: host names the server answers to besides any IP address and
    its own names (``own_names``), e.g. the name a reverse proxy passes on.
    ``create_key``: the key that creating a game over HTTP needs (LIB-SRV-11;
    the creation link is ``/new/KEY``; make it with ``new_token()``); only
    its hash is kept. Without it no game is created over HTTP.
    ``body_seconds``: how long a request's body may take (LIB-SRV-12; the
    headers' deadline is the protocol's, ``dlrules.apps.serve.timeouts``).
    ``public_url``: the address the phones use (``http://192.168.1.20:8000``,
    ``public_url_of``), which the links page gives; the server answers to
    its host name too. Without it the links use the address the creating
    browser used."""
    public = None if public_url is None else public_url_of(public_url)
    if public is not None:
        names = [*names, _host_name(urllib.parse.urlsplit(public).netloc)]
    tables = Tables(Store(db))
    creation = CreationKey(create_key)
    bots = BotRunner(tables)  # plays the bots' seats on its own thread, never in a request (LIB-SRV-10)

    def lookup(request: Request) -> tuple[Game, Role]:
        return tables.find(str(request.path_params["game"]), str(request.path_params["token"]))

    def not_created(r: Refusal, key: object) -> Response:
        back = f"/new/{key}" if creation.holds(key) else "/"  # back to the form only for whoever holds the key
        return HTMLResponse(message_page(f"The game was not created: {r.message}.", back), status_code=r.status, headers=_PAGE)

    async def home(request: Request) -> Response:
        return HTMLResponse(welcome_page(), headers=_PAGE)

    async def new(request: Request) -> Response:
        key = str(request.path_params["key"])
        if not creation.holds(key):
            r = Refusal(403, "LIB-SRV-11", "this is not this server's creation link (dlrules serve prints a new one each time it starts)")
            return HTMLResponse(message_page(r.message[0].upper() + r.message[1:] + "."), status_code=r.status, headers=_PAGE)
        return HTMLResponse(home_page(key), headers=_FORM)

    async def create(request: Request) -> Response:
        form = _media_type(request) == "application/x-www-form-urlencoded"  # the home page's form
        key: object = None
        try:
            if form:
                raw = await _read(request)  # parsed here: no python-multipart needed
                data: dict[str, Any] = {}
                try:
                    pairs = urllib.parse.parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=20)
                except ValueError:
                    raise Refusal(400, "LIB-SRV-5", "the form has too many fields") from None
                for k, v in pairs:
                    if k in data:
                        raise Refusal(400, "LIB-SRV-5", f"$.{_field(k)}: given twice")
                    data[k] = v
            else:
                data = await _body(request)
            key = data.pop(CREATE_KEY_FIELD, None)
            creation.check(key)  # before any other field is read: nothing is created, nothing told, without the key
            created = tables.create(**game_request(data, form))
        except Refusal as r:
            return not_created(r, key) if form else _refused(r)  # the form: a page that says what to change
        host = f"/g/{created.game}/{created.host}"
        seats = [None if t is None else f"/g/{created.game}/{t}" for t in created.seats]
        if form:
            base = public or str(request.base_url).rstrip("/")
            bots = tables.games[created.game].row.bots
            return HTMLResponse(links_page(base, host, seats, bots, f"/new/{key}"), headers=_PAGE)
        return JSONResponse({"ok": True, "game": created.game, "host": host, "seats": seats})

    async def page(request: Request) -> Response:
        try:
            game, role = lookup(request)
        except Refusal as r:
            return PlainTextResponse(r.message, status_code=r.status)
        title = "host" if role is HOST else f"Player {role + 1}"
        return HTMLResponse(game_page(title), headers=_PAGE)

    # The handlers run on the event loop, one at a time: the work is CPU-bound
    # (a few milliseconds), and threads would only fight over the GIL.
    async def state(request: Request) -> Response:
        try:
            game, role = lookup(request)
            with game.lock:
                data = page_data(game, role)
        except Refusal as r:
            return _refused(r)
        return JSONResponse(data)

    async def svg(request: Request) -> Response:
        try:
            game, role = lookup(request)
            with game.lock:
                text, n = picture(game, role, str(request.query_params.get("part", "position"))), game.n
        except Refusal as r:
            return _refused(r)
        return Response(text, media_type="image/svg+xml", headers=dict(_SVG, **{"X-Move": str(n)}))

    async def move(request: Request) -> Response:
        try:
            game, role = lookup(request)
            body = await _body(request)
            _only(body, MOVE_FIELDS)
            text = body.get("move")
            if isinstance(text, dict):
                text = json.dumps(text)
            if not isinstance(text, str):
                raise Refusal(400, "LIB-SRV-6", "$.move: say which move: 'move', a move's JSON")
            n = tables.submit(game, role, body.get("at"), text, _request_id(body))
        except Refusal as r:
            return _refused(r)
        return JSONResponse({"ok": True, "n": n})

    async def draw(request: Request) -> Response:
        try:
            game, role = lookup(request)
            body = await _body(request)
            _only(body, DRAW_FIELDS)
            n = tables.draw(game, role, body.get("at"), _request_id(body))
        except Refusal as r:
            return _refused(r)
        return JSONResponse({"ok": True, "n": n})

    async def record(request: Request) -> Response:
        from dlrules.core.engine import to_move

        try:
            game, role = lookup(request)
            if role is not HOST:
                raise Refusal(403, "LIB-SRV-2", "the record is the host's to download")
            if to_move(game.state):
                raise Refusal(403, "LIB-SRV-2", "the record holds every secret: it is given once the game is over")
        except Refusal as r:
            return _refused(r)
        return PlainTextResponse(tables.record_text(game.row.id), media_type="application/x-ndjson")

    async def events(request: Request) -> Response:
        try:
            game, _ = lookup(request)
        except Refusal as r:
            return _refused(r)

        async def stream() -> AsyncIterator[str]:
            yield f"retry: 1000\nevent: move\ndata: {game.n}\n\n"
            seen = game.version
            loop = asyncio.get_running_loop()
            end = loop.time() + sse_seconds
            while loop.time() < end:  # bounded: the browser reconnects
                await asyncio.sleep(poll)
                if game.version != seen:
                    seen = game.version
                    yield f"event: move\ndata: {game.n}\n\n"
            yield ": bye\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"})

    routes = [
        Route("/", home),
        Route("/new/{key}", new),
        Route("/games", create, methods=["POST"]),
        Route("/g/{game}/{token}", page),
        Route("/g/{game}/{token}/state", state),
        Route("/g/{game}/{token}/picture", svg),
        Route("/g/{game}/{token}/move", move, methods=["POST"]),
        Route("/g/{game}/{token}/draw", draw, methods=["POST"]),
        Route("/g/{game}/{token}/events", events),
        Route("/g/{game}/{token}/record", record),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(Guard, names=own_names() | {n.lower() for n in names})
    app.state.tables = tables
    app.state.bots = bots
    app.state.body_seconds = body_seconds
    return app
