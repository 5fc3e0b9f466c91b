// Hints and take-backs (tables against bots or on one device; the server decides who may). A hint is what the
// game's easy bot would play for this seat now; it lapses once anything is played. A take-back undoes the last
// move of the seat that made it.
import * as i18n from "../i18n.js";
import { api, ApiError } from "../api.js";
import { h, icon } from "../dom.js";
import { errorText } from "../errors.js";
import { actionKey } from "../kit.js";
import { moveLabel } from "./labels.js";

function failure(e, key) {
  const known = e instanceof ApiError && e.code && i18n.has(`error.${e.code}`);
  return known ? i18n.t(`error.${e.code}`) : i18n.t(key, { error: errorText(e) });
}

export class HintUndo {
  // page: its id, state, mod, toast(), render(), act()
  constructor(page) {
    this.page = page;
    this.hint = null; // {seq, seat, action, ...} as the server answered, for the seat that asked
  }

  // the hint asked for this very decision of this seat, if any
  current() {
    const { hint } = this;
    const s = this.page.state;
    if (!hint || !s.table || hint.seq !== s.table.seq || hint.seat !== s.seat) return null;
    return s.legal.some((a) => actionKey(a) === actionKey(hint.action)) ? hint : null;
  }

  hintButton() {
    const s = this.page.state;
    if (!s.table.hints || !s.isMyTurn() || this.current()) return null;
    const btn = h("button", { type: "button", class: "button small ghost hint-button", "data-testid": "hint", title: i18n.t("web.hint.title") },
      icon("bulb"), h("span", { class: "label" }, i18n.t("web.hint.button")));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      btn.setAttribute("aria-busy", "true");
      btn.querySelector(".label").textContent = i18n.t("web.hint.thinking"); // a solo hint plays futures out (a second or two)
      const seat = s.seat;
      try {
        const hint = await api.hint(this.page.id, s.token);
        this.hint = { ...hint, seat };
      } catch (e) {
        this.page.toast(failure(e, "web.hint.failed"), "error");
      }
      this.page.render();
    });
    return btn;
  }

  // the suggestion in words, with a button that plays it (the game may place it on its board, too)
  hintLine(ctx, names) {
    const { hint } = ctx;
    if (!hint) return null;
    const mod = this.page.mod;
    const label = (mod.hintLabel && mod.hintLabel(ctx, hint)) || moveLabel(mod, ctx, hint.action, names);
    const play = h("button", { type: "button", class: "button small primary", "data-testid": "hint-play" }, i18n.t("web.hint.play"));
    play.addEventListener("click", () => {
      if (mod.playHint && mod.playHint(ctx, hint)) return;
      this.page.act(hint.action);
    });
    return h("div", { class: "hint-line", role: "status", "data-testid": "hint-line" },
      icon("bulb"), h("span", null, i18n.t("web.hint.suggestion", { move: label })), play);
  }

  undoButton() {
    const s = this.page.state;
    if (!s.table || s.seat === null || s.table.undo !== s.seat || s.table.status !== "playing") return null;
    const btn = h("button", { type: "button", class: "button small ghost undo-button", "data-testid": "undo", title: i18n.t("web.undo.title") },
      icon("undo"), h("span", { class: "label" }, i18n.t("web.undo.button")));
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        await api.undo(this.page.id, s.token); // the table comes back through the socket (sync)
      } catch (e) {
        this.page.toast(failure(e, "web.undo.failed"), "error");
        btn.disabled = false;
      }
    });
    return btn;
  }

  // an `undo` message: who may take back the move just played
  undoable(m) {
    const s = this.page.state;
    if (s.table && s.table.seq === m.seq) { s.table.undo = m.seat; this.page.render(); }
  }

  // a `taken_back` message (a sync with the earlier state follows)
  takenBack(m) {
    const page = this.page;
    if (page.mod.takenBack) page.mod.takenBack(page.ui);
    this.hint = null; // asked before the move taken back: the same seq may come again with another state
    page.busy = false;
    page.toast(m.seat === page.state.seat ? i18n.t("web.undo.done") : i18n.t("web.undo.done_by", { seat: m.seat }, page.state.names()));
    page.render();
  }
}
