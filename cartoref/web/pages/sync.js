/*
The pages' link to the table, one small script module (``SYNC``) that a page's template
takes in as ``{{SYNC}}``: it keeps a page on the table as it is now, whatever the network does.

- ``api(method, path, body, token)`` never throws: a server that cannot be reached answers
  ``{ok: false, offline: true}``, so the page can say so in its own words;
- ``follow({read, changed, offline, reconnected})`` reads the table (``read()``, a promise of the
  answer of ``GET /api/table`` or ``/display.json``) whenever the event stream says it changed
  (a burst of events read once: after 50-300 ms when the game's number in the event moved, a
  card drawn or a seat changed; after 1 s to the event's ``calm``, 2.5 s or more at a large
  table, when only a map did; never, when ``quiet()`` says the page waits for nothing but the
  next card: a phone that has not drawn the card on the table), at once when the stream comes
  back, when the
  page is shown again or the phone is back online, every 2 s while the stream is down and every
  15 s while it is silent; one read at a time, the newest winning. A read that fails is tried
  again after 0.5, 1, then every 2 s (so a page is up to date within 2 s of the server coming
  back) and ``offline(true)`` is told; ``changed(data)`` is told only when the table's
  ``version`` is new (a read of the same table redraws nothing, so a tap is never wiped);
  ``reconnected()`` after the stream or the network came back (a page checks its seat there).

The server asks the browser to reconnect its event stream after 1 s (``retry:``).
*/
async function api(method, path, body, token) {
  const opts = { method, headers: {}, cache: "no-store" };
  if (token) opts.headers.Authorization = "Bearer " + token;
  if (body !== undefined) { opts.headers["Content-Type"] = "application/json"; opts.body = JSON.stringify(body); }
  let r;
  try { r = await fetch(path, opts); } catch (e) { return { ok: false, offline: true, status: 0, data: {} }; }
  let data = {};
  try { data = await r.json(); } catch (e) { data = {}; }
  const date = Date.parse(r.headers.get("Date") || "");  // the server's clock, to the second
  return { ok: r.ok, offline: false, status: r.status, data, date: Number.isNaN(date) ? null : date };
}
function follow(hooks) {
  const state = { version: null, busy: false, again: false, failures: 0, retry: null, last: 0, open: false,
                  down: false };
  async function sync() {
    if (state.busy) { state.again = true; return; }
    state.busy = true; state.again = false;
    clearTimeout(state.retry); state.retry = null;
    let r;
    try { r = await hooks.read(); } catch (e) { r = { ok: false, offline: true, data: {} }; }
    state.last = Date.now();
    if (r.offline || r.status >= 500 && !(r.data && r.data.error)) {
      state.failures += 1;
      hooks.offline(true);
      const wait = [500, 1000][state.failures - 1] || 2000;
      state.retry = setTimeout(sync, wait);
    } else {
      const back = state.failures > 0;
      state.failures = 0;
      hooks.offline(false);
      if (back && hooks.reconnected) hooks.reconnected();
      const v = r.ok && r.data ? r.data.version : undefined;
      if (!r.ok || v === undefined || v !== state.version) {
        if (r.ok) state.version = v;
        // One redraw at a time, in the order the table was read: an older answer never lands last.
        try { await hooks.changed(r); } catch (e) { console.error(e); }  // the next read tries again
      }
    }
    state.busy = false;
    if (state.again) sync();
  }
  // A new card (the game's number moved) is read within 50-300 ms; a drawing on some map within
  // 1 s to the event's "calm" (2.5 s, more at a large table): a burst of a hundred drawings is
  // read a few times, not a hundred.
  let soon = null, due = 0, game = null;
  function later(ms) {
    const at = Date.now() + ms;
    if (soon && due <= at) return;
    clearTimeout(soon);
    due = at;
    soon = setTimeout(() => { soon = null; sync(); }, ms);
  }
  function heard(event) {
    let now = null, calm = 2500;
    try { const data = JSON.parse(event.data); now = data.game; calm = data.calm || 2500; } catch (e) { now = null; }
    const quick = now === null || now === undefined || now !== game;
    game = now;
    if (!quick && hooks.quiet && hooks.quiet()) return;  // only the next card matters to this page
    later(quick ? 50 + Math.random() * 250 : 1000 + Math.random() * Math.max(0, calm - 1000));
  }
  if (window.EventSource) {
    const events = new EventSource("api/events");
    events.addEventListener("table", heard);
    events.addEventListener("open", () => {
      state.open = true;
      if (state.down) { state.down = false; sync(); if (hooks.reconnected) hooks.reconnected(); }
    });
    events.addEventListener("error", () => { state.open = false; state.down = true; });
  }
  setInterval(() => {
    if (!state.busy && !state.retry && Date.now() - state.last > (state.open ? 15000 : 2000)) sync();
  }, 500);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { sync(); if (hooks.reconnected) hooks.reconnected(); } });
  window.addEventListener("online", () => sync());
  sync();
  return { sync, forget() { state.version = null; } };
}
