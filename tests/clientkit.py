"""The table server in the test process, through Starlette's test client (no
network): one import of the client and one way to build a server, for every
test of ``dlrules serve`` that does not need a real process (``servekit``)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette asks for httpx2, which is not on PyPI here; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from dlrules.apps.serve.app import create_app  # noqa: E402
from servekit import CREATE_KEY  # noqa: E402

__all__ = ["TestClient", "client", "table_client"]


def table_client(sse_seconds: float = 0.3) -> TestClient:
    """A fresh server in memory, answering as ``testserver``, whose creation
    key is ``servekit.CREATE_KEY``; live updates end after ``sse_seconds``."""
    return TestClient(create_app(":memory:", sse_seconds=sse_seconds, poll=0.05, names=["testserver"], create_key=CREATE_KEY))


@pytest.fixture
def client() -> TestClient:
    """A fresh in-memory server for one test (``table_client``)."""
    return table_client()
