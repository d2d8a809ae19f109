"""The desk's HTTP side: a Starlette application served by ``dlrules desk``
on this computer (docs/desk.md).

Routes: ``GET /`` the page (with ``desk.js`` and ``desk.css``);
``POST /api/check`` ``{"text"}``: ``validate``'s objections, and once the
position is possible who is to move and each seat's legal moves
(``dlrules.apps.desk.entry.objections``); ``POST /api/ask`` ``{"text", "move"}``:
the desk's answer (``dlrules.apps.desk.ask``); ``POST /api/export`` ``{"text",
"kind"}`` with ``kind`` ``text``, ``json`` or ``svg``; ``GET
/api/new?players=3&variant=full``: a new game's position text.

Every answer is JSON ``{"ok": true, …}`` or ``{"ok": false, "message"}``
(status 400 for what cannot be read). Requests are JSON objects of the
route's fields only, of at most ``MAX_BODY`` bytes arriving within
``BODY_SECONDS`` (408 after), from the desk's own page or a program (no ``Origin`` of
another site), naming this computer in their ``Host`` (the desk listens on
127.0.0.1 by default: a page elsewhere cannot reach it by a renamed host).
The server keeps nothing: the position lives in the page."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from dlrules.apps.desk import DeskError, ask
from dlrules.apps.desk.entry import export, new_position, objections
from dlrules.apps.desk.page import STYLE, desk_page, desk_script
from dlrules.records.limits import JSONLimitError, Limits, parse_json

MAX_BODY = 64 * 1024
"""The largest request read, in bytes (a position is a few thousand characters)."""

BODY_SECONDS = 10.0
"""How long a request's body may take to arrive (LIB-SRV-12, as the table
server's; the headers' deadline is ``dlrules.apps.serve.timeouts``'s, given
to uvicorn by ``dlrules desk``)."""

LIMITS = Limits(max_size=MAX_BODY, max_depth=4, max_int_digits=6)

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
}

LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")


def _refuse(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"ok": False, "message": message}, status_code=status, headers=HEADERS)


def _host_ok(request: Request, names: tuple[str, ...]) -> bool:
    host = request.headers.get("host", "")
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return name.lower() in names


def _path(key: str) -> str:
    """A request field's ``$.`` path, the key escaped when it is not a plain name."""
    return f"$.{key}" if re.fullmatch(r"[A-Za-z0-9_-]{1,40}", key) else f"$[{json.dumps(key[:40])}]"


def _fields(data: Any, fields: tuple[str, ...]) -> dict[str, str] | JSONResponse:
    """The request's fields, strictly (as the table server's, LIB-SRV-5): an
    object of the route's ``fields`` only, each a string of characters (a
    lone surrogate, which JSON may spell as ``"\\ud800"``, is no character);
    ``"text"`` is needed. A refusal names its ``$.`` path."""
    if not isinstance(data, dict):
        return _refuse('$: a request is a JSON object with the position as "text"')
    unknown = sorted(k for k in data if k not in fields)
    if unknown:
        return _refuse(f"{_path(unknown[0])}: not a field of this request (they are {', '.join(fields)})")
    if "text" not in data:
        return _refuse('$.text: a request holds the position as "text"')
    for key, value in data.items():
        if not isinstance(value, str):
            return _refuse(f"$.{key}: expected a string, not {type(value).__name__ if value is not None else 'null'}")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            return _refuse(f"$.{key}: character {exc.start + 1} is a lone surrogate, not a character")
    return dict(data)


async def _body(request: Request, names: tuple[str, ...], fields: tuple[str, ...] = ("text",)) -> dict[str, str] | JSONResponse:
    """The request's JSON object of ``fields``, or the refusal to send."""
    origin = request.headers.get("origin")
    if origin is not None and origin.split("//", 1)[-1].rsplit(":", 1)[0].lower() not in [n.strip("[]") for n in names] + list(names):
        return _refuse("requests come from the desk's own page", 403)
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        return _refuse("send JSON (Content-Type: application/json)", 415)
    length = request.headers.get("content-length", "")
    if length.isascii() and length.isdigit() and int(length) > MAX_BODY:  # refused unread (as LIB-SRV-6)
        return _refuse(f"a request is at most {MAX_BODY} bytes", 413)
    seconds: float = getattr(request.app.state, "body_seconds", BODY_SECONDS)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(seconds):  # LIB-SRV-12, as the table server: a late body is refused
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    return _refuse(f"a request is at most {MAX_BODY} bytes", 413)
                chunks.append(chunk)
    except TimeoutError:
        return _refuse(f"the request's body did not arrive within {seconds:g} seconds", 408)
    except ClientDisconnect:
        return _refuse("the client went away before its request was read")
    raw = b"".join(chunks)
    try:
        data = parse_json(raw.decode("utf-8"), LIMITS, what="the request")
    except UnicodeDecodeError as exc:
        return _refuse(f"$: the request is not UTF-8 (byte {exc.start + 1})")
    except (JSONLimitError, ValueError) as exc:
        return _refuse(str(exc))
    return _fields(data, fields)


def create_app(names: tuple[str, ...] = LOCAL_NAMES, body_seconds: float = BODY_SECONDS) -> Starlette:
    """The desk's application; ``names`` are the host names it answers to;
    a request's body is due within ``body_seconds``."""
    allowed = tuple(n.lower() for n in names)

    async def page(request: Request) -> Response:
        if not _host_ok(request, allowed):
            return _refuse("the desk answers only as this computer (127.0.0.1 or localhost)", 403)
        return HTMLResponse(desk_page(), headers=HEADERS)

    async def script(request: Request) -> Response:
        return Response(desk_script(), media_type="text/javascript", headers=HEADERS)

    async def style(request: Request) -> Response:
        return Response(STYLE, media_type="text/css", headers=HEADERS)

    async def check(request: Request) -> Response:
        if not _host_ok(request, allowed):
            return _refuse("the desk answers only as this computer", 403)
        data = await _body(request, allowed)
        if isinstance(data, JSONResponse):
            return data
        return JSONResponse(objections(data["text"]), headers=HEADERS)

    async def question(request: Request) -> Response:
        if not _host_ok(request, allowed):
            return _refuse("the desk answers only as this computer", 403)
        data = await _body(request, allowed, ("text", "move"))
        if isinstance(data, JSONResponse):
            return data
        move = data.get("move")
        if move is None:
            return _refuse('$.move: the question needs the move in the notation as "move" (such as "P2 dig C2")')
        from dlrules.apps.desk import read_position

        try:
            answer = ask(read_position(data["text"]), move)
        except DeskError as exc:
            return _refuse(str(exc))
        return JSONResponse({"ok": True, **answer.data()}, headers=HEADERS)

    async def exported(request: Request) -> Response:
        if not _host_ok(request, allowed):
            return _refuse("the desk answers only as this computer", 403)
        data = await _body(request, allowed, ("text", "kind"))
        if isinstance(data, JSONResponse):
            return data
        if "kind" not in data:
            return _refuse('$.kind: export as "text", "json" or "svg"')
        try:
            content, media = export(data["text"], data["kind"])
        except DeskError as exc:
            return _refuse(str(exc))
        return JSONResponse({"ok": True, "content": content, "type": media}, headers=HEADERS)

    async def new(request: Request) -> Response:
        if not _host_ok(request, allowed):
            return _refuse("the desk answers only as this computer", 403)
        players = request.query_params.get("players", "3")
        variant = request.query_params.get("variant", "full")
        try:
            # ASCII digits only, as the table server's creation (LIB-SRV-12): int("٣") is 3
            text = new_position(int(players) if players.isascii() and players.isdigit() and len(players) < 3 else 0, variant)
        except DeskError as exc:
            return _refuse(str(exc))
        return JSONResponse({"ok": True, "text": text}, headers=HEADERS)

    routes = [
        Route("/", page), Route("/desk.js", script), Route("/desk.css", style),
        Route("/api/check", check, methods=["POST"]), Route("/api/ask", question, methods=["POST"]),
        Route("/api/export", exported, methods=["POST"]), Route("/api/new", new),
    ]  # fmt: skip
    app = Starlette(routes=routes)
    app.state.body_seconds = body_seconds
    return app


__all__ = ["MAX_BODY", "create_app"]
