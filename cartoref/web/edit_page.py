"""The edit page: a map's grid on its sheet side to type or paint in, with ``check``'s problems
and the score beside it, and a photo of the sheet under the grid (aligned by its four corners)
to copy from or to read. Self-contained; every text set with ``textContent``."""

from __future__ import annotations

from html import escape

from ..i18n import N_, _, ngettext
from .page import SEASONS, counted_with, render, translated

#: The edit page's words (``page.render``: in the HTML as ``{{key}}``, in the script as
#: ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: edit a map"),
    "edit_map": N_("Edit a map"),
    "save": N_("Save"),
    "drop_photo": N_("Drop a photo of the sheet on the grid to see it underneath."),
    "photo_under": N_("Photo under the grid"),
    "align": N_("Align by the four corners"),
    "read": N_("Read the photo"),
    "the_photo": N_("the photo"),
    "player": N_("Player"),
    "coins": N_("Coins"),
    "season": N_("Season"),
    "none": N_("(none)"),
    "edicts": N_("Edicts A-D"),
    "check": N_("Check"),
    "score": N_("Score"),
    "choose": N_("Choose the season and the edicts to see the score."),
    "not_saved": N_("not saved"),
    "problem_at": N_("{space}: {message}"),
    "no_problem": N_("No problem."),
    "warning": N_("warning: {warning}"),
    "fix_first": N_("Fix the problems above to see the score."),
    "monsters": N_("Monsters"),
    "total": N_("Total"),
    "empty": N_("empty"),
    "aligning": N_("Aligning..."),
    "aligned": N_("Aligned."),
    "corners_help": N_("Drag the grid's corners onto the map's corners, or click the map's corners in turn: "
                       "top-left, top-right, bottom-right, bottom-left."),
    "corners_of": N_("{n} of 4 corners"),
    "saved": N_("saved"),
    "lost": N_("cartoref edit cannot be reached: is it still running?"),
}

#: How to paint, under the grid: written into the HTML as it is (its quotes are text, not an
#: attribute's), hence kept apart from ``WORDS``.
PAINT = N_("Click or drag to paint with the chosen symbol; type a symbol's letter to paint the selected\n"
           "      space and move on (a whole row can be typed); arrows move; \"?\" marks a space still to type.")


def page() -> str:
    """The edit page, in the language spoken."""
    words = translated(WORDS)
    words["saved_left"] = counted_with(lambda n: ngettext("saved ({n} ? left)", "saved ({n} ? left)", n))
    words["unread_left"] = counted_with(lambda n: ngettext(
        '{n} space is still "?": type what it holds to see the score.',
        '{n} spaces are still "?": type what they hold to see the score.', n))
    words["seasons"] = translated(SEASONS)
    return render(PAGE, words, PAINT=escape(_(PAINT), quote=False))


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  body { margin: 0; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 15px; background: #f4f1ea; }
  header { padding: 8px 12px; background: #2b2b2b; color: #fff; display: flex; gap: 12px; align-items: center; }
  header b { flex: 1; }
  main { display: grid; grid-template-columns: min-content minmax(300px, 1fr); gap: 16px; padding: 12px; }
  #board { position: relative; width: 528px; height: 528px; }
  #under { position: absolute; left: 0; top: 0; width: 528px; height: 528px; opacity: 0.5; pointer-events: none; }
  #grid { position: absolute; left: 0; top: 0; display: grid; grid-template-columns: repeat(11, 48px); user-select: none; }
  .sp { width: 48px; height: 48px; box-sizing: border-box; border: 1px solid #555; display: flex;
        align-items: center; justify-content: center; font-weight: bold; font-size: 18px; cursor: pointer;
        background: rgba(255, 255, 255, 0.55); }
  .sp.sel { outline: 3px solid #c77700; outline-offset: -3px; }
  .sp.unread { background: rgba(255, 210, 0, 0.75); }
  .sp.printed { cursor: default; background: rgba(141, 110, 99, 0.55); color: #fff; }
  .sp.F { background: rgba(46,125,50,.75); color: #fff; } .sp.V { background: rgba(198,40,40,.75); color: #fff; }
  .sp.P { background: rgba(246,201,69,.8); } .sp.W { background: rgba(30,111,191,.75); color: #fff; }
  .sp.M, .sp.D, .sp.Z, .sp.T, .sp.G { background: rgba(106,27,154,.75); color: #fff; }
  .sp.H { background: rgba(255,143,0,.8); } .sp.X { background: rgba(60,60,60,.8); color: #fff; }
  #palette button { min-width: 36px; height: 34px; padding: 0 6px; font-weight: bold; margin: 1px; white-space: nowrap; }
  #palette button.on { background: #c77700; color: #fff; }
  #side-panel h3 { margin: 10px 0 4px; }
  #problems li { color: #b00020; }
  #problems li.warn { color: #8a4b00; }
  #problems li.ok { color: #1b5e20; }
  #photo-box { margin-top: 10px; }
  #whole-box { position: relative; width: max-content; margin-top: 6px; }
  #whole { max-width: 528px; display: block; cursor: crosshair; }
  .corner { position: absolute; width: 18px; height: 18px; margin: -9px 0 0 -9px; box-sizing: border-box;
            border: 3px solid #c77700; border-radius: 50%; background: rgba(255, 255, 255, 0.4); cursor: move; }
  table { border-collapse: collapse; } td { padding: 2px 6px; border-bottom: 1px solid #ccc; }
  td:last-child { min-width: 12em; }
  .hidden { display: none !important; }
  /* Too narrow for the grid and the panel side by side (528 + 300 px, the gaps, a scrollbar):
     one column, the grid as wide as the screen allows (11 spaces of 34 px on a 390 px phone),
     nothing wider than the screen, so the page never scrolls sideways. */
  @media (max-width: 900px) {
    main { grid-template-columns: minmax(0, 1fr); gap: 12px; padding: 8px; overflow-wrap: anywhere; }
    header { padding: 8px; }
    header b { min-width: 0; overflow-wrap: anywhere; }
    #board { width: 100%; max-width: 528px; height: auto; aspect-ratio: 1 / 1; }
    #under { width: 100%; height: 100%; }
    #grid { width: 100%; grid-template-columns: repeat(11, minmax(0, 1fr)); }
    .sp { width: auto; height: auto; aspect-ratio: 1 / 1; font-size: 16px; }
    #whole-box { max-width: 100%; }
    #whole { max-width: 100%; }
    select { max-width: 100%; }
    td:last-child { min-width: 0; }
  }
</style>
</head>
<body>
<header><b id="title">{{edit_map}}</b><span id="saved"></span><button id="save">{{save}}</button></header>
<main>
  <section>
    <div id="board"><img id="under" class="hidden" alt=""><div id="grid"></div></div>
    <div id="palette"></div>
    <div id="drop-photo" class="hidden">{{drop_photo}}</div>
    <div>{{PAINT}}</div>
    <div id="photo-box" class="hidden">
      <label>{{photo_under}} <input id="opacity" type="range" min="0" max="100" value="50"></label>
      <button id="corners-start">{{align}}</button>
      <button id="read">{{read}}</button>
      <div id="corner-help"></div>
      <div id="whole-box" class="hidden"><img id="whole" alt="{{the_photo}}"></div>
    </div>
  </section>
  <section id="side-panel">
    <div>{{player}} <input id="player" size="16"> {{coins}} <input id="coins" type="number" min="0" max="14" style="width:4em"></div>
    <div>{{season}} <select id="season"><option value="">{{none}}</option></select></div>
    <div>{{edicts}} <select class="edict"></select><select class="edict"></select><select class="edict"></select><select class="edict"></select></div>
    <h3>{{check}}</h3>
    <ul id="problems"></ul>
    <h3>{{score}}</h3>
    <div id="score">{{choose}}</div>
  </section>
</main>
<script>
"use strict";
{{WORDS}}const ROWS = "ABCDEFGHIJK";
const SYMBOLS = [".", "F", "V", "P", "W", "M", "H", "X", "D", "Z", "T", "G", "?"];
const $ = (id) => document.getElementById(id);
let draft = null, rows = [], printed = new Set(), ruins = new Set();
let selected = 0, brush = "F", painting = false, edited = new Set(), corners = null, picking = null;
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
async function post(path, body, asBlob) {
  // Never throws: a refusal (or a server gone) comes back as { ok: false, data: { error } }.
  let r;
  try { r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }); }
  catch (e) { return { ok: false, data: { error: { message: WORDS.lost } } }; }
  if (asBlob && r.ok) return { ok: true, blob: await r.blob() };
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: { message: WORDS.lost } }; }
  return { ok: r.ok, data };
}
function label(i) { return ROWS[Math.floor(i / 11)] + (i % 11 + 1); }
function symbol(i) { return rows[Math.floor(i / 11)][i % 11]; }
function setSymbol(i, s) {
  if (printed.has(label(i))) return;
  const r = Math.floor(i / 11), c = i % 11;
  if (ruins.has(label(i))) s = s === "." ? "r" : s.toLowerCase();
  rows[r] = rows[r].slice(0, c) + s + rows[r].slice(c + 1);
  edited.add(label(i));
}
function render() {
  const g = $("grid");
  g.replaceChildren();
  for (let i = 0; i < 121; i++) {
    const s = symbol(i), up = s.toUpperCase();
    const cell = el("div", s === "." ? "" : s, "sp");
    cell.dataset.space = label(i);
    if (printed.has(label(i))) cell.classList.add("printed");
    else if (s === "?") cell.classList.add("unread");
    else if (SYMBOLS.includes(up)) cell.classList.add(up);
    if (i === selected) cell.classList.add("sel");
    cell.addEventListener("mousedown", () => { painting = true; selected = i; setSymbol(i, brush); render(); changed(); });
    cell.addEventListener("mouseenter", () => { if (painting) { setSymbol(i, brush); render(); changed(); } });
    g.append(cell);
  }
}
document.addEventListener("mouseup", () => { painting = false; });
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -11, ArrowDown: 11 };
  if (moves[e.key] !== undefined) { selected = (selected + moves[e.key] + 121) % 121; render(); e.preventDefault(); return; }
  const key = e.key === " " ? "." : e.key.toUpperCase();
  if (SYMBOLS.includes(key) || key === "R") {
    setSymbol(selected, key === "R" ? "." : key);
    do { selected = (selected + 1) % 121; } while (printed.has(label(selected)));
    render(); changed(); e.preventDefault();
  }
});
function body() {
  const edicts = [...document.querySelectorAll(".edict")].map((s) => s.value);
  return { rows, coins: Number($("coins").value) || 0, player: $("player").value, season: $("season").value,
           edicts: edicts.every((x) => x) ? edicts : null };
}
let checking = null;
function changed() { $("saved").textContent = WORDS.not_saved; if (!checking) checking = setTimeout(check, 150); }
async function check() {
  checking = null;
  const sent = body();
  const r = await post("/api/check", sent);
  showProblems(r.data);
  showScore(r.data, sent);
}
function showProblems(d) {
  // The problems, then the warnings that `cartoref check` prints too (the same words): a map
  // with a warning is still a map with no problem.
  const list = $("problems");
  list.replaceChildren();
  for (const p of d.problems) list.append(el("li", p.space ? fill(WORDS.problem_at, { space: p.space, message: p.message }) : p.message));
  for (const w of d.warnings) list.append(el("li", fill(WORDS.warning, { warning: w }), "warn"));
  if (!d.problems.length) list.append(el("li", WORDS.no_problem, "ok"));
}
function withheld(d, sent) {
  // Why there is no score: each reason that holds, so a blank score always says why.
  const why = [];
  if (d.unread) why.push(fill(counted(WORDS.unread_left, d.unread), { n: d.unread }));
  else if (d.problems.length) why.push(WORDS.fix_first);
  if (!sent.season || !sent.edicts) why.push(WORDS.choose);
  return why;
}
function showScore(d, sent) {
  const box = $("score");
  box.replaceChildren();
  const s = d.score;
  if (!s) { for (const line of withheld(d, sent)) box.append(el("div", line)); return; }
  const t = el("table");
  for (const c of s.cards) { const tr = el("tr"); tr.append(el("td", c.name), el("td", String(c.score)), el("td", c.reason)); t.append(tr); }
  for (const [n, v] of [[WORDS.coins, s.coins], [WORDS.monsters, -s.monsters], [WORDS.total, s.total]]) {
    const tr = el("tr"); tr.append(el("td", n), el("td", String(v)), el("td", "")); t.append(tr);
  }
  box.append(t);
}
async function showSquare() {
  // The photo seen from above for these corners; the refusal's sentence when they cannot be a map's.
  const r = await post("/api/square", { corners }, true);
  if (r.ok) { $("under").src = URL.createObjectURL(r.blob); $("under").classList.remove("hidden"); return true; }
  $("corner-help").textContent = r.data.error.message;
  return false;
}
async function load() {
  const r = await fetch("/api/draft", { cache: "no-store" });
  draft = await r.json();
  rows = draft.rows.slice();
  printed = new Set([...draft.printed.mountains, ...draft.printed.wastelands]);
  ruins = new Set(draft.printed.ruins);
  $("title").textContent = `${draft.map} (${draft.side})`;
  $("player").value = draft.player || ""; $("coins").value = draft.coins;
  for (const s of draft.seasons) { const o = el("option", WORDS.seasons[s] || s); o.value = s; $("season").append(o); }
  $("season").value = draft.season || "";
  document.querySelectorAll(".edict").forEach((sel, k) => {
    sel.append(el("option", ""));
    for (const c of draft.scoring_cards) { const o = el("option", c.name); o.value = c.id; sel.append(o); }
    sel.value = draft.edicts ? draft.edicts[k] : "";
    sel.addEventListener("change", changed);
  });
  for (const id of ["player", "coins", "season"]) $(id).addEventListener("input", changed);
  const pal = $("palette");
  for (const s of SYMBOLS) {
    const b = el("button", s === "." ? WORDS.empty : s, s === brush ? "on" : "");
    b.dataset.symbol = s;
    b.addEventListener("click", () => { brush = s; pal.querySelectorAll("button").forEach((x) => x.classList.toggle("on", x === b)); });
    pal.append(b);
  }
  // No photo given: say how to put one under the grid (once it is there, the hint goes).
  $("drop-photo").classList.toggle("hidden", draft.photo);
  if (draft.photo) {
    $("photo-box").classList.remove("hidden");
    corners = draft.corners;
    $("whole").src = "/photo.png";
    await showSquare();
  }
  render(); check();
}
// A photo dropped on the grid lies under it from then on.
$("board").addEventListener("dragover", (e) => e.preventDefault());
$("board").addEventListener("drop", async (e) => {
  e.preventDefault();
  const file = e.dataTransfer.files[0];
  if (!file) return;
  const r = await fetch("/api/photo", { method: "POST", headers: { "Content-Type": file.type || "image/jpeg" }, body: file });
  const d = await r.json();
  if (!r.ok) { $("saved").textContent = d.error.message; return; }
  draft.photo = true; draft.photo_size = d.photo_size; corners = d.corners;
  $("photo-box").classList.remove("hidden");
  $("drop-photo").classList.add("hidden");
  $("whole").src = "/photo.png?" + Date.now();
  await showSquare();
});
$("opacity").addEventListener("input", (e) => { $("under").style.opacity = e.target.value / 100; });
// The four corners on the whole photo: click them in turn, or drag the grid's corners (the
// handles) to where the map's corners are; the photo under the grid follows on release.
let dragging = null;
function toPhoto(e) {
  const box = $("whole").getBoundingClientRect();
  return [(e.clientX - box.left) * draft.photo_size[0] / box.width, (e.clientY - box.top) * draft.photo_size[1] / box.height];
}
function placeHandles() {
  const wrap = $("whole-box"), img = $("whole");
  wrap.querySelectorAll(".corner").forEach((h) => h.remove());
  if (!corners || picking || !img.width) return;
  corners.forEach(([x, y], k) => {
    const h = el("div", undefined, "corner");
    h.dataset.corner = ["top-left", "top-right", "bottom-right", "bottom-left"][k];
    h.style.left = `${x * img.width / draft.photo_size[0]}px`;
    h.style.top = `${y * img.height / draft.photo_size[1]}px`;
    h.addEventListener("mousedown", (e) => { dragging = { k, handle: h }; e.preventDefault(); e.stopPropagation(); });
    wrap.append(h);
  });
}
document.addEventListener("mousemove", (e) => {
  if (!dragging) return;
  const box = $("whole").getBoundingClientRect();
  dragging.handle.style.left = `${Math.min(Math.max(e.clientX - box.left, 0), box.width)}px`;
  dragging.handle.style.top = `${Math.min(Math.max(e.clientY - box.top, 0), box.height)}px`;
});
document.addEventListener("mouseup", async (e) => {
  if (!dragging) return;
  const { k } = dragging;
  dragging = null;
  const box = $("whole").getBoundingClientRect();
  const at = toPhoto({ clientX: Math.min(Math.max(e.clientX, box.left), box.right), clientY: Math.min(Math.max(e.clientY, box.top), box.bottom) });
  corners = corners.map((p, j) => (j === k ? at : p));
  placeHandles();
  $("corner-help").textContent = WORDS.aligning;
  if (await showSquare()) $("corner-help").textContent = WORDS.aligned;
});
$("whole").addEventListener("load", placeHandles);
$("corners-start").addEventListener("click", () => {
  picking = null;
  $("whole-box").classList.remove("hidden");
  placeHandles();
  $("corner-help").textContent = WORDS.corners_help;
});
$("whole").addEventListener("click", (e) => {
  if (!picking) { picking = []; placeHandles(); }
  picking.push(toPhoto(e));
  $("corner-help").textContent = fill(WORDS.corners_of, { n: picking.length });
  if (picking.length === 4) {
    corners = picking; picking = null; placeHandles();
    $("corner-help").textContent = WORDS.aligning;
    showSquare().then((ok) => { if (ok) $("corner-help").textContent = WORDS.aligned; });
  }
});
$("read").addEventListener("click", async () => {
  const labels = {};
  for (const space of edited) {
    const i = ROWS.indexOf(space[0]) * 11 + Number(space.slice(1)) - 1, s = symbol(i).toUpperCase();
    if (!".R?".includes(s)) labels[space] = s;
  }
  const r = await post("/api/read", { corners, labels });
  if (!r.ok) { $("corner-help").textContent = r.data.error.message; return; }
  for (let i = 0; i < 121; i++) {
    if (edited.has(label(i)) || printed.has(label(i))) continue;
    const s = r.data.rows[Math.floor(i / 11)][i % 11];
    const row = Math.floor(i / 11), c = i % 11;
    rows[row] = rows[row].slice(0, c) + s + rows[row].slice(c + 1);
  }
  render(); changed();
});
$("save").addEventListener("click", async () => {
  const r = await post("/api/save", body());
  $("saved").textContent = r.ok ? (r.data.unread ? fill(counted(WORDS.saved_left, r.data.unread), { n: r.data.unread }) : WORDS.saved)
    : r.data.error.message;
});
load();
</script>
</body>
</html>
"""
