// The seat chips: each player's name, kind (person, bot, shared device), whose move it is, presence, clock and
// the game's badges (gold, cards, score...). The game's board may place the chips itself (ctx.chip); otherwise
// the side panel lists them.
import * as i18n from "../i18n.js";
import { api } from "../api.js";
import { h, icon, esc } from "../dom.js";
import { errorText } from "../errors.js";

// the game's badges of a seat ({cls, title, html, text} from mod.badges), or null when there are none
export function chipBadges(badges) {
  if (!badges || !badges.length) return null;
  return h("div", { class: "chip-badges" }, ...badges.map((b) => h("span", { class: `badge ${b.cls || ""}`, title: b.title || "", html: (b.html || "") + (b.text ? `<span>${esc(b.text)}</span>` : "") })));
}

export class SeatChips {
  // page: its id, state, mod, clocks, toast() and currentCtx() (the ctx of the drawing under way)
  constructor(page) {
    this.page = page;
    this.used = false; // the board placed the chips this drawing
    this.el = null;
  }

  element() {
    this.el = h("section", { class: "tp-players", "aria-label": i18n.t("web.table.players") });
    return this.el;
  }

  chip(seat, names) {
    const t = i18n.t;
    const page = this.page;
    const st = page.state;
    const s = (st.table.seats || []).find((x) => x.seat === seat) || {};
    const badges = page.mod.badges ? page.mod.badges(page.currentCtx(), seat) : [];
    const kindIcon = s.kind === "bot" ? "bot" : s.kind === "hotseat" ? "device" : "person";
    const offline = st.offline(s);
    return h("div", {
      class: ["chip", st.table.to_move === seat && "to-move", seat === st.seat && "me", st.lastAction && st.lastAction.seat === seat && "last", s.kind],
      dataset: { seat },
    },
    h("div", { class: "chip-line" },
      icon(kindIcon, "chip-icon"),
      h("span", { class: "chip-name", title: names[seat] }, names[seat]),
      seat === st.seat ? h("span", { class: "chip-you" }, t("web.table.you")) : null,
      s.kind !== "bot" && s.joined === false ? h("span", { class: "chip-away", title: t("web.table.not_joined") }, "…") : null,
      offline && s.joined !== false ? h("span", { class: "chip-offline", "data-testid": "seat-offline" }, t("web.table.offline")) : null,
      page.clocks.chipClock(seat)),
    offline && st.table.status === "playing" && seat !== st.seat ? this.seatToBotButton(seat) : null,
    chipBadges(badges));
  }

  // the side panel's list, when the board did not place the chips
  render() {
    this.el.replaceChildren();
    if (this.used) return;
    const names = this.page.state.names();
    this.el.append(h("h2", null, i18n.t("web.table.players")), ...names.map((_, i) => this.chip(i, names)));
  }

  blank() {
    this.el.replaceChildren();
  }

  // the host may hand a seat whose player left to a bot, mid-game
  seatToBotButton(seat) {
    const host = this.page.state.host();
    if (!host) return null;
    const bot = h("button", { type: "button", class: "button small chip-to-bot", "data-testid": "seat-to-bot" }, i18n.t("web.table.seat_to_bot"));
    bot.addEventListener("click", async () => {
      bot.disabled = true;
      try { await api.seatToBot(this.page.id, seat, host, { level: "normal" }); } catch (e) { this.page.toast(errorText(e), "error"); bot.disabled = false; }
    });
    return bot;
  }
}
