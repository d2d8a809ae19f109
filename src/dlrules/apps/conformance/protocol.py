"""The referee protocol's server loop (``dlrules engine``; the protocol:
docs/conformance.md and the kit's ``protocol.md``): one JSON request per line
on stdin, one JSON answer per line on stdout, until ``quit`` or the end of input.
"""

from __future__ import annotations

import json
import sys
from typing import NoReturn, TextIO

from dlrules.apps.conformance.engines import Referee


def _no_constant(name: str) -> NoReturn:
    """NaN and Infinity are not JSON (RFC 8259): a line using them is refused,
    and so never echoed back (an ``id`` of NaN) as an answer that is not JSON."""
    raise ValueError(f"{name} is not JSON")


def serve(referee: Referee | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Answer requests until ``quit`` or end of input; returns exit status 0.
    A line that is not JSON gets a ``bad_request`` answer; nothing is fatal."""
    referee = referee or Referee()
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    for line in source:
        if not line.strip():
            continue
        try:
            request = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError):  # RecursionError: nested too deep to read
            request = None
            answer = {"ok": False, "error": {"kind": "bad_request", "message": "the line is not JSON"}}
        else:
            answer = referee.handle(request)
        sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()
        if isinstance(request, dict) and request.get("cmd") == "quit" and answer.get("ok"):
            break
    return 0
