"""The child processes a change to dlrules is tried in (``counterfactual``):
each puts one change in place, empties dlrules' caches and answers one
question down a pipe; dlrules in the driver is never changed, and a change
that loops or crashes costs only its child."""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable

from dlrules.apps.conformance.blame import clear_caches
from dlrules.core.known import RECENT

Install = Callable[[], None]
"""Puts one change in place (in the child process that tries it)."""


def fresh_caches() -> None:
    """Empty dlrules' caches in the child, so a changed function is asked
    again: every ``functools`` cache of its modules and the loop's recent states."""
    clear_caches()
    RECENT.clear()


PENDING = object()
"""A child that has not answered yet."""


def child(install: Install, job: Callable[[], bytes]) -> tuple[int, int]:
    """A child process that puts a change in place and answers ``job()``
    (``b"-"`` when either fails): its pid and the pipe it answers on."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: change, work, answer, and leave without cleaning up
        os.close(read)
        try:
            install()
            fresh_caches()
            answer = job()
        except BaseException:  # noqa: BLE001 - a change that breaks dlrules explains nothing
            answer = b"-"
        try:
            os.write(write, answer)
        finally:
            os._exit(0)
    os.close(write)
    return pid, read


def collect(pid: int, pipe: int, end: float) -> object:
    """The digest of the child's outcome (``b"-"`` or nothing when it failed,
    None when it passed ``end``), or ``PENDING`` while it is still at work."""
    if not select.select([pipe], [], [], 0)[0]:
        if time.monotonic() < end:
            return PENDING
        stop(pid, pipe)
        return None
    chunks: list[bytes] = []
    while chunk := os.read(pipe, 1 << 16):
        chunks.append(chunk)
    os.close(pipe)
    os.waitpid(pid, 0)
    return b"".join(chunks)


def stop(pid: int, pipe: int) -> None:
    """End a child that outlasted its time, and reap it."""
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.close(pipe)
    os.waitpid(pid, 0)
