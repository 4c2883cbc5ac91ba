"""The referee's page (``/referee?token=...``): draw the next card (when every seat has drawn,
or forced), undo, free a seat; it follows the table as the other pages do. The token comes from
the URL that ``cartoref serve`` printed, and is sent only to this server."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cartographers: the referee</title>
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
<header>Cartographers: the referee</header>
<section>
  <div id="now"></div>
  <div id="waiting"></div>
  <button id="draw">Draw the next card</button>
  <label><input type="checkbox" id="force"> even if not everyone has drawn</label><br>
  <button id="undo">Undo the last action</button>
  <div id="message"></div>
  <h3>Seats</h3>
  <ul id="seats"></ul>
</section>
<script>
"use strict";
const token = new URLSearchParams(location.search).get("token") || "";
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
  $("now").textContent = `${t.season} ${t.time}/${t.threshold}: ` + (t.card ? t.card.name : "no card yet")
    + (t.game_over ? " (the game is over)" : t.season_over ? " (the season's last card)" : "");
  $("waiting").textContent = t.card && t.waiting.length ? `Waiting for ${t.waiting.join(", ")}` : "";
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of t.seats) {
    const li = el("li", s.player + (s.taken ? " (taken) " : " (free)"));
    if (s.taken) {
      const b = el("button", "free");
      b.addEventListener("click", async () => {
        const f = await api("DELETE", "/api/seats/" + encodeURIComponent(s.player));
        say(f.ok ? `${s.player}'s seat is free.` : f.data.error.message, !f.ok);
        load();
      });
      li.append(b);
    }
    seats.append(li);
  }
}
$("draw").addEventListener("click", async () => {
  const r = await api("POST", "/api/draw", { force: $("force").checked });
  say(r.ok ? "Revealed: " + r.data.revealed.map((c) => c.name).join(", ") : r.data.error.message, !r.ok);
  load();
});
$("undo").addEventListener("click", async () => {
  const r = await api("POST", "/api/undo", {});
  say(r.ok ? "Undone." : r.data.error.message, !r.ok);
  load();
});
if (window.EventSource) new EventSource("/api/events").addEventListener("table", load);
load();
</script>
</body>
</html>
"""
