"""The room's screen (``serve --event``, ``/``): every table of the round as a tile (its players
with a tick for each who has drawn, the card on the table, the season and its time, who it waits
for, its join QR code and address), the room's standings beside them; the referee (the page
opened with ``?token=``) reveals the next card at every table at once. Self-contained; it reads
``room.json`` every second; every text set with ``textContent``."""

from __future__ import annotations

from html import escape

from ..i18n import N_, ngettext
from .page import counted_with, render, translated

WORDS = {
    "title": N_("The room"),
    "round": N_("Round {n}"),
    "table": N_("Table {n}"),
    "waiting": N_("Waiting for {names}"),
    "everyone": N_("Everyone has drawn."),
    "no_card": N_("No card drawn yet."),
    "over": N_("The game is over."),
    "season": N_("{season}: {time} of {threshold}"),
    "standings": N_("Standings"),
    "reveal": N_("Reveal the next card at every table"),
    "force": N_("even at tables where not everyone has drawn"),
    "not_revealed": N_("Table {n}: {why}"),
    "lost": N_("Cannot reach the server; trying again."),
    "byes": N_("A bye this round: {names}"),
    "join": N_("Join table {n}"),
    "empty_seats": N_("Seats not taken yet: {names}"),
}

PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}: {{EVENT}}</title>
<style>
  :root { --bg: #101418; --fg: #f5f5f5; --dim: #a8b0b8; --accent: #ffb300; --panel: #1c232b; --ok: #66bb6a; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--fg); font-family: "DejaVu Sans", Helvetica, Arial, sans-serif;
         font-size: 2.2vh; display: flex; gap: 1.5vw; padding: 1.5vh 1.5vw; min-height: 100vh; }
  main { flex: 3; }
  aside { flex: 1; background: var(--panel); border-radius: 1vh; padding: 1vh 1vw; }
  h1 { margin: 0 0 1vh 0; font-size: 4vh; }
  h1 small { color: var(--dim); font-weight: normal; font-size: 2.6vh; margin-left: 1vw; }
  #tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(22vw, 1fr)); gap: 1vh 1vw; }
  .tile { background: var(--panel); border-radius: 1vh; padding: 1vh 1vw; border-left: 0.6vh solid var(--dim);
          display: flex; gap: 0.8vw; }
  .tile .text { flex: 1; min-width: 0; }
  .tile img { width: 11vh; height: 11vh; background: #fff; border-radius: 0.5vh; flex: none; }
  .players span.away { color: var(--dim); }
  .tile.ready { border-left-color: var(--ok); }
  .tile h2 { margin: 0; font-size: 2.8vh; color: var(--accent); }
  .card { font-size: 2.6vh; font-weight: bold; margin: 0.5vh 0; }
  .season, .wait, .join { color: var(--dim); }
  .players span { margin-right: 0.8vw; white-space: nowrap; }
  .players span.drawn::before { content: "\\2713 "; color: var(--ok); }
  .tile a { color: var(--fg); }
  table { width: 100%; border-collapse: collapse; }
  td { padding: 0.3vh 0.3vw; }
  td.n { text-align: right; }
  #referee { display: none; margin-top: 1vh; }
  #referee button { font-size: 2.4vh; padding: 0.6vh 1vw; }
  #said, #lost { color: var(--accent); }
</style>
</head>
<body>
<main>
  <h1>{{EVENT}} <small id="round"></small></h1>
  <div id="byes" class="season"></div>
  <div id="lost"></div>
  <div id="tables"></div>
  <div id="referee">
    <button id="reveal" type="button">{{reveal}}</button>
    <label><input id="force" type="checkbox"> {{force}}</label>
    <div id="said"></div>
  </div>
</main>
<aside>
  <h2>{{standings}}</h2>
  <table id="standings"></table>
</aside>
<script>
{{WORDS}}const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
function tile(t) {
  const seated = t.seated || [];
  const empty = t.players.filter((p) => !seated.includes(p));
  const box = el("div", "tile" + (t.everyone_drawn && !empty.length ? " ready" : ""));
  const text = el("div", "text");
  box.appendChild(text);
  const head = el("h2"); const link = el("a", "", fill(WORDS.table, { n: t.table })); link.href = t.tv; head.appendChild(link);
  text.appendChild(head);
  if (t.problem) { text.appendChild(el("div", "wait", t.problem)); return box; }
  text.appendChild(el("div", "card", t.card ? t.card.name : WORDS.no_card));
  text.appendChild(el("div", "season", fill(WORDS.season, { season: t.season.name, time: t.season.time, threshold: t.season.threshold })));
  const players = el("div", "players");
  for (const p of t.players) players.appendChild(el("span", t.drawn.includes(p) ? "drawn" : seated.includes(p) ? "" : "away", p));
  text.appendChild(players);
  const wait = t.game_over ? WORDS.over : t.waiting.length ? fill(WORDS.waiting, { names: t.waiting.join(", ") })
    : empty.length ? fill(WORDS.empty_seats, { names: empty.join(", ") }) : t.everyone_drawn ? WORDS.everyone : "";
  text.appendChild(el("div", "wait", wait));
  const join = el("a", "join", fill(WORDS.join, { n: t.table })); join.href = t.join; text.appendChild(join);
  const qr = document.createElement("img");
  qr.src = "t/" + t.table + "/join.svg"; qr.alt = fill(WORDS.join, { n: t.table });
  box.appendChild(qr);
  return box;
}
function render(r) {
  $("round").textContent = fill(WORDS.round, { n: r.round });
  $("byes").textContent = r.byes.length ? fill(WORDS.byes, { names: r.byes.join(", ") }) : "";
  $("tables").replaceChildren(...r.tables.map(tile));
  const rows = r.standings.slice(0, 30).map((s) => {
    const tr = el("tr");
    tr.appendChild(el("td", "n", String(s.rank)));
    tr.appendChild(el("td", "", s.player));
    tr.appendChild(el("td", "n", String(r.by === "rank" ? s.points : s.score)));
    return tr;
  });
  $("standings").replaceChildren(...rows);
}
async function load() {
  try {
    const r = await fetch("room.json", { cache: "no-store" });
    if (!r.ok) throw new Error(String(r.status));
    render(await r.json());
    $("lost").textContent = "";
  } catch (e) { $("lost").textContent = WORDS.lost; }
}
if (token) {
  $("referee").style.display = "block";
  $("reveal").addEventListener("click", async () => {
    $("reveal").disabled = true;
    try {
      const r = await fetch("api/reveal", { method: "POST", headers: { "Content-Type": "application/json", Authorization: "Bearer " + token },
                                             body: JSON.stringify({ force: $("force").checked }) });
      const data = await r.json();
      if (!r.ok) { $("said").textContent = data.error.message; return; }
      const refused = data.tables.filter((t) => !t.drawn).map((t) => fill(WORDS.not_revealed, { n: t.table, why: t.error.message }));
      $("said").textContent = sentences([fill(counted(WORDS.revealed, data.drawn), { n: data.drawn }), ...refused]);
    } catch (e) { $("said").textContent = WORDS.lost; }
    finally { $("reveal").disabled = false; load(); }
  });
}
setInterval(load, 1000);
load();
</script>
</body>
</html>
"""


def room_page(event: str) -> str:
    """The room's screen for the event ``event``."""
    words = translated(WORDS)
    words["revealed"] = counted_with(lambda n: ngettext("{n} table drew the next card.", "{n} tables drew the next card.",
                                                        n))
    return render(PAGE, words, EVENT=escape(event))
