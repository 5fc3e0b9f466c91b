// The lobby (#/): games (with quick match per player count), the public tables open for players (filtered,
// refreshed every 10 s, one click takes a seat), "your tables", join by link; and the new-table form (#/new/{game}).
import * as i18n from "./i18n.js";
import { api, store, ApiError } from "./api.js";
import { h, clear, icon } from "./dom.js";
import { setTitle, headerSlot } from "./header.js";
import { errorText } from "./errors.js";
import * as gamedata from "./gamedata.js";
import { gameModule } from "./registry.js";
import { inviteHash } from "./links.js";
import { createTable, quickPlay, quickPlayers } from "./tables.js";
import * as account from "./account.js";

const LEVELS = ["easy", "normal", "hard"];
const PUBLIC_REFRESH_MS = 10_000;
const NEAR_GAP = 300; // "near my rating": the tables whose seated ratings come within this of yours

function gameName(cat, game) {
  return cat && cat.has("game.name") ? cat.t("game.name") : game.name || game.id;
}

function gameDescription(cat, game) {
  return cat && cat.has("game.description") ? cat.t("game.description") : game.description || "";
}

// -- #/ -----------------------------------------------------------------------------------------

export class LobbyPage {
  async mount(root) {
    this.root = root;
    await i18n.use("");
    root.classList.add("lobby");
    this.games = await api.games().catch((e) => { this.gamesError = e; return []; });
    this.catalogs = await i18n.catalogsOf(this.games);
    this.filters = { game: "", players: "", rated: "", near: "" };
    this.render();
    this.loadTables();
    this.loadPublic();
    this.refresher = setInterval(() => this.loadPublic(), PUBLIC_REFRESH_MS);
  }

  unmount() {
    clearInterval(this.refresher);
    this.refresher = null;
  }

  async onLang() {
    await i18n.use("");
    this.catalogs = await i18n.catalogsOf(this.games);
    this.render();
    this.loadTables();
    this.loadPublic();
  }

  render() {
    const t = i18n.t;
    setTitle(t("web.lobby.title"));
    document.title = t("web.app.name");
    const root = clear(this.root);

    const intro = h("section", { class: "lobby-intro" },
      h("h1", null, t("web.lobby.heading")),
      h("p", { class: "muted" }, t("web.lobby.intro")));

    const nameInput = h("input", { type: "text", id: "player-name", maxlength: "32", value: store.name(), placeholder: t("web.lobby.name_placeholder"), autocomplete: "nickname" });
    nameInput.addEventListener("change", () => store.setName(nameInput.value.trim()));
    const nameRow = h("label", { class: "name-row" }, h("span", null, t("web.lobby.name_label")), nameInput);

    const games = h("section", { class: "lobby-games" }, h("h2", null, t("web.lobby.games")));
    if (this.gamesError) games.append(h("p", { class: "error" }, errorText(this.gamesError)));
    const grid = h("div", { class: "game-grid" });
    for (const g of this.games) {
      const cat = this.catalogs[g.id];
      const status = h("p", { class: "form-error", role: "alert" });
      const quick = h("button", { class: "button primary quick-play", type: "button", dataset: { game: g.id } }, t("web.lobby.quick", { count: quickPlayers(g) - 1 }));
      quick.addEventListener("click", async () => {
        store.setName(nameInput.value.trim());
        quick.disabled = true;
        status.textContent = t("web.lobby.creating");
        try { await quickPlay(g); } catch (e) { status.textContent = errorText(e); quick.disabled = false; }
      });
      grid.append(h("article", { class: "game-card" },
        h("div", { class: "game-card-art", html: g.emblem || gameArt(g.id) }),
        h("div", { class: "game-card-body" },
          h("h3", null, gameName(cat, g)),
          h("p", { class: "game-desc" }, gameDescription(cat, g)),
          h("p", { class: "muted small" }, g.min_players === g.max_players
            ? t("web.lobby.players_exact", { count: g.min_players })
            : t("web.lobby.players_range", { min: g.min_players, max: g.max_players })),
          quickMatchRow(g),
          h("div", { class: "button-row" },
            quick,
            h("a", { class: "button", href: `#/new/${encodeURIComponent(g.id)}` }, t("web.lobby.new_table")),
            h("a", { class: "button ghost", href: `#/rules/${encodeURIComponent(g.id)}`, "data-testid": "rules-link" }, t("web.lobby.rules")),
            h("a", { class: "button ghost", href: `#/ratings/${encodeURIComponent(g.id)}`, "data-testid": "ratings-link" }, t("web.account.ratings.link"))),
          status)));
    }
    games.append(grid);

    this.tablesBox = h("section", { class: "lobby-tables" }, h("h2", null, t("web.lobby.your_tables")), h("p", { class: "muted" }, t("web.lobby.loading")));

    const linkInput = h("input", { type: "url", id: "join-link", placeholder: t("web.lobby.join_placeholder") });
    const linkError = h("p", { class: "form-error", role: "alert" });
    const join = h("form", { class: "join-form" }, linkInput, h("button", { class: "button", type: "submit" }, t("web.lobby.join")));
    join.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const hash = inviteHash(linkInput.value.trim());
      if (!hash) { linkError.textContent = t("web.lobby.bad_link"); return; }
      location.hash = hash;
    });
    const joinBox = h("section", { class: "lobby-join" }, h("h2", null, t("web.lobby.join_title")), h("p", { class: "muted" }, t("web.lobby.join_help")), join, linkError);

    this.publicBox = h("section", { class: "lobby-public", "data-testid": "public-tables" });
    root.append(intro, this.publicSection(), h("div", { class: "lobby-columns" }, h("div", null, nameRow, games), h("div", null, this.tablesBox, joinBox)));
  }

  // -- the public lobby: tables waiting for players (GET /api/lobby), filtered here ----------------------
  publicSection() {
    const t = i18n.t;
    const f = this.filters;
    const gameSel = h("select", { id: "public-game", "aria-label": t("web.lobby.public.game") },
      h("option", { value: "" }, t("web.lobby.public.any_game")),
      ...this.games.map((g) => h("option", { value: g.id, selected: f.game === g.id }, gameName(this.catalogs[g.id], g))));
    const most = Math.max(2, ...this.games.map((g) => g.max_players || 2));
    const playersSel = h("select", { id: "public-players", "aria-label": t("web.new.players") },
      h("option", { value: "" }, t("web.lobby.public.any_players")));
    for (let n = 2; n <= most; n++) playersSel.append(h("option", { value: String(n), selected: f.players === String(n) }, t("cli.count.players", { count: n })));
    const ratedSel = h("select", { id: "public-rated", "aria-label": t("web.lobby.public.rated_filter") },
      ...["", "rated", "unrated"].map((v) => h("option", { value: v, selected: f.rated === v }, t(`web.lobby.public.rated_${v || "any"}`))));
    // signed in: only the tables whose seated players' ratings come near yours (your shown rating at that game, as
    // your profile has it; a game you have no rating at yet keeps every table)
    const nearSel = account.signedIn()
      ? h("select", { id: "public-near", "aria-label": t("web.lobby.public.near_filter") },
        ...["", "near"].map((v) => h("option", { value: v, selected: f.near === v }, t(`web.lobby.public.near_${v || "any"}`, { gap: NEAR_GAP }))))
      : null;
    const onFilter = () => {
      this.filters = { game: gameSel.value, players: playersSel.value, rated: ratedSel.value, near: nearSel ? nearSel.value : "" };
      this.loadPublic();
    };
    for (const sel of [gameSel, playersSel, ratedSel, nearSel]) if (sel) sel.addEventListener("change", onFilter);
    const refresh = h("button", { class: "button small ghost", type: "button", "data-testid": "public-refresh" }, t("web.lobby.public.refresh"));
    refresh.addEventListener("click", () => this.loadPublic());
    this.publicList = h("div", { class: "public-list" }, h("p", { class: "muted" }, t("web.lobby.loading")));
    clear(this.publicBox).append(
      h("div", { class: "public-head" }, h("h2", null, t("web.lobby.public.title")), refresh),
      h("p", { class: "muted small" }, t("web.lobby.public.help")),
      h("div", { class: "public-filters" }, gameSel, playersSel, ratedSel, nearSel),
      this.publicList);
    return this.publicBox;
  }

  async loadPublic() {
    const t = i18n.t;
    const list = this.publicList;
    if (!list || !list.isConnected) return;
    let rows;
    try {
      rows = (await api.lobby(this.filters.game || undefined)).tables;
    } catch (e) {
      clear(list).append(h("p", { class: "error" }, errorText(e)));
      return;
    }
    if (list !== this.publicList) return;
    const f = this.filters;
    const mine = f.near && account.signedIn() ? await this.myRatings() : null;
    rows = rows.filter((r) => publicMatches(r, f, mine));
    clear(list);
    if (!rows.length) {
      list.append(h("p", { class: "muted", "data-testid": "public-empty" }, t("web.lobby.public.empty"), " ",
        h("a", { href: "#/quick" }, t("web.lobby.public.try_quick"))));
      return;
    }
    const ul = h("ul", { class: "table-list public-tables" });
    for (const r of rows) ul.append(this.publicRow(r));
    list.append(ul);
  }

  // the signed-in person's shown rating per game (their profile), fetched once per lobby visit
  async myRatings() {
    const me = account.user();
    if (!me) return null;
    if (!this.ratingsOf || this.ratingsOf.name !== me.name) {
      try {
        const doc = await api.user(me.name);
        const by = {};
        for (const g of doc.games || []) if (g.rating) by[g.game] = g.rating.shown;
        this.ratingsOf = { name: me.name, by };
      } catch { return null; }
    }
    return this.ratingsOf.by;
  }

  publicRow(r) {
    const t = i18n.t;
    const g = this.games.find((x) => x.id === r.game) || { id: r.game, name: r.game, options: [] };
    const cat = this.catalogs[r.game];
    const status = h("span", { class: "form-error", role: "alert" });
    const sit = h("button", { class: "button small primary", type: "button", "data-testid": "sit" }, t("web.lobby.public.sit"));
    sit.addEventListener("click", async () => {
      sit.disabled = true;
      status.textContent = "";
      try {
        const me = account.user();
        const answer = await api.sit(r.table_id, store.name() || (me && (me.display_name || me.name)) || undefined);
        store.addSeat(r.table_id, answer.seat, answer.token, "human", r.game);
        location.hash = `#/t/${encodeURIComponent(r.table_id)}`;
      } catch (e) {
        status.textContent = errorText(e);
        sit.disabled = false;
      }
    });
    const seated = r.seats.filter((s) => s.joined).map((s) => s.kind === "bot" ? botName(s.bot) : (s.user || s.name || t("web.lobby.public.someone")));
    return h("li", { class: "table-row public-row", dataset: { table: r.table_id, game: r.game } },
      h("div", { class: "public-main" },
        h("div", null, h("strong", null, gameName(cat, g)), " ",
          h("span", { class: `status-pill ${r.rated ? "rated" : ""}` }, t(r.rated ? "web.lobby.public.rated" : "web.lobby.public.unrated"))),
        h("div", { class: "muted small" }, t("web.lobby.public.seats", { count: r.players, free: r.free })),
        h("div", { class: "muted small", "data-testid": "public-clock" }, r.clock
          ? t("web.lobby.public.clock", { minutes: Math.round(r.clock.initial_s / 60), seconds: Math.round(r.clock.increment_s || 0) })
          : t("web.lobby.public.no_clock")),
        h("div", { class: "muted small" }, optionsText(g, cat, r.options)),
        r.ratings ? h("div", { class: "muted small", "data-testid": "public-ratings" }, t("web.lobby.public.ratings", { low: r.ratings.low, high: r.ratings.high })) : null,
        seated.length ? h("div", { class: "small" }, t("web.lobby.public.seated", { names: seated.join(", ") })) : null),
      h("div", { class: "public-act" }, sit, status));
  }

  async loadTables() {
    const t = i18n.t;
    const tokens = store.tokens();
    const box = this.tablesBox;
    const head = h("h2", null, t("web.lobby.your_tables"));
    if (!tokens.length) {
      clear(box).append(head, h("p", { class: "muted" }, t("web.lobby.no_tables")));
      return;
    }
    let rows;
    try {
      rows = await api.myTables(tokens);
    } catch (e) {
      clear(box).append(head, h("p", { class: "error" }, errorText(e)));
      return;
    }
    if (box !== this.tablesBox) return;
    clear(box).append(head);
    if (!rows.length) { box.append(h("p", { class: "muted" }, t("web.lobby.no_tables"))); return; }
    const seen = new Set();
    const list = h("ul", { class: "table-list" });
    // your record: the finished tables where this device holds one seat (a hot-seat table holds several)
    const single = rows.filter((r) => r.status === "over" && r.result && r.seat !== null && r.seat !== undefined
      && mySeats(r.table_id).length === 1);
    const finished = new Map(single.map((r) => [r.table_id, r]));
    if (finished.size) {
      const won = [...finished.values()].filter((r) => r.result.winners.includes(r.seat)).length;
      box.append(h("p", { class: "lobby-record", "data-testid": "record" }, t("web.lobby.record", { count: finished.size, won })));
    }
    rows.sort((a, b) => String(b.updated_at || "").localeCompare(String(a.updated_at || "")));
    for (const r of rows) {
      if (seen.has(r.table_id)) continue;
      seen.add(r.table_id);
      const cat = this.catalogs[r.game];
      const g = this.games.find((x) => x.id === r.game) || { id: r.game };
      const yours = r.status === "playing" && r.to_move !== null && r.to_move !== undefined && mySeats(r.table_id).includes(r.to_move);
      const when = r.updated_at ? new Date(r.updated_at) : null;
      list.append(h("li", { class: ["table-row", yours && "your-turn"] },
        h("div", { class: "table-row-main" },
          h("strong", null, gameName(cat, g)),
          h("span", { class: `status-pill ${r.status}` }, t(`web.status.${r.status}`)),
          yours ? h("span", { class: "status-pill turn" }, t("web.lobby.your_turn")) : null,
          outcomePill(r)),
        h("div", { class: "muted small" },
          r.seat === null || r.seat === undefined ? t("cli.count.players", { count: r.players }) : t("web.lobby.table_line", { count: r.players, seat: r.seat + 1 }),
          when && !Number.isNaN(when.getTime()) ? " · " + when.toLocaleString(i18n.getLang()) : ""),
        h("div", { class: "button-row" },
          h("a", { class: "button small primary", href: `#/t/${encodeURIComponent(r.table_id)}` }, t("web.lobby.open")),
          r.status === "over" ? h("a", { class: "button small", href: `#/replay/${encodeURIComponent(r.table_id)}?seat=${r.seat ?? ""}` }, t("web.lobby.replay")) : null,
          h("button", { class: "button small ghost", type: "button", onclick: () => { store.forget(r.table_id); this.loadTables(); } }, t("web.lobby.forget")))));
    }
    box.append(list);
  }
}

// how a finished game went for the seat this device holds: won, lost, or its place among three or more
// Whether an open table (an entry of GET /api/lobby) passes the lobby's filters: `players` and `rated` ("rated",
// "unrated" or ""), and with `near` the seated players' rating range within `gap` of `mine[game]` (the person's
// shown rating there; a game they have no rating at, or a table with none seated, passes)
export function publicMatches(r, f, mine = null, gap = NEAR_GAP) {
  if (f.players && r.players !== parseInt(f.players, 10)) return false;
  if (f.rated && (f.rated === "rated") !== !!r.rated) return false;
  if (!f.near || !mine || !r.ratings || mine[r.game] === undefined) return true;
  return r.ratings.low - gap <= mine[r.game] && mine[r.game] <= r.ratings.high + gap;
}

// "Quick match" buttons, one per player count: the waiting page (#/quick) with that game and count
function quickMatchRow(g) {
  const t = i18n.t;
  const row = h("div", { class: "quick-match-row" }, h("span", { class: "muted small" }, t("web.quick.lobby_label")));
  for (let n = Math.max(2, g.min_players); n <= g.max_players; n++) { // people play people: no solo queue
    row.append(h("a", { class: "button small quick-match", href: `#/quick?game=${encodeURIComponent(g.id)}&players=${n}`, dataset: { game: g.id, players: String(n) }, title: t("cli.count.players", { count: n }) }, String(n)));
  }
  return row;
}

// a public table's options in words: the ones its host changed from the game's defaults, or "standard rules"
function optionsText(g, cat, options) {
  const t = i18n.t;
  const changed = (g.options || []).filter((o) => options && o.name in options && JSON.stringify(options[o.name]) !== JSON.stringify(o.default));
  if (!changed.length) return t("web.lobby.public.standard");
  const label = (o) => {
    const key = `web.${g.id}.option.${o.name}.label`;
    return cat && cat.has(key) ? cat.t(key) : o.name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  };
  return t("web.lobby.public.options", { names: changed.map(label).join(", ") });
}

function outcomePill(r) {
  const t = i18n.t;
  if (r.status !== "over" || !r.result || r.seat === null || r.seat === undefined) return null;
  if (r.result.winners.includes(r.seat)) return h("span", { class: "status-pill won", "data-testid": "outcome" }, t("web.lobby.result.won"));
  const place = r.result.ranking ? r.result.ranking.indexOf(r.seat) + 1 : 0;
  if (r.players > 2 && place > 0) return h("span", { class: "status-pill placed", "data-testid": "outcome" }, t("web.lobby.result.place", { place, count: r.players }));
  return h("span", { class: "status-pill lost", "data-testid": "outcome" }, t("web.lobby.result.lost"));
}

function mySeats(tableId) {
  const e = store.table(tableId);
  return e ? Object.keys(e.seats || {}).map(Number) : [];
}

function gameArt(id) {
  // the game card's picture when the game has no emblem of its own: a skyline (our own drawing)
  const hue = [...id].reduce((a, c) => a + c.charCodeAt(0), 0) % 360;
  return `<svg viewBox="0 0 120 80" aria-hidden="true"><rect width="120" height="80" rx="8" fill="hsl(${hue},35%,22%)"/>
  <circle cx="92" cy="20" r="9" fill="#f2d47a" opacity=".9"/>
  <path d="M8 72V46h10v-8h6v8h8V30l7-8 7 8v42h6V40h14v-6h4v6h6v32h6V50l8-6 8 6v22z" fill="hsl(${hue},30%,70%)"/>
  <path d="M39 40h4v6h-4zM67 48h4v6h-4zM92 56h4v6h-4zM14 54h4v6h-4z" fill="hsl(${hue},35%,22%)"/></svg>`;
}

// -- #/new/{game} -------------------------------------------------------------------------------

export class NewTablePage {
  constructor(gameId) {
    this.gameId = gameId;
  }

  async mount(root) {
    this.root = root;
    root.classList.add("new-table");
    await i18n.use(this.gameId);
    const games = await api.games();
    this.game = games.find((g) => g.id === this.gameId);
    if (!this.game) {
      clear(root).append(h("div", { class: "notice error" }, i18n.t("web.error.unknown_game", { game: this.gameId })));
      return;
    }
    this.mod = await gameModule(this.gameId);
    await this.loadData();
    this.players = Math.min(Math.max(4, this.game.min_players), this.game.max_players);
    this.seatState = [];
    this.values = {};
    for (const o of this.game.options) this.values[o.name] = clone(o.default);
    this.render();
  }

  async onLang() {
    await i18n.use(this.gameId);
    await this.loadData();
    this.render();
  }

  // signing in or out shows or hides the "Rated game" choice
  onAccount() {
    if (!account.signedIn()) this.rated = false;
    if (this.game) this.render();
  }

  // the game's static catalog in the current language: the names of the cards and characters options choose
  async loadData() {
    try { await gamedata.load(this.gameId, i18n.getLang()); } catch (e) { console.error(e); }
  }

  optionLabel(o) {
    const key = `web.${this.gameId}.option.${o.name}.label`;
    return i18n.has(key) ? i18n.t(key) : o.name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  }

  optionHelp(o) {
    const key = `web.${this.gameId}.option.${o.name}.help`;
    return i18n.has(key) ? i18n.t(key) : o.help || "";
  }

  choiceLabel(o, value) {
    if (this.mod.optionChoiceLabel) {
      const label = this.mod.optionChoiceLabel(o.name, value, i18n.current(), gamedata.get(this.gameId, i18n.getLang()));
      if (label) return label;
    }
    const key = `web.${this.gameId}.option.${o.name}.choice.${value}`;
    return i18n.has(key) ? i18n.t(key) : String(value);
  }

  render() {
    const t = i18n.t;
    const g = this.game;
    const name = i18n.has("game.name") ? t("game.name") : g.name;
    setTitle(t("web.new.title", { game: name }));
    document.title = `${t("web.new.title", { game: name })} · ${t("web.app.name")}`;
    const slot = headerSlot();
    if (slot) {
      clear(slot).append(h("a", { class: "button small guide-button", href: `#/rules/${encodeURIComponent(g.id)}`, title: t("web.table.guide"), "data-testid": "rules-link" },
        icon("book"), h("span", { class: "label" }, t("web.table.guide"))));
    }
    const root = clear(this.root);
    this.formError = h("p", { class: "form-error", role: "alert" });
    const form = h("form", { class: "new-form", novalidate: true });
    form.addEventListener("submit", (ev) => { ev.preventDefault(); this.submit(form); });

    // players and seats
    const count = h("select", { id: "players", name: "players" });
    for (let n = g.min_players; n <= g.max_players; n++) count.append(h("option", { value: n, selected: n === this.players }, String(n)));
    count.addEventListener("change", () => { this.players = Number(count.value); this.renderSeats(); });
    this.seatsBox = h("div", { class: "seats" });
    const seats = h("fieldset", { class: "panel seats-panel", dataset: { field: "seats" } },
      h("legend", null, t("web.new.seats")),
      h("label", { class: "field inline", dataset: { field: "players" } }, h("span", { class: "field-label" }, t("web.new.players")), count, h("span", { class: "field-error" })),
      this.seatsBox,
      h("span", { class: "field-error" }));
    this.renderSeats();

    // an optional turn clock
    this.clockState = this.clockState || { on: false, minutes: 10, increment: 10 };
    const cs = this.clockState;
    const clockOn = h("input", { type: "checkbox", id: "clock-on", checked: cs.on });
    const minutes = h("input", { type: "number", id: "clock-minutes", min: "1", max: "1440", step: "1", value: cs.minutes, disabled: !cs.on });
    const increment = h("input", { type: "number", id: "clock-increment", min: "0", max: "3600", step: "1", value: cs.increment, disabled: !cs.on });
    // turn-based play (docs/turn-based.md): a time per move of hours to days, instead of the real-time clock
    const perMove = h("select", { id: "per-move", "data-testid": "per-move" },
      h("option", { value: "", selected: !cs.perMove }, t("web.turns.new.off")),
      [3600, 4 * 3600, 12 * 3600].map((s) => h("option", { value: String(s), selected: cs.perMove === s }, t("web.turns.hours", { count: s / 3600 }))),
      [1, 2, 3, 5, 7, 14].map((d) => h("option", { value: String(d * 86400), selected: cs.perMove === d * 86400 }, t("web.turns.days", { count: d }))));
    const syncPerMove = () => { clockOn.disabled = !!cs.perMove; if (cs.perMove) { cs.on = clockOn.checked = false; minutes.disabled = increment.disabled = true; } };
    perMove.addEventListener("change", () => { cs.perMove = Number(perMove.value) || null; syncPerMove(); });
    clockOn.addEventListener("change", () => { cs.on = clockOn.checked; minutes.disabled = increment.disabled = !cs.on; });
    minutes.addEventListener("input", () => { cs.minutes = Number(minutes.value); });
    increment.addEventListener("input", () => { cs.increment = Number(increment.value); });
    const clockBox = h("fieldset", { class: "panel clock-panel", dataset: { field: "clock" } },
      h("legend", null, t("web.new.clock")),
      h("label", { class: "check-line", for: "clock-on" }, clockOn, h("span", null, t("web.new.clock_on"))),
      h("div", { class: "int-line" },
        h("label", { class: "field inline", for: "clock-minutes", dataset: { field: "clock.initial_s" } }, h("span", null, t("web.new.clock_minutes")), minutes, h("span", { class: "field-error" })),
        h("label", { class: "field inline", for: "clock-increment", dataset: { field: "clock.increment_s" } }, h("span", null, t("web.new.clock_increment")), increment, h("span", { class: "field-error" }))),
      h("p", { class: "field-help" }, t("web.new.clock_help")),
      h("label", { class: "field inline", for: "per-move", dataset: { field: "per_move_s" } }, h("span", null, t("web.turns.new.per_move")), perMove, h("span", { class: "field-error" })),
      h("p", { class: "field-help" }, t("web.turns.new.help")),
      h("span", { class: "field-error" }));
    syncPerMove();

    // options
    const advanced = new Set(this.mod.advancedOptions || []);
    const main = h("div", { class: "options-grid" });
    const more = h("div", { class: "options-grid" });
    for (const o of g.options) (advanced.has(o.name) ? more : main).append(this.optionControl(o));
    const options = h("fieldset", { class: "panel options-panel" },
      h("legend", null, t("web.new.options")),
      main,
      more.childElementCount ? h("details", { class: "more-options" }, h("summary", null, t("web.new.more_options")), more) : null,
      h("div", { class: "button-row" }, h("button", { type: "button", class: "button ghost small", onclick: () => { for (const o of g.options) this.values[o.name] = clone(o.default); this.render(); } }, t("web.new.reset"))));

    // a rated table (docs/accounts.md, "Making and joining one"): signed in only, no hot seats, no hints or take-backs
    let rated;
    if (account.signedIn()) {
      const box = h("input", { type: "checkbox", id: "rated", checked: !!this.rated });
      box.addEventListener("change", () => {
        this.rated = box.checked;
        if (this.rated) for (const st of this.seatState) if (st.kind === "hotseat") st.kind = st === this.seatState[0] ? "human" : "bot";
        this.renderSeats();
      });
      rated = h("fieldset", { class: "panel rated-panel", dataset: { field: "rated" } },
        h("legend", null, t("web.account.new.title")),
        h("label", { class: "check-line", for: "rated" }, box, h("span", null, t("web.account.new.rated"))),
        h("p", { class: "field-help" }, t("web.account.new.help")),
        h("span", { class: "field-error" }));
    } else {
      rated = h("p", { class: "muted small rated-signin" }, t("web.account.new.guest"), " ",
        h("a", { href: `#/signin?next=${encodeURIComponent("new/" + g.id)}` }, t("web.account.sign_in")));
    }

    // listed in the lobby's open tables, where anyone may take an invited seat with one click (docs/accounts.md)
    const listed = h("input", { type: "checkbox", id: "public", checked: !!this.listed });
    listed.addEventListener("change", () => { this.listed = listed.checked; });
    const publicBox = h("fieldset", { class: "panel public-panel", dataset: { field: "public" } },
      h("legend", null, t("web.lobby.public.title")),
      h("label", { class: "check-line", for: "public" }, listed, h("span", null, t("web.lobby.public.list_it"))),
      h("p", { class: "field-help" }, t("web.lobby.public.list_help")),
      h("span", { class: "field-error" }));

    const submit = h("button", { class: "button primary", type: "submit", id: "create-table" }, t("web.new.create"));
    this.submitButton = submit;
    form.append(
      h("p", { class: "muted" }, i18n.has("game.description") ? t("game.description") : g.description),
      seats, rated, publicBox, clockBox, options,
      h("div", { class: "form-actions" }, submit, h("a", { class: "button ghost", href: "#/" }, t("web.new.cancel"))),
      this.formError);
    root.append(form);
  }

  renderSeats() {
    const t = i18n.t;
    const box = clear(this.seatsBox);
    const bots = this.game.bots || [];
    while (this.seatState.length < this.players) {
      const i = this.seatState.length;
      this.seatState.push(i === 0 ? { kind: "human", name: store.name(), level: "normal", bot: "" } : { kind: "bot", name: "", level: "normal", bot: "" });
    }
    for (let i = 0; i < this.players; i++) {
      const s = this.seatState[i];
      const kinds = i === 0 ? ["human", "hotseat", "bot"] : ["bot", "human", "hotseat"];
      const kind = h("select", { class: "seat-kind", "aria-label": t("web.new.seat_kind"), dataset: { seat: i } });
      for (const k of kinds) kind.append(h("option", { value: k, selected: s.kind === k, disabled: k === "hotseat" && !!this.rated }, t(i === 0 && k === "human" ? "web.new.kind.you" : `web.new.kind.${k}`)));
      kind.addEventListener("change", () => { s.kind = kind.value; this.renderSeats(); });
      const extra = h("span", { class: "seat-extra" });
      // what the seat means: an invite link, a shared device, what the bot's level plays like, or (once a named bot
      // is picked, which replaces the level) how that bot plays
      const hintText = () => s.kind === "human" && i > 0 ? t("web.new.hint.human") : s.kind === "hotseat" ? t("web.new.hint.hotseat")
        : s.kind === "bot" && !s.bot ? t(`web.new.level_hint.${s.level}`) : s.kind === "bot" ? botAbout(s.bot) : "";
      const hint = h("span", { class: "muted small seat-hint" }, hintText());
      const showHint = () => { hint.textContent = hintText(); hint.hidden = !hint.textContent; };
      if (s.kind === "bot") {
        const level = h("select", { class: "seat-level", "aria-label": t("web.new.level") });
        for (const l of LEVELS) level.append(h("option", { value: l, selected: s.level === l }, t(`web.new.level_name.${l}`)));
        level.addEventListener("change", () => { s.level = level.value; showHint(); });
        extra.append(level);
        if (bots.length > 1) {
          const bot = h("select", { class: "seat-bot", "aria-label": t("web.new.bot") });
          bot.append(h("option", { value: "" }, t("web.new.bot_auto")));
          for (const b of bots) bot.append(h("option", { value: b, selected: s.bot === b }, botName(b)));
          bot.addEventListener("change", () => { s.bot = bot.value; showHint(); });
          extra.append(bot);
        }
      } else {
        const nm = h("input", { type: "text", class: "seat-name", maxlength: "32", value: s.name || "", placeholder: i === 0 && s.kind === "human" && account.user() ? account.user().display_name || account.user().name : t("player.default", { number: i + 1 }), "aria-label": t("web.new.name") });
        nm.addEventListener("input", () => { s.name = nm.value; if (i === 0 && s.kind === "human") store.setName(nm.value.trim()); });
        extra.append(nm);
      }
      showHint();
      box.append(h("div", { class: "seat-row" },
        h("span", { class: "seat-number" }, t("web.new.seat", { number: i + 1 })),
        kind, extra, hint));
    }
  }

  optionControl(o) {
    const t = i18n.t;
    const id = `opt-${o.name}`;
    const wrap = h("div", { class: `field option option-${o.type}`, dataset: { option: o.name } });
    const label = h("label", { class: "field-label", for: id }, this.optionLabel(o));
    const help = h("p", { class: "field-help" }, this.optionHelp(o));
    const error = h("p", { class: "field-error", role: "alert" });
    const value = this.values[o.name];
    if (o.type === "bool") {
      const box = h("input", { type: "checkbox", id, checked: !!value });
      box.addEventListener("change", () => { this.values[o.name] = box.checked; });
      wrap.append(h("div", { class: "check-line" }, box, label), help, error);
      return wrap;
    }
    if (o.type === "choice") {
      const sel = h("select", { id });
      for (const c of o.choices || []) sel.append(h("option", { value: c, selected: c === value }, this.choiceLabel(o, c)));
      sel.addEventListener("change", () => { this.values[o.name] = sel.value; });
      wrap.append(label, sel, help, error);
      return wrap;
    }
    if (o.type === "int") {
      const input = h("input", { type: "number", id, step: "1", min: o.minimum ?? null, max: o.maximum ?? null, value: value ?? (o.minimum ?? 0) });
      const line = h("div", { class: "int-line" }, input);
      const read = () => {
        if (o.nullable && none && none.checked) { this.values[o.name] = null; return; }
        const n = Number(input.value);
        this.values[o.name] = input.value === "" || !Number.isFinite(n) ? input.value : Math.trunc(n);
      };
      let none = null;
      if (o.nullable) {
        none = h("input", { type: "checkbox", id: `${id}-none`, checked: value === null });
        input.disabled = value === null;
        if (value === null) input.value = o.name === "bank_limit" ? 30 : (o.minimum ?? 0);
        none.addEventListener("change", () => { input.disabled = none.checked; read(); });
        line.append(h("label", { class: "check-line small", for: `${id}-none` }, none, h("span", null, t(this.noneKey(o)))));
      }
      input.addEventListener("input", read);
      if (o.minimum !== undefined || o.maximum !== undefined) line.append(h("span", { class: "muted small" }, t("web.new.range", { min: o.minimum ?? "", max: o.maximum ?? "" })));
      wrap.append(label, line, help, error);
      return wrap;
    }
    if (o.type === "list") {
      const ordered = (this.mod.orderedOptions || []).includes(o.name);
      const group = h("div", { class: ["check-group", ordered && "ordered"], id, role: "group", "aria-label": this.optionLabel(o) });
      const items = ordered && Array.isArray(value) ? [...value, ...(o.choices || []).filter((c) => !value.includes(c))] : [...(o.choices || [])];
      const start = Array.isArray(value) ? value : Array.isArray(o.default) ? o.default : [];
      const checked = new Set(start);
      let none = null;
      const read = () => {
        this.values[o.name] = none && none.checked ? null : items.filter((c) => checked.has(c));
      };
      const draw = () => {
        clear(group);
        const off = !!(none && none.checked);
        items.forEach((c, k) => {
          const box = h("input", { type: "checkbox", value: c, id: `${id}-${c}`, checked: checked.has(c), disabled: off });
          box.addEventListener("change", () => { if (box.checked) checked.add(c); else checked.delete(c); read(); });
          const row = h("label", { class: "check-item", for: `${id}-${c}` }, box, h("span", null, this.choiceLabel(o, c)));
          if (ordered) {
            const up = h("button", { type: "button", class: "mini", title: t("web.new.move_up"), "aria-label": t("web.new.move_up"), disabled: off || k === 0 }, "↑");
            up.addEventListener("click", (ev) => { ev.preventDefault(); [items[k - 1], items[k]] = [items[k], items[k - 1]]; read(); draw(); });
            row.append(up);
          }
          group.append(row);
        });
      };
      if (o.nullable) {
        none = h("input", { type: "checkbox", id: `${id}-none`, checked: value === null });
        none.addEventListener("change", () => { read(); draw(); });
      }
      draw();
      wrap.append(label);
      if (none) wrap.append(h("label", { class: "check-line small", for: `${id}-none` }, none, h("span", null, t(this.noneKey(o)))));
      wrap.append(group, help, error);
      return wrap;
    }
    wrap.append(label, h("p", { class: "muted" }, JSON.stringify(value)), help, error);
    return wrap;
  }

  noneKey(o) {
    const key = `web.${this.gameId}.option.${o.name}.none`;
    return i18n.has(key) ? key : o.type === "int" ? "web.new.no_limit" : "web.new.use_default";
  }

  collect() {
    const options = {};
    for (const o of this.game.options) {
      const v = this.values[o.name];
      if (JSON.stringify(v) !== JSON.stringify(o.default)) options[o.name] = v;
    }
    const seats = this.seatState.slice(0, this.players).map((s) => {
      if (s.kind === "bot") {
        const out = { kind: "bot", level: s.level };
        if (s.bot) out.bot = s.bot;
        return out;
      }
      const out = { kind: s.kind };
      if (s.name && s.name.trim()) out.name = s.name.trim();
      return out;
    });
    const cs = this.clockState;
    const clock = cs && cs.perMove ? { per_move_s: cs.perMove }
      : cs && cs.on ? { initial_s: Math.round((Number(cs.minutes) || 0) * 60), increment_s: Number(cs.increment) || 0 } : null;
    return { options, seats, clock };
  }

  clearErrors() {
    for (const el of this.root.querySelectorAll(".field-error")) el.textContent = "";
    for (const el of this.root.querySelectorAll(".has-error")) el.classList.remove("has-error");
    this.formError.textContent = "";
  }

  showError(e) {
    let field = e instanceof ApiError ? e.field : null;
    if (field) field = String(field).replace(/^options\./, "").replace(/^body\./, "");
    let target = null;
    if (field) {
      // the most precise element that names the field: "seats.1.level" falls back to "seats"
      const parts = field.split(".");
      for (let n = parts.length; n > 0 && !target; n--) {
        const name = CSS.escape(parts.slice(0, n).join("."));
        target = this.root.querySelector(`[data-option="${name}"]`) || this.root.querySelector(`[data-field="${name}"]`);
      }
    }
    // a refusal with words of its own in the catalogs (errors.js) is shown in them; another 422 with the server's message
    const msg = e instanceof ApiError && e.status === 422 && !i18n.has(`web.error.code.${e.code}`) ? i18n.t("web.new.invalid", { message: e.message }) : errorText(e);
    if (target) {
      target.classList.add("has-error");
      const slot = target.querySelector(":scope > .field-error") || target.querySelector(".field-error");
      if (slot) slot.textContent = msg;
      const more = target.closest("details");
      if (more) more.open = true;
      target.scrollIntoView({ block: "center", behavior: "smooth" });
    } else {
      this.formError.textContent = msg;
    }
  }

  async submit() {
    const t = i18n.t;
    this.clearErrors();
    const { options, seats, clock } = this.collect();
    for (const [name, v] of Object.entries(options)) {
      const o = this.game.options.find((x) => x.name === name);
      if (o && o.type === "int" && v !== null && !Number.isInteger(v)) {
        this.showError(new ApiError(422, "bad_option_value", t("web.new.not_a_number"), name));
        return;
      }
    }
    this.submitButton.disabled = true;
    this.submitButton.textContent = t("web.lobby.creating");
    try {
      const res = await createTable(this.gameId, this.players, options, seats, clock, !!this.rated && account.signedIn(), !!this.listed);
      // the table's own address: a reload, a bookmark or the browser's back button find the table, and its waiting
      // panel holds the invite links (createTable kept them on this device)
      location.hash = `#/t/${encodeURIComponent(res.table_id)}`;
    } catch (e) {
      this.showError(e);
    } finally {
      this.submitButton.disabled = false;
      this.submitButton.textContent = t("web.new.create");
    }
  }
}

// a bot as players see it: a name and one line on how it plays (bot.<id>.name / .about), never the raw id
// unless a bot registered by someone else has no words of its own yet
function botName(id) {
  return i18n.has(`bot.${id}.name`) ? i18n.t(`bot.${id}.name`) : id;
}

function botAbout(id) {
  return i18n.has(`bot.${id}.about`) ? i18n.t(`bot.${id}.about`) : "";
}


function clone(v) {
  return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
}
