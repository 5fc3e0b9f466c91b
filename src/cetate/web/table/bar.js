// The action bar: the game's own controls, then every legal action the game module did not claim (a plain
// button labelled with its `action.<type>` message, so nothing can get stuck), the hint and take-back, the
// full list of moves, what the table waits for, and the ways on once the game is over.
import * as i18n from "../i18n.js";
import { h, clear } from "../dom.js";
import { actionKey } from "../kit.js";
import { moveLabel } from "./labels.js";

const OTHER_SHOWN = 12; // unclaimed moves shown as buttons; the rest are under "all moves"

export class ActionBar {
  // page: its state, hints, end (EndOfGame) and act()
  constructor(page) {
    this.page = page;
    this.el = null;
  }

  element() {
    this.el = h("div", { class: "tp-bar", "data-testid": "action-bar", role: "toolbar", "aria-label": i18n.t("web.table.actions") });
    return this.el;
  }

  // out: what the game module drew ({bar, handled, listsAll}); covered: a required dialog covers the table (it carries
  // the hint and take-back itself)
  render(out, ctx, covered, result) {
    const t = i18n.t;
    const page = this.page;
    const st = page.state;
    const legal = st.legal;
    clear(this.el);
    const bar = (out.bar || []).filter(Boolean);
    const handled = out.handled || new Set();
    const names = st.names();
    const other = legal.filter((a) => !handled.has(actionKey(a)));
    const label = (a) => moveLabel(page.mod, ctx, a, names); // the module's words for a move, else the frame's
    const group = h("div", { class: "bar-main" }, ...bar, covered ? null : page.hints.hintButton(), covered ? null : page.hints.undoButton());
    const hintLine = covered ? null : page.hints.hintLine(ctx, names);
    if (other.length) {
      group.append(h("span", { class: "bar-label" }, t("web.table.other_moves")));
      for (const a of other.slice(0, OTHER_SHOWN)) group.append(h("button", { type: "button", class: "button generic-action", dataset: { action: a.type }, onclick: () => page.act(a) }, label(a)));
    }
    this.el.append(group);
    if (hintLine) this.el.append(hintLine);
    // the full list, unless the module's own controls already list every move (the generic table: listsAll)
    if (legal.length && (other.length > OTHER_SHOWN || (handled.size && !out.listsAll))) {
      const all = h("details", { class: "all-moves" }, h("summary", null, t("web.table.all_moves", { count: legal.length })),
        h("div", { class: "all-moves-list" }, ...legal.map((a) => h("button", { type: "button", class: "button small generic-action", onclick: () => page.act(a) }, label(a)))));
      this.el.append(all);
    }
    if (!legal.length) {
      const waitText = this.waitingText();
      if (waitText) this.el.append(h("span", { class: "bar-wait" }, waitText));
    }
    if (result) this.el.append(page.end.barButtons());
  }

  waitingText() {
    const t = i18n.t;
    const st = this.page.state;
    if (st.table.status === "waiting") return t("web.table.waiting_start");
    if (st.table.status === "over") return "";
    const m = st.table.to_move;
    if (m === null || m === undefined) return "";
    return t("web.table.waiting_for", { seat: m }, st.names());
  }

  blank() {
    clear(this.el);
  }
}
