"""The phone page (``/join``): pick a seat, see your map, your coins and the card on the table
(its picture, its options and terrains), draw by tapping spaces with the drawing previewed in
its terrain, take your last drawing back, choose what is yours to choose (the gorgon's and the
troll's space, the candidates lit), see your season's score (so far, then final), every other
player's map, and at the game's end your total, your rank, the winner and the results to keep.

Self-contained; every text from the game is set with ``textContent``; the seat's token is kept
by the browser, so a reload comes back to the seat, and checked when the page loads and after
every reconnect. The link to the table (reads, retries, the offline banner) is ``sync.SYNC``;
what the page says stays until the player acts again or a new card comes (a read of the same
table redraws nothing), and the grid's buttons are made once, so a tap is never wiped."""

from __future__ import annotations

from ..i18n import N_, ngettext, pgettext
from .page import SEASONS, counted_with, render, translated
from .sync import SYNC

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
    "hero": N_("Hero: tap one empty space, then pick the pattern's turn"),
    "explore": N_("Explore card, time {time}"),
    "ruins": N_("{what}. Its shape must cover an empty ruins space (r)."),
    "plus_coin": N_("+ coin"),
    "fallback": N_("Other terrains (only when no shape of the card fits anywhere: one space)"),
    "draw_on": N_("You draw on {map}'s map now."),
    "game_over": N_("The game is over."),
    "drawn_waiting": N_("Drawn. Waiting for {names}."),
    "drawn_all": N_("Everyone has drawn: the referee draws the next card."),
    "to_draw": N_("Your turn to draw {card}."),
    "only_you": N_("The table is waiting for you."),
    "troll_choose": N_("Your troll destroys one empty space next to it: tap a lit space."),
    "troll_waiting": N_("Waiting for {names} to choose the troll's space."),
    "score_so_far": N_("Your {season} score so far: {total}"),
    "score_final": N_("Your {season} score: {total}"),
    "coins": N_("Coins"),
    "monsters": N_("Monsters"),
    "drawn_on": N_("Drawn on {map}'s map."),
    "refused": N_("refused"),
    "gorgon": N_("The gorgon destroys one space next to it: tap a lit space."),
    "troll_destroyed": N_("The troll destroyed {space}."),
    "tap_first": N_("Tap the spaces to draw first."),
    "taken_back": N_("Taken back."),
    "offline": N_("Offline: trying again…"),
    "seat_lost": N_("Your seat was freed, or a new game was set up: pick your seat again."),
    "skipped": N_("The referee drew the next card before you drew {card}."),
    "skipped_season": N_("The referee drew on before you drew {card}: your {season} was scored as your map stood."),
    "tapped": N_("{n} of {size} spaces tapped"),
    "fits_option": N_("The shape of option {option}"),
    "no_option": N_("This is not the card's shape (turned or mirrored)."),
    "coin_track": N_("Coins: {n}"),
    "see_map": N_("See a map:"),
    "mine": N_("mine"),
    "back_to_mine": N_("Back to my map"),
    "their_map": N_("{player}'s map (to look at)"),
    "sound": N_("Sound and vibration on a new card"),
    "total_rank": N_("Your total: {total}, rank {rank} of {players}"),
    "final": N_("Final standings"),
    "results": N_("Results to keep:"),
    "standings_picture": N_("Final standings (picture)"),
    "results_csv": N_("Results (CSV)"),
    "results_json": N_("Results (JSON)"),
    "bgstats": N_("Log the play in BG Stats"),
    "orientation": N_("Turn {n}"),
    "skill": N_("Skill:"),
    "no_skill": N_("none"),
    "skill_drawn": N_("Drawn with {skill}."),
    "time_left": N_("{n} s left"),
    "time_up": N_("Time is up."),
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
    words["winners"] = counted_with(
        lambda n: ngettext("Winner: {names} with {total}", "Winners: {names} with {total}", n))
    words["terrains"] = translated(TERRAINS)
    words["seasons"] = translated(SEASONS)
    words["skill_cost"] = counted_with(lambda n: ngettext("{skill} ({n} coin)", "{skill} ({n} coins)", n))
    return render(PAGE, words, SYNC=SYNC)


PAGE = """<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  :root { --bg: #f4f1ea; --fg: #1d1d1d; --dim: #6b6b6b; --accent: #c77700; --bad: #b00020;
          --forest: #2e7d32; --village: #c62828; --farm: #f6c945; --water: #1e6fbf; --monster: #6a1b9a; }
  * { box-sizing: border-box; }
  html { scroll-padding: 0 0 72px; }  /* a space scrolled to stays clear of the buttons kept at the bottom */
  body { margin: 0; background: var(--bg); color: var(--fg); font-family: "DejaVu Sans", Helvetica, Arial, sans-serif;
         font-size: 16px; }
  header { display: flex; align-items: center; gap: 8px; padding: 8px 10px; background: #2b2b2b; color: #fff; }
  header b { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  header button { font-size: 13px; padding: 6px 8px; }
  #coins { font-size: 14px; white-space: nowrap; }
  #offline { background: var(--bad); color: #fff; padding: 6px 10px; font-weight: bold; }
  section { padding: 8px 10px; }
  button { font-size: 16px; padding: 8px 12px; border-radius: 6px; border: 1px solid #888; background: #fff;
           color: var(--fg); min-height: 40px; }
  button.on { background: var(--accent); color: #fff; border-color: var(--accent); }
  button:disabled { opacity: 0.45; }
  #seat-list button { display: block; width: 100%; margin: 6px 0; text-align: left; }
  #card { display: flex; gap: 10px; align-items: flex-start; }
  #card-picture { width: 34%; max-width: 160px; border-radius: 6px; cursor: zoom-in; flex: none; }
  #card-picture.big { width: 100%; max-width: 480px; cursor: zoom-out; }
  #card.bigcard { flex-direction: column; }
  #card-name { font-size: 20px; font-weight: bold; }
  #card-what, #target { color: var(--dim); font-size: 14px; margin: 2px 0 4px; }
  #target { color: var(--accent); font-weight: bold; }
  .choices { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; align-items: center; }
  .shape { display: inline-grid; gap: 1px; padding: 6px; vertical-align: middle; }
  .shape i { width: 11px; height: 11px; display: block; }
  .shape i.x { background: #333; } .option { display: flex; gap: 6px; align-items: center; }
  .coin { display: inline-block; width: 16px; height: 16px; border-radius: 50%; background: #e0b000;
          border: 2px solid #8a6d00; vertical-align: middle; }
  .coin.empty { background: #fff; border-color: #bbb; }
  .coin.spent { background: linear-gradient(45deg, transparent 40%, #222 40%, #222 60%, transparent 60%),
                linear-gradient(-45deg, transparent 40%, #222 40%, #222 60%, transparent 60%), #e0b000; }
  #track { display: flex; flex-wrap: wrap; gap: 3px; margin: 4px 0; align-items: center; font-size: 14px; }
  #track .coin { width: 14px; height: 14px; }
  #fallback summary { font-size: 13px; color: var(--dim); margin: 4px 0; }
  #grid { display: grid; grid-template-columns: 18px repeat(11, 1fr); gap: 2px; margin: 8px 0; user-select: none;
          touch-action: manipulation; }
  #grid .label { font-size: 11px; color: var(--dim); display: flex; align-items: center; justify-content: center; }
  #grid .sp { aspect-ratio: 1; border: 1px solid #999; background: #fff; font-size: 12px; font-weight: bold;
              display: flex; align-items: center; justify-content: center; padding: 0; border-radius: 3px;
              min-height: 0; position: relative; color: #000; }
  #grid .sp.F { background: var(--forest); color: #fff; } #grid .sp.V { background: var(--village); color: #fff; }
  #grid .sp.P { background: var(--farm); } #grid .sp.W { background: var(--water); color: #fff; }
  #grid .sp.B { background: linear-gradient(135deg, var(--farm) 50%, var(--village) 50%); }
  #grid .sp.M, #grid .sp.D, #grid .sp.Z, #grid .sp.T, #grid .sp.G { background: var(--monster); color: #fff; }
  #grid .sp.H { background: #ff8f00; color: #fff; } #grid .sp.X { background: #555; color: #fff; }
  #grid .sp.mountain { background: #8d6e63; color: #fff; } #grid .sp.waste { background: #9e9e9e; }
  #grid .sp.ruin::after { content: ""; position: absolute; right: 1px; top: 1px; width: 7px; height: 7px;
              border-radius: 50%; background: #fff8e1; border: 1.5px solid #8d6e63; }
  #grid .sp.r { background: #fff8e1; color: #8d6e63; }
  #grid .sp.zone { box-shadow: inset 0 0 0 2px #ff8f00; }
  #grid .sp.mark { box-shadow: inset 0 0 0 3px #ff8f00; }
  #grid .sp.picked { outline: 3px dashed #000; outline-offset: -3px; }
  #grid .sp.picked.forest { background: var(--forest); color: #fff; } #grid .sp.picked.village { background: var(--village); color: #fff; }
  #grid .sp.picked.farm { background: var(--farm); } #grid .sp.picked.water { background: var(--water); color: #fff; }
  #grid .sp.picked.monster { background: var(--monster); color: #fff; } #grid .sp.picked.none { background: #ffe0a3; }
  #grid .sp.picked.hero { background: #ff8f00; color: #fff; }
  #grid .sp.choice { outline: 3px solid var(--bad); outline-offset: -3px; animation: pulse 1s infinite alternate; }
  @keyframes pulse { from { background-color: #fff; } to { background-color: #ffcdd2; } }
  #preview { font-size: 14px; color: var(--dim); min-height: 18px; }
  #actions { display: flex; gap: 8px; flex-wrap: wrap; position: sticky; bottom: 0; background: var(--bg);
             padding: 6px 0; z-index: 1; }
  #actions #draw { flex: 1; font-weight: bold; }
  #message { margin: 8px 0; min-height: 20px; white-space: pre-line; }
  #message.refused { color: var(--bad); font-weight: bold; }
  #status { padding: 6px 10px; background: #e8e2d4; font-size: 15px; }
  #status.you { background: var(--accent); color: #fff; font-weight: bold; }
  #clock { float: right; font-weight: bold; } #clock.late { color: var(--bad); }
  #score table, #over table { border-collapse: collapse; width: 100%; font-size: 14px; }
  #score td, #over td { border-bottom: 1px solid #ccc; padding: 3px; }
  #score h3, #over h3 { margin: 8px 0 4px; }
  #others { font-size: 14px; margin-top: 10px; }
  #others select { font-size: 15px; padding: 6px; }
  #viewing { color: var(--accent); font-weight: bold; }
  #over { background: #fff; border: 2px solid var(--accent); border-radius: 8px; margin: 8px 10px; }
  #over a { display: inline-block; margin: 4px 10px 4px 0; }
  #options label { display: flex; gap: 4px; align-items: center; font-size: 13px; }
  .hidden { display: none !important; }
  @media (orientation: landscape) and (min-width: 560px) {
    /* Sideways: the map on the left as tall as the screen allows, the buttons at the top right. */
    header { padding: 3px 10px; } #status { padding: 3px 10px; font-size: 14px; }
    #play { display: grid; grid-template-columns: auto minmax(0, 1fr); grid-template-rows: auto 1fr;
            gap: 0 12px; align-items: start; padding-top: 4px; }
    #board { grid-column: 1; grid-row: 1 / span 2; width: min(calc(100vh - 84px), 55vw); }
    #side2 { grid-column: 2; grid-row: 1; }
    #side { grid-column: 2; grid-row: 2; }
    #grid { margin: 0; gap: 1px; grid-template-columns: 14px repeat(11, 1fr); }
    #grid .sp { font-size: 11px; }
    #actions { position: static; padding: 0 0 4px; }
    #card-picture { max-width: 110px; }
  }
</style>
</head>
<body>
<header><b id="who">{{game}}</b><span id="coins" class="hidden"></span>
  <button id="sound" class="hidden" title="{{sound}}" aria-label="{{sound}}" aria-pressed="false">&#9834;</button>
  <button id="leave" class="hidden">{{change_seat}}</button></header>
<div id="offline" class="hidden">{{offline}}</div>
<div id="status" class="hidden"></div>
<section id="seats" class="hidden">
  <p>{{pick_seat}}</p>
  <div id="message-seats"></div>
  <div id="seat-list"></div>
</section>
<div id="over" class="hidden"><section>
  <h3 id="over-title"></h3>
  <div id="over-you"></div>
  <div id="over-winner"></div>
  <table id="over-table"></table>
  <p>{{results}}</p>
  <div><a id="link-svg" href="standings.svg" target="_blank">{{standings_picture}}</a>
    <a id="link-csv" href="results.csv" download>{{results_csv}}</a>
    <a id="link-json" href="results.json" download>{{results_json}}</a>
    <a id="link-bgstats" class="hidden" target="_blank" rel="noopener">{{bgstats}}</a></div>
</section></div>
<section id="play" class="hidden">
  <div id="side">
    <div id="card"><img id="card-picture" class="hidden" alt="">
      <div><div id="card-name"></div><div id="card-what"></div></div></div>
    <div id="options" class="choices"></div>
    <div id="terrains" class="choices"></div>
    <details id="fallback" class="hidden"><summary>{{fallback}}</summary><div id="fallback-terrains" class="choices"></div></details>
    <div id="orientations" class="choices"></div>
    <label id="skills" class="hidden">{{skill}} <select id="skill-choice"></select></label>
    <div id="target"></div>
  </div>
  <div id="board">
    <div id="viewing" class="hidden"></div>
    <div id="grid"></div>
    <div id="track"></div>
  </div>
  <div id="side2">
    <div id="preview"></div>
    <div id="actions">
      <button id="draw" class="on">{{draw}}</button>
      <button id="clear">{{clear}}</button>
      <button id="take-back">{{take_back}}</button>
    </div>
    <div id="message"></div>
    <div id="score"></div>
    <div id="others">{{see_map}} <select id="map-choice"></select></div>
  </div>
</section>
<script>
"use strict";
{{WORDS}}{{SYNC}}
const KEY = "cartoref-seat", SOUND = "cartoref-sound";
const ROWS = "ABCDEFGHIJK";
const TERRAIN_CLASS = { forest: "forest", village: "village", farm: "farm", water: "water", monster: "monster" };
const $ = (id) => document.getElementById(id);
let seat = JSON.parse(localStorage.getItem(KEY) || "null");
// What the page knows of the table, and what the player is doing; the player's choices (picked
// spaces, terrain, option, turn of a hero) are kept until they draw or a new card comes.
let table = null, map = null, mapVersion = null, target = null, viewing = null;
let picked = new Set(), terrain = null, orientation = 1, option = null, skill = null;
let mode = "draw", choices = new Set(), destroy = null, turn = null;
let scoreKey = null, scoreAsked = null, buzzedFor = null, results = null;
const sound = { on: localStorage.getItem(SOUND) === "1" };

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function show(id, on) { $(id).classList.toggle("hidden", !on); }
function plain(text) {
  // A refusal as a player reads it: no file names, each part on its own line.
  return String(text || WORDS.refused).replace(/(^|\\s)[^\\s:]+\\.yaml: /g, "$1").split("; ").join("\\n");
}
// What the page says stays until the player acts again or a new card comes.
function say(text, refused) {
  $("message").textContent = text; $("message").className = refused ? "refused" : "";
}
function seatLost() {
  seat = null; localStorage.removeItem(KEY);
  $("message-seats").textContent = WORDS.seat_lost;
  link.forget(); link.sync();
}
async function checkSeat() {
  if (!seat) return;
  const r = await api("GET", "api/me", undefined, seat.token);
  if (!r.offline && r.status === 401) seatLost();
}
const link = follow({
  read: async () => {
    const r = await api("GET", "api/table");
    if (r.date) skew = r.date / 1000 - Date.now() / 1000;
    return r;
  },
  changed: (r) => {
    if (!r.ok) { say(plain(r.data.error && r.data.error.message), true); return; }
    return newTable(r.data);
  },
  offline: (on) => show("offline", on),
  reconnected: checkSeat,
  // Before the player draws the card on the table, another map's drawing changes nothing this
  // page shows: it reads the table again when the card (the game's number) moves.
  quiet: () => !!(table && seat && table.card && !(table.drawn || []).includes(seat.player)),
});

// ------------------------------------------------------------------ the table read
async function newTable(t) {
  const before = table;
  table = t;
  if (!seat || !table.players.includes(seat.player)) { if (seat) seatLost(); renderSeats(); return; }
  const mine = table.seats.find((s) => s.player === seat.player);
  if (mine && !mine.taken) { checkSeat(); }
  if (table.turn !== turn) newCard(before);
  show("seats", false); show("play", true); show("leave", true); show("coins", true); show("sound", true);
  show("status", true);
  $("who").textContent = seat.player;
  target = myTarget();
  $("target").textContent = target !== seat.player ? fill(WORDS.draw_on, { map: target }) : "";
  const pend = (table.pending || []).find((p) => p.player === seat.player);
  // The troll's spaces as the table says them now (a season scored again after a take-back asks
  // again, perhaps before this phone saw the first answer taken).
  if (pend) { mode = "troll"; choices = new Set(pend.spaces); }
  if (!pend && mode === "troll") { mode = "draw"; choices = new Set(); }
  await readMap();
  renderCard(); renderSkills(); renderGrid(); renderStatus(); renderOthers();
  await renderScore();
  renderOver();
}
function newCard(before) {
  // A new card: what was said and tapped for the last one no longer holds. Said when the
  // referee drew on before this player drew the last card.
  const prev = before && before.card, drewPrev = before && (before.drawn || []).includes(seat.player);
  turn = table.turn; picked.clear(); destroy = null; option = null; terrain = null; orientation = 1; skill = null;
  $("fallback").open = false;
  if (mode === "gorgon") { mode = "draw"; choices = new Set(); }
  say("");
  if (prev && !drewPrev && before.seats.some((s) => s.player === seat.player && s.taken) && table.card
      && table.card.id !== prev.id) {
    const season = before.season !== table.season ? WORDS.seasons[before.season] || before.season : null;
    say(season ? fill(WORDS.skipped_season, { card: prev.name, season }) : fill(WORDS.skipped, { card: prev.name }), true);
  }
  if (table.card && sound.on && !(table.drawn || []).includes(seat.player)) buzz([150]);
}
function myTarget() {
  const c = table.card;
  if (c && c.passes) {
    const p = c.passes.find((x) => x.drawn_by === seat.player);
    if (p) return p.map_of;
  }
  return seat.player;
}
async function readMap() {
  const who = viewing || target;
  const s = table.seats.find((x) => x.player === who);
  const v = (s ? s.map : null) + ":" + who;
  if (map && mapVersion === v) return;
  const m = await api("GET", "api/maps/" + encodeURIComponent(who));
  if (m.ok) { map = m.data; mapVersion = v; }
  else if (!m.offline) say(plain(m.data.error && m.data.error.message), true);
}

// ------------------------------------------------------------------ seats
function renderSeats() {
  show("seats", true); show("play", false); show("leave", false); show("coins", false); show("over", false);
  show("sound", false); show("status", false);
  $("who").textContent = WORDS.join_table;
  const list = $("seat-list");
  list.replaceChildren();
  for (const s of table.seats) {
    const b = el("button", s.taken ? fill(WORDS.taken, { player: s.player }) : s.player);
    b.disabled = s.taken;
    b.dataset.player = s.player;
    b.addEventListener("click", async () => {
      const r = await api("POST", "api/seats", { player: s.player });
      if (!r.ok) { $("message-seats").textContent = r.offline ? WORDS.offline : plain(r.data.error.message); link.sync(); return; }
      seat = r.data;
      localStorage.setItem(KEY, JSON.stringify(seat));
      $("message-seats").textContent = "";
      turn = null; map = null; mapVersion = null;
      link.forget(); link.sync();
    });
    list.append(b);
  }
}

// ------------------------------------------------------------------ the card
function shapeBox(rows) {
  const box = el("span", undefined, "shape");
  box.style.gridTemplateColumns = `repeat(${rows[0].length}, 11px)`;
  for (const row of rows) for (const ch of row) box.append(el("i", undefined, ch === "X" || ch === "x" || ch === "H" ? "x" : ""));
  return box;
}
function renderCard() {
  const c = table.card;
  $("options").replaceChildren(); $("terrains").replaceChildren(); $("orientations").replaceChildren();
  $("fallback-terrains").replaceChildren(); show("fallback", false);
  const pic = $("card-picture");
  if (!c) { $("card-name").textContent = WORDS.first_card; $("card-what").textContent = ""; show("card-picture", false); return; }
  const src = "card/" + encodeURIComponent(c.id) + ".svg";
  if (pic.getAttribute("src") !== src) pic.setAttribute("src", src);
  pic.alt = c.name; show("card-picture", true);
  $("card-name").textContent = c.name;
  let what = c.kind === "ambush" ? WORDS.ambush : c.kind === "hero" ? WORDS.hero : fill(WORDS.explore, { time: c.time });
  if (c.ruins) what = fill(WORDS.ruins, { what });
  $("card-what").textContent = what;
  (c.options || (c.shape ? [{ shape: c.shape, coin: false }] : [])).forEach((o, i) => {
    const b = el("button", undefined, "option" + (option === i + 1 ? " on" : ""));
    b.append(shapeBox(o.shape));
    if (o.coin) { b.append(el("span", undefined, "coin")); b.title = WORDS.plus_coin; }
    b.addEventListener("click", () => { option = i + 1; renderCard(); renderGrid(); });
    $("options").append(b);
  });
  if (c.terrains) {
    if (!c.terrains.includes(terrain) && !fallbackTerrain()) terrain = c.terrains.length === 1 ? c.terrains[0] : null;
    for (const t of c.terrains) $("terrains").append(terrainButton(t));
    const others = ["forest", "village", "farm", "water", "monster"].filter((t) => !c.terrains.includes(t));
    for (const t of others) $("fallback-terrains").append(terrainButton(t));
    show("fallback", true);
    if (fallbackTerrain()) $("fallback").open = true;
  } else { terrain = null; }
  if (c.orientations) {
    if (orientation > c.orientations.length) orientation = 1;
    c.orientations.forEach((rows, i) => {
      const b = el("button", undefined, orientation === i + 1 ? "on" : "");
      b.append(shapeBox(rows)); b.title = fill(WORDS.orientation, { n: i + 1 });
      b.addEventListener("click", () => { orientation = i + 1; renderCard(); renderGrid(); });
      $("orientations").append(b);
    });
  }
}
function renderSkills() {
  // The skills face up that go with the card on the table: on this player's own map (a skill is
  // paid with its coins), or on a map passed for an ambush those that change its monster (the
  // owner's choice, said across the table).
  const card = table.card, own = target === seat.player;
  const dealt = (table.skills || []).filter((s) => card && (s.with === "ambush") === (card.kind === "ambush")
                                                   && (own || s.with === "ambush"));
  const box = $("skill-choice");
  show("skills", dealt.length > 0 && !viewing);
  const none = el("option", WORDS.no_skill, ""); none.value = "";
  const options = [none];
  for (const s of dealt) {
    const o = el("option", fill(counted(WORDS.skill_cost, s.cost), { skill: s.name, n: s.cost }), "");
    o.value = s.id; options.push(o);
  }
  box.replaceChildren(...options);
  box.value = skill || "";
}
function skillAdds() {
  const s = (table.skills || []).find((x) => x.id === skill);
  return !!(s && s.adds_a_drawing);
}
function fallbackTerrain() { return table.card && table.card.terrains && terrain && !table.card.terrains.includes(terrain); }
function terrainButton(t) {
  const b = el("button", WORDS.terrains[t] || t, t === terrain ? "on" : "");
  b.dataset.terrain = t;
  b.addEventListener("click", () => { terrain = t; renderCard(); renderGrid(); });
  return b;
}
// The spaces tapped, matched against the card's shapes, turned and mirrored.
function norm(cells) {
  const r0 = Math.min(...cells.map((p) => p[0])), c0 = Math.min(...cells.map((p) => p[1]));
  return cells.map((p) => [p[0] - r0, p[1] - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).join(";");
}
function turns(rows) {
  let cells = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "X") cells.push([r, c]); }));
  const out = new Set();
  for (let m = 0; m < 2; m++) {
    for (let k = 0; k < 4; k++) { out.add(norm(cells)); cells = cells.map((p) => [p[1], -p[0]]); }
    cells = cells.map((p) => [p[0], -p[1]]);
  }
  return out;
}
function tappedCells() { return [...picked].map((l) => [ROWS.indexOf(l[0]), Number(l.slice(1)) - 1]); }
function matchingOption() {
  const c = table.card;
  const list = c.options ? c.options.map((o) => o.shape) : c.shape ? [c.shape] : [];
  if (!picked.size) return null;
  const mine = norm(tappedCells());
  const found = list.findIndex((rows) => turns(rows).has(mine));
  return found < 0 ? null : found + 1;
}
function heroMarks() {
  // The marks the picked hero space and the chosen turn of its pattern make.
  const c = table.card;
  if (!c || c.kind !== "hero" || picked.size !== 1 || !c.orientations) return new Set();
  const rows = c.orientations[orientation - 1] || c.orientations[0];
  let hr = 0, hc = 0;
  rows.forEach((row, r) => [...row].forEach((ch, k) => { if (ch === "H") { hr = r; hc = k; } }));
  const [pr, pc] = tappedCells()[0];
  const out = new Set();
  rows.forEach((row, r) => [...row].forEach((ch, k) => {
    const rr = pr + r - hr, cc = pc + k - hc;
    if (ch === "x" && rr >= 0 && rr < 11 && cc >= 0 && cc < 11) out.add(ROWS[rr] + (cc + 1));
  }));
  return out;
}

// ------------------------------------------------------------------ the map
const cells = {};
function buildGrid() {
  const g = $("grid");
  g.append(el("div", "", "label"));
  for (let c = 1; c <= 11; c++) g.append(el("div", String(c), "label"));
  for (let r = 0; r < 11; r++) {
    g.append(el("div", ROWS[r], "label"));
    for (let c = 0; c < 11; c++) {
      const label = ROWS[r] + (c + 1);
      const b = el("button", "", "sp");
      b.dataset.space = label;
      b.addEventListener("click", () => tap(label));
      cells[label] = b;
      g.append(b);
    }
  }
}
function symbolClass(ch) { return ch === "^" ? "mountain" : ch === "#" ? "waste" : ch === "." ? "" : ch; }
function renderGrid() {
  if (!map) return;
  const zones = new Set(map.zones || []), ruins = new Set(map.ruins || []);
  const kind = table.card ? table.card.kind : null;
  const look = viewing ? "" : kind === "ambush" ? "monster" : kind === "hero" ? "hero" : terrain ? TERRAIN_CLASS[terrain] : "none";
  const marks = viewing ? new Set() : heroMarks();
  for (let r = 0; r < 11; r++) for (let c = 0; c < 11; c++) {
    const label = ROWS[r] + (c + 1), ch = map.grid[r][c], b = cells[label];
    const mine = !viewing && (picked.has(label) || destroy === label);
    b.className = "sp " + symbolClass(ch) + (ruins.has(label) && ch !== "r" ? " ruin" : "") + (zones.has(label) ? " zone" : "")
      + (mine ? " picked " + look : "") + (marks.has(label) ? " mark" : "")
      + (!viewing && (mode === "gorgon" || mode === "troll") && choices.has(label) ? " choice" : "");
    b.textContent = mine && kind === "hero" ? "H" : ch === "." ? "" : ch;
  }
  renderTrack(); renderPreview();
}
function renderTrack() {
  const track = $("track");
  track.replaceChildren();
  // Coins crossed out to pay for skills come first and score nothing: the count leaves them out.
  const spent = map.coins_spent || 0, n = map.coins - spent, size = map.coin_track || 14;
  for (let i = 0; i < size; i++) {
    track.append(el("span", undefined, "coin" + (i < spent ? " spent" : i < map.coins ? "" : " empty")));
  }
  track.append(el("span", fill(WORDS.coin_track, { n })));
  if (!viewing) $("coins").textContent = fill(WORDS.coin_track, { n });
}
function renderPreview() {
  const c = table.card;
  let text = "";
  if (c && !viewing && mode === "draw" && picked.size && c.kind !== "hero") {
    const list = c.options ? c.options.map((o) => o.shape) : c.shape ? [c.shape] : [];
    const found = matchingOption();
    const size = (list[(option || found || 1) - 1] || [""]).join("").split("X").length - 1;
    text = fill(WORDS.tapped, { n: picked.size, size });
    if (found) {
      text += ". " + fill(WORDS.fits_option, { option: found });
      const o = c.options && c.options[found - 1];
      if (o && o.coin) text += " (" + WORDS.plus_coin + ")";
      if (option !== found && c.options && c.options.length > 1) { option = found; renderCard(); }
    } else if (picked.size >= size && !(picked.size === 1)) text += ". " + WORDS.no_option;
  }
  $("preview").textContent = text;
}
function tap(label) {
  if (viewing || !table.card) return;
  if (mode === "gorgon" || mode === "troll") {
    if (!choices.has(label)) { say(fill(WORDS.choose_one, { spaces: [...choices].join(", ") }), true); return; }
    if (mode === "gorgon") { destroy = label; renderGrid(); send(); } else { chooseTroll(label); }
    return;
  }
  const ch = map.grid[ROWS.indexOf(label[0])][Number(label.slice(1)) - 1];
  if (ch !== "." && ch !== "r") return;
  if (table.card.kind === "hero") picked.clear();
  if (picked.has(label)) picked.delete(label); else picked.add(label);
  renderGrid();
}

// ------------------------------------------------------------------ what the table waits for
// The referee's turn timer: the seconds left for this card, by the server's clock (the Date of
// its last answer against this phone's own), shown while this phone has not drawn.
let skew = 0;
function clock() {
  const box = $("clock");
  if (!box) return;
  const t = table && table.timer;
  const drawn = table && seat && (table.drawn || []).includes(seat.player);
  if (!t || !t.ends || !table.card || drawn || table.finished) { box.textContent = ""; return; }
  const left = Math.ceil(t.ends - (Date.now() / 1000 + skew));
  box.textContent = left > 0 ? fill(WORDS.time_left, { n: left }) : WORDS.time_up;
  box.className = left <= 10 ? "late" : "";
}
setInterval(clock, 1000);
function renderStatus() {
  const drawn = (table.drawn || []).includes(seat.player);
  const pend = table.pending || [];
  const box = $("status");
  let text = "", you = false;
  if (table.finished) text = WORDS.game_over;
  else if (!table.card) text = WORDS.first_card;
  else if (mode === "troll") { text = WORDS.troll_choose; you = true; }
  else if (pend.length) text = fill(WORDS.troll_waiting, { names: pend.map((p) => p.player).join(", ") });
  else if (!drawn) {
    text = fill(WORDS.to_draw, { card: table.card.name });
    if (table.waiting.length === 1) { text += " " + WORDS.only_you; you = true; }
  } else if (table.waiting.length) text = fill(WORDS.drawn_waiting, { names: table.waiting.join(", ") });
  else text = WORDS.drawn_all;
  box.textContent = text; box.className = you ? "you" : "";
  box.append(el("span", "", ""));
  box.lastChild.id = "clock";
  clock();
  if (you && sound.on && buzzedFor !== table.turn + mode) { buzzedFor = table.turn + mode; buzz([100, 60, 100]); }
  $("draw").disabled = !table.card || (drawn && !skillAdds()) || table.finished || mode === "troll" || !!viewing;
  $("take-back").disabled = !drawn || !!viewing;
  $("clear").disabled = !!viewing;
}
async function renderScore(later) {
  // The season's score once its last card is on the table: "so far" until this map's season
  // is recorded, then final. The breakdown is read again only when the map changed.
  const box = $("score");
  if (!table.season_over && !table.game_over) { box.replaceChildren(); scoreKey = null; return; }
  const s = table.seats.find((x) => x.player === seat.player);
  const recorded = (table.recorded || []).includes(seat.player);
  const key = [table.turn, s ? s.map : null, recorded].join(":");
  if (key === scoreKey || key === scoreAsked) return;
  // At a large table every phone asks for its score as the season ends: spread over up to 2 s
  // (20 ms a seat), so that the server scores a hundred maps one after another, not at once.
  const spread = Math.min(2000, 20 * table.seats.length);
  if (!later && spread > 200) {
    scoreAsked = key;
    setTimeout(() => { scoreAsked = null; renderScore(true); }, Math.random() * spread);
    return;
  }
  const r = await api("GET", "api/maps/" + encodeURIComponent(seat.player) + "/score");
  if (!r.ok) return;
  scoreKey = key;
  const d = r.data;
  const season = d.season ? WORDS.seasons[d.season] || d.season : "";
  box.replaceChildren(el("h3", fill(recorded ? WORDS.score_final : WORDS.score_so_far, { season, total: d.total })));
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
function renderOthers() {
  const sel = $("map-choice");
  const want = [[seat.player, WORDS.mine], ...table.players.filter((p) => p !== seat.player).map((p) => [p, p])];
  if (sel.options.length !== want.length) {
    sel.replaceChildren();
    for (const [value, text] of want) { const o = el("option", text); o.value = value; sel.append(o); }
  }
  sel.value = viewing || seat.player;
  show("viewing", !!viewing);
  $("viewing").textContent = viewing ? fill(WORDS.their_map, { player: viewing }) : "";
}
async function renderOver() {
  show("over", !!table.finished);
  // The game over, nothing is left to draw: the card and its choices, and the buttons, go; the
  // map, the score and the other maps stay.
  show("side", !table.finished);
  show("actions", !table.finished);
  if (!table.finished) return;
  const st = table.standings.players;
  const me = st.find((p) => p.name === seat.player);
  $("over-title").textContent = WORDS.final;
  $("over-you").textContent = me ? fill(WORDS.total_rank, { total: me.total, rank: me.rank, players: st.length }) : "";
  const best = st.filter((p) => p.rank === 1);
  $("over-winner").textContent = best.length ? fill(counted(WORDS.winners, best.length), { names: best.map((p) => p.name).join(", "), total: best[0].total }) : "";
  const t = $("over-table");
  t.replaceChildren();
  for (const p of [...st].sort((a, b) => a.rank - b.rank)) {
    const tr = el("tr");
    tr.append(el("td", String(p.rank)), el("td", p.name), el("td", String(p.total)));
    t.append(tr);
  }
  if (!results) {
    const r = await api("GET", "results.json");
    if (r.ok) {
      results = r.data;
      if (results.bgstats) { $("link-bgstats").href = results.bgstats; show("link-bgstats", true); }
    }
  }
}

// ------------------------------------------------------------------ actions
async function send() {
  const body = { cells: [...picked] };
  const chosen = skill && (table.skills || []).find((x) => x.id === skill);
  // A skill drawing the card's terrain takes the one chosen; another says its own (village, a
  // monster, the terrain drawn this turn), and the server knows it.
  if (terrain && table.card.kind === "explore" && (!chosen || chosen.terrain === "card")) body.terrain = terrain;
  if (table.card.kind === "hero") body.orientation = orientation;
  if (destroy) body.destroy = destroy;
  if (skill) body.skill = skill;
  const used = skill && (table.skills || []).find((x) => x.id === skill);
  const to = target;
  const r = await api("POST", "api/maps/" + encodeURIComponent(to) + "/drawings", body, seat.token);
  if (r.ok) {
    picked.clear(); destroy = null; mode = "draw"; choices = new Set(); skill = null;
    const n = r.data.coins_gained;
    const said = n ? fill(counted(WORDS.drawn_on_coins, n), { map: to, n }) : fill(WORDS.drawn_on, { map: to });
    say(used ? said + " " + fill(WORDS.skill_drawn, { skill: used.name }) : said);
    return link.sync();
  }
  if (r.offline) { say(WORDS.offline, true); return; }
  const e = r.data.error || { message: WORDS.refused };
  if (e.code === "gorgon-target") {
    mode = "gorgon"; choices = new Set(e.spaces || []);
    say(WORDS.gorgon); renderGrid(); renderStatus();
    return;
  }
  if (e.code === "no-token" || e.code === "bad-token") { seatLost(); return; }
  destroy = null; mode = "draw"; choices = new Set();
  say(plain(e.message), true);
  renderGrid();
}
async function chooseTroll(label) {
  const r = await api("POST", "api/maps/" + encodeURIComponent(seat.player) + "/season-end", { troll: label }, seat.token);
  if (r.ok) { mode = "draw"; choices = new Set(); say(fill(WORDS.troll_destroyed, { space: label })); }
  else say(r.offline ? WORDS.offline : plain(r.data.error && r.data.error.message), true);
  link.sync();
}
function buzz(pattern) {
  if (navigator.vibrate) navigator.vibrate(pattern);
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const o = ctx.createOscillator(), g = ctx.createGain();
    o.frequency.value = 660; g.gain.value = 0.08; o.connect(g); g.connect(ctx.destination);
    o.start(); o.stop(ctx.currentTime + 0.15);
  } catch (e) { /* no sound here */ }
}
buildGrid();
$("card-picture").addEventListener("click", () => { $("card-picture").classList.toggle("big"); $("card").classList.toggle("bigcard"); });
$("skill-choice").addEventListener("change", () => { skill = $("skill-choice").value || null; renderStatus(); });
$("draw").addEventListener("click", () => { if (!picked.size) { say(WORDS.tap_first, true); return; } send(); });
$("clear").addEventListener("click", () => {
  picked.clear(); destroy = null; if (mode === "gorgon") { mode = "draw"; choices = new Set(); }
  say(""); renderGrid();
});
$("take-back").addEventListener("click", async () => {
  const r = await api("DELETE", "api/maps/" + encodeURIComponent(target) + "/drawings/last", undefined, seat.token);
  if (r.ok) { picked.clear(); say(WORDS.taken_back); }
  else if (r.data.error && (r.data.error.code === "no-token" || r.data.error.code === "bad-token")) { seatLost(); return; }
  else say(r.offline ? WORDS.offline : plain(r.data.error && r.data.error.message), true);
  link.sync();
});
$("leave").addEventListener("click", async () => {
  const r = await api("DELETE", "api/seats/me", undefined, seat.token);
  if (r.offline) { say(WORDS.offline, true); return; }
  seat = null; localStorage.removeItem(KEY); viewing = null; map = null; mapVersion = null; mode = "draw";
  link.forget(); link.sync();
});
$("map-choice").addEventListener("change", async () => {
  const v = $("map-choice").value;
  viewing = v === seat.player ? null : v;
  mapVersion = null;
  await readMap(); renderGrid(); renderStatus(); renderOthers();
});
$("sound").addEventListener("click", () => {
  sound.on = !sound.on; localStorage.setItem(SOUND, sound.on ? "1" : "0");
  soundButton();
  if (sound.on) buzz([50]);
});
function soundButton() { $("sound").classList.toggle("on", sound.on); $("sound").setAttribute("aria-pressed", String(sound.on)); }
soundButton();
if (seat) checkSeat();
</script>
</body>
</html>
"""
