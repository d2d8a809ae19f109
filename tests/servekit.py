"""A ``dlrules serve`` subprocess on 127.0.0.1 for the tests (never left running)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

CREATE_KEY = "the-hosts-creation-key"
"""The creation key (LIB-SRV-11) the in-process test servers are made with (``create_app(create_key=...)``)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``dlrules serve`` in a subprocess on 127.0.0.1; always stopped by the test."""

    def __init__(self, db: Path, *extra: str, port: int | None = None) -> None:
        self.db = db
        self.port = free_port() if port is None else port
        env = dict(os.environ)
        src = str(Path(__file__).resolve().parents[1] / "src")
        env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dlrules", "serve", "--db", str(db), "--host", "127.0.0.1", "--port", str(self.port), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        )  # fmt: skip
        self.base = f"http://127.0.0.1:{self.port}"
        self.lines: list[str] = []
        self.create_key = ""  # the creation key the server printed (LIB-SRV-11)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/", timeout=1).status_code == 200:
                    self._read_creation_link()
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                break
        self.kill()
        raise AssertionError("the server did not start: " + (self.proc.stdout.read() if self.proc.stdout else ""))

    def _read_creation_link(self) -> None:
        """The first line the server printed (before it was ready) names its creation link ``/new/KEY``."""
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        self.lines.append(line)
        found = re.search(r"create one at http://\S+/new/(\S+) ", line)
        assert found, f"no creation link printed: {line!r}"
        self.create_key = found.group(1)

    def links(self, count: int = 3) -> list[str]:
        """The ``count`` links ``--new-game`` printed (before the server was
        ready): the host's and one per seat (3 for a 2-player game)."""
        assert self.proc.stdout is not None
        out: list[str] = []
        while len(out) < count:
            line = self.proc.stdout.readline()
            assert line, "no links printed"
            self.lines.append(line)
            out += re.findall(r"(/g/\S+)", line)
        return out

    def restart(self) -> "Server":
        """``kill -9`` this server and start another on the same file and port
        (no new game): the table's laptop switched off and on again."""
        self.kill()
        return Server(self.db, port=self.port)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        if self.proc.stdout:
            self.proc.stdout.close()

    def kill_and_read(self) -> None:
        """Stop the server and keep everything it wrote in ``lines``."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        if self.proc.stdout:
            self.lines.append(self.proc.stdout.read())
            self.proc.stdout.close()
