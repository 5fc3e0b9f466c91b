// The table's part of the site header: the title with the status pills (round, your turn, whose move, last
// round, spectator), and the buttons in the header's slot (connection, scores, sound, rules guide).
import * as i18n from "../i18n.js";
import { h, clear, icon } from "../dom.js";
import { setTitle, headerSlot } from "../header.js";
import { soundOn, setSound, beep } from "./sound.js";
import { gameTitle } from "./labels.js";

export class TableHeader {
  // page: its state, mod, currentCtx(), showScores() and openGuide()
  constructor(page) {
    this.page = page;
    this.conn = "connecting";
    this.connEl = null;
  }

  // the header slot's buttons, built anew with the frame
  build() {
    const t = i18n.t;
    const page = this.page;
    const slot = clear(headerSlot());
    this.connEl = h("span", { class: "conn-dot", role: "status" });
    this.scoresBtn = h("button", { type: "button", class: "button small ghost scores-button hidden", onclick: () => page.showScores() }, t("web.table.show_scores"));
    this.soundBtn = h("button", { type: "button", class: "icon-button sound-toggle", onclick: () => this.toggleSound() });
    const guideBtn = h("button", { type: "button", class: "button small guide-button", title: t("web.table.guide"), onclick: () => page.openGuide() }, icon("book"), h("span", { class: "label" }, t("web.table.guide")));
    slot.append(this.connEl, this.scoresBtn, this.soundBtn, guideBtn);
    this.renderSound();
  }

  toggleSound() {
    setSound(!soundOn());
    if (soundOn()) beep();
    this.renderSound();
  }

  renderSound() {
    const t = i18n.t;
    clear(this.soundBtn).append(icon(soundOn() ? "soundOn" : "soundOff"));
    const label = soundOn() ? t("web.sound.on") : t("web.sound.off");
    this.soundBtn.title = label;
    this.soundBtn.setAttribute("aria-label", label);
    this.soundBtn.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  }

  // the socket's state: connecting, open, reconnecting...
  setConnection(s) {
    this.conn = s;
    this.render();
  }

  showScoresButton(on) {
    if (this.scoresBtn) this.scoresBtn.classList.toggle("hidden", !on);
  }

  render() {
    const t = i18n.t;
    const page = this.page;
    const st = page.state;
    if (!st.table) return;
    const extra = h("span", { class: "title-status" });
    const s = page.mod.status && st.view ? page.mod.status(page.currentCtx()) : null;
    if (s && s.round) extra.append(h("span", { class: "pill" }, t("web.table.round", { round: s.round })));
    if (st.table.status === "waiting") extra.append(h("span", { class: "pill" }, t("web.status.waiting")));
    else if (st.isMyTurn()) extra.append(h("span", { class: "pill your-turn" }, t("web.table.your_turn")));
    if (s && s.text) extra.append(h("span", { class: "status-text" }, s.text));
    else if (st.table.to_move !== null && st.table.to_move !== undefined) extra.append(h("span", { class: "status-text" }, t("web.table.to_move", { seat: st.table.to_move }, st.names())));
    if (s && s.lastRound) extra.append(h("span", { class: "pill warn" }, t("screen.last_round")));
    if (st.seat === null) extra.append(h("span", { class: "pill" }, t("web.table.spectator")));
    setTitle(gameTitle(st.table), extra);
    if (this.connEl) {
      const c = this.conn;
      this.connEl.className = `conn-dot ${c}`;
      const label = t(`web.conn.${c}`);
      this.connEl.title = label;
      this.connEl.setAttribute("aria-label", label);
      this.connEl.textContent = c === "reconnecting" ? label : "";
    }
  }
}
