"""The phone page (``/join``): pick a seat, see your map and the card on the table, draw by
tapping spaces, take your last drawing back, choose what is yours to choose (the gorgon's and the
troll's space), see your season's score. Self-contained; every text from the game is set with
``textContent``; the seat's token is kept by the browser, so a reload comes back to the seat."""

from __future__ import annotations

from ..i18n import N_, ngettext, pgettext
from .page import SEASONS, counted_with, render, translated

#: The phone page's words (``page.render``: in the HTML as ``{{key}}``, in the script as
#: ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: your map"),
    "game": N_("Cartographers"),
    "change_seat": N_("change seat"),
    "pick_seat": N_("Pick your seat:"),
    "clear": N_("Clear"),
    "take_back": N_("Take back"),
    "join_table": N_("Cartographers: join the table"),
    "taken": N_("{player} (taken)"),
    "choose_one": N_("Choose one of {spaces}"),
    "first_card": N_("Waiting for the first card"),
    "ambush": N_("Ambush: draw the monster shape (turned or mirrored as you like)"),
    "hero": N_("Hero: one empty space, then its pattern's marks"),
    "explore": N_("Explore card, time {time}"),
    "ruins": N_("{what}. Its shape must cover an empty ruins space (r)."),
    "plus_coin": N_("+ coin"),
    "fallback_only": N_("only for the single-space fallback"),
    "unreachable": N_("cartoref serve cannot be reached"),
    "draw_on": N_("You draw on {map}'s map now."),
    "game_over": N_("The game is over."),
    "drawn_waiting": N_("Drawn. Waiting for {names}."),
    "drawn_all": N_("Drawn. Everyone has drawn."),
    "troll_choose": N_("The troll destroys one empty space next to it: tap it ({spaces})."),
    "your_score": N_("Your {season} score: {total}"),
    "coins": N_("Coins"),
    "monsters": N_("Monsters"),
    "drawn_on": N_("Drawn on {map}'s map."),
    "refused": N_("refused"),
    "gorgon": N_("The gorgon destroys one space next to it: tap it."),
    "troll_destroyed": N_("The troll destroyed {space}."),
    "tap_first": N_("Tap the spaces to draw first."),
    "taken_back": N_("Taken back."),
}

#: The terrains' words on the terrain buttons, by the word the JSON gives (and the API takes).
TERRAINS = {"forest": N_("forest"), "village": N_("village"), "farm": N_("farm"), "water": N_("water"),
            "monster": N_("monster")}


def page() -> str:
    """The phone page, in the language spoken."""
    words = translated(WORDS)
    words["draw"] = pgettext("a button: draw on the map the spaces tapped", "Draw")
    words["drawn_on_coins"] = counted_with(
        lambda n: ngettext("Drawn on {map}'s map. +{n} coin", "Drawn on {map}'s map. +{n} coins", n))
    words["terrains"] = translated(TERRAINS)
    words["seasons"] = translated(SEASONS)
    return render(PAGE, words)


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1">
<title>{{title}}</title>
<style>
  :root { --bg: #f4f1ea; --fg: #1d1d1d; --dim: #6b6b6b; --accent: #c77700; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); font-family: "DejaVu Sans", Helvetica, Arial, sans-serif;
         font-size: 16px; }
  header { display: flex; align-items: center; gap: 8px; padding: 8px 10px; background: #2b2b2b; color: #fff; }
  header b { flex: 1; }
  header button { font-size: 13px; }
  section { padding: 8px 10px; }
  button { font-size: 16px; padding: 8px 12px; border-radius: 6px; border: 1px solid #888; background: #fff; }
  button.on { background: var(--accent); color: #fff; border-color: var(--accent); }
  button:disabled { opacity: 0.45; }
  #seat-list button { display: block; width: 100%; margin: 6px 0; text-align: left; }
  #card-name { font-size: 20px; font-weight: bold; }
  #card-what { color: var(--dim); font-size: 14px; margin: 2px 0 6px; }
  .choices { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
  .shape { font-family: "DejaVu Sans Mono", monospace; white-space: pre; line-height: 1; font-size: 14px;
           padding: 6px; border: 1px solid #aaa; border-radius: 6px; background: #fff; }
  #grid { display: grid; grid-template-columns: 22px repeat(11, 1fr); gap: 2px; margin: 8px 0; user-select: none; }
  #grid .label { font-size: 11px; color: var(--dim); display: flex; align-items: center; justify-content: center; }
  #grid .sp { aspect-ratio: 1; border: 1px solid #999; background: #fff; font-size: 13px; font-weight: bold;
              display: flex; align-items: center; justify-content: center; padding: 0; border-radius: 3px; }
  #grid .sp.F { background: #2e7d32; color: #fff; } #grid .sp.V { background: #c62828; color: #fff; }
  #grid .sp.P { background: #f6c945; } #grid .sp.W { background: #1e6fbf; color: #fff; }
  #grid .sp.M, #grid .sp.D, #grid .sp.Z, #grid .sp.T, #grid .sp.G { background: #6a1b9a; color: #fff; }
  #grid .sp.H { background: #ff8f00; color: #fff; } #grid .sp.X { background: #555; color: #fff; }
  #grid .sp.mountain { background: #8d6e63; color: #fff; } #grid .sp.waste { background: #9e9e9e; }
  #grid .sp.r { background: #fff8e1; color: #8d6e63; }
  #grid .sp.zone { box-shadow: inset 0 0 0 2px #ff8f00; }
  #grid .sp.picked { outline: 3px solid var(--accent); outline-offset: -3px; background: #ffe0a3; color: #000; }
  #actions { display: flex; gap: 8px; flex-wrap: wrap; }
  #message { margin: 8px 0; min-height: 20px; }
  #message.refused { color: #b00020; }
  #score table { border-collapse: collapse; width: 100%; font-size: 14px; }
  #score td { border-bottom: 1px solid #ccc; padding: 3px; }
  .hidden { display: none !important; }
</style>
</head>
<body>
<header><b id="who">{{game}}</b><button id="leave" class="hidden">{{change_seat}}</button></header>
<section id="seats" class="hidden">
  <p>{{pick_seat}}</p>
  <div id="seat-list"></div>
</section>
<section id="play" class="hidden">
  <div id="card-name"></div>
  <div id="card-what"></div>
  <div id="options" class="choices"></div>
  <div id="terrains" class="choices"></div>
  <div id="orientations" class="choices"></div>
  <div id="target"></div>
  <div id="grid"></div>
  <div id="actions">
    <button id="draw" class="on">{{draw}}</button>
    <button id="clear">{{clear}}</button>
    <button id="take-back">{{take_back}}</button>
  </div>
  <div id="message"></div>
  <div id="score"></div>
</section>
<script>
"use strict";
{{WORDS}}const KEY = "cartoref-seat";
const ROWS = "ABCDEFGHIJK";
const $ = (id) => document.getElementById(id);
let seat = JSON.parse(localStorage.getItem(KEY) || "null");
let table = null, map = null, target = null;
let picked = new Set(), terrain = null, orientation = null;
let mode = "draw", choices = new Set(), destroy = null, lastTurn = null;
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function show(id, on) { $(id).classList.toggle("hidden", !on); }
function say(text, refused) { $("message").textContent = text; $("message").className = refused ? "refused" : ""; }
async function api(method, path, body) {
  const opts = { method, headers: {}, cache: "no-store" };
  if (seat) opts.headers.Authorization = "Bearer " + seat.token;
  if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
  const r = await fetch(path, opts);
  let data = {};
  try { data = await r.json(); } catch (e) { data = {}; }
  return { ok: r.ok, status: r.status, data };
}
function myTarget() {
  const c = table.card;
  if (c && c.passes) {
    const p = c.passes.find((x) => x.drawn_by === seat.player);
    if (p) return p.map_of;
  }
  return seat.player;
}
function renderSeats() {
  show("seats", true); show("play", false); show("leave", false);
  $("who").textContent = WORDS.join_table;
  const list = $("seat-list");
  list.replaceChildren();
  for (const s of table.seats) {
    const b = el("button", s.taken ? fill(WORDS.taken, { player: s.player }) : s.player);
    b.disabled = s.taken;
    b.dataset.player = s.player;
    b.addEventListener("click", async () => {
      const r = await api("POST", "/api/seats", { player: s.player });
      if (!r.ok) { alert(r.data.error.message); return load(); }
      seat = r.data;
      localStorage.setItem(KEY, JSON.stringify(seat));
      picked.clear();
      load();
    });
    list.append(b);
  }
}
function symbolClass(ch) {
  if (ch === "^") return "mountain";
  if (ch === "#") return "waste";
  return ch;
}
function renderGrid() {
  const g = $("grid");
  g.replaceChildren(el("div", "", "label"));
  for (let c = 1; c <= 11; c++) g.append(el("div", String(c), "label"));
  const zones = new Set(map.zones || []);
  for (let r = 0; r < 11; r++) {
    g.append(el("div", ROWS[r], "label"));
    for (let c = 0; c < 11; c++) {
      const label = ROWS[r] + (c + 1);
      const ch = map.grid[r][c];
      const b = el("button", ch === "." || ch === "r" ? (ch === "r" ? "r" : "") : ch, "sp " + symbolClass(ch));
      b.dataset.space = label;
      if (zones.has(label)) b.classList.add("zone");
      if (picked.has(label) || destroy === label) b.classList.add("picked");
      b.addEventListener("click", () => tap(label, ch));
      g.append(b);
    }
  }
}
function tap(label, ch) {
  if (mode === "gorgon" || mode === "troll") {
    if (!choices.has(label)) { say(fill(WORDS.choose_one, { spaces: [...choices].join(", ") }), true); return; }
    if (mode === "gorgon") { destroy = label; renderGrid(); send(); } else { chooseTroll(label); }
    return;
  }
  if (ch !== "." && ch !== "r") return;
  if (table.card && table.card.kind === "hero") picked.clear();
  if (picked.has(label)) picked.delete(label); else picked.add(label);
  renderGrid();
}
function renderCard() {
  const c = table.card;
  $("options").replaceChildren(); $("terrains").replaceChildren(); $("orientations").replaceChildren();
  if (!c) { $("card-name").textContent = WORDS.first_card; $("card-what").textContent = ""; return; }
  $("card-name").textContent = c.name;
  let what = c.kind === "ambush" ? WORDS.ambush : c.kind === "hero" ? WORDS.hero
    : fill(WORDS.explore, { time: c.time });
  if (c.ruins) what = fill(WORDS.ruins, { what });
  $("card-what").textContent = what;
  if (c.options) for (const o of c.options) $("options").append(el("div", o.shape.join("\\n") + (o.coin ? "\\n" + WORDS.plus_coin : ""), "shape"));
  if (c.shape) $("options").append(el("div", c.shape.join("\\n"), "shape"));
  if (c.terrains) {
    if (!c.terrains.includes(terrain)) terrain = c.terrains.length === 1 ? c.terrains[0] : null;
    const all = ["forest", "village", "farm", "water", "monster"];
    for (const t of all) {
      const b = el("button", WORDS.terrains[t] || t, t === terrain ? "on" : "");
      if (!c.terrains.includes(t)) b.title = WORDS.fallback_only;
      b.addEventListener("click", () => { terrain = t; renderCard(); });
      $("terrains").append(b);
    }
  } else { terrain = null; }
  if (c.orientations) {
    if (!orientation || orientation > c.orientations.length) orientation = 1;
    c.orientations.forEach((rows, i) => {
      const b = el("button", rows.join("\\n"), "shape" + (orientation === i + 1 ? " on" : ""));
      b.addEventListener("click", () => { orientation = i + 1; renderCard(); });
      $("orientations").append(b);
    });
  } else { orientation = null; }
}
async function load() {
  const t = await api("GET", "/api/table");
  if (!t.ok) { say(t.data.error ? t.data.error.message : WORDS.unreachable, true); return; }
  table = t.data;
  if (table.turn !== lastTurn) {  // a new card: what was said of the last one no longer holds
    lastTurn = table.turn; picked.clear(); destroy = null; mode = "draw"; say("");
  }
  if (!seat || !table.players.includes(seat.player)) { seat = null; localStorage.removeItem(KEY); renderSeats(); return; }
  show("seats", false); show("play", true); show("leave", true);
  $("who").textContent = seat.player;
  target = myTarget();
  $("target").textContent = target !== seat.player ? fill(WORDS.draw_on, { map: target }) : "";
  const m = await api("GET", "/api/maps/" + encodeURIComponent(target));
  if (!m.ok) { say(m.data.error.message, true); return; }
  map = m.data;
  renderCard();
  renderGrid();
  const drawn = (table.drawn || []).includes(seat.player);
  $("draw").disabled = !table.card || drawn || table.game_over;
  $("take-back").disabled = !drawn;
  if (mode === "draw") {
    if (table.game_over) say(WORDS.game_over);
    else if (drawn) say(table.waiting.length ? fill(WORDS.drawn_waiting, { names: table.waiting.join(", ") }) : WORDS.drawn_all);
  }
  await seasonEnd();
}
async function seasonEnd() {
  if (!table.season_over) { $("score").replaceChildren(); return; }
  const s = await api("GET", "/api/maps/" + encodeURIComponent(seat.player) + "/score");
  if (s.ok) renderScore(s.data);
  const recorded = (table.recorded || []).includes(seat.player);
  if (recorded && table.after_scoring.length && !table.game_over && !(map.resolved || []).includes(table.season)
      && target === seat.player && mode !== "troll") {
    const r = await api("POST", "/api/maps/" + encodeURIComponent(seat.player) + "/season-end", {});
    if (!r.ok && r.data.error && r.data.error.code === "troll-target") {
      mode = "troll"; choices = new Set(r.data.error.spaces || []);
      say(fill(WORDS.troll_choose, { spaces: [...choices].join(", ") }));
    } else if (r.ok) { load(); }
  }
}
function renderScore(d) {
  const box = $("score");
  const season = d.season ? WORDS.seasons[d.season] || d.season : "";
  box.replaceChildren(el("h3", fill(WORDS.your_score, { season, total: d.total })));
  const t = el("table");
  for (const c of d.cards) {
    const tr = el("tr");
    tr.append(el("td", c.name), el("td", String(c.score)), el("td", c.reason || ""));
    t.append(tr);
  }
  for (const [name, v] of [[WORDS.coins, d.coins], [WORDS.monsters, -d.monsters]]) {
    const tr = el("tr"); tr.append(el("td", name), el("td", String(v)), el("td", "")); t.append(tr);
  }
  box.append(t);
}
async function send() {
  const body = { cells: [...picked] };
  if (terrain && table.card.kind === "explore") body.terrain = terrain;
  if (orientation && table.card.kind === "hero") body.orientation = orientation;
  if (destroy) body.destroy = destroy;
  const r = await api("POST", "/api/maps/" + encodeURIComponent(target) + "/drawings", body);
  if (r.ok) {
    picked.clear(); destroy = null; mode = "draw";
    const n = r.data.coins_gained;
    say(n ? fill(counted(WORDS.drawn_on_coins, n), { map: target, n }) : fill(WORDS.drawn_on, { map: target }));
    return load();
  }
  const e = r.data.error || { message: WORDS.refused };
  if (e.code === "gorgon-target") {
    mode = "gorgon"; choices = new Set(e.spaces || []);
    say(WORDS.gorgon);
    return;
  }
  if (e.code === "no-token" || e.code === "bad-token") { seat = null; localStorage.removeItem(KEY); }
  destroy = null; mode = "draw";
  say(e.message, true);
  if (!seat) load();
}
async function chooseTroll(label) {
  const r = await api("POST", "/api/maps/" + encodeURIComponent(seat.player) + "/season-end", { troll: label });
  mode = "draw"; choices = new Set();
  say(r.ok ? fill(WORDS.troll_destroyed, { space: label }) : r.data.error.message, !r.ok);
  load();
}
$("draw").addEventListener("click", () => { if (!picked.size) { say(WORDS.tap_first, true); return; } send(); });
$("clear").addEventListener("click", () => { picked.clear(); destroy = null; mode = "draw"; say(""); renderGrid(); });
$("take-back").addEventListener("click", async () => {
  const r = await api("DELETE", "/api/maps/" + encodeURIComponent(target) + "/drawings/last");
  say(r.ok ? WORDS.taken_back : r.data.error.message, !r.ok);
  load();
});
$("leave").addEventListener("click", () => { seat = null; localStorage.removeItem(KEY); load(); });
// A table of a hundred changes often while a card is drawn: one reload for a burst of events.
let pending = null;
function soon() {
  if (pending) return;
  pending = setTimeout(() => { pending = null; if (mode === "draw") load(); }, 300 + Math.random() * 400);
}
if (window.EventSource) new EventSource("/api/events").addEventListener("table", soon);
load();
</script>
</body>
</html>
"""
