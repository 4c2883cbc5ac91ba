"""The TV page: one self-contained HTML document (no fonts, scripts or styles fetched from
elsewhere) with the join panel's QR code inline. Its script follows ``/display.json``, told of
every change by the event stream (``/api/events``; a poll every 2 s besides); every text from the
game is set with ``textContent``, never parsed as HTML.

The pages' words (this one's, the phone's, the referee's) reach them one way, in the language the
server speaks (:func:`render`): a page's template says ``{{key}}`` where Python writes a word into
the HTML (escaped), and its script reads the same words from ``WORDS`` (``WORDS.key``; a sentence
with fields is filled by ``fill(WORDS.key, {name: ...})``, a count's sentence is picked by
``counted(WORDS.key, n)``). The JSON the pages read is never translated."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from ..i18n import N_, _, language, ngettext

#: How many counts a counted sentence is worded for (``counted`` takes the last for more): the
#: plural forms of English, French, Spanish and Japanese are all the same past 1.
COUNTS = 12

#: The page script's helpers: a sentence's ``{fields}`` filled, a count's form chosen, and
#: sentences run together as ``phrases.sentences`` does (no blank after a Japanese 。).
HELPERS = """function fill(text, fields) { return text.replace(/\\{(\\w+)\\}/g, (all, k) => (k in fields ? String(fields[k]) : all)); }
function counted(forms, n) { return forms[Math.max(0, Math.min(n, forms.length - 1))]; }
function sentences(parts) { return parts.filter((p) => p).reduce((out, p) => (!out ? p : /[。）」]$/.test(out) ? out + p : out + " " + p), ""); }
"""


def translated(marked: Mapping[str, str]) -> dict[str, Any]:
    """A table of ``N_``-marked words, in the language spoken."""
    return {key: _(text) for key, text in marked.items()}


def counted_with(word: Callable[[int], str]) -> list[str]:
    """``word(n)`` for each count the script may ask for (``lambda n: ngettext("...", "...", n)``)."""
    return [word(n) for n in range(COUNTS)]


def render(template: str, words: Mapping[str, Any], **raw: str) -> str:
    """A page from its template: ``{{lang}}`` the language spoken, ``{{WORDS}}`` the script's
    words and helpers, ``{{key}}`` the word ``words[key]`` HTML-escaped, ``{{NAME}}`` ``raw[NAME]``
    as it is (already HTML)."""
    script = json.dumps(words, ensure_ascii=False, sort_keys=True)
    # Nothing a translation holds may end the script early ("</script>") or open a comment.
    script = script.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    fixed = {"lang": language(), "WORDS": f"const WORDS = {script};\n{HELPERS}"}

    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key in raw:
            return raw[key]
        if key in fixed:
            return fixed[key]
        # The templates quote their attributes with ", so an apostrophe stays as it is written.
        return escape(words[key], quote=False).replace('"', "&quot;")

    return re.sub(r"\{\{(\w+)\}\}", one, template)


def qr_svg(url: str) -> str:
    """The join URL as a QR code, an SVG picture."""
    import segno

    return segno.make(url, error="m").svg_inline(dark="#000000", light="#ffffff", border=2, omitsize=True)


#: The seasons' words, by the id the JSON gives (``WORDS.seasons[id] || id``: an id not here is
#: shown as it is).
SEASONS = {"spring": N_("spring"), "summer": N_("summer"), "autumn": N_("autumn"), "winter": N_("winter")}

#: The TV page's words (``render``: in the HTML as ``{{key}}``, in the script as ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: the table"),
    "game": N_("Cartographers"),
    "track": N_("the season's time"),
    "first_card": N_("Waiting for the first card"),
    "edicts": N_("Edicts"),
    "skills": N_("Skills (one a season)"),
    "this_season": N_("This season"),
    "join": N_("Join from your phone:"),
    "page_of": N_("page {page} of {pages}"),
    "game_over": N_("The game is over."),
    "at_table": N_("At the table: {names}"),
    "no_seat": N_("No seat taken yet."),
    "everyone": N_("Everyone has drawn."),
    "troll": N_("Waiting for {player}'s troll: {player} chooses its space on their phone."),
    "scored": N_("{season} is scored."),
    "recap_edicts": N_("{first}: {first_name} · {second}: {second_name}"),
    "recap_line": N_("{first} {edict1} + {second} {edict2} + coins {coins} − monsters {monsters}"),
    "final": N_("Final standings"),
    "keep": N_("Results to keep: {url}"),
    "bgstats": N_("Scan to log the play in BG Stats"),
    "passes": N_("Who draws on whose map"),
    "pass_pair": N_("{giver}'s map goes to {taker}"),
    "lost": N_("Cannot reach the server (cartoref serve): is it still running? The page shows the table as it "
               "last saw it."),
}


def tv_page(join_url: str) -> str:
    """The TV page, its join panel showing ``join_url`` and its QR code."""
    words = translated(WORDS)
    words["more"] = counted_with(lambda n: ngettext("{names}, and {n} more", "{names}, and {n} more", n))
    words["waiting"] = counted_with(lambda n: ngettext("Waiting for {n} player to draw: {names}",
                                                       "Waiting for {n} players to draw: {names}", n))
    words["last_waiting"] = counted_with(lambda n: ngettext(
        "The season's last card: waiting for {n} player to draw it ({names}); then the season scores itself.",
        "The season's last card: waiting for {n} players to draw it ({names}); then the season scores itself.", n))
    words["skill_cost"] = counted_with(lambda n: ngettext("{skill} ({n} coin)", "{skill} ({n} coins)", n))
    return render(PAGE, words, QR=qr_svg(join_url), JOIN=escape(join_url))


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  :root { --bg: #101418; --fg: #f5f5f5; --dim: #a8b0b8; --accent: #ffb300; --panel: #1c232b; --ok: #66bb6a; }
  * { box-sizing: border-box; }
  html, body { height: 100%; }
  body { margin: 0; background: var(--bg); color: var(--fg); overflow: hidden;
         font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 2.6vh;
         display: flex; flex-direction: column; }
  header { display: flex; align-items: baseline; gap: 3vw; padding: 1vh 2vw; background: var(--panel); flex: none; }
  #season { font-size: 5.5vh; font-weight: bold; }
  #track { display: flex; gap: 0.5vw; }
  #track span { width: 2.4vh; height: 2.4vh; border: 0.3vh solid var(--fg); display: inline-block; }
  #track span.used { background: var(--accent); border-color: var(--accent); }
  #game { margin-left: auto; color: var(--dim); }
  main { flex: 1; min-height: 0; display: grid; grid-template-columns: 52fr 48fr; gap: 2vw; padding: 1.5vh 2vw;
         position: relative; }
  #left { display: flex; flex-direction: column; min-height: 0; }
  #right { display: flex; flex-direction: column; min-height: 0; gap: 1vh; overflow: hidden; }
  #card-name { font-size: 6vh; font-weight: bold; margin: 0; }
  #card-note { font-size: 2.8vh; color: var(--accent); margin: 0.5vh 0 1vh; }
  #card-note.long { font-size: 2.1vh; }
  #passes { display: grid; grid-template-columns: repeat(auto-fill, minmax(13em, 1fr)); gap: 0 1.2vw;
            font-size: 2.4vh; margin-bottom: 1vh; }
  #passes.many { font-size: 1.6vh; }
  #passes.lots { font-size: 1.4vh; grid-template-columns: repeat(auto-fill, minmax(12em, 1fr)); }
  #passes div { overflow-wrap: anywhere; }  /* a name is never cut: a long one takes two lines */
  #card-picture { flex: 1; min-height: 8vh; width: 100%; object-fit: contain; object-position: left top; }
  h2 { font-size: 2.6vh; color: var(--dim); margin: 0.6vh 0; text-transform: uppercase; letter-spacing: 0.1em; }
  ol, ul { margin: 0; padding-left: 1.2em; }
  #state { font-size: 3.4vh; font-weight: bold; color: var(--accent); }
  #state.done { color: var(--ok); }
  #ticks { display: grid; grid-template-columns: repeat(auto-fill, minmax(9em, 1fr)); gap: 0.3vh 1vw; font-size: 2.6vh; }
  #ticks.many { font-size: 1.8vh; }
  #ticks.lots { font-size: 1.3vh; grid-template-columns: repeat(auto-fill, minmax(8em, 1fr)); }
  #ticks div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; color: var(--dim); }
  #ticks div.drawn { color: var(--fg); }
  #ticks .mark { display: inline-block; width: 1.4em; color: var(--dim); }
  #ticks .drawn .mark { color: var(--ok); font-weight: bold; }
  .page-of { color: var(--dim); font-size: 2vh; }
  #edicts li { font-size: 3vh; padding: 0.3vh 0.6vw; list-style: none; margin-left: -1.2em; border-radius: 0.6vh; }
  #edicts li.now { background: var(--accent); color: #000; font-weight: bold; }
  #skills li { font-size: 2.6vh; padding: 0.2vh 0.6vw; list-style: none; margin-left: -1.2em; }
  #column { columns: 2; font-size: 2.4vh; }
  #join { display: flex; gap: 1.5vw; align-items: flex-start; background: var(--panel); padding: 1vh 1vw; border-radius: 1vh;
          margin-top: auto; }
  #join svg { width: 15vh; height: 15vh; flex: none; }
  #join-url { font-size: 2.2vh; color: var(--dim); word-break: break-all; }
  #seats { font-size: 2.1vh; margin-top: 0.5vh; color: var(--dim); }
  #end { background: var(--panel); border-left: 1vh solid var(--accent); padding: 0.8vh 1vw; min-height: 0; overflow: hidden; }
  #end p { margin: 0.3vh 0; font-size: 2.4vh; }
  .screen { position: absolute; inset: 0; background: var(--bg); padding: 1.5vh 2vw; display: flex; flex-direction: column;
            gap: 1vh; overflow: hidden; }
  .screen h1 { margin: 0; font-size: 5vh; }
  #recap-edicts { color: var(--dim); font-size: 2.6vh; }
  #recap-state { color: var(--accent); font-size: 3vh; font-weight: bold; }
  #recap-cards { flex: 1; min-height: 0; display: grid; grid-template-columns: repeat(4, 1fr); grid-template-rows: repeat(2, 1fr);
                 gap: 1.2vh 1.2vw; }
  #recap-cards.few { grid-template-columns: repeat(var(--n), 1fr); grid-template-rows: 1fr; }
  .recap { background: var(--panel); border-radius: 1vh; padding: 0.8vh 0.8vw; display: flex; flex-direction: column;
           min-height: 0; overflow: hidden; }
  .recap img { flex: 1; min-height: 0; width: 100%; object-fit: contain; }
  .recap .who { display: flex; justify-content: space-between; font-size: 2.8vh; font-weight: bold; gap: 1vw; }
  .recap .who span:first-child { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  .recap .total { color: var(--accent); }
  .recap .line { font-size: 1.9vh; color: var(--dim); }
  #results-screen { flex-direction: row; gap: 3vw; }
  #results-main { flex: 1; display: flex; flex-direction: column; min-height: 0; gap: 1vh; }
  #winner { font-size: 7vh; font-weight: bold; color: var(--accent); }
  #verdict p { margin: 0.3vh 0; font-size: 2.8vh; }
  #final-table { flex: 1; min-height: 0; display: grid; grid-auto-flow: column; grid-template-rows: repeat(var(--rows), auto);
                 grid-template-columns: repeat(var(--cols), 1fr); gap: 0 3vw; align-content: start; font-size: 3vh; }
  #final-table.many { font-size: 2vh; }
  #final-table div { display: flex; gap: 1vw; border-bottom: 0.15vh solid #444; padding: 0.3vh 0; }
  #final-table .rank { width: 2.5em; text-align: right; color: var(--dim); }
  #final-table .name { flex: 1; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  #final-table .seasons { color: var(--dim); }
  #final-table .first { color: var(--accent); font-weight: bold; }
  #keep { width: 30vh; flex: none; display: flex; flex-direction: column; gap: 1vh; font-size: 2vh; color: var(--dim); }
  #keep img { width: 30vh; height: 30vh; background: #fff; }
  #keep-url { word-break: break-all; }
  #problem { color: #ff8a80; font-size: 3vh; padding: 1vh 2vw; }
  body.lost main { opacity: 0.45; }
  .hidden { display: none !important; }
</style>
</head>
<body>
<header>
  <div id="season">{{game}}</div>
  <div id="track" aria-label="{{track}}"></div>
  <div id="game"></div>
</header>
<div id="problem" class="hidden"></div>
<main>
  <section id="left">
    <h1 id="card-name">{{first_card}}</h1>
    <div id="card-note"></div>
    <div id="passes" aria-label="{{passes}}"></div>
    <div id="passes-page" class="page-of"></div>
    <img id="card-picture" class="hidden" alt="">
  </section>
  <section id="right">
    <div id="state"></div>
    <div id="ticks"></div>
    <div id="ticks-page" class="page-of"></div>
    <div id="end" class="hidden">
      <div id="end-lines"></div>
    </div>
    <div id="table-info">
      <h2>{{edicts}}</h2>
      <ul id="edicts"></ul>
      <h2 id="skills-head" class="hidden">{{skills}}</h2>
      <ul id="skills"></ul>
      <h2>{{this_season}}</h2>
      <ol id="column"></ol>
    </div>
    <div id="join">
      {{QR}}
      <div>
        <div>{{join}}</div>
        <div id="join-url">{{JOIN}}</div>
        <div id="seats"></div>
      </div>
    </div>
  </section>
  <section id="recap-screen" class="screen hidden">
    <h1 id="recap-title"></h1>
    <div id="recap-edicts"></div>
    <div id="recap-state"></div>
    <div id="recap-cards"></div>
    <div id="recap-page" class="page-of"></div>
  </section>
  <section id="results-screen" class="screen hidden">
    <div id="results-main">
      <h1>{{final}}</h1>
      <div id="winner"></div>
      <div id="verdict"></div>
      <div id="final-table"></div>
      <div id="final-page" class="page-of"></div>
    </div>
    <div id="keep">
      <img id="bgstats-qr" alt="{{bgstats}}">
      <div id="bgstats-note">{{bgstats}}</div>
      <div id="keep-url"></div>
    </div>
  </section>
</main>
<script>
"use strict";
{{WORDS}}let last = "";
let turn = 0;
let data = null;
const $ = (id) => document.getElementById(id);
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function show(id, on) { $(id).classList.toggle("hidden", !on); }
function names(list) {
  if (list.length <= 6) return list.join(", ");
  return fill(counted(WORDS.more, list.length - 6), { names: list.slice(0, 6).join(", "), n: list.length - 6 });
}
// One page of a long list (turned every 8 s): the items shown, and "page 2 of 5" (or "").
function paged(items, per, pageId) {
  const pages = Math.max(1, Math.ceil(items.length / per));
  const page = turn % pages;
  $(pageId).textContent = pages > 1 ? fill(WORDS.page_of, { page: page + 1, pages }) : "";
  return items.slice(page * per, (page + 1) * per);
}
function size(n, many, lots) { return n > lots ? "lots" : n > many ? "many" : ""; }
function seasonName(d, id) { const s = d.seasons.find((x) => x.id === id); return s ? s.name : id; }
function finished(d) { return !!(d.finished || d.standings.final); }
function stateLine(d) {
  const s = d.status;
  if (finished(d)) return [WORDS.game_over, true];
  const pending = d.pending || [];
  if (pending.length) return [sentences(pending.map((p) => fill(WORDS.troll, { player: p.player }))), false];
  if (!s.on_table) return ["", false];
  if (d.recap && s.season_over && !(d.waiting || []).length) return [fill(WORDS.scored, { season: d.recap.name }), true];
  const waiting = d.waiting || [];
  if (waiting.length) {
    return [fill(counted(s.season_over ? WORDS.last_waiting : WORDS.waiting, waiting.length),
                 { n: waiting.length, names: names(waiting) }), false];
  }
  if (d.everyone_drawn) return [WORDS.everyone, true];
  return ["", false];
}
function renderTicks(d) {
  const taken = (d.seats || []).filter((x) => x.taken).map((x) => x.player);
  const box = $("ticks");
  box.replaceChildren();
  if (!d.status.on_table || finished(d)) { $("ticks-page").textContent = ""; return; }
  const drawn = new Set(d.drawn || []);
  box.className = size(taken.length, 12, 40);
  for (const p of paged(taken, 60, "ticks-page")) {
    const row = el("div", undefined, drawn.has(p) ? "drawn" : "");
    row.dataset.player = p;
    row.append(el("span", drawn.has(p) ? "\\u2713" : "\\u2026", "mark"), el("span", p));
    box.append(row);
  }
}
function renderPasses(d) {
  const box = $("passes");
  box.replaceChildren();
  const pairs = d.passes || [];
  box.className = size(pairs.length, 10, 36);
  // Past ten pairs, the short form ("Ann → Bob", under the heading that says what it means), so
  // that a hundred names fit whole.
  const short = pairs.length > 10;
  for (const p of paged(pairs, 100, "passes-page")) {
    box.append(el("div", short ? `${p.map_of} \u2192 ${p.drawn_by}` : fill(WORDS.pass_pair, { giver: p.map_of, taker: p.drawn_by })));
  }
}
function renderRecap(d) {
  const r = d.recap;
  const on = !!r && d.status.season_over && !(d.waiting || []).length && !finished(d);
  show("recap-screen", on);
  if (!on) return;
  $("recap-title").textContent = fill(WORDS.scored, { season: r.name });
  const [a, b] = r.edicts;
  $("recap-edicts").textContent = fill(WORDS.recap_edicts, { first: a.edict, first_name: a.name, second: b.edict, second_name: b.name });
  $("recap-state").textContent = sentences((d.pending || []).map((p) => fill(WORDS.troll, { player: p.player })));
  const box = $("recap-cards");
  box.replaceChildren();
  box.className = r.players.length <= 4 ? "few" : "";
  box.style.setProperty("--n", String(Math.max(2, r.players.length)));
  for (const p of paged(r.players, 8, "recap-page")) {
    const card = el("div", undefined, "recap");
    card.dataset.player = p.player;
    const img = el("img");
    img.alt = p.player;
    img.addEventListener("error", () => img.classList.add("hidden"));
    img.src = `map/${encodeURIComponent(p.player)}.svg?v=${d.version || 0}`;
    const who = el("div", undefined, "who");
    who.append(el("span", p.player), el("span", String(p.total), "total"));
    card.append(img, who, el("div", fill(WORDS.recap_line, { first: a.edict, second: b.edict, edict1: p.edict1,
                                                            edict2: p.edict2, coins: p.coins, monsters: p.monsters }), "line"));
    box.append(card);
  }
}
function renderResults(d) {
  const on = finished(d);
  show("results-screen", on);
  if (!on) return;
  const st = d.standings;
  const top = st.players.filter((p) => p.rank === 1);
  $("winner").textContent = d.verdict.length ? d.verdict.find((l) => l.length) || "" : top.map((p) => p.name).join(", ");
  const verdict = $("verdict");
  verdict.replaceChildren();
  for (const line of d.verdict.slice(1)) verdict.append(el("p", line));
  const players = [...st.players].sort((x, y) => x.rank - y.rank);
  const per = players.length > 12 ? 24 : 12;
  const shown = paged(players, per, "final-page");
  const table = $("final-table");
  table.className = players.length > 12 ? "many" : "";
  table.style.setProperty("--rows", String(Math.min(12, Math.max(1, shown.length))));
  table.style.setProperty("--cols", players.length > 12 ? "2" : "1");
  table.replaceChildren();
  for (const p of shown) {
    const row = el("div", undefined, p.rank === 1 ? "first" : "");
    row.dataset.player = p.name;
    row.append(el("span", String(p.rank), "rank"), el("span", p.name, "name"),
               el("span", p.seasons.map((x) => x.total).join(" · "), "seasons"), el("span", String(p.total)));
    table.append(row);
  }
  const qr = $("bgstats-qr");
  const src = `bgstats.svg?v=${d.version || 0}`;
  if (qr.dataset.src !== src) {
    qr.dataset.src = src;
    qr.classList.remove("hidden");
    show("bgstats-note", true);
    qr.onerror = () => { qr.classList.add("hidden"); show("bgstats-note", false); };
    qr.src = src;
  }
  $("keep-url").textContent = fill(WORDS.keep, { url: `${location.origin}/standings.svg  ${location.origin}/results.csv` });
}
function render(d) {
  data = d;
  const s = d.status;
  $("season").textContent = `${seasonName(d, s.season)} ${s.time}/${s.threshold}`;
  const track = $("track");
  track.replaceChildren();
  for (let i = 0; i < s.threshold; i++) track.append(el("span", undefined, i < s.time ? "used" : ""));
  $("game").textContent = d.game;
  const card = s.on_table;
  $("card-name").textContent = card ? card.name : WORDS.first_card;
  const note = d.card_note || "";
  $("card-note").textContent = note;
  $("card-note").className = note.length > 240 ? "long" : "";
  renderPasses(d);
  const pic = $("card-picture");
  if (card) {
    const src = `card/${encodeURIComponent(card.id)}.svg`;
    if (pic.getAttribute("src") !== src) pic.setAttribute("src", src);
    pic.alt = card.name;
  }
  show("card-picture", !!card);
  const [line, done] = stateLine(d);
  $("state").textContent = line;
  $("state").className = done ? "done" : "";
  renderTicks(d);
  const edicts = $("edicts");
  edicts.replaceChildren();
  for (const letter of ["A", "B", "C", "D"]) {
    const e = d.edicts[letter];
    edicts.append(el("li", `${letter}: ${e.name}`, s.scoring_now.includes(letter) ? "now" : ""));
  }
  const skills = $("skills");
  skills.replaceChildren();
  for (const k of s.skills || []) skills.append(el("li", fill(counted(WORDS.skill_cost, k.cost), { skill: k.name, n: k.cost })));
  show("skills-head", (s.skills || []).length > 0);
  const column = $("column");
  column.replaceChildren();
  for (const c of s.column) column.append(el("li", `${c.name} (${c.time})`));
  // With no seat taken the table plays on paper: a season's end says what to score by hand.
  const taken = (d.seats || []).filter((x) => x.taken).map((x) => x.player);
  const lines = $("end-lines");
  lines.replaceChildren();
  for (const l of d.season_end) lines.append(el("p", l));
  show("end", s.season_over && !taken.length && !d.recap);
  show("table-info", !(s.season_over && !taken.length && !d.recap) && taken.length <= 40);
  $("seats").textContent = taken.length ? fill(WORDS.at_table, { names: names(taken) }) : WORDS.no_seat;
  renderRecap(d);
  renderResults(d);
}
function lost(text) {
  $("problem").textContent = text;
  show("problem", true);
  document.body.classList.add("lost");
}
async function refresh() {
  try {
    const r = await fetch("display.json", { cache: "no-store" });
    const text = await r.text();
    if (!r.ok) {
      let message = WORDS.lost;
      try { message = JSON.parse(text).error.message; } catch (e) { /* a proxy's page: the server is away */ }
      lost(message);
    } else {
      show("problem", false);
      document.body.classList.remove("lost");
      if (text !== last) { last = text; render(JSON.parse(text)); }
    }
  } catch (e) {
    lost(WORDS.lost);
  }
}
if (window.EventSource) {
  const events = new EventSource("api/events");
  let pending = null;
  events.addEventListener("table", () => {
    if (!pending) pending = setTimeout(() => { pending = null; refresh(); }, 200);
  });
  events.addEventListener("error", () => { if (events.readyState !== EventSource.OPEN) refresh(); });
}
setInterval(refresh, 2000);
setInterval(() => { if (data) { turn += 1; render(data); } }, 8000);
refresh();
</script>
</body>
</html>
"""
