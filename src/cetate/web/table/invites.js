// Seating before and during the game, on the host's device: the waiting panel (who has not joined yet, start
// now), each invited seat's link with a copy button and "New link", a bot for a seat nobody took, a link to open
// the host's own seat on another device, and the spectators' link.
import * as i18n from "../i18n.js";
import { api, store } from "../api.js";
import { h } from "../dom.js";
import { errorText } from "../errors.js";
import { linkLine } from "../links.js";

export class Invites {
  // page: its id, state, toast() and render()
  constructor(page) {
    this.page = page;
    this.fresh = null; // the seat whose link was just made (highlighted)
    this.confirm = null; // the seat whose "New link" waits for a confirmation
    this.open = false; // the folded panel is open
  }

  // while the table waits for its players
  waitingPanel() {
    const t = i18n.t;
    const page = this.page;
    const st = page.state;
    const host = st.host();
    const names = st.names();
    const missing = (st.table.seats || []).filter((s) => s.kind !== "bot" && !s.joined);
    const panel = h("div", { class: "panel waiting-panel" }, h("h2", null, t("web.table.waiting_title")));
    if (missing.length) panel.append(h("p", null, t("web.table.waiting_players", { seats: missing.map((s) => s.seat) }, names)));
    // the host's device: every invited seat's link, a new link, a bot for a seat nobody took, a link to open the
    // host's own seat on another device, and the spectators' link
    if (host) panel.append(...this.rows({ own: true }), ...this.spectatorRow());
    if (host) {
      const btn = h("button", { type: "button", class: "button primary" }, t("web.table.start_now"));
      btn.addEventListener("click", async () => {
        btn.disabled = true;
        try { await api.start(page.id, host); } catch (e) { page.toast(errorText(e), "error"); btn.disabled = false; }
      });
      panel.append(h("div", { class: "button-row" }, btn));
    }
    return panel;
  }

  // `own`: also the host's own seat (a link to open it on another device)
  rows({ own = false } = {}) {
    const t = i18n.t;
    const page = this.page;
    const st = page.state;
    const entry = store.table(page.id) || {};
    if (!entry.host || !st.table) return [];
    const held = st.held();
    const invites = entry.invites || {};
    const rows = [];
    for (const s of st.table.seats || []) {
      if (s.kind !== "human") continue;
      const mine = !!held[s.seat] && held[s.seat].token === entry.host;
      if (mine && !own) continue;
      const url = invites[s.seat] || invites[String(s.seat)];
      const shown = url && !url.includes(entry.host) ? url : null; // never the host's own token
      const row = h("div", { class: ["invite", this.fresh === s.seat && "fresh"], dataset: { seat: s.seat }, "data-testid": "invite-row" },
        h("p", { class: "small" }, mine ? t("web.invite.own_seat") : t("web.new.invite", { number: s.seat + 1 })));
      if (shown) row.append(linkLine(shown, { "data-testid": "invite-link", "aria-label": t("web.new.invite", { number: s.seat + 1 }) }));
      if (this.confirm === s.seat) {
        row.append(this.confirmBox(s.seat, mine));
      } else {
        const buttons = h("div", { class: "button-row invite-buttons" }, this.newLinkButton(s.seat, mine && !shown));
        if (st.table.status === "waiting" && !s.joined) {
          // the host may hand a seat nobody took to a bot
          const bot = h("button", { type: "button", class: "button small" }, t("web.table.seat_to_bot"));
          bot.addEventListener("click", async () => {
            bot.disabled = true;
            try { await api.seatToBot(page.id, s.seat, entry.host, { level: "normal" }); } catch (e) { page.toast(errorText(e), "error"); bot.disabled = false; }
          });
          buttons.append(bot);
        }
        row.append(buttons);
      }
      rows.push(row);
    }
    return rows;
  }

  // `first`: the host's own seat has no link yet ("Make a link" rather than "New link")
  newLinkButton(seat, first = false) {
    const btn = h("button", { type: "button", class: "button small", "data-testid": "invite-new" }, i18n.t(first ? "web.invite.own_link" : "web.invite.new_link"));
    btn.addEventListener("click", () => { this.confirm = seat; this.page.render(); });
    return btn;
  }

  confirmBox(seat, mine) {
    const t = i18n.t;
    const page = this.page;
    const yes = h("button", { type: "button", class: "button small primary", "data-testid": "invite-confirm" }, t("web.invite.make"));
    const no = h("button", { type: "button", class: "button small ghost" }, t("web.new.cancel"));
    no.addEventListener("click", () => { this.confirm = null; page.render(); });
    yes.addEventListener("click", async () => {
      yes.disabled = true;
      no.disabled = true;
      try {
        const res = await api.reissueInvite(page.id, seat, page.state.host());
        store.update(page.id, (e) => { e.invites = { ...(e.invites || {}), [seat]: res.invite_link }; });
        this.fresh = seat;
        this.open = true;
        page.toast(t("web.invite.done", { number: seat + 1 }));
      } catch (e) {
        page.toast(errorText(e), "error");
      }
      this.confirm = null;
      page.render();
    });
    return h("div", { class: "invite-confirm", role: "alert", "data-testid": "invite-confirm-box" },
      h("p", null, t(mine ? "web.invite.confirm_own" : "web.invite.confirm", { number: seat + 1 })),
      h("div", { class: "button-row" }, yes, no));
  }

  // the link anyone may watch the table with (kept by the device that made the table)
  spectatorRow() {
    const entry = store.table(this.page.id) || {};
    if (!entry.spectator) return [];
    return [h("div", { class: "invite", "data-testid": "spectator-row" },
      h("p", { class: "small" }, i18n.t("web.new.spectator")),
      linkLine(entry.spectator, { "data-testid": "spectator-link", "aria-label": i18n.t("web.new.spectator") }))];
  }

  // during the game, the host's links sit folded in the side panel
  panel() {
    const st = this.page.state;
    if (!st.table || st.table.status !== "playing") return null;
    const rows = this.rows({ own: true });
    if (!rows.length) return null;
    const t = i18n.t;
    const box = h("details", { class: "panel invite-panel", "data-testid": "invite-panel", open: this.open },
      h("summary", null, t("web.invite.title")), h("p", { class: "small muted" }, t("web.invite.help")), ...rows, ...this.spectatorRow());
    box.addEventListener("toggle", () => { this.open = box.open; });
    return box;
  }
}
