// Quick match (#/quick?game=&players=; docs/accounts.md, "Quick match"): a signed-in person asks for a rated
// game of a player count and waits while the server seats people of a close rating together. The page asks
// every two seconds (each ask keeps the place in the queue), shows the wait and the rating range allowed so
// far, offers to fill the empty seats with bots, and opens the table once seated. The matching, the rating gap
// and the bots are the server's; this page only shows what it answers.
import * as i18n from "./i18n.js";
import { api, ApiError } from "./api.js";
import { h, clear } from "./dom.js";
import { setTitle } from "./header.js";
import { errorText } from "./errors.js";
import * as account from "./account.js";

const POLL_MS = 2000;
const BOTS_AFTER = ["", "30", "60", "120"]; // "": people only

// a quick-match call with the account's CSRF token, fetched again once if another tab signed in or out
async function send(call) {
  try {
    return await call(account.csrf());
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "csrf_failed") throw e;
    await account.load(true);
    return call(account.csrf());
  }
}

export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds || 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class QuickMatchPage {
  constructor(query = new URLSearchParams()) {
    this.query = { game: query.get("game"), players: query.get("players") };
    this.timer = null;
    this.ticket = null;
    this.error = "";
    this.opening = false;
  }

  async mount(root) {
    this.root = root;
    root.classList.add("quick-page");
    await i18n.use("");
    this.games = await api.games();
    this.catalogs = await i18n.catalogsOf(this.games);
    const game = this.games.find((g) => g.id === this.query.game) || this.games.find((g) => g.id === "gates") || this.games[0];
    this.game = game ? game.id : "";
    const wanted = parseInt(this.query.players, 10);
    const least = game ? Math.max(2, game.min_players) : 2;
    this.players = game ? (wanted >= least && wanted <= game.max_players ? wanted : least) : 2;
    this.botsAfter = "";
    await this.refresh();
  }

  unmount() {
    this.stop();
    this.root = null;
  }

  async onLang() {
    await i18n.use("");
    this.catalogs = await i18n.catalogsOf(this.games);
    this.render();
  }

  async onAccount() {
    this.stop();
    await this.refresh();
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // the account's ticket as the server has it; waiting: ask again shortly; seated while this page waited: open
  async refresh(fromWait = false) {
    if (!this.root) return;
    if (!account.signedIn()) { this.ticket = null; this.render(); return; }
    try {
      this.ticket = await api.quick();
      this.error = "";
    } catch (e) {
      this.error = errorText(e);
    }
    if (!this.root) return;
    if (this.ticket && this.ticket.status === "matched" && fromWait) { await this.open(this.ticket); return; }
    this.render();
    if (this.ticket && (this.ticket.status === "waiting" || this.ticket.status === "matching")) {
      this.stop();
      this.timer = setTimeout(() => this.refresh(true), POLL_MS);
    }
  }

  gameName(id) {
    const cat = this.catalogs[id];
    const g = this.games.find((x) => x.id === id);
    return cat && cat.has("game.name") ? cat.t("game.name") : (g && g.name) || id;
  }

  async start() {
    const body = { game: this.game, players: this.players };
    if (this.botsAfter !== "") body.bots_after_s = parseInt(this.botsAfter, 10);
    await this.act(() => send((c) => api.quickJoin(body, c)));
  }

  async act(call) {
    this.stop();
    try {
      this.ticket = await call();
      this.error = "";
    } catch (e) {
      this.error = errorText(e);
    }
    if (!this.root) return;
    if (this.ticket && this.ticket.status === "matched") { await this.open(this.ticket); return; }
    await this.refresh();
  }

  // seated: this device's own token for the account's seat, then the table
  async open(ticket) {
    this.stop();
    this.opening = true;
    this.render();
    try {
      await account.seatToken(ticket.table_id, ticket.seat, ticket.game);
      location.hash = `#/t/${encodeURIComponent(ticket.table_id)}`;
    } catch (e) {
      this.opening = false;
      this.error = errorText(e);
      this.render();
    }
  }

  render() {
    const t = i18n.t;
    if (!this.root) return;
    setTitle(t("web.quick.title"));
    document.title = `${t("web.quick.title")} · ${t("web.app.name")}`;
    const root = clear(this.root);
    const head = h("section", { class: "quick-intro" }, h("h1", null, t("web.quick.heading")), h("p", { class: "muted" }, t("web.quick.intro")));
    root.append(head);
    if (!account.signedIn()) {
      root.append(h("div", { class: "notice", "data-testid": "quick-signin" }, h("p", null, t("web.quick.sign_in")),
        h("a", { class: "button primary", href: "#/signin" }, t("web.account.sign_in"))));
      return;
    }
    const error = h("p", { class: "form-error", role: "alert", "data-testid": "quick-error" }, this.error);
    const tk = this.ticket;
    if (this.opening) {
      root.append(h("section", { class: "quick-card", "data-testid": "quick-found" }, h("h2", null, t("web.quick.found")), h("p", { class: "muted" }, t("web.quick.opening"))), error);
      return;
    }
    if (tk && (tk.status === "waiting" || tk.status === "matching")) {
      root.append(this.waitingCard(tk), error);
      return;
    }
    root.append(this.form());
    if (tk && tk.status === "matched") {
      root.append(h("p", { class: "muted quick-last" }, t("web.quick.last", { game: this.gameName(tk.game) }), " ",
        h("a", { href: `#/t/${encodeURIComponent(tk.table_id)}`, onclick: (ev) => { ev.preventDefault(); this.open(tk); } }, t("web.lobby.open"))));
    }
    root.append(error);
  }

  form() {
    const t = i18n.t;
    const gameSel = h("select", { id: "quick-game" });
    for (const g of this.games) gameSel.append(h("option", { value: g.id, selected: g.id === this.game }, this.gameName(g.id)));
    const playersSel = h("select", { id: "quick-players" });
    const fillPlayers = () => {
      const g = this.games.find((x) => x.id === this.game);
      clear(playersSel);
      if (!g) return;
      const least = Math.max(2, g.min_players); // quick match seats people with people: no solo queue
      if (this.players < least || this.players > g.max_players) this.players = least;
      for (let n = least; n <= g.max_players; n++) playersSel.append(h("option", { value: String(n), selected: n === this.players }, t("cli.count.players", { count: n })));
    };
    fillPlayers();
    gameSel.addEventListener("change", () => { this.game = gameSel.value; fillPlayers(); });
    playersSel.addEventListener("change", () => { this.players = parseInt(playersSel.value, 10); });
    const botsSel = h("select", { id: "quick-bots-after" });
    for (const v of BOTS_AFTER) botsSel.append(h("option", { value: v, selected: v === this.botsAfter }, v === "" ? t("web.quick.bots_never") : t("web.quick.bots_after", { time: clockText(parseInt(v, 10)) })));
    botsSel.addEventListener("change", () => { this.botsAfter = botsSel.value; });
    const go = h("button", { class: "button primary", type: "submit", id: "quick-start" }, t("web.quick.start"));
    const form = h("form", { class: "quick-card quick-form", "data-testid": "quick-form" },
      h("label", { class: "field-label", for: "quick-game" }, t("web.quick.game")), gameSel,
      h("label", { class: "field-label", for: "quick-players" }, t("web.new.players")), playersSel,
      h("label", { class: "field-label", for: "quick-bots-after" }, t("web.quick.bots_label")), botsSel,
      h("p", { class: "muted small" }, t("web.quick.rated_note")),
      h("div", { class: "button-row" }, go));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); go.disabled = true; this.start(); });
    return form;
  }

  waitingCard(tk) {
    const t = i18n.t;
    const bots = h("button", { class: "button primary", type: "button", id: "quick-bots" }, t("web.quick.bots_now"));
    bots.addEventListener("click", () => { bots.disabled = true; this.act(() => send((c) => api.quickBots(c))); });
    const cancel = h("button", { class: "button ghost", type: "button", id: "quick-cancel" }, t("web.quick.cancel"));
    cancel.addEventListener("click", () => { cancel.disabled = true; this.act(() => send((c) => api.quickCancel(c)).then(() => ({ status: "none" }))); });
    const low = Math.round(tk.rating - tk.gap);
    const high = Math.round(tk.rating + tk.gap);
    return h("section", { class: "quick-card quick-waiting", "data-testid": "quick-waiting", "aria-live": "polite" },
      h("div", { class: "quick-spinner", "aria-hidden": "true" }),
      h("h2", null, t("web.quick.waiting", { game: this.gameName(tk.game) })),
      h("p", { class: "quick-line" }, t("cli.count.players", { count: tk.players }), " · ", t("web.quick.waited", { time: clockText(tk.waited_s) })),
      h("p", { class: "quick-line", "data-testid": "quick-range" }, t("web.quick.range", { rating: Math.round(tk.rating), low, high })),
      h("p", { class: "quick-line muted", "data-testid": "quick-others" }, t("web.quick.others", { count: tk.queue })),
      tk.bots_after_s !== null && tk.bots_after_s !== undefined
        ? h("p", { class: "quick-line muted" }, t("web.quick.bots_at", { time: clockText(Math.max(0, tk.bots_after_s - tk.waited_s)) }))
        : null,
      h("div", { class: "button-row" }, bots, cancel));
  }
}
