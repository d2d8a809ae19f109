"""A whole game as one HTML page: one picture per position, stepped with
previous and next (docs/render.md).

The page is a single file that works offline: every position's SVG
(``dlrules.svg.position``) is inside it, with a few lines of script to step
through them (buttons, a slider, the arrow keys); it loads nothing from
anywhere else.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape

import attrs


@attrs.frozen
class Frame:
    """One position of the page: its picture and a caption for people."""

    svg: str
    caption: str


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
  var frames = JSON.parse(document.getElementById('frames').textContent);
  var picture = document.getElementById('picture');
  var caption = document.getElementById('caption');
  var counter = document.getElementById('counter');
  var slider = document.getElementById('slider');
  var current = -1;
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    if (i === current) { return; }
    current = i;
    picture.innerHTML = frames[i].svg;
    caption.textContent = frames[i].caption;
    counter.textContent = 'position ' + i + ' of ' + (frames.length - 1);
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
  slider.max = String(frames.length - 1);
  show(parseInt(document.body.getAttribute('data-start') || '0', 10));
})();
"""


def game_page(frames: Sequence[Frame], *, title: str, start: int = 0) -> str:
    """The HTML page stepping through ``frames`` (position ``start`` first)."""
    if not frames:
        raise ValueError("a game page needs at least one position")
    data = json.dumps([{"svg": f.svg, "caption": f.caption} for f in frames], separators=(",", ":"))
    data = data.replace("</", "<\\/")  # nothing inside the JSON may close the script element
    start = max(0, min(len(frames) - 1, start))
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n"
        f"<body data-start='{start}'><header><button id='prev' type='button'>&#9664; previous</button>"
        "<button id='next' type='button'>next &#9654;</button>"
        "<input id='slider' type='range' min='0' max='0' value='0' aria-label='position'>"
        f"<span id='counter'></span></header>\n<p id='caption'></p><div id='picture'></div>\n"
        f"<script type='application/json' id='frames'>{data}</script>\n<script>{_SCRIPT}</script>\n</body></html>\n"
    )
