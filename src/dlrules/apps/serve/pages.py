"""The table server's HTML: plain pages with a little inline script, nothing
loaded from anywhere else (they work on a table's own network, offline).

A game page is the same for every link; its script reads the link's
``/state`` (only what that link may see), draws it, and reloads it when the
``/events`` stream says the game moved (no page reload)."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from html import escape

_STYLE = """
body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 0; background: #f4efe4; color: #222; }
header { background: #37474f; color: #fff; padding: 8px 12px; display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
main { padding: 8px 12px; }
h2 { font-size: 17px; margin: 14px 0 6px 0; }
header h1 { font-size: 17px; margin: 0; }
#picture svg { max-width: 100%; height: auto; }
.part svg { display: block; width: 100%; height: auto; }
body.narrow #picture, body.wide #minebox, body.wide #battlebox, body.wide #boardbox, body.wide #othersbox { display: none; }
body.narrow main { padding: 8px 2px; }
#turn { position: sticky; top: 0; z-index: 1; box-sizing: border-box; padding: 10px 12px; margin: -8px -12px 8px -12px; font-size: 18px; font-weight: bold; }
body.narrow #turn { margin: -8px -2px 8px -2px; }
html { scroll-padding-top: 72px; }
@media (min-width: 700px) { #turn { flex: 0 0 100%; margin: 0; } main { flex-wrap: wrap; } }
#turn.yours { background: #2e7d32; color: #fff; }
#turn.theirs { background: #cfd8dc; color: #263238; }
button, select, input, summary, #record, label.check { min-height: 44px; font-size: 16px; box-sizing: border-box; }
label.check { display: inline-flex; align-items: center; gap: 8px; }
label.check input { min-height: 0; width: 24px; height: 24px; }
#record { display: inline-block; line-height: 44px; }
#others { display: flex; flex-wrap: wrap; gap: 6px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); gap: 8px; margin: 6px 0; }
#play .cards button.card { display: flex; flex-direction: column; justify-content: space-between; min-height: 88px; padding: 8px;
  text-align: left; border: 2px solid #5d4037; border-radius: 8px; background: #fffdf5; color: #222; border-top-width: 10px; }
#play .cards button.card[hidden] { display: none; }
#play .cards button.card .name { font-weight: bold; font-size: 15px; }
#play .cards button.card .left { font-size: 13px; color: #555; }
#play .cards button.deck-monsters { border-top-color: #8e24aa; } #play .cards button.deck-rooms { border-top-color: #6d4c41; }
#play .cards button.deck-traps { border-top-color: #c62828; } #play .cards button.deck-adventurers { border-top-color: #1565c0; }
#play .cards button.deck-combat { border-top-color: #37474f; } #play .cards button.deck-events, #play .cards button.deck-special { border-top-color: #f9a825; }
#play .cards button.order { min-height: 56px; border-top-width: 2px; }
#play .cards button.order[aria-pressed='true'] { background: #37474f; color: #fff; }
input.filter { width: 100%; }
#others button { padding: 6px 12px; }
#others button[aria-pressed='true'] { background: #37474f; color: #fff; }
#ruling p.change { display: flex; flex-wrap: wrap; gap: 6px; }
@media (min-width: 700px) {
  main { display: flex; gap: 16px; align-items: flex-start; }
  #play { flex: 0 0 380px; max-height: calc(100vh - 100px); overflow-y: auto; }
  #table { flex: 1 1 0; min-width: 0; }
}
#position { white-space: pre-wrap; font-family: 'DejaVu Sans Mono', monospace; font-size: 13px; background: #fff; padding: 8px; }
#ruling input { max-width: 100%; }
#moves button, #chance button { display: block; margin: 6px 0; padding: 8px 10px; font-size: 16px; text-align: left; width: 100%; }
select { max-width: 100%; }
#message { padding: 8px; margin: 6px 0; display: none; }
#message.refused { display: block; background: #ffebee; border: 1px solid #c62828; }
#message.done { display: block; background: #e8f5e9; border: 1px solid #2e7d32; }
.statement { font-style: italic; color: #444; }
#log { list-style: none; padding-left: 0; }
#log li { margin: 2px 0; }
.hidden { display: none; }
#replayable { background: #fff8e1; border: 1px solid #f9a825; padding: 8px; margin: 6px 0; }
#links { list-style: none; padding-left: 0; }
#links li.seat { margin: 0 0 18px 0; overflow-wrap: anywhere; }
img.qr { display: block; max-width: 100%; height: auto; image-rendering: pixelated; }
"""

_SCRIPT = r"""
(function () {
  var base = location.pathname.replace(/\/$/, '');
  var current = -1;
  var shownDone = -1;
  var lastMoves = null, lastChance = null, lastRuling = null;
  function el(tag, text) { var e = document.createElement(tag); if (text !== undefined) { e.textContent = text; } return e; }
  function say(kind, lines) {
    var m = document.getElementById('message');
    m.className = kind; m.innerHTML = '';
    lines.forEach(function (l) { var p = el('div', l.text); if (l.cls) { p.className = l.cls; } m.appendChild(p); });
  }
  function requestId() {
    // A new id for each move meant; a retry of the same request sends the same id (LIB-SRV-7).
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  function send(path, text, tries) {
    return fetch(base + path, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: text})
      .catch(function (e) { if (tries > 1) { return send(path, text, tries - 1); } throw e; });
  }
  function post(path, body) {
    body.id = requestId();
    return send(path, JSON.stringify(body), 3)
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (d.ok) { shownDone = d.n; say('done', [{text: 'Done: move ' + d.n + '.'}]); }
        else {
          if (d.rule === 'LIB-SRV-3') { lastMoves = lastChance = lastRuling = null; }  // stale: every control is built again
          // One sentence: the message without the rule's tag it may repeat; a game rule's
          // statement follows for the player, never the text of the library's own rulings (LIB-*).
          var text = String(d.message || '').replace(/^\[[A-Z0-9-]+\] /, '');
          var lines = [{text: 'Refused [' + d.rule + ']: ' + text}];
          (d.violations || []).forEach(function (v) {
            if (v.statement && v.rule.indexOf('LIB-') !== 0) { lines.push({text: v.rule + ': ' + v.statement, cls: 'statement'}); }
          });
          say('refused', lines);
        }
        refresh();
      });
  }
  function ordersBuilder(box, items, titles, at) {
    // Choosing orders: one list per position (and the dummy's third order), not one entry per combination.
    var parsed = items.map(function (m) { return JSON.parse(m.move); });
    if (parsed.length < 2 || !parsed.every(function (p) { return p.type === 'ChooseOrders'; })) { return false; }
    var names = ['First order', 'Second order', 'Third order'];
    var lists = [];
    function list(label, cls, values) {
      var p = el('p'); var l = el('label', label + ' '); var s = el('select'); s.className = cls;
      values.forEach(function (v) { var o = el('option', titles[v] || v); o.value = v; s.appendChild(o); });
      l.appendChild(s); p.appendChild(l); box.appendChild(p); lists.push(s); return s;
    }
    function distinct(f) { var seen = []; parsed.forEach(function (p) { var v = f(p); if (seen.indexOf(v) < 0) { seen.push(v); } }); return seen; }
    for (var i = 0; i < parsed[0].orders.length; i++) {
      (function (i) { list(names[i] || ('Order ' + (i + 1)), 'order', distinct(function (p) { return p.orders[i]; })); })(i);
    }
    var dummy = parsed.some(function (p) { return p.dummy_order !== null && p.dummy_order !== undefined; });
    if (dummy) { list("The dummy's third order", 'dummy', distinct(function (p) { return p.dummy_order; })); }
    var preview = el('p'); preview.className = 'statement'; box.appendChild(preview);
    function match() {
      for (var j = 0; j < parsed.length; j++) {
        var p = parsed[j], ok = true;
        lists.forEach(function (s, i) { var v = (s.className === 'dummy') ? p.dummy_order : p.orders[i]; if (v !== s.value) { ok = false; } });
        if (ok) { return j; }
      }
      return -1;
    }
    function show() { var j = match(); preview.textContent = j < 0 ? 'Not a legal choice of orders (the same order twice, or one you do not have).' : items[j].text; }
    lists.forEach(function (s) { s.addEventListener('change', show); });
    var b = el('button', 'Play these orders'); b.type = 'button'; b.className = 'play';
    b.addEventListener('click', function () {
      var j = match();
      if (j < 0) { say('refused', [{text: preview.textContent}]); return; }
      post('/move', {at: at, move: items[j].move});
    });
    box.appendChild(b);
    // start on a legal choice
    var first = parsed[0];
    lists.forEach(function (s, i) { s.value = (s.className === 'dummy') ? first.dummy_order : first.orders[i]; });
    show();
    return true;
  }
  function cardGrid(box, items, at) {
    // A card from the box, entered by tapping its picture: one tile per card this page may name,
    // with the copies it cannot rule out, and a filter by name (issue 37).
    var parsed = items.map(function (m) { return JSON.parse(m.move); });
    if (parsed.length === 0 || parsed[0].type !== 'Draw') { return false; }
    var help = el('p', 'Tap the card that came up (the number: how many of it may still come up, as far as this page knows).');
    help.className = 'statement'; box.appendChild(help);
    var grid = el('div'); grid.className = 'cards';
    if (items.length > 8) {
      var filter = el('input'); filter.type = 'search'; filter.className = 'filter';
      filter.placeholder = 'filter by name'; filter.setAttribute('aria-label', 'filter the cards by name');
      filter.addEventListener('input', function () {
        var q = filter.value.trim().toLowerCase();
        grid.querySelectorAll('button').forEach(function (b) { b.hidden = b.textContent.toLowerCase().indexOf(q) < 0; });
      });
      box.appendChild(filter);
    }
    items.forEach(function (m, i) {
      var b = el('button'); b.type = 'button'; b.className = 'card deck-' + parsed[i].deck; b.setAttribute('data-move', m.move);
      var name = el('span', m.text.replace(/ \((?:[^()]|\([^()]*\))*\)$/, '')); name.className = 'name';
      var left = el('span', parsed[i].deck + (m.left === null || m.left === undefined ? '' : ' · ' + m.left + ' left')); left.className = 'left';
      b.appendChild(name); b.appendChild(left);
      b.addEventListener('click', function () { post('/move', {at: at, move: m.move}); });
      grid.appendChild(b);
    });
    box.appendChild(grid);
    return true;
  }
  function ordersDealt(box, items, titles, at) {
    // Order cards dealt (a dummy's, or a player's to keep from): tap the cards that came up.
    var parsed = items.map(function (m) { return JSON.parse(m.move); });
    var kinds = ['DrawDummyOrders', 'DealOrders'];
    if (parsed.length < 2 || !parsed.every(function (p) { return kinds.indexOf(p.type) >= 0 && p.orders && p.orders.length; })) { return false; }
    var size = parsed[0].orders.length, chosen = [];
    var offered = Object.keys(titles).filter(function (v) { return parsed.some(function (p) { return p.orders.indexOf(v) >= 0; }); });
    box.appendChild(el('p', 'Tap the ' + size + ' order cards that came up.'));
    var grid = el('div'); grid.className = 'cards'; box.appendChild(grid);
    var preview = el('p'); preview.className = 'statement'; box.appendChild(preview);
    var play = el('button', 'Enter these order cards'); play.type = 'button'; play.className = 'play';
    function match() {
      var want = chosen.slice().sort().join(',');
      for (var j = 0; j < parsed.length; j++) { if (parsed[j].orders.slice().sort().join(',') === want) { return j; } }
      return -1;
    }
    function show() {
      var j = match();
      preview.textContent = chosen.length < size ? 'Chosen ' + chosen.length + ' of ' + size + '.' : (j < 0 ? 'Not a deal that can come up.' : items[j].text);
      play.disabled = j < 0;
    }
    offered.forEach(function (v) {
      var b = el('button', titles[v] || v); b.type = 'button'; b.className = 'card order'; b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', function () {
        var k = chosen.indexOf(v);
        if (k >= 0) { chosen.splice(k, 1); } else if (chosen.length < size) { chosen.push(v); }
        b.setAttribute('aria-pressed', chosen.indexOf(v) >= 0 ? 'true' : 'false');
        show();
      });
      grid.appendChild(b);
    });
    play.addEventListener('click', function () { var j = match(); if (j >= 0) { post('/move', {at: at, move: items[j].move}); } });
    box.appendChild(play);
    show();
    return true;
  }
  function choices(box, items, titles, at) {
    // Every control is bound to the position it was built for (at): the server
    // plays it on a newer one only if the seat's buttons read the same there (LIB-SRV-3).
    box.innerHTML = '';
    box.setAttribute('data-at', String(at));
    if (items.length === 0) { return; }
    if (titles && ordersBuilder(box, items, titles, at)) { return; }
    if (cardGrid(box, items, at)) { return; }
    if (titles && ordersDealt(box, items, titles, at)) { return; }
    if (items.length <= 12) {
      items.forEach(function (m) {
        var b = el('button', m.text); b.type = 'button'; b.setAttribute('data-move', m.move);
        b.title = m.notation;
        b.addEventListener('click', function () { post('/move', {at: at, move: m.move}); });
        box.appendChild(b);
      });
    } else {
      var s = el('select'); s.className = 'choice';
      items.forEach(function (m, i) { var o = el('option', m.text); o.value = String(i); s.appendChild(o); });
      var b = el('button', 'Play the chosen move'); b.type = 'button'; b.className = 'play';
      b.addEventListener('click', function () { post('/move', {at: at, move: items[parseInt(s.value, 10)].move}); });
      box.appendChild(s); box.appendChild(b);
    }
  }
  function rulingForm(box, r, at) {
    // LIB-TAB-8: the host applies a card the referee cannot read, as the table agrees.
    box.innerHTML = '';
    if (!r) { return; }
    box.appendChild(el('h2', "The table's ruling"));
    box.appendChild(el('p', 'The referee cannot read ' + r.card + ': apply what the printed card says (or nothing), as the table agrees. ' +
      'The ruling is written into the game record.'));
    var p = el('p'); var l = el('label', "The card's printed name (optional) "); var name = el('input');
    name.id = 'rulingname'; name.maxLength = 60; name.placeholder = r.card; l.appendChild(name); p.appendChild(l); box.appendChild(p);
    var ref = el('ul');
    r.players.forEach(function (pl) {
      var party = pl.party.map(function (a, i) { return (i + 1) + '. ' + a; }).join(', ') || 'empty';
      var monsters = pl.monsters.map(function (m, i) { return (i + 1) + '. ' + m; }).join(', ') || 'none';
      ref.appendChild(el('li', pl.label + ': party ' + party + '; monsters ' + monsters + '; trap cards ' + pl.trap_cards +
        (pl.trap_cards ? ' (face down: the player says which, by its place in their hand)' : '')));
    });
    box.appendChild(ref);
    var rows = el('div'); box.appendChild(rows);
    function addRow() {
      var row = el('p'); row.className = 'change';
      var kind = el('select'); kind.className = 'kind';
      r.kinds.forEach(function (k) { var o = el('option', k.replace('_', ' ')); o.value = k; kind.appendChild(o); });
      var who = el('select'); who.className = 'player';
      r.players.forEach(function (pl, i) { var o = el('option', pl.label); o.value = String(i); who.appendChild(o); });
      var target = el('input'); target.className = 'target'; target.type = 'number'; target.min = '1'; target.placeholder = 'adventurer, monster or trap card no.';
      var amount = el('input'); amount.className = 'amount'; amount.type = 'number'; amount.placeholder = 'amount';
      var x = el('button', 'remove'); x.type = 'button'; x.addEventListener('click', function () { rows.removeChild(row); });
      [kind, who, target, amount, x].forEach(function (e) { row.appendChild(e); row.appendChild(document.createTextNode(' ')); });
      rows.appendChild(row);
    }
    var add = el('button', 'Add a change'); add.type = 'button'; add.id = 'addchange'; add.addEventListener('click', addRow); box.appendChild(add);
    var go = el('button', "Apply the table's ruling"); go.type = 'button'; go.id = 'applyruling';
    go.addEventListener('click', function () {
      var changes = [];
      rows.querySelectorAll('p.change').forEach(function (row) {
        var t = row.querySelector('.target').value, a = row.querySelector('.amount').value;
        changes.push({kind: row.querySelector('.kind').value, player: parseInt(row.querySelector('.player').value, 10),
          amount: a === '' ? 0 : parseInt(a, 10), target: t === '' ? null : parseInt(t, 10) - 1});
      });
      post('/move', {at: at, move: JSON.stringify({type: 'TableRuling', seat: -2, card: name.value.trim(), changes: changes})});
    });
    box.appendChild(go);
  }
  function picture(part, box, n) {
    // One picture of the position (the link's own view), put in place only if the page still shows that position.
    fetch(base + '/picture?part=' + part, {cache: 'no-store'}).then(function (r) { return r.ok ? r.text() : ''; })
      .then(function (svg) { if (current === n) { document.getElementById(box).innerHTML = svg; } });
  }
  var other = null;  // the other player's dungeon shown (a tap away), from 1
  function pictures(d) {
    // A wide screen shows the whole position; a phone shows the parts apart, each as wide as the screen:
    // its own dungeon, the board, the battle in combat, and another player's dungeon on a tap (issue 37).
    var wide = window.matchMedia('(min-width: 700px)').matches;
    if (document.body.className !== (wide ? 'wide' : 'narrow')) { document.getElementById('words').open = wide; }  // open on a wide screen
    document.body.className = wide ? 'wide' : 'narrow';
    if (wide) { picture('position', 'picture', d.n); return; }
    var combat = d.phase === 'combat';
    document.getElementById('battlebox').className = combat ? '' : 'hidden';
    if (combat) { picture('battle', 'battle', d.n); }
    picture('board', 'board', d.n);
    var mine = typeof d.seat === 'number';
    document.getElementById('minebox').className = mine ? '' : 'hidden';
    if (mine) { picture('dungeon-' + (d.seat + 1), 'mine', d.n); }
    var nav = document.getElementById('others');
    if (nav.childNodes.length === 0) {
      for (var k = 1; k <= d.players; k++) {
        if (mine && k === d.seat + 1) { continue; }
        (function (k) {
          var b = el('button', 'P' + k + "'s dungeon"); b.type = 'button'; b.setAttribute('aria-pressed', 'false');
          b.addEventListener('click', function () {
            other = (other === k) ? null : k;
            nav.querySelectorAll('button').forEach(function (x) { x.setAttribute('aria-pressed', 'false'); });
            if (other !== null) { b.setAttribute('aria-pressed', 'true'); picture('dungeon-' + k, 'other', current); }
            else { document.getElementById('other').innerHTML = ''; }
          });
          nav.appendChild(b);
        })(k);
      }
    }
    if (other !== null) { picture('dungeon-' + other, 'other', d.n); }
  }
  var wasMine = false;
  function turn(d) {
    // "Your turn" is a bar, the page's title, and (if the phone can and the player wants) a short vibration.
    var mine = Boolean(d.moves.length || d.server_draw || d.ruling);
    var bar = document.getElementById('turn');
    bar.className = mine ? 'yours' : 'theirs';
    bar.textContent = mine ? 'Your turn: choose below.' :
      (d.to_move.length ? 'Waiting for ' + d.to_move.join(', ') + '.' : 'The game is over.');
    document.title = (mine ? '(Your turn) ' : '') + document.body.getAttribute('data-title');
    var buzz = document.getElementById('vibrate');
    if (mine && !wasMine && buzz && buzz.checked && navigator.vibrate) { navigator.vibrate(200); }
    wasMine = mine;
  }
  function draw(d) {
    var m = document.getElementById('message');
    if (d.n !== current && m.className === 'done' && current >= 0 && d.n > shownDone) { m.className = ''; }
    current = d.n;
    document.body.setAttribute('data-n', String(d.n));
    document.getElementById('n').textContent = 'move ' + d.n;
    document.getElementById('phase').textContent = d.phase;
    document.getElementById('tomove').textContent = d.to_move.length ? 'to move: ' + d.to_move.join(', ') : 'the game is over';
    document.getElementById('position').textContent = d.position;
    turn(d);
    pictures(d);
    // A list whose moves and words did not change is left as it is, still bound to the
    // position it was built for (a choice half made survives another seat's move, and
    // the server plays it: LIB-SRV-3); any other change builds it again for this position.
    var movesKey = JSON.stringify(d.moves.map(function (m) { return [m.move, m.text]; }));
    if (movesKey !== lastMoves) { lastMoves = movesKey; choices(document.getElementById('moves'), d.moves, d.order_titles, d.n); }
    var chance = document.getElementById('chance');
    // chance and the table's ruling are played only on the position they were built for: built again at each move
    var chanceKey = JSON.stringify([d.n, d.server_draw, d.chance.map(function (m) { return [m.move, m.text]; })]);
    if (chanceKey === lastChance) { chance = null; } else { lastChance = chanceKey; choices(chance, d.chance, d.order_titles, d.n); }
    if (chance && d.server_draw) {
      var b = el('button', 'Let the server draw at random'); b.type = 'button'; b.id = 'serverdraw';
      b.addEventListener('click', function (at) { return function () { post('/draw', {at: at}); }; }(d.n));
      chance.appendChild(b);
    }
    var rulingKey = JSON.stringify([d.n, d.ruling || null]);
    if (rulingKey !== lastRuling) { lastRuling = rulingKey; rulingForm(document.getElementById('ruling'), d.ruling, d.n); }
    document.getElementById('chancenote').textContent = d.chance_note;
    var replay = document.getElementById('replayable');
    replay.textContent = d.replayable_note; replay.className = d.replayable_note ? '' : 'hidden';
    document.getElementById('nomoves').style.display = (d.moves.length || d.server_draw || d.ruling) ? 'none' : 'block';
    var rec = document.getElementById('record');
    if (d.record) { rec.href = base + '/record'; rec.style.display = 'inline'; } else { rec.style.display = 'none'; }
    var log = document.getElementById('log'); log.innerHTML = '';
    d.log.slice().reverse().forEach(function (e) { log.appendChild(el('li', 'Move ' + e.n + ': ' + e.text)); });
  }
  function refresh() {
    return fetch(base + '/state', {cache: 'no-store'}).then(function (r) { return r.json(); }).then(function (d) { if (d.ok) { draw(d); } });
  }
  refresh();
  var source = new EventSource(base + '/events');
  source.addEventListener('move', function (e) { if (parseInt(e.data, 10) !== current) { refresh(); } });
})();
"""


def _csp_hash(text: str) -> str:
    """The Content-Security-Policy source naming an inline script or style by its SHA-256."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


SCRIPT_HASH = _csp_hash(_SCRIPT)
"""The pages' one script, as the pages' security policy names it (no other script runs)."""

STYLE_HASH = _csp_hash(_STYLE)
"""The pages' one style sheet, as the pages' security policy names it."""


def game_page(title: str) -> str:
    """The page of one link (the script fills it in). On a phone (narrower
    than 700 px) it reads from the top: whose turn it is, the moves, what
    just happened, then the seat's own dungeon, the board and the battle,
    each as wide as the screen, and the other dungeons a tap away; a wider
    screen shows the whole position beside the moves (issue 37)."""
    name = f"Dungeon Lords: {title}"
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{escape(name)}</title><style>{_STYLE}</style></head>\n"
        f"<body data-n='-1' data-title='{escape(name, quote=True)}'><header><h1>{escape(name)}</h1><span id='n'></span>"
        "<span id='phase'></span><span id='tomove'></span></header>\n"
        "<main><div id='turn' role='status' aria-live='polite'></div><div id='play'>"
        "<div id='message' role='alert'></div><p id='replayable' class='hidden'></p>"
        "<h2>Your moves</h2><div id='moves'></div><div id='chance'></div><div id='ruling'></div>"
        "<p id='chancenote'></p><p id='nomoves'>Nothing for you to do now.</p>"
        "<p><a id='record' class='hidden' download='game.jsonl'>Download the game's record</a></p>"
        "<h2>Latest moves</h2><ul id='log'></ul>"
        "<p><label class='check'><input type='checkbox' id='vibrate' checked> vibrate when it is my turn</label></p>"
        "</div><div id='table'>"
        "<div id='minebox' class='hidden'><h2>Your dungeon</h2><div id='mine' class='part'></div></div>"
        "<div id='battlebox' class='hidden'><h2>The battle</h2><div id='battle' class='part'></div></div>"
        "<div id='boardbox'><h2>The board</h2><div id='board' class='part'></div></div>"
        "<div id='othersbox'><h2>The other dungeons</h2><nav id='others' aria-label='the other dungeons'></nav>"
        "<div id='other' class='part'></div></div>"
        "<div id='picture'></div>"
        "<details id='words'><summary>The position in words</summary><pre id='position'></pre></details>"
        f"</div></main>\n<script>{_SCRIPT}</script>\n</body></html>\n"
    )


def welcome_page() -> str:
    """The server's address on its own (``/``): where games are created (LIB-SRV-11)."""
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Dungeon Lords table</title><style>{_STYLE}</style></head>\n"
        "<body><header><strong>Dungeon Lords: a table server</strong></header><main>"
        "<p>This server referees Dungeon Lords games. Players: open the link the host gave you.</p>"
        "<p>Host: games are created from the creation link that <code>dlrules serve</code> printed when it started "
        "(it holds the server's creation key), or with <code>dlrules serve --new-game</code>.</p>"
        "</main></body></html>\n"
    )


def home_page(key: str) -> str:
    """The host's form to create a game; it sends the creation key ``key`` with the game (LIB-SRV-11)."""
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Dungeon Lords table</title><style>{_STYLE}</style></head>\n"
        "<body><header><strong>Dungeon Lords: a new game</strong></header><main>"
        "<form method='post' action='/games'>"
        f"<input type='hidden' name='key' value='{escape(key, quote=True)}'>"
        "<p><label>Players <select name='players'><option>2</option><option>3</option><option selected>4</option></select></label></p>"
        "<p><label>Variant <select name='variant'><option value='full' selected>full game</option>"
        "<option value='first'>first game (no special events)</option></select></label></p>"
        "<p><label>First player <select name='first_player'><option>1</option><option>2</option><option>3</option><option>4</option></select></label></p>"
        "<p><label><input type='checkbox' name='auto_chance' value='1'> the server draws every card (no box on the table)</label></p>"
        "<p><label><input type='checkbox' name='no_special_events' value='1'> leave the special event cards out (the rulebook's easier game)</label></p>"
        "<p><label><input type='checkbox' name='table_rulings' value='1' checked> the host applies each card the referee cannot read "
        "(a table's ruling, written into the record)</label></p>"
        "<p><label><input type='checkbox' name='replayable' value='1'> replayable (practice): the server's draws follow a seed, "
        "so whoever knows it foresees them; every page says so</label></p>"
        "<p><label>Seed of a replayable game <input name='seed' size='8' placeholder='random'></label></p>"
        + _bot_lists()
        + "<p><button type='submit'>Create the game</button></p></form></main></body></html>\n"
    )


def _bot_lists() -> str:
    """One list per seat: a person, or a bot the server plays (LIB-SRV-10)."""
    from dlrules.agents.bots import BOTS

    options = "<option value='' selected>a person</option>" + "".join(f"<option value='{escape(b)}'>{escape(b)} bot</option>" for b in sorted(BOTS))
    lists = "".join(f"<label>Player {k} <select name='bot{k}'>{options}</select></label> " for k in range(1, 5))
    return f"<p>Seats the server plays (bots; at least one seat is a person's): {lists}</p>"


def qr_code(url: str, label: str) -> str:
    """A QR code of ``url`` as an image (an SVG data URI, which the pages'
    policy allows), for a phone's camera; made by segno (the serve extra).
    Empty when segno is not installed: the link is still printed."""
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is in the serve extra
        return ""
    qr = segno.make(url, error="m")
    width, height = qr.symbol_size(scale=4, border=2)
    uri = qr.svg_data_uri(scale=4, border=2)
    return f"<img class='qr' src='{escape(uri, quote=True)}' width='{width}' height='{height}' alt='{escape(label, quote=True)}'>"


def links_page(base: str, host: str, seats: Sequence[str | None], bots: Sequence[str] = (), again: str = "") -> str:
    """The links of a new game, shown once (only the tokens' hashes are kept);
    a bot's seat has no link (LIB-SRV-10); ``again``: the form's address, to
    create another game. Each seat's link comes with its QR code, so a phone
    opens it with its camera; ``base`` is the address phones use
    (``dlrules serve --public-url``)."""
    another = f"<p><a href='{escape(again)}'>Create another game</a></p>" if again else ""
    items = "".join(
        f"<li>Player {i + 1}: {escape(bots[i])} bot, played by the server</li>"
        if s is None
        else f"<li class='seat'><p>Player {i + 1}: <a href='{escape(base + s)}'>{escape(base + s)}</a></p>"
        f"{qr_code(base + s, f'QR code of the link of Player {i + 1}')}</li>"
        for i, s in enumerate(seats)
    )
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Dungeon Lords: links</title><style>{_STYLE}</style></head>\n"
        "<body><header><strong>The game's links</strong></header><main>"
        "<p>Give each player their own link (it is their key: whoever has it plays that seat): "
        "they open it by scanning its QR code with the phone's camera. "
        "The links are shown only now.</p>"
        f"<p>Host: <a href='{escape(base + host)}'>{escape(base + host)}</a></p><ul id='links'>{items}</ul>{another}</main></body></html>\n"
    )


def message_page(text: str, back: str = "/") -> str:
    """A short page saying ``text``, with a way back (to the form)."""
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Dungeon Lords table</title><style>{_STYLE}</style></head>\n"
        f"<body><main><p>{escape(text)}</p><p><a href='{escape(back)}'>Back</a></p></main></body></html>\n"
    )
