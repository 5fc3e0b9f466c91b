// The hot-seat curtain: when the move passes to another seat this device holds, the page hides everything of
// the previous player's private view and asks to hand the device over.
import * as i18n from "../i18n.js";
import { h, clear, icon } from "../dom.js";

export class Curtain {
  // page: its state, hints (the take-back button) and seating (switchSeat)
  constructor(page) {
    this.page = page;
    this.el = h("div", { class: "tp-curtain-layer" });
  }

  render(seat) {
    const t = i18n.t;
    clear(this.el);
    if (seat === null) return;
    const page = this.page;
    const names = page.state.names();
    const go = h("button", { type: "button", class: "button primary big", "data-testid": "hotseat-ready" }, t("web.table.hotseat_ready", { seat }, names));
    go.addEventListener("click", () => page.seating.switchSeat(seat));
    this.el.append(h("div", { class: "curtain", "data-testid": "hotseat-curtain", role: "dialog", "aria-modal": "true" },
      h("div", { class: "curtain-box" }, icon("device", "curtain-icon"),
        h("h2", null, t("web.table.hotseat_pass", { seat }, names)),
        h("p", null, t("web.table.hotseat_hint")), go,
        // the player who just moved, still holding the device, may take that move back
        h("div", { class: "curtain-undo" }, page.hints.undoButton()))));
    go.focus();
  }
}
