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

#: The page script's two helpers: a sentence's ``{fields}`` filled, and a count's form chosen.
HELPERS = """function fill(text, fields) { return text.replace(/\\{(\\w+)\\}/g, (all, k) => (k in fields ? String(fields[k]) : all)); }
function counted(forms, n) { return forms[Math.max(0, Math.min(n, forms.length - 1))]; }
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
    "this_season": N_("This season"),
    "join": N_("Join from your phone:"),
    "page_of": N_("page {page} of {pages}"),
    "game_over": N_("The game is over."),
    "last_card": N_("The season's last card: draw it, then score the season."),
    "at_table": N_("At the table: {names}"),
    "no_seat": N_("No seat taken yet."),
    "waiting_for": N_("Waiting for {names}"),
    "lost": N_("The display lost cartoref serve: is it still running?"),
}


def tv_page(join_url: str) -> str:
    """The TV page, its join panel showing ``join_url`` and its QR code."""
    words = translated(WORDS)
    words["more"] = counted_with(lambda n: ngettext("{names}, and {n} more", "{names}, and {n} more", n))
    return render(PAGE, words, QR=qr_svg(join_url), JOIN=escape(join_url))


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  :root { --bg: #101418; --fg: #f5f5f5; --dim: #a8b0b8; --accent: #ffb300; --panel: #1c232b; }
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
  main { flex: 1; min-height: 0; display: grid; grid-template-columns: 52fr 48fr; gap: 2vw; padding: 1.5vh 2vw; }
  #left { display: flex; flex-direction: column; min-height: 0; }
  #right { display: flex; flex-direction: column; min-height: 0; gap: 1vh; overflow: hidden; }
  #card-name { font-size: 6vh; font-weight: bold; margin: 0; }
  #card-note { font-size: 2.8vh; color: var(--accent); margin: 0.5vh 0 1vh; max-height: 17vh; overflow: hidden;
    display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 4; }
  #card-picture { flex: 1; min-height: 0; width: 100%; object-fit: contain; object-position: left top; }
  h2 { font-size: 2.6vh; color: var(--dim); margin: 0.6vh 0; text-transform: uppercase; letter-spacing: 0.1em; }
  ol, ul { margin: 0; padding-left: 1.2em; }
  #edicts li { font-size: 3vh; padding: 0.3vh 0.6vw; list-style: none; margin-left: -1.2em; border-radius: 0.6vh; }
  #edicts li.now { background: var(--accent); color: #000; font-weight: bold; }
  #column { columns: 2; font-size: 2.4vh; }
  #join { display: flex; gap: 1.5vw; align-items: flex-start; background: var(--panel); padding: 1vh 1vw; border-radius: 1vh; }
  #join svg { width: 17vh; height: 17vh; flex: none; }
  #join-url { font-size: 2.2vh; color: var(--dim); word-break: break-all; }
  #seats { font-size: 2.3vh; margin-top: 0.5vh; }
  #waiting { font-size: 2.6vh; color: var(--accent); margin-top: 0.5vh; }
  #end { background: var(--panel); border-left: 1vh solid var(--accent); padding: 0.8vh 1vw; min-height: 0; overflow: hidden; }
  #end p { margin: 0.3vh 0; font-size: 2.4vh; }
  #standings { columns: 1; column-gap: 2vw; margin-top: 0.6vh; font-size: 2.6vh; }
  #standings.many { columns: 3; font-size: 1.7vh; }
  #standings.lots { columns: 4; font-size: 1.35vh; }
  #standings div { break-inside: avoid; display: flex; gap: 0.6vw; border-bottom: 0.15vh solid #444; }
  #standings .rank { width: 2.5em; text-align: right; color: var(--dim); }
  #standings .name { flex: 1; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  #page-of { color: var(--dim); font-size: 2vh; }
  #problem { color: #ff8a80; font-size: 3vh; padding: 1vh 2vw; }
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
    <img id="card-picture" class="hidden" alt="">
  </section>
  <section id="right">
    <div id="end" class="hidden">
      <div id="end-lines"></div>
      <div id="standings"></div>
      <div id="page-of"></div>
      <div id="verdict"></div>
    </div>
    <div id="table-info">
      <h2>{{edicts}}</h2>
      <ul id="edicts"></ul>
      <h2>{{this_season}}</h2>
      <ol id="column"></ol>
    </div>
    <div id="join">
      {{QR}}
      <div>
        <div>{{join}}</div>
        <div id="join-url">{{JOIN}}</div>
        <div id="seats"></div>
        <div id="waiting"></div>
      </div>
    </div>
  </section>
</main>
<script>
"use strict";
{{WORDS}}let last = "";
let standingsPage = 0;
let data = null;
const PER_PAGE = 48;
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
function renderStandings(st) {
  const box = $("standings");
  const players = [...st.players].sort((a, b) => a.rank - b.rank);
  const pages = Math.max(1, Math.ceil(players.length / PER_PAGE));
  standingsPage = standingsPage % pages;
  box.className = players.length > 24 ? "lots" : players.length > 8 ? "many" : "";
  box.replaceChildren();
  for (const p of players.slice(standingsPage * PER_PAGE, (standingsPage + 1) * PER_PAGE)) {
    const row = el("div");
    row.append(el("span", String(p.rank), "rank"), el("span", p.name, "name"), el("span", String(p.total)));
    box.append(row);
  }
  $("page-of").textContent = pages > 1 ? fill(WORDS.page_of, { page: standingsPage + 1, pages }) : "";
}
function render(d) {
  data = d;
  const s = d.status;
  const season = d.seasons.find((x) => x.id === s.season);
  $("season").textContent = `${season ? season.name : s.season} ${s.time}/${s.threshold}`;
  const track = $("track");
  track.replaceChildren();
  for (let i = 0; i < s.threshold; i++) track.append(el("span", undefined, i < s.time ? "used" : ""));
  $("game").textContent = d.game;
  const card = s.on_table;
  $("card-name").textContent = card ? card.name : WORDS.first_card;
  let note = d.card_note;
  if (s.game_over) note = WORDS.game_over;
  else if (s.season_over) note = WORDS.last_card;
  $("card-note").textContent = note;
  const pic = $("card-picture");
  if (card) {
    const src = `/card/${encodeURIComponent(card.id)}.svg`;
    if (pic.getAttribute("src") !== src) pic.setAttribute("src", src);
    pic.alt = card.name;
  }
  show("card-picture", !!card);
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
  const anyScore = d.standings.players.some((p) => p.seasons.length > 0);
  renderStandings(d.standings);
  show("standings", anyScore);
  const verdict = $("verdict");
  verdict.replaceChildren();
  for (const line of d.verdict) verdict.append(el("p", line));
  const ending = s.season_over || s.game_over;
  show("end", ending);
  show("table-info", !ending);
  const taken = (d.seats || []).filter((x) => x.taken).map((x) => x.player);
  $("seats").textContent = taken.length ? fill(WORDS.at_table, { names: names(taken) }) : WORDS.no_seat;
  const waiting = d.waiting || [];
  $("waiting").textContent = card && waiting.length ? fill(WORDS.waiting_for, { names: names(waiting) }) : "";
}
async function refresh() {
  try {
    const r = await fetch("/display.json", { cache: "no-store" });
    const text = await r.text();
    if (!r.ok) {
      $("problem").textContent = JSON.parse(text).error.message;
      show("problem", true);
    } else {
      show("problem", false);
      if (text !== last) { last = text; render(JSON.parse(text)); }
    }
  } catch (e) {
    $("problem").textContent = WORDS.lost;
    show("problem", true);
  }
}
if (window.EventSource) {
  const events = new EventSource("/api/events");
  let pending = null;
  events.addEventListener("table", () => {
    if (!pending) pending = setTimeout(() => { pending = null; refresh(); }, 200);
  });
}
setInterval(refresh, 2000);
setInterval(() => { if (data) { standingsPage += 1; renderStandings(data.standings); } }, 8000);
refresh();
</script>
</body>
</html>
"""
