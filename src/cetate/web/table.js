// The table page (#/t/{id}): the generic frame around a game's board. It knows no game's rules: the game
// module (games/<id>.js) draws the board from the view and claims the legal actions it offers controls for;
// every other legal action is still offered as a plain button. The page wires its components, each with one
// concern (table/*.js):
//   state     what the server said (summary, view, legal actions and notes; syncs and updates merged)
//   seating   which seat and token this device plays with: invite links, joining, lost seats, hot-seat switch
//   header    the title's status pills and the header's buttons (connection, scores, sound, guide)
//   seats     the players' chips          clocks   the time controls       journal  the events in words
//   chat      the table's chat            bar      the action bar          dialogs  the game's dialogs, toasts
//   hints     hint and take-back          invites  the host's links, the waiting panel
//   curtain   the hot-seat hand-over      scores   the end of the game     sound    the "your turn" alert
import * as i18n from "./i18n.js";
import { store, TableConnection } from "./api.js";
import { h, clear } from "./dom.js";
import * as gamedata from "./gamedata.js";
import { gameModule } from "./registry.js";
import { actionKey } from "./kit.js";
import { GuidePanel } from "./guide.js";
import { TableState } from "./table/state.js";
import { openTable, Seating } from "./table/seating.js";
import { TableHeader } from "./table/header.js";
import { SeatChips } from "./table/seats.js";
import { Clocks } from "./table/clocks.js";
import { Journal } from "./table/journal.js";
import { Chat } from "./table/chat.js";
import { ActionBar } from "./table/bar.js";
import { DialogLayer, Toast } from "./table/dialogs.js";
import { HintUndo } from "./table/hints.js";
import { Invites } from "./table/invites.js";
import { Curtain } from "./table/curtain.js";
import { EndOfGame } from "./table/scores.js";
import { TurnAlert } from "./table/sound.js";
import { gameTitle } from "./table/labels.js";

const BUSY_MS = 10000; // an action without an answer frees the controls again after this long

export class TablePage {
  constructor(id, query) {
    this.id = id;
    this.query = query;
    this.game = null;
    this.mod = {};
    this.state = new TableState(id);
    this.ui = {}; // the game module's own choices in progress (a picker open, a card selected...)
    this.notice = null; // a line above the board: a link that no longer holds its seat, a refused socket
    this.busy = false; // an action is on its way
    this.switching = false; // hot seat: waiting for the next seat's sync
    this.ctx0 = null; // the ctx of the drawing under way
    this.conn = null;
    this.guide = null;
    this.clocks = new Clocks();
    this.journal = new Journal();
    this.chat = new Chat(this);
    this.seats = new SeatChips(this);
    this.bar = new ActionBar(this);
    this.dialogs = new DialogLayer(() => this.render());
    this.toaster = new Toast();
    this.hints = new HintUndo(this);
    this.invites = new Invites(this);
    this.seating = new Seating(this);
    this.curtain = new Curtain(this);
    this.header = new TableHeader(this);
    this.end = new EndOfGame(this);
    this.alert = new TurnAlert();
  }

  async mount(root) {
    this.root = root;
    root.classList.add("table-page");
    root.append(h("div", { class: "notice" }, i18n.t("web.table.loading")));
    const { doc, token, notice } = await openTable(this.id, this.query, () => this.state.held());
    if (!doc) {
      await i18n.use("");
      clear(root).append(h("div", { class: "notice error" }, h("p", null, i18n.t("web.table.not_found")), h("a", { class: "button", href: "#/" }, i18n.t("web.nav.home"))));
      return;
    }
    if (notice) this.notice = notice;
    this.game = doc.table.game;
    this.state.game = this.game;
    store.update(this.id, (e) => { e.game = this.game; });
    await i18n.use(this.game);
    await this.loadData();
    this.mod = await gameModule(this.game);
    this.guide = new GuidePanel(this.game);
    this.state.token = token;
    this.state.seat = doc.seat ?? null;
    this.buildFrame();
    this.applySync(doc);
    if (this.seating.needsJoin(doc)) this.seating.askJoin();
    this.conn = new TableConnection(this.id, this.state.token, {
      onSync: (m) => this.applySync(m),
      onUpdate: (m) => this.applyUpdate(m),
      onError: (m) => this.onActError(m),
      onClock: (m) => { this.clocks.set(m); this.clocks.tick(this.root); },
      onPresence: (m) => { if (this.state.applyPresence(m)) this.render(); },
      onChat: (line) => this.chat.add(line),
      onTakenBack: (m) => this.hints.takenBack(m),
      onUndo: (m) => this.hints.undoable(m),
      onStatus: (s) => this.header.setConnection(s),
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
    this.clocks.start(this.root);
  }

  unmount() {
    if (this.conn) this.conn.close();
    if (this.guide) this.guide.close();
    if (this.keyHandler) document.removeEventListener("keydown", this.keyHandler);
    if (this.barObserver) this.barObserver.disconnect();
    this.clocks.stop();
    document.title = i18n.t("web.app.name");
  }

  async onLang() {
    await i18n.use(this.game);
    await this.loadData();
    this.buildFrame();
    this.journal.renderAll(this.state.names(), this.mod);
    this.chat.render();
    this.render();
    if (this.guide) await this.guide.relabel();
  }

  // the game's static catalog in the current language (ctx.catalog); a page without it still draws what it can
  async loadData() {
    try { await gamedata.load(this.game, i18n.getLang()); } catch (e) { console.error(e); }
  }

  // -- the frame: the board and the bar, the side panel, the layers above, the header's buttons ------------

  buildFrame() {
    const root = clear(this.root);
    this.boardEl = h("div", { class: "tp-board" });
    this.noticeEl = h("div", { class: "tp-notice" });
    this.invitesEl = h("div", { class: "tp-invites" });
    root.append(
      h("div", { class: "tp-main" }, this.noticeEl, this.boardEl, this.bar.element()),
      h("aside", { class: "tp-side" }, this.seats.element(), this.invitesEl, this.journal.element(), this.chat.element()),
      this.dialogs.el, this.curtain.el, this.toaster.el);
    this.header.build();
    this.watchBar();
  }

  // the action bar's height as --bar-h on the page: on a phone the bar sticks to the bottom of the screen and the
  // game's hand sticks just above it (style.css, "phone layout"), so the decision and its cards share the screen
  watchBar() {
    if (this.barObserver) this.barObserver.disconnect();
    const bar = this.bar.el;
    const set = () => this.root.style.setProperty("--bar-h", `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    if (typeof ResizeObserver === "function") {
      this.barObserver = new ResizeObserver(set);
      this.barObserver.observe(bar);
    }
    set();
  }

  openGuide(slug, anchor) {
    if (!this.guide) return;
    if (!slug && this.mod.guideSection && this.state.view) {
      const g = this.mod.guideSection(this.ctx());
      slug = g.slug;
      anchor = g.anchor;
    }
    this.guide.open(slug, anchor);
  }

  showScores() {
    this.end.show();
  }

  toast(text, kind = "") {
    this.toaster.show(text, kind);
  }

  // -- what the server sends -------------------------------------------------------------------------------

  applySync(m) {
    this.clocks.read(m.table);
    this.state.applySync(m);
    this.journal.reset(m.journal);
    this.busy = false;
    this.switching = false;
    this.journal.renderAll(this.state.names(), this.mod);
    this.chat.reset(m.chat);
    this.chat.render();
    this.render();
  }

  applyUpdate(m) {
    this.state.applyUpdate(m);
    this.clocks.read(this.state.table);
    this.journal.add(this.state.lastEvents, this.state.names(), this.mod);
    this.busy = false;
    clearTimeout(this.busyTimer);
    this.render();
  }

  onActError(m) {
    this.busy = false;
    clearTimeout(this.busyTimer);
    const code = m.code;
    if ((code === "token_revoked" || code === "invite_spent") && this.state.token) { this.seating.lostSeat(code); return; }
    if (!m.key) { this.toast(i18n.t("web.error.server", { message: m.message || code }), "error"); this.render(); return; }
    const text = code && i18n.has(`error.${code}`) ? i18n.t(`error.${code}`, { detail: m.message }) : i18n.t("web.table.refused", { message: m.message || code });
    this.toast(text, "error");
    this.render();
  }

  act(action) {
    if (this.busy || !this.conn) return;
    this.busy = true;
    this.root.classList.add("busy");
    clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => { this.busy = false; this.root.classList.remove("busy"); }, BUSY_MS);
    this.conn.act(action);
  }

  // -- drawing -----------------------------------------------------------------------------------------------

  // on a phone, a decision that comes to this seat opens at the top of the page: the board's head, then what
  // sticks above the action bar (the hand), so that the page scrolled down for the last one hides nothing now
  toTop(mine) {
    const key = mine ? `${this.state.view && this.state.view.phase}` : null;
    if (key !== null && key !== this.lastDecision && window.matchMedia && window.matchMedia("(max-width: 760px)").matches) window.scrollTo(0, 0);
    this.lastDecision = key;
  }

  // what the game module draws from (docs: the `ctx` of a game module)
  ctx() {
    const st = this.state;
    const names = st.names();
    return {
      t: i18n.t,
      cat: i18n.current(),
      catalog: gamedata.get(this.game, i18n.getLang()),
      view: st.view,
      legal: st.legal,
      notes: st.notes || [],
      noteOf: st.noteOf || (() => null),
      seat: st.seat,
      players: names,
      table: st.table,
      lastEvents: st.lastEvents,
      lastAction: st.lastAction,
      readOnly: false,
      ui: this.ui,
      act: (a) => this.act(a),
      rerender: () => this.render(),
      chip: (seat) => { this.seats.used = true; return this.seats.chip(seat, names); },
      openGuide: (slug, anchor) => this.openGuide(slug, anchor),
      actionKey,
      hint: this.hints.current(),
    };
  }

  currentCtx() {
    return this.ctx0 || this.ctx();
  }

  render() {
    const st = this.state;
    if (!st.table || !st.view || !this.boardEl) return;
    const t = i18n.t;
    this.root.classList.toggle("busy", this.busy);
    this.ctx0 = null;
    const ctx = this.ctx();
    this.ctx0 = ctx;
    this.seats.used = false;
    this.header.render();

    // hot-seat hand-over: nothing of the previous player's private view stays in the page (not just
    // covered): the board, the journal, the action bar and the dialogs are emptied under the curtain
    const handOver = st.curtainSeat();
    if (handOver !== null) {
      clear(this.noticeEl);
      clear(this.boardEl);
      this.seats.blank();
      this.bar.blank();
      this.dialogs.blank();
      this.journal.blank();
      document.title = `${t("web.table.tab_your_turn")} · ${gameTitle(st.table)} · ${t("web.app.name")}`;
      this.alert.update(true);
      this.curtain.render(handOver);
      return;
    }

    // notices: bad token, waiting for players
    clear(this.noticeEl);
    if (this.notice) this.noticeEl.append(h("p", { class: "notice warn" }, this.notice));
    if (st.table.status === "waiting") this.noticeEl.append(this.invites.waitingPanel());

    // the game's board
    let out;
    try {
      out = this.mod.render ? this.mod.render(ctx) : null;
    } catch (e) {
      console.error(e);
      out = null;
      this.noticeEl.append(h("p", { class: "notice error" }, t("web.error.generic", { message: String(e && e.message) })));
    }
    if (!out) out = { board: h("pre", { class: "raw-view" }, JSON.stringify(st.view, null, 1)), bar: [], dialog: null, handled: new Set() };
    if (this.switching) out.board = h("div", { class: "notice" }, t("web.table.loading"));
    clear(this.boardEl).append(out.board);

    // players panel (when the board does not show the seats itself), the host's links
    this.seats.render();
    clear(this.invitesEl).append(this.invites.panel() || "");

    // the action bar, and the game's dialog (a required choice carries the hint itself, not the bar under it)
    const dialog = this.switching ? null : out.dialog;
    const result = this.end.result();
    this.bar.render(out, ctx, this.dialogs.covers(dialog), result);
    const names = st.names();
    this.dialogs.render(dialog, () => [this.hints.hintButton() || this.hints.hintLine(ctx, names), this.hints.undoButton()], this.toaster);

    // scores
    this.header.showScoresButton(!!result);
    this.end.showOnce(result);

    // tab title, sound, hot-seat curtain
    const mine = st.isMyTurn();
    this.toTop(mine);
    const heldNext = st.curtainSeat();
    document.title = (mine || heldNext !== null ? `${t("web.table.tab_your_turn")} · ` : "") + `${gameTitle(st.table)} · ${t("web.app.name")}`;
    this.alert.update(mine || heldNext !== null);
    this.curtain.render(heldNext);
  }
}
