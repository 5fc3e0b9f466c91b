// Turn-based play in the browser (docs/turn-based.md): the "your turn" list (GET /api/turns for the signed-in
// account and this browser's seat tokens), polled while a tab is open; the header's badge with its count; the
// #/turns page; browser notifications (an opt-in kept on this device) when it becomes your turn at a table that
// is not on screen; and the account page's e-mail choices (GET/PUT /api/account/notify).
import * as i18n from "./i18n.js";
import { store } from "./api.js";
import { h, clear } from "./dom.js";
import * as account from "./account.js";
import { errorText } from "./errors.js";

const POLL_MS = 30000;
const NOTIFY_KEY = "cetate.notify";

const state = { turns: [], known: null, timer: null, listeners: new Set(), loading: null };

function tokens() {
  const out = new Set();
  for (const e of Object.values(store.all())) {
    for (const s of Object.values((e && e.seats) || {})) if (s && s.token && !s.invite) out.add(s.token);
  }
  return [...out].slice(0, 100);
}

export function turns() { return state.turns; }
export function onTurns(fn) { state.listeners.add(fn); return () => state.listeners.delete(fn); }

// Ask the server again (at once); the badge, the page and the notifications follow.
export function refresh() {
  if (state.loading) return state.loading;
  state.loading = (async () => {
    try {
      const doc = await request();
      apply(doc.turns || []);
    } catch (e) {
      console.warn("turns", e);
    } finally {
      state.loading = null;
    }
    return state.turns;
  })();
  return state.loading;
}

async function request() {
  const list = tokens();
  const query = list.length ? `?tokens=${encodeURIComponent(list.join(","))}` : "";
  const res = await fetch(`/api/turns${query}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`turns: ${res.status}`);
  return res.json();
}

function key(t) { return `${t.table_id}/${t.seat}/${t.seq}`; }

function apply(list) {
  const before = state.known;
  state.turns = list;
  state.known = new Set(list.map(key));
  if (before) notifyNew(list.filter((t) => !before.has(key(t))));
  renderBadge();
  for (const fn of [...state.listeners]) fn(list);
}

// The table on screen (#/t/{id}), if the page is visible
function onScreen() {
  if (document.visibilityState === "hidden") return null;
  const m = /^#\/t\/([^?/]+)/.exec(location.hash || "");
  return m ? decodeURIComponent(m[1]) : null;
}

// -- the badge in the header (header.js draws its element) --------------------------------------------
export function renderBadge() {
  const badge = document.getElementById("turns-badge");
  if (!badge) return;
  const n = state.turns.length;
  badge.hidden = n === 0;
  badge.textContent = String(n);
  const label = i18n.t("web.turns.badge", { count: n });
  badge.title = label;
  badge.setAttribute("aria-label", label);
}

// -- browser notifications ----------------------------------------------------------------------------
export function notifySupported() { return typeof window !== "undefined" && "Notification" in window; }
export function notifyOn() {
  return notifySupported() && Notification.permission === "granted" && localStorage.getItem(NOTIFY_KEY) === "1";
}

// Turn the opt-in on (asking the browser's permission) or off; returns the state it ended in and why.
export async function setNotify(on) {
  if (!on) { localStorage.removeItem(NOTIFY_KEY); return { on: false }; }
  if (!notifySupported()) return { on: false, reason: "unsupported" };
  let permission = Notification.permission;
  if (permission === "default") permission = await Notification.requestPermission();
  if (permission !== "granted") { localStorage.removeItem(NOTIFY_KEY); return { on: false, reason: "denied" }; }
  localStorage.setItem(NOTIFY_KEY, "1");
  return { on: true };
}

async function notifyNew(fresh) {
  if (!fresh.length || !notifyOn()) return;
  const here = onScreen();
  for (const t of fresh) {
    if (t.table_id === here) continue;
    let game = t.game;
    try { const cat = await i18n.catalog(t.game); if (cat.has("game.name")) game = cat.t("game.name"); } catch { /* its id */ }
    const note = new Notification(i18n.t("web.turns.notify.message", { game }), { tag: `cetate-${t.table_id}` });
    note.onclick = () => { window.focus(); location.hash = `#/t/${encodeURIComponent(t.table_id)}`; note.close(); };
  }
}

// The opt-in's checkbox (the #/turns page and the account page)
export function notifyToggle() {
  const t = i18n.t;
  const box = h("input", { type: "checkbox", id: "notify-browser", checked: notifyOn(), "data-testid": "notify-browser" });
  const line = h("p", { class: "muted small", role: "status" });
  if (!notifySupported()) { box.disabled = true; line.textContent = t("web.turns.notify.unsupported"); }
  box.addEventListener("change", async () => {
    const done = await setNotify(box.checked);
    box.checked = done.on;
    line.textContent = done.reason ? t(`web.turns.notify.${done.reason}`) : "";
  });
  return h("div", { class: "notify-toggle" },
    h("label", { class: "check-line", for: "notify-browser" }, box, h("span", null, t("web.turns.notify.browser"))),
    h("p", { class: "field-help" }, t("web.turns.notify.browser_help")), line);
}

// -- polling --------------------------------------------------------------------------------------------
export function startTurns() {
  if (state.timer) return;
  refresh();
  state.timer = setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); });
  window.addEventListener("hashchange", () => refresh());
  account.onChange(() => { state.known = null; refresh(); });
}

// -- the #/turns page -------------------------------------------------------------------------------------
function when(iso) {
  try {
    return new Intl.DateTimeFormat(i18n.getLang(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  } catch { return iso; }
}

export class TurnsPage {
  async mount(root) {
    this.root = root;
    root.classList.add("turns-page");
    await i18n.use("");
    this.off = onTurns(() => this.render());
    this.render();
    await refresh();
    this.render();
  }

  unmount() { if (this.off) this.off(); }

  async onLang() { await i18n.use(""); this.render(); renderBadge(); }

  render() {
    const t = i18n.t;
    document.title = `${t("web.turns.title")} · ${t("web.app.name")}`;
    const title = document.getElementById("page-title");
    if (title) clear(title).append(h("span", { class: "page-title-main" }, t("web.turns.title")));
    const root = clear(this.root);
    const list = state.turns;
    const refreshButton = h("button", { type: "button", class: "button small", "data-testid": "turns-refresh" }, t("web.turns.refresh"));
    refreshButton.addEventListener("click", () => refresh());
    root.append(h("section", { class: "panel turns-panel" },
      h("h1", null, t("web.turns.title")),
      h("p", { class: "muted" }, t("web.turns.intro")),
      list.length === 0
        ? h("p", { class: "turns-none", "data-testid": "turns-none" }, t("web.turns.none"))
        : h("ul", { class: "turns-list", "data-testid": "turns-list" }, list.map((x) => this.row(x))),
      h("div", { class: "button-row" }, refreshButton)));
    root.append(h("section", { class: "panel" }, h("h2", null, t("web.turns.notify.title")), notifyToggle()));
  }

  row(x) {
    const t = i18n.t;
    const open = h("a", { class: "button small primary", href: `#/t/${encodeURIComponent(x.table_id)}`, "data-testid": "turn-open" }, t("web.turns.open"));
    open.addEventListener("click", async (ev) => {
      const held = store.table(x.table_id);
      const mine = held && held.seats && held.seats[x.seat];
      if (mine && mine.token && !mine.invite) return; // this device holds the seat: the table finds its token
      ev.preventDefault();
      try {
        if (account.signedIn()) await account.seatToken(x.table_id, x.seat, x.game);
        location.hash = `#/t/${encodeURIComponent(x.table_id)}`;
      } catch (e) {
        open.after(h("span", { class: "error" }, errorText(e)));
      }
    });
    return h("li", { class: "turn-row", dataset: { table: x.table_id, seat: x.seat } },
      h("span", { class: "turn-game" }, gameName(x.game)),
      h("span", { class: "muted" }, t("web.turns.seat", { seat: x.seat + 1 })),
      h("span", { class: x.deadline ? "turn-deadline" : "muted" },
        x.deadline ? t("web.turns.deadline", { time: when(x.deadline) }) : t("web.turns.since", { time: when(x.since) })),
      open);
  }
}

const names = {};
function gameName(id) {
  if (!(id in names)) {
    names[id] = id;
    i18n.catalog(id).then((cat) => {
      if (cat.has("game.name")) {
        names[id] = cat.t("game.name");
        for (const el of document.querySelectorAll(".turn-game")) if (el.textContent === id) el.textContent = names[id];
      }
    }).catch(() => {});
  }
  return names[id];
}

// -- the account page's e-mail choices ------------------------------------------------------------------
export function emailBox() {
  const t = i18n.t;
  const section = h("section", { class: "acc-card", "data-testid": "notify-email" }, h("h2", null, t("web.turns.notify.title")), notifyToggle());
  const address = h("input", { type: "email", id: "notify-email", maxlength: "254", autocomplete: "email" });
  const on = h("input", { type: "checkbox", id: "notify-email-turns" });
  const line = h("p", { class: "muted small", role: "status" });
  const save = h("button", { type: "submit", class: "button" }, t("web.account.save"));
  const form = h("form", { class: "acc-form" },
    h("h3", null, t("web.turns.email.title")),
    h("label", { class: "field", for: "notify-email" }, h("span", null, t("web.turns.email.address")), address),
    h("label", { class: "check-line", for: "notify-email-turns" }, on, h("span", null, t("web.turns.email.turns"))),
    h("p", { class: "field-help" }, t("web.turns.email.help")), save, line);
  form.noValidate = true; // the server's check, in the reader's words
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    save.disabled = true;
    try {
      const doc = await account.sendNotify({ email: address.value.trim() || null, email_turns: on.checked });
      address.value = doc.email || "";
      on.checked = !!doc.email_turns;
      line.textContent = t("web.account.saved");
    } catch (e) {
      line.textContent = errorText(e);
    } finally {
      save.disabled = false;
    }
  });
  section.append(form);
  account.notifySettings().then((doc) => {
    address.value = doc.email || "";
    on.checked = !!doc.email_turns;
    if (!doc.mail_available) form.append(h("p", { class: "muted small", "data-testid": "mail-unavailable" }, t("web.turns.email.unavailable")));
  }).catch((e) => { line.textContent = errorText(e); });
  return section;
}
