"""The table display's page: one self-contained HTML document (no fonts, scripts or styles
fetched from elsewhere). Its script asks ``/display.json`` twice a second and redraws when the
game changed; every text from the game is set with ``textContent``, never parsed as HTML."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cartographers: the table</title>
<style>
  :root { --bg: #101418; --fg: #f5f5f5; --dim: #a8b0b8; --accent: #ffb300; --panel: #1c232b; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg);
         font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 3vh; }
  header { display: flex; align-items: baseline; gap: 3vw; padding: 1.5vh 2vw; background: var(--panel); }
  #season { font-size: 6vh; font-weight: bold; }
  #track { display: flex; gap: 0.5vw; }
  #track span { width: 2.6vh; height: 2.6vh; border: 0.3vh solid var(--fg); display: inline-block; }
  #track span.used { background: var(--accent); border-color: var(--accent); }
  #game { margin-left: auto; color: var(--dim); }
  main { display: grid; grid-template-columns: 3fr 2fr; gap: 2vw; padding: 2vh 2vw; }
  #card-name { font-size: 7vh; font-weight: bold; margin: 0 0 1vh 0; }
  #card-note { font-size: 3.4vh; color: var(--accent); min-height: 4vh; }
  #card-picture { width: 100%; height: 60vh; object-fit: contain;
                  object-position: left top; }
  h2 { font-size: 3.4vh; color: var(--dim); margin: 1vh 0; text-transform: uppercase; letter-spacing: 0.1em; }
  ol, ul { margin: 0; padding-left: 1.2em; }
  #edicts li { font-size: 3.6vh; padding: 0.4vh 0.6vw; list-style: none; margin-left: -1.2em; border-radius: 0.6vh; }
  #edicts li.now { background: var(--accent); color: #000; font-weight: bold; }
  #column li { font-size: 3.2vh; }
  #end { background: var(--panel); border-left: 1vh solid var(--accent); padding: 1vh 1.5vw; margin-top: 2vh; }
  #end p { margin: 0.5vh 0; font-size: 3vh; }
  table { border-collapse: collapse; font-size: 3vh; margin-top: 1vh; }
  td, th { padding: 0.3vh 1vw; border-bottom: 0.2vh solid #444; text-align: right; }
  td:nth-child(2), th:nth-child(2) { text-align: left; }
  #problem { color: #ff8a80; font-size: 3.4vh; padding: 2vh 2vw; }
  .hidden { display: none; }
</style>
</head>
<body>
<header>
  <div id="season">Cartographers</div>
  <div id="track" aria-label="the season's time"></div>
  <div id="game"></div>
</header>
<div id="problem" class="hidden"></div>
<main>
  <section>
    <h1 id="card-name">Waiting for the first card</h1>
    <div id="card-note"></div>
    <img id="card-picture" class="hidden" alt="">
    <div id="end" class="hidden">
      <div id="end-lines"></div>
      <table id="standings" class="hidden"><thead><tr><th>Rank</th><th>Player</th><th>Total</th></tr></thead>
      <tbody></tbody></table>
      <div id="verdict"></div>
    </div>
  </section>
  <section>
    <h2>Edicts</h2>
    <ul id="edicts"></ul>
    <h2>This season</h2>
    <ol id="column"></ol>
  </section>
</main>
<script>
"use strict";
let last = "";
const $ = (id) => document.getElementById(id);
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function show(id, on) { $(id).classList.toggle("hidden", !on); }
function render(d) {
  const s = d.status;
  const season = d.seasons.find((x) => x.id === s.season);
  $("season").textContent = `${season ? season.name : s.season} ${s.time}/${s.threshold}`;
  const track = $("track");
  track.replaceChildren();
  for (let i = 0; i < s.threshold; i++) track.append(el("span", undefined, i < s.time ? "used" : ""));
  $("game").textContent = d.game;
  const card = s.on_table;
  $("card-name").textContent = card ? card.name : "Waiting for the first card";
  let note = d.card_note;
  if (s.game_over) note = "The game is over.";
  else if (s.season_over) note = "The season is over: score it.";
  $("card-note").textContent = note;
  const pic = $("card-picture");
  if (card) {
    const src = `/card/${encodeURIComponent(card.id)}.svg`;
    if (pic.getAttribute("src") !== src) pic.setAttribute("src", src);
    pic.alt = card.name;
  }
  // At a season's end its last card is drawn: what to score takes the card's place.
  show("card-picture", !!card && !s.season_over);
  const edicts = $("edicts");
  edicts.replaceChildren();
  for (const letter of ["A", "B", "C", "D"]) {
    const e = d.edicts[letter];
    edicts.append(el("li", `${letter}: ${e.name}`, s.scoring_now.includes(letter) ? "now" : ""));
  }
  const column = $("column");
  column.replaceChildren();
  for (const c of s.column) column.append(el("li", `${c.name} (${c.time})`));
  const lines = $("end-lines");
  lines.replaceChildren();
  for (const line of d.season_end) lines.append(el("p", line));
  const st = d.standings;
  const anyScore = st.players.some((p) => p.seasons.length > 0);
  const body = $("standings").querySelector("tbody");
  body.replaceChildren();
  for (const p of [...st.players].sort((a, b) => a.rank - b.rank)) {
    const tr = el("tr");
    tr.append(el("td", String(p.rank)), el("td", p.name), el("td", String(p.total)));
    body.append(tr);
  }
  const verdict = $("verdict");
  verdict.replaceChildren();
  for (const line of d.verdict) verdict.append(el("p", line));
  show("standings", anyScore);
  show("end", s.season_over || s.game_over);
}
async function poll() {
  try {
    const r = await fetch("/display.json", { cache: "no-store" });
    const text = await r.text();
    if (!r.ok) {
      $("problem").textContent = JSON.parse(text).error;
      show("problem", true);
    } else {
      show("problem", false);
      if (text !== last) { last = text; render(JSON.parse(text)); }
    }
  } catch (e) {
    $("problem").textContent = "The display lost cartoref serve: is it still running?";
    show("problem", true);
  }
  setTimeout(poll, 500);
}
poll();
</script>
</body>
</html>
"""
