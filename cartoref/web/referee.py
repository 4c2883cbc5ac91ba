"""The referee's page (``/referee?token=...``): the card on the table (its name and picture),
the season and its time, who the table waits for (a tick per seat, a troll's space still to
choose), and the referee's buttons: draw the next card (when every seat has drawn, or forced),
undo, free a seat; undo and free ask first, and every answer is said in a plain sentence. It
follows the table as the other pages do (the event stream, a poll every 3 s besides), and at the
game's end shows the winner and the results to keep. The token comes from the URL that
``cartoref serve`` printed, and is sent only to this server. Laid out for a phone (390 px wide)
as well as a laptop."""

from __future__ import annotations

from ..i18n import N_, ngettext, pgettext
from .page import SEASONS, counted_with, render, translated

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
    "everyone": N_("Everyone has drawn."),
    "troll": N_("Waiting for {player}'s troll: {player} chooses its space on their phone."),
    "free_seat": N_("{player}: free"),
    "seat_freed": N_("{player}'s seat is free."),
    "revealed": N_("Revealed: {cards}"),
    "still_drawing": N_("Not everyone has drawn the card yet. Tick 'even if not everyone has drawn' to draw "
                        "anyway."),
    "choice_pending": N_("Not yet: waiting for {player}'s troll. {player} chooses its space on their phone "
                         "first."),
    "skipped": N_("Drawn anyway: {players} did not draw {card}."),
    "season_forced": N_("The season was scored first, every seated map as it stood."),
    "season_scored": N_("{season} was scored."),
    "confirm_undo": N_("Undo the last action: {action}?"),
    "confirm_undo_plain": N_("Undo the last action?"),
    "confirm_free": N_("Free {player}'s seat? Their phone stops working until they take a seat again."),
    "undo_draw": N_("the draw of {cards}"),
    "undo_record": N_("{player}'s {season} score"),
    "undone": N_("Undone: {action}."),
    "drawings_stay": N_("The drawings already made of it stay on the maps ({players}): erase them by hand."),
    "game_end": N_("The game is over."),
    "results": N_("Results to keep:"),
    "standings_link": N_("Final standings (picture)"),
    "csv_link": N_("Results (CSV)"),
    "json_link": N_("Results (JSON)"),
    "bgstats_link": N_("Log the play in BG Stats"),
    "winner": N_("Winner: {player} with {total}"),
    "winners": N_("Winners, sharing first place: {players}"),
    "lost": N_("Cannot reach the server (cartoref serve): is it still running?"),
    "auto": N_("Draw the next card by itself 5 s after everyone has drawn"),
    "auto_in": N_("The next card in {n} s (untick to wait)."),
    "timer": N_("Turn timer, seconds a card (0: none):"),
    "timer_set": N_("Set"),
    "timer_now": N_("Turn timer: {n} s a card."),
    "timer_off": N_("No turn timer."),
}


def page() -> str:
    """The referee's page, in the language spoken."""
    words = translated(WORDS)
    words["free_button"] = pgettext("a button: free a taken seat", "free")
    words["seasons"] = translated(SEASONS)
    words["waiting"] = counted_with(lambda n: ngettext("Waiting for {n} player to draw: {names}",
                                                       "Waiting for {n} players to draw: {names}", n))
    return render(PAGE, words)


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 18px; line-height: 1.35;
         background: #f4f1ea; color: #1b1b1b; }
  header { padding: 12px; background: #2b2b2b; color: #fff; font-weight: bold; }
  section { padding: 12px; max-width: 720px; }
  #now { font-size: 20px; font-weight: bold; }
  #card-picture { display: block; width: 100%; max-width: 420px; max-height: 45vh; object-fit: contain; margin: 8px 0;
                  background: #fff; border-radius: 8px; }
  #state { font-weight: bold; color: #8a5a00; margin: 6px 0; }
  #state.done { color: #1b5e20; }
  button { font-size: 18px; min-height: 48px; padding: 10px 16px; margin: 6px 6px 6px 0; border-radius: 8px;
           border: 1px solid #555; background: #fff; }
  button#draw { background: #1b5e20; color: #fff; border-color: #1b5e20; width: 100%; max-width: 420px; }
  label.force { display: flex; align-items: center; gap: 10px; min-height: 44px; }
  label.force input { width: 26px; height: 26px; }
  #message { min-height: 24px; margin: 10px 0; white-space: pre-line; }
  #message.refused { color: #b00020; }
  #problem { color: #b00020; font-weight: bold; }
  ul { padding: 0; list-style: none; }
  #seats li { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 4px 0;
              border-bottom: 1px solid #ddd; }
  #seats .mark { display: inline-block; width: 1.5em; color: #999; }
  #seats li.drawn .mark { color: #1b5e20; font-weight: bold; }
  #seats li.free { color: #888; }
  #seats button { min-height: 40px; margin: 0; }
  #end { background: #fff8e1; border-left: 6px solid #ffb300; padding: 10px; }
  #winner { font-size: 24px; font-weight: bold; }
  #end a { display: block; padding: 8px 0; font-size: 18px; }
  .hidden { display: none; }
</style>
</head>
<body>
<header>{{title}}</header>
<section>
  <div id="problem" class="hidden"></div>
  <div id="now"></div>
  <img id="card-picture" class="hidden" alt="">
  <div id="state"></div>
  <div id="end" class="hidden">
    <div id="winner"></div>
    <div id="verdict"></div>
    <div>{{results}}</div>
    <a href="standings.svg" target="_blank">{{standings_link}}</a>
    <a href="results.csv" target="_blank">{{csv_link}}</a>
    <a href="results.json" target="_blank">{{json_link}}</a>
    <a id="bgstats" class="hidden" target="_blank">{{bgstats_link}}</a>
  </div>
  <button id="draw">{{draw}}</button>
  <label class="force" id="force-label"><input type="checkbox" id="force"> {{force}}</label>
  <label class="force"><input type="checkbox" id="auto"> {{auto}}</label>
  <div id="countdown"></div>
  <label class="force">{{timer}} <input type="number" id="timer-seconds" min="0" max="3600" step="5" value="0"
    style="width: 6em; font-size: 17px"> <button id="timer-set">{{timer_set}}</button></label>
  <button id="undo">{{undo}}</button>
  <div id="message"></div>
  <h3>{{seats}}</h3>
  <ul id="seats"></ul>
</section>
<script>
"use strict";
{{WORDS}}const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
let table = null;
const cardNames = {};
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function say(text, refused) { $("message").textContent = text; $("message").className = refused ? "refused" : ""; }
function seasonWord(id) { return WORDS.seasons[id] || id; }
function cardName(id) { return cardNames[id] || id; }
async function api(method, path, body) {
  const opts = { method, headers: { Authorization: "Bearer " + token }, cache: "no-store" };
  if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
  let r;
  try { r = await fetch(path, opts); } catch (e) { return { ok: false, data: { error: { code: "lost", message: WORDS.lost } } }; }
  let data = {};
  try { data = await r.json(); } catch (e) { data = { error: { code: "", message: WORDS.lost } }; }
  return { ok: r.ok, data };
}
// A refusal in the referee's words where the page has them (by its code), else the server's sentence.
function refusal(error) {
  if (error.code === "still-drawing") return WORDS.still_drawing;
  if (error.code === "choice-pending") {
    const who = ((table && table.pending) || []).map((p) => p.player);
    if (who.length) return sentences(who.map((p) => fill(WORDS.choice_pending, { player: p })));
  }
  return error.message;
}
function trolls(t) { return sentences((t.pending || []).map((p) => fill(WORDS.troll, { player: p.player }))); }
function render(t) {
  table = t;
  for (const c of t.column || []) cardNames[c.id] = c.name;
  if (t.card) cardNames[t.card.id] = t.card.name;
  const now = t.game_over ? WORDS.now_over : t.season_over ? WORDS.now_last : WORDS.now;
  $("now").textContent = fill(now, { season: seasonWord(t.season), time: t.time, threshold: t.threshold,
                                     card: t.card ? t.card.name : WORDS.no_card });
  const pic = $("card-picture");
  if (t.card) {
    const src = `card/${encodeURIComponent(t.card.id)}.svg`;
    if (pic.getAttribute("src") !== src) pic.setAttribute("src", src);
    pic.alt = t.card.name;
  }
  pic.classList.toggle("hidden", !t.card);
  let state = "", done = false;
  if (t.finished) { state = WORDS.game_end; done = true; }
  else if ((t.pending || []).length) state = trolls(t);
  else if (t.card && t.waiting.length) state = fill(counted(WORDS.waiting, t.waiting.length), { n: t.waiting.length, names: t.waiting.join(", ") });
  else if (t.everyone_drawn) { state = WORDS.everyone; done = true; }
  $("state").textContent = state;
  $("state").className = done ? "done" : "";
  const drawn = new Set(t.drawn || []);
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of t.seats) {
    if (!s.taken) { seats.append(el("li", fill(WORDS.free_seat, { player: s.player }), "free")); continue; }
    const li = el("li", undefined, drawn.has(s.player) ? "drawn" : "");
    li.dataset.player = s.player;
    const who = el("span");
    who.append(el("span", t.card ? (drawn.has(s.player) ? "\\u2713" : "\\u2026") : "", "mark"), el("span", s.player));
    const b = el("button", WORDS.free_button);
    b.addEventListener("click", async () => {
      if (!window.confirm(fill(WORDS.confirm_free, { player: s.player }))) return;
      const f = await api("DELETE", "api/seats/" + encodeURIComponent(s.player));
      say(f.ok ? fill(WORDS.seat_freed, { player: s.player }) : refusal(f.data.error), !f.ok);
      load();
    });
    li.append(who, b);
    seats.append(li);
  }
  countdown(t);
  const st = t.standings || { final: false, players: [], winners: [] };
  const over = !!(t.finished || st.final);
  $("end").classList.toggle("hidden", !over);
  for (const id of ["draw", "force-label"]) $(id).classList.toggle("hidden", over);
  if (over) {
    const top = st.players.filter((p) => p.rank === 1);
    $("winner").textContent = top.length === 1 ? fill(WORDS.winner, { player: top[0].name, total: top[0].total })
      : fill(WORDS.winners, { players: top.map((p) => p.name).join(", ") });
    results();
  }
}
// The draw by itself: once every seat has drawn the card on the table and nothing is awaited,
// a 5 s countdown, then the same draw as the button's; anything that changes stops it.
const AUTO = "cartoref-auto-draw";
let ticking = null;
function countdown(t) {
  const ready = $("auto").checked && t.card && t.everyone_drawn && !(t.pending || []).length && !t.finished;
  const key = ready ? t.turn : null;
  if (ticking && ticking.key === key) return;
  if (ticking) { clearInterval(ticking.timer); ticking = null; $("countdown").textContent = ""; }
  if (!ready) return;
  let n = 5;
  $("countdown").textContent = fill(WORDS.auto_in, { n });
  ticking = { key, timer: setInterval(() => {
    n -= 1;
    if (n > 0) { $("countdown").textContent = fill(WORDS.auto_in, { n }); return; }
    clearInterval(ticking.timer); $("countdown").textContent = "";
    $("draw").click();
  }, 1000) };
}
$("timer-set").addEventListener("click", async () => {
  const n = Math.max(0, Math.min(3600, Math.round(Number($("timer-seconds").value) || 0)));
  const r = await api("POST", "api/timer", { seconds: n });
  say(r.ok ? (n ? fill(WORDS.timer_now, { n }) : WORDS.timer_off) : refusal(r.data.error), !r.ok);
  load();
});
$("auto").checked = localStorage.getItem(AUTO) === "1";
$("auto").addEventListener("change", () => { localStorage.setItem(AUTO, $("auto").checked ? "1" : "0"); if (table) countdown(table); });
async function results() {
  const r = await api("GET", "results.json");
  const link = $("bgstats");
  if (r.ok && r.data.bgstats) { link.href = r.data.bgstats; link.classList.remove("hidden"); }
}
async function load() {
  const r = await api("GET", "api/table");
  $("problem").classList.toggle("hidden", r.ok || r.data.error.code !== "lost");
  if (!r.ok) { if (r.data.error.code === "lost") $("problem").textContent = WORDS.lost; else say(r.data.error.message, true); return; }
  render(r.data);
}
function undoneWords(undone) {
  if (undone.draw) return fill(WORDS.undo_draw, { cards: undone.draw.map(cardName).join(", ") });
  const rec = undone.record || {};
  return fill(WORDS.undo_record, { player: rec.player, season: seasonWord(rec.season) });
}
function lastAction(t) {
  // What undo takes back: the last draw (the card on the table), or a score recorded after it.
  if (t.card && !(t.recorded || []).length) return fill(WORDS.undo_draw, { cards: t.card.name });
  return "";
}
$("draw").addEventListener("click", async () => {
  const r = await api("POST", "api/draw", { force: $("force").checked });
  if (!r.ok) { say(refusal(r.data.error), true); load(); return; }
  const lines = [fill(WORDS.revealed, { cards: r.data.revealed.map((c) => c.name).join(", ") })];
  const skipped = r.data.skipped || [];
  if (skipped.length) lines.unshift(fill(WORDS.skipped, { players: skipped.map((x) => x.player).join(", "), card: cardName(skipped[0].card) }));
  if (r.data.season_scored) lines.unshift(skipped.length ? WORDS.season_forced : fill(WORDS.season_scored, { season: seasonWord((table || {}).season) }));
  $("force").checked = false;
  say(lines.join("\\n"), false);
  load();
});
$("undo").addEventListener("click", async () => {
  const before = table;
  const what = before ? lastAction(before) : "";
  if (!window.confirm(what ? fill(WORDS.confirm_undo, { action: what }) : WORDS.confirm_undo_plain)) return;
  const r = await api("POST", "api/undo", {});
  if (!r.ok) { say(refusal(r.data.error), true); load(); return; }
  const lines = [fill(WORDS.undone, { action: undoneWords(r.data.undone) })];
  const drew = before && r.data.undone.draw ? (before.drawn || []) : [];
  if (drew.length) lines.push(fill(WORDS.drawings_stay, { players: drew.join(", ") }));
  if (r.data.note) lines.push(r.data.note);
  say(lines.join("\\n"), false);
  load();
});
let events = null;
function listen() {
  if (!window.EventSource) return;
  events = new EventSource("api/events");
  events.addEventListener("table", load);
  events.addEventListener("error", () => {
    if (events.readyState === EventSource.CLOSED) { events = null; setTimeout(listen, 3000); }
    load();
  });
}
listen();
setInterval(load, 3000);
load();
</script>
</body>
</html>
"""
