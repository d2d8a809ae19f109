"""The kit as a versioned archive (``dlrules conformance kit``): what an
implementer in another language needs besides an adapter: the scenarios, the
JSON Schemas, the protocol's description and the perft anchors.

The archive is reproducible: the same kit gives the same bytes (sorted
members, fixed times and owners).
"""

from __future__ import annotations

import gzip
import io
import tarfile
from pathlib import Path

from dlrules.apps.conformance import KIT, KIT_VERSION

CONTENTS = ("README.md", "protocol.md", "perft.json", "anchors", "schemas", "scenarios", "spectra.json", "untested.json")
"""The kit's parts, relative to the package folder ``dlrules/apps/conformance``."""


def kit_files() -> list[tuple[str, Path]]:
    """(name in the archive, file) for every file of the kit, sorted."""
    files = []
    for part in CONTENTS:
        path = KIT / part
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if file.is_file() and "__pycache__" not in file.parts:
                files.append((file.relative_to(KIT).as_posix(), file))
    return sorted(files)


def build_archive(out: Path) -> Path:
    """Write ``dlrules-conformance-kit-<KIT_VERSION>.tar.gz`` into ``out``; returns its path."""
    name = f"dlrules-conformance-kit-{KIT_VERSION}"
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{name}.tar.gz"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        version = f"{KIT_VERSION}\n".encode()
        for arcname, data in [("VERSION", version)] + [(n, f.read_bytes()) for n, f in kit_files()]:
            info = tarfile.TarInfo(f"{name}/{arcname}")
            info.size = len(data)
            info.mtime = 0
            info.mode = 0o644
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(data))
    with open(target, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
        gz.write(buffer.getvalue())
    return target
