"""The desk's page: HTML, style and script (served by ``dlrules.apps.desk.app``).

The position's text is the one thing the page keeps; the guided controls (the
game's progress, each player's supplies, each dungeon's squares) rewrite its
lines, and every change is sent to the server for ``validate``'s objections.
The text is saved in the browser as it is typed (``localStorage``), so a
reload never loses it; a link carries it in its fragment (``#p=…``), which
the browser never sends to a server."""

from __future__ import annotations

import html
import json

from dlrules.components import MONSTERS, ROOMS, TRAPS
from dlrules.core.state import Phase

STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #f6f3ee; color: #222; }
header { background: #3b2b4f; color: #fff; padding: .6em 1em; }
header h1 { margin: 0; font-size: 1.3em; }
main { display: flex; flex-wrap: wrap; gap: 1em; padding: 1em; }
section { background: #fff; border-radius: 6px; padding: .8em 1em; box-shadow: 0 1px 3px #0002; }
#left { flex: 1 1 30em; display: flex; flex-direction: column; gap: 1em; }
#right { flex: 1 1 30em; display: flex; flex-direction: column; gap: 1em; }
h2 { font-size: 1.05em; margin: .2em 0 .5em; }
textarea { width: 100%; min-height: 22em; font: 13px/1.35 ui-monospace, monospace; box-sizing: border-box; }
label { margin-right: .6em; white-space: nowrap; }
input[type=number] { width: 4em; }
.player { border-top: 1px solid #ddd; padding-top: .4em; margin-top: .4em; }
.grid { display: inline-grid; grid-template-columns: repeat(5, 2.4em); gap: 2px; vertical-align: top; margin: .3em 0; }
.grid button { height: 2.4em; font-size: 11px; border: 1px solid #999; background: #eee; padding: 0; cursor: pointer; }
.grid button.tunnel { background: #c8a977; }
.grid button.room { background: #7aa6c2; }
.grid button.conquered { background-image: repeating-linear-gradient(45deg, transparent 0 4px, #0006 4px 6px); }
#problems li { color: #a40000; }
#problems.ok li { color: #176b2c; }
#answer .legal { color: #176b2c; font-weight: bold; }
#answer .illegal { color: #a40000; font-weight: bold; }
#answer .rule { margin: .3em 0; }
#answer .rule b { font-family: ui-monospace, monospace; }
#picture img { max-width: 100%; }
.row { margin: .3em 0; }
#link { width: 100%; font-size: 11px; }
"""

SCRIPT = r"""
"use strict";
const $ = (id) => document.getElementById(id);
const KEY = "dlrules-desk-position";
let timer = null, lastCheck = null;

function text() { return $("text").value; }
function setText(t, why) { $("text").value = t; saved(); changed(why); }
function saved() { try { localStorage.setItem(KEY, text()); } catch (e) {} }
async function post(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  return r.json();
}
function changed() { document.body.dataset.pending = "1"; clearTimeout(timer); timer = setTimeout(check, 250); }

function lineOf(re) { const m = text().match(re); return m ? m[0] : null; }
function replaceLine(re, line) {
  const t = text();
  setText(re.test(t) ? t.replace(re, line) : t.replace(/\n?$/, "\n" + line + "\n"));
}
function words(line) { return line.split(":").slice(1).join(":").trim().split(/\s+/).filter(w => w); }
function setWord(line, name, value) {
  const head = line.split(":")[0] + ":";
  const ws = words(line).filter(w => !w.startsWith(name + "="));
  const at = words(line).findIndex(w => w.startsWith(name + "="));
  const item = name + "=" + value;
  if (at < 0) ws.push(item); else ws.splice(at, 0, item);
  return head + " " + ws.join(" ");
}
function value(line, name) { const w = words(line || "").find(w => w.startsWith(name + "=")); return w ? w.slice(name.length + 1) : ""; }

async function check() {
  const t = text();
  const r = await post("api/check", {text: t});
  if (t !== text()) return;  // typed on meanwhile: the next check answers
  lastCheck = r;
  document.body.dataset.pending = "0";  // the objections shown are the text's (tests wait for this)
  const ul = $("problems");
  ul.innerHTML = "";
  ul.className = r.ok ? "ok" : "";
  if (r.ok) {
    const li = document.createElement("li");
    li.textContent = "No objection: a possible position (" + r.where + "); to move: " + (r.to_move.join(", ") || "nobody") + ".";
    ul.appendChild(li);
  }
  for (const p of r.problems) {
    const li = document.createElement("li");
    li.textContent = (p.line ? "line " + p.line + ", column " + p.column + ": " : "") + p.message;
    ul.appendChild(li);
  }
  if (r.more) { const li = document.createElement("li"); li.textContent = "… and " + r.more + " more."; ul.appendChild(li); }
  guided();
  moves();
  picture();
}

function guided() {
  const game = lineOf(/^game:.*$/m);
  if (game) {
    $("year").value = value(game, "year"); $("round").value = value(game, "round");
    $("phase").value = value(game, "phase"); $("first").value = value(game, "first").toUpperCase();
  }
  const box = $("players");
  const n = (text().match(/^P[1-4]:/gm) || []).length;
  if (box.dataset.n !== String(n)) { box.dataset.n = String(n); box.innerHTML = ""; for (let k = 1; k <= n; k++) box.appendChild(playerBlock(k)); }
  for (let k = 1; k <= n; k++) fillPlayer(k);
  const seat = $("seat");
  if (seat.options.length !== n) {
    const before = seat.value; seat.innerHTML = "";
    for (let k = 1; k <= n; k++) { const o = document.createElement("option"); o.value = "P" + k; o.textContent = "Player " + k; seat.appendChild(o); }
    if (before && Number(before.slice(1)) <= n) seat.value = before;
  }
}

function playerBlock(k) {
  const div = document.createElement("div");
  div.className = "player";
  div.innerHTML = "<b>Player " + k + "</b> " + ["gold", "food", "imps", "evil"].map(f =>
    "<label>" + f + " <input type=number min=0 max=99 id=p" + k + "-" + f + "></label>").join("") +
    "<div class=row>dungeon (tap a square: tunnel, conquered, empty; with a room chosen, tap to place it): " +
    "<select id=p" + k + "-room><option value=''>no room</option>" + ROOMS.map(r => "<option>" + r + "</option>").join("") + "</select></div>" +
    "<div class=grid id=p" + k + "-grid></div>" +
    "<div class=row>" + picker("p" + k + "-lair", "lair", MONSTERS) + picker("p" + k + "-traps", "trap cards", TRAPS) + "</div>";
  for (const f of ["gold", "food", "imps", "evil"]) {
    div.querySelector("#p" + k + "-" + f).addEventListener("change", (e) => {
      const re = new RegExp("^P" + k + ":.*$", "m");
      const n = parseInt(e.target.value, 10);
      replaceLine(re, setWord(lineOf(re), f, String(isNaN(n) || n < 0 ? 0 : n)));
    });
  }
  wire(div, "p" + k + "-lair", "P" + k + " lair", " ");
  wire(div, "p" + k + "-traps", "P" + k + " traps", " ");
  const grid = div.querySelector("#p" + k + "-grid");
  for (let r = 1; r <= 4; r++) for (const c of "ABCDE") {
    const b = document.createElement("button"); b.type = "button"; b.id = "p" + k + "-" + c + r; b.title = c + r;
    b.addEventListener("click", () => tap(k, c + r)); grid.appendChild(b);
  }
  return div;
}

function picker(id, what, keys) {
  return "<label>" + what + " <select id=" + id + "><option value=''>add a card</option>" +
    keys.map(c => "<option>" + c + "</option>").join("") + "</select></label>";
}
function wire(root, id, label, separator) {
  root.querySelector("#" + id).addEventListener("change", (e) => {
    const key = e.target.value; e.target.value = "";
    if (key) addCard(label, key, separator);
  });
}
function addCard(label, key, separator) {
  const re = new RegExp("^" + label + ":.*$", "m");
  const line = lineOf(re);
  const items = line ? words(line).filter(w => w !== "-") : [];
  const joined = separator === "," ? (items.join("").split(",").filter(w => w && w !== "-")) : items;
  joined.push(key);
  replaceLine(re, label + ": " + joined.join(separator));
}

function tiles(k) {
  const line = lineOf(new RegExp("^P" + k + " dungeon:.*$", "m")) || ("P" + k + " dungeon: -");
  const out = {};
  for (const w of words(line)) {
    if (w === "-") continue;
    const m = w.match(/^([A-Ea-e][1-4])(?:=([a-z0-9-]+))?(\(conquered\))?$/);
    if (m) out[m[1].toUpperCase()] = {room: m[2] || "", conquered: !!m[3]};
  }
  return out;
}
function writeTiles(k, t) {
  const order = Object.keys(t).sort((a, b) => (a[1] - b[1]) || a.charCodeAt(0) - b.charCodeAt(0));
  const items = order.map(q => q + (t[q].room ? "=" + t[q].room : "") + (t[q].conquered ? "(conquered)" : ""));
  replaceLine(new RegExp("^P" + k + " dungeon:.*$", "m"), "P" + k + " dungeon: " + (items.join(" ") || "-"));
}
function tap(k, q) {
  const t = tiles(k); const room = $("p" + k + "-room").value;
  if (room) { t[q] = {room: room, conquered: false}; $("p" + k + "-room").value = ""; }
  else if (!t[q]) t[q] = {room: "", conquered: false};
  else if (!t[q].conquered) t[q].conquered = true;
  else if (t[q].room) t[q].conquered = false;
  else delete t[q];
  writeTiles(k, t);
}
function fillPlayer(k) {
  const line = lineOf(new RegExp("^P" + k + ":.*$", "m")) || "";
  for (const f of ["gold", "food", "imps", "evil"]) { const i = $("p" + k + "-" + f); if (document.activeElement !== i) i.value = value(line, f); }
  const t = tiles(k);
  for (let r = 1; r <= 4; r++) for (const c of "ABCDE") {
    const b = $("p" + k + "-" + c + r); const tile = t[c + r];
    b.className = tile ? (tile.room ? "room" : "tunnel") + (tile.conquered ? " conquered" : "") : "";
    b.textContent = tile ? (tile.room ? tile.room.slice(0, 4) : c + r) : "";
  }
}

function moves() {
  const sel = $("legal"); sel.innerHTML = "<option value=''>(a legal move, or type one)</option>";
  if (!lastCheck || !lastCheck.ok) return;
  for (const m of (lastCheck.legal[$("seat").value] || [])) { const o = document.createElement("option"); o.textContent = m; sel.appendChild(o); }
}
async function picture() {
  const box = $("picture");
  if (!lastCheck || !lastCheck.ok) { box.textContent = "(the picture shows once the position is possible)"; return; }
  const r = await post("api/export", {text: text(), kind: "svg"});
  if (r.ok) { box.innerHTML = ""; const img = document.createElement("img"); img.alt = "the position"; img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(r.content); box.appendChild(img); }
}

async function ask() {
  const seat = $("seat").value;
  let move = $("move").value.trim() || $("legal").value;
  if (move && !/^(P[1-4]|chance|table)\b/i.test(move)) move = seat + " " + move;
  const out = $("answer"); out.innerHTML = "";
  if (!move) { out.textContent = "Write a move (such as 'dig C2') or choose one."; return; }
  const r = await post("api/ask", {text: text(), move: move});
  if (!r.ok) { const p = document.createElement("p"); p.className = "illegal"; p.textContent = r.message; out.appendChild(p); return; }
  const head = document.createElement("p");
  head.className = r.legal ? "legal" : "illegal";
  head.textContent = r.notation + ": " + (r.legal ? "legal." : "not legal.");
  out.appendChild(head);
  const what = document.createElement("p"); what.textContent = r.what; out.appendChild(what);
  const by = document.createElement("p"); by.textContent = r.legal ? "Allowed by:" : "Refused by:"; out.appendChild(by);
  for (const c of r.rules) {
    const d = document.createElement("div"); d.className = "rule";
    const b = document.createElement("b"); b.textContent = c.rule; d.appendChild(b);
    d.appendChild(document.createTextNode((c.pages ? " (rulebook " + c.pages + ")" : "") + ": " + (c.statement || "")));
    out.appendChild(d);
  }
}

async function download(kind) {
  const r = await post("api/export", {text: text(), kind: kind});
  if (!r.ok) { $("exported").textContent = r.message; return; }
  const blob = new Blob([r.content], {type: r.type});
  const a = document.createElement("a"); a.href = URL.createObjectURL(blob);
  a.download = "position." + ({text: "txt", json: "json", svg: "svg"})[kind]; a.click();
  $("exported").textContent = "Exported as " + kind + ".";
}
function link() {
  const bytes = new TextEncoder().encode(text());
  let bin = ""; for (const b of bytes) bin += String.fromCharCode(b);
  const code = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  $("link").value = location.origin + location.pathname + "#p=" + code;
  $("link").select();
}
function fromLink() {
  const m = location.hash.match(/^#p=([A-Za-z0-9_-]+)$/);
  if (!m) return null;
  try {
    const bin = atob(m[1].replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(bin, c => c.charCodeAt(0)));
  } catch (e) { return null; }
}
async function fresh() {
  const r = await fetch("api/new?players=" + $("players-count").value + "&variant=" + $("variant").value).then(r => r.json());
  if (r.ok) setText(r.text);
}

window.addEventListener("DOMContentLoaded", () => {
  $("text").addEventListener("input", () => { saved(); changed(); });
  for (const id of ["year", "round", "phase", "first"]) $(id).addEventListener("change", (e) => {
    const re = /^game:.*$/m; if (lineOf(re)) replaceLine(re, setWord(lineOf(re), id, e.target.value));
  });
  wire(document, "tavern-add", "tavern", ",");
  wire(document, "shop-add", "room-shop", ",");
  $("seat").addEventListener("change", moves);
  $("legal").addEventListener("change", () => { $("move").value = $("legal").value; });
  $("ask").addEventListener("click", ask);
  $("new").addEventListener("click", fresh);
  $("link-button").addEventListener("click", link);
  for (const kind of ["text", "json", "svg"]) $("export-" + kind).addEventListener("click", () => download(kind));
  let start = fromLink();
  if (start === null) { try { start = localStorage.getItem(KEY); } catch (e) {} }
  if (start) setText(start); else fresh();
});
"""


def _options(values: list[str]) -> str:
    return "".join(f"<option>{html.escape(v)}</option>" for v in values)


def desk_page() -> str:
    """The desk's one page."""
    phases = [p.value.replace("_", "-") for p in Phase]
    cards = "".join(f"<option value='{html.escape(k)}'>" for k in sorted({*MONSTERS, *ROOMS, *TRAPS}))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>dlrules: the arbiter's desk</title><link rel="stylesheet" href="desk.css"></head>
<body><header><h1>The arbiter's desk: may this player do this?</h1></header>
<main>
<div id="left">
<section><h2>1. The position</h2>
<div class="row">Start from a new game:
<select id="players-count"><option>2</option><option selected>3</option><option>4</option></select> players,
<select id="variant"><option>full</option><option>first</option></select>
<button type="button" id="new">new game position</button></div>
<div class="row"><label>year <select id="year"><option>1</option><option>2</option></select></label>
<label>round <select id="round"><option>1</option><option>2</option><option>3</option><option>4</option></select></label>
<label>phase <select id="phase">{_options(phases)}</select></label>
<label>first player <select id="first">{_options([f"P{k}" for k in range(1, 5)])}</select></label></div>
<div class="row">The table: <label>tavern <select id="tavern-add"><option value="">add a monster</option>{_options(sorted(MONSTERS))}</select></label>
<label>room shop <select id="shop-add"><option value="">add a room</option>{_options(sorted(ROOMS))}</select></label></div>
<div id="players" data-n="0"></div>
<datalist id="cards">{cards}</datalist>
</section>
<section><h2>2. The text of the position <small>(docs/position-text.md; every line may be edited)</small></h2>
<textarea id="text" spellcheck="false" aria-label="the position as text"></textarea>
</section>
</div>
<div id="right">
<section><h2>Objections <small>(dlrules.validate, as you type)</small></h2><ul id="problems"></ul></section>
<section><h2>3. The question</h2>
<div class="row">May <select id="seat"></select> do this:
<select id="legal"></select> or <input id="move" size="28" placeholder="e.g. dig C2, or P2 build chicken-coop C2" list="cards">
<button type="button" id="ask">Ask</button></div>
<div id="answer"></div>
</section>
<section><h2>4. Export</h2>
<button type="button" id="export-text">text</button> <button type="button" id="export-json">JSON</button>
<button type="button" id="export-svg">SVG</button> <button type="button" id="link-button">link</button>
<span id="exported"></span><div class="row"><input id="link" readonly aria-label="a link that reopens this position"></div>
</section>
<section><h2>The picture</h2><div id="picture"></div></section>
</div>
</main>
<script src="desk.js"></script>
</body></html>
"""


def desk_script() -> str:
    """The page's script, with the room keys the dungeon's squares offer."""
    keys = {"ROOMS": sorted(ROOMS), "MONSTERS": sorted(MONSTERS), "TRAPS": sorted(TRAPS)}
    return "".join(f"const {name} = {json.dumps(values)};\n" for name, values in keys.items()) + SCRIPT


__all__ = ["SCRIPT", "STYLE", "desk_page", "desk_script"]
