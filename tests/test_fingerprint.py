"""Same answers: the digest of seeded whole games (``benchmarks/fingerprint.py``,
one seed per player count and variant: states, legal moves, events, outcome)
equals the committed one in ``tests/fixtures/fingerprint.txt``.

A speed-up must leave it unchanged. A deliberate change of the rules changes
it: regenerate the file with the command written at its top,

    python benchmarks/fingerprint.py --seeds 1 --write tests/fixtures/fingerprint.txt

and commit it with the rule change."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "tests" / "fixtures" / "fingerprint.txt"


def test_seeded_whole_games_give_the_committed_fingerprint() -> None:
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "benchmarks" / "fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lines = [line for line in COMMITTED.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    seeds, expected = int(lines[0].removeprefix("seeds ")), lines[1]
    assert module.fingerprint(seeds) == expected, (
        "the seeded games' answers changed; if the rules changed on purpose, regenerate with "
        f"python benchmarks/fingerprint.py --seeds {seeds} --write tests/fixtures/fingerprint.txt"
    )
