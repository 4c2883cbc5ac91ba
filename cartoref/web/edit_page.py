"""The edit page: a map's grid on its sheet side to type or paint in, with ``check``'s problems
and the score beside it, and a photo of the sheet under the grid (aligned by its four corners)
to copy from or to read. Self-contained; every text set with ``textContent``."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cartographers: edit a map</title>
<style>
  body { margin: 0; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 15px; background: #f4f1ea; }
  header { padding: 8px 12px; background: #2b2b2b; color: #fff; display: flex; gap: 12px; align-items: center; }
  header b { flex: 1; }
  main { display: grid; grid-template-columns: auto 1fr; gap: 16px; padding: 12px; }
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
  #palette button { width: 40px; height: 34px; font-weight: bold; margin: 2px; }
  #palette button.on { background: #c77700; color: #fff; }
  #side-panel h3 { margin: 10px 0 4px; }
  #problems li { color: #b00020; }
  #photo-box { margin-top: 10px; }
  #whole-box { position: relative; width: max-content; margin-top: 6px; }
  #whole { max-width: 528px; display: block; cursor: crosshair; }
  .corner { position: absolute; width: 18px; height: 18px; margin: -9px 0 0 -9px; box-sizing: border-box;
            border: 3px solid #c77700; border-radius: 50%; background: rgba(255, 255, 255, 0.4); cursor: move; }
  table { border-collapse: collapse; } td { padding: 2px 6px; border-bottom: 1px solid #ccc; }
  .hidden { display: none !important; }
</style>
</head>
<body>
<header><b id="title">Edit a map</b><span id="saved"></span><button id="save">Save</button></header>
<main>
  <section>
    <div id="board"><img id="under" class="hidden" alt=""><div id="grid"></div></div>
    <div id="palette"></div>
    <div>Drop a photo of the sheet on the grid to see it underneath.</div>
    <div>Click or drag to paint with the chosen symbol; type a symbol's letter to paint the selected
      space and move on (a whole row can be typed); arrows move; "?" marks a space still to type.</div>
    <div id="photo-box" class="hidden">
      <label>Photo under the grid <input id="opacity" type="range" min="0" max="100" value="50"></label>
      <button id="corners-start">Align by the four corners</button>
      <button id="read">Read the photo</button>
      <div id="corner-help"></div>
      <div id="whole-box" class="hidden"><img id="whole" alt="the photo"></div>
    </div>
  </section>
  <section id="side-panel">
    <div>Player <input id="player" size="16"> Coins <input id="coins" type="number" min="0" max="14" style="width:4em"></div>
    <div>Season <select id="season"><option value="">(none)</option></select></div>
    <div>Edicts A-D <select class="edict"></select><select class="edict"></select><select class="edict"></select><select class="edict"></select></div>
    <h3>Check</h3>
    <ul id="problems"></ul>
    <h3>Score</h3>
    <div id="score">Choose the season and the edicts to see the score.</div>
  </section>
</main>
<script>
"use strict";
const ROWS = "ABCDEFGHIJK";
const SYMBOLS = [".", "F", "V", "P", "W", "M", "H", "X", "D", "Z", "T", "G", "?"];
const $ = (id) => document.getElementById(id);
let draft = null, rows = [], printed = new Set(), ruins = new Set();
let selected = 0, brush = "F", painting = false, edited = new Set(), corners = null, picking = null;
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
async function post(path, body, asBlob) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (asBlob) return r.ok ? await r.blob() : null;
  return { ok: r.ok, data: await r.json() };
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
function changed() { $("saved").textContent = "not saved"; if (!checking) checking = setTimeout(check, 150); }
async function check() {
  checking = null;
  const r = await post("/api/check", body());
  const list = $("problems");
  list.replaceChildren();
  for (const p of r.data.problems) list.append(el("li", (p.space ? p.space + ": " : "") + p.message));
  if (!r.data.problems.length) list.append(el("li", "No problem."));
  list.lastChild.style.color = r.data.problems.length ? "" : "#1b5e20";
  const box = $("score");
  box.replaceChildren();
  const s = r.data.score;
  if (!s) { box.textContent = r.data.problems.length ? "" : "Choose the season and the edicts to see the score."; return; }
  const t = el("table");
  for (const c of s.cards) { const tr = el("tr"); tr.append(el("td", c.name), el("td", String(c.score)), el("td", c.reason)); t.append(tr); }
  for (const [n, v] of [["Coins", s.coins], ["Monsters", -s.monsters], ["Total", s.total]]) {
    const tr = el("tr"); tr.append(el("td", n), el("td", String(v)), el("td", "")); t.append(tr);
  }
  box.append(t);
}
async function showSquare() {
  const blob = await post("/api/square", { corners }, true);
  if (blob) { $("under").src = URL.createObjectURL(blob); $("under").classList.remove("hidden"); }
}
async function load() {
  const r = await fetch("/api/draft", { cache: "no-store" });
  draft = await r.json();
  rows = draft.rows.slice();
  printed = new Set([...draft.printed.mountains, ...draft.printed.wastelands]);
  ruins = new Set(draft.printed.ruins);
  $("title").textContent = `${draft.map} (${draft.side})`;
  $("player").value = draft.player || ""; $("coins").value = draft.coins;
  for (const s of draft.seasons) $("season").append(el("option", s));
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
    const b = el("button", s === "." ? "empty" : s, s === brush ? "on" : "");
    b.dataset.symbol = s;
    b.addEventListener("click", () => { brush = s; pal.querySelectorAll("button").forEach((x) => x.classList.toggle("on", x === b)); });
    pal.append(b);
  }
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
  $("corner-help").textContent = "Aligning...";
  await showSquare();
  $("corner-help").textContent = "Aligned.";
});
$("whole").addEventListener("load", placeHandles);
$("corners-start").addEventListener("click", () => {
  picking = null;
  $("whole-box").classList.remove("hidden");
  placeHandles();
  $("corner-help").textContent = "Drag the grid's corners onto the map's corners, or click the map's corners in turn: top-left, top-right, bottom-right, bottom-left.";
});
$("whole").addEventListener("click", (e) => {
  if (!picking) { picking = []; placeHandles(); }
  picking.push(toPhoto(e));
  $("corner-help").textContent = `${picking.length} of 4 corners`;
  if (picking.length === 4) {
    corners = picking; picking = null; placeHandles();
    $("corner-help").textContent = "Aligning...";
    showSquare().then(() => { $("corner-help").textContent = "Aligned."; });
  }
});
$("read").addEventListener("click", async () => {
  const labels = {};
  for (const space of edited) {
    const i = ROWS.indexOf(space[0]) * 11 + Number(space.slice(1)) - 1, s = symbol(i).toUpperCase();
    if (!".R?".includes(s)) labels[space] = s;
  }
  const r = await post("/api/read", { corners, labels });
  if (!r.ok) return;
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
  $("saved").textContent = r.ok ? (r.data.unread ? `saved (${r.data.unread} ? left)` : "saved") : r.data.error.message;
});
load();
</script>
</body>
</html>
"""
