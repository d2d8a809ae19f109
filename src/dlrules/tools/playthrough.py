"""The OpenSpiel playthrough of ``python_dungeon_lords`` (docs/ai.md), the
record OpenSpiel keeps of each of its games: a seeded game written by
OpenSpiel's own ``generate_playthrough`` (every state's strings, tensors,
legal actions and the action taken), kept gzipped in
``tests/fixtures/playthroughs/`` and checked by replaying it
(``tests/test_adapter_playthrough.py``, as OpenSpiel's ``playthrough_test``).

Usage (from the repository root; extra ``dlrules[openspiel]``)::

    python -m dlrules.tools.playthrough            # exit 1 if the file is stale
    python -m dlrules.tools.playthrough --write    # write it again
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path

GAME = "python_dungeon_lords(players=2,variant=first)"
"""The game of the playthrough: the shortest configuration (2 players, the first game)."""

SEED = 7
"""The seed of the playthrough's random actions."""


def path() -> Path:
    """The gzipped playthrough in the repository this module belongs to."""
    return Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "playthroughs" / "python_dungeon_lords.txt.gz"


def _ready() -> None:
    """OpenSpiel's generator reads an absl flag: mark the flags parsed when
    nobody has (outside an absl program), and register the game."""
    from absl import flags

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    import dlrules.agents.adapters.openspiel  # noqa: F401 - registers the game


def generate() -> str:
    """A fresh playthrough of ``GAME`` with ``SEED``."""
    _ready()
    from open_spiel.python.algorithms import generate_playthrough

    return str(generate_playthrough.playthrough(GAME, None, seed=SEED))


def read() -> str:
    with gzip.open(path(), "rt", encoding="utf-8") as f:
        return f.read()


def replay(text: str, workdir: Path) -> tuple[str, str]:
    """OpenSpiel's ``replay`` of the playthrough ``text``: (recorded, played again)."""
    _ready()
    from open_spiel.python.algorithms import generate_playthrough

    plain = workdir / "python_dungeon_lords.txt"
    plain.write_text(text, encoding="utf-8")
    original, again = generate_playthrough.replay(str(plain))
    return str(original), str(again)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.playthrough", description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help="write the playthrough again")
    args = parser.parse_args(argv)
    fresh = generate()
    if args.write:
        path().parent.mkdir(parents=True, exist_ok=True)
        with gzip.GzipFile(path(), "wb", mtime=0) as f:  # mtime 0: the same text gives the same bytes
            f.write(fresh.encode("utf-8"))
        print(f"wrote {path()}")
        return 0
    if not path().exists() or read() != fresh:
        print("the playthrough is stale: run python -m dlrules.tools.playthrough --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
