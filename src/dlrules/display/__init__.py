"""What people see: positions and moves in words (``wording``, ``render``), the
score sheet, and pictures (``svg``, ``svg_battle``, ``svg_draw``, and the whole
game as one HTML ``page``). Every reader goes through a seat's projection
(``dlrules.records.views``); docs/render.md."""
