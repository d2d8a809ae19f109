"""A whole game as one HTML page: one picture per position, stepped with
previous and next (docs/render.md).

The page is a single file that works offline: every position's SVG
(``dlrules.display.svg.position``) is inside it, with a few lines of script to step
through them (buttons, a slider, the arrow keys); it loads nothing from
anywhere else.

Consecutive positions draw nearly the same picture, so the page stores each
distinct piece of SVG text once (``pack``): an SVG is cut at its element
boundaries into a tree whose leaves are pieces of its text; a *part* is
either a piece of text or a list of part numbers, and a position's picture
is the text of its root part, the concatenation of its leaves in order
(``unpack``, which the page's script does the same way). Long runs of
children are grouped eight by eight, so that a change in one corner of the
board costs a few numbers, not one per element. Nothing is lost: every
position shows exactly the text ``dlrules.display.svg.position`` wrote (a whole
4-player game: 17 MB of SVG in a page of about 0.3 MB).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from typing import TypeAlias

import attrs


@attrs.frozen
class Frame:
    """One position of the page: its picture and a caption for people."""

    svg: str
    caption: str


Part: TypeAlias = str | list[int]
"""A piece of SVG text, or the numbers of the parts whose texts follow each other."""

RUN = 8
"""Children grouped into runs of this many, runs of runs likewise (``pack``)."""

_TAG = re.compile(r"<[^<>]*>")
"""A tag: a start tag, an end tag (``</``) or an element that closes itself (``/>``)."""


class _Parts:
    """The parts of a page, each stored once."""

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self._number: dict[str | tuple[int, ...], int] = {}

    def _store(self, key: str | tuple[int, ...], part: Part) -> int:
        number = self._number.get(key)
        if number is None:
            number = self._number[key] = len(self.parts)
            self.parts.append(part)
        return number

    def piece(self, text: str) -> int:
        """The part that is ``text``."""
        return self._store(text, text)

    def join(self, numbers: list[int]) -> int:
        """The part that is ``numbers`` in order (grouped ``RUN`` by ``RUN``)."""
        while len(numbers) > RUN:
            runs = (numbers[i : i + RUN] for i in range(0, len(numbers), RUN))
            numbers = [self._store(tuple(run), run) if len(run) > 1 else run[0] for run in runs]
        if len(numbers) == 1:
            return numbers[0]
        return self._store(tuple(numbers), numbers)

    def svg(self, text: str) -> int:
        """The root part of ``text``, cut at its element boundaries: one list
        per element that has an end tag (its start tag, its content, its end
        tag). Whatever ``text`` holds (a stray end tag, an element left open),
        the concatenation of the leaves is ``text``."""
        piece = self.piece
        stack: list[list[int]] = [[]]
        inside = stack[0]
        at = 0
        for m in _TAG.finditer(text):
            begin, end = m.span()
            if begin > at:
                inside.append(piece(text[at:begin]))
            tag = m.group()
            if tag[1] == "/" and len(stack) > 1:  # an end tag closes the element it ends
                inside.append(piece(tag))
                done = self.join(stack.pop())
                inside = stack[-1]
                inside.append(done)
            elif tag[1] in "/!?" or tag[-2] == "/":
                inside.append(piece(tag))
            else:
                inside = [piece(tag)]
                stack.append(inside)
            at = end
        if at < len(text):
            inside.append(piece(text[at:]))
        while len(stack) > 1:  # an element left open: its pieces still follow in order
            done = self.join(stack.pop())
            stack[-1].append(done)
        return self.join(stack[0]) if stack[0] else piece("")


def pack(svgs: Sequence[str]) -> tuple[list[Part], list[int]]:
    """The distinct parts of ``svgs`` and the number of each one's root part:
    ``unpack(parts, roots[i]) == svgs[i]``."""
    store = _Parts()
    roots = [store.svg(svg) for svg in svgs]
    return store.parts, roots


def unpack(parts: Sequence[Part], number: int) -> str:
    """The text of part ``number`` (as the page's script reads it)."""
    part = parts[number]
    if isinstance(part, str):
        return part
    return "".join(unpack(parts, n) for n in part)


_STYLE = """
body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 0; background: #f4efe4; color: #222; }
header { position: sticky; top: 0; background: #37474f; color: #fff; padding: 8px 12px; display: flex; gap: 10px; align-items: center; }
header button { font-size: 15px; padding: 4px 12px; }
header input[type=range] { flex: 1; }
#caption { margin: 8px 12px; font-size: 15px; min-height: 1.3em; }
#picture { margin: 0 12px 12px 12px; }
#picture svg { max-width: 100%; height: auto; }
"""

_SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById('frames').textContent);
  var parts = data.parts;
  function text(n) {
    var part = parts[n];
    if (typeof part === 'string') { return part; }
    var out = '';
    for (var k = 0; k < part.length; k++) { out += text(part[k]); }
    return out;
  }
  var picture = document.getElementById('picture');
  var caption = document.getElementById('caption');
  var counter = document.getElementById('counter');
  var slider = document.getElementById('slider');
  var last = data.svg.length - 1;
  var current = -1;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === current) { return; }
    current = i;
    picture.innerHTML = text(data.svg[i]);
    caption.textContent = data.caption[i];
    counter.textContent = 'position ' + i + ' of ' + last;
    slider.value = String(i);
    document.body.setAttribute('data-position', String(i));
  }
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  slider.addEventListener('input', function () { show(parseInt(slider.value, 10)); });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { show(current - 1); }
    if (e.key === 'ArrowRight') { show(current + 1); }
  });
  slider.max = String(last);
  show(parseInt(document.body.getAttribute('data-start') || '0', 10));
})();
"""

_DATA_START = "<script type='application/json' id='frames'>"


def game_page(frames: Sequence[Frame], *, title: str, start: int = 0) -> str:
    """The HTML page stepping through ``frames`` (position ``start`` first)."""
    if not frames:
        raise ValueError("a game page needs at least one position")
    parts, roots = pack([f.svg for f in frames])
    data = json.dumps({"parts": parts, "svg": roots, "caption": [f.caption for f in frames]}, separators=(",", ":"))
    # Nothing inside the JSON may close the script element (``</``) or start
    # the parser's escaped script text (``<!--``); both only occur in strings.
    data = data.replace("</", "<\\/").replace("<!--", "<\\u0021--")
    start = max(0, min(len(frames) - 1, start))
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n"
        f"<body data-start='{start}'><header><button id='prev' type='button'>&#9664; previous</button>"
        "<button id='next' type='button'>next &#9654;</button>"
        "<input id='slider' type='range' min='0' max='0' value='0' aria-label='position'>"
        f"<span id='counter'></span></header>\n<p id='caption'></p><div id='picture'></div>\n"
        f"{_DATA_START}{data}</script>\n<script>{_SCRIPT}</script>\n</body></html>\n"
    )


def read_page(html: str) -> list[Frame]:
    """The positions of a page ``game_page`` wrote, read back as its script
    reads them: each one's SVG text and caption. ``ValueError`` for a page
    without that data."""
    begin = html.find(_DATA_START)
    end = html.find("</script>", begin)
    if begin < 0 or end < 0:
        raise ValueError("not a dlrules game page: no positions inside")
    data = json.loads(html[begin + len(_DATA_START) : end])
    parts: list[Part] = data["parts"]
    return [Frame(unpack(parts, n), caption) for n, caption in zip(data["svg"], data["caption"], strict=True)]
