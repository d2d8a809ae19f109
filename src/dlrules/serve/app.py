"""The table server's HTTP side: a Starlette application (docs/serve.md).

Routes (``G`` a game's id, ``T`` a token: the host's or a seat's):

- ``GET /``: a form to create a game; ``POST /games`` creates one (form or
  JSON ``{"players", "variant", "first_player", "seed", "auto_chance",
  "no_special_events", "table_rulings"}``) and answers with the host's link
  and one link per seat (shown once);
- ``GET /g/G/T``: the page of that link (a seat's view, or the host's);
- ``GET /g/G/T/state``: the same as JSON (``dlrules.serve.table.page_data``);
- ``GET /g/G/T/picture``: the position's picture as that link sees it (SVG);
- ``POST /g/G/T/move``: ``{"at": N, "move": <a move's JSON>}``;
- ``POST /g/G/T/draw``: ``{"at": N}``: the server draws the chance card;
- ``GET /g/G/T/events``: server-sent events, one ``move`` event (data: the
  move number) whenever the game moves; the stream ends after a while and the
  browser reconnects by itself;
- ``GET /g/G/T/record``: the game's record, for the host, once the game is over.

A refusal is JSON ``{"ok": false, "rule", "message", "violations": [...]}``
with status 400 (unreadable), 403 (not this link's to do), 404 (no such game
or link: the same answer whether the game exists or not), 409 (stale: the game
moved on) or 422 (the rules forbid it; each violation carries the rule's
statement).
"""

from __future__ import annotations

import asyncio
import json
import urllib.parse
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from dlrules.serve.pages import game_page, home_page, links_page, message_page
from dlrules.serve.store import Store
from dlrules.serve.table import HOST, Game, Refusal, Role, Tables, page_data, picture

MAX_BODY = 64 * 1024
"""The largest request body read (a move's JSON is well under 1 KB)."""

_NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}

_PAGE = dict(
    _NO_STORE,
    **{
        # The pages load nothing from anywhere else and talk only to this server.
        "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        "connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    },
)


def _refused(r: Refusal) -> JSONResponse:
    return JSONResponse(r.data(), status_code=r.status, headers=_NO_STORE)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refusal(400, "LIB-SRV-6", "the request is too large")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Refusal(400, "LIB-SRV-6", "the request is not JSON") from None
    if not isinstance(data, dict):
        raise Refusal(400, "LIB-SRV-6", "the request is not a JSON object")
    return data


def create_app(db: str = "dlrules-games.sqlite", *, sse_seconds: float = 60.0, poll: float = 0.2) -> Starlette:
    """The server for the games in the SQLite file ``db`` (created if absent).
    ``sse_seconds`` bounds each event stream (the browser reconnects)."""
    tables = Tables(Store(db))

    def lookup(request: Request) -> tuple[Game, Role]:
        return tables.find(str(request.path_params["game"]), str(request.path_params["token"]))

    async def home(request: Request) -> Response:
        return HTMLResponse(home_page(), headers=_PAGE)

    async def create(request: Request) -> Response:
        form = request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded")
        try:
            if form:
                raw = await request.body()  # parsed here: no python-multipart needed
                if len(raw) > MAX_BODY:
                    raise Refusal(400, "LIB-SRV-6", "the request is too large")
                pairs = urllib.parse.parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True)
                data: dict[str, Any] = dict(pairs)
            else:
                data = await _body(request)
            try:
                players = int(data.get("players", 4))
                first = int(data.get("first_player", 1)) - 1
                seed = int(data["seed"]) if str(data.get("seed", "")).strip() else None
            except (TypeError, ValueError):
                raise Refusal(400, "LIB-SRV-5", "players, first_player and seed are whole numbers") from None
            auto = data.get("auto_chance", False) in (True, "1", "on", "true")
            plain = data.get("no_special_events", False) in (True, "1", "on", "true")  # SPE-3's easier game
            rulings = data.get("table_rulings", False) in (True, "1", "on", "true")  # LIB-TAB-8
            created = tables.create(
                players, str(data.get("variant", "full")), first, seed, auto, special_events=not plain, table_rulings=rulings
            )
        except Refusal as r:
            if form:  # the home page's form: a page that says what to change
                return HTMLResponse(message_page(f"The game was not created: {r.message}."), status_code=r.status, headers=_PAGE)
            return _refused(r)
        host = f"/g/{created.game}/{created.host}"
        seats = [f"/g/{created.game}/{t}" for t in created.seats]
        if form:
            base = str(request.base_url).rstrip("/")
            return HTMLResponse(links_page(base, host, seats), headers=_PAGE)
        return JSONResponse({"ok": True, "game": created.game, "host": host, "seats": seats}, headers=_NO_STORE)

    async def page(request: Request) -> Response:
        try:
            game, role = lookup(request)
        except Refusal as r:
            return PlainTextResponse(r.message, status_code=r.status, headers=_NO_STORE)
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
        return JSONResponse(data, headers=_NO_STORE)

    async def svg(request: Request) -> Response:
        try:
            game, role = lookup(request)
            with game.lock:
                text, n = picture(game, role), game.n
        except Refusal as r:
            return _refused(r)
        return Response(text, media_type="image/svg+xml", headers=dict(_NO_STORE, **{"X-Move": str(n)}))

    async def move(request: Request) -> Response:
        try:
            game, role = lookup(request)
            body = await _body(request)
            text = body.get("move")
            if isinstance(text, dict):
                text = json.dumps(text)
            if not isinstance(text, str):
                raise Refusal(400, "LIB-SRV-6", "say which move: 'move', a move's JSON")
            n = tables.submit(game, role, body.get("at"), text)
        except Refusal as r:
            return _refused(r)
        return JSONResponse({"ok": True, "n": n}, headers=_NO_STORE)

    async def draw(request: Request) -> Response:
        try:
            game, role = lookup(request)
            body = await _body(request)
            n = tables.draw(game, role, body.get("at"))
        except Refusal as r:
            return _refused(r)
        return JSONResponse({"ok": True, "n": n}, headers=_NO_STORE)

    async def record(request: Request) -> Response:
        from dlrules.engine import to_move

        try:
            game, role = lookup(request)
            if role is not HOST:
                raise Refusal(403, "LIB-SRV-2", "the record is the host's to download")
            if to_move(game.state):
                raise Refusal(403, "LIB-SRV-2", "the record holds every secret: it is given once the game is over")
        except Refusal as r:
            return _refused(r)
        return PlainTextResponse(tables.record_text(game.row.id), media_type="application/x-ndjson", headers=_NO_STORE)

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

        headers = dict(_NO_STORE, **{"X-Accel-Buffering": "no"})
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    routes = [
        Route("/", home),
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
    app.state.tables = tables
    return app
