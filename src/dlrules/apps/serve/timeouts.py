"""Slow clients are dropped (issue 35, LIB-SRV-12): uvicorn's HTTP/1.1
protocol with a deadline on a request's headers.

uvicorn keeps a connection open between requests for ``timeout_keep_alive``
seconds, but a client that has begun a request may send its headers a byte
a minute and hold the connection for as long as it likes (each byte resets
the keep-alive timer). ``with_header_timeout(seconds)`` is uvicorn's h11
protocol with one more timer: the headers of each request must be complete
within ``seconds`` of the connection's opening, or of the first byte after
the previous answer; else the connection is closed. The body's own deadline
is the application's (``dlrules.apps.serve.app``: 408 when the body is late).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
"""How long a client has to send a request's headers (LIB-SRV-12)."""


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol; the headers of a request are due within
    ``header_seconds`` (a class attribute: ``with_header_timeout`` sets it)."""

    header_seconds: float = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        if self._header_timer is None and (before is None or before.response_complete):
            self._arm()  # the first byte of the next request: its headers are due from now
        super().data_received(data)
        if self.cycle is not before:  # a request's headers were read
            self._disarm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        """The headers are late: the connection is closed (no answer: the client is not reading one)."""
        self._header_timer = None
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered: its headers came in time
        if not self.transport.is_closing():
            self.transport.close()


def with_header_timeout(seconds: float = HEADER_SECONDS) -> type[HeaderTimeoutProtocol]:
    """The protocol class to give ``uvicorn.run(http=...)``: headers due within ``seconds``."""
    if not seconds > 0:
        raise ValueError(f"the header timeout is a number of seconds above 0, not {seconds!r}")
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_seconds": float(seconds)})
