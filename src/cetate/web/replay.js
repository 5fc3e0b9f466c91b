// The replay of a finished game (#/replay/{id}?seat=): step forward and back from any seat's perspective, and
// compare a person's moves with what the game's easy bot would have played (GET /api/tables/{id}/review).
import * as i18n from "./i18n.js";
import { api, store, ApiError } from "./api.js";
import { h, clear, icon } from "./dom.js";
import { setTitle, headerSlot } from "./header.js";
import { errorText } from "./errors.js";
import * as gamedata from "./gamedata.js";
import { gameModule } from "./registry.js";
import { actionKey } from "./kit.js";
import { GuidePanel } from "./guide.js";
import { moveLabel, seatNames } from "./table/labels.js";
import { renderJournal } from "./table/journal.js";
import { gameScoreTable } from "./table/scores.js";
import { chipBadges } from "./table/seats.js";

export class ReplayPage {
  constructor(id, query) {
    this.id = id;
    const s = query.get("seat");
    this.seat = s === null || s === "" ? null : Number(s);
    this.step = query.has("step") ? Number(query.get("step")) : null;
    this.ui = {};
    this.playing = false;
  }

  async mount(root) {
    this.root = root;
    root.classList.add("replay-page");
    root.append(h("div", { class: "notice" }, i18n.t("web.table.loading")));
    await this.load();
    this.keyHandler = (e) => {
      if (e.target && /input|select|textarea/i.test(e.target.tagName)) return;
      if (e.key === "ArrowRight") this.go(this.step + 1);
      else if (e.key === "ArrowLeft") this.go(this.step - 1);
      else if (e.key === "Home") this.go(0);
      else if (e.key === "End") this.go(this.steps.length - 1);
    };
    document.addEventListener("keydown", this.keyHandler);
  }

  unmount() {
    this.stop();
    if (this.keyHandler) document.removeEventListener("keydown", this.keyHandler);
    if (this.guide) this.guide.close();
  }

  async load() {
    let doc;
    try {
      doc = await api.replay(this.id, this.seat === null ? undefined : this.seat);
    } catch (e) {
      await i18n.use("");
      const msg = e instanceof ApiError && e.status === 409 ? i18n.t("web.replay.not_finished") : e instanceof ApiError && e.status === 404 ? i18n.t("web.table.not_found") : errorText(e);
      clear(this.root).append(h("div", { class: "notice error" }, h("p", null, msg),
        h("div", { class: "button-row" }, h("a", { class: "button", href: `#/t/${encodeURIComponent(this.id)}` }, i18n.t("web.replay.to_table")), h("a", { class: "button ghost", href: "#/" }, i18n.t("web.nav.home")))));
      return;
    }
    this.record = doc.record || {};
    this.steps = doc.steps || [];
    this.game = this.record.game || (this.steps[0] && this.steps[0].view && this.steps[0].view.game);
    await i18n.use(this.game);
    try { await gamedata.load(this.game, i18n.getLang()); } catch (e) { console.error(e); }
    this.mod = await gameModule(this.game);
    this.guide = this.guide || new GuidePanel(this.game);
    if (this.step === null || !(this.step >= 0 && this.step < this.steps.length)) this.step = this.steps.length - 1;
    this.review = null;
    this.build();
    this.render();
  }

  async onLang() {
    await i18n.use(this.game);
    try { await gamedata.load(this.game, i18n.getLang()); } catch (e) { console.error(e); }
    this.build();
    this.render();
    if (this.guide) await this.guide.relabel();
  }

  names() {
    const seats = (this.record.seats || []).map((s, i) => ({ seat: s.seat ?? i, ...s }));
    const first = this.steps[0] && this.steps[0].view;
    return seatNames(seats, first && first.players ? first.players.length : seats.length);
  }

  build() {
    const t = i18n.t;
    const root = clear(this.root);
    const names = this.names();
    const seatSel = h("select", { id: "replay-seat", "aria-label": t("web.replay.seen_by") });
    seatSel.append(h("option", { value: "", selected: this.seat === null }, t("web.replay.spectator")));
    names.forEach((n, i) => seatSel.append(h("option", { value: i, selected: this.seat === i }, n)));
    seatSel.addEventListener("change", async () => {
      this.seat = seatSel.value === "" ? null : Number(seatSel.value);
      history.replaceState(null, "", `#/replay/${encodeURIComponent(this.id)}?seat=${seatSel.value}&step=${this.step}`);
      await this.load();
    });
    this.slider = h("input", { type: "range", min: "0", max: String(Math.max(0, this.steps.length - 1)), value: String(this.step), class: "replay-slider", "aria-label": t("web.replay.position") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    const btn = (name, label, fn) => h("button", { type: "button", class: "icon-button", title: label, "aria-label": label, onclick: fn }, icon(name));
    this.playBtn = btn("play", t("web.replay.play"), () => (this.playing ? this.stop() : this.play()));
    this.stepLabel = h("span", { class: "replay-step" });
    this.actionLabel = h("div", { class: "replay-action" });
    const entry = store.table(this.id);
    const token = entry && entry.seats && this.seat !== null && entry.seats[this.seat] ? entry.seats[this.seat].token : null;
    const controls = h("div", { class: "replay-controls panel" },
      h("label", { class: "replay-seat" }, h("span", null, t("web.replay.seen_by")), seatSel),
      h("div", { class: "replay-buttons" },
        btn("first", t("web.replay.first"), () => this.go(0)),
        btn("prev", t("web.replay.prev"), () => this.go(this.step - 1)),
        this.playBtn,
        btn("next", t("web.replay.next"), () => this.go(this.step + 1)),
        btn("last", t("web.replay.last"), () => this.go(this.steps.length - 1))),
      this.slider, this.stepLabel,
      h("a", { class: "button small", href: api.recordUrl(this.id, token), download: `${this.game}-${this.id}.json` }, icon("download"), t("web.replay.download")));
    this.reviewBox = h("div", { class: "replay-review" });
    controls.append(this.reviewBox);
    this.renderReviewBox();
    this.boardEl = h("div", { class: "tp-board" });
    this.journalList = h("ol", { class: "journal-list" });
    this.journalBox = h("div", { class: "journal-scroll" }, this.journalList);
    this.dialogLayer = h("div", { class: "tp-dialog-layer" });
    root.append(
      h("div", { class: "tp-main" }, controls, this.actionLabel, this.boardEl),
      h("aside", { class: "tp-side" }, h("section", { class: "tp-journal" }, h("h2", null, t("web.table.journal")), this.journalBox)),
      this.dialogLayer);
    setTitle(`${t("web.replay.title")} · ${i18n.has("game.name") ? t("game.name") : this.game}`);
    document.title = `${t("web.replay.title")} · ${t("web.app.name")}`;
    const slot = clear(headerSlot());
    slot.append(h("button", { type: "button", class: "button small guide-button", onclick: () => this.guide.open() }, icon("book"), h("span", { class: "label" }, t("web.table.guide"))));
  }

  // -- comparing a person's moves with the easy bot ---------------------------------------------------------

  reviewable() {
    const s = (this.record.seats || [])[this.seat];
    return this.seat !== null && !!s && s.kind !== "bot";
  }

  renderReviewBox() {
    const t = i18n.t;
    clear(this.reviewBox);
    if (!this.reviewable()) return;
    if (!this.review) {
      const btn = h("button", { type: "button", class: "button small", "data-testid": "review", title: t("web.review.title") }, icon("bot"), t("web.review.button"));
      btn.addEventListener("click", async () => {
        btn.disabled = true;
        try {
          const doc = await api.review(this.id, this.seat);
          const bySeq = new Map(doc.steps.map((x) => [x.seq, x]));
          this.review = { seat: doc.seat, bySeq, moves: doc.moves, differ: doc.steps.filter((x) => !x.same).length };
        } catch (e) {
          btn.disabled = false;
          this.reviewBox.append(h("span", { class: "form-error" }, t("web.review.failed", { error: errorText(e) })));
          return;
        }
        this.renderReviewBox();
        this.render();
      });
      this.reviewBox.append(btn);
      return;
    }
    const jump = (dir) => {
      const idx = this.steps.map((st, i) => i).filter((i) => {
        const r = this.review.bySeq.get(this.steps[i].seq);
        return r && !r.same && (dir > 0 ? i > this.step : i < this.step);
      });
      if (idx.length) this.go(dir > 0 ? idx[0] : idx[idx.length - 1]);
    };
    this.reviewBox.append(
      h("span", { class: "replay-review-summary", "data-testid": "review-summary" }, t("web.review.summary", { count: this.review.moves, differ: this.review.differ })),
      h("button", { type: "button", class: "button small ghost", "data-testid": "review-prev", onclick: () => jump(-1) }, `◀ ${t("web.review.prev")}`),
      h("button", { type: "button", class: "button small ghost", "data-testid": "review-next", onclick: () => jump(1) }, `${t("web.review.next")} ▶`));
  }

  go(k) {
    if (!this.steps || !this.steps.length) return;
    const next = Math.max(0, Math.min(this.steps.length - 1, k));
    if (next === this.step && this.rendered) return;
    this.step = next;
    this.render();
  }

  play() {
    this.playing = true;
    clear(this.playBtn).append(icon("pause"));
    if (this.step >= this.steps.length - 1) this.step = 0;
    this.timer = setInterval(() => {
      if (this.step >= this.steps.length - 1) { this.stop(); return; }
      this.go(this.step + 1);
    }, 700);
  }

  stop() {
    this.playing = false;
    clearInterval(this.timer);
    if (this.playBtn) clear(this.playBtn).append(icon("play"));
  }

  render() {
    if (!this.steps || !this.steps.length) return;
    this.rendered = true;
    const t = i18n.t;
    const names = this.names();
    const step = this.steps[this.step];
    this.slider.value = String(this.step);
    this.stepLabel.textContent = t("web.replay.step", { step: this.step, total: this.steps.length - 1 });
    clear(this.actionLabel);
    const prev = this.steps[this.step - 1];
    // a move in words as the game module says it, from the view it was chosen in (the step before)
    const label = (a) => moveLabel(this.mod, { t: i18n.t, catalog: gamedata.get(this.game, i18n.getLang()), view: prev && prev.view, players: names, seat: this.seat }, a, names);
    if (step.action) {
      const who = prev && prev.view && Number.isInteger(prev.view.to_move) ? prev.view.to_move : null;
      this.actionLabel.append(h("span", { class: "muted" }, t("web.replay.move")), " ",
        h("strong", null, label(step.action)), who !== null ? ` (${names[who] ?? ""})` : "");
    } else {
      this.actionLabel.append(h("span", { class: "muted" }, t("web.replay.start")));
    }
    const compared = this.review && this.review.seat === this.seat ? this.review.bySeq.get(step.seq) : null;
    if (compared && step.action) {
      this.actionLabel.append(compared.same
        ? h("div", { class: "replay-bot agrees", "data-testid": "review-note" }, icon("bot"), t("web.review.agrees"))
        : h("div", { class: "replay-bot differs", "data-testid": "review-note" }, icon("bot"), t("web.review.differs", { move: label(compared.suggested) })));
    }
    const ctx = {
      t: i18n.t, cat: i18n.current(), catalog: gamedata.get(this.game, i18n.getLang()), view: step.view, legal: [],
      notes: [], noteOf: () => null, seat: this.seat, players: names,
      table: { seats: (this.record.seats || []).map((s, i) => ({ seat: i, ...s, joined: true })), to_move: step.view ? step.view.to_move : null, status: "over" },
      lastEvents: step.events || [], lastAction: null, readOnly: true, ui: this.ui,
      act: () => {}, rerender: () => this.render(),
      chip: (seat) => this.chip(seat, names, ctx), openGuide: (slug, anchor) => this.guide.open(slug, anchor), actionKey,
    };
    let out = null;
    try { out = this.mod.render ? this.mod.render(ctx) : null; } catch (e) { console.error(e); }
    clear(this.boardEl).append(out ? out.board : h("pre", { class: "raw-view" }, JSON.stringify(step.view, null, 1)));
    const entries = [];
    for (let i = 0; i <= this.step; i++) for (const ev of this.steps[i].events || []) entries.push({ ev, last: i === this.step });
    renderJournal(this.journalList, entries, names, this.mod);
    this.journalBox.scrollTop = this.journalBox.scrollHeight;
    clear(this.dialogLayer);
    const result = step.view && (this.mod.result ? this.mod.result(step.view) : step.view.result);
    if (result && this.step === this.steps.length - 1) {
      this.boardEl.append(h("section", { class: "panel replay-scores" }, h("h2", null, t("web.table.scores_title")), gameScoreTable(this.mod, result, names, this.seat)));
    }
  }

  chip(seat, names, ctx) {
    const s = (this.record.seats || [])[seat] || {};
    const badges = this.mod.badges ? this.mod.badges(ctx, seat) : [];
    return h("div", { class: ["chip", ctx.view.to_move === seat && "to-move", seat === this.seat && "me", s.kind], dataset: { seat } },
      h("div", { class: "chip-line" }, icon(s.kind === "bot" ? "bot" : "person", "chip-icon"), h("span", { class: "chip-name" }, names[seat]),
        seat === this.seat ? h("span", { class: "chip-you" }, i18n.t("web.replay.viewpoint")) : null),
      chipBadges(badges));
  }
}
