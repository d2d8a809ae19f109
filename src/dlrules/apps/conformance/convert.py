"""Turn scenario files of format 1 into format 2 (docs/conformance.md): a
dlrules ``state`` becomes a ``position`` (the position format), and
``"format"`` becomes 2; files already in format 2 are left as they are.

    dlrules conformance convert tests/conformance/year2 --into src/dlrules/apps/conformance/scenarios

With ``--into`` each file goes to ``<into>/<its folder's name>/`` (the kit's
layout, one folder per area) and the original is removed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dlrules.records.serialization import loads
from dlrules.core.state import GameState
from dlrules.apps.conformance.position import to_position
from dlrules.apps.conformance.scenarios import FORMAT


def converted(data: dict[str, Any]) -> dict[str, Any]:
    """The format-2 scenario of a format-1 one (the keys keep their order)."""
    if data.get("format") == FORMAT and "state" not in data:
        return data
    if data.get("format") != 1:
        raise ValueError(f"unknown scenario format {data.get('format')!r}")
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key == "format":
            out[key] = FORMAT
        elif key == "state":
            state: GameState = loads(json.dumps(value), GameState)
            out["position"] = to_position(state)
        else:
            out[key] = value
    return out


def format_scenario(scenario: dict[str, Any]) -> str:
    """JSON with one move and one change per line (readable diffs); a position
    one line per top-level field."""
    lines = ["{"]
    items = list(scenario.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "moves":
            inner = ",\n".join(f"    {json.dumps(m, sort_keys=True)}" for m in value)
            lines.append(f'  "moves": [\n{inner}\n  ]{comma}' if value else f'  "moves": []{comma}')
        elif key in ("expect", "before", "position") and isinstance(value, dict):
            parts = []
            for k, v in value.items():
                if isinstance(v, dict) and v and key != "position":
                    sub = ",\n".join(f"      {json.dumps(p)}: {json.dumps(c)}" for p, c in v.items())
                    parts.append(f"    {json.dumps(k)}: {{\n{sub}\n    }}")
                elif key == "position" and k == "players":
                    sub = ",\n".join(f"      {json.dumps(p)}" for p in v)
                    parts.append(f'    "players": [\n{sub}\n    ]')
                else:
                    parts.append(f"    {json.dumps(k)}: {json.dumps(v)}")
            lines.append(f'  "{key}": {{\n' + ",\n".join(parts) + f"\n  }}{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def convert_files(paths: list[Path], into: Path | None = None) -> list[tuple[Path, Path, bool]]:
    """Convert every scenario file under ``paths`` (files or folders); returns
    (source, destination, changed) for each. ``into``: move them there."""
    files: list[Path] = []
    for path in paths:
        files.extend(sorted(path.rglob("*.json")) if path.is_dir() else [path])
    done = []
    for source in files:
        data = json.loads(source.read_text(encoding="utf-8"))
        new = converted(data)
        target = source if into is None else into / source.parent.name / source.name
        text = format_scenario(new)
        changed = new is not data or target != source
        if changed:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            if target != source:
                source.unlink()
        done.append((source, target, changed))
    return done
