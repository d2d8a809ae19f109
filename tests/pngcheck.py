"""A small PNG reader (standard library only) for the picture tests: decode
8-bit RGB/RGBA/grey images and say how many different colours they hold, so a
test can check that a rendered picture is not blank."""

from __future__ import annotations

import struct
import zlib


def pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """``(width, height, rows)`` of an 8-bit, non-interlaced PNG; each row is
    the unfiltered bytes of that row."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos = 8
    width = height = 0
    channels = 0
    idat = b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace:
                raise ValueError(f"only 8-bit non-interlaced PNGs are read here (depth {depth}, interlace {interlace})")
            channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row_filter = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if row_filter == 1:
                line[i] = (line[i] + left) & 0xFF
            elif row_filter == 2:
                line[i] = (line[i] + up) & 0xFF
            elif row_filter == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif row_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def colour_count(data: bytes, *, step: int = 3) -> int:
    """How many different pixel values a PNG holds (sampling every ``step``-th
    pixel of every ``step``-th row): 1 for a blank picture."""
    width, height, rows = pixels(data)
    channels = len(rows[0]) // width if rows and width else 1
    seen: set[bytes] = set()
    for row in rows[::step]:
        for x in range(0, width, step):
            seen.add(row[x * channels : (x + 1) * channels])
    return len(seen)
