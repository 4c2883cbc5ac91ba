"""The referee's page (``/referee?token=...``): draw the next card (when every seat has drawn,
or forced), undo, free a seat; it follows the table as the other pages do. The token comes from
the URL that ``cartoref serve`` printed, and is sent only to this server."""

from __future__ import annotations

from ..i18n import N_, pgettext
from .page import SEASONS, render, translated

#: The referee's page's words (``page.render``: in the HTML as ``{{key}}``, in the script as
#: ``WORDS.key``).
WORDS = {
    "title": N_("Cartographers: the referee"),
    "draw": N_("Draw the next card"),
    "force": N_("even if not everyone has drawn"),
    "undo": N_("Undo the last action"),
    "seats": N_("Seats"),
    "now": N_("{season} {time}/{threshold}: {card}"),
    "now_over": N_("{season} {time}/{threshold}: {card} (the game is over)"),
    "now_last": N_("{season} {time}/{threshold}: {card} (the season's last card)"),
    "no_card": N_("no card yet"),
    "waiting_for": N_("Waiting for {names}"),
    "taken": N_("{player} (taken)"),
    "free": N_("{player} (free)"),
    "seat_freed": N_("{player}'s seat is free."),
    "revealed": N_("Revealed: {cards}"),
    "undone": N_("Undone."),
}

def page() -> str:
    """The referee's page, in the language spoken."""
    words = translated(WORDS)
    words["free_button"] = pgettext("a button: free a taken seat", "free")
    words["seasons"] = translated(SEASONS)
    return render(PAGE, words)


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  body { margin: 0; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 17px; background: #f4f1ea; }
  header { padding: 10px; background: #2b2b2b; color: #fff; font-weight: bold; }
  section { padding: 10px; }
  button { font-size: 17px; padding: 8px 14px; margin: 4px 4px 4px 0; border-radius: 6px; }
  #message { min-height: 22px; margin: 8px 0; }
  #message.refused { color: #b00020; }
  li { margin: 4px 0; }
  .hidden { display: none; }
</style>
</head>
<body>
<header>{{title}}</header>
<section>
  <div id="now"></div>
  <div id="waiting"></div>
  <button id="draw">{{draw}}</button>
  <label><input type="checkbox" id="force"> {{force}}</label><br>
  <button id="undo">{{undo}}</button>
  <div id="message"></div>
  <h3>{{seats}}</h3>
  <ul id="seats"></ul>
</section>
<script>
"use strict";
{{WORDS}}const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
function el(tag, text) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; return e; }
function say(text, refused) { $("message").textContent = text; $("message").className = refused ? "refused" : ""; }
async function api(method, path, body) {
  const opts = { method, headers: { Authorization: "Bearer " + token }, cache: "no-store" };
  if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
  const r = await fetch(path, opts);
  let data = {};
  try { data = await r.json(); } catch (e) { data = {}; }
  return { ok: r.ok, data };
}
async function load() {
  const r = await api("GET", "/api/table");
  if (!r.ok) { say(r.data.error.message, true); return; }
  const t = r.data;
  const now = t.game_over ? WORDS.now_over : t.season_over ? WORDS.now_last : WORDS.now;
  $("now").textContent = fill(now, { season: WORDS.seasons[t.season] || t.season, time: t.time, threshold: t.threshold,
                                     card: t.card ? t.card.name : WORDS.no_card });
  $("waiting").textContent = t.card && t.waiting.length ? fill(WORDS.waiting_for, { names: t.waiting.join(", ") }) : "";
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of t.seats) {
    const li = el("li", s.taken ? fill(WORDS.taken, { player: s.player }) + " " : fill(WORDS.free, { player: s.player }));
    if (s.taken) {
      const b = el("button", WORDS.free_button);
      b.addEventListener("click", async () => {
        const f = await api("DELETE", "/api/seats/" + encodeURIComponent(s.player));
        say(f.ok ? fill(WORDS.seat_freed, { player: s.player }) : f.data.error.message, !f.ok);
        load();
      });
      li.append(b);
    }
    seats.append(li);
  }
}
$("draw").addEventListener("click", async () => {
  const r = await api("POST", "/api/draw", { force: $("force").checked });
  say(r.ok ? fill(WORDS.revealed, { cards: r.data.revealed.map((c) => c.name).join(", ") }) : r.data.error.message, !r.ok);
  load();
});
$("undo").addEventListener("click", async () => {
  const r = await api("POST", "/api/undo", {});
  say(r.ok ? WORDS.undone : r.data.error.message, !r.ok);
  load();
});
if (window.EventSource) new EventSource("/api/events").addEventListener("table", load);
load();
</script>
</body>
</html>
"""
