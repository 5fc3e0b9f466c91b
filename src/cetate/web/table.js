// The generic table frame (#/t/{id}): header status, players, journal, action bar, dialogs, hot-seat curtain,
// rules guide panel, final scores, tab title and sound. It knows no game's rules: the game module
// (games/<id>.js) draws the board from the view and claims the legal actions it offers controls for; every
// other legal action is still offered here as a plain button labelled with its `action.<type>` message.
import * as i18n from "./i18n.js";
import { api, store, TableConnection, ApiError } from "./api.js";
import { h, clear, icon, esc } from "./dom.js";
import { setTitle, headerSlot } from "./app.js";
import { gameModule, errorText, playAgain, linkLine } from "./lobby.js";
import * as gamedata from "./gamedata.js";

const CHAT_SHOWN = 100; // server.tables.CHAT_KEPT

// -- helpers shared with the replay page -------------------------------------------------------------

export function actionKey(a) {
  const keys = Object.keys(a || {}).sort();
  return JSON.stringify(keys.map((k) => [k, a[k]]));
}

export function actionLabel(a, names) {
  const key = `action.${a.type}`;
  const params = { ...a };
  delete params.type;
  if (i18n.has(key)) return i18n.t(key, params, names);
  const rest = Object.entries(params).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`).join(", ");
  return rest ? `${a.type} (${rest})` : a.type;
}

export function seatNames(seats, count) {
  const out = [];
  const n = Math.max(count || 0, (seats || []).length);
  for (let i = 0; i < n; i++) {
    const s = (seats || []).find((x) => x && x.seat === i) || (seats || [])[i] || {};
    if (s.name) out.push(s.name);
    else if (s.kind === "bot") out.push(i18n.t("web.table.bot_name", { number: i + 1 }));
    else out.push(i18n.t("player.default", { number: i + 1 }));
  }
  return out;
}

export function gameTitle(table) {
  return i18n.has("game.name") ? i18n.t("game.name") : table && table.game;
}

export function renderJournal(list, entries, names, mod) {
  clear(list);
  for (const e of entries) list.append(journalItem(e, names, mod));
}

function journalItem(e, names, mod) {
  const cls = ["journal-item", e.last && "last", mod && mod.journalClass ? mod.journalClass(e.ev) : ""];
  return h("li", { class: cls, dataset: { type: e.ev.type } }, i18n.eventText(e.ev, names));
}

export function scoreTable(result, columns, names, mySeat = null) {
  const t = i18n.t;
  const scores = [...(result.scores || [])].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.seat - b.seat);
  const cols = columns && columns.length ? columns : Object.keys(scores[0] || {}).filter((k) => !["seat", "rank"].includes(k));
  const winners = new Set(result.winners || []);
  const table = h("table", { class: "score-table", "data-testid": "score-table" });
  table.append(h("thead", null, h("tr", null,
    h("th", { scope: "col" }, t("score.rank")),
    h("th", { scope: "col" }, t("web.table.player")),
    ...cols.map((c) => h("th", { scope: "col", class: c === "total" ? "total" : "" }, t(`score.${c}`))))));
  const body = h("tbody");
  for (const s of scores) {
    const row = h("tr", { class: [winners.has(s.seat) && "winner", s.seat === mySeat && "me"] },
      h("td", { class: "rank" }, String(s.rank ?? "")),
      h("th", { scope: "row" }, names[s.seat] ?? t("player.default", { number: s.seat + 1 })));
    for (const c of cols) {
      const v = s[c];
      if (v && typeof v === "object") {
        const parts = Object.entries(v);
        const sum = parts.reduce((a, [, x]) => a + (Number(x) || 0), 0);
        row.append(h("td", { class: "extras" }, String(sum),
          parts.length ? h("span", { class: "extras-detail" }, parts.map(([k, x]) => h("span", null, `${t(`score.extra.${k}`)}: ${x}`))) : null));
      } else {
        row.append(h("td", { class: c === "total" ? "total" : "" }, v === undefined || v === null ? "" : String(v)));
      }
    }
    body.append(row);
  }
  table.append(body);
  const notes = h("div", { class: "score-notes" });
  const w = [...winners];
  if (w.length) notes.append(h("p", { class: "winners" }, t("web.table.winners", { count: w.length, winners: w }, names)));
  if (result.tie_break && result.tie_break !== "none") notes.append(h("p", null, t("web.table.tie_break", { rule: t(`tie_break.${result.tie_break}`) })));
  if (result.rounds) notes.append(h("p", { class: "muted" }, t("web.table.rounds", { count: result.rounds })));
  if (result.stalled) notes.append(h("p", { class: "muted" }, t("web.table.stalled")));
  return h("div", { class: "scores" }, h("div", { class: "score-scroll" }, table), notes);
}

// A dialog built from a spec {title, body, buttons, kind: "required" | "picker", onClose, cls}; `extra`: a
// list of elements shown under its body (the hint and take-back buttons of a choice that covers the table).
export function renderDialog(spec, { onHide, extra } = {}) {
  const t = i18n.t;
  const closeBtn = spec.kind === "picker" && spec.onClose
    ? h("button", { type: "button", class: "icon-button dialog-close", title: t("web.table.close"), "aria-label": t("web.table.close"), onclick: spec.onClose }, icon("close"))
    : null;
  const hideBtn = spec.kind === "required" && onHide
    ? h("button", { type: "button", class: "button ghost small dialog-hide", onclick: onHide }, t("web.table.look_at_table"))
    : null;
  const buttons = (spec.buttons || []).filter(Boolean);
  const box = h("div", { class: ["dialog", spec.cls], role: "dialog", "aria-modal": "true", "aria-label": spec.title },
    h("div", { class: "dialog-head" }, h("h2", null, spec.title), hideBtn, closeBtn),
    h("div", { class: "dialog-body" }, spec.body),
    extra && extra.length ? h("div", { class: "dialog-extra" }, extra) : null,
    buttons.length ? h("div", { class: "dialog-buttons" }, buttons) : null);
  const overlay = h("div", { class: ["overlay", spec.kind] }, box);
  if (spec.kind === "picker" && spec.onClose) overlay.addEventListener("click", (e) => { if (e.target === overlay) spec.onClose(); });
  return overlay;
}

// -- the rules guide, in a side panel ------------------------------------------------------------------

function slugify(s) {
  return String(s).toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function inline(text, slugs) {
  let s = esc(text);
  s = s.replace(/`([^`]+)`/g, "<code>$1</code>");
  s = s.replace(/\*\*([^*]+)\*\*/g, (m, x) => {
    const slug = slugify(x.replace(/<[^>]+>/g, ""));
    return slugs.has(slug) ? `<a href="#" class="guide-link" data-slug="${slug}"><strong>${x}</strong></a>` : `<strong>${x}</strong>`;
  });
  s = s.replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?!\w)/g, "$1<em>$2</em>");
  return s;
}

export function renderMarkdown(md, slugs = new Set()) {
  const lines = String(md || "").replace(/\r/g, "").split("\n");
  let out = "";
  let para = [];
  const stack = []; // open lists: {indent, tag}
  const flushPara = () => { if (para.length) { out += `<p>${inline(para.join(" "), slugs)}</p>`; para = []; } };
  const closeLists = (indent = -1) => {
    while (stack.length && stack[stack.length - 1].indent > indent) out += `</li></${stack.pop().tag}>`;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      flushPara(); closeLists();
      const code = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]); i++) code.push(lines[i]);
      out += `<pre><code>${esc(code.join("\n"))}</code></pre>`;
      continue;
    }
    const head = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (head) {
      flushPara(); closeLists();
      const level = Math.min(6, head[1].length + 1);
      out += `<h${level} id="guide-${slugify(head[2])}">${inline(head[2], slugs)}</h${level}>`;
      continue;
    }
    if (/^\s*\|/.test(line)) {
      flushPara(); closeLists();
      const rows = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i]);
      i--;
      const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const headRow = cells(rows[0]);
      const bodyRows = rows.slice(1).filter((r) => !/^\s*\|?\s*:?-{2,}/.test(r));
      out += `<div class="md-table"><table><thead><tr>${headRow.map((c) => `<th>${inline(c, slugs)}</th>`).join("")}</tr></thead><tbody>`;
      out += bodyRows.map((r) => `<tr>${cells(r).map((c) => `<td>${inline(c, slugs)}</td>`).join("")}</tr>`).join("");
      out += "</tbody></table></div>";
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flushPara();
      const indent = item[1].length;
      const tag = /\d/.test(item[2]) ? "ol" : "ul";
      const top = stack[stack.length - 1];
      if (!top || indent > top.indent) {
        out += `<${tag}><li>`;
        stack.push({ indent, tag });
      } else {
        closeLists(indent);
        const cur = stack[stack.length - 1];
        if (cur && cur.indent === indent) out += "</li><li>";
        else { out += `<${tag}><li>`; stack.push({ indent, tag }); }
      }
      out += inline(item[3], slugs);
      continue;
    }
    if (!line.trim()) { flushPara(); if (stack.length && !(lines[i + 1] || "").match(/^\s+\S|^\s*([-*]|\d+\.)\s/)) closeLists(); continue; }
    if (stack.length && /^\s+\S/.test(line)) { out += " " + inline(line.trim(), slugs); continue; }
    closeLists();
    para.push(line.trim());
  }
  flushPara(); closeLists();
  return out;
}

export class GuidePanel {
  constructor(game) {
    this.game = game;
    this.el = null;
    this.sections = null;
    this.lang = null;
  }

  async load() {
    const lang = i18n.getLang();
    if (this.sections && this.lang === lang) return this.sections;
    const doc = await api.guide(this.game, lang);
    this.sections = doc.sections || [];
    this.lang = lang;
    return this.sections;
  }

  get isOpen() { return !!(this.el && this.el.isConnected); }

  async open(slug, anchor) {
    const t = i18n.t;
    if (!this.el) {
      this.body = h("div", { class: "guide-body" });
      this.select = h("select", { class: "guide-select", "aria-label": t("web.guide.sections") });
      this.select.addEventListener("change", () => this.show(this.select.value));
      this.heading = h("h2", null, t("web.guide.title"));
      this.el = h("aside", { class: "guide-panel", role: "complementary", "aria-label": t("web.guide.title") },
        h("div", { class: "guide-head" }, this.heading,
          h("button", { type: "button", class: "icon-button", title: t("web.table.close"), "aria-label": t("web.table.close"), onclick: () => this.close() }, icon("close"))),
        this.select, this.body);
      this.body.addEventListener("click", (e) => {
        const a = e.target.closest("a.guide-link");
        if (a) { e.preventDefault(); this.show(a.dataset.slug); }
      });
    }
    document.body.append(this.el);
    document.body.classList.add("guide-open");
    try {
      await this.load();
    } catch (e) {
      clear(this.body).append(h("p", { class: "error" }, errorText(e)));
      return;
    }
    clear(this.select);
    for (const s of this.sections) this.select.append(h("option", { value: s.slug }, s.title));
    const known = slug && this.sections.some((s) => s.slug === slug || (s.aliases || []).includes(slug));
    this.show(known ? slug : (this.current || (this.sections[0] && this.sections[0].slug)), anchor);
  }

  show(slug, anchor) {
    const sec = this.sections.find((s) => s.slug === slug || (s.aliases || []).includes(slug)) || this.sections[0];
    if (!sec) return;
    this.current = sec.slug;
    this.select.value = sec.slug;
    const slugs = new Set(this.sections.map((s) => s.slug));
    for (const s of this.sections) for (const a of s.aliases || []) slugs.add(a);
    this.body.innerHTML = `<h3 id="guide-${sec.slug}">${esc(sec.title)}</h3>` + renderMarkdown(sec.markdown, slugs);
    const target = anchor ? this.body.querySelector(`#guide-${CSS.escape(anchor)}`) : null;
    if (target) { target.scrollIntoView({ block: "start" }); target.classList.add("flash"); }
    else this.body.scrollTop = 0;
  }

  async relabel() {
    if (!this.el) return;
    this.heading.textContent = i18n.t("web.guide.title");
    if (this.isOpen) await this.open(this.current);
  }

  close() {
    if (this.el) this.el.remove();
    document.body.classList.remove("guide-open");
  }
}

// -- sound -----------------------------------------------------------------------------------------------

let audio = null;
function soundOn() { return localStorage.getItem("cetate.sound") === "1"; }
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [f, at] of [[660, 0], [990, 0.13]]) {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.type = "sine";
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, now + at);
      g.gain.exponentialRampToValueAtTime(0.18, now + at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.16);
      o.connect(g).connect(audio.destination);
      o.start(now + at);
      o.stop(now + at + 0.18);
    }
  } catch { /* no audio here */ }
}

// -- the page -------------------------------------------------------------------------------------------

export class TablePage {
  constructor(id, query) {
    this.id = id;
    this.query = query;
    this.ui = {};
    this.journal = [];
    this.legal = [];
    this.lastEvents = [];
    this.lastAction = null;
    this.busy = false;
    this.dialogHidden = false;
    this.dialogTitle = null;
    this.scoresShown = false;
    this.wasMine = false;
    this.connState = "connecting";
    this.clocks = {};
  }

  held() {
    const e = store.table(this.id);
    const out = {};
    if (e && e.seats) for (const [seat, s] of Object.entries(e.seats)) if (s && s.token) out[Number(seat)] = s;
    return out;
  }

  async mount(root) {
    this.root = root;
    root.classList.add("table-page");
    root.append(h("div", { class: "notice" }, i18n.t("web.table.loading")));
    // an invite link carries the seat's token: remember it, then take it out of the address bar
    const qToken = this.query.get("token");
    const qSeat = this.query.get("seat");
    let token = null;
    if (qToken) {
      token = qToken;
      history.replaceState(null, "", `#/t/${encodeURIComponent(this.id)}`);
    } else {
      const held = this.held();
      const seats = Object.keys(held).map(Number).sort((a, b) => a - b);
      if (seats.length) token = held[seats[0]].token;
    }
    let doc = null;
    const tried = new Set();
    while (!doc) {
      try {
        doc = await api.table(this.id, token);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) {
          await i18n.use("");
          clear(root).append(h("div", { class: "notice error" }, h("p", null, i18n.t("web.table.not_found")), h("a", { class: "button", href: "#/" }, i18n.t("web.nav.home"))));
          return;
        }
        if (!(e instanceof ApiError) || !token || ![401, 403, 409].includes(e.status)) throw e;
        // this token no longer holds a seat here (an invite already used, a link the host replaced): forget it,
        // and use the seat's own token if this browser has it (the friend who joined reopens their link)
        tried.add(token);
        store.dropToken(this.id, token);
        const held = this.held();
        const candidates = qToken ? [held[Number(qSeat)]] : Object.keys(held).map(Number).sort((a, b) => a - b).map((n) => held[n]);
        const next = candidates.find((s) => s && s.token && !tried.has(s.token));
        if (next) { token = next.token; continue; }
        this.notice = i18n.t(e.code === "invite_spent" ? "web.table.invite_spent" : e.code === "token_revoked" ? "web.table.token_revoked" : "web.table.bad_token");
        token = null;
      }
    }
    if (qToken && token === qToken && doc.seat !== null && doc.seat !== undefined) {
      const prior = store.table(this.id);
      const kind = prior && prior.seats && prior.seats[doc.seat] ? prior.seats[doc.seat].kind : (doc.table.seats[doc.seat] || {}).kind || "human";
      store.addSeat(this.id, doc.seat, qToken, kind, doc.table.game, !!doc.invite);
    } else if (qToken && token === qToken && qSeat !== null && doc.seat === null) {
      this.notice = i18n.t("web.table.bad_token");
    }
    this.game = doc.table.game;
    store.update(this.id, (e) => { e.game = this.game; });
    await i18n.use(this.game);
    await this.loadData();
    this.mod = await gameModule(this.game);
    this.guide = new GuidePanel(this.game);
    this.token = token;
    this.seat = doc.seat ?? null;
    this.buildFrame();
    this.applySync(doc);
    // a seat that has not joined yet joins now (its name is asked once); so does an invite link, which becomes
    // this device's own token for the seat when it is used (a link the host made anew, for a seat already taken)
    if (this.seat !== null && (doc.invite || (doc.table.seats[this.seat] && !doc.table.seats[this.seat].joined))) this.askJoin();
    this.conn = new TableConnection(this.id, this.token, {
      onSync: (m) => this.applySync(m),
      onUpdate: (m) => this.applyUpdate(m),
      onError: (m) => this.onActError(m),
      onClock: (m) => {
        this.clocks[m.seat] = { remaining: m.remaining_s, at: Date.now(), running: m.running !== false };
        this.tickClocks();
      },
      onPresence: (m) => this.applyPresence(m),
      onChat: (line) => this.addChat(line),
      onTakenBack: (m) => this.takenBack(m),
      onUndo: (m) => { if (this.table && this.table.seq === m.seq) { this.table.undo = m.seat; this.render(); } },
      onStatus: (s) => { this.connState = s; this.renderHeader(); },
      onRefused: () => { this.notice = i18n.t("web.table.refused_connection"); this.render(); },
    });
    this.conn.connect();
    this.keyHandler = (e) => {
      if (e.key === "Escape") {
        if (this.ui.picker) { this.ui.picker = null; this.render(); }
        else if (this.guide && this.guide.isOpen) this.guide.close();
      }
    };
    document.addEventListener("keydown", this.keyHandler);
    this.clockTimer = setInterval(() => this.tickClocks(), 500);
  }

  tickClocks() {
    for (const el of this.root.querySelectorAll(".chip-clock[data-seat]")) {
      const c = this.clocks[Number(el.dataset.seat)];
      if (c) {
        el.textContent = formatClock(c);
        el.classList.toggle("running", !!c.running);
        el.classList.toggle("low", c.running && clockLeft(c) < 30);
      }
    }
  }

  unmount() {
    if (this.conn) this.conn.close();
    if (this.guide) this.guide.close();
    if (this.keyHandler) document.removeEventListener("keydown", this.keyHandler);
    clearInterval(this.clockTimer);
    document.title = i18n.t("web.app.name");
  }

  async onLang() {
    await i18n.use(this.game);
    await this.loadData();
    this.buildFrame();
    this.renderJournalAll();
    this.renderChat();
    this.render();
    if (this.guide) await this.guide.relabel();
  }

  // the game's static catalog in the current language (ctx.catalog); a page without it still draws what it can
  async loadData() {
    try { await gamedata.load(this.game, i18n.getLang()); } catch (e) { console.error(e); }
  }

  setMoves(m) {
    this.legal = m.legal_actions || [];
    this.notes = m.action_notes || [];
    this.noteOf = gamedata.notesByAction(this.legal, this.notes, actionKey);
  }

  names() {
    return seatNames(this.table ? this.table.seats : [], this.view && this.view.players ? this.view.players.length : 0);
  }

  // -- frame ---------------------------------------------------------------------------------------------

  buildFrame() {
    const t = i18n.t;
    const root = clear(this.root);
    this.boardEl = h("div", { class: "tp-board" });
    this.barEl = h("div", { class: "tp-bar", "data-testid": "action-bar", role: "toolbar", "aria-label": t("web.table.actions") });
    this.noticeEl = h("div", { class: "tp-notice" });
    this.playersEl = h("section", { class: "tp-players", "aria-label": t("web.table.players") });
    this.invitesEl = h("div", { class: "tp-invites" });
    this.journalList = h("ol", { class: "journal-list", "aria-live": "polite" });
    this.journalBox = h("div", { class: "journal-scroll" }, this.journalList);
    this.chatList = h("ol", { class: "chat-list", "aria-live": "polite", "data-testid": "chat-list" });
    this.chatBox = h("div", { class: "chat-scroll" }, this.chatList);
    this.chatInput = h("input", { type: "text", class: "chat-input", maxlength: "300", autocomplete: "off",
      placeholder: t("web.chat.placeholder"), "aria-label": t("web.chat.label"), "data-testid": "chat-input" });
    this.chatForm = h("form", { class: "chat-form" }, this.chatInput,
      h("button", { type: "submit", class: "button small" }, t("web.chat.send")));
    this.chatForm.addEventListener("submit", (e) => { e.preventDefault(); this.sendChat(); });
    this.chatEl = h("section", { class: "tp-chat hidden", "aria-label": t("web.chat.title"), "data-testid": "chat" },
      h("h2", null, t("web.chat.title")), this.chatBox, this.chatForm);
    this.dialogLayer = h("div", { class: "tp-dialog-layer" });
    this.curtainLayer = h("div", { class: "tp-curtain-layer" });
    this.toastEl = h("div", { class: "toast", role: "status", "aria-live": "polite" });
    root.append(
      h("div", { class: "tp-main" }, this.noticeEl, this.boardEl, this.barEl),
      h("aside", { class: "tp-side" }, this.playersEl, this.invitesEl,
        h("section", { class: "tp-journal", "aria-label": t("web.table.journal") }, h("h2", null, t("web.table.journal")), this.journalBox),
        this.chatEl),
      this.dialogLayer, this.curtainLayer, this.toastEl);
    // header buttons
    const slot = clear(headerSlot());
    this.connEl = h("span", { class: "conn-dot", role: "status" });
    this.scoresBtn = h("button", { type: "button", class: "button small ghost scores-button hidden", onclick: () => this.showScores() }, t("web.table.show_scores"));
    this.soundBtn = h("button", { type: "button", class: "icon-button sound-toggle", onclick: () => this.toggleSound() });
    const guideBtn = h("button", { type: "button", class: "button small guide-button", title: t("web.table.guide"), onclick: () => this.openGuide() }, icon("book"), h("span", { class: "label" }, t("web.table.guide")));
    slot.append(this.connEl, this.scoresBtn, this.soundBtn, guideBtn);
    this.renderSoundBtn();
  }

  toggleSound() {
    localStorage.setItem("cetate.sound", soundOn() ? "0" : "1");
    if (soundOn()) beep();
    this.renderSoundBtn();
  }

  renderSoundBtn() {
    const t = i18n.t;
    clear(this.soundBtn).append(icon(soundOn() ? "soundOn" : "soundOff"));
    const label = soundOn() ? t("web.sound.on") : t("web.sound.off");
    this.soundBtn.title = label;
    this.soundBtn.setAttribute("aria-label", label);
    this.soundBtn.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  }

  openGuide(slug, anchor) {
    if (!this.guide) return;
    if (!slug && this.mod.guideSection && this.view) {
      const g = this.mod.guideSection(this.ctx());
      slug = g.slug;
      anchor = g.anchor;
    }
    this.guide.open(slug, anchor);
  }

  // -- state ---------------------------------------------------------------------------------------------

  readClocks(table) {
    const c = table && table.clock;
    if (!c || !Array.isArray(c.remaining_s)) return;
    const now = Date.now();
    c.remaining_s.forEach((left, seat) => {
      const s = (table.seats || []).find((x) => x.seat === seat);
      if (s && s.kind !== "bot") this.clocks[seat] = { remaining: left, at: now, running: c.running === seat };
    });
  }

  applySync(m) {
    this.readClocks(m.table);
    this.table = m.table;
    if (m.seat !== undefined) this.seat = m.seat;
    this.view = m.view;
    this.setMoves(m);
    this.journal = (m.journal || []).map((ev) => ({ ev, last: false }));
    this.lastEvents = [];
    this.busy = false;
    this.switching = false;
    this.renderJournalAll();
    this.chat = Array.isArray(m.chat) ? m.chat : this.chat || [];
    this.renderChat();
    this.render();
  }

  // -- chat: a table with two invited players or more has one; spectators read it ---------------------
  // (the page keeps the last CHAT_SHOWN lines, as many as the server sends on a sync)

  renderChat() {
    if (!this.chatEl || !this.table) return;
    const friends = (this.table.seats || []).filter((s) => s.kind === "human").length >= 2;
    this.chatEl.classList.toggle("hidden", !friends);
    this.chatForm.classList.toggle("hidden", this.seat === null || this.seat === undefined);
    clear(this.chatList);
    const lines = this.chat || [];
    if (!lines.length) this.chatList.append(h("li", { class: "chat-empty muted" }, i18n.t("web.chat.empty")));
    for (const line of lines) this.chatList.append(this.chatItem(line));
    this.chatBox.scrollTop = this.chatBox.scrollHeight;
  }

  chatItem(line) {
    const name = line.name || this.names()[line.seat] || "";
    return h("li", { class: ["chat-line", line.seat === this.seat && "mine"], dataset: { n: line.n } },
      h("span", { class: "chat-name" }, name), " ", h("span", { class: "chat-text" }, line.text));
  }

  addChat(line) {
    if (!line || !this.chat || this.chat.some((x) => x.n === line.n)) return;
    this.chat.push(line);
    if (this.chat.length > CHAT_SHOWN) this.chat.splice(0, this.chat.length - CHAT_SHOWN);
    this.renderChat();
  }

  async sendChat() {
    const text = this.chatInput.value.trim();
    if (!text) return;
    this.chatInput.disabled = true;
    try {
      const res = await api.say(this.id, this.token, text);
      this.chatInput.value = "";
      this.addChat(res.line);
    } catch (e) {
      this.toast(errorText(e), "error");
    } finally {
      this.chatInput.disabled = false;
      this.chatInput.focus();
    }
  }

  // a seat's first socket opened or its last one closed: only the seats' `connected` changes
  applyPresence(m) {
    if (!this.table || !Array.isArray(m.seats)) return;
    for (const p of m.seats) {
      const s = (this.table.seats || []).find((x) => x.seat === p.seat);
      if (s) s.connected = !!p.connected;
    }
    this.render();
  }

  applyUpdate(m) {
    // an update carries the summary's changing fields and, once the socket has a view, only the view's changed
    // top-level parts (docs/server.md, "WebSocket"): merged into what the sync and earlier updates brought
    this.table = { ...(this.table || {}), ...(m.table || {}) };
    this.readClocks(this.table);
    if (m.view !== undefined) this.view = m.view;
    else {
      const view = { ...(this.view || {}), ...(m.view_changes || {}) };
      for (const key of m.view_removed || []) delete view[key];
      this.view = view;
    }
    this.setMoves(m);
    this.lastAction = m.last_action || null;
    this.lastEvents = m.events || [];
    for (const e of this.journal) e.last = false;
    for (const li of this.journalList.querySelectorAll(".last")) li.classList.remove("last");
    const names = this.names();
    const nearBottom = this.journalBox.scrollHeight - this.journalBox.scrollTop - this.journalBox.clientHeight < 60;
    for (const ev of this.lastEvents) {
      const entry = { ev, last: true };
      this.journal.push(entry);
      this.journalList.append(journalItem(entry, names, this.mod));
    }
    if (nearBottom || this.lastEvents.length) this.journalBox.scrollTop = this.journalBox.scrollHeight;
    this.busy = false;
    clearTimeout(this.busyTimer);
    this.render();
  }

  renderJournalAll() {
    renderJournal(this.journalList, this.journal, this.names(), this.mod);
    requestAnimationFrame(() => { this.journalBox.scrollTop = this.journalBox.scrollHeight; });
  }

  onActError(m) {
    this.busy = false;
    clearTimeout(this.busyTimer);
    const code = m.code;
    if ((code === "token_revoked" || code === "invite_spent") && this.token) { this.lostSeat(code); return; }
    if (!m.key) { this.toast(i18n.t("web.error.server", { message: m.message || code }), "error"); this.render(); return; }
    const text = code && i18n.has(`error.${code}`) ? i18n.t(`error.${code}`, { detail: m.message }) : i18n.t("web.table.refused", { message: m.message || code });
    this.toast(text, "error");
    this.render();
  }

  toast(text, kind = "") {
    this.toastEl.textContent = text;
    this.toastEl.className = `toast show ${kind}`;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { this.toastEl.className = "toast"; }, 4500);
  }

  act(action) {
    if (this.busy || !this.conn) return;
    this.busy = true;
    this.root.classList.add("busy");
    clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => { this.busy = false; this.root.classList.remove("busy"); }, 10000);
    this.conn.act(action);
  }

  ctx() {
    const names = this.names();
    return {
      t: i18n.t,
      cat: i18n.current(),
      catalog: gamedata.get(this.game, i18n.getLang()),
      view: this.view,
      legal: this.legal,
      notes: this.notes || [],
      noteOf: this.noteOf || (() => null),
      seat: this.seat,
      players: names,
      table: this.table,
      lastEvents: this.lastEvents,
      lastAction: this.lastAction,
      readOnly: false,
      ui: this.ui,
      act: (a) => this.act(a),
      rerender: () => this.render(),
      chip: (seat) => { this.chipsUsed = true; return this.chip(seat, names); },
      openGuide: (slug, anchor) => this.openGuide(slug, anchor),
      actionKey,
      hint: this.currentHint(),
    };
  }

  chip(seat, names) {
    const t = i18n.t;
    const s = (this.table.seats || []).find((x) => x.seat === seat) || {};
    const badges = this.mod.badges ? this.mod.badges(this.ctx0 || this.ctx(), seat) : [];
    const clock = this.clocks[seat];
    const kindIcon = s.kind === "bot" ? "bot" : s.kind === "hotseat" ? "device" : "person";
    return h("div", {
      class: ["chip", this.table.to_move === seat && "to-move", seat === this.seat && "me", this.lastAction && this.lastAction.seat === seat && "last", s.kind],
      dataset: { seat },
    },
    h("div", { class: "chip-line" },
      icon(kindIcon, "chip-icon"),
      h("span", { class: "chip-name", title: names[seat] }, names[seat]),
      seat === this.seat ? h("span", { class: "chip-you" }, t("web.table.you")) : null,
      s.kind !== "bot" && s.joined === false ? h("span", { class: "chip-away", title: t("web.table.not_joined") }, "…") : null,
      this.offline(s) && s.joined !== false ? h("span", { class: "chip-offline", "data-testid": "seat-offline" }, t("web.table.offline")) : null,
      clock ? h("span", { class: ["chip-clock", clock.running && "running"], dataset: { seat }, title: t("web.table.clock") }, formatClock(clock)) : null),
    this.offline(s) && this.table.status === "playing" && seat !== this.seat ? this.seatToBotButton(seat) : null,
    badges.length ? h("div", { class: "chip-badges" }, ...badges.map((b) => h("span", { class: `badge ${b.cls || ""}`, title: b.title || "", html: (b.html || "") + (b.text ? `<span>${esc(b.text)}</span>` : "") }))) : null);
  }

  // -- hints: what the game's easy bot would play for this seat (tables against bots or on one device) -------

  // the hint asked for this very decision of this seat, if any (it lapses once anything is played)
  currentHint() {
    const hint = this.hint;
    if (!hint || !this.table || hint.seq !== this.table.seq || hint.seat !== this.seat) return null;
    return this.legal.some((a) => actionKey(a) === actionKey(hint.action)) ? hint : null;
  }

  hintButton() {
    if (!this.table.hints || !this.isMyTurn() || this.currentHint()) return null;
    const btn = h("button", { type: "button", class: "button small ghost hint-button", "data-testid": "hint", title: i18n.t("web.hint.title") },
      icon("bulb"), h("span", { class: "label" }, i18n.t("web.hint.button")));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      btn.setAttribute("aria-busy", "true");
      btn.querySelector(".label").textContent = i18n.t("web.hint.thinking"); // a solo hint plays futures out (a second or two)
      const seat = this.seat;
      try {
        const hint = await api.hint(this.id, this.token);
        this.hint = { ...hint, seat };
      } catch (e) {
        const known = e instanceof ApiError && e.code && i18n.has(`error.${e.code}`);
        this.toast(known ? i18n.t(`error.${e.code}`) : i18n.t("web.hint.failed", { error: errorText(e) }), "error");
      }
      this.render();
    });
    return btn;
  }

  // -- taking a move back (tables against bots or on one device, no clock; the server decides) ----------

  undoButton() {
    if (!this.table || this.seat === null || this.table.undo !== this.seat || this.table.status !== "playing") return null;
    const btn = h("button", { type: "button", class: "button small ghost undo-button", "data-testid": "undo", title: i18n.t("web.undo.title") },
      icon("undo"), h("span", { class: "label" }, i18n.t("web.undo.button")));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        await api.undo(this.id, this.token); // the table comes back through the socket (sync)
      } catch (e) {
        const known = e instanceof ApiError && e.code && i18n.has(`error.${e.code}`);
        this.toast(known ? i18n.t(`error.${e.code}`) : i18n.t("web.undo.failed", { error: errorText(e) }), "error");
        btn.disabled = false;
      }
    });
    return btn;
  }

  takenBack(m) {
    if (this.mod.takenBack) this.mod.takenBack(this.ui);
    this.hint = null; // asked before the move taken back: the same seq may come again with another state
    this.busy = false;
    this.toast(m.seat === this.seat ? i18n.t("web.undo.done") : i18n.t("web.undo.done_by", { seat: m.seat }, this.names()));
    this.render();
  }

  // the suggestion in words, with a button that plays it (the game may place it on its board, too)
  hintLine(ctx, names) {
    const hint = ctx.hint;
    if (!hint) return null;
    const label = (this.mod.hintLabel && this.mod.hintLabel(ctx, hint)) || actionLabel(hint.action, names);
    const play = h("button", { type: "button", class: "button small primary", "data-testid": "hint-play" }, i18n.t("web.hint.play"));
    play.addEventListener("click", () => {
      if (this.mod.playHint && this.mod.playHint(ctx, hint)) return;
      this.act(hint.action);
    });
    return h("div", { class: "hint-line", role: "status", "data-testid": "hint-line" },
      icon("bulb"), h("span", null, i18n.t("web.hint.suggestion", { move: label })), play);
  }

  // the device that made the table may make the same one again once the game is over
  playAgainButton() {
    if (!(store.table(this.id) || {}).host) return null;
    const btn = h("button", { type: "button", class: "button", "data-testid": "play-again" }, i18n.t("web.table.play_again"));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        await playAgain(this.table, this.view && this.view.options);
      } catch (e) {
        this.toast(i18n.t("web.table.play_again_failed", { error: errorText(e) }), "error");
        btn.disabled = false;
      }
    });
    return btn;
  }

  // a human seat with no open socket (the server's presence); the host may hand it to a bot mid-game
  offline(s) {
    return s.kind === "human" && s.connected === false && this.table.status !== "over";
  }

  seatToBotButton(seat) {
    const entry = store.table(this.id) || {};
    if (!entry.host) return null;
    const bot = h("button", { type: "button", class: "button small chip-to-bot", "data-testid": "seat-to-bot" }, i18n.t("web.table.seat_to_bot"));
    bot.addEventListener("click", async () => {
      bot.disabled = true;
      try { await api.seatToBot(this.id, seat, entry.host, { level: "normal" }); } catch (e) { this.toast(errorText(e), "error"); bot.disabled = false; }
    });
    return bot;
  }

  // -- rendering --------------------------------------------------------------------------------------------

  renderHeader() {
    const t = i18n.t;
    if (!this.table) return;
    const extra = h("span", { class: "title-status" });
    const st = this.mod.status && this.view ? this.mod.status(this.ctx0 || this.ctx()) : null;
    if (st && st.round) extra.append(h("span", { class: "pill" }, t("web.table.round", { round: st.round })));
    if (this.table.status === "waiting") extra.append(h("span", { class: "pill" }, t("web.status.waiting")));
    else if (this.isMyTurn()) extra.append(h("span", { class: "pill your-turn" }, t("web.table.your_turn")));
    if (st && st.text) extra.append(h("span", { class: "status-text" }, st.text));
    else if (this.table.to_move !== null && this.table.to_move !== undefined) extra.append(h("span", { class: "status-text" }, t("web.table.to_move", { seat: this.table.to_move }, this.names())));
    if (st && st.lastRound) extra.append(h("span", { class: "pill warn" }, t("screen.last_round")));
    if (this.seat === null) extra.append(h("span", { class: "pill" }, t("web.table.spectator")));
    setTitle(gameTitle(this.table), extra);
    if (this.connEl) {
      const s = this.connState;
      this.connEl.className = `conn-dot ${s}`;
      const label = t(`web.conn.${s}`);
      this.connEl.title = label;
      this.connEl.setAttribute("aria-label", label);
      this.connEl.textContent = s === "reconnecting" ? label : "";
    }
  }

  isMyTurn() {
    return this.seat !== null && this.table && this.table.status !== "over" && this.legal.length > 0;
  }

  render() {
    if (!this.table || !this.view || !this.boardEl) return;
    const t = i18n.t;
    this.root.classList.toggle("busy", this.busy);
    this.ctx0 = null;
    const ctx = this.ctx();
    this.ctx0 = ctx;
    this.chipsUsed = false;
    this.renderHeader();

    // hot-seat hand-over: nothing of the previous player's private view stays in the page (not just
    // covered): the board, the journal, the action bar and the dialogs are emptied under the curtain
    const handOver = this.curtainSeat();
    if (handOver !== null) {
      clear(this.noticeEl);
      clear(this.boardEl);
      clear(this.playersEl);
      clear(this.barEl);
      clear(this.dialogLayer);
      clear(this.journalList);
      document.title = `${t("web.table.tab_your_turn")} · ${gameTitle(this.table)} · ${t("web.app.name")}`;
      if (!this.wasMine && soundOn()) beep();
      this.wasMine = true;
      this.renderCurtain(handOver);
      return;
    }

    // notices: bad token, waiting for players
    clear(this.noticeEl);
    if (this.notice) this.noticeEl.append(h("p", { class: "notice warn" }, this.notice));
    if (this.table.status === "waiting") this.noticeEl.append(this.waitingPanel());

    // the game's board
    let out;
    try {
      out = this.mod.render ? this.mod.render(ctx) : null;
    } catch (e) {
      console.error(e);
      out = null;
      this.noticeEl.append(h("p", { class: "notice error" }, t("web.error.generic", { message: String(e && e.message) })));
    }
    if (!out) out = { board: h("pre", { class: "raw-view" }, JSON.stringify(this.view, null, 1)), bar: [], dialog: null, handled: new Set() };
    if (this.switching) out.board = h("div", { class: "notice" }, t("web.table.loading"));
    clear(this.boardEl).append(out.board);

    // players panel (when the board does not show the seats itself)
    clear(this.playersEl);
    if (!this.chipsUsed) {
      const names = this.names();
      this.playersEl.append(h("h2", null, t("web.table.players")), ...names.map((_, i) => this.chip(i, names)));
    }
    clear(this.invitesEl).append(this.invitesPanel() || "");

    // action bar: the game's controls, then every legal action it did not claim
    clear(this.barEl);
    const bar = (out.bar || []).filter(Boolean);
    const handled = out.handled || new Set();
    const names = this.names();
    const other = this.legal.filter((a) => !handled.has(actionKey(a)));
    // a required choice shown in a dialog carries the hint itself (see below), not the bar under it
    const covered = out.dialog && out.dialog.kind === "required" && !this.switching && !(this.dialogHidden && out.dialog.title === this.dialogTitle);
    const group = h("div", { class: "bar-main" }, ...bar, covered ? null : this.hintButton(), covered ? null : this.undoButton());
    const hintLine = covered ? null : this.hintLine(ctx, names);
    if (other.length) {
      group.append(h("span", { class: "bar-label" }, t("web.table.other_moves")));
      for (const a of other.slice(0, 12)) group.append(h("button", { type: "button", class: "button generic-action", dataset: { action: a.type }, onclick: () => this.act(a) }, actionLabel(a, names)));
    }
    this.barEl.append(group);
    if (hintLine) this.barEl.append(hintLine);
    if (this.legal.length && (other.length > 12 || handled.size)) {
      const all = h("details", { class: "all-moves" }, h("summary", null, t("web.table.all_moves", { count: this.legal.length })),
        h("div", { class: "all-moves-list" }, ...this.legal.map((a) => h("button", { type: "button", class: "button small generic-action", onclick: () => this.act(a) }, actionLabel(a, names)))));
      this.barEl.append(all);
    }
    if (!this.legal.length) {
      const waitText = this.waitingText();
      if (waitText) this.barEl.append(h("span", { class: "bar-wait" }, waitText));
    }
    const result = this.mod.result ? this.mod.result(this.view) : this.view.result;
    if (result) {
      this.barEl.append(h("div", { class: "bar-main" },
        h("button", { type: "button", class: "button primary", onclick: () => this.showScores() }, t("web.table.show_scores")),
        this.playAgainButton(),
        h("a", { class: "button", href: `#/replay/${encodeURIComponent(this.id)}?seat=${this.seat ?? ""}` }, t("web.table.replay")),
        h("a", { class: "button ghost", href: "#/" }, t("web.nav.home"))));
    }

    // dialogs
    clear(this.dialogLayer);
    if (out.dialog && !this.switching) {
      if (out.dialog.title !== this.dialogTitle) { this.dialogTitle = out.dialog.title; this.dialogHidden = false; }
      if (this.dialogHidden && out.dialog.kind === "required") {
        this.dialogLayer.append(h("button", { type: "button", class: "button primary dialog-restore", onclick: () => { this.dialogHidden = false; this.render(); } }, t("web.table.back_to_choice", { title: out.dialog.title })));
      } else {
        // a choice that covers the table carries the hint too (the action bar is under it)
        const hintHere = out.dialog.kind === "required"
          ? [this.hintButton() || this.hintLine(ctx, names), this.undoButton()].filter(Boolean) : null;
        this.dialogLayer.append(renderDialog(out.dialog, { onHide: () => { this.dialogHidden = true; this.render(); }, extra: hintHere }));
      }
    } else {
      this.dialogTitle = null;
    }

    // scores
    this.scoresBtn.classList.toggle("hidden", !result);
    if (result && !this.scoresShown) { this.scoresShown = true; this.showScores(); }

    // tab title, sound, hot-seat curtain
    const mine = this.isMyTurn();
    const heldNext = this.curtainSeat();
    const name = gameTitle(this.table);
    document.title = (mine || heldNext !== null ? `${t("web.table.tab_your_turn")} · ` : "") + `${name} · ${t("web.app.name")}`;
    if ((mine || heldNext !== null) && !this.wasMine && soundOn()) beep();
    this.wasMine = mine || heldNext !== null;
    this.renderCurtain(heldNext);
  }

  waitingText() {
    const t = i18n.t;
    if (this.table.status === "waiting") return t("web.table.waiting_start");
    if (this.table.status === "over") return "";
    const m = this.table.to_move;
    if (m === null || m === undefined) return "";
    return t("web.table.waiting_for", { seat: m }, this.names());
  }

  waitingPanel() {
    const t = i18n.t;
    const entry = store.table(this.id) || {};
    const names = this.names();
    const missing = (this.table.seats || []).filter((s) => s.kind !== "bot" && !s.joined);
    const panel = h("div", { class: "panel waiting-panel" }, h("h2", null, t("web.table.waiting_title")));
    if (missing.length) panel.append(h("p", null, t("web.table.waiting_players", { seats: missing.map((s) => s.seat) }, names)));
    // the host's device: every invited seat's link, a new link, and a bot for a seat nobody took
    if (entry.host) panel.append(...this.inviteRows());
    if (entry.host) {
      const btn = h("button", { type: "button", class: "button primary" }, t("web.table.start_now"));
      btn.addEventListener("click", async () => {
        btn.disabled = true;
        try { await api.start(this.id, entry.host); } catch (e) { this.toast(errorText(e), "error"); btn.disabled = false; }
      });
      panel.append(h("div", { class: "button-row" }, btn));
    }
    return panel;
  }

  askJoin() {
    const t = i18n.t;
    const names = this.names();
    const input = h("input", { type: "text", maxlength: "32", value: store.name(), placeholder: names[this.seat], id: "join-name" });
    const go = h("button", { type: "submit", class: "button primary" }, t("web.table.join_button"));
    const form = h("form", { class: "join-dialog-form" }, h("label", { for: "join-name" }, t("web.lobby.name_label")), input, go);
    const layer = h("div", { class: "overlay required join-overlay" },
      h("div", { class: "dialog" }, h("div", { class: "dialog-head" }, h("h2", null, t("web.table.join_title", { number: this.seat + 1 }))),
        h("div", { class: "dialog-body" }, h("p", null, t("web.table.join_text")), form)));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      go.disabled = true;
      const name = input.value.trim();
      if (name) store.setName(name);
      try {
        const doc = await api.join(this.id, this.token, name || undefined);
        layer.remove();
        if (doc.token && doc.token !== this.token) this.takeToken(doc.token, !!doc.host);
        this.applySync(doc);
      } catch (err) {
        if (err instanceof ApiError && (err.code === "invite_spent" || err.code === "token_revoked")) {
          layer.remove();
          this.lostSeat(err.code);
          return;
        }
        go.disabled = false;
        this.toast(errorText(err), "error");
      }
    });
    this.root.append(layer);
    input.focus();
  }

  // joining spent the invite link: this device keeps the seat's own token from now on (reloads use it); a link
  // to the host's own seat makes this device a host too
  takeToken(token, host = false) {
    const kind = (this.held()[this.seat] || {}).kind || "human";
    store.addSeat(this.id, this.seat, token, kind, this.game);
    if (host) store.update(this.id, (e) => { e.host = e.host || token; });
    this.token = token;
    if (this.conn) this.conn.setToken(token);
  }

  // this device's token no longer holds its seat (the host made the seat a new link, or its invite was used
  // elsewhere): say so, forget it, and go on watching as a spectator
  lostSeat(code) {
    store.dropToken(this.id, this.token);
    this.notice = i18n.t(code === "invite_spent" ? "web.table.invite_spent" : "web.table.token_revoked");
    this.token = null;
    this.seat = null;
    this.ui = {};
    this.setMoves({});
    if (this.conn) this.conn.setToken(null);
    this.render();
  }

  // -- invite links, on the host's device: each invited seat's link, with a copy button and "New link" --------

  // `own`: also the host's own seat (a link to open it on another device)
  inviteRows({ own = false } = {}) {
    const t = i18n.t;
    const entry = store.table(this.id) || {};
    if (!entry.host || !this.table) return [];
    const held = this.held();
    const invites = entry.invites || {};
    const rows = [];
    for (const s of this.table.seats || []) {
      if (s.kind !== "human") continue;
      const mine = !!held[s.seat] && held[s.seat].token === entry.host;
      if (mine && !own) continue;
      const url = invites[s.seat] || invites[String(s.seat)];
      const shown = url && !url.includes(entry.host) ? url : null; // never the host's own token
      const row = h("div", { class: ["invite", this.inviteFresh === s.seat && "fresh"], dataset: { seat: s.seat }, "data-testid": "invite-row" },
        h("p", { class: "small" }, mine ? t("web.invite.own_seat") : t("web.new.invite", { number: s.seat + 1 })));
      if (shown) row.append(linkLine(shown, { "data-testid": "invite-link", "aria-label": t("web.new.invite", { number: s.seat + 1 }) }));
      if (this.inviteConfirm === s.seat) {
        row.append(this.inviteConfirmBox(s.seat, mine));
      } else {
        const buttons = h("div", { class: "button-row invite-buttons" }, this.newLinkButton(s.seat));
        if (this.table.status === "waiting" && !s.joined) {
          // the host may hand a seat nobody took to a bot
          const bot = h("button", { type: "button", class: "button small" }, t("web.table.seat_to_bot"));
          bot.addEventListener("click", async () => {
            bot.disabled = true;
            try { await api.seatToBot(this.id, s.seat, entry.host, { level: "normal" }); } catch (e) { this.toast(errorText(e), "error"); bot.disabled = false; }
          });
          buttons.append(bot);
        }
        row.append(buttons);
      }
      rows.push(row);
    }
    return rows;
  }

  newLinkButton(seat) {
    const btn = h("button", { type: "button", class: "button small", "data-testid": "invite-new" }, i18n.t("web.invite.new_link"));
    btn.addEventListener("click", () => { this.inviteConfirm = seat; this.render(); });
    return btn;
  }

  inviteConfirmBox(seat, mine) {
    const t = i18n.t;
    const yes = h("button", { type: "button", class: "button small primary", "data-testid": "invite-confirm" }, t("web.invite.make"));
    const no = h("button", { type: "button", class: "button small ghost" }, t("web.new.cancel"));
    no.addEventListener("click", () => { this.inviteConfirm = null; this.render(); });
    yes.addEventListener("click", async () => {
      yes.disabled = true;
      no.disabled = true;
      try {
        const res = await api.reissueInvite(this.id, seat, (store.table(this.id) || {}).host);
        store.update(this.id, (e) => { e.invites = { ...(e.invites || {}), [seat]: res.invite_link }; });
        this.inviteFresh = seat;
        this.invitesOpen = true;
        this.toast(t("web.invite.done", { number: seat + 1 }));
      } catch (e) {
        this.toast(errorText(e), "error");
      }
      this.inviteConfirm = null;
      this.render();
    });
    return h("div", { class: "invite-confirm", role: "alert", "data-testid": "invite-confirm-box" },
      h("p", null, t(mine ? "web.invite.confirm_own" : "web.invite.confirm", { number: seat + 1 })),
      h("div", { class: "button-row" }, yes, no));
  }

  // during the game, the host's links sit folded in the side panel
  invitesPanel() {
    if (!this.table || this.table.status !== "playing") return null;
    const rows = this.inviteRows({ own: true });
    if (!rows.length) return null;
    const t = i18n.t;
    const box = h("details", { class: "panel invite-panel", "data-testid": "invite-panel", open: !!this.invitesOpen },
      h("summary", null, t("web.invite.title")), h("p", { class: "small muted" }, t("web.invite.help")), ...rows);
    box.addEventListener("toggle", () => { this.invitesOpen = box.open; });
    return box;
  }

  showScores() {
    const t = i18n.t;
    const result = this.mod.result ? this.mod.result(this.view) : this.view.result;
    if (!result) return;
    const close = () => layer.remove();
    const layer = renderDialog({
      title: t("web.table.scores_title"),
      kind: "picker",
      onClose: close,
      cls: "scores-dialog",
      body: [this.mod.scoreTable ? this.mod.scoreTable(result, this.names(), this.seat) : scoreTable(result, this.mod.scoreColumns, this.names(), this.seat)],
      buttons: [
        this.playAgainButton(),
        h("a", { class: "button", href: `#/replay/${encodeURIComponent(this.id)}?seat=${this.seat ?? ""}` }, t("web.table.replay")),
        h("a", { class: "button", href: api.recordUrl(this.id, this.token), download: `${this.game}-${this.id}.json` }, icon("download"), t("web.table.download_record")),
        h("button", { type: "button", class: "button primary", onclick: close }, t("web.table.close")),
      ],
    });
    this.root.append(layer);
  }

  // -- hot-seat ----------------------------------------------------------------------------------------------

  // The seat this device should hand over to: another seat it holds whose move it is now.
  curtainSeat() {
    if (!this.table || this.table.status !== "playing") return null;
    const held = this.held();
    if (Object.keys(held).length < 2) return null;
    const next = this.table.to_move;
    if (next === null || next === undefined || next === this.seat || !held[next]) return null;
    return next;
  }

  renderCurtain(seat) {
    const t = i18n.t;
    clear(this.curtainLayer);
    if (seat === null) return;
    const names = this.names();
    const go = h("button", { type: "button", class: "button primary big", "data-testid": "hotseat-ready" }, t("web.table.hotseat_ready", { seat }, names));
    go.addEventListener("click", () => this.switchSeat(seat));
    this.curtainLayer.append(h("div", { class: "curtain", "data-testid": "hotseat-curtain", role: "dialog", "aria-modal": "true" },
      h("div", { class: "curtain-box" }, icon("device", "curtain-icon"),
        h("h2", null, t("web.table.hotseat_pass", { seat }, names)),
        h("p", null, t("web.table.hotseat_hint")), go,
        // the player who just moved, still holding the device, may take that move back
        h("div", { class: "curtain-undo" }, this.undoButton()))));
    go.focus();
  }

  switchSeat(seat) {
    const held = this.held();
    if (!held[seat]) return;
    this.token = held[seat].token;
    this.seat = seat;
    this.switching = true;
    this.ui = {};
    this.setMoves({});
    this.render();
    this.conn.setToken(this.token);
  }
}

function clockLeft(c) {
  return Math.max(0, c.remaining - (c.running ? (Date.now() - c.at) / 1000 : 0));
}

function formatClock(c) {
  const left = clockLeft(c);
  const m = Math.floor(left / 60);
  const s = Math.floor(left % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}
